/* test_fp_sep.c — the certified floating-point stage at a separation d > 0 (fp_sep) against the
 * exact path of the judge at d (truth_sep.c), bit for bit (hit, bracket, flags, class), on
 * queries aimed at its edges: every contact generator family and every separation family
 * (approaches to exactly d and one ulp outside it, sliding at d, endpoints, grazing corners), as
 * generated and perturbed (ulps, relative noise, far translations, power-of-two scalings of the
 * coordinates and d together down to subnormal and up to huge, time reversal), at separations
 * from 2^-30 to 2^-4 of the query's size; generic floating-point queries; the public sample at
 * 1e-4, 1e-3 and 1e-2; and separations the stage must refuse (too large for its scaling). A
 * third context in checking mode re-derives every cheap answer internally. The stage must decide
 * the great majority of what passes the box stage, hits and misses both. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_test.h"
#include "ccdb_truth.h"
#include "gt_fp_check.h"

/* separations, relative to a query's size */
static const double rel_d[4] = { 0x1p-30, 0x1p-12, 1e-3, 0x1p-4 };

static void report(const char *what, const counts *c)
{
    cr_log_info("%s: %d queries, sep_fp decided %d hits and %d misses, exact %d", what, c->queries,
                c->fp_hits, c->fp_misses, c->exact);
}

Test(fp_sep, contact_families_perturbed)
{
    judges j = judges_new();
    counts c = { 0 };
    rng = 0x5e9a;
    char err[256];
    for (size_t fi = 0; fi < ccdb_gen_family_count(); fi++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(fi);
        for (int ee = 0; ee < 2; ee++) {
            if (!(fam->kinds & (ee ? CCDB_GEN_EE : CCDB_GEN_VF)))
                continue;
            ccdb_dataset ds;
            cr_assert_eq(ccdb_generate(fam->name, ee ? CCDB_KIND_EE : CCDB_KIND_VF, 40, 0x5e9 + fi,
                                       &ds, NULL, err, sizeof err),
                         0, "%s", err);
            for (size_t i = 0; i < ds.count; i++) {
                const double(*q)[3] = (const double(*)[3])ds.q[i];
                const double d = rel_d[rnd(4)] * size_of(q);
                if (d > 0)
                    check_perturbed(&j, ee, q, d, fam->name, i, &c);
            }
            ccdb_dataset_free(&ds);
        }
    }
    report("contact families", &c);
    cr_assert_gt(c.fp_hits, 1000, "the stage must be exercised on hits");
    cr_assert_gt(c.fp_misses, 300, "the stage must be exercised on misses");
    cr_assert_lt(c.exact, c.queries / 5, "the stage should decide most queries");
    judges_free(&j);
}

Test(fp_sep, separation_families_perturbed)
{
    judges j = judges_new();
    counts c = { 0 };
    rng = 0x5e9b;
    char err[256];
    static const double ds_[] = { 1e-3, 0x1p-20, 0.25 };
    for (size_t fi = 0; fi < ccdb_gen_sep_family_count(); fi++) {
        const ccdb_gen_family *fam = ccdb_gen_sep_family_at(fi);
        for (int ee = 0; ee < 2; ee++) {
            if (!(fam->kinds & (ee ? CCDB_GEN_EE : CCDB_GEN_VF)))
                continue;
            for (int k = 0; k < 3; k++) {
                ccdb_dataset ds;
                cr_assert_eq(ccdb_generate_sep(fam->name, ee ? CCDB_KIND_EE : CCDB_KIND_VF, 40,
                                               0x5e9 + fi, ds_[k], &ds, NULL, err, sizeof err),
                             0, "%s", err);
                for (size_t i = 0; i < ds.count; i++)
                    check_perturbed(&j, ee, (const double(*)[3])ds.q[i], ds_[k], fam->name, i, &c);
                ccdb_dataset_free(&ds);
            }
        }
    }
    report("separation families", &c);
    /* (tangencies at exactly d and misses by one ulp, double roots and TOIs that are doubles,
     * are what these families are made of: most go on to the exact path by design; the stage
     * must still take its share) */
    cr_assert_gt(c.fp_hits, 300, "the stage must be exercised on hits");
    cr_assert_gt(c.fp_misses, 100, "the stage must be exercised on misses");
    judges_free(&j);
}

Test(fp_sep, generic_floating_point_queries)
{
    judges j = judges_new();
    counts c = { 0 };
    rng = 0x5e9c;
    check_generic(&j, 6000, rel_d, &c);
    report("generic", &c);
    cr_assert_gt(c.fp_hits, 3000);
    cr_assert_gt(c.fp_misses, 500);
    cr_assert_lt(c.exact, c.queries / 20, "the stage should decide generic queries");
    judges_free(&j);
}

Test(fp_sep, public_sample_at_three_separations)
{
    static ccdb_test_sample_file files[64];
    const size_t nf = ccdb_test_sample_files(files, 64);
    judges j = judges_new();
    static const double d[] = { 1e-4, 1e-3, 1e-2 };
    for (int k = 0; k < 3; k++) {
        counts c = { 0 };
        for (size_t f = 0; f < nf; f++) {
            ccdb_dataset ds;
            ccdb_csv_error err;
            const int ee = files[f].ee;
            cr_assert_eq(
                ccdb_csv_read(files[f].path, ee ? CCDB_KIND_EE : CCDB_KIND_VF, NULL, &ds, &err), 0,
                "%s: %s", files[f].path, err.message);
            for (size_t i = 0; i < ds.count; i++) {
                char what[4096 + 2 * 256 + 96];
                snprintf(what, sizeof what, "%.4000s query %zu at d = %g", files[f].path, i, d[k]);
                check_query(&j, ee, (const double(*)[3])ds.q[i], d[k], what, &c);
            }
            ccdb_dataset_free(&ds);
        }
        char what[64];
        snprintf(what, sizeof what, "public sample at d = %g", d[k]);
        report(what, &c);
        cr_assert_gt(c.fp_hits, 100, "%s: hits", what);
        cr_assert_lt(c.exact, c.queries / 50, "%s: the stage should decide nearly every query",
                     what);
    }
    judges_free(&j);
}

/* Separations the stage's scaling cannot hold (far above the coordinates) or that vanish in it:
 * passed on, and still judged exactly. */
Test(fp_sep, separations_it_passes_on)
{
    judges j = judges_new();
    counts c = { 0 };
    rng = 0x5e9d;
    char what[120];
    for (int i = 0; i < 40; i++) {
        const int ee = i & 1;
        double q[8][3];
        generic_query(q, ee);
        const double d = i % 4 == 0   ? 0x1p30
                         : i % 4 == 1 ? 0x1p-1074
                         : i % 4 == 2 ? 0x1p-1060
                                      : 0x1p22;
        snprintf(what, sizeof what, "generic %s query %d at d = %a", ee ? "ee" : "vf", i, d);
        check_query(&j, ee, (const double(*)[3])q, d, what, &c);
        ccdb_truth_result r;
        run_at(j.fast, ee, (const double(*)[3])q, d, &r);
        if (d >= 0x1p22) /* scaled d above 2^20: refused */
            cr_assert_neq(r.stage, CCDB_STAGE_SEP_FP, "%s: decided by sep_fp", what);
    }
    judges_free(&j);
}
