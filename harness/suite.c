/* suite.c — the built-in suite (generated from fixed seeds) and a generated dataset labelled by
 * its exact truth (ccdb_gen_label: the truth computed, then ccdb_gen_check). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_gen_check.h"
#include "ccdb_suite.h"
#include "ccdb_truth_cache.h"
#include "ccdb_util.h"

int ccdb_gen_label(ccdb_dataset *ds, const ccdb_gen_intent *intent, char *err, size_t errlen)
{
    return ccdb_gen_label_sep(ds, intent, 0.0, err, errlen);
}

int ccdb_gen_label_sep(ccdb_dataset *ds, const ccdb_gen_intent *intent, double d, char *err,
                       size_t errlen)
{
    ccdb_truth_result *truth = calloc(ds->count ? ds->count : 1, sizeof *truth);
    if (!truth || ccdb_truth_compute_sep(ds, 1, d, truth) != 0) {
        free(truth);
        return ccdb_errorf(err, errlen, "%s: out of memory for the exact ground truth", ds->name);
    }
    int rc = ccdb_gen_check(ds, intent, truth, err, errlen);
    free(truth);
    return rc;
}

/* ---------------- the suite's composition ---------------- */

#define SUITE_SEED 20260101u
#define SUITE_N    200
#define SWEEP_N    120 /* per sweep family and kind: 1920 sweeps in all */
/* One dataset of the suite. */
typedef struct suite_spec {
    const char *family; /* generator family */
    ccdb_kind kind;
    uint64_t seed;
    size_t count;
} suite_spec;

