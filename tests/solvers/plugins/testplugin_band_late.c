/* testplugin_band_late.c — test plugin (ABI 5, band [1/8, 1/4]; testplugin.h): as
 * testplugin_band_right, but its TOI is 1: later than the first time at distance 1/8 of a query
 * that comes closer than 1/8 (a late TOI, judged by the truth at band_lo); not late for one that
 * reaches 1/8 only at t = 1, and never judged in the band. */
#include "testplugin.h"

static void vf(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    testplugin_answer(out, testplugin_band_height(q) < 0.2 ? CCDB_HIT : CCDB_MISS, 1.0, 1);
}

TESTPLUGIN_BAND_ENTRY("testplugin_band_late",
                      "test plugin: hits below height 0.2 at t = 1: late TOIs by the band's 1/8",
                      vf)
