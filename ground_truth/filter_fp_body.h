/* filter_fp_body.h (internal to ground_truth/) — the fp filter's algorithm, written once over
 * an abstract number type and included by filter_fp.c twice: with plain doubles (filter_fe.h) and
 * with double-doubles (filter_dd.h). The includer defines FP_T, FP_T3, the operations FP_EXACT,
 * FP_ADD, FP_SUB, FP_MUL, FP_SCALE, FP_SIGN, FP_V3SUB, FP_V3ADD, FP_CROSS, FP_DOT, and FP_NAME(x)
 * (a suffix for the static functions). No include guard on purpose. */

/* Scales the 24 coordinates by 2^-e so that the largest magnitude lies in [1/2, 1).
 * Returns 0 when the filter cannot work on the query (NaN/inf, or all zero). */
static int FP_NAME(scale_query)(const double q[8][3], FP_T3 pos[8])
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
        pos[i].x = FP_EXACT(q[i][0] * f1 * f2);
        pos[i].y = FP_EXACT(q[i][1] * f1 * f2);
        pos[i].z = FP_EXACT(q[i][2] * f1 * f2);
    }
    return 1;
}

/* Bernstein coefficients (times 1, 3, 3, 1) of f on [t0, t1], from the 4 points at t0 (p0) and
 * at t1 (p1), in the order x0, x1, x2, x3. */
static void FP_NAME(cubic_bernstein)(const FP_T3 p0[4], const FP_T3 p1[4], FP_T out[4])
{
    FP_T3 e1[2], e2[2], w[2];
    const FP_T3 *p[2] = { p0, p1 };
    for (int s = 0; s < 2; ++s) {
        e1[s] = FP_V3SUB(p[s][1], p[s][0]);
        e2[s] = FP_V3SUB(p[s][2], p[s][0]);
        w[s] = FP_V3SUB(p[s][3], p[s][0]);
    }
    FP_T3 c[2][2];
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            c[i][j] = FP_CROSS(e1[i], e2[j]);
    out[0] = FP_DOT(c[0][0], w[0]);
    out[1] = FP_ADD(FP_ADD(FP_DOT(c[1][0], w[0]), FP_DOT(c[0][1], w[0])), FP_DOT(c[0][0], w[1]));
    out[2] = FP_ADD(FP_ADD(FP_DOT(c[0][1], w[1]), FP_DOT(c[1][0], w[1])), FP_DOT(c[1][1], w[0]));
    out[3] = FP_DOT(c[1][1], w[1]);
}

/* +1 / -1 when every coefficient is proven > 0 / < 0, else 0. */
static int FP_NAME(common_sign)(const FP_T *c, int n, int depth)
{
    const int s = FP_SIGN(c[0], depth);
    if (s == 0)
        return 0;
    for (int i = 1; i < n; ++i)
        if (FP_SIGN(c[i], depth) != s)
            return 0;
    return s;
}

/* Quadratic vector x(t) x y(t) from linear x, y given at both ends: coefficients Q0, 2 Q1, Q2. */
static void FP_NAME(quad_cross)(FP_T3 x0, FP_T3 x1, FP_T3 y0, FP_T3 y1, FP_T3 out[3])
{
    out[0] = FP_CROSS(x0, y0);
    out[1] = FP_V3ADD(FP_CROSS(x0, y1), FP_CROSS(x1, y0));
    out[2] = FP_CROSS(x1, y1);
}

/* Degree-4 Bernstein coefficients (times 1, 4, 6, 4, 1) of A(t) . B(t), both given as
 * (Q0, 2 Q1, Q2) from quad_cross. Only positive multiples: the signs are those of the true ones. */
