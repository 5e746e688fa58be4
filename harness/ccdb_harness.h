/* ccdb_harness.h — the harness: runs solvers over datasets, tallies them against the exact
 * truth, caches the truth, isolates solvers in child processes, and fills the report tables.
 *
 * Data flows one way: datasets -> ground_truth -> harness -> reports. The harness is the only
 * module that knows all the others. See docs/harness.md for the run contract.
 */
#ifndef CCDB_HARNESS_H
#define CCDB_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_report.h"
#include "ccdb_solver.h"
#include "ccdb_truth.h"

/* ---------------------------------------------------------------- timing (timing.c) */

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t ccdb_now_ns(void);
/* Median, min and max of v[0..n) (n >= 1); v is sorted in place. */
void ccdb_stats_median(double *v, size_t n, double *median, double *min, double *max);

/* ---------------------------------------------------------------- inputs (inputs.c) */

/* One dataset with everything the harness knows about it. */
typedef struct ccdb_input {
    ccdb_dataset ds;          /* the queries (owned) */
    char *family;             /* generator family (built-in suite); NULL for files (owned) */
    char *source;             /* the CSV file the queries came from; NULL when generated */
    ccdb_truth_result *truth; /* exact result per query; NULL until computed (owned) */
    int truth_cached;         /* 1: truth came from the cache */
    ccdb_gen_intent *intent;  /* generated: what the generator built, per query, checked against
                                 the truth; NULL for files (owned) */
} ccdb_input;

void ccdb_input_free(ccdb_input *in);

/* Expands one --data PATH into CSV files: a file is itself; a folder is walked recursively for
 * *.csv files, in sorted order. Appends strdup'ed paths to *files (realloc'ed array).
 * Returns 0, or -1 with err filled ("PATH: reason"). */
int ccdb_inputs_expand(const char *path, char ***files, size_t *nfiles, char *err, size_t errlen);
/* Reads one CSV file; kind is `forced` unless CCDB_KIND_UNKNOWN, else from the path.
 * Returns 0, or -1 with err filled (the CSV error FILE:LINE, or the kind problem). */
int ccdb_input_read(const char *path, ccdb_kind forced, int round_inputs, ccdb_input *out,
                    char *err, size_t errlen);

/* ---------------------------------------------------------------- runner (runner.c) */

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

/* ---------------------------------------------------------------- tallies (tallies.c) */

typedef enum ccdb_outcome {
    CCDB_OUT_TP,
    CCDB_OUT_FP,
    CCDB_OUT_FN,
    CCDB_OUT_TN,
    CCDB_OUT_FAILED
} ccdb_outcome;

/* GAVE_UP is a hit; FAILED (or a malformed state) is its own outcome, never a miss. */
ccdb_outcome ccdb_outcome_of(const ccdb_truth_result *truth, const ccdb_result *r);
/* A true positive whose reported TOI is later than the exact toi_hi (or not a number). */
int ccdb_toi_violation(const ccdb_truth_result *truth, const ccdb_result *r);

typedef struct ccdb_tally {
    long long queries, positives, tp, fp, fn, tn, gave_up, failed, toi_violations, work;
    double toi_err_max; /* max over TP of (toi_lo - reported toi); NaN when no TP */
} ccdb_tally;

void ccdb_tally_init(ccdb_tally *t);
/* Tallies n results: the whole set into *all, and by the truth's degeneracy class. */
void ccdb_tally_results(const ccdb_truth_result *truth, const ccdb_result *res, size_t n,
                        ccdb_tally *all, ccdb_tally by_class[CCDB_CLASS_COUNT]);

/* ---------------------------------------------------------------- truth (truth_*.c) */

/* Exact truth of every query, split over `threads` threads (one ccdb_truth per thread).
 * Returns 0, or -1 on allocation failure. */
int ccdb_truth_compute(const ccdb_dataset *ds, int threads, ccdb_truth_result *out);

