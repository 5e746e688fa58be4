/* html_report.c — index.html: one self-contained page (inline CSS and SVG, no script, no
 * network) with how the run was made, the per-solver summary, charts, per-class tables and a
 * picture of each false negative. Deterministic: same structs, same bytes. */
#include "html_internal.h"

#include "ccdb_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const css =
    "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;"
    "margin:1.5em auto;max-width:1200px;padding:0 1em;color:#222;background:#fff;line-height:1.4}"
    "h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;"
    "margin-top:1.6em}h3{margin-bottom:.3em}"
    "table{border-collapse:collapse;margin:.5em 0 1em;font-size:.9em}"
    "table.summary{font-size:.85em}table.summary th{vertical-align:bottom}"
    "table.summary th,table.summary td{padding:.2em .35em}"
    ".range{font-size:.85em;color:#555}abbr{text-decoration:none}"
    "th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top}"
    "th{background:#f3f3f3;text-align:left}td.num{text-align:right;font-variant-numeric:"
    "tabular-nums;white-space:nowrap}"
    "table.meta td:first-child{font-weight:600;white-space:nowrap}"
    "table.meta td{word-break:break-word}"
    "tr.group-start td{border-top:2px solid #888}"
    "td.bad{background:#f8d0d0;color:#900;font-weight:700}"
    "tr.status-crashed td,tr.status-timeout td{background:#fde9c8}"
    "td.status-crashed,td.status-timeout{color:#a00;font-weight:700}"
    "tr.status-unsupported td{color:#777}"
    ".warning{background:#fff3cd;border:2px solid #d39e00;color:#5c4400;padding:.7em 1em;"
    "font-weight:700;border-radius:4px;margin:1em 0}"
    ".tag{display:inline-block;font-size:.8em;padding:0 .35em;margin:0 .15em;border-radius:3px;"
    "background:#e4ecf7;color:#234}"
    ".charts{display:flex;flex-wrap:wrap;gap:1em}figure{margin:0}"
    "figure.chart{border:1px solid #ddd;padding:.5em;background:#fcfcfc}"
    "svg{max-width:100%;height:auto}svg text{font-family:inherit}"
    ".misses{display:flex;flex-wrap:wrap;gap:1em}"
    "figure.miss-picture,figure.finding-picture{border:1px solid #ddd;padding:.5em;width:430px;"
    "background:#fcfcfc}.bad-toi{color:#900;font-weight:700}"
    "figcaption{font-size:.85em}"
    "code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em}"
    "pre.replay{background:#f3f3f3;padding:.4em;white-space:pre-wrap;word-break:break-all;"
    "margin:.3em 0 0}"
    "pre.output{background:#f7f7f7;border:1px solid #ddd;padding:.4em;white-space:pre-wrap;"
    "word-break:break-all;max-height:20em;overflow:auto}"
    ".legend span{margin-right:1em;white-space:nowrap}"
    ".note{color:#555;font-size:.9em}"
    "details>summary{cursor:pointer;font-weight:600;margin:.4em 0}"
    ".scroll{overflow-x:auto}"
    "table.failure-map td.fm{padding:0;white-space:nowrap}"
    "table.failure-map td.fm a{color:inherit;text-decoration:none}"
    ".fm-fn,.fm-fp{display:inline-block;min-width:2em;padding:.1em .3em;text-align:right;"
    "font-variant-numeric:tabular-nums}"
    "td.fm-broken{outline:3px solid #b00;outline-offset:-3px}"
    ".fm-key.fm-fn{background:hsl(0,75%,72%)}.fm-key.fm-fp{background:hsl(215,75%,72%)}"
    ".fm-key.fm-broken{outline:3px solid #b00;padding:0 .2em}"
    "th.fm-fam{font-size:.8em;max-width:8em}th.fm-solver{vertical-align:middle}"
    "td.fm-none{color:#bbb;text-align:center}"
    "svg.plot text{font-family:inherit}"
    "nav.toc{font-size:.9em;margin:.3em 0 .6em}nav.toc a{margin-right:1em;white-space:nowrap}"
    "table.verdict{font-size:.85em}table.verdict td{padding:.1em .45em;white-space:nowrap}"
    "#verdict h2{margin-top:.4em}.v-broken{color:#a00}.v-kept{color:#176b20}.v-none{color:#555}"
    "tr.verdict-broken td:first-child{border-left:4px solid #b00}"
    "td.status-broken{color:#a00;font-weight:700;background:#f8d0d0}"
    ".swatch{display:inline-block;width:.8em;height:.8em;margin-right:.35em;border-radius:2px;"
    "vertical-align:-.05em}";

/* ---- aggregation --------------------------------------------------------------------------- */

/* Sorting works on arrays of row pointers into r->rows: ties are broken by address, which is
 * the row order, so every sort is deterministic (qsort is not stable). */
typedef const ccdb_report_row *rowp;

static int cmp_addr(rowp x, rowp y)
{
    return (x > y) - (x < y);
}

static int cmp_group(const void *pa, const void *pb)
{
    rowp x = *(const rowp *)pa, y = *(const rowp *)pb;
    int c = strcmp(ccdb_html_str(x->solver), ccdb_html_str(y->solver));
    if (!c)
        c = strcmp(ccdb_html_str(x->dataset), ccdb_html_str(y->dataset));
    if (!c)
        c = strcmp(ccdb_html_str(x->kind), ccdb_html_str(y->kind));
    if (!c)
        c = cmp_addr(x, y);
    return c;
}

static int is_all(const ccdb_report_row *w)
{
    return ccdb_html_streq(w->family, "all");
}

/* used[i]: row i counts towards its solver's totals (its group's "all" row, or every class row
 * of a group without one). */
static int rows_used(const ccdb_report *r, unsigned char *used)
{
    size_t n = r->n_rows;
    rowp *idx = malloc((n ? n : 1) * sizeof *idx);
    if (!idx)
        return -1;
    for (size_t i = 0; i < n; i++)
        idx[i] = &r->rows[i];
    qsort(idx, n, sizeof *idx, cmp_group);
    for (size_t s = 0; s < n;) {
        size_t e = s + 1;
        while (e < n && ccdb_html_streq(idx[s]->solver, idx[e]->solver) &&
               ccdb_html_streq(idx[s]->dataset, idx[e]->dataset) &&
               ccdb_html_streq(idx[s]->kind, idx[e]->kind))
            e++;
        int has_all = 0;
        for (size_t k = s; k < e; k++)
            has_all |= is_all(idx[k]);
        for (size_t k = s; k < e; k++)
            used[idx[k] - r->rows] = (unsigned char)(!has_all || is_all(idx[k]));
        s = e;
    }
    free(idx);
    return 0;
}

