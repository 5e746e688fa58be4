/* gt_poly.h (internal to ground_truth/) — exact univariate polynomials in t with mpz
 * coefficients, root isolation on [0,1] and real algebraic numbers (signs, comparison,
 * outward rounding to doubles). Everything is exact: integers and dyadic rationals only.
 *
 * Memory: every mpz lives in a preallocated object (a polynomial of fixed capacity, a workspace
 * pool); nothing is allocated per query once the mpz's have grown to their working size.
 */
#ifndef CCDB_GT_POLY_H
#define CCDB_GT_POLY_H

#include <gmp.h>
#include <mpfr.h>

/* Predicate polynomials have degree <= 4 (linear), <= 7 (rigid); the rigid kinds' products at a
 * separation d > 0 reach degree 14 before their positive factors are divided out (truth_sep.c). */
#define GT_CAP 16

typedef struct gt_poly {
    int deg;         /* -1 for the zero polynomial */
    mpz_t c[GT_CAP]; /* c[i] is the coefficient of t^i */
} gt_poly;

/* Stack of scratch polynomials and integers, initialised once (see gt_ws_mark / gt_ws_release). */
#define GT_WS_POLYS 48
#define GT_WS_INTS  48
typedef struct gt_ws {
    gt_poly p[GT_WS_POLYS];
    mpz_t z[GT_WS_INTS];
    int ptop, ztop;
    mpfr_t fr; /* 53-bit, for directed rounding to double */
    /* growable interval stack of the root isolation (grows rarely, never shrinks) */
    mpz_t *sL;
    long *sk;
    int *stype;
    int scap;
} gt_ws;

void gt_ws_init(gt_ws *ws);
void gt_ws_clear(gt_ws *ws);
gt_poly *gt_ws_poly(gt_ws *ws); /* a zeroed scratch polynomial */
mpz_ptr gt_ws_int(gt_ws *ws);   /* a scratch integer (value unspecified) */
typedef struct gt_ws_mark {
    int ptop, ztop;
} gt_ws_mark;
gt_ws_mark gt_ws_save(const gt_ws *ws);
void gt_ws_restore(gt_ws *ws, gt_ws_mark m);

void gt_poly_init(gt_poly *p);
void gt_poly_clear(gt_poly *p);
void gt_poly_zero(gt_poly *p);
void gt_poly_norm(gt_poly *p); /* recompute deg */
void gt_poly_set(gt_poly *r, const gt_poly *a);
void gt_poly_set_lin(gt_poly *r, const mpz_t x0, const mpz_t x1); /* x0 + t (x1 - x0) */
void gt_poly_sub(gt_poly *r, const gt_poly *a, const gt_poly *b);
void gt_poly_mul(gt_poly *r, const gt_poly *a, const gt_poly *b);    /* r must not alias a, b */
void gt_poly_addmul(gt_poly *r, const gt_poly *a, const gt_poly *b); /* r += a*b, no alias */
void gt_poly_submul(gt_poly *r, const gt_poly *a, const gt_poly *b); /* r -= a*b, no alias */
void gt_poly_deriv(gt_poly *r, const gt_poly *a);
int gt_poly_equal(const gt_poly *a, const gt_poly *b);
/* Vectors of three polynomials (a point's x, y, z in t): r = a - b; r = a x b and r = a . b
 * (r must not alias a or b). */
static inline void gt_vec_sub(gt_poly r[3], const gt_poly a[3], const gt_poly b[3])
{
    for (int j = 0; j < 3; j++)
        gt_poly_sub(&r[j], &a[j], &b[j]);
}
static inline void gt_vec_cross(gt_poly r[3], const gt_poly a[3], const gt_poly b[3])
{
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        gt_poly_mul(&r[j], &a[j1], &b[j2]);
        gt_poly_submul(&r[j], &a[j2], &b[j1]);
    }
}
static inline void gt_vec_dot(gt_poly *r, const gt_poly a[3], const gt_poly b[3])
{
    gt_poly_mul(r, &a[0], &b[0]);
    gt_poly_addmul(r, &a[1], &b[1]);
    gt_poly_addmul(r, &a[2], &b[2]);
}
static inline int gt_poly_is_zero(const gt_poly *p)
{
    return p->deg < 0;
}

