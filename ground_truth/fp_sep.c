/* fp_sep.c — the certified floating-point stage of the judge at a separation d > 0 (stage
 * sep_fp), run after the box stage and before the exact stages of truth_sep.c. It decides hits,
 * with the exact TOI bracket and class, and misses, whenever every sign it needs is certified by
 * balls (gt_ball.h: plain doubles first, double-doubles where those cannot tell); otherwise it
 * passes the query on.
 *
 * The question is truth_sep.c's: dist(t) <= d for some t in [0,1], where the set
 * U = {t : dist(t) <= d} is the union of the feature sets (a vertex / endpoint pair, a
 * point-segment interior, the face / the two interiors), each a conjunction of sign conditions
 * on the same polynomials truth_sep.c builds (here with ball coefficients, from the coordinates
 * and d scaled by one power of two: every polynomial is homogeneous in them, so no sign and no
 * root changes). A strict condition |v|^2 > 0 (v = e, n or m) is certified on a whole window by
 * a component of v of certified sign on each of a few pieces, so it drops out.
 *
 * 1. Windows (windows()): G = F^2 - D2 n.n (EE: (w.m)^2 - D2 m.m) > 0 at t puts the vertex more
 *    than d from the triangle's plane (the lines more than d apart), so U is empty there: the
 *    search runs only in the windows around the stretches where G may be <= 0. No window: a
 *    miss. Unless G(0) > 0, t = 0 is decided first, in the order of truth_sep.c's within().
 * 2. The first point of each feature in a window (first_point()), vertices, edges, then the
 *    face: skipped when the primitives' boxes over the window are more than d apart or a
 *    condition is certified violated throughout; else the roots of all its polynomials,
 *    isolated, in disjoint intervals, in order, the first where its conjunction holds.
 * 3. The TOI (search()): the best first point, strictly before the others or tied inside one
 *    ulp with a rule that settles the class (wins_tie()); its root shrunk to two adjacent
 *    doubles with certified opposite signs (bracket_ulp()), so it is not a double and the
 *    bracket is the exact path's; every other feature is empty up to it, so its class is the
 *    class truth_sep.c gives.
 * Roots at a double (t = 0 contacts at exactly d, t = 1, TOIs that are doubles), multiple roots
 * (tangent approaches), coincident roots the tie rules do not settle and |v| = 0 (degenerate
 * primitives, parallel edges) never get certified signs: they go on to the exact stages.
 * docs/ground-truth.md ("The certified stage at d > 0") has the argument.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "ccdb_truth.h"
#include "filter.h"
#include "gt_fpoly.h"
#include "gt_fpq.h"
#include "gt_fpvec.h"

#define ISO_DEPTH   20
#define ISO_NODES   48
#define MAX_ROOTS   24
#define COVER_DEPTH 3
/* plain doubles narrow a root to this many ulps before the double-doubles finish it */
#define NARROW_ULPS 4096
#define START_GRID  0x1p-24 /* the windows' ends are on this grid: exact widths and halvings */

enum { NPOLY = 5, NFEAT = 9 };
enum { VERT, SEG, FACE, INTER };

/* A feature: p[0] the distance condition (<= 0), p[1..np-1] the sides (>= 0), and when nv = 3
 * the strict condition |v|^2 > 0 with v's components. level: 0 nothing built, 1 p[0] and v
 * (face / interiors only), 2 everything. */
typedef struct sfeat {
    int level, np, nv;
    unsigned zero; /* bit k: p[k] is identically zero (every coefficient an exact 0) */
    gt_fpoly p[NPOLY];
    gt_fpoly v[3];
} sfeat;

typedef struct sep_q {
    double x0[4][3], x1[4][3];
    int ee;
    double d;               /* scaled as the coordinates */
    gt_fpoly D2[2], one[2]; /* d^2 and 1 as constant polynomials, plain / double-double */
    double tg;              /* the time of tier TIER_ATG */
    sfeat f[6][NFEAT];      /* per tier (below) */
} sep_q;

/* Feature table. VF rows: 0 = p, 1 = a, 2 = b, 3 = c; EE rows: 0 = a0, 1 = a1, 2 = b0, 3 = b1.
 * VERT (i, j): |x_i - x_j|^2 - D2; SEG (i; j, k): x_i against the closed segment [x_j, x_k].
 * The face / interiors are index 0 (their G also makes the windows). */