/* The worst status of a solver's rows is its summary's; "unsupported" (some kind it has no
 * entry for) ranks with "ok": the rows of that dataset say it. */
static int status_rank(ccdb_report_status s)
{
    return s == CCDB_REPORT_CRASHED ? 2 : s == CCDB_REPORT_TIMEOUT ? 1 : 0;
}

/* A row's counts. */
static ccdb_html_counts counts_of(const ccdb_report_row *w)
{
    return (ccdb_html_counts){ w->queries,
                               w->positives,
                               w->tp,
                               w->fp,
                               w->fn,
                               w->tn,
                               w->gave_up,
                               w->failed,
                               w->toi_violations,
                               w->toi_err_max,
                               w->outside_model,
                               w->toi_late_max,
                               w->toi_late_ulps_max,
                               w->in_band,

                               w->undecided };
}

/* Adds a row's counts to a total (toi_err_max: the larger; NaN is none). */
static void add_counts(ccdb_html_counts *t, const ccdb_report_row *w)
{
    t->queries += w->queries;
    t->positives += w->positives;
    t->tp += w->tp;
    t->fp += w->fp;
    t->fn += w->fn;
    t->tn += w->tn;
    t->gave_up += w->gave_up;
    t->failed += w->failed;
    t->toi_violations += w->toi_violations;
    t->outside += w->outside_model;
    t->in_band += w->in_band;
    t->undecided += w->undecided;
    if (!isnan(w->toi_err_max) && (isnan(t->toi_err_max) || w->toi_err_max > t->toi_err_max))
        t->toi_err_max = w->toi_err_max;
    if (!isnan(w->toi_late_max) && !(w->toi_late_max <= t->toi_late_max))
        t->toi_late_max = w->toi_late_max;
    if (w->toi_late_ulps_max > t->toi_late_ulps_max)
        t->toi_late_ulps_max = w->toi_late_ulps_max;
}

static size_t find_solver(const ccdb_html_solver *s, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (ccdb_html_streq(s[i].name, name))
            return i;
    return n;
}

/* The solver's index in s[0..*n), added at the end (no figures yet) when it is not there. */
static size_t solver_slot(ccdb_html_solver *s, size_t *n, const char *name)
{
    size_t k = find_solver(s, *n, name);
    if (k == *n) {
        ccdb_html_solver *t = &s[(*n)++];
        t->name = ccdb_html_str(name);
        t->counts.toi_err_max = t->counts.toi_late_max = t->ns_median = t->ns_min = t->ns_max = NAN;
        t->counts.toi_late_ulps_max = -1;
    }
    return k;
}

/* Solvers in order of first appearance (rows, then misses). */
static ccdb_html_solver *summarize(const ccdb_report *r, size_t *n_out)
{
    size_t cap = r->n_rows + r->n_misses + r->n_findings + 1, n = 0;
    ccdb_html_solver *s = calloc(cap, sizeof *s);
    unsigned char *used = calloc(r->n_rows + 1, 1);
    double *wsum = calloc(cap, sizeof *wsum); /* queries of timed rows, per solver */
    if (!s || !used || !wsum || rows_used(r, used) != 0) {
        free(s);
        free(used);
        free(wsum);
        return NULL;
    }
    for (size_t i = 0; i < r->n_rows; i++) {
        const ccdb_report_row *w = &r->rows[i];
        size_t k = solver_slot(s, &n, w->solver);
        ccdb_html_solver *t = &s[k];
        t->conservative |= w->conservative;
        t->claims |= w->claims;
        t->has_rows = 1;
        t->isolated |= w->isolated;
        if (!t->origin || !*t->origin)
            t->origin = w->origin;
        if (!t->claim_tags || !*t->claim_tags)
            t->claim_tags = w->claim_tags;
        if (status_rank(w->status) > status_rank(t->status))
            t->status = w->status;
        if (!used[i] || w->status == CCDB_REPORT_UNSUPPORTED) /* not run: nothing to add */
            continue;
        add_counts(&t->counts, w);
        /* A solver with no work count (-1) has none in total either. */
        t->work = (t->work < 0 || w->work < 0) ? -1 : t->work + w->work;
        t->violations += w->contract_violations;
        t->toi_findings += w->toi_findings;
        if (isfinite(w->ns_median) && w->queries > 0) {
            double q = (double)w->queries;
            double mn = isfinite(w->ns_min) ? w->ns_min : w->ns_median;
            double mx = isfinite(w->ns_max) ? w->ns_max : w->ns_median;
            if (wsum[k] == 0)
                t->ns_median = t->ns_min = t->ns_max = 0;
            t->ns_median += q * w->ns_median;
            t->ns_min += q * mn;
            t->ns_max += q * mx;
            wsum[k] += q;
        }
    }
    for (size_t k = 0; k < n; k++)
        if (wsum[k] > 0) {
            s[k].ns_median /= wsum[k];
            s[k].ns_min /= wsum[k];
            s[k].ns_max /= wsum[k];
        }
    for (size_t i = 0; i < r->n_misses; i++) {
        size_t k = solver_slot(s, &n, r->misses[i].solver);
        s[k].n_misses++;
    }
    for (size_t i = 0; i < r->n_findings; i++) {
        size_t k = solver_slot(s, &n, r->findings[i].solver);
        s[k].n_findings++;
    }
    free(used);
    free(wsum);
    *n_out = n;
    return s;
}

/* ---- sections ------------------------------------------------------------------------------ */

