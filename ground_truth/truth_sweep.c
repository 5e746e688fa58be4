/* truth_sweep.c — the certified judge of sweeps (docs/sweep.md, docs/ground-truth.md "Sweeps"):
 * X(t) = O + t v + R(theta t)(X0 - O) for the moving primitive, the other still.
 *
 * Every condition of contact is an exponential polynomial in t (t beside cos and sin of
 * theta t). The decision:
 *  1. theta = 0 with every moved point x0 + v a double: the linear judge on the linear query,
 *     answer, bracket, class and stage as it gives them (truth.c routes it).
 *  2. Contact at t = 0: the linear judge on the still query (exact).
 *  3. Which conditions are identically zero, exactly: a condition is G(t, phi) at phi = theta t,
 *     G of degree <= 3 in t and a trigonometric polynomial of degree <= 5 in phi; t and phi are
 *     independent as functions (theta != 0), so it is 0 for every t iff G vanishes on a grid of
 *     4 t x 11 phi. The phi are taken where cos and sin |w|^-1 are rational (the ellipse
 *     parametrised by u: cos = (1 - W u^2) / (1 + W u^2), sin / |w| = 2u / (1 + W u^2),
 *     W = |w|^2), every point scaled by 1 + W u^2 > 0: all dyadic, evaluated exactly (balls of
 *     radius 0 at a precision high enough).
 *  4. Otherwise a primary condition whose roots hold every contact (the coplanarity when it is
 *     not identically 0; else the in-plane events) is isolated on [0, 1] by bisection with
 *     ball arithmetic (sweep_ball.h) and forward derivatives: a subinterval whose enclosure
 *     excludes 0 holds no root; one whose derivative's enclosure excludes 0 with a certified
 *     sign change at its ends holds exactly one, simple (the interval Newton condition); the
 *     side conditions must then have certified strict signs on the root's enclosure (refined by
 *     bisection). The first root with every side positive is the TOI, narrowed to two adjacent
 *     doubles.
 * Every loop is bounded (bisection depth, boxes, the precision doubling up to a cap); what is not
 * certified within them is the class `undecided`, never a guess. */
#include <assert.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gt_bits.h"
#include "sweep_ball.h"
#include "sweep_tangent.h"
#include "truth_sweep.h"

#define DEFAULT_BITS   1024u /* the precision cap of the numeric path */
#define FIRST_BITS     64u
#define EXACT_BITS_MAX 32768u /* the grid's exact evaluation: doubles need far fewer */
#define MAX_DEPTH      58     /* bisection depth in t (2^-58 is below half an ulp of 1) */
#define MAX_BOXES      20000  /* subintervals examined per condition and precision */
#define N_FUNCS        18

/* The conditions, by index. VF (p the vertex; a, b, c the triangle; n = (b-a) x (c-a)):
 * the coplanarity n.(p-a) and the three in-plane sides n.((e1-e0) x (p-e0)) >= 0.
 * EE (m = ea x eb, d = b0 - a0): the coplanarity m.d, the intersection's parameters on each
 * line times |m|^2 with their complements, |m|^2; for each endpoint j against the other edge
 * [Q0, Q1]: its side (eq x (P-Q0)).m and its position on the edge (P-Q0).eq, |eq|^2 - that. */
enum { F_COP = 0, VF_G0 = 1, EE_H1 = 1, EE_H1C, EE_H2, EE_H2C, EE_NN, EE_END0 = 6 };

/* A primary condition and the side conditions that make its root a contact. */
typedef struct problem {
    int primary, n_sides, sides[4];
} problem;

static const problem vf_general = { F_COP, 3, { VF_G0, VF_G0 + 1, VF_G0 + 2, 0 } };
static const problem vf_planar[3] = { { VF_G0, 2, { VF_G0 + 1, VF_G0 + 2, 0, 0 } },
                                      { VF_G0 + 1, 2, { VF_G0, VF_G0 + 2, 0, 0 } },
                                      { VF_G0 + 2, 2, { VF_G0, VF_G0 + 1, 0, 0 } } };
static const problem ee_general = { F_COP, 4, { EE_H1, EE_H1C, EE_H2, EE_H2C } };
#define END(j)                                                     \
    {                                                              \
        EE_END0 + 3 * (j), 3,                                      \
        {                                                          \
            EE_END0 + 3 * (j) + 1, EE_END0 + 3 * (j) + 2, EE_NN, 0 \
        }                                                          \
    }
static const problem ee_planar[4] = { END(0), END(1), END(2), END(3) };
#undef END
/* In a fixed plane w.x = const (ee_fixed_plane) the endpoint events need no |m|^2 > 0. */
#define END(j)                                                 \
    {                                                          \
        EE_END0 + 3 * (j), 2,                                  \
        {                                                      \
            EE_END0 + 3 * (j) + 1, EE_END0 + 3 * (j) + 2, 0, 0 \
        }                                                      \
    }
static const problem ee_planar_w[4] = { END(0), END(1), END(2), END(3) };
#undef END

/* A value and its derivative in t. */
typedef struct sd {
    sb v, d;
} sd;

