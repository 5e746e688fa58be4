/* ccdb_report.h — report writers (summary.csv, index.html) from plain result tables.
 * reports/ knows nothing of the other modules: the harness fills these structs.
 * (Owned by the reports module; fields may be appended, never removed or reordered.)
 */
#ifndef CCDB_REPORT_H
#define CCDB_REPORT_H

#include <stddef.h>

typedef struct ccdb_report_kv { const char *key, *value; } ccdb_report_kv;

typedef enum ccdb_report_status {
    CCDB_REPORT_OK = 0,
    CCDB_REPORT_CRASHED,   /* --isolate: the solver's child process died */
    CCDB_REPORT_TIMEOUT    /* --isolate: the time limit was hit */
} ccdb_report_status;

/* One row per solver x dataset x kind x family ("all" rows aggregate a dataset). */
typedef struct ccdb_report_row {
    const char *solver, *dataset, *kind, *family;
    long long queries, positives, tp, fp, fn, tn;
    long long gave_up, failed;       /* GAVE_UP counted in tp/fp as hits; FAILED apart */
    long long toi_violations;        /* true positives with reported TOI > exact toi_hi */
    double toi_err_max;              /* max over TP of (toi_lo - reported); NaN when no TP */
    double ns_median, ns_min, ns_max;/* per query, over repeats of the whole loop */
    long long work;                  /* sum of the solver's own work counts */
    unsigned claims;                 /* the solver's CCDB_CLAIM_* flags */
    ccdb_report_status status;
} ccdb_report_row;

/* One false negative, with what is needed to draw and replay it. */
typedef struct ccdb_report_miss {
    const char *solver, *dataset, *kind, *family;
    long long index;                 /* query index in the dataset (0-based) */
    double q[8][3];
    double toi_lo, toi_hi;           /* exact bracket */
    const char *replay;              /* a shell command that replays it */
} ccdb_report_miss;

typedef struct ccdb_report {
    const ccdb_report_kv *meta; size_t n_meta;   /* how the run was made, in display order */
    const ccdb_report_row *rows; size_t n_rows;
    const ccdb_report_miss *misses; size_t n_misses;
    size_t miss_pictures_per_solver;             /* cap on pictures per solver */
    const char *warning;                         /* e.g. debug/sanitizer build; NULL if none */
} ccdb_report;

/* Write DIR/summary.csv and DIR/index.html (atomically). Return 0 or -1 with err filled. */
int ccdb_report_write_summary_csv(const ccdb_report *r, const char *path, char *err, size_t errlen);
int ccdb_report_write_html(const ccdb_report *r, const char *path, char *err, size_t errlen);

#endif
