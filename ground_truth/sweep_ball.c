/* sweep_ball.c — MPFR midpoint-radius balls (sweep_ball.h has the error rules). */
#include "sweep_ball.h"

#define RAD_PREC 64

void sb_init(sb *x, mpfr_prec_t p)
{
    mpfr_init2(x->m, p);
    mpfr_init2(x->r, RAD_PREC);
    mpfr_set_zero(x->m, 1);
    mpfr_set_zero(x->r, 1);
}

void sb_clear(sb *x)
{
    mpfr_clear(x->m);
    mpfr_clear(x->r);
}

void sb_set_prec(sb *x, mpfr_prec_t p)
{
    mpfr_set_prec(x->m, p);
    mpfr_set_zero(x->m, 1);
    mpfr_set_zero(x->r, 1);
}

/* r += the rounding error of a result m whose ternary value is `inexact`: at most |m| 2^(1-p). */
static void add_rounding(mpfr_ptr r, mpfr_srcptr m, int inexact)
{
    if (!inexact)
        return;
    mpfr_t e;
    mpfr_init2(e, RAD_PREC);
    mpfr_abs(e, m, MPFR_RNDU); /* exact or up (e has fewer bits) */
    mpfr_mul_2si(e, e, 1 - (long)mpfr_get_prec(m), MPFR_RNDU);
    mpfr_add(r, r, e, MPFR_RNDU);
    mpfr_clear(e);
}

void sb_set_d(sb *x, double d)
{
    int in = mpfr_set_d(x->m, d, MPFR_RNDN);
    mpfr_set_zero(x->r, 1);
    add_rounding(x->r, x->m, in);
}

void sb_set(sb *x, const sb *a)
{
    if (x == a)
        return;
    mpfr_set(x->r, a->r, MPFR_RNDU);
    int in = mpfr_set(x->m, a->m, MPFR_RNDN);
    add_rounding(x->r, x->m, in);
}

void sb_set_mpfr(sb *x, mpfr_srcptr v, mpfr_srcptr rad)
{
    mpfr_set(x->r, rad, MPFR_RNDU);
    int in = mpfr_set(x->m, v, MPFR_RNDN);
    add_rounding(x->r, x->m, in);
}

void sb_add(sb *z, const sb *a, const sb *b)
{
    mpfr_t r;
    mpfr_init2(r, RAD_PREC);
    mpfr_add(r, a->r, b->r, MPFR_RNDU);
    int in = mpfr_add(z->m, a->m, b->m, MPFR_RNDN);
    add_rounding(r, z->m, in);
    mpfr_swap(z->r, r);
    mpfr_clear(r);
}

void sb_sub(sb *z, const sb *a, const sb *b)
{
    mpfr_t r;
    mpfr_init2(r, RAD_PREC);
    mpfr_add(r, a->r, b->r, MPFR_RNDU);
    int in = mpfr_sub(z->m, a->m, b->m, MPFR_RNDN);
    add_rounding(r, z->m, in);
    mpfr_swap(z->r, r);
    mpfr_clear(r);
}

void sb_neg(sb *z, const sb *a)
{
    mpfr_set(z->r, a->r, MPFR_RNDU);
    int in = mpfr_neg(z->m, a->m, MPFR_RNDN);
    add_rounding(z->r, z->m, in);
}

/* |x y - a b| <= |a| rb + |b| ra + ra rb for x in (a, ra), y in (b, rb). */
void sb_mul(sb *z, const sb *a, const sb *b)
{
    mpfr_t r, t;
    mpfr_inits2(RAD_PREC, r, t, (mpfr_ptr)0);
    mpfr_mul(r, a->r, b->r, MPFR_RNDU);
    if (!mpfr_zero_p(b->r)) {
        mpfr_abs(t, a->m, MPFR_RNDU);
        mpfr_mul(t, t, b->r, MPFR_RNDU);
        mpfr_add(r, r, t, MPFR_RNDU);
    }
    if (!mpfr_zero_p(a->r)) {
        mpfr_abs(t, b->m, MPFR_RNDU);
        mpfr_mul(t, t, a->r, MPFR_RNDU);
        mpfr_add(r, r, t, MPFR_RNDU);
    }
    int in = mpfr_mul(z->m, a->m, b->m, MPFR_RNDN);
    add_rounding(r, z->m, in);
    mpfr_swap(z->r, r);
    mpfr_clears(r, t, (mpfr_ptr)0);
}

/* For y in (b, rb) with |b| > rb: |1/y - 1/b| = |y - b| / (|y| |b|) <= rb / ((|b| - rb) |b|). */
int sb_inv(sb *z, const sb *a)
{
    if (sb_sign(a) == 0)
        return -1;
    mpfr_t r, t;
    mpfr_inits2(RAD_PREC, r, t, (mpfr_ptr)0);
    mpfr_set_zero(r, 1);
    if (!mpfr_zero_p(a->r)) {
        mpfr_abs(t, a->m, MPFR_RNDD);
        mpfr_sub(t, t, a->r, MPFR_RNDD); /* > 0: |m| > r, both of RAD_PREC or rounded down */
        if (mpfr_sgn(t) <= 0) {
            mpfr_clears(r, t, (mpfr_ptr)0);
            return -1;
        }
        mpfr_div(r, a->r, t, MPFR_RNDU);
        mpfr_abs(t, a->m, MPFR_RNDD);
        mpfr_div(r, r, t, MPFR_RNDU);
    }
    int in = mpfr_ui_div(z->m, 1, a->m, MPFR_RNDN);
    add_rounding(r, z->m, in);
    mpfr_swap(z->r, r);
    mpfr_clears(r, t, (mpfr_ptr)0);
    return 0;
}

int sb_sqrt_exact(sb *z, const sb *a)
{
    if (!mpfr_zero_p(a->r) || mpfr_sgn(a->m) <= 0)
        return -1;
    mpfr_set_zero(z->r, 1);
    int in = mpfr_sqrt(z->m, a->m, MPFR_RNDN);
    add_rounding(z->r, z->m, in);
    return 0;
}

void sb_cos(sb *z, const sb *a)
{
    mpfr_t r;
    mpfr_init2(r, RAD_PREC);
    mpfr_set(r, a->r, MPFR_RNDU);
    int in = mpfr_cos(z->m, a->m, MPFR_RNDN);
    add_rounding(r, z->m, in);
    mpfr_swap(z->r, r);
    mpfr_clear(r);
}

void sb_sin(sb *z, const sb *a)
{
    mpfr_t r;
    mpfr_init2(r, RAD_PREC);
    mpfr_set(r, a->r, MPFR_RNDU);
    int in = mpfr_sin(z->m, a->m, MPFR_RNDN);
    add_rounding(r, z->m, in);
    mpfr_swap(z->r, r);
    mpfr_clear(r);
}

int sb_sign(const sb *x)
{
    if (mpfr_cmpabs(x->m, x->r) <= 0)
        return 0;
    return mpfr_sgn(x->m);
}

int sb_is_exact_zero(const sb *x)
{
    return mpfr_zero_p(x->m) && mpfr_zero_p(x->r);
}

int sb_is_exact(const sb *x)
{
    return mpfr_zero_p(x->r);
}
