/* html_charts.c — horizontal bar charts as inline SVG on a log10(1 + x) axis, so that zero
 * counts sit at the origin and counts spanning decades stay readable. */
#include "html_internal.h"

#include <math.h>
#include <string.h>

#define CHART_W     560.0
#define ROW_H       22.0
#define BAR_H       14.0
#define TOP         34.0
#define LABEL_CHARS 28 /* longer solver names are cut (full name in a tooltip) */

static double axis_f(double x)
{
    return log10(1.0 + (x > 0 ? x : 0));
}

/* Code points in a UTF-8 string, up to limit; *cut_at = byte offset of code point `limit`. */
static size_t utf8_len(const char *s, size_t limit, size_t *cut_at)
{
    size_t n = 0, i = 0;
    *cut_at = strlen(s);
    for (; s[i]; i++) {
        if (((unsigned char)s[i] & 0xC0) == 0x80)
            continue;
        if (n == limit) {
            *cut_at = i;
            return n + 1; /* "more than limit" */
        }
        n++;
    }
    return n;
}

static void tick_label(ccdb_rbuf *b, int k)
{
    static const char *const suffix[] = { "", "k", "M", "G", "T" };
    if (k < 15) {
        int p = k % 3;
        ccdb_rbuf_printf(b, "%s%s", p == 0 ? "1" : p == 1 ? "10" : "100", suffix[k / 3]);
    } else {
        ccdb_rbuf_printf(b, "1e%d", k);
    }
}

static void value_label(ccdb_rbuf *b, double v)
{
    if (v == floor(v) && fabs(v) < 1e15)
        ccdb_rbuf_printf(b, "%.0f", v);
    else
        ccdb_html_num(b, v);
}

