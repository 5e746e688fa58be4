/* testplugin_modify.c — test plugin: casts away the const of its query and moves the first
 * point 1000 units away along x (and its t = 1 position with it), then answers MISS. Without
 * protection every solver after it would judge corrupted queries (a vertex moved away from its
 * triangle: a miss where the exact truth has a hit). The harness must make the write a crash of
 * this solver and leave the queries intact. */
#include "testplugin.h"

static void modify(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    double(*w)[3] = (double(*)[3])(void *)q; /* what the contract forbids */
    w[0][0] += 1000.0;
    w[4][0] += 1000.0;
    testplugin_answer(out, CCDB_MISS, 0.0, 1);
}

TESTPLUGIN_ENTRY("testplugin_modify", "test plugin: writes into the query array, then answers miss",
                 0, modify, modify)
