/* solver_guard.c — what a solver cannot do to the run, in-process and isolated alike:
 *
 * - write into the queries: they sit in pages of their own made read-only (mprotect), so such a
 *   write is a SIGSEGV, a crash of that solver, never corrupted data for the solvers after it
 *   and for the tallies;
 * - print into the harness's output: its stdout and stderr (file descriptors 1 and 2, so
 *   printf, std::cout and raw write(2) alike) go to an unlinked temporary file while it runs,
 *   from which the report gets an excerpt;
 * - end the run silently (in-process only): exit() called from a solver call, or a fatal
 *   signal, ends ccdbench with a message naming the solver on the real stderr and a non-zero
 *   status (CCDB_EXIT_SOLVER_ENDED, or the signal), never the status 0 of a finished run.
 * An isolated solver's child gets the first two from here (isolate.c); its crashes and exits
 * are the parent's to report. */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_registry.h"
#include "ccdb_runner.h"
#include "ccdb_util.h"

/* ---- read-only queries --------------------------------------------------------------------- */

static size_t mapped_length(size_t n)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = n * sizeof(double[8][3]);
    if (!page)
        page = 4096;
    size_t len = (bytes + page - 1) / page * page;
    return len ? len : page;
}

const double (*ccdb_queries_readonly(const double (*q)[8][3], size_t n))[8][3]
{
    size_t len = mapped_length(n);
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if (n)
        memcpy(p, q, n * sizeof *q);
    if (mprotect(p, len, PROT_READ) != 0) {
        int e = errno;
        munmap(p, len);
        errno = e;
        return NULL;
    }
    return (const double(*)[8][3])p;
}

void ccdb_queries_readonly_free(const double (*q)[8][3], size_t n)
{
    if (q)
        munmap((void *)q, mapped_length(n));
}

/* ---- captured output ----------------------------------------------------------------------- */

int ccdb_capture_file(char *why, size_t whylen)
{
    const char *env = getenv("TMPDIR");
    const char *base = env && *env ? env : "/tmp";
    char prefix[4096], path[4200];
    snprintf(prefix, sizeof prefix, "%s/ccdbench-output", base);
    /* Registered while it has a name (util/tmp.c), so that a stop signal in between removes
     * it; then unlinked: nothing to clean up, whatever happens next. */
    int fd = ccdb_tmp_template(path, sizeof path, prefix) == 0 ? ccdb_tmp_mkstemp(path) : -1;
    if (fd < 0) {
        int e = errno;
        snprintf(why, whylen, "%s%s%s: %s", env && *env ? "TMPDIR " : "", base,
                 env && *env ? "" : " (TMPDIR not set)", strerror(e));
        errno = e;
        return -1;
    }
    unlink(path);
    ccdb_tmp_forget(AT_FDCWD, path);
    /* Appending: the solver's threads and its two streams share one offset. Not inherited by
     * a program the solver executes (the descriptors 1 and 2 duplicated from it are). */
    (void)fcntl(fd, F_SETFL, O_APPEND);
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

void ccdb_capture_collect(int fd, ccdb_solver_run *out)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size <= 0)
        return;
    out->output_bytes = (long long)st.st_size;
    char buf[CCDB_OUTPUT_EXCERPT_BYTES + 1];
    ssize_t k = pread(fd, buf, CCDB_OUTPUT_EXCERPT_BYTES, 0);
    if (k <= 0)
        return;
    size_t len = (size_t)k, lines = 0;
    for (size_t i = 0; i < len; i++)
        if (buf[i] == '\n' && ++lines == CCDB_OUTPUT_EXCERPT_LINES) {
            len = i + 1;
            break;
        }
    /* Cut by the byte cap: do not end in the middle of a UTF-8 sequence. */
    if (len == CCDB_OUTPUT_EXCERPT_BYTES && (long long)len < out->output_bytes) {
        size_t lead = len;
        while (lead > 0 && len - lead < 4 && ((unsigned char)buf[lead - 1] & 0xC0) == 0x80)
            lead--;
        if (lead > 0) {
            unsigned char c = (unsigned char)buf[lead - 1];
            size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            if (lead - 1 + need > len)
                len = lead - 1;
        }
    }
    for (size_t i = 0; i < len; i++)
        if (buf[i] == '\0')
            buf[i] = '?'; /* the excerpt is text */
    buf[len] = '\0';
    out->output = malloc(len + 1);
    if (out->output)
        memcpy(out->output, buf, len + 1);
}

/* ---- the in-process guard ------------------------------------------------------------------ */

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
#define N_FATAL (sizeof fatal_signals / sizeof fatal_signals[0])

static volatile sig_atomic_t guard_armed;
static const char *guard_solver = "?";
static int guard_message_fd = 2, guard_output_fd = -1;
static struct sigaction saved_actions[N_FATAL];

/* Async-signal-safe output: write(2) only. */
static void put(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    while (n > 0) {
        ssize_t k = write(guard_message_fd, s, n);
        if (k <= 0)
            return;
        s += k;
        n -= (size_t)k;
    }
}