void ccdb_html_bar_chart(ccdb_rbuf *b, const char *id, const char *title, const char *axis_label,
                         const ccdb_html_bar *bars, size_t n)
{
    size_t maxc = 4;
    for (size_t i = 0; i < n; i++) {
        size_t cut, c = utf8_len(ccdb_html_str(bars[i].label), LABEL_CHARS, &cut);
        if (c > maxc)
            maxc = c;
    }
    double label_w = 8.0 + 6.8 * (double)maxc;
    double x0 = label_w + 8.0, pw = CHART_W - x0 - 64.0;
    double rows = n ? (double)n : 1.0;
    double axis_y = TOP + rows * ROW_H + 4.0;
    double h = axis_y + 46.0;

    double vmax = 0;
    for (size_t i = 0; i < n; i++) {
        if (isfinite(bars[i].value) && bars[i].value > vmax)
            vmax = bars[i].value;
        if (isfinite(bars[i].value) && isfinite(bars[i].hi) && bars[i].hi > vmax)
            vmax = bars[i].hi;
    }
    int decades = vmax > 10 ? (int)ceil(log10(vmax)) : 1;
    if (decades > 308)
        decades = 308;
    double fmax = axis_f(pow(10.0, decades));
    if (!(fmax > 0) || !isfinite(fmax))
        fmax = 1;
#define XPOS(v) (x0 + pw * axis_f(v) / fmax)

    ccdb_rbuf_puts(b, "<figure class=\"chart\">\n<svg id=\"");
    ccdb_rbuf_html(b, id);
    ccdb_rbuf_printf(b,
                     "\" class=\"chart\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f "
                     "%.0f\" role=\"img\" aria-label=\"",
                     CHART_W, h, CHART_W, h);
    ccdb_rbuf_html(b, title);
    ccdb_rbuf_puts(b, "\">\n<title>");
    ccdb_rbuf_html(b, title);
    ccdb_rbuf_printf(b, "</title>\n<text x=\"%.1f\" y=\"20\" font-size=\"14\" font-weight=\"600\">",
                     8.0);
    ccdb_rbuf_html(b, title);
    ccdb_rbuf_puts(b, "</text>\n");

    /* grid and ticks: 0, then every `step` decades */
    int step = decades > 8 ? (decades + 7) / 8 : 1;
    ccdb_rbuf_printf(b, "<g class=\"axis\" font-size=\"10\" fill=\"#555\">\n");
    for (int k = -1; k <= decades; k++) {
        /* the last decade always gets its tick; its neighbour is dropped if it would crowd it */
        if (k >= 0 && k != decades && (k % step != 0 || (step > 1 && decades - k < step)))
            continue;
        double v = k < 0 ? 0.0 : pow(10.0, k);
        double x = XPOS(v);
        ccdb_rbuf_printf(b,
                         "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#ddd\"/>",
                         x, TOP - 4.0, x, axis_y);
        ccdb_rbuf_printf(b, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">", x, axis_y + 14);
        if (k < 0)
            ccdb_rbuf_puts(b, "0");
        else
            tick_label(b, k);
        ccdb_rbuf_puts(b, "</text>\n");
    }
    ccdb_rbuf_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#555\"/>\n",
                     x0, axis_y, x0 + pw, axis_y);
    ccdb_rbuf_printf(b,
                     "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" font-size=\"11\" "
                     "fill=\"#333\">",
                     x0 + pw / 2, axis_y + 32);
    ccdb_rbuf_html(b, axis_label);
    ccdb_rbuf_puts(b, " (log scale)</text>\n</g>\n");

    if (n == 0)
        ccdb_rbuf_printf(b, "<text x=\"%.2f\" y=\"%.2f\" fill=\"#777\">no data</text>\n", x0 + 6,
                         TOP + 14);
    for (size_t i = 0; i < n; i++) {
        const ccdb_html_bar *r = &bars[i];
        double y = TOP + (double)i * ROW_H;
        const char *label = ccdb_html_str(r->label);
        size_t cut, c = utf8_len(label, LABEL_CHARS, &cut);
        ccdb_rbuf_puts(b, "<g class=\"bar\"><title>");
        ccdb_rbuf_html(b, label);
        ccdb_rbuf_puts(b, ": ");
        if (isfinite(r->value))
            ccdb_rbuf_printf(b, "%.17g", r->value);
        else
            ccdb_rbuf_puts(b, "n/a");
        ccdb_rbuf_printf(b,
                         "</title><text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\" "
                         "font-size=\"12\">",
                         label_w, y + BAR_H - 2);
        if (c > LABEL_CHARS) {
            char tmp[256];
            size_t m = cut < sizeof tmp - 1 ? cut : sizeof tmp - 1;
            memcpy(tmp, label, m);
            tmp[m] = '\0';
            ccdb_rbuf_html(b, tmp);
            ccdb_rbuf_puts(b, "\xE2\x80\xA6");
        } else {
            ccdb_rbuf_html(b, label);
        }
        ccdb_rbuf_puts(b, "</text>");
        if (!isfinite(r->value)) {
            ccdb_rbuf_printf(b,
                             "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\" fill=\"#777\">"
                             "n/a</text></g>\n",
                             x0 + 4, y + BAR_H - 2);
            continue;
        }
        double xe = XPOS(r->value);
        const char *fill = r->alert ? "#d62728" : "#4c78a8";
        ccdb_rbuf_printf(b,
                         "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                         "fill=\"%s\"/>",
                         x0, y, xe - x0, BAR_H, fill);
        double xl = xe;
        if (isfinite(r->lo) && isfinite(r->hi)) {
            double a = XPOS(r->lo), c2 = XPOS(r->hi), ym = y + BAR_H / 2;
            ccdb_rbuf_printf(b,
                             "<path d=\"M%.2f %.2fH%.2fM%.2f %.2fV%.2fM%.2f %.2fV%.2f\" "
                             "stroke=\"#222\" fill=\"none\"/>",
                             a, ym, c2, a, y + 3, y + BAR_H - 3, c2, y + 3, y + BAR_H - 3);
            if (c2 > xl)
                xl = c2;
        }
        ccdb_rbuf_printf(b, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\">", xl + 4, y + BAR_H - 2);
        value_label(b, r->value);
        ccdb_rbuf_puts(b, "</text></g>\n");
    }
#undef XPOS
    ccdb_rbuf_puts(b, "</svg>\n</figure>\n");
}
