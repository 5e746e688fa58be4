/* testplugin.h — what the test plugins share: the answer they write and their entry. A plugin
 * that must break the ABI itself (a bad version, a short or missing entry) writes its own.
 * Each plugin includes this and ccdb_solver.h only. */
#ifndef CCDB_TESTPLUGIN_H
#define CCDB_TESTPLUGIN_H

#include "ccdb_solver.h"

/* Writes a whole answer. */
static inline void testplugin_answer(ccdb_result *out, ccdb_state state, double toi, long long work)
{
    out->state = state;
    out->toi = toi;
    out->work = work;
}

/* MISS to every query, no work: the answer of plugins that test something else. */
static inline void testplugin_miss(void *state, const double q[8][3], const ccdb_params *p,
                                   ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    testplugin_answer(out, CCDB_MISS, 0.0, 0);
}

/* The entry of a test plugin: solver NAME (a string), answering the linear kinds with VF and EE,
 * claiming FLAGS; no state, no rigid entries. */
#define TESTPLUGIN_ENTRY(NAME, SUMMARY, FLAGS, VF, EE)                       \
    const ccdb_solver *ccdb_solver_entry(void)                               \
    {                                                                        \
        static const ccdb_solver s = { .abi_version = CCDB_SOLVER_ABI,       \
                                       .name = NAME,                         \
                                       .summary = SUMMARY,                   \
                                       .reference = "tests/solvers/plugins", \
                                       .flags = FLAGS,                       \
                                       .vertex_face = VF,                    \
                                       .edge_edge = EE };                    \
        return &s;                                                           \
    }

#endif
