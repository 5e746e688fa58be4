/* test_api.c — the ground truth's API contract: stage counts, reset, names, the finite-input
 * precondition (asserted), miss fields, and reuse of one context across kinds. */
#include <criterion/criterion.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_truth.h"

static const double hit_vf[8][3] = { { .25, .25, 1 },  { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
                                     { .25, .25, -1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
static const double far_vf[8][3] = { { 5, 5, 5 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
                                     { 6, 6, 6 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
static const double hit_ee[8][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { .5, -1, 1 },  { .5, 1, 1 },
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

#include "gt_test_util.h"

/* TOIs near 0, down to the subnormal range: the bracket must still be the tightest and exact.
 * The vertex falls from z = a onto the unit triangle, z1 = -b: TOI = a / (a + b). */
Test(api, tiny_and_subnormal_tois)
{
    static const struct {
        int ea;
        double b;
    } cs[] = {
        { -30, 1 },   { -300, 1 },     { -1000, 1 },       { -1022, 3 },       { -1060, 1 },
        { -1074, 1 }, { -1074, 0.75 }, { -1073, 0x1p-50 }, { -900, 0x1p-900 },
    };
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        double q[8][3];
        memcpy(q, hit_vf, sizeof q);
        double a = ldexp(1, cs[i].ea);
        q[0][2] = a;
        q[4][2] = -cs[i].b;
        ccdb_truth_result r;
        ccdb_truth_vf(t, (const double(*)[3])q, &r);
        cr_assert_eq(r.hit, 1, "case %zu", i);
        mpq_t v, den;
        mpq_inits(v, den, NULL);
        mpq_set_d(v, a);
        mpq_set_d(den, cs[i].b);
        mpq_add(den, den, v);
        mpq_div(v, v, den);
        char *str = mpq_get_str(NULL, 10, v);
        char name[32];
        snprintf(name, sizeof name, "tiny case %zu", i);
        gt_check_rational(name, &r, str);
        free(str);
        mpq_clears(v, den, NULL);
    }
    ccdb_truth_free(t);
}
