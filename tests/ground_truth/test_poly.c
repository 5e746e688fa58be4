/* test_poly.c — exact polynomial arithmetic, square-free part, root isolation on [0,1],
 * signs at algebraic numbers and their comparison (ground_truth/gt_poly.h). */
#include <criterion/criterion.h>
#include <math.h>

#include "gt_poly.h"

static gt_ws ws;
static gt_poly P[4];
static gt_alg R[8], S[8];

static void setup(void)
{
    gt_ws_init(&ws);
    for (int i = 0; i < 4; i++)
        gt_poly_init(&P[i]);
    for (int i = 0; i < 8; i++) {
        gt_alg_init(&R[i]);
        gt_alg_init(&S[i]);
    }
}

static void teardown(void)
{
    cr_assert_eq(ws.ptop, 0, "workspace polynomials leaked");
    cr_assert_eq(ws.ztop, 0, "workspace integers leaked");
    gt_ws_clear(&ws);
    for (int i = 0; i < 4; i++)
        gt_poly_clear(&P[i]);
    for (int i = 0; i < 8; i++) {
        gt_alg_clear(&R[i]);
        gt_alg_clear(&S[i]);
    }
}

/* p = sum c[i] t^i */
static void setp(gt_poly *p, int deg, const long *c)
{
    for (int i = 0; i <= deg; i++)
        mpz_set_si(p->c[i], c[i]);
    p->deg = deg;
    gt_poly_norm(p);
}

/* p = prod (den_i t - num_i) * lead */
static void from_roots(gt_poly *p, long lead, int n, const long *num, const long *den)
{
    long one[1] = { lead };
    setp(p, 0, one);
    gt_poly *lin = gt_ws_poly(&ws), *t = gt_ws_poly(&ws);
    for (int i = 0; i < n; i++) {
        long c[2] = { -num[i], den[i] };
        setp(lin, 1, c);
        gt_poly_mul(t, p, lin);
        gt_poly_set(p, t);
    }
    ws.ptop -= 2;
}

static double approx(gt_alg *r)
{
    double lo, hi;
    gt_alg_bracket(&ws, r, &lo, &hi);
    return 0.5 * (lo + hi);
}

TestSuite(poly, .init = setup, .fini = teardown);

Test(poly, arithmetic_and_gcd)
{
    long a[] = { 1, 2, 1 };  /* (t+1)^2 */
    long b[] = { -1, 0, 1 }; /* (t-1)(t+1) */
    setp(&P[0], 2, a);
    setp(&P[1], 2, b);
    gt_poly_gcd(&ws, &P[2], &P[0], &P[1]);
    cr_assert_eq(P[2].deg, 1);
    cr_assert_eq(mpz_cmp_si(P[2].c[0], 1), 0);
    cr_assert_eq(mpz_cmp_si(P[2].c[1], 1), 0);
    gt_poly_mul(&P[3], &P[0], &P[1]);
    cr_assert_eq(P[3].deg, 4);
    gt_poly_divexact(&ws, &P[2], &P[3], &P[1]);
    cr_assert(gt_poly_equal(&P[2], &P[0]));
    gt_poly_sub(&P[2], &P[0], &P[0]);
    cr_assert(gt_poly_is_zero(&P[2]));
    /* gcd with a constant is 1; gcd(0, p) is the primitive p */
    long six[] = { 6 };
    setp(&P[2], 0, six);
    gt_poly_gcd(&ws, &P[3], &P[0], &P[2]);
    cr_assert_eq(P[3].deg, 0);
    cr_assert_eq(mpz_cmp_si(P[3].c[0], 1), 0);
    long c[] = { 4, -8 };
    setp(&P[2], 1, c);
    gt_poly_zero(&P[1]);
    gt_poly_gcd(&ws, &P[3], &P[1], &P[2]);
    cr_assert_eq(P[3].deg, 1);
    cr_assert_eq(mpz_cmp_si(P[3].c[1], 2), 0);
    cr_assert_eq(mpz_cmp_si(P[3].c[0], -1), 0);
}

Test(poly, squarefree_part)
{
    long num[] = { 1, 1, 1, 2 }, den[] = { 3, 3, 3, 5 }; /* (3t-1)^3 (5t-2) */
    from_roots(&P[0], 7, 4, num, den);
    gt_poly_squarefree(&ws, &P[1], &P[0]);
    from_roots(&P[2], 1, 2, num + 2, den + 2);
    cr_assert(gt_poly_equal(&P[1], &P[2]));
}

