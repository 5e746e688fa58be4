/* sweep_motion.h — private: the engines' sweep motion (docs/sweep.md), in double and in interval
 * arithmetic, for the solvers' sweep entries (the counterpart of rigid_motion.h for the screw).
 * Not part of the plugin ABI.
 *
 * A sweep query is 8 rows: q[0..3] the four points at t = 0 (VF: p, a, b, c; EE: a0, a1, b0,
 * b1), q[4] = O, q[5] = w (the axis, nonzero unless theta = 0), q[6] = v, q[7] = (moving,
 * theta, 0), moving 0 when the first primitive (vertex / edge a) moves, 1 when the second does.
 * A moving point x0, with d = x0 - O and k = w / |w|, is at
 *     x(t) = O + t v + R(theta t) d,   R(a) d = d + sin(a) (k x d) + (1 - cos a) (k x (k x d))
 * (Rodrigues: d cos a + (k x d) sin a + k (k.d)(1 - cos a), with k (k.d) - d = k x (k x d)).
 *
 * Interval form: for a piece of time T, every difference x_j(t) - x_i(t) of two query points is
 *     base + t lin + S ks + C kc,   S = sin(theta t), C = 1 - cos(theta t),
 * with base, lin, ks, kc enclosed once per query (sm_pair) and S, C enclosed over T
 * (sm_trig_range): both still: e = x_j0 - x_i0; both moving: e, 0, k x e, k x (k x e); j moving,
 * i still: e, v, k x d_j, k x (k x d_j); i moving, j still: the negation of (j, i). k is enclosed
 * from w scaled by its largest component (so that no square underflows or overflows).
 * sin and cos of a double: glibc's are within 1 ulp (<= 2^-52 on [-1, 1]); sm_trig_range adds an
 * absolute 2^-50 to the first-order bound |sin(a) - sin(m)| <= |a - m| (sin and cos are
 * 1-Lipschitz) and clamps to [-1, 1]. Outward rounding as in interval_arith.h. */
#ifndef CCDB_SWEEP_MOTION_H
#define CCDB_SWEEP_MOTION_H

#include <math.h>

#include "ccdb_solver.h"
#include "float_geom.h"
#include "interval_arith.h"

/* Beyond it the interval products could overflow: the inside conditions are of degree 5 in the
 * differences (as rigid_motion.h's 2^150; |k| = 1 and |S|, |C| <= 2 add no scale). */
#define SM_MAX_COORD 0x1p150

/* The libm error margin of sin and cos on [-1, 1] (4 ulps of 1; glibc: < 1 ulp). */
#define SM_TRIG_ERR 0x1p-50

typedef struct sm_pair {
    iv3 base, lin, ks, kc;
} sm_pair;

typedef struct sm_motion {
    int vf;           /* 1: vertex-face rows, 0: edge-edge rows */
    int moving_first; /* 1: the vertex / edge a moves; 0: the triangle / edge b moves */
    double theta;     /* the angle turned over the step (exact: the query's double) */
    fg_vec k;         /* w / |w| rounded (0 when theta = 0) */
    iv3 kiv;          /* w / |w| enclosed (0 when theta = 0) */
    sm_pair p[4][4];  /* the pieces of x_j - x_i, i != j */
} sm_motion;

/* 1 when query row r (0..3) is on the moving body. */
static inline int sm_row_moves(const sm_motion *m, int r)
{
    int first = m->vf ? r == 0 : r <= 1;
    return first == m->moving_first;
}

/* Division by an interval of positive numbers, outward rounded. */
static inline iv sm_iv_div_pos(iv a, iv d)
{
    double p1 = a.lo / d.lo, p2 = a.lo / d.hi, p3 = a.hi / d.lo, p4 = a.hi / d.hi;
    return iv_widen(iv_min2(iv_min2(p1, p2), iv_min2(p3, p4)),
                    iv_max2(iv_max2(p1, p2), iv_max2(p3, p4)));
}

static inline iv3 sm_iv3_diff(const double a[3], const double b[3])
{
    iv3 r;
    for (int c = 0; c < 3; c++)
        r.x[c] = iv_diff(a[c], b[c]);
    return r;
}

static inline iv3 sm_iv3_neg(iv3 a)
{
    for (int c = 0; c < 3; c++)
        a.x[c] = (iv){ -a.x[c].hi, -a.x[c].lo };
    return a;
}

