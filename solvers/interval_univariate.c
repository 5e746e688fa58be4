/* interval_univariate.c — univariate interval root finding on the coplanarity function, after
 * Redon, Kheddar, Coquillart, "Fast Continuous Collision Detection between Rigid Bodies",
 * Eurographics 2002 (interval arithmetic over subdivided time intervals, then an inside test).
 *
 * Method. f(t) = (x1-x0) . ((x2-x0) x (x3-x0)) (VF: x0..x3 = a, b, c, p; EE: a0, a1, b0, b1) is
 * zero whenever the primitives touch. Time intervals T are processed earliest first (a
 * depth-first bisection that takes the earlier half first). On each T, f and the touch
 * conditions are enclosed with interval arithmetic (every difference vector x_j(t) - x_i(t) is
 * enclosed as a linear function of t over T, then products and sums of intervals):
 *   VF: n = (b-a) x (c-a); touching needs f = 0 and n.((b-a) x (p-a)) >= 0,
 *       n.((c-b) x (p-b)) >= 0, n.((a-c) x (p-c)) >= 0;
 *   EE: m = da x db, w = b0-a0; touching needs f = 0, 0 <= (w x db).m <= m.m and
 *       0 <= (w x da).m <= m.m.
 * (With n = 0 or m = 0 — degenerate primitives, parallel edges — these contain 0 and exclude
 * nothing, as they must; so T is also discarded when the two primitives' bounding boxes over T,
 * from interval positions, are apart.) T is discarded when f's enclosure excludes 0 or one touch condition's
 * enclosure is strictly violated; a T narrower than δ that survives is a hit at its lower end.
 * When all four points stay coplanar, f ≡ 0 excludes nothing and only the touch conditions
 * prune: slow, and then the cap matters (Redon's known weak spot). The touch conditions are
 * applied at every level, not only at width δ: still conservative, and far fewer intervals.
 *
 * Outward rounding without fesetround: each operation's bounds are widened by one ulp
 * (interval_arith.h). Because the earlier half is always taken first, every interval left when
 * the search stops lies after the current one: the reported TOI is a lower bound.
 *
 * Claims: CONSERVATIVE | REPORTS_TOI (no minimum separation).
 * Parameters (from ccdb_params): δ = params->delta (default 1e-6), the width in t below which
 * a surviving interval is a hit; params->max_iterations (default 1e6) caps the number of
 * intervals evaluated: reaching it gives GAVE_UP (a hit) at the current interval's lower end,
 * the earliest time still possible; params->min_separation is ignored.
 * Non-finite coordinates -> FAILED; a coordinate above 2^300 in magnitude (products could
 * overflow) -> GAVE_UP at t = 0 unless the exact bounding-box test proves a miss.
 */
#include <stdlib.h>

#include "ccdb_solver.h"
#include "inclusion_common.h"
#include "interval_arith.h"

/* Enclosure of x_j(t) - x_i(t) for t in T (all 3 axes): e(t) = e0 + t (e1 - e0). */
static iv3 iu_diff(const double q[8][3], int i, int j, iv T)
{
    iv3 r;
    for (int k = 0; k < 3; ++k) {
        iv e0 = iv_diff(q[j][k], q[i][k]), e1 = iv_diff(q[j + 4][k], q[i + 4][k]);
        r.x[k] = iv_add(e0, iv_mul(T, iv_sub(e1, e0)));
    }
    return r;
}

/* 1 when the bounding boxes of the two primitives over T are apart on some axis. */
static int iu_boxes_apart(const double q[8][3], int ee, iv T)
{
    for (int k = 0; k < 3; ++k) {
        iv x[4];
        for (int r = 0; r < 4; ++r)
            x[r] = iv_add(iv_point(q[r][k]), iv_mul(T, iv_diff(q[r + 4][k], q[r][k])));
        /* VF: {p} against {a, b, c}; EE: {a0, a1} against {b0, b1}. */
        double alo = x[0].lo, ahi = x[0].hi, blo = x[2].lo, bhi = x[2].hi;
        if (ee) {
            alo = fmin(alo, x[1].lo), ahi = fmax(ahi, x[1].hi);
        } else {
            blo = fmin(blo, x[1].lo), bhi = fmax(bhi, x[1].hi);
        }
        blo = fmin(blo, x[3].lo), bhi = fmax(bhi, x[3].hi);
        if (ahi < blo || bhi < alo)
            return 1;
    }
    return 0;
}

