/* html_miss.c — a false negative drawn as a small inline SVG with two projections.
 *
 * Left: looking along the normal of the primitive at the exact time of impact (triangle normal
 * for VF, the common normal e_a x e_b for EE). Right: a side view, that normal pointing up, so
 * the approach across the plane is visible. When the normal is undefined (degenerate triangle,
 * parallel edges, unknown kind) we look along the coordinate axis in which the 8 points spread
 * least instead. Robustness: coordinates are first scaled by a power of two (exact) so the
 * largest magnitude is below 1 — no overflow for 1e308, no underflow trouble for subnormals —
 * and each view is fitted to its box with zero extents guarded (all-coincident points are
 * drawn at the centre). Non-finite input is reported in text, never drawn. */
#include "html_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PANEL_W 205.0
#define PANEL_H 190.0
#define GAP     10.0
#define HEAD    16.0
#define PAD     14.0

typedef struct v3 {
    double x, y, z;
} v3;

static v3 sub(v3 a, v3 b)
{
    return (v3){ a.x - b.x, a.y - b.y, a.z - b.z };
}
static double dot(v3 a, v3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
static v3 cross(v3 a, v3 b)
{
    return (v3){ a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
}
static double comp(v3 a, int k)
{
    return k == 0 ? a.x : k == 1 ? a.y : a.z;
}
static v3 axis(int k)
{
    return (v3){ k == 0, k == 1, k == 2 };
}

/* Unit vector along a (a must be non-zero and finite); scaled first so a.a cannot underflow. */
static v3 unit(v3 a)
{
    double m = fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
    a = (v3){ a.x / m, a.y / m, a.z / m };
    double l = sqrt(dot(a, a));
    return (v3){ a.x / l, a.y / l, a.z / l };
}

/* Points of a picture: 8 endpoints, 4 at the TOI, then (rigid and sweep kinds) the arcs' samples: point
 * i of sample k at 12 + 4 k + i. */
#define NPTS (12 + 4 * CCDB_REPORT_ARC_STEPS)

/* One view: n points mapped into a panel. */
typedef struct view {
    double x[NPTS], y[NPTS];
    int n;
} view;

static void fit(const v3 *p, int n, v3 u, v3 w, double ox, double oy, view *out)
{
    double px[NPTS], py[NPTS], x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    out->n = n;
    for (int i = 0; i < n; i++) {
        px[i] = dot(p[i], u);
        py[i] = dot(p[i], w);
        x0 = fmin(x0, px[i]), x1 = fmax(x1, px[i]);
        y0 = fmin(y0, py[i]), y1 = fmax(y1, py[i]);
    }
    double ex = x1 - x0, ey = y1 - y0;
    double sx = ex > 0 ? (PANEL_W - 2 * PAD) / ex : INFINITY;
    double sy = ey > 0 ? (PANEL_H - 2 * PAD) / ey : INFINITY;
    double s = fmin(sx, sy);
    if (!isfinite(s))
        s = 0; /* every point coincides (in this view): all at the centre */
    double mx = x0 + ex / 2, my = y0 + ey / 2;
    double cx = ox + PANEL_W / 2, cy = oy + PANEL_H / 2;
    for (int i = 0; i < n; i++) {
        double X = cx + s * (px[i] - mx), Y = cy - s * (py[i] - my);
        out->x[i] = isfinite(X) ? X : cx;
        out->y[i] = isfinite(Y) ? Y : cy;
    }
}

static void line(ccdb_rbuf *b, const view *v, int i, int j, const char *style)
{
    ccdb_rbuf_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" %s/>", v->x[i],
                     v->y[i], v->x[j], v->y[j], style);
}

static void dot_at(ccdb_rbuf *b, const view *v, int i, double r, const char *style)
{
    ccdb_rbuf_printf(b, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.1f\" %s/>", v->x[i], v->y[i], r,
                     style);
}

static void square_at(ccdb_rbuf *b, const view *v, int i, double r, const char *style)
{
    ccdb_rbuf_printf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.1f\" height=\"%.1f\" %s/>",
                     v->x[i] - r, v->y[i] - r, 2 * r, 2 * r, style);
}

static void triangle(ccdb_rbuf *b, const view *v, int i, const char *style)
{
    ccdb_rbuf_printf(b, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" %s/>", v->x[i], v->y[i],
                     v->x[i + 1], v->y[i + 1], v->x[i + 2], v->y[i + 2], style);
}

#define C0 "#1f77b4"
#define C1 "#e8710a"
#define CT "#d62728"

/* Points 0..7 are the query's (t=0 then t=1); 8..11 the same four at the TOI; the paths from
 * t = 0 to 1 are straight, or (v->n > 12, rigid and sweep kinds) through the arcs' samples. */