static const suite_spec specs[] = {
    { "coplanar_parallel", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "coplanar_parallel", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "grazing", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "grazing", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "time_boundary", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "time_boundary", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "degenerate_primitives", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "degenerate_primitives", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "parallel_edges", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "near_miss", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "near_miss", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "multi_root", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "multi_root", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "scaled", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "scaled", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "bullet", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "bullet", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    /* planar: what a 2D engine (Box2D, docs/engines.md) can be judged on; cheap queries */
    { "planar_bullet", CCDB_KIND_VF, SUITE_SEED, 300 },
    { "planar_bullet", CCDB_KIND_EE, SUITE_SEED, 300 },
    { "random", CCDB_KIND_VF, SUITE_SEED, 500 },
    { "random", CCDB_KIND_EE, SUITE_SEED, 500 },
    /* rigid motion */
    { "rigid_spin_through", CCDB_KIND_RIGID_VF, SUITE_SEED, SUITE_N },
    { "rigid_spin_through", CCDB_KIND_RIGID_EE, SUITE_SEED, SUITE_N },
    { "rigid_phantom", CCDB_KIND_RIGID_VF, SUITE_SEED, SUITE_N },
    { "rigid_phantom", CCDB_KIND_RIGID_EE, SUITE_SEED, SUITE_N },
    { "rigid_translation", CCDB_KIND_RIGID_VF, SUITE_SEED, SUITE_N },
    { "rigid_translation", CCDB_KIND_RIGID_EE, SUITE_SEED, SUITE_N },
    { "rigid_time_boundary", CCDB_KIND_RIGID_VF, SUITE_SEED, SUITE_N },
    { "rigid_time_boundary", CCDB_KIND_RIGID_EE, SUITE_SEED, SUITE_N },
    { "rigid_half_turn", CCDB_KIND_RIGID_VF, SUITE_SEED, SUITE_N },
    { "rigid_half_turn", CCDB_KIND_RIGID_EE, SUITE_SEED, SUITE_N },
    /* tangent contacts are the slow case of rigid_interval and rigid_conservative_advancement
     * (milliseconds per query): fewer of them keep the default run's time */
    { "rigid_grazing", CCDB_KIND_RIGID_VF, SUITE_SEED, 50 },
    { "rigid_grazing", CCDB_KIND_RIGID_EE, SUITE_SEED, 50 },
    { "rigid_in_plane", CCDB_KIND_RIGID_VF, SUITE_SEED, SUITE_N },
    { "rigid_in_plane", CCDB_KIND_RIGID_EE, SUITE_SEED, SUITE_N },
    { "planar_paddle", CCDB_KIND_RIGID_VF, SUITE_SEED, 300 },
    { "planar_paddle", CCDB_KIND_RIGID_EE, SUITE_SEED, 300 },
    { "rigid_tiny_angle", CCDB_KIND_RIGID_VF, SUITE_SEED, SUITE_N },
    { "rigid_tiny_angle", CCDB_KIND_RIGID_EE, SUITE_SEED, SUITE_N },
    { "rigid_scaled", CCDB_KIND_RIGID_VF, SUITE_SEED, SUITE_N },
    { "rigid_scaled", CCDB_KIND_RIGID_EE, SUITE_SEED, SUITE_N },
    /* sweeps (docs/sweep.md, "Families"): the certified judge takes ~1-2 ms per query (and the
     * `exact` solver calls it again), so few of them keep the default run's time */
    { "sweep_thin_wall", CCDB_KIND_SWEEP_VF, SUITE_SEED, SWEEP_N },
    { "sweep_thin_wall", CCDB_KIND_SWEEP_EE, SUITE_SEED, SWEEP_N },
    { "sweep_past_vertex", CCDB_KIND_SWEEP_VF, SUITE_SEED, SWEEP_N },
    { "sweep_past_vertex", CCDB_KIND_SWEEP_EE, SUITE_SEED, SWEEP_N },
    { "sweep_corner", CCDB_KIND_SWEEP_VF, SUITE_SEED, SWEEP_N },
    { "sweep_corner", CCDB_KIND_SWEEP_EE, SUITE_SEED, SWEEP_N },
    { "sweep_planar", CCDB_KIND_SWEEP_VF, SUITE_SEED, SWEEP_N },
    { "sweep_planar", CCDB_KIND_SWEEP_EE, SUITE_SEED, SWEEP_N },
    { "sweep_t0", CCDB_KIND_SWEEP_VF, SUITE_SEED, SWEEP_N },
    { "sweep_t0", CCDB_KIND_SWEEP_EE, SUITE_SEED, SWEEP_N },
    { "sweep_near_tangent", CCDB_KIND_SWEEP_VF, SUITE_SEED, SWEEP_N },
    { "sweep_near_tangent", CCDB_KIND_SWEEP_EE, SUITE_SEED, SWEEP_N },
    { "sweep_screw", CCDB_KIND_SWEEP_VF, SUITE_SEED, SWEEP_N },
    { "sweep_screw", CCDB_KIND_SWEEP_EE, SUITE_SEED, SWEEP_N },
    { "sweep_turn_limit", CCDB_KIND_SWEEP_VF, SUITE_SEED, SWEEP_N },
    { "sweep_turn_limit", CCDB_KIND_SWEEP_EE, SUITE_SEED, SWEEP_N },
};
#define NSPEC (sizeof specs / sizeof specs[0])

size_t ccdb_suite_count(void)
{
    return NSPEC;
}

int ccdb_suite_inputs(ccdb_input **inputs, size_t *n, char *err, size_t errlen)
{
    *inputs = NULL;
    *n = 0;
    ccdb_input *in = calloc(NSPEC, sizeof *in);
    if (!in)
        return ccdb_errorf(err, errlen, "suite: out of memory");
    for (size_t i = 0; i < NSPEC; i++) {
        const suite_spec *sp = &specs[i];
        int rc = ccdb_generate(sp->family, sp->kind, sp->count, sp->seed, &in[i].ds, &in[i].intent,
                               err, errlen);
        if (rc == 0 && !(in[i].family = strdup(sp->family)))
            rc = ccdb_errorf(err, errlen, "suite: out of memory");
        if (rc != 0) {
            for (size_t j = 0; j <= i; j++)
                ccdb_input_free(&in[j]);
            free(in);
            return -1;
        }
    }
    *inputs = in;
    *n = NSPEC;
    return 0;
}
