/* gt_alg.c — real algebraic numbers in [0,1] (a dyadic, or a square-free integer polynomial
 * with a dyadic isolating interval): root isolation by Descartes bisection, exact signs of
 * polynomials at such numbers, exact comparison, and outward rounding to doubles. */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "gt_newton.h"
#include "gt_poly.h"

void gt_alg_init(gt_alg *r)
{
    mpz_init(r->num);
    gt_poly_init(&r->q);
    r->exact = 1;
    r->k = 0;
    r->slo = 0;
}

void gt_alg_clear(gt_alg *r)
{
    mpz_clear(r->num);
    gt_poly_clear(&r->q);
}

void gt_alg_set(gt_alg *r, const gt_alg *a)
{
    if (r == a)
        return;
    r->exact = a->exact;
    r->k = a->k;
    mpz_set(r->num, a->num);
    r->slo = a->slo;
    if (!a->exact)
        gt_poly_set(&r->q, &a->q);
}

void gt_alg_set_ui(gt_alg *r, unsigned long v)
{
    r->exact = 1;
    r->k = 0;
    mpz_set_ui(r->num, v);
}

void gt_alg_refine(gt_ws *ws, gt_alg *r)
{
    if (r->exact)
        return;
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr mid = gt_ws_int(ws);
    mpz_mul_2exp(mid, r->num, 1);
    mpz_add_ui(mid, mid, 1);
    int s = gt_poly_sign_at(ws, &r->q, mid, r->k + 1);
    r->k++;
    if (s == 0) {
        r->exact = 1;
        mpz_set(r->num, mid);
    } else if (s == r->slo) {
        mpz_set(r->num, mid);
    } else {
        mpz_mul_2exp(r->num, r->num, 1);
    }
    gt_ws_restore(ws, m);
}

/* One exact Newton step on the dyadic grid: from the midpoint x = M/2^K of r's interval,
 * x' = x - q(x)/q'(x) is rounded to the grid 2^-(K+bits) and the one-cell interval at x' is
 * accepted only if q changes sign across it (both ends inside the old interval). Returns 1 if
 * r's interval shrank (or r became exact), 0 if the step was refused (r unchanged). */
static int refine_newton(gt_ws *ws, gt_alg *r, long bits)
{
    const gt_poly *q = &r->q;
    int d = q->deg, ok = 0;
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr M = gt_ws_int(ws), A = gt_ws_int(ws), B = gt_ws_int(ws), t = gt_ws_int(ws),
            N = gt_ws_int(ws), lo = gt_ws_int(ws);
    long K = r->k + 1;
    mpz_mul_2exp(M, r->num, 1);
    mpz_add_ui(M, M, 1);
    /* A = 2^(Kd) q(x), B = 2^(K(d-1)) q'(x), by Horner */
    mpz_set(A, q->c[d]);
    mpz_set_ui(B, 0);
    for (int i = d - 1; i >= 0; i--) {
        mpz_mul(B, B, M); /* B <- B M + A (A before its update): the derivative's Horner */
        mpz_add(B, B, A);
        mpz_mul(A, A, M);
        mpz_mul_2exp(t, q->c[i], (mp_bitcnt_t)(K * (d - i)));
        mpz_add(A, A, t);
    }
    if (mpz_sgn(A) == 0) { /* the midpoint is the root */
        r->exact = 1;
        mpz_set(r->num, M);
        r->k = K;
        ok = 1;
    } else if (mpz_sgn(B) != 0) {
        long K2 = K + bits;
        mpz_neg(t, A);
        mpz_mul_2exp(t, t, (mp_bitcnt_t)bits);
        mpz_fdiv_q(t, t, B);
        mpz_mul_2exp(N, M, (mp_bitcnt_t)bits);
        mpz_add(N, N, t); /* floor(x' 2^K2) */
        /* both ends inside [lo, hi] of the old interval (grid 2^-K2) */
        mpz_mul_2exp(lo, r->num, (mp_bitcnt_t)(K2 - r->k));
        mpz_set_ui(t, 1);
        mpz_mul_2exp(t, t, (mp_bitcnt_t)(K2 - r->k)); /* old width on the new grid */
        mpz_add(t, t, lo);                            /* old hi */
        mpz_sub_ui(t, t, 1);
        if (mpz_cmp(N, lo) >= 0 && mpz_cmp(N, t) <= 0) {
            int s1 = gt_poly_sign_at(ws, q, N, K2);
            mpz_add_ui(t, N, 1);
            int s2 = gt_poly_sign_at(ws, q, t, K2);
            if (s1 == 0 || s2 == 0) {
                r->exact = 1;
                mpz_set(r->num, s1 == 0 ? N : t);
                r->k = K2;
                ok = 1;
            } else if (s1 != s2) {
                mpz_set(r->num, N);
                r->k = K2;
                r->slo = s1;
                ok = 1;
            }
        }
    }
    gt_ws_restore(ws, m);
    return ok;
}

