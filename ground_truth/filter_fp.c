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
static int common_sign(const ccdb_fe *c, int n, int depth)
{
    const int s = ccdb_fe_sign(c[0], depth);
    if (s == 0)
        return 0;
    for (int i = 1; i < n; ++i)
        if (ccdb_fe_sign(c[i], depth) != s)
            return 0;
    return s;
}

/* Quadratic vector x(t) x y(t) from linear x, y given at both ends: coefficients Q0, 2 Q1, Q2. */
static void quad_cross(ccdb_fe3 x0, ccdb_fe3 x1, ccdb_fe3 y0, ccdb_fe3 y1, ccdb_fe3 out[3])
{
    out[0] = ccdb_fe3_cross(x0, y0);
    out[1] = ccdb_fe3_add(ccdb_fe3_cross(x0, y1), ccdb_fe3_cross(x1, y0));
    out[2] = ccdb_fe3_cross(x1, y1);
}

/* Degree-4 Bernstein coefficients (times 1, 4, 6, 4, 1) of A(t) . B(t), both given as
 * (Q0, 2 Q1, Q2) from quad_cross. Only positive multiples: the signs are those of the true ones. */
static void quartic_dot(const ccdb_fe3 a[3], const ccdb_fe3 b[3], ccdb_fe out[5])
{
    out[0] = ccdb_fe3_dot(a[0], b[0]);
    out[1] = ccdb_fe_add(ccdb_fe3_dot(a[0], b[1]), ccdb_fe3_dot(a[1], b[0]));
    out[2] = ccdb_fe_add(ccdb_fe_add(ccdb_fe3_dot(a[0], b[2]), ccdb_fe3_dot(a[1], b[1])),
                         ccdb_fe3_dot(a[2], b[0]));
    out[3] = ccdb_fe_add(ccdb_fe3_dot(a[1], b[2]), ccdb_fe3_dot(a[2], b[1]));
    out[4] = ccdb_fe3_dot(a[2], b[2]);
}

/* 1 when some necessary condition "g(t) >= 0" of a contact is proven violated (g < 0) on the
 * whole interval. VF (x0..x3 = a, b, c, p), n = (b-a) x (c-a): for every edge (i, j),
 * g = n . ((x_j - x_i) x (p - x_i)) equals n.n times a barycentric coordinate of p when p lies in
 * the triangle's plane span, so a contact needs g >= 0 (if n = 0 then g = 0, never < 0). */
static int vf_conditions_fail(const ccdb_fe3 p0[4], const ccdb_fe3 p1[4], int depth)
{
    ccdb_fe3 n[3];
    quad_cross(ccdb_fe3_sub(p0[1], p0[0]), ccdb_fe3_sub(p1[1], p1[0]),
               ccdb_fe3_sub(p0[2], p0[0]), ccdb_fe3_sub(p1[2], p1[0]), n);
    static const int edge[3][2] = {{0, 1}, {1, 2}, {2, 0}};
    for (int e = 0; e < 3; ++e) {
        const int i = edge[e][0], j = edge[e][1];
        ccdb_fe3 h[3];
        quad_cross(ccdb_fe3_sub(p0[j], p0[i]), ccdb_fe3_sub(p1[j], p1[i]),
                   ccdb_fe3_sub(p0[3], p0[i]), ccdb_fe3_sub(p1[3], p1[i]), h);
        ccdb_fe g[5];
        quartic_dot(n, h, g);
        if (common_sign(g, 5, depth) < 0)
            return 1;
    }
    return 0;
}

/* EE (x0..x3 = a0, a1, b0, b1), da = a1-a0, db = b1-b0, w = b0-a0, m = da x db. A contact at
 * parameters (u, v) gives u m = w x db and v m = w x da, so it needs
 * m.(w x db) >= 0, m.(m - w x db) >= 0, m.(w x da) >= 0, m.(m - w x da) >= 0
 * (each is m.m times u, 1-u, v, 1-v; all are 0 where m = 0, never < 0). */
static int ee_conditions_fail(const ccdb_fe3 p0[4], const ccdb_fe3 p1[4], int depth)
{
    const ccdb_fe3 da0 = ccdb_fe3_sub(p0[1], p0[0]), da1 = ccdb_fe3_sub(p1[1], p1[0]);
    const ccdb_fe3 db0 = ccdb_fe3_sub(p0[3], p0[2]), db1 = ccdb_fe3_sub(p1[3], p1[2]);
    const ccdb_fe3 w0 = ccdb_fe3_sub(p0[2], p0[0]), w1 = ccdb_fe3_sub(p1[2], p1[0]);
    ccdb_fe3 m[3], c[3], mc[3];
    ccdb_fe g[5];
    quad_cross(da0, da1, db0, db1, m);
    for (int side = 0; side < 2; ++side) {
        if (side == 0)
            quad_cross(w0, w1, db0, db1, c);
        else
            quad_cross(w0, w1, da0, da1, c);
        quartic_dot(m, c, g);
        if (common_sign(g, 5, depth) < 0)
            return 1;
        for (int k = 0; k < 3; ++k)
            mc[k] = ccdb_fe3_sub(m[k], c[k]);
        quartic_dot(m, mc, g);
        if (common_sign(g, 5, depth) < 0)
            return 1;
    }
    return 0;
}

