/* test_random.c — exact invariances and an independent witness check on deterministic random
 * queries built from small dyadic coordinates, so that coincident points, collinear and
 * coplanar configurations, parallel edges and touching contacts happen often. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ccdb_truth.h"
#include "gt_test_util.h"
#include "gt_witness.h"
#include "prng.h" /* ccdb_splitmix64 */

static uint64_t rng_state;
static int rnd(int n)
{
    return (int)(ccdb_splitmix64(&rng_state) % (uint64_t)n);
}

static double coord(void)
{
    switch (rnd(3)) {
    case 0: return rnd(5) - 2;            /* -2..2 */
    case 1: return (rnd(17) - 8) / 4.0;   /* quarters */
    default: return (rnd(33) - 16) / 8.0; /* eighths */
    }
}

/* A random query, biased towards degenerate configurations. */
static void gen(double q[8][3], int ee)
{
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++)
            q[i][j] = coord();
    if (rnd(3) == 0) /* everything in the plane z = 0: coplanar for the whole step */
        for (int i = 0; i < 8; i++)
            q[i][2] = 0;
    if (rnd(4) == 0) { /* coincident points */
        int a = rnd(8), b = rnd(8);
        memcpy(q[a], q[b], sizeof q[a]);
    }
    if (rnd(4) == 0) { /* a static point */
        int a = rnd(4);
        memcpy(q[a + 4], q[a], sizeof q[a]);
    }
    if (rnd(6) == 0) { /* collinear triangle / parallel edges: x2 - x1 = x1 - x0 or db = da */
        int h = 4 * rnd(2);
        for (int j = 0; j < 3; j++) {
            if (ee)
                q[h + 3][j] = q[h + 2][j] + (q[h + 1][j] - q[h][j]);
            else
                q[h + 3][j] = 2 * q[h + 2][j] - q[h + 1][j];
        }
    }
    if (rnd(8) == 0) /* near-coplanar or near-touching: one value moved by 2^-30 */
        q[rnd(8)][rnd(3)] += ldexp(1, -30);
    (void)ee;
}

static void same(const char *what, int i, const ccdb_truth_result *a, const ccdb_truth_result *b)
{
    cr_assert_eq(a->hit, b->hit, "query %d %s: hit %d vs %d", i, what, a->hit, b->hit);
    if (a->hit) {
        cr_assert(a->toi_lo == b->toi_lo && a->toi_hi == b->toi_hi,
                  "query %d %s: TOI [%.17g,%.17g] vs [%.17g,%.17g]", i, what, a->toi_lo, a->toi_hi,
                  b->toi_lo, b->toi_hi);
    }
    cr_assert_eq(a->flags, b->flags, "query %d %s: flags 0x%x vs 0x%x", i, what, a->flags,
                 b->flags);
}