static void draw(ccdb_rbuf *b, const view *v, int kind, int has_toi)
{
    for (int i = 0; i < 4; i++) {
        if (v->n == 12) {
            line(b, v, i, i + 4, "stroke=\"#999\" stroke-width=\"1\"");
            continue;
        }
        ccdb_rbuf_printf(b, "<polyline points=\"%.2f,%.2f", v->x[i], v->y[i]);
        for (int j = 12 + i; j < v->n; j += 4)
            ccdb_rbuf_printf(b, " %.2f,%.2f", v->x[j], v->y[j]);
        ccdb_rbuf_printf(b, " %.2f,%.2f\" fill=\"none\" stroke=\"#999\" stroke-width=\"1\"/>",
                         v->x[i + 4], v->y[i + 4]);
    }
    for (int s = 0; s < 3; s++) { /* t=0, t=1, TOI */
        if (s == 2 && !has_toi)
            break;
        int o = s == 0 ? 0 : s == 1 ? 4 : 8;
        const char *col = s == 0 ? C0 : s == 1 ? C1 : CT;
        const char *dash = s == 1 ? " stroke-dasharray=\"5 3\"" : "";
        double w = s == 2 ? 1.2 : 2.0, r = s == 2 ? 2.2 : 3.2;
        char st[160], fill[64];
        snprintf(st, sizeof st, "stroke=\"%s\" stroke-width=\"%.1f\"%s", col, w, dash);
        snprintf(fill, sizeof fill, "fill=\"%s\"", col);
        if (kind == 'v') {
            char poly[200];
            snprintf(poly, sizeof poly, "%s fill=\"%s\" fill-opacity=\"%s\"", st, col,
                     s == 2 ? "0" : "0.12");
            triangle(b, v, o + 1, poly);
            dot_at(b, v, o, r + 0.6, fill);
        } else if (kind == 'e') {
            line(b, v, o, o + 1, st);
            line(b, v, o + 2, o + 3, st);
            dot_at(b, v, o, r, fill);
            dot_at(b, v, o + 1, r, fill);
            square_at(b, v, o + 2, r, fill);
            square_at(b, v, o + 3, r, fill);
        } else {
            for (int i = 0; i < 4; i++)
                dot_at(b, v, o + i, r, fill);
        }
        ccdb_rbuf_puts(b, "\n");
    }
}

static const char *const axis_name[3] = { "x", "y", "z" };

