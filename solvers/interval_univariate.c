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
 * T is discarded when f's enclosure excludes 0 or one touch condition's enclosure is strictly
 * violated; a T narrower than δ that survives is a hit at its lower end. (With n = 0 or m = 0 —
 * degenerate primitives, parallel edges — the conditions contain 0 and exclude nothing, as they
 * must; so T is also discarded when the two primitives' bounding boxes over T, from interval
 * positions, are apart.)
 * When all four points stay coplanar, f ≡ 0 excludes nothing and only the touch conditions
 * prune: slow, and then the cap matters (Redon's known weak spot). The touch conditions are
 * applied at every level, not only at width δ: still conservative, and far fewer intervals.
 *
 * Outward rounding without fesetround: each operation's bounds are moved outward by
 * |x| 2^-51 + 2^-1073, more than its rounding error (interval_arith.h explains why). Because the
 * earlier half is always taken first, every interval left when the search stops lies after the
 * current one: the reported TOI is a lower bound.
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

static void iu_solve(const double q[8][3], const ccdb_params *params, int ee, ccdb_result *out)
{
    if (!incl_begin(q, out))
        return;
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
        if (!iv_may_touch(q, ee, T))
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
    .abi_version = CCDB_SOLVER_ABI,
    .name = "interval_univariate",
    .summary = "univariate interval root finding on the coplanarity cubic, interval inside test",
    .reference = "Redon, Kheddar, Coquillart 2002, Fast Continuous Collision Detection between "
                 "Rigid Bodies (Eurographics)",
    .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI,
    .vertex_face = iu_vf,
    .edge_edge = iu_ee,
};
