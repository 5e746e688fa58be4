/* conservative_advancement.c — distance-based conservative advancement, conservative in
 * floating point.
 *
 * Method: at the current time t (starting at 0), a rigorous lower bound of the closest distance
 * between the primitives (advancement_gap.h: the gap along the best separating direction found
 * from the rounded positions, evaluated in interval arithmetic on the exact positions at t)
 * minus min_separation; if it is <= delta, contact at t. Otherwise nothing can close the gap
 * faster than the motion bound L = the largest relative displacement of a vertex of one
 * primitive against a vertex of the other over the step (every point is a convex combination
 * of vertices), enclosed in interval arithmetic and rounded up; t advances by
 * (d - delta/2) / L rounded down (advancement.h), aiming at Catto's target separation delta/2.
 * Past t = 1: miss. L = 0 (no relative motion): the distance never changes, miss.
 * Follows: B. Mirtich, "Impulse-based dynamic simulation of rigid body systems" (PhD thesis,
 * 1996); E. Catto, "Continuous collision" (GDC 2013).
 * Claims: conservative (the distance bound is below the exact distance, the speed bound above
 * the exact speed, every step and sum rounded toward the past, so t never passes the first
 * contact and a reported t is at or before it), reports TOI, honours min separation.
 * Parameters: delta (stop distance, default 1e-6), min_separation (default 0), max_iterations
 * (steps, default 1e6). It crawls when d stays small but is not closing (Catto's worst case):
 * reaching the cap gives GAVE_UP at the current t (a safe time), and so does a step too small to
 * change t in double or an infinite motion bound. A coordinate above 2^300 (the interval
 * products could overflow) gives GAVE_UP at t = 0.
 * Failure: CCDB_FAILED when a distance bound comes out NaN.
 * Sweeps (docs/sweep.md; sca_* below): the same loop with Catto's bound |v . n| / |n| + |theta| r
 * for the direction n of the step's distance bound (r: the moving vertices' largest distance from
 * the axis), on the enclosures of solvers/sweep_motion.h; why it is conservative: docs/solvers.md,
 * "Solvers on sweeps". FAILED on a malformed row 8 or a turn about w = 0.
 */
#include <math.h>

#include "advancement.h"
#include "advancement_gap.h"
#include "ccdb_solver.h"
#include "float_geom.h"
#include "interval_arith.h"
#include "sweep_motion.h"

/* Beyond it the interval products of the bound could overflow (as interval_univariate). */
#define CA_MAX_COORD 0x1p300

typedef struct ca_ctx {
    const double (*q)[3];
    int vf;
    double speed; /* the motion bound, rounded up */
    iv3 e0[4];    /* per pair (advancement_gap.h): x_j - x_i at t = 0, enclosed */
    iv3 de[4];    /* and (x_j - x_i at t = 1) - (x_j - x_i at t = 0), enclosed */
} ca_ctx;

/* advancement_gap.h's bound at t: the direction n from the rounded positions; per pair the
 * exact n . (x_j - x_i)(t) = n . e0 + t (n . de) (t >= 0) bounded below by the lower ends of the
 * enclosed n . e0 and n . de, every product and sum rounded down. */
static double ca_lower(const void *ctx, double t)
{
    const ca_ctx *c = ctx;
    fg_vec x[4];
    fg_at4(c->q, t, x);
    fg_vec n = ag_best_direction(x, c->vf);
    double g = INFINITY;
    for (int k = 0; k < ag_npairs(c->vf); k++) {
        double lo = ag_lo(ag_dot_lo(n, &c->e0[k]) + ag_lo(t * ag_dot_lo(n, &c->de[k])));
        g = lo < g || isnan(lo) ? lo : g;
    }
    return ag_bound(g, n, 1.0);
}

static double ca_speed(const void *ctx, double t)
{
    (void)t; /* linear motion: one bound for the whole step */
    return ((const ca_ctx *)ctx)->speed;
}

/* An upper bound of fg_motion_bound: each relative displacement (q[j+4] - q[j]) - (q[i+4] -
 * q[i]) enclosed, its squared norm's upper end, the square root rounded up; a pair whose two
 * vertices both stand still counts 0 (exactly: then the bound is 0 when nothing moves). */
static double ca_motion_bound_up(const double q[8][3], int vf)
{
    double best = 0.0;
    for (int k = 0; k < ag_npairs(vf); k++) {
        int i = ag_pair_i(vf, k), j = ag_pair_j(vf, k);
        iv3 v;
        int moves = 0;
        for (int a = 0; a < 3; a++) {
            moves |= q[j + 4][a] != q[j][a] || q[i + 4][a] != q[i][a];
            v.x[a] = iv_sub(iv_diff(q[j + 4][a], q[j][a]), iv_diff(q[i + 4][a], q[i][a]));
        }
        if (!moves)
            continue;
        double l = ca_up(sqrt(iv3_dot(&v, &v).hi));
        best = l > best ? l : best;
    }
    return best;
}

