/* tight_inclusion.c — Tight Inclusion CCD (Wang, Ferguson, Schneider, Jiang, Attene, Panozzo,
 * "A Large-scale Benchmark and an Inclusion-based Algorithm for Continuous Collision
 * Detection", ACM TOG 2021), made conservative and fast on degenerate queries.
 *
 * Method. The gap F(t,u,v) (VF: p - a - u(b-a) - v(c-a); EE: a0 + u(a1-a0) - b0 - v(b1-b0), all
 * points at time t; t,u,v in [0,1], u+v <= 1 for VF) is multilinear, so its range over a box of
 * parameters is the bounding box of its 8 corner values. Each corner value is computed in double;
 * a forward rounding-error bound ε_i is added per axis, and the box is grown by the minimum
 * separation d. A box whose grown inclusion excludes 0 holds no contact; the others are
 * bisected along the parameter with the largest width relative to its tolerance δ / L_j (the
 * largest width_j * L_j, L_j = how fast F can change along parameter j: the paper's
 * per-parameter tolerances). For VF, boxes with u_lo + v_lo > 1 are dropped.
 *
 * Order and TOI. Boxes wait in a priority queue keyed by their lower t rounded down to a t-cell
 * (a power of two <= δ / L_t), deeper boxes first within a cell: earliest first, and a
 * depth-first descent inside a cell. When the search stops (accepted box, cap, out of memory)
 * the reported TOI is the smallest lower t over the current box and every box in the queue:
 * every contact not yet excluded lies in one of them, so it is a lower bound of the true TOI
 * whatever the order was. (The key only orders the search; it never bounds the TOI.)
 *
 * Acceptance (a hit), for a box whose inclusion contains 0: its inclusion is <= δ wide on every
 * axis (the paper's co-domain tolerance), or lies inside [-(ε+d), ε+d], or the box is narrow in
 * t (width_t * L_t <= δ) and one of its corners has |F| <= δ on every axis (the primitives are
 * within δ of each other at that instant: the paper's notion of a hit at tolerance δ), or the
 * box cannot be bisected any more in double.
 *
 * Additions for speed, all sound (they only drop boxes that provably hold no contact, or
 * reorder the search):
 *  - exact bounding-box pre-rejection of the whole query (comparisons of doubles are exact);
 *  - contraction: each parameter range of a box is shrunk to where the corner lines (F is
 *    linear along one parameter) can still straddle 0, with outward-rounded roots
 *    (ti_contract); a box that shrinks a lot is evaluated again at once;
 *  - with d = 0, the interval touch test of interval_arith.h over the box's t-range (the
 *    coplanarity cubic and the inside conditions, outward rounded) drops boxes the inclusion
 *    alone cannot (e.g. the near-miss band before a tangential contact); it also removes most
 *    false positives;
 *  - with d = 0, the coplanarity cubic f(t) (a contact needs f(t) = 0) as a polynomial with
 *    outward-rounded interval coefficients, built once per query after TI_CUBIC_AFTER checks,
 *    and evaluated in centred form (Taylor shift to the midpoint of the box's t-range) on every
 *    new t-range: near a double root (a tangential contact) the slabs it excludes grow
 *    geometrically, where the inclusion needs ~1/sqrt(δ) slabs;
 *  - with d = 0, the t-intervals that the cubic or the touch test proved contact-free are
 *    remembered (a few, merged when they touch), and every box's t-range is trimmed by them
 *    before its check: boxes split along u or v share a t-range and would otherwise repeat the
 *    same t-only test (typically in `bullet`, where ε is huge and those tests do the pruning);
 *  - progressive coarsening: after TI_COARSEN_AFTER checks the t-cell doubles every
 *    TI_COARSEN_EVERY checks, so that on hard queries (collinear or tangential contacts whose
 *    near-miss band needs ~1/δ boxes to sweep) the depth-first descent reaches an accepted box
 *    at the price of a looser, still lower, TOI bound, instead of running to the cap.
 *
 * Rounding-error bound (the paper's, with its max: γ_i = max(largest |coordinate| of the query
 * on axis i, 1), never capped at 1): ε_i = 6.661338147750939e-15 γ_i³ (VF),
 * 6.217248937900877e-15 γ_i³ (EE); with a minimum separation 7.549516567451065e-15 (VF),
 * 7.105427357601002e-15 (EE). These are 60u, 56u, 68u and 64u times γ³ (u = 2^-53). For our
 * evaluation order (ti_eval: x(t) = x0 + t fl(x1-x0), then F = ((D -/+ uB) - vC)) a standard
 * forward analysis gives |error| <= 50 u γ (1 + 10u): 5γu per point, 12γu per difference, 14γu
 * per scaled difference, + 4γu and + 6γu for the two final sums. Since γ >= 1, γ³ >= γ and the
 * paper's ε covers it; underflow adds at most a few 2^-1075, far below ε. ε is rounded up.
 * Bisection points lie inside their interval, so children always cover their parent;
 * u_lo + v_lo > 1 in double implies it in reals (1 is a double).
 *
 * Claims: CONSERVATIVE | REPORTS_TOI | MIN_SEPARATION (Chebyshev distance: a hit means the two
 * primitives come within L-infinity distance d of each other, up to ε and δ).
 *
 * Parameters (from ccdb_params): δ = params->delta (default 1e-6); m_I = params->max_iterations
 * (default 1e6) caps the number of boxes checked; when reached the answer is GAVE_UP (counted as
 * a hit) at the TOI bound above; d = params->min_separation (default 0).
 *
 * Inputs outside what the bound covers: non-finite coordinates (or d) -> FAILED; a coordinate
 * so large that γ³ or the corner arithmetic could overflow (|x| > 2^300) -> GAVE_UP at t = 0
 * unless the exact box test already proves a miss.
 */
