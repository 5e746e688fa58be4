/* fp_roots.c — stage 2 of the default pipeline (after the box stage, before the exact path):
 * certified floating-point root isolation. Decides hits, with the exact TOI bracket, and misses
 * without GMP whenever every sign it needs is certified by balls (gt_ball.h: plain doubles
 * first, double-doubles where those cannot tell); otherwise it passes the query on.
 *
 * Any contact at time t needs F(t) = 0, the coplanarity cubic (VF: F = n.(p - a),
 * n = (b - a) x (c - a); EE: F = m.(b0 - a0), m = (a1 - a0) x (b1 - b0)), so the candidates are
 * the roots of F in [0, 1]. The stage
 *  1. encloses the coefficients of F and of n (resp. m) in balls, computed from the input
 *     doubles scaled by a power of two (which changes no sign and no root);
 *  2. isolates the roots of F in [0, 1] in increasing order (gt_fpoly_iso: Bernstein–Descartes
 *     bisection): each root r comes with an interval [a, b] holding no other root of F, r
 *     simple, F(a), F(b) of certified opposite signs. A piece of [0, 1] where Descartes cannot
 *     tell is skipped when no time in it can be a contact (below);
 *  3. decides whether the primitives touch at each root, from the degree-2 polynomials the
 *     exact judge uses (truth.c, touch): at a time t with F(t) = 0 and n_k(t) != 0,
 *     VF touches iff sn ((x_j - x_i) x (p - x_i))_k >= 0 for the edges (i, j) = (a, b), (b, c),
 *     (c, a), and EE iff sn (w x db)_k, sn (m - w x db)_k, sn (w x da)_k, sn (m - w x da)_k >= 0
 *     (w = b0 - a0), with sn = sign n_k(t). On an interval where n_k has the certified sign sn:
 *     one of these certified < 0 throughout: no contact at any time of the interval (this also
 *     skips pieces in step 2); all certified > 0 on the interval of a root r: contact at r,
 *     strictly inside (n(r) != 0, not on an edge or at an edge end); otherwise: cannot tell;
 *  4. the first root with a contact is the TOI: its interval is shrunk to two adjacent doubles
 *     lo < r < hi with certified opposite signs of F, so r is not a double and [lo, hi] is
 *     exactly the tightest bracket the exact path reports. No root with a contact: a miss.
 * The signs at a root are taken first on an interval of a few thousand ulps, in plain doubles;
 * then on the one-ulp bracket, in plain doubles and in double-doubles.
 * Roots at a double (F(x) = 0 exactly), at t = 0 or 1, multiple roots, F identically zero with
 * a possible contact, and contacts on a boundary never get certified signs: they go on to the
 * exact path. docs/ground-truth.md ("The certified floating-point stage") has the argument.
 */
#include <math.h>
#include <stddef.h>

#include "filter.h"
#include "gt_fpoly.h"
#include "gt_fpq.h"

/* Isolation budget: pieces of [0, 1] no narrower than 2^-ISO_DEPTH, at most ISO_NODES pieces. */
#define ISO_DEPTH 16
#define ISO_NODES 12
/* double-doubles only take over the pieces plain doubles could not settle: fewer */
#define ISO_NODES_DD 4
/* Plain doubles first narrow a root's interval to this many ulps, then test the conditions. */
#define NARROW_ULPS 4096

/* A vector of linear polynomials v0 + t v1 (balls). */
typedef struct lin3 {
    gt_ball v0[3], v1[3];
} lin3;

/* The polynomials in one precision. */
typedef struct fp_tier {
    unsigned have;    /* bit i: v[i] built */
    int built;        /* n and F built */
    lin3 v[7];        /* difference vectors, see vec() */
    gt_fpoly n[3];    /* VF n = v[0] x v[1], EE m = v[0] x v[1]: components, degree 2 */
    gt_fpoly F;       /* n.v[2], degree 3 */
    int cond_k;       /* component of the cached condition polynomials, -1: none */
    gt_fpoly cond[4]; /* VF: 3, EE: 4 (see conditions) */
} fp_tier;

typedef struct fp_query {
    double x0[4][3], x1[4][3]; /* scaled positions at t = 0 and t = 1 */
    int ee;
    fp_tier tier[2]; /* [0]: plain-double balls, [1]: double-double balls */
} fp_query;

