/* ccdb_runner.h — one solver over one dataset, timed: in-process threads or an isolated child,
 * and the guards that keep a misbehaving solver from hurting the run. */
#ifndef CCDB_RUNNER_H
#define CCDB_RUNNER_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "ccdb_dataset.h"
#include "ccdb_solver.h"

/* CLOCK_MONOTONIC in nanoseconds (timing.c). */
uint64_t ccdb_now_ns(void);
/* Median, min and max of v[0..n) (n >= 1); v is sorted in place. */
void ccdb_stats_median(double *v, size_t n, double *median, double *min, double *max);
/* What reading the clock costs, measured as a query is timed (t0 = ccdb_now_ns(), then
 * t1 = ccdb_now_ns(), with nothing between): the median of many such pairs, in ns. */
double ccdb_timer_cost_ns(void);
/* The p-quantile (0 <= p <= 1) of sorted[0..n) (n >= 1), nearest rank: the smallest value with
 * at least p*n values at or below it (p = 0: the minimum). Monotone in p. */
double ccdb_quantile_sorted(const double *sorted, size_t n, double p);
/* Sorts v[0..n) ascending. */
void ccdb_sort_doubles(double *v, size_t n);

typedef struct ccdb_run_config {
    ccdb_params params;
    int repeat;      /* timed passes of the whole loop, >= 1 */
    int threads;     /* contiguous chunks run by this many threads, >= 1 */
    double timer_ns; /* subtracted from each per-query time (ccdb_timer_cost_ns); 0: nothing */
} ccdb_run_config;

/* How a solver run ended. */
typedef enum ccdb_run_status {
    CCDB_RUN_OK = 0,
    CCDB_RUN_CRASHED, /* isolated: the solver's child process died */
    CCDB_RUN_TIMEOUT  /* isolated: the time limit was hit */
} ccdb_run_status;

/* "ok", "crashed", "timeout". */
const char *ccdb_run_status_name(ccdb_run_status s);

/* One solver on one dataset. */
typedef struct ccdb_solver_run {
    ccdb_run_status status;
    ccdb_result *results; /* one per query (from the warm-up pass); NULL unless OK */
    double *query_ns;     /* one per query: its time in the warm-up pass, clock read around each
                         query, less cfg->timer_ns, never below 0; NULL unless OK */
    double ns_median, ns_min, ns_max; /* per query, over the timed repeats */
    char detail[160];                 /* why it is not OK ("killed by signal 11", "timeout 5 s") */
    long long output_bytes;           /* what the solver printed on stdout and stderr (guarded
                                         and isolated runs capture it) */
    char *output; /* its first lines (CCDB_OUTPUT_EXCERPT_*), NUL-terminated; NULL if none */
    /* An isolated run that crashed or timed out: the answers it gave before (results holds all
     * n slots, answered[i] = 1 where results[i] is an answer; NULL: none came back) and the
     * queries in flight when it ended, one per thread that had not finished its chunk in the
     * warm-up pass (none when it ended in a later, timed pass). */
    unsigned char *answered;
    size_t *in_flight;
    size_t n_in_flight;
} ccdb_solver_run;

/* Where the warm-up pass publishes its answers as it goes (isolate.c: shared memory the parent
 * reads after the child died or ran out of time): answer i into results[i], then done[t], the
 * count of answered queries of thread t's chunk, raised with a release store. Plain memory
 * writes, no system call per query. */
typedef struct ccdb_run_progress {
    ccdb_result *results; /* n slots */
    atomic_ullong *done;  /* one per thread (ccdb_runner_threads) */
} ccdb_run_progress;

/* The threads a run of n queries uses under cfg, and thread t's chunk [lo, hi) of them. */
size_t ccdb_runner_threads(const ccdb_run_config *cfg, size_t n);
void ccdb_runner_chunk(size_t n, size_t threads, size_t t, size_t *lo, size_t *hi);

/* The entry of `s` that answers queries of `kind`, or NULL when it has none: "not supported"
 * (the rigid kinds for an entry older than ABI 3, whose fields are never read, or one that left
 * them NULL). */
ccdb_query_fn ccdb_solver_query_fn(const ccdb_solver *s, ccdb_kind kind);

