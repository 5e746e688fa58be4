/* sweep_tangent.c — the exact tangency test of VF sweeps with no motion across the plane
 * (sweep_tangent.h; docs/sweep.md, "Tangencies").
 *
 * The vertex moves by X(t) = P + t v + S/|w| Kd + (1 - C)/W KKd (C = cos(theta t),
 * S = sin(theta t), d = P - O, Kd = w x d, KKd = w x Kd, W = |w|^2) against the still triangle
 * (A, B, C0) with normal n. With b = n.v = 0 the coplanarity n.(X - A) is
 *     f = a + c C + d S,   a = n.(P - A) + n.KKd / W,  c = -n.KKd / W,  d = n.Kd / |w|,
 * r^2 = c^2 + d^2 = (n.KKd / W)^2 + (n.Kd)^2 / W rational. a^2 > r^2: f has no root. a^2 = r^2
 * (> 0): f = a (1 - cos(theta t - psi)) up to sign, its roots the tangencies, where
 * (C, S) = -a (c, d) / r^2: C rational and S / |w| = -a n.Kd / (W r^2) rational, so the vertex
 * is at R + t v with R rational, and each side n.((e1 - e0) x (X - e0)) is alpha + beta t,
 * alpha, beta rational: the contacts are the tangencies in the rational interval where every
 * side is >= 0. A tangency time t > 0 is transcendental (the angle theta t is nonzero with an
 * algebraic cosine: Lindemann-Weierstrass), so it is never a rational end and never a double:
 * intervals at enough precision separate it from both; the loops are bounded by the cap.
 * The triangle moving with v along w is the vertex moving by the opposite screw (O, -v, -theta),
 * every condition invariant under the rigid motion applied to all four points. */
#include "sweep_tangent.h"

#include <assert.h>
#include <gmp.h>
#include <math.h>
#include <mpfr.h>

typedef mpq_t qvec[3];

static void qv_init(qvec x)
{
    for (int j = 0; j < 3; j++)
        mpq_init(x[j]);
}
static void qv_clear(qvec x)
{
    for (int j = 0; j < 3; j++)
        mpq_clear(x[j]);
}
static void qv_set_d(qvec x, const double d[3])
{
    for (int j = 0; j < 3; j++)
        mpq_set_d(x[j], d[j]);
}
static void qv_sub(qvec z, qvec a, qvec b)
{
    for (int j = 0; j < 3; j++)
        mpq_sub(z[j], a[j], b[j]);
}
/* z = a x b (z must not alias a or b). */
static void qv_cross(qvec z, qvec a, qvec b)
{
    mpq_t t;
    mpq_init(t);
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        mpq_mul(z[j], a[j1], b[j2]);
        mpq_mul(t, a[j2], b[j1]);
        mpq_sub(z[j], z[j], t);
    }
    mpq_clear(t);
}
static void qv_dot(mpq_t z, qvec a, qvec b)
{
    mpq_t t;
    mpq_init(t);
    mpq_mul(z, a[0], b[0]);
    for (int j = 1; j < 3; j++) {
        mpq_mul(t, a[j], b[j]);
        mpq_add(z, z, t);
    }
    mpq_clear(t);
}
/* z = a + k b */
static void qv_addmul(qvec z, qvec a, mpq_t k, qvec b)
{
    mpq_t t;
    mpq_init(t);
    for (int j = 0; j < 3; j++) {
        mpq_mul(t, k, b[j]);
        mpq_add(z[j], a[j], t);
    }
    mpq_clear(t);
}

/* The contacts lie at the tangencies with t in [lo, hi] (rationals; empty: 0). */
typedef struct window {
    mpq_t lo, hi;
} window;

/* The closed interval of t in [0, 1] where every side alpha + beta t of the vertex at R + t v
 * is >= 0; 0 when it is empty. */