/* d(t) = x_i(t) - x_j(t): v0 = (x_i - x_j)(0), v1 = (x_i - x_j)(1) - v0. */
static void lin_diff(const fp_query *f, int i, int j, int dd, lin3 *d)
{
    for (int k = 0; k < 3; k++) {
        if (dd) {
            d->v0[k] = gt_ball_dsub(f->x0[i][k], f->x0[j][k]); /* exact */
            d->v1[k] = gt_ball_sub(gt_ball_dsub(f->x1[i][k], f->x1[j][k]), d->v0[k]);
        } else {
            d->v0[k] = gt_ball_dsub1(f->x0[i][k], f->x0[j][k]);
            d->v1[k] = gt_ball_subp(gt_ball_dsub1(f->x1[i][k], f->x1[j][k]), d->v0[k], 0);
        }
    }
}

/* Plain doubles with a magnitude and a rounding depth (Higham, "Accuracy and Stability of
 * Numerical Algorithms", lemma 3.3 and the usual induction; as in filter_fe.h, but the depth is
 * tracked at run time): the cheap way to build the plain-double polynomials, whose coefficients
 * then become balls (fe_ball). For a value v with magnitude m and depth d (leaves: the rounded
 * difference of two input doubles, depth 1, m = |v|, which is within a factor 1 + u of the
 * exact |x - y|; add/sub: m = ma + mb, d = max + 1; mul: m = ma mb, d = da + db + 1), without
 * underflow |v - exact| <= gamma_d M and M <= m / (1 - u)^d, where M is the exact magnitude.
 * Underflow adds at most 2^-1075 per product, multiplied later by factors below 2^20 (the
 * coordinates are at most 2^16, or scaled into [-1, 1]), over fewer than 100 products: below
 * 2^-1000, the absolute slack of fe_ball (which also covers magnitudes that underflow: their
 * exact values are then below 2^-1022). */
typedef struct fe {
    double v, m;
    int d;
} fe;

static fe fe_dsub(double x, double y)
{
    const double v = x - y;
    return (fe){ v, fabs(v), 1 };
}

static fe fe_add(fe a, fe b)
{
    return (fe){ a.v + b.v, a.m + b.m, (a.d > b.d ? a.d : b.d) + 1 };
}

static fe fe_sub(fe a, fe b)
{
    return (fe){ a.v - b.v, a.m + b.m, (a.d > b.d ? a.d : b.d) + 1 };
}

static fe fe_mul(fe a, fe b)
{
    return (fe){ a.v * b.v, a.m * b.m, a.d + b.d + 1 };
}

/* The ball of an fe value: gamma_d M <= d u m / ((1 - d u) (1 - u)^d) <= d u m (1 + 2^-40) for
 * d <= 1000 (the depths here are below 20); the three roundings of the radius and that factor
 * are paid for by 1 + 2^-8. */
static gt_ball fe_ball(fe a)
{
    return (gt_ball){ a.v, 0.0, ((double)a.d * 0x1p-53 * a.m) * (1.0 + 0x1p-8) + 0x1p-1000 };
}

/* x_i(t) - x_j(t) as fe: v0 = (x_i - x_j)(0), v1 = (x_i - x_j)(1) - v0. */
typedef struct lin3fe {
    fe v0[3], v1[3];
} lin3fe;

static void lin_diff_fe(const fp_query *f, int i, int j, lin3fe *d)
{
    for (int k = 0; k < 3; k++) {
        d->v0[k] = fe_dsub(f->x0[i][k], f->x0[j][k]);
        d->v1[k] = fe_sub(fe_dsub(f->x1[i][k], f->x1[j][k]), d->v0[k]);
    }
}

/* (u x v)_k as three fe coefficients. */
static void cross_k_fe(const lin3fe *u, const lin3fe *v, int k, fe r[3])
{
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    r[0] = fe_sub(fe_mul(u->v0[k1], v->v0[k2]), fe_mul(u->v0[k2], v->v0[k1]));
    r[1] = fe_sub(fe_add(fe_mul(u->v0[k1], v->v1[k2]), fe_mul(u->v1[k1], v->v0[k2])),
                  fe_add(fe_mul(u->v0[k2], v->v1[k1]), fe_mul(u->v1[k2], v->v0[k1])));
    r[2] = fe_sub(fe_mul(u->v1[k1], v->v1[k2]), fe_mul(u->v1[k2], v->v1[k1]));
}