/* Divides by the content and makes the leading coefficient positive (zero stays zero). */
void gt_poly_primitive(gt_ws *ws, gt_poly *p);
/* Primitive gcd with positive leading coefficient; gcd(0, 0) = 0. */
void gt_poly_gcd(gt_ws *ws, gt_poly *r, const gt_poly *a, const gt_poly *b);
/* r = a / b where b divides a over Q and b is primitive (so the quotient is integral). */
void gt_poly_divexact(gt_ws *ws, gt_poly *r, const gt_poly *a, const gt_poly *b);
/* Divides a by b (primitive, deg b >= 1) as many times as b divides it (over Z, hence over Q:
 * b is primitive); returns how many times. a is unchanged when b does not divide it. */
int gt_poly_divide_out(gt_ws *ws, gt_poly *a, const gt_poly *b);
/* Primitive square-free part (a / gcd(a, a')); a must be non-zero. */
void gt_poly_squarefree(gt_ws *ws, gt_poly *r, const gt_poly *a);
/* 1 when a is proven square-free by a gcd modulo a prime (cheap, no big integers beyond one
 * reduction per coefficient); 0 when not proven (a may still be square-free). */
int gt_poly_squarefree_certified(const gt_poly *a);

/* Sign of a(num / 2^k), k >= 0. */
int gt_poly_sign_at(gt_ws *ws, const gt_poly *a, const mpz_t num, long k);
/* Descartes' bound: sign variations of a after mapping the open interval
 * (A/2^k, (A+W)/2^k) onto (0, inf). 0 => no root inside; 1 => exactly one. W > 0. */
int gt_poly_descartes(gt_ws *ws, const gt_poly *a, const mpz_t A, const mpz_t W, long k);

/* A real algebraic number in [0,1]: either the dyadic num/2^k (exact), or the unique root of
 * the square-free polynomial q inside the open interval (num/2^k, (num+1)/2^k), with q non-zero
 * at both ends (slo = sign of q at the lower end). */
typedef struct gt_alg {
    int exact;
    long k;
    mpz_t num;
    int slo;
    gt_poly q;
} gt_alg;

void gt_alg_init(gt_alg *r);
void gt_alg_clear(gt_alg *r);
void gt_alg_set(gt_alg *r, const gt_alg *a);
void gt_alg_set_ui(gt_alg *r, unsigned long v); /* 0 or 1 */
void gt_alg_refine(gt_ws *ws, gt_alg *r);       /* halve the interval (may become exact) */
/* Sign of g at r (refines r as needed). */
int gt_alg_sign(gt_ws *ws, const gt_poly *g, gt_alg *r);
/* -1, 0, 1 as a <, =, > b (refines both as needed). */
int gt_alg_cmp(gt_ws *ws, gt_alg *a, gt_alg *b);
/* A dyadic num/2^k strictly between a < b (refines both as needed). */
void gt_alg_between(gt_ws *ws, gt_alg *a, gt_alg *b, mpz_t num, long *k);
/* Tries to shrink a non-exact r's interval to two adjacent doubles (or to find r is a double)
 * with a double Newton guess checked by two exact signs; returns 1 on success (r changed),
 * 0 if the guess was not good enough (r unchanged). Never wrong: every step is exact. */
int gt_alg_tighten(gt_ws *ws, gt_alg *r);
/* Tightest doubles lo <= r <= hi (lo == hi iff r is a double). */
void gt_alg_bracket(gt_ws *ws, gt_alg *r, double *lo, double *hi);
/* 1 iff r is exactly the dyadic num/2^k. */
int gt_alg_is_dyadic(gt_ws *ws, gt_alg *r, const mpz_t num, long k);

/* Real roots in [0,1] of the square-free non-zero polynomial q, in increasing order, written
 * to out[0..]; returns their number (at most deg q, asserted <= cap). */
int gt_isolate(gt_ws *ws, const gt_poly *q, gt_alg *out, int cap);

#endif