typedef struct fdesc {
    int type, i, j, k;
} fdesc;
static const fdesc vf_feat[7] = { { FACE, 0, 0, 0 }, { VERT, 0, 1, 0 }, { VERT, 0, 2, 0 },
                                  { VERT, 0, 3, 0 }, { SEG, 0, 1, 2 },  { SEG, 0, 2, 3 },
                                  { SEG, 0, 3, 1 } };
static const fdesc ee_feat[9] = { { INTER, 0, 0, 0 }, { VERT, 0, 2, 0 }, { VERT, 0, 3, 0 },
                                  { VERT, 1, 2, 0 },  { VERT, 1, 3, 0 }, { SEG, 0, 2, 3 },
                                  { SEG, 1, 2, 3 },   { SEG, 2, 0, 1 },  { SEG, 3, 0, 1 } };

static const fdesc *desc(const sep_q *s, int fi)
{
    return s->ee ? &ee_feat[fi] : &vf_feat[fi];
}

static int n_feat(const sep_q *s)
{
    return s->ee ? 9 : 7;
}

static int feat_class(const sep_q *s, int fi)
{
    switch (desc(s, fi)->type) {
    case VERT: return s->ee ? CCDB_CLASS_SEP_ENDPOINT : CCDB_CLASS_SEP_VERTEX;
    case SEG: return s->ee ? CCDB_CLASS_SEP_ENDPOINT : CCDB_CLASS_SEP_EDGE;
    case FACE: return CCDB_CLASS_SEP_FACE;
    default: return CCDB_CLASS_SEP_INTERIOR;
    }
}

/* ---- ball polynomials -------------------------------------------------------------------- */

/* Tiers: plain doubles (0) or double-doubles (TIER_DD), as polynomials in t, or their values
 * (degree 0) at t = 0 (TIER_AT0) or at t = s->tg (TIER_ATG). */
enum { TIER_DD = 1, TIER_AT0 = 2, TIER_ATG = 4, N_TIERS = 6 };

/* x_i(t) - x_j(t), degree 1 per component: c0 = (x_i - x_j)(0), c1 = (x_i - x_j)(1) - c0; or
 * its value, degree 0, in the tiers at a time. */
static void lin(const sep_q *s, int i, int j, int tier, gt_fpoly r[3])
{
    const int dd = tier & TIER_DD;
    for (int k = 0; k < 3; k++) {
        r[k].deg = tier >= TIER_AT0 ? 0 : 1;
        r[k].dd = dd;
        r[k].c[0] =
            dd ? gt_ball_dsub(s->x0[i][k], s->x0[j][k]) : gt_ball_dsub1(s->x0[i][k], s->x0[j][k]);
        if (tier & TIER_AT0)
            continue;
        const gt_ball c1 = gt_ball_subp(dd ? gt_ball_dsub(s->x1[i][k], s->x1[j][k])
                                           : gt_ball_dsub1(s->x1[i][k], s->x1[j][k]),
                                        r[k].c[0], dd);
        if (tier & TIER_ATG)
            r[k].c[0] = gt_ball_addp(r[k].c[0], gt_ball_muldp(c1, s->tg, dd), dd);
        else
            r[k].c[1] = c1;
    }
}

/* ---- the features' polynomials (as truth_sep.c builds them) ------------------------------ */

static void build_vert(const sep_q *s, int tier, const fdesc *fd, sfeat *f)
{
    gt_fpoly w[3];
    lin(s, fd->i, fd->j, tier, w);
    gt_fp_vdot_d2(&f->p[0], w, w, &s->one[tier & 1], &s->D2[tier & 1]);
    f->np = 1;
    f->nv = 0;
}

/* point x_i against [x_j, x_k]: e = x_k - x_j, w = x_i - x_j; |w x e|^2 - D2 e.e, w.e,
 * e.e - w.e, and |e|^2 > 0 */
