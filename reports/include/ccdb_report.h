/* ccdb_report.h — report writers (summary.csv, index.html) from plain result tables.
 * reports/ knows nothing of the other modules (solver flags, run states, classes are the
 * harness's business): the harness fills these structs with plain values and text.
 * (Owned by the reports module; fields may be appended, never removed or reordered.)
 *
 * Conventions the writers rely on:
 * - Strings may be NULL (written as empty). Any byte is allowed: the writers quote (CSV) and
 *   escape (HTML) everything; nothing is interpreted.
 * - The field `family` of rows, misses and findings holds the exact truth's class of the queries
 *   (`generic`, `coplanar`, ...; summary.csv's column `class`, "class" in index.html): a class
 *   is the truth's classification of a query, a family a generator (docs/reports.md). Rows with
 *   class "all" aggregate the class rows of the same (solver, dataset, kind). The per-solver
 *   summary in index.html sums, for each (solver, dataset, kind), its "all" row if there is one,
 *   else its class rows — so nothing is counted twice either way.
 * - Doubles may be NaN for "not measured / not applicable" (e.g. timing of a class row, or
 *   toi_err_max without true positives): CSV writes an empty cell, HTML a dash.
 * - Output is deterministic: same structs, same bytes. The writers add no date of their own;
 *   put the date in meta.
 */
#ifndef CCDB_REPORT_H
#define CCDB_REPORT_H

#include <stddef.h>
#include <stdio.h>

typedef struct ccdb_report_kv {
    const char *key, *value;
} ccdb_report_kv;

typedef enum ccdb_report_status {
    CCDB_REPORT_OK = 0,
    CCDB_REPORT_CRASHED,    /* --isolate: the solver's child process died */
    CCDB_REPORT_TIMEOUT,    /* --isolate: the time limit was hit */
    CCDB_REPORT_UNSUPPORTED /* the solver has no entry for the dataset's kind (a linear-only
                               solver on rigid data): not run, neither a failure nor a miss */
} ccdb_report_status;

/* One row per solver x dataset x kind x truth class ("all" rows aggregate a dataset). */
typedef struct ccdb_report_row {
    const char *solver, *dataset, *kind, *family;
    long long queries, positives, tp, fp, fn, tn;
    long long gave_up, failed;        /* GAVE_UP counted in tp/fp as hits; FAILED apart */
    long long toi_violations;         /* true positives with reported TOI > exact toi_hi */
    double toi_err_max;               /* max over TP of (toi_lo - reported); NaN when no TP */
    double ns_median, ns_min, ns_max; /* per query, over repeats of the whole loop; NaN if none */
    long long work;                   /* sum of the solver's own work counts; -1: the solver
                                         has no work count (CSV: empty cell, HTML: n/a) */
    unsigned claims;                  /* written as is in summary.csv's `claims` column */
    ccdb_report_status status;
    int conservative;              /* the solver promises no false negative and no late TOI: column
                               `conservative`; its FN and TOI-violation cells turn red */
    const char *claim_tags;        /* its claims for people, ", "-separated ("conservative, reports
                               TOI"): one tag each in index.html; NULL or "": none */
    long long contract_violations; /* answers breaking the solver contract (state out of range,
                                      TOI not finite or not in [0,1] for a hit, negative work);
                                      tallied otherwise as they read, never folded silently */
    int isolated;                  /* 1: the solver ran in a child process */
    long long toi_findings;        /* its answers that are TOI findings (index.html only) */
    /* Quantiles of the per-query times of this row's queries (the per-query timing pass: clock
     * read around each query, the timer's own cost subtracted), nearest rank; NaN when not
     * measured (crashed, timed out, no query). p50 <= p90 <= p99 <= max. */
    double query_ns_p50, query_ns_p90, query_ns_p99, query_ns_max;
    double truth_min_sep;    /* the minimum separation d of the exact truth that judged the
                                      row (0: the contact truth); column `truth_min_sep` */
    long long outside_model; /* answers "outside the solver's motion model" (ABI 4): in no
                                other count; column `outside_model` */
    /* How late its late TOIs are (finite ones): the largest reported - exact toi_hi (NaN: none),
     * the largest in ulps of t, and the 90th percentile in ulps (an upper bound: a power of two
     * minus one, capped by the max); the ulps -1 when none. Columns `toi_late_max`,
     * `toi_late_ulps_max`, `toi_late_ulps_p90`. */
    double toi_late_max;
    long long toi_late_ulps_max, toi_late_ulps_p90;
    /* Separation bands (docs/harness.md, "Separation bands"): hits and misses on queries that come
     * within truth_band_hi but never within truth_min_sep, either answer right (in no other
     * count); and the band's upper end (truth_min_sep for the truth at one separation).
     * Columns `in_band`, `truth_band_hi`. */
    long long in_band;
    double truth_band_hi;
    const char *origin;  /* where the solver comes from ("built-in", "plugin", "peer", "engine"...;
                           NULL or "": not said); column `origin`, and the report's "run" cell */
    long long undecided; /* queries whose exact truth is undecided (sweeps; judged neither hit
                            nor miss, in no other count but queries): column `undecided` */
} ccdb_report_row;

