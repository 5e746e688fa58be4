/* rigid_linearized.c — the engine shortcut on rigid motion: interpolate every vertex linearly
 * between its poses at t = 0 and t = 1, then answer that LINEAR query exactly.
 *
 * Method: the pose at t = 1 of each point of the moving primitive, c + R(1) (x0 - c) + s
 * (solvers/rigid_motion.h; rounded to double, as an engine's pose is), the still points as they
 * are; then the exact linear judge on the linear query, through the judge's one adapter
 * (exact.h: the `exact` solver's own path). Its errors are the linearization's (and, by at most
 * an ulp of the pose, the pose's rounding): it misses contacts the arc makes between the poses
 * (a plate that spins through a vertex) and reports contacts the straight chord makes but the
 * arc does not.
 * Follows: the common practice of rigid-body engines that run vertex CCD on linearly
 * interpolated poses (see ../shared/design/rigid_motion.md).
 * Claims: reports TOI (toi_lo of the linear judge, in t). NOT conservative for rigid motion.
 * Parameters: none used. State: the `exact` solver's (one judge context per thread); a NULL
 * state (allocation failure) answers CCDB_FAILED. Linear slots: none (rigid data and sweeps).
 * Failure: CCDB_FAILED on a malformed motion row or a pose that overflows.
 * Sweeps (docs/sweep.md): the same shortcut with the engines' pose O + v + R(theta)(x0 - O) at
 * t = 1 (solvers/sweep_motion.h); it misses the turning contacts its chords do not make.
 */
#include <math.h>

#include "ccdb_solver.h"
#include "exact.h"
#include "rigid_motion.h"
#include "sweep_motion.h"

/* The linear query of the shortcut: each point at t = 0 (exact) and x1[r] at t = 1 (the rounded
 * pose), in the linear row order (q[i] moves to q[i + 4]); then the exact linear judge. */
static void rl_answer(void *state, const double q[8][3], const fg_vec x1[4], int vf,
                      ccdb_result *out)
{
    double lin[8][3];
    for (int r = 0; r < 4; r++) {
        double end[3] = { x1[r].x, x1[r].y, x1[r].z };
        for (int k = 0; k < 3; k++) {
            if (!isfinite(end[k]))
                return; /* out stays FAILED */
            lin[r][k] = q[r][k];
            lin[r + 4][k] = end[k];
        }
    }
    ccdb_exact_linear(state, (const double(*)[3])lin, vf, out);
}

/* The moving points at the end of the step: the screw's at u = 1 (rigid_motion.h); the sweep's
 * O + v + R(theta) (x0 - O) (sweep_motion.h), the engines' own end pose. 0, or -1 (bad motion). */
static int screw_end(const double q[8][3], int vf, fg_vec x1[4])
{
    rm_motion m;
    if (rm_motion_init(q, vf, &m) != 0)
        return -1;
    for (int r = 0; r < 4; r++)
        x1[r] = rm_point_at_u(q, &m, r, 1.0);
    return 0;
}

static int sweep_end(const double q[8][3], int vf, fg_vec x1[4])
{
    sm_motion m;
    if (sm_motion_init(q, vf, &m) != 0)
        return -1;
    sm_points_at(q, &m, 1.0, x1);
    return 0;
}

/* The chord between the two poses, which is what an engine's linear CCD sees. */
static void rl_query(void *state, const double q[8][3], ccdb_result *out, int vf,
                     int (*end_pose)(const double[8][3], int, fg_vec[4]))
{
    fg_vec x1[4];
    out->state = CCDB_FAILED;
    out->toi = 0.0;
    out->work = 0;
    if (state && end_pose(q, vf, x1) == 0)
        rl_answer(state, q, x1, vf, out);
}

static void rl_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)params;
    rl_query(state, q, out, 1, screw_end);
}

static void rl_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)params;
    rl_query(state, q, out, 0, screw_end);
}

static void rl_sweep_vf(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out)
{
    (void)params;
    rl_query(state, q, out, 1, sweep_end);
}

static void rl_sweep_ee(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out)
{
    (void)params;
    rl_query(state, q, out, 0, sweep_end);
}

const ccdb_solver ccdb_solver_rigid_linearized = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "rigid_linearized",
    .summary = "rigid: vertices interpolated linearly between the two poses, then the exact "
               "linear judge (the engine shortcut)",
    .reference = "engine practice: linear CCD between rigid poses (ccdbench docs/rigid.md)",
    .flags = CCDB_CLAIM_REPORTS_TOI,
    .create = ccdb_exact_create,
    .destroy = ccdb_exact_destroy,
    .rigid_vertex_face = rl_vf,
    .rigid_edge_edge = rl_ee,
    .sweep_vertex_face = rl_sweep_vf,
    .sweep_edge_edge = rl_sweep_ee,
};