/* Shrinks r's interval: a Newton step doubling the bits once the interval is narrow, else (or
 * if refused) one bisection. */
static void refine_fast(gt_ws *ws, gt_alg *r)
{
    if (r->exact)
        return;
    if (r->k >= 16 && refine_newton(ws, r, r->k))
        return;
    gt_alg_refine(ws, r);
}

/* Compare a/2^ka with b/2^kb. */
static int cmp_dyadic(gt_ws *ws, const mpz_t a, long ka, const mpz_t b, long kb)
{
    if (ka == kb)
        return mpz_cmp(a, b);
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr t = gt_ws_int(ws);
    int c;
    if (ka < kb) {
        mpz_mul_2exp(t, a, (mp_bitcnt_t)(kb - ka));
        c = mpz_cmp(t, b);
    } else {
        mpz_mul_2exp(t, b, (mp_bitcnt_t)(ka - kb));
        c = mpz_cmp(a, t);
    }
    gt_ws_restore(ws, m);
    return c;
}

/* Sign of the linear g at the non-exact r: compare r with g's rational root N/D exactly. */
static int sign_linear(gt_ws *ws, const gt_poly *g, gt_alg *r)
{
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr N = gt_ws_int(ws), D = gt_ws_int(ws), a = gt_ws_int(ws), b = gt_ws_int(ws);
    int s1 = mpz_sgn(g->c[1]), side; /* side: sign of r - N/D */
    mpz_neg(N, g->c[0]);
    if (s1 < 0)
        mpz_neg(N, N);
    mpz_abs(D, g->c[1]);
    mpz_mul_2exp(a, N, (mp_bitcnt_t)r->k); /* N/D vs num/2^k: N 2^k vs num D */
    mpz_mul(b, r->num, D);
    if (mpz_cmp(a, b) <= 0) {
        side = 1;
    } else {
        mpz_add(b, b, D);
        if (mpz_cmp(a, b) >= 0) {
            side = -1;
        } else { /* N/D inside the interval: the sign of q there tells the side */
            const gt_poly *q = &r->q;
            int d = q->deg;
            mpz_set(a, q->c[d]); /* D^d q(N/D) by Horner with powers of D */
            mpz_set_ui(b, 1);
            for (int i = d - 1; i >= 0; i--) {
                mpz_mul(a, a, N);
                mpz_mul(b, b, D);
                mpz_addmul(a, q->c[i], b);
            }
            int sq = mpz_sgn(a);
            side = sq == 0 ? 0 : sq == r->slo ? 1 : -1; /* q has the sign slo below r */
        }
    }
    gt_ws_restore(ws, m);
    return side * s1;
}

int gt_alg_sign(gt_ws *ws, const gt_poly *g, gt_alg *r)
{
    if (g->deg < 0)
        return 0;
    if (g->deg == 0)
        return mpz_sgn(g->c[0]);
    if (g->deg == 1 && !r->exact)
        return sign_linear(ws, g, r);
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr one = gt_ws_int(ws), tmp = gt_ws_int(ws);
    mpz_set_ui(one, 1);
    int tried_gcd = 0, s = 0;
    for (int it = 0;; it++) {
        if (r->exact) {
            s = gt_poly_sign_at(ws, g, r->num, r->k);
            break;
        }
        if (gt_poly_descartes(ws, g, r->num, one, r->k) == 0) {
            /* g has no root in the open interval, which holds r: its sign is g(midpoint). */
            mpz_mul_2exp(tmp, r->num, 1);
            mpz_add_ui(tmp, tmp, 1);
            s = gt_poly_sign_at(ws, g, tmp, r->k + 1);
            assert(s != 0);
            break;
        }
        /* a root of g this close to r is likely r itself: test that exactly (gcd) */
        if (!tried_gcd && (it >= 1 || r->k >= 40)) {
            tried_gcd = 1;
            gt_ws_mark m2 = gt_ws_save(ws);
            gt_poly *h = gt_ws_poly(ws);
            gt_poly_gcd(ws, h, &r->q, g);
            if (h->deg >= 1) {
                /* h | q is square-free: it vanishes at r iff it changes sign on the interval */
                int s1 = gt_poly_sign_at(ws, h, r->num, r->k);
                mpz_add_ui(tmp, r->num, 1);
                int s2 = gt_poly_sign_at(ws, h, tmp, r->k);
                assert(s1 != 0 && s2 != 0);
                if (s1 != s2) {
                    gt_ws_restore(ws, m2);
                    s = 0;
                    break;
                }
            }
            gt_ws_restore(ws, m2);
        }
        refine_fast(ws, r);
    }
    gt_ws_restore(ws, m);
    return s;
}