struct gt_sweep {
    mpfr_prec_t prec;
    int ee, first_moves, deriv;
    int fixed_plane; /* EE, every point in one plane w.x = const for the whole step */
    double theta, wd[3];
    sb P[4][3], O[3], v[3], dd[4][3], Kd[4][3], KKd[4][3], W, invW, invnorm, th;
    sd X[4][3];         /* the positions (and velocities) of the last evaluation */
    sd f[N_FUNCS];      /* the conditions of the last evaluation */
    int zero[N_FUNCS];  /* 1: identically zero; 0: not; -1: not known (not needed) */
    int sign0[N_FUNCS]; /* exact sign at t = 0 (of the ones tested) */
    sd t0, t1, t2, t3;  /* temporaries of the conditions */
    sd a[3], b[3], cvec[3], e[3], n[3];
};

/* --- duals ---------------------------------------------------------------------------------- */

static void sd_init(sd *x, mpfr_prec_t p)
{
    sb_init(&x->v, p);
    sb_init(&x->d, p);
}
static void sd_clear(sd *x)
{
    sb_clear(&x->v);
    sb_clear(&x->d);
}
static void sd_prec(sd *x, mpfr_prec_t p)
{
    sb_set_prec(&x->v, p);
    sb_set_prec(&x->d, p);
}
static void sd_add(struct gt_sweep *s, sd *z, const sd *a, const sd *b)
{
    sb_add(&z->v, &a->v, &b->v);
    if (s->deriv)
        sb_add(&z->d, &a->d, &b->d);
}
static void sd_sub(struct gt_sweep *s, sd *z, const sd *a, const sd *b)
{
    sb_sub(&z->v, &a->v, &b->v);
    if (s->deriv)
        sb_sub(&z->d, &a->d, &b->d);
}
/* z = a b (z must not alias a or b). */
static void sd_mul(struct gt_sweep *s, sd *z, const sd *a, const sd *b)
{
    sb_mul(&z->v, &a->v, &b->v);
    if (s->deriv) {
        sb tmp;
        sb_init(&tmp, s->prec);
        sb_mul(&z->d, &a->d, &b->v);
        sb_mul(&tmp, &a->v, &b->d);
        sb_add(&z->d, &z->d, &tmp);
        sb_clear(&tmp);
    }
}
static void sd_set(sd *z, const sd *a)
{
    sb_set(&z->v, &a->v);
    sb_set(&z->d, &a->d);
}
static void vsub(struct gt_sweep *s, sd z[3], const sd a[3], const sd b[3])
{
    for (int j = 0; j < 3; j++)
        sd_sub(s, &z[j], &a[j], &b[j]);
}
/* z = a . b */
static void vdot(struct gt_sweep *s, sd *z, const sd a[3], const sd b[3])
{
    sd_mul(s, &s->t3, &a[0], &b[0]);
    sd_set(z, &s->t3);
    for (int j = 1; j < 3; j++) {
        sd_mul(s, &s->t3, &a[j], &b[j]);
        sd_add(s, z, z, &s->t3);
    }
}
/* z = a x b (z must not alias a or b). */
static void vcross(struct gt_sweep *s, sd z[3], const sd a[3], const sd b[3])
{
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        sd_mul(s, &s->t2, &a[j1], &b[j2]);
        sd_mul(s, &s->t3, &a[j2], &b[j1]);
        sd_sub(s, &z[j], &s->t2, &s->t3);
    }
}

/* --- the query ------------------------------------------------------------------------------ */

static int point_moves(const struct gt_sweep *s, int i)
{
    int first = s->ee ? i < 2 : i < 1;
    return first == s->first_moves;
}

static void each_ball(struct gt_sweep *s, void (*fn)(sb *, mpfr_prec_t), mpfr_prec_t p)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            fn(&s->P[i][j], p);
            fn(&s->dd[i][j], p);
            fn(&s->Kd[i][j], p);
            fn(&s->KKd[i][j], p);
        }
    for (int j = 0; j < 3; j++) {
        fn(&s->O[j], p);
        fn(&s->v[j], p);
    }
    fn(&s->W, p);
    fn(&s->invW, p);
    fn(&s->invnorm, p);
    fn(&s->th, p);
}
static void each_dual(struct gt_sweep *s, void (*fn)(sd *, mpfr_prec_t), mpfr_prec_t p)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            fn(&s->X[i][j], p);
    for (int k = 0; k < N_FUNCS; k++)
        fn(&s->f[k], p);
    fn(&s->t0, p);
    fn(&s->t1, p);
    fn(&s->t2, p);
    fn(&s->t3, p);
    for (int j = 0; j < 3; j++) {
        fn(&s->a[j], p);
        fn(&s->b[j], p);
        fn(&s->cvec[j], p);
        fn(&s->e[j], p);
        fn(&s->n[j], p);
    }
}
static void ball_prec(sb *x, mpfr_prec_t p)
{
    sb_set_prec(x, p);
}
static void ball_clear(sb *x, mpfr_prec_t p)
{
    (void)p;
    sb_clear(x);
}
static void dual_clear(sd *x, mpfr_prec_t p)
{
    (void)p;
    sd_clear(x);
}