static void build_seg(const sep_q *s, int tier, const fdesc *fd, sfeat *f)
{
    gt_fpoly w[3], x[3], ee;
    lin(s, fd->k, fd->j, tier, f->v);
    lin(s, fd->i, fd->j, tier, w);
    gt_fp_vcross(x, w, f->v);
    gt_fp_vdot(&ee, f->v, f->v);
    gt_fp_vdot_d2(&f->p[0], x, x, &ee, &s->D2[tier & 1]);
    gt_fp_vdot(&f->p[1], w, f->v);
    gt_fp_padd(&f->p[2], &ee, &f->p[1], -1);
    f->np = 3;
    f->nv = 3;
}

/* F^2 - D2 nn into r */
static void square_d2(const sep_q *s, int tier, gt_fpoly *r, const gt_fpoly *F, const gt_fpoly *nn)
{
    const gt_fpterm t[2] = { { F, F, 0 }, { nn, &s->D2[tier & 1], 1 } };
    gt_fp_psum(r, t, 2);
}

/* level 1: n = (b - a) x (c - a), F = n.(p - a), F^2 - D2 n.n; level 2: the edge sides
 * n.((x_j - x_i) x (p - x_i)) for (a, b), (b, c), (c, a) */
static void build_face(const sep_q *s, int tier, int level, sfeat *f)
{
    gt_fpoly u[3], v[3], x[3], F, nn;
    if (f->level < 1) {
        lin(s, 2, 1, tier, u);
        lin(s, 3, 1, tier, v);
        gt_fp_vcross(f->v, u, v);
        lin(s, 0, 1, tier, x);
        gt_fp_vdot(&F, f->v, x);
        gt_fp_vdot(&nn, f->v, f->v);
        square_d2(s, tier, &f->p[0], &F, &nn);
        f->np = 4;
        f->nv = 3;
    }
    if (level < 2)
        return;
    for (int i = 0; i < 3; i++) {
        const int a = 1 + i, b = 1 + (i + 1) % 3;
        lin(s, b, a, tier, u);
        lin(s, 0, a, tier, v);
        gt_fp_vcross(x, u, v);
        gt_fp_vdot(&f->p[1 + i], f->v, x);
    }
}

/* level 1: da = a1 - a0, db = b1 - b0, w = b0 - a0, m = da x db, (w.m)^2 - D2 m.m; level 2:
 * (w x db).m, m.m - (w x db).m, (w x da).m, m.m - (w x da).m */
static void build_inter(const sep_q *s, int tier, int level, sfeat *f)
{
    gt_fpoly da[3], db[3], w[3], x[3], F, mm;
    lin(s, 1, 0, tier, da);
    lin(s, 3, 2, tier, db);
    lin(s, 2, 0, tier, w);
    if (f->level < 1)
        gt_fp_vcross(f->v, da, db);
    gt_fp_vdot(&mm, f->v, f->v);
    if (f->level < 1) {
        gt_fp_vdot(&F, w, f->v);
        square_d2(s, tier, &f->p[0], &F, &mm);
        f->np = 5;
        f->nv = 3;
    }
    if (level < 2)
        return;
    gt_fp_vcross(x, w, db);
    gt_fp_vdot(&f->p[1], x, f->v);
    gt_fp_padd(&f->p[2], &mm, &f->p[1], -1);
    gt_fp_vcross(x, w, da);
    gt_fp_vdot(&f->p[3], x, f->v);
    gt_fp_padd(&f->p[4], &mm, &f->p[3], -1);
}

/* Feature fi of the tier, built to at least `level`. */
static sfeat *feat(sep_q *s, int tier, int fi, int level)
{
    sfeat *f = &s->f[tier][fi];
    if (f->level >= level)
        return f;
    const fdesc *fd = desc(s, fi);
    if (fd->type == FACE)
        build_face(s, tier, level, f);
    else if (fd->type == INTER)
        build_inter(s, tier, level, f);
    else if (fd->type == VERT)
        build_vert(s, tier, fd, f);
    else
        build_seg(s, tier, fd, f);
    f->level = fd->type == FACE || fd->type == INTER ? level : 2;
    f->zero = 0;
    for (int k = 0; k < (f->level > 1 ? f->np : 1); k++) {
        int z = 1;
        for (int i = 0; i <= f->p[k].deg && z; i++)
            z = gt_ball_is_zero(f->p[k].c[i]);
        f->zero |= (unsigned)z << k;
    }
    return f;
}

/* A window of time: [a, b]. */
#define MAX_WIN 4
typedef struct window {
    double a, b;
} window;

