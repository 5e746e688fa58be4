/* gt_test_util.h — helpers shared by the ground-truth tests: run one query in checking mode,
 * check a TOI bracket against an exact rational or an integer polynomial's root. */
#ifndef CCDB_GT_TEST_UTIL_H
#define CCDB_GT_TEST_UTIL_H

#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>
#include <string.h>

#include "ccdb_truth.h"

static inline void gt_run(ccdb_truth *t, int ee, const double q[8][3], ccdb_truth_result *r)
{
    if (ee)
        ccdb_truth_ee(t, q, r);
    else
        ccdb_truth_vf(t, q, r);
}

/* The bracket is one double or two adjacent doubles. */
static inline int gt_tight(const ccdb_truth_result *r)
{
    return r->toi_lo == r->toi_hi || nextafter(r->toi_lo, 2.0) == r->toi_hi;
}

/* Exact: lo <= num/den <= hi, equality iff num/den is a double; bracket tight. */
static inline void gt_check_rational(const char *name, const ccdb_truth_result *r, const char *frac)
{
    mpq_t v, lo, hi;
    mpq_inits(v, lo, hi, NULL);
    cr_assert_eq(mpq_set_str(v, frac, 10), 0, "%s: bad fraction %s", name, frac);
    mpq_canonicalize(v);
    mpq_set_d(lo, r->toi_lo);
    mpq_set_d(hi, r->toi_hi);
    cr_assert(mpq_cmp(lo, v) <= 0 && mpq_cmp(v, hi) <= 0, "%s: TOI %s not in [%.17g, %.17g]", name,
              frac, r->toi_lo, r->toi_hi);
    cr_assert(gt_tight(r), "%s: bracket [%.17g, %.17g] not tight", name, r->toi_lo, r->toi_hi);
    mpq_set_d(lo, mpq_get_d(v));
    int is_double = mpq_equal(lo, v);
    cr_assert_eq(is_double, r->toi_lo == r->toi_hi,
                 "%s: TOI %s double=%d but bracket [%.17g, %.17g]", name, frac, is_double,
                 r->toi_lo, r->toi_hi);
    mpq_clears(v, lo, hi, NULL);
}

/* sign of sum c[i] x^i at a double x, exactly */
static inline int gt_poly_sign_d(int deg, const long *c, double x)
{
    mpq_t acc, xx, t;
    mpq_inits(acc, xx, t, NULL);
    mpq_set_d(xx, x);
    for (int i = deg; i >= 0; i--) {
        mpq_mul(acc, acc, xx);
        mpq_set_si(t, c[i], 1);
        mpq_add(acc, acc, t);
    }
    int s = mpq_sgn(acc);
    mpq_clears(acc, xx, t, NULL);
    return s;
}

/* The TOI is a root of the polynomial c (an irrational one): it changes sign across the
 * tight bracket. */
static inline void gt_check_root(const char *name, const ccdb_truth_result *r, int deg,
                                 const long *c)
{
    cr_assert(nextafter(r->toi_lo, 2.0) == r->toi_hi, "%s: irrational TOI needs two doubles", name);
    int s1 = gt_poly_sign_d(deg, c, r->toi_lo), s2 = gt_poly_sign_d(deg, c, r->toi_hi);
    cr_assert(s1 * s2 < 0, "%s: no root of the expected polynomial in [%.17g, %.17g]", name,
              r->toi_lo, r->toi_hi);
}

#endif
