/* test_sep_families.c — the separation families (gen --min-sep D): on several seeds and
 * separations (an arbitrary double, tiny and large ones), every intent equals the exact truth at d
 * (ccdb_gen_label_sep), twins alternate hit / miss, the same seed gives the same bytes, and the
 * judge finds the features the families are built for. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_suite.h"
#include "ccdb_truth.h"
#include "ccdb_truth_cache.h"

static const uint64_t seeds[] = { 1, 7, 0xdeadbeefu };
static const double seps[] = { 1e-3, 0.1, 3.7, 0x1p-60, 0x1.3579bdf02468bp+40 };

Test(sep_families, intent_is_the_exact_truth_at_d)
{
    cr_assert_eq(ccdb_gen_sep_family_count(), 4);
    unsigned seen = 0; /* sep_* classes found, bit (1 << class) */
    for (size_t f = 0; f < ccdb_gen_sep_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_sep_family_at(f);
        cr_assert_eq(ccdb_gen_sep_family_find(fam->name), fam);
        cr_assert_null(ccdb_gen_family_find(fam->name), "%s is not a contact family", fam->name);
        for (int k = 0; k < 2; k++)
            for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++)
                for (size_t j = 0; j < sizeof seps / sizeof seps[0]; j++) {
                    const ccdb_kind kind = k ? CCDB_KIND_EE : CCDB_KIND_VF;
                    ccdb_dataset ds, again;
                    ccdb_gen_intent *in = NULL;
                    char err[512];
                    cr_assert_eq(ccdb_generate_sep(fam->name, kind, 60, seeds[s], seps[j], &ds, &in,
                                                   err, sizeof err),
                                 0, "%s", err);
                    cr_assert_eq(ccdb_generate_sep(fam->name, kind, 60, seeds[s], seps[j], &again,
                                                   NULL, err, sizeof err),
                                 0, "%s", err);
                    cr_assert(!memcmp(ds.q, again.q, 60 * sizeof ds.q[0]), "%s: deterministic",
                              fam->name);
                    for (size_t i = 0; i < 60; i++)
                        cr_assert_eq(in[i].hit, i % 2 == 0, "%s query %zu: twins alternate",
                                     fam->name, i);
                    cr_assert_eq(ccdb_gen_label_sep(&ds, in, seps[j], err, sizeof err), 0,
                                 "%s/%s seed %llu d %a: %s", fam->name, ccdb_kind_name(kind),
                                 (unsigned long long)seeds[s], seps[j], err);
                    ccdb_truth_result *t = calloc(60, sizeof *t);
                    cr_assert_eq(ccdb_truth_compute_sep(&ds, 1, seps[j], t), 0);
                    for (size_t i = 0; i < 60; i++)
                        seen |= t[i].flags;
                    /* at d = 0 the hits at exactly d are misses (d > 0 apart) */
                    cr_assert_eq(ccdb_truth_compute(&ds, 1, t), 0);
                    for (size_t i = 0; i < 60; i++)
                        cr_assert(!t[i].hit, "%s query %zu: no contact at d = 0", fam->name, i);
                    free(t);
                    free(in);
                    ccdb_dataset_free(&ds);
                    ccdb_dataset_free(&again);
                }
    }
    const ccdb_truth_class want[] = { CCDB_CLASS_SEP_VERTEX,   CCDB_CLASS_SEP_EDGE,
                                      CCDB_CLASS_SEP_FACE,     CCDB_CLASS_SEP_ENDPOINT,
                                      CCDB_CLASS_SEP_INTERIOR, CCDB_CLASS_CONTACT_T0 };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(seen & (1u << want[i]), "class %s never built", ccdb_truth_class_name(want[i]));
}

Test(sep_families, bad_requests)
{
    ccdb_dataset ds;
    char err[256];
    cr_assert_eq(
        ccdb_generate_sep("sep_slide", CCDB_KIND_VF, 4, 1, 0.0, &ds, NULL, err, sizeof err), -1);
    cr_assert(strstr(err, "needs a separation"), "%s", err);
    cr_assert_eq(
        ccdb_generate_sep("near_miss", CCDB_KIND_VF, 4, 1, 1.0, &ds, NULL, err, sizeof err), -1);
    cr_assert(strstr(err, "unknown separation family"), "%s", err);
}