/* 1 when T may hold a contact (nothing proves otherwise). */
static int iu_may_touch(const double q[8][3], int ee, iv T)
{
    if (iu_boxes_apart(q, ee, T))
        return 0;
    if (!ee) { /* rows: p=0, a=1, b=2, c=3 */
        iv3 B = iu_diff(q, 1, 2, T), C = iu_diff(q, 1, 3, T), P = iu_diff(q, 1, 0, T);
        iv3 n = iv3_cross(&B, &C);
        if (!iv_contains0(iv3_dot(&n, &P))) /* f = n.(p-a), the coplanarity cubic */
            return 0;
        iv3 e1 = iu_diff(q, 2, 3, T), p1 = iu_diff(q, 2, 0, T); /* c-b, p-b */
        iv3 e2 = iu_diff(q, 3, 1, T), p2 = iu_diff(q, 3, 0, T); /* a-c, p-c */
        iv3 c0 = iv3_cross(&B, &P), c1 = iv3_cross(&e1, &p1), c2 = iv3_cross(&e2, &p2);
        if (iv3_dot(&n, &c0).hi < 0 || iv3_dot(&n, &c1).hi < 0 || iv3_dot(&n, &c2).hi < 0)
            return 0;
        return 1;
    }
    /* rows: a0=0, a1=1, b0=2, b1=3 */
    iv3 da = iu_diff(q, 0, 1, T), db = iu_diff(q, 2, 3, T), w = iu_diff(q, 0, 2, T);
    iv3 m = iv3_cross(&da, &db);
    if (!iv_contains0(iv3_dot(&m, &w)))
        return 0;
    iv mm = iv3_dot(&m, &m);
    iv3 wdb = iv3_cross(&w, &db), wda = iv3_cross(&w, &da);
    iv s = iv3_dot(&wdb, &m), r = iv3_dot(&wda, &m);
    if (s.hi < 0 || r.hi < 0 || iv_sub(s, mm).lo > 0 || iv_sub(r, mm).lo > 0)
        return 0;
    return 1;
}

static void iu_solve(const double q[8][3], const ccdb_params *params, int ee, ccdb_result *out)
{
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
    if (!incl_all_finite(q)) {
        out->state = CCDB_FAILED;
        return;
    }
    if (incl_boxes_apart(q, ee, 0.0))
        return;
    double g[3];
    incl_gamma(q, g);
    if (g[0] > 0x1p300 || g[1] > 0x1p300 || g[2] > 0x1p300) {
        out->state = CCDB_GAVE_UP; /* products could overflow: no enclosure to trust */
        return;
    }
    const double delta = params->delta;
    const long long cap = params->max_iterations > 0 ? params->max_iterations : 1;
    /* Depth-first stack of intervals, earlier half on top. Its depth is bounded by the number
     * of bisections a double allows (about 1100), so a fixed array suffices. */
    iv stack[1200];
    int top = 0;
    stack[top++] = (iv){ 0.0, 1.0 };
    long long evals = 0;
    while (top > 0) {
        iv T = stack[--top];
        if (evals >= cap) {
            out->state = CCDB_GAVE_UP;
            out->toi = T.lo;
            out->work = evals;
            return;
        }
        ++evals;
        if (!iu_may_touch(q, ee, T))
            continue;
        double mid = 0.5 * (T.lo + T.hi);
        if (T.hi - T.lo <= delta || !(mid > T.lo && mid < T.hi) || top + 2 > 1200) {
            out->state = CCDB_HIT;
            out->toi = T.lo;
            out->work = evals;
            return;
        }
        stack[top++] = (iv){ mid, T.hi };
        stack[top++] = (iv){ T.lo, mid };
    }
    out->work = evals;
}

static void iu_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    iu_solve(q, params, 0, out);
}

static void iu_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    iu_solve(q, params, 1, out);
}

const ccdb_solver ccdb_solver_interval_univariate = {
    CCDB_SOLVER_ABI,
    "interval_univariate",
    "Univariate interval root finding on the coplanarity cubic, interval inside test",
    "Redon, Kheddar, Coquillart 2002, Fast Continuous Collision Detection between Rigid Bodies "
    "(Eurographics)",
    CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI,
    NULL,
    NULL,
    iu_vf,
    iu_ee,
};
