/* html_views.c — the three views a solver author reads first: the failure map (solver x kind x
 * family, coloured by FN and FP rate), the speed / false-positive trade-off plot and the
 * distribution of per-query times. Inline HTML and SVG only; deterministic. */
#include "html_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- failure map ---------------------------------------------------------------------------- */

typedef struct map_cell {
    long long queries, positives, fn, fp, negatives, toi_violations;
    int conservative;
} map_cell;

/* Index of `name` in list[0..*n), appended when absent (list has room). */
static size_t intern(const char **list, size_t *n, const char *name)
{
    for (size_t i = 0; i < *n; i++)
        if (ccdb_html_streq(list[i], name))
            return i;
    list[*n] = ccdb_html_str(name);
    return (*n)++;
}

/* Background for a rate in [0,1]: near white at 0 (a faint tint says "measured, none"), then
 * from light to saturated on a square-root scale, so 1% is already visible. */
static void rate_colour(ccdb_rbuf *b, double rate, int hue)
{
    if (!(rate > 0)) {
        ccdb_rbuf_puts(b, "#f6faf6");
        return;
    }
    double t = sqrt(rate > 1 ? 1 : rate);
    ccdb_rbuf_printf(b, "hsl(%d,75%%,%.0f%%)", hue, 88.0 - 40.0 * t);
}

static void percent(ccdb_rbuf *b, long long k, long long n)
{
    if (n > 0)
        ccdb_rbuf_printf(b, "%lld of %lld (%.3g%%)", k, n, 100.0 * (double)k / (double)n);
    else
        ccdb_rbuf_printf(b, "%lld of 0", k);
}

