/* gt_ball.h (internal to ground_truth/) — double-double balls: rigorous enclosures of real
 * numbers for the certified floating-point stage (fp_roots.c, gt_fpoly.c).
 *
 * A ball (hi, lo, rad) encloses every real x with |x - (hi + lo)| <= rad. hi + lo is a
 * double-double (|lo| <= u |hi|, u = 2^-53: lo is the rounding error of hi, which every
 * operation below ends with an exact TwoSum / FastTwoSum to ensure); rad is a plain double.
 * Each operation computes the double-double result of the centres and a radius that encloses
 * (1) the radii of the operands carried through the operation, (2) the rounding error of the
 * double-double operation, (3) any underflow, and (4) the rounding of the radius computation
 * itself. So an exact input stays enclosed through any sequence of operations, and a sign is
 * certified when the ball excludes 0 (gt_ball_sign). Round-to-nearest, no FMA contraction
 * (-ffp-contract=off, set for the whole project): TwoSum and Dekker's TwoProd rely on both.
 *
 * Errors of the double-double operations (u = 2^-53, a = ah + al, b = bh + bl, |al| <= u |ah|,
 * |bl| <= u |bh|; delta_i are the relative roundings, |delta_i| <= u):
 *  - add: (s, e1) = TwoSum(ah, bh) (exact); t = fl(al + bl); e = fl(e1 + t);
 *    (hi, lo) = TwoSum(s, e) (exact). a + b - (hi + lo) = -delta_t (al + bl) - delta_e (e1 + t)
 *    with |al + bl| <= u (|ah| + |bh|), |e1| <= u |s| <= u (1 + u) (|ah| + |bh|),
 *    |t| <= u (1 + u) (|ah| + |bh|): at most (3 u^2 + 2 u^3) (|ah| + |bh|) < 2^-104 (|ah| + |bh|).
 *    Sums of doubles are exact when they are subnormal, so addition never underflows.
 *  - mul: (p, ep) = TwoProd(ah, bh) (Dekker; exact without underflow); t = fl(fl(ah bl) +
 *    fl(al bh)); (hi, lo) = FastTwoSum(p, fl(ep + t)) (exact: |p| >= |ep + t|). With P = |ah bh|:
 *    a b - (hi + lo) = (ah bl + al bh - t) + al bl - delta (ep + t), where
 *    |ah bl + al bh - t| <= 2 u^2 P + 2 u^2 (1 + u) P, |al bl| <= u^2 P, |ep + t| <= 3 u (1 + u)^2 P:
 *    at most 8 u^2 P + O(u^3) P < 2^-102 |p| (|p| >= (1 - u) P).
 *    (The same with bl = 0 for a double factor.)
 *  - Range: the callers keep every magnitude far below 2^995 (inputs of at most 2^16, products of
 *    at most six of their differences, sums and shifts by factors of at most 2^8: below 2^200),
 *    so nothing overflows and Dekker's splitting is exact. As a guard, gt_ball_sign refuses any
 *    ball whose radius or centre hi + lo reaches 2^200 (or is inf / NaN).
 *  - Underflow: an underflowing product (in TwoProd, in ah bl, al bh, or in a power-of-two
 *    scaling) adds an absolute error of at most 2^-1075 per rounding, fewer than 16 such
 *    roundings per operation: below 2^-1070, far below GT_BALL_MU = 2^-1000, which every
 *    multiplication and scaling adds to its radius (additions need none, see below).
 *  - Radius of a product of balls: |A B - a b| <= |a| rb + |b| ra + ra rb with |a| <= (1 + u) |ah|.
 *  - The radius itself is computed in round-to-nearest from non-negative terms: each of its at
 *    most 6 roundings loses at most a factor (1 - u) (sums that come out subnormal are exact); a
 *    product term that underflows loses at most 2^-1075, and products are only in the radii of
 *    multiplications, whose sums start with GT_BALL_MU (so their partial sums are normal and
 *    that loss is at most 2^-75 of them). The final factor GT_BALL_INFL = 1 + 2^-48 (itself
 *    rounded once) more than pays for all that and for the (1 + u) above:
 *    (1 - u)^7 (1 - 2^-75) (1 + 2^-48) > 1 + u. Additions need no GT_BALL_MU: their results are
 *    exact when subnormal, and their error terms 2^-53 |s|, 2^-104 (|ah| + |bh|) round to at
 *    least the actual error (a multiple of 2^-1074 below the exact term) when they underflow.
 * So each operation returns a ball enclosing the exact result of any reals in its operands.
 */
