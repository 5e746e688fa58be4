/* fp_roots.c — stage 3 of the ground truth: certified floating-point root isolation. Decides
 * hits (with the exact TOI bracket) and misses without GMP whenever every sign it needs can be
 * certified with double-double balls (gt_ball.h); otherwise it passes the query on.
 *
 * Any contact at time t needs F(t) = 0, the coplanarity cubic (VF: F = n.(p - a),
 * n = (b - a) x (c - a); EE: F = m.(b0 - a0), m = (a1 - a0) x (b1 - b0)); so the candidates are
 * the roots of F in [0, 1]. The stage
 *  1. computes enclosures (balls) of the coefficients of F and of n (resp. m) from the input
 *     doubles (scaled by a power of two, which changes no sign and no root);
 *  2. isolates the roots of F in [0, 1] in increasing order (Bernstein–Descartes bisection):
 *     each root r comes with a closed interval [a, b] holding no other root of F, r simple,
 *     F(a) and F(b) of certified opposite signs;
 *  3. decides for each root whether the primitives touch at r, from certified signs on [a, b]
 *     of the degree-2 polynomials the exact judge uses (truth.c, touch): with a component k
 *     such that n_k (resp. m_k) has a certified sign sn on [a, b], and F(r) = 0, VF touches at r
 *     iff sn ((x_j - x_i) x (p - x_i))_k >= 0 for the three edges (i, j), EE iff
 *     sn (w x db)_k, sn (m - w x db)_k, sn (w x da)_k, sn (m - w x da)_k >= 0 (w = b0 - a0);
 *     one of them certified < 0 on [a, b]: no contact at r; all certified > 0: contact at r,
 *     strictly inside (not on an edge, not at an edge end); otherwise the interval is halved
 *     and the test repeated a few times, then the query is passed on;
 *  4. the first root with a contact is the TOI: its interval is shrunk to two adjacent doubles
 *     lo < r < hi by certified signs of F (so r is not a double and [lo, hi] is exactly the
 *     tightest bracket the exact path reports). No root with a contact: a miss.
 * Roots at a double (F(x) = 0 exactly), at t = 0 or 1, multiple roots, F identically zero and
 * contacts on a boundary never get certified signs: they go to the exact path.
 * With a hint from the fp filter (pass 1 proved a contact on [t0, t1], none in [0, t0]; every
 * root of F in (t0, t1) is a contact), only (t0, t1) is searched and step 3 is not needed.
 * docs/ground-truth.md ("Certified floating-point stage") has the argument in full.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "filter.h"
#include "gt_fpoly.h"

/* Isolation budget: pieces of [0, 1] no narrower than 2^-ISO_DEPTH, at most ISO_NODES pieces. */
#define ISO_DEPTH 20
#define ISO_NODES 64
/* Halvings of a root's interval to settle its contact conditions before the final ulp. */
#define COND_HALVINGS 6

/* A vector of linear polynomials v0 + t v1 (balls). */
typedef struct lin3 {
    gt_ball v0[3], v1[3];
} lin3;

typedef struct fp_query {
    double x0[4][3], x1[4][3]; /* scaled positions at t = 0 and t = 1 */
    int ee;
    lin3 e1, e2, w;   /* VF: b - a, c - a, p - a; EE: a1 - a0, b1 - b0, b0 - a0 */
    gt_fpoly n[3];    /* VF n = e1 x e2, EE m = e1 x e2: components, degree 2 */
    gt_fpoly F;       /* n.w, degree 3 */
    int cond_k;       /* component of the cached condition polynomials, -1: none */
    gt_fpoly cond[4]; /* VF: 3, EE: 4 (see conditions) */
} fp_query;

/* Scales the query by a power of two into [-1, 1] (max |coordinate| in [1/2, 1)). Refuses
 * (returns 0) all-zero queries and queries where scaling would round a tiny coordinate. */
