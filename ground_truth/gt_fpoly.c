/* gt_fpoly.c — ball polynomials: certified signs, Bernstein–Descartes isolation, refinement of a
 * simple root to adjacent doubles. Every decision is a certified sign (gt_ball_sign); anything
 * not certified is reported as "cannot tell", never guessed. */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "gt_bits.h"
#include "gt_fpoly.h"
#include "gt_newton.h"

gt_ball gt_fpoly_eval(const gt_fpoly *p, double x)
{
    gt_ball r = p->c[p->deg];
    if (p->dd)
        for (int i = p->deg - 1; i >= 0; i--)
            r = gt_ball_add(gt_ball_muld(r, x), p->c[i]);
    else
        for (int i = p->deg - 1; i >= 0; i--)
            r = gt_ball_add1(gt_ball_muld1(r, x), p->c[i]);
    return r;
}

int gt_fpoly_sign_at(const gt_fpoly *p, double x)
{
    return gt_ball_sign(gt_fpoly_eval(p, x));
}

/* w = b - a exactly (TwoSum error zero), else 0. */
static int exact_width(double a, double b, double *w)
{
    double s, e;
    gt_two_sum(b, -a, &s, &e);
    *w = s;
    return e == 0.0 && s > 0.0;
}

/* 1 if w is a power of two (then multiplying by it is exact up to underflow). */
static int is_pow2(double w)
{
    int e;
    return frexp(w, &e) == 0.5;
}

/* q(y) = p(a + w y) (Taylor shift by a, then scaling by w^i); 0 if w = b - a is not exact. */
static int restrict_to(const gt_fpoly *p, double a, double b, gt_fpoly *q)
{
    double w;
    if (!exact_width(a, b, &w))
        return 0;
    const int n = p->deg, dd = p->dd;
    *q = *p;
    if (a != 0.0) /* shift: q(z) = p(a + z), by repeated synthetic division */
        for (int i = 0; i < n; i++)
            for (int j = n - 1; j >= i; j--)
                q->c[j] = gt_ball_addp(q->c[j], gt_ball_muldp(q->c[j + 1], a, dd), dd);
    if (w != 1.0) {
        double wi = w; /* w^i, exact while w is a power of two and w^i a double */
        for (int i = 1; i <= n; i++, wi *= w) {
            if (is_pow2(w) && wi != 0.0) {
                q->c[i] = gt_ball_scale2(q->c[i], wi);
            } else { /* i multiplications by w, each enclosed */
                for (int j = 0; j < i; j++)
                    q->c[i] = gt_ball_muldp(q->c[i], w, dd);
            }
        }
    }
    return 1;
}

/* Sign variations of the Bernstein coefficients of q on [0, 1] (q in the local variable):
 * d_j = sum_i C(n - i, j) c_i, the coefficients of (1 + y)^n q(1 / (1 + y)), are the scaled
 * Bernstein coefficients B_k = C(n, k) b_k in reverse order (B_k = d_(n-k); B_0 = q(0),
 * B_n = q(1)). Descartes: the number of roots of q in (0, 1), with multiplicity, is at most the
 * number of variations and has its parity. Returns -1 when a sign is not certified;
 * *sign0 = sign of q(0), *sign1 = sign of q(1). */
static int bernstein_variations(const gt_fpoly *q, int *sign0, int *sign1)
{
    const int n = q->deg;
    gt_ball s[GT_FP_MAXDEG + 1];
    s[0] = q->c[0];
    if (q->dd) {
        for (int i = 1; i <= n; i++) { /* s <- s (1 + y) + c_i */
            s[i] = s[i - 1];
            for (int j = i - 1; j >= 1; j--)
                s[j] = gt_ball_add(s[j], s[j - 1]);
            s[0] = gt_ball_add(s[0], q->c[i]);
        }
    } else {
        for (int i = 1; i <= n; i++) {
            s[i] = s[i - 1];
            for (int j = i - 1; j >= 1; j--)
                s[j] = gt_ball_add1(s[j], s[j - 1]);
            s[0] = gt_ball_add1(s[0], q->c[i]);
        }
    }
    int var = 0, last = 0;
    for (int j = 0; j <= n; j++) {
        const int sg = gt_ball_sign(s[j]);
        if (sg == 0)
            return -1;
        var += last != 0 && sg != last;
        last = sg;
    }
    *sign1 = gt_ball_sign(s[0]);
    *sign0 = gt_ball_sign(s[n]);
    return var;
}

