/* sweep_witness.h — the numeric witness of the sweep judge (test_sweep.c), for the other sweep
 * tests: positions from MPFR at 256 bits, exact squared distances of them. */
#ifndef CCDB_TEST_SWEEP_WITNESS_H
#define CCDB_TEST_SWEEP_WITNESS_H

#include "ccdb_truth.h"

/* Contradictions of the witness with the judge's answer r on the sweep q (0 when none): a hit
 * whose primitives are not within 1e-9 (relative) at toi_hi; on a grid of `grid` + 1 times
 * before toi_lo (all of [0, 1] for a miss) a contact or a crossing. */
int sweep_witness_contradictions(const double q[8][3], int ee, const ccdb_truth_result *r,
                                 int grid);

#endif
