/* interval_arith.h — private, minimal interval arithmetic for interval_univariate: closed
 * intervals of doubles with outward rounding done without fesetround: every operation computes
 * its bounds in round-to-nearest and then widens each by one ulp with nextafter (the rounding
 * error of one IEEE operation is at most half an ulp, so the true value stays inside). Inputs
 * must be finite and small enough that nothing overflows (the caller checks the scale). */
#ifndef CCDB_INTERVAL_ARITH_H
#define CCDB_INTERVAL_ARITH_H

#include <math.h>

typedef struct iv {
    double lo, hi;
} iv;

static inline iv iv_widen(double lo, double hi)
{
    iv r = { nextafter(lo, -INFINITY), nextafter(hi, INFINITY) };
    return r;
}

static inline iv iv_point(double x)
{
    iv r = { x, x };
    return r;
}

static inline iv iv_add(iv a, iv b)
{
    return iv_widen(a.lo + b.lo, a.hi + b.hi);
}

static inline iv iv_sub(iv a, iv b)
{
    return iv_widen(a.lo - b.hi, a.hi - b.lo);
}

static inline iv iv_mul(iv a, iv b)
{
    double p1 = a.lo * b.lo, p2 = a.lo * b.hi, p3 = a.hi * b.lo, p4 = a.hi * b.hi;
    return iv_widen(fmin(fmin(p1, p2), fmin(p3, p4)), fmax(fmax(p1, p2), fmax(p3, p4)));
}

/* The exact difference of two doubles, enclosed. */
static inline iv iv_diff(double a, double b)
{
    return iv_widen(a - b, a - b);
}

static inline int iv_contains0(iv a)
{
    return a.lo <= 0.0 && a.hi >= 0.0;
}

typedef struct iv3 {
    iv x[3];
} iv3;

static inline iv iv3_dot(const iv3 *a, const iv3 *b)
{
    return iv_add(iv_add(iv_mul(a->x[0], b->x[0]), iv_mul(a->x[1], b->x[1])),
                  iv_mul(a->x[2], b->x[2]));
}

static inline iv3 iv3_cross(const iv3 *a, const iv3 *b)
{
    iv3 r;
    r.x[0] = iv_sub(iv_mul(a->x[1], b->x[2]), iv_mul(a->x[2], b->x[1]));
    r.x[1] = iv_sub(iv_mul(a->x[2], b->x[0]), iv_mul(a->x[0], b->x[2]));
    r.x[2] = iv_sub(iv_mul(a->x[0], b->x[1]), iv_mul(a->x[1], b->x[0]));
    return r;
}

static inline iv3 iv3_sub(const iv3 *a, const iv3 *b)
{
    iv3 r;
    for (int i = 0; i < 3; ++i)
        r.x[i] = iv_sub(a->x[i], b->x[i]);
    return r;
}

#endif
