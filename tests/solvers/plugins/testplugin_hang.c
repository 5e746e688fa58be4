/* testplugin_hang.c — test plugin: never returns (spins forever) on every query whose first
 * coordinate q[0][0] is > 0.5, and answers MISS otherwise. For the harness's --isolate --timeout
 * path: the hang must be reported as a timeout while the other solvers' results stay complete. */
#include "ccdb_solver.h"

static void hang_or_miss(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    if (q[0][0] > 0.5) {
        volatile unsigned long spin = 0;
        for (;;) /* a volatile side effect: the loop cannot be optimized away */
            spin++;
    }
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static const ccdb_solver s = {
        .abi_version = CCDB_SOLVER_ABI,
        .name = "testplugin_hang",
        .summary = "test plugin: never returns when q[0][0] > 0.5, else answers miss",
        .reference = "tests/solvers/plugins",
        .flags = 0,
        .vertex_face = hang_or_miss,
        .edge_edge = hang_or_miss,
    };
    return &s;
}
