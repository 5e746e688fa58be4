/* rigid_interval.c — Redon's interval continuous collision detection on the screw motion.
 *
 * Method (Redon, Kheddar, Coquillart 2002): with u = tan(phi1 t / 2) / |w|, every difference
 * vector between two points of the query, times D(u) = 1 + u^2 |w|^2 > 0, is a polynomial of
 * degree <= 3 in u (solvers/rigid_motion.h). Parameter intervals U of [0, 1] are processed
 * earliest first (depth-first bisection, earlier half first). On each U the polynomials are
 * enclosed by interval Horner evaluation, and U is discarded when the enclosures prove one of:
 * the primitives' boxes are apart on an axis at every instant; the coplanarity function
 * excludes 0; an inside condition is strictly violated (VF: the three edge conditions; EE: the
 * two segment parameters outside [0, 1]) — the interval inside test of interval_univariate.c,
 * on the same conditions (they are homogeneous in the differences, so the factor D changes no
 * sign). A U narrower than delta that survives is a hit at its lower end, mapped to t by
 * t(u) = atan(u |w|) / atan(|w|) and lowered by a relative 2^-40, or u itself when larger or
 * when u |w| < 2^-1000 (rm_t_of_u_lower; t(u) >= u).
 *
 * Outward rounding throughout (interval_arith.h: each bound moved by |x| 2^-51 + 2^-1073), and
 * the earlier half always first: every U left when the search stops lies after the current
 * one, so the reported u is a lower bound of the first contact; t(u) is increasing and its
 * rounding is absorbed by the 2^-40 margin (glibc's atan is within 1 ulp).
 * Claims: CONSERVATIVE | REPORTS_TOI (no minimum separation). False positives are the price:
 * near-contacts narrower than the enclosures' width at delta, and coplanar-for-the-whole-step
 * queries (the coplanarity function is then identically 0 and only the inside conditions prune).
 * Parameters: delta = params->delta (default 1e-6), the width in u below which a surviving
 * interval is a hit; max_iterations (intervals evaluated, default 1e6): reaching it gives
 * GAVE_UP at the current interval's lower end.
 * Scale: coordinates above 2^150 or |w| above 2^26 (the products could overflow) give GAVE_UP at
 * t = 0; a malformed motion row or a non-finite value gives FAILED. Linear slots: none.
 * Sweeps (docs/sweep.md): the same interval test in t on the enclosures of solvers/sweep_motion.h,
 * through bisection.h's loop (delta is then a width in t), conservative too.
 */
#include <stdlib.h>

#include "ccdb_solver.h"
#include "bisection.h"
#include "rigid_motion.h"
#include "sweep_motion.h"

#define RI_STACK 1200 /* bisection depth a double allows in [0, 1] is about 1100 */

static void ri_solve(const double q[8][3], const ccdb_params *params, int vf, ccdb_result *out)
{
    rm_motion m;
    rm_polys ps;
    if (rm_interval_begin(q, vf, &m, &ps, out) != 0)
        return;
    const long long cap = params->max_iterations > 0 ? params->max_iterations : 1;
    iv stack[RI_STACK];
    int top = 0;
    stack[top++] = (iv){ 0.0, 1.0 };
    while (top > 0) {
        iv U = stack[--top];
        if (out->work >= cap) {
            out->state = CCDB_GAVE_UP;
            out->toi = rm_t_of_u_lower(&m, U.lo);
            return;
        }
        out->work++;
        if (!rm_iv_may_touch(&ps, vf, U))
            continue;
        double mid = 0.5 * (U.lo + U.hi);
        if (U.hi - U.lo <= params->delta || !(mid > U.lo && mid < U.hi) || top + 2 > RI_STACK) {
            out->state = CCDB_HIT;
            out->toi = rm_t_of_u_lower(&m, U.lo);
            return;
        }
        stack[top++] = (iv){ mid, U.hi };
        stack[top++] = (iv){ U.lo, mid };
    }
}

static void ri_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    ri_solve(q, params, 1, out);
}

static void ri_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    ri_solve(q, params, 0, out);
}

/* Sweeps: the same test in t over the enclosures of sweep_motion.h (boxes, coplanarity, inside
 * conditions), through the bisection loop of bisection.h (earlier half first; a piece no longer
 * than delta that survives is a hit at its start, t itself). */
static int ri_sweep_may_touch(const void *ctx, double ta, double tb)
{
    return sm_iv_may_touch(ctx, (iv){ ta, tb });
}

static void ri_sweep(const double q[8][3], const ccdb_params *params, int vf, ccdb_result *out)
{
    sm_motion m;
    if (sm_begin(q, vf, &m, out) != 0)
        return;
    tb_bisect(ri_sweep_may_touch, &m, params, out);
}

static void ri_sweep_vf(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out)
{
    (void)state;
    ri_sweep(q, params, 1, out);
}

static void ri_sweep_ee(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out)
{
    (void)state;
    ri_sweep(q, params, 0, out);
}

const ccdb_solver ccdb_solver_rigid_interval = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "rigid_interval",
    .summary = "rigid: interval arithmetic on the screw motion's polynomials in u, interval "
               "inside test, bisection in u",
    .reference = "Redon, Kheddar, Coquillart 2002, Fast Continuous Collision Detection between "
                 "Rigid Bodies (Eurographics)",
    .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI,
    .rigid_vertex_face = ri_vf,
    .rigid_edge_edge = ri_ee,
    .sweep_vertex_face = ri_sweep_vf,
    .sweep_edge_edge = ri_sweep_ee,
};
