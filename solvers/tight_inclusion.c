/* tight_inclusion.c — Tight Inclusion CCD (Wang, Ferguson, Schneider, Jiang, Attene, Panozzo,
 * "A Large-scale Benchmark and an Inclusion-based Algorithm for Continuous Collision
 * Detection", ACM TOG 2021), made conservative and fast on degenerate queries.
 *
 * Method. The gap F(t,u,v) (VF: p - a - u(b-a) - v(c-a); EE: a0 + u(a1-a0) - b0 - v(b1-b0), all
 * points at time t; t,u,v in [0,1], u+v <= 1 for VF) is multilinear, so its range over a box of
 * parameters is the bounding box of its 8 corner values. Each corner value is computed in double;
 * a forward rounding-error bound ε_i is added per axis, and the box is grown by the minimum
 * separation d. A box whose grown inclusion excludes 0 holds no contact; the others are
 * bisected. Boxes are kept in a priority queue, earliest lower t first (deeper first on ties),
 * so every time a box is popped its lower t is <= the lower t of every box still able to hold a
 * contact: the reported TOI is a lower bound of the true one whenever the search stops.
 *
 * Acceptance (a hit at the popped box's lower t): its inclusion contains 0 and either its width
 * is <= δ on every axis (the paper's co-domain tolerance), or it lies inside [-(ε+d), ε+d] on
 * every axis, or it can no longer be bisected in double. The dimension to split is the one with
 * the largest width relative to its tolerance δ / L_j, i.e. the largest width_j * L_j, where L_j
 * is how fast F can change along parameter j (the paper's per-parameter tolerances).
 *
 * Rounding-error bound (the paper's, with its max: γ_i = max(largest |coordinate| of the query
 * on axis i, 1), never capped at 1): ε_i = 6.661338147750939e-15 γ_i³ (VF),
 * 6.217248937900877e-15 γ_i³ (EE); with a minimum separation 7.549516567451065e-15 (VF),
 * 7.105427357601002e-15 (EE). These are 60u, 56u, 68u and 64u times γ³ (u = 2^-53). For our
 * evaluation order (inclusion_common.h: x(t) = x0 + t(x1-x0), then F = ((D -/+ uB) - vC)) a
 * standard forward analysis gives |error| <= 50 u γ (1 + 10u): 5γu per point, 12γu per
 * difference, 14γu per scaled difference, + 4γu and + 6γu for the two final sums. Since γ >= 1,
 * γ³ >= γ and the paper's ε covers it; underflow adds at most a few 2^-1075, far below ε.
 * Bisection points are exact midpoints or at least lie inside the interval, so the children
 * always cover their parent. u_lo + v_lo > 1 in double implies it in reals (1 is a double).
 *
 * Claims: CONSERVATIVE | REPORTS_TOI | MIN_SEPARATION (Chebyshev distance: a hit means the two
 * primitives come within L-infinity distance d of each other, up to ε and δ).
 *
 * Parameters (from ccdb_params): δ = params->delta (default 1e-6); m_I = params->max_iterations
 * (default 1e6) caps the number of boxes checked; when reached the answer is GAVE_UP (counted as
 * a hit) at the lower t of the earliest remaining box; d = params->min_separation (default 0).
 *
 * Speed (docs/tight-inclusion.md has the figures): an exact bounding-box pre-rejection; the
 * earliest-first queue, which ends the search at the first accepted box instead of refining a
 * whole breadth-first level (the source of the original's runs to the cap on sliding contacts).
 *
 * Inputs outside what the bound covers: non-finite coordinates -> FAILED; a coordinate scale
 * so large that γ³ or the corner arithmetic could overflow (γ > 2^300) -> GAVE_UP at t = 0
 * unless the exact box test already proves a miss.
 */
#include <stdlib.h>
#include <string.h>

#include "ccdb_solver.h"
#include "inclusion_common.h"

/* ---- a binary min-heap of boxes: key (lower t ascending, depth descending) ---- */

