/* test_sep_families.c — the separation families (gen --min-sep D): on several seeds and
 * separations (an arbitrary double, tiny and large ones), every intent equals the exact truth at d
 * (ccdb_gen_label_sep), twins alternate hit / miss, the same seed gives the same bytes, and the
 * judge finds the features the families are built for; sep_corner's tangent hits have their
 * minimum distance at exactly d (a miss one ulp below d). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_suite.h"
#include "ccdb_truth.h"
#include "ccdb_truth_cache.h"

static const uint64_t seeds[] = { 1, 7, 0xdeadbeefu };
static const double seps[] = { 1e-3, 0.1, 3.7, 0x1p-60, 0x1.3579bdf02468bp+40 };
#define NSEPS (sizeof seps / sizeof seps[0])

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
                for (size_t j = 0; j < NSEPS; j++) {
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

/* The exact truth of ds at separation d (the caller frees it). */
static ccdb_truth_result *truth_at(const ccdb_dataset *ds, double d)
{
    ccdb_truth_result *t = calloc(ds->count, sizeof *t);
    cr_assert_not_null(t);
    cr_assert_eq(ccdb_truth_compute_sep(ds, 1, d, t), 0);
    return t;
}

/* sep_corner grazes a sphere or a cylinder of radius d at an interior time: the hit's feature is
 * the corner (VF sep_vertex), the edge (sep_edge) or B's start (EE sep_endpoint); a tangent hit
 * (TOI known, A / 2^m) is a miss one ulp below d (its minimum distance is exactly d), a pass
 * inside stays a hit there; every miss twin hits one ulp above d, at the same time as its hit
 * when that is a tangent one (the same pass with its gap d moved out by one ulp). */
Test(sep_families, corner_grazes_at_exactly_d)
{
    enum { N = 200 };
    /* also the smallest subnormal d (a pass inside is at h = 0 there: a contact at d = 0, still a
     * hit), another subnormal and the largest d */
    const double extreme[] = { 0x1p-1074, 0x1.8p-1070, 0x1p900 };
    size_t tangent[2] = { 0 }, inside[2] = { 0 }, misses[2] = { 0 };
    unsigned seen = 0;
    for (int k = 0; k < 2; k++)
        for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++)
            for (size_t j = 0; j < NSEPS + sizeof extreme / sizeof extreme[0]; j++) {
                const ccdb_kind kind = k ? CCDB_KIND_EE : CCDB_KIND_VF;
                const double d = j < NSEPS ? seps[j] : extreme[j - NSEPS];
                ccdb_dataset ds;
                ccdb_gen_intent *in = NULL;
                char err[512];
                cr_assert_eq(ccdb_generate_sep("sep_corner", kind, N, seeds[s], d, &ds, &in, err,
                                               sizeof err),
                             0, "%s", err);
                cr_assert_eq(ccdb_gen_label_sep(&ds, in, d, err, sizeof err), 0, "%s", err);
                ccdb_truth_result *at = truth_at(&ds, d);
                ccdb_truth_result *below = truth_at(&ds, nextafter(d, 0));
                ccdb_truth_result *above = truth_at(&ds, nextafter(d, INFINITY));
                for (size_t i = 0; i < N; i++) {
                    const ccdb_truth_result *r = &at[i];
                    cr_assert_eq(r->hit, in[i].hit, "query %zu", i);
                    if (!r->hit) {
                        misses[k]++;
                        cr_assert(above[i].hit, "query %zu: a miss twin hits one ulp above d", i);
                        cr_assert(0 < above[i].toi_lo && above[i].toi_hi < 1, "query %zu", i);
                        if (in[i - 1].toi_known)
                            cr_assert(above[i].toi_lo == in[i - 1].toi &&
                                          above[i].toi_hi == in[i - 1].toi,
                                      "query %zu: its tangent time", i);
                        continue;
                    }
                    seen |= 1u << r->cls;
                    cr_assert(k ? r->cls == CCDB_CLASS_SEP_ENDPOINT
                                : r->cls == CCDB_CLASS_SEP_VERTEX || r->cls == CCDB_CLASS_SEP_EDGE,
                              "query %zu: class %s", i, ccdb_truth_class_name(r->cls));
                    cr_assert(0 < r->toi_lo && r->toi_hi < 1, "query %zu: an interior time", i);
                    if (in[i].toi_known) {
                        tangent[k]++;
                        cr_assert(r->toi_lo == r->toi_hi, "query %zu: the TOI is a double", i);
                        cr_assert(!below[i].hit, "query %zu: minimum distance exactly d", i);
                    } else {
                        inside[k]++;
                        cr_assert(below[i].hit, "query %zu: a pass inside d", i);
                        /* (one ulp below the smallest d is d = 0: the contact classes) */
                        cr_assert(nextafter(d, 0) == 0 || below[i].cls == r->cls, "query %zu", i);
                    }
                }
                free(at);
                free(below);
                free(above);
                free(in);
                ccdb_dataset_free(&ds);
            }
    for (int k = 0; k < 2; k++)
        cr_assert(tangent[k] && inside[k] && misses[k],
                  "kind %d: %zu tangent, %zu inside, %zu misses", k, tangent[k], inside[k],
                  misses[k]);
    cr_assert(seen & (1u << CCDB_CLASS_SEP_VERTEX));
    cr_assert(seen & (1u << CCDB_CLASS_SEP_EDGE));
    cr_assert(seen & (1u << CCDB_CLASS_SEP_ENDPOINT));
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