/* Loads q at precision p: the data, d = X0 - O, K d = w x d, K^2 d = w x (w x d), W = |w|^2
 * (all exact when p is high enough), 1/W and 1/|w| (enclosed). */
static void load(struct gt_sweep *s, const double q[8][3], mpfr_prec_t p)
{
    s->prec = p;
    each_ball(s, ball_prec, p);
    each_dual(s, sd_prec, p);
    sb tmp;
    sb_init(&tmp, p);
    sb w[3];
    for (int j = 0; j < 3; j++) {
        sb_init(&w[j], p);
        sb_set_d(&w[j], q[5][j]);
        sb_set_d(&s->O[j], q[4][j]);
        sb_set_d(&s->v[j], q[6][j]);
    }
    sb_set_d(&s->th, q[7][1]);
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 3; j++) {
            sb_set_d(&s->P[i][j], q[i][j]);
            sb_sub(&s->dd[i][j], &s->P[i][j], &s->O[j]);
        }
        for (int j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            sb_mul(&s->Kd[i][j], &w[j1], &s->dd[i][j2]);
            sb_mul(&tmp, &w[j2], &s->dd[i][j1]);
            sb_sub(&s->Kd[i][j], &s->Kd[i][j], &tmp);
        }
        for (int j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            sb_mul(&s->KKd[i][j], &w[j1], &s->Kd[i][j2]);
            sb_mul(&tmp, &w[j2], &s->Kd[i][j1]);
            sb_sub(&s->KKd[i][j], &s->KKd[i][j], &tmp);
        }
    }
    /* W exactly (squares of doubles and their sum fit in 4400 bits), then at precision p. */
    mpfr_t We, zero;
    mpfr_init2(We, 4400);
    mpfr_init2(zero, 64);
    mpfr_set_zero(zero, 1);
    mpfr_set_zero(We, 1);
    for (int j = 0; j < 3; j++) {
        mpfr_t sq;
        mpfr_init2(sq, 128);
        mpfr_sqr(sq, w[j].m, MPFR_RNDN); /* exact: 106 bits */
        mpfr_add(We, We, sq, MPFR_RNDN); /* exact: see above */
        mpfr_clear(sq);
    }
    sb_set_mpfr(&s->W, We, zero);
    if (s->theta != 0) {
        /* W > 0 (ccdb_sweep_check): its ball excludes 0 at any precision >= 64. */
        int rc = sb_inv(&s->invW, &s->W);
        sb nrm;
        sb_init(&nrm, p);
        int in = mpfr_sqrt(nrm.m, We, MPFR_RNDN);
        if (in) {
            mpfr_abs(nrm.r, nrm.m, MPFR_RNDU);
            mpfr_mul_2si(nrm.r, nrm.r, 1 - (long)p, MPFR_RNDU);
        }
        rc |= sb_inv(&s->invnorm, &nrm);
        assert(rc == 0);
        (void)rc;
        sb_clear(&nrm);
    }
    mpfr_clear(We);
    mpfr_clear(zero);
    for (int j = 0; j < 3; j++)
        sb_clear(&w[j]);
    sb_clear(&tmp);
}

/* The positions at t in the ball T (derivative 1 when s->deriv): the real motion. */
static void positions_at(struct gt_sweep *s, const sb *T)
{
    mpfr_prec_t p = s->prec;
    sd Psi, Q;
    sd_init(&Psi, p);
    sd_init(&Q, p);
    if (s->theta != 0) {
        sb ang, c, sn, one;
        sb_init(&ang, p);
        sb_init(&c, p);
        sb_init(&sn, p);
        sb_init(&one, p);
        sb_mul(&ang, &s->th, T);
        sb_cos(&c, &ang);
        sb_sin(&sn, &ang);
        sb_mul(&Psi.v, &sn, &s->invnorm);
        sb_set_d(&one, 1);
        sb_sub(&one, &one, &c);
        sb_mul(&Q.v, &one, &s->invW);
        if (s->deriv) {
            sb_mul(&Psi.d, &c, &s->invnorm);
            sb_mul(&Psi.d, &Psi.d, &s->th);
            sb_mul(&Q.d, &sn, &s->invW);
            sb_mul(&Q.d, &Q.d, &s->th);
        }
        sb_clear(&ang);
        sb_clear(&c);
        sb_clear(&sn);
        sb_clear(&one);
    }
    sd tmp;
    sd_init(&tmp, p);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            sd *x = &s->X[i][j];
            if (!point_moves(s, i)) {
                sb_set(&x->v, &s->P[i][j]);
                mpfr_set_zero(x->d.m, 1);
                mpfr_set_zero(x->d.r, 1);
                continue;
            }
            /* x = P + t v + Psi Kd + Q KKd (P = O + d); x' = v + Psi' Kd + Q' KKd */
            sb_mul(&x->v, T, &s->v[j]);
            sb_add(&x->v, &x->v, &s->P[i][j]);
            sb_set(&x->d, &s->v[j]);
            if (s->theta != 0) {
                sd k;
                sd_init(&k, p);
                sb_set(&k.v, &s->Kd[i][j]);
                sd_mul(s, &tmp, &Psi, &k);
                sd_add(s, x, x, &tmp);
                sb_set(&k.v, &s->KKd[i][j]);
                sd_mul(s, &tmp, &Q, &k);
                sd_add(s, x, x, &tmp);
                sd_clear(&k);
            }
        }
    sd_clear(&tmp);
    sd_clear(&Psi);
    sd_clear(&Q);
}

