/* filter_fe.h (internal to ground_truth/) — floating point with a rigorous error bound.
 *
 * A value is computed once in ordinary round-to-nearest double arithmetic (v), together with the
 * same expression evaluated on absolute values with every '-' turned into '+' (m, the
 * "magnitude"). Its rounding depth d is a property of the expression (leaves 0; add/sub:
 * max(da, db) + 1; mul: da + db + 1); the filter states an upper bound for each value it tests
 * (and a test build, CCDB_FE_TRACK_DEPTH, tracks d and asserts the stated bounds).
 *
 * Bound (Higham, "Accuracy and Stability of Numerical Algorithms", lemma 3.3 and the usual
 * induction; u = 2^-53, gamma_k = k u / (1 - k u)). If the leaves are exact and no operation
 * underflows or overflows, then for every node
 *     |v - exact| <= gamma_d * M   and   M <= m / (1 - u)^d,
 * where M is the exact magnitude expression. Induction: add: |ea| + |eb| + u|va + vb| <=
 * (gamma_k + u (1 + gamma_k)) (Ma + Mb) <= gamma_{k+1} (Ma + Mb) with k = max(da, db);
 * mul: |(a + ea)(b + eb)(1 + delta) - ab| <= ((1 + gamma_da)(1 + gamma_db)(1 + u) - 1) Ma Mb
 * <= gamma_{da+db+1} Ma Mb. The magnitude is a sum/product of non-negative numbers, so each
 * rounding loses at most a factor (1 - u).
 *
 * ccdb_fe_sign() turns this into a proven sign: it reports +1 / -1 only when |v| exceeds
 * 2 d u m + CCDB_FE_SLACK (computed in floating point), which is larger than the bound above for
 * d <= CCDB_FE_MAX_DEPTH: 2 d u (1 - u)^2 >= d u / (1 - d u) / (1 - u)^d for d <= 1000, where
 * (1 - u)^2 pays for the two roundings in computing the bound itself.
 *
 * Underflow/overflow: the filter first scales every query by a power of two so that all input
 * coordinates lie in [-1, 1] (scaling up is exact; scaling down may underflow a coordinate, an
 * absolute error <= eta = 2^-1075). Then every magnitude is below 2^19 a priori (positions <= 3,
 * differences <= 6, cross products <= 72, sums of two <= 144, differences of such sums <= 288,
 * dot products <= 3 * 144 * 288 < 2^17, sums of three < 2^19), so nothing overflows (ccdb_fe_sign also
 * refuses magnitudes above 2^20, which catches inf/NaN). In the standard model with underflow,
 * fl(a op b) = (a op b)(1 + delta) + eps with |eps| <= eta for products (sums are exact when
 * subnormal). Following eps level by level with those magnitudes (leaves eta, positions 4 eta,
 * differences 8 eta, cross products < 200 eta, sums of two < 400 eta, their differences
 * < 800 eta, products of those 400 * 288 + 800 * 144 + 1 < 2^18 eta, dot products < 2^20 eta,
 * sums of three < 2^22 eta) gives an absolute error below 2^22 eta = 2^-1053 on top of the
 * relative bound (and the same for m), far below
 * CCDB_FE_SLACK = 2^-900. So the bound is sound with underflow and subnormal inputs too.
 */
#ifndef CCDB_GT_FILTER_FE_H
#define CCDB_GT_FILTER_FE_H

#include <math.h>

#define CCDB_FE_MAX_DEPTH 1000
#define CCDB_FE_MAX_MAG   0x1p20
#define CCDB_FE_SLACK     0x1p-900

#ifndef CCDB_FE_TRACK_DEPTH
typedef struct ccdb_fe {
    double v; /* computed value */
    double m; /* computed magnitude (absolute-value expression) */
} ccdb_fe;
#define CCDB_FE_(v, m, d)              ((ccdb_fe){ (v), (m) })
#define CCDB_FE_CHECK_DEPTH_(a, depth) ((void)0)
#else
/* Test build (tests/ground_truth/filter/test_depth.c): also track the depth and check that the
 * static depth bounds used by the filter hold. */
