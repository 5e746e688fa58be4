/* fp_rigid.c — stage fp_rigid: the certified floating-point stage of the rigid kinds (run before
 * the exact path of truth_rigid.c / truth.c). It decides hits, with the exact TOI bracket in t and
 * the class, and misses, whenever every sign it needs is certified by balls (gt_ball.h: plain
 * doubles first, double-doubles where those cannot tell); otherwise it passes the query on.
 *
 * The polynomials are gt_rigid.h's, as balls: every point (moving or still) as D(u) x(u),
 *     moving: D(u) x0 + 2 u w x y + 2 u^2 w x (w x y) + u D(u) s,  y = x0 - c,
 *     still:  D(u) x0,                                              D(u) = 1 + u^2 |w|^2,
 * computed from the input doubles, the lengths scaled by one power of two (exactly). They are
 * the exact integer polynomials of gt_rigid_load divided by one positive constant, so every sign
 * of a homogeneous predicate and every root in u is the exact path's. Differences are built by
 * body (two points of one body: D d + 2 u w x d + 2 u^2 w x (w x d), degree 2; of the two bodies:
 * degree 3), so n (VF) / m (EE) has degree 4, F degree 7 and the contact conditions degree 5.
 * The decision is fp_roots.c's on these polynomials (docs/ground-truth.md, "The certified
 * floating-point stage"): the roots of F in [0, 1] isolated in increasing order (pieces where a
 * contact condition is certified violated are skipped), at each root either a condition
 * certified < 0 (no contact) or all certified > 0 (contact strictly inside: the TOI), anything
 * else passed on. The TOI in t = atan(u |w|) / atan(|w|) (u itself when w = 0): the root's
 * interval shrunk to one ulp, then (w != 0) by bisection with double-double evaluations to about
 * 2^-77, and t from MPFR with directed rounding (gt_rigid_t_bracket), kept only when the exact
 * path's rounding of t to doubles is certain to give the same two doubles. The class facts
 * (coincident points at u = 0 and 1, n / m non-zero at u = 0 and 1, F not identically zero)
 * are certified too, or the query is passed on.
 *
 * Range: lengths scaled into [-1, 1] and |w_j| <= 2^20 (else passed on): coefficients of the
 * differences below 2^45, of F below 2^150, of the conditions below 2^100, far below both
 * gt_ball's guard 2^200 and overflow (2^995); underflow is gt_ball's GT_BALL_MU. */
#include <math.h>
#include <stddef.h>

#include "ccdb_truth.h"
#include "filter.h"
#include "gt_fpoly.h"
#include "gt_fpvec.h"
#include "gt_rigid.h"

/* As fp_roots.c: pieces no narrower than 2^-ISO_DEPTH, at most ISO_NODES (plain doubles), then
 * ISO_NODES_DD in double-doubles; roots narrowed to NARROW_ULPS before the conditions retry. */
#define ISO_DEPTH    16
#define ISO_NODES    12
#define ISO_NODES_DD 4
#define NARROW_ULPS  4096
/* Double-double bisection steps after the one-ulp bracket: 2^-53 -> about 2^-77 relative, far
 * below the 2^-70 margin of gt_rigid_t_bracket. */
#define DD_BISECT 24
#define W_MAX     0x1p20
/* The piece cut off an end of [0, 1] where F may vanish (trim_ends). */
#define END_CUT 0x1p-12

typedef struct rtier {
    unsigned have;    /* bit i: v[i] built */
    int built;        /* n and F built */
    gt_ball w2;       /* |w|^2 */
    gt_fpoly v[7][3]; /* difference vectors (vec_rows) */
    gt_fpoly n[3], F; /* n = v0 x v1, F = n.v2 */
    int cond_k;       /* component of the cached conditions, -1: none */
    gt_fpoly cond[4];
} rtier;

typedef struct rq {
    double x[4][3], c[3], w[3], s[3]; /* lengths scaled by a power of two */
    int moving[4];
    int ee, pure;
    rtier tier[2];
} rq;

