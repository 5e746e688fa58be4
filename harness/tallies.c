/* tallies.c — a solver's answers against the exact truth: TP/FP/FN/TN, GAVE_UP, FAILED, TOI
 * error and conservativeness violations, work counts. Definitions in docs/harness.md. */
#include <math.h>

#include "ccdb_tallies.h"

ccdb_outcome ccdb_outcome_of(const ccdb_truth_result *truth, const ccdb_result *r)
{
    int said_hit;
    switch (r->state) {
    case CCDB_MISS: said_hit = 0; break;
    case CCDB_HIT:
    case CCDB_GAVE_UP: said_hit = 1; break; /* giving up at the cap is a conservative "yes" */
    default: return CCDB_OUT_FAILED;        /* CCDB_FAILED, or a malformed state */
    }
    if (truth->hit)
        return said_hit ? CCDB_OUT_TP : CCDB_OUT_FN;
    return said_hit ? CCDB_OUT_FP : CCDB_OUT_TN;
}

int ccdb_toi_violation(const ccdb_truth_result *truth, const ccdb_result *r)
{
    if (ccdb_outcome_of(truth, r) != CCDB_OUT_TP)
        return 0;
    /* `!(a <= b)` also catches a NaN TOI. */
    return !(r->toi <= truth->toi_hi);
}

void ccdb_tally_init(ccdb_tally *t)
{
    *t = (ccdb_tally){ 0 };
    t->toi_err_max = NAN;
}

static void tally_add(ccdb_tally *t, const ccdb_truth_result *truth, const ccdb_result *r)
{
    t->queries++;
    t->positives += truth->hit ? 1 : 0;
    t->work += r->work;
    if (r->state == CCDB_GAVE_UP)
        t->gave_up++;
    switch (ccdb_outcome_of(truth, r)) {
    case CCDB_OUT_TP: {
        t->tp++;
        t->toi_violations += ccdb_toi_violation(truth, r);
        double err = truth->toi_lo - r->toi;
        if (err == err && !(err <= t->toi_err_max)) /* NaN-safe max; NaN errors are skipped */
            t->toi_err_max = err;
        break;
    }
    case CCDB_OUT_FP: t->fp++; break;
    case CCDB_OUT_FN: t->fn++; break;
    case CCDB_OUT_TN: t->tn++; break;
    case CCDB_OUT_FAILED: t->failed++; break;
    }
}

void ccdb_tally_results(const ccdb_truth_result *truth, const ccdb_result *res, size_t n,
                        ccdb_tally *all, ccdb_tally by_class[CCDB_CLASS_COUNT])
{
    ccdb_tally_init(all);
    for (int c = 0; c < CCDB_CLASS_COUNT; c++)
        ccdb_tally_init(&by_class[c]);
    for (size_t i = 0; i < n; i++) {
        tally_add(all, &truth[i], &res[i]);
        unsigned c = (unsigned)truth[i].cls;
        if (c < CCDB_CLASS_COUNT)
            tally_add(&by_class[c], &truth[i], &res[i]);
    }
}
