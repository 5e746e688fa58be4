/* miss_picture.h (internal to harness/) — what a miss's picture in index.html draws, from the
 * query and its exact truth: the motion's positions in doubles (a picture, never a judgment). */
#ifndef CCDB_MISS_PICTURE_H
#define CCDB_MISS_PICTURE_H

#include "ccdb_dataset.h"
#include "ccdb_report.h"
#include "ccdb_truth.h"

/* m->q (the points at t = 0 then t = 1), and for the kinds whose paths are not straight (rigid,
 * sweep; arc = 1) the samples m->path and the positions at the TOI (the middle of its bracket)
 * m->at_toi. A sweep's points move by O + t v + R(theta t)(X0 - O) (docs/sweep.md). */
void ccdb_miss_picture(ccdb_report_miss *m, const double q[8][3], ccdb_kind kind,
                       const ccdb_truth_result *t);
/* A sweep's four points at time t (the moving primitive's by its motion), in doubles. */
void ccdb_sweep_pose_at(const double q[8][3], ccdb_kind kind, double t, double out[4][3]);

#endif