/* Lengths scaled exactly into [-1, 1] (refused when the scaling would lose a bit, i.e. a value
 * would become subnormal, when the largest is below 2^-1000 or above 2^1000, or a value is not
 * finite), |w_j| <= W_MAX. */
static int load(const double q[8][3], int ee, rq *f)
{
    static const int rows[6] = { 0, 1, 2, 3, 4, 6 };
    double M = 0.0;
    for (int r = 0; r < 6; r++)
        for (int k = 0; k < 3; k++) {
            const double v = fabs(q[rows[r]][k]);
            if (!(v <= 0x1p1023))
                return 0;
            M = v > M ? v : M;
        }
    int e = 0;
    if (M > 0)
        (void)frexp(M, &e);
    if (e < -1000 || e > 1000)
        return 0;
    /* multiplications by powers of two: exact unless a value underflows, which the way back
     * detects */
    const double down = ldexp(1.0, -e), up = ldexp(1.0, e);
    for (int k = 0; k < 3; k++) {
        if (!(fabs(q[5][k]) <= W_MAX))
            return 0;
        f->w[k] = q[5][k];
        for (int r = 0; r < 6; r++) {
            const double v = q[rows[r]][k] * down;
            if (v * up != q[rows[r]][k])
                return 0;
            if (r < 4)
                f->x[r][k] = v;
            else if (r == 4)
                f->c[k] = v;
            else
                f->s[k] = v;
        }
    }
    f->ee = ee;
    f->pure = f->w[0] == 0 && f->w[1] == 0 && f->w[2] == 0;
    const int second = q[7][0] != 0.0;
    for (int i = 0; i < 4; i++)
        f->moving[i] = (ee ? i >= 2 : i >= 1) == second;
    for (int d = 0; d < 2; d++) {
        rtier *T = &f->tier[d];
        T->have = 0;
        T->built = 0;
        T->cond_k = -1;
        T->w2 = gt_ball_d(0.0);
        for (int k = 0; k < 3; k++)
            T->w2 = gt_ball_addp(T->w2, gt_ball_mulp(gt_ball_d(f->w[k]), gt_ball_d(f->w[k]), d), d);
    }
    return 1;
}

static gt_ball twice(gt_ball a) /* exact */
{
    return (gt_ball){ 2.0 * a.hi, 2.0 * a.lo, 2.0 * a.rad };
}

static gt_ball dsub(double a, double b, int dd)
{
    return dd ? gt_ball_dsub(a, b) : gt_ball_dsub1(a, b);
}

/* a = w x v, b = w x a (w exact doubles). */
static void rot(const rq *f, const gt_ball v[3], int dd, gt_ball a[3], gt_ball b[3])
{
    for (int k = 0; k < 3; k++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        a[k] = gt_ball_subp(gt_ball_muldp(v[k2], f->w[k1], dd), gt_ball_muldp(v[k1], f->w[k2], dd),
                            dd);
    }
    for (int k = 0; k < 3; k++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        b[k] = gt_ball_subp(gt_ball_muldp(a[k2], f->w[k1], dd), gt_ball_muldp(a[k1], f->w[k2], dd),
                            dd);
    }
}

