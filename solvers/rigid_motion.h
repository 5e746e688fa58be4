/* rigid_motion.h — private: the screw motion of a rigid query, in double and in interval
 * arithmetic, for the rigid solvers (rigid_*.c). Not part of the plugin ABI.
 *
 * A rigid query (docs/rigid.md, ../shared/design/rigid_motion.md) is 8 rows: q[0..3] the four
 * points at t = 0 in the still body's frame (VF: p, a, b, c; EE: a0, a1, b0, b1), q[4] = c a
 * point on the axis, q[5] = w with |w| = tan(phi1 / 2), q[6] = s the translation, q[7] =
 * (0,0,0) when the first primitive (vertex / edge a) moves, (1,0,0) when the second does.
 * With u = tan(phi1 t / 2) / |w| in [0, 1] (u = t when w = 0) a moving point is
 *     x(u) = c + R(u) (x0 - c) + u s,  R(u) = I + 2 (u K + u^2 K^2) / D(u),  K = [w]x,
 *     D(u) = 1 + u^2 |w|^2,
 * and t(u) = atan(u |w|) / atan(|w|) is increasing, so the earliest u is the earliest t.
 *
 * Interval form (Redon 2002): D(u) (x_j(u) - x_i(u)) is a polynomial of degree <= 3 in u whose
 * coefficients are enclosed once per query; every touch condition is homogeneous in the
 * difference vectors, so the common factor D(u) > 0 changes no sign and no division is needed.
 * Outward rounding as in interval_arith.h (each bound moved by |x| 2^-51 + 2^-1073).
 */
#ifndef CCDB_RIGID_MOTION_H
#define CCDB_RIGID_MOTION_H

#include <math.h>

#include "ccdb_solver.h"
#include "float_geom.h"
#include "interval_arith.h"

/* Scale limits inside which the interval products cannot overflow (degree-4 conditions of
 * differences of size 2^150 times W = |w|^2 <= 2^52 stay below 2^1024); beyond them the interval
 * solvers give up (GAVE_UP at t = 0) rather than trust an overflowed enclosure. */
#define RM_MAX_COORD 0x1p150
#define RM_MAX_W     0x1p26

typedef struct rm_motion {
    int vf;           /* 1: vertex-face rows, 0: edge-edge rows */
    int moving_first; /* 1: the vertex / edge a moves; 0: the triangle / edge b moves */
    double wn;        /* |w| rounded (0 exactly when w = 0) */
    double phi1;      /* 2 atan |w|, the angle turned over the step (rounded) */
} rm_motion;

/* 1 when query row r (0..3) is on the moving body. */
static inline int rm_row_moves(const rm_motion *m, int r)
{
    int first = m->vf ? r == 0 : r <= 1;
    return first == m->moving_first;
}

/* Reads the motion; returns -1 on a non-finite value or a row 8 other than (0,0,0) / (1,0,0)
 * (the solvers answer CCDB_FAILED). */
static inline int rm_motion_init(const double q[8][3], int vf, rm_motion *m)
{
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 3; k++)
            if (!isfinite(q[r][k]))
                return -1;
    if (q[7][1] != 0.0 || q[7][2] != 0.0 || (q[7][0] != 0.0 && q[7][0] != 1.0))
        return -1;
    m->vf = vf;
    m->moving_first = q[7][0] == 0.0;
    /* |w| scaled by its largest component, so that no square overflows or underflows */
    double big = fmax(fabs(q[5][0]), fmax(fabs(q[5][1]), fabs(q[5][2])));
    m->wn = 0.0;
    if (big > 0.0) {
        double a = q[5][0] / big, b = q[5][1] / big, c = q[5][2] / big;
        m->wn = big * sqrt(a * a + b * b + c * c);
    }
    m->phi1 = 2.0 * atan(m->wn);
    if (!isfinite(m->wn))
        return -1;
    return 0;
}