void ccdb_html_miss_svg(ccdb_rbuf *b, const ccdb_report_miss *m)
{
    double W = 2 * PANEL_W + GAP, H = HEAD + PANEL_H;
    ccdb_rbuf_printf(b,
                     "<svg class=\"miss-svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 "
                     "%.0f %.0f\" role=\"img\" aria-label=\"query ",
                     W, H, W, H);
    ccdb_rbuf_printf(b, "%lld\"><title>query %lld: t=0 blue, t=1 orange, at TOI red</title>\n",
                     m->index, m->index);
    /* Every point drawn: the query's 8, and for an arc its samples and the TOI's 4. */
    const int npts = m->arc ? NPTS : 12;
    const double *xs[NPTS];
    for (int i = 0; i < 8; i++)
        xs[i] = m->q[i];
    for (int i = 0; m->arc && i < 4; i++) {
        xs[8 + i] = m->at_toi[i];
        for (int k = 0; k < CCDB_REPORT_ARC_STEPS; k++)
            xs[12 + 4 * k + i] = m->path[k][i];
    }
    int finite = 1;
    double maxabs = 0;
    for (int i = 0; i < (m->arc ? npts : 8); i++)
        for (int k = 0; k < 3; k++) {
            finite &= isfinite(xs[i][k]);
            if (isfinite(xs[i][k]))
                maxabs = fmax(maxabs, fabs(xs[i][k]));
        }
    if (!finite) {
        ccdb_rbuf_printf(b,
                         "<rect x=\"0.5\" y=\"0.5\" width=\"%.0f\" height=\"%.0f\" "
                         "fill=\"none\" stroke=\"#ccc\"/><text x=\"%.0f\" y=\"%.0f\" "
                         "text-anchor=\"middle\" fill=\"#a00\">coordinates are not finite: "
                         "not drawn</text>\n</svg>\n",
                         W - 1, H - 1, W / 2, H / 2);
        return;
    }
    /* Exact power-of-two scaling: largest magnitude in [0.5, 1). */
    int ex = 0;
    if (maxabs > 0)
        (void)frexp(maxabs, &ex);
    v3 p[NPTS];
    for (int i = 0; i < (m->arc ? npts : 8); i++)
        p[i] = (v3){ ldexp(xs[i][0], -ex), ldexp(xs[i][1], -ex), ldexp(xs[i][2], -ex) };
    double t = NAN;
    if (isfinite(m->toi_lo) && isfinite(m->toi_hi))
        t = m->toi_lo / 2 + m->toi_hi / 2;
    else if (isfinite(m->toi_lo))
        t = m->toi_lo;
    else if (isfinite(m->toi_hi))
        t = m->toi_hi;
    int has_toi = !isnan(t);
    double tt = has_toi ? fmin(1.0, fmax(0.0, t)) : 0.5;
    for (int i = 0; i < 4 && !m->arc; i++) { /* on the straight paths */
        v3 a = p[i], c = p[i + 4];
        p[8 + i] =
            (v3){ (1 - tt) * a.x + tt * c.x, (1 - tt) * a.y + tt * c.y, (1 - tt) * a.z + tt * c.z };
    }
    int kind = ccdb_html_streq(m->kind, "vf") || ccdb_html_streq(m->kind, "rigid-vf") ||
                       ccdb_html_streq(m->kind, "sweep-vf")
                   ? 'v'
               : ccdb_html_streq(m->kind, "ee") || ccdb_html_streq(m->kind, "rigid-ee") ||
                       ccdb_html_streq(m->kind, "sweep-ee")
                   ? 'e'
                   : 0;

    /* The normal at the TOI; if it is (numerically) undefined, the axis of least spread. */
    v3 n = { 0, 0, 0 };
    int have_n = 0;
    if (kind) {
        v3 e1 = kind == 'v' ? sub(p[10], p[9]) : sub(p[9], p[8]);
        v3 e2 = kind == 'v' ? sub(p[11], p[9]) : sub(p[11], p[10]);
        n = cross(e1, e2);
        double nn = sqrt(dot(n, n)), scale = sqrt(dot(e1, e1)) * sqrt(dot(e2, e2));
        have_n = isfinite(nn) && scale > 0 && nn > 1e-9 * scale;
    }
    int dropped = 2;
    if (!have_n) {
        double best = INFINITY;
        for (int k = 0; k < 3; k++) {
            double lo = INFINITY, hi = -INFINITY;
            for (int i = 0; i < 8; i++)
                lo = fmin(lo, comp(p[i], k)), hi = fmax(hi, comp(p[i], k));
            if (hi - lo <= best) /* ties: the later axis, so z first (a top view) */
                best = hi - lo, dropped = k;
        }
        n = axis(dropped);
    }
    n = unit(n);
    int j = 0;
    for (int k = 1; k < 3; k++)
        if (fabs(comp(n, k)) < fabs(comp(n, j)))
            j = k;
    v3 ej = axis(j),
       u = unit(sub(ej, (v3){ comp(n, j) * n.x, comp(n, j) * n.y, comp(n, j) * n.z }));
    v3 w = cross(n, u);

    view top, side;
    fit(p, npts, u, w, 0, HEAD, &top);
    fit(p, npts, u, n, PANEL_W + GAP, HEAD, &side);
    ccdb_rbuf_printf(b,
                     "<rect x=\"0.5\" y=\"%.1f\" width=\"%.0f\" height=\"%.0f\" fill=\"#fff\" "
                     "stroke=\"#ccc\"/><rect x=\"%.1f\" y=\"%.1f\" width=\"%.0f\" "
                     "height=\"%.0f\" fill=\"#fff\" stroke=\"#ccc\"/>\n",
                     HEAD + 0.5, PANEL_W - 1, PANEL_H - 1, PANEL_W + GAP + 0.5, HEAD + 0.5,
                     PANEL_W - 1, PANEL_H - 1);
    ccdb_rbuf_puts(b, "<text x=\"2\" y=\"12\" font-size=\"11\" fill=\"#444\">");
    if (have_n)
        ccdb_rbuf_puts(b, kind == 'v' ? "along the triangle normal" : "along e_a \xC3\x97 e_b");
    else
        ccdb_rbuf_printf(b, "along %s (no normal)", axis_name[dropped]);
    ccdb_rbuf_printf(b,
                     "</text><text x=\"%.1f\" y=\"12\" font-size=\"11\" fill=\"#444\">side "
                     "view (normal up)</text>\n",
                     PANEL_W + GAP + 2);
    draw(b, &top, kind, has_toi);
    draw(b, &side, kind, has_toi);
    if (kind == 'e') { /* tell the edges apart: circles end edge a, squares edge b */
        ccdb_rbuf_printf(b,
                         "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#444\">"
                         "&#9679; edge a &#9632; edge b</text>\n",
                         4.0, H - 4);
    }
    ccdb_rbuf_puts(b, "</svg>\n");
}
