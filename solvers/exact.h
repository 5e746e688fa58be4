/* exact.h — the judge's one adapter (exact.c), for solvers that hand a linear query to the exact
 * judge (rigid_linearized): the only way into ground_truth/ from solvers/. Private to solvers/. */
#ifndef CCDB_EXACT_H
#define CCDB_EXACT_H

#include "ccdb_solver.h"

/* A judge's context for one thread (params unused); NULL when out of memory. */
void *ccdb_exact_create(const ccdb_params *params);
void ccdb_exact_destroy(void *state);
/* The exact answer to the linear query q (vf: vertex-face, else edge-edge): HIT at toi_lo of
 * the exact TOI bracket, or MISS; work 1. A NULL state answers CCDB_FAILED, work 0. */
void ccdb_exact_linear(void *state, const double q[8][3], int vf, ccdb_result *out);

#endif
