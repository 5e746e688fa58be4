/* null.c — the do-nothing solver: answers MISS to every query without reading it.
 *
 * Method: none. Like SMHasher's do-nothing hash, it measures the harness's own overhead per
 * query (call, result store, loop), to subtract from the other solvers' times.
 * Claims: nothing (every collision is a false negative, by design).
 * Parameters: none used.
 */
#include "ccdb_solver.h"

static void null_query(void *state, const double q[8][3], const ccdb_params *params,
                       ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)params;
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
}

const ccdb_solver ccdb_solver_null = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "null",
    .summary = "does nothing, answers miss: the harness's own overhead",
    .reference = "baseline (cf. SMHasher's do-nothing hash)",
    .flags = 0,
    .create = 0,
    .destroy = 0,
    .vertex_face = null_query,
    .edge_edge = null_query,
    .rigid_vertex_face = null_query,
    .rigid_edge_edge = null_query,
    .sweep_vertex_face = null_query,
    .sweep_edge_edge = null_query,
};
