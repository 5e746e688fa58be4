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
#include "ccdb_tallies.h"

/* The folders of findings files under a report folder, each with one subfolder per kind
 * (ccdb_kind_folder: vertex-face, edge-edge, rigid-vertex-face, rigid-edge-edge) holding <solver>.csv: false negatives, and TOI findings (a TOI later
 * than the exact one, or outside [0,1], or not finite). */
#define CCDB_MISSES_FOLDER  "misses"
#define CCDB_BAD_TOI_FOLDER "bad-toi"
/* Likewise: the false positives (a hit, or gave up, where the exact truth has no contact), and
 * the queries a solver crashed or hung on (isolated runs: the query in flight when its child
 * died or ran out of time). */
#define CCDB_FALSE_POSITIVES_FOLDER "false-positives"
#define CCDB_CRASHES_FOLDER         "crashes"
/* The queries whose exact truth is `undecided` (sweeps the judge could not certify: judged
 * neither hit nor miss for any solver), once per dataset: <kind folder>/<dataset>.csv, the
 * dataset's label with every character but [A-Za-z0-9._-] made '_' (and "-2", "-3", ... when
 * two labels give one name). */
#define CCDB_UNDECIDED_FOLDER "undecided"
/* The findings table beside them, FINDINGS_TABLE.csv and .jsonl: one row per query of those
 * files, with its dataset, index and replay command (ccdb_report_finding_row). */
#define CCDB_FINDINGS_TABLE "findings"

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
    double min_sep;             /* > 0: solvers claiming CCDB_CLAIM_MIN_SEPARATION are judged by
                                     the band [min_sep, min_sep] (the truth at this separation)
                                     where the kind has one (ccdb_bench_band); 0: by the contact
                                     truth, or their own band */
    const char *const *origins; /* per solver of the run, where it comes from for the report
                                     (ccdb_origin_name: "built-in", "peer", "engine"...);
                                     NULL: not said */
} ccdb_bench_options;

/* Per solver, over every dataset of the run (for the stdout table and --fail-on-fn). */
typedef struct ccdb_solver_summary {
    const ccdb_solver *solver;
    const char *claim_tags; /* its claims for people (ccdb_claims_text; owned by the bench) */
    const char *origin;     /* where it comes from (opt->origins; "" when not said) */
    long long queries, fn, fp, toi_violations, failed, gave_up, violations;
    long long outside;                       /* answers outside the solver's motion model (ABI 4) */
    long long in_band;                       /* hits and misses within its separation band */
    double ns_total;                         /* sum over datasets of ns_median x queries */
    long long timed_queries;                 /* queries behind ns_total */
    int crashed, timeouts;                   /* datasets on which it crashed / timed out */
    int isolated;                            /* it ran in child processes */
    int unsupported;                         /* datasets of a kind it has no entry for (not run) */
    long long misses[CCDB_KIND_COUNT];       /* false negatives written per kind */
    long long toi_findings[CCDB_KIND_COUNT]; /* TOI findings written per kind */
    long long fps[CCDB_KIND_COUNT];          /* false positives written per kind */
    long long crashes[CCDB_KIND_COUNT];      /* crashing (or hanging) queries written per kind */
    long long output_bytes; /* what it printed on stdout and stderr, over every dataset */
    const char *output;     /* the first lines of it (owned by the bench); NULL if none */
    double *query_ns[CCDB_KIND_COUNT]; /* per-query times of every timed query, per kind */
    size_t n_query_ns[CCDB_KIND_COUNT], cap_query_ns[CCDB_KIND_COUNT];
    double truth_min_sep, truth_band_hi; /* the band that judged it on some datasets (hi > 0) */
    int contact_only; /* datasets it was judged on at 0 though it claims a separation (its band, or
                         --min-sep D > 0): of a kind with no exact judge at d > 0
                         (ccdb_truth_judges_sep) */
} ccdb_solver_summary;

/* A finding of one judged run: a false negative and/or a TOI finding, carrying what the report
 * and the findings files need (the query and its exact truth travel with it). */
typedef struct ccdb_judged_finding {
    long long index; /* query index in the dataset (0-based) */
    int fn, toi;     /* a false negative; a TOI finding (ccdb_toi_finding) */
    int fp;          /* a false positive */
    int crash;       /* the query in flight when the isolated solver crashed or timed out (no
                        answer: `answer` is unset) */
    int undecided;   /* the truth is undecided (no other flag): the dataset's undecided file */
    ccdb_result answer;
    ccdb_truth_result truth;
    double q[8][3];
} ccdb_judged_finding;