/* ---- a cheap bound: boxes over the window ------------------------------------------------ */

/* The range of coordinate k of point i over [A, T] (linear motion: between its values at A
 * and T), widened by the rounding of x0 + t (x1 - x0): at most 4.1 u (|x0| + |x1|), paid by
 * 2^-50 (|x0| + |x1|) (+ 2^-1000 for underflow). */
static void coord_range(const sep_q *s, int i, int k, double A, double T, double *lo, double *hi)
{
    const double x0 = s->x0[i][k], x1 = s->x1[i][k], dx = x1 - x0;
    const double a = x0 + A * dx, b = x0 + T * dx;
    const double err = 0x1p-50 * (fabs(x0) + fabs(x1)) + 0x1p-1000;
    *lo = (a < b ? a : b) - err;
    *hi = (a < b ? b : a) + err;
}

/* 1 if along some axis the points `one` stay more than d from the points `two` at every time
 * of [A, T]: then so do their convex hulls, and the feature made of them holds nowhere there.
 * A computed gap g = fl(lo - hi) > d (1 + 2^-50) proves an exact gap > d. */
static int boxes_apart(const sep_q *s, const int *one, int n1, const int *two, int n2, double A,
                       double T)
{
    for (int k = 0; k < 3; k++) {
        double lo1 = INFINITY, hi1 = -INFINITY, lo2 = INFINITY, hi2 = -INFINITY, l, h;
        for (int i = 0; i < n1; i++) {
            coord_range(s, one[i], k, A, T, &l, &h);
            lo1 = l < lo1 ? l : lo1;
            hi1 = h > hi1 ? h : hi1;
        }
        for (int i = 0; i < n2; i++) {
            coord_range(s, two[i], k, A, T, &l, &h);
            lo2 = l < lo2 ? l : lo2;
            hi2 = h > hi2 ? h : hi2;
        }
        const double dm = s->d * (1.0 + 0x1p-50);
        if (lo1 - hi2 > dm || lo2 - hi1 > dm)
            return 1;
    }
    return 0;
}

/* Feature fi's primitives are more than d apart on all of [A, T]. */
static int feature_apart(const sep_q *s, int fi, double A, double T)
{
    const fdesc *f = desc(s, fi);
    static const int tri[3] = { 1, 2, 3 }, ea[2] = { 0, 1 }, eb[2] = { 2, 3 };
    switch (f->type) {
    case VERT: return boxes_apart(s, &f->i, 1, &f->j, 1, A, T);
    case SEG: {
        const int seg[2] = { f->j, f->k };
        return boxes_apart(s, &f->i, 1, seg, 2, A, T);
    }
    case FACE: return boxes_apart(s, &f->i, 1, tri, 3, A, T);
    default: return boxes_apart(s, ea, 2, eb, 2, A, T);
    }
}

/* ---- certified facts about one feature ---------------------------------------------------- */

/* Some component of v has a certified sign on each piece of [a, b] (halved up to depth times):
 * |v|^2 > 0 on [a, b]. */
static int nonzero_on(const gt_fpoly v[3], double a, double b, int depth)
{
    for (int k = 0; k < 3; k++)
        if (gt_fpoly_sign_on(&v[k], a, b) != 0)
            return 1;
    if (depth == 0)
        return 0;
    const double m = a + 0.5 * (b - a);
    return m > a && m < b && nonzero_on(v, a, m, depth - 1) && nonzero_on(v, m, b, depth - 1);
}

/* Condition k of f violated (1), met (0) or not certified (-1) given the sign s of p[k] (at a
 * time or on an interval). */
static int violated(const sfeat *f, int k, int s)
{
    if (f->zero >> k & 1u) /* identically zero: 0 <= 0, 0 >= 0 */
        return 0;
    if (s == 0)
        return -1;
    return k == 0 ? s > 0 : s < 0;
}

/* Does f hold at t = 0: 1 certified, 0 certified not, -1 cannot tell. */
static int holds_at0(const sfeat *f)
{
    int unknown = 0;
    for (int k = 0; k < f->np; k++) {
        const int v = violated(f, k, gt_ball_sign(f->p[k].c[0]));
        if (v > 0)
            return 0;
        unknown |= v < 0;
    }
    if (f->nv) {
        int nz = 0;
        for (int k = 0; k < 3; k++)
            nz |= gt_ball_sign(f->v[k].c[0]) != 0;
        unknown |= !nz;
    }
    return unknown ? -1 : 1;
}

