/* interval_arith.h — private, minimal interval arithmetic for the inclusion-based solvers, and
 * the interval "may these primitives touch during T" test built on it (used by
 * interval_univariate, and by tight_inclusion as an extra exclusion test).
 *
 * Closed intervals of doubles with outward rounding done without fesetround: every operation
 * computes its bounds in round-to-nearest, then moves each bound outward by |x| 2^-51 + 2^-1073.
 * Why that suffices: a correctly rounded result x = fl(r) satisfies |r - x| <= 2^-53 |x| + 2^-1075
 * (the second term for subnormals), and x - |x| 2^-53 is increasing in x, so the exact bound r
 * of the operation on the (already enclosing) operands stays outside the moved bound even after
 * the moving subtraction rounds (it can give back at most 2^-53 |x| (1 + 2^-51)). For a product
 * bound taken as the min/max of four rounded products the same holds by monotonicity. Inputs
 * must be finite and small enough that nothing overflows (the callers check the scale: every
 * |coordinate| <= 2^300). */
#ifndef CCDB_INTERVAL_ARITH_H
#define CCDB_INTERVAL_ARITH_H

#include <math.h>

/* min/max without libm calls (no NaN can occur here: finite inputs, bounded scale). */
static inline double iv_min2(double a, double b)
{
    return a < b ? a : b;
}

static inline double iv_max2(double a, double b)
{
    return a > b ? a : b;
}

typedef struct iv {
    double lo, hi;
} iv;

static inline iv iv_widen(double lo, double hi)
{
    iv r = { lo - (fabs(lo) * 0x1p-51 + 0x1p-1073), hi + (fabs(hi) * 0x1p-51 + 0x1p-1073) };
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
    return iv_widen(iv_min2(iv_min2(p1, p2), iv_min2(p3, p4)),
                    iv_max2(iv_max2(p1, p2), iv_max2(p3, p4)));
}

/* The exact difference of two doubles, enclosed. */
static inline iv iv_diff(double a, double b)
{
    return iv_widen(a - b, a - b);
}

/* 1 unless the interval provably excludes 0 (a NaN bound, from an overflow, excludes nothing). */
static inline int iv_contains0(iv a)
{
    return !(a.lo > 0.0 || a.hi < 0.0);
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

/* Enclosure of x_j(t) - x_i(t) for t in T (all 3 axes): e(t) = e0 + t (e1 - e0). */
static inline iv3 iv_lin_diff(const double q[8][3], int i, int j, iv T)
{
    iv3 r;
    for (int k = 0; k < 3; ++k) {
        iv e0 = iv_diff(q[j][k], q[i][k]), e1 = iv_diff(q[j + 4][k], q[i + 4][k]);
        r.x[k] = iv_add(e0, iv_mul(T, iv_sub(e1, e0)));
    }
    return r;
}

/* 1 when the bounding boxes of the two primitives over T are apart on some axis. */
static inline int iv_boxes_apart(const double q[8][3], int ee, iv T)
{
    for (int k = 0; k < 3; ++k) {
        iv x[4];
        for (int r = 0; r < 4; ++r)
            x[r] = iv_add(iv_point(q[r][k]), iv_mul(T, iv_diff(q[r + 4][k], q[r][k])));
        /* VF: {p} against {a, b, c}; EE: {a0, a1} against {b0, b1}. */
        double alo = x[0].lo, ahi = x[0].hi, blo = x[2].lo, bhi = x[2].hi;
        if (ee) {
            alo = iv_min2(alo, x[1].lo), ahi = iv_max2(ahi, x[1].hi);
        } else {
            blo = iv_min2(blo, x[1].lo), bhi = iv_max2(bhi, x[1].hi);
        }
        blo = iv_min2(blo, x[3].lo), bhi = iv_max2(bhi, x[3].hi);
        if (ahi < blo || bhi < alo)
            return 1;
    }
    return 0;
}

/* 1 when, on some axis, every enclosed difference d[e] (a point of the second primitive minus a
 * point of the first, over the same piece of time) is strictly positive, or every one strictly
 * negative: the primitives' boxes are apart on that axis at every instant. */
static inline int iv_diffs_apart(const iv3 *d, int n)
{
    for (int k = 0; k < 3; k++) {
        int above = 1, below = 1;
        for (int e = 0; e < n; e++) {
            above &= d[e].x[k].lo > 0.0;
            below &= d[e].x[k].hi < 0.0;
        }
        if (above || below)
            return 1;
    }
    return 0;
}

/* The touch conditions over enclosed difference vectors (any common positive scale of all of
 * them keeps every sign: each condition is homogeneous). Return 0 only when the enclosures prove
 * that the primitives do not touch. VF: B = b-a, C = c-a, P = p-a, e1 = c-b, p1 = p-b, e2 = a-c,
 * p2 = p-c. EE: da = a1-a0, db = b1-b0, w = b0-a0. See interval_univariate.c. */
static inline int iv_vf_conditions(const iv3 *B, const iv3 *C, const iv3 *P, const iv3 *e1,
                                   const iv3 *p1, const iv3 *e2, const iv3 *p2)
{
    iv3 n = iv3_cross(B, C);
    if (!iv_contains0(iv3_dot(&n, P))) /* f = n.(p-a), the coplanarity cubic */
        return 0;
    iv3 c0 = iv3_cross(B, P), c1 = iv3_cross(e1, p1), c2 = iv3_cross(e2, p2);
    if (iv3_dot(&n, &c0).hi < 0 || iv3_dot(&n, &c1).hi < 0 || iv3_dot(&n, &c2).hi < 0)
        return 0;
    return 1;
}

static inline int iv_ee_conditions(const iv3 *da, const iv3 *db, const iv3 *w)
{
    iv3 m = iv3_cross(da, db);
    if (!iv_contains0(iv3_dot(&m, w)))
        return 0;
    iv mm = iv3_dot(&m, &m);
    iv3 wdb = iv3_cross(w, db), wda = iv3_cross(w, da);
    iv s = iv3_dot(&wdb, &m), r = iv3_dot(&wda, &m);
    if (s.hi < 0 || r.hi < 0 || iv_sub(s, mm).lo > 0 || iv_sub(r, mm).lo > 0)
        return 0;
    return 1;
}

/* 1 when T may hold a contact (nothing proves otherwise); 0 proves that the primitives do not
 * touch at any t in T. Rows in the public order (VF: p, a, b, c; EE: a0, a1, b0, b1), t=0 then
 * t=1. See interval_univariate.c for the touch conditions. */
static inline int iv_may_touch(const double q[8][3], int ee, iv T)
{
    if (iv_boxes_apart(q, ee, T))
        return 0;
    if (!ee) { /* rows: p=0, a=1, b=2, c=3 */
        iv3 B = iv_lin_diff(q, 1, 2, T), C = iv_lin_diff(q, 1, 3, T), P = iv_lin_diff(q, 1, 0, T);
        iv3 e1 = iv_lin_diff(q, 2, 3, T), p1 = iv_lin_diff(q, 2, 0, T); /* c-b, p-b */
        iv3 e2 = iv_lin_diff(q, 3, 1, T), p2 = iv_lin_diff(q, 3, 0, T); /* a-c, p-c */
        return iv_vf_conditions(&B, &C, &P, &e1, &p1, &e2, &p2);
    }
    /* rows: a0=0, a1=1, b0=2, b1=3 */
    iv3 da = iv_lin_diff(q, 0, 1, T), db = iv_lin_diff(q, 2, 3, T), w = iv_lin_diff(q, 0, 2, T);
    return iv_ee_conditions(&da, &db, &w);
}

#endif
