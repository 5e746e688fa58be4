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
    CCDB_OUT_FAILED
} ccdb_outcome;

/* GAVE_UP is a hit; FAILED (or a malformed state) is its own outcome, never a miss. */
ccdb_outcome ccdb_outcome_of(const ccdb_truth_result *truth, const ccdb_result *r);
/* A true positive whose reported TOI is later than the exact toi_hi (or not a number). */
int ccdb_toi_violation(const ccdb_truth_result *truth, const ccdb_result *r);

typedef struct ccdb_tally {
    long long queries, positives, tp, fp, fn, tn, gave_up, failed, toi_violations, work;
    double toi_err_max; /* max over TP of (toi_lo - reported toi); NaN when no TP */
} ccdb_tally;

void ccdb_tally_init(ccdb_tally *t);
/* Tallies n results: the whole set into *all, and by the truth's degeneracy class. */
void ccdb_tally_results(const ccdb_truth_result *truth, const ccdb_result *res, size_t n,
                        ccdb_tally *all, ccdb_tally by_class[CCDB_CLASS_COUNT]);

#endif