#include <assert.h>
typedef struct ccdb_fe {
    double v, m;
    int d;
} ccdb_fe;
static inline int ccdb_fe_max_(int a, int b)
{
    return a > b ? a : b;
}
#define CCDB_FE_(v, m, dd)             ((ccdb_fe){ (v), (m), (dd) })
#define CCDB_FE_CHECK_DEPTH_(a, depth) assert((a).d <= (depth))
#endif

static inline ccdb_fe ccdb_fe_exact(double x)
{
    return CCDB_FE_(x, fabs(x), 0);
}

static inline ccdb_fe ccdb_fe_add(ccdb_fe a, ccdb_fe b)
{
    return CCDB_FE_(a.v + b.v, a.m + b.m, ccdb_fe_max_(a.d, b.d) + 1);
}

static inline ccdb_fe ccdb_fe_sub(ccdb_fe a, ccdb_fe b)
{
    return CCDB_FE_(a.v - b.v, a.m + b.m, ccdb_fe_max_(a.d, b.d) + 1);
}

static inline ccdb_fe ccdb_fe_mul(ccdb_fe a, ccdb_fe b)
{
    return CCDB_FE_(a.v * b.v, a.m * b.m, a.d + b.d + 1);
}

/* Multiplication by an exact double constant c (counts as one rounding). */
static inline ccdb_fe ccdb_fe_scale(ccdb_fe a, double c)
{
    return CCDB_FE_(a.v * c, a.m * fabs(c), a.d + 1);
}

/* The proven sign of a value v of magnitude m and rounding depth at most `depth`, given its
 * error bound (the arithmetic's own formula in depth and m): +1, -1, or 0 when it cannot be
 * proven or is out of range. Shared by ccdb_fe_sign and ccdb_dd_sign. */
static inline int ccdb_filter_sign_(double v, double m, int depth, double bound)
{
    if (!(m <= CCDB_FE_MAX_MAG) || depth > CCDB_FE_MAX_DEPTH)
        return 0;
    if (v > bound)
        return 1;
    if (v < -bound)
        return -1;
    return 0;
}

/* Proven sign of the exact value: +1, -1, or 0 when it cannot be proven (or out of range).
 * depth: an upper bound on the value's rounding depth d, known from the expression (the filter
 * states its bounds; the test build checks them). */
static inline int ccdb_fe_sign(ccdb_fe a, int depth)
{
    CCDB_FE_CHECK_DEPTH_(a, depth);
    return ccdb_filter_sign_(a.v, a.m, depth, ((double)depth * 0x1p-52) * a.m + CCDB_FE_SLACK);
}

/* The 3-vectors of a filter arithmetic P (ccdb_fe here, ccdb_dd in filter_dd.h), from its
 * P##_add, P##_sub and P##_mul: the type P##3 and P##3_sub, _add, _cross, _dot (one template
 * for both arithmetics). */
#define CCDB_FILTER_VEC3(P)                                                               \
    typedef struct P##3                                                                   \
    {                                                                                     \
        P x, y, z;                                                                        \
    }                                                                                     \
    P##3;                                                                                 \
    static inline P##3 P##3_sub(P##3 a, P##3 b)                                           \
    {                                                                                     \
        return (P##3){ P##_sub(a.x, b.x), P##_sub(a.y, b.y), P##_sub(a.z, b.z) };         \
    }                                                                                     \
    static inline P##3 P##3_add(P##3 a, P##3 b)                                           \
    {                                                                                     \
        return (P##3){ P##_add(a.x, b.x), P##_add(a.y, b.y), P##_add(a.z, b.z) };         \
    }                                                                                     \
    static inline P##3 P##3_cross(P##3 a, P##3 b)                                         \
    {                                                                                     \
        return (P##3){ P##_sub(P##_mul(a.y, b.z), P##_mul(a.z, b.y)),                     \
                       P##_sub(P##_mul(a.z, b.x), P##_mul(a.x, b.z)),                     \
                       P##_sub(P##_mul(a.x, b.y), P##_mul(a.y, b.x)) };                   \
    }                                                                                     \
    static inline P P##3_dot(P##3 a, P##3 b)                                              \
    {                                                                                     \
        return P##_add(P##_add(P##_mul(a.x, b.x), P##_mul(a.y, b.y)), P##_mul(a.z, b.z)); \
    }

/* 3-vectors of ccdb_fe. */
CCDB_FILTER_VEC3(ccdb_fe)

#endif
