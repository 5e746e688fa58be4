/* gt_poly.c — exact polynomials in t with mpz coefficients: arithmetic, primitive gcd,
 * square-free part, sign at a dyadic point, Descartes' bound on an interval. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

#include "gt_poly.h"

void gt_poly_init(gt_poly *p)
{
    for (int i = 0; i < GT_CAP; i++)
        mpz_init(p->c[i]);
    p->deg = -1;
}

void gt_poly_clear(gt_poly *p)
{
    for (int i = 0; i < GT_CAP; i++)
        mpz_clear(p->c[i]);
}

void gt_ws_init(gt_ws *ws)
{
    for (int i = 0; i < GT_WS_POLYS; i++)
        gt_poly_init(&ws->p[i]);
    for (int i = 0; i < GT_WS_INTS; i++)
        mpz_init(ws->z[i]);
    ws->ptop = ws->ztop = 0;
    mpfr_init2(ws->fr, 53);
    ws->sL = NULL;
    ws->sk = NULL;
    ws->stype = NULL;
    ws->scap = 0;
}

void gt_ws_clear(gt_ws *ws)
{
    for (int i = 0; i < GT_WS_POLYS; i++)
        gt_poly_clear(&ws->p[i]);
    for (int i = 0; i < GT_WS_INTS; i++)
        mpz_clear(ws->z[i]);
    mpfr_clear(ws->fr);
    for (int i = 0; i < ws->scap; i++)
        mpz_clear(ws->sL[i]);
    free(ws->sL);
    free(ws->sk);
    free(ws->stype);
}

gt_poly *gt_ws_poly(gt_ws *ws)
{
    assert(ws->ptop < GT_WS_POLYS);
    gt_poly *p = &ws->p[ws->ptop++];
    p->deg = -1;
    return p;
}

mpz_ptr gt_ws_int(gt_ws *ws)
{
    assert(ws->ztop < GT_WS_INTS);
    return ws->z[ws->ztop++];
}

gt_ws_mark gt_ws_save(const gt_ws *ws)
{
    gt_ws_mark m = { ws->ptop, ws->ztop };
    return m;
}

void gt_ws_restore(gt_ws *ws, gt_ws_mark m)
{
    ws->ptop = m.ptop;
    ws->ztop = m.ztop;
}

void gt_poly_zero(gt_poly *p)
{
    p->deg = -1;
}

void gt_poly_norm(gt_poly *p)
{
    while (p->deg >= 0 && mpz_sgn(p->c[p->deg]) == 0)
        p->deg--;
}

void gt_poly_set(gt_poly *r, const gt_poly *a)
{
    if (r == a)
        return;
    for (int i = 0; i <= a->deg; i++)
        mpz_set(r->c[i], a->c[i]);
    r->deg = a->deg;
}

void gt_poly_set_lin(gt_poly *r, const mpz_t x0, const mpz_t x1)
{
    mpz_set(r->c[0], x0);
    mpz_sub(r->c[1], x1, x0);
    r->deg = 1;
    gt_poly_norm(r);
}

static void addsub(gt_poly *r, const gt_poly *a, const gt_poly *b, int sub)
{
    int n = a->deg > b->deg ? a->deg : b->deg;
    for (int i = 0; i <= n; i++) {
        if (i <= a->deg && i <= b->deg) {
            if (sub)
                mpz_sub(r->c[i], a->c[i], b->c[i]);
            else
                mpz_add(r->c[i], a->c[i], b->c[i]);
        } else if (i <= a->deg) {
            mpz_set(r->c[i], a->c[i]);
        } else if (sub) {
            mpz_neg(r->c[i], b->c[i]);
        } else {
            mpz_set(r->c[i], b->c[i]);
        }
    }
    r->deg = n;
    gt_poly_norm(r);
}

void gt_poly_sub(gt_poly *r, const gt_poly *a, const gt_poly *b)
{
    addsub(r, a, b, 1);
}

static void accmul(gt_poly *r, const gt_poly *a, const gt_poly *b, int sign)
{
    assert(r != a && r != b);
    if (a->deg < 0 || b->deg < 0)
        return;
    int n = a->deg + b->deg;
    assert(n < GT_CAP);
    for (int i = r->deg + 1; i <= n; i++)
        mpz_set_ui(r->c[i], 0);
    if (r->deg < n)
        r->deg = n;
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) {
            if (sign > 0)
                mpz_addmul(r->c[i + j], a->c[i], b->c[j]);
            else
                mpz_submul(r->c[i + j], a->c[i], b->c[j]);
        }
    gt_poly_norm(r);
}

void gt_poly_mul(gt_poly *r, const gt_poly *a, const gt_poly *b)
{
    r->deg = -1;
    accmul(r, a, b, 1);
}
void gt_poly_addmul(gt_poly *r, const gt_poly *a, const gt_poly *b)
{
    accmul(r, a, b, 1);
}
void gt_poly_submul(gt_poly *r, const gt_poly *a, const gt_poly *b)
{
    accmul(r, a, b, -1);
}

void gt_poly_deriv(gt_poly *r, const gt_poly *a)
{
    assert(r != a);
    for (int i = 1; i <= a->deg; i++)
        mpz_mul_ui(r->c[i - 1], a->c[i], (unsigned long)i);
    r->deg = a->deg - 1 < -1 ? -1 : a->deg - 1;
    gt_poly_norm(r);
}

int gt_poly_equal(const gt_poly *a, const gt_poly *b)
{
    if (a->deg != b->deg)
        return 0;
    for (int i = 0; i <= a->deg; i++)
        if (mpz_cmp(a->c[i], b->c[i]) != 0)
            return 0;
    return 1;
}

void gt_poly_primitive(gt_ws *ws, gt_poly *p)
{
    if (p->deg < 0)
        return;
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr g = gt_ws_int(ws);
    mpz_abs(g, p->c[p->deg]);
    for (int i = p->deg - 1; i >= 0 && mpz_cmp_ui(g, 1) != 0; i--)
        mpz_gcd(g, g, p->c[i]);
    if (mpz_sgn(p->c[p->deg]) < 0)
        mpz_neg(g, g);
    if (mpz_cmp_ui(g, 1) != 0)
        for (int i = 0; i <= p->deg; i++)
            mpz_divexact(p->c[i], p->c[i], g);
    gt_ws_restore(ws, m);
}

/* a <- a pseudo-mod b (a multiple of the remainder), deg b >= 0. */
static void prem(gt_ws *ws, gt_poly *a, const gt_poly *b)
{
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr g = gt_ws_int(ws), fa = gt_ws_int(ws), fb = gt_ws_int(ws);
    while (a->deg >= b->deg && a->deg >= 0) {
        int s = a->deg - b->deg;
        mpz_gcd(g, a->c[a->deg], b->c[b->deg]);
        mpz_divexact(fa, b->c[b->deg], g); /* a <- fa*a - fb*x^s*b */
        mpz_divexact(fb, a->c[a->deg], g);
        for (int i = 0; i <= a->deg; i++)
            mpz_mul(a->c[i], a->c[i], fa);
        for (int i = 0; i <= b->deg; i++)
            mpz_submul(a->c[i + s], fb, b->c[i]);
        assert(mpz_sgn(a->c[a->deg]) == 0);
        a->deg--;
        gt_poly_norm(a);
    }
    gt_ws_restore(ws, m);
}

