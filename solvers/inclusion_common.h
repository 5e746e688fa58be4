/* inclusion_common.h — private helpers shared by the inclusion-based solvers (inclusion_naive,
 * tight_inclusion): the multivariate gap function F(t,u,v) evaluated at the 8 corners of a
 * parameter box, the exact bounding-box pre-rejection, and the per-axis coordinate scale γ.
 *
 * F is multilinear (degree <= 1 in each of t, u, v), so its exact range over a box is the
 * bounding box of its 8 corner values (Snyder 1992). Corner values are computed in double with
 * one fixed evaluation order; tight_inclusion adds a forward error bound for that order (its
 * file opening derives it), inclusion_naive does not.
 *
 *   point at t:  x(t) = x0 + t (x1 - x0)
 *   VF: F = ((p - a) - u (b - a)) - v (c - a)          q rows: p, a, b, c at t=0, then t=1
 *   EE: F = ((a0 - b0) + u (a1 - a0)) - v (b1 - b0)    q rows: a0, a1, b0, b1 at t=0, then t=1
 */
#ifndef CCDB_INCLUSION_COMMON_H
#define CCDB_INCLUSION_COMMON_H

#include <math.h>
#include <stdlib.h>

#include "ccdb_solver.h"
#include "interval_arith.h" /* iv_min2, iv_max2: min/max without libm calls (never NaN here) */

/* A box in parameter space (t, u, v), closed intervals, plus its bisection depth. */
typedef struct incl_box {
    double lo[3], hi[3];
    int depth;
} incl_box;

/* Position of row-pair k (0..3) at time t, axis i. */
static inline double incl_pos(const double q[8][3], int k, double t, int i)
{
    return q[k][i] + t * (q[k + 4][i] - q[k][i]);
}

/* The three difference vectors at time t: VF (p-a, b-a, c-a); EE (a0-b0, a1-a0, b1-b0).
 * F(t,u,v) = (D + su*u*B) - v*C with su = -1 for VF, +1 for EE (exact sign flip). */
static inline void incl_diffs(const double q[8][3], int ee, double t, double D[3], double B[3],
                              double C[3])
{
    for (int i = 0; i < 3; ++i) {
        double x0 = incl_pos(q, 0, t, i), x1 = incl_pos(q, 1, t, i);
        double x2 = incl_pos(q, 2, t, i), x3 = incl_pos(q, 3, t, i);
        if (!ee) {
            D[i] = x0 - x1; /* p - a */
            B[i] = x2 - x1; /* b - a */
            C[i] = x3 - x1; /* c - a */
        } else {
            D[i] = x0 - x2; /* a0 - b0 */
            B[i] = x1 - x0; /* a1 - a0 */
            C[i] = x3 - x2; /* b1 - b0 */
        }
    }
}

/* Bounding box (per axis) of F's values at the 8 corners of box b, computed in double. */
static inline void incl_corner_range(const double q[8][3], int ee, const incl_box *b, double mn[3],
                                     double mx[3])
{
    for (int i = 0; i < 3; ++i) {
        mn[i] = INFINITY;
        mx[i] = -INFINITY;
    }
    for (int kt = 0; kt < 2; ++kt) {
        double D[3], B[3], C[3];
        incl_diffs(q, ee, kt ? b->hi[0] : b->lo[0], D, B, C);
        for (int ku = 0; ku < 2; ++ku) {
            double u = ku ? b->hi[1] : b->lo[1];
            for (int kv = 0; kv < 2; ++kv) {
                double v = kv ? b->hi[2] : b->lo[2];
                for (int i = 0; i < 3; ++i) {
                    double s = ee ? D[i] + u * B[i] : D[i] - u * B[i];
                    double f = s - v * C[i];
                    if (f < mn[i])
                        mn[i] = f;
                    if (f > mx[i])
                        mx[i] = f;
                }
            }
        }
    }
}

/* 1 when all 24 coordinates are finite. */
static inline int incl_all_finite(const double q[8][3])
{
    for (int k = 0; k < 8; ++k)
        for (int i = 0; i < 3; ++i)
            if (!isfinite(q[k][i]))
                return 0;
    return 1;
}

