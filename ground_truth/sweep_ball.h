/* sweep_ball.h (internal to ground_truth/) — MPFR midpoint-radius balls for the sweep judge
 * (truth_sweep.c): rigorous enclosures at any precision.
 *
 * A ball (m, r) encloses every real x with |x - m| <= r. m has the working precision, r is a
 * 64-bit MPFR number, every radius operation rounded up. Each operation's radius is the radii of
 * its operands carried through (first-order terms and the product of radii for mul) plus the
 * rounding error of m, which MPFR reports: a correctly rounded result (RNDN) is off by at most
 * half an ulp, at most |m| 2^-p (bounded here by |m| 2^(1-p)), and by nothing when MPFR's
 * ternary value says the result is exact. So a ball with r = 0 holds an exact value, and the
 * sign of x is certified when |m| > r (sb_sign). cos and sin are 1-Lipschitz: their radius is
 * the argument's plus the rounding error (|result| <= 1). MPFR's exponent range (about
 * 2^+-2^30) is far beyond anything from double inputs, so nothing overflows or underflows. */
#ifndef CCDB_SWEEP_BALL_H
#define CCDB_SWEEP_BALL_H

#include <mpfr.h>

typedef struct sb {
    mpfr_t m, r;
} sb;

void sb_init(sb *x, mpfr_prec_t p);
void sb_clear(sb *x);
/* The working precision of m (the radius keeps 64 bits). */
void sb_set_prec(sb *x, mpfr_prec_t p);
void sb_set_d(sb *x, double d);  /* exact (p >= 53) */
void sb_set(sb *x, const sb *a); /* a copy with the radius of the rounding */
void sb_set_mpfr(sb *x, mpfr_srcptr v, mpfr_srcptr rad); /* centre v (rounded), radius rad */
void sb_add(sb *z, const sb *a, const sb *b);
void sb_sub(sb *z, const sb *a, const sb *b);
void sb_mul(sb *z, const sb *a, const sb *b);
void sb_neg(sb *z, const sb *a);
/* z = 1 / a; returns -1 (z untouched) when a's ball holds 0. */
int sb_inv(sb *z, const sb *a);
/* z = sqrt(a) for an exact a > 0 (radius 0); returns -1 otherwise. */
int sb_sqrt_exact(sb *z, const sb *a);
void sb_cos(sb *z, const sb *a);
void sb_sin(sb *z, const sb *a);
/* 1 or -1 when the whole ball is on that side of 0, else 0 (also for the exact 0). */
int sb_sign(const sb *x);
/* The exact 0 (m = 0, r = 0). */
int sb_is_exact_zero(const sb *x);
int sb_is_exact(const sb *x);

#endif
