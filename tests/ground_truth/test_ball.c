/* test_ball.c — the certified floating-point machinery of stage fp_roots, checked against
 * exact rational arithmetic (GMP mpq): every ball operation encloses the exact result of any
 * values in its operands (double-double and plain-double balls, cancellation, subnormal and
 * large magnitudes, long chains); every sign certified by gt_fpoly is the exact sign; root
 * isolation finds exactly the exact roots, in order; refinement brackets them by adjacent
 * doubles, and gives up (never lies) on roots that are doubles, double roots and roots closer
 * than an ulp. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>

#include "gt_ball.h"
#include "gt_fpoly.h"
#include "gt_rng.h"

/* A random double: full 53-bit mantissa, exponent in [emin, emax], random sign; sometimes
 * a small integer or zero. */
static double rdouble(int emin, int emax)
{
    if (rnd(16) == 0)
        return (double)(rnd(9) - 4);
    const double m = (double)(next64() >> 11) * 0x1p-53 + 0.5; /* [0.5, 1) */
    const double x = ldexp(m, emin + rnd(emax - emin + 1));
    return rnd(2) ? x : -x;
}

/* exact value of the centre hi + lo */
static void centre(mpq_t r, gt_ball b)
{
    mpq_t t;
    mpq_init(t);
    mpq_set_d(r, b.hi);
    mpq_set_d(t, b.lo);
    mpq_add(r, r, t);
    mpq_clear(t);
}

/* |x - centre(b)| <= b.rad, exactly */
static int encloses(gt_ball b, const mpq_t x)
{
    mpq_t c, r;
    mpq_inits(c, r, NULL);
    centre(c, b);
    mpq_sub(c, x, c);
    mpq_abs(c, c);
    mpq_set_d(r, b.rad);
    const int ok = mpq_cmp(c, r) <= 0 && b.rad >= 0;
    mpq_clears(c, r, NULL);
    return ok;
}

/* A random ball and an exact value inside it (the centre, or an end of the ball). */
typedef struct xball {
    gt_ball b;
    mpq_t x;
} xball;

static void random_xball(xball *v, int dd, int emin, int emax)
{
    const double h = rdouble(emin, emax);
    v->b = gt_ball_d(h);
    if (dd && rnd(2)) { /* an exact double-double: h + l, |l| <= u |h| */
        double s, e;
        gt_two_sum(h, ldexp(rdouble(-60, -53), 0) * h, &s, &e);
        v->b.hi = s;
        v->b.lo = e;
    }
    centre(v->x, v->b);
    if (rnd(3) == 0) { /* a radius, and the exact value at one of its ends */
        v->b.rad = fabs(rdouble(emin - 60, emax - 20));
        mpq_t r;
        mpq_init(r);
        mpq_set_d(r, v->b.rad);
        if (rnd(2))
            mpq_add(v->x, v->x, r);
        else
            mpq_sub(v->x, v->x, r);
        mpq_clear(r);
    }
}

