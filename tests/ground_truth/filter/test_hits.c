/* test_hits.c — soundness: constructed contacts of every degenerate kind are never rejected.
 * Each case is also checked under answer-preserving transforms (vertex permutations, swapping
 * edges/endpoints, time reversal, exact power-of-two scaling down to subnormals and up to 1e300). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_truth.h"
#include "test_common.h"

/* The constructions themselves are checked too: the exact ground truth must call them hits. */
static int exact_hit(const double q[8][3], int ee)
{
    static ccdb_truth *ctx;
    if (!ctx) {
        ctx = ccdb_truth_new();
        ccdb_truth_set_filters(ctx, 0);
    }
    ccdb_truth_result r;
    (ee ? ccdb_truth_ee : ccdb_truth_vf)(ctx, q, &r);
    return r.hit;
}

static const int scales[] = { 0, -1072, -1064, -1000, -700, -300, 300, 700, 1000, 1020 };

/* Applies transform `tr` (0 identity, 1..2 permutation/swap, 3 time reversal) to q. */
static void transform(const double in[8][3], double out[8][3], int ee, int tr)
{
    int rows[8];
    for (int i = 0; i < 8; ++i)
        rows[i] = i;
    static const int vf_perm[3][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 2, 1 } };
    static const int ee_perm[3][4] = { { 0, 1, 2, 3 }, { 2, 3, 0, 1 }, { 1, 0, 3, 2 } };
    if (tr <= 2) {
        const int *p = ee ? ee_perm[tr] : vf_perm[tr];
        for (int s = 0; s < 2; ++s)
            for (int i = 0; i < 4; ++i)
                rows[4 * s + i] = 4 * s + p[i];
    } else {
        for (int i = 0; i < 8; ++i)
            rows[i] = (i + 4) % 8;
    }
    for (int i = 0; i < 8; ++i)
        memcpy(out[i], in[rows[i]], sizeof(double[3]));
}

/* Returns how many variants were checked; fails on any MISS. */
static int expect_contact(const double q[8][3], int ee, const char *name)
{
    int checked = 0;
    for (int tr = 0; tr < 4; ++tr)
        for (size_t si = 0; si < sizeof scales / sizeof scales[0]; ++si) {
            double v[8][3];
            transform(q, v, ee, tr);
            if (!scale_exact(v, scales[si]))
                continue;
            cr_assert_eq(box_of((const double(*)[3])v, ee), CCDB_FILTER_UNKNOWN,
                         "%s: box rejected a contact (transform %d, scale 2^%d)", name, tr,
                         scales[si]);
            cr_assert_eq(fp_of((const double(*)[3])v, ee), CCDB_FILTER_UNKNOWN,
                         "%s: fp filter rejected a contact (transform %d, scale 2^%d)", name, tr,
                         scales[si]);
            for (int pass = 1; pass <= 2; ++pass)
                cr_assert_neq(pass_of((const double(*)[3])v, ee, pass), CCDB_FILTER_MISS,
                              "%s: fp pass %d rejected a contact (transform %d, scale 2^%d)", name,
                              pass, tr, scales[si]);
            ++checked;
        }
    return checked;
}

typedef struct named_case {
    const char *name;
    int ee;
    double q[8][3];
} named_case;

