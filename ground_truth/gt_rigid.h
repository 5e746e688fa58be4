/* gt_rigid.h (internal to ground_truth/) — rigid motion as integer polynomials in u, and the
 * TOI in t from an exact bracket of u (docs/rigid.md).
 *
 * A rigid query (rows: the four points at t = 0, axis point c, axis w, translation s, which
 * primitive moves) moves the points of one primitive by
 *     x(u) = c + R(u) (x0 - c) + u s,   R(u) = I + 2 (u K + u^2 K^2) / D(u),   K = [w]x,
 *     D(u) = 1 + u^2 |w|^2,   u = tan(phi1 t / 2) / |w| in [0, 1]   (u = t when w = 0).
 * Every point (moving or still) is written as D(u) x(u) times one positive constant: integer
 * polynomials of degree <= 3 sharing the positive factor, so every sign of a homogeneous
 * predicate in the points (all of truth.c's) is the sign of the true one. */
#ifndef CCDB_GT_RIGID_H
#define CCDB_GT_RIGID_H

#include "gt_poly.h"

/* P[i][j] = point i, axis j, as above (degree <= 3 in u), for a VF (vf = 1: point 0 the vertex,
 * 1-3 the triangle) or EE (vf = 0: 0-1 edge a, 2-3 edge b) query. Returns 1 when w = 0 (a pure
 * translation: P is then x0 + u s, the linear motion with t = u), else 0.
 * *apart (when apart is not NULL): 1 when an exact bound proves that nothing touches over the
 * step (the moving primitive stays within max |x0 - c| + |s| of c, and the still points' box is
 * farther than that from c), else 0. */
int gt_rigid_load(gt_ws *ws, gt_poly P[4][3], const double q[8][3], int vf, int *apart);
/* The same for the judge at a separation d > 0: d (a finite double >= 0) joins the lengths'
 * common scale, D receives it as an integer in that scale, *Dp_out (when not NULL) the common
 * positive factor D'(u) = L^2 D(u) of every point (P[i] = D'(u) x_i(u) in the integer scale, so
 * |x_a - x_b| <= d iff |P[a] - P[b]|^2 <= D^2 D'(u)^2), and *apart proves that nothing comes
 * within d. gt_rigid_load is this with d = 0 and no D. */
int gt_rigid_load_sep(gt_ws *ws, gt_poly P[4][3], const double q[8][3], int vf, double d, mpz_ptr D,
                      gt_poly *Dp_out, int *apart);

/* A pure translation (w = 0) as the linear query it is: rows 0-3 the points at t = 0, rows 4-7
 * at t = 1 (x0 + s for the moving points, x0 for the still ones). 1 with lin set when w = 0 and
 * every x0 + s is exactly a double (then t = u and gt_rigid_load's polynomials are the linear
 * judge's times one positive constant: the same decision, bracket and class facts), else 0. */
int gt_rigid_as_linear(const double q[8][3], int vf, double lin[8][3]);

/* Outward-rounded doubles lo <= t(u) <= hi of the root u (in [0, 1]) of a query whose w is not
 * zero: t(u) = atan(u |w|) / atan(|w|), from a bracket of u refined to about 70 bits and MPFR
 * with directed rounding through the product, atan, the square root in |w| and the quotient
 * (192 bits, four atans; the same doubles from two 100-bit atans when those make them certain,
 * and check != 0 computes both and asserts they agree). u = 0 and u = 1 give t = 0 and t = 1
 * exactly. */
void gt_rigid_toi(gt_ws *ws, gt_alg *u, const double q[8][3], int check, double *lo, double *hi);

/* For the certified stage (fp_rigid.c): u known to lie in [a + e0, a + e1] (doubles; 0 < u < 1)
 * of a query whose w is not zero. 1 when the doubles gt_rigid_toi gives for that root are certain
 * from this bracket alone (t is far enough from every double), with them in *lo, *hi; else 0. */
int gt_rigid_t_bracket(const double q[8][3], double a, double e0, double e1, double *lo,
                       double *hi);

#endif
