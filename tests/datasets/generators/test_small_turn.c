/* test_small_turn.c — rigid_small_turn (datasets/gen_rigid_small.c): turns an engine with a
 * 45-degree limit can express (Bullet's clamp, docs/engines.md), in the promised mix, and the
 * construction's intent checked against the exact judge: hits strictly inside the turn, twins
 * whose turn stops just short of the base's exact contact angle. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "ccdb_generators.h"
#include "ccdb_truth.h"
#include "ccdb_truth_cache.h" /* ccdb_truth_of */

#define SUITE_SEED 20260101u
#define SUITE_N    250 /* harness/suite.c */

/* The one axis of w (the families turn about a coordinate axis after signed permutations). */
static int w_axis(const double q[8][3])
{
    int axis = -1;
    for (int a = 0; a < 3; a++)
        if (q[5][a] != 0.0) {
            cr_assert_eq(axis, -1, "w along one coordinate axis");
            axis = a;
        }
    cr_assert_neq(axis, -1, "a turn: w != 0");
    return axis;
}

static int is_float(double x)
{
    return (double)(float)x == x;
}

/* Planar as a 2D engine reads it: the four points and c in z = 0, w along z, s = 0, floats. */
static int planar(const double q[8][3])
{
    for (int r = 0; r < 5; r++)
        if (q[r][2] != 0.0 || !is_float(q[r][0]) || !is_float(q[r][1]))
            return 0;
    return q[5][2] != 0.0 && q[6][0] == 0.0 && q[6][1] == 0.0 && q[6][2] == 0.0;
}

Test(small_turn, turns_below_the_clamp_in_the_promised_mix)
{
    for (int k = CCDB_KIND_RIGID_VF; k <= CCDB_KIND_RIGID_EE; k++) {
        ccdb_dataset ds;
        ccdb_gen_intent *in;
        char err[256];
        const size_t n = 800;
        cr_assert_eq(
            ccdb_generate("rigid_small_turn", (ccdb_kind)k, n, 7, &ds, &in, err, sizeof err), 0,
            "%s", err);
        size_t flat = 0, screws = 0, turns = 0, hits = 0;
        for (size_t i = 0; i < n; i++) {
            const double(*q)[3] = (const double(*)[3])ds.q[i];
            int axis = w_axis(q);
            double w = fabs(q[5][axis]);
            /* 0.7 to 39.5 degrees: |w| = tan(phi1 / 2) in [2^-10, 46 / 128]; |w|^2 (exact: a
             * dyadic of at most 12 bits squared) within engine_bullet's 0.1715 */
            cr_assert(w >= ldexp(1.0, -10) && w <= 46.0 / 128.0, "query %zu: |w| = %g", i, w);
            cr_assert_leq(w * w, 0.1715);
            cr_assert_eq(ldexp(w, 10), floor(ldexp(w, 10)), "query %zu: w on the 2^-10 grid", i);
            for (int a = 0; a < 3; a++)
                cr_assert(a == axis || q[6][a] == 0.0, "query %zu: s along the axis", i);
            cr_assert(q[7][0] == 0.0 || q[7][0] == 1.0);
            if (planar(q))
                flat++;
            else if (q[6][axis] != 0.0)
                screws++;
            else
                turns++;
            hits += in[i].hit != 0;
            cr_assert_not(in[i].toi_known, "query %zu: contact strictly inside the turn", i);
        }
        cr_assert(flat >= n / 8 && flat <= 3 * n / 8, "%zu planar of %zu", flat, n);
        cr_assert(screws >= n / 8 && screws <= 3 * n / 8, "%zu screws of %zu", screws, n);
        cr_assert(turns >= 3 * n / 8 && turns <= 5 * n / 8, "%zu 3D turns of %zu", turns, n);
        cr_assert_eq(hits, n / 2, "twins: one hit each");
        free(in);
        ccdb_dataset_free(&ds);
    }
}

/* The suite's datasets against the judge: every intent is the truth; every hit is strictly
 * inside (0, 1); a twin that only turns less (same points, same axis, smaller |w|) is a miss
 * whose |w| = k' lies below tan(theta / 2) of its base's exact contact angle theta =
 * phi1 TOI, by at most 2^-10 (k' = j' / 2^10, the largest below); screws hit too. */
Test(small_turn, intent_against_the_judge)
{
    ccdb_truth *ctx = ccdb_truth_new();
    cr_assert_not_null(ctx);
    for (int k = CCDB_KIND_RIGID_VF; k <= CCDB_KIND_RIGID_EE; k++) {
        ccdb_dataset ds;
        ccdb_gen_intent *in;
        char err[256];
        cr_assert_eq(ccdb_generate("rigid_small_turn", (ccdb_kind)k, SUITE_N, SUITE_SEED, &ds, &in,
                                   err, sizeof err),
                     0, "%s", err);
        ccdb_truth_result *t = calloc(SUITE_N, sizeof *t);
        cr_assert_not_null(t);
        size_t short_twins = 0, screw_hits = 0;
        for (size_t i = 0; i < SUITE_N; i++) {
            const double(*q)[3] = (const double(*)[3])ds.q[i];
            cr_assert_eq(ccdb_truth_of(ctx, (ccdb_kind)k, q, 0.0, &t[i]), 0);
            cr_assert_eq(t[i].hit, in[i].hit, "%s query %zu: intent %d, judge %d", ds.name, i,
                         in[i].hit, t[i].hit);
            if (t[i].hit) {
                cr_assert(t[i].toi_lo > 0.0 && t[i].toi_hi < 1.0, "query %zu: TOI [%.17g, %.17g]",
                          i, t[i].toi_lo, t[i].toi_hi);
                screw_hits += q[6][w_axis(q)] != 0.0;
            }
            if (i % 2 == 0)
                continue;
            const double(*b)[3] = (const double(*)[3])ds.q[i - 1];
            int a = w_axis(q), same = w_axis(b) == a;
            for (int r = 0; r < 5 && same; r++)
                for (int c = 0; c < 3; c++)
                    same = same && q[r][c] == b[r][c];
            if (!same || fabs(q[5][a]) >= fabs(b[5][a]))
                continue;
            short_twins++;
            cr_assert(t[i - 1].hit && !t[i].hit, "pair %zu: the base hits, the short turn misses",
                      i - 1);
            double half_theta = atan(fabs(b[5][a])) * t[i - 1].toi_hi;
            double gap = tan(half_theta) - fabs(q[5][a]);
            cr_assert(gap > 0.0 && gap < ldexp(1.0, -9), "pair %zu: k' %.17g, tan(theta/2) %.17g",
                      i - 1, fabs(q[5][a]), tan(half_theta));
        }
        cr_assert_gt(short_twins, SUITE_N / 16, "%zu twins that stop short", short_twins);
        cr_assert_gt(screw_hits, SUITE_N / 32, "%zu screws that hit", screw_hits);
        free(t);
        free(in);
        ccdb_dataset_free(&ds);
    }
    ccdb_truth_free(ctx);
}
