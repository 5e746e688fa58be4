/* isolate.c — one solver on one dataset in a forked child with a wall-clock limit (the default
 * for plugins, `--isolate` for every solver).
 *
 * The child leads a process group of its own, sends its stdout and stderr to a capture file,
 * runs the ordinary in-process runner and sends a fixed header plus the per-query results and
 * times back through a pipe, then _exits. The parent reads exactly the bytes the header announces — never
 * waiting for the end of the pipe, which a process the solver forked may keep open — while
 * watching the deadline and the child's death. Then it kills the child's whole process group
 * (the child and whatever the solver started in it) and reaps the child. Answers that arrived
 * complete are used; a child that died or exited before sending them is reported as crashed,
 * one that missed the deadline as a timeout. Either way the run goes on with the next solver.
 */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* prctl's PR_SET_PDEATHSIG */
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "ccdb_runner.h"
#include "ccdb_util.h"

#define WIRE_MAGIC 0x43434442u /* "CCDB" */

/* How often the parent looks whether the child has died while the pipe stays open. */
#define WATCH_MS 20

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

static void child(int fd, int output_fd, pid_t parent, const ccdb_solver *s, ccdb_kind kind,
                  const double (*q)[8][3], size_t n, const ccdb_run_config *cfg)
{
    /* A process group of its own, so that the parent can end everything the solver starts. */
    setpgid(0, 0);
#ifdef __linux__
    /* Should ccdbench die (SIGKILL included), the child dies with it. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(3); /* it died before the line above */
#else
    (void)parent;
#endif
    if (dup2(output_fd, 1) < 0 || dup2(output_fd, 2) < 0)
        _exit(3);
    close(output_fd);
    ccdb_solver_run run;
    int rc = ccdb_runner_run(s, kind, q, n, cfg, &run);
    /* What the solver left in stdio's buffers is its output (_exit below flushes nothing). */
    fflush(stdout);
    fflush(stderr);
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
    if (!bad && rc == 0 && n > 0)
        bad = write_all(fd, run.query_ns, n * sizeof *run.query_ns);
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
        snprintf(buf, len,
                 "child exited with status %d before sending every answer (did the solver "
                 "call exit()?)",
                 WEXITSTATUS(wstatus));
    else
        snprintf(buf, len, "child ended abnormally");
}

/* 1 when the child has ended (left a zombie: not reaped, so its process group id stays ours). */
static int child_ended(pid_t pid)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid;
}

/* Reads from fd into buf[*got..want) without blocking. Returns 1 at the end of the pipe. */
static int drain(int fd, unsigned char *buf, size_t *got, size_t want)
{
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    while (*got < want) {
        ssize_t k = read(fd, buf + *got, want - *got);
        if (k > 0)
            *got += (size_t)k;
        else if (k < 0 && errno == EINTR)
            continue;
        else
            return k == 0;
    }
    return 0;
}

/* Bytes per query after the header: its result, then (after all results) its time. */
#define PER_QUERY (sizeof(ccdb_result) + sizeof(double))

