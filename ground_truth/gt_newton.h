/* gt_newton.h — Newton's method in double on a bracket of a sign change, for the guesses of
 * gt_alg.c and gt_fpoly.c (only guesses: every use is checked by exact or certified signs). */
#ifndef CCDB_GT_NEWTON_H
#define CCDB_GT_NEWTON_H

/* c[0..n] at x by Horner, its derivative into *dv. */
static inline double gt_horner_d(const double *c, int n, double x, double *dv)
{
    double v = c[n], d = 0.0;
    for (int i = n - 1; i >= 0; i--) {
        d = d * x + v;
        v = v * x + c[i];
    }
    *dv = d;
    return v;
}

/* One step from x, where the value v (not 0) has the sign of the value at *a when same_as_a:
 * the bracket [*a, *b] narrowed to the side of x that keeps the sign change, then x - v / dv,
 * or the bracket's midpoint when that is not strictly inside it. */
static inline double gt_newton_step(double x, double v, double dv, int same_as_a, double *a,
                                    double *b)
{
    if (same_as_a)
        *a = x;
    else
        *b = x;
    double xn = dv != 0.0 ? x - v / dv : 0.5 * (*a + *b);
    if (!(xn > *a && xn < *b))
        xn = 0.5 * (*a + *b);
    return xn;
}

#endif