/* r = D(u) (x_i(u) - x_j(u)) as polynomials in u (see the file comment). */
static void diff(const rq *f, int i, int j, int dd, gt_fpoly r[3])
{
    const int mi = f->moving[i], mj = f->moving[j];
    const gt_ball *w2 = &f->tier[dd].w2;
    gt_ball d[3], a[3], b[3];
    for (int k = 0; k < 3; k++) {
        d[k] = dsub(f->x[i][k], f->x[j][k], dd);
        r[k].dd = dd;
        r[k].c[0] = d[k];
        r[k].deg = 0;
    }
    if (f->pure) { /* D = 1, no turn: d, plus u s across the bodies */
        if (mi != mj)
            for (int k = 0; k < 3; k++) {
                r[k].deg = 1;
                r[k].c[1] = gt_ball_d(mi ? f->s[k] : -f->s[k]);
            }
        return;
    }
    for (int k = 0; k < 3; k++) {
        r[k].deg = 2;
        r[k].c[1] = gt_ball_d(0.0);
        r[k].c[2] = gt_ball_mulp(*w2, d[k], dd);
    }
    if (mi == mj) { /* one body: c and s cancel */
        if (!mi)
            return;
        rot(f, d, dd, a, b);
        for (int k = 0; k < 3; k++) {
            r[k].c[1] = twice(a[k]);
            r[k].c[2] = gt_ball_addp(r[k].c[2], twice(b[k]), dd);
        }
        return;
    }
    const int m = mi ? i : j;
    gt_ball y[3];
    for (int k = 0; k < 3; k++)
        y[k] = dsub(f->x[m][k], f->c[k], dd);
    rot(f, y, dd, a, b);
    for (int k = 0; k < 3; k++) { /* plus (i moving) or minus (j moving) the turn and u D s */
        gt_ball c1 = gt_ball_addp(twice(a[k]), gt_ball_d(f->s[k]), dd);
        gt_ball c2 = twice(b[k]);
        gt_ball c3 = gt_ball_muldp(*w2, f->s[k], dd);
        if (!mi) {
            c1 = gt_ball_neg(c1);
            c2 = gt_ball_neg(c2);
            c3 = gt_ball_neg(c3);
        }
        r[k].deg = 3;
        r[k].c[1] = c1;
        r[k].c[2] = gt_ball_addp(r[k].c[2], c2, dd);
        r[k].c[3] = c3;
    }
}

/* fp_roots.c's vectors: v[0], v[1], v[2] make n and F; VF: b - a, c - a, p - a, c - b, p - b,
 * a - c, p - c (rows p 0, a 1, b 2, c 3); EE: da = a1 - a0, db = b1 - b0, w = b0 - a0, a1 - b0,
 * b1 - a0 (rows a0, a1, b0, b1). */
static const int vec_rows[2][7][2] = {
    { { 2, 1 }, { 3, 1 }, { 0, 1 }, { 3, 2 }, { 0, 2 }, { 1, 3 }, { 0, 3 } },
    { { 1, 0 }, { 3, 2 }, { 2, 0 }, { 1, 2 }, { 3, 0 } }
};
/* The contact conditions (u x v)_k for these pairs (fp_roots.c): VF (x_j - x_i) x (p - x_i) for
 * the edges (a, b), (b, c), (c, a); EE w x db, (a1 - b0) x db = m - w x db, w x da,
 * da x (b1 - a0) = m - w x da. */
static const int cond_pair[2][4][2] = { { { 0, 2 }, { 3, 4 }, { 5, 6 } },
                                        { { 2, 1 }, { 3, 1 }, { 2, 0 }, { 0, 4 } } };

static const gt_fpoly *vec(rq *f, int dd, int i)
{
    rtier *T = &f->tier[dd];
    if (!(T->have & 1u << i)) {
        diff(f, vec_rows[f->ee][i][0], vec_rows[f->ee][i][1], dd, T->v[i]);
        T->have |= 1u << i;
    }
    return T->v[i];
}

static rtier *tier(rq *f, int dd)
{
    rtier *T = &f->tier[dd];
    if (!T->built) {
        gt_fp_vcross(T->n, vec(f, dd, 0), vec(f, dd, 1));
        gt_fp_vdot(&T->F, T->n, vec(f, dd, 2));
        T->built = 1;
    }
    return T;
}

static int conditions(rq *f, rtier *T, int dd, int k)
{
    const int nc = f->ee ? 4 : 3;
    if (T->cond_k == k)
        return nc;
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    for (int i = 0; i < nc; i++) {
        const gt_fpoly *u = vec(f, dd, cond_pair[f->ee][i][0]);
        const gt_fpoly *v = vec(f, dd, cond_pair[f->ee][i][1]);
        const gt_fpterm t[2] = { { &u[k1], &v[k2], 0 }, { &u[k2], &v[k1], 1 } };
        gt_fp_psum(&T->cond[i], t, 2);
    }
    T->cond_k = k;
    return nc;
}

