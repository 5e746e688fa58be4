/* testplugin_breakable.c — test plugin for `ccdbench compare`: claims to be conservative and
 * answers HIT at t = 0 to every query (never a false negative, never a late TOI); with
 * CCDB_TESTPLUGIN_BREAK set in its environment it is "broken": it answers MISS to every query
 * whose first coordinate q[0][0] is > 0.5, so a second run shows exactly those queries with a
 * contact as new false negatives. */
#include <stdlib.h>

#include "testplugin.h"

static void hit_or_broken(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    int broken = getenv("CCDB_TESTPLUGIN_BREAK") != NULL && q[0][0] > 0.5;
    testplugin_answer(out, broken ? CCDB_MISS : CCDB_HIT, 0.0, 1);
}

TESTPLUGIN_ENTRY("testplugin_breakable",
                 "test plugin: hit at t = 0 always; with CCDB_TESTPLUGIN_BREAK set, miss when "
                 "q[0][0] > 0.5",
                 CCDB_CLAIM_CONSERVATIVE, hit_or_broken, hit_or_broken)
