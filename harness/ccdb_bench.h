/* ccdb_bench.h — the run loop: every solver on every input, into report rows and misses files.
 *
 * Tallied against the exact truth; false negatives kept for the report and written, ready to
 * replay, to misses files; and the one-screen summary of a run. */
#ifndef CCDB_BENCH_H
#define CCDB_BENCH_H

#include <stddef.h>
#include <stdio.h>

#include "ccdb_input.h"
#include "ccdb_report.h"
#include "ccdb_runner.h"
#include "ccdb_solver.h"

typedef struct ccdb_bench_options {
    ccdb_run_config run;
    int isolate;             /* each solver x dataset in a child process */
    double timeout_s;        /* per solver x dataset when isolated; <= 0: none */
    const char *misses_dir;  /* DIR/misses, or NULL to write no misses files */
    const char *replay_args; /* appended to every replay command (plugins, parameters) */
    size_t misses_kept;      /* false negatives kept per solver for the report (all are
                                    written to the misses files) */
} ccdb_bench_options;

/* Per solver, over every dataset of the run (for the stdout table and --fail-on-fn). */
typedef struct ccdb_solver_summary {
    const ccdb_solver *solver;
    const char *claim_tags; /* its claims for people (ccdb_claims_text; owned by the bench) */
    long long queries, fn, fp, toi_violations, failed, gave_up;
    double ns_total;         /* sum over datasets of ns_median x queries */
    long long timed_queries; /* queries behind ns_total */
    int crashed, timeouts;   /* datasets on which it crashed / timed out */
    long long misses[2];     /* false negatives written per kind (vf, ee) */
} ccdb_solver_summary;

typedef struct ccdb_bench {
    ccdb_report_row *rows;
    size_t n_rows, cap_rows;
    ccdb_report_miss *misses;
    size_t n_misses, cap_misses;
    ccdb_solver_summary *solvers;
    size_t n_solvers;
    char **strings; /* owned strings the rows and misses point into */
    size_t n_strings, cap_strings;
} ccdb_bench;

/* Runs every solver on every input (inputs carry their truth), tallies, fills b->rows (one
 * "all" row per solver x dataset, then one per degeneracy class present), b->misses and the
 * misses files <misses_dir>/{vertex-face,edge-edge}/<solver>.csv.
 * Returns 0, or -1 with err filled when the harness itself fails. */
int ccdb_bench_run(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                   const ccdb_input *inputs, size_t n_inputs, const ccdb_bench_options *opt,
                   char *err, size_t errlen);
void ccdb_bench_free(ccdb_bench *b);

/* The one-screen table (summary_table.c): per solver FN, FP, TOI violations, ns/query,
 * status. */
void ccdb_print_summary(FILE *f, const ccdb_bench *b);

#endif