/* The positions on the exactness grid (t, u), each scaled by 1 + W u^2 (no derivatives):
 * x = (1 + W u^2)(P + t v) + 2u Kd + 2u^2 KKd for a moving point, (1 + W u^2) P for a still one. */
static void positions_grid(struct gt_sweep *s, int t, double u)
{
    mpfr_prec_t p = s->prec;
    sb sc, tu, uu, tmp;
    sb_init(&sc, p);
    sb_init(&tu, p);
    sb_init(&uu, p);
    sb_init(&tmp, p);
    sb_set_d(&uu, 2 * u);
    sb_set_d(&tu, u);
    sb_mul(&tmp, &tu, &tu);
    sb_mul(&sc, &tmp, &s->W);
    sb_set_d(&tmp, 1);
    sb_add(&sc, &sc, &tmp); /* 1 + W u^2 */
    sb_mul(&tu, &uu, &tu);  /* 2 u^2 */
    sb tt;
    sb_init(&tt, p);
    sb_set_d(&tt, t);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            sb *x = &s->X[i][j].v;
            if (!point_moves(s, i)) {
                sb_mul(x, &sc, &s->P[i][j]);
                continue;
            }
            sb_mul(&tmp, &tt, &s->v[j]);
            sb_add(&tmp, &tmp, &s->P[i][j]);
            sb_mul(x, &sc, &tmp);
            if (s->theta != 0) {
                sb_mul(&tmp, &uu, &s->Kd[i][j]);
                sb_add(x, x, &tmp);
                sb_mul(&tmp, &tu, &s->KKd[i][j]);
                sb_add(x, x, &tmp);
            }
        }
    sb_clear(&tt);
    sb_clear(&sc);
    sb_clear(&tu);
    sb_clear(&uu);
    sb_clear(&tmp);
}

/* The conditions in `mask` (bit k: condition k) of the positions in s->X, into s->f. */
static void conditions(struct gt_sweep *s, unsigned mask)
{
    sd(*X)[3] = s->X;
    if (!s->ee) {
        /* n = (b - a) x (c - a); cop = n.(p - a); side e0 e1: n.((e1 - e0) x (p - e0)) */
        vsub(s, s->a, X[2], X[1]);
        vsub(s, s->b, X[3], X[1]);
        vcross(s, s->n, s->a, s->b);
        if (mask & 1u) {
            vsub(s, s->cvec, X[0], X[1]);
            vdot(s, &s->f[F_COP], s->n, s->cvec);
        }
        static const int edge[3][2] = { { 1, 2 }, { 2, 3 }, { 3, 1 } };
        for (int k = 0; k < 3; k++) {
            if (!(mask >> (VF_G0 + k) & 1u))
                continue;
            vsub(s, s->a, X[edge[k][1]], X[edge[k][0]]);
            vsub(s, s->b, X[0], X[edge[k][0]]);
            vcross(s, s->e, s->a, s->b);
            vdot(s, &s->f[VF_G0 + k], s->n, s->e);
        }
        return;
    }
    /* m = ea x eb in s->n */
    vsub(s, s->a, X[1], X[0]);
    vsub(s, s->b, X[3], X[2]);
    vcross(s, s->n, s->a, s->b);
    if (mask & (1u | 0x3eu)) {
        vsub(s, s->cvec, X[2], X[0]); /* d */
        if (mask & 1u)
            vdot(s, &s->f[F_COP], s->n, s->cvec);
        vdot(s, &s->f[EE_NN], s->n, s->n);
        if (mask & (3u << EE_H1)) {
            vcross(s, s->e, s->cvec, s->b);
            vdot(s, &s->f[EE_H1], s->e, s->n);
            sd_sub(s, &s->f[EE_H1C], &s->f[EE_NN], &s->f[EE_H1]);
        }
        if (mask & (3u << EE_H2)) {
            vcross(s, s->e, s->cvec, s->a);
            vdot(s, &s->f[EE_H2], s->e, s->n);
            sd_sub(s, &s->f[EE_H2C], &s->f[EE_NN], &s->f[EE_H2]);
        }
    }
    if (s->fixed_plane) /* the side of an endpoint against the plane's normal w, not m */
        for (int j = 0; j < 3; j++) {
            mpfr_set_d(s->n[j].v.m, s->wd[j], MPFR_RNDN);
            mpfr_set_zero(s->n[j].v.r, 1);
            mpfr_set_zero(s->n[j].d.m, 1);
            mpfr_set_zero(s->n[j].d.r, 1);
        }
    for (int j = 0; j < 4; j++) {
        int base = EE_END0 + 3 * j;
        if (!(mask >> base & 7u))
            continue;
        int q0 = j < 2 ? 2 : 0;
        vsub(s, s->a, X[q0 + 1], X[q0]); /* eq */
        vsub(s, s->b, X[j], X[q0]);      /* P - Q0 */
        vcross(s, s->e, s->a, s->b);
        vdot(s, &s->f[base], s->e, s->n);
        vdot(s, &s->f[base + 1], s->b, s->a);
        vdot(s, &s->t0, s->a, s->a);
        sd_sub(s, &s->f[base + 2], &s->t0, &s->f[base + 1]);
    }
}