/* One tag per ", "-separated claim. */
static void claims_tags(ccdb_rbuf *b, const char *tags)
{
    for (const char *p = tags; p && *p;) {
        const char *end = strstr(p, ", ");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char *one = malloc(n + 1);
        if (!one) {
            b->oom = 1;
            return;
        }
        memcpy(one, p, n);
        one[n] = '\0';
        ccdb_rbuf_puts(b, "<span class=\"tag\">");
        ccdb_rbuf_html(b, one);
        ccdb_rbuf_puts(b, "</span>");
        free(one);
        p = end ? end + 2 : p + n;
    }
}

static void td_ll(ccdb_rbuf *b, long long v, int bad)
{
    ccdb_rbuf_printf(b, "<td class=\"num%s\">%lld</td>", bad ? " bad" : "", v);
}

static void td_double(ccdb_rbuf *b, double v)
{
    ccdb_rbuf_puts(b, "<td class=\"num\"");
    if (!isnan(v))
        ccdb_rbuf_printf(b, " title=\"%.17g\"", v);
    ccdb_rbuf_puts(b, ">");
    ccdb_html_num(b, v);
    ccdb_rbuf_puts(b, "</td>");
}

static void td_time(ccdb_rbuf *b, double med, double mn, double mx)
{
    ccdb_rbuf_puts(b, "<td class=\"num\">");
    ccdb_html_num(b, med);
    if (!isnan(med) && (!isnan(mn) || !isnan(mx))) {
        ccdb_rbuf_puts(b, "<br><span class=\"range\">[");
        ccdb_html_num(b, mn);
        ccdb_rbuf_puts(b, "&ndash;");
        ccdb_html_num(b, mx);
        ccdb_rbuf_puts(b, "]</span>");
    }
    ccdb_rbuf_puts(b, "</td>");
}

/* A solver's status cell: "CLAIM BROKEN" / "CONTRACT BROKEN" before "ok" (ccdb_html_status_text). */
static void td_status(ccdb_rbuf *b, const ccdb_html_solver *t)
{
    const char *cls, *text = ccdb_html_status_text(t, &cls);
    ccdb_rbuf_printf(b, "<td class=\"status-%s\">%s</td>", cls, text);
}

/* The count columns every table shares (count_heads, without the time); FN and TOI-violation
 * cells turn red when a conservative solver breaks its promise. */
static void td_counts(ccdb_rbuf *b, const ccdb_html_counts *c, int conservative)
{
    td_ll(b, c->queries, 0);
    td_ll(b, c->positives, 0);
    td_ll(b, c->tp, 0);
    td_ll(b, c->fp, 0);
    td_ll(b, c->fn, conservative && c->fn > 0);
    td_ll(b, c->tn, 0);
    td_ll(b, c->gave_up, 0);
    td_ll(b, c->failed, 0);
    td_ll(b, c->outside, 0);
    td_ll(b, c->in_band, 0);
    if (c->toi_violations > 0 && !isnan(c->toi_late_max)) /* how late, in the tooltip */
        ccdb_rbuf_printf(
            b, "<td class=\"num%s\" title=\"latest by %.3g in t (%lld ulps)\">%lld</td>",
            conservative ? " bad" : "", c->toi_late_max, c->toi_late_ulps_max, c->toi_violations);
    else
        td_ll(b, c->toi_violations, conservative && c->toi_violations > 0);
    td_double(b, c->toi_err_max);
}

static void write_meta(ccdb_rbuf *b, const ccdb_report *r)
{
    ccdb_rbuf_puts(b, "<section id=\"run\"><h2>How this run was made</h2>\n");
    if (r->n_meta == 0 || !r->meta) {
        ccdb_rbuf_puts(b, "<p class=\"note\">No run information was recorded.</p>\n");
    } else {
        ccdb_rbuf_puts(b, "<table class=\"meta\" id=\"meta\">\n");
        for (size_t i = 0; i < r->n_meta; i++) {
            ccdb_rbuf_puts(b, "<tr><td>");
            ccdb_rbuf_html(b, r->meta[i].key);
            ccdb_rbuf_puts(b, "</td><td>");
            ccdb_rbuf_html(b, r->meta[i].value);
            ccdb_rbuf_puts(b, "</td></tr>\n");
        }
        ccdb_rbuf_puts(b, "</table>\n");
    }
    ccdb_rbuf_puts(b, "</section>\n");
}

/* Abbreviated (the summary's legend spells them out) so that the summary fits 1280 px. */
static const char *const count_heads =
    "<th>queries</th><th><abbr title=\"positives: exact contacts\">pos.</abbr></th><th>TP</th>"
    "<th>FP</th><th>FN</th><th>TN</th><th><abbr title=\"gave up\">GU</abbr></th>"
    "<th><abbr title=\"failed\">fail</abbr></th>"
    "<th><abbr title=\"outside the solver's motion model (not judged)\">out</abbr></th>"
    "<th><abbr title=\"within the solver's separation band (either answer right)\">band</abbr>"
    "</th><th><abbr "
    "title=\"TOI violations\">late "
    "TOI</abbr></th><th><abbr title=\"max TOI error\">TOI err</abbr></th>"
    "<th><abbr title=\"ns/query: median [min&ndash;max] over repeats\">ns/query</abbr></th>";