/* One solver's run on a dataset, or on a chunk of consecutive queries of it, judged against the
 * exact truth (a run that crashed or timed out: the answers it gave before, and its crashing
 * queries as findings). The chunks of a dataset merged in order (ccdb_judged_merge) give what a run on
 * the whole dataset gives, apart from timing (per-query figures weighted by queries) and the
 * output excerpt (the first chunk's). Plain values but for `output` and `findings`: MPI runs
 * send it as bytes (ccdb_judged_pack / ccdb_judged_unpack), so a field added here travels. */
typedef struct ccdb_judged {
    ccdb_run_status status;
    char detail[160];
    long long queries;
    double ns_median, ns_min, ns_max;
    ccdb_tally all, by_class[CCDB_CLASS_COUNT];
    long long output_bytes;
    char *output;                  /* owned; NULL if none */
    ccdb_judged_finding *findings; /* owned, by index */
    size_t n_findings, cap_findings;
    int unsupported; /* the solver has no entry for the kind: not run, no counts */
    /* The per-query timing pass (owned; NULL when not measured): each query's time and the class
     * it was judged in (ccdb_truth_class), n_query_ns of each. */
    double *query_ns;
    unsigned char *query_cls;
    size_t n_query_ns;
    /* The band of the exact truths that judged it (ccdb_bench_band; [0, 0]: contact): it
     * travels with the run, and recording checks it against the solver's. */
    double truth_min_sep, truth_band_hi;
} ccdb_judged;

/* Judges `run` (solver s on queries q[0..n) with truth[0..n), the queries first..first+n-1 of
 * their dataset) into *out (which owns copies of what it keeps). Returns 0 or -1 (memory). */
int ccdb_judge(const ccdb_solver *s, const double (*q)[8][3], const ccdb_truth_result *truth,
               size_t n, long long first, const ccdb_solver_run *run, ccdb_judged *out);
/* The same by a separation band: the truths at its ends, lo[0..n) and hi[0..n)
 * (ccdb_tally_results_band; a finding carries ccdb_band_truth). */
int ccdb_judge_band(const ccdb_solver *s, const double (*q)[8][3], const ccdb_truth_result *lo,
                    const ccdb_truth_result *hi, size_t n, long long first,
                    const ccdb_solver_run *run, ccdb_judged *out);
/* A separation band [lo, hi] (docs/harness.md, "Separation bands"); [0, 0]: the contact truth. */
typedef struct ccdb_band {
    double lo, hi;
} ccdb_band;
/* The band solver s is judged by on data of `kind` in a run with opt, where s has an entry for
 * the kind and the kind has an exact judge at d > 0 (ccdb_truth_judges_sep: every kind
 * today): its own (CCDB_CLAIM_SEPARATION_BAND), else [D, D] for opt->min_sep = D > 0 when it claims
 * CCDB_CLAIM_MIN_SEPARATION; else [0, 0] (the contact truth; a solver without the entry is not
 * judged at all). The one choice, for every run loop (one process or MPI ranks), the truths
 * computed up front, replay and the report. */
ccdb_band ccdb_bench_band(const ccdb_solver *s, ccdb_kind kind, const ccdb_bench_options *opt);
/* 1 when s claims a separation (its band, or opt->min_sep > 0 with CCDB_CLAIM_MIN_SEPARATION),
 * has an entry for `kind`, and the kind has no exact judge at d > 0: judged by the contact
 * truth there, and the report says so. */
int ccdb_bench_contact_only(const ccdb_solver *s, ccdb_kind kind, const ccdb_bench_options *opt);
/* Adds to in->sep the truths at the ends of s's band > 0 (ccdb_bench_band) that are not there
 * yet, from the cache dir (NULL: none) or computed (ccdb_truth_sep_for_input). 0, or -1 with
 * err filled. */
int ccdb_bench_band_truths(const ccdb_solver *s, ccdb_input *in, const ccdb_bench_options *opt,
                           const char *cache, int round_inputs, int threads, char *err,
                           size_t errlen);
/* Adds to in->sep the truth at in->label_sep > 0 (labels made by `gen --min-sep d`, compared
 * with the exact truth at d: ccdb_input_stats_of) when its kind has a judge at d and no solver
 * of solvers[0..n) is judged at a separation d > 0 on it (then the labels are not compared, and
 * the report says so). 0, or -1 with err filled. */
int ccdb_bench_label_truth(const ccdb_solver *const *solvers, size_t n, ccdb_input *in,
                           const ccdb_bench_options *opt, const char *cache, int round_inputs,
                           int threads, char *err, size_t errlen);