typedef struct ti_item {
    incl_box b;
    double key; /* <= b.lo[0]: b's lower t rounded down to the t-cell grid */
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

/* ---- t-range contraction ---- */

/* Key of a box with lower t `t`: t rounded down to a multiple of `cell` (a power of two), so
 * that boxes in the same t-cell are taken deepest first (a depth-first descent instead of a
 * sweep over every box of the cell). key <= t always: the division and floor are exact. */
static double ti_key(double t, double cell)
{
    if (cell >= 1.0)
        return t >= 1.0 ? 1.0 : 0.0;
    return fmin(floor(t / cell) * cell, t);
}

/* Sound contraction of the box's t-range [*ta, *tb] from its corner values G (at t = *ta and
 * t = *tb for the 4 (u,v) corners, each within ε of the exact value). At fixed (u,v) F is linear
 * in t, and at fixed t its range over the (u,v) rectangle is spanned by the 4 corner values; so
 * on axis i the inclusion can hold 0 only where some corner line g_k(t) <= thr_i and some
 * corner line g_k(t) >= -thr_i. Each such condition holds on a set whose earliest point we bound
 * from below (latest from above); t-range := [max of earliest, min of latest]. Returns 0 when
 * the range is empty. Roots are rounded outward: the quotient by a relative 2^-49 and the time
 * by an absolute 2^-50 (t <= 1, so a few ulps of 1 bound every rounding error). */
static int ti_contract_t(double G[2][4][3], const double thr[3], double *ta, double *tb)
{
    const double a = *ta, b = *tb, w = b - a;
    double lo = a, hi = b;
    for (int i = 0; i < 3; ++i) {
        for (int sg = 0; sg < 2; ++sg) { /* sg 0: g <= thr; sg 1: -g <= thr */
            double A[4], B[4];
            int a_ok = 0, b_ok = 0;
            for (int k = 0; k < 4; ++k) {
                A[k] = sg ? -G[0][k][i] : G[0][k][i];
                B[k] = sg ? -G[1][k][i] : G[1][k][i];
                a_ok |= A[k] <= thr[i];
                b_ok |= B[k] <= thr[i];
            }
            if (!a_ok && !b_ok)
                return 0;
            if (!a_ok) { /* earliest: the first corner line to come down to thr */
                double e = INFINITY;
                for (int k = 0; k < 4; ++k)
                    if (B[k] <= thr[i]) {
                        double s = (A[k] - thr[i]) / (A[k] - B[k]) * (1.0 - 0x1p-49);
                        e = fmin(e, a + w * s - 0x1p-50);
                    }
                lo = fmax(lo, e);
            }
            if (!b_ok) { /* latest: the last corner line still at or below thr */
                double l = -INFINITY;
                for (int k = 0; k < 4; ++k)
                    if (A[k] <= thr[i]) {
                        double s = (thr[i] - A[k]) / (B[k] - A[k]) * (1.0 + 0x1p-49);
                        l = fmax(l, a + w * s + 0x1p-50);
                    }
                hi = fmin(hi, l);
            }
        }
    }
    if (lo > hi)
        return 0;
    *ta = lo;
    *tb = hi;
    return 1;
}

/* ---- the solver ---- */

static void ti_solve(ti_heap *h, const double q[8][3], const ccdb_params *params, int ee,
                     ccdb_result *out)
{
    const double delta = params->delta;
    const double d = params->min_separation > 0 ? params->min_separation : 0.0;
    const long long cap = params->max_iterations > 0 ? params->max_iterations : 1;

    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
    if (!incl_all_finite(q) || !(d < INFINITY)) {
        out->state = CCDB_FAILED;
        return;
    }
    if (incl_boxes_apart(q, ee, d))
        return;

    double g[3];
    incl_gamma(q, g);
    if (g[0] > 0x1p300 || g[1] > 0x1p300 || g[2] > 0x1p300) {
        /* γ³ and the corner arithmetic may overflow: the bound says nothing. */
        out->state = CCDB_GAVE_UP;
        return;
    }
    const double c = d > 0 ? (ee ? 7.105427357601002e-15 : 7.549516567451065e-15)
                           : (ee ? 6.217248937900877e-15 : 6.661338147750939e-15);
    double thr[3]; /* ε_i + d, rounded up */
    for (int i = 0; i < 3; ++i) {
        double eps = c * g[i] * g[i] * g[i] * (1.0 + 0x1p-48);
        thr[i] = d > 0 ? nextafter(eps + d, INFINITY) : eps;
    }
    double L[3];
    incl_param_speeds(q, ee, L);
    /* t-cell size: the largest power of two <= δ / L_t (F moves by <= δ across a cell). */
    double cell = 1.0;
    while (cell > 0x1p-1000 && cell * L[0] > delta)
        cell *= 0.5;

    h->n = 0;
    ti_item root = { { { 0, 0, 0 }, { 1, 1, 1 }, 0 }, 0.0 };
    if (ti_push(h, &root) != 0) {
        out->state = CCDB_GAVE_UP;
        return;
    }
    long long checks = 0;
    while (h->n > 0) {
        ti_item it = ti_pop(h);
        incl_box b = it.b;
        /* Every box left (it and the heap) has lower t >= lower: the TOI bound if we stop. */
        double lower = it.key;
    again:
        if (checks >= cap) {
            out->state = CCDB_GAVE_UP;
            out->toi = lower;
            out->work = checks;
            return;
        }
        ++checks;
        double G[2][4][3];
        incl_corners(q, ee, &b, G);
        int zero_in = 1, small = 1, inside = 1;
        for (int i = 0; i < 3 && zero_in; ++i) {
            double mn = G[0][0][i], mx = mn;
            for (int kt = 0; kt < 2; ++kt)
                for (int k = 0; k < 4; ++k) {
                    mn = fmin(mn, G[kt][k][i]);
                    mx = fmax(mx, G[kt][k][i]);
                }
            if (mn > thr[i] || mx < -thr[i])
                zero_in = 0;
            if (!(mx - mn <= delta))
                small = 0;
            if (mn < -thr[i] || mx > thr[i])
                inside = 0;
        }
        if (!zero_in)
            continue;
        double ta = b.lo[0], tb = b.hi[0];
        if (!ti_contract_t(G, thr, &ta, &tb))
            continue;
        if (ta > b.lo[0] || tb < b.hi[0]) {
            int shrunk = (tb - ta) < 0.5 * (b.hi[0] - b.lo[0]);
            b.lo[0] = ta;
            b.hi[0] = tb;
            double key = ti_key(ta, cell);
            if (h->n > 0 && key > h->a[0].key) {
                /* Another box is now earlier: put this one back in its place. */
                ti_item back = { b, key };
                if (ti_push(h, &back) != 0) {
                    out->state = CCDB_GAVE_UP;
                    out->toi = lower;
                    out->work = checks;
                    return;
                }
                continue;
            }
            lower = h->n > 0 ? fmin(ta, h->a[0].key) : ta;
            if (shrunk)
                goto again; /* a much smaller box: a much tighter inclusion */
        }
        if (small || inside) {
            out->state = CCDB_HIT;
            out->toi = h->n > 0 ? fmin(b.lo[0], h->a[0].key) : b.lo[0];
            out->work = checks;
            return;
        }
        /* Split the parameter with the largest width relative to its tolerance. */
        int order[3] = { 0, 1, 2 };
        double w[3];
        for (int j = 0; j < 3; ++j)
            w[j] = (b.hi[j] - b.lo[j]) * L[j];
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
            mid = 0.5 * (b.lo[j] + b.hi[j]);
            if (mid > b.lo[j] && mid < b.hi[j])
                split = j;
        }
        if (split < 0) { /* not bisectable any more in double */
            out->state = CCDB_HIT;
            out->toi = h->n > 0 ? fmin(b.lo[0], h->a[0].key) : b.lo[0];
            out->work = checks;
            return;
        }
        ti_item c0 = { b, 0 }, c1 = { b, 0 };
        c0.b.hi[split] = mid;
        c1.b.lo[split] = mid;
        c0.b.depth = c1.b.depth = b.depth + 1;
        c0.key = ti_key(c0.b.lo[0], cell);
        c1.key = ti_key(c1.b.lo[0], cell);
        int keep1 = ee || split == 0 || !(c1.b.lo[1] + c1.b.lo[2] > 1.0);
        if (ti_push(h, &c0) != 0 || (keep1 && ti_push(h, &c1) != 0)) {
            /* Out of memory: `lower` still bounds every contact left. */
            out->state = CCDB_GAVE_UP;
            out->toi = lower;
            out->work = checks;
            return;
        }
    }
    out->work = checks;
}

static void ti_with_state(void *state, const double q[8][3], const ccdb_params *params, int ee,
                          ccdb_result *out)
{
    if (state) {
        ti_solve(state, q, params, ee, out);
        return;
    }
    ti_heap h = { 0, 0, 0 }; /* no per-thread state given: a temporary heap */
    ti_solve(&h, q, params, ee, out);
    free(h.a);
}

static void ti_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    ti_with_state(state, q, params, 0, out);
}

static void ti_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    ti_with_state(state, q, params, 1, out);
}

const ccdb_solver ccdb_solver_tight_inclusion = {
    CCDB_SOLVER_ABI,
    "tight_inclusion",
    "Tight Inclusion: corner-value inclusion + rounding bound, earliest-first bisection",
    "Wang et al. 2021, A Large-scale Benchmark and an Inclusion-based Algorithm for CCD (ACM TOG)",
    CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION,
    ti_create,
    ti_destroy,
    ti_vf,
    ti_ee,
};
