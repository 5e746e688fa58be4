/* testplugin_abi2.c — test plugin: an ABI 2 entry (it ends after edge_edge), answering every
 * linear query HIT at t = 0. Right after the entry lie two function pointers that abort: a
 * harness that read the ABI 3 rigid fields of this older entry would find them and die. It must
 * be accepted, and skipped on rigid data ("unsupported"). */
#include <stdlib.h>

#include "ccdb_solver.h"

static void hit(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)params;
    out->state = CCDB_HIT;
    out->toi = 0.0;
    out->work = 1;
}

static void poison(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)params;
    (void)out;
    abort();
}

/* The ABI 2 layout (the fields of ccdb_solver up to edge_edge), then the poison. */
static const struct {
    int abi_version;
    const char *name, *summary, *reference;
    unsigned flags;
    void *(*create)(const ccdb_params *);
    void (*destroy)(void *);
    ccdb_query_fn vertex_face, edge_edge;
    ccdb_query_fn beyond[2];
} entry = { 2,   "testplugin_abi2", "ABI 2 entry: hit at 0", "test", 0, NULL, NULL, hit,
            hit, { poison, poison } };

const ccdb_solver *ccdb_solver_entry(void)
{
    return (const ccdb_solver *)(const void *)&entry;
}