static int side_window(qvec T[3], qvec n, qvec R, qvec v, window *win)
{
    static const int edge[3][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 } };
    qvec e, x, c;
    qv_init(e);
    qv_init(x);
    qv_init(c);
    mpq_t alpha, beta, b;
    mpq_inits(alpha, beta, b, NULL);
    mpq_set_ui(win->lo, 0, 1);
    mpq_set_ui(win->hi, 1, 1);
    int nonempty = 1;
    for (int k = 0; k < 3 && nonempty; k++) {
        qv_sub(e, T[edge[k][1]], T[edge[k][0]]);
        qv_sub(x, R, T[edge[k][0]]);
        qv_cross(c, e, x);
        qv_dot(alpha, n, c);
        qv_cross(c, e, v);
        qv_dot(beta, n, c);
        if (mpq_sgn(beta) == 0) {
            nonempty = mpq_sgn(alpha) >= 0;
            continue;
        }
        mpq_div(b, alpha, beta); /* alpha + beta t >= 0: t >= -b (beta > 0), t <= -b (< 0) */
        mpq_neg(b, b);
        if (mpq_sgn(beta) > 0 && mpq_cmp(b, win->lo) > 0)
            mpq_set(win->lo, b);
        if (mpq_sgn(beta) < 0 && mpq_cmp(b, win->hi) < 0)
            mpq_set(win->hi, b);
        nonempty = mpq_cmp(win->lo, win->hi) <= 0;
    }
    mpq_clears(alpha, beta, b, NULL);
    qv_clear(e);
    qv_clear(x);
    qv_clear(c);
    return nonempty;
}

/* An enclosure [lo, hi] of a real number at the working precision. */
typedef struct ival {
    mpfr_t lo, hi;
} ival;

static void iv_init(ival *x, mpfr_prec_t p)
{
    mpfr_init2(x->lo, p);
    mpfr_init2(x->hi, p);
}
static void iv_clear(ival *x)
{
    mpfr_clear(x->lo);
    mpfr_clear(x->hi);
}
static void iv_set_q(ival *x, const mpq_t v)
{
    mpfr_set_q(x->lo, v, MPFR_RNDD);
    mpfr_set_q(x->hi, v, MPFR_RNDU);
}

/* The first tangency time in the window, as adjacent doubles. phi0 in [0, 2 pi) is the angle of
 * (C, S') (S' = S sign(theta)), the tangency angles phi0 + 2 pi k, their times
 * (phi0 + 2 pi k) / |theta|; k the least with a time > lo (and > 0). 1: (lo, hi) set, 0: no
 * tangency in the window, -1: not separated at precision p. */