#ifndef CCDB_GT_BALL_H
#define CCDB_GT_BALL_H

#include <math.h>

typedef struct gt_ball {
    double hi, lo; /* centre hi + lo, |lo| <= u |hi| */
    double rad;    /* radius, >= 0 */
} gt_ball;

#define GT_BALL_MU   0x1p-1000
#define GT_BALL_INFL (1.0 + 0x1p-48)
#define GT_BALL_MAX  0x1p200 /* larger parts: no sign (also catches inf / NaN) */

static inline void gt_two_sum(double a, double b, double *s, double *e)
{
    const double x = a + b;
    const double bb = x - a;
    *e = (a - (x - bb)) + (b - bb);
    *s = x;
}

/* |a| >= |b| or a == 0 */
static inline void gt_fast_two_sum(double a, double b, double *s, double *e)
{
    const double x = a + b;
    *e = b - (x - a);
    *s = x;
}

/* Dekker's exact product a b = p + e (Veltkamp splitting; exact without overflow or underflow,
 * |a|, |b| < 2^995). Pure arithmetic: no fma(), which may be a slow library call. */
static inline void gt_two_prod(double a, double b, double *p, double *e)
{
    const double split = 134217729.0; /* 2^27 + 1 */
    const double ca = split * a, cb = split * b;
    const double ah = ca - (ca - a), al = a - ah;
    const double bh = cb - (cb - b), bl = b - bh;
    const double x = a * b;
    *e = ((ah * bh - x) + ah * bl + al * bh) + al * bl;
    *p = x;
}

/* The exact double x. */
static inline gt_ball gt_ball_d(double x)
{
    return (gt_ball){ x, 0.0, 0.0 };
}

/* a - b for doubles a, b: exact (TwoSum). */
static inline gt_ball gt_ball_dsub(double a, double b)
{
    gt_ball r;
    gt_two_sum(a, -b, &r.hi, &r.lo);
    r.rad = 0.0;
    return r;
}

static inline gt_ball gt_ball_add(gt_ball a, gt_ball b)
{
    double s, e1, hi, lo;
    gt_two_sum(a.hi, b.hi, &s, &e1);
    const double e = e1 + (a.lo + b.lo);
    gt_two_sum(s, e, &hi, &lo);
    const double rad = ((a.rad + b.rad) + 0x1p-104 * (fabs(a.hi) + fabs(b.hi))) * GT_BALL_INFL;
    return (gt_ball){ hi, lo, rad };
}

static inline gt_ball gt_ball_neg(gt_ball a)
{
    return (gt_ball){ -a.hi, -a.lo, a.rad };
}

static inline gt_ball gt_ball_sub(gt_ball a, gt_ball b)
{
    return gt_ball_add(a, gt_ball_neg(b));
}

static inline gt_ball gt_ball_mul(gt_ball a, gt_ball b)
{
    double p, ep, hi, lo;
    gt_two_prod(a.hi, b.hi, &p, &ep);
    const double t = a.hi * b.lo + a.lo * b.hi;
    gt_fast_two_sum(p, ep + t, &hi, &lo);
    const double rad = ((((GT_BALL_MU + fabs(a.hi) * b.rad) + fabs(b.hi) * a.rad) + a.rad * b.rad) +
                        0x1p-102 * fabs(p)) *
                       GT_BALL_INFL;
    return (gt_ball){ hi, lo, rad };
}

/* a x for an exact double x. */
static inline gt_ball gt_ball_muld(gt_ball a, double x)
{
    double p, ep, hi, lo;
    gt_two_prod(a.hi, x, &p, &ep);
    gt_fast_two_sum(p, ep + a.lo * x, &hi, &lo);
    const double rad = ((GT_BALL_MU + fabs(x) * a.rad) + 0x1p-102 * fabs(p)) * GT_BALL_INFL;
    return (gt_ball){ hi, lo, rad };
}