/* Contact at some u of [a, b] where F vanishes: -1 proven none, 1 every condition strictly
 * positive (a contact strictly inside at each root of F there), 0 unknown (fp_roots.c). */
static int contact_on_piece(rq *f, int dd, double a, double b)
{
    rtier *T = tier(f, dd);
    const double m = 0.5 * (a + b);
    int k = 0;
    double best = -1.0;
    for (int j = 0; j < 3; j++) { /* the largest |n_j| at m, by the centres (only a choice) */
        const double v = fabs(gt_ball_mid(gt_fpoly_eval(&tier(f, 0)->n[j], m)));
        if (v > best) {
            best = v;
            k = j;
        }
    }
    const int sn = gt_fpoly_sign_on(&T->n[k], a, b);
    if (sn == 0)
        return 0;
    return gt_fpoly_conditions_on(T->cond, conditions(f, T, dd, k), sn, a, b);
}

/* Contact at the root r: on its isolating interval, then narrowed to NARROW_ULPS ulps in plain
 * doubles and in double-doubles. */
static int contact_at_root(rq *f, int dd, gt_froot *r)
{
    int c = contact_on_piece(f, dd, r->a, r->b);
    for (int d = dd; d < 2 && c == 0; d++) {
        const gt_fpoly *F = &tier(f, d)->F;
        if (gt_fpoly_root_narrow(F, r, NARROW_ULPS, gt_fpoly_guess(F, r)))
            c = contact_on_piece(f, d, r->a, r->b);
    }
    return c;
}

/* F at the double-double point x = a + e (exact: TwoSum), double-double balls. */
static int F_sign_dd(const gt_fpoly *F, double a, double e)
{
    gt_ball x;
    gt_two_sum(a, e, &x.hi, &x.lo);
    x.rad = 0.0;
    gt_ball r = F->c[F->deg];
    for (int i = F->deg - 1; i >= 0; i--)
        r = gt_ball_add(gt_ball_mul(r, x), F->c[i]);
    return gt_ball_sign(r);
}

/* The TOI of the hit at the root r: t = u on the one-ulp bracket when w = 0; else u bracketed to
 * about 2^-93 relative by bisection in double-doubles and t from MPFR, kept when the exact path's
 * two doubles are certain (gt_rigid_t_bracket). 0: cannot tell. */
static int toi(const double q[8][3], rq *f, gt_froot *r, double *lo, double *hi)
{
    const gt_fpoly *F = &tier(f, 1)->F;
    if (!gt_fpoly_root_narrow(F, r, 1, gt_fpoly_guess(F, r)))
        return 0;
    if (f->pure) { /* t = u: the exact path's bracket of a root that is not a double */
        *lo = r->a;
        *hi = r->b;
        return 1;
    }
    /* u in (a + e0, a + e1): halved DD_BISECT times (e0, e1 dyadic, far above underflow) */
    const double a = r->a;
    double e0 = 0.0, e1 = r->b - r->a; /* exact: adjacent doubles */
    if (!(a >= 0x1p-900))
        return 0;
    for (int it = 0; it < DD_BISECT; it++) {
        const double em = 0.5 * (e0 + e1);
        const int s = F_sign_dd(F, a, em);
        if (s == 0)
            break;
        if (s == r->sa)
            e0 = em;
        else
            e1 = em;
    }
    return gt_rigid_t_bracket(q, a, e0, e1, lo, hi);
}

static int same_point(const double q[8][3], int i, int j)
{
    return q[i][0] == q[j][0] && q[i][1] == q[j][1] && q[i][2] == q[j][2];
}

/* n (VF) / m (EE) and F at u = 0 (the differences of the input doubles, tier dd): sets *nz when
 * a component of n is certified non-zero, *Fnz when F is. */