/* u(t) = tan(atan(|w|) t) / |w| (t when w = 0), clamped to [0, 1]; rounded. */
static inline double rm_u_of_t(const rm_motion *m, double t)
{
    if (m->wn == 0.0)
        return t;
    double u = tan(0.5 * m->phi1 * t) / m->wn;
    return u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;
}

/* t(u) = atan(u |w|) / atan(|w|) (u when w = 0), clamped to [0, 1]; rounded. */
static inline double rm_t_of_u(const rm_motion *m, double u)
{
    if (m->wn == 0.0)
        return u;
    double t = atan(u * m->wn) / (0.5 * m->phi1);
    return t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
}

/* A lower bound of t(u) for u in [0, 1]. t(u) >= u there (atan(x) / x decreases for x > 0), so
 * u is one (t = u exactly when w = 0). The rounded value lowered by a relative 2^-40 is one
 * while every operation keeps its relative accuracy, i.e. while u |w| is a normal double: the
 * 2^-40 is far more than the few-ulp errors of sqrt, atan (glibc: < 1 ulp) and the division (atan
 * is well conditioned: its relative condition number is at most 1). Below that (u |w| subnormal)
 * the rounding of the product alone can be large: |w| = 2^-1074 and u = 3/4 round to t = 1. */
static inline double rm_t_of_u_lower(const rm_motion *m, double u)
{
    if (!(u * m->wn >= 0x1p-1000))
        return u;
    double t = rm_t_of_u(m, u) * (1.0 - 0x1p-40);
    return t > u ? t : u;
}

/* An enclosure of u([ta, tb]): u(t) is increasing, so [u(ta), u(tb)] moved outward. tan near
 * pi/2 has relative condition number up to ~2 |w|, hence the margin grows with |w|; the caller
 * keeps |w| <= RM_MAX_W so the margin stays far below 1. */
static inline iv rm_u_range(const rm_motion *m, double ta, double tb)
{
    if (m->wn == 0.0)
        return (iv){ ta, tb };
    double rel = 0x1p-40 * (4.0 + 4.0 * m->wn);
    double lo = rm_u_of_t(m, ta) * (1.0 - rel), hi = rm_u_of_t(m, tb) * (1.0 + rel);
    return (iv){ lo > 0.0 ? lo : 0.0, hi < 1.0 ? hi : 1.0 };
}

/* Position of query row r (0..3) at parameter u, in double. */
static inline fg_vec rm_point_at_u(const double q[8][3], const rm_motion *m, int r, double u)
{
    fg_vec x0 = fg_v(q[r]);
    if (!rm_row_moves(m, r))
        return x0;
    fg_vec c = fg_v(q[4]), w = fg_v(q[5]), s = fg_v(q[6]);
    fg_vec v = fg_sub(x0, c), kv = fg_cross(w, v), kkv = fg_cross(w, kv);
    double d = 1.0 + u * u * fg_dot(w, w);
    fg_vec rot = fg_add(v, fg_scale(fg_add(fg_scale(kv, u), fg_scale(kkv, u * u)), 2.0 / d));
    return fg_add(fg_add(c, rot), fg_scale(s, u));
}

/* The four points at time t, in double. */
static inline void rm_points_at_t(const double q[8][3], const rm_motion *m, double t, fg_vec x[4])
{
    double u = rm_u_of_t(m, t);
    for (int r = 0; r < 4; r++)
        x[r] = rm_point_at_u(q, m, r, u);
}

/* The largest speed |dx/dt| of any point of the moving primitive over the step:
 * |s g'(t)| + phi1 r, where r bounds |x0 - c| over the primitive (its vertices: convexity) and
 * g'(t) = (phi1 / 2) (1 + |w|^2 u^2) / |w| is increasing, so g'(1) = atan|w| (1 + |w|^2) / |w|
 * (1 when w = 0). Rounded (not a certified bound). */
