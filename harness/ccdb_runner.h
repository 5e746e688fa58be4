/* ccdb_runner.h — one solver over one dataset, timed: in-process threads or an isolated child. */
#ifndef CCDB_RUNNER_H
#define CCDB_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "ccdb_dataset.h"
#include "ccdb_solver.h"

/* CLOCK_MONOTONIC in nanoseconds (timing.c). */
uint64_t ccdb_now_ns(void);
/* Median, min and max of v[0..n) (n >= 1); v is sorted in place. */
void ccdb_stats_median(double *v, size_t n, double *median, double *min, double *max);

typedef struct ccdb_run_config {
    ccdb_params params;
    int repeat;  /* timed passes of the whole loop, >= 1 */
    int threads; /* contiguous chunks run by this many threads, >= 1 */
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
    ccdb_result *results;             /* one per query (from the warm-up pass); NULL unless OK */
    double ns_median, ns_min, ns_max; /* per query, over the timed repeats */
    char detail[160];                 /* why it is not OK ("killed by signal 11", "timeout 5 s") */
} ccdb_solver_run;

/* Runs `s` on n queries of `kind` in-process: per-thread state, one warm-up pass whose results
 * are kept, then cfg->repeat timed passes (clock around the whole loop only).
 * Returns 0, or -1 on allocation / thread failure (out->detail says why). */
int ccdb_runner_run(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                    const ccdb_run_config *cfg, ccdb_solver_run *out);
/* Same in a forked child with a wall-clock limit (timeout_s > 0): a crash or timeout sets
 * out->status to CCDB_RUN_CRASHED / CCDB_RUN_TIMEOUT and returns 0. -1 only when the
 * harness itself fails (fork, pipe). */
int ccdb_isolate_run(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                     const ccdb_run_config *cfg, double timeout_s, ccdb_solver_run *out);
void ccdb_solver_run_free(ccdb_solver_run *r);

#endif