/* Bytes the child announces: the header, then (when it ran) one result and one time per query. */
static size_t announced(const unsigned char *buf, size_t got, size_t n)
{
    wire_header h;
    if (got < sizeof h)
        return sizeof h;
    memcpy(&h, buf, sizeof h);
    if (h.magic != WIRE_MAGIC || h.rc != 0 || h.count != n)
        return sizeof h;
    return sizeof h + n * PER_QUERY;
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
    char why[sizeof out->detail - 40] = "";
    int output_fd = ccdb_capture_file(why, sizeof why);
    size_t cap = sizeof(wire_header) + n * PER_QUERY;
    unsigned char *buf = malloc(cap);
    if (output_fd < 0 || !buf) {
        snprintf(out->detail, sizeof out->detail,
                 !buf ? "out of memory" : "cannot capture the solver's output: %s", why);
        close(fds[0]);
        close(fds[1]);
        if (output_fd >= 0)
            close(output_fd);
        free(buf);
        return -1;
    }
    fflush(NULL); /* nothing buffered gets written twice */
    pid_t parent = getpid();
    /* Ctrl-C (SIGINT), SIGTERM or SIGHUP to ccdbench while a child runs: the child is in a
     * process group of its own, which a terminal's signal does not reach, so the handler kills
     * it (util/tmp.c), then the signal does what it would have done to ccdbench. */
    ccdb_signals_install();
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(out->detail, sizeof out->detail, "fork: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        close(output_fd);
        free(buf);
        return -1;
    }
    if (pid == 0) {
        ccdb_signals_default_in_child();
        close(fds[0]);
        child(fds[1], output_fd, parent, s, kind, q, n, cfg);
    }
    close(fds[1]);
    setpgid(pid, pid); /* also here: no window in which the child is in our group */
    ccdb_signals_kill_group(pid);

    uint64_t start = ccdb_now_ns();
    /* in ns: at least 1 for any limit > 0 (0 means none), at most what a uint64_t holds */
    uint64_t limit = !(timeout_s > 0)      ? 0
                     : timeout_s >= 1.8e10 ? UINT64_MAX
                     : timeout_s * 1e9 < 1 ? 1
                                           : (uint64_t)(timeout_s * 1e9);
    size_t got = 0;
    int timed_out = 0;
    for (;;) {
        size_t want = announced(buf, got, n);
        if (got >= want)
            break; /* everything announced has arrived */
        int wait_ms = WATCH_MS;
        if (limit) {
            uint64_t el = ccdb_now_ns() - start;
            if (el >= limit) {
                timed_out = 1;
                break;
            }
            if ((limit - el) / 1000000 < (uint64_t)wait_ms)
                wait_ms = (int)((limit - el + 999999) / 1000000);
        }
        struct pollfd pfd = { fds[0], POLLIN, 0 };
        int pr = poll(&pfd, 1, wait_ms);
        if (pr < 0 && errno != EINTR)
            break;
        if (pr > 0) {
            ssize_t k = read(fds[0], buf + got, want - got);
            if (k > 0)
                got += (size_t)k;
            else if (k == 0)
                break; /* every writer has closed the pipe */
            else if (errno != EINTR)
                break;
            continue;
        }
        /* Nothing to read for a while: has the child died, with the pipe kept open by a
         * process it started? What it wrote before is in the pipe already. */
        if (child_ended(pid)) {
            for (size_t before = (size_t)-1; got < announced(buf, got, n) && got != before;) {
                before = got;
                if (drain(fds[0], buf, &got, announced(buf, got, n)))
                    break;
            }
            break;
        }
    }
    close(fds[0]);
    /* The child's whole process group: the child (still alive after a timeout, or about to
     * _exit) and anything the solver started. The child is not reaped yet, so the group id
     * cannot have been reused. */
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    ccdb_signals_kill_group(0);
    ccdb_capture_collect(output_fd, out);
    close(output_fd);

    wire_header h;
    memset(&h, 0, sizeof h);
    if (got >= sizeof h)
        memcpy(&h, buf, sizeof h);
    h.detail[sizeof h.detail - 1] = '\0';
    int complete =
        got >= sizeof h && h.magic == WIRE_MAGIC && (h.rc != 0 || (h.count == n && got == cap));
    if (complete && h.rc != 0) {
        /* The runner itself failed in the child (allocation, threads): a harness failure. */
        free(buf);
        memcpy(out->detail, h.detail, sizeof out->detail);
        return -1;
    }
    if (complete) {
        /* Every answer arrived: used, whatever the child did after sending them. */
        out->status = CCDB_RUN_OK;
        out->ns_median = h.ns_median;
        out->ns_min = h.ns_min;
        out->ns_max = h.ns_max;
        out->results = malloc(n ? n * sizeof(ccdb_result) : 1);
        out->query_ns = malloc(n ? n * sizeof(double) : 1);
        if (!out->results || !out->query_ns) {
            ccdb_solver_run_free(out);
            free(buf);
            snprintf(out->detail, sizeof out->detail, "out of memory");
            return -1;
        }
        if (n) {
            memcpy(out->results, buf + sizeof h, n * sizeof(ccdb_result));
            memcpy(out->query_ns, buf + sizeof h + n * sizeof(ccdb_result), n * sizeof(double));
        }
    } else if (timed_out) {
        out->status = CCDB_RUN_TIMEOUT;
        snprintf(out->detail, sizeof out->detail, "timeout after %g s", timeout_s);
    } else {
        out->status = CCDB_RUN_CRASHED;
        if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0 && got > 0)
            snprintf(out->detail, sizeof out->detail, "child sent incomplete results");
        else
            describe_exit(wstatus, out->detail, sizeof out->detail);
    }
    free(buf);
    return 0;
}