static int load_scaled(const double q[8][3], fp_query *f)
{
    double mx = 0.0;
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++) {
            const double a = fabs(q[i][k]);
            if (!(a <= DBL_MAX))
                return 0;
            mx = a > mx ? a : mx;
        }
    if (mx == 0.0)
        return 0;
    int e = 0;
    (void)frexp(mx, &e); /* mx = m 2^e, m in [1/2, 1), e in [-1073, 1024] */
    double f1 = 1.0, f2;
    if (-e > 1000) { /* 2^-e is not a double: two exact steps */
        f1 = 0x1p600;
        f2 = ldexp(1.0, -e - 600);
    } else {
        f2 = ldexp(1.0, -e);
    }
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++) {
            const double x = q[i][k] * f1 * f2;
            if (q[i][k] != 0.0 && !(fabs(x) >= DBL_MIN)) /* may have been rounded */
                return 0;
            if (i < 4)
                f->x0[i][k] = x;
            else
                f->x1[i - 4][k] = x;
        }
    return 1;
}

/* d(t) = x_i(t) - x_j(t): exact at t = 0 (TwoSum), v1 = (x_i - x_j)(1) - (x_i - x_j)(0). */
static void lin_diff(const fp_query *f, int i, int j, lin3 *d)
{
    for (int k = 0; k < 3; k++) {
        d->v0[k] = gt_ball_dsub(f->x0[i][k], f->x0[j][k]);
        d->v1[k] = gt_ball_sub(gt_ball_dsub(f->x1[i][k], f->x1[j][k]), d->v0[k]);
    }
}

/* (u x v)_k, degree 2. */
static void cross_k(const lin3 *u, const lin3 *v, int k, gt_fpoly *r)
{
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    r->deg = 2;
    r->c[0] = gt_ball_sub(gt_ball_mul(u->v0[k1], v->v0[k2]), gt_ball_mul(u->v0[k2], v->v0[k1]));
    r->c[1] = gt_ball_sub(
        gt_ball_add(gt_ball_mul(u->v0[k1], v->v1[k2]), gt_ball_mul(u->v1[k1], v->v0[k2])),
        gt_ball_add(gt_ball_mul(u->v0[k2], v->v1[k1]), gt_ball_mul(u->v1[k2], v->v0[k1])));
    r->c[2] = gt_ball_sub(gt_ball_mul(u->v1[k1], v->v1[k2]), gt_ball_mul(u->v1[k2], v->v1[k1]));
}

/* F = n.w, degree 3. */
static void dot_quad_lin(const gt_fpoly n[3], const lin3 *w, gt_fpoly *F)
{
    F->deg = 3;
    for (int i = 0; i <= 3; i++)
        F->c[i] = gt_ball_d(0.0);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i <= 2; i++) {
            F->c[i] = gt_ball_add(F->c[i], gt_ball_mul(n[k].c[i], w->v0[k]));
            F->c[i + 1] = gt_ball_add(F->c[i + 1], gt_ball_mul(n[k].c[i], w->v1[k]));
        }
}

/* The degree-2 contact conditions for component k (see the file comment):
 * VF: ((x_j - x_i) x (p - x_i))_k for the edges (a, b), (b, c), (c, a) (rows 1, 2, 3; p row 0);
 * EE: (w x db)_k, m_k - (w x db)_k, (w x da)_k, m_k - (w x da)_k. */
static int conditions(fp_query *f, int k)
{
    if (f->cond_k == k)
        return f->ee ? 4 : 3;
    f->cond_k = k;
    if (!f->ee) {
        static const int edge[3][2] = { { 1, 2 }, { 2, 3 }, { 3, 1 } };
        for (int e = 0; e < 3; e++) {
            lin3 d, w;
            lin_diff(f, edge[e][1], edge[e][0], &d);
            lin_diff(f, 0, edge[e][0], &w);
            cross_k(&d, &w, k, &f->cond[e]);
        }
        return 3;
    }
    cross_k(&f->w, &f->e2, k, &f->cond[0]);
    cross_k(&f->w, &f->e1, k, &f->cond[2]);
    for (int s = 0; s < 2; s++) {
        gt_fpoly *r = &f->cond[2 * s + 1];
        const gt_fpoly *c = &f->cond[2 * s];
        r->deg = 2;
        for (int i = 0; i <= 2; i++)
            r->c[i] = gt_ball_sub(f->n[k].c[i], c->c[i]);
    }
    return 4;
}

