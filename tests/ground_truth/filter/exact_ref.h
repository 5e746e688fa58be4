/* exact_ref.h — small exact references (GMP) used to check the filters independently:
 * the exact coplanarity cubic and whether it has a root in [0,1] (Sturm sequence). */
#ifndef CCDB_TEST_EXACT_REF_H
#define CCDB_TEST_EXACT_REF_H

#include <gmp.h>

/* Exact Bernstein coefficients on [0,1], times (1,3,3,1), of f(t) = ((x1-x0) x (x2-x0)).(x3-x0);
 * VF: x0..x3 = rows 1,2,3,0 (a, b, c, p); EE: rows 0,1,2,3. out[4] must be initialised. */
void exact_cubic_bernstein(const double q[8][3], int is_ee, mpq_t out[4]);

typedef enum exact_cubic_kind {
    EXACT_CUBIC_NO_ROOT = 0, /* not identically zero, no root in [0,1] */
    EXACT_CUBIC_ROOT = 1,    /* some root in [0,1] */
    EXACT_CUBIC_ZERO = 2     /* identically zero (coplanar for the whole step) */
} exact_cubic_kind;

/* Decides the cubic's roots in [0,1] exactly (independent of the filter's arithmetic). */
exact_cubic_kind exact_cubic_roots01(const double q[8][3], int is_ee);

/* 1 when the polynomial sum c[i] t^i (n <= 8 coefficients, not all zero) has a root in [0,1]. */
int exact_has_root01(mpq_t *c, int n);

#endif

/* An exact certificate check for a MISS, independent of the filter's floating point: splits
 * [0,1] into dyadic pieces (adaptively, down to width 2^-max_depth) and succeeds when on every
 * piece either the coplanarity cubic has no root (and is not identically zero), or one of the
 * necessary contact conditions g >= 0 (VF: n.((x_j-x_i) x (p-x_i)) for the three edges; EE:
 * m.(w x db), m.(m - w x db), m.(w x da), m.(m - w x da)) has no root there and is negative.
 * Each claim is decided with exact rationals (Sturm sequences). Returns 1 when certified. */
int exact_certify_miss(const double q[8][3], int is_ee, int max_depth);