#include <stdlib.h>
#include <string.h>

#include "ccdb_solver.h"
#include "inclusion_common.h"
#include "interval_arith.h"

/* ---- a binary min-heap of boxes: key (lower t ascending, depth descending) ---- */

typedef struct ti_item {
    incl_box b;
    double key; /* <= b.lo[0]: b's lower t rounded down to the t-cell grid */
    double tw;  /* t-width when an ancestor last passed the interval touch test (or +inf) */
    double tc;  /* t-width when an ancestor last passed the centred cubic test (or +inf) */
} ti_item;

typedef struct ti_heap {
    ti_item *a;
    size_t n, cap;
} ti_heap;

static int ti_less(const ti_item *x, const ti_item *y)
{
    if (x->key != y->key)
        return x->key < y->key;
    return x->b.depth > y->b.depth;
}

static int ti_push(ti_heap *h, const ti_item *b)
{
    if (h->n == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 256;
        ti_item *a = realloc(h->a, cap * sizeof *a);
        if (!a)
            return -1;
        h->a = a;
        h->cap = cap;
    }
    size_t i = h->n++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!ti_less(b, &h->a[p]))
            break;
        h->a[i] = h->a[p];
        i = p;
    }
    h->a[i] = *b;
    return 0;
}

static ti_item ti_pop(ti_heap *h)
{
    ti_item top = h->a[0];
    ti_item last = h->a[--h->n];
    size_t i = 0, n = h->n;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && ti_less(&h->a[c + 1], &h->a[c]))
            ++c;
        if (!ti_less(&h->a[c], &last))
            break;
        h->a[i] = h->a[c];
        i = c;
    }
    if (n > 0)
        h->a[i] = last;
    return top;
}

static void *ti_create(const ccdb_params *params)
{
    (void)params;
    return calloc(1, sizeof(ti_heap));
}

static void ti_destroy(void *state)
{
    ti_heap *h = state;
    if (h) {
        free(h->a);
        free(h);
    }
}

/* Checks before the t-cells start to coarsen, and how often they double after that. */
#define TI_COARSEN_AFTER 1024
#define TI_COARSEN_EVERY 256
/* Checks after which every surviving box also gets the interval touch test. */
#define TI_TOUCH_AFTER 64
/* Checks after which boxes with a new t-range get the centred cubic test (d = 0). Building
 * the cubic costs about as much as a check or two; most queries end within 4 checks. */
#define TI_CUBIC_AFTER 4

/* ---- the query, prepared once ---- */

typedef struct ti_query {
    double x0[4][3], dx[4][3]; /* rows at t=0 and fl(x1 - x0): x(t) = x0 + t dx, as bounded */
    int ee;
    double thr[3]; /* ε_i + d, rounded up */
} ti_query;

/* F at the 8 corners of box b: G[4*kt + 2*ku + kv][axis], in the evaluation order whose
 * error the file opening bounds (the same as incl_corner_range in inclusion_common.h). */
static void ti_eval(const ti_query *Q, const incl_box *b, double G[8][3])
{
    for (int kt = 0; kt < 2; ++kt) {
        double t = kt ? b->hi[0] : b->lo[0];
        double D[3], B[3], C[3];
        for (int i = 0; i < 3; ++i) {
            double x0 = Q->x0[0][i] + t * Q->dx[0][i], x1 = Q->x0[1][i] + t * Q->dx[1][i];
            double x2 = Q->x0[2][i] + t * Q->dx[2][i], x3 = Q->x0[3][i] + t * Q->dx[3][i];
            if (!Q->ee) {
                D[i] = x0 - x1, B[i] = x2 - x1, C[i] = x3 - x1;
            } else {
                D[i] = x0 - x2, B[i] = x1 - x0, C[i] = x3 - x2;
            }
        }
        for (int ku = 0; ku < 2; ++ku) {
            double u = ku ? b->hi[1] : b->lo[1];
            for (int kv = 0; kv < 2; ++kv) {
                double v = kv ? b->hi[2] : b->lo[2];
                double *g = G[4 * kt + 2 * ku + kv];
                for (int i = 0; i < 3; ++i) {
                    double s = Q->ee ? D[i] + u * B[i] : D[i] - u * B[i];
                    g[i] = s - v * C[i];
                }
            }
        }
    }
}