/* Sign on a narrow [a, b] ⊂ [0, 1] from p(a) and a bound of |p'| on [a, b]:
 * |p(t) - p(a)| <= (b - a) D with D = sum_i i max|c_i| b^(i-1) (0 <= t <= b), where
 * max|c_i| <= |hi| (1 + 2^-52) + rad. D and (b - a) D are computed in round-to-nearest from
 * non-negative terms (fewer than 4 deg + 4 roundings, each losing at most a factor 1 - u) and
 * inflated by 1 + 2^-44, which more than pays for them. The widened ball has a certified sign
 * only if p keeps that sign on all of [a, b]. */
static int sign_by_slope(const gt_fpoly *p, double a, double b, double w)
{
    double D = 0.0, bi = 1.0;
    for (int i = 1; i <= p->deg; i++, bi *= b)
        D += (double)i * (fabs(p->c[i].hi) * (1.0 + 0x1p-52) + p->c[i].rad) * bi;
    gt_ball v = gt_fpoly_eval(p, a);
    v.rad += (w * D) * (1.0 + 0x1p-44);
    return gt_ball_sign(v);
}

int gt_fpoly_sign_on(const gt_fpoly *p, double a, double b)
{
    double w;
    if (!exact_width(a, b, &w))
        return 0;
    if (w <= 0x1p-30 * (b > 0x1p-900 ? b : 0x1p-900)) { /* narrow: one evaluation suffices */
        const int s = sign_by_slope(p, a, b, w);
        if (s != 0)
            return s;
    }
    gt_fpoly q;
    int s0, s1;
    if (!restrict_to(p, a, b, &q) || bernstein_variations(&q, &s0, &s1) != 0)
        return 0;
    return s0; /* no variation: every Bernstein coefficient has this sign, so p has it on [a, b] */
}

/* q on [0, 1/2] and [1/2, 1], each in its own local variable: left(y) = q(y / 2),
 * right(y) = q((1 + y) / 2) = left(1 + y). */
static void halves(const gt_fpoly *q, gt_fpoly *left, gt_fpoly *right)
{
    const int n = q->deg, dd = q->dd;
    left->deg = right->deg = n;
    left->dd = right->dd = dd;
    double h = 1.0;
    for (int i = 0; i <= n; i++, h *= 0.5)
        left->c[i] = i == 0 ? q->c[0] : gt_ball_scale2(q->c[i], h);
    *right = *left;
    for (int i = 0; i < n; i++) /* Taylor shift by 1 */
        for (int j = n - 1; j >= i; j--)
            right->c[j] = gt_ball_addp(right->c[j], right->c[j + 1], dd);
}

void gt_fpoly_iso_init(gt_fpoly_iso *it, const gt_fpoly *p, double a, double b, int max_depth,
                       int max_nodes, int (*skip)(void *ctx, double a, double b), void *ctx)
{
    assert(max_depth <= GT_FP_ISO_DEPTH);
    it->p = p;
    it->skip = skip;
    it->ctx = ctx;
    it->nodes = 0;
    it->max_depth = max_depth;
    it->max_nodes = max_nodes;
    it->top = 0;
    it->last_v = -1;
    if (restrict_to(p, a, b, &it->st[0].q)) {
        it->st[0].a = a;
        it->st[0].b = b;
        it->st[0].depth = 0;
        it->top = 1;
    } else {
        it->top = -1; /* cannot even start */
        it->fail_a = a;
    }
}

int gt_fpoly_iso_next(gt_fpoly_iso *it, gt_froot *r)
{
    if (it->top < 0)
        return -1;
    while (it->top > 0) {
        const int k = --it->top;
        it->fail_a = it->st[k].a;
        if (++it->nodes > it->max_nodes)
            return it->top = -1;
        int s0, s1;
        const int v = bernstein_variations(&it->st[k].q, &s0, &s1);
        it->last_v = v;
        if (v == 0)
            continue;
        if (v == 1) {
            r->a = it->st[k].a;
            r->b = it->st[k].b;
            r->sa = s0;
            return 1;
        }
        /* two or more variations, or a sign not certified: skip, or halve (left piece on top) */
        const double a = it->st[k].a, b = it->st[k].b, m = a + 0.5 * (b - a);
        /* (the skip test costs more than a halving: only when the signs are not certified, or
         * after two halvings) */
        if (it->skip && (v < 0 || it->st[k].depth >= 2) && it->skip(it->ctx, a, b))
            continue;
        double w;
        if (it->st[k].depth >= it->max_depth || !exact_width(a, m, &w) || !exact_width(m, b, &w) ||
            m - a != b - m)
            return it->top = -1;
        const int d = it->st[k].depth + 1;
        gt_fpoly left;
        halves(&it->st[k].q, &left, &it->st[k + 1].q);
        it->st[k].q = it->st[k + 1].q; /* right piece below */
        it->st[k].a = m;
        it->st[k].b = b;
        it->st[k].depth = d;
        it->st[k + 1].q = left;
        it->st[k + 1].a = a;
        it->st[k + 1].b = m;
        it->st[k + 1].depth = d;
        it->top = k + 2;
    }
    return 0;
}