/* Condition k over the dyadic interval [lo, hi] (a ball; derivatives when deriv). */
static void eval_on(struct gt_sweep *s, const sb *T, unsigned mask, int deriv)
{
    s->deriv = deriv;
    positions_at(s, T);
    conditions(s, mask);
}

/* The ball of the interval [lo, hi] of doubles (centre rounded, radius rounded up to cover
 * both ends), or of the point lo (hi = lo). */
static void interval_ball(sb *T, double lo, double hi)
{
    if (lo == hi) {
        mpfr_set_d(T->m, lo, MPFR_RNDN); /* exact: prec >= 64 */
        mpfr_set_zero(T->r, 1);
        return;
    }
    mpfr_t h;
    mpfr_init2(h, 64);
    mpfr_set_d(T->m, lo, MPFR_RNDN);
    mpfr_add_d(T->m, T->m, hi, MPFR_RNDN);
    mpfr_div_2ui(T->m, T->m, 1, MPFR_RNDN);
    mpfr_sub_d(T->r, T->m, lo, MPFR_RNDU); /* centre - lo */
    mpfr_d_sub(h, hi, T->m, MPFR_RNDU);    /* hi - centre */
    if (mpfr_cmp(h, T->r) > 0)
        mpfr_set(T->r, h, MPFR_RNDU);
    mpfr_clear(h);
}

/* Is condition k identically zero? 1 yes, 0 no (and sign0[k] set), -1 not known (the exact
 * evaluation needs more than EXACT_BITS_MAX bits). The grid: t in {0, 1, 2, 3} x u in
 * {0, +-1/4, +-1/2, +-1, +-2, +-4} (only u = 0 when theta = 0: then phi plays no part). */
static int identically_zero(struct gt_sweep *s, const double q[8][3], int k)
{
    static const double us[11] = { 0, 0.25, -0.25, 0.5, -0.5, 1, -1, 2, -2, 4, -4 };
    int nu = s->theta != 0 ? 11 : 1;
    for (mpfr_prec_t p = 512; p <= EXACT_BITS_MAX; p *= 4) {
        load(s, q, p);
        s->deriv = 0;
        int exact = 1, zero = 1;
        for (int t = 0; t < 4 && exact && zero; t++)
            for (int iu = 0; iu < nu && exact && zero; iu++) {
                positions_grid(s, t, us[iu]);
                conditions(s, 1u << k);
                if (!sb_is_exact(&s->f[k].v))
                    exact = 0;
                else if (!mpfr_zero_p(s->f[k].v.m))
                    zero = 0;
                if (t == 0 && iu == 0 && exact)
                    s->sign0[k] = mpfr_sgn(s->f[k].v.m);
            }
        if (exact)
            return zero;
    }
    return -1;
}

typedef enum { R_NONE, R_HIT, R_UNSURE } root_status;

typedef struct root_answer {
    root_status st;
    double lo, hi;   /* R_HIT: the TOI's bracket */
    double unsure_t; /* R_UNSURE: no contact of this problem before this time is missed */
} root_answer;

#define EXACT_ZERO 2 /* a sign: the value is exactly 0 (a ball of radius 0 at 0) */

static int sign3(const sb *x)
{
    return sb_is_exact_zero(x) ? EXACT_ZERO : sb_sign(x);
}

static int sign_at(struct gt_sweep *s, sb *T, int k, double t)
{
    interval_ball(T, t, t);
    eval_on(s, T, 1u << k, 0);
    return sign3(&s->f[k].v);
}

/* A point strictly inside (lo, hi), a little off the middle (so that the split points are not
 * the simple dyadic times where crafted data puts its contacts); lo when there is none. */
static double split_point(double lo, double hi)
{
    double m = lo + (hi - lo) * 0.5078125;
    if (m > lo && m < hi)
        return m;
    m = gt_bitsd(gt_dbits(lo) +
                 (gt_dbits(hi) - gt_dbits(lo)) / 2); /* nonnegative: bits are ordered */
    return m > lo && m < hi ? m : lo;
}

/* The sides of pb on the ball T: 1 a contact (none negative, each positive or exactly 0, one
 * positive at least), -1 one negative, 0 not certified. The primitives are closed: a side exactly
 * 0 (radius 0: the value does not depend on where in T; possible where the turn plays no part)
 * is a contact on an edge, corner or endpoint; all of them 0 is a degenerate configuration
 * (n = 0, parallel edges) and |m|^2 (EE_NN) must be positive. */