/* Tier 1's n and F: n = e1 x e2, F = n.w with the fe arithmetic, then as balls. */
static void build_plain(const fp_query *f, const int rows[3][2], gt_fpoly n[3], gt_fpoly *F)
{
    lin3fe e[3];
    for (int v = 0; v < 3; v++)
        lin_diff_fe(f, rows[v][0], rows[v][1], &e[v]);
    fe nc[3][3], c[4];
    for (int k = 0; k < 3; k++)
        cross_k_fe(&e[0], &e[1], k, nc[k]);
    for (int i = 0; i <= 3; i++)
        c[i] = (fe){ 0.0, 0.0, 0 };
    for (int k = 0; k < 3; k++)
        for (int i = 0; i <= 2; i++) {
            c[i] = fe_add(c[i], fe_mul(nc[k][i], e[2].v0[k]));
            c[i + 1] = fe_add(c[i + 1], fe_mul(nc[k][i], e[2].v1[k]));
        }
    for (int k = 0; k < 3; k++) {
        n[k].deg = 2;
        n[k].dd = 0;
        for (int i = 0; i <= 2; i++)
            n[k].c[i] = fe_ball(nc[k][i]);
    }
    F->deg = 3;
    F->dd = 0;
    for (int i = 0; i <= 3; i++)
        F->c[i] = fe_ball(c[i]);
}

/* (u x v)_k, degree 2. */
static void cross_k(const lin3 *u, const lin3 *v, int k, int dd, gt_fpoly *r)
{
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    r->deg = 2;
    r->dd = dd;
    r->c[0] = gt_ball_subp(gt_ball_mulp(u->v0[k1], v->v0[k2], dd),
                           gt_ball_mulp(u->v0[k2], v->v0[k1], dd), dd);
    r->c[1] = gt_ball_subp(gt_ball_addp(gt_ball_mulp(u->v0[k1], v->v1[k2], dd),
                                        gt_ball_mulp(u->v1[k1], v->v0[k2], dd), dd),
                           gt_ball_addp(gt_ball_mulp(u->v0[k2], v->v1[k1], dd),
                                        gt_ball_mulp(u->v1[k2], v->v0[k1], dd), dd),
                           dd);
    r->c[2] = gt_ball_subp(gt_ball_mulp(u->v1[k1], v->v1[k2], dd),
                           gt_ball_mulp(u->v1[k2], v->v1[k1], dd), dd);
}

/* F = n.w, degree 3. */
static void dot_quad_lin(const gt_fpoly n[3], const lin3 *w, int dd, gt_fpoly *F)
{
    F->deg = 3;
    F->dd = dd;
    for (int i = 0; i <= 2; i++) { /* k = 0 */
        F->c[i] = gt_ball_mulp(n[0].c[i], w->v0[0], dd);
        if (i > 0)
            F->c[i] = gt_ball_addp(F->c[i], gt_ball_mulp(n[0].c[i - 1], w->v1[0], dd), dd);
    }
    F->c[3] = gt_ball_mulp(n[0].c[2], w->v1[0], dd);
    for (int k = 1; k < 3; k++)
        for (int i = 0; i <= 2; i++) {
            F->c[i] = gt_ball_addp(F->c[i], gt_ball_mulp(n[k].c[i], w->v0[k], dd), dd);
            F->c[i + 1] = gt_ball_addp(F->c[i + 1], gt_ball_mulp(n[k].c[i], w->v1[k], dd), dd);
        }
}

/* Difference vectors of tier dd, built when first asked for. v[0], v[1], v[2] make n and F:
 * VF: b - a, c - a, p - a, then c - b, p - b, a - c, p - c (rows: p 0, a 1, b 2, c 3);
 * EE: da = a1 - a0, db = b1 - b0, w = b0 - a0, then a1 - b0, b1 - a0 (rows a0, a1, b0, b1). */
