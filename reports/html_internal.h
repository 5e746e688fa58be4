/* html_internal.h — private pieces shared by the index.html writer's files: the per-solver
 * summary (aggregated from rows), the SVG bar charts and the miss pictures. Not a public API. */
#ifndef CCDB_HTML_INTERNAL_H
#define CCDB_HTML_INTERNAL_H

#include "ccdb_report.h"
#include "report_util.h"

/* The counts every table shows (a row's, or a sum of rows'). */
typedef struct ccdb_html_counts {
    long long queries, positives, tp, fp, fn, tn, gave_up, failed, toi_violations;
    double toi_err_max;          /* the largest; NaN when no row had one */
    long long outside;           /* answers outside the solver's motion model (not judged) */
    double toi_late_max;         /* how late its latest TOI is (the largest); NaN: none measured */
    long long toi_late_ulps_max; /* the same in ulps; -1: none */
    long long in_band;           /* hits and misses within a separation band (either is right) */
    long long undecided;         /* queries whose exact truth is undecided (sweeps; not judged) */
} ccdb_html_counts;

/* One solver's totals over the run (see the aggregation rule in ccdb_report.h). */
typedef struct ccdb_html_solver {
    const char *name; /* never NULL ("" for a NULL solver name) */
    ccdb_html_counts counts;
    long long work;
    double ns_median, ns_min, ns_max; /* query-weighted means over timed rows; NaN if none */
    int conservative;                 /* any of its rows says so */
    const char *claim_tags;           /* from its first row with tags; NULL if none */
    ccdb_report_status status;        /* worst over its rows: crashed > timeout > ok */
    size_t n_misses;                  /* misses given for this solver */
    long long violations;             /* contract violations (rows counted once, as counts) */
    long long toi_findings;           /* TOI findings (the same rows) */
    size_t n_findings;                /* findings given for this solver */
    int isolated;                     /* any of its rows ran in a child process */
    const char *origin;               /* its first row's origin; NULL or "": not said */
    unsigned claims;                  /* its rows' claims, or-ed */
    int has_rows;                     /* it has a result row */
} ccdb_html_solver;

/* Same text, treating NULL as "". */
int ccdb_html_streq(const char *a, const char *b);
const char *ccdb_html_str(const char *s);

/* Number formats for display (deterministic, "-" for NaN). */
void ccdb_html_num(ccdb_rbuf *b, double x);

typedef struct ccdb_html_bar {
    const char *label;
    double value;  /* NaN or infinite: drawn as "n/a" */
    double lo, hi; /* optional whisker (NaN: none) */
    int alert;     /* drawn in the alert colour */
} ccdb_html_bar;

/* A horizontal bar chart on a log10(1 + x) axis, as one inline <svg>. */
void ccdb_html_bar_chart(ccdb_rbuf *b, const char *id, const char *title, const char *axis_label,
                         const ccdb_html_bar *bars, size_t n);

/* Escaped text with a line-break opportunity (<wbr>) after each '_', so that long names
 * (conservative_advancement, degenerate_primitive) wrap in narrow columns. */
void ccdb_html_wrappable(ccdb_rbuf *b, const char *s);

/* An id fragment from arbitrary text: [A-Za-z0-9-] kept, every other byte as _XX. */
void ccdb_html_id(ccdb_rbuf *b, const char *s);

/* The views of html_views.c: section "failure-map-section" with table id="failure-map" (solver
 * x kind x family, FN and FP rates), section "tradeoff-section" with svg id="tradeoff" (mean
 * ns/query against FP rate), section "time-cdf-section" with id="time-cdf" (per-query time
 * distributions from r->latencies). */
void ccdb_html_failure_map(ccdb_rbuf *b, const ccdb_report *r, const ccdb_html_solver *s,
                           size_t ns);
void ccdb_html_tradeoff(ccdb_rbuf *b, const ccdb_html_solver *s, size_t ns);
void ccdb_html_time_cdf(ccdb_rbuf *b, const ccdb_report *r);

/* html_verdict.c: the verdict (section id="verdict", table id="verdict-table": one line per
 * solver), the table of contents (nav id="toc"; the TOI findings and solver output entries only
 * when those sections are written), whether a conservative claim is broken (a false negative or
 * a late TOI), the status the summary shows (crashed / timeout, else "CLAIM BROKEN", else
 * "CONTRACT BROKEN", else the rows' status; *css_class "broken" for the two broken ones), and a
 * solver's colour ("hsl(...)", from a hash of its name: the same in every report). */
void ccdb_html_verdict(ccdb_rbuf *b, const ccdb_html_solver *s, size_t n);
void ccdb_html_toc(ccdb_rbuf *b, int has_toi_findings, int has_outputs);
int ccdb_html_claim_broken(const ccdb_html_solver *t);
const char *ccdb_html_status_text(const ccdb_html_solver *t, const char **css_class);
void ccdb_html_solver_colour(const char *name, char out[32]);

/* One false negative as an inline <svg> with two projections. */
void ccdb_html_miss_svg(ccdb_rbuf *b, const ccdb_report_miss *m);

#endif
