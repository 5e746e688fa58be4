/* html_verdict.c — what index.html opens with (issue 22): the verdict, one line per solver
 * (its claims kept or broken, its false negatives and late TOIs), the table of contents, each
 * solver's status as the summary shows it (a broken claim never reads "ok"), and each solver's
 * colour, taken from its name so that it is the same in every report. */
#include "html_internal.h"
#include "ccdb_util.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

void ccdb_html_solver_colour(const char *name, char out[32])
{
    /* The hue from the name's hash, in steps of 10 degrees; saturation and lightness fixed for
     * contrast on white. Two names may share a hue: the legend and tooltips name every curve. */
    const char *s = ccdb_html_str(name);
    uint64_t h = ccdb_fnv1a64(CCDB_FNV1A64_BASIS, s, strlen(s));
    unsigned hue = (unsigned)(h % 36u) * 10u;
    unsigned light = 38u + (unsigned)((h >> 32) % 3u) * 6u; /* 38, 44, 50 % */
    snprintf(out, 32, "hsl(%u,70%%,%u%%)", hue, light);
}

int ccdb_html_claim_broken(const ccdb_html_solver *t)
{
    return t->conservative && (t->counts.fn > 0 || t->counts.toi_violations > 0);
}

const char *ccdb_html_status_text(const ccdb_html_solver *t, const char **css_class)
{
    const char *text = ccdb_report_status_name(t->status), *cls = text;
    if (t->status == CCDB_REPORT_CRASHED || t->status == CCDB_REPORT_TIMEOUT) {
        /* worse than anything below: the claims could not be checked there */
    } else if (ccdb_html_claim_broken(t)) {
        text = "CLAIM BROKEN";
        cls = "broken";
    } else if (t->violations > 0) {
        text = "CONTRACT BROKEN";
        cls = "broken";
    }
    *css_class = cls;
    return text;
}

static void plural(ccdb_rbuf *b, long long n, const char *one, const char *many)
{
    ccdb_rbuf_printf(b, "%lld %s", n, n == 1 ? one : many);
}

/* How late the latest TOI is: in ulps of t when few, else in t (with the ulps); "-" if none. */
static void late_by(ccdb_rbuf *b, const ccdb_html_counts *c)
{
    if (isnan(c->toi_late_max) || c->toi_late_ulps_max < 0)
        ccdb_rbuf_puts(b, "&ndash;");
    else if (c->toi_late_ulps_max < 1000)
        ccdb_rbuf_printf(b, "%lld ulp%s", c->toi_late_ulps_max,
                         c->toi_late_ulps_max == 1 ? "" : "s");
    else
        ccdb_rbuf_printf(b, "%.3g (%.2g ulps)", c->toi_late_max, (double)c->toi_late_ulps_max);
}

/* The verdict of one solver, short enough for one line at 1280 px; the counts are columns. */
static void verdict_text(ccdb_rbuf *b, const ccdb_html_solver *t)
{
    if (!t->has_rows) {
        ccdb_rbuf_puts(b, "no result rows");
        return;
    }
    if (!t->conservative)
        ccdb_rbuf_puts(b, "<span class=\"v-none\">claims no conservativeness</span>");
    else if (ccdb_html_claim_broken(t))
        ccdb_rbuf_puts(b, "<strong class=\"v-broken\">conservative claim BROKEN</strong>");
    else
        ccdb_rbuf_puts(b, "<strong class=\"v-kept\">conservative claim kept</strong>");
    if (t->status == CCDB_REPORT_CRASHED || t->status == CCDB_REPORT_TIMEOUT)
        ccdb_rbuf_printf(b,
                         "; <strong class=\"v-broken\">%s on some dataset</strong> (unchecked "
                         "there)",
                         t->status == CCDB_REPORT_CRASHED ? "CRASHED" : "TIMED OUT");
    if (t->violations > 0) {
        ccdb_rbuf_puts(b, "; <strong class=\"v-broken\">CONTRACT BROKEN</strong> (");
        plural(b, t->violations, "answer", "answers");
        ccdb_rbuf_puts(b, ")");
    }
}

void ccdb_html_verdict(ccdb_rbuf *b, const ccdb_html_solver *s, size_t n)
{
    ccdb_rbuf_puts(b,
                   "<section id=\"verdict\"><h2>Verdict</h2>\n<p class=\"note\">Against the "
                   "exact ground truth, over every dataset: a conservative solver never misses "
                   "a contact (FN) and never reports a TOI after the exact one (late TOI).</p>\n"
                   "<table id=\"verdict-table\" class=\"verdict\">\n<thead><tr><th>solver</th>"
                   "<th>verdict</th><th>FN</th><th>late TOI</th><th>late by (max)</th><th>FP</th>"
                   "<th>queries</th>"
                   "<th>claims</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < n; i++) {
        const ccdb_html_solver *t = &s[i];
        const char *cls;
        (void)ccdb_html_status_text(t, &cls);
        char colour[32];
        ccdb_html_solver_colour(t->name, colour);
        ccdb_rbuf_printf(b,
                         "<tr class=\"verdict-%s\"><td><span class=\"swatch\" "
                         "style=\"background:%s\"></span>",
                         cls, colour);
        ccdb_html_wrappable(b, t->name);
        ccdb_rbuf_puts(b, "</td><td>");
        verdict_text(b, t);
        ccdb_rbuf_printf(b,
                         "</td><td class=\"num%s\">%lld</td><td class=\"num%s\">%lld</td>"
                         "<td class=\"num\">",
                         t->conservative && t->counts.fn > 0 ? " bad" : "", t->counts.fn,
                         t->conservative && t->counts.toi_violations > 0 ? " bad" : "",
                         t->counts.toi_violations);
        late_by(b, &t->counts);
        ccdb_rbuf_printf(b, "</td><td class=\"num\">%lld</td><td class=\"num\">%lld</td><td>",
                         t->counts.fp, t->counts.queries);
        if (t->claim_tags && *t->claim_tags)
            ccdb_rbuf_html(b, t->claim_tags);
        else
            ccdb_rbuf_puts(b, "none");
        ccdb_rbuf_puts(b, "</td></tr>\n");
    }
    ccdb_rbuf_puts(b, "</tbody></table>\n</section>\n");
}

void ccdb_html_toc(ccdb_rbuf *b, int has_toi_findings, int has_outputs)
{
    static const struct {
        const char *id, *title;
        int when; /* 0 always, 1 with TOI findings, 2 with solver output */
    } entries[] = {
        { "verdict", "Verdict", 0 },
        { "summary-section", "Summary", 0 },
        { "failure-map-section", "Failure map", 0 },
        { "tradeoff-section", "Speed vs false positives", 0 },
        { "time-cdf-section", "Time distribution", 0 },
        { "charts", "Charts", 0 },
        { "classes", "By dataset and class", 0 },
        { "misses", "False negatives", 0 },
        { "toi-findings", "TOI findings", 1 },
        { "solver-output", "Solver output", 2 },
        { "run", "How this run was made", 0 },
    };
    ccdb_rbuf_puts(b, "<nav id=\"toc\" class=\"toc\">");
    for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++) {
        if ((entries[i].when == 1 && !has_toi_findings) || (entries[i].when == 2 && !has_outputs))
            continue;
        ccdb_rbuf_printf(b, "<a href=\"#%s\">%s</a>", entries[i].id, entries[i].title);
    }
    ccdb_rbuf_puts(b, "</nav>\n");
}