Test(poly, sign_at_dyadic_and_descartes)
{
    long num[] = { 1, 3 }, den[] = { 4, 4 };
    from_roots(&P[0], 1, 2, num, den); /* roots 1/4, 3/4 */
    mpz_t x, w;
    mpz_inits(x, w, NULL);
    mpz_set_ui(x, 1);
    cr_assert_eq(gt_poly_sign_at(&ws, &P[0], x, 2), 0); /* 1/4 */
    cr_assert_lt(gt_poly_sign_at(&ws, &P[0], x, 1), 0); /* 1/2 */
    mpz_set_ui(x, 0);
    cr_assert_gt(gt_poly_sign_at(&ws, &P[0], x, 0), 0);
    mpz_set_ui(w, 1);
    cr_assert_eq(gt_poly_descartes(&ws, &P[0], x, w, 0), 2); /* (0,1) */
    cr_assert_eq(gt_poly_descartes(&ws, &P[0], x, w, 1), 1); /* (0,1/2) */
    mpz_set_ui(x, 1);
    cr_assert_eq(gt_poly_descartes(&ws, &P[0], x, w, 1), 1); /* (1/2,1) */
    mpz_set_ui(x, 5);
    mpz_set_ui(w, 3);
    cr_assert_eq(gt_poly_descartes(&ws, &P[0], x, w, 3), 1); /* (5/8, 1) holds 3/4 */
    mpz_set_ui(x, 3);
    mpz_set_ui(w, 1);
    cr_assert_eq(gt_poly_descartes(&ws, &P[0], x, w, 3), 0); /* (3/8, 1/2) */
    mpz_clears(x, w, NULL);
}

Test(poly, isolate_rational_and_endpoint_roots)
{
    /* roots 0, 1/3, 1/2, 1 and 2 (outside) */
    long num[] = { 0, 1, 1, 1, 2 }, den[] = { 1, 3, 2, 1, 1 };
    from_roots(&P[0], -3, 5, num, den);
    gt_poly_squarefree(&ws, &P[1], &P[0]);
    int n = gt_isolate(&ws, &P[1], R, 8);
    cr_assert_eq(n, 4);
    cr_assert(R[0].exact && mpz_sgn(R[0].num) == 0);
    cr_assert(!R[1].exact, "1/3 is not dyadic");
    cr_assert(R[2].exact);
    cr_assert(R[3].exact && mpz_cmp_ui(R[3].num, 1) == 0 && R[3].k == 0);
    double lo, hi;
    gt_alg_bracket(&ws, &R[1], &lo, &hi);
    cr_assert_eq(nextafter(lo, 2), hi);
    cr_assert(lo == 1.0 / 3 || hi == 1.0 / 3);
    cr_assert(3 * (long double)lo < 1 && 3 * (long double)hi > 1); /* exact in 64 bits */
    gt_alg_bracket(&ws, &R[2], &lo, &hi);
    cr_assert(lo == 0.5 && hi == 0.5);
}

Test(poly, isolate_double_root_after_squarefree)
{
    long num[] = { 1, 1, 3 }, den[] = { 3, 3, 4 }; /* (3t-1)^2 (4t-3) */
    from_roots(&P[0], 1, 3, num, den);
    gt_poly_squarefree(&ws, &P[1], &P[0]);
    cr_assert_eq(P[1].deg, 2);
    int n = gt_isolate(&ws, &P[1], R, 8);
    cr_assert_eq(n, 2);
    cr_assert_float_eq(approx(&R[0]), 1.0 / 3, 1e-15);
    cr_assert_float_eq(approx(&R[1]), 0.75, 0);
}

Test(poly, irrational_roots_bracket)
{
    long c[] = { -1, 0, 2 }; /* 2t^2 - 1: t = 1/sqrt(2) */
    setp(&P[0], 2, c);
    int n = gt_isolate(&ws, &P[0], R, 8);
    cr_assert_eq(n, 1);
    double lo, hi;
    gt_alg_bracket(&ws, &R[0], &lo, &hi);
    cr_assert_eq(nextafter(lo, 2), hi);
    cr_assert(2 * (long double)lo * lo < 1 && 2 * (long double)hi * hi > 1);
    /* close roots: (t - 1/2)^2 - 2^-60 = 0 -> 1/2 +- 2^-30 */
    mpz_set_ui(P[1].c[2], 1);
    mpz_set_si(P[1].c[1], -1);
    mpz_set_ui(P[1].c[0], 1);
    mpz_mul_2exp(P[1].c[0], P[1].c[0], 58); /* 1/4 */
    mpz_sub_ui(P[1].c[0], P[1].c[0], 1);
    for (int i = 1; i <= 2; i++)
        mpz_mul_2exp(P[1].c[i], P[1].c[i], 60);
    P[1].deg = 2;
    n = gt_isolate(&ws, &P[1], R, 8);
    cr_assert_eq(n, 2);
    gt_alg_bracket(&ws, &R[0], &lo, &hi);
    cr_assert(lo == hi && lo == 0.5 - ldexp(1, -30));
    gt_alg_bracket(&ws, &R[1], &lo, &hi);
    cr_assert(lo == hi && lo == 0.5 + ldexp(1, -30));
}

