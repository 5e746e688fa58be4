/* truth_core.c — the pieces of the exact method that the contact judge (truth.c) and the judge
 * at a separation d (truth_sep.c) share: the integer form of a query, the roots of a polynomial
 * in [0,1], the exact sort of the candidates. A leaf: it calls neither judge. */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "gt_poly.h"
#include "truth_core.h"

/* ---- integer form ---------------------------------------------------------------------- */

/* z = man 2^shift (|man| < 2^53, shift >= 0), written straight into the limbs (no mpz_mul_2exp
 * and its temporary) when limbs are 64-bit words without nails, as on every platform we build. */
static void set_scaled(mpz_ptr z, int64_t man, long shift)
{
    if (man == 0) {
        mpz_set_ui(z, 0);
        return;
    }
#if GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0
    const uint64_t m = man < 0 ? (uint64_t)0 - (uint64_t)man : (uint64_t)man;
    const size_t w = (size_t)shift / 64;
    const unsigned r = (unsigned)((unsigned long)shift % 64);
    mp_limb_t *limb = mpz_limbs_write(z, (mp_size_t)(w + 2));
    for (size_t i = 0; i < w; i++)
        limb[i] = 0;
    limb[w] = (mp_limb_t)(m << r);
    limb[w + 1] = r ? (mp_limb_t)(m >> (64 - r)) : 0;
    const mp_size_t n = (mp_size_t)(w + 1 + (limb[w + 1] != 0));
    mpz_limbs_finish(z, man < 0 ? -n : n);
#else
    mpz_set_si(z, (long)man);
    mpz_mul_2exp(z, z, (mp_bitcnt_t)shift);
#endif
}

/* x = *man 2^*E exactly with an odd *man (0: *man = 0), from the IEEE-754 fields. */
static void decode(double x, int64_t *man, long *E)
{
    assert(isfinite(x)); /* precondition: finite input (the CSV layer rejects others) */
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int be = (int)((bits >> 52) & 0x7ff);
    int64_t m = (int64_t)(bits & ((UINT64_C(1) << 52) - 1));
    long e = -1074;
    if (be != 0) {
        m |= INT64_C(1) << 52;
        e = be - 1075;
    }
    if (m == 0) {
        *man = 0;
        *E = 0;
        return;
    }
    const int tz = __builtin_ctzll((unsigned long long)m); /* odd mantissa: */
    m >>= tz;                                              /* smaller integers */
    *E = e + tz;
    *man = (bits >> 63) ? -m : m;
}

void gt_truth_load(ccdb_truth *c, const double q[8][3], int ee, double d, mpz_ptr D)
{
    int64_t man[8][3], dman = 0;
    long ex[8][3], dex = 0;
    long emin = LONG_MAX;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++) {
            decode(q[i][j], &man[i][j], &ex[i][j]);
            if (man[i][j] != 0 && ex[i][j] < emin)
                emin = ex[i][j];
        }
    if (D) {
        decode(d, &dman, &dex);
        if (dman != 0 && dex < emin)
            emin = dex;
    }
    for (int i = 0; i < 4; i++) /* point i, axis j: X0 + t (X1 - X0) */
        for (int j = 0; j < 3; j++) {
            gt_poly *p = &c->P[i][j];
            set_scaled(p->c[0], man[i][j], ex[i][j] - emin);
            set_scaled(p->c[1], man[i + 4][j], ex[i + 4][j] - emin);
            mpz_sub(p->c[1], p->c[1], p->c[0]);
            p->deg = 1;
            gt_poly_norm(p);
        }
    if (D)
        set_scaled(D, dman, dex - emin);
    memset(c->have, 0, sizeof c->have);
    c->ee = ee;
}

/* ---- roots in [0,1], exact sorting --------------------------------------------------------- */

void gt_truth_sort_unique(ccdb_truth *c, int *n)
{
    gt_alg *a = c->cand;
    for (int i = 1; i < *n; i++)
        for (int j = i; j > 0 && gt_alg_cmp(&c->ws, &a[j - 1], &a[j]) > 0; j--) {
            gt_alg t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    int m = 0;
    for (int i = 0; i < *n; i++) {
        if (m > 0 && gt_alg_cmp(&c->ws, &a[m - 1], &a[i]) == 0)
            continue;
        if (m != i) {
            gt_alg t = a[m];
            a[m] = a[i];
            a[i] = t;
        }
        m++;
    }
    *n = m;
}

/* Roots of p (non-zero) in [0,1], increasing, each tightened to adjacent doubles when the
 * Newton guess allows. Roots at 0 and 1 are found exactly and divided out (with their
 * multiplicity) first. Then cheap exits before the square-free part (a gcd): Descartes' bound
 * on (0,1) is 0 => no root inside; 1 => one simple root, which isolation handles without the
 * square-free part (its isolating interval holds no other root of p: all the signs need); and
 * none is needed either when a gcd modulo a prime proves p square-free. */
int gt_truth_roots01(ccdb_truth *c, const gt_poly *p, gt_alg *out, int cap)
{
    gt_ws *ws = &c->ws;
    gt_ws_mark mk = gt_ws_save(ws);
    mpz_ptr zero = gt_ws_int(ws), one = gt_ws_int(ws), sum = gt_ws_int(ws);
    gt_poly *Q = gt_ws_poly(ws), *lin = gt_ws_poly(ws), *tmp = gt_ws_poly(ws);
    mpz_set_ui(zero, 0);
    mpz_set_ui(one, 1);
    gt_poly_set(Q, p);
    int n = 0, root0 = 0, root1 = 0;
    while (Q->deg >= 1 && mpz_sgn(Q->c[0]) == 0) { /* divide by t */
        root0 = 1;
        for (int i = 0; i < Q->deg; i++)
            mpz_swap(Q->c[i], Q->c[i + 1]);
        Q->deg--;
    }
    mpz_set_si(lin->c[0], -1);
    mpz_set_ui(lin->c[1], 1);
    lin->deg = 1;
    for (;;) { /* divide by t - 1 */
        mpz_set_ui(sum, 0);
        for (int i = 0; i <= Q->deg; i++)
            mpz_add(sum, sum, Q->c[i]);
        if (Q->deg < 1 || mpz_sgn(sum) != 0)
            break;
        root1 = 1;
        gt_poly_divexact(ws, tmp, Q, lin);
        gt_poly_set(Q, tmp);
    }
    if (root0) {
        assert(n < cap);
        gt_alg_set_ui(&out[n++], 0);
    }
    int v = gt_poly_descartes(ws, Q, zero, one, 0);
    if (v > 0) {
        if (v == 1 || gt_poly_squarefree_certified(Q))
            gt_poly_set(&c->sqf, Q);
        else
            gt_poly_squarefree(ws, &c->sqf, Q);
        int m = gt_isolate(ws, &c->sqf, out + n, cap - n);
        for (int i = n; i < n + m; i++)
            gt_alg_tighten(ws, &out[i]);
        n += m;
    }
    if (root1) {
        assert(n < cap);
        gt_alg_set_ui(&out[n++], 1);
    }
    gt_ws_restore(ws, mk);
    return n;
}