/* ---- the coplanarity cubic as a polynomial in t, for a centred-form exclusion test ---- */

/* A polynomial in t of degree <= 3 with interval coefficients: c[k] encloses the coefficient of
 * t^k. All operations use the outward-rounded iv operations of interval_arith.h, so the exact
 * polynomial of the query (exact coordinates, exact arithmetic) has every coefficient inside
 * the computed interval. */
typedef struct ti_poly {
    iv c[4];
} ti_poly;

static ti_poly ti_pmul(const ti_poly *a, int da, const ti_poly *b, int db)
{
    ti_poly r;
    for (int k = 0; k < 4; ++k)
        r.c[k] = iv_point(0.0);
    for (int i = 0; i <= da; ++i)
        for (int j = 0; j <= db; ++j)
            r.c[i + j] = iv_add(r.c[i + j], iv_mul(a->c[i], b->c[j]));
    return r;
}

static ti_poly ti_padd(const ti_poly *a, const ti_poly *b, int deg, int sub)
{
    ti_poly r = *a;
    for (int k = 0; k <= deg; ++k)
        r.c[k] = sub ? iv_sub(a->c[k], b->c[k]) : iv_add(a->c[k], b->c[k]);
    return r;
}

/* x_j(t) - x_i(t) on axis k as a linear polynomial: (x_j0 - x_i0) + t ((x_j1 - x_i1) - (x_j0 -
 * x_i0)), the same enclosures as iv_lin_diff. */
static void ti_plin(const double q[8][3], int i, int j, ti_poly e[3])
{
    for (int k = 0; k < 3; ++k) {
        iv e0 = iv_diff(q[j][k], q[i][k]), e1 = iv_diff(q[j + 4][k], q[i + 4][k]);
        e[k].c[0] = e0;
        e[k].c[1] = iv_sub(e1, e0);
        e[k].c[2] = e[k].c[3] = iv_point(0.0);
    }
}

/* The coplanarity cubic f(t): VF n.(p-a) with n = (b-a) x (c-a); EE ((a1-a0) x (b1-b0)).(b0-a0)
 * (the quantities iv_may_touch tests). A contact at time t (d = 0) needs f(t) = 0. */
static ti_poly ti_cubic(const double q[8][3], int ee)
{
    ti_poly A[3], B[3], P[3];
    if (!ee) { /* rows p=0, a=1, b=2, c=3 */
        ti_plin(q, 1, 2, A), ti_plin(q, 1, 3, B), ti_plin(q, 1, 0, P);
    } else { /* rows a0=0, a1=1, b0=2, b1=3 */
        ti_plin(q, 0, 1, A), ti_plin(q, 2, 3, B), ti_plin(q, 0, 2, P);
    }
    ti_poly f = { { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } } };
    for (int k = 0; k < 3; ++k) {
        int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        ti_poly x = ti_pmul(&A[k1], 1, &B[k2], 1), y = ti_pmul(&A[k2], 1, &B[k1], 1);
        ti_poly n = ti_padd(&x, &y, 2, 1); /* (A x B)_k */
        ti_poly t = ti_pmul(&n, 2, &P[k], 1);
        f = ti_padd(&f, &t, 3, 0);
    }
    return f;
}

/* 0 when f provably has no zero in [t0, t1]: f is re-expanded around the midpoint m (Taylor
 * shift, interval Horner at the point m) and its range taken over h = t - m in [t0-m, t1-m]
 * (a centred form: its overestimation shrinks like the width times |f'|, so near a double root
 * the excluded t-slabs grow geometrically, unlike the plain interval evaluation). */
static int ti_cubic_may_vanish(const ti_poly *f, double t0, double t1)
{
    double m = 0.5 * (t0 + t1);
    iv M = iv_point(m);
    const iv *a = f->c;
    iv b3 = a[3];
    iv b2 = iv_add(a[2], iv_mul(iv_point(3.0), iv_mul(a[3], M)));
    iv b1 = iv_add(a[1], iv_mul(M, iv_add(iv_mul(iv_point(2.0), a[2]),
                                          iv_mul(iv_point(3.0), iv_mul(a[3], M)))));
    iv b0 = iv_add(a[0], iv_mul(M, iv_add(a[1], iv_mul(M, iv_add(a[2], iv_mul(a[3], M))))));
    iv H = iv_sub((iv){ t0, t1 }, M);
    iv r = iv_add(b0, iv_mul(H, iv_add(b1, iv_mul(H, iv_add(b2, iv_mul(H, b3))))));
    return iv_contains0(r);
}

/* ---- contraction of a box along one parameter ---- */