/* Does f hold at the root of p[j] in [a, b] (p[j] = 0 there, which meets its condition): 1, 0,
 * or -1 when some sign on [a, b] is not certified and none is certified violated. */
static int holds_at_root(const sfeat *f, int j, double a, double b)
{
    int unknown = 0;
    for (int k = 0; k < f->np; k++) {
        if (k == j)
            continue;
        const int v = violated(f, k, gt_fpoly_sign_on(&f->p[k], a, b));
        if (v > 0)
            return 0;
        unknown |= v < 0;
    }
    return unknown ? -1 : 1;
}

/* gt_fpoly_iso's skip: no point of the feature in [a, b] (another condition violated). */
typedef struct skip_ctx {
    const sfeat *f;
    int j;
} skip_ctx;

static int feature_empty_on(void *ctx, double a, double b)
{
    const skip_ctx *c = ctx;
    for (int k = 0; k < c->f->np; k++)
        if (k != c->j && violated(c->f, k, gt_fpoly_sign_on(&c->f->p[k], a, b)) > 0)
            return 1;
    return 0;
}

typedef struct troot {
    gt_froot r;
    int j;        /* whose root */
    int narrowed; /* already shrunk to NARROW_ULPS */
} troot;

static void narrow(const sfeat *f, troot *x)
{
    const gt_fpoly *p = &f->p[x->j];
    gt_fpoly_root_narrow(p, &x->r, NARROW_ULPS, gt_fpoly_guess(p, &x->r));
    x->narrowed = 1;
}

/* Shrinks x's interval by the signs of its polynomial at the ends of y's (where certified):
 * the sign at a point tells on which side of it x's only root lies. */
static void cut_by(const sfeat *f, troot *x, const troot *y)
{
    const double at[2] = { y->r.a, y->r.b };
    for (int e = 0; e < 2; e++) {
        if (!(at[e] > x->r.a && at[e] < x->r.b))
            continue;
        const int sg = gt_fpoly_sign_at(&f->p[x->j], at[e]);
        if (sg == x->r.sa)
            x->r.a = at[e];
        else if (sg == -x->r.sa)
            x->r.b = at[e];
    }
}

/* Sorts the roots by their intervals, which must end up pairwise apart (b_i <= a_(i+1), so the
 * roots, strictly inside, are in order): overlapping neighbours are cut by each other's ends,
 * then narrowed once; 0 if they still overlap (roots too close to order: the exact path). */
static int sort_apart(const sfeat *f, troot *r, int n)
{
    for (;;) {
        for (int i = 1; i < n; i++) /* insertion sort by the lower end */
            for (int k = i; k > 0 && r[k - 1].r.a > r[k].r.a; k--) {
                const troot t = r[k];
                r[k] = r[k - 1];
                r[k - 1] = t;
            }
        int again = 0;
        for (int i = 0; i + 1 < n; i++) {
            if (r[i].r.b <= r[i + 1].r.a)
                continue;
            cut_by(f, &r[i], &r[i + 1]);
            cut_by(f, &r[i + 1], &r[i]);
            again = 1;
            if (r[i].r.b <= r[i + 1].r.a || r[i + 1].r.b <= r[i].r.a)
                continue;
            if (r[i].narrowed && r[i + 1].narrowed)
                return 0;
            for (int k = i; k <= i + 1; k++)
                if (!r[k].narrowed)
                    narrow(f, &r[k]);
        }
        if (!again)
            return 1;
    }
}

enum { FP_FAIL = -1, FP_EMPTY = 0, FP_FOUND = 1 };

/* The first point of feature fi in (A, T], where the caller knows it does not hold at A:
 * FP_FOUND with the root's interval in *out and its polynomial in *j, FP_EMPTY, or FP_FAIL. */