/* Points of a per-query time distribution: cdf[k] is the k/(CCDB_REPORT_CDF_POINTS - 1)
 * quantile (cdf[0] the fastest query, the last one the slowest). */
#define CCDB_REPORT_CDF_POINTS 65

/* Per solver x kind over every dataset: the distribution of per-query times (index.html). */
typedef struct ccdb_report_latency {
    const char *solver, *kind;
    long long queries; /* timed queries behind it (> 0) */
    double p50, p90, p99, max;
    double cdf[CCDB_REPORT_CDF_POINTS];
} ccdb_report_latency;

/* Samples of a rigid motion's arcs in a miss picture (between the poses at t = 0 and 1). */
#define CCDB_REPORT_ARC_STEPS 15

/* One false negative, with what is needed to draw and replay it. */
typedef struct ccdb_report_miss {
    const char *solver, *dataset, *kind, *family; /* kind "vf" or "ee" selects the drawing;
                                                     "rigid-vf" / "rigid-ee", "sweep-vf" /
                                                     "sweep-ee" likewise */
    long long index;                              /* query index in the dataset (0-based) */
    double q[8][3];        /* the query, in the public row order (rigid and sweep kinds: the points
                       at t = 0 and 1 in the linear layout, from the harness's motion in doubles) */
    double toi_lo, toi_hi; /* exact bracket */
    const char *replay;    /* a shell command that replays it */
    const char *file;      /* the findings file holding it, as replay names it; NULL: none */
    /* Rigid and sweep kinds (arc = 1): the four points along the motion, path[k] at t = (k + 1) /
     * (CCDB_REPORT_ARC_STEPS + 1), and at_toi at the TOI; the picture draws the arcs through
     * them. arc = 0 (linear kinds): straight lines, the TOI positions interpolated. */
    int arc;
    double path[CCDB_REPORT_ARC_STEPS][4][3];
    double at_toi[4][3];
} ccdb_report_miss;

/* A TOI finding: an answer HIT or GAVE_UP whose TOI is later than the exact one (solvers that
 * claim to report TOIs), or not finite, or outside [0,1] (any solver). */
typedef struct ccdb_report_finding {
    const char *solver, *dataset, *kind, *family;
    long long index;       /* query index in the dataset (0-based) */
    const char *state;     /* the answer: "hit" or "gave_up" */
    double toi;            /* the TOI reported (any double, NaN included) */
    int hit;               /* the exact truth: 1 contact, 0 none */
    double toi_lo, toi_hi; /* exact bracket (when hit) */
    const char *replay;    /* a shell command that replays it */
    double q[8][3];        /* the query, in the public row order (for its picture) */
    const char *file;      /* the findings file holding it, as replay names it; NULL: none */
    /* A late TOI with a finite TOI: how late (toi - toi_hi) and in ulps of t; late_ulps 0 (late
     * NaN) when it is no such TOI (not finite, or no contact). */
    double late;
    long long late_ulps;
} ccdb_report_finding;