static void ca_query(const double q[8][3], const ccdb_params *params, ccdb_result *out, int vf)
{
    out->state = CCDB_FAILED;
    out->toi = 0.0;
    out->work = 0;
    if (fg_max_abs(q) >
        CA_MAX_COORD) { /* no enclosure to trust: a safe answer, never a silent miss */
        out->state = CCDB_GAVE_UP;
        return;
    }
    ca_ctx c = { .q = q, .vf = vf, .speed = ca_motion_bound_up(q, vf) };
    for (int k = 0; k < ag_npairs(vf); k++) {
        int i = ag_pair_i(vf, k), j = ag_pair_j(vf, k);
        for (int a = 0; a < 3; a++) {
            c.e0[k].x[a] = iv_diff(q[j][a], q[i][a]);
            c.de[k].x[a] = iv_sub(iv_diff(q[j + 4][a], q[i + 4][a]), c.e0[k].x[a]);
        }
    }
    ca_advance(ca_lower, ca_speed, &c, params, out);
}

static void ca_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    ca_query(q, params, out, 1);
}

static void ca_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    ca_query(q, params, out, 0);
}

/* ---------------- sweeps (docs/sweep.md) ---------------- */

typedef struct sca_ctx {
    const double (*q)[3];
    const sm_motion *m;
    double turn;  /* |theta| r rounded up, r >= the moving vertices' distance from the axis */
    double v_hi;  /* |v| rounded up: the bound when no direction is at hand */
    fg_vec *last; /* the direction of the last distance bound (written by sca_lower) */
} sca_ctx;

/* advancement_gap.h's bound at t: the direction n from the rounded positions, the gap on the
 * enclosed exact differences at t (sweep_motion.h). n is kept for sca_speed. */
static double sca_lower(const void *ctx, double t)
{
    const sca_ctx *c = ctx;
    int vf = c->m->vf;
    fg_vec x[4];
    sm_points_at(c->q, c->m, t, x);
    fg_vec n = ag_best_direction(x, vf);
    *c->last = n;
    iv T = iv_point(t);
    sm_trig tr = sm_trig_range(c->m, T);
    double g = INFINITY;
    for (int k = 0; k < ag_npairs(vf); k++) {
        iv3 d = sm_iv_diff(c->m, ag_pair_i(vf, k), ag_pair_j(vf, k), T, &tr);
        double lo = ag_dot_lo(n, &d);
        g = lo < g || isnan(lo) ? lo : g;
    }
    return ag_bound(g, n, 1.0);
}

/* Catto's bound on the rate of the gap along the last direction n: every pair x_j - x_i has one
 * moving point, whose velocity is v + theta k x R(theta t) d, so
 *     |d/dt (n / |n|) . (x_j - x_i)| <= |n . v| / |n| + |theta| |k x R d| <= |v . n| / |n| + turn
 * at every t (|k x R d| = |k x d|: the distance from the axis, which the turn keeps). The gap
 * along a fixed n bounds the distance below at every t (advancement_gap.h), so it is a rate of
 * the loop's bound over [t, 1] (advancement.h). |v . n| rounded up, |n| rounded down. */
static double sca_speed(const void *ctx, double t)
{
    (void)t; /* the bound holds for the whole step */
    const sca_ctx *c = ctx;
    fg_vec n = *c->last;
    iv3 nv = { { iv_point(n.x), iv_point(n.y), iv_point(n.z) } };
    iv3 v = { { iv_point(c->q[6][0]), iv_point(c->q[6][1]), iv_point(c->q[6][2]) } };
    double nlo = sqrt(iv3_dot(&nv, &nv).lo), lin = c->v_hi;
    if (nlo > 0.0 && isfinite(nlo)) {
        iv vn = iv3_dot(&nv, &v);
        lin = ca_up(iv_max2(fabs(vn.lo), fabs(vn.hi)) / ca_down(nlo));
        lin = lin < c->v_hi ? lin : c->v_hi;
    }
    return c->turn > 0.0 ? ca_up(lin + c->turn) : lin;
}

/* The upper bound of |a| from an enclosure (0 for an exact zero vector). */
static double sca_norm_up(const iv3 *a)
{
    iv s = iv3_dot(a, a);
    return s.hi > 0.0 ? ca_up(sqrt(s.hi)) : 0.0;
}

static void sca_query(const double q[8][3], const ccdb_params *params, ccdb_result *out, int vf)
{
    sm_motion m;
    if (sm_begin(q, vf, &m, out) != 0)
        return;
    fg_vec last = { 0.0, 0.0, 0.0 };
    iv3 v = sm_iv3_diff(q[6], (const double[3]){ 0.0, 0.0, 0.0 });
    sca_ctx c = { q, &m, 0.0, sca_norm_up(&v), &last };
    if (m.theta != 0.0) {
        double r = 0.0; /* the distance from the axis is convex: its largest at a vertex */
        for (int i = 0; i < 4; i++)
            if (sm_row_moves(&m, i)) {
                iv3 d = sm_iv3_diff(q[i], q[4]), kd = iv3_cross(&m.kiv, &d);
                double ri = sca_norm_up(&kd);
                r = ri > r ? ri : r;
            }
        c.turn = ca_up(fabs(m.theta) * r);
    }
    ca_advance(sca_lower, sca_speed, &c, params, out);
}

static void sca_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    sca_query(q, params, out, 1);
}

static void sca_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    sca_query(q, params, out, 0);
}

const ccdb_solver ccdb_solver_conservative_advancement = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "conservative_advancement",
    .summary = "advance t by distance / motion bound until the gap is below delta",
    .reference = "Mirtich 1996 (PhD thesis); Catto, Continuous Collision, GDC 2013",
    .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION,
    .vertex_face = ca_vf,
    .edge_edge = ca_ee,
    .sweep_vertex_face = sca_vf,
    .sweep_edge_edge = sca_ee,
};