static const int vec_rows[2][7][2] = {
    { { 2, 1 }, { 3, 1 }, { 0, 1 }, { 3, 2 }, { 0, 2 }, { 1, 3 }, { 0, 3 } },
    { { 1, 0 }, { 3, 2 }, { 2, 0 }, { 1, 2 }, { 3, 0 } }
};

static const lin3 *vec(fp_query *f, int dd, int i)
{
    fp_tier *T = &f->tier[dd];
    if (!(T->have & 1u << i)) {
        lin_diff(f, vec_rows[f->ee][i][0], vec_rows[f->ee][i][1], dd, &T->v[i]);
        T->have |= 1u << i;
    }
    return &T->v[i];
}

/* Tier dd with its polynomials n and F. */
static fp_tier *tier(fp_query *f, int dd)
{
    fp_tier *T = &f->tier[dd];
    if (T->built)
        return T;
    T->built = 1;
    if (!dd) {
        build_plain(f, vec_rows[f->ee], T->n, &T->F);
        return T;
    }
    const lin3 *e1 = vec(f, dd, 0), *e2 = vec(f, dd, 1), *w = vec(f, dd, 2);
    for (int k = 0; k < 3; k++)
        cross_k(e1, e2, k, dd, &T->n[k]);
    dot_quad_lin(T->n, w, dd, &T->F);
    return T;
}

/* The contact conditions are (u x v)_k for these pairs of vectors (indices into vec()):
 * VF: (x_j - x_i, p - x_i) for the edges (a, b), (b, c), (c, a);
 * EE: (w, db), (a1 - b0, db), (w, da), (da, b1 - a0), since m - w x db = (da - w) x db and
 * m - w x da = da x (db + w). */
static const int cond_pair[2][4][2] = { { { 0, 2 }, { 3, 4 }, { 5, 6 } },
                                        { { 2, 1 }, { 3, 1 }, { 2, 0 }, { 0, 4 } } };

/* The degree-2 contact conditions for component k (see the file comment), as polynomials:
 * VF: ((x_j - x_i) x (p - x_i))_k for the three edges; EE: (w x db)_k, m_k - (w x db)_k,
 * (w x da)_k, m_k - (w x da)_k. Returns their number. */
static int conditions(fp_query *f, fp_tier *T, int dd, int k)
{
    if (T->cond_k == k)
        return f->ee ? 4 : 3;
    T->cond_k = k;
    if (!f->ee) {
        for (int e = 0; e < 3; e++)
            cross_k(vec(f, dd, cond_pair[0][e][0]), vec(f, dd, cond_pair[0][e][1]), k, dd,
                    &T->cond[e]);
        return 3;
    }
    cross_k(vec(f, dd, 2), vec(f, dd, 1), k, dd, &T->cond[0]);
    cross_k(vec(f, dd, 2), vec(f, dd, 0), k, dd, &T->cond[2]);
    for (int s = 0; s < 2; s++) {
        gt_fpoly *r = &T->cond[2 * s + 1];
        const gt_fpoly *c = &T->cond[2 * s];
        r->deg = 2;
        r->dd = dd;
        for (int i = 0; i <= 2; i++)
            r->c[i] = gt_ball_subp(T->n[k].c[i], c->c[i], dd);
    }
    return 4;
}

/* The component of n largest in magnitude at t (by the centres: only a choice, every sign that
 * depends on it is certified). */
static int largest_component(const fp_tier *T, double t)
{
    int k = 0;
    double best = -1.0;
    for (int j = 0; j < 3; j++) {
        const gt_ball *c = T->n[j].c;
        const double v = fabs((c[2].hi * t + c[1].hi) * t + c[0].hi);
        if (v > best) {
            best = v;
            k = j;
        }
    }
    return k;
}

/* Contact anywhere on the piece [a, b] where F may vanish, from the conditions' Bernstein
 * coefficients on the piece: -1 proven none, 1 all conditions strictly positive, 0 unknown. */
static int contact_on_piece(fp_query *f, int dd, double a, double b)
{
    fp_tier *T = tier(f, dd);
    const int k = largest_component(tier(f, 0), 0.5 * (a + b));
    const int sn = gt_fpoly_sign_on(&T->n[k], a, b);
    if (sn == 0)
        return 0;
    return gt_fpoly_conditions_on(T->cond, conditions(f, T, dd, k), sn, a, b);
}