static int sides_on(struct gt_sweep *s, const sb *T, const problem *pb)
{
    unsigned mask = 0;
    for (int i = 0; i < pb->n_sides; i++)
        mask |= 1u << pb->sides[i];
    eval_on(s, T, mask, 0);
    int certified = 1, any_pos = 0;
    for (int i = 0; i < pb->n_sides; i++) {
        int sg = sign3(&s->f[pb->sides[i]].v);
        if (sg < 0)
            return -1;
        any_pos |= sg > 0 && sg != EXACT_ZERO;
        certified &= sg == 1 || (sg == EXACT_ZERO && pb->sides[i] != EE_NN);
    }
    return certified && any_pos;
}

/* A root exactly at the double t (the primary evaluated to an exact 0 there): a contact if
 * every side is positive at that point; its bracket [t, t]. */
static root_answer point_root(struct gt_sweep *s, sb *T, const problem *pb, double t)
{
    root_answer ans = { R_UNSURE, t, t, t };
    interval_ball(T, t, t);
    int sides = sides_on(s, T, pb);
    if (sides != 0)
        ans.st = sides > 0 ? R_HIT : R_NONE;
    return ans;
}

/* The unique simple root of the primary in (lo, hi), whose sign left of the root is s_lo: its
 * side conditions certified, then its bracket narrowed to adjacent doubles. */
static root_answer settle_root(struct gt_sweep *s, sb *T, const problem *pb, double lo, double hi,
                               int s_lo)
{
    root_answer ans = { R_UNSURE, 0, 0, lo };
    for (int depth = 0;; depth++) {
        interval_ball(T, lo, hi);
        int sides = sides_on(s, T, pb);
        if (sides < 0) {
            ans.st = R_NONE;
            return ans;
        }
        if (sides > 0)
            break;
        double m = split_point(lo, hi);
        if (depth >= 2 * MAX_DEPTH || m == lo)
            return ans;
        int sm = sign_at(s, T, pb->primary, m);
        if (sm == EXACT_ZERO)
            return point_root(s, T, pb, m);
        if (sm == 0)
            return ans;
        if (sm == s_lo)
            lo = m;
        else
            hi = m;
        ans.unsure_t = lo;
    }
    /* Narrow to adjacent doubles by bisection on the bit patterns (nonnegative doubles are
     * ordered as their bits): at most 64 steps; every point tried lies strictly inside (lo, hi),
     * where the root is unique, the primary monotone and the sides positive. */
    uint64_t ia = gt_dbits(lo), ib = gt_dbits(hi);
    while (ib - ia > 1) {
        uint64_t im = ia + (ib - ia) / 2;
        int sm = sign_at(s, T, pb->primary, gt_bitsd(im));
        if (sm == EXACT_ZERO) { /* the root is this double */
            ia = ib = im;
            break;
        }
        if (sm == 0) {
            /* The root is this double or too near it for the precision: the doubles on either
             * side, when their signs are certified, bracket it within two ulps. */
            int below = sign_at(s, T, pb->primary, gt_bitsd(im - 1));
            int above = sign_at(s, T, pb->primary, gt_bitsd(im + 1));
            if (below != s_lo || above != -s_lo)
                return ans; /* more bits */
            ia = im - 1;
            ib = im + 1;
            break;
        }
        if (sm == s_lo)
            ia = im;
        else
            ib = im;
    }
    ans.st = R_HIT;
    ans.lo = gt_bitsd(ia);
    ans.hi = gt_bitsd(ib);
    return ans;
}

/* The first root of pb's primary in (0, 1] at which every side is positive. Subintervals are
 * examined left to right (a stack, right part pushed first); the leaves partition [0, 1], so a
 * root exactly at a split point (an exact 0, possible where the turn plays no part in the
 * primary) is taken once, as the upper end of the leaf left of it. */
static root_answer first_contact(struct gt_sweep *s, const problem *pb)
{
    root_answer none = { R_NONE, 0, 0, 0 };
    struct item {
        double lo, hi;
        int d;
    } stack[MAX_DEPTH + 2];
    int top = 0, boxes = 0;
    stack[top++] = (struct item){ 0, 1, 0 };
    sb T;
    sb_init(&T, s->prec);
    int k = pb->primary;
    root_answer r = none;
    while (top > 0) {
        struct item it = stack[--top];
        root_answer unsure = { R_UNSURE, 0, 0, it.lo };
        if (++boxes > MAX_BOXES) {
            r = unsure;
            break;
        }
        interval_ball(&T, it.lo, it.hi);
        eval_on(s, &T, 1u << k, 1);
        if (sb_sign(&s->f[k].v) != 0)
            continue;                   /* no root here */
        if (sb_sign(&s->f[k].d) != 0) { /* monotone: at most one root */
            int s_lo =
                it.lo == 0 ? (s->sign0[k] ? s->sign0[k] : EXACT_ZERO) : sign_at(s, &T, k, it.lo);
            int s_hi = sign_at(s, &T, k, it.hi);
            if (s_hi == EXACT_ZERO) { /* the root is the upper end (none inside) */
                r = point_root(s, &T, pb, it.hi);
                if (r.st == R_NONE)
                    continue;
                break;
            }
            if (s_lo == EXACT_ZERO)
                continue; /* the root is the lower end, taken already (or t = 0: no contact) */
            if (s_lo != 0 && s_hi != 0) {
                if (s_lo == s_hi)
                    continue;
                r = settle_root(s, &T, pb, it.lo, it.hi, s_lo);
                if (r.st == R_NONE)
                    continue;
                break;
            }
        }
        double m = split_point(it.lo, it.hi);
        if (it.d >= MAX_DEPTH || m == it.lo) {
            r = unsure;
            break;
        }
        stack[top++] = (struct item){ m, it.hi, it.d + 1 };
        stack[top++] = (struct item){ it.lo, m, it.d + 1 };
    }
    sb_clear(&T);
    return r;
}

