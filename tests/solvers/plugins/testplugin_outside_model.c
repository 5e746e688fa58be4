/* testplugin_outside_model.c — test plugin (ABI 4): answers CCDB_OUTSIDE_MODEL when the first
 * point's x coordinate at t = 0 is below 0.25, and a well-formed MISS otherwise; on every kind,
 * rigid included. The harness must count the first in the outside_model column only. */
#include "ccdb_solver.h"

static void answer(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    out->state = q[0][0] < 0.25 ? CCDB_OUTSIDE_MODEL : CCDB_MISS;
    out->toi = 0.0;
    out->work = 1;
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    ccdb_solver_init(&s, "testplugin_outside_model",
                     "test plugin: outside its model when the first point has x < 0.25, else miss",
                     "tests/solvers/plugins", 0, answer, answer);
    s.rigid_vertex_face = answer;
    s.rigid_edge_edge = answer;
    return &s;
}
