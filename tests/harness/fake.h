/* fake.h — test doubles for the harness tests: scripted solvers whose answer is written into
 * the query itself, and hand-built truth. */
#ifndef TEST_HARNESS_FAKE_H
#define TEST_HARNESS_FAKE_H

#include "ccdb_solver.h"
#include "ccdb_truth.h"

/* The scripted solver reads its answer from the query: q[7][0] = state (0..3), q[7][1] = toi,
 * q[7][2] = work; q[6][0] = 1 crashes (SIGSEGV), 2 hangs. */
extern const ccdb_solver fake_scripted;
extern const ccdb_solver fake_crash;    /* scripted, but honours q[6][0] */
extern int fake_creates, fake_destroys; /* counted by fake_scripted's create/destroy */
extern long long fake_calls;            /* total calls seen by destroyed states */

void fake_script(double q[8][3], ccdb_state state, double toi, long long work);
ccdb_truth_result fake_truth(int hit, double lo, double hi, ccdb_truth_class cls);

#endif
