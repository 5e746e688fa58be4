/* truth_sweep.h (internal to ground_truth/) — the certified judge of sweeps (truth_sweep.c). */
#ifndef CCDB_TRUTH_SWEEP_H
#define CCDB_TRUTH_SWEEP_H

#include "truth_core.h"

/* The sweep queries of ccdb_truth_sweep_vf / _ee; c->sweep is made on first use. */
void gt_sweep_run(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out);
void gt_sweep_free(ccdb_truth *c);
/* The same without the route of theta = 0 to the linear judge (tests compare the two). */
void gt_sweep_run_numeric(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out);

#endif