static void write_summary(ccdb_rbuf *b, const ccdb_html_solver *s, size_t n)
{
    ccdb_rbuf_puts(b, "<section id=\"summary-section\"><h2>Summary</h2>\n"
                      "<p class=\"note\">Totals per solver over every dataset. A red FN or TOI "
                      "violation cell is a broken promise: the solver claims to be conservative. "
                      "Time: query-weighted mean over datasets of each dataset's median "
                      "[min&ndash;max] over repeats. Contract violations: answers with a state "
                      "out of range, a TOI not in [0,1] for a hit, or a negative work count "
                      "(tallied otherwise as they read). Run: in a child process (isolated) "
                      "or in ccdbench's own, and where the solver comes from (built-in, "
                      "plugin, peer, engine).</p>\n"
                      "<div class=\"scroll\"><table id=\"summary\" class=\"summary\">\n"
                      "<thead><tr><th>solver</th>"
                      "<th>claims</th><th>status</th>");
    ccdb_rbuf_puts(b, count_heads);
    ccdb_rbuf_puts(b, "<th>work</th><th><abbr title=\"contract violations\">CV</abbr></th>"
                      "<th>run</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < n; i++) {
        const ccdb_html_solver *t = &s[i];
        ccdb_rbuf_printf(b, "<tr class=\"solver status-%s\"><td>",
                         ccdb_report_status_name(t->status));
        ccdb_html_wrappable(b, t->name);
        ccdb_rbuf_puts(b, "</td><td>");
        claims_tags(b, t->claim_tags);
        ccdb_rbuf_puts(b, "</td>");
        td_status(b, t);
        td_counts(b, &t->counts, t->conservative);
        td_time(b, t->ns_median, t->ns_min, t->ns_max);
        if (t->work < 0)
            ccdb_rbuf_puts(b, "<td class=\"num\" title=\"this solver has no work count\">n/a</td>");
        else
            td_ll(b, t->work, 0);
        td_ll(b, t->violations, t->violations > 0);
        ccdb_rbuf_puts(b, t->isolated ? "<td>isolated" : "<td>in-process");
        if (t->origin && *t->origin) { /* where it comes from: built-in, peer, engine... */
            ccdb_rbuf_puts(b, "<br><span class=\"range\">");
            ccdb_rbuf_html(b, t->origin);
            ccdb_rbuf_puts(b, "</span>");
        }
        ccdb_rbuf_puts(b, "</td>");
        ccdb_rbuf_puts(b, "</tr>\n");
    }
    ccdb_rbuf_puts(
        b, "</tbody></table></div>\n<p class=\"note legend\" id=\"summary-legend\">"
           "<span><strong>pos.</strong> positives (exact contacts)</span> "
           "<span><strong>GU</strong> gave "
           "up (iteration cap; counted as a hit)</span> <span><strong>fail</strong> failed (no "
           "answer; never a miss)</span> <span><strong>out</strong> outside the solver's motion "
           "model (its own answer; not judged)</span> <span><strong>band</strong> within the "
           "solver's separation band (a hit or a miss, both right)</span> <span><strong>late "
           "TOI</strong> TOI "
           "violations (a TOI "
           "later than the exact one)</span> <span><strong>TOI err</strong> max TOI error "
           "(how early)</span> <span><strong>ns/query</strong> median, under it [min&ndash;max]"
           "</span> <span><strong>CV</strong> contract violations</span></p>\n");
    /* Every solver is judged on the same queries: the largest count is the run's. */
    long long undecided = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i].counts.undecided > undecided)
            undecided = s[i].counts.undecided;
    if (undecided > 0)
        ccdb_rbuf_printf(b,
                         "<p class=\"note\" id=\"undecided\"><strong>%lld undecided</strong> "
                         "quer%s (sweeps): the certified judge could not decide %s within its "
                         "precision cap; judged neither hit nor miss for any solver, in no count "
                         "but queries (summary.csv: column undecided; each query in undecided/ "
                         "and findings.csv, category undecided).</p>\n",
                         undecided, undecided == 1 ? "y" : "ies", undecided == 1 ? "it" : "them");
    ccdb_rbuf_puts(b, "</section>\n");
}

static void write_charts(ccdb_rbuf *b, const ccdb_html_solver *s, size_t n)
{
    ccdb_html_bar *bars = calloc(n ? n : 1, sizeof *bars);
    if (!bars) {
        b->oom = 1;
        return;
    }
    ccdb_rbuf_puts(b, "<section id=\"charts\"><h2>Charts</h2>\n<p class=\"note\">Logarithmic "
                      "axes (log<sub>10</sub>(1&nbsp;+&nbsp;x), so zero sits at the origin). "
                      "Red: false negatives of a solver that claims to be conservative.</p>\n"
                      "<div class=\"charts\">\n");
    for (size_t i = 0; i < n; i++)
        bars[i] = (ccdb_html_bar){ s[i].name, (double)s[i].counts.fn, NAN, NAN,
                                   s[i].conservative && s[i].counts.fn > 0 };
    ccdb_html_bar_chart(b, "chart-fn", "False negatives per solver", "false negatives", bars, n);
    for (size_t i = 0; i < n; i++)
        bars[i] = (ccdb_html_bar){ s[i].name, (double)s[i].counts.fp, NAN, NAN, 0 };
    ccdb_html_bar_chart(b, "chart-fp", "False positives per solver", "false positives", bars, n);
    for (size_t i = 0; i < n; i++)
        bars[i] = (ccdb_html_bar){ s[i].name, s[i].ns_median, s[i].ns_min, s[i].ns_max, 0 };
    ccdb_html_bar_chart(b, "chart-time", "Time per query (median, whisker: min\xE2\x80\x93max)",
                        "ns per query", bars, n);
    ccdb_rbuf_puts(b, "</div>\n</section>\n");
    free(bars);
}

/* Rows grouped by (dataset, kind), then class, each group in order of first appearance. */
typedef struct fam_key {
    size_t dk, fam, row;
} fam_key;

static int cmp_fam(const void *pa, const void *pb)
{
    const fam_key *a = pa, *b = pb;
    if (a->dk != b->dk)
        return a->dk < b->dk ? -1 : 1;
    if (a->fam != b->fam)
        return a->fam < b->fam ? -1 : 1;
    return (a->row > b->row) - (a->row < b->row);
}

static int cmp_dk(const void *pa, const void *pb)
{
    rowp x = *(const rowp *)pa, y = *(const rowp *)pb;
    int c = strcmp(ccdb_html_str(x->dataset), ccdb_html_str(y->dataset));
    if (!c)
        c = strcmp(ccdb_html_str(x->kind), ccdb_html_str(y->kind));
    return c;
}

static int cmp_dkf(const void *pa, const void *pb)
{
    int c = cmp_dk(pa, pb);
    if (!c) {
        rowp x = *(const rowp *)pa, y = *(const rowp *)pb;
        c = strcmp(ccdb_html_str(x->family), ccdb_html_str(y->family));
    }
    return c;
}

static int cmp_idx_by(int (*key)(const void *, const void *), const void *pa, const void *pb)
{
    int c = key(pa, pb);
    if (!c)
        c = cmp_addr(*(const rowp *)pa, *(const rowp *)pb);
    return c;
}
static int cmp_dk_idx(const void *a, const void *b)
{
    return cmp_idx_by(cmp_dk, a, b);
}
static int cmp_dkf_idx(const void *a, const void *b)
{
    return cmp_idx_by(cmp_dkf, a, b);
}

