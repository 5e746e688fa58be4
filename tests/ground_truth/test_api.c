/* test_api.c — the ground truth's API contract: stage counts, reset, names, the finite-input
 * precondition (asserted), miss fields, and reuse of one context across kinds. */
#include <criterion/criterion.h>
#include <math.h>
#include <signal.h>
#include <string.h>

#include "ccdb_truth.h"

static const double hit_vf[8][3] = { { .25, .25, 1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
                                     { .25, .25, -1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
static const double far_vf[8][3] = { { 5, 5, 5 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
                                     { 6, 6, 6 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
static const double hit_ee[8][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { .5, -1, 1 }, { .5, 1, 1 },
                                     { 0, 0, 0 }, { 1, 0, 0 }, { .5, -1, -1 }, { .5, 1, -1 } };

Test(api, stage_counts_and_reset)
{
    ccdb_truth *t = ccdb_truth_new();
    cr_assert_not_null(t);
    ccdb_truth_result r;
    for (int i = 0; i < 3; i++) {
        ccdb_truth_vf(t, hit_vf, &r);
        cr_assert_eq(r.hit, 1);
        cr_assert_eq(r.stage, CCDB_STAGE_EXACT);
        ccdb_truth_ee(t, hit_ee, &r);
        cr_assert_eq(r.hit, 1);
        ccdb_truth_vf(t, far_vf, &r);
        cr_assert_eq(r.hit, 0);
        cr_assert(r.toi_lo == 0 && r.toi_hi == 0);
        cr_assert_eq(r.cls, CCDB_CLASS_GENERIC);
    }
    const ccdb_truth_stats *s = ccdb_truth_get_stats(t);
    unsigned long long sum = 0;
    for (int i = 0; i < CCDB_STAGE_COUNT; i++)
        sum += s->decided[i];
    cr_assert_eq(sum, 9);
    cr_assert_geq(s->decided[CCDB_STAGE_EXACT], 6);
    ccdb_truth_reset_stats(t);
    for (int i = 0; i < CCDB_STAGE_COUNT; i++)
        cr_assert_eq(ccdb_truth_get_stats(t)->decided[i], 0);
    /* forcing the exact path */
    ccdb_truth_set_filters(t, 0);
    ccdb_truth_vf(t, far_vf, &r);
    cr_assert_eq(r.stage, CCDB_STAGE_EXACT);
    cr_assert_eq(r.hit, 0);
    ccdb_truth_free(t);
    ccdb_truth_free(NULL);
}

Test(api, names)
{
    cr_assert_str_eq(ccdb_truth_class_name(CCDB_CLASS_TANGENT), "tangent");
    cr_assert_str_eq(ccdb_truth_class_name(CCDB_CLASS_COUNT), "invalid");
    cr_assert_str_eq(ccdb_truth_stage_name(CCDB_STAGE_EXACT), "exact");
    cr_assert(strstr(ccdb_truth_library_versions(), "GMP") != NULL);
}

/* Precondition: finite input. Violations are asserted (abort), never answered. */
Test(api, nan_input_is_asserted, .signal = SIGABRT)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_filters(t, 0);
    double q[8][3];
    memcpy(q, hit_vf, sizeof q);
    q[3][1] = NAN;
    ccdb_truth_result r;
    ccdb_truth_vf(t, (const double(*)[3])q, &r);
}

Test(api, infinite_input_is_asserted, .signal = SIGABRT)
{
    ccdb_truth *t = ccdb_truth_new();
    double q[8][3];
    memcpy(q, hit_ee, sizeof q); /* filters on: they must not answer for it either */
    q[6][2] = -INFINITY;
    ccdb_truth_result r;
    ccdb_truth_ee(t, (const double(*)[3])q, &r);
}