Test(poly, sign_at_algebraic)
{
    long c[] = { -1, 0, 2 }; /* r = 1/sqrt(2) */
    setp(&P[0], 2, c);
    cr_assert_eq(gt_isolate(&ws, &P[0], R, 8), 1);
    long g1[] = { -2, 0, 4 }; /* 2 * q: zero at r */
    setp(&P[1], 2, g1);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), 0);
    long g2[] = { -7071, 10000 }; /* 10000 t - 7071 > 0 at 0.70710678 */
    setp(&P[1], 1, g2);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), 1);
    long g3[] = { -7072, 10000 };
    setp(&P[1], 1, g3);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), -1);
    long g4[] = { -1, 0, 0, 2 }; /* 2t^3 - 1 at r: 1/sqrt2 - 1 < 0 */
    setp(&P[1], 3, g4);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), -1);
    long g5[] = { 0, -1, 0, 2 }; /* t (2t^2 - 1): zero, a multiple of q */
    setp(&P[1], 3, g5);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), 0);
}

Test(poly, compare_equal_algebraic_from_different_polynomials)
{
    long a[] = { -1, 0, 2 };       /* 2t^2 - 1 */
    long b[] = { 0, -1, 0, 2 };    /* t (2t^2 - 1) */
    long c[] = { -3, 0, 6, 0, 0 }; /* same root, other content */
    long d[] = { 1, -3, 0, 2 };    /* 2t^3 - 3t + 1 = (t-1)(2t^2+2t-1) */
    setp(&P[0], 2, a);
    setp(&P[1], 3, b);
    setp(&P[2], 2, c);
    setp(&P[3], 3, d);
    cr_assert_eq(gt_isolate(&ws, &P[0], R, 8), 1);
    int n = gt_isolate(&ws, &P[1], S, 8);
    cr_assert_eq(n, 2); /* 0 and 1/sqrt2 */
    cr_assert_eq(gt_alg_cmp(&ws, &R[0], &S[1]), 0);
    cr_assert_eq(gt_alg_cmp(&ws, &S[0], &R[0]), -1);
    cr_assert_eq(gt_isolate(&ws, &P[2], &R[1], 7), 1);
    cr_assert_eq(gt_alg_cmp(&ws, &R[1], &R[0]), 0);
    /* (sqrt3 - 1)/2 = 0.366 and 1 */
    n = gt_isolate(&ws, &P[3], &R[2], 6);
    cr_assert_eq(n, 2);
    cr_assert_eq(gt_alg_cmp(&ws, &R[2], &R[0]), -1);
    cr_assert_eq(gt_alg_cmp(&ws, &R[3], &R[0]), 1);
    /* the same root twice from the same polynomial, independently refined */
    gt_alg_set(&R[4], &R[0]);
    gt_alg_refine(&ws, &R[4]);
    gt_alg_refine(&ws, &R[4]);
    cr_assert_eq(gt_alg_cmp(&ws, &R[0], &R[4]), 0);
    /* exact vs algebraic */
    gt_alg_set_ui(&R[5], 1);
    cr_assert_eq(gt_alg_cmp(&ws, &R[5], &R[3]), 0);
    cr_assert_eq(gt_alg_cmp(&ws, &R[5], &R[0]), 1);
}

Test(poly, between_is_strict)
{
    long a[] = { -1, 0, 2 };
    setp(&P[0], 2, a);
    cr_assert_eq(gt_isolate(&ws, &P[0], R, 8), 1);
    gt_alg_set_ui(&R[1], 1);
    mpz_t x;
    mpz_init(x);
    long k;
    gt_alg_between(&ws, &R[0], &R[1], x, &k);
    gt_alg_set_ui(&R[2], 0);
    mpz_set(R[2].num, x);
    R[2].k = k;
    cr_assert_eq(gt_alg_cmp(&ws, &R[0], &R[2]), -1);
    cr_assert_eq(gt_alg_cmp(&ws, &R[2], &R[1]), -1);
    mpz_clear(x);
}

Test(poly, sign_of_linear_at_rational_algebraic)
{
    long c[] = { 1, -5, 6 }; /* (3t-1)(2t-1): 1/3 stays algebraic, 1/2 is exact */
    setp(&P[0], 2, c);
    cr_assert_eq(gt_isolate(&ws, &P[0], R, 8), 2);
    cr_assert(!R[0].exact && R[1].exact);
    long g1[] = { -1, 3 }, g2[] = { 2, -6 }, g3[] = { -1000, 3001 }, g4[] = { -1001, 3000 };
    setp(&P[1], 1, g1);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), 0);
    setp(&P[1], 1, g2);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), 0);
    setp(&P[1], 1, g3); /* root 1000/3001 < 1/3 */
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), 1);
    setp(&P[1], 1, g4); /* root 1001/3000 > 1/3 */
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), -1);
    /* the same after tightening to adjacent doubles */
    gt_alg_tighten(&ws, &R[0]);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), -1);
    setp(&P[1], 1, g1);
    cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[0]), 0);
}

