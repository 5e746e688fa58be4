/* testplugin_hang.c — test plugin: never returns (spins forever) on every query whose first
 * coordinate q[0][0] is > 0.5, and answers MISS otherwise. For the harness's --isolate --timeout
 * path: the hang must be reported as a timeout while the other solvers' results stay complete. */
#include "testplugin.h"

static void hang_or_miss(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    if (q[0][0] > 0.5) {
        volatile unsigned long spin = 0;
        for (;;) /* a volatile side effect: the loop cannot be optimized away */
            spin++;
    }
    testplugin_answer(out, CCDB_MISS, 0.0, 0);
}

TESTPLUGIN_ENTRY("testplugin_hang",
                 "test plugin: never returns when q[0][0] > 0.5, else answers miss", 0,
                 hang_or_miss, hang_or_miss)
