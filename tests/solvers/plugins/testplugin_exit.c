/* testplugin_exit.c — test plugin: calls exit(0) in its first solver call (the process ends
 * "successfully" in the middle of a run). In-process (--no-isolate) the harness must not end
 * with status 0 and no report; isolated, the child's exit is a crash of this solver. */
#include <stdlib.h>

#include "ccdb_solver.h"

static void leave(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    (void)out;
    exit(0);
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static const ccdb_solver s = {
        .abi_version = CCDB_SOLVER_ABI,
        .name = "testplugin_exit",
        .summary = "test plugin: calls exit(0) in its first call",
        .reference = "tests/solvers/plugins",
        .flags = 0,
        .vertex_face = leave,
        .edge_edge = leave,
    };
    return &s;
}
