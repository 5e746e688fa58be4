/* ccdb_tallies.h — a solver's answers judged against the exact truth: outcomes and counts. */
#ifndef CCDB_TALLIES_H
#define CCDB_TALLIES_H

#include <stddef.h>

#include "ccdb_solver.h"
#include "ccdb_truth.h"

typedef enum ccdb_outcome {
    CCDB_OUT_TP,
    CCDB_OUT_FP,
    CCDB_OUT_FN,
    CCDB_OUT_TN,
    CCDB_OUT_FAILED,
    CCDB_OUT_OUTSIDE,  /* CCDB_OUTSIDE_MODEL from an ABI >= 4 entry: not judged */
    CCDB_OUT_IN_BAND,  /* a hit or a miss on a query within a separation band: either is right */
    CCDB_OUT_UNDECIDED /* the truth is the class undecided (sweeps): not judged, whatever said */
} ccdb_outcome;

/* GAVE_UP is a hit; FAILED (or a malformed state) is its own outcome, never a miss; so is
 * CCDB_OUTSIDE_MODEL from an entry of ABI `abi` >= 4 (from an older one it is malformed). A
 * query whose truth is undecided (CCDB_CLASS_UNDECIDED) is CCDB_OUT_UNDECIDED for any answer. */
ccdb_outcome ccdb_outcome_of(const ccdb_truth_result *truth, const ccdb_result *r, int abi);
/* A true positive whose reported TOI is later than the exact toi_hi (or not a number). */
int ccdb_toi_violation(const ccdb_truth_result *truth, const ccdb_result *r);
/* An answer that breaks the solver contract (ccdb_solver.h) of an entry of ABI `abi`: a state
 * outside the enum (CCDB_OUTSIDE_MODEL below ABI 4; CCDB_STATE_UNSET, the state of a solver that
 * set none), a TOI not finite or outside [0,1] for HIT
 * or GAVE_UP, a negative work count. */
int ccdb_contract_violation(const ccdb_result *r, int abi);
/* A TOI worth a finding file: a late TOI (ccdb_toi_violation) of a solver claiming
 * CCDB_CLAIM_REPORTS_TOI (flags), or, for any solver, a HIT or GAVE_UP whose TOI is not finite
 * or outside [0,1]. */
int ccdb_toi_finding(const ccdb_truth_result *truth, const ccdb_result *r, unsigned flags);

/* Separation bands [lo, hi] (docs/harness.md, "Separation bands"): an answer is judged by two
 * truths, `lo` at distance lo and `hi` at distance hi (the same one for a band [d, d]: the
 * judge at --min-sep d, or the contact truth). A query that comes within lo must be hit, with
 * a TOI no later than lo's (FN and late TOIs by lo); one that never comes within hi must be
 * missed (FP by hi); one within hi but never within lo is "in band": a hit or a miss is right,
 * and its TOI is not judged. */
/* The truth that decides the query: lo when it comes within lo, else hi (its class is the
 * query's class in the tallies). */
const ccdb_truth_result *ccdb_band_truth(const ccdb_truth_result *lo, const ccdb_truth_result *hi);
/* ccdb_outcome_of by the band: CCDB_OUT_IN_BAND for a hit or a miss on a query in the band. */
ccdb_outcome ccdb_band_outcome(const ccdb_truth_result *lo, const ccdb_truth_result *hi,
                               const ccdb_result *r, int abi);
/* ccdb_toi_finding by the band: no late TOI in the band (a TOI outside [0,1] still is one). */
int ccdb_band_toi_finding(const ccdb_truth_result *lo, const ccdb_truth_result *hi,
                          const ccdb_result *r, unsigned flags);

/* How late a late TOI is (ccdb_toi_violation with a finite TOI): *late = reported - toi_hi
 * (the exact TOI is at most toi_hi, so it is at least that late) and *ulps = how many doubles
 * above toi_hi the reported TOI is (>= 1). 1 when measured; 0 for an answer that is no late TOI
 * or whose TOI is not finite (then counted, not measured). */
int ccdb_toi_lateness(const ccdb_truth_result *truth, const ccdb_result *r, double *late,
                      long long *ulps);

/* Late TOIs by the bit length of their lateness in ulps (bucket k: 2^(k-1) <= ulps < 2^k). */
#define CCDB_LATE_BUCKETS 64

typedef struct ccdb_tally {
    long long queries, positives, tp, fp, fn, tn, gave_up, failed, toi_violations, work;
    double toi_err_max;          /* max over TP of (toi_lo - reported toi), TOIs in [0,1] only; NaN
                              when there is none, or the solver does not claim REPORTS_TOI */
    long long violations;        /* answers breaking the contract (ccdb_contract_violation) */
    long long outside;           /* CCDB_OUTSIDE_MODEL answers (ABI >= 4): in no other count but
                             queries and positives */
    long long in_band;           /* CCDB_OUT_IN_BAND answers: in no other count but queries */
    long long undecided;         /* queries whose truth is undecided: in no other count but
                             queries (not positives) */
    double toi_late_max;         /* max over the measured late TOIs of ccdb_toi_lateness's late; NaN
                             when there is none */
    long long toi_late_ulps_max; /* the same in ulps; 0 when none */
    long long toi_late_hist[CCDB_LATE_BUCKETS]; /* measured late TOIs per ulps bucket */
} ccdb_tally;

/* The q-quantile (0 < q <= 1, nearest rank) of the measured late TOIs' ulps, as the upper end of
 * its bucket (2^k - 1, capped by toi_late_ulps_max): the lateness of at least q of them is at
 * most that many ulps. 0 when none was measured. */
long long ccdb_tally_late_ulps_quantile(const ccdb_tally *t, double q);

void ccdb_tally_init(ccdb_tally *t);
/* Tallies n results of a solver with claim flags `flags` and entry ABI `abi`: the whole set into *all, and by the
 * truth's degeneracy class. A contract violation is counted in `violations` and otherwise
 * tallied as the answer reads: a state outside the enum is FAILED, a HIT with TOI -1 is a hit
 * (TP or FP), a negative work count is not summed. TOI figures (toi_violations, toi_err_max)
 * only for a solver claiming CCDB_CLAIM_REPORTS_TOI. */
void ccdb_tally_results(const ccdb_truth_result *truth, const ccdb_result *res, size_t n,
                        unsigned flags, int abi, ccdb_tally *all,
                        ccdb_tally by_class[CCDB_CLASS_COUNT]);
/* The same by a separation band: truths lo[0..n) and hi[0..n) (ccdb_band_outcome; positives:
 * the queries that come within lo; the class: ccdb_band_truth's). lo == hi is
 * ccdb_tally_results. */
void ccdb_tally_results_band(const ccdb_truth_result *lo, const ccdb_truth_result *hi,
                             const ccdb_result *res, size_t n, unsigned flags, int abi,
                             ccdb_tally *all, ccdb_tally by_class[CCDB_CLASS_COUNT]);
/* Adds the tally of other queries (another chunk of the same dataset) into *t: counts summed,
 * toi_err_max and the lateness maxima the larger, the lateness buckets summed. The one place a new field must be merged
 * (MPI runs gather tallies as raw bytes and merge them here). */
void ccdb_tally_merge(ccdb_tally *t, const ccdb_tally *other);

#endif