static inline double rm_speed_bound(const double q[8][3], const rm_motion *m)
{
    double r = 0.0;
    for (int i = 0; i < 4; i++)
        if (rm_row_moves(m, i)) {
            double d = fg_norm(fg_sub(fg_v(q[i]), fg_v(q[4])));
            if (!(d <= r))
                r = d;
        }
    double g1 = m->wn == 0.0 ? 1.0 : 0.5 * m->phi1 * (1.0 + m->wn * m->wn) / m->wn;
    return fg_norm(fg_v(q[6])) * g1 + m->phi1 * r;
}

/* ---------------- interval form ---------------- */

/* D(u) (x_j(u) - x_i(u)) = c[0] + u c[1] + u^2 c[2] + u^3 c[3], coefficients enclosed. */
typedef struct rm_poly {
    iv3 c[4];
} rm_poly;

/* The polynomials of every ordered pair (i, j) of query rows, i != j. */
typedef struct rm_polys {
    rm_poly p[4][4];
} rm_polys;

static inline iv3 rm_iv3_diff(const double a[3], const double b[3])
{
    iv3 r;
    for (int k = 0; k < 3; k++)
        r.x[k] = iv_diff(a[k], b[k]);
    return r;
}

static inline iv3 rm_iv3_point(const double a[3])
{
    iv3 r;
    for (int k = 0; k < 3; k++)
        r.x[k] = iv_point(a[k]);
    return r;
}

static inline iv3 rm_iv3_add(iv3 a, iv3 b)
{
    for (int k = 0; k < 3; k++)
        a.x[k] = iv_add(a.x[k], b.x[k]);
    return a;
}

static inline iv3 rm_iv3_scale(iv3 a, iv s)
{
    for (int k = 0; k < 3; k++)
        a.x[k] = iv_mul(a.x[k], s);
    return a;
}

static inline iv3 rm_iv3_neg(iv3 a)
{
    for (int k = 0; k < 3; k++)
        a.x[k] = (iv){ -a.x[k].hi, -a.x[k].lo };
    return a;
}

static inline iv3 rm_iv3_zero(void)
{
    iv3 r;
    for (int k = 0; k < 3; k++)
        r.x[k] = iv_point(0.0);
    return r;
}

/* Coefficients of D(u) (x_j(u) - x_i(u)) for rows i != j. With W = |w|^2, e = x_j0 - x_i0:
 *   both still:       e + u^2 W e
 *   both moving:      e + u 2Ke + u^2 (W e + 2K^2 e)
 *   j moving, i still (v = x_j0 - c): e + u (s + 2Kv) + u^2 (W e + 2K^2 v) + u^3 W s
 *   i moving, j still: the negation of the previous with i and j swapped. */
static inline rm_poly rm_pair_poly(const double q[8][3], const rm_motion *m, int i, int j)
{
    int mi = rm_row_moves(m, i), mj = rm_row_moves(m, j);
    if (mi && !mj) {
        rm_poly p = rm_pair_poly(q, m, j, i);
        for (int d = 0; d < 4; d++)
            p.c[d] = rm_iv3_neg(p.c[d]);
        return p;
    }
    iv3 w = rm_iv3_point(q[5]);
    iv W = iv3_dot(&w, &w), two = iv_point(2.0);
    iv3 e = rm_iv3_diff(q[j], q[i]);
    rm_poly p;
    p.c[0] = e;
    p.c[3] = rm_iv3_zero();
    if (!mi && !mj) {
        p.c[1] = rm_iv3_zero();
        p.c[2] = rm_iv3_scale(e, W);
        return p;
    }
    iv3 v = mi ? e : rm_iv3_diff(q[j], q[4]); /* both moving: rotate e itself */
    iv3 kv = iv3_cross(&w, &v), kkv = iv3_cross(&w, &kv);
    p.c[1] = rm_iv3_scale(kv, two);
    p.c[2] = rm_iv3_add(rm_iv3_scale(e, W), rm_iv3_scale(kkv, two));
    if (!mi) { /* j moving, i still: the translation */
        iv3 s = rm_iv3_point(q[6]);
        p.c[1] = rm_iv3_add(p.c[1], s);
        p.c[3] = rm_iv3_scale(s, W);
    }
    return p;
}