static void FP_NAME(quartic_dot)(const FP_T3 a[3], const FP_T3 b[3], FP_T out[5])
{
    out[0] = FP_DOT(a[0], b[0]);
    out[1] = FP_ADD(FP_DOT(a[0], b[1]), FP_DOT(a[1], b[0]));
    out[2] = FP_ADD(FP_ADD(FP_DOT(a[0], b[2]), FP_DOT(a[1], b[1])), FP_DOT(a[2], b[0]));
    out[3] = FP_ADD(FP_DOT(a[1], b[2]), FP_DOT(a[2], b[1]));
    out[4] = FP_DOT(a[2], b[2]);
}

/* The necessary conditions "g(t) >= 0" of a contact, on the whole interval: -1 when one of them
 * is proven violated (g < 0 throughout: no contact there), +1 when all are proven strictly
 * satisfied (g > 0 throughout), 0 otherwise.
 * VF (x0..x3 = a, b, c, p), n = (b-a) x (c-a): for every edge (i, j),
 * g = n . ((x_j - x_i) x (p - x_i)) equals n.n times a barycentric coordinate of p when p lies in
 * the triangle's plane span, so a contact needs g >= 0 (if n = 0 then g = 0, never < 0). If all
 * three are > 0 then n != 0, and wherever p is coplanar with the triangle it is strictly inside. */
static int FP_NAME(vf_conditions)(const FP_T3 p0[4], const FP_T3 p1[4], int depth)
{
    FP_T3 n[3];
    FP_NAME(quad_cross)
    (FP_V3SUB(p0[1], p0[0]), FP_V3SUB(p1[1], p1[0]), FP_V3SUB(p0[2], p0[0]), FP_V3SUB(p1[2], p1[0]),
     n);
    static const int edge[3][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 } };
    int all_pos = 1;
    for (int e = 0; e < 3; ++e) {
        const int i = edge[e][0], j = edge[e][1];
        FP_T3 h[3];
        FP_NAME(quad_cross)
        (FP_V3SUB(p0[j], p0[i]), FP_V3SUB(p1[j], p1[i]), FP_V3SUB(p0[3], p0[i]),
         FP_V3SUB(p1[3], p1[i]), h);
        FP_T g[5];
        FP_NAME(quartic_dot)(n, h, g);
        const int sg = FP_NAME(common_sign)(g, 5, depth);
        if (sg < 0)
            return -1;
        all_pos &= sg > 0;
    }
    return all_pos;
}

/* EE (x0..x3 = a0, a1, b0, b1), da = a1-a0, db = b1-b0, w = b0-a0, m = da x db. A contact at
 * parameters (u, v) gives u m = w x db and v m = w x da, so it needs
 * m.(w x db) >= 0, m.(m - w x db) >= 0, m.(w x da) >= 0, m.(m - w x da) >= 0
 * (each is m.m times u, 1-u, v, 1-v; all are 0 where m = 0, never < 0). Same return values as
 * vf_conditions; if all four are > 0, then m != 0 and wherever the four points are coplanar the
 * lines meet at u, v strictly inside (0, 1). */
static int FP_NAME(ee_conditions)(const FP_T3 p0[4], const FP_T3 p1[4], int depth)
{
    const FP_T3 da0 = FP_V3SUB(p0[1], p0[0]), da1 = FP_V3SUB(p1[1], p1[0]);
    const FP_T3 db0 = FP_V3SUB(p0[3], p0[2]), db1 = FP_V3SUB(p1[3], p1[2]);
    const FP_T3 w0 = FP_V3SUB(p0[2], p0[0]), w1 = FP_V3SUB(p1[2], p1[0]);
    FP_T3 m[3], c[3], mc[3];
    FP_T g[5];
    FP_NAME(quad_cross)(da0, da1, db0, db1, m);
    int all_pos = 1;
    for (int side = 0; side < 2; ++side) {
        if (side == 0)
            FP_NAME(quad_cross)(w0, w1, db0, db1, c);
        else
            FP_NAME(quad_cross)(w0, w1, da0, da1, c);
        FP_NAME(quartic_dot)(m, c, g);
        int sg = FP_NAME(common_sign)(g, 5, depth);
        if (sg < 0)
            return -1;
        all_pos &= sg > 0;
        for (int k = 0; k < 3; ++k)
            mc[k] = FP_V3SUB(m[k], c[k]);
        FP_NAME(quartic_dot)(m, mc, g);
        sg = FP_NAME(common_sign)(g, 5, depth);
        if (sg < 0)
            return -1;
        all_pos &= sg > 0;
    }
    return all_pos;
}