/* first[i] = index of the first row with the same key as row i. */
static void first_of_key(const ccdb_report *r, rowp *idx, size_t *first,
                         int (*key)(const void *, const void *),
                         int (*key_idx)(const void *, const void *))
{
    size_t n = r->n_rows;
    for (size_t i = 0; i < n; i++)
        idx[i] = &r->rows[i];
    qsort(idx, n, sizeof *idx, key_idx);
    for (size_t s = 0; s < n;) {
        size_t e = s + 1;
        while (e < n && key(&idx[s], &idx[e]) == 0)
            e++;
        for (size_t k = s; k < e; k++)
            first[idx[k] - r->rows] = (size_t)(idx[s] - r->rows); /* the run's first row */
        s = e;
    }
}

static void write_class_row(ccdb_rbuf *b, const ccdb_report_row *w, int group_start)
{
    ccdb_rbuf_printf(b, "<tr class=\"status-%s%s\"><td>", ccdb_report_status_name(w->status),
                     group_start ? " group-start" : "");
    ccdb_rbuf_html(b, w->family);
    ccdb_rbuf_puts(b, "</td><td>");
    ccdb_rbuf_html(b, w->solver);
    ccdb_rbuf_puts(b, "</td>");
    /* The row's status as a solver's (a broken claim on this row reads so, never "ok"). */
    ccdb_html_solver as_solver = { .status = w->status,
                                   .conservative = w->conservative,
                                   .counts = counts_of(w),
                                   .violations = w->contract_violations,
                                   .has_rows = 1 };
    td_status(b, &as_solver);
    ccdb_html_counts c = counts_of(w);
    td_counts(b, &c, w->conservative);
    td_time(b, w->ns_median, w->ns_min, w->ns_max);
    ccdb_rbuf_puts(b, "</tr>\n");
}

/* Class x solver totals over every dataset (class rows only: "all" rows would double count). */
typedef struct fam_total {
    ccdb_html_counts counts;
    int conservative;
    int seen;
} fam_total;

static void write_by_class(ccdb_rbuf *b, const ccdb_report *r, const ccdb_html_solver *s, size_t ns)
{
    size_t n = r->n_rows, nf = 0;
    const char **fams = malloc((n ? n : 1) * sizeof *fams);
    fam_total *tot = NULL;
    if (!fams) {
        b->oom = 1;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (is_all(&r->rows[i]))
            continue;
        size_t f = 0;
        while (f < nf && !ccdb_html_streq(fams[f], r->rows[i].family))
            f++;
        if (f == nf)
            fams[nf++] = ccdb_html_str(r->rows[i].family);
    }
    if (nf == 0 || ns == 0) {
        free(fams);
        return;
    }
    tot = calloc(nf * ns, sizeof *tot);
    if (!tot) {
        free(fams);
        b->oom = 1;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const ccdb_report_row *w = &r->rows[i];
        if (is_all(w))
            continue;
        size_t f = 0, k = find_solver(s, ns, w->solver);
        while (f < nf && !ccdb_html_streq(fams[f], w->family))
            f++;
        if (f == nf || k == ns) /* not possible: both were collected from these rows */
            continue;
        fam_total *t = &tot[f * ns + k];
        if (!t->seen) {
            t->counts.toi_err_max = t->counts.toi_late_max = NAN;
            t->counts.toi_late_ulps_max = -1;
        }
        t->seen = 1;
        add_counts(&t->counts, w);
        t->conservative |= w->conservative;
    }
    ccdb_rbuf_puts(b, "<h3>Every dataset, by class</h3>\n<table id=\"by-class\" "
                      "class=\"by-class\">\n<thead><tr><th>class</th><th>solver</th>"
                      "<th>queries</th><th>positives</th><th>TP</th><th>FP</th><th>FN</th>"
                      "<th>TN</th><th>gave up</th><th>failed</th><th>TOI violations</th>"
                      "<th>max TOI error</th></tr></thead>\n<tbody>\n");
    for (size_t f = 0; f < nf; f++) {
        int first = 1;
        for (size_t k = 0; k < ns; k++) {
            const fam_total *t = &tot[f * ns + k];
            if (!t->seen)
                continue;
            ccdb_rbuf_printf(b, "<tr%s><td>", first ? " class=\"group-start\"" : "");
            first = 0;
            ccdb_rbuf_html(b, fams[f]);
            ccdb_rbuf_puts(b, "</td><td>");
            ccdb_rbuf_html(b, s[k].name);
            ccdb_rbuf_puts(b, "</td>");
            td_counts(b, &t->counts, t->conservative);
            ccdb_rbuf_puts(b, "</tr>\n");
        }
    }
    ccdb_rbuf_puts(b, "</tbody></table>\n<h3>Per dataset</h3>\n");
    free(fams);
    free(tot);
}

