/* testplugin_unset_state.c — test plugin that never sets its answer's state (it fills toi and
 * work only): the harness must report every answer as a contract violation, never as a miss. */
#include "ccdb_solver.h"

static void forget_state(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    out->toi = 0.5;
    out->work = 1;
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static const ccdb_solver s = {
        .abi_version = CCDB_SOLVER_ABI,
        .name = "testplugin_unset_state",
        .summary = "test plugin: leaves its answer's state unset",
        .reference = "tests/solvers/plugins",
        .flags = CCDB_CLAIM_CONSERVATIVE,
        .vertex_face = forget_state,
        .edge_edge = forget_state,
    };
    return &s;
}