/* Key of a box with lower t `t`: t rounded down to a multiple of `cell` (a power of two), so
 * that boxes in the same t-cell are taken deepest first (a depth-first descent instead of a
 * sweep over every box of the cell). key <= t always: the division and floor are exact. */
static double ti_key(double t, double cell)
{
    if (cell >= 1.0)
        return t >= 1.0 ? 1.0 : 0.0;
    double k = floor(t / cell) * cell;
    return k < t ? k : t;
}

/* Sound contraction of the box's range [*pa, *pb] of parameter j (bit = 4, 2, 1 for t, u, v in
 * G's index) from its corner values G, each within ε of the exact value. F is linear in one
 * parameter when the other two are fixed, and multilinear, so for a fixed value of parameter j
 * its range over the box's face is spanned by the 4 corner values there, each a linear function
 * of parameter j between the lower and upper face. On axis i the inclusion can hold 0 only where
 * some corner line g_k <= thr_i and some corner line g_k >= -thr_i. Each such condition holds on
 * a set whose earliest point we bound from below and latest from above; the range becomes
 * [max of earliest, min of latest]. Returns 0 when it is empty. Roots are rounded outward: the
 * quotient by a relative 2^-49 and the parameter by an absolute 2^-50 (parameters lie in [0,1],
 * so a few ulps of 1 bound every rounding error of a + w s). */
static int ti_contract(double G[8][3], const double thr[3], const unsigned le[3],
                       const unsigned ge[3], int bit, double *pa, double *pb)
{
    static const int faces[5][4] = { { 0 }, { 0, 2, 4, 6 }, { 0, 1, 4, 5 }, { 0 }, { 0, 1, 2, 3 } };
    static const unsigned lo_masks[5] = { 0, 0x55, 0x33, 0, 0x0F }; /* the corners of lo_face */
    const int *lo_face = faces[bit];
    const unsigned lo_m = lo_masks[bit], hi_m = lo_m << bit;
    const double a = *pa, b = *pb, w = b - a;
    double lo = a, hi = b;
    for (int i = 0; i < 3; ++i) {
        /* Whether some corner of the lower / upper face is <= thr, or >= -thr (the face's
         * min <= thr, max >= -thr). */
        const int a_le = (le[i] & lo_m) != 0, b_le = (le[i] & hi_m) != 0;
        const int a_ge = (ge[i] & lo_m) != 0, b_ge = (ge[i] & hi_m) != 0;
        const double th = thr[i];
        /* Each face already reaches both sides of ±thr: nothing to contract on this axis. */
        if (a_le && b_le && a_ge && b_ge)
            continue;
        for (int sg = 0; sg < 2; ++sg) { /* sg 0: g <= thr; sg 1: -g <= thr */
            int a_ok = sg ? a_ge : a_le;
            int b_ok = sg ? b_ge : b_le;
            if (a_ok && b_ok)
                continue;
            if (!a_ok && !b_ok)
                return 0;
            double A[4], B[4];
            for (int k = 0; k < 4; ++k) {
                A[k] = sg ? -G[lo_face[k]][i] : G[lo_face[k]][i];
                B[k] = sg ? -G[lo_face[k] | bit][i] : G[lo_face[k] | bit][i];
            }
            if (!a_ok) { /* earliest: the first corner line to come down to thr */
                double e = INFINITY;
                for (int k = 0; k < 4; ++k)
                    if (B[k] <= th) {
                        double s = (A[k] - th) / (A[k] - B[k]) * (1.0 - 0x1p-49);
                        double x = a + w * s - 0x1p-50;
                        e = x < e ? x : e;
                    }
                lo = e > lo ? e : lo;
            } else { /* latest: the last corner line still at or below thr */
                double l = -INFINITY;
                for (int k = 0; k < 4; ++k)
                    if (A[k] <= th) {
                        double s = (th - A[k]) / (B[k] - A[k]) * (1.0 + 0x1p-49);
                        double x = a + w * s + 0x1p-50;
                        l = x > l ? x : l;
                    }
                hi = l < hi ? l : hi;
            }
        }
    }
    if (lo > hi)
        return 0;
    *pa = lo;
    *pb = hi;
    return 1;
}

/* The earliest lower t of every box still able to hold a contact: b and the heap. Every
 * contact left lies at or after it, so it is the TOI bound whenever the search stops. */
static double ti_lower_bound(const ti_heap *h, const incl_box *b)
{
    double m = b->lo[0];
    for (size_t i = 0; i < h->n; ++i)
        m = h->a[i].b.lo[0] < m ? h->a[i].b.lo[0] : m;
    return m;
}