/* Contact at the root of F in [a, b]: 1 proven (strictly inside), -1 proven none, 0 unknown. */
static int contact_on(fp_query *f, double a, double b)
{
    /* the component of n largest at the midpoint (a guess; its sign is certified below) */
    const double t = 0.5 * (a + b);
    int k = 0;
    double best = -1.0;
    for (int j = 0; j < 3; j++) {
        const double v = fabs(gt_ball_mid(gt_fpoly_eval(&f->n[j], t)));
        if (v > best) {
            best = v;
            k = j;
        }
    }
    const int sn = gt_fpoly_sign_on(&f->n[k], a, b);
    if (sn == 0)
        return 0;
    const int nc = conditions(f, k);
    int unknown = 0;
    for (int i = 0; i < nc; i++) {
        const int s = sn * gt_fpoly_sign_on(&f->cond[i], a, b);
        if (s < 0)
            return -1;
        unknown |= s == 0;
    }
    return unknown ? 0 : 1;
}

/* Contact at the root r (its interval may shrink). */
static int contact_at_root(fp_query *f, gt_froot *r)
{
    for (int i = 0;; i++) {
        const int c = contact_on(f, r->a, r->b);
        if (c != 0 || i > COND_HALVINGS)
            return c;
        if (i == COND_HALVINGS) { /* last try: on the final one-ulp interval */
            if (!gt_fpoly_root_ulp(&f->F, r))
                return 0;
        } else if (!gt_fpoly_root_halve(&f->F, r)) {
            return 0;
        }
    }
}

static int run(const double q[8][3], int ee, const double *hint, ccdb_fp_roots_result *out)
{
    fp_query f;
    if (!load_scaled(q, &f))
        return 0;
    f.ee = ee;
    f.cond_k = -1;
    if (!ee) { /* rows: p, a, b, c */
        lin_diff(&f, 2, 1, &f.e1);
        lin_diff(&f, 3, 1, &f.e2);
        lin_diff(&f, 0, 1, &f.w);
    } else { /* rows: a0, a1, b0, b1 */
        lin_diff(&f, 1, 0, &f.e1);
        lin_diff(&f, 3, 2, &f.e2);
        lin_diff(&f, 2, 0, &f.w);
    }
    for (int k = 0; k < 3; k++)
        cross_k(&f.e1, &f.e2, k, &f.n[k]);
    dot_quad_lin(f.n, &f.w, &f.F);

    gt_fpoly_iso it;
    gt_fpoly_iso_init(&it, &f.F, hint ? hint[0] : 0.0, hint ? hint[1] : 1.0, ISO_DEPTH, ISO_NODES);
    gt_froot r;
    for (;;) {
        const int found = gt_fpoly_iso_next(&it, &r);
        if (found < 0)
            return 0;
        if (found == 0) {
            if (hint) /* the filter proved a root in (t0, t1): cannot happen; be safe */
                return 0;
            out->hit = 0;
            out->toi_lo = out->toi_hi = 0.0;
            return 1;
        }
        const int c = hint ? 1 : contact_at_root(&f, &r);
        if (c < 0)
            continue;
        if (c == 0 || !gt_fpoly_root_ulp(&f.F, &r))
            return 0;
        out->hit = 1;
        out->toi_lo = r.a;
        out->toi_hi = r.b;
        return 1;
    }
}

int ccdb_fp_roots_vf(const double q[8][3], const double *hint, ccdb_fp_roots_result *out)
{
    return run(q, 0, hint, out);
}

int ccdb_fp_roots_ee(const double q[8][3], const double *hint, ccdb_fp_roots_result *out)
{
    return run(q, 1, hint, out);
}
