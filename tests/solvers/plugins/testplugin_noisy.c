/* testplugin_noisy.c — test plugin: prints to stdout and stderr in create and in every call
 * (without a newline at the end of the last line, as careless code does), then answers MISS.
 * The harness must keep this out of its own stdout and show an excerpt in the report. */
#include <stdio.h>
#include <stdlib.h>

#include "ccdb_solver.h"

static void *noisy_create(const ccdb_params *p)
{
    (void)p;
    printf("NOISY-STDOUT create\n");
    fprintf(stderr, "NOISY-STDERR create\n");
    return malloc(1);
}

static void noisy_destroy(void *state)
{
    free(state);
}

static void noisy(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)p;
    printf("NOISY-STDOUT query at x=%g\n", q[0][0]);
    fprintf(stderr, "NOISY-STDERR query");
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 1;
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static const ccdb_solver s = {
        .abi_version = CCDB_SOLVER_ABI,
        .name = "testplugin_noisy",
        .summary = "test plugin: prints on stdout and stderr, answers miss",
        .reference = "tests/solvers/plugins",
        .flags = 0,
        .create = noisy_create,
        .destroy = noisy_destroy,
        .vertex_face = noisy,
        .edge_edge = noisy,
    };
    return &s;
}