static int first_tangency(const mpq_t C, int s_sign, double abs_theta, const window *win,
                          mpfr_prec_t p, double *lo, double *hi)
{
    ival c, phi, twopi, rho, kap, t;
    ival *all[6] = { &c, &phi, &twopi, &rho, &kap, &t };
    for (int i = 0; i < 6; i++)
        iv_init(all[i], p);
    mpfr_t a;
    mpfr_init2(a, p);
    int rc = -1;
    iv_set_q(&c, C);
    mpfr_const_pi(twopi.lo, MPFR_RNDD);
    mpfr_const_pi(twopi.hi, MPFR_RNDU);
    mpfr_mul_2ui(twopi.lo, twopi.lo, 1, MPFR_RNDD);
    mpfr_mul_2ui(twopi.hi, twopi.hi, 1, MPFR_RNDU);
    /* acos is decreasing: [acos(c.hi), acos(c.lo)] (c within [-1, 1]: |C| <= 1 exactly). */
    mpfr_acos(phi.lo, c.hi, MPFR_RNDD);
    mpfr_acos(phi.hi, c.lo, MPFR_RNDU);
    if (s_sign < 0) { /* 2 pi - acos */
        mpfr_sub(a, twopi.lo, phi.hi, MPFR_RNDD);
        mpfr_sub(phi.hi, twopi.hi, phi.lo, MPFR_RNDU);
        mpfr_set(phi.lo, a, MPFR_RNDD);
    }
    /* kappa = (lo |theta| - phi0) / (2 pi); k = floor(kappa) + 1 (kappa is an integer only when
     * lo = 0 and phi0 = 0: then k = 1, the tangency at t = 0 being no contact). */
    long k;
    mpq_t rq;
    mpq_init(rq);
    mpq_set_d(rq, abs_theta);
    mpq_mul(rq, rq, win->lo);
    if (mpq_sgn(rq) == 0 && mpq_cmp_ui(C, 1, 1) == 0 && s_sign == 0) {
        k = 1;
    } else {
        iv_set_q(&rho, rq);
        mpfr_sub(kap.lo, rho.lo, phi.hi, MPFR_RNDD);
        mpfr_sub(kap.hi, rho.hi, phi.lo, MPFR_RNDU);
        /* divided by 2 pi in [twopi.lo, twopi.hi] > 0: the extremes among the four quotients */
        mpfr_div(a, kap.lo, twopi.hi, MPFR_RNDD);
        mpfr_div(kap.lo, kap.lo, twopi.lo, MPFR_RNDD);
        mpfr_min(kap.lo, kap.lo, a, MPFR_RNDD);
        mpfr_div(a, kap.hi, twopi.lo, MPFR_RNDU);
        mpfr_div(kap.hi, kap.hi, twopi.hi, MPFR_RNDU);
        mpfr_max(kap.hi, kap.hi, a, MPFR_RNDU);
        mpfr_floor(kap.lo, kap.lo);
        mpfr_floor(kap.hi, kap.hi);
        if (!mpfr_equal_p(kap.lo, kap.hi) || !mpfr_fits_slong_p(kap.lo, MPFR_RNDN))
            goto done;
        k = mpfr_get_si(kap.lo, MPFR_RNDN) + 1;
        assert(k >= 0); /* kappa >= -phi0 / (2 pi) > -1 */
    }
    /* t = (phi0 + 2 pi k) / |theta| (k >= 0, everything positive: monotone) */
    mpfr_mul_si(t.lo, twopi.lo, k, MPFR_RNDD);
    mpfr_mul_si(t.hi, twopi.hi, k, MPFR_RNDU);
    mpfr_add(t.lo, t.lo, phi.lo, MPFR_RNDD);
    mpfr_add(t.hi, t.hi, phi.hi, MPFR_RNDU);
    mpfr_div_d(t.lo, t.lo, abs_theta, MPFR_RNDD);
    mpfr_div_d(t.hi, t.hi, abs_theta, MPFR_RNDU);
    if (mpfr_cmp_q(t.lo, win->hi) > 0) {
        rc = 0; /* the first tangency after lo is past the window */
    } else if (mpfr_cmp_q(t.hi, win->hi) < 0) {
        double l = mpfr_get_d(t.lo, MPFR_RNDD), h = mpfr_get_d(t.hi, MPFR_RNDU);
        if (l < h && nextafter(l, INFINITY) == h) {
            *lo = l;
            *hi = h;
            rc = 1;
        }
    }
done:
    mpq_clear(rq);
    mpfr_clear(a);
    for (int i = 0; i < 6; i++)
        iv_clear(all[i]);
    return rc;
}

/* v x w = 0, exactly (products of doubles are exact rationals). */
static int along(const double v[3], const double w[3])
{
    mpq_t a, b, c;
    mpq_inits(a, b, c, NULL);
    int yes = 1;
    for (int j = 0; j < 3 && yes; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        mpq_set_d(a, v[j1]);
        mpq_set_d(c, w[j2]);
        mpq_mul(a, a, c);
        mpq_set_d(b, v[j2]);
        mpq_set_d(c, w[j1]);
        mpq_mul(b, b, c);
        yes = mpq_equal(a, b);
    }
    mpq_clears(a, b, c, NULL);
    return yes;
}