/* rows: VF v, a, b, c at t0 then t1; EE a0, a1, b0, b1 at t0 then t1 */
static const named_case cases[] = {
    { "vf touch at t0",
      0,
      { { .25, .25, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { .25, .25, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf touch at t1",
      0,
      { { .25, .25, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { .25, .25, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf through corner",
      0,
      { { -1, 0, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { 1, 0, -1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf tangent at edge point",
      0,
      { { .5, -1, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { .5, 1, -1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf grazes hypotenuse at t1",
      0,
      { { .5, .5, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { .5, .5, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf coplanar slide through",
      0,
      { { -1, .25, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { 2, .25, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf coplanar slide touching corner only",
      0,
      { { -1, 1, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { 1, -1, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf coplanar slide along an edge line",
      0,
      { { -1, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { 2, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf zero-area triangle (collinear)",
      0,
      { { .5, 1, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 2, 0, 0 },
        { .5, -1, -1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 2, 0, 0 } } },
    { "vf triangle collapsed to a point",
      0,
      { { -1, -1, -1 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 1, 1, 1 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    { "vf everything at one point",
      0,
      { { 3, 3, 3 },
        { 3, 3, 3 },
        { 3, 3, 3 },
        { 3, 3, 3 },
        { 3, 3, 3 },
        { 3, 3, 3 },
        { 3, 3, 3 },
        { 3, 3, 3 } } },
    { "vf all at origin", 0, { { 0 } } },
    { "vf vertex glued to a triangle vertex",
      0,
      { { 0, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { 5, 5, 5 },
        { 5, 5, 5 },
        { 1, 2, 3 },
        { 0, 1, 0 } } },
    { "vf triangle sweeps over static vertex",
      0,
      { { .25, .25, 0 },
        { 0, 0, 1 },
        { 1, 0, 1 },
        { 0, 1, 1 },
        { .25, .25, 0 },
        { 0, 0, -1 },
        { 1, 0, -1 },
        { 0, 1, -1 } } },
    { "vf rotating triangle meets vertex at t1 on edge",
      0,
      { { .5, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 1 },
        { 0, 1, 0 },
        { .5, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } } },
    { "vf non-dyadic: vertex ends on corner",
      0,
      { { 0.1, 0.2, 1.3 },
        { 0.1, 0.2, 0.3 },
        { 0.7, 0.1, 0.3 },
        { 0.3, 0.9, 0.3 },
        { 0.1, 0.2, 0.3 },
        { 0.1, 0.2, 0.3 },
        { 0.7, 0.1, 0.3 },
        { 0.3, 0.9, 0.3 } } },
    { "vf non-dyadic: plane z=0.1 reached at t1",
      0,
      { { .25, .25, 1 },
        { 0, 0, 0.1 },
        { 1, 0, 0.1 },
        { 0, 1, 0.1 },
        { .25, .25, 0.1 },
        { 0, 0, 0.1 },
        { 1, 0, 0.1 },
        { 0, 1, 0.1 } } },
    { "vf tiny triangle 1e-300",
      0,
      { { 1e-300, 1e-300, 1e-300 },
        { 0, 0, 0 },
        { 4e-300, 0, 0 },
        { 0, 4e-300, 0 },
        { 1e-300, 1e-300, -1e-300 },
        { 0, 0, 0 },
        { 4e-300, 0, 0 },
        { 0, 4e-300, 0 } } },
    { "vf huge 1e300",
      0,
      { { 1e300, 1e300, 1e300 },
        { 0, 0, 0 },
        { 4e300, 0, 0 },
        { 0, 4e300, 0 },
        { 1e300, 1e300, -1e300 },
        { 0, 0, 0 },
        { 4e300, 0, 0 },
        { 0, 4e300, 0 } } },
    { "vf subnormal coordinates",
      0,
      { { 0x1p-1073, 0x1p-1073, 0x1p-1072 },
        { 0, 0, 0 },
        { 0x1p-1071, 0, 0 },
        { 0, 0x1p-1071, 0 },
        { 0x1p-1073, 0x1p-1073, -0x1p-1072 },
        { 0, 0, 0 },
        { 0x1p-1071, 0, 0 },
        { 0, 0x1p-1071, 0 } } },
    { "vf mixed 1e300 and 1e-300",
      0,
      { { 1e-300, 1e-300, 1e300 },
        { 0, 0, 0 },
        { 1e300, 0, 0 },
        { 0, 1e300, 0 },
        { 1e-300, 1e-300, 0 },
        { 0, 0, 0 },
        { 1e300, 0, 0 },
        { 0, 1e300, 0 } } },
    { "vf DBL_MAX scale",
      0,
      { { 0x1p1022, 0x1p1022, 0x1.fffffffffffffp1023 },
        { 0, 0, 0 },
        { 0x1.8p1023, 0, 0 },
        { 0, 0x1.8p1023, 0 },
        { 0x1p1022, 0x1p1022, -0x1.fffffffffffffp1023 },
        { 0, 0, 0 },
        { 0x1.8p1023, 0, 0 },
        { 0, 0x1.8p1023, 0 } } },

    { "ee cross at t1/2",
      1,
      { { -1, 0, 0 },
        { 1, 0, 0 },
        { 0, -1, 1 },
        { 0, 1, 1 },
        { -1, 0, 0 },
        { 1, 0, 0 },
        { 0, -1, -1 },
        { 0, 1, -1 } } },
    { "ee endpoints touch at t0",
      1,
      { { 0, 0, 0 },
        { 1, 0, 0 },
        { 1, 0, 0 },
        { 1, 1, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 1, 0, 5 },
        { 1, 1, 5 } } },
    { "ee T-junction at t1",
      1,
      { { -1, 0, 0 },
        { 1, 0, 0 },
        { 0, 0, 1 },
        { 0, 0, 2 },
        { -1, 0, 0 },
        { 1, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 1 } } },
    { "ee parallel coplanar meet at t1/2",
      1,
      { { 0, 0, 0 },
        { 2, 0, 0 },
        { 1, 1, 0 },
        { 3, 1, 0 },
        { 0, 0, 0 },
        { 2, 0, 0 },
        { 1, -1, 0 },
        { 3, -1, 0 } } },
    { "ee collinear overlapping static",
      1,
      { { 0, 0, 0 },
        { 2, 0, 0 },
        { 1, 0, 0 },
        { 3, 0, 0 },
        { 0, 0, 0 },
        { 2, 0, 0 },
        { 1, 0, 0 },
        { 3, 0, 0 } } },
    { "ee collinear touching at one endpoint",
      1,
      { { 0, 0, 0 },
        { 2, 0, 0 },
        { 2, 0, 0 },
        { 3, 0, 0 },
        { 0, 0, 0 },
        { 2, 0, 0 },
        { 2, 0, 0 },
        { 3, 0, 0 } } },
    { "ee collinear sliding into contact at t1",
      1,
      { { 0, 0, 0 },
        { 2, 0, 0 },
        { 4, 0, 0 },
        { 5, 0, 0 },
        { 0, 0, 0 },
        { 2, 0, 0 },
        { 2, 0, 0 },
        { 3, 0, 0 } } },
    { "ee zero-length edge through interior",
      1,
      { { -1, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 1 },
        { 0, 1, 1 },
        { -1, 0, 0 },
        { 1, 0, 0 },
        { 0, -1, -1 },
        { 0, -1, -1 } } },
    { "ee both zero-length, meet at t1",
      1,
      { { 0, 0, 0 },
        { 0, 0, 0 },
        { 1, 1, 1 },
        { 1, 1, 1 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    { "ee identical edges",
      1,
      { { 0, 0, 0 },
        { 1, 2, 3 },
        { 0, 0, 0 },
        { 1, 2, 3 },
        { 4, 5, 6 },
        { 1, 1, 1 },
        { 4, 5, 6 },
        { 1, 1, 1 } } },
    { "ee skew, touch at t1 at endpoints",
      1,
      { { 0, 0, 0 },
        { 1, 0, 0 },
        { 1, 0, 1 },
        { 1, 1, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 1, 0, 0 },
        { 1, 1, 0 } } },
    { "ee non-dyadic: endpoint reached at t1",
      1,
      { { 0.1, 0.2, 0.3 },
        { 0.7, 0.1, 0.3 },
        { 0.5, 0.5, 1.5 },
        { 0.9, 0.9, 2.5 },
        { 0.1, 0.2, 0.3 },
        { 0.7, 0.1, 0.3 },
        { 0.7, 0.1, 0.3 },
        { 0.9, 0.9, 2.5 } } },
    { "ee tiny 1e-300",
      1,
      { { -1e-300, 0, 0 },
        { 1e-300, 0, 0 },
        { 0, -1e-300, 1e-300 },
        { 0, 1e-300, 1e-300 },
        { -1e-300, 0, 0 },
        { 1e-300, 0, 0 },
        { 0, -1e-300, -1e-300 },
        { 0, 1e-300, -1e-300 } } },
    { "ee huge 1e300",
      1,
      { { -1e300, 0, 0 },
        { 1e300, 0, 0 },
        { 0, -1e300, 1e300 },
        { 0, 1e300, 1e300 },
        { -1e300, 0, 0 },
        { 1e300, 0, 0 },
        { 0, -1e300, -1e300 },
        { 0, 1e300, -1e300 } } },
    { "ee subnormal",
      1,
      { { -0x1p-1074, 0, 0 },
        { 0x1p-1074, 0, 0 },
        { 0, -0x1p-1074, 0x1p-1074 },
        { 0, 0x1p-1074, 0x1p-1074 },
        { -0x1p-1074, 0, 0 },
        { 0x1p-1074, 0, 0 },
        { 0, -0x1p-1074, -0x1p-1074 },
        { 0, 0x1p-1074, -0x1p-1074 } } },
};

Test(filter_hits, constructed_cases_never_rejected)
{
    int checked = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        cr_assert(exact_hit(cases[i].q, cases[i].ee),
                  "%s: not a contact per the exact ground truth", cases[i].name);
        const int n = expect_contact(cases[i].q, cases[i].ee, cases[i].name);
        cr_assert_gt(n, 0, "%s: no variant checked", cases[i].name);
        checked += n;
    }
    cr_log_info("constructed contacts: %zu cases, %d variants checked",
                sizeof cases / sizeof cases[0], checked);
}

/* Dyadic value i / 4 with i in [-8, 8]. */
static double rnd_coord(uint64_t *s)
{
    return (double)rnd_int(s, -8, 8) * 0.25;
}

static void rnd_point(uint64_t *s, double p[3])
{
    for (int k = 0; k < 3; ++k)
        p[k] = rnd_coord(s);
}

/* Builds a path x0 -> x1 with x(tstar) == target exactly; tstar = 2^-j or 1 - 2^-j. */
static void path_through(uint64_t *s, const double target[3], int j, int from_end, double x0[3],
                         double x1[3])
{
    double free_end[3];
    rnd_point(s, free_end);
    const double inv = ldexp(1.0, j); /* 1 / 2^-j */
    for (int k = 0; k < 3; ++k) {
        if (!from_end) { /* tstar = 2^-j: x1 = x0 + (target - x0) 2^j */
            x0[k] = free_end[k];
            x1[k] = free_end[k] + (target[k] - free_end[k]) * inv;
        } else { /* tstar = 1 - 2^-j: x0 = x1 + (target - x1) 2^j */
            x1[k] = free_end[k];
            x0[k] = free_end[k] + (target[k] - free_end[k]) * inv;
        }
    }
}

/* Random triangle/edge vertex at t0 and t1; returns its position at tstar. */
static void rnd_moving(uint64_t *s, double tstar, double x0[3], double x1[3], double at[3])
{
    rnd_point(s, x0);
    if (ccdb_splitmix64(s) % 3 == 0)
        memcpy(x1, x0, sizeof(double[3])); /* static vertex: more degeneracy */
    else
        rnd_point(s, x1);
    for (int k = 0; k < 3; ++k)
        at[k] = x0[k] + tstar * (x1[k] - x0[k]); /* exact: small dyadics */
}

Test(filter_hits, random_witness_contacts_never_rejected)
{
    uint64_t seed = 0x5eed0001;
    int checked = 0;
    for (int iter = 0; iter < 20000; ++iter) {
        const int ee = iter & 1;
        const int j = rnd_int(&seed, 0, 3), from_end = (int)(ccdb_splitmix64(&seed) & 1);
        double tstar = from_end ? 1.0 - ldexp(1.0, -j) : ldexp(1.0, -j);
        double q[8][3], at[4][3], target[3];
        /* the primitive that is not built through the target */
        const int nfix = ee ? 2 : 3, first = ee ? 0 : 1;
        for (int i = 0; i < nfix; ++i)
            rnd_moving(&seed, tstar, q[first + i], q[4 + first + i], at[i]);
        /* contact point at tstar: a dyadic combination (closed set: weights may be 0 or 1) */
        const double u = rnd_int(&seed, 0, 4) * 0.25;
        const double v = ee ? 0.0 : rnd_int(&seed, 0, 4 - (int)(u * 4)) * 0.25;
        for (int k = 0; k < 3; ++k)
            target[k] =
                at[0][k] + u * (at[1][k] - at[0][k]) + (ee ? 0.0 : v * (at[2][k] - at[0][k]));
        if (!ee) {
            path_through(&seed, target, j, from_end, q[0], q[4]);
        } else {
            /* edge B through target at parameter w in [0,1]: b0* = target - w d, b1* = b0* + d */
            const double w = rnd_int(&seed, 0, 4) * 0.25;
            double d[3], b0s[3], b1s[3];
            rnd_point(&seed, d);
            if (ccdb_splitmix64(&seed) % 4 == 0)
                d[0] = d[1] = d[2] = 0; /* zero-length edge */
            for (int k = 0; k < 3; ++k) {
                b0s[k] = target[k] - w * d[k];
                b1s[k] = b0s[k] + d[k];
            }
            path_through(&seed, b0s, j, from_end, q[2], q[6]);
            path_through(&seed, b1s, j, from_end, q[3], q[7]);
        }
        char name[64];
        snprintf(name, sizeof name, "random witness contact #%d", iter);
        cr_assert(exact_hit((const double(*)[3])q, ee),
                  "%s: not a contact per the exact ground truth", name);
        checked += expect_contact((const double(*)[3])q, ee, name);
    }
    cr_log_info("random witness contacts: %d variants checked", checked);
    cr_assert_gt(checked, 20000 * 4);
}

Test(filter_hits, non_finite_and_zero_inputs_are_passed_on)
{
    /* Outside the contract (the CSV layer rejects them), but the filters must not crash or
     * claim a MISS they cannot prove. */
    const double bad[3] = { NAN, INFINITY, -INFINITY };
    for (int b = 0; b < 3; ++b)
        for (int ee = 0; ee < 2; ++ee) {
            double q[8][3];
            memcpy(q, cases[0].q, sizeof q);
            q[5][1] = bad[b];
            const double(*cq)[3] = (const double(*)[3])q;
            cr_assert_eq(fp_of(cq, ee), CCDB_FILTER_UNKNOWN);
            for (int pass = 1; pass <= 2; ++pass)
                cr_assert_eq(pass_of(cq, ee, pass), CCDB_FILTER_UNKNOWN);
            for (int i = 0; i < 8; ++i)
                for (int k = 0; k < 3; ++k)
                    q[i][k] = NAN;
            cr_assert_eq(box_of(cq, ee), CCDB_FILTER_UNKNOWN);
            cr_assert_eq(fp_of(cq, ee), CCDB_FILTER_UNKNOWN);
        }
    double zero[8][3] = { { 0 } };
    for (int ee = 0; ee < 2; ++ee) {
        cr_assert_eq(box_of((const double(*)[3])zero, ee), CCDB_FILTER_UNKNOWN);
        cr_assert_eq(fp_of((const double(*)[3])zero, ee), CCDB_FILTER_UNKNOWN);
    }
}