static inline iv3 sm_iv3_zero(void)
{
    iv3 r;
    for (int c = 0; c < 3; c++)
        r.x[c] = iv_point(0.0);
    return r;
}

/* The pieces of x_j - x_i (see the header comment). */
static inline sm_pair sm_pair_init(const double q[8][3], const sm_motion *m, int i, int j)
{
    int mi = sm_row_moves(m, i), mj = sm_row_moves(m, j);
    if (mi && !mj) {
        sm_pair p = sm_pair_init(q, m, j, i);
        p.base = sm_iv3_neg(p.base);
        p.lin = sm_iv3_neg(p.lin);
        p.ks = sm_iv3_neg(p.ks);
        p.kc = sm_iv3_neg(p.kc);
        return p;
    }
    sm_pair p = { sm_iv3_diff(q[j], q[i]), sm_iv3_zero(), sm_iv3_zero(), sm_iv3_zero() };
    if (!mj)
        return p;
    if (!mi)
        for (int c = 0; c < 3; c++)
            p.lin.x[c] = iv_point(q[6][c]);
    if (m->theta != 0.0) {
        iv3 d = mi ? p.base : sm_iv3_diff(q[j], q[4]);
        p.ks = iv3_cross(&m->kiv, &d);
        p.kc = iv3_cross(&m->kiv, &p.ks);
    }
    return p;
}

/* Reads the motion and encloses its pieces; returns -1 on a non-finite value, a row 8 other
 * than (0 or 1, theta, 0), or theta != 0 with w = 0 (the solvers answer CCDB_FAILED). */
static inline int sm_motion_init(const double q[8][3], int vf, sm_motion *m)
{
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 3; c++)
            if (!isfinite(q[r][c]))
                return -1;
    if (q[7][2] != 0.0 || (q[7][0] != 0.0 && q[7][0] != 1.0))
        return -1;
    m->vf = vf;
    m->moving_first = q[7][0] == 0.0;
    m->theta = q[7][1];
    m->k = (fg_vec){ 0.0, 0.0, 0.0 };
    m->kiv = sm_iv3_zero();
    if (m->theta != 0.0) {
        double big = fmax(fabs(q[5][0]), fmax(fabs(q[5][1]), fabs(q[5][2])));
        if (!(big > 0.0))
            return -1;
        iv3 ws; /* w / big, enclosed: |ws|^2 in [1, 3] */
        for (int c = 0; c < 3; c++)
            ws.x[c] = iv_widen(q[5][c] / big, q[5][c] / big);
        iv ww = iv3_dot(&ws, &ws);
        iv len = iv_widen(sqrt(iv_max2(ww.lo, 1.0)), sqrt(ww.hi)); /* sqrt correctly rounded */
        for (int c = 0; c < 3; c++)
            m->kiv.x[c] = sm_iv_div_pos(ws.x[c], len);
        fg_vec w = { q[5][0] / big, q[5][1] / big, q[5][2] / big };
        m->k = fg_scale(w, 1.0 / fg_norm(w));
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (i != j)
                m->p[i][j] = sm_pair_init(q, m, i, j);
    return 0;
}

/* Position of query row r (0..3) at time t, in double (rounded). */
static inline fg_vec sm_point_at(const double q[8][3], const sm_motion *m, int r, double t)
{
    fg_vec x0 = fg_v(q[r]);
    if (!sm_row_moves(m, r))
        return x0;
    fg_vec o = fg_v(q[4]), d = fg_sub(x0, o), kd = fg_cross(m->k, d), kkd = fg_cross(m->k, kd);
    double a = m->theta * t;
    fg_vec rd = fg_add(d, fg_add(fg_scale(kd, sin(a)), fg_scale(kkd, 1.0 - cos(a))));
    return fg_add(fg_add(o, fg_scale(fg_v(q[6]), t)), rd);
}

/* The four points at time t, in double. */
static inline void sm_points_at(const double q[8][3], const sm_motion *m, double t, fg_vec x[4])
{
    for (int r = 0; r < 4; r++)
        x[r] = sm_point_at(q, m, r, t);
}

/* sin(theta t) and 1 - cos(theta t) for t in T, enclosed (exactly 0 when theta = 0). */
typedef struct sm_trig {
    iv s, c;
} sm_trig;

static inline iv sm_clamp(iv a, double lo, double hi)
{
    return (iv){ iv_max2(a.lo, lo), iv_min2(a.hi, hi) };
}

