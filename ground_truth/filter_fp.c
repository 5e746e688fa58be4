/* filter_fp.c — stage 2 of the ground truth: a rigorous floating-point filter (MISS or UNKNOWN).
 *
 * Any contact at time t needs the four points coplanar: f(t) = ((x1-x0) x (x2-x0)) . (x3-x0) = 0
 * (VF: x0..x3 = a, b, c, p; EE: a0, a1, b0, b1). f is a cubic; its Bernstein coefficients on
 * [t0, t1] are the blossom values of the trilinear form at the positions at t0 and t1. If they are
 * all proven > 0 (or all < 0), f has no root in [t0, t1] (a Bernstein polynomial lies in the
 * convex hull of its coefficients). Proven signs come from filter_fe.h (value + error bound).
 * All coordinates are first scaled by one power of two into [-1, 1] (signs do not change).
 */
#include <float.h>
#include <math.h>

#include "filter.h"
#include "filter_fe.h"

/* Scales the 24 coordinates by 2^-e so that the largest magnitude lies in [1/2, 1).
 * Returns 0 when the filter cannot work on the query (NaN/inf, or all zero). */
static int scale_query(const double q[8][3], ccdb_fe3 pos[8])
{
    double mx = 0.0;
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 3; ++k) {
            const double a = fabs(q[i][k]);
            if (!(a <= DBL_MAX))
                return 0;
            mx = a > mx ? a : mx;
        }
    if (mx == 0.0)
        return 0;
    int e = 0;
    (void)frexp(mx, &e); /* mx = f 2^e, f in [1/2, 1), e in [-1073, 1024] */
    double f1 = 1.0, f2;
    if (-e > 1000) { /* 2^-e not a double: two exact steps (subnormal * 2^600 is exact) */
        f1 = 0x1p600;
        f2 = ldexp(1.0, -e - 600);
    } else {
        f2 = ldexp(1.0, -e); /* 2^-1024 is a (subnormal) double: exact */
    }
    for (int i = 0; i < 8; ++i) {
        /* Scaling up is exact; scaling down may underflow (error <= 2^-1075, covered by the
         * slack in filter_fe.h). */
        pos[i].x = ccdb_fe_exact(q[i][0] * f1 * f2);
        pos[i].y = ccdb_fe_exact(q[i][1] * f1 * f2);
        pos[i].z = ccdb_fe_exact(q[i][2] * f1 * f2);
    }
    return 1;
}

/* Bernstein coefficients (times 1, 3, 3, 1) of f on [t0, t1], from the 4 points at t0 (p0) and
 * at t1 (p1), in the order x0, x1, x2, x3. */
static void cubic_bernstein(const ccdb_fe3 p0[4], const ccdb_fe3 p1[4], ccdb_fe out[4])
{
    ccdb_fe3 e1[2], e2[2], w[2];
    const ccdb_fe3 *p[2] = {p0, p1};
    for (int s = 0; s < 2; ++s) {
        e1[s] = ccdb_fe3_sub(p[s][1], p[s][0]);
        e2[s] = ccdb_fe3_sub(p[s][2], p[s][0]);
        w[s] = ccdb_fe3_sub(p[s][3], p[s][0]);
    }
    ccdb_fe3 c[2][2];
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            c[i][j] = ccdb_fe3_cross(e1[i], e2[j]);
    out[0] = ccdb_fe3_dot(c[0][0], w[0]);
    out[1] = ccdb_fe_add(ccdb_fe_add(ccdb_fe3_dot(c[1][0], w[0]), ccdb_fe3_dot(c[0][1], w[0])),
                         ccdb_fe3_dot(c[0][0], w[1]));
    out[2] = ccdb_fe_add(ccdb_fe_add(ccdb_fe3_dot(c[0][1], w[1]), ccdb_fe3_dot(c[1][0], w[1])),
                         ccdb_fe3_dot(c[1][1], w[0]));
    out[3] = ccdb_fe3_dot(c[1][1], w[1]);
}

/* +1 / -1 when every coefficient is proven > 0 / < 0, else 0. */
static int common_sign(const ccdb_fe *c, int n)
{
    const int s = ccdb_fe_sign(c[0]);
    if (s == 0)
        return 0;
    for (int i = 1; i < n; ++i)
        if (ccdb_fe_sign(c[i]) != s)
            return 0;
    return s;
}

/* order: indices of x0..x3 among the query's rows 0..3 */
static ccdb_filter_verdict fp_filter(const double q[8][3], const int order[4])
{
    ccdb_fe3 pos[8];
    if (!scale_query(q, pos))
        return CCDB_FILTER_UNKNOWN;
    ccdb_fe3 p0[4], p1[4];
    for (int i = 0; i < 4; ++i) {
        p0[i] = pos[order[i]];
        p1[i] = pos[4 + order[i]];
    }
    ccdb_fe cub[4];
    cubic_bernstein(p0, p1, cub);
    if (common_sign(cub, 4) != 0)
        return CCDB_FILTER_MISS;
    return CCDB_FILTER_UNKNOWN;
}

ccdb_filter_verdict ccdb_filter_fp_vf(const double q[8][3])
{
    static const int order[4] = {1, 2, 3, 0}; /* a, b, c, p */
    return fp_filter(q, order);
}

ccdb_filter_verdict ccdb_filter_fp_ee(const double q[8][3])
{
    static const int order[4] = {0, 1, 2, 3}; /* a0, a1, b0, b1 */
    return fp_filter(q, order);
}
