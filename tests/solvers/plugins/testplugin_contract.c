/* testplugin_contract.c — test plugin that breaks the answer contract in every way, by query
 * index within each call sequence (query i of a dataset is the i-th call of a pass when the
 * dataset is run by one thread), cycling over:
 *   0: HIT with toi -1        (not in [0,1])
 *   1: GAVE_UP with toi NaN   (not finite)
 *   2: state 7                (out of range)
 *   3: MISS with work -5      (negative work)
 *   4: HIT with toi 2         (not in [0,1])
 *   5: a well-formed HIT at toi 0 (no violation)
 * The choice is made from the query's coordinates (the sum of its 24 values, rounded), so it is
 * deterministic for a given query. Claims to report TOIs. */
#include <math.h>

#include "testplugin.h"

static void misbehave(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    double sum = 0;
    for (int i = 0; i < 8; i++)
        for (int c = 0; c < 3; c++)
            sum += q[i][c];
    long k = (long)fabs(fmod(floor(sum * 8), 6));
    out->toi = 0.0;
    out->work = 1;
    switch (k) {
    case 0: out->state = CCDB_HIT, out->toi = -1.0; break;
    case 1: out->state = CCDB_GAVE_UP, out->toi = NAN; break;
    case 2: out->state = (ccdb_state)7; break;
    case 3: out->state = CCDB_MISS, out->work = -5; break;
    case 4: out->state = CCDB_HIT, out->toi = 2.0; break;
    default: out->state = CCDB_HIT; break;
    }
}

TESTPLUGIN_ENTRY("testplugin_contract",
                 "test plugin: answers that break the contract (toi -1, NaN, 2; state 7; "
                 "negative work)",
                 CCDB_CLAIM_REPORTS_TOI, misbehave, misbehave)