/* Position at the dyadic time t in [0, 1]: x0 + t (x1 - x0), exact at the ends. */
static ccdb_fe3 pos_at(ccdb_fe3 x0, ccdb_fe3 x1, double t)
{
    if (t == 0.0)
        return x0;
    if (t == 1.0)
        return x1;
    const ccdb_fe3 d = ccdb_fe3_sub(x1, x0);
    return (ccdb_fe3){ccdb_fe_add(x0.x, ccdb_fe_scale(d.x, t)), ccdb_fe_add(x0.y, ccdb_fe_scale(d.y, t)),
                      ccdb_fe_add(x0.z, ccdb_fe_scale(d.z, t))};
}

/* Rounding depths (filter_fe.h: leaves 0, add/sub max + 1, mul da + db + 1) of the values whose
 * sign is taken; in parentheses the values on [0, 1] itself, where every position is an exact
 * input. Positions: x0 + t (x1 - x0): 3 (0); differences 4 (1); cross products 10 (4); the
 * middle coefficient of quad_cross, a sum of two, 11 (5); m - c 12 (6).
 * Cubic: dot 10+4+1 = 15, two adds 17 (8); sum of three dots 19 (10).
 * Conditions: dot of 11 and 12: 24, two adds 26; sum of three dots 28 (16).
 * The test build (CCDB_FE_TRACK_DEPTH, tests/ground_truth_filter/test_depth.c) asserts them. */
#define DEPTH_CUBIC 19
#define DEPTH_CUBIC_EXACT 10
#define DEPTH_COND 28
#define DEPTH_COND_EXACT 16

/* Subdivision depth of [0, 1] (up to 2^depth pieces) and the budget of intervals examined. */
#define FP_MAX_DEPTH CCDB_FILTER_FP_MAX_DEPTH
#ifndef FP_MAX_NODES
#define FP_MAX_NODES 24
#endif

typedef struct fp_interval {
    double t0, t1;
    int depth;
} fp_interval;

/* order: indices of x0..x3 among the query's rows 0..3 */
static ccdb_filter_verdict fp_filter(const double q[8][3], const int order[4], int ee)
{
    ccdb_fe3 pos[8];
    if (!scale_query(q, pos))
        return CCDB_FILTER_UNKNOWN;
    ccdb_fe3 x0[4], x1[4];
    for (int i = 0; i < 4; ++i) {
        x0[i] = pos[order[i]];
        x1[i] = pos[4 + order[i]];
    }
    /* Depth-first over dyadic sub-intervals [t0, t1]; each one is excluded when the cubic has a
     * proven sign there or a necessary condition is proven violated there. */
    fp_interval stack[FP_MAX_DEPTH + 2];
    int top = 0, nodes = 0;
    stack[top++] = (fp_interval){0.0, 1.0, 0};
    while (top > 0) {
        const double t0 = stack[top - 1].t0, t1 = stack[top - 1].t1;
        const int depth = stack[--top].depth;
        if (++nodes > FP_MAX_NODES)
            return CCDB_FILTER_UNKNOWN;
        ccdb_fe3 p0[4], p1[4];
        for (int i = 0; i < 4; ++i) {
            p0[i] = pos_at(x0[i], x1[i], t0);
            p1[i] = pos_at(x0[i], x1[i], t1);
        }
        ccdb_fe cub[4];
        cubic_bernstein(p0, p1, cub);
        const int whole = t0 == 0.0 && t1 == 1.0; /* exact leaves: smaller depths */
        if (common_sign(cub, 4, whole ? DEPTH_CUBIC_EXACT : DEPTH_CUBIC) != 0)
            continue;
        if (ee ? ee_conditions_fail(p0, p1, whole ? DEPTH_COND_EXACT : DEPTH_COND)
               : vf_conditions_fail(p0, p1, whole ? DEPTH_COND_EXACT : DEPTH_COND))
            continue;
        if (depth == FP_MAX_DEPTH)
            return CCDB_FILTER_UNKNOWN;
        const double tm = 0.5 * (t0 + t1); /* exact: dyadic */
        stack[top++] = (fp_interval){tm, t1, depth + 1};
        stack[top++] = (fp_interval){t0, tm, depth + 1};
    }
    return CCDB_FILTER_MISS;
}

ccdb_filter_verdict ccdb_filter_fp_vf(const double q[8][3])
{
    static const int order[4] = {1, 2, 3, 0}; /* a, b, c, p */
    return fp_filter(q, order, 0);
}

ccdb_filter_verdict ccdb_filter_fp_ee(const double q[8][3])
{
    static const int order[4] = {0, 1, 2, 3}; /* a0, a1, b0, b1 */
    return fp_filter(q, order, 1);
}