Test(ball, operations_enclose_exact_results)
{
    rng = 0xba11;
    xball a, b;
    mpq_inits(a.x, b.x, NULL);
    mpq_t ex, xd;
    mpq_inits(ex, xd, NULL);
    int checked = 0;
    for (int it = 0; it < 200000; it++) {
        const int dd = it & 1;
        /* magnitudes: ordinary, tiny (down to subnormal), large; sometimes near cancellation */
        const int range = rnd(3);
        const int emin = range == 0 ? -30 : range == 1 ? -1074 : 0;
        const int emax = range == 0 ? 10 : range == 1 ? -900 : 60;
        random_xball(&a, dd, emin, emax);
        random_xball(&b, dd, emin, emax);
        if (rnd(4) == 0) { /* b close to -a: cancellation */
            b.b = gt_ball_neg(a.b);
            b.b.hi = nextafter(b.b.hi, rnd(2) ? INFINITY : -INFINITY);
            b.b.rad = 0;
            centre(b.x, b.b);
        }
        const double d = rdouble(emin / 2, emax / 2);
        mpq_set_d(xd, d);
        gt_ball r;
        switch (rnd(5)) {
        case 0:
            r = dd ? gt_ball_add(a.b, b.b) : gt_ball_add1(a.b, b.b);
            mpq_add(ex, a.x, b.x);
            break;
        case 1:
            r = gt_ball_subp(a.b, b.b, dd);
            mpq_sub(ex, a.x, b.x);
            break;
        case 2:
            r = dd ? gt_ball_mul(a.b, b.b) : gt_ball_mul1(a.b, b.b);
            mpq_mul(ex, a.x, b.x);
            break;
        case 3:
            r = gt_ball_muldp(a.b, d, dd);
            mpq_mul(ex, a.x, xd);
            break;
        default: { /* exact difference of two doubles, and a power-of-two scaling */
            const double p = rdouble(emin, emax), q = rdouble(emin, emax);
            r = dd ? gt_ball_dsub(p, q) : gt_ball_dsub1(p, q);
            mpq_set_d(ex, p);
            mpq_set_d(xd, q);
            mpq_sub(ex, ex, xd);
            if (rnd(2)) {
                const double s = ldexp(1.0, -rnd(8));
                r = gt_ball_scale2(r, s);
                mpq_set_d(xd, s);
                mpq_mul(ex, ex, xd);
            }
        }
        }
        cr_assert(encloses(r, ex),
                  "iteration %d: result ball [%a + %a, rad %a] misses the exact value", it, r.hi,
                  r.lo, r.rad);
        const int s = gt_ball_sign(r);
        if (s != 0)
            cr_assert_eq(s, mpq_sgn(ex), "iteration %d: certified sign %d, exact %d", it, s,
                         mpq_sgn(ex));
        checked++;
    }
    cr_assert_eq(checked, 200000);
    mpq_clears(a.x, b.x, ex, xd, NULL);
}

/* Long chains: random expression DAGs of 12 operations over 6 leaves; every node encloses the
 * exact value (errors and radii must add up correctly along the way). */
Test(ball, chains_enclose_exact_results)
{
    rng = 0xc4a1;
    enum { LEAVES = 6, OPS = 12 };
    gt_ball v[LEAVES + OPS];
    mpq_t x[LEAVES + OPS];
    for (int i = 0; i < LEAVES + OPS; i++)
        mpq_init(x[i]);
    int certified = 0;
    for (int it = 0; it < 20000; it++) {
        const int dd = it % 3 != 0;
        for (int i = 0; i < LEAVES; i++) {
            const double p = rdouble(-20, 0), q = rdouble(-20, 0);
            const int leaf = rnd(2);
            v[i] = leaf ? gt_ball_d(p) : dd ? gt_ball_dsub(p, q) : gt_ball_dsub1(p, q);
            if (leaf) {
                mpq_set_d(x[i], p);
            } else {
                mpq_t t;
                mpq_init(t);
                mpq_set_d(x[i], p);
                mpq_set_d(t, q);
                mpq_sub(x[i], x[i], t);
                mpq_clear(t);
            }
        }
        for (int i = LEAVES; i < LEAVES + OPS; i++) {
            const int a = rnd(i), b = rnd(i), op = rnd(3);
            if (op == 0) {
                v[i] = gt_ball_addp(v[a], v[b], dd);
                mpq_add(x[i], x[a], x[b]);
            } else if (op == 1) {
                v[i] = gt_ball_subp(v[a], v[b], dd);
                mpq_sub(x[i], x[a], x[b]);
            } else {
                v[i] = gt_ball_mulp(v[a], v[b], dd);
                mpq_mul(x[i], x[a], x[b]);
            }
            cr_assert(encloses(v[i], x[i]), "chain %d, node %d misses the exact value", it, i);
            const int s = gt_ball_sign(v[i]);
            if (s != 0) {
                cr_assert_eq(s, mpq_sgn(x[i]), "chain %d node %d: wrong certified sign", it, i);
                certified++;
            }
        }
    }
    cr_assert_gt(certified, 100000, "too few certified signs to mean anything");
    for (int i = 0; i < LEAVES + OPS; i++)
        mpq_clear(x[i]);
}

/* ---- polynomials -------------------------------------------------------------------------- */