void ccdb_html_failure_map(ccdb_rbuf *b, const ccdb_report *r, const ccdb_html_solver *s, size_t ns)
{
    size_t n = r->n_rows, nf = 0, nk = 0;
    const char **fams = malloc((n + 1) * sizeof *fams), **kinds = malloc((n + 1) * sizeof *kinds);
    map_cell *cells = NULL;
    if (!fams || !kinds)
        goto oom;
    for (size_t i = 0; i < n; i++)
        if (!ccdb_html_streq(r->rows[i].family, "all")) {
            intern(fams, &nf, r->rows[i].family);
            intern(kinds, &nk, r->rows[i].kind);
        }
    ccdb_rbuf_puts(b, "<section id=\"failure-map-section\"><h2>Failure map</h2>\n");
    if (!nf || !ns) {
        ccdb_rbuf_puts(b, "<p class=\"note\" id=\"failure-map\">No per-class results.</p>\n"
                          "</section>\n");
        free(fams), free(kinds);
        return;
    }
    cells = calloc(ns * nk * nf, sizeof *cells);
    if (!cells)
        goto oom;
    for (size_t i = 0; i < n; i++) {
        const ccdb_report_row *w = &r->rows[i];
        if (ccdb_html_streq(w->family, "all"))
            continue;
        size_t k = 0, f = 0, j = 0;
        while (j < ns && !ccdb_html_streq(s[j].name, w->solver))
            j++;
        if (j == ns)
            continue;
        k = intern(kinds, &nk, w->kind);
        f = intern(fams, &nf, w->family);
        map_cell *c = &cells[(j * nk + k) * nf + f];
        c->queries += w->queries;
        c->positives += w->positives;
        c->fn += w->fn;
        c->fp += w->fp;
        c->negatives += w->fp + w->tn;
        c->toi_violations += w->toi_violations;
        c->conservative |= w->conservative;
    }
    ccdb_rbuf_puts(
        b, "<p class=\"note\">Every dataset summed, per solver &times; kind &times; class of the "
           "exact truth. Each cell: <span class=\"fm-fn fm-key\">false negatives</span> on a "
           "red scale by FN rate (of the class&rsquo;s true contacts) and beside it <span "
           "class=\"fm-fp fm-key\">false positives</span> on a blue scale by FP rate (of its "
           "non-contacts); a pale cell is zero, a dot no query. <span class=\"fm-broken fm-key\">"
           "Outlined</span>: a solver that claims to be conservative breaks its claim there (a "
           "false negative or a late TOI, marked &#8224;). A cell links to its solver&rsquo;s "
           "false negatives; the tooltip gives the rates.</p>\n<div class=\"scroll\"><table "
           "id=\"failure-map\" class=\"failure-map\">\n<thead><tr><th>solver</th><th>kind</th>");
    for (size_t f = 0; f < nf; f++) {
        ccdb_rbuf_puts(b, "<th class=\"fm-fam\">");
        ccdb_html_wrappable(b, fams[f]);
        ccdb_rbuf_puts(b, "</th>");
    }
    ccdb_rbuf_puts(b, "</tr></thead>\n<tbody>\n");
    for (size_t j = 0; j < ns; j++) {
        size_t rows = 0;
        for (size_t k = 0; k < nk; k++)
            for (size_t f = 0; f < nf; f++)
                if (cells[(j * nk + k) * nf + f].queries) {
                    rows++;
                    break;
                }
        size_t first = 1;
        for (size_t k = 0; k < nk; k++) {
            const map_cell *row = &cells[(j * nk + k) * nf];
            int any = 0;
            for (size_t f = 0; f < nf; f++)
                any |= row[f].queries > 0;
            if (!any)
                continue;
            ccdb_rbuf_printf(b, "<tr%s>", first ? " class=\"group-start\"" : "");
            if (first) {
                ccdb_rbuf_printf(b, "<th rowspan=\"%zu\" class=\"fm-solver\">", rows);
                ccdb_rbuf_html(b, s[j].name);
                ccdb_rbuf_puts(b, "</th>");
            }
            first = 0;
            ccdb_rbuf_puts(b, "<td>");
            ccdb_rbuf_html(b, kinds[k]);
            ccdb_rbuf_puts(b, "</td>");
            for (size_t f = 0; f < nf; f++) {
                const map_cell *c = &row[f];
                if (!c->queries) {
                    ccdb_rbuf_puts(b, "<td class=\"fm-none\">&middot;</td>");
                    continue;
                }
                int broken = c->conservative && (c->fn > 0 || c->toi_violations > 0);
                ccdb_rbuf_printf(b, "<td class=\"fm%s\" title=\"", broken ? " fm-broken" : "");
                ccdb_rbuf_html(b, s[j].name);
                ccdb_rbuf_puts(b, ", ");
                ccdb_rbuf_html(b, kinds[k]);
                ccdb_rbuf_puts(b, ", ");
                ccdb_rbuf_html(b, fams[f]);
                ccdb_rbuf_puts(b, ": FN ");
                percent(b, c->fn, c->positives);
                ccdb_rbuf_puts(b, "; FP ");
                percent(b, c->fp, c->negatives);
                if (c->toi_violations)
                    ccdb_rbuf_printf(b, "; %lld late TOI(s)", c->toi_violations);
                if (broken)
                    ccdb_rbuf_puts(b, "; breaks its conservative claim");
                ccdb_rbuf_puts(b, "\">");
                /* Only false negatives and TOI findings are written and pictured. */
                int link = c->fn > 0 || c->toi_violations > 0;
                if (link) {
                    ccdb_rbuf_puts(b, c->fn > 0 ? "<a href=\"#misses-" : "<a href=\"#toi-");
                    ccdb_html_id(b, s[j].name);
                    ccdb_rbuf_puts(b, "\">");
                }
                ccdb_rbuf_puts(b, "<span class=\"fm-fn\" style=\"background:");
                rate_colour(b, c->positives ? (double)c->fn / (double)c->positives : 0, 0);
                ccdb_rbuf_printf(b, "\">%lld%s</span>", c->fn, c->toi_violations ? "&#8224;" : "");
                ccdb_rbuf_puts(b, "<span class=\"fm-fp\" style=\"background:");
                rate_colour(b, c->negatives ? (double)c->fp / (double)c->negatives : 0, 215);
                ccdb_rbuf_printf(b, "\">%lld</span>", c->fp);
                if (link)
                    ccdb_rbuf_puts(b, "</a>");
                ccdb_rbuf_puts(b, "</td>");
            }
            ccdb_rbuf_puts(b, "</tr>\n");
        }
    }
    ccdb_rbuf_puts(b, "</tbody></table></div>\n</section>\n");
    free(fams), free(kinds), free(cells);
    return;
oom:
    free(fams), free(kinds), free(cells);
    b->oom = 1;
}

/* ---- shared plot pieces ---------------------------------------------------------------------- */

/* "10 ns", "1 µs", ... for a power of ten of nanoseconds. */
static void ns_tick(ccdb_rbuf *b, int decade)
{
    static const char *const unit[] = { "ns", "\xC2\xB5s", "ms", "s" };
    int u = decade / 3;
    if (decade < 0 || u > 3) {
        ccdb_rbuf_printf(b, "1e%d ns", decade);
        return;
    }
    int p = decade % 3;
    ccdb_rbuf_printf(b, "%s %s", p == 0 ? "1" : p == 1 ? "10" : "100", unit[u]);
}

