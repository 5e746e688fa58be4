/* test_rigid_props.c — properties of the rigid judge on many queries, all in checking mode:
 * - w = 0 is the linear judge: every linear generator family's queries, turned into a pure
 *   translation of either primitive (the other still), give exactly the linear judge's answer
 *   on the equivalent linear query (the moving points at t = 1 are x0 + s): same hit, same
 *   bracket, same flags plus pure_translation;
 * - on random rigid queries (small dyadic points, w with components 5 k / 2^e, in-plane and
 *   screw motions among them): invariance under an exact rigid transform of the whole query (the
 *   Pythagorean rotation (3/5, 4/5) about x and an axis cycle, applied as 5 M to the lengths
 *   (a similarity: t is scale-free) and as M to w, then a dyadic translation), and under swapping
 *   which primitive moves (the inverse motion w -> -w, s -> -s, exact when s is parallel to w);
 * - a numeric witness: positions at rational u computed exactly (mpq), the time map t <-> u in
 *   MPFR at 256 bits: at the upper end of every hit's bracket the two primitives are within
 *   1e-12 (relative to the query's size) of each other, and at 16 sampled times before its lower
 *   end (at 17 times over the step for a miss) their distance is exactly positive.
 * Filtered answers (the bound filter, stage box) are re-derived by the exact path (checking mode).
 * The counts covered are printed (criterion's --verbose shows them) and asserted. */
#include <criterion/criterion.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_truth.h"
#include "gt_rigid_util.h"
#include "gt_test_util.h"
#include "gt_witness.h"
#include "prng.h"

#define CLS(c) (1u << CCDB_CLASS_##c)

/* ---- w = 0 against the linear judge ---------------------------------------------------- */

/* a + b is exact in doubles (TwoSum's error term is zero, and no overflow). */
static int sum_exact(double a, double b)
{
    double x = a + b, bv = x - a, av = x - bv;
    return isfinite(x) && (a - av) + (b - bv) == 0.0;
}

/* The rigid pure translation of primitive `second` by s = (its first point's displacement in
 * q), and the equivalent linear query; 0 when some x0 + s is not a double. */
static int pure_translation_pair(const double q[8][3], int ee, int second, double r[8][3],
                                 double l[8][3])
{
    int first_moving = second ? (ee ? 2 : 1) : 0;
    int lo = second ? (ee ? 2 : 1) : 0, hi = second ? 4 : (ee ? 2 : 1);
    double s[3];
    for (int j = 0; j < 3; j++)
        s[j] = q[4 + first_moving][j] - q[first_moving][j];
    memset(r, 0, 8 * sizeof r[0]);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            r[i][j] = l[i][j] = q[i][j];
            int moving = i >= lo && i < hi;
            if (moving && !sum_exact(q[i][j], s[j]))
                return 0;
            l[i + 4][j] = moving ? q[i][j] + s[j] : q[i][j];
        }
    for (int j = 0; j < 3; j++)
        r[6][j] = s[j];
    r[7][0] = second;
    return 1;
}

Test(rigid_props, w0_is_the_linear_judge)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    long covered[2] = { 0, 0 }, hits[2] = { 0, 0 }, skipped = 0;
    for (size_t fi = 0; fi < ccdb_gen_family_count(); fi++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(fi);
        for (int ee = 0; ee < 2; ee++) {
            ccdb_kind kind = ee ? CCDB_KIND_EE : CCDB_KIND_VF;
            if (!(fam->kinds & (1u << kind)))
                continue;
            ccdb_dataset ds;
            char err[256];
            cr_assert_eq(ccdb_generate(fam->name, kind, 600, 1300 + fi, &ds, NULL, err, sizeof err),
                         0, "%s", err);
            for (size_t i = 0; i < ds.count; i++)
                for (int second = 0; second < 2; second++) {
                    double r[8][3], l[8][3];
                    if (!pure_translation_pair((const double(*)[3])ds.q[i], ee, second, r, l)) {
                        skipped++;
                        continue;
                    }
                    ccdb_truth_result a, b;
                    gt_run(t, ee, (const double(*)[3])l, &a);
                    gt_run_rigid(t, ee, (const double(*)[3])r, &b);
                    unsigned want = (a.flags & ~CLS(GENERIC)) | CLS(PURE_TRANSLATION);
                    cr_assert(a.hit == b.hit && a.toi_lo == b.toi_lo && a.toi_hi == b.toi_hi &&
                                  b.flags == want,
                              "%s/%s query %zu (moving %d): linear hit %d [%.17g, %.17g] 0x%x, "
                              "rigid hit %d [%.17g, %.17g] 0x%x",
                              fam->name, ccdb_kind_name(kind), i, second, a.hit, a.toi_lo, a.toi_hi,
                              a.flags, b.hit, b.toi_lo, b.toi_hi, b.flags);
                    covered[ee]++;
                    hits[ee] += a.hit;
                }
            ccdb_dataset_free(&ds);
        }
    }
    fprintf(stderr,
            "rigid_props: w = 0 vs linear judge: %ld VF queries (%ld hits), %ld EE (%ld hits); "
            "%ld skipped (x0 + s not a double)\n",
            covered[0], hits[0], covered[1], hits[1], skipped);
    cr_expect(covered[0] >= 10000 && covered[1] >= 10000);
    cr_expect(hits[0] > 500 && hits[1] > 500);
    ccdb_truth_free(t);
}