static void write_classes(ccdb_rbuf *b, const ccdb_report *r, const ccdb_html_solver *s, size_t ns)
{
    size_t n = r->n_rows;
    ccdb_rbuf_puts(b, "<section id=\"classes\"><h2>By dataset, kind and class</h2>\n");
    if (n == 0) {
        ccdb_rbuf_puts(b, "<p class=\"note\">No results.</p>\n</section>\n");
        return;
    }
    write_by_class(b, r, s, ns);
    rowp *idx = malloc(n * sizeof *idx);
    size_t *dk = malloc(n * sizeof *dk), *fam = malloc(n * sizeof *fam);
    fam_key *keys = malloc(n * sizeof *keys);
    if (!idx || !dk || !fam || !keys) {
        b->oom = 1;
        free(idx), free(dk), free(fam), free(keys);
        return;
    }
    first_of_key(r, idx, dk, cmp_dk, cmp_dk_idx);
    first_of_key(r, idx, fam, cmp_dkf, cmp_dkf_idx);
    size_t groups = 0;
    for (size_t i = 0; i < n; i++) {
        keys[i] = (fam_key){ dk[i], fam[i], i };
        groups += dk[i] == i;
    }
    qsort(keys, n, sizeof *keys, cmp_fam);
    /* A run over many datasets (every file of the public benchmark) keeps the page small: the
     * first dataset_tables_max tables only, and says so. */
    size_t max = r->dataset_tables_max, written = 0;
    if (max && groups > max)
        ccdb_rbuf_printf(b,
                         "<p class=\"note\" id=\"datasets-capped\">The first %zu of %zu "
                         "dataset &times; kind tables; the other %zu are left out so that this "
                         "page stays small (their rows are in <code>summary.csv</code>; the "
                         "summary, the failure map and the class table above count every "
                         "dataset).</p>\n",
                         max, groups, groups - max);
    /* Folded: the totals above come first; a dataset is one click away. */
    for (size_t s = 0; s < n;) {
        size_t e = s + 1;
        while (e < n && keys[e].dk == keys[s].dk)
            e++;
        if (max && written == max)
            break;
        written++;
        const ccdb_report_row *w0 = &r->rows[keys[s].row];
        ccdb_rbuf_puts(b, "<details class=\"dataset\"><summary>");
        ccdb_rbuf_html(b, w0->dataset);
        ccdb_rbuf_puts(b, " &mdash; ");
        ccdb_rbuf_html(b, w0->kind);
        ccdb_rbuf_puts(b, "</summary>\n<table class=\"by-class\">\n<thead><tr><th>class</th>"
                          "<th>solver</th><th>status</th>");
        ccdb_rbuf_puts(b, count_heads);
        ccdb_rbuf_puts(b, "</tr></thead>\n<tbody>\n");
        for (size_t k = s; k < e; k++)
            write_class_row(b, &r->rows[keys[k].row], k == s || keys[k].fam != keys[k - 1].fam);
        ccdb_rbuf_puts(b, "</tbody></table>\n</details>\n");
        s = e;
    }
    ccdb_rbuf_puts(b, "</section>\n");
    free(idx), free(dk), free(fam), free(keys);
}

/* Up to 4 distinct findings files among those of one solver's given misses or findings. */
typedef struct file_set {
    const char *f[4];
    size_t n;
} file_set;

static void file_add(file_set *fs, const char *file)
{
    if (!file || !*file)
        return;
    for (size_t i = 0; i < fs->n; i++)
        if (!strcmp(fs->f[i], file))
            return;
    if (fs->n < 4)
        fs->f[fs->n++] = file;
}

/* " in FILE and FILE" (nothing when there is no file). */
static void files_text(ccdb_rbuf *b, const file_set *fs)
{
    for (size_t i = 0; i < fs->n; i++) {
        ccdb_rbuf_puts(b, i == 0 ? " in <code>" : i + 1 == fs->n ? " and <code>" : ", <code>");
        ccdb_rbuf_html(b, fs->f[i]);
        ccdb_rbuf_puts(b, "</code>");
    }
}

static void replay_block(ccdb_rbuf *b, const char *replay)
{
    if (replay && *replay) {
        ccdb_rbuf_puts(b, "<pre class=\"replay\"><code>");
        ccdb_rbuf_html(b, replay);
        ccdb_rbuf_puts(b, "</code></pre>");
    }
}

/* A solver that claims nothing (e.g. `null`) breaks no promise by missing: its false negatives
 * are counted and written, not pictured. */
static int claims_nothing(const ccdb_html_solver *t)
{
    return t->has_rows && t->claims == 0;
}

/* The misses of `solver` to picture, at most `cap`, into pick[] (indices into r->misses): spread
 * over the failure classes (kind x family) the solver has, in order of first appearance — the
 * first miss of each class, then the second of each, ... — so that six pictures are never six of
 * one family while other classes go unseen. Returns how many; -1 when out of memory. */
static long spread_picks(const ccdb_report *r, const char *solver, size_t cap, size_t *pick)
{
    size_t n = 0, n_classes = 0, picked = 0;
    size_t *mine = malloc((r->n_misses + 1) * sizeof *mine);
    size_t *cls = malloc((r->n_misses + 1) * sizeof *cls);
    size_t *first = malloc((r->n_misses + 1) * sizeof *first); /* a miss of each class */
    size_t *cursor = malloc((r->n_misses + 1) * sizeof *cursor);
    if (!mine || !cls || !first || !cursor) {
        free(mine), free(cls), free(first), free(cursor);
        return -1;
    }
    for (size_t j = 0; j < r->n_misses; j++) {
        const ccdb_report_miss *m = &r->misses[j];
        if (!ccdb_html_streq(m->solver, solver))
            continue;
        size_t c = 0;
        while (c < n_classes && !(ccdb_html_streq(r->misses[first[c]].kind, m->kind) &&
                                  ccdb_html_streq(r->misses[first[c]].family, m->family)))
            c++;
        if (c == n_classes) {
            first[n_classes] = j;
            cursor[n_classes++] = n;
        }
        cls[n] = c;
        mine[n++] = j;
    }
    /* Round robin over the classes; each round takes one more of every class that has one. */
    for (int progress = 1; picked < cap && progress;) {
        progress = 0;
        for (size_t c = 0; c < n_classes && picked < cap; c++) {
            while (cursor[c] < n && cls[cursor[c]] != c)
                cursor[c]++;
            if (cursor[c] < n) {
                pick[picked++] = mine[cursor[c]++];
                progress = 1;
            }
        }
    }
    free(mine), free(cls), free(first), free(cursor);
    return (long)picked;
}