/* What a solver printed on stdout and stderr during the run (captured by the harness). */
typedef struct ccdb_report_output {
    const char *solver;
    long long bytes;     /* all of it, over every dataset */
    const char *excerpt; /* its first lines */
} ccdb_report_output;

typedef struct ccdb_report {
    const ccdb_report_kv *meta;
    size_t n_meta; /* how the run was made, in display order */
    const ccdb_report_row *rows;
    size_t n_rows;
    const ccdb_report_miss *misses;
    size_t n_misses;
    size_t miss_pictures_per_solver; /* cap on pictures per solver */
    const char *warning;             /* e.g. debug/sanitizer build; NULL if none */
    const ccdb_report_finding *findings;
    size_t n_findings; /* TOI findings the harness kept (it writes all of them to files) */
    const ccdb_report_output *outputs;
    size_t n_outputs; /* one per solver that printed something */
    const ccdb_report_latency *latencies;
    size_t n_latencies;        /* per solver x kind that was timed per query; 0: no time-cdf plot */
    size_t dataset_tables_max; /* per-dataset tables written in index.html (the others are
                                  summed into one line each); 0: every one */
} ccdb_report;

/* Each writes one file atomically (temporary file in the same folder, then rename).
 * Return 0, or -1 with a message naming the path in err (when err is not NULL). */
int ccdb_report_write_summary_csv(const ccdb_report *r, const char *path, char *err, size_t errlen);
int ccdb_report_write_html(const ccdb_report *r, const char *path, char *err, size_t errlen);
/* summary.csv's rows as JSON Lines: one object per row, the same fields and names, in order
 * (an empty cell is null; so is a non-finite double). */
int ccdb_report_write_summary_jsonl(const ccdb_report *r, const char *path, char *err,
                                    size_t errlen);
/* All three: DIR/summary.csv, DIR/summary.jsonl and DIR/index.html (DIR must exist). */
int ccdb_report_write_dir(const ccdb_report *r, const char *dir, char *err, size_t errlen);

/* One line of the findings table of a run, DIR/findings.csv and DIR/findings.jsonl: where each
 * query of the findings files (misses/, bad-toi/, false-positives/, crashes/) comes from. */
typedef struct ccdb_report_finding_row {
    const char *category; /* "miss", "bad-toi", "false-positive" or "crash" */
    const char *solver, *kind, *dataset;
    long long index;       /* the query's index in its dataset (0-based) */
    const char *family;    /* its exact class */
    const char *state;     /* the answer ("miss", "hit", ...); NULL: none (a crash) */
    double toi;            /* the TOI reported; NaN: none */
    int hit;               /* the exact truth: 1 contact, 0 none */
    double toi_lo, toi_hi; /* the exact bracket; NaN when no contact */
    double late;           /* a late TOI: reported - toi_hi; NaN otherwise */
    long long late_ulps;   /* the same in ulps of t; -1 otherwise */
    const char *file;      /* the findings file holding the query, as replay names it */
    long long file_index;  /* its index in that file (replay --index) */
    const char *replay;    /* the command that replays it */
} ccdb_report_finding_row;
/* Writes the header line of findings.csv. 0, or -1 when the write failed. */
int ccdb_report_findings_csv_header(FILE *csv);
/* Appends one row to csv and to jsonl (either may be NULL). 0, or -1 when a write failed. */
int ccdb_report_findings_write(FILE *csv, FILE *jsonl, const ccdb_report_finding_row *r);

/* Stable names: "ok", "crashed", "timeout", "unsupported" (as in summary.csv's status column). */
const char *ccdb_report_status_name(ccdb_report_status s);

#endif
