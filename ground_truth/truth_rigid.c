/* truth_rigid.c — the rigid motion of docs/rigid.md as integer polynomials in u (gt_rigid_load)
 * and the time of impact in t from an exact bracket of u (gt_rigid_toi). The decision itself is
 * truth.c's: the same predicate table and cell method, on these polynomials. */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>

#include "gt_rigid.h"

/* x = m 2^e exactly (m odd, or 0 with e = 0), from the IEEE-754 fields. */
static void split(double x, int64_t *m, long *e)
{
    assert(isfinite(x)); /* precondition: finite input (the CSV layer rejects others) */
    int ex;
    double f = frexp(x, &ex); /* x = f 2^ex, 0.5 <= |f| < 1 */
    if (f == 0) {
        *m = 0;
        *e = 0;
        return;
    }
    int64_t v = (int64_t)ldexp(f, 53); /* exact: f has at most 53 significant bits */
    /* odd: drop the trailing zero bits in one step (v != 0; a loop of halvings was a tenth of
     * the exact path's time) */
    const int tz = __builtin_ctzll((unsigned long long)(v < 0 ? -v : v));
    *m = v / ((int64_t)1 << tz); /* exact */
    *e = ex - 53 + tz;
}

/* z = m 2^shift, shift >= 0. */
static void set_scaled(mpz_ptr z, int64_t m, long shift)
{
    mpz_set_si(z, (long)m);
    mpz_mul_2exp(z, z, (mp_bitcnt_t)shift);
}

/* r = a x b for integer vectors. */
static void zcross(mpz_ptr r[3], mpz_ptr const a[3], mpz_ptr const b[3], mpz_ptr tmp)
{
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        mpz_mul(r[j], a[j1], b[j2]);
        mpz_mul(tmp, a[j2], b[j1]);
        mpz_sub(r[j], r[j], tmp);
    }
}

/* ceil(sqrt(x)) for x >= 0, into r */
static void ceil_sqrt(mpz_ptr r, mpz_srcptr x)
{
    if (mpz_perfect_square_p(x)) {
        mpz_sqrt(r, x);
    } else {
        mpz_sqrt(r, x);
        mpz_add_ui(r, r, 1);
    }
}

/* The bound filter, exact: every moving point stays within |x0 - c| + |s| of the axis point c
 * (|x(u) - c| = |R(u) (x0 - c) + u s| <= |x0 - c| + |s|), so the moving primitive (the convex
 * hull of its points) stays in the ball about c of radius r = max_i |y_i| + |s|; if the still
 * points' bounding box is farther than r (+ the separation Dsep, when not NULL and > 0) from c,
 * nothing comes within Dsep at any time. d > a + b for d^2, a^2, b^2 integers: e = d^2 - a^2 -
 * b^2 > 0 and e^2 > 4 a^2 b^2. With Dsep > 0 a sufficient test instead: d^2 > (A + B + Dsep)^2,
 * A and B the integer square roots of a^2 and b^2 rounded up. */
static int ball_apart(gt_ws *ws, mpz_ptr X[4][3], mpz_ptr C[3], mpz_ptr S[3], const int moving[4],
                      mpz_srcptr Dsep)
{
    gt_ws_mark mk = gt_ws_save(ws);
    mpz_ptr d2 = gt_ws_int(ws), a2 = gt_ws_int(ws), b2 = gt_ws_int(ws), e = gt_ws_int(ws),
            g = gt_ws_int(ws), f = gt_ws_int(ws);
    mpz_set_ui(d2, 0);
    for (int j = 0; j < 3; j++) { /* squared distance from c to the still points' box */
        int below = 1, above = 1;
        for (int i = 0; i < 4; i++)
            if (!moving[i]) {
                below &= mpz_cmp(C[j], X[i][j]) < 0;
                above &= mpz_cmp(C[j], X[i][j]) > 0;
            }
        if (!below && !above)
            continue;
        int first = 1;
        for (int i = 0; i < 4; i++) /* the nearest face of the box on this axis */
            if (!moving[i]) {
                mpz_sub(f, X[i][j], C[j]);
                mpz_abs(f, f);
                if (first || mpz_cmp(f, g) < 0)
                    mpz_set(g, f);
                first = 0;
            }
        mpz_addmul(d2, g, g);
    }
    mpz_set_ui(b2, 0);
    for (int j = 0; j < 3; j++)
        mpz_addmul(b2, S[j], S[j]);
    int apart = mpz_sgn(d2) > 0;
    for (int i = 0; i < 4 && apart; i++) {
        if (!moving[i])
            continue;
        mpz_set_ui(a2, 0);
        for (int j = 0; j < 3; j++) {
            mpz_sub(f, X[i][j], C[j]);
            mpz_addmul(a2, f, f);
        }
        if (Dsep && mpz_sgn(Dsep) > 0) {
            ceil_sqrt(e, a2);
            ceil_sqrt(f, b2);
            mpz_add(e, e, f);
            mpz_add(e, e, Dsep);
            mpz_mul(e, e, e);
            apart = mpz_cmp(d2, e) > 0;
            continue;
        }
        mpz_sub(e, d2, a2);
        mpz_sub(e, e, b2);
        if (mpz_sgn(e) <= 0) {
            apart = 0;
            break;
        }
        mpz_mul(e, e, e);
        mpz_mul(f, a2, b2);
        mpz_mul_2exp(f, f, 2);
        apart = mpz_cmp(e, f) > 0;
    }
    gt_ws_restore(ws, mk);
    return apart;
}