/* Component j of the linear vector u is identically zero (both coefficients exactly 0: the
 * exact difference of two equal doubles, at t = 0 and at t = 1). */
static int lin_zero(const lin3 *u, int j)
{
    return gt_ball_is_zero(u->v0[j]) && gt_ball_is_zero(u->v1[j]);
}

/* (u x v)_k = u_k1 v_k2 - u_k2 v_k1 is identically zero: a factor of each product is. */
static int cross_zero(const lin3 *u, const lin3 *v, int k)
{
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    return (lin_zero(u, k1) || lin_zero(v, k2)) && (lin_zero(u, k2) || lin_zero(v, k1));
}

/* Upper bound of |x| for every x in the ball. */
static double mag(gt_ball x)
{
    return (fabs(x.hi) + fabs(x.lo)) * (1.0 + 0x1p-52) + x.rad;
}

/* The value at a of the degree-2 polynomial (u x v)_k, and in *D a bound of its slope on
 * [a, a + w]: |d/dt (u x v)_k| <= |u1_k1| max|v_k2| + max|u_k1| |v1_k2| + (k1 <-> k2), with
 * max|v_j| <= |v_j(a)| + w |v1_j| on [a, a + w]. D is computed in round-to-nearest from
 * non-negative terms (fewer than 20 roundings, each losing at most a factor 1 - u) and
 * inflated by 1 + 2^-40, which pays for them. */
static gt_ball cross_k_near(const lin3 *u, const lin3 *v, int k, int dd, double a, double w,
                            double *D)
{
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    const gt_ball u1 = gt_ball_addp(u->v0[k1], gt_ball_muldp(u->v1[k1], a, dd), dd);
    const gt_ball u2 = gt_ball_addp(u->v0[k2], gt_ball_muldp(u->v1[k2], a, dd), dd);
    const gt_ball v1 = gt_ball_addp(v->v0[k1], gt_ball_muldp(v->v1[k1], a, dd), dd);
    const gt_ball v2 = gt_ball_addp(v->v0[k2], gt_ball_muldp(v->v1[k2], a, dd), dd);
    const double du1 = mag(u->v1[k1]), du2 = mag(u->v1[k2]), dv1 = mag(v->v1[k1]),
                 dv2 = mag(v->v1[k2]);
    *D = ((du1 * (mag(v2) + w * dv2) + (mag(u1) + w * du1) * dv2) +
          (du2 * (mag(v1) + w * dv1) + (mag(u2) + w * du2) * dv1)) *
         (1.0 + 0x1p-40);
    return gt_ball_subp(gt_ball_mulp(u1, v2, dd), gt_ball_mulp(u2, v1, dd), dd);
}

/* Certified sign of every value within w D of the ball (the values on [a, a + w], by the mean
 * value theorem); the addition to the radius is paid for by the inflation and gt_ball_sign's
 * own margin. */
static int sign_widened(gt_ball x, double w, double D)
{
    x.rad += (w * D) * (1.0 + 0x1p-40);
    return gt_ball_sign(x);
}

/* Contact at the root r of F in the narrow [a, b] (0 <= a < b <= 1), by one evaluation at a and
 * a slope bound per polynomial, straight from the vectors of tier dd: 1 contact strictly
 * inside, 2 contact on the boundary (some condition identically zero, the others > 0), -1 no
 * contact, 0 unknown. Every component k with n_k of certified sign on [a, b] gives the exact
 * predicate at r; they are tried from the largest |n_k| on until one settles it. */