static void write_misses(ccdb_rbuf *b, const ccdb_report *r, const ccdb_html_solver *s, size_t n)
{
    ccdb_rbuf_puts(b, "<section id=\"misses\"><h2>False negatives</h2>\n");
    long long total = 0;
    for (size_t i = 0; i < n; i++)
        total +=
            s[i].counts.fn > (long long)s[i].n_misses ? s[i].counts.fn : (long long)s[i].n_misses;
    if (total == 0) {
        ccdb_rbuf_puts(b, "<p class=\"note\" id=\"no-misses\">No solver missed a collision."
                          "</p>\n</section>\n");
        return;
    }
    ccdb_rbuf_printf(
        b,
        "<p class=\"note\">At most %zu pictures per solver (every false negative is written, "
        "ready to replay, in the files named below); none for a solver that claims nothing. "
        "Each picture shows the query in two projections: left, looking along "
        "the normal of the primitive at the exact time of impact (the triangle&rsquo;s normal for "
        "vertex&ndash;face, the common normal of the two edges for edge&ndash;edge); right, a "
        "side view with that normal pointing up. When the normal is undefined (degenerate "
        "primitive) the axis along which the points spread least is used instead. Each view is "
        "scaled to fit.</p>\n<p class=\"legend\"><span style=\"color:#1f77b4\">&#9632; t = 0"
        "</span><span style=\"color:#e8710a\">&#9632; t = 1 (dashed)</span><span style=\"color:"
        "#d62728\">&#9632; at the exact time of impact</span><span style=\"color:#888\">&#9632; "
        "vertex paths</span></p>\n",
        r->miss_pictures_per_solver);
    for (size_t i = 0; i < n; i++) {
        long long fn =
            s[i].counts.fn > (long long)s[i].n_misses ? s[i].counts.fn : (long long)s[i].n_misses;
        if (fn == 0)
            continue;
        file_set fs = { { 0 }, 0 };
        for (size_t j = 0; j < r->n_misses; j++)
            if (ccdb_html_streq(r->misses[j].solver, s[i].name))
                file_add(&fs, r->misses[j].file);
        ccdb_rbuf_puts(b, "<div class=\"solver-misses\" id=\"misses-");
        ccdb_html_id(b, s[i].name);
        ccdb_rbuf_puts(b, "\"><h3>");
        ccdb_rbuf_html(b, s[i].name);
        size_t shown = s[i].n_misses < r->miss_pictures_per_solver ? s[i].n_misses
                                                                   : r->miss_pictures_per_solver;
        if (claims_nothing(&s[i]))
            shown = 0;
        ccdb_rbuf_printf(b,
                         "</h3>\n<p class=\"note\">%lld false negative%s; %zu pictured, "
                         "<span class=\"not-shown\">%lld not shown</span>",
                         fn, fn == 1 ? "" : "s", shown, fn - (long long)shown);
        if (claims_nothing(&s[i]))
            ccdb_rbuf_puts(b, " (it claims nothing: a miss breaks no promise)");
        if (fs.n) {
            ccdb_rbuf_puts(b, "; every one is");
            files_text(b, &fs);
        }
        ccdb_rbuf_puts(b, ".</p>\n<div class=\"misses\">\n");
        size_t *pick = malloc((shown + 1) * sizeof *pick);
        long picked = pick ? spread_picks(r, s[i].name, shown, pick) : -1;
        if (picked < 0) {
            free(pick);
            b->oom = 1;
            return;
        }
        for (size_t k = 0; k < (size_t)picked; k++) {
            const ccdb_report_miss *m = &r->misses[pick[k]];
            ccdb_rbuf_puts(b, "<figure class=\"miss-picture\" id=\"miss-");
            ccdb_html_id(b, s[i].name);
            ccdb_rbuf_printf(b, "-%zu\">\n", k);
            ccdb_html_miss_svg(b, m);
            ccdb_rbuf_puts(b, "<figcaption>");
            ccdb_rbuf_html(b, m->dataset);
            ccdb_rbuf_printf(b, " &mdash; query %lld &mdash; ", m->index);
            ccdb_rbuf_html(b, m->kind);
            ccdb_rbuf_puts(b, ", class ");
            ccdb_rbuf_html(b, m->family);
            ccdb_rbuf_puts(b, "<br>exact TOI in [");
            ccdb_rbuf_printf(b, "%.17g, %.17g]", m->toi_lo, m->toi_hi);
            replay_block(b, m->replay);
            ccdb_rbuf_puts(b, "</figcaption>\n</figure>\n");
        }
        free(pick);
        ccdb_rbuf_puts(b, "</div>\n</div>\n");
    }
    ccdb_rbuf_puts(b, "</section>\n");
}

static void toi_text(ccdb_rbuf *b, double toi)
{
    if (isnan(toi))
        ccdb_rbuf_puts(b, "NaN");
    else if (isinf(toi))
        ccdb_rbuf_puts(b, toi > 0 ? "&infin;" : "&minus;&infin;");
    else
        ccdb_rbuf_printf(b, "%.17g", toi);
}

/* TOI findings: per solver, a picture of each one given up to the cap (all are in the bad-toi
 * files). */
/* TOI findings over every solver (the larger of the counted and the given, per solver). */
static long long toi_findings_total(const ccdb_html_solver *s, size_t n)
{
    long long total = 0;
    for (size_t i = 0; i < n; i++)
        total += s[i].toi_findings > (long long)s[i].n_findings ? s[i].toi_findings
                                                                : (long long)s[i].n_findings;
    return total;
}