static void random_suite(int ee, uint64_t seed, int count)
{
    ccdb_truth *chk = ccdb_truth_new(), *t = ccdb_truth_new(), *fast = ccdb_truth_new();
    ccdb_truth_set_checking(chk, 1);
    ccdb_truth_set_checking(t, 0);
    ccdb_truth_set_checking(fast, 0);
    ccdb_truth_set_filters(chk, 0);
    ccdb_truth_set_filters(t, 0);
    rng_state = seed;
    int hits = 0, witnessed = 0, classes = 0;
    for (int i = 0; i < count; i++) {
        double q[8][3], q2[8][3];
        gen(q, ee);
        ccdb_truth_result r, r2;
        gt_run(chk, ee, (const double(*)[3])q, &r); /* checking mode: both methods agree */
        hits += r.hit;
        classes |= (int)r.flags;
        /* filters and the cheap miss classification change nothing but the stage */
        gt_run(fast, ee, (const double(*)[3])q, &r2);
        same("filtered", i, &r, &r2);
        if (r.hit) {
            cr_assert(gt_tight(&r) && r.toi_lo >= 0 && r.toi_hi <= 1, "query %d: bracket", i);
            /* at the TOI (when a double) they touch; just before it they do not */
            if (r.toi_lo == r.toi_hi) {
                cr_assert(touch_at_d((const double(*)[3])q, ee, r.toi_lo),
                          "query %d: no witness at TOI %.17g", i, r.toi_lo);
                witnessed++;
            }
            if (r.toi_lo > 0)
                cr_assert(!touch_at_d((const double(*)[3])q, ee, nextafter(r.toi_lo, -1.0)),
                          "query %d: contact before the TOI %.17g", i, r.toi_lo);
        } else {
            static const double ts[] = { 0, 0.125, 0.25, 1.0 / 3, 0.5, 0.75, 1 };
            for (size_t k = 0; k < sizeof ts / sizeof ts[0]; k++)
                cr_assert(!touch_at_d((const double(*)[3])q, ee, ts[k]),
                          "query %d: miss but contact at t = %g", i, ts[k]);
        }
        /* permutations */
        int nperm = ee ? 8 : 6;
        static const int pv[6][4] = { { 0, 1, 2, 3 }, { 0, 1, 3, 2 }, { 0, 2, 1, 3 },
                                      { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 0, 3, 2, 1 } };
        static const int pe[8][4] = { { 0, 1, 2, 3 }, { 1, 0, 2, 3 }, { 0, 1, 3, 2 },
                                      { 1, 0, 3, 2 }, { 2, 3, 0, 1 }, { 3, 2, 0, 1 },
                                      { 2, 3, 1, 0 }, { 3, 2, 1, 0 } };
        for (int p = 1; p < nperm; p++) {
            const int *m = ee ? pe[p] : pv[p];
            for (int h = 0; h < 2; h++)
                for (int j = 0; j < 4; j++)
                    memcpy(q2[4 * h + j], q[4 * h + m[j]], sizeof q2[0]);
            gt_run(t, ee, (const double(*)[3])q2, &r2);
            same("permuted", i, &r, &r2);
        }
        /* translation by an exact offset (small dyadics stay exact), scaling by 2^k */
        double off[3] = { coord() * 64, coord() * 1024, coord() };
        for (int a = 0; a < 8; a++)
            for (int j = 0; j < 3; j++)
                q2[a][j] = q[a][j] + off[j];
        gt_run(t, ee, (const double(*)[3])q2, &r2);
        same("translated", i, &r, &r2);
        int e = rnd(200) - 100;
        for (int a = 0; a < 8; a++)
            for (int j = 0; j < 3; j++)
                q2[a][j] = ldexp(q[a][j], e);
        gt_run(t, ee, (const double(*)[3])q2, &r2);
        same("scaled", i, &r, &r2);
        /* time reversal: same hit; the reversed TOI is 1 - (last contact) <= 1 - TOI */
        for (int a = 0; a < 4; a++) {
            memcpy(q2[a], q[a + 4], sizeof q2[0]);
            memcpy(q2[a + 4], q[a], sizeof q2[0]);
        }
        gt_run(t, ee, (const double(*)[3])q2, &r2);
        cr_assert_eq(r.hit, r2.hit, "query %d reversed: hit", i);
        if (r.hit) {
            mpq_t s, x;
            mpq_inits(s, x, NULL);
            mpq_set_d(s, r.toi_lo);
            mpq_set_d(x, r2.toi_lo);
            mpq_add(s, s, x);
            cr_assert(mpq_cmp_ui(s, 1, 1) <= 0, "query %d reversed: TOI %.17g + %.17g > 1", i,
                      r.toi_lo, r2.toi_lo);
            mpq_clears(s, x, NULL);
            if (r2.toi_lo == r2.toi_hi) /* the last contact time is a contact */
                cr_assert(touch_at_d((const double(*)[3])q2, ee, r2.toi_lo), "query %d rev", i);
        }
    }
    cr_log_info("%s: %d queries, %d hits, %d witnessed, class flags seen 0x%x", ee ? "ee" : "vf",
                count, hits, witnessed, classes);
    cr_assert_gt(hits, count / 20, "too few hits to mean anything");
    cr_assert_gt(witnessed, hits / 4);
    ccdb_truth_free(chk);
    ccdb_truth_free(t);
    ccdb_truth_free(fast);
}