/* Integer form: the lengths (points, c, s) share one power-of-two scale 2^-emin, the
 * dimensionless w its own: w = Wi / L with L = 2^ew. Multiplying x(u) by L^2 D(u) gives, with
 * D'(u) = L^2 + |Wi|^2 u^2 and y = X0 - C,
 *     D' x = D' X0 + 2 u L (Wi x y) + 2 u^2 Wi x (Wi x y) + u D' S   (moving points),
 *     D' x = D' X0                                                    (still points).   */
int gt_rigid_load(gt_ws *ws, gt_poly P[4][3], const double q[8][3], int vf, int *apart)
{
    return gt_rigid_load_sep(ws, P, q, vf, 0.0, NULL, NULL, apart);
}

int gt_rigid_load_sep(gt_ws *ws, gt_poly P[4][3], const double q[8][3], int vf, double d, mpz_ptr D,
                      gt_poly *Dp_out, int *apart)
{
    int64_t man[7][3];
    long ex[7][3], emin = LONG_MAX, wmin = 0;
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 3; j++) {
            split(q[i][j], &man[i][j], &ex[i][j]);
            if (man[i][j] == 0)
                continue;
            if (i == 5) {
                if (ex[i][j] < wmin)
                    wmin = ex[i][j];
            } else if (ex[i][j] < emin) {
                emin = ex[i][j];
            }
        }
    int64_t dman = 0;
    long dex = 0;
    if (D) { /* d joins the lengths' scale */
        split(d, &dman, &dex);
        if (dman != 0 && dex < emin)
            emin = dex;
    }
    if (emin == LONG_MAX)
        emin = 0;
    if (D)
        set_scaled(D, dman, dman ? dex - emin : 0);
    /* Which primitive moves: the first (VF: the vertex, point 0; EE: edge a, points 0 and 1)
     * or the second (VF: the triangle, points 1-3; EE: edge b, points 2 and 3). */
    const int second = q[7][0] != 0.0;
    gt_ws_mark mk = gt_ws_save(ws);
    mpz_ptr X[4][3], C[3], S[3], W[3], Y[3], A[3], B[3], tmp = gt_ws_int(ws), L = gt_ws_int(ws);
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 4; i++)
            X[i][j] = gt_ws_int(ws);
        C[j] = gt_ws_int(ws);
        S[j] = gt_ws_int(ws);
        W[j] = gt_ws_int(ws);
        Y[j] = gt_ws_int(ws);
        A[j] = gt_ws_int(ws);
        B[j] = gt_ws_int(ws);
    }
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 4; i++)
            set_scaled(X[i][j], man[i][j], man[i][j] ? ex[i][j] - emin : 0);
        set_scaled(C[j], man[4][j], man[4][j] ? ex[4][j] - emin : 0);
        set_scaled(S[j], man[6][j], man[6][j] ? ex[6][j] - emin : 0);
        set_scaled(W[j], man[5][j], man[5][j] ? ex[5][j] - wmin : 0);
    }
    int moving[4];
    for (int i = 0; i < 4; i++)
        moving[i] = (vf ? i >= 1 : i >= 2) == second;
    if (apart)
        *apart = ball_apart(ws, X, C, S, moving, D);
    mpz_set_ui(L, 1);
    mpz_mul_2exp(L, L, (mp_bitcnt_t)(-wmin)); /* L = 2^ew, ew = -wmin >= 0 */
    /* D'(u) = L^2 + |Wi|^2 u^2 */
    gt_poly *Dp = gt_ws_poly(ws);
    mpz_mul(Dp->c[0], L, L); /* (scratch polynomials hold stale coefficients: set each) */
    mpz_set_ui(Dp->c[1], 0);
    mpz_set_ui(Dp->c[2], 0);
    for (int j = 0; j < 3; j++)
        mpz_addmul(Dp->c[2], W[j], W[j]);
    const int pure = mpz_sgn(Dp->c[2]) == 0;
    Dp->deg = 2;
    gt_poly_norm(Dp);
    if (Dp_out)
        gt_poly_set(Dp_out, Dp);
    for (int i = 0; i < 4; i++) {
        if (moving[i]) {
            for (int j = 0; j < 3; j++)
                mpz_sub(Y[j], X[i][j], C[j]);
            zcross(A, W, Y, tmp); /* Wi x y */
            zcross(B, W, A, tmp); /* Wi x (Wi x y) */
        }
        for (int j = 0; j < 3; j++) {
            gt_poly *p = &P[i][j];
            for (int d = 0; d <= 3; d++)
                mpz_set_ui(p->c[d], 0);
            for (int d = 0; d <= Dp->deg; d++) /* D' X0 */
                mpz_mul(p->c[d], Dp->c[d], X[i][j]);
            if (moving[i]) {
                mpz_mul(tmp, A[j], L); /* 2 u L (Wi x y) */
                mpz_addmul_ui(p->c[1], tmp, 2);
                mpz_addmul_ui(p->c[2], B[j], 2);   /* 2 u^2 Wi x (Wi x y) */
                for (int d = 0; d <= Dp->deg; d++) /* u D' S */
                    mpz_addmul(p->c[d + 1], Dp->c[d], S[j]);
            }
            p->deg = 3;
            gt_poly_norm(p);
        }
    }
    gt_ws_restore(ws, mk);
    return pure;
}