static int first_point(sep_q *s, int dd, int fi, double A, double T, gt_froot *out, int *j)
{
    if (feature_apart(s, fi, A, T))
        return FP_EMPTY;
    const sfeat *f = feat(s, dd, fi, 2);
    for (int k = 0; k < f->np; k++)
        if (violated(f, k, gt_fpoly_sign_on(&f->p[k], A, T)) > 0)
            return FP_EMPTY;
    if (f->nv && !nonzero_on(f->v, A, T, COVER_DEPTH))
        return FP_FAIL;
    troot r[MAX_ROOTS];
    int n = 0;
    for (int k = 0; k < f->np; k++) {
        if (f->p[k].deg < 1 || (f->zero >> k & 1u))
            continue;
        gt_fpoly_iso it;
        skip_ctx sk = { f, k };
        gt_fpoly_iso_init(&it, &f->p[k], A, T, ISO_DEPTH, ISO_NODES, feature_empty_on, &sk);
        for (;;) {
            gt_froot x;
            const int got = gt_fpoly_iso_next(&it, &x);
            if (got < 0 || (got > 0 && n == MAX_ROOTS))
                return FP_FAIL;
            if (got == 0)
                break;
            r[n++] = (troot){ x, k, 0 };
        }
    }
    if (!sort_apart(f, r, n))
        return FP_FAIL;
    for (int i = 0; i < n; i++) {
        int h = holds_at_root(f, r[i].j, r[i].r.a, r[i].r.b);
        if (h < 0 && !r[i].narrowed) { /* a narrower interval may settle it */
            narrow(f, &r[i]);
            h = holds_at_root(f, r[i].j, r[i].r.a, r[i].r.b);
        }
        if (h < 0)
            return FP_FAIL;
        if (h > 0) {
            if (!r[i].narrowed) /* a tighter window for the features searched after it */
                narrow(f, &r[i]);
            *out = r[i].r;
            *j = r[i].j;
            return FP_FOUND;
        }
    }
    return FP_EMPTY;
}

/* Shrinks the root of p[j] of feature fi in r to two adjacent doubles: from one precise value
 * of p[j] at a guess g (double-doubles, straight from the positions at g) and the Taylor terms
 * of the plain-double polynomial at g (gt_fpoly_root_ulp_at); else from the double-double
 * polynomial. */
static int bracket_ulp(sep_q *s, int dd, int fi, int j, gt_froot *r)
{
    if (nextafter(r->a, 2.0) == r->b)
        return 1;
    double g = -1.0;
    if (!dd) {
        const gt_fpoly *p = &feat(s, 0, fi, 2)->p[j];
        g = gt_fpoly_guess(p, r);
        if (!(g > r->a && g < r->b)) /* a guess at an end: the next double inside */
            g = g <= r->a ? nextafter(r->a, 2.0) : nextafter(r->b, -1.0);
        if (g > r->a && g < r->b) {
            s->tg = g;
            for (int i = 0; i < NFEAT; i++)
                s->f[TIER_DD | TIER_ATG][i].level = 0;
            const gt_ball pg = feat(s, TIER_DD | TIER_ATG, fi, j == 0 ? 1 : 2)->p[j].c[0];
            if (gt_fpoly_root_ulp_at(p, pg, g, r))
                return 1;
        }
    }
    /* (the distance polynomial of the face / interiors needs only level 1) */
    return gt_fpoly_root_narrow(&feat(s, TIER_DD, fi, j == 0 ? 1 : 2)->p[j], r, 1, g);
}

/* ---- the decision -------------------------------------------------------------------------- */

static void set_hit(ccdb_fp_sep_result *out, double lo, double hi, int cls)
{
    out->hit = 1;
    out->toi_lo = lo;
    out->toi_hi = hi;
    out->cls = cls;
}

/* See search(): feature fi's root of its distance wins a tie with the best (no other tie
 * before, for an edge) when its sides are certified > 0 there (none identically zero, which
 * holds as 0 >= 0: then its closest point may be on the boundary). */
static int wins_tie(sep_q *s, int dd, int fi, int best, int tied)
{
    const fdesc *f = desc(s, fi), *b = desc(s, best);
    if (feat(s, dd, fi, 2)->zero)
        return 0;
    if (f->type == FACE || f->type == INTER)
        return 1;
    return f->type == SEG && b->type == VERT && !tied && (b->j == f->j || b->j == f->k);
}

static double grid_down(double x)
{
    return x > 0.0 ? floor(x / START_GRID) * START_GRID : 0.0;
}