/* The earliest contact over the problems (each answers its own first contact). */
static root_answer first_of(struct gt_sweep *s, const problem *pbs, int n)
{
    root_answer best = { R_NONE, 0, 0, 0 };
    double unsure_t = INFINITY;
    for (int i = 0; i < n; i++) {
        root_answer r = first_contact(s, &pbs[i]);
        if (r.st == R_UNSURE && r.unsure_t < unsure_t)
            unsure_t = r.unsure_t;
        if (r.st == R_HIT) {
            if (best.st != R_HIT) {
                best = r;
            } else {
                best.lo = fmin(best.lo, r.lo);
                best.hi = fmin(best.hi, r.hi);
            }
        }
    }
    if (unsure_t != INFINITY && (best.st != R_HIT || unsure_t < best.hi)) {
        best.st = R_UNSURE;
        best.unsure_t = unsure_t;
    }
    return best;
}

static struct gt_sweep *sweep_new(void)
{
    struct gt_sweep *s = calloc(1, sizeof *s);
    if (!s)
        abort(); /* as GMP does on allocation failure */
    each_ball(s, sb_init, FIRST_BITS);
    each_dual(s, sd_init, FIRST_BITS);
    return s;
}

void gt_sweep_free(ccdb_truth *c)
{
    struct gt_sweep *s = c->sweep;
    if (!s)
        return;
    each_ball(s, ball_clear, 0);
    each_dual(s, dual_clear, 0);
    free(s);
    c->sweep = NULL;
}

static void set_answer(ccdb_truth_result *out, int hit, double lo, double hi, ccdb_truth_class cls,
                       unsigned extra)
{
    out->hit = hit;
    out->toi_lo = lo;
    out->toi_hi = hi;
    out->cls = cls;
    out->flags = (1u << cls) | extra;
    out->stage = CCDB_STAGE_SWEEP;
}

/* Every point in the plane w.x = w.x_0 for the whole step, exactly: theta != 0, w.(x_i - x_0) = 0
 * at t = 0 and w.v = 0 (the turn about w and a displacement across w keep every w.x). Dot
 * products of doubles are exact in 4400 bits. */
static int fixed_plane(const double q[8][3])
{
    if (q[7][1] == 0.0)
        return 0;
    mpfr_t acc, t;
    mpfr_init2(acc, 4400);
    mpfr_init2(t, 4400);
    int fixed = 1;
    for (int i = 1; i <= 6 && fixed; i++) {
        if (i == 4 || i == 5)
            continue; /* O and w themselves: no condition */
        mpfr_set_zero(acc, 1);
        for (int j = 0; j < 3; j++) {
            mpfr_set_d(t, q[i][j], MPFR_RNDN);
            if (i < 4)
                mpfr_sub_d(t, t, q[0][j], MPFR_RNDN); /* exact */
            mpfr_mul_d(t, t, q[5][j], MPFR_RNDN);     /* exact */
            mpfr_add(acc, acc, t, MPFR_RNDN);         /* exact */
        }
        fixed = mpfr_zero_p(acc);
    }
    mpfr_clear(acc);
    mpfr_clear(t);
    return fixed;
}

/* Is x0 + v a double for every moving point (theta = 0: the linear query is exact)? */
static int linear_query(const double q[8][3], int ee, double lin[8][3])
{
    int first_moves = q[7][0] == 0.0;
    for (int i = 0; i < 4; i++) {
        int moves = (ee ? i < 2 : i < 1) == first_moves;
        for (int j = 0; j < 3; j++) {
            double a = q[i][j], b = moves ? q[6][j] : 0.0, sum = a + b;
            /* exact iff the TwoSum error is 0 (and the sum finite) */
            double bb = sum - a, err = (a - (sum - bb)) + (b - bb);
            if (!isfinite(sum) || err != 0)
                return 0;
            lin[i][j] = a;
            lin[i + 4][j] = sum;
        }
    }
    return 1;
}

/* Does the turn play no part in the motion: every moving point on the axis (w x (x0 - O) = 0,
 * exactly: differences and products of doubles in rationals)? Then each moves by x0 + t v. */