/* a + b is exactly a double (TwoSum's error is zero, and no overflow). */
static int exact_sum(double a, double b, double *s)
{
    const double x = a + b, bv = x - a, err = (a - (x - bv)) + (b - bv);
    *s = x;
    return isfinite(x) && err == 0.0;
}

int gt_rigid_as_linear(const double q[8][3], int vf, double lin[8][3])
{
    if (q[5][0] != 0.0 || q[5][1] != 0.0 || q[5][2] != 0.0)
        return 0;
    const int second = q[7][0] != 0.0; /* which primitive moves, as gt_rigid_load_sep */
    for (int i = 0; i < 4; i++) {
        const int moving = (vf ? i >= 1 : i >= 2) == second;
        for (int j = 0; j < 3; j++) {
            lin[i][j] = q[i][j];
            if (!moving)
                lin[i + 4][j] = q[i][j];
            else if (!exact_sum(q[i][j], q[6][j], &lin[i + 4][j]))
                return 0;
        }
    }
    return 1;
}

/* |w| as an interval [lo, hi] at the precision of lo and hi. */
static void norm_w(const double q[8][3], mpfr_t lo, mpfr_t hi)
{
    mpfr_t sq, x;
    /* The exact sum of three squares of doubles: each square has 106 bits, from bit 2 e_max down
     * to bit 2 (e_min - 53) (e: frexp exponents of the non-zero components), so 2 (e_max - e_min)
     * + 110 bits hold the sum exactly (at most 4400: from 2^2048 down to 2^-2148). */
    int emax = INT_MIN, emin = INT_MAX;
    for (int j = 0; j < 3; j++)
        if (q[5][j] != 0) {
            int e;
            (void)frexp(q[5][j], &e);
            emax = e > emax ? e : emax;
            emin = e < emin ? e : emin;
        }
    const mpfr_prec_t prec = emax == INT_MIN ? 110 : 2 * (mpfr_prec_t)(emax - emin) + 110;
    mpfr_init2(sq, prec);
    mpfr_init2(x, prec);
    mpfr_set_ui(sq, 0, MPFR_RNDN);
    for (int j = 0; j < 3; j++) {
        mpfr_set_d(x, q[5][j], MPFR_RNDN);
        mpfr_sqr(x, x, MPFR_RNDN); /* exact at this precision */
        mpfr_add(sq, sq, x, MPFR_RNDN);
    }
    mpfr_sqrt(lo, sq, MPFR_RNDD);
    mpfr_sqrt(hi, sq, MPFR_RNDU);
    mpfr_clear(sq);
    mpfr_clear(x);
}

/* nlo <= t(u) <= nhi for every u in [ulo, uhi] (0 < ulo <= uhi), t = atan(u a) / atan(a),
 * a = |w| in [alo, ahi]: numerator and denominator are positive and increasing in u and a, so the
 * lower end takes the small numerator over the large denominator, the upper end the reverse,
 * each rounded outward (at the precision of nlo). */