/* Re-keys every box for a new t-cell size and restores the heap order. */
static void ti_rekey(ti_heap *h, double cell)
{
    for (size_t i = 0; i < h->n; ++i)
        h->a[i].key = ti_key(h->a[i].b.lo[0], cell);
    for (size_t i = h->n / 2; i-- > 0;) { /* sift down, bottom-up heapify */
        ti_item x = h->a[i];
        size_t j = i;
        for (;;) {
            size_t c = 2 * j + 1;
            if (c >= h->n)
                break;
            if (c + 1 < h->n && ti_less(&h->a[c + 1], &h->a[c]))
                ++c;
            if (!ti_less(&h->a[c], &x))
                break;
            h->a[j] = h->a[c];
            j = c;
        }
        h->a[j] = x;
    }
}

/* Per-parameter speeds: the largest change of F along an edge of the unit parameter cube in
 * direction j (F is multilinear, so its change over a box is <= sum_j L_j width_j); and the
 * t-cell: the largest power of two <= δ / L_t (F moves by <= δ across a cell in t). */
static void ti_speeds(const ti_query *Q, double delta, double L[3], double *cell)
{
    incl_box unit = { { 0, 0, 0 }, { 1, 1, 1 }, 0 };
    double G[8][3];
    ti_eval(Q, &unit, G);
    L[0] = L[1] = L[2] = 0.0;
    for (int c0 = 0; c0 < 8; ++c0)
        for (int j = 0; j < 3; ++j) {
            int bit = 4 >> j;
            if (c0 & bit)
                continue;
            for (int i = 0; i < 3; ++i) {
                double v = fabs(G[c0 | bit][i] - G[c0][i]);
                L[j] = v > L[j] ? v : L[j];
            }
        }
    double c = 1.0;
    while (c > 0x1p-1000 && c * L[0] > delta)
        c *= 0.5;
    *cell = c;
}

/* ---- t-ranges proven free of contact (d = 0) ---- */

/* A few closed t-intervals in which the cubic or the touch test proved that no contact occurs,
 * whatever (u, v). A box's t-range is trimmed by them before it is checked: boxes split along
 * u or v share their parent's t-range, and without this each of them would repeat the same
 * t-only test (or a t-split and the test) on its own. */
#define TI_TFREE 8
typedef struct ti_tfree {
    double lo[TI_TFREE], hi[TI_TFREE];
    int n, next;
} ti_tfree;

static void ti_tfree_add(ti_tfree *x, double t0, double t1)
{
    for (int k = 0; k < x->n; ++k)
        if (t0 <= x->hi[k] && x->lo[k] <= t1) { /* overlapping or touching: the union */
            x->lo[k] = t0 < x->lo[k] ? t0 : x->lo[k];
            x->hi[k] = t1 > x->hi[k] ? t1 : x->hi[k];
            return;
        }
    int k = x->n < TI_TFREE ? x->n++ : x->next; /* full: replace the oldest */
    x->next = (k + 1) % TI_TFREE;
    x->lo[k] = t0;
    x->hi[k] = t1;
}

/* Trims [*t0, *t1] by the contact-free intervals (an end inside one moves to its far end:
 * the interval is closed and holds no contact). Returns 0 when nothing is left. */
static int ti_tfree_trim(const ti_tfree *x, double *t0, double *t1)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (int k = 0; k < x->n; ++k) {
            if (x->lo[k] <= *t0 && *t1 <= x->hi[k])
                return 0;
            if (x->lo[k] <= *t0 && *t0 < x->hi[k])
                *t0 = x->hi[k], changed = 1;
            if (x->lo[k] < *t1 && *t1 <= x->hi[k])
                *t1 = x->lo[k], changed = 1;
        }
    }
    return *t0 <= *t1;
}

/* ---- the solver ---- */

/* One search: the query as the solver holds it, the heap of boxes, and what it learnt so far. */
typedef struct ti_search {
    ti_heap *h;
    const double (*q)[3];
    int ee;
    double delta, d;
    long long cap, checks;
    ti_query Q;
    /* Per-parameter speeds L_j (how fast F can change along parameter j; the parameter
     * tolerances are δ / L_j) and the t-cell size, computed when first needed: most queries
     * end at the first box. */
    double L[3], cell;
    int have_L;
    /* The coplanarity cubic (d = 0 only), built when first needed; -1: it excludes nothing. */
    ti_poly cubic;
    int have_cubic;
    ti_tfree tfree;
} ti_search;

/* What became of a box. */
typedef enum ti_fate {
    TI_NEXT,  /* dropped, split or put back: on to the next box */
    TI_AGAIN, /* contracted to a much smaller box: check it again */
    TI_DONE   /* the answer is in out (a hit, or given up) */
} ti_fate;

static void ti_need_speeds(ti_search *s)
{
    if (!s->have_L)
        ti_speeds(&s->Q, s->delta, s->L, &s->cell), s->have_L = 1;
}

/* Ends the search on box b with the given state, at the lower bound of every TOI still open. */
static ti_fate ti_finish(ti_search *s, const incl_box *b, ccdb_state state, ccdb_result *out)
{
    out->state = state;
    out->toi = ti_lower_bound(s->h, b);
    out->work = s->checks;
    return TI_DONE;
}