/* Position at the dyadic time t in [0, 1]: x0 + t (x1 - x0), exact at the ends. */
static FP_T3 FP_NAME(pos_at)(FP_T3 x0, FP_T3 x1, double t)
{
    if (t == 0.0)
        return x0;
    if (t == 1.0)
        return x1;
    const FP_T3 d = FP_V3SUB(x1, x0);
    return (FP_T3){ FP_ADD(x0.x, FP_SCALE(d.x, t)), FP_ADD(x0.y, FP_SCALE(d.y, t)),
                    FP_ADD(x0.z, FP_SCALE(d.z, t)) };
}

/* order: indices of x0..x3 among the query's rows 0..3 */
static ccdb_filter_verdict FP_NAME(fp_filter)(const double q[8][3], const int order[4], int ee,
                                              int max_depth, int max_nodes)
{
    FP_T3 pos[8];
    if (!FP_NAME(scale_query)(q, pos))
        return CCDB_FILTER_UNKNOWN;
    FP_T3 x0[4], x1[4];
    for (int i = 0; i < 4; ++i) {
        x0[i] = pos[order[i]];
        x1[i] = pos[4 + order[i]];
    }
    /* Depth-first over dyadic sub-intervals [t0, t1]; each one is excluded when the cubic has a
     * proven sign there or a necessary condition is proven violated there. */
    fp_interval stack[FP_MAX_DEPTH + 2];
    assert(max_depth <= FP_MAX_DEPTH);
    int top = 0, nodes = 0;
    stack[top++] = (fp_interval){ 0.0, 1.0, 0 };
    while (top > 0) {
        const double t0 = stack[top - 1].t0, t1 = stack[top - 1].t1;
        const int depth = stack[--top].depth;
        if (++nodes > max_nodes)
            return CCDB_FILTER_UNKNOWN;
        FP_T3 p0[4], p1[4];
        for (int i = 0; i < 4; ++i) {
            p0[i] = FP_NAME(pos_at)(x0[i], x1[i], t0);
            p1[i] = FP_NAME(pos_at)(x0[i], x1[i], t1);
        }
        FP_T cub[4];
        FP_NAME(cubic_bernstein)(p0, p1, cub);
        const int whole = t0 == 0.0 && t1 == 1.0; /* exact leaves: smaller depths */
        if (FP_NAME(common_sign)(cub, 4, whole ? DEPTH_CUBIC_EXACT : DEPTH_CUBIC) != 0)
            continue;
        const int dc = whole ? DEPTH_COND_EXACT : DEPTH_COND;
        const int cond =
            ee ? FP_NAME(ee_conditions)(p0, p1, dc) : FP_NAME(vf_conditions)(p0, p1, dc);
        if (cond < 0)
            continue;
        /* Proven contact, so no MISS is possible: f(t0) and f(t1) (the first and last Bernstein
         * coefficients) have proven opposite signs, so f has a root in (t0, t1), and every
         * condition holds strictly there. Stop early; this also tells the caller that a more
         * precise pass is pointless. */
        const int dcub = whole ? DEPTH_CUBIC_EXACT : DEPTH_CUBIC;
        if (cond > 0 && FP_SIGN(cub[0], dcub) * FP_SIGN(cub[3], dcub) < 0)
            return CCDB_FILTER_CONTACT;
        if (depth >= max_depth)
            return CCDB_FILTER_UNKNOWN;
        const double tm = 0.5 * (t0 + t1); /* exact: dyadic */
        stack[top++] = (fp_interval){ tm, t1, depth + 1 };
        stack[top++] = (fp_interval){ t0, tm, depth + 1 };
    }
    return CCDB_FILTER_MISS;
}
