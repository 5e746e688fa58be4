/* testplugin_crash.c — test plugin: crashes (writes through a NULL pointer, then abort()s should
 * that not kill it) on every query whose first coordinate q[0][0] is > 0.5, and answers MISS
 * otherwise. For the harness's --isolate paths. */
#include <stdlib.h>

#include "testplugin.h"

static void crash_or_miss(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    if (q[0][0] > 0.5) {
        volatile int *volatile null = NULL;
        *null = 1;
        abort();
    }
    testplugin_answer(out, CCDB_MISS, 0.0, 0);
}

TESTPLUGIN_ENTRY("testplugin_crash", "test plugin: crashes when q[0][0] > 0.5, else answers miss",
                 0, crash_or_miss, crash_or_miss)
