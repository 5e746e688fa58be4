/* testplugin_dup_name.c — test plugin: a solver named "null", like a built-in. Must be refused. */
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
        .name = "null",
        .summary = "duplicate of the built-in",
        .vertex_face = miss,
        .edge_edge = miss,
    };
    return &s;
}