/* SHA-256 (sha256.c), for the truth-cache key. */
typedef struct ccdb_sha256 {
    uint32_t h[8];
    uint64_t len;
    unsigned char buf[64];
    size_t nbuf;
} ccdb_sha256;
void ccdb_sha256_init(ccdb_sha256 *c);
void ccdb_sha256_update(ccdb_sha256 *c, const void *data, size_t n);
void ccdb_sha256_final(ccdb_sha256 *c, unsigned char digest[32]);

/* Cache key: SHA-256 of (CCDB_TRUTH_VERSION, kind, round_inputs, count, every coordinate's
 * IEEE-754 bits). */
void ccdb_truth_cache_key(const ccdb_dataset *ds, int round_inputs, unsigned char key[32]);
/* The cache folder: $CCDB_CACHE_DIR if set and non-empty, else ".cache". */
const char *ccdb_truth_cache_dir(void);
/* Loads a cached truth into out[0..n). Returns 1 on a valid hit, 0 when absent, -1 when a file
 * exists but is corrupt, truncated or stale (why in `why`); out is then unspecified. */
int ccdb_truth_cache_load(const char *dir, const unsigned char key[32], size_t n,
                          ccdb_truth_result *out, char *why, size_t whylen);
/* Stores atomically (temporary file + rename; creates dir/truth). Returns 0 or -1. */
int ccdb_truth_cache_store(const char *dir, const unsigned char key[32], size_t n,
                           const ccdb_truth_result *res, char *why, size_t whylen);
/* The path of the cache file for a key (for tests and messages). */
void ccdb_truth_cache_path(const char *dir, const unsigned char key[32], char *path, size_t len);
/* Fills in->truth: from the cache (dir NULL: no cache) when valid, else computed and stored.
 * A corrupt or stale file is reported on stderr and rebuilt. A generated input's intent is
 * then checked against the truth and its labels set from it (ccdb_gen_check).
 * Returns 0, or -1 with err filled (out of memory, or the intent contradicts the truth). */
int ccdb_truth_for_input(ccdb_input *in, const char *dir, int round_inputs, int threads, char *err,
                         size_t errlen);

/* ---------------------------------------------------------------- progress (progress.c) */

/* Progress on stderr, only when stderr is a terminal. */
void ccdb_progress(const char *fmt, ...);
void ccdb_progress_done(void);

/* ---------------------------------------------------------------- bench (bench.c) */

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
 * misses files DIR/misses/{vertex-face,edge-edge}/<solver>.csv.
 * Returns 0, or -1 with err filled when the harness itself fails. */
int ccdb_bench_run(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                   const ccdb_input *inputs, size_t n_inputs, const ccdb_bench_options *opt,
                   char *err, size_t errlen);
void ccdb_bench_free(ccdb_bench *b);
/* The dataset name used in rows and misses: ds.name (the file path, or "<family>/<kind>" for the
 * built-in suite), "(unnamed)" when there is none. */
const char *ccdb_input_label(const ccdb_input *in);
/* Appends `s` to buf as one shell word (single-quoted when needed). */
void ccdb_shell_quote(char *buf, size_t len, const char *s);

/* ---------------------------------------------------------------- meta (report_meta.c) */

#define CCDB_META_MAX 48
typedef struct ccdb_meta {
    ccdb_report_kv kv[CCDB_META_MAX];
    size_t n;
} ccdb_meta;

/* Appends "key: printf(fmt...)" (key must be a string literal or outlive the meta). */
void ccdb_meta_add(ccdb_meta *m, const char *key, const char *fmt, ...);
void ccdb_meta_free(ccdb_meta *m);
/* Date (UTC, ISO 8601), git revision, build type, compiler, flags, GMP/MPFR, CPU model. */
void ccdb_meta_add_build(ccdb_meta *m);
/* A warning for debug or sanitizer builds (timings mean little there), else NULL. */
const char *ccdb_build_warning(void);

/* ---------------------------------------------------------------- stdout (summary_table.c) */

/* The one-screen table: per solver FN, FP, TOI violations, ns/query, status. */
void ccdb_print_summary(FILE *f, const ccdb_bench *b);

#endif
