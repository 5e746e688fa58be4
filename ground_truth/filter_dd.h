/* filter_dd.h (internal to ground_truth/) — double-double values with a rigorous error bound, for
 * the second, more precise pass of the fp filter. Same scheme as filter_fe.h (value, magnitude,
 * static rounding depth), with a per-operation error of eps = 9 u^2 instead of u.
 *
 * Representation: value = hi + lo exactly, |lo| <= u |hi| (each result ends with an exact TwoSum,
 * so lo is the rounding error of hi). Operations, for inputs a = ah + al, b = bh + bl:
 *  - add: (s, e1) = TwoSum(ah, bh); t = fl(al + bl); e = fl(e1 + t); (hi, lo) = TwoSum(s, e).
 *    Error = delta1 (al + bl) + delta2 (e1 + t), with |al + bl| <= u (|ah| + |bh|),
 *    |e1|, |t| <= u (1 + u) (|ah| + |bh|): at most (3 u^2 + O(u^3)) (|a| + |b|) <= eps (|a|+|b|).
 *  - mul: (p, ep) = TwoProd(ah, bh) (exact, Dekker); t = fl(fl(ah bl) + fl(al bh));
 *    e = fl(ep + t); (hi, lo) = TwoSum(p, e). Error = (ah bl d1 + al bh d2 + d3 (t1 + t2))
 *    + d4 (ep + t) - al bl, at most (4 u^2 + 3 u^2 + u^2 + O(u^3)) |ah bh| <= eps |a| |b|.
 *  - multiplication by an exact double c: the same with bl = 0.
 * With "|result - (a op b)| <= eps (|a| + |b|)" for add/sub and "<= eps |a b|" for mul, the
 * induction of filter_fe.h goes through unchanged with u replaced by eps:
 * |v - exact| <= gamma'_d M, gamma'_k = k eps / (1 - k eps); the magnitude m is still computed
 * in plain doubles, so M <= m / (1 - u)^d. ccdb_dd_sign() proves a sign when
 * hi > 2 (d 2^-100 m + SLACK): then hi + lo >= hi (1 - u) exceeds d 2^-100 m (1 - u)^2, which is
 * more than gamma'_d m / (1 - u)^d (2^-100 = 64 u^2 >= 9 u^2 with ample room for d <= 1000).
 * -ffp-contract=off keeps the compiler from fusing operations (which would break TwoSum/TwoProd).
 *
 * Underflow: as in filter_fe.h, after scaling all coordinates into [-1, 1] the magnitudes stay
 * below 2^19; each double-double operation has fewer than 32 roundings, each adding at most
 * 2^-1075 absolute when it underflows (TwoProd/TwoSum stop being exact only then; their partial
 * products are below 2^41), so the absolute error on top of the relative bound stays below
 * 32 * 2^41 * 2^22 * 2^-1075 < 2^-1000, far below CCDB_FE_SLACK = 2^-900.
 */
#ifndef CCDB_GT_FILTER_DD_H
#define CCDB_GT_FILTER_DD_H

#include <math.h>

#include "filter_fe.h"
#include "gt_ball.h" /* gt_two_prod: Dekker's exact product, exact here (magnitudes below 2^20) */

#ifndef CCDB_FE_TRACK_DEPTH
typedef struct ccdb_dd {
    double hi, lo; /* value = hi + lo */
    double m;      /* magnitude, plain double */
} ccdb_dd;
#define CCDB_DD_(h, l, mm, dd) ((ccdb_dd){ (h), (l), (mm) })
#else
typedef struct ccdb_dd {
    double hi, lo, m;
    int d;
} ccdb_dd;
#define CCDB_DD_(h, l, mm, dd) ((ccdb_dd){ (h), (l), (mm), (dd) })
#endif

static inline void ccdb_two_sum_(double a, double b, double *s, double *e)
{
    const double x = a + b;
    const double bb = x - a;
    *e = (a - (x - bb)) + (b - bb);
    *s = x;
}

static inline ccdb_dd ccdb_dd_exact(double x)
{
    return CCDB_DD_(x, 0.0, fabs(x), 0);
}

static inline ccdb_dd ccdb_dd_add(ccdb_dd a, ccdb_dd b)
{
    double s, e1, hi, lo;
    ccdb_two_sum_(a.hi, b.hi, &s, &e1);
    const double e = e1 + (a.lo + b.lo);
    ccdb_two_sum_(s, e, &hi, &lo);
    return CCDB_DD_(hi, lo, a.m + b.m, ccdb_fe_max_(a.d, b.d) + 1);
}

static inline ccdb_dd ccdb_dd_sub(ccdb_dd a, ccdb_dd b)
{
    double s, e1, hi, lo;
    ccdb_two_sum_(a.hi, -b.hi, &s, &e1);
    const double e = e1 + (a.lo - b.lo);
    ccdb_two_sum_(s, e, &hi, &lo);
    return CCDB_DD_(hi, lo, a.m + b.m, ccdb_fe_max_(a.d, b.d) + 1);
}

static inline ccdb_dd ccdb_dd_mul(ccdb_dd a, ccdb_dd b)
{
    double p, ep;
    gt_two_prod(a.hi, b.hi, &p, &ep); /* exact: a.hi b.hi = p + ep */
    const double t = a.hi * b.lo + a.lo * b.hi;
    double hi, lo;
    ccdb_two_sum_(p, ep + t, &hi, &lo);
    return CCDB_DD_(hi, lo, a.m * b.m, a.d + b.d + 1);
}

static inline ccdb_dd ccdb_dd_scale(ccdb_dd a, double c)
{
    double p, ep;
    gt_two_prod(a.hi, c, &p, &ep);
    double hi, lo;
    ccdb_two_sum_(p, ep + a.lo * c, &hi, &lo);
    return CCDB_DD_(hi, lo, a.m * fabs(c), a.d + 1);
}

/* Proven sign (+1, -1) or 0; depth as for ccdb_fe_sign. */
static inline int ccdb_dd_sign(ccdb_dd a, int depth)
{
    CCDB_FE_CHECK_DEPTH_(a, depth);
    return ccdb_filter_sign_(a.hi, a.m, depth,
                             2.0 * (((double)depth * 0x1p-100) * a.m + CCDB_FE_SLACK));
}

/* 3-vectors of ccdb_dd. */
CCDB_FILTER_VEC3(ccdb_dd)

#endif