void gt_poly_gcd(gt_ws *ws, gt_poly *r, const gt_poly *a, const gt_poly *b)
{
    gt_ws_mark m = gt_ws_save(ws);
    gt_poly *A = gt_ws_poly(ws), *B = gt_ws_poly(ws);
    gt_poly_set(A, a);
    gt_poly_set(B, b);
    gt_poly_primitive(ws, A);
    gt_poly_primitive(ws, B);
    if (A->deg < B->deg) {
        gt_poly *t = A;
        A = B;
        B = t;
    }
    while (B->deg >= 0) {
        if (B->deg == 0) { /* constant: gcd is 1 */
            mpz_set_ui(A->c[0], 1);
            A->deg = 0;
            break;
        }
        prem(ws, A, B);
        gt_poly_primitive(ws, A);
        gt_poly *t = A;
        A = B;
        B = t;
    }
    gt_poly_set(r, A);
    gt_ws_restore(ws, m);
}

void gt_poly_divexact(gt_ws *ws, gt_poly *r, const gt_poly *a, const gt_poly *b)
{
    assert(b->deg >= 0 && a->deg >= b->deg);
    gt_ws_mark m = gt_ws_save(ws);
    gt_poly *cur = gt_ws_poly(ws), *quo = gt_ws_poly(ws);
    gt_poly_set(cur, a);
    int qd = a->deg - b->deg;
    for (int i = qd; i >= 0; i--) {
        mpz_ptr c = quo->c[i];
        if (cur->deg == i + b->deg) {
            assert(mpz_divisible_p(cur->c[i + b->deg], b->c[b->deg]));
            mpz_divexact(c, cur->c[i + b->deg], b->c[b->deg]);
            for (int j = 0; j <= b->deg; j++)
                mpz_submul(cur->c[i + j], c, b->c[j]);
            assert(mpz_sgn(cur->c[cur->deg]) == 0);
            cur->deg--;
            gt_poly_norm(cur);
        } else {
            mpz_set_ui(c, 0);
        }
    }
    assert(cur->deg < 0); /* b divides a */
    quo->deg = qd;
    gt_poly_norm(quo);
    gt_poly_set(r, quo);
    gt_ws_restore(ws, m);
}