/* Compare the dyadic d = num/2^k with the non-exact r. */
static int cmp_exact_alg(gt_ws *ws, const mpz_t num, long k, gt_alg *r)
{
    assert(!r->exact);
    if (cmp_dyadic(ws, num, k, r->num, r->k) <= 0)
        return -1;
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr hi = gt_ws_int(ws);
    mpz_add_ui(hi, r->num, 1);
    int c = cmp_dyadic(ws, num, k, hi, r->k);
    if (c >= 0) {
        gt_ws_restore(ws, m);
        return 1;
    }
    int s = gt_poly_sign_at(ws, &r->q, num, k);
    gt_ws_restore(ws, m);
    if (s == 0)
        return 0;
    return s == r->slo ? -1 : 1; /* q keeps the sign slo on (lo, r) */
}

int gt_alg_is_dyadic(gt_ws *ws, gt_alg *r, const mpz_t num, long k)
{
    if (r->exact)
        return cmp_dyadic(ws, r->num, r->k, num, k) == 0;
    return cmp_exact_alg(ws, num, k, r) == 0;
}

int gt_alg_cmp(gt_ws *ws, gt_alg *a, gt_alg *b)
{
    if (a == b)
        return 0;
    gt_ws_mark m = gt_ws_save(ws);
    gt_poly *h = gt_ws_poly(ws);
    mpz_ptr t1 = gt_ws_int(ws), t2 = gt_ws_int(ws), lo = gt_ws_int(ws), hi = gt_ws_int(ws);
    int maybe_equal = -1, c;
    for (;;) {
        if (a->exact && b->exact) {
            c = cmp_dyadic(ws, a->num, a->k, b->num, b->k);
            c = c < 0 ? -1 : c > 0;
            break;
        }
        if (a->exact) {
            c = cmp_exact_alg(ws, a->num, a->k, b);
            break;
        }
        if (b->exact) {
            c = -cmp_exact_alg(ws, b->num, b->k, a);
            break;
        }
        mpz_add_ui(t1, a->num, 1);
        if (cmp_dyadic(ws, t1, a->k, b->num, b->k) <= 0) {
            c = -1;
            break;
        }
        mpz_add_ui(t2, b->num, 1);
        if (cmp_dyadic(ws, t2, b->k, a->num, a->k) <= 0) {
            c = 1;
            break;
        }
        if (maybe_equal < 0) {
            /* Equal only if both are roots of h = gcd(qa, qb); h | qa changes sign around a. */
            gt_poly_gcd(ws, h, &a->q, &b->q);
            maybe_equal = 0;
            if (h->deg >= 1) {
                int sa1 = gt_poly_sign_at(ws, h, a->num, a->k);
                int sa2 = gt_poly_sign_at(ws, h, t1, a->k);
                int sb1 = gt_poly_sign_at(ws, h, b->num, b->k);
                int sb2 = gt_poly_sign_at(ws, h, t2, b->k);
                maybe_equal = sa1 != sa2 && sb1 != sb2;
            }
        }
        if (maybe_equal) {
            /* both are roots of h: equal iff h has a single root in the hull of the intervals */
            long K = a->k > b->k ? a->k : b->k;
            mpz_mul_2exp(lo, a->num, (mp_bitcnt_t)(K - a->k));
            mpz_mul_2exp(t1, b->num, (mp_bitcnt_t)(K - b->k));
            if (mpz_cmp(t1, lo) < 0)
                mpz_set(lo, t1);
            mpz_add_ui(hi, a->num, 1);
            mpz_mul_2exp(hi, hi, (mp_bitcnt_t)(K - a->k));
            mpz_add_ui(t1, b->num, 1);
            mpz_mul_2exp(t1, t1, (mp_bitcnt_t)(K - b->k));
            if (mpz_cmp(t1, hi) > 0)
                mpz_set(hi, t1);
            mpz_sub(hi, hi, lo);
            if (gt_poly_descartes(ws, h, lo, hi, K) == 1) {
                c = 0;
                break;
            }
        }
        long ka = a->k, kb = b->k;
        if (ka <= kb)
            refine_fast(ws, a);
        if (kb <= ka)
            refine_fast(ws, b);
    }
    gt_ws_restore(ws, m);
    return c;
}