int gt_fpoly_conditions_on(const gt_fpoly *cond, int n, int sgn, double a, double b)
{
    int unknown = 0;
    for (int i = 0; i < n; i++) {
        const int s = sgn * gt_fpoly_sign_on(&cond[i], a, b);
        if (s < 0)
            return -1;
        unknown |= s == 0;
    }
    return unknown ? 0 : 1;
}

/* gt_fpoly_iso's skip over the search's no_contact in the current tier. */
typedef struct search_skip {
    const gt_fpoly_search *s;
    int dd;
} search_skip;

static int search_skip_piece(void *ctx, double a, double b)
{
    const search_skip *k = ctx;
    return k->s->no_contact(k->s->ctx, k->dd, a, b);
}

int gt_fpoly_first_contact(const gt_fpoly_search *s, gt_froot *r, int *c)
{
    return gt_fpoly_first_contact_on(s, 0.0, 1.0, r, c);
}

int gt_fpoly_first_contact_on(const gt_fpoly_search *s, double lo, double hi, gt_froot *r, int *c)
{
    search_skip k = { s, 0 };
    gt_fpoly_iso it;
    gt_fpoly_iso_init(&it, s->poly(s->ctx, 0), lo, hi, s->max_depth, s->nodes, search_skip_piece,
                      &k);
    /* Ends: each gt_fpoly_iso_next call settles a piece of a bounded budget (nodes, then
     * nodes_dd after the one switch of tier). */
    for (;;) {
        const int found = gt_fpoly_iso_next(&it, r);
        if (found < 0) {
            if (k.dd || (s->no_dd_after_multiple && it.last_v >= 2))
                return -1;
            k.dd = 1;
            gt_fpoly_iso_init(&it, s->poly(s->ctx, 1), it.fail_a, hi, s->max_depth, s->nodes_dd,
                              search_skip_piece, &k);
            continue;
        }
        if (found == 0)
            return 0;
        *c = s->contact(s->ctx, k.dd, r);
        if (*c >= 0)
            return 1;
    }
}

/* A double approximation of the root of p in (a, b): safeguarded Newton on the centres in
 * plain doubles. Only a guess: every use is checked by certified signs. */
static double newton_guess(const gt_fpoly *p, const gt_froot *r)
{
    double c[GT_FP_MAXDEG + 1] = { 0 };
    const int n = p->deg;
    for (int i = 0; i <= n; i++)
        c[i] = gt_ball_mid(p->c[i]);
    double a = r->a, b = r->b, fa = c[n], fb = c[n];
    for (int i = n - 1; i >= 0; i--) {
        fa = fa * a + c[i];
        fb = fb * b + c[i];
    }
    /* start at the secant point of the ends (their signs are known to differ), then Newton,
     * kept inside the bracket [a, b] of the double signs */
    double x = fa != fb ? a - fa * (b - a) / (fb - fa) : 0.5 * (a + b);
    if (!(x > a && x < b))
        x = 0.5 * (a + b);
    for (int it = 0; it < 60; it++) {
        double dv, v = gt_horner_d(c, n, x, &dv);
        if (v == 0.0)
            return x;
        double xn = gt_newton_step(x, v, dv, (v > 0) == (r->sa > 0), &a, &b);
        const uint64_t bx = gt_dbits(x), bn = gt_dbits(xn);
        if ((bx > bn ? bx - bn : bn - bx) <= 2 || gt_dbits(b) - gt_dbits(a) <= 1)
            return xn;
        x = xn;
    }
    return x;
}

/* Certified sign at the double x (0: not certified). */
typedef int (*sign_fn)(const void *ctx, double x);