/* Puts a box whose start moved back in the heap when another box is now earlier. */
static ti_fate ti_put_back(ti_search *s, const ti_item *it, double key, ccdb_result *out)
{
    ti_item back = { it->b, key, it->tw, it->tc };
    if (ti_push(s->h, &back) != 0)
        return ti_finish(s, &it->b, CCDB_GAVE_UP, out);
    return TI_NEXT;
}

/* Before checking the box: its t-range trimmed by the contact-free intervals; TI_AGAIN means go
 * on with this box. */
static ti_fate ti_trim(ti_search *s, ti_item *it, ccdb_result *out)
{
    incl_box *b = &it->b;
    if (s->tfree.n == 0)
        return TI_AGAIN;
    double t0 = b->lo[0];
    if (!ti_tfree_trim(&s->tfree, &b->lo[0], &b->hi[0]))
        return TI_NEXT;
    if (b->lo[0] > t0 && s->h->n > 0 && ti_key(b->lo[0], s->cell) > s->h->a[0].key)
        return ti_put_back(s, it, ti_key(b->lo[0], s->cell), out);
    return TI_AGAIN;
}

/* A new t-range: without separation a contact needs the coplanarity cubic to vanish in it. The
 * centred form costs a fraction of a check and, unlike the inclusion, excludes the near-miss
 * band before a tangential contact in t-slabs that grow geometrically away from it. Returns 1
 * when the cubic proves the box's t-range free of contact. */
static int ti_cubic_excludes(ti_search *s, ti_item *it)
{
    const incl_box *b = &it->b;
    if (!(s->d == 0 && s->checks > TI_CUBIC_AFTER && b->hi[0] - b->lo[0] < it->tc))
        return 0;
    if (!s->have_cubic) {
        s->cubic = ti_cubic(s->q, s->ee);
        /* Every coefficient may be 0 (e.g. coplanar motion): the test excludes nothing. */
        s->have_cubic = iv_contains0(s->cubic.c[0]) && iv_contains0(s->cubic.c[1]) &&
                                iv_contains0(s->cubic.c[2]) && iv_contains0(s->cubic.c[3])
                            ? -1
                            : 1;
    }
    if (s->have_cubic > 0 && !ti_cubic_may_vanish(&s->cubic, b->lo[0], b->hi[0])) {
        ti_tfree_add(&s->tfree, b->lo[0], b->hi[0]);
        return 1;
    }
    it->tc = b->hi[0] - b->lo[0];
    return 0;
}

/* The inclusion of F over the box against the thresholds: 0 when it excludes zero; else *small
 * (the inclusion is no wider than δ on every axis) and *inside (within the thresholds). */
static int ti_zero_in(const ti_search *s, double G[8][3], int *small, int *inside)
{
    *small = *inside = 1;
    for (int i = 0; i < 3; ++i) {
        double mn = G[0][i], mx = mn;
        for (int k = 1; k < 8; ++k) {
            mn = G[k][i] < mn ? G[k][i] : mn;
            mx = G[k][i] > mx ? G[k][i] : mx;
        }
        if (mn > s->Q.thr[i] || mx < -s->Q.thr[i])
            return 0;
        if (!(mx - mn <= s->delta))
            *small = 0;
        if (mn < -s->Q.thr[i] || mx > s->Q.thr[i])
            *inside = 0;
    }
    return 1;
}

/* Contracts every parameter range of the box; a much smaller box is evaluated again (TI_AGAIN),
 * a box that kept its size goes on to the tests below (TI_DONE is never this step's). */
static ti_fate ti_contract_box(ti_search *s, ti_item *it, double G[8][3], ccdb_result *out,
                               int *go_on)
{
    incl_box *b = &it->b;
    const double *thr = s->Q.thr;
    int shrunk = 0, moved = 0;
    unsigned le[3] = { 0, 0, 0 }, ge[3] = { 0, 0, 0 }; /* corner bit masks per axis */
    *go_on = 0;
    for (int k = 0; k < 8; ++k)
        for (int i = 0; i < 3; ++i) {
            le[i] |= (unsigned)(G[k][i] <= thr[i]) << k;
            ge[i] |= (unsigned)(-G[k][i] <= thr[i]) << k;
        }
    for (int j = 0; j < 3; ++j) {
        double a = b->lo[j], z = b->hi[j];
        if (!ti_contract(G, thr, le, ge, 4 >> j, &a, &z))
            return TI_NEXT;
        if (a > b->lo[j] || z < b->hi[j]) {
            moved = 1;
            shrunk |= (z - a) < 0.5 * (b->hi[j] - b->lo[j]);
            b->lo[j] = a;
            b->hi[j] = z;
        }
    }
    if (moved) {
        ti_need_speeds(s);
        /* VF: outside the triangle's parameter domain (exact: 1 is a double). */
        if (!s->ee && b->lo[1] + b->lo[2] > 1.0)
            return TI_NEXT;
        double key = ti_key(b->lo[0], s->cell);
        if (s->h->n > 0 && key > s->h->a[0].key)
            return ti_put_back(s, it, key, out);
        if (shrunk)
            return TI_AGAIN; /* a much smaller box: a much tighter inclusion */
    }
    *go_on = 1;
    return TI_NEXT;
}

