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

/* Separation bands (ABI 5): the band plugins (testplugin_band_*) declare [1/8, 1/4] and are
 * given vertex-face queries whose triangle lies still in z = 0 under a vertex that goes straight
 * down over its interior from z = 1 to z = h: the distance is the vertex's height, so a query
 * comes within d exactly when h <= d, first at t = (1 - d) / (1 - h). Each plugin answers from
 * h, breaking one rule of the band or none. */
#define TESTPLUGIN_BAND_LO 0.125
#define TESTPLUGIN_BAND_HI 0.25

/* h: the vertex's height at t = 1. */
static inline double testplugin_band_height(const double q[8][3])
{
    return q[4][2];
}

/* The entry of a band plugin NAME answering vertex-face queries with VF (edge-edge: a miss). */
#define TESTPLUGIN_BAND_ENTRY(NAME, SUMMARY, VF)                                                \
    const ccdb_solver *ccdb_solver_entry(void)                                                  \
    {                                                                                           \
        static const ccdb_solver s = { .abi_version = CCDB_SOLVER_ABI,                          \
                                       .name = NAME,                                            \
                                       .summary = SUMMARY,                                      \
                                       .reference = "tests/solvers/plugins",                    \
                                       .flags =                                                 \
                                           CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_SEPARATION_BAND, \
                                       .vertex_face = VF,                                       \
                                       .edge_edge = testplugin_miss,                            \
                                       .band_lo = TESTPLUGIN_BAND_LO,                           \
                                       .band_hi = TESTPLUGIN_BAND_HI };                         \
        return &s;                                                                              \
    }

#endif
