/* testplugin_band_right.c — test plugin (ABI 5, band [1/8, 1/4]; testplugin.h): hits every query
 * whose height h is below 0.2, at t = 0: a hit within 1/8, a miss beyond 1/4, and either in
 * between (in band), every TOI early enough: it breaks no rule of its band. */
#include "testplugin.h"

static void vf(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    testplugin_answer(out, testplugin_band_height(q) < 0.2 ? CCDB_HIT : CCDB_MISS, 0.0, 1);
}

TESTPLUGIN_BAND_ENTRY("testplugin_band_right",
                      "test plugin: hits below height 0.2 (at t = 0): right by the band [1/8, 1/4]",
                      vf)
