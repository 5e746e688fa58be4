/* suite.c — the built-in suite (generated from fixed seeds) and the check of a generator's
 * intent against the exact truth. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_suite.h"
#include "ccdb_truth_cache.h"
#include "ccdb_util.h"

int ccdb_gen_check(ccdb_dataset *ds, const ccdb_gen_intent *intent, const ccdb_truth_result *truth,
                   char *err, size_t errlen)
{
    for (size_t i = 0; i < ds->count; i++) {
        const ccdb_truth_result *r = &truth[i];
        const ccdb_gen_intent *in = &intent[i];
        int bad_hit = (r->hit != 0) != (in->hit != 0);
        int bad_toi =
            !bad_hit && r->hit && in->toi_known && !(r->toi_lo <= in->toi && in->toi <= r->toi_hi);
        if (bad_hit || bad_toi) {
            char want[64] = "", got[96] = "";
            if (in->toi_known)
                snprintf(want, sizeof want, " at t=%.17g", in->toi);
            if (r->hit)
                snprintf(got, sizeof got, " at t in [%.17g, %.17g]", r->toi_lo, r->toi_hi);
            return ccdb_errorf(err, errlen,
                               "%s: query %zu: the generator built %s%s but the exact ground "
                               "truth says %s%s (class %s): generator bug, nothing written",
                               ds->name, i, in->hit ? "a hit" : "a miss", want,
                               r->hit ? "hit" : "miss", got, ccdb_truth_class_name(r->cls));
        }
    }
    for (size_t i = 0; i < ds->count; i++)
        ds->label[i] = (unsigned char)(truth[i].hit != 0);
    return 0;
}

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