static void write_findings(ccdb_rbuf *b, const ccdb_report *r, const ccdb_html_solver *s, size_t n)
{
    if (toi_findings_total(s, n) == 0)
        return;
    ccdb_rbuf_printf(b,
                     "<section id=\"toi-findings\"><h2>TOI findings</h2>\n<p class=\"note\">"
                     "Answers whose time of impact is later than the exact one (solvers that "
                     "claim to report TOIs), or not finite, or outside [0,1] (any solver). At "
                     "most %zu pictures per solver, drawn as the false negatives above (red: at "
                     "the exact time of impact); every one is written, replayable, under "
                     "<code>bad-toi/</code> beside this report.</p>\n",
                     r->miss_pictures_per_solver);
    for (size_t i = 0; i < n; i++) {
        long long count = s[i].toi_findings > (long long)s[i].n_findings
                              ? s[i].toi_findings
                              : (long long)s[i].n_findings;
        if (count == 0)
            continue;
        size_t shown = s[i].n_findings < r->miss_pictures_per_solver ? s[i].n_findings
                                                                     : r->miss_pictures_per_solver;
        file_set fs = { { 0 }, 0 };
        for (size_t j = 0; j < r->n_findings; j++)
            if (ccdb_html_streq(r->findings[j].solver, s[i].name))
                file_add(&fs, r->findings[j].file);
        ccdb_rbuf_puts(b, "<div class=\"solver-findings\" id=\"toi-");
        ccdb_html_id(b, s[i].name);
        ccdb_rbuf_puts(b, "\"><h3>");
        ccdb_rbuf_html(b, s[i].name);
        ccdb_rbuf_printf(b, "</h3>\n<p class=\"note\">%lld finding%s; %zu listed", count,
                         count == 1 ? "" : "s", shown);
        if (fs.n) {
            ccdb_rbuf_printf(b, ", %lld more", count - (long long)shown);
            files_text(b, &fs);
        }
        ccdb_rbuf_puts(b, ".</p>\n<div class=\"misses\">\n");
        size_t k = 0;
        for (size_t j = 0; j < r->n_findings && k < shown; j++) {
            const ccdb_report_finding *f = &r->findings[j];
            if (!ccdb_html_streq(f->solver, s[i].name))
                continue;
            /* Drawn as a miss: the exact TOI when there is a contact, none otherwise. */
            ccdb_report_miss m = { 0 };
            m.solver = f->solver;
            m.dataset = f->dataset;
            m.kind = f->kind;
            m.family = f->family;
            m.index = f->index;
            memcpy(m.q, f->q, sizeof m.q);
            m.toi_lo = f->hit ? f->toi_lo : NAN;
            m.toi_hi = f->hit ? f->toi_hi : NAN;
            ccdb_rbuf_puts(b, "<figure class=\"finding-picture\" id=\"toi-");
            ccdb_html_id(b, s[i].name);
            ccdb_rbuf_printf(b, "-%zu\">\n", k);
            ccdb_html_miss_svg(b, &m);
            ccdb_rbuf_puts(b, "<figcaption>");
            ccdb_rbuf_html(b, f->dataset);
            ccdb_rbuf_printf(b, " &mdash; query %lld &mdash; ", f->index);
            ccdb_rbuf_html(b, f->kind);
            ccdb_rbuf_puts(b, ", class ");
            ccdb_rbuf_html(b, f->family);
            ccdb_rbuf_puts(b, "<br>answer ");
            ccdb_rbuf_html(b, f->state);
            ccdb_rbuf_puts(b, ", TOI reported <span class=\"bad-toi\">");
            toi_text(b, f->toi);
            ccdb_rbuf_puts(b, "</span>; exact ");
            if (f->hit)
                ccdb_rbuf_printf(b, "TOI in [%.17g, %.17g]", f->toi_lo, f->toi_hi);
            else
                ccdb_rbuf_puts(b, "no contact");
            if (f->late_ulps > 0 && !isnan(f->late))
                ccdb_rbuf_printf(b, "; <span class=\"bad-toi\">late by %.3g (%lld ulp%s)</span>",
                                 f->late, f->late_ulps, f->late_ulps == 1 ? "" : "s");
            replay_block(b, f->replay);
            ccdb_rbuf_puts(b, "</figcaption>\n</figure>\n");
            k++;
        }
        ccdb_rbuf_puts(b, "</div>\n</div>\n");
    }
    ccdb_rbuf_puts(b, "</section>\n");
}

/* What solvers printed on stdout and stderr (kept out of ccdbench's own output). */
static void write_outputs(ccdb_rbuf *b, const ccdb_report *r)
{
    if (!r->n_outputs)
        return;
    ccdb_rbuf_puts(b, "<section id=\"solver-output\"><h2>Solver output</h2>\n<p class=\"note\">"
                      "What solvers printed on stdout and stderr while they ran, captured by the "
                      "harness (it never mixes with ccdbench's own output): the first lines "
                      "of each.</p>\n");
    for (size_t i = 0; i < r->n_outputs; i++) {
        const ccdb_report_output *o = &r->outputs[i];
        ccdb_rbuf_puts(b, "<div class=\"solver-output\"><h3>");
        ccdb_rbuf_html(b, o->solver);
        ccdb_rbuf_printf(b,
                         "</h3>\n<p class=\"note\">%lld byte%s printed; the first lines:</p>"
                         "\n<pre class=\"output\">",
                         o->bytes, o->bytes == 1 ? "" : "s");
        ccdb_rbuf_html(b, o->excerpt);
        ccdb_rbuf_puts(b, "</pre>\n</div>\n");
    }
    ccdb_rbuf_puts(b, "</section>\n");
}

int ccdb_report_write_html(const ccdb_report *r, const char *path, char *err, size_t errlen)
{
    if (!r || !path)
        return ccdb_errorf(err, errlen, "index.html: no report or no path given");
    if ((r->n_rows && !r->rows) || (r->n_misses && !r->misses) || (r->n_meta && !r->meta) ||
        (r->n_findings && !r->findings) || (r->n_outputs && !r->outputs))
        return ccdb_errorf(err, errlen, "%s: a table is announced but not given", path);
    size_t n = 0;
    ccdb_html_solver *s = summarize(r, &n);
    if (!s)
        return ccdb_errorf(err, errlen, "%s: out of memory", path);
    ccdb_rbuf b = { 0 };
    ccdb_rbuf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                       "<title>ccdbench report</title>\n<style>");
    ccdb_rbuf_puts(&b, css);
    ccdb_rbuf_puts(&b, "</style>\n</head>\n<body>\n<h1>ccdbench report</h1>\n");
    if (r->warning && *r->warning) {
        ccdb_rbuf_puts(&b, "<div class=\"warning\" id=\"warning\" role=\"alert\">&#9888; ");
        ccdb_rbuf_html(&b, r->warning);
        ccdb_rbuf_puts(&b, "</div>\n");
    }
    /* The verdict first, then the summary, the views, the findings; how the run was made last. */
    ccdb_html_toc(&b, toi_findings_total(s, n) > 0, r->n_outputs > 0);
    ccdb_html_verdict(&b, s, n);
    write_summary(&b, s, n);
    ccdb_html_failure_map(&b, r, s, n);
    ccdb_html_tradeoff(&b, s, n);
    ccdb_html_time_cdf(&b, r);
    write_charts(&b, s, n);
    write_classes(&b, r, s, n);
    write_misses(&b, r, s, n);
    write_findings(&b, r, s, n);
    write_outputs(&b, r);
    write_meta(&b, r);
    ccdb_rbuf_puts(&b, "</body>\n</html>\n");
    free(s);
    int rc = ccdb_report_write_atomic(&b, path, err, errlen);
    ccdb_rbuf_free(&b);
    return rc;
}
