/* testplugin_crash.c — test plugin: crashes (writes through a NULL pointer, then abort()s should
 * that not kill it) on every query whose first coordinate q[0][0] is > 0.5, and answers MISS
 * otherwise. For the harness's --isolate paths. */
#include <stdlib.h>

#include "ccdb_solver.h"

static void crash_or_miss(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    if (q[0][0] > 0.5) {
        volatile int *volatile null = NULL;
        *null = 1;
        abort();
    }
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static const ccdb_solver s = {
        .abi_version = CCDB_SOLVER_ABI,
        .name = "testplugin_crash",
        .summary = "test plugin: crashes when q[0][0] > 0.5, else answers miss",
        .reference = "tests/solvers/plugins",
        .flags = 0,
        .vertex_face = crash_or_miss,
        .edge_edge = crash_or_miss,
    };
    return &s;
}