/* Without separation, a contact also needs the coplanarity cubic to vanish and the touch
 * conditions to hold at one t of the box's t-range: an interval test of those
 * (interval_arith.h) drops boxes that the inclusion alone cannot. It costs about as much as ten
 * checks, so it runs on boxes about to be accepted (it removes most false positives) and, on
 * queries that are already long, on every box whose t-range has halved since an ancestor
 * passed it (it prunes the near-miss band before a tangential contact). Returns 1 when it
 * proves the box's t-range free of contact. */
static int ti_touch_excludes(ti_search *s, ti_item *it, int accepting)
{
    const incl_box *b = &it->b;
    if (!(s->d == 0 &&
          (accepting || (s->checks > TI_TOUCH_AFTER && b->hi[0] - b->lo[0] <= 0.5 * it->tw))))
        return 0;
    /* (The test depends on the t-range only: an ancestor that passed it with a t-range not
     * much wider makes it pointless to run again, except before accepting.) */
    if (!iv_may_touch(s->q, s->ee, (iv){ b->lo[0], b->hi[0] })) {
        ti_tfree_add(&s->tfree, b->lo[0], b->hi[0]);
        return 1;
    }
    it->tw = b->hi[0] - b->lo[0];
    return 0;
}

/* Splits the parameter with the largest width relative to its tolerance; a box that cannot be
 * halved in double any more is a hit. */
static ti_fate ti_split(ti_search *s, const ti_item *it, ccdb_result *out)
{
    const incl_box *b = &it->b;
    ti_need_speeds(s);
    int order[3] = { 0, 1, 2 };
    double w[3];
    for (int j = 0; j < 3; ++j)
        w[j] = (b->hi[j] - b->lo[j]) * s->L[j];
    for (int x = 0; x < 3; ++x) /* sort order by w descending (3 elements) */
        for (int y = x + 1; y < 3; ++y)
            if (w[order[y]] > w[order[x]]) {
                int tmp = order[x];
                order[x] = order[y];
                order[y] = tmp;
            }
    int split = -1;
    double mid = 0;
    for (int x = 0; x < 3 && split < 0; ++x) {
        int j = order[x];
        mid = 0.5 * (b->lo[j] + b->hi[j]);
        if (mid > b->lo[j] && mid < b->hi[j])
            split = j;
    }
    if (split < 0) /* not bisectable any more in double */
        return ti_finish(s, b, CCDB_HIT, out);
    ti_item c0 = { *b, 0, it->tw, it->tc }, c1 = { *b, 0, it->tw, it->tc };
    c0.b.hi[split] = mid;
    c1.b.lo[split] = mid;
    c0.b.depth = c1.b.depth = b->depth + 1;
    c0.key = ti_key(c0.b.lo[0], s->cell);
    c1.key = ti_key(c1.b.lo[0], s->cell);
    int keep1 = s->ee || split == 0 || !(c1.b.lo[1] + c1.b.lo[2] > 1.0);
    if (ti_push(s->h, &c0) != 0 || (keep1 && ti_push(s->h, &c1) != 0))
        return ti_finish(s, b, CCDB_GAVE_UP, out); /* out of memory: the bound still holds */
    return TI_NEXT;
}

/* One check of one box: the cap, the trim, the cubic, the inclusion, the contraction, the
 * narrow-in-t corner test, the touch test; then a hit or a split. */
static ti_fate ti_check_box(ti_search *s, ti_item *it, ccdb_result *out)
{
    if (s->checks >= s->cap)
        return ti_finish(s, &it->b, CCDB_GAVE_UP, out);
    ++s->checks;
    ti_fate trimmed = ti_trim(s, it, out);
    if (trimmed != TI_AGAIN)
        return trimmed;
    if (ti_cubic_excludes(s, it))
        return TI_NEXT;
    double G[8][3];
    ti_eval(&s->Q, &it->b, G);
    int small, inside;
    if (!ti_zero_in(s, G, &small, &inside))
        return TI_NEXT;
    if (!small && !inside) {
        int go_on;
        ti_fate contracted = ti_contract_box(s, it, G, out, &go_on);
        if (!go_on)
            return contracted;
    }
    const incl_box *b = &it->b;
    if (!small && !inside && s->have_L && (b->hi[0] - b->lo[0]) * s->L[0] <= s->delta) {
        /* Narrow in t (F moves by <= δ across the t-range): a corner where |F| <= δ on every
         * axis means the primitives are within δ at that instant. */
        for (int c0 = 0; c0 < 8 && !small; ++c0)
            small = fabs(G[c0][0]) <= s->delta && fabs(G[c0][1]) <= s->delta &&
                    fabs(G[c0][2]) <= s->delta;
    }
    if (ti_touch_excludes(s, it, small || inside))
        return TI_NEXT;
    if (small || inside)
        return ti_finish(s, b, CCDB_HIT, out);
    return ti_split(s, it, out);
}