static void svg_open(ccdb_rbuf *b, const char *id, double w, double h, const char *title)
{
    ccdb_rbuf_printf(b,
                     "<svg id=\"%s\" class=\"plot\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 "
                     "%.0f %.0f\" role=\"img\" aria-label=\"",
                     id, w, h, w, h);
    ccdb_rbuf_html(b, title);
    ccdb_rbuf_puts(b, "\">\n<title>");
    ccdb_rbuf_html(b, title);
    ccdb_rbuf_puts(b, "</title>\n");
}

/* Log-10 x axis over decades [d0, d1] from x0 to x0 + pw at y; grid lines up to top. */
static void log_x_axis(ccdb_rbuf *b, int d0, int d1, double x0, double pw, double y, double top,
                       const char *label)
{
    ccdb_rbuf_puts(b, "<g font-size=\"10\" fill=\"#555\">\n");
    int step = d1 - d0 > 8 ? 2 : 1;
    for (int d = d0; d <= d1; d += step) {
        double x = x0 + pw * (double)(d - d0) / (double)(d1 - d0);
        ccdb_rbuf_printf(
            b,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e3e3e3\"/>"
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
            x, top, x, y, x, y + 14);
        ns_tick(b, d);
        ccdb_rbuf_puts(b, "</text>\n");
    }
    ccdb_rbuf_printf(b,
                     "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\"/>"
                     "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"11\" "
                     "fill=\"#333\">%s</text>\n</g>\n",
                     x0, y, x0 + pw, y, x0 + pw / 2, y + 30, label);
}

/* Decades [*d0, *d1] (at least one apart) covering the positive values lo..hi. */
static void decades_of(double lo, double hi, int *d0, int *d1)
{
    *d0 = lo > 0 && isfinite(lo) ? (int)floor(log10(lo)) : 0;
    *d1 = hi > 0 && isfinite(hi) ? (int)ceil(log10(hi)) : *d0 + 1;
    if (*d1 <= *d0)
        *d1 = *d0 + 1;
}

/* ---- trade-off plot ------------------------------------------------------------------------- */

typedef struct tpoint {
    size_t solver;
    double x, y;    /* the point */
    long long ly10; /* its label's baseline after nudging, in tenths of a pixel */
    double lx, w;   /* its label's left edge and width */
} tpoint;

static int cmp_tpoint_y(const void *pa, const void *pb)
{
    const tpoint *a = pa, *b = pb;
    if (a->y != b->y)
        return a->y < b->y ? -1 : 1;
    return (a->solver > b->solver) - (a->solver < b->solver);
}

#define T_W       760.0
#define T_H       400.0
#define T_LEFT    64.0
#define T_RIGHT   200.0 /* room for labels right of the last points */
#define T_TOP     16.0
#define T_BAND    26.0 /* the "FP = 0" band under the log axis */
#define T_BOTTOM  44.0
#define LABEL_H   12.0
#define LABEL_H10 120 /* LABEL_H in tenths of a pixel */

