/* ccdb_child.h — run a piece of work in a forked child with a deadline and read its answer back
 * through a pipe: the one such helper, used to probe a plugin before loading it (solvers/) and
 * to run a solver isolated (harness/).
 *
 * The child leads a process group of its own, dies with its parent (Linux), sends its stdout
 * and stderr to output_fd (or /dev/null), runs `body`, which writes its answer to the pipe, and
 * _exits (no atexit handlers, no destructors). The parent reads exactly the bytes `want` says
 * are announced — never waiting for the end of the pipe, which a process the child started may
 * keep open — while watching the deadline and the child's death; then it kills the child's
 * whole group and reaps the child. While the child runs, SIGINT, SIGTERM and SIGHUP (when their
 * action is the default) kill its group first (ccdb_signals_*), then do what they would have
 * done. */
#ifndef CCDB_CHILD_H
#define CCDB_CHILD_H

#include <stddef.h>

/* In the child: writes the answer to fd; returns 0, or non-zero when a write failed (the child
 * then exits with status 3). The child may be killed as soon as the whole answer has arrived:
 * flush what must reach output_fd (stdio buffers) before writing it. */
typedef int (*ccdb_child_body)(int fd, void *ctx);
/* In the parent: how many bytes the answer has, given the got bytes of it that arrived (a size
 * announced in a header, say); at most the buffer's capacity. */
typedef size_t (*ccdb_child_want)(const unsigned char *buf, size_t got, void *ctx);

typedef struct ccdb_child_end {
    size_t got;    /* bytes of the answer that arrived */
    int timed_out; /* the deadline passed before they all did */
    int wstatus;   /* the reaped child's status (waitpid) */
} ccdb_child_end;

/* Runs body in a child (output_fd < 0: its output to /dev/null) and reads its answer into
 * buf[0..cap) until want(buf, got) bytes have arrived, the pipe ends, the child has ended, or
 * timeout_s seconds have passed (<= 0: no deadline). Returns 0 with *end filled, or -1 with err
 * filled when the child could not be started (pipe, fork). */
int ccdb_child_run(ccdb_child_body body, ccdb_child_want want, void *ctx, int output_fd,
                   double timeout_s, unsigned char *buf, size_t cap, ccdb_child_end *end, char *err,
                   size_t errlen);

#endif