/* ---- random rigid queries -------------------------------------------------------------- */

static int64_t below(uint64_t *s, int64_t n)
{
    return (int64_t)(ccdb_splitmix64(s) % (uint64_t)n);
}

/* Small dyadic points (integers in [-6, 6], halves now and then), c likewise, w with components
 * 5 k / 2^e (so that M w is a double), s = 0, a multiple of w (a screw: swappable), or small
 * integers. A quarter of the queries move in the plane z = 0 (w along z: coplanar for the
 * step), some with a point on another's plane or a primitive's points shared. */
static void random_rigid(double q[8][3], int ee, uint64_t *s)
{
    int planar = below(s, 4) == 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 3; j++) {
            double v = (double)(below(s, 13) - 6);
            if (below(s, 5) == 0)
                v += 0.5;
            q[i][j] = planar && j == 2 ? 0.0 : v;
        }
    if (below(s, 10) == 0) /* a degenerate primitive: two of its points coincide */
        memcpy(q[ee ? 1 : 2], q[ee ? 0 : 3], sizeof q[0]);
    int e = 1 + (int)below(s, 6);
    for (int j = 0; j < 3; j++)
        q[5][j] = planar && j < 2 ? 0.0 : ldexp(5.0 * (double)(below(s, 9) - 4), -e);
    int kind_s = (int)below(s, 3);
    double lambda = ldexp((double)(below(s, 9) - 4), -2);
    for (int j = 0; j < 3; j++)
        q[6][j] = kind_s == 0   ? 0.0
                  : kind_s == 1 ? lambda * q[5][j]
                                : (planar && j == 2 ? 0.0 : (double)(below(s, 9) - 4));
    q[7][0] = (double)below(s, 2);
    q[7][1] = q[7][2] = 0.0;
}

/* 5 M: the rotation (3/5, 4/5) about x, then the axis cycle x -> y -> z -> x. */
static const double five_m[3][3] = { { 0, 3, -4 }, { 0, 4, 3 }, { 5, 0, 0 } };

static void apply(const double m[3][3], double k, const double x[3], const double t[3],
                  double out[3])
{
    for (int i = 0; i < 3; i++) {
        double v = 0;
        for (int j = 0; j < 3; j++)
            v += m[i][j] * x[j]; /* small integers times dyadics: exact */
        out[i] = v / k + t[i];
    }
}

static void transform(const double q[8][3], double r[8][3])
{
    static const double T[3] = { 0.25, -3.375, 7.5 }, zero[3] = { 0, 0, 0 };
    for (int i = 0; i < 5; i++)
        apply(five_m, 1, q[i], T, r[i]); /* points and the axis point: 5 M x + T */
    apply(five_m, 5, q[5], zero, r[5]);  /* w: M w (components 5 k / 2^e: exact) */
    apply(five_m, 1, q[6], zero, r[6]);  /* s: 5 M s */
    memcpy(r[7], q[7], sizeof r[7]);
}

/* s parallel to w (or 0): the inverse motion w -> -w, s -> -s of the other primitive. */
static int swappable(const double q[8][3])
{
    double x[3];
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        x[j] = q[5][j1] * q[6][j2] - q[5][j2] * q[6][j1];
    }
    return x[0] == 0 && x[1] == 0 && x[2] == 0;
}

static void swap_moving(const double q[8][3], double r[8][3])
{
    memcpy(r, q, 8 * sizeof q[0]);
    for (int j = 0; j < 3; j++) {
        r[5][j] = -q[5][j];
        r[6][j] = -q[6][j];
    }
    r[7][0] = q[7][0] != 0 ? 0.0 : 1.0;
}

static int same(const ccdb_truth_result *a, const ccdb_truth_result *b)
{
    return a->hit == b->hit && a->toi_lo == b->toi_lo && a->toi_hi == b->toi_hi &&
           a->flags == b->flags;
}

