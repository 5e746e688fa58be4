/* conservative_advancement.c — distance-based conservative advancement.
 *
 * Method: at the current time t (starting at 0), the closest distance d between the primitives
 * (point-triangle / segment-segment, in double) minus min_separation; if d <= delta, contact at t.
 * Otherwise nothing can close the gap faster than the motion bound L = the largest relative
 * displacement of a vertex of one primitive against a vertex of the other over the step (every
 * point is a convex combination of vertices), so t can safely advance by d / L; it advances by
 * (d - delta/2) / L, aiming at a target separation of delta/2 as Catto does (so a straight
 * approach stops just short of contact rather than an ulp past it). Past t = 1: miss.
 * L = 0 (no relative motion): the distance never changes, miss.
 * Follows: B. Mirtich, "Impulse-based dynamic simulation of rigid body systems" (PhD thesis,
 * 1996); E. Catto, "Continuous collision" (GDC 2013).
 * Claims: reports TOI, honours min separation. Conservative in exact arithmetic (t never passes
 * the first contact, and the reported t is before it), NOT claimed in floating point: the
 * distance is rounded, and where its absolute rounding error exceeds delta (coordinates large
 * compared with delta) a step can carry t past a contact that is then never seen.
 * Parameters: delta (stop distance, default 1e-6), min_separation (default 0), max_iterations
 * (steps, default 1e6). It crawls when d stays small but is not closing (Catto's worst case):
 * reaching the cap gives GAVE_UP at the current t, and so does a step too small to change t in
 * double (t + d/L == t) or an infinite motion bound.
 * Failure: CCDB_FAILED when a distance or the bound comes out NaN.
 */
#include <math.h>

#include "advancement.h"
#include "ccdb_solver.h"
#include "float_geom.h"

typedef struct ca_ctx {
    const double (*q)[3];
    int vf;
} ca_ctx;

static double ca_distance(const void *ctx, double t)
{
    const ca_ctx *c = ctx;
    return fg_query_distance(c->q, c->vf, t);
}

static void ca_query(const double q[8][3], const ccdb_params *params, ccdb_result *out, int vf)
{
    const double bound = fg_motion_bound(q, vf);
    if (isnan(bound)) {
        out->state = CCDB_FAILED;
        out->toi = 0.0;
        out->work = 0;
        return;
    }
    const ca_ctx c = { q, vf };
    ca_advance(ca_distance, &c, bound, params, out);
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

const ccdb_solver ccdb_solver_conservative_advancement = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "conservative_advancement",
    .summary = "advance t by distance / motion bound until the gap is below delta",
    .reference = "Mirtich 1996 (PhD thesis); Catto, Continuous Collision, GDC 2013",
    .flags = CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION,
    .vertex_face = ca_vf,
    .edge_edge = ca_ee,
};