static void t_bounds(const double q[8][3], mpfr_t ulo, mpfr_t uhi, mpfr_t nlo, mpfr_t nhi)
{
    const mpfr_prec_t prec = mpfr_get_prec(nlo);
    mpfr_t alo, ahi, dlo, dhi;
    mpfr_inits2(prec, alo, ahi, dlo, dhi, (mpfr_ptr)0);
    norm_w(q, alo, ahi);
    mpfr_mul(nlo, ulo, alo, MPFR_RNDD);
    mpfr_atan(nlo, nlo, MPFR_RNDD);
    mpfr_mul(nhi, uhi, ahi, MPFR_RNDU);
    mpfr_atan(nhi, nhi, MPFR_RNDU);
    mpfr_atan(dlo, alo, MPFR_RNDD);
    mpfr_atan(dhi, ahi, MPFR_RNDU);
    mpfr_div(nlo, nlo, dhi, MPFR_RNDD);
    mpfr_div(nhi, nhi, dlo, MPFR_RNDU);
    mpfr_clears(alo, ahi, dlo, dhi, (mpfr_ptr)0);
}

/* t_bounds' nlo <= t(u) <= nhi with two atans instead of four, for certain_doubles (whose check
 * turns any rigorous bounds into the exact path's doubles, which t_bounds gives otherwise).
 * atan is increasing and 1-Lipschitz, and a value rounded down lies below the exact one by less
 * than an ulp: x = RNDD(atan(p)) gives atan(p) < nextabove(x), so for p <= p'
 * atan(p') <= atan(p) + (p' - p) < nextabove(x) + (p' - p), summed rounding up. Applied to the
 * numerator (p = ulo alo, p' = uhi ahi, products rounded down and up) and the denominator
 * (p = alo, p' = ahi). */
static void t_bounds_fast(const double q[8][3], mpfr_t ulo, mpfr_t uhi, mpfr_t nlo, mpfr_t nhi)
{
    const mpfr_prec_t prec = mpfr_get_prec(nlo);
    mpfr_t alo, ahi, dlo, dhi, p;
    mpfr_inits2(prec, alo, ahi, dlo, dhi, p, (mpfr_ptr)0);
    norm_w(q, alo, ahi);
    mpfr_mul(nlo, ulo, alo, MPFR_RNDD); /* p */
    mpfr_mul(p, uhi, ahi, MPFR_RNDU);   /* p' */
    mpfr_sub(p, p, nlo, MPFR_RNDU);     /* p' - p */
    mpfr_atan(nlo, nlo, MPFR_RNDD);
    mpfr_set(nhi, nlo, MPFR_RNDN); /* same precision: exact */
    mpfr_nextabove(nhi);
    mpfr_add(nhi, nhi, p, MPFR_RNDU);
    mpfr_sub(p, ahi, alo, MPFR_RNDU);
    mpfr_atan(dlo, alo, MPFR_RNDD);
    mpfr_set(dhi, dlo, MPFR_RNDN);
    mpfr_nextabove(dhi);
    mpfr_add(dhi, dhi, p, MPFR_RNDU);
    mpfr_div(nlo, nlo, dhi, MPFR_RNDD);
    mpfr_div(nhi, nhi, dlo, MPFR_RNDU);
    mpfr_clears(alo, ahi, dlo, dhi, p, (mpfr_ptr)0);
}

/* gt_rigid_toi's doubles from any bracket 0 < ulo <= u <= uhi <= 1 (exact ends), when they are
 * certain from it: 1 with them in *lo, *hi, else 0. gt_rigid_toi's 192-bit nlo, nhi satisfy
 * t (1 - 2^-70) <= nlo <= t <= nhi <= t (1 + 2^-70): its u bracket has relative width
 * <= 2^-71 (num >= 2^71), |w| is bracketed to 2^-191, atan(lambda x) lies between lambda atan(x)
 * and atan(x) for lambda in [0, 1] (and the reverse for lambda >= 1: atan is concave on x >= 0),
 * and the six roundings at 192 bits add 6 2^-191 (whatever bracket this function has: its own
 * nlo <= t <= nhi, from t_bounds_fast, hold at any precision). So when every value of
 * [x, nhi] (x <= nlo (1 - 2^-70), nlo <= t here) rounds down to the same double L and every value
 * of [nlo, y] (y >= nhi (1 + 2^-70)) rounds up to the same H, gt_rigid_toi gives L and H. */