/* One division of a by b: 1 and the quotient in r when the remainder is zero, else 0. The
 * leading coefficient of every step must divide exactly: b is primitive, so by Gauss's lemma a
 * multiple of b over Q has an integer quotient, and a step that does not divide proves that b
 * does not divide a. */
static int div_step(gt_ws *ws, gt_poly *r, const gt_poly *a, const gt_poly *b)
{
    if (a->deg < b->deg)
        return 0;
    gt_ws_mark m = gt_ws_save(ws);
    gt_poly *cur = gt_ws_poly(ws);
    gt_poly_set(cur, a);
    const int qd = a->deg - b->deg;
    int ok = 1;
    for (int i = qd; i >= 0 && ok; i--) {
        mpz_ptr c = r->c[i];
        mpz_set_ui(c, 0);
        if (cur->deg != i + b->deg)
            continue;
        ok = mpz_divisible_p(cur->c[i + b->deg], b->c[b->deg]);
        if (!ok)
            break;
        mpz_divexact(c, cur->c[i + b->deg], b->c[b->deg]);
        for (int j = 0; j <= b->deg; j++)
            mpz_submul(cur->c[i + j], c, b->c[j]);
        cur->deg--;
        gt_poly_norm(cur);
    }
    ok = ok && cur->deg < 0;
    if (ok) {
        r->deg = qd;
        gt_poly_norm(r);
    }
    gt_ws_restore(ws, m);
    return ok;
}

int gt_poly_divide_out(gt_ws *ws, gt_poly *a, const gt_poly *b)
{
    assert(b->deg >= 1);
    gt_ws_mark m = gt_ws_save(ws);
    gt_poly *quo = gt_ws_poly(ws);
    int n = 0;
    /* each division lowers the degree: at most deg a / deg b steps */
    while (a->deg >= b->deg && div_step(ws, quo, a, b)) {
        gt_poly_set(a, quo);
        n++;
    }
    gt_ws_restore(ws, m);
    return n;
}

void gt_poly_squarefree(gt_ws *ws, gt_poly *r, const gt_poly *a)
{
    assert(a->deg >= 0);
    gt_ws_mark m = gt_ws_save(ws);
    gt_poly *A = gt_ws_poly(ws);
    gt_poly_set(A, a);
    gt_poly_primitive(ws, A);
    if (A->deg >= 2) {
        gt_poly *d = gt_ws_poly(ws), *g = gt_ws_poly(ws);
        gt_poly_deriv(d, A);
        gt_poly_gcd(ws, g, A, d);
        if (g->deg >= 1) {
            gt_poly_divexact(ws, d, A, g);
            gt_poly_set(A, d);
            gt_poly_primitive(ws, A);
        }
    }
    gt_poly_set(r, A);
    gt_ws_restore(ws, m);
}

int gt_poly_sign_at(gt_ws *ws, const gt_poly *a, const mpz_t num, long k)
{
    if (a->deg < 0)
        return 0;
    if (a->deg == 0 || mpz_sgn(num) == 0)
        return mpz_sgn(a->c[0]);
    gt_ws_mark m = gt_ws_save(ws);
    mpz_ptr acc = gt_ws_int(ws), t = gt_ws_int(ws);
    /* 2^(k d) a(num/2^k) = (((a_d num + a_{d-1} 2^k) num + a_{d-2} 2^2k) ...) */
    int d = a->deg;
    mpz_set(acc, a->c[d]);
    for (int i = d - 1; i >= 0; i--) {
        mpz_mul(acc, acc, num);
        mpz_mul_2exp(t, a->c[i], (mp_bitcnt_t)(k * (d - i)));
        mpz_add(acc, acc, t);
    }
    int s = mpz_sgn(acc);
    gt_ws_restore(ws, m);
    return s;
}

