/* testplugin_band_fn.c — test plugin (ABI 5, band [1/8, 1/4]; testplugin.h): misses every query:
 * the queries that come within 1/8 are false negatives (judged by the truth at band_lo). */
#include "testplugin.h"

static void vf(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    (void)q;
    testplugin_answer(out, CCDB_MISS, 0.0, 1);
}

TESTPLUGIN_BAND_ENTRY("testplugin_band_fn",
                      "test plugin: misses every query: a false negative within the band's 1/8", vf)