static int sign_of_poly(const void *ctx, double x)
{
    return gt_fpoly_sign_at(ctx, x);
}

/* Shrinks r's interval to at most K steps between doubles by certified signs, the first probe
 * K/2 below x0 (a guess), then steps of K doubling while the root stays on the same side, then
 * bisection (in the ordered bit patterns of the non-negative doubles). */
static int narrow_core(sign_fn sign, const void *ctx, gt_froot *r, uint64_t K, double x0)
{
    uint64_t lo = gt_dbits(r->a), hi = gt_dbits(r->b);
    if (hi - lo <= K)
        return 1;
    uint64_t x = gt_dbits(x0), step = K;
    x = x - lo > K / 2 ? x - K / 2 : lo;
    int dir = 0; /* direction of the last move: +1 up, -1 down */
    for (int it = 0; it < 300 && hi - lo > K; it++) {
        if (!(x > lo && x < hi))
            x = lo + (hi - lo) / 2;
        const int s = sign(ctx, gt_bitsd(x));
        if (s == 0)
            return 0;
        const int up = s == r->sa; /* the root is above x */
        if (up) {
            lo = x;
            r->a = gt_bitsd(x);
        } else {
            hi = x;
            r->b = gt_bitsd(x);
        }
        const int d = up ? 1 : -1;
        step = d == dir ? step * 2 : K;
        dir = d;
        x = up ? (hi - x > step ? x + step : lo + (hi - lo) / 2)
               : (x - lo > step ? x - step : lo + (hi - lo) / 2);
    }
    return hi - lo <= K;
}

int gt_fpoly_root_narrow(const gt_fpoly *p, gt_froot *r, unsigned long long ulps, double guess)
{
    assert(r->a >= 0.0 && r->b <= 1.0 && r->a < r->b && ulps >= 1);
    if (gt_dbits(r->b) - gt_dbits(r->a) <= ulps)
        return 1;
    if (!(guess > r->a && guess < r->b))
        guess = newton_guess(p, r);
    return narrow_core(sign_of_poly, p, r, ulps, guess);
}

double gt_fpoly_guess(const gt_fpoly *p, const gt_froot *r)
{
    return newton_guess(p, r);
}

/* p(x) = p(g) + sum_j q_j (x - g)^j, q = the Taylor coefficients of the enclosure at g. */
typedef struct taylor_ctx {
    gt_fpoly q; /* q.c[0] replaced by the precise enclosure of p(g) */
    double g;
} taylor_ctx;

static int sign_by_taylor(const void *ctx, double x)
{
    const taylor_ctx *t = ctx;
    double d, e;
    gt_two_sum(x, -t->g, &d, &e);
    if (e != 0.0) /* x - g not exact (far apart): no certified sign this way */
        return 0;
    const int n = t->q.deg, dd = t->q.dd;
    gt_ball v = t->q.c[n];
    for (int j = n - 1; j >= 1; j--)
        v = gt_ball_addp(gt_ball_muldp(v, d, dd), t->q.c[j], dd);
    v = gt_ball_muldp(v, d, dd);
    return gt_ball_sign(gt_ball_add(t->q.c[0], v));
}

int gt_fpoly_root_ulp_at(const gt_fpoly *p, gt_ball pg, double g, gt_froot *r)
{
    assert(r->a >= 0.0 && r->b <= 1.0 && r->a < r->b);
    if (gt_dbits(r->b) - gt_dbits(r->a) <= 1)
        return 1;
    if (!(g > r->a && g < r->b))
        return 0;
    taylor_ctx t;
    t.g = g;
    t.q = *p;
    const int n = p->deg, dd = p->dd;
    for (int i = 0; i < n; i++) /* Taylor shift by g */
        for (int j = n - 1; j >= i; j--)
            t.q.c[j] = gt_ball_addp(t.q.c[j], gt_ball_muldp(t.q.c[j + 1], g, dd), dd);
    t.q.c[0] = pg;
    /* one Newton step from the precise p(g): the start of the search (the Taylor form stays
     * valid, and precise enough, many ulps away from g) */
    const double d1 = gt_ball_mid(t.q.c[1]);
    double x0 = d1 != 0.0 ? g - gt_ball_mid(pg) / d1 : g;
    if (!(x0 > r->a && x0 < r->b))
        x0 = g;
    return narrow_core(sign_by_taylor, &t, r, 1, x0);
}