/* Exact polynomial (mpq coefficients) and its ball enclosure. */
typedef struct xpoly {
    int deg;
    mpq_t c[GT_FP_MAXDEG + 1];
    gt_fpoly p;
} xpoly;

static void xpoly_init(xpoly *P)
{
    for (int i = 0; i <= GT_FP_MAXDEG; i++)
        mpq_init(P->c[i]);
}
static void xpoly_clear(xpoly *P)
{
    for (int i = 0; i <= GT_FP_MAXDEG; i++)
        mpq_clear(P->c[i]);
}

/* A root m / k: m a double, k a small positive integer (k odd > 1: not a double in general). */
typedef struct xroot {
    double m;
    int k;
} xroot;

/* P = lead * prod (k_i t - m_i), the balls built with ball operations from the exact doubles
 * (so they enclose the exact coefficients), in precision dd. */
static void from_roots(xpoly *P, double lead, int n, const xroot *roots, int dd)
{
    P->deg = n;
    P->p.deg = n;
    P->p.dd = dd;
    mpq_set_d(P->c[0], lead);
    P->p.c[0] = gt_ball_d(lead);
    for (int i = 1; i <= n; i++) {
        mpq_set_ui(P->c[i], 0, 1);
        P->p.c[i] = gt_ball_d(0.0);
    }
    mpq_t m, k, t;
    mpq_inits(m, k, t, NULL);
    for (int j = 0; j < n; j++) { /* multiply by (k t - m): new c_i = k c_{i-1} - m c_i */
        mpq_set_d(m, roots[j].m);
        mpq_set_si(k, roots[j].k, 1);
        for (int i = j + 1; i >= 0; i--) {
            mpq_mul(t, P->c[i], m);
            mpq_neg(t, t);
            const gt_ball bm = gt_ball_neg(gt_ball_muldp(P->p.c[i], roots[j].m, dd));
            if (i > 0) {
                mpq_t u;
                mpq_init(u);
                mpq_mul(u, P->c[i - 1], k);
                mpq_add(t, t, u);
                mpq_clear(u);
                P->p.c[i] =
                    gt_ball_addp(gt_ball_muldp(P->p.c[i - 1], (double)roots[j].k, dd), bm, dd);
            } else {
                P->p.c[i] = bm;
            }
            mpq_set(P->c[i], t);
        }
    }
    mpq_clears(m, k, t, NULL);
}

static int exact_sign(const xpoly *P, const mpq_t x)
{
    mpq_t acc;
    mpq_init(acc);
    mpq_set(acc, P->c[P->deg]);
    for (int i = P->deg - 1; i >= 0; i--) {
        mpq_mul(acc, acc, x);
        mpq_add(acc, acc, P->c[i]);
    }
    const int s = mpq_sgn(acc);
    mpq_clear(acc);
    return s;
}

static int exact_sign_d(const xpoly *P, double x)
{
    mpq_t q;
    mpq_init(q);
    mpq_set_d(q, x);
    const int s = exact_sign(P, q);
    mpq_clear(q);
    return s;
}

/* Number of the roots (with multiplicity) in [a, b], exactly. */
static int roots_in(const xroot *roots, int n, double a, double b)
{
    mpq_t r, x;
    mpq_inits(r, x, NULL);
    int c = 0;
    for (int i = 0; i < n; i++) {
        mpq_set_d(r, roots[i].m);
        mpq_set_si(x, roots[i].k, 1);
        mpq_div(r, r, x);
        mpq_set_d(x, a);
        const int ge = mpq_cmp(r, x) >= 0;
        mpq_set_d(x, b);
        c += ge && mpq_cmp(r, x) <= 0;
    }
    mpq_clears(r, x, NULL);
    return c;
}

/* A random root in [0, 1] (mostly): a double, or m / 3, m / 5, m / 7. */
static xroot random_root(void)
{
    static const int ks[4] = { 1, 3, 5, 7 };
    const int k = ks[rnd(4)];
    return (xroot){ rnd(4) == 0 ? rdouble(-3, 0) * k : unit() * k, k };
}

