/* truth_sep.h (internal to ground_truth/) — the judge at a minimum separation d > 0
 * (truth_sep.c), as the public entry points in truth.c call it. */
#ifndef CCDB_GT_TRUTH_SEP_H
#define CCDB_GT_TRUTH_SEP_H

#include "truth_core.h"

/* The judge at separation d > 0; it makes c->sep on first use, gt_sep_free releases it. */
void gt_sep_run(ccdb_truth *c, const double q[8][3], int ee, double d, ccdb_truth_result *out);
void gt_sep_free(ccdb_truth *c);

#endif