static double grid_up(double x)
{
    const double g = ceil(x / START_GRID) * START_GRID;
    return g < 1.0 ? g : 1.0;
}

/* Step 1: the windows of [0, 1] outside which G > 0, so that no feature holds there; each
 * window's start has G > 0, or is t = 0 when t = 0 was decided to hold no feature. The ends are
 * on the grid (exact widths and halvings). Returns 1 decided (no window: a miss; a hit at
 * t = 0), 0 cannot tell, 2 go on with the n windows in w[]. */

static int windows(sep_q *s, int dd, window *w, int *n, ccdb_fp_sep_result *out)
{
    const int nf = n_feat(s);
    const gt_fpoly *G = &feat(s, dd, 0, 1)->p[0];
    const int g0 = gt_ball_sign(G->c[0]);
    *n = 0;
    if (g0 <= 0) { /* t = 0 in the order of truth_sep.c's within(): vertices, edges, face */
        for (int o = 1; o <= nf; o++) {
            const int fi = o % nf;
            const int h =
                feature_apart(s, fi, 0.0, 0.0) ? 0 : holds_at0(feat(s, dd | TIER_AT0, fi, 2));
            if (h < 0)
                return 0;
            if (h > 0) {
                set_hit(out, 0.0, 0.0, feat_class(s, fi));
                return 1;
            }
        }
        if (g0 == 0) { /* G's sign after 0 unknown: one window */
            w[(*n)++] = (window){ 0.0, 1.0 };
            return 2;
        }
    }
    /* G's simple roots in order: G goes from > 0 to < 0 at a root with r.sa > 0 (a window
     * opens at the grid point below r.a, where G > 0 still, unless that reaches into the last
     * window: then that one goes on), back at one with r.sa < 0 (the window closes at the grid
     * point above r.b, where G > 0 again) */
    gt_fpoly_iso it;
    gt_fpoly_iso_init(&it, G, 0.0, 1.0, ISO_DEPTH, ISO_NODES, NULL, NULL);
    int in = g0 < 0;
    double start = 0.0;
    for (;;) {
        gt_froot r;
        const int got = gt_fpoly_iso_next(&it, &r);
        if (got <= 0) { /* no root left: G keeps its sign to 1; else unknown from fail_a */
            if (got < 0 && !in) {
                in = 1;
                start = it.fail_a > 0.0 ? grid_down(it.fail_a - START_GRID) : 0.0;
                if (*n > 0 && start <= w[*n - 1].b) /* (G > 0 only from the last window on) */
                    start = w[--*n].a;
            }
            r.sa = -1;
            r.b = 1.0;
        } else if (r.sa > 0 && !in) {
            in = 1;
            start = grid_down(r.a);
            if (*n > 0 && start <= w[*n - 1].b)
                start = w[--*n].a;
            continue;
        }
        if (got > 0 && !in && r.sa < 0) /* G back to > 0 where it was so: never, but tell */
            return 0;
        if (in && r.sa < 0) {
            if (*n == MAX_WIN)
                return 0;
            w[(*n)++] = (window){ start, grid_up(r.b) };
            in = 0;
        }
        if (got <= 0)
            break;
    }
    if (*n == 0)
        out->hit = 0;
    return *n == 0 ? 1 : 2;
}

/* Steps 2 and 3 in the window [A, B]: vertices, edges, then the face. The cheap,
 * well-conditioned features first narrow the window the others are searched in (the face
 * first, the usual winner, would search a wide window, where near-degenerate times make its
 * isolation fail more often). 1 a hit (in out), 0 cannot tell, 2 no feature in the window. */
