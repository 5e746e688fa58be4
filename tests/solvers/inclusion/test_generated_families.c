/* test_generated_families.c — tight_inclusion has zero false negatives and never reports a TOI
 * later than the exact one on generated degenerate queries whose exclusion relies on the
 * t-only tests (the centred coplanarity-cubic test and the interval touch test): tangential
 * contacts (grazing: a double root of the cubic), several roots (multi_root), contacts at the
 * ends of the step (time_boundary) and large, fast coordinates (bullet). The seed differs from
 * the built-in suite's, so these are queries the solver was not tuned on. Judged by the exact
 * ground truth (ccdb_truth), with d = 0 and with a minimum separation of 1e-3 (judged against
 * exact contact: a hit at distance 0 is a hit within any d). */
#include <stdio.h>
#include <stdlib.h>

#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_truth.h"
#include "inclusion_cases.h"

static void check_family(const char *family, ccdb_kind kind, double min_sep)
{
    ccdb_dataset ds;
    char err[256];
    int rc = ccdb_generate(family, kind, 150, 77, &ds, NULL, err, sizeof err);
    cr_assert_eq(rc, 0, "%s: %s", family, err);
    const int ee = kind == CCDB_KIND_EE;
    const ccdb_solver *sol = find_solver("tight_inclusion");
    ccdb_params p = ccdb_params_default();
    p.min_separation = min_sep;
    void *state = sol->create ? sol->create(&p) : NULL;
    ccdb_truth *truth = ccdb_truth_new();
    cr_assert_not_null(truth);
    size_t hits = 0, fn = 0;
    for (size_t k = 0; k < ds.count; ++k) {
        const double(*q)[3] = (const double(*)[3])ds.q[k];
        ccdb_truth_result tr;
        (ee ? ccdb_truth_ee : ccdb_truth_vf)(truth, q, &tr);
        ccdb_result r;
        (ee ? sol->edge_edge : sol->vertex_face)(state, q, &p, &r);
        assert_well_formed(&r, family);
        if (!tr.hit)
            continue;
        ++hits;
        if (!is_hit(&r)) {
            ++fn;
            continue;
        }
        cr_assert(r.toi <= tr.toi_hi, "%s/%s #%zu (d = %g): toi %.17g later than exact %.17g",
                  family, ee ? "ee" : "vf", k, min_sep, r.toi, tr.toi_hi);
    }
    ccdb_truth_free(truth);
    if (sol->destroy)
        sol->destroy(state);
    ccdb_dataset_free(&ds);
    cr_assert_gt(hits, 0, "%s: no exact hit generated", family);
    cr_assert_eq(fn, 0, "%s/%s (d = %g): %zu false negatives on %zu exact hits", family,
                 ee ? "ee" : "vf", min_sep, fn, hits);
}

static const char *const families[] = { "grazing", "multi_root", "time_boundary", "bullet",
                                        "degenerate_primitives" };

Test(generated_families, no_false_negative_no_late_toi)
{
    for (size_t f = 0; f < sizeof families / sizeof *families; ++f)
        for (int ee = 0; ee < 2; ++ee)
            check_family(families[f], ee ? CCDB_KIND_EE : CCDB_KIND_VF, 0.0);
}

Test(generated_families, no_false_negative_no_late_toi_with_min_separation)
{
    for (size_t f = 0; f < sizeof families / sizeof *families; ++f)
        for (int ee = 0; ee < 2; ++ee)
            check_family(families[f], ee ? CCDB_KIND_EE : CCDB_KIND_VF, 1e-3);
}
