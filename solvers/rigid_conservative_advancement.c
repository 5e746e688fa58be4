/* rigid_conservative_advancement.c — conservative advancement under rotation (Mirtich, Catto),
 * conservative in floating point.
 *
 * Method: the loop of advancement.h runs over Redon's parameter u in [0, 1] (t(u) =
 * atan(u |w|) / atan(|w|) is increasing, so the first contact in u is the first in t), where the
 * motion is rational: D(u) (x_j(u) - x_i(u)) is a polynomial of degree <= 3 in u
 * (rigid_motion.h), enclosed in interval arithmetic at the current u. Distance: advancement_gap.h's
 * rigorous lower bound (the separating direction from the rounded positions at u, the gap on the
 * enclosed exact differences divided by an upper bound of D(u)), minus min_separation; <= delta is
 * a contact at u. Speed in u: a point x0 of the moving primitive is at
 * c + R(theta(u)) (x0 - c) + u s with theta(u) = 2 atan(u |w|), so
 *     |dx/du| <= |s| + r theta'(u),   theta'(u) = 2 |w| / (1 + u^2 |w|^2),
 * (r bounds |x0 - c| over the primitive: its vertices, by convexity; the still primitive does not
 * move). theta' decreases in u, so its value at the current u bounds it on the rest of the step:
 * each step uses the bound at its start, every factor rounded up (|s|, r, |w| from enclosed
 * squared norms, square roots rounded up; 1 + u^2 |w|^2 rounded down). u advances by
 * (d - delta / 2) / bound rounded down. A HIT or GAVE_UP at u answers a lower bound of t(u):
 * rm_t_of_u_lower (solvers/rigid_motion.h: a relative 2^-40 below, or u itself). This is
 * Catto's |v . n| + |omega| r with the full speed instead of its projection on one normal, in u
 * rather than t: no tan is evaluated, and the translation's speed is |s| in u where it grows
 * like |w| |s| in t.
 * Follows: B. Mirtich, PhD thesis 1996; E. Catto, "Continuous collision" (GDC 2013); Redon,
 * Kheddar and Coquillart 2002 for u.
 * Claims: conservative (every bound rigorous, every rounding toward the past: advancement.h and
 * advancement_gap.h), reports TOI, honours min separation.
 * Parameters: delta (stop distance, default 1e-6), min_separation, max_iterations (steps; the
 * cap, a step too small to change u, or an infinite bound give GAVE_UP at the current, safe u).
 * Outside rigid_motion.h's safe scale (coordinates above 2^150, |w| above 2^26): GAVE_UP at
 * t = 0. Failure: CCDB_FAILED on a malformed motion row, or a distance bound that is NaN.
 * Linear slots: none (the linear `conservative_advancement` is the same method on lines).
 */
#include <math.h>
#include <stddef.h>

#include "advancement.h"
#include "advancement_gap.h"
#include "ccdb_solver.h"
#include "float_geom.h"
#include "interval_arith.h"
#include "rigid_motion.h"

typedef struct rca_ctx {
    const double (*q)[3];
    const rm_motion *m;
    const rm_polys *ps;
    iv w2;       /* |w|^2, enclosed */
    double s_hi; /* |s|, rounded up */
    double r_hi; /* max |x0 - c| over the moving primitive's vertices, rounded up */
    double w_hi; /* |w|, rounded up */
} rca_ctx;

/* An upper bound of |a - b| (b NULL: |a|); exactly 0 for a zero vector. */
static double rca_norm_up(const double a[3], const double *b)
{
    iv3 v;
    int zero = 1;
    for (int k = 0; k < 3; k++) {
        double bk = b ? b[k] : 0.0;
        zero &= a[k] == bk;
        v.x[k] = iv_diff(a[k], bk);
    }
    return zero ? 0.0 : ca_up(sqrt(iv3_dot(&v, &v).hi));
}

/* advancement_gap.h's bound at u: the direction n from the rounded positions; per pair,
 * n . D(u) (x_j - x_i)(u) = sum_d u^d (n . c_d) with c_d the enclosed coefficients
 * (rigid_motion.h); u >= 0, so Horner's rule on the lower ends of the n . c_d, each product and
 * sum rounded down, bounds it below. D(u) = 1 + u^2 |w|^2 is divided out by its upper end. */