static void put_number(int v)
{
    char digits[16];
    int i = (int)sizeof digits - 1;
    digits[i] = '\0';
    do
        digits[--i] = (char)('0' + v % 10);
    while ((v /= 10) > 0 && i > 0);
    put(digits + i);
}

/* What the solver printed before the end (its output is captured, so it would be lost). */
static void put_output(void)
{
    char buf[CCDB_OUTPUT_EXCERPT_BYTES + 1];
    ssize_t k = guard_output_fd >= 0 ? pread(guard_output_fd, buf, sizeof buf - 1, 0) : 0;
    if (k <= 0)
        return;
    buf[k] = '\0';
    put("its output began with:\n");
    put(buf);
    if (buf[k - 1] != '\n')
        put("\n");
}

static const char *const advice =
    "the run is incomplete and no report was written. Run it isolated (the default for "
    "plugins; --isolate for built-in solvers) to have this reported as a crash of that solver "
    "while the others complete.\n";

static void on_exit_while_armed(void)
{
    if (!guard_armed)
        return;
    guard_armed = 0;
    put("ccdbench: solver '");
    put(guard_solver);
    put("' ended the process (it called exit() while running in-process): ");
    put(advice);
    put_output();
    _exit(CCDB_EXIT_SOLVER_ENDED);
}

static void on_fatal_signal(int sig)
{
    /* SA_RESETHAND: the default action is back; raising the signal again ends the process with
     * it once this handler returns (a fault also recurs on return). */
    if (guard_armed) {
        guard_armed = 0;
        put("ccdbench: solver '");
        put(guard_solver);
        put("' crashed in-process (signal ");
        put_number(sig);
        put(sig == SIGSEGV ? ", SIGSEGV: an invalid memory access, or a write into the read-only "
                             "queries): "
                           : "): ");
        put(advice);
        put_output();
    }
    raise(sig);
}

static void guard_arm(const char *solver, int message_fd, int output_fd)
{
    static int hooks_installed;
    if (!hooks_installed) {
        /* Installed once, active only while armed. */
        atexit(on_exit_while_armed);
        at_quick_exit(on_exit_while_armed);
        hooks_installed = 1;
    }
    guard_solver = solver;
    guard_message_fd = message_fd;
    guard_output_fd = output_fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < N_FATAL; i++)
        sigaction(fatal_signals[i], &sa, &saved_actions[i]);
    guard_armed = 1;
}

static void guard_disarm(void)
{
    guard_armed = 0;
    for (size_t i = 0; i < N_FATAL; i++)
        sigaction(fatal_signals[i], &saved_actions[i], NULL);
    guard_message_fd = 2;
    guard_output_fd = -1;
}

int ccdb_runner_run_guarded(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                            const ccdb_run_config *cfg, ccdb_solver_run *out)
{
    memset(out, 0, sizeof *out);
    char why[sizeof out->detail - 40];
    int fd = ccdb_capture_file(why, sizeof why);
    if (fd < 0) {
        snprintf(out->detail, sizeof out->detail, "cannot capture the solver's output: %s", why);
        return -1;
    }
    /* The harness's own pending output goes out first, to where it belongs. */
    fflush(stdout);
    fflush(stderr);
    /* A write of the solver's that fails leaves the error flag on stdout / stderr (the FILEs
     * are shared): kept away from the harness's own writes, which are checked at exit. */
    int out_failed = ferror(stdout) != 0, err_failed = ferror(stderr) != 0;
    int saved_out = dup(1), saved_err = dup(2);
    if (saved_out < 0 || saved_err < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0) {
        int e = errno;
        if (saved_out >= 0)
            dup2(saved_out, 1), close(saved_out);
        if (saved_err >= 0)
            dup2(saved_err, 2), close(saved_err);
        close(fd);
        snprintf(out->detail, sizeof out->detail, "cannot capture the solver's output: %s",
                 strerror(e));
        return -1;
    }
    guard_arm(s->name, saved_err, fd);
    int rc = ccdb_runner_run(s, kind, q, n, cfg, out);
    guard_disarm();
    /* What the solver left in stdio's buffers is its output too. */
    fflush(stdout);
    fflush(stderr);
    if (!out_failed)
        clearerr(stdout);
    if (!err_failed)
        clearerr(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    ccdb_capture_collect(fd, out);
    close(fd);
    return rc;
}

/* ---- one entry for the run loop and replay ------------------------------------------------- */

int ccdb_isolated(const ccdb_solver *s, ccdb_isolation mode)
{
    return mode == CCDB_ISOLATE_ALL ||
           (mode == CCDB_ISOLATE_PLUGINS && !ccdb_registry_is_builtin(s));
}

int ccdb_run_solver(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                    const ccdb_run_config *cfg, int isolate, double timeout_s, ccdb_solver_run *out)
{
    return isolate ? ccdb_isolate_run(s, kind, q, n, cfg, timeout_s, out)
                   : ccdb_runner_run_guarded(s, kind, q, n, cfg, out);
}
