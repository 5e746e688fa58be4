/* child.c — a piece of work in a forked child with a deadline (ccdb_child.h). */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* prctl's PR_SET_PDEATHSIG */
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "ccdb_child.h"
#include "ccdb_util.h"

/* How often the parent looks whether the child has died while the pipe stays open. */
#define WATCH_MS 20

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static _Noreturn void in_child(ccdb_child_body body, void *ctx, int fd, int output_fd, pid_t parent)
{
    /* A process group of its own, so that the parent can end everything the work starts. */
    setpgid(0, 0);
#ifdef __linux__
    /* Should the parent die (SIGKILL included), the child dies with it. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(3); /* it died before the line above */
#else
    (void)parent;
#endif
    int out = output_fd >= 0 ? output_fd : open("/dev/null", O_WRONLY);
    if (out < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)
        _exit(3);
    close(out);
    int bad = body(fd, ctx);
    close(fd);
    /* _exit: no atexit handlers or stdio flushes of the parent's buffers in the child. */
    _exit(bad ? 3 : 0);
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

/* The announced size, never beyond the buffer. */
static size_t wanted(ccdb_child_want want, void *ctx, const unsigned char *buf, size_t got,
                     size_t cap)
{
    size_t w = want(buf, got, ctx);
    return w < cap ? w : cap;
}

/* Reads the answer until it is whole, the pipe ends, the child has ended or the deadline
 * passes. Every pass reads, or waits at most WATCH_MS; the deadline (or the child's end, which
 * closes its end of the pipe) bounds the passes. */
static void read_answer(int fd, pid_t pid, ccdb_child_want want, void *ctx, double timeout_s,
                        unsigned char *buf, size_t cap, ccdb_child_end *end)
{
    uint64_t start = now_ns();
    /* in ns: at least 1 for any limit > 0 (0 means none), at most what a uint64_t holds */
    uint64_t limit = !(timeout_s > 0)      ? 0
                     : timeout_s >= 1.8e10 ? UINT64_MAX
                     : timeout_s * 1e9 < 1 ? 1
                                           : (uint64_t)(timeout_s * 1e9);
    for (;;) {
        size_t w = wanted(want, ctx, buf, end->got, cap);
        if (end->got >= w)
            return; /* everything announced has arrived */
        int wait_ms = WATCH_MS;
        if (limit) {
            uint64_t el = now_ns() - start;
            if (el >= limit) {
                end->timed_out = 1;
                return;
            }
            if ((limit - el) / 1000000 < (uint64_t)wait_ms)
                wait_ms = (int)((limit - el + 999999) / 1000000);
        }
        struct pollfd pfd = { fd, POLLIN, 0 };
        int pr = poll(&pfd, 1, wait_ms);
        if (pr < 0 && errno != EINTR)
            return;
        if (pr > 0) {
            ssize_t k = read(fd, buf + end->got, w - end->got);
            if (k > 0)
                end->got += (size_t)k;
            else if (k == 0 || errno != EINTR)
                return; /* every writer has closed the pipe, or it broke */
            continue;
        }
        /* Nothing to read for a while: has the child died, with the pipe kept open by a
         * process it started? What it wrote before is in the pipe already. */
        if (child_ended(pid)) {
            for (size_t before = (size_t)-1;
                 end->got < wanted(want, ctx, buf, end->got, cap) && end->got != before;) {
                before = end->got;
                if (drain(fd, buf, &end->got, wanted(want, ctx, buf, end->got, cap)))
                    break;
            }
            return;
        }
    }
}

int ccdb_child_run(ccdb_child_body body, ccdb_child_want want, void *ctx, int output_fd,
                   double timeout_s, unsigned char *buf, size_t cap, ccdb_child_end *end, char *err,
                   size_t errlen)
{
    memset(end, 0, sizeof *end);
    int fds[2];
    if (pipe(fds) != 0)
        return ccdb_errorf(err, errlen, "pipe: %s", strerror(errno));
    fflush(NULL); /* nothing buffered gets written twice */
    pid_t parent = getpid();
    /* Ctrl-C (SIGINT), SIGTERM or SIGHUP while a child runs: the child is in a process group of
     * its own, which a terminal's signal does not reach, so the handler kills it (tmp.c), then
     * the signal does what it would have done to this process. */
    ccdb_signals_install();
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        return ccdb_errorf(err, errlen, "fork: %s", strerror(e));
    }
    if (pid == 0) {
        ccdb_signals_default_in_child();
        close(fds[0]);
        in_child(body, ctx, fds[1], output_fd, parent);
    }
    close(fds[1]);
    setpgid(pid, pid); /* also here: no window in which the child is in our group */
    ccdb_signals_kill_group(pid);
    read_answer(fds[0], pid, want, ctx, timeout_s, buf, cap, end);
    close(fds[0]);
    /* The child's whole process group: the child (still alive after a timeout, or about to
     * _exit) and anything it started. The child is not reaped yet, so the group id cannot have
     * been reused. */
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    while (waitpid(pid, &end->wstatus, 0) < 0 && errno == EINTR)
        ;
    ccdb_signals_kill_group(0);
    return 0;
}