Test(fpoly, certified_signs_are_exact)
{
    rng = 0x5167;
    xpoly P;
    xpoly_init(&P);
    int certified = 0;
    for (int it = 0; it < 20000; it++) {
        xroot roots[GT_FP_MAXDEG];
        const int n = 1 + rnd(GT_FP_MAXDEG);
        for (int i = 0; i < n; i++)
            roots[i] = random_root();
        from_roots(&P, rdouble(-4, 4), n, roots, it & 1);
        for (int k = 0; k < 8; k++) {
            double x = unit();
            if (k == 0) { /* right next to a root */
                const xroot *r = &roots[rnd(n)];
                x = nextafter(r->m / r->k, rnd(2) ? 2.0 : -1.0);
            }
            if (x < 0 || x > 1)
                continue;
            const int s = gt_fpoly_sign_at(&P.p, x);
            if (s != 0) {
                cr_assert_eq(s, exact_sign_d(&P, x), "poly %d: sign at %a", it, x);
                certified++;
            }
            double y = k < 4 ? nextafter(x, 2.0) : x + ldexp(1.0, -rnd(40));
            if (!(y <= 1) || !(y > x))
                continue;
            const int so = gt_fpoly_sign_on(&P.p, x, y);
            if (so != 0) {
                cr_assert_eq(roots_in(roots, n, x, y), 0,
                             "poly %d: sign %d on [%a, %a] holds a root", it, so, x, y);
                cr_assert(so == exact_sign_d(&P, x) && so == exact_sign_d(&P, y), "poly %d", it);
            }
        }
    }
    cr_assert_gt(certified, 50000);
    xpoly_clear(&P);
}

/* Isolation and refinement on adversarial root sets: roots at doubles, at 0 and 1, double and
 * triple roots, roots closer than an ulp (m / 3 and nextafter(m) / 3), clusters. */
static int adversarial_roots(xroot *roots)
{
    const double a = unit(), b = unit();
    const xroot A = { 3 * a, 3 }, B = { 3 * nextafter(a, 2.0), 3 }, C = { 5 * b, 5 };
    int n = 0;
    switch (rnd(9)) {
    case 0: roots[n++] = (xroot){ a, 1 }; break;                   /* a root at a double */
    case 1: roots[n++] = A, roots[n++] = A; break;                 /* double root */
    case 2: roots[n++] = A, roots[n++] = B; break;                 /* closer than an ulp */
    case 3: roots[n++] = (xroot){ 0.0, 1 }, roots[n++] = C; break; /* root at 0 */
    case 4: roots[n++] = (xroot){ 1.0, 1 }, roots[n++] = C; break; /* root at 1 */
    case 5: roots[n++] = A, roots[n++] = A, roots[n++] = A; break; /* triple */
    case 6: roots[n++] = A, roots[n++] = B, roots[n++] = (xroot){ a, 1 }; break; /* cluster */
    case 7: roots[n++] = (xroot){ a, 1 }, roots[n++] = (xroot){ nextafter(a, 2.0), 1 }; break;
    default: roots[n++] = A, roots[n++] = C, roots[n++] = (xroot){ 7 * unit(), 7 }; break;
    }
    if (rnd(2)) /* and an ordinary one, maybe outside [0, 1] */
        roots[n++] = (xroot){ 3 * rdouble(-2, 1), 3 };
    return n;
}

