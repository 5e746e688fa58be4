/* rigid_linearized.c — the engine shortcut on rigid motion: interpolate every vertex linearly
 * between its poses at t = 0 and t = 1, then answer that LINEAR query exactly.
 *
 * Method: the pose at t = 1 of each point of the moving primitive, c + R(1) (x0 - c) + s
 * (solvers/rigid_motion.h; rounded to double, as an engine's pose is), the still points as they
 * are; then the exact linear judge (ground_truth/include/ccdb_truth.h, the path the `exact` adapter
 * takes) on the linear query. Its errors are the linearization's (and, by at most an ulp of the
 * pose, the pose's rounding): it misses contacts the arc makes between the poses (a plate that
 * spins through a vertex) and reports contacts the straight chord makes but the arc does not.
 * Follows: the common practice of rigid-body engines that run vertex CCD on linearly
 * interpolated poses (see ../shared/design/rigid_motion.md).
 * Claims: reports TOI (toi_lo of the linear judge, in t). NOT conservative for rigid motion.
 * Parameters: none used. State: one ccdb_truth context per thread; a NULL state (allocation
 * failure) answers CCDB_FAILED. Linear slots: none (rigid data only).
 * Failure: CCDB_FAILED on a malformed motion row or a pose that overflows.
 */
#include <math.h>

#include "ccdb_solver.h"
#include "ccdb_truth.h"
#include "rigid_motion.h"

static void *rl_create(const ccdb_params *params)
{
    (void)params;
    return ccdb_truth_new();
}

static void rl_destroy(void *state)
{
    ccdb_truth_free(state);
}

static void rl_query(void *state, const double q[8][3], ccdb_result *out, int vf)
{
    rm_motion m;
    double lin[8][3];
    out->state = CCDB_FAILED;
    out->toi = 0.0;
    out->work = 0;
    if (!state || rm_motion_init(q, vf, &m) != 0)
        return;
    rm_linearize(q, &m, lin);
    for (int r = 4; r < 8; r++)
        for (int k = 0; k < 3; k++)
            if (!isfinite(lin[r][k]))
                return;
    ccdb_truth_result r;
    if (vf)
        ccdb_truth_vf(state, (const double(*)[3])lin, &r);
    else
        ccdb_truth_ee(state, (const double(*)[3])lin, &r);
    out->state = r.hit ? CCDB_HIT : CCDB_MISS;
    out->toi = r.hit ? r.toi_lo : 0.0;
    out->work = 1;
}

static void rl_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)params;
    rl_query(state, q, out, 1);
}

static void rl_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)params;
    rl_query(state, q, out, 0);
}

const ccdb_solver ccdb_solver_rigid_linearized = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "rigid_linearized",
    .summary = "rigid: vertices interpolated linearly between the two poses, then the exact "
               "linear judge (the engine shortcut)",
    .reference = "engine practice: linear CCD between rigid poses (ccdbench docs/rigid.md)",
    .flags = CCDB_CLAIM_REPORTS_TOI,
    .create = rl_create,
    .destroy = rl_destroy,
    .rigid_vertex_face = rl_vf,
    .rigid_edge_edge = rl_ee,
};