void ccdb_html_tradeoff(ccdb_rbuf *b, const ccdb_html_solver *s, size_t ns)
{
    ccdb_rbuf_puts(
        b, "<section id=\"tradeoff-section\"><h2>Speed against false positives</h2>\n<p "
           "class=\"note\">One point per solver: its mean time per query (the summary&rsquo;s "
           "ns/query, log scale) against its false-positive rate (false positives over the "
           "queries without contact, log scale; a rate of exactly 0 sits in the band marked "
           "&ldquo;0&rdquo;). Lower left is better. <span style=\"color:#d62728\">&#9650; red "
           "triangle</span>: the solver has false negatives; &#9679; none.</p>\n");
    tpoint *p = calloc(ns + 1, sizeof *p);
    if (!p) {
        b->oom = 1;
        return;
    }
    size_t np = 0;
    double tmin = INFINITY, tmax = 0, rmin = INFINITY;
    for (size_t i = 0; i < ns; i++) {
        const ccdb_html_counts *c = &s[i].counts;
        long long neg = c->fp + c->tn;
        if (!(s[i].ns_median > 0) || !isfinite(s[i].ns_median) || neg <= 0)
            continue;
        double rate = (double)c->fp / (double)neg;
        p[np++] = (tpoint){ i, s[i].ns_median, rate, 0, 0, 0 };
        tmin = fmin(tmin, s[i].ns_median);
        tmax = fmax(tmax, s[i].ns_median);
        if (rate > 0)
            rmin = fmin(rmin, rate);
    }
    int xd0, xd1, yd0 = isfinite(rmin) ? (int)floor(log10(rmin)) : -3;
    decades_of(tmin, tmax, &xd0, &xd1);
    if (yd0 > -1)
        yd0 = -1;
    double x0 = T_LEFT, pw = T_W - T_LEFT - T_RIGHT, y_log_bottom = T_H - T_BOTTOM - T_BAND;
    double ph = y_log_bottom - T_TOP;
    svg_open(b, "tradeoff", T_W, T_H, "Mean time per query against false-positive rate");
    if (!np) {
        ccdb_rbuf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#777\">no timed solver</text>\n",
                         x0 + 6, T_TOP + 20);
        ccdb_rbuf_puts(b, "</svg>\n</section>\n");
        free(p);
        return;
    }
    /* y axis: decades of the rate from 10^yd0 (bottom) to 10^0 = 100 % (top), then the 0 band */
    ccdb_rbuf_puts(b, "<g font-size=\"10\" fill=\"#555\">\n");
    for (int d = yd0; d <= 0; d++) {
        double y = y_log_bottom - ph * (double)(d - yd0) / (double)(0 - yd0);
        ccdb_rbuf_printf(
            b,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e3e3e3\"/>"
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">",
            x0, y, x0 + pw, y, x0 - 4, y + 3);
        if (d >= -2)
            ccdb_rbuf_printf(b, "%g%%", 100.0 * pow(10.0, d));
        else
            ccdb_rbuf_printf(b, "1e%d", d);
        ccdb_rbuf_puts(b, "</text>\n");
    }
    double band_y = y_log_bottom + 6, band_mid = band_y + (T_BAND - 6) / 2;
    ccdb_rbuf_printf(b,
                     "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#eef5ee\"/>"
                     "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-weight=\"700\">0</text>"
                     "<text x=\"12\" y=\"%.1f\" transform=\"rotate(-90 12 %.1f)\" "
                     "text-anchor=\"middle\" font-size=\"11\" fill=\"#333\">false-positive rate"
                     "</text>\n</g>\n",
                     x0, band_y, pw, T_BAND - 6, x0 - 4, band_mid + 3, T_TOP + ph / 2,
                     T_TOP + ph / 2);
    log_x_axis(b, xd0, xd1, x0, pw, T_H - T_BOTTOM, T_TOP, "mean time per query (log scale)");

    for (size_t i = 0; i < np; i++) {
        double xr = (log10(p[i].x) - xd0) / (double)(xd1 - xd0);
        double px = x0 + pw * xr;
        double py =
            p[i].y > 0 ? y_log_bottom - ph * (log10(p[i].y) - yd0) / (double)(0 - yd0) : band_mid;
        p[i].x = px;
        p[i].y = py;
        p[i].lx = px + 7;
        p[i].w = 7.0 * (double)strlen(s[p[i].solver].name) + 4;
        p[i].ly10 = llround((py + 4) * 10); /* py is within the plot: no overflow */
    }
    /* Labels right of their points; top to bottom, each pushed down below any label already
     * placed that it would overlap (same horizontal span), so that none overlap. Baselines are
     * integers (tenths of a pixel): in doubles, (a + 12) - a can be below 12 and the same push
     * repeat for ever. Each push moves label i strictly down to a placed label's baseline + 12,
     * so it uses each placed label at most once: at most i pushes, i + 1 passes. */
    qsort(p, np, sizeof *p, cmp_tpoint_y);
    for (size_t i = 0; i < np; i++) {
        int moved = 1;
        for (size_t pass = 0; moved && pass <= i; pass++) {
            moved = 0;
            for (size_t j = 0; j < i; j++)
                if (p[i].lx < p[j].lx + p[j].w && p[j].lx < p[i].lx + p[i].w &&
                    llabs(p[i].ly10 - p[j].ly10) < LABEL_H10) {
                    p[i].ly10 = p[j].ly10 + LABEL_H10;
                    moved = 1;
                }
        }
    }
    for (size_t i = 0; i < np; i++) {
        const ccdb_html_solver *t = &s[p[i].solver];
        int fn = t->counts.fn > 0;
        ccdb_rbuf_puts(b, "<g class=\"point\"><title>");
        ccdb_rbuf_html(b, t->name);
        ccdb_rbuf_printf(b, ": %.4g ns/query, FP %lld of %lld, FN %lld</title>", t->ns_median,
                         t->counts.fp, t->counts.fp + t->counts.tn, t->counts.fn);
        if (fn)
            ccdb_rbuf_printf(b,
                             "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"#d62728\" "
                             "stroke=\"#700\"/>",
                             p[i].x, p[i].y - 6, p[i].x + 5, p[i].y + 3, p[i].x - 5, p[i].y + 3);
        else
            ccdb_rbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" fill=\"#4e79a7\"/>",
                             p[i].x, p[i].y);
        double ly = (double)p[i].ly10 / 10;
        if (fabs(ly - (p[i].y + 4)) > 1)
            ccdb_rbuf_printf(b,
                             "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                             "stroke=\"#aaa\"/>",
                             p[i].x + 3, p[i].y, p[i].lx - 1, ly - 4);
        ccdb_rbuf_printf(b, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\" font-size=\"11\"%s>",
                         p[i].lx, ly, fn ? " fill=\"#a00\"" : "");
        ccdb_rbuf_html(b, t->name);
        ccdb_rbuf_puts(b, "</text></g>\n");
    }
    ccdb_rbuf_puts(b, "</svg>\n</section>\n");
    free(p);
}