static int contact_near(fp_query *f, int dd, double a, double b)
{
    double w, e;
    gt_two_sum(b, -a, &w, &e);
    if (e != 0.0 || !(w > 0.0))
        return 0;
    const fp_tier *T0 = tier(f, 0);
    double mg[3];
    for (int j = 0; j < 3; j++) {
        const gt_ball *c = T0->n[j].c;
        mg[j] = fabs((c[2].hi * a + c[1].hi) * a + c[0].hi);
    }
    int order[3] = { 0, 1, 2 };
    for (int i = 1; i < 3; i++) /* by decreasing |n_k(a)| (only a preference) */
        for (int j = i; j > 0 && mg[order[j]] > mg[order[j - 1]]; j--) {
            const int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    const lin3 *e1 = vec(f, dd, 0), *e2 = vec(f, dd, 1);
    const int np = f->ee ? 4 : 3;
    for (int o = 0; o < 3; o++) {
        const int k = order[o];
        double Dn, D = 0.0;
        const gt_ball nk = cross_k_near(e1, e2, k, dd, a, w, &Dn); /* Dn set here */
        const int sn = sign_widened(nk, w, Dn);
        if (sn == 0)
            continue;
        int unknown = 0, zero = 0;
        gt_ball c = gt_ball_d(0.0); /* the previous condition's value (EE: m_k minus it next) */
        for (int i = 0; i < np; i++) {
            const lin3 *u = vec(f, dd, cond_pair[f->ee][i][0]);
            const lin3 *v = vec(f, dd, cond_pair[f->ee][i][1]);
            double Dc;
            if (cross_zero(u, v, k)) { /* identically zero: a boundary contact if any */
                c = gt_ball_d(0.0);
                D = 0.0;
                zero = 1;
                continue;
            }
            if (f->ee && (i & 1)) { /* m_k - (previous)_k: one subtraction */
                c = gt_ball_subp(nk, c, dd);
                Dc = (Dn + D) * (1.0 + 0x1p-50);
            } else {
                c = cross_k_near(u, v, k, dd, a, w, &D); /* D set here */
                Dc = D;
            }
            const int s = sn * sign_widened(c, w, Dc);
            if (s < 0)
                return -1;
            unknown |= s == 0;
        }
        if (!unknown)
            return zero ? 2 : 1;
    }
    return 0;
}

/* F(x) at a double x in double-double balls, straight from the vectors at x:
 * n(x) = v0(x) x v1(x), F = n(x).v2(x) (32 operations, against 80 for F's coefficients). */
static gt_ball F_at(fp_query *f, double x)
{
    gt_ball e[3][3];
    for (int v = 0; v < 3; v++) {
        const lin3 *V = vec(f, 1, v);
        for (int k = 0; k < 3; k++)
            e[v][k] = gt_ball_add(V->v0[k], gt_ball_muld(V->v1[k], x));
    }
    gt_ball F = gt_ball_d(0.0);
    for (int k = 0; k < 3; k++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        const gt_ball nk =
            gt_ball_sub(gt_ball_mul(e[0][k1], e[1][k2]), gt_ball_mul(e[0][k2], e[1][k1]));
        F = k == 0 ? gt_ball_mul(nk, e[2][k]) : gt_ball_add(F, gt_ball_mul(nk, e[2][k]));
    }
    return F;
}

/* Shrinks r's interval to two adjacent doubles: certified signs near the guess g from the
 * precise F(g) and the Taylor terms of the plain-double enclosure of F at g; else from the
 * double-double coefficients of F. */
static int bracket_ulp(fp_query *f, gt_froot *r, double g)
{
    if (nextafter(r->a, 2.0) == r->b)
        return 1;
    const gt_fpoly *F0 = &tier(f, 0)->F;
    if (!(g > r->a && g < r->b))
        g = gt_fpoly_guess(F0, r);
    if (!(g > r->a && g < r->b)) /* a guess at an end: the next double inside */
        g = g <= r->a ? nextafter(r->a, 2.0) : nextafter(r->b, -1.0);
    if (g > r->a && g < r->b && gt_fpoly_root_ulp_at(F0, F_at(f, g), g, r))
        return 1;
    return gt_fpoly_root_narrow(&tier(f, 1)->F, r, 1, -1.0);
}

/* Contact at the root r: in plain doubles on an interval narrowed to NARROW_ULPS ulps (as far
 * as they can certify F's signs), then on the one-ulp bracket (needed for a hit anyway) in
 * plain doubles and in double-doubles. r's interval only shrinks; after a contact it is the
 * one-ulp bracket. */
static int contact_at_root(fp_query *f, gt_froot *r)
{
    int c = 0;
    const double g = gt_fpoly_guess(&tier(f, 0)->F, r);
    if (gt_fpoly_root_narrow(&tier(f, 0)->F, r, NARROW_ULPS, g))
        c = contact_near(f, 0, r->a, r->b);
    if (c < 0)
        return c;
    if (!bracket_ulp(f, r, g))
        return 0;
    if (c == 0)
        c = contact_near(f, 0, r->a, r->b);
    if (c == 0)
        c = contact_near(f, 1, r->a, r->b);
    return c;
}

/* Class facts (truth.c needs them for the flags), into out: classified = n(0) != 0 and
 * n(1) != 0 certified, and F either certified not identically zero or identically zero by
 * structure (coplanar = 1: for every k, n_k = (e1 x e2)_k vanishes identically by structure,
 * see cross_zero, or w_k does: e.g. the four points in a plane x_k = c(t) for the whole step). */
static void class_facts(fp_query *f, ccdb_fp_roots_result *out)
{
    const fp_tier *T = tier(f, 0);
    int n0 = 0, n1 = 0, Fnz = 0, Fzero = 1;
    for (int k = 0; k < 3; k++) {
        const gt_ball *c = T->n[k].c;
        n0 |= gt_ball_sign(c[0]) != 0;
        n1 |= gt_ball_sign(gt_ball_add1(gt_ball_add1(c[0], c[1]), c[2])) != 0;
    }
    for (int i = 0; i <= 3 && !Fnz; i++)
        Fnz |= gt_ball_sign(T->F.c[i]) != 0;
    /* nearly degenerate: the same facts in double-doubles, at t = 0 and t = 1 */
    double D;
    for (int k = 0; k < 3 && !(n0 && n1); k++) {
        n0 |= gt_ball_sign(cross_k_near(vec(f, 1, 0), vec(f, 1, 1), k, 1, 0.0, 0.0, &D)) != 0;
        n1 |= gt_ball_sign(cross_k_near(vec(f, 1, 0), vec(f, 1, 1), k, 1, 1.0, 0.0, &D)) != 0;
    }
    if (!Fnz)
        Fnz = gt_ball_sign(F_at(f, 0.0)) != 0 || gt_ball_sign(F_at(f, 1.0)) != 0;
    if (!Fnz) {
        const lin3 *e1 = vec(f, 0, 0), *e2 = vec(f, 0, 1), *w = vec(f, 0, 2);
        for (int k = 0; k < 3; k++)
            Fzero &= cross_zero(e1, e2, k) || lin_zero(w, k);
    }
    out->classified = n0 && n1 && (Fnz || Fzero);
    out->coplanar = !Fnz && Fzero;
}

/* Step 2 over gt_fpoly_first_contact: the function in a tier, the pieces where no time can be a
 * contact, the contact at a root (the tier it was isolated in does not matter here). */
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
    (void)dd;
    return contact_at_root(ctx, r);
}

