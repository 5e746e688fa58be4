/* test_truth_agreement.c — for every family and kind, on several seeds, the generator's intent
 * (hit/miss and the exact TOI where it claims one) agrees with the exact ground truth. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_suite.h"
#include "ccdb_truth.h"
#include "ccdb_truth_cache.h" /* ccdb_truth_of */

static const uint64_t seeds[] = { 1, 2, 0xdeadbeefu, 20260101u };

Test(truth_agreement, every_family_every_seed)
{
    ccdb_truth *ctx = ccdb_truth_new();
    cr_assert_not_null(ctx);
    for (size_t f = 0; f < ccdb_gen_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(f);
        /* the sweep families of the blade scene etc.: test_sweep_families.c, one seed (the
         * sweep judge takes milliseconds per query); sweep_random stays here */
        if ((fam->kinds & CCDB_GEN_SWEEP_VF) && strcmp(fam->name, "sweep_random") != 0)
            continue;
        for (int k = 0; k < CCDB_KIND_COUNT; k++) {
            if (!((fam->kinds >> k) & 1u))
                continue;
            for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
                ccdb_dataset ds;
                ccdb_gen_intent *in;
                char err[512];
                cr_assert_eq(ccdb_generate(fam->name, (ccdb_kind)k, 300, seeds[s], &ds, &in, err,
                                           sizeof err),
                             0, "%s", err);
                int rc = ccdb_gen_label(&ds, in, err, sizeof err);
                cr_assert_eq(rc, 0, "seed %llu: %s", (unsigned long long)seeds[s], err);
                size_t hits = 0;
                for (size_t i = 0; i < ds.count; i++) {
                    cr_assert_eq(ds.label[i], in[i].hit);
                    hits += ds.label[i];
                    if (!in[i].toi_known)
                        continue;
                    /* A claimed TOI is a dyadic double: the truth's bracket must be exactly it. */
                    ccdb_truth_result r;
                    cr_assert_eq(
                        ccdb_truth_of(ctx, (ccdb_kind)k, (const double(*)[3])ds.q[i], 0.0, &r), 0);
                    cr_assert(r.toi_lo == in[i].toi && r.toi_hi == in[i].toi,
                              "%s seed %llu query %zu: TOI %.17g, truth [%.17g, %.17g]", ds.name,
                              (unsigned long long)seeds[s], i, in[i].toi, r.toi_lo, r.toi_hi);
                }
                cr_assert(hits > 0 && hits < ds.count, "%s: %zu exact hits of %zu", ds.name, hits,
                          ds.count);
                free(in);
                ccdb_dataset_free(&ds);
            }
        }
    }
    ccdb_truth_free(ctx);
}

/* The check is not vacuous: a flipped intent is refused with a message naming the query. */
Test(truth_agreement, disagreement_is_refused)
{
    ccdb_dataset ds;
    ccdb_gen_intent *in;
    char err[512];
    cr_assert_eq(ccdb_generate("near_miss", CCDB_KIND_VF, 10, 1, &ds, &in, err, sizeof err), 0);
    in[3].hit = !in[3].hit;
    in[3].toi_known = 0;
    cr_assert_eq(ccdb_gen_label(&ds, in, err, sizeof err), -1);
    cr_assert(strstr(err, "query 3"), "%s", err);
    in[3].hit = !in[3].hit;
    /* A wrong exact TOI is refused too. */
    size_t h = in[0].hit ? 0 : 1;
    cr_assert(in[h].hit && in[h].toi_known);
    in[h].toi = in[h].toi == 1.0 ? 0.5 : 1.0;
    cr_assert_eq(ccdb_gen_label(&ds, in, err, sizeof err), -1);
    free(in);
    ccdb_dataset_free(&ds);
}
