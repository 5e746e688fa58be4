/* tallies.c — a solver's answers against the exact truth: TP/FP/FN/TN, GAVE_UP, FAILED, TOI
 * error and conservativeness violations, contract violations, work counts. Definitions in
 * docs/harness.md ("Tallies"). */
#include <math.h>

#include "ccdb_tallies.h"

/* CCDB_OUTSIDE_MODEL is a state of the ABI 4 entries only. */
static int outside_model(const ccdb_result *r, int abi)
{
    return abi >= 4 && r->state == CCDB_OUTSIDE_MODEL;
}

ccdb_outcome ccdb_outcome_of(const ccdb_truth_result *truth, const ccdb_result *r, int abi)
{
    int said_hit;
    if (outside_model(r, abi))
        return CCDB_OUT_OUTSIDE;
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
    if (ccdb_outcome_of(truth, r, CCDB_SOLVER_ABI) != CCDB_OUT_TP)
        return 0;
    /* `!(a <= b)` also catches a NaN TOI. */
    return !(r->toi <= truth->toi_hi);
}

static int says_hit(const ccdb_result *r)
{
    return r->state == CCDB_HIT || r->state == CCDB_GAVE_UP;
}

/* A time in [0,1] (false for NaN). */
static int unit_time(double t)
{
    return t >= 0.0 && t <= 1.0;
}

int ccdb_contract_violation(const ccdb_result *r, int abi)
{
    int state_ok = r->state == CCDB_MISS || r->state == CCDB_HIT || r->state == CCDB_GAVE_UP ||
                   r->state == CCDB_FAILED || outside_model(r, abi);
    return !state_ok || (says_hit(r) && !unit_time(r->toi)) || r->work < 0;
}

int ccdb_toi_finding(const ccdb_truth_result *truth, const ccdb_result *r, unsigned flags)
{
    if ((flags & CCDB_CLAIM_REPORTS_TOI) && ccdb_toi_violation(truth, r))
        return 1;
    return says_hit(r) && !unit_time(r->toi);
}

void ccdb_tally_init(ccdb_tally *t)
{
    *t = (ccdb_tally){ 0 };
    t->toi_err_max = NAN;
}

static void tally_add(ccdb_tally *t, const ccdb_truth_result *truth, const ccdb_result *r,
                      int reports_toi, int abi)
{
    t->queries++;
    t->positives += truth->hit ? 1 : 0;
    /* A negative work count breaks the contract: counted there, never summed. */
    if (r->work >= 0)
        t->work += r->work;
    t->violations += ccdb_contract_violation(r, abi);
    if (r->state == CCDB_GAVE_UP)
        t->gave_up++;
    switch (ccdb_outcome_of(truth, r, abi)) {
    case CCDB_OUT_TP:
        t->tp++;
        if (!reports_toi)
            break; /* its toi is no time of impact: no TOI figures */
        t->toi_violations += ccdb_toi_violation(truth, r);
        /* The error of a TOI in [0,1] only: -1 is a contract violation, not "1 early". */
        if (unit_time(r->toi)) {
            double err = truth->toi_lo - r->toi;
            if (!(err <= t->toi_err_max)) /* also when the max is still NaN */
                t->toi_err_max = err;
        }
        break;
    case CCDB_OUT_FP: t->fp++; break;
    case CCDB_OUT_FN: t->fn++; break;
    case CCDB_OUT_TN: t->tn++; break;
    case CCDB_OUT_FAILED: t->failed++; break;
    case CCDB_OUT_OUTSIDE: t->outside++; break;
    }
}

void ccdb_tally_results(const ccdb_truth_result *truth, const ccdb_result *res, size_t n,
                        unsigned flags, int abi, ccdb_tally *all,
                        ccdb_tally by_class[CCDB_CLASS_COUNT])
{
    int reports_toi = (flags & CCDB_CLAIM_REPORTS_TOI) != 0;
    ccdb_tally_init(all);
    for (int c = 0; c < CCDB_CLASS_COUNT; c++)
        ccdb_tally_init(&by_class[c]);
    for (size_t i = 0; i < n; i++) {
        tally_add(all, &truth[i], &res[i], reports_toi, abi);
        unsigned c = (unsigned)truth[i].cls;
        if (c < CCDB_CLASS_COUNT)
            tally_add(&by_class[c], &truth[i], &res[i], reports_toi, abi);
    }
}

void ccdb_tally_merge(ccdb_tally *t, const ccdb_tally *o)
{
    t->queries += o->queries;
    t->positives += o->positives;
    t->tp += o->tp;
    t->fp += o->fp;
    t->fn += o->fn;
    t->tn += o->tn;
    t->gave_up += o->gave_up;
    t->failed += o->failed;
    t->toi_violations += o->toi_violations;
    t->work += o->work;
    if (!isnan(o->toi_err_max) && !(o->toi_err_max <= t->toi_err_max))
        t->toi_err_max = o->toi_err_max;
    t->violations += o->violations;
    t->outside += o->outside;
}