/* ---- per-query time distribution ------------------------------------------------------------ */

#define C_W      550.0 /* two panels side by side in the page's 1200 px */
#define C_H      330.0
#define C_LEFT   44.0
#define C_RIGHT  12.0
#define C_TOP    26.0
#define C_BOTTOM 40.0

/* A kind's panel title. */
static const char *kind_title(const char *kind)
{
    static const struct {
        const char *kind, *title;
    } titles[] = { { "vf", "vertex&ndash;face" },
                   { "ee", "edge&ndash;edge" },
                   { "rigid-vf", "rigid vertex&ndash;face" },
                   { "rigid-ee", "rigid edge&ndash;edge" } };
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++)
        if (!strcmp(kind, titles[i].kind))
            return titles[i].title;
    return NULL; /* any other kind: its name, escaped */
}

/* One panel per kind; each solver in its colour (ccdb_html_solver_colour: from its name). */
static void cdf_panel(ccdb_rbuf *b, const ccdb_report *r, const char *kind, int d0, int d1)
{
    double x0 = C_LEFT, pw = C_W - C_LEFT - C_RIGHT, yb = C_H - C_BOTTOM, ph = yb - C_TOP;
    char id[64];
    snprintf(id, sizeof id, "time-cdf-%.40s", kind);
    ccdb_rbuf_puts(b, "<figure class=\"chart\">\n");
    svg_open(b, id, C_W, C_H, "Per-query time, cumulative");
    ccdb_rbuf_puts(b, "<text x=\"8\" y=\"16\" font-size=\"13\" font-weight=\"600\">");
    if (kind_title(kind))
        ccdb_rbuf_puts(b, kind_title(kind));
    else
        ccdb_rbuf_html(b, kind);
    ccdb_rbuf_puts(b, "</text>\n<g font-size=\"10\" fill=\"#555\">\n");
    for (int k = 0; k <= 4; k++) {
        double y = yb - ph * k / 4.0;
        ccdb_rbuf_printf(
            b,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e3e3e3\"/>"
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n",
            x0, y, x0 + pw, y, x0 - 4, y + 3, 25 * k);
    }
    ccdb_rbuf_puts(b, "</g>\n");
    log_x_axis(b, d0, d1, x0, pw, yb, C_TOP, "time of one query (log scale)");
    double lo = pow(10.0, d0);
    for (size_t i = 0; i < r->n_latencies; i++) {
        const ccdb_report_latency *l = &r->latencies[i];
        if (!ccdb_html_streq(l->kind, kind))
            continue;
        ccdb_rbuf_puts(b, "<g class=\"cdf\"><title>");
        ccdb_rbuf_html(b, l->solver);
        ccdb_rbuf_printf(b, ": %lld queries; p50 %.4g ns, p90 %.4g, p99 %.4g, max %.4g</title>",
                         l->queries, l->p50, l->p90, l->p99, l->max);
        char colour[32];
        ccdb_html_solver_colour(l->solver, colour);
        ccdb_rbuf_printf(b, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\" d=\"", colour);
        for (int k = 0; k < CCDB_REPORT_CDF_POINTS; k++) {
            double v = l->cdf[k] > lo ? l->cdf[k] : lo; /* 0 ns (under the timer) at the edge */
            double x = x0 + pw * (log10(v) - d0) / (double)(d1 - d0);
            double y = yb - ph * (double)k / (CCDB_REPORT_CDF_POINTS - 1);
            ccdb_rbuf_printf(b, "%s%.1f %.1f", k ? "L" : "M", x, y);
        }
        ccdb_rbuf_puts(b, "\"/></g>\n");
    }
    ccdb_rbuf_puts(b, "</svg>\n</figure>\n");
}