/* b, the answer to query i changed as `how` says, must be a's. */
static void expect_same(const ccdb_truth_result *a, const ccdb_truth_result *b, int ee, int i,
                        const char *how)
{
    cr_assert(same(a, b), "%s query %d: %s hit %d [%.17g, %.17g] 0x%x vs %d [%.17g, %.17g] 0x%x",
              ee ? "EE" : "VF", i, how, b->hit, b->toi_lo, b->toi_hi, b->flags, a->hit, a->toi_lo,
              a->toi_hi, a->flags);
}

/* ---- the numeric witness: exact positions at a rational u, exact squared distances ------- */

static void position(vec x, const double q[8][3], int ee, int i, const mpq_t u)
{
    int second = q[7][0] != 0;
    int moving = (ee ? i >= 2 : i >= 1) == second;
    for (int j = 0; j < 3; j++)
        mpq_set_d(x[j], q[i][j]);
    if (!moving)
        return;
    vec c, w, s, y, k1, k2;
    vq_init(c);
    vq_init(w);
    vq_init(s);
    vq_init(y);
    vq_init(k1);
    vq_init(k2);
    mpq_t d, a, b;
    mpq_inits(d, a, b, NULL);
    for (int j = 0; j < 3; j++) {
        mpq_set_d(c[j], q[4][j]);
        mpq_set_d(w[j], q[5][j]);
        mpq_set_d(s[j], q[6][j]);
    }
    vsub(y, x, c);
    vcross(k1, w, y);  /* K y */
    vcross(k2, w, k1); /* K^2 y */
    vdot(d, w, w);
    mpq_mul(d, d, u);
    mpq_mul(d, d, u);
    mpq_set_ui(a, 1, 1);
    mpq_add(d, d, a); /* D = 1 + u^2 |w|^2 */
    for (int j = 0; j < 3; j++) {
        /* x = c + y + (2 u K y + 2 u^2 K^2 y) / D + u s */
        mpq_mul(a, k2[j], u);
        mpq_add(a, a, k1[j]);
        mpq_mul(a, a, u);
        mpq_add(a, a, a);
        mpq_div(a, a, d);
        mpq_mul(b, s[j], u);
        mpq_add(a, a, b);
        mpq_add(x[j], x[j], a);
    }
    mpq_clears(d, a, b, NULL);
    vq_clear(c);
    vq_clear(w);
    vq_clear(s);
    vq_clear(y);
    vq_clear(k1);
    vq_clear(k2);
}

static void dist2_at(mpq_t r, const double q[8][3], int ee, const mpq_t u)
{
    vec P[4];
    for (int i = 0; i < 4; i++) {
        vq_init(P[i]);
        position(P[i], q, ee, i, u);
    }
    gt_dist2(r, P, ee);
    for (int i = 0; i < 4; i++)
        vq_clear(P[i]);
}

/* Checks the witness of one answer; returns 1 if it was a hit. */
static int check_witness(const double q[8][3], int ee, const ccdb_truth_result *r)
{
    double scale = 1;
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 3; j++)
            if (i != 5)
                scale += fabs(q[i][j]);
    mpq_t u, d, tol;
    mpq_inits(u, d, tol, NULL);
    mpq_set_d(tol, 1e-12 * scale);
    mpq_mul(tol, tol, tol);
    mpq_t top;
    mpq_init(top);
    if (r->hit) {
        gt_u_of_t(u, q, r->toi_hi);
        dist2_at(d, q, ee, u);
        cr_assert(mpq_cmp(d, tol) <= 0, "no contact near t = %.17g: squared distance %g (scale %g)",
                  r->toi_hi, mpq_get_d(d), scale);
        gt_u_of_t(top, q, r->toi_lo);
    } else {
        mpq_set_ui(top, 1, 1);
    }
    int samples = r->hit ? 16 : 17; /* before the TOI: k/16 of u(toi_lo), k < 16; a miss: all */
    for (int k = 0; k < samples && mpq_sgn(top) > 0; k++) {
        mpq_set_ui(u, (unsigned long)k, 16);
        mpq_mul(u, u, top);
        dist2_at(d, q, ee, u);
        cr_assert(mpq_sgn(d) > 0, "contact at u = %.17g, before the TOI [%.17g, %.17g] (hit %d)",
                  mpq_get_d(u), r->toi_lo, r->toi_hi, r->hit);
    }
    mpq_clears(u, d, tol, top, NULL);
    return r->hit;
}

