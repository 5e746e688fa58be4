/* isolate.c — `--isolate`: one solver on one dataset in a forked child with a wall-clock limit.
 *
 * The child runs the ordinary in-process runner and sends a fixed header plus the per-query
 * results back through a pipe, then _exits. The parent reads the pipe with poll() until EOF or
 * the deadline: on the deadline it kills the child (SIGKILL) and reports a timeout; a child that
 * dies from a signal, exits non-zero, or sends fewer bytes than promised is reported as crashed.
 * Either way the run goes on with the next solver.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_runner.h"

#define WIRE_MAGIC 0x43434442u /* "CCDB" */

typedef struct wire_header {
    uint32_t magic;
    int32_t rc;
    uint64_t count;
    double ns_median, ns_min, ns_max;
    char detail[160];
} wire_header;

static int write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static void child(int fd, const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                  const ccdb_run_config *cfg)
{
    ccdb_solver_run run;
    int rc = ccdb_runner_run(s, kind, q, n, cfg, &run);
    wire_header h;
    memset(&h, 0, sizeof h);
    h.magic = WIRE_MAGIC;
    h.rc = rc;
    h.count = rc == 0 ? n : 0;
    h.ns_median = run.ns_median;
    h.ns_min = run.ns_min;
    h.ns_max = run.ns_max;
    memcpy(h.detail, run.detail, sizeof h.detail);
    int bad = write_all(fd, &h, sizeof h);
    if (!bad && rc == 0 && n > 0)
        bad = write_all(fd, run.results, n * sizeof *run.results);
    close(fd);
    /* _exit: no atexit handlers or stdio flushes of the parent's buffers in the child. */
    _exit(bad ? 3 : 0);
}

static void describe_exit(int wstatus, char *buf, size_t len)
{
    if (WIFSIGNALED(wstatus))
        snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(wstatus),
                 strsignal(WTERMSIG(wstatus)));
    else if (WIFEXITED(wstatus))
        snprintf(buf, len, "child exited with status %d", WEXITSTATUS(wstatus));
    else
        snprintf(buf, len, "child ended abnormally");
}

int ccdb_isolate_run(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                     const ccdb_run_config *cfg, double timeout_s, ccdb_solver_run *out)
{
    memset(out, 0, sizeof *out);
    int fds[2];
    if (pipe(fds) != 0) {
        snprintf(out->detail, sizeof out->detail, "pipe: %s", strerror(errno));
        return -1;
    }
    size_t want_results = n * sizeof(ccdb_result);
    unsigned char *buf = malloc(sizeof(wire_header) + want_results);
    if (!buf) {
        close(fds[0]);
        close(fds[1]);
        snprintf(out->detail, sizeof out->detail, "out of memory");
        return -1;
    }
    fflush(NULL); /* nothing buffered gets written twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        free(buf);
        snprintf(out->detail, sizeof out->detail, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        child(fds[1], s, kind, q, n, cfg);
    }
    close(fds[1]);

    uint64_t start = ccdb_now_ns();
    uint64_t limit = timeout_s > 0 ? (uint64_t)(timeout_s * 1e9) : 0;
    size_t got = 0, cap = sizeof(wire_header) + want_results;
    int timed_out = 0, eof = 0;
    while (!eof) {
        int wait_ms = -1;
        if (limit) {
            uint64_t el = ccdb_now_ns() - start;
            if (el >= limit) {
                timed_out = 1;
                break;
            }
            wait_ms = (int)((limit - el + 999999) / 1000000);
        }
        struct pollfd pfd = { fds[0], POLLIN, 0 };
        int pr = poll(&pfd, 1, wait_ms);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr == 0)
            continue; /* deadline check at the top of the loop */
        if (pr < 0)
            break;
        unsigned char sink[4096];
        ssize_t k =
            got < cap ? read(fds[0], buf + got, cap - got) : read(fds[0], sink, sizeof sink);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            eof = 1;
        else if (got < cap)
            got += (size_t)k;
    }
    close(fds[0]);
    int wstatus = 0;
    if (timed_out)
        kill(pid, SIGKILL);
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;

    if (timed_out) {
        out->status = CCDB_RUN_TIMEOUT;
        snprintf(out->detail, sizeof out->detail, "timeout after %g s", timeout_s);
    } else if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
        out->status = CCDB_RUN_CRASHED;
        describe_exit(wstatus, out->detail, sizeof out->detail);
    } else {
        wire_header h;
        if (got < sizeof h) {
            out->status = CCDB_RUN_CRASHED;
            snprintf(out->detail, sizeof out->detail, "child sent no results");
        } else {
            memcpy(&h, buf, sizeof h);
            h.detail[sizeof h.detail - 1] = '\0';
            if (h.magic != WIRE_MAGIC || (h.rc == 0 && (h.count != n || got != cap))) {
                out->status = CCDB_RUN_CRASHED;
                snprintf(out->detail, sizeof out->detail, "child sent incomplete results");
            } else if (h.rc != 0) {
                free(buf);
                memcpy(out->detail, h.detail, sizeof out->detail);
                return -1;
            } else {
                out->status = CCDB_RUN_OK;
                out->ns_median = h.ns_median;
                out->ns_min = h.ns_min;
                out->ns_max = h.ns_max;
                out->results = malloc(want_results ? want_results : 1);
                if (!out->results) {
                    free(buf);
                    snprintf(out->detail, sizeof out->detail, "out of memory");
                    return -1;
                }
                memcpy(out->results, buf + sizeof h, want_results);
            }
        }
    }
    free(buf);
    return 0;
}