/* a 2^k, k <= 0 small (exact unless it underflows, which GT_BALL_MU covers). */
static inline gt_ball gt_ball_scale2(gt_ball a, double two_k)
{
    return (gt_ball){ a.hi * two_k, a.lo * two_k, (GT_BALL_MU + a.rad * two_k) * GT_BALL_INFL };
}

/* Plain-double balls (lo == 0 throughout): about three times cheaper, for the first tier of the
 * certified stage. fl(x) = x (1 + delta) with |fl(x) - x| <= u |fl(x)| in round-to-nearest (plus
 * at most 2^-1075 when a product underflows, covered by GT_BALL_MU); sums of doubles are exact
 * when subnormal. The radius is computed and inflated as for the double-double operations. */
static inline gt_ball gt_ball_add1(gt_ball a, gt_ball b)
{
    const double s = a.hi + b.hi;
    const double rad = ((a.rad + b.rad) + 0x1p-53 * fabs(s)) * GT_BALL_INFL;
    return (gt_ball){ s, 0.0, rad };
}

static inline gt_ball gt_ball_mul1(gt_ball a, gt_ball b)
{
    const double p = a.hi * b.hi;
    const double rad = ((((GT_BALL_MU + fabs(a.hi) * b.rad) + fabs(b.hi) * a.rad) + a.rad * b.rad) +
                        0x1p-53 * fabs(p)) *
                       GT_BALL_INFL;
    return (gt_ball){ p, 0.0, rad };
}

static inline gt_ball gt_ball_muld1(gt_ball a, double x)
{
    const double p = a.hi * x;
    const double rad = ((GT_BALL_MU + fabs(x) * a.rad) + 0x1p-53 * fabs(p)) * GT_BALL_INFL;
    return (gt_ball){ p, 0.0, rad };
}

/* a - b for doubles a, b, rounded (for plain-double balls). */
static inline gt_ball gt_ball_dsub1(double a, double b)
{
    const double d = a - b;
    return (gt_ball){ d, 0.0, 0x1p-53 * fabs(d) * GT_BALL_INFL };
}

/* Precision-generic forms: dd != 0 double-double, else plain double (lo must be 0). */
static inline gt_ball gt_ball_addp(gt_ball a, gt_ball b, int dd)
{
    return dd ? gt_ball_add(a, b) : gt_ball_add1(a, b);
}

static inline gt_ball gt_ball_subp(gt_ball a, gt_ball b, int dd)
{
    return gt_ball_addp(a, gt_ball_neg(b), dd);
}

static inline gt_ball gt_ball_mulp(gt_ball a, gt_ball b, int dd)
{
    return dd ? gt_ball_mul(a, b) : gt_ball_mul1(a, b);
}

static inline gt_ball gt_ball_muldp(gt_ball a, double x, int dd)
{
    return dd ? gt_ball_muld(a, x) : gt_ball_muld1(a, x);
}

/* Certified sign of every value in the ball: +1 / -1, or 0 when the ball contains 0 (or is out
 * of range). |hi + lo| >= (1 - u) |hi| > rad when |hi| > fl(rad (1 + 2^-50)). */
static inline int gt_ball_sign(gt_ball a)
{
    if (!(a.rad < GT_BALL_MAX) || !(fabs(a.hi + a.lo) < GT_BALL_MAX))
        return 0;
    const double r = a.rad * (1.0 + 0x1p-50);
    return a.hi > r ? 1 : a.hi < -r ? -1 : 0;
}

/* The ball is exactly zero (an exact difference of equal doubles, or sums of such). */
static inline int gt_ball_is_zero(gt_ball a)
{
    return a.hi == 0.0 && a.lo == 0.0 && a.rad == 0.0;
}

/* Rough value (for guesses only, never for decisions). */
static inline double gt_ball_mid(gt_ball a)
{
    return a.hi + a.lo;
}

#endif
