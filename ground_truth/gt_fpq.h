/* gt_fpq.h (internal to ground_truth/) — a query as the certified floating-point stages see it
 * (fp_roots.c at d = 0, fp_sep.c at d > 0): its coordinates scaled by a power of two, which
 * changes no sign and no root of any polynomial homogeneous in them. */
#ifndef CCDB_GT_FPQ_H
#define CCDB_GT_FPQ_H

/* Positions at t = 0 into x0, at t = 1 into x1, each coordinate multiplied exactly by
 * scale[0] and then by scale[1] (powers of two; two steps because the factor may not be a
 * double). Returns 0 for a query it refuses (see fp_load.c). */
int gt_fp_load_scaled(const double q[8][3], double x0[4][3], double x1[4][3], double scale[2]);

#endif