Test(fpoly, isolation_and_refinement_on_adversarial_roots)
{
    rng = 0x1501;
    xpoly P;
    xpoly_init(&P);
    int isolated = 0, bracketed = 0, refused = 0;
    for (int it = 0; it < 20000; it++) {
        xroot roots[GT_FP_MAXDEG];
        const int n = adversarial_roots(roots);
        from_roots(&P, rnd(2) ? 1.0 : -rdouble(-3, 3), n, roots, 1);
        gt_fpoly_iso iso;
        gt_fpoly_iso_init(&iso, &P.p, 0.0, 1.0, 24, 200, NULL, NULL);
        gt_froot r;
        double last = -1.0;
        int found, got = 0;
        while ((found = gt_fpoly_iso_next(&iso, &r)) == 1) {
            got++;
            /* a simple root strictly inside, alone in [a, b], certified end signs */
            cr_assert(r.a >= last && r.a < r.b, "poly %d: roots out of order", it);
            last = r.b;
            cr_assert_eq(roots_in(roots, n, r.a, r.b), 1, "poly %d: [%a, %a] holds %d roots", it,
                         r.a, r.b, roots_in(roots, n, r.a, r.b));
            cr_assert(exact_sign_d(&P, r.a) == r.sa && exact_sign_d(&P, r.b) == -r.sa, "poly %d",
                      it);
            gt_froot s = r;
            if (gt_fpoly_root_narrow(&P.p, &s, 1, -1.0)) {
                cr_assert(nextafter(s.a, 2.0) == s.b, "poly %d: not one ulp", it);
                cr_assert(exact_sign_d(&P, s.a) == r.sa && exact_sign_d(&P, s.b) == -r.sa,
                          "poly %d: bracket [%a, %a] misses the root", it, s.a, s.b);
                bracketed++;
            } else {
                refused++;
            }
            cr_assert(s.a >= r.a && s.b <= r.b && exact_sign_d(&P, s.a) == r.sa &&
                          exact_sign_d(&P, s.b) == -r.sa,
                      "poly %d: narrowing left a bad interval", it);
        }
        if (found == 0) { /* finished: every root in [0, 1] was found */
            cr_assert_eq(got, roots_in(roots, n, 0.0, 1.0), "poly %d: %d of %d roots", it, got,
                         roots_in(roots, n, 0.0, 1.0));
            isolated++;
        }
    }
    cr_log_info("isolated %d polynomials, %d brackets, %d refused", isolated, bracketed, refused);
    cr_assert_gt(isolated, 2000);
    cr_assert_gt(bracketed, 2000);
    xpoly_clear(&P);
}

/* The one-ulp bracket from one precise value and the Taylor terms of a coarse enclosure: the
 * coarse polynomial is the exact one with every coefficient widened by a relative 2^-40. */
Test(fpoly, bracket_from_one_precise_value)
{
    rng = 0x7a71;
    xpoly P;
    xpoly_init(&P);
    int bracketed = 0, tried = 0;
    for (int it = 0; it < 20000; it++) {
        xroot roots[3] = { { 3 * unit(), 3 },
                           { 5 * rdouble(-2, 2), 5 },
                           { 3 * rdouble(-2, 2), 3 } };
        if (rnd(3) == 0) /* a neighbour root closer than an ulp */
            roots[1] = (xroot){ nextafter(roots[0].m, rnd(2) ? 4.0 : -1.0), 3 };
        from_roots(&P, rdouble(-3, 3), 3, roots, 1);
        gt_fpoly coarse = P.p;
        coarse.dd = 0;
        for (int i = 0; i <= 3; i++) {
            coarse.c[i].rad += fabs(coarse.c[i].hi) * 0x1p-40 + fabs(coarse.c[i].lo);
            coarse.c[i].lo = 0.0;
        }
        gt_fpoly_iso iso;
        gt_fpoly_iso_init(&iso, &P.p, 0.0, 1.0, 24, 200, NULL, NULL);
        gt_froot r;
        while (gt_fpoly_iso_next(&iso, &r) == 1) {
            double g = gt_fpoly_guess(&coarse, &r);
            if (rnd(4) == 0) /* a poor guess */
                g = r.a + 0.5 * (r.b - r.a);
            if (!(g > r.a && g < r.b))
                continue;
            gt_froot s = r;
            tried++;
            if (gt_fpoly_root_ulp_at(&coarse, gt_fpoly_eval(&P.p, g), g, &s)) {
                cr_assert(nextafter(s.a, 2.0) == s.b && exact_sign_d(&P, s.a) == r.sa &&
                              exact_sign_d(&P, s.b) == -r.sa,
                          "poly %d: bad bracket [%a, %a]", it, s.a, s.b);
                bracketed++;
            }
        }
    }
    cr_log_info("bracketed %d of %d", bracketed, tried);
    cr_assert_gt(bracketed, 5000);
    xpoly_clear(&P);
}