static void facts_at0(const rq *f, int dd, int *nz, int *Fnz)
{
    gt_ball v[3][3], n[3];
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            v[i][k] = dsub(f->x[vec_rows[f->ee][i][0]][k], f->x[vec_rows[f->ee][i][1]][k], dd);
    gt_ball F = gt_ball_d(0.0);
    for (int k = 0; k < 3; k++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        n[k] = gt_ball_subp(gt_ball_mulp(v[0][k1], v[1][k2], dd),
                            gt_ball_mulp(v[0][k2], v[1][k1], dd), dd);
        *nz |= gt_ball_sign(n[k]) != 0;
        F = gt_ball_addp(F, gt_ball_mulp(n[k], v[2][k], dd), dd);
    }
    *Fnz |= gt_ball_sign(F) != 0;
}

/* The difference x_i - x_j of two points of one body at u = 1, times a positive factor: D(1) d +
 * 2 w x d + 2 w x (w x d) (diff at u = 1) when the body moves and turns, d itself otherwise
 * (a still body's points do not move; D(1) > 0 is left out). */
static void body_vec_at1(const rq *f, int i, int j, int dd, gt_ball v[3])
{
    gt_ball d[3], a[3], b[3];
    for (int k = 0; k < 3; k++)
        v[k] = d[k] = dsub(f->x[i][k], f->x[j][k], dd);
    if (!f->moving[i] || f->pure)
        return;
    rot(f, d, dd, a, b);
    const gt_ball D1 = gt_ball_addp(gt_ball_d(1.0), f->tier[dd].w2, dd);
    for (int k = 0; k < 3; k++)
        v[k] = gt_ball_addp(gt_ball_mulp(D1, d[k], dd), gt_ball_addp(twice(a[k]), twice(b[k]), dd),
                            dd);
}

/* m = da x db (EE) at u = 1, from the two edges at u = 1 (each scaled by a positive factor,
 * which keeps m's direction): 1 when a component is certified non-zero. */
static int m_nonzero_at1(const rq *f, int dd)
{
    gt_ball v[2][3];
    for (int i = 0; i < 2; i++)
        body_vec_at1(f, vec_rows[1][i][0], vec_rows[1][i][1], dd, v[i]);
    int nz = 0;
    for (int k = 0; k < 3 && !nz; k++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        nz = gt_ball_sign(gt_ball_subp(gt_ball_mulp(v[0][k1], v[1][k2], dd),
                                       gt_ball_mulp(v[0][k2], v[1][k1], dd), dd)) != 0;
    }
    return nz;
}

/* Certified class flags (truth.c's classify) of a query whose answer is decided here (for a hit,
 * strictly inside at a simple root of F in (0, 1) with n / m non-zero there, so neither tangent,
 * boundary, contact_t0 nor contact_t1): 0 when some fact cannot be certified. */
static unsigned class_flags(const double q[8][3], rq *f, int hit)
{
    int nz[2] = { 0, 0 }, Fnz = 0;
    for (int d = 0; d < 2 && !(nz[0] && Fnz); d++)
        facts_at0(f, d, &nz[0], &Fnz);
    /* VF: the triangle is one body, and a rigid motion keeps n(1) = 0 iff n(0) = 0 (n(1) is
     * R(1) n(0) times a positive constant); EE: m(1) from the edges at u = 1 */
    nz[1] = f->ee ? 0 : nz[0];
    for (int d = 0; d < 2 && !nz[1]; d++)
        nz[1] = m_nonzero_at1(f, d);
    for (int d = 0; d < 2 && !Fnz; d++) /* F not identically zero, though zero at u = 0 */
        for (int i = 0; i <= tier(f, d)->F.deg && !Fnz; i++)
            Fnz = gt_ball_sign(tier(f, d)->F.c[i]) != 0;
    if (!Fnz)
        return 0; /* maybe coplanar for the whole step */
    /* coincident points (truth.c: VF p with a, b, c; EE every pair) at u = 0 (the input doubles)
     * and u = 1: within a body as at u = 0 (a rigid motion); across the bodies never for a miss
     * (that is a contact), for a hit a difference certified non-zero */
    static const int vf_pairs[3][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 } };
    static const int ee_pairs[6][2] = {
        { 0, 1 }, { 2, 3 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }
    };
    const int(*pairs)[2] = f->ee ? ee_pairs : vf_pairs;
    int coincident = 0;
    for (int p = 0; p < (f->ee ? 6 : 3) && !coincident; p++) {
        const int i = pairs[p][0], j = pairs[p][1];
        coincident = same_point(q, i, j);
        if (coincident || !hit || f->moving[i] == f->moving[j])
            continue;
        gt_fpoly dv[3];
        int apart = 0;
        for (int d = 0; d < 2 && !apart; d++) {
            diff(f, i, j, d, dv);
            for (int k = 0; k < 3; k++)
                apart |= gt_ball_sign(gt_fpoly_eval(&dv[k], 1.0)) != 0;
        }
        if (!apart)
            return 0;
    }
    unsigned flags = 0;
    if (!(nz[0] && nz[1])) {
        /* n / m may vanish: certain only for a zero-length edge (m = 0 identically) */
        if (!f->ee || !(same_point(q, 0, 1) || same_point(q, 2, 3)))
            return 0;
        flags |= 1u << CCDB_CLASS_PARALLEL_EDGES;
    }
    if (coincident)
        flags |= 1u << CCDB_CLASS_DEGENERATE_PRIMITIVE;
    if (f->pure)
        flags |= 1u << CCDB_CLASS_PURE_TRANSLATION;
    return flags ? flags : 1u << CCDB_CLASS_GENERIC;
}

