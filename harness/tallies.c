/* tallies.c — a solver's answers against the exact truth: TP/FP/FN/TN, GAVE_UP, FAILED, TOI
 * error and conservativeness violations, contract violations, work counts. Definitions in
 * docs/harness.md ("Tallies"). */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ccdb_registry.h"
#include "ccdb_tallies.h"

/* CCDB_OUTSIDE_MODEL is a state of the ABI 4 entries only. */
static int outside_model(const ccdb_result *r, int abi)
{
    return abi >= 4 && r->state == CCDB_OUTSIDE_MODEL;
}

ccdb_outcome ccdb_outcome_of(const ccdb_truth_result *truth, const ccdb_result *r, int abi)
{
    int said_hit;
    if (truth->cls == CCDB_CLASS_UNDECIDED)
        return CCDB_OUT_UNDECIDED;
    if (outside_model(r, abi))
        return CCDB_OUT_OUTSIDE;
    switch (ccdb_result_state_raw(r)) {
    case CCDB_MISS: said_hit = 0; break;
    case CCDB_HIT:
    case CCDB_GAVE_UP: said_hit = 1; break; /* giving up at the cap is a conservative "yes" */
    default: return CCDB_OUT_FAILED;        /* CCDB_FAILED, a malformed state, or none set */
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
    int s = ccdb_result_state_raw(r); /* CCDB_STATE_UNSET when the solver set none */
    int state_ok = s == CCDB_MISS || s == CCDB_HIT || s == CCDB_GAVE_UP || s == CCDB_FAILED ||
                   outside_model(r, abi);
    return !state_ok || (says_hit(r) && !unit_time(r->toi)) || r->work < 0;
}

int ccdb_toi_finding(const ccdb_truth_result *truth, const ccdb_result *r, unsigned flags)
{
    if ((flags & CCDB_CLAIM_REPORTS_TOI) && ccdb_toi_violation(truth, r))
        return 1;
    return says_hit(r) && !unit_time(r->toi);
}

const ccdb_truth_result *ccdb_band_truth(const ccdb_truth_result *lo, const ccdb_truth_result *hi)
{
    return lo->hit ? lo : hi;
}

/* Within hi, never within lo (lo within hi: a query that comes within lo comes within hi). */
static int in_band(const ccdb_truth_result *lo, const ccdb_truth_result *hi)
{
    return !lo->hit && hi->hit;
}

ccdb_outcome ccdb_band_outcome(const ccdb_truth_result *lo, const ccdb_truth_result *hi,
                               const ccdb_result *r, int abi)
{
    ccdb_outcome o = ccdb_outcome_of(ccdb_band_truth(lo, hi), r, abi);
    return in_band(lo, hi) && (o == CCDB_OUT_TP || o == CCDB_OUT_FN) ? CCDB_OUT_IN_BAND : o;
}

int ccdb_band_toi_finding(const ccdb_truth_result *lo, const ccdb_truth_result *hi,
                          const ccdb_result *r, unsigned flags)
{
    if (in_band(lo, hi))
        flags &= ~CCDB_CLAIM_REPORTS_TOI; /* no time to be late for */
    return ccdb_toi_finding(ccdb_band_truth(lo, hi), r, flags);
}

void ccdb_tally_init(ccdb_tally *t)
{
    *t = (ccdb_tally){ 0 };
    t->toi_err_max = NAN;
    t->toi_late_max = NAN;
}

int ccdb_toi_lateness(const ccdb_truth_result *truth, const ccdb_result *r, double *late,
                      long long *ulps)
{
    if (!ccdb_toi_violation(truth, r) || !isfinite(r->toi) || !(truth->toi_hi >= 0))
        return 0;
    /* Non-negative doubles are ordered as their bit patterns: the difference counts the doubles
     * between them (toi_hi >= 0 and toi > toi_hi, so both are >= 0). */
    uint64_t a, b;
    memcpy(&a, &truth->toi_hi, sizeof a);
    memcpy(&b, &r->toi, sizeof b);
    *late = r->toi - truth->toi_hi;
    *ulps = (long long)(b - a);
    return 1;
}

long long ccdb_tally_late_ulps_quantile(const ccdb_tally *t, double q)
{
    long long n = 0, seen = 0;
    for (int k = 0; k < CCDB_LATE_BUCKETS; k++)
        n += t->toi_late_hist[k];
    if (n == 0)
        return 0;
    long long rank = (long long)ceil(q * (double)n); /* nearest rank, 1-based */
    if (rank < 1)
        rank = 1;
    for (int k = 0; k < CCDB_LATE_BUCKETS; k++) {
        seen += t->toi_late_hist[k];
        if (seen >= rank) {
            long long top = k >= 63 ? LLONG_MAX : (1LL << k) - 1;
            return top < t->toi_late_ulps_max ? top : t->toi_late_ulps_max;
        }
    }
    return t->toi_late_ulps_max;
}

/* One measured late TOI into the lateness figures. */
static void add_lateness(ccdb_tally *t, double late, long long ulps)
{
    if (!(late <= t->toi_late_max)) /* also when the max is still NaN */
        t->toi_late_max = late;
    if (ulps > t->toi_late_ulps_max)
        t->toi_late_ulps_max = ulps;
    int bits = 0;
    for (unsigned long long u = (unsigned long long)ulps; u; u >>= 1)
        bits++;
    t->toi_late_hist[bits < CCDB_LATE_BUCKETS ? bits : CCDB_LATE_BUCKETS - 1]++;
}

static void tally_add(ccdb_tally *t, const ccdb_truth_result *lo, const ccdb_truth_result *hi,
                      const ccdb_result *r, int reports_toi, int abi)
{
    const ccdb_truth_result *truth = ccdb_band_truth(lo, hi);
    t->queries++;
    t->positives += lo->hit ? 1 : 0;
    /* A negative work count breaks the contract: counted there, never summed. */
    if (r->work >= 0)
        t->work += r->work;
    t->violations += ccdb_contract_violation(r, abi);
    if (r->state == CCDB_GAVE_UP)
        t->gave_up++;
    switch (ccdb_band_outcome(lo, hi, r, abi)) {
    case CCDB_OUT_TP:
        t->tp++;
        if (!reports_toi)
            break; /* its toi is no time of impact: no TOI figures */
        t->toi_violations += ccdb_toi_violation(truth, r);
        double late;
        long long ulps;
        if (ccdb_toi_lateness(truth, r, &late, &ulps))
            add_lateness(t, late, ulps);
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
    case CCDB_OUT_IN_BAND: t->in_band++; break;
    case CCDB_OUT_UNDECIDED: t->undecided++; break;
    }
}

void ccdb_tally_results(const ccdb_truth_result *truth, const ccdb_result *res, size_t n,
                        unsigned flags, int abi, ccdb_tally *all,
                        ccdb_tally by_class[CCDB_CLASS_COUNT])
{
    ccdb_tally_results_band(truth, truth, res, n, flags, abi, all, by_class);
}

void ccdb_tally_results_band(const ccdb_truth_result *lo, const ccdb_truth_result *hi,
                             const ccdb_result *res, size_t n, unsigned flags, int abi,
                             ccdb_tally *all, ccdb_tally by_class[CCDB_CLASS_COUNT])
{
    int reports_toi = (flags & CCDB_CLAIM_REPORTS_TOI) != 0;
    ccdb_tally_init(all);
    for (int c = 0; c < CCDB_CLASS_COUNT; c++)
        ccdb_tally_init(&by_class[c]);
    for (size_t i = 0; i < n; i++) {
        tally_add(all, &lo[i], &hi[i], &res[i], reports_toi, abi);
        unsigned c = (unsigned)ccdb_band_truth(&lo[i], &hi[i])->cls;
        if (c < CCDB_CLASS_COUNT)
            tally_add(&by_class[c], &lo[i], &hi[i], &res[i], reports_toi, abi);
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
    t->in_band += o->in_band;
    t->undecided += o->undecided;
    if (!isnan(o->toi_late_max) && !(o->toi_late_max <= t->toi_late_max))
        t->toi_late_max = o->toi_late_max;
    if (o->toi_late_ulps_max > t->toi_late_ulps_max)
        t->toi_late_ulps_max = o->toi_late_ulps_max;
    for (int k = 0; k < CCDB_LATE_BUCKETS; k++)
        t->toi_late_hist[k] += o->toi_late_hist[k];
}
