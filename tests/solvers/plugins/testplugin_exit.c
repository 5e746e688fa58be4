/* testplugin_exit.c — test plugin: calls exit(0) in its first solver call (the process ends
 * "successfully" in the middle of a run). In-process (--no-isolate) the harness must not end
 * with status 0 and no report; isolated, the child's exit is a crash of this solver. */
#include <stdlib.h>

#include "testplugin.h"

static void leave(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    (void)out;
    exit(0);
}

TESTPLUGIN_ENTRY("testplugin_exit", "test plugin: calls exit(0) in its first call", 0, leave, leave)
