/* rigid_conservative_advancement.c — conservative advancement under rotation (Mirtich, Catto).
 *
 * Method: at the current time t (from 0), the closest distance d between the primitives at
 * their positions on the screw motion (double), minus min_separation; d <= delta is a contact
 * at t. Otherwise no point of the moving primitive moves faster than
 *     L = |s| g'(1) + phi1 r,
 * (g(t) = tan(phi1 t / 2) / |w|, Redon's translation, has an increasing derivative; r bounds
 * the distance of the primitive's points from the axis point c: its vertices', by convexity;
 * phi1 = 2 atan |w| is the angular speed), so the gap cannot close before t + d / L; t advances
 * by (d - delta / 2) / L, aiming at Catto's target separation delta / 2. Past t = 1: miss.
 * L = 0 (no motion): miss. This is Catto's bound |v . n| + |omega| r with the projection on the
 * normal replaced by the full speed (a primitive pair has no single normal here).
 * Follows: B. Mirtich, PhD thesis 1996; E. Catto, "Continuous collision" (GDC 2013).
 * Claims: reports TOI, honours min separation. Conservative in exact arithmetic only, NOT
 * claimed in floating point: the positions (tan, the rotation), the distance and the bound are
 * rounded, and where their error exceeds delta (large coordinates) a step can pass a contact.
 * Parameters: delta (stop distance, default 1e-6), min_separation, max_iterations (steps; the
 * cap, a step too small to change t, or an infinite bound give GAVE_UP at the current t).
 * Failure: CCDB_FAILED on a malformed motion row, or a distance or bound that is NaN.
 * Linear slots: none (the linear `conservative_advancement` is the same method on lines).
 */
#include <math.h>

#include "advancement.h"
#include "ccdb_solver.h"
#include "float_geom.h"
#include "rigid_motion.h"

typedef struct rca_ctx {
    const double (*q)[3];
    const rm_motion *m;
} rca_ctx;

static double rca_distance(const void *ctx, double t)
{
    const rca_ctx *c = ctx;
    fg_vec x[4];
    rm_points_at_t(c->q, c->m, t, x);
    return c->m->vf ? fg_dist_point_triangle(x[0], x[1], x[2], x[3])
                    : fg_dist_segment_segment(x[0], x[1], x[2], x[3]);
}

static void rca_query(const double q[8][3], const ccdb_params *params, ccdb_result *out, int vf)
{
    rm_motion m;
    out->state = CCDB_FAILED;
    out->toi = 0.0;
    out->work = 0;
    if (rm_motion_init(q, vf, &m) != 0)
        return;
    const double bound = rm_speed_bound(q, &m);
    if (isnan(bound))
        return;
    const rca_ctx c = { q, &m };
    ca_advance(rca_distance, &c, bound, params, out);
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
    .summary = "rigid: advance t by distance / (|s g'| + phi1 r) until the gap is below delta",
    .reference = "Mirtich 1996 (PhD thesis); Catto, Continuous Collision, GDC 2013",
    .flags = CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION,
    .rigid_vertex_face = rca_vf,
    .rigid_edge_edge = rca_ee,
};