void gt_alg_between(gt_ws *ws, gt_alg *a, gt_alg *b, mpz_t num, long *k)
{
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr up = gt_ws_int(ws), dn = gt_ws_int(ws);
    for (;;) {
        mpz_set(up, a->num);
        if (!a->exact)
            mpz_add_ui(up, up, 1);
        long K = a->k > b->k ? a->k : b->k;
        mpz_mul_2exp(up, up, (mp_bitcnt_t)(K - a->k));
        mpz_mul_2exp(dn, b->num, (mp_bitcnt_t)(K - b->k));
        int c = mpz_cmp(up, dn);
        if (c < 0) {
            mpz_add(num, up, dn);
            *k = K + 1;
            break;
        }
        if (c == 0 && !a->exact && !b->exact) {
            mpz_set(num, up);
            *k = K;
            break;
        }
        assert(!(a->exact && b->exact)); /* a < b */
        if (!a->exact && a->k <= b->k)
            gt_alg_refine(ws, a);
        else if (!b->exact)
            gt_alg_refine(ws, b);
        else
            gt_alg_refine(ws, a);
    }
    gt_ws_restore(ws, m);
}

static double dyadic_round(gt_ws *ws, const mpz_t num, long k, mpfr_rnd_t rnd)
{
    mpfr_set_z_2exp(ws->fr, num, -k, rnd);
    return mpfr_get_d(ws->fr, rnd);
}

/* d (a double in [0,1]) as num/2^k with k >= 0. */
static void double_to_dyadic(double d, mpz_t num, long *k)
{
    if (d == 0) {
        mpz_set_ui(num, 0);
        *k = 0;
        return;
    }
    int e;
    double fr = frexp(d, &e);
    mpz_set_d(num, ldexp(fr, 53));
    *k = 53 - e;
    assert(*k >= 0);
}

/* Double approximation of the root of q in [a, b] (safeguarded Newton on scaled double
 * coefficients); only a guess, every use of it is checked exactly. */
static double newton_guess(const gt_poly *q, double a, double b)
{
    double c[GT_CAP] = { 0 }; /* c[0..deg] set below; zeros beyond, for the analyser */
    long E = LONG_MIN, e[GT_CAP];
    double m[GT_CAP];
    for (int i = 0; i <= q->deg; i++) {
        m[i] = mpz_get_d_2exp(&e[i], q->c[i]);
        if (m[i] != 0 && e[i] > E)
            E = e[i];
    }
    for (int i = 0; i <= q->deg; i++)
        c[i] = m[i] == 0 ? 0 : ldexp(m[i], (int)(e[i] - E < -2000 ? -2000 : e[i] - E));
    double x = 0.5 * (a + b);
    for (int it = 0; it < 100; it++) {
        double dp, p = gt_horner_d(c, q->deg, x, &dp);
        double pa = c[q->deg];
        for (int i = q->deg - 1; i >= 0; i--)
            pa = pa * a + c[i];
        if (p == 0)
            return x;
        /* keep a bracket [a, b] on the double signs */
        double xn = gt_newton_step(x, p, dp, (p > 0) == (pa > 0), &a, &b);
        if (xn == x || b <= nextafter(a, 2.0))
            return xn;
        x = xn;
    }
    return x;
}

/* Is the double d (as num/2^k) strictly inside r's interval? */
static int inside(gt_ws *ws, gt_alg *r, const mpz_t num, long k)
{
    if (cmp_dyadic(ws, num, k, r->num, r->k) <= 0)
        return 0;
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr hi = gt_ws_int(ws);
    mpz_add_ui(hi, r->num, 1);
    int c = cmp_dyadic(ws, num, k, hi, r->k) < 0;
    gt_ws_restore(ws, m);
    return c;
}