void ccdb_html_time_cdf(ccdb_rbuf *b, const ccdb_report *r)
{
    ccdb_rbuf_puts(
        b, "<section id=\"time-cdf-section\"><h2>Per-query time distribution</h2>\n<p "
           "class=\"note\">For each solver and kind, the share of queries (over every dataset) "
           "answered within a given time. The median hides the tail and the mean hides the "
           "shape: a solver that runs to its iteration cap on 1% of the queries shows a late "
           "step near the top. How the times were taken: in a pass of their own, the warm-up "
           "pass whose answers are the ones judged, the clock is read just before and just "
           "after each query and the clock&rsquo;s own cost, measured the same way, is "
           "subtracted (see &ldquo;per-query timing&rdquo; above); the first queries of a "
           "dataset run on cold caches. Each curve is drawn from 65 quantiles. The summary&rsquo;s "
           "ns/query times whole loops instead.</p>\n");
    if (!r->n_latencies || !r->latencies) {
        ccdb_rbuf_puts(b, "<p class=\"note\" id=\"time-cdf\">No per-query times.</p>\n"
                          "</section>\n");
        return;
    }
    /* One colour per solver, from its name (the same in every panel and every report); one
     * panel per kind present, in order of first appearance (the rigid kinds too). */
    const char **names = calloc(r->n_latencies, sizeof *names);
    const char **kinds = calloc(r->n_latencies, sizeof *kinds);
    if (!names || !kinds) {
        free(names), free(kinds);
        b->oom = 1;
        return;
    }
    size_t nn = 0, nk = 0;
    double lo = INFINITY, hi = 0;
    for (size_t i = 0; i < r->n_latencies; i++) {
        const ccdb_report_latency *l = &r->latencies[i];
        intern(names, &nn, l->solver);
        intern(kinds, &nk, l->kind);
        for (int k = 0; k < CCDB_REPORT_CDF_POINTS; k++)
            if (l->cdf[k] > 0 && isfinite(l->cdf[k])) {
                lo = fmin(lo, l->cdf[k]);
                hi = fmax(hi, l->cdf[k]);
            }
    }
    int d0, d1;
    decades_of(lo, hi, &d0, &d1);
    ccdb_rbuf_puts(b, "<p class=\"legend\">");
    for (size_t c = 0; c < nn; c++) {
        char colour[32];
        ccdb_html_solver_colour(names[c], colour);
        ccdb_rbuf_printf(b, "<span><span style=\"color:%s\">&#9644;</span> ", colour);
        ccdb_rbuf_html(b, names[c]);
        ccdb_rbuf_puts(b, "</span> ");
    }
    ccdb_rbuf_puts(b, "</p>\n<div id=\"time-cdf\" class=\"charts\">\n");
    for (size_t k = 0; k < nk; k++)
        cdf_panel(b, r, kinds[k], d0, d1);
    ccdb_rbuf_puts(b, "</div>\n<table class=\"latency\"><thead><tr><th>solver</th><th>kind</th>"
                      "<th>queries</th><th>p50 ns</th><th>p90 ns</th><th>p99 ns</th>"
                      "<th>max ns</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < r->n_latencies; i++) {
        const ccdb_report_latency *l = &r->latencies[i];
        char colour[32];
        ccdb_html_solver_colour(l->solver, colour);
        ccdb_rbuf_printf(b, "<tr><td><span style=\"color:%s\">&#9644;</span> ", colour);
        ccdb_rbuf_html(b, l->solver);
        ccdb_rbuf_puts(b, "</td><td>");
        ccdb_rbuf_html(b, l->kind);
        ccdb_rbuf_printf(b, "</td><td class=\"num\">%lld</td>", l->queries);
        const double q[4] = { l->p50, l->p90, l->p99, l->max };
        for (int c = 0; c < 4; c++) {
            ccdb_rbuf_puts(b, "<td class=\"num\">");
            ccdb_html_num(b, q[c]);
            ccdb_rbuf_puts(b, "</td>");
        }
        ccdb_rbuf_puts(b, "</tr>\n");
    }
    ccdb_rbuf_puts(b, "</tbody></table>\n</section>\n");
    free(names), free(kinds);
}
