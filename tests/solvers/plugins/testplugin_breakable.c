/* testplugin_breakable.c — test plugin for `ccdbench compare`: claims to be conservative and
 * reports TOIs, and answers HIT at t = 0 to every query (never a false negative, never a late
 * TOI); with CCDB_TESTPLUGIN_BREAK set in its environment it is "broken": it answers MISS to
 * every query whose first coordinate q[0][0] is > 0.5, so a second run shows exactly those
 * queries with a contact as new false negatives, and HIT at t = 0.25 to the others (its TOIs change: still
 * early for contacts at t = 1/2, by 0.25 instead of 0.5). */
#include <stdlib.h>

#include "testplugin.h"

static void hit_or_broken(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    int broken = getenv("CCDB_TESTPLUGIN_BREAK") != NULL;
    testplugin_answer(out, broken && q[0][0] > 0.5 ? CCDB_MISS : CCDB_HIT, broken ? 0.25 : 0.0, 1);
}

TESTPLUGIN_ENTRY("testplugin_breakable",
                 "test plugin: hit at t = 0 always; with CCDB_TESTPLUGIN_BREAK set, miss when "
                 "q[0][0] > 0.5, else hit at t = 0.25",
                 CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI, hit_or_broken, hit_or_broken)