/* The query's set-up: the cheap exits (not finite, boxes apart, a scale the bound cannot
 * handle), then the thresholds and the first box. Returns 1 when the search must run; 0 when
 * out holds the answer already. */
static int ti_start(ti_search *s, ti_heap *h, const double q[8][3], const ccdb_params *params,
                    int ee, ccdb_result *out)
{
    s->h = h;
    s->q = q;
    s->ee = ee;
    s->delta = params->delta;
    s->d = params->min_separation > 0 ? params->min_separation : 0.0;
    s->cap = params->max_iterations > 0 ? params->max_iterations : 1;
    s->checks = 0;
    if (!incl_begin(q, out))
        return 0;
    if (!(s->d < INFINITY)) {
        out->state = CCDB_FAILED;
        return 0;
    }
    if (incl_boxes_apart(q, ee, s->d))
        return 0;
    double g[3];
    incl_gamma(q, g);
    if (g[0] > 0x1p300 || g[1] > 0x1p300 || g[2] > 0x1p300) {
        /* γ³ and the corner arithmetic may overflow: the bound says nothing. */
        out->state = CCDB_GAVE_UP;
        return 0;
    }
    ti_query *Q = &s->Q;
    Q->ee = ee;
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 3; ++i) {
            Q->x0[k][i] = q[k][i];
            Q->dx[k][i] = q[k + 4][i] - q[k][i];
        }
    const double d = s->d;
    const double c = d > 0 ? (ee ? 7.105427357601002e-15 : 7.549516567451065e-15)
                           : (ee ? 6.217248937900877e-15 : 6.661338147750939e-15);
    for (int i = 0; i < 3; ++i) {
        double eps = c * g[i] * g[i] * g[i] * (1.0 + 0x1p-48);
        Q->thr[i] = d > 0 ? nextafter(eps + d, INFINITY) : eps;
    }
    s->L[0] = s->L[1] = s->L[2] = 0;
    s->cell = 1.0;
    s->have_L = 0;
    s->have_cubic = 0;
    s->tfree = (ti_tfree){ { 0 }, { 0 }, 0, 0 };
    h->n = 0;
    ti_item root = { { { 0, 0, 0 }, { 1, 1, 1 }, 0 }, 0.0, INFINITY, INFINITY };
    if (ti_push(h, &root) != 0) {
        out->state = CCDB_GAVE_UP;
        return 0;
    }
    return 1;
}

/* A hard query (typically a tangential or collinear contact, whose near-miss band before the
 * TOI needs ~1/δ boxes to sweep): coarser t-cells let the depth-first descent inside the
 * earliest cell reach an accepted box, at the price of a looser (still lower) TOI bound,
 * instead of sweeping on to the cap. */
static void ti_coarsen_if_hard(ti_search *s)
{
    if (s->have_L && s->checks >= TI_COARSEN_AFTER && s->checks % TI_COARSEN_EVERY == 0 &&
        s->cell < 1.0) {
        s->cell = s->cell * 2.0 < 1.0 ? s->cell * 2.0 : 1.0;
        ti_rekey(s->h, s->cell);
    }
}

/* The search: the earliest box first, each checked until it is dropped, split or accepted;
 * every check counts towards the cap, so it ends. An empty heap is a miss. */
static void ti_solve(ti_heap *h, const double q[8][3], const ccdb_params *params, int ee,
                     ccdb_result *out)
{
    ti_search s;
    ti_fate fate = ti_start(&s, h, q, params, ee, out) ? TI_NEXT : TI_DONE;
    while (fate == TI_NEXT && h->n > 0) {
        ti_coarsen_if_hard(&s);
        ti_item it = ti_pop(h);
        do
            fate = ti_check_box(&s, &it, out);
        while (fate == TI_AGAIN);
    }
    if (fate == TI_NEXT)
        out->work = s.checks;
}

INCL_ENTRIES(ti, ti_heap, ti_solve) /* no per-thread state given: a temporary heap */

const ccdb_solver ccdb_solver_tight_inclusion = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "tight_inclusion",
    .summary = "tight inclusion: corner-value inclusion + rounding bound, earliest-first bisection",
    .reference = "Wang et al. 2021, A Large-scale Benchmark and an Inclusion-based Algorithm for "
                 "CCD (ACM TOG)",
    .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION,
    .create = ti_create,
    .destroy = ti_destroy,
    .vertex_face = ti_vf,
    .edge_edge = ti_ee,
};