static inline void rm_polys_init(const double q[8][3], const rm_motion *m, rm_polys *ps)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (i != j)
                ps->p[i][j] = rm_pair_poly(q, m, i, j);
}

/* Enclosure of D(u) (x_j(u) - x_i(u)) over U (a subset of [0, 1]), by Horner's rule. */
static inline iv3 rm_iv_diff(const rm_polys *ps, int i, int j, iv U)
{
    const rm_poly *p = &ps->p[i][j];
    iv3 r;
    for (int k = 0; k < 3; k++) {
        iv a = p->c[3].x[k];
        for (int d = 2; d >= 0; d--)
            a = iv_add(p->c[d].x[k], iv_mul(U, a));
        r.x[k] = a;
    }
    return r;
}

/* 1 when, on some axis, every point of one primitive is strictly on one side of every point of
 * the other for every u in U (the boxes of the primitives are apart at every instant). */
static inline int rm_iv_apart(const rm_polys *ps, int vf, iv U)
{
    int na = vf ? 1 : 2;
    iv3 d[4];
    int n = 0;
    for (int i = 0; i < na; i++)
        for (int j = na; j < 4; j++)
            d[n++] = rm_iv_diff(ps, i, j, U);
    return iv_diffs_apart(d, n);
}

/* 0 proves no contact for any u in U; 1 when nothing proves it (Redon's interval test: the
 * instant boxes, the coplanarity function and the inside conditions, all enclosed). */
static inline int rm_iv_may_touch(const rm_polys *ps, int vf, iv U)
{
    if (rm_iv_apart(ps, vf, U))
        return 0;
    if (vf) { /* rows: p=0, a=1, b=2, c=3 */
        iv3 B = rm_iv_diff(ps, 1, 2, U), C = rm_iv_diff(ps, 1, 3, U), P = rm_iv_diff(ps, 1, 0, U);
        iv3 e1 = rm_iv_diff(ps, 2, 3, U), p1 = rm_iv_diff(ps, 2, 0, U);
        iv3 e2 = rm_iv_diff(ps, 3, 1, U), p2 = rm_iv_diff(ps, 3, 0, U);
        return iv_vf_conditions(&B, &C, &P, &e1, &p1, &e2, &p2);
    }
    iv3 da = rm_iv_diff(ps, 0, 1, U), db = rm_iv_diff(ps, 2, 3, U), w = rm_iv_diff(ps, 0, 2, U);
    return iv_ee_conditions(&da, &db, &w);
}

/* 1 when the query is inside the interval solvers' safe scale (see RM_MAX_COORD). */
static inline int rm_in_scale(const double q[8][3], const rm_motion *m)
{
    for (int r = 0; r < 7; r++)
        for (int k = 0; k < 3; k++)
            if (fabs(q[r][k]) > (r == 5 ? RM_MAX_W : RM_MAX_COORD))
                return 0;
    return m->wn <= RM_MAX_W;
}

/* The start the interval solvers share: out set to a miss, then the motion and its polynomials
 * in u. Returns 0 to go on; -1 with out answered: FAILED for a malformed motion row, GAVE_UP
 * outside the safe scale (never a silent miss). */
static inline int rm_interval_begin(const double q[8][3], int vf, rm_motion *m, rm_polys *ps,
                                    ccdb_result *out)
{
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
    if (rm_motion_init(q, vf, m) != 0) {
        out->state = CCDB_FAILED;
        return -1;
    }
    if (!rm_in_scale(q, m)) {
        out->state = CCDB_GAVE_UP;
        return -1;
    }
    rm_polys_init(q, m, ps);
    return 0;
}

#endif