/* The start of every inclusion solver's answer: MISS, TOI 0, work 0; then 0 (FAILED: a
 * coordinate is not finite) or 1 (go on). */
static inline int incl_begin(const double q[8][3], ccdb_result *out)
{
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
    if (!incl_all_finite(q)) {
        out->state = CCDB_FAILED;
        return 0;
    }
    return 1;
}

/* The vertex-face and edge-edge entries P_vf / P_ee of a solver SOLVE(STACK *, q, params, ee,
 * out) that works in a growable stack STACK ({ a, n, cap }, a freed with free()): the harness's
 * per-thread one (from the solver's create), or a temporary one when it gives none. */
#define INCL_ENTRIES(P, STACK, SOLVE)                                                        \
    static void P##_with_state(void *state, const double q[8][3], const ccdb_params *params, \
                               int ee, ccdb_result *out)                                     \
    {                                                                                        \
        if (state) {                                                                         \
            SOLVE(state, q, params, ee, out);                                                \
            return;                                                                          \
        }                                                                                    \
        STACK tmp = { 0, 0, 0 };                                                             \
        SOLVE(&tmp, q, params, ee, out);                                                     \
        free(tmp.a);                                                                         \
    }                                                                                        \
    static void P##_vf(void *state, const double q[8][3], const ccdb_params *params,         \
                       ccdb_result *out)                                                     \
    {                                                                                        \
        P##_with_state(state, q, params, 0, out);                                            \
    }                                                                                        \
    static void P##_ee(void *state, const double q[8][3], const ccdb_params *params,         \
                       ccdb_result *out)                                                     \
    {                                                                                        \
        P##_with_state(state, q, params, 1, out);                                            \
    }

/* γ_i = max(largest |coordinate| of the query on axis i, 1) (Wang et al. 2021). */
static inline void incl_gamma(const double q[8][3], double g[3])
{
    for (int i = 0; i < 3; ++i) {
        double m = 1.0;
        for (int k = 0; k < 8; ++k)
            m = iv_max2(m, fabs(q[k][i]));
        g[i] = m;
    }
}

/* Exact pre-rejection: 1 when the bounding boxes of the two primitives' swept points are
 * farther apart than d on some axis (so no contact within Chebyshev distance d during the
 * step: every point of a moving primitive stays in the box of its vertices' 2 positions).
 * VF: rows {0,4} against {1,2,3,5,6,7}; EE: rows {0,1,4,5} against {2,3,6,7}.
 * Comparisons of doubles are exact; with d > 0 the sum is rounded up by one ulp. */
static inline int incl_boxes_apart(const double q[8][3], int ee, double d)
{
    static const int vf_a[2] = { 0, 4 }, vf_b[6] = { 1, 2, 3, 5, 6, 7 };
    static const int ee_a[4] = { 0, 1, 4, 5 }, ee_b[4] = { 2, 3, 6, 7 };
    const int *ia = ee ? ee_a : vf_a, *ib = ee ? ee_b : vf_b;
    int na = ee ? 4 : 2, nb = ee ? 4 : 6;
    for (int i = 0; i < 3; ++i) {
        double alo = q[ia[0]][i], ahi = alo, blo = q[ib[0]][i], bhi = blo;
        for (int k = 1; k < na; ++k) {
            alo = iv_min2(alo, q[ia[k]][i]);
            ahi = iv_max2(ahi, q[ia[k]][i]);
        }
        for (int k = 1; k < nb; ++k) {
            blo = iv_min2(blo, q[ib[k]][i]);
            bhi = iv_max2(bhi, q[ib[k]][i]);
        }
        if (d > 0) {
            /* a_hi + d <= nextafter(fl(a_hi + d), +inf): a sound upper end. */
            double ahd = nextafter(ahi + d, INFINITY), bhd = nextafter(bhi + d, INFINITY);
            if (ahd < blo || bhd < alo)
                return 1;
        } else if (ahi < blo || bhi < alo) {
            return 1;
        }
    }
    return 0;
}

#endif