Test(rigid_props, invariance_and_witness)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    enum { N = 10000 };
    for (int ee = 0; ee < 2; ee++) {
        uint64_t s = 0x5eed0000u + (uint64_t)ee;
        long hits = 0, swapped = 0, planar = 0, witnessed = 0, filtered = 0;
        for (int i = 0; i < N; i++) {
            double q[8][3], r[8][3];
            random_rigid(q, ee, &s);
            ccdb_truth_result a, b;
            gt_run_rigid(t, ee, (const double(*)[3])q, &a);
            hits += a.hit;
            planar += (a.flags & CLS(COPLANAR)) != 0;
            filtered += a.stage == CCDB_STAGE_BOX; /* re-derived by the exact path (checking) */
            transform((const double(*)[3])q, r);
            gt_run_rigid(t, ee, (const double(*)[3])r, &b);
            expect_same(&a, &b, ee, i, "transformed");
            if (swappable((const double(*)[3])q)) {
                swap_moving((const double(*)[3])q, r);
                gt_run_rigid(t, ee, (const double(*)[3])r, &b);
                expect_same(&a, &b, ee, i, "swapped");
                swapped++;
            }
            witnessed += check_witness((const double(*)[3])q, ee, &a);
        }
        fprintf(stderr,
                "rigid_props: %s: %d random rigid queries (%ld hits, %ld coplanar, %ld misses "
                "proven by the bound filter): transformed "
                "%d, swapped %ld, witness checked %d (%ld hits within 1e-12, distance > 0 at "
                "the samples before every TOI and over every miss)\n",
                ee ? "EE" : "VF", N, hits, planar, filtered, N, swapped, N, witnessed);
        cr_expect(hits > N / 20 && swapped > N / 5 && planar > N / 20 && filtered > N / 50);
    }
    ccdb_truth_free(t);
}

/* Extreme magnitudes: the lengths (points, c, s) scaled by 2^e, e from -1000 to 900 (exact; t
 * is scale-free: the same answer), and w's components of any magnitude from subnormal to 2^1000
 * (a different motion: checked by the witness where the distance is representable). */
Test(rigid_props, extreme_magnitudes)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    static const int scales[] = { -1000, -600, -60, 40, 500, 900 };
    long scaled = 0, odd_w = 0, hits = 0;
    for (int ee = 0; ee < 2; ee++) {
        uint64_t s = 0xe770000u + (uint64_t)ee;
        for (int i = 0; i < 300; i++) {
            double q[8][3], r[8][3];
            random_rigid(q, ee, &s);
            ccdb_truth_result a, b;
            gt_run_rigid(t, ee, (const double(*)[3])q, &a);
            int e = scales[i % 6];
            memcpy(r, q, sizeof r);
            for (int k = 0; k < 7; k++)
                for (int j = 0; j < 3 && k != 5; j++)
                    r[k][j] = ldexp(q[k][j], e);
            gt_run_rigid(t, ee, (const double(*)[3])r, &b);
            cr_assert(same(&a, &b),
                      "%s query %d scaled by 2^%d: %d [%.17g, %.17g] 0x%x vs %d "
                      "[%.17g, %.17g] 0x%x",
                      ee ? "EE" : "VF", i, e, b.hit, b.toi_lo, b.toi_hi, b.flags, a.hit, a.toi_lo,
                      a.toi_hi, a.flags);
            scaled++;
            /* w of extreme magnitude (its direction kept): any finite w is an angle below pi. */
            static const int wexp[] = { -1074, -1060, -500, -40, 40, 500, 1000 };
            memcpy(r, q, sizeof r);
            double m = fmax(fabs(q[5][0]), fmax(fabs(q[5][1]), fabs(q[5][2])));
            if (m == 0)
                continue;
            int we = wexp[i % 7];
            for (int j = 0; j < 3; j++)
                r[5][j] = we == -1074 ? (q[5][j] == m ? 0x1p-1074 : 0.0) : ldexp(q[5][j] / m, we);
            gt_run_rigid(t, ee, (const double(*)[3])r, &b);
            cr_assert(b.toi_lo <= b.toi_hi && b.toi_lo >= 0 && b.toi_hi <= 1);
            /* The witness where t resolves the motion: with |w| = 2^500 the whole turn happens
             * for u below 2^-490, that is within 2^-490 of t = 1/2 .. 1 - 2^-490: the double
             * bracket in t is then right but says little (docs/rigid.md, "The TOI in t"). */
            if (we <= 40)
                check_witness((const double(*)[3])r, ee, &b);
            hits += b.hit;
            odd_w++;
        }
    }
    fprintf(stderr,
            "rigid_props: extreme magnitudes: %ld queries scaled by 2^-1000..2^900 (identical "
            "answers), %ld with |w| from 2^-1074 to 2^1000 (%ld hits)\n",
            scaled, odd_w, hits);
    cr_expect(hits > 0);
    ccdb_truth_free(t);
}