static int certain_doubles(const double q[8][3], mpfr_t ulo, mpfr_t uhi, double *lo, double *hi)
{
    mpfr_t nlo, nhi, x;
    /* 100 bits: rigorous bounds either way, and 2^-99 roundings leave t far inside the 2^-70
     * margin below */
    mpfr_inits2(100, nlo, nhi, x, (mpfr_ptr)0);
    t_bounds_fast(q, ulo, uhi, nlo, nhi);
    const double L = mpfr_get_d(nlo, MPFR_RNDD), H = mpfr_get_d(nhi, MPFR_RNDU);
    mpfr_div_2ui(x, nlo, 70, MPFR_RNDU);
    mpfr_sub(x, nlo, x, MPFR_RNDD);
    int ok = mpfr_get_d(x, MPFR_RNDD) == L && mpfr_get_d(nhi, MPFR_RNDD) == L;
    mpfr_div_2ui(x, nhi, 70, MPFR_RNDU);
    mpfr_add(x, nhi, x, MPFR_RNDU);
    ok = ok && mpfr_get_d(x, MPFR_RNDU) == H && mpfr_get_d(nlo, MPFR_RNDU) == H && L >= 0 && H <= 1;
    *lo = L;
    *hi = H;
    mpfr_clears(nlo, nhi, x, (mpfr_ptr)0);
    return ok;
}

void gt_rigid_toi(gt_ws *ws, gt_alg *u, const double q[8][3], int check, double *lo, double *hi)
{
    if (u->exact && mpz_sgn(u->num) == 0) {
        *lo = *hi = 0.0;
        return;
    }
    /* A bracket num/2^k <= u <= (num+1)/2^k of relative width <= 2^-70 (or u exactly). */
    while (!u->exact && mpz_sizeinbase(u->num, 2) < 72)
        gt_alg_refine(ws, u);
    const mpfr_prec_t prec = 192;
    mpfr_t ulo, uhi, nlo, nhi;
    mpfr_inits2(prec, nlo, nhi, (mpfr_ptr)0);
    mpfr_prec_t uprec = (mpfr_prec_t)mpz_sizeinbase(u->num, 2) + 2;
    mpfr_inits2(uprec < prec ? prec : uprec, ulo, uhi, (mpfr_ptr)0);
    /* Both ends exactly (the precision holds num + 1). */
    mpfr_set_z_2exp(ulo, u->num, -u->k, MPFR_RNDN);
    mpfr_set_z_2exp(uhi, u->num, -u->k, MPFR_RNDN);
    if (!u->exact) {
        mpfr_mul_2si(uhi, uhi, u->k, MPFR_RNDN);
        mpfr_add_ui(uhi, uhi, 1, MPFR_RNDN);
        mpfr_div_2si(uhi, uhi, u->k, MPFR_RNDN);
    } else if (mpfr_cmp_ui(ulo, 1) == 0) {
        *lo = *hi = 1.0;
        mpfr_clears(ulo, uhi, nlo, nhi, (mpfr_ptr)0);
        return;
    }
    /* The doubles below, when certain from two 100-bit atans (certain_doubles); checking mode
     * computes them the long way as well. */
    double L, H;
    const int certain = certain_doubles(q, ulo, uhi, &L, &H);
    if (!certain || check) {
        t_bounds(q, ulo, uhi, nlo, nhi);
        *lo = mpfr_get_d(nlo, MPFR_RNDD);
        *hi = mpfr_get_d(nhi, MPFR_RNDU);
        if (*lo < 0)
            *lo = 0; /* t >= 0 and t <= 1 hold exactly */
        if (*hi > 1)
            *hi = 1;
        assert(!certain || (*lo == L && *hi == H));
    } else {
        *lo = L;
        *hi = H;
    }
    assert(*lo <= *hi);
    mpfr_clears(ulo, uhi, nlo, nhi, (mpfr_ptr)0);
}

int gt_rigid_t_bracket(const double q[8][3], double a, double e0, double e1, double *lo, double *hi)
{
    mpfr_t ulo, uhi;
    mpfr_inits2(256, ulo, uhi, (mpfr_ptr)0); /* a + e, exactly or refused below */
    mpfr_set_d(ulo, a, MPFR_RNDN);
    mpfr_set_d(uhi, a, MPFR_RNDN);
    const int ok = mpfr_add_d(ulo, ulo, e0, MPFR_RNDN) == 0 &&
                   mpfr_add_d(uhi, uhi, e1, MPFR_RNDN) == 0 && mpfr_sgn(ulo) > 0 &&
                   mpfr_cmp(ulo, uhi) <= 0 && mpfr_cmp_ui(uhi, 1) < 0 &&
                   certain_doubles(q, ulo, uhi, lo, hi);
    mpfr_clears(ulo, uhi, (mpfr_ptr)0);
    return ok;
}