static inline sm_trig sm_trig_range(const sm_motion *m, iv T)
{
    sm_trig r = { iv_point(0.0), iv_point(0.0) };
    if (m->theta == 0.0)
        return r;
    iv a = iv_mul(iv_point(m->theta), T);
    double mid = 0.5 * a.lo + 0.5 * a.hi; /* no overflow; within [a.lo, a.hi] */
    double rad = iv_add(iv_point(iv_max2(mid - a.lo, a.hi - mid)), iv_point(SM_TRIG_ERR)).hi;
    rad = iv_widen(rad, rad).hi; /* covers the rounding of the two differences */
    double s = sin(mid), c = cos(mid);
    r.s = sm_clamp(iv_widen(s - rad, s + rad), -1.0, 1.0);
    iv cc = sm_clamp(iv_widen(c - rad, c + rad), -1.0, 1.0);
    r.c = sm_clamp(iv_sub(iv_point(1.0), cc), 0.0, 2.0);
    return r;
}

/* x_j(t) - x_i(t) for t in T, enclosed, given the trig enclosure of T. */
static inline iv3 sm_iv_diff(const sm_motion *m, int i, int j, iv T, const sm_trig *tr)
{
    const sm_pair *p = &m->p[i][j];
    iv3 r;
    for (int c = 0; c < 3; c++)
        r.x[c] = iv_add(iv_add(p->base.x[c], iv_mul(T, p->lin.x[c])),
                        iv_add(iv_mul(tr->s, p->ks.x[c]), iv_mul(tr->c, p->kc.x[c])));
    return r;
}

/* 1 when, on some axis, the primitives' boxes are apart at every t in T. */
static inline int sm_iv_apart(const sm_motion *m, iv T)
{
    sm_trig tr = sm_trig_range(m, T);
    int na = m->vf ? 1 : 2, n = 0;
    iv3 d[4];
    for (int i = 0; i < na; i++)
        for (int j = na; j < 4; j++)
            d[n++] = sm_iv_diff(m, i, j, T, &tr);
    return iv_diffs_apart(d, n);
}

/* 0 proves no contact for any t in T; 1 when nothing proves it: the boxes, then the coplanarity
 * and inside conditions of interval_arith.h on the enclosed differences. */
static inline int sm_iv_may_touch(const sm_motion *m, iv T)
{
    if (sm_iv_apart(m, T))
        return 0;
    sm_trig tr = sm_trig_range(m, T);
    if (m->vf) { /* rows: p=0, a=1, b=2, c=3 */
        iv3 B = sm_iv_diff(m, 1, 2, T, &tr), C = sm_iv_diff(m, 1, 3, T, &tr);
        iv3 P = sm_iv_diff(m, 1, 0, T, &tr), e1 = sm_iv_diff(m, 2, 3, T, &tr);
        iv3 p1 = sm_iv_diff(m, 2, 0, T, &tr), e2 = sm_iv_diff(m, 3, 1, T, &tr);
        iv3 p2 = sm_iv_diff(m, 3, 0, T, &tr);
        return iv_vf_conditions(&B, &C, &P, &e1, &p1, &e2, &p2);
    }
    iv3 da = sm_iv_diff(m, 0, 1, T, &tr), db = sm_iv_diff(m, 2, 3, T, &tr);
    iv3 w = sm_iv_diff(m, 0, 2, T, &tr);
    return iv_ee_conditions(&da, &db, &w);
}

/* 1 when every coordinate of rows 0..6 is at most SM_MAX_COORD in magnitude (|theta| is free:
 * only its sine and cosine enter the enclosures). */
static inline int sm_in_scale(const double q[8][3])
{
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 3; c++)
            if (fabs(q[r][c]) > SM_MAX_COORD)
                return 0;
    return 1;
}

/* The start the sweep entries share: out set to a miss, then the motion. Returns 0 to go on;
 * -1 with out answered: FAILED for a malformed motion, GAVE_UP at t = 0 outside the safe scale
 * (never a silent miss). */
static inline int sm_begin(const double q[8][3], int vf, sm_motion *m, ccdb_result *out)
{
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
    if (sm_motion_init(q, vf, m) != 0) {
        out->state = CCDB_FAILED;
        return -1;
    }
    if (!sm_in_scale(q)) {
        out->state = CCDB_GAVE_UP;
        return -1;
    }
    return 0;
}

#endif