/* g = (2^200 t - A - u)(2^200 t - A - v) */
static void close_quadratic(gt_poly *g, const mpz_t A, long u, long v)
{
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_set(a, A);
    mpz_set(b, A);
    if (u >= 0)
        mpz_add_ui(a, a, (unsigned long)u);
    else
        mpz_sub_ui(a, a, (unsigned long)-u);
    if (v >= 0)
        mpz_add_ui(b, b, (unsigned long)v);
    else
        mpz_sub_ui(b, b, (unsigned long)-v);
    mpz_set_ui(g->c[2], 1);
    mpz_mul_2exp(g->c[2], g->c[2], 400);
    mpz_add(g->c[1], a, b);
    mpz_mul_2exp(g->c[1], g->c[1], 200);
    mpz_neg(g->c[1], g->c[1]);
    mpz_mul(g->c[0], a, b);
    g->deg = 2;
    mpz_clears(a, b, NULL);
}

Test(poly, sign_with_roots_2_200_apart)
{
    long c[] = { -1, 0, 2 }; /* r = 1/sqrt(2), A = floor(2^200 r) */
    setp(&P[0], 2, c);
    cr_assert_eq(gt_isolate(&ws, &P[0], R, 8), 1);
    mpz_t A;
    mpz_init(A);
    mpz_ui_pow_ui(A, 2, 399);
    mpz_sqrt(A, A);
    static const long uv[][3] = {
        { 0, 1, -1 }, { 1, 2, 1 }, { -1, 0, 1 }, { 0, 0, 1 }, { 1, 1, 1 }
    };
    for (size_t i = 0; i < sizeof uv / sizeof uv[0]; i++) {
        gt_alg_set(&R[1], &R[0]); /* a fresh copy each time */
        close_quadratic(&P[1], A, uv[i][0], uv[i][1]);
        cr_assert_eq(gt_alg_sign(&ws, &P[1], &R[1]), (int)uv[i][2], "case %zu", i);
    }
    /* comparison with a rational 2^-200 away, both sides */
    gt_alg_set_ui(&R[2], 0);
    mpz_set(R[2].num, A);
    R[2].k = 200;
    cr_assert_eq(gt_alg_cmp(&ws, &R[2], &R[0]), -1);
    mpz_add_ui(R[2].num, A, 1);
    cr_assert_eq(gt_alg_cmp(&ws, &R[2], &R[0]), 1);
    mpz_clear(A);
}

/* The modular square-free certificate: never for a polynomial with a repeated factor; when it
 * answers 1 the exact gcd(a, a') is a constant; and it answers 1 for most random polynomials. */
Test(poly, squarefree_certificate_is_sound)
{
    unsigned long long x = 88172645463325252ull;
    int certified = 0;
    for (int n = 0; n < 2000; n++) {
        gt_poly *f = &P[0], *g = &P[1], *a = &P[2], *h = &P[3];
        gt_poly_zero(f);
        gt_poly_zero(g);
        int df = 1 + n % 3, dg = n % 3;
        for (int i = 0; i <= df; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            mpz_set_si(f->c[i], (long)(x % 2001) - 1000);
            if (n % 5 == 0)
                mpz_mul_2exp(f->c[i], f->c[i], 70); /* large coefficients */
        }
        for (int i = 0; i <= dg; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            mpz_set_si(g->c[i], (long)(x % 41) - 20);
        }
        f->deg = df;
        g->deg = dg;
        gt_poly_norm(f);
        gt_poly_norm(g);
        if (f->deg < 1 || g->deg < 0)
            continue;
        if (n % 2) { /* a = f^2 g: a repeated factor */
            gt_poly_mul(h, f, f);
            gt_poly_mul(a, h, g);
            cr_assert(!gt_poly_squarefree_certified(a), "f^2 g certified square-free (n %d)", n);
        } else { /* a = f g */
            gt_poly_mul(a, f, g);
            if (gt_poly_squarefree_certified(a)) {
                certified++;
                gt_poly_deriv(h, a);
                gt_poly_gcd(&ws, f, a, h);
                cr_assert_eq(f->deg, 0, "certified, but gcd(a, a') has degree %d", f->deg);
            }
        }
    }
    cr_assert_gt(certified, 600);
}
