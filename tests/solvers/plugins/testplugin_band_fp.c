/* testplugin_band_fp.c — test plugin (ABI 5, band [1/8, 1/4]; testplugin.h): hits every query at t
 * = 0: the queries that never come within 1/4 are false positives (judged by the truth at
 * band_hi). */
#include "testplugin.h"

static void vf(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    (void)q;
    testplugin_answer(out, CCDB_HIT, 0.0, 1);
}

TESTPLUGIN_BAND_ENTRY("testplugin_band_fp",
                      "test plugin: hits every query: a false positive beyond the band's 1/4", vf)