Test(random, vf_invariances_and_witness)
{
    random_suite(0, 0x5eed0001ull, 3000);
}
Test(random, ee_invariances_and_witness)
{
    random_suite(1, 0x5eed0002ull, 3000);
}

/* Extreme magnitudes: every point gets its own power-of-two scale (down to the subnormal range,
 * up to 2^600) around a common offset, so TOIs, differences and intermediate integers span
 * hundreds to thousands of bits. Checked: checking mode (both methods agree, open intervals do
 * not touch), filtered = exact, permutation invariance, the mpq witness at double TOIs and no
 * contact one ulp before any TOI or at sample times of misses. */
static void extreme_suite(int ee, uint64_t seed, int count)
{
    ccdb_truth *chk = ccdb_truth_new(), *t = ccdb_truth_new();
    ccdb_truth_set_checking(chk, 1);
    ccdb_truth_set_filters(chk, 0);
    rng_state = seed;
    int hits = 0;
    for (int i = 0; i < count; i++) {
        double q[8][3], q2[8][3];
        gen(q, ee);
        int base = rnd(3) == 0 ? -1060 : rnd(3) == 0 ? 600 : 0;
        for (int a = 0; a < 8; a++) {
            int e = base + (rnd(2) ? -rnd(12) : 0) - (rnd(6) == 0 ? rnd(40) : 0);
            for (int j = 0; j < 3; j++)
                q[a][j] = ldexp(q[a][j], e);
        }
        ccdb_truth_result r, r2;
        gt_run(chk, ee, (const double(*)[3])q, &r);
        gt_run(t, ee, (const double(*)[3])q, &r2);
        same("filtered", i, &r, &r2);
        hits += r.hit;
        if (r.hit) {
            cr_assert(gt_tight(&r) && r.toi_lo >= 0 && r.toi_hi <= 1, "query %d: bracket", i);
            if (r.toi_lo == r.toi_hi)
                cr_assert(touch_at_d((const double(*)[3])q, ee, r.toi_lo), "query %d: witness", i);
            if (r.toi_lo > 0)
                cr_assert(!touch_at_d((const double(*)[3])q, ee, nextafter(r.toi_lo, -1.0)),
                          "query %d: contact before the TOI", i);
        } else {
            static const double ts[] = { 0, 0x1p-1074, 0x1p-1000, 0.5, 1 };
            for (size_t k = 0; k < sizeof ts / sizeof ts[0]; k++)
                cr_assert(!touch_at_d((const double(*)[3])q, ee, ts[k]), "query %d: t=%g", i,
                          ts[k]);
        }
        for (int h = 0; h < 2; h++) /* one permutation: reverse the order of the four points */
            for (int j = 0; j < 4; j++)
                memcpy(q2[4 * h + j], q[4 * h + (ee ? 3 - j : (j == 0 ? 0 : 4 - j))], sizeof q2[0]);
        gt_run(t, ee, (const double(*)[3])q2, &r2);
        same("permuted", i, &r, &r2);
    }
    cr_log_info("%s extreme: %d queries, %d hits", ee ? "ee" : "vf", count, hits);
    cr_assert_gt(hits, count / 50);
    ccdb_truth_free(chk);
    ccdb_truth_free(t);
}

Test(random, vf_extreme_magnitudes)
{
    extreme_suite(0, 0xe7e0001ull, 1500);
}
Test(random, ee_extreme_magnitudes)
{
    extreme_suite(1, 0xe7e0002ull, 1500);
}