/* Runs `s` on n queries of `kind` in-process: per-thread state, one warm-up pass whose results
 * are kept and whose queries are timed one by one (out->query_ns), then cfg->repeat timed
 * passes (clock around the whole loop only: out->ns_median, ns_min, ns_max).
 * Returns 0, or -1 on allocation / thread failure or a kind `s` does not support (callers check
 * ccdb_solver_query_fn first; out->detail says why). */
int ccdb_runner_run(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                    const ccdb_run_config *cfg, ccdb_solver_run *out);
/* The same, publishing the warm-up pass's answers to *progress (NULL: nowhere) as it goes. */
int ccdb_runner_run_progress(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3],
                             size_t n, const ccdb_run_config *cfg,
                             const ccdb_run_progress *progress, ccdb_solver_run *out);
/* Same in a forked child with a wall-clock limit (timeout_s > 0): a crash or timeout sets
 * out->status to CCDB_RUN_CRASHED / CCDB_RUN_TIMEOUT, keeps the answers given before and the
 * queries in flight (out->answered, out->in_flight), and returns 0. -1 only when the
 * harness itself fails (fork, pipe). The child is the leader of a process group of its own;
 * the parent reads exactly the bytes the child announces (never waiting for the end of the
 * pipe, which a process the solver started may hold), then kills that whole group and reaps
 * the child: nothing the solver started outlives the call (unless it left the group). The
 * child's stdout and stderr are captured into out->output / output_bytes. */
int ccdb_isolate_run(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                     const ccdb_run_config *cfg, double timeout_s, ccdb_solver_run *out);
void ccdb_solver_run_free(ccdb_solver_run *r);

/* ---- running a solver safely (solver_guard.c, isolate.c) */

/* Exit status of ccdbench when a solver running in-process called exit(). */
#define CCDB_EXIT_SOLVER_ENDED 4
/* The excerpt of a solver's output kept for the report: at most this many lines and bytes. */
#define CCDB_OUTPUT_EXCERPT_LINES 12
#define CCDB_OUTPUT_EXCERPT_BYTES 1024

/* Which solvers run in a forked child (ccdb_isolate_run) rather than in-process. */
typedef enum ccdb_isolation {
    CCDB_ISOLATE_NONE = 0, /* none (run --no-isolate) */
    CCDB_ISOLATE_PLUGINS,  /* solvers loaded from plugins; built-ins in-process (the default) */
    CCDB_ISOLATE_ALL       /* every solver (run --isolate) */
} ccdb_isolation;
/* 1 when s runs isolated under mode. */
int ccdb_isolated(const ccdb_solver *s, ccdb_isolation mode);

/* A copy of n queries in pages of its own made read-only (mmap, mprotect PROT_READ): a solver
 * that writes into a query it was given gets SIGSEGV there (a crash of that solver) instead of
 * corrupting what the next solvers and the tallies read. Forked children share the pages, still
 * read-only. NULL with errno set on failure. */
const double (*ccdb_queries_readonly(const double (*q)[8][3], size_t n))[8][3];
void ccdb_queries_readonly_free(const double (*q)[8][3], size_t n);

/* ccdb_runner_run with the in-process guards: the solver's stdout and stderr (descriptors 1
 * and 2) captured into out->output / output_bytes instead of the harness's streams; exit()
 * called during its run ends ccdbench with a message naming the solver on the real stderr and
 * status CCDB_EXIT_SOLVER_ENDED, and a fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT)
 * with that message and the signal — never a silent end. q should be read-only
 * (ccdb_queries_readonly). Returns as ccdb_runner_run (-1 also when the output cannot be
 * captured). */
int ccdb_runner_run_guarded(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                            const ccdb_run_config *cfg, ccdb_solver_run *out);
/* ccdb_isolate_run (isolate nonzero) or ccdb_runner_run_guarded: how the run loop and replay
 * run a solver. */
int ccdb_run_solver(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                    const ccdb_run_config *cfg, int isolate, double timeout_s,
                    ccdb_solver_run *out);

/* For isolate.c: an unlinked temporary file ($TMPDIR or /tmp) to receive a solver's output
 * (-1 with errno and why, "TMPDIR DIR: why", on failure), and the byte count and
 * excerpt of what it holds, into out. */
int ccdb_capture_file(char *why, size_t whylen);
void ccdb_capture_collect(int fd, ccdb_solver_run *out);

#endif
