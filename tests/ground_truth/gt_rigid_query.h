/* gt_rigid_query.h — rigid queries for the tests (test_rigid_props.c, test_rigid_sep.c): a pure
 * translation and its linear twin, random small dyadic rigid queries, an exact similarity of a
 * whole query, and the positions at a rational u and the squared distance between the primitives
 * computed exactly (mpq; no polynomial in u, nothing shared with ground_truth/). */
#ifndef CCDB_GT_RIGID_QUERY_H
#define CCDB_GT_RIGID_QUERY_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "gt_witness.h"
#include "prng.h"

/* a + b is exact in doubles (TwoSum's error term is zero, and no overflow). */
static inline int sum_exact(double a, double b)
{
    double x = a + b, bv = x - a, av = x - bv;
    return isfinite(x) && (a - av) + (b - bv) == 0.0;
}

/* The rigid pure translation of primitive `second` by s = (its first point's displacement in
 * q), and the equivalent linear query; 0 when some x0 + s is not a double. */
static inline int pure_translation_pair(const double q[8][3], int ee, int second, double r[8][3],
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

static inline int64_t below(uint64_t *s, int64_t n)
{
    return (int64_t)(ccdb_splitmix64(s) % (uint64_t)n);
}

/* Small dyadic points (integers in [-6, 6], halves now and then), c likewise, w with components
 * 5 k / 2^e (so that M w is a double), s = 0, a multiple of w (a screw: swappable), or small
 * integers. A quarter of the queries move in the plane z = 0 (w along z: coplanar for the
 * step), some with a point on another's plane or a primitive's points shared. */
static inline void random_rigid(double q[8][3], int ee, uint64_t *s)
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

static inline void apply(const double m[3][3], double k, const double x[3], const double t[3],
                         double out[3])
{
    for (int i = 0; i < 3; i++) {
        double v = 0;
        for (int j = 0; j < 3; j++)
            v += m[i][j] * x[j]; /* small integers times dyadics: exact */
        out[i] = v / k + t[i];
    }
}

static inline void transform(const double q[8][3], double r[8][3])
{
    static const double T[3] = { 0.25, -3.375, 7.5 }, zero[3] = { 0, 0, 0 };
    for (int i = 0; i < 5; i++)
        apply(five_m, 1, q[i], T, r[i]); /* points and the axis point: 5 M x + T */
    apply(five_m, 5, q[5], zero, r[5]);  /* w: M w (components 5 k / 2^e: exact) */
    apply(five_m, 1, q[6], zero, r[6]);  /* s: 5 M s */
    memcpy(r[7], q[7], sizeof r[7]);
}

/* ---- the numeric witness: exact positions at a rational u, exact squared distances ------- */

static inline void rigid_position(vec x, const double q[8][3], int ee, int i, const mpq_t u)
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

static inline void rigid_dist2_at(mpq_t r, const double q[8][3], int ee, const mpq_t u)
{
    vec P[4];
    for (int i = 0; i < 4; i++) {
        vq_init(P[i]);
        rigid_position(P[i], q, ee, i, u);
    }
    gt_dist2(r, P, ee); /* gt_witness.h */
    for (int i = 0; i < 4; i++)
        vq_clear(P[i]);
}

#endif
