/* discrete.c — discrete collision detection: the primitives are tested at t = 0 and t = 1 only.
 *
 * Method: the static closest distance (point-triangle for VF, segment-segment for EE, in double)
 * at the start and the end of the step; contact when it is <= delta + min_separation. Anything
 * that happens strictly inside the step is invisible: a fast point crosses a thin triangle
 * ("tunnels") between the two samples. It is the baseline every CCD method exists to beat.
 * Follows: the classic discrete overlap test of game engines (e.g. Ericson, Real-Time Collision
 * Detection, 2005, for the distance routines).
 * Claims: min separation only (the distance threshold honours it). Not conservative; the
 * reported toi is the sample that touched (0 or 1), not a time of impact, so no TOI claim.
 * Parameters: delta (distance tolerance, default 1e-6), min_separation (default 0).
 * Failure: CCDB_FAILED when a distance comes out NaN (overflow with coordinates near DBL_MAX).
 */
#include "ccdb_solver.h"
#include "float_geom.h"

static void discrete_query(const double q[8][3], const ccdb_params *params, ccdb_result *out,
                           int vf)
{
    double tol = params->delta + params->min_separation;
    out->toi = 0.0;
    out->work = 0;
    for (int k = 0; k < 2; k++) {
        double t = k ? 1.0 : 0.0;
        double d = fg_query_distance(q, vf, t);
        out->work++;
        if (isnan(d)) {
            out->state = CCDB_FAILED;
            return;
        }
        if (d <= tol) {
            out->state = CCDB_HIT;
            out->toi = t;
            return;
        }
    }
    out->state = CCDB_MISS;
}

static void discrete_vf(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out)
{
    (void)state;
    discrete_query(q, params, out, 1);
}

static void discrete_ee(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out)
{
    (void)state;
    discrete_query(q, params, out, 0);
}

const ccdb_solver ccdb_solver_discrete = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "discrete",
    .summary = "static distance test at t=0 and t=1 only: the tunneling baseline",
    .reference =
        "discrete overlap test; distances after Ericson, Real-Time Collision Detection (2005)",
    .flags = CCDB_CLAIM_MIN_SEPARATION,
    .vertex_face = discrete_vf,
    .edge_edge = discrete_ee,
};
