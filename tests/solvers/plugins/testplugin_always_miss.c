/* testplugin_always_miss.c — test plugin: answers MISS to every query (a solver with every
 * collision a false negative, for the harness's FN paths). */
#include "ccdb_solver.h"

static void miss(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static const ccdb_solver s = {
        .abi_version = CCDB_SOLVER_ABI,
        .name = "testplugin_always_miss",
        .summary = "test plugin: answers miss to every query",
        .reference = "tests/solvers/plugins",
        .flags = CCDB_CLAIM_CONSERVATIVE, /* a false claim, for the harness to catch */
        .vertex_face = miss,
        .edge_edge = miss,
    };
    return &s;
}
