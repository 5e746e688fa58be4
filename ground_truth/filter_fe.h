/* filter_fe.h (internal to ground_truth/) — floating point with a rigorous running error bound.
 *
 * A value is computed once in ordinary round-to-nearest double arithmetic (v), together with the
 * same expression evaluated on absolute values with every '-' turned into '+' (m, the
 * "magnitude"), and a rounding depth d (add/sub: max(da, db) + 1; mul: da + db + 1; leaves: 0).
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
 * fe_sign() turns this into a proven sign: it reports +1 / -1 only when |v| exceeds
 * 2 d u * m + CCDB_FE_SLACK, which is larger than the bound above for d <= CCDB_FE_MAX_DEPTH
 * (2 d u (1 - u)^2 >= d u / (1 - d u) / (1 - u)^d for d <= 1000), including the rounding of the
 * bound's own computation (two roundings, each at most a factor (1 - u)).
 *
 * Underflow: the filter scales every query by a power of two so that all input coordinates lie
 * in [-1, 1]. Then every magnitude in the filter is below 2^20 (checked in fe_sign: larger
 * magnitudes give "unknown", which also catches inf/NaN). Each underflowing operation (and each
 * input coordinate that underflowed while scaling down) adds an absolute error of at most
 * 2^-1075; through at most 5 levels of multiplication by factors below 2^21 and at most 2^12
 * paths per expression tree, the total is below 2^12 * 2^-1075 * 2^105 = 2^-958, far below
 * CCDB_FE_SLACK = 2^-900. So the slack makes the bound sound with underflow too.
 */
#ifndef CCDB_GT_FILTER_FE_H
#define CCDB_GT_FILTER_FE_H

#include <math.h>

#define CCDB_FE_MAX_DEPTH 1000
#define CCDB_FE_MAX_MAG 0x1p20
#define CCDB_FE_SLACK 0x1p-900

typedef struct ccdb_fe {
    double v; /* computed value */
    double m; /* computed magnitude (absolute-value expression) */
    int d;    /* rounding depth */
} ccdb_fe;

static inline int ccdb_fe_max_(int a, int b) { return a > b ? a : b; }

static inline ccdb_fe ccdb_fe_exact(double x) { return (ccdb_fe){x, fabs(x), 0}; }

static inline ccdb_fe ccdb_fe_add(ccdb_fe a, ccdb_fe b)
{
    return (ccdb_fe){a.v + b.v, a.m + b.m, ccdb_fe_max_(a.d, b.d) + 1};
}

static inline ccdb_fe ccdb_fe_sub(ccdb_fe a, ccdb_fe b)
{
    return (ccdb_fe){a.v - b.v, a.m + b.m, ccdb_fe_max_(a.d, b.d) + 1};
}

static inline ccdb_fe ccdb_fe_mul(ccdb_fe a, ccdb_fe b)
{
    return (ccdb_fe){a.v * b.v, a.m * b.m, a.d + b.d + 1};
}

/* Multiplication by an exact double constant c (counts as one rounding). */
static inline ccdb_fe ccdb_fe_scale(ccdb_fe a, double c)
{
    return (ccdb_fe){a.v * c, a.m * fabs(c), a.d + 1};
}

static inline ccdb_fe ccdb_fe_neg(ccdb_fe a) { return (ccdb_fe){-a.v, a.m, a.d}; }

/* Proven sign of the exact value: +1, -1, or 0 when it cannot be proven (or out of range). */
static inline int ccdb_fe_sign(ccdb_fe a)
{
    if (!(a.m <= CCDB_FE_MAX_MAG) || a.d > CCDB_FE_MAX_DEPTH)
        return 0;
    double bound = ((double)a.d * 0x1p-52) * a.m + CCDB_FE_SLACK;
    if (a.v > bound)
        return 1;
    if (a.v < -bound)
        return -1;
    return 0;
}

/* 3-vectors of ccdb_fe. */
typedef struct ccdb_fe3 {
    ccdb_fe x, y, z;
} ccdb_fe3;

static inline ccdb_fe3 ccdb_fe3_sub(ccdb_fe3 a, ccdb_fe3 b)
{
    return (ccdb_fe3){ccdb_fe_sub(a.x, b.x), ccdb_fe_sub(a.y, b.y), ccdb_fe_sub(a.z, b.z)};
}

static inline ccdb_fe3 ccdb_fe3_add(ccdb_fe3 a, ccdb_fe3 b)
{
    return (ccdb_fe3){ccdb_fe_add(a.x, b.x), ccdb_fe_add(a.y, b.y), ccdb_fe_add(a.z, b.z)};
}

static inline ccdb_fe3 ccdb_fe3_cross(ccdb_fe3 a, ccdb_fe3 b)
{
    return (ccdb_fe3){ccdb_fe_sub(ccdb_fe_mul(a.y, b.z), ccdb_fe_mul(a.z, b.y)),
                      ccdb_fe_sub(ccdb_fe_mul(a.z, b.x), ccdb_fe_mul(a.x, b.z)),
                      ccdb_fe_sub(ccdb_fe_mul(a.x, b.y), ccdb_fe_mul(a.y, b.x))};
}

static inline ccdb_fe ccdb_fe3_dot(ccdb_fe3 a, ccdb_fe3 b)
{
    return ccdb_fe_add(ccdb_fe_add(ccdb_fe_mul(a.x, b.x), ccdb_fe_mul(a.y, b.y)),
                       ccdb_fe_mul(a.z, b.z));
}

#endif
