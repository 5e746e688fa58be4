/* testplugin_outside_old_abi.c — test plugin: an ABI 3 entry answering state 4 (what ABI 4
 * calls CCDB_OUTSIDE_MODEL) to every query. State 4 does not exist in ABI 3: every answer is a
 * contract violation (and a failure, never a miss), none is counted outside the model. */
#include "ccdb_solver.h"

static void answer(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    out->state = (ccdb_state)4;
    out->toi = 0.0;
    out->work = 1;
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    ccdb_solver_init(&s, "testplugin_outside_old_abi",
                     "test plugin: an ABI 3 entry answering state 4 (unknown to ABI 3)",
                     "tests/solvers/plugins", 0, answer, answer);
    s.abi_version = 3;
    return &s;
}