static void taylor_shift(mpz_t *c, int d, const mpz_t a)
{
    for (int i = 0; i < d; i++)
        for (int j = d - 1; j >= i; j--)
            mpz_addmul(c[j], a, c[j + 1]);
}

static void taylor_shift1(mpz_t *c, int d)
{
    for (int i = 0; i < d; i++)
        for (int j = d - 1; j >= i; j--)
            mpz_add(c[j], c[j], c[j + 1]);
}

int gt_poly_descartes(gt_ws *ws, const gt_poly *a, const mpz_t A, const mpz_t W, long k)
{
    int d = a->deg;
    if (d <= 0)
        return 0;
    gt_ws_mark m = gt_ws_save(ws);
    gt_poly *t = gt_ws_poly(ws);
    mpz_ptr wp = gt_ws_int(ws);
    /* G(x) = 2^(kd) a(x / 2^k): the interval becomes (A, A+W). */
    for (int i = 0; i <= d; i++)
        mpz_mul_2exp(t->c[i], a->c[i], (mp_bitcnt_t)(k * (d - i)));
    if (mpz_sgn(A) != 0)
        taylor_shift(t->c, d, A);
    if (mpz_cmp_ui(W, 1) != 0) {
        mpz_set(wp, W);
        for (int i = 1; i <= d; i++) {
            mpz_mul(t->c[i], t->c[i], wp);
            if (i < d)
                mpz_mul(wp, wp, W);
        }
    }
    for (int i = 0, j = d; i < j; i++, j--)
        mpz_swap(t->c[i], t->c[j]);
    taylor_shift1(t->c, d);
    int var = 0, last = 0;
    for (int i = 0; i <= d; i++) {
        int s = mpz_sgn(t->c[i]);
        if (s != 0) {
            if (last != 0 && s != last)
                var++;
            last = s;
        }
    }
    gt_ws_restore(ws, m);
    return var;
}

/* ---- square-free certificate modulo a prime ------------------------------------------------
 * If lc(a) != 0 mod p and gcd(a mod p, a' mod p) is a constant, a is square-free over Z: a
 * repeated factor g (primitive, deg >= 1) divides a and a', and lc(g) divides lc(a), so g mod p
 * keeps its degree and divides both images. p = 2^32 - 5, the largest prime below 2^32, so a
 * product of two residues fits in 64 bits. */
#define GT_P UINT64_C(4294967291)

static uint64_t mulmod_p(uint64_t a, uint64_t b)
{
    return a * b % GT_P;
}

static uint64_t invmod_p(uint64_t a) /* a != 0: a^(p-2) */
{
    uint64_t r = 1, e = GT_P - 2;
    for (; e; e >>= 1, a = mulmod_p(a, a))
        if (e & 1)
            r = mulmod_p(r, a);
    return r;
}

int gt_poly_squarefree_certified(const gt_poly *a)
{
    if (a->deg < 2)
        return a->deg >= 0;
    uint64_t A[GT_CAP] = { 0 }, B[GT_CAP] = { 0 };
    int da = a->deg, db = a->deg - 1;
    for (int i = 0; i <= da; i++)
        A[i] = mpz_fdiv_ui(a->c[i], GT_P);
    if (A[da] == 0)
        return 0;
    for (int i = 1; i <= da; i++)
        B[i - 1] = mulmod_p(A[i], (uint64_t)i);
    while (db >= 0 && B[db] == 0)
        db--;
    if (db < 0)
        return 0;
    while (db >= 0) { /* A <- A mod B, then swap */
        const uint64_t inv = invmod_p(B[db]);
        while (da >= db) {
            const uint64_t q = mulmod_p(A[da], inv);
            for (int j = 0; j <= db; j++) {
                const uint64_t t = mulmod_p(q, B[j]);
                uint64_t *x = &A[da - db + j];
                *x = *x >= t ? *x - t : *x + GT_P - t;
            }
            while (da >= 0 && A[da] == 0)
                da--;
        }
        for (int j = 0; j < GT_CAP; j++) {
            const uint64_t t = A[j];
            A[j] = B[j];
            B[j] = t;
        }
        const int t = da;
        da = db;
        db = t;
    }
    return da == 0;
}