sweep_tangent_answer gt_sweep_tangent(const double q[8][3], unsigned long cap_bits, double *lo,
                                      double *hi)
{
    double theta = q[7][1], vd[3] = { q[6][0], q[6][1], q[6][2] };
    if (q[7][0] != 0.0) { /* the triangle moves: the opposite screw of the vertex, if a screw */
        if (!along(q[6], q[5]))
            return TANGENT_NOT_APPLICABLE;
        theta = -theta;
        for (int j = 0; j < 3; j++)
            vd[j] = -vd[j];
    }
    if (theta == 0.0)
        return TANGENT_NOT_APPLICABLE;
    qvec P, T[3], O, w, v, n, e1, e2, d, Kd, KKd, R;
    qvec *vecs[] = { &P, &T[0], &T[1], &T[2], &O, &w, &v, &n, &e1, &e2, &d, &Kd, &KKd, &R };
    for (size_t i = 0; i < sizeof vecs / sizeof *vecs; i++)
        qv_init(*vecs[i]);
    mpq_t W, b, nK, nKK, a, c, r2, x, C, sw, kk;
    mpq_inits(W, b, nK, nKK, a, c, r2, x, C, sw, kk, NULL);
    window win;
    mpq_inits(win.lo, win.hi, NULL);
    sweep_tangent_answer ans = TANGENT_NOT_APPLICABLE;

    qv_set_d(P, q[0]);
    for (int i = 0; i < 3; i++)
        qv_set_d(T[i], q[1 + i]);
    qv_set_d(O, q[4]);
    qv_set_d(w, q[5]);
    qv_set_d(v, vd);
    qv_sub(e1, T[1], T[0]);
    qv_sub(e2, T[2], T[0]);
    qv_cross(n, e1, e2);
    qv_dot(b, n, v);
    if (mpq_sgn(b) != 0)
        goto out; /* motion across the plane: every root simple (isolation) */
    qv_sub(d, P, O);
    qv_cross(Kd, w, d);
    qv_cross(KKd, w, Kd);
    qv_dot(W, w, w);
    qv_dot(nK, n, Kd);
    qv_dot(nKK, n, KKd);
    qv_sub(e1, P, T[0]);
    qv_dot(a, n, e1);
    mpq_div(c, nKK, W); /* c = -n.KKd / W; a = n.(P - A) - c */
    mpq_neg(c, c);
    mpq_sub(a, a, c);
    mpq_mul(r2, c, c);
    mpq_mul(x, nK, nK);
    mpq_div(x, x, W);
    mpq_add(r2, r2, x);
    mpq_mul(x, a, a);
    int cmp = mpq_cmp(x, r2);
    if (cmp > 0 || mpq_sgn(r2) == 0) { /* |f| >= |a| - r > 0 (not identically 0: a != 0) */
        ans = TANGENT_MISS;
        goto out;
    }
    if (cmp < 0)
        goto out; /* simple roots: isolation */
    /* The tangency: C = -a c / r^2, S / |w| = -a n.Kd / (W r^2), R = P + S/|w| Kd + (1-C)/W KKd */
    mpq_mul(C, a, c);
    mpq_div(C, C, r2);
    mpq_neg(C, C);
    mpq_mul(sw, a, nK);
    mpq_div(sw, sw, W);
    mpq_div(sw, sw, r2);
    mpq_neg(sw, sw);
    int s_sign = mpq_sgn(sw) * (theta > 0 ? 1 : -1);
    qv_addmul(R, P, sw, Kd);
    mpq_set_ui(kk, 1, 1);
    mpq_sub(kk, kk, C);
    mpq_div(kk, kk, W);
    qv_addmul(R, R, kk, KKd);
    qv_sub(e1, R, T[0]);
    qv_dot(x, n, e1);
    assert(mpq_sgn(x) == 0); /* the tangency point is in the plane */
    if (!side_window(T, n, R, v, &win)) {
        ans = TANGENT_MISS;
        goto out;
    }
    ans = TANGENT_UNSURE;
    for (mpfr_prec_t p = 64; p <= (mpfr_prec_t)cap_bits; p *= 2) {
        int rc = first_tangency(C, s_sign, fabs(theta), &win, p, lo, hi);
        if (rc >= 0) {
            ans = rc ? TANGENT_HIT : TANGENT_MISS;
            break;
        }
    }
out:
    mpq_clears(win.lo, win.hi, NULL);
    mpq_clears(W, b, nK, nKK, a, c, r2, x, C, sw, kk, NULL);
    for (size_t i = 0; i < sizeof vecs / sizeof *vecs; i++)
        qv_clear(*vecs[i]);
    return ans;
}
