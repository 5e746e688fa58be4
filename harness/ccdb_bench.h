/* ccdb_bench.h — the run loop: every solver on every input, into report rows and findings files.
 *
 * Tallied against the exact truth; false negatives and TOI findings kept for the report and
 * written, ready to replay, to findings files; and the one-screen summary of a run. */
#ifndef CCDB_BENCH_H
#define CCDB_BENCH_H

#include <stddef.h>
#include <stdio.h>

#include "ccdb_input.h"
#include "ccdb_report.h"
#include "ccdb_runner.h"
#include "ccdb_solver.h"

/* The folders of findings files under a report folder, each with one subfolder per kind
 * (ccdb_kind_folder: vertex-face, edge-edge, rigid-vertex-face, rigid-edge-edge) holding <solver>.csv: false negatives, and TOI findings (a TOI later
 * than the exact one, or outside [0,1], or not finite). */
#define CCDB_MISSES_FOLDER  "misses"
#define CCDB_BAD_TOI_FOLDER "bad-toi"

typedef struct ccdb_bench_options {
    ccdb_run_config run;
    ccdb_isolation isolate;     /* which solvers run in a child process (ccdb_isolated) */
    double timeout_s;           /* per solver x dataset when isolated; <= 0: none */
    const char *findings_dir;   /* findings files go under it (misses/..., bad-toi/...);
                                     NULL: none written */
    const char *findings_shown; /* the same folder as replay commands name it (where the
                                     report will be read; NULL: findings_dir) */
    const char *replay_args;    /* appended to every replay command (plugins, parameters) */
    size_t misses_kept;         /* false negatives, and TOI findings, kept per solver for the
                                     report (all are written to the files) */
} ccdb_bench_options;

/* Per solver, over every dataset of the run (for the stdout table and --fail-on-fn). */
typedef struct ccdb_solver_summary {
    const ccdb_solver *solver;
    const char *claim_tags; /* its claims for people (ccdb_claims_text; owned by the bench) */
    long long queries, fn, fp, toi_violations, failed, gave_up, violations;
    double ns_total;                         /* sum over datasets of ns_median x queries */
    long long timed_queries;                 /* queries behind ns_total */
    int crashed, timeouts;                   /* datasets on which it crashed / timed out */
    int isolated;                            /* it ran in child processes */
    int unsupported;                         /* datasets of a kind it has no entry for (not run) */
    long long misses[CCDB_KIND_COUNT];       /* false negatives written per kind */
    long long toi_findings[CCDB_KIND_COUNT]; /* TOI findings written per kind */
    long long output_bytes; /* what it printed on stdout and stderr, over every dataset */
    const char *output;     /* the first lines of it (owned by the bench); NULL if none */
} ccdb_solver_summary;

typedef struct ccdb_bench {
    ccdb_report_row *rows;
    size_t n_rows, cap_rows;
    ccdb_report_miss *misses;
    size_t n_misses, cap_misses;
    ccdb_report_finding *findings;
    size_t n_findings, cap_findings;
    ccdb_report_output *outputs; /* one per solver that printed something */
    size_t n_outputs;
    ccdb_solver_summary *solvers;
    size_t n_solvers;
    char **strings; /* owned strings the rows and misses point into */
    size_t n_strings, cap_strings;
} ccdb_bench;

/* Runs every solver on every input (inputs carry their truth; a solver with no entry for an
 * input's kind gets a row with status "unsupported" instead) on a read-only copy of its
 * queries, isolated or guarded (ccdb_run_solver), tallies, fills b->rows (one "all" row per
 * solver x dataset, then one per degeneracy class present), b->misses, b->findings, b->outputs
 * and the findings files <findings_dir>/{misses,bad-toi}/<kind folder>/<solver>.csv
 * (the input format, truth column = the exact truth, so that they can be replayed or run).
 * Returns 0, or -1 with err filled when the harness itself fails. */
int ccdb_bench_run(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                   const ccdb_input *inputs, size_t n_inputs, const ccdb_bench_options *opt,
                   char *err, size_t errlen);
void ccdb_bench_free(ccdb_bench *b);

/* The one-screen table (summary_table.c): per solver FN, FP, TOI violations, failed, contract
 * violations, ns/query, status; then which solvers ran isolated and which printed output. */
void ccdb_print_summary(FILE *f, const ccdb_bench *b);

#endif