static double rca_lower(const void *ctx, double u)
{
    const rca_ctx *c = ctx;
    int vf = c->m->vf;
    fg_vec x[4];
    for (int r = 0; r < 4; r++)
        x[r] = rm_point_at_u(c->q, c->m, r, u);
    fg_vec n = ag_best_direction(x, vf);
    double g = INFINITY;
    for (int k = 0; k < ag_npairs(vf); k++) {
        const rm_poly *p = &c->ps->p[ag_pair_i(vf, k)][ag_pair_j(vf, k)];
        double lo = ag_dot_lo(n, &p->c[3]);
        for (int d = 2; d >= 0; d--)
            lo = ag_lo(ag_dot_lo(n, &p->c[d]) + ag_lo(u * lo));
        g = lo < g || isnan(lo) ? lo : g;
    }
    iv U = iv_point(u);
    double dhi = iv_add(iv_point(1.0), iv_mul(iv_mul(U, U), c->w2)).hi; /* D(u) >= 1 */
    return ag_bound(g, n, dhi);
}

/* |s| + r theta'(u), rounded up: theta'(u) = 2 |w| / (1 + u^2 |w|^2) with |w| rounded up and the
 * denominator rounded down (>= 1, since its lower end is clamped there). */
static double rca_speed(const void *ctx, double u)
{
    const rca_ctx *c = ctx;
    double turn = 0.0;
    if (c->w_hi > 0.0) {
        iv U = iv_point(u);
        double den = iv_add(iv_point(1.0), iv_mul(iv_mul(U, U), c->w2)).lo;
        turn = ca_up(ca_up(2.0 * c->w_hi / (den > 1.0 ? den : 1.0)) * c->r_hi);
    }
    return ca_up(c->s_hi + turn);
}

static void rca_query(const double q[8][3], const ccdb_params *params, ccdb_result *out, int vf)
{
    rm_motion m;
    rm_polys ps;
    out->state = CCDB_FAILED;
    out->toi = 0.0;
    out->work = 0;
    if (rm_motion_init(q, vf, &m) != 0)
        return;
    if (!rm_in_scale(q, &m)) { /* no enclosure to trust: a safe answer, never a silent miss */
        out->state = CCDB_GAVE_UP;
        return;
    }
    for (int k = 0; k < ag_npairs(vf); k++) /* only the pairs the gap reads */
        ps.p[ag_pair_i(vf, k)][ag_pair_j(vf, k)] =
            rm_pair_poly(q, &m, ag_pair_i(vf, k), ag_pair_j(vf, k));
    rca_ctx c = {
        q, &m, &ps, iv_point(0.0), rca_norm_up(q[6], NULL), 0.0, rca_norm_up(q[5], NULL)
    };
    iv3 w = { { iv_point(q[5][0]), iv_point(q[5][1]), iv_point(q[5][2]) } };
    c.w2 = iv3_dot(&w, &w);
    c.w2.lo = c.w2.lo > 0.0 ? c.w2.lo : 0.0; /* a square: never below 0 */
    for (int r = 0; r < 4; r++)
        if (rm_row_moves(&m, r)) {
            double d = rca_norm_up(q[r], q[4]);
            c.r_hi = d > c.r_hi ? d : c.r_hi;
        }
    ca_advance(rca_lower, rca_speed, &c, params, out);
    if (out->state == CCDB_HIT || out->state == CCDB_GAVE_UP)
        out->toi = rm_t_of_u_lower(&m, out->toi);
}

static void rca_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    rca_query(q, params, out, 1);
}

static void rca_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    rca_query(q, params, out, 0);
}

const ccdb_solver ccdb_solver_rigid_conservative_advancement = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "rigid_conservative_advancement",
    .summary = "rigid: advance u by distance / (|s| + r theta'(u)) until the gap is below delta",
    .reference = "Mirtich 1996 (PhD thesis); Catto, Continuous Collision, GDC 2013",
    .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION,
    .rigid_vertex_face = rca_vf,
    .rigid_edge_edge = rca_ee,
};
