/* test_fp_roots.c — the certified floating-point stage (fp_roots) against the exact path, on
 * queries aimed at its edges: every generator family (roots at 0 and 1, TOIs that are doubles,
 * double roots, boundary contacts, parallel and degenerate primitives, ...) as generated and
 * perturbed by one to three ulps, by relative 2^-20..2^-50 and by far translations (which split
 * double roots into roots closer than an ulp, or make them vanish), scaled by 2^-1070..2^1000
 * (subnormal and huge coordinates), time-reversed; and generic floating-point queries (crossing
 * and near-missing). The judge with its cheap stages must give exactly the exact path's hit,
 * bracket and flags on every query (and a third context in checking mode re-derives each cheap
 * answer internally); the stage must actually decide a good share of them. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_truth.h"
#include "gt_fp_check.h"
#include "gt_test_util.h"

Test(fp_roots, generator_families_perturbed)
{
    judges j = judges_new();
    counts c = { 0 };
    rng = 0xf00d;
    char err[256];
    for (size_t fi = 0; fi < ccdb_gen_family_count(); fi++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(fi);
        for (int kind = 0; kind < 2; kind++) {
            if (!(fam->kinds & (kind ? CCDB_GEN_EE : CCDB_GEN_VF)))
                continue;
            ccdb_dataset ds;
            cr_assert_eq(ccdb_generate(fam->name, kind ? CCDB_KIND_EE : CCDB_KIND_VF, 120,
                                       0x5eed + fi, &ds, NULL, err, sizeof err),
                         0, "%s", err);
            for (size_t i = 0; i < ds.count; i++)
                check_perturbed(&j, kind, (const double(*)[3])ds.q[i], 0.0, fam->name, i, &c);
            ccdb_dataset_free(&ds);
        }
    }
    cr_log_info("families: %d queries, fp_roots decided %d hits and %d misses, exact %d", c.queries,
                c.fp_hits, c.fp_misses, c.exact);
    cr_assert_gt(c.fp_hits, 500, "the stage must be exercised on hits");
    cr_assert_gt(c.fp_misses, 500, "the stage must be exercised on misses");
    judges_free(&j);
}

Test(fp_roots, generic_floating_point_queries)
{
    judges j = judges_new();
    counts c = { 0 };
    rng = 0x9e11;
    check_generic(&j, 12000, NULL, &c);
    cr_log_info("generic: %d queries, fp_roots decided %d hits and %d misses, exact %d", c.queries,
                c.fp_hits, c.fp_misses, c.exact);
    cr_assert_gt(c.fp_hits, 3000);
    cr_assert_gt(c.fp_misses, 1000);
    cr_assert_lt(c.exact, c.queries / 10, "the stage should decide generic queries");
    judges_free(&j);
}