int gt_alg_tighten(gt_ws *ws, gt_alg *r)
{
    if (r->exact)
        return 1;
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr t = gt_ws_int(ws), t2 = gt_ws_int(ws);
    int done = 0;
    double a = dyadic_round(ws, r->num, r->k, MPFR_RNDD);
    mpz_add_ui(t, r->num, 1);
    double b = dyadic_round(ws, t, r->k, MPFR_RNDU);
    double d = newton_guess(&r->q, a, b);
    long k, k2;
    if (d >= 0 && d <= 1) {
        double_to_dyadic(d, t, &k);
        if (inside(ws, r, t, k)) {
            int s = gt_poly_sign_at(ws, &r->q, t, k);
            if (s == 0) {
                r->exact = 1;
                mpz_set(r->num, t);
                r->k = k;
                done = 1;
            } else {
                int up = s == r->slo; /* q keeps the sign slo below the root */
                double d2 = nextafter(d, up ? 2.0 : -1.0);
                double_to_dyadic(d2, t2, &k2);
                if (inside(ws, r, t2, k2)) {
                    int s2 = gt_poly_sign_at(ws, &r->q, t2, k2);
                    if (s2 == 0) {
                        r->exact = 1;
                        mpz_set(r->num, t2);
                        r->k = k2;
                        done = 1;
                    } else if (s2 != s) {
                        /* adjacent doubles lo < hi: one grid cell [n, n+1] / 2^K, where
                         * 2^-K = hi - lo (an ulp; frexp may give a finer k for subnormals) */
                        double lo = up ? d : d2;
                        double_to_dyadic(lo, t, &k);
                        double_to_dyadic(up ? d2 : d, t2, &k2);
                        long K = k > k2 ? k : k2;
                        mpz_mul_2exp(t, t, (mp_bitcnt_t)(K - k));
                        mpz_mul_2exp(t2, t2, (mp_bitcnt_t)(K - k2));
                        mpz_sub(t2, t2, t); /* the width in units of 2^-K: a power of two */
                        mp_bitcnt_t j = mpz_scan1(t2, 0);
                        if (mpz_sgn(t2) > 0 && mpz_sizeinbase(t2, 2) == j + 1 &&
                            mpz_scan1(t, 0) >= j && K - (long)j >= 0) {
                            mpz_tdiv_q_2exp(r->num, t, j);
                            r->k = K - (long)j;
                            r->slo = up ? s : s2;
                            done = 1;
                        }
                    }
                }
            }
        }
    }
    gt_ws_restore(ws, m);
    return done;
}

void gt_alg_bracket(gt_ws *ws, gt_alg *r, double *lo, double *hi)
{
    gt_alg_tighten(ws, r);
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr t = gt_ws_int(ws);
    long kt;
    for (;;) {
        if (r->exact) {
            *lo = dyadic_round(ws, r->num, r->k, MPFR_RNDD);
            *hi = dyadic_round(ws, r->num, r->k, MPFR_RNDU);
            break;
        }
        double dl = dyadic_round(ws, r->num, r->k, MPFR_RNDD);
        mpz_add_ui(t, r->num, 1);
        double dh = dyadic_round(ws, t, r->k, MPFR_RNDU);
        double n1 = nextafter(dl, 2.0);
        if (n1 >= dh) { /* r is strictly inside (dl, dh), adjacent doubles */
            *lo = dl;
            *hi = dh;
            break;
        }
        if (nextafter(n1, 2.0) >= dh) { /* n1 is the only double inside the interval */
            double_to_dyadic(n1, t, &kt);
            int s = gt_poly_sign_at(ws, &r->q, t, kt);
            if (s == 0) {
                *lo = *hi = n1;
            } else if (s == r->slo) {
                *lo = n1;
                *hi = dh;
            } else {
                *lo = dl;
                *hi = n1;
            }
            break;
        }
        gt_alg_refine(ws, r);
    }
    gt_ws_restore(ws, m);
}

/* Interval stack of the isolation: grows (rarely) and keeps its mpz's. */
static void stack_reserve(gt_ws *ws, int n)
{
    if (n <= ws->scap)
        return;
    int cap = ws->scap ? ws->scap * 2 : 64;
    while (cap < n)
        cap *= 2;
    mpz_t *L = realloc(ws->sL, (size_t)cap * sizeof *L);
    long *K = realloc(ws->sk, (size_t)cap * sizeof *K);
    int *T = realloc(ws->stype, (size_t)cap * sizeof *T);
    if (!L || !K || !T)
        abort(); /* out of memory: nothing sensible to return from a judge */
    for (int i = ws->scap; i < cap; i++)
        mpz_init(L[i]);
    ws->sL = L;
    ws->sk = K;
    ws->stype = T;
    ws->scap = cap;
}