static int turn_free(const double q[8][3], int ee)
{
    int first_moves = q[7][0] == 0.0, on_axis = 1;
    mpq_t d[3], w[3], a, b;
    for (int j = 0; j < 3; j++) {
        mpq_inits(d[j], w[j], NULL);
        mpq_set_d(w[j], q[5][j]);
    }
    mpq_inits(a, b, NULL);
    for (int i = 0; i < 4 && on_axis; i++) {
        if ((ee ? i < 2 : i < 1) != first_moves)
            continue;
        for (int j = 0; j < 3; j++) {
            mpq_set_d(d[j], q[i][j]);
            mpq_set_d(a, q[4][j]);
            mpq_sub(d[j], d[j], a);
        }
        for (int j = 0; j < 3 && on_axis; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            mpq_mul(a, w[j1], d[j2]);
            mpq_mul(b, w[j2], d[j1]);
            on_axis = mpq_equal(a, b);
        }
    }
    for (int j = 0; j < 3; j++)
        mpq_clears(d[j], w[j], NULL);
    mpq_clears(a, b, NULL);
    return on_axis;
}

void gt_sweep_run(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out)
{
    double lin[8][3];
    /* theta = 0, or every moving point on the axis: the linear motion x0 + t v, exactly. */
    if ((q[7][1] == 0.0 || turn_free(q, ee)) && linear_query(q, ee, lin)) {
        (ee ? ccdb_truth_ee : ccdb_truth_vf)(c, (const double(*)[3])lin, out);
        return; /* counted by the linear judge under its own stage */
    }
    gt_sweep_run_numeric(c, q, ee, out);
}

void gt_sweep_run_numeric(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out)
{
    double lin[8][3];
    /* Contact at t = 0: the linear judge on the points standing still. */
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            lin[i][j] = lin[i + 4][j] = q[i][j];
    ccdb_truth_result still = { 0 }; /* set by the judge; zeroed for the analyser */
    (ee ? ccdb_truth_ee : ccdb_truth_vf)(c, (const double(*)[3])lin, &still);
    c->stats.decided[still.stage]--; /* not an answer of the linear judge: counted below */
    if (still.hit) {
        set_answer(out, 1, 0, 0, CCDB_CLASS_CONTACT_T0, 0);
        c->stats.decided[CCDB_STAGE_SWEEP]++;
        return;
    }
    if (!c->sweep)
        c->sweep = sweep_new();
    struct gt_sweep *s = c->sweep;
    s->ee = ee;
    s->first_moves = q[7][0] == 0.0;
    s->theta = q[7][1];
    s->fixed_plane = 0;
    for (int j = 0; j < 3; j++)
        s->wd[j] = q[5][j];
    for (int k = 0; k < N_FUNCS; k++)
        s->zero[k] = -1;
    /* The coplanarity, else the in-plane events; each primary must not vanish identically. */
    const problem *pbs = ee ? &ee_general : &vf_general;
    int n = 1;
    unsigned extra = 0;
    s->zero[F_COP] = identically_zero(s, q, F_COP);
    if (s->zero[F_COP] == 1) {
        s->fixed_plane = ee && fixed_plane(q);
        pbs = ee ? (s->fixed_plane ? ee_planar_w : ee_planar) : vf_planar;
        n = ee ? 4 : 3;
        extra = 1u << CCDB_CLASS_COPLANAR;
    }
    int known = s->zero[F_COP] == 0 || s->zero[F_COP] == 1;
    for (int i = 0; known && i < n && pbs != &ee_general && pbs != &vf_general; i++) {
        s->zero[pbs[i].primary] = identically_zero(s, q, pbs[i].primary);
        known = s->zero[pbs[i].primary] == 0;
    }
    root_answer r = { R_UNSURE, 0, 0, 0 };
    unsigned long cap = c->sweep_bits ? c->sweep_bits : DEFAULT_BITS;
    if (!ee && s->zero[F_COP] == 0) { /* no motion across the plane: tangencies, exactly */
        double lo = 0, hi = 0;
        switch (gt_sweep_tangent(q, cap, &lo, &hi)) {
        case TANGENT_NOT_APPLICABLE: break;
        case TANGENT_MISS: r = (root_answer){ R_NONE, 0, 0, 0 }; break;
        case TANGENT_HIT: r = (root_answer){ R_HIT, lo, hi, 0 }; break;
        case TANGENT_UNSURE: known = 0; break;
        }
    }
    for (mpfr_prec_t p = FIRST_BITS; known && r.st == R_UNSURE && p <= (mpfr_prec_t)cap; p *= 2) {
        load(s, q, p);
        r = first_of(s, pbs, n);
        if (r.st != R_UNSURE)
            break;
    }
    if (!known || r.st == R_UNSURE)
        set_answer(out, 0, 0, 0, CCDB_CLASS_UNDECIDED, extra);
    else if (r.st == R_HIT)
        set_answer(out, 1, r.lo, r.hi, extra ? CCDB_CLASS_COPLANAR : CCDB_CLASS_GENERIC, extra);
    else
        set_answer(out, 0, 0, 0, extra ? CCDB_CLASS_COPLANAR : CCDB_CLASS_GENERIC, extra);
    c->stats.decided[CCDB_STAGE_SWEEP]++;
}