static int search(sep_q *s, int dd, double A, double B, ccdb_fp_sep_result *out)
{
    const int nf = n_feat(s);
    int best = -1, bj = 0, bfine = 0, tied = 0;
    gt_froot br = { 0.0, 0.0, 0 };
    for (int o = 0; o < nf; o++) {
        const int fi = (o + 1) % nf;
        gt_froot r;
        int j;
        /* the window (A, T] with T >= br.b on the grid (exact halvings in the isolation) */
        const double T = best < 0 || grid_up(br.b) > B ? B : grid_up(br.b);
        const int got = first_point(s, dd, fi, A, T, &r, &j);
        if (got == FP_FAIL)
            return 0;
        if (got == FP_EMPTY || (best >= 0 && r.a >= br.b)) /* none in (A, br.b] */
            continue;
        if (best >= 0 && !(r.b <= br.a)) { /* not apart: both to one ulp, then compare */
            if (!bfine && !bracket_ulp(s, dd, best, bj, &br))
                return 0;
            bfine = 1;
            if (!bracket_ulp(s, dd, fi, j, &r))
                return 0;
            if (r.a >= br.b) /* after the best: fi has no point in (A, br.b] */
                continue;
            /* Both roots inside the same two adjacent doubles: the TOI, the smaller, is inside
             * them too. fi has the dimension of the best or a higher one (the search order).
             * The best's class stands when fi's is the same, or when fi's root is one of a
             * side's (j > 0): there fi holds on its boundary, where a feature of lower
             * dimension holds too (fi's closest point is a vertex / a point of an edge), so
             * the features of lower dimension, searched before fi, reach the TOI first. */
            if (r.a == br.a && r.b == br.b && (feat_class(s, fi) == feat_class(s, best) || j > 0)) {
                tied = 1;
                continue;
            }
            /* ... and fi's root is its distance's, strictly inside (its sides certified > 0):
             * then fi wins if it holds wherever the best does in the bracket, before it (at
             * fi's root its closest point is unique and interior, so no lower feature holds):
             * the face / interiors (a point within d of the primitive is within d of the plane,
             * the line), an edge against a vertex at one of its ends (the line) */
            if (r.a == br.a && r.b == br.b && j == 0 && wins_tie(s, dd, fi, best, tied)) {
                best = fi;
                bj = j;
                continue;
            }
            if (!(r.b <= br.a))
                return 0;
            best = fi; /* strictly before: a new best, already to one ulp */
            bj = j;
            br = r;
            tied = 0;
            continue;
        }
        best = fi;
        bj = j;
        br = r;
        bfine = tied = 0;
    }
    if (best < 0)
        return 2;
    if (!bfine && !bracket_ulp(s, dd, best, bj, &br))
        return 0;
    set_hit(out, br.a, br.b, feat_class(s, best));
    return 1;
}

static int run(const double q[8][3], int ee, double d, ccdb_fp_sep_result *out)
{
    sep_q s;
    double scale[2];
    if (!(d > 0.0) || !gt_fp_load_scaled(q, s.x0, s.x1, scale))
        return 0;
    const double ds = d * scale[0] * scale[1]; /* exact unless it leaves the normal range */
    if (!(ds >= DBL_MIN && ds <= 0x1p20))
        return 0;
    s.ee = ee;
    s.d = ds;
    for (int dd = 0; dd < 2; dd++) {
        s.D2[dd] = (gt_fpoly){ .deg = 0, .dd = dd };
        s.D2[dd].c[0] = dd ? gt_ball_mul(gt_ball_d(ds), gt_ball_d(ds))
                           : gt_ball_mul1(gt_ball_d(ds), gt_ball_d(ds));
        s.one[dd] = (gt_fpoly){ .deg = 0, .dd = dd };
        s.one[dd].c[0] = gt_ball_d(1.0);
    }
    for (int tier = 0; tier < 6; tier++)
        for (int fi = 0; fi < NFEAT; fi++)
            s.f[tier][fi].level = 0;
    out->hit = 0;
    out->toi_lo = out->toi_hi = 0.0;
    out->cls = CCDB_CLASS_GENERIC;
    /* plain doubles, then double-doubles for what they could not tell */
    for (int dd = 0; dd < 2; dd++) {
        window x[MAX_WIN];
        int n, got = windows(&s, dd, x, &n, out);
        for (int i = 0; got == 2 && i < n; i++)
            got = search(&s, dd, x[i].a, x[i].b, out);
        if (got == 2) /* no feature in any window */
            out->hit = 0;
        if (got != 0)
            return 1;
    }
    return 0;
}

int ccdb_fp_sep_vf(const double q[8][3], double d, ccdb_fp_sep_result *out)
{
    return run(q, 0, d, out);
}

int ccdb_fp_sep_ee(const double q[8][3], double d, ccdb_fp_sep_result *out)
{
    return run(q, 1, d, out);
}