static int run(const double q[8][3], int ee, ccdb_fp_roots_result *out)
{
    fp_query f;
    double scale[2];
    if (!gt_fp_load_scaled(q, f.x0, f.x1, scale))
        return 0;
    f.ee = ee;
    for (int d = 0; d < 2; d++) {
        f.tier[d].have = 0;
        f.tier[d].built = 0;
        f.tier[d].cond_k = -1;
    }
    /* Isolation in plain doubles; if it cannot tell about some piece, in double-doubles from
     * that piece on (everything before it is settled: no root, no possible contact, or roots
     * shown not to touch). */
    const gt_fpoly_search search = { search_poly, search_no_contact, search_contact, &f,
                                     ISO_DEPTH,   ISO_NODES,         ISO_NODES_DD,   0 };
    gt_froot r;
    int c = 0;
    const int found = gt_fpoly_first_contact(&search, &r, &c);
    if (found < 0 || (found && c == 0))
        return 0;
    out->hit = found;
    out->boundary = found && c == 2;
    out->toi_lo = found ? r.a : 0.0;
    out->toi_hi = found ? r.b : 0.0;
    class_facts(&f, out);
    return 1;
}

int ccdb_fp_roots_vf(const double q[8][3], ccdb_fp_roots_result *out)
{
    return run(q, 0, out);
}

int ccdb_fp_roots_ee(const double q[8][3], ccdb_fp_roots_result *out)
{
    return run(q, 1, out);
}