/* Upper bound of |x| for every x in the ball (three roundings, paid for by the caller). */
static double mag(gt_ball x)
{
    return (fabs(x.hi) + fabs(x.lo)) * (1.0 + 0x1p-52) + x.rad;
}

/* A cheap proof of a miss: on some axis k the moving primitive stays strictly on one side of the
 * still points at every u. For a moving point, x(u) = c + R(u) y + u s with
 * R(u) y - y = 2 (u w x y + u^2 w x (w x y)) / D(u) and D(u) >= 1, so for u in [0, 1]
 *     x0_k - 2 |a_k| - 2 |b_k| + min(0, s_k) <= x_k(u) <= x0_k + 2 |a_k| + 2 |b_k| + max(0, s_k),
 * a = w x y, b = w x a (the generator of rigid_random certifies its misses with the same bound);
 * the moving primitive is the convex hull of its points. The reach 2 mag(a_k) + 2 mag(b_k) +
 * max(0, +-s_k) is computed in round-to-nearest from non-negative terms (six roundings with
 * mag's) and multiplied by 1 + 2^-50, which pays for them; the comparison is a certified sign. */
static int axis_apart(const rq *f)
{
    double up[4][3], down[4][3];
    for (int i = 0; i < 4; i++) {
        if (!f->moving[i])
            continue;
        gt_ball y[3], a[3], b[3];
        for (int k = 0; k < 3; k++)
            y[k] = gt_ball_dsub1(f->x[i][k], f->c[k]);
        rot(f, y, 0, a, b);
        for (int k = 0; k < 3; k++) {
            const double r = 2.0 * mag(a[k]) + 2.0 * mag(b[k]);
            up[i][k] = (r + (f->s[k] > 0 ? f->s[k] : 0.0)) * (1.0 + 0x1p-50);
            down[i][k] = (r + (f->s[k] < 0 ? -f->s[k] : 0.0)) * (1.0 + 0x1p-50);
        }
    }
    for (int k = 0; k < 3; k++) {
        double smin = INFINITY, smax = -INFINITY;
        for (int i = 0; i < 4; i++)
            if (!f->moving[i]) {
                smin = f->x[i][k] < smin ? f->x[i][k] : smin;
                smax = f->x[i][k] > smax ? f->x[i][k] : smax;
            }
        int below = 1, above = 1;
        for (int i = 0; i < 4 && (below || above); i++) {
            if (!f->moving[i])
                continue;
            below &= gt_ball_sign(
                         gt_ball_add1(gt_ball_dsub1(smin, f->x[i][k]), gt_ball_d(-up[i][k]))) > 0;
            above &= gt_ball_sign(
                         gt_ball_add1(gt_ball_dsub1(f->x[i][k], smax), gt_ball_d(-down[i][k]))) > 0;
        }
        if (below || above)
            return 1;
    }
    return 0;
}

