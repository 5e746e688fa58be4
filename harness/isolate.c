/* isolate.c — one solver on one dataset in a forked child with a wall-clock limit (the default
 * for plugins, `--isolate` for every solver).
 *
 * The child (util/'s ccdb_child_run: a process group of its own, killed whole at the end) sends
 * its stdout and stderr to a capture file, runs the ordinary in-process runner and sends a
 * fixed header plus the per-query results and times back through a pipe. The parent reads
 * exactly the bytes the header announces while watching the deadline and the child's death.
 * Answers that arrived complete are used; a child that died or exited before sending them is
 * reported as crashed, one that missed the deadline as a timeout. Either way the run goes on
 * with the next solver, keeping what the child had answered before: the warm-up pass publishes
 * each answer in memory shared with the parent as it goes (ccdb_run_progress: plain stores, no
 * system call per query), so the parent knows the answers given and the query each thread was
 * on when the child died or ran out of time.
 */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_child.h"
#include "ccdb_runner.h"
#include "ccdb_util.h"

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

/* What the child runs: the solver over the dataset, in-process there. */
typedef struct isolated_work {
    const ccdb_solver *s;
    ccdb_kind kind;
    const double (*q)[8][3];
    size_t n;
    const ccdb_run_config *cfg;
    const ccdb_run_progress *progress; /* in memory shared with the parent */
} isolated_work;

/* In the child: runs the solver and sends the header, the results and the times. */
static int run_and_send(int fd, void *ctx)
{
    const isolated_work *w = ctx;
    ccdb_solver_run run;
    int rc = ccdb_runner_run_progress(w->s, w->kind, w->q, w->n, w->cfg, w->progress, &run);
    /* What the solver left in stdio's buffers is its output: out before the answer, after
     * which the child may be killed at any time. */
    fflush(stdout);
    fflush(stderr);
    wire_header h;
    memset(&h, 0, sizeof h);
    h.magic = WIRE_MAGIC;
    h.rc = rc;
    h.count = rc == 0 ? w->n : 0;
    h.ns_median = run.ns_median;
    h.ns_min = run.ns_min;
    h.ns_max = run.ns_max;
    memcpy(h.detail, run.detail, sizeof h.detail);
    int bad = write_all(fd, &h, sizeof h);
    if (!bad && rc == 0 && w->n > 0)
        bad = write_all(fd, run.results, w->n * sizeof *run.results);
    if (!bad && rc == 0 && w->n > 0)
        bad = write_all(fd, run.query_ns, w->n * sizeof *run.query_ns);
    return bad;
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

/* Bytes per query after the header: its result, then (after all results) its time. */
#define PER_QUERY (sizeof(ccdb_result) + sizeof(double))

/* Bytes the child announces: the header, then (when it ran) one result and one time per query. */
static size_t announced(const unsigned char *buf, size_t got, void *ctx)
{
    size_t n = ((const isolated_work *)ctx)->n;
    wire_header h;
    if (got < sizeof h)
        return sizeof h;
    memcpy(&h, buf, sizeof h);
    if (h.magic != WIRE_MAGIC || h.rc != 0 || h.count != n)
        return sizeof h;
    return sizeof h + n * PER_QUERY;
}

/* The shared memory of a run's progress: the threads' counts, then n answers. */
typedef struct shared_progress {
    ccdb_run_progress p;
    void *map;
    size_t size, threads;
} shared_progress;

static int progress_map(shared_progress *sp, const ccdb_run_config *cfg, size_t n)
{
    sp->threads = ccdb_runner_threads(cfg, n);
    size_t head = sp->threads * sizeof(atomic_ullong);
    head = (head + 63) / 64 * 64; /* the answers start on a cache line */
    sp->size = head + (n ? n : 1) * sizeof(ccdb_result);
    sp->map = mmap(NULL, sp->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sp->map == MAP_FAILED) {
        sp->map = NULL;
        return -1;
    }
    sp->p.done = sp->map;
    for (size_t t = 0; t < sp->threads; t++)
        atomic_init(&sp->p.done[t], 0);
    sp->p.results = (ccdb_result *)((unsigned char *)sp->map + head);
    return 0;
}

static void progress_unmap(shared_progress *sp)
{
    if (sp->map)
        munmap(sp->map, sp->size);
    sp->map = NULL;
}

/* After a crash or timeout: the answers the child published and the queries in flight, into
 * out. -1: memory. */
static int progress_collect(const shared_progress *sp, size_t n, ccdb_solver_run *out)
{
    out->results = malloc(n ? n * sizeof *out->results : 1);
    out->answered = calloc(n ? n : 1, 1);
    out->in_flight = malloc(sp->threads * sizeof *out->in_flight);
    if (!out->results || !out->answered || !out->in_flight)
        return -1;
    if (n)
        memcpy(out->results, sp->p.results, n * sizeof *out->results);
    for (size_t t = 0; t < sp->threads; t++) {
        size_t lo, hi;
        ccdb_runner_chunk(n, sp->threads, t, &lo, &hi);
        unsigned long long done = atomic_load_explicit(&sp->p.done[t], memory_order_acquire);
        size_t end = done < hi - lo ? lo + (size_t)done : hi; /* bounded by the chunk */
        memset(out->answered + lo, 1, end - lo);
        if (end < hi)
            out->in_flight[out->n_in_flight++] = end;
    }
    return 0;
}

int ccdb_isolate_run(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                     const ccdb_run_config *cfg, double timeout_s, ccdb_solver_run *out)
{
    memset(out, 0, sizeof *out);
    char why[sizeof out->detail - 40] = "";
    int output_fd = ccdb_capture_file(why, sizeof why);
    size_t cap = sizeof(wire_header) + n * PER_QUERY;
    unsigned char *buf = malloc(cap);
    if (output_fd < 0 || !buf) {
        snprintf(out->detail, sizeof out->detail,
                 !buf ? "out of memory" : "cannot capture the solver's output: %s", why);
        if (output_fd >= 0)
            close(output_fd);
        free(buf);
        return -1;
    }
    shared_progress sp = { 0 };
    if (progress_map(&sp, cfg, n) != 0) {
        snprintf(out->detail, sizeof out->detail, "cannot map shared memory: %s", strerror(errno));
        close(output_fd);
        free(buf);
        return -1;
    }
    isolated_work work = { s, kind, q, n, cfg, &sp.p };
    ccdb_child_end end;
    if (ccdb_child_run(run_and_send, announced, &work, output_fd, timeout_s, buf, cap, &end,
                       out->detail, sizeof out->detail) != 0) {
        progress_unmap(&sp);
        close(output_fd);
        free(buf);
        return -1;
    }
    size_t got = end.got;
    int timed_out = end.timed_out, wstatus = end.wstatus;
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
        progress_unmap(&sp);
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
            progress_unmap(&sp);
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
    if (!complete && progress_collect(&sp, n, out) != 0) {
        ccdb_solver_run_free(out);
        snprintf(out->detail, sizeof out->detail, "out of memory");
        progress_unmap(&sp);
        free(buf);
        return -1;
    }
    progress_unmap(&sp);
    free(buf);
    return 0;
}