int gt_isolate(gt_ws *ws, const gt_poly *q, gt_alg *out, int cap)
{
    assert(q->deg >= 0);
    gt_ws_mark m = gt_ws_save(ws);
    gt_poly *Q = gt_ws_poly(ws), *lin = gt_ws_poly(ws), *tmp = gt_ws_poly(ws);
    mpz_ptr one = gt_ws_int(ws), mid = gt_ws_int(ws);
    mpz_set_ui(one, 1);
    gt_poly_set(Q, q);
    int n = 0, root1 = 0;
    if (Q->deg >= 1 && mpz_sgn(Q->c[0]) == 0) { /* root at 0: divide by t */
        assert(n < cap);
        gt_alg_set_ui(&out[n++], 0);
        for (int i = 0; i < Q->deg; i++)
            mpz_swap(Q->c[i], Q->c[i + 1]);
        Q->deg--;
    }
    if (Q->deg >= 1) { /* root at 1: divide by t - 1 */
        mpz_set_ui(mid, 0);
        for (int i = 0; i <= Q->deg; i++)
            mpz_add(mid, mid, Q->c[i]);
        if (mpz_sgn(mid) == 0) {
            root1 = 1;
            mpz_set_si(lin->c[0], -1);
            mpz_set_ui(lin->c[1], 1);
            lin->deg = 1;
            gt_poly_divexact(ws, tmp, Q, lin);
            gt_poly_set(Q, tmp);
        }
    }
    /* Depth-first, left first: type 0 = interval (L/2^k, (L+1)/2^k), 1 = exact root L/2^k. */
    int sp = 0;
    stack_reserve(ws, 4);
    mpz_set_ui(ws->sL[0], 0);
    ws->sk[0] = 0;
    ws->stype[0] = 0;
    sp = 1;
    while (sp > 0 && Q->deg >= 1) {
        sp--;
        long k = ws->sk[sp];
        int type = ws->stype[sp];
        mpz_set(mid, ws->sL[sp]);
        if (type == 1) {
            assert(n < cap);
            gt_alg_set_ui(&out[n], 0);
            mpz_set(out[n].num, mid);
            out[n].k = k;
            n++;
            continue;
        }
        int v = gt_poly_descartes(ws, Q, mid, one, k);
        if (v == 0)
            continue;
        if (v == 1) {
            assert(n < cap);
            gt_alg *r = &out[n++];
            r->exact = 0;
            mpz_set(r->num, mid);
            r->k = k;
            gt_poly_set(&r->q, Q);
            r->slo = gt_poly_sign_at(ws, Q, mid, k);
            assert(r->slo != 0);
            continue;
        }
        /* bisect: push right half, the midpoint if it is a root, then the left half */
        stack_reserve(ws, sp + 3);
        mpz_mul_2exp(ws->sL[sp], mid, 1);
        mpz_add_ui(ws->sL[sp], ws->sL[sp], 1);
        ws->sk[sp] = k + 1;
        ws->stype[sp] = 0;
        int s = gt_poly_sign_at(ws, Q, ws->sL[sp], k + 1);
        sp++;
        if (s == 0) {
            mpz_set(ws->sL[sp], ws->sL[sp - 1]);
            ws->sk[sp] = k + 1;
            ws->stype[sp] = 1;
            /* divide out the factor 2^(k+1) t - M (primitive: M is odd) */
            mpz_neg(lin->c[0], ws->sL[sp]);
            mpz_set_ui(lin->c[1], 0);
            mpz_setbit(lin->c[1], (mp_bitcnt_t)(k + 1));
            lin->deg = 1;
            gt_poly_divexact(ws, tmp, Q, lin);
            gt_poly_set(Q, tmp);
            sp++;
        }
        mpz_mul_2exp(ws->sL[sp], mid, 1);
        ws->sk[sp] = k + 1;
        ws->stype[sp] = 0;
        sp++;
    }
    /* exact midpoints still on the stack when Q ran out of roots */
    while (sp > 0) {
        sp--;
        if (ws->stype[sp] == 1) {
            assert(n < cap);
            gt_alg_set_ui(&out[n], 0);
            mpz_set(out[n].num, ws->sL[sp]);
            out[n].k = ws->sk[sp];
            n++;
        }
    }
    if (root1) {
        assert(n < cap);
        gt_alg_set_ui(&out[n++], 1);
    }
    gt_ws_restore(ws, m);
    return n;
}