/* Runs s on the queries of `in` (q: their read-only copy; they are the queries first.. of
 * their dataset) (ccdb_run_solver: isolated or guarded; a crash or timeout is said on stderr)
 * and judges it (ccdb_judge_band) by the truths at the ends of its band (ccdb_bench_band:
 * in->truth, or those of in->sep, which must then be there). 0, or -1 with err filled. */
int ccdb_bench_judge_one(const ccdb_solver *s, int isolated, const ccdb_input *in,
                         const double (*q)[8][3], long long first, const ccdb_bench_options *opt,
                         ccdb_judged *out, char *err, size_t errlen);
/* Appends the next chunk `next` (emptied: its findings and output move) to *into. -1: memory. */
int ccdb_judged_merge(ccdb_judged *into, ccdb_judged *next);
void ccdb_judged_free(ccdb_judged *j);

/* A growable byte buffer and a reader over one (bench_pack.c): what MPI ranks send. */
typedef struct ccdb_bytes {
    unsigned char *p;
    size_t n, cap;
    int failed; /* an allocation failed: the content is incomplete */
} ccdb_bytes;
typedef struct ccdb_bytes_reader {
    const unsigned char *p;
    size_t n, at;
    int failed; /* read past the end */
} ccdb_bytes_reader;
void ccdb_bytes_put(ccdb_bytes *b, const void *data, size_t n);
void ccdb_bytes_get(ccdb_bytes_reader *r, void *data, size_t n);
void ccdb_bytes_free(ccdb_bytes *b);
/* The one function pair that serializes a judged run (raw bytes: every rank runs the same
 * binary). unpack returns 0, or -1 when the bytes are short or memory fails. */
void ccdb_judged_pack(ccdb_bytes *b, const ccdb_judged *j);
int ccdb_judged_unpack(ccdb_bytes_reader *r, ccdb_judged *j);

/* A dataset as the report names it; the strings must outlive the bench. */
typedef struct ccdb_bench_dataset {
    const char *label;  /* ccdb_input_label */
    const char *source; /* its file, NULL when generated */
    ccdb_kind kind;
    size_t count;
} ccdb_bench_dataset;
ccdb_bench_dataset ccdb_bench_dataset_of(const ccdb_input *in);

typedef struct ccdb_bench_files ccdb_bench_files; /* findings files being written */

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
    ccdb_report_latency *latencies; /* per solver x kind with timed queries, solver order */
    size_t n_latencies;
    char **strings; /* owned strings the rows and misses point into */
    size_t n_strings, cap_strings;
    ccdb_bench_files *files;       /* between ccdb_bench_begin and ccdb_bench_end */
    const ccdb_bench_options *opt; /* idem */
} ccdb_bench;

/* Runs every solver on every input (inputs carry their truth; a solver with no entry for an
 * input's kind gets a row with status "unsupported" instead) on a read-only copy of its
 * queries, isolated or guarded (ccdb_run_solver), tallies, fills b->rows (one "all" row per
 * solver x dataset, then one per degeneracy class present, each with the quantiles of its
 * queries' times), b->misses, b->findings, b->outputs, b->latencies and the findings files
 * <findings_dir>/{misses,bad-toi}/<kind folder>/<solver>.csv
 * (the input format, truth column = the exact truth, so that they can be replayed or run).
 * Returns 0, or -1 with err filled when the harness itself fails. */
int ccdb_bench_run(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                   const ccdb_input *inputs, size_t n_inputs, const ccdb_bench_options *opt,
                   char *err, size_t errlen);
void ccdb_bench_free(ccdb_bench *b);

/* ccdb_bench_run in steps, for a loop that judges elsewhere (MPI): begin; record each judged
 * (dataset, solver) in the order ccdb_bench_run would (datasets in order, solvers in order
 * within each); end (ok = 0 after a failure: findings files are dropped). Each returns 0, or -1
 * with err filled. opt must outlive the steps. */
int ccdb_bench_begin(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                     const ccdb_bench_options *opt, char *err, size_t errlen);
int ccdb_bench_record(ccdb_bench *b, size_t j, const ccdb_bench_dataset *d, const ccdb_judged *jr,
                      char *err, size_t errlen);
int ccdb_bench_end(ccdb_bench *b, int ok, char *err, size_t errlen);

/* The one-screen table (summary_table.c): per solver FN, FP, TOI violations, failed, contract
 * violations, ns/query, status; then which solvers ran isolated and which printed output. */
void ccdb_print_summary(FILE *f, const ccdb_bench *b);

#endif