/* The search over gt_fpoly_first_contact: the function in a tier, the pieces where no time can
 * be a contact, the contact at a root isolated in tier dd. */
static const gt_fpoly *search_poly(void *ctx, int dd)
{
    return &tier(ctx, dd)->F;
}

static int search_no_contact(void *ctx, int dd, double a, double b)
{
    return contact_on_piece(ctx, dd, a, b) < 0;
}

static int search_contact(void *ctx, int dd, gt_froot *r)
{
    return contact_at_root(ctx, dd, r);
}

/* The ends of [0, 1] where F (tier 0) is not certified non-zero: most likely a root there, which
 * Bernstein isolation cannot separate from the end (the search would spend its whole budget
 * halving towards it, then give up). Such an end is cut off, [0, END_CUT] or [1 - END_CUT, 1],
 * when no time of that piece can be a contact (a contact condition certified violated on all of
 * it) and F is certified non-zero at the cut; the search then runs on what is left, and the
 * first contact of [0, 1] is the first of [*lo, *hi]. Otherwise (a contact at t = 0 or 1, class
 * contact_t0 / contact_t1, which this stage never certifies, or no proof) 0: the query is passed
 * on at once. Only the time spent depends on this choice, never the answer. */
static int trim_ends(rq *f, const gt_fpoly *F0, double *lo, double *hi)
{
    if (gt_fpoly_sign_at(F0, 0.0) == 0) {
        if (contact_on_piece(f, 0, 0.0, END_CUT) >= 0 || gt_fpoly_sign_at(F0, END_CUT) == 0)
            return 0;
        *lo = END_CUT;
    }
    if (gt_fpoly_sign_at(F0, 1.0) == 0) {
        if (contact_on_piece(f, 0, 1.0 - END_CUT, 1.0) >= 0 ||
            gt_fpoly_sign_at(F0, 1.0 - END_CUT) == 0)
            return 0;
        *hi = 1.0 - END_CUT;
    }
    return 1;
}

static int run(const double q[8][3], int ee, ccdb_fp_rigid_result *out)
{
    rq f;
    if (!load(q, ee, &f))
        return 0;
    out->boxed = axis_apart(&f);
    if (out->boxed) {
        out->hit = 0;
        out->toi_lo = out->toi_hi = 0.0;
        out->flags = class_flags(q, &f, 0);
        return out->flags != 0;
    }
    /* Every coefficient of F exactly 0 in plain doubles: most likely coplanar for the whole step
     * (motions in the plane of both primitives), a class this stage never certifies
     * (class_flags); passed on at once rather than after a search that cannot end in an answer
     * (only the time spent depends on this choice, never the answer). */
    const gt_fpoly *F0 = &tier(&f, 0)->F;
    int F0_zero = 1;
    for (int i = 0; i <= F0->deg && F0_zero; i++)
        F0_zero = F0->c[i].hi == 0.0;
    if (F0_zero)
        return 0;
    double lo = 0.0, hi = 1.0;
    if (!trim_ends(&f, F0, &lo, &hi))
        return 0;
    const gt_fpoly_search search = { search_poly, search_no_contact, search_contact, &f,
                                     ISO_DEPTH,   ISO_NODES,         ISO_NODES_DD,   1 };
    gt_froot r;
    int c = 0;
    const int found = gt_fpoly_first_contact_on(&search, lo, hi, &r, &c);
    if (found < 0 || (found && (c == 0 || !toi(q, &f, &r, &out->toi_lo, &out->toi_hi))))
        return 0;
    out->hit = found;
    if (!found)
        out->toi_lo = out->toi_hi = 0.0;
    out->flags = class_flags(q, &f, out->hit);
    return out->flags != 0;
}

int ccdb_fp_rigid_vf(const double q[8][3], ccdb_fp_rigid_result *out)
{
    return run(q, 0, out);
}

int ccdb_fp_rigid_ee(const double q[8][3], ccdb_fp_rigid_result *out)
{
    return run(q, 1, out);
}
