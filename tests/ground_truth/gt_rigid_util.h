/* gt_rigid_util.h — helpers of the rigid-motion tests: run a rigid query in checking mode, the
 * time t(u) = atan(u |w|) / atan(|w|) and its inverse in MPFR, a bracket check against an
 * MPFR value. */
#ifndef CCDB_GT_RIGID_UTIL_H
#define CCDB_GT_RIGID_UTIL_H

#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>
#include <mpfr.h>

#include "ccdb_truth.h"

#define GT_RIGID_PREC 256

static inline void gt_run_rigid(ccdb_truth *t, int ee, const double q[8][3], ccdb_truth_result *r)
{
    if (ee)
        ccdb_truth_rigid_ee(t, q, r);
    else
        ccdb_truth_rigid_vf(t, q, r);
}

/* a = |w| to GT_RIGID_PREC bits (nearest). */
static inline void gt_norm_w(mpfr_t a, const double q[8][3])
{
    mpfr_t x;
    mpfr_init2(x, 4400);
    mpfr_set_ui(a, 0, MPFR_RNDN);
    mpfr_t s;
    mpfr_init2(s, 4400);
    mpfr_set_ui(s, 0, MPFR_RNDN);
    for (int j = 0; j < 3; j++) {
        mpfr_set_d(x, q[5][j], MPFR_RNDN);
        mpfr_sqr(x, x, MPFR_RNDN);
        mpfr_add(s, s, x, MPFR_RNDN);
    }
    mpfr_sqrt(a, s, MPFR_RNDN);
    mpfr_clears(x, s, (mpfr_ptr)0);
}

/* The precision the time map needs: tan near pi / 2 (|w| large, t near 1) loses the bits of
 * |w|'s exponent. */
static inline mpfr_prec_t gt_map_prec(const double q[8][3])
{
    double m = fmax(fabs(q[5][0]), fmax(fabs(q[5][1]), fabs(q[5][2])));
    int e = 0;
    if (m > 1)
        (void)frexp(m, &e);
    return GT_RIGID_PREC + 2 * e;
}

/* u(t) = tan(t atan(|w|)) / |w| (u = t when w = 0; t = 0 and 1 exactly), to about
 * GT_RIGID_PREC bits, as a rational. */
static inline void gt_u_of_t(mpq_t u, const double q[8][3], double t)
{
    mpfr_t a, x;
    mpfr_inits2(gt_map_prec(q), a, x, (mpfr_ptr)0);
    gt_norm_w(a, q);
    if (mpfr_zero_p(a) || t == 0 || t == 1) {
        mpq_set_d(u, t);
    } else {
        mpfr_atan(x, a, MPFR_RNDN);
        mpfr_mul_d(x, x, t, MPFR_RNDN);
        mpfr_tan(x, x, MPFR_RNDN);
        mpfr_div(x, x, a, MPFR_RNDN);
        mpfr_get_q(u, x);
    }
    mpfr_clears(a, x, (mpfr_ptr)0);
}

/* t(u) for a rational u, to GT_RIGID_PREC bits. */
static inline void gt_t_of_u(mpfr_t t, const double q[8][3], const mpq_t u)
{
    mpfr_t a, x;
    mpfr_inits2(GT_RIGID_PREC, a, x, (mpfr_ptr)0);
    gt_norm_w(a, q);
    mpfr_set_q(t, u, MPFR_RNDN);
    if (!mpfr_zero_p(a)) {
        mpfr_mul(x, t, a, MPFR_RNDN);
        mpfr_atan(x, x, MPFR_RNDN);
        mpfr_atan(t, a, MPFR_RNDN);
        mpfr_div(t, x, t, MPFR_RNDN);
    }
    mpfr_clears(a, x, (mpfr_ptr)0);
}

/* lo <= t <= hi, the bracket at most `ulps` ulps wide (t known to GT_RIGID_PREC bits: the
 * comparison is strict unless t is a double). */
static inline void gt_check_bracket(const char *name, const ccdb_truth_result *r, mpfr_t t,
                                    int ulps)
{
    cr_assert(r->hit, "%s: expected a hit", name);
    cr_assert(mpfr_cmp_d(t, r->toi_lo) >= 0 && mpfr_cmp_d(t, r->toi_hi) <= 0,
              "%s: TOI %.20g not in [%.17g, %.17g]", name, mpfr_get_d(t, MPFR_RNDN), r->toi_lo,
              r->toi_hi);
    double x = r->toi_lo;
    for (int i = 0; i < ulps; i++)
        x = nextafter(x, 2.0);
    cr_assert(r->toi_hi <= x, "%s: bracket [%.17g, %.17g] wider than %d ulps", name, r->toi_lo,
              r->toi_hi, ulps);
}

#endif
