/* advancement_gap.h — private: a rigorous lower bound of the distance between the two primitives
 * of a query at one instant, for conservative advancement (advancement.h). VF: the point x0
 * against the triangle x1 x2 x3; EE: the segments x0 x1 and x2 x3. A is the first primitive,
 * B the second; the pairs (i in A, j in B) are VF (0,1) (0,2) (0,3), EE (0,2) (0,3) (1,2) (1,3).
 *
 * The separating-direction bound: for any vector n != 0, every point of A is a convex
 * combination of A's vertices and likewise for B, so n.(b - a) >= min over the pairs of
 * n.(x_j - x_i) for every a in A, b in B, and |b - a| >= n.(b - a) / |n| (Cauchy-Schwarz):
 *     dist(A, B) >= max(0, min_pairs n.(x_j - x_i)) / |n|.
 * It holds for every n, so n may be computed any way at all; it equals the distance for the
 * right n (the difference of the closest points, which is the face's normal for a point over
 * the triangle's interior and the edges' common normal for two interior closest points). The
 * candidates (ag_best_direction) come from the rounded positions in plain double: rounding there
 * only loosens the bound. The bound itself (ag_lower) is evaluated in interval arithmetic
 * (interval_arith.h, outward rounding) on enclosures of the exact differences x_j - x_i, with
 * |n| rounded up and the quotient rounded down: a rigorous lower bound of the exact distance.
 * The enclosures may carry a common positive factor k (the rigid form's D(u) >= 1): the bound is
 * then divided by an upper bound of k. */
#ifndef CCDB_ADVANCEMENT_GAP_H
#define CCDB_ADVANCEMENT_GAP_H

#include <math.h>

#include "float_geom.h"
#include "interval_arith.h"

static inline int ag_npairs(int vf)
{
    return vf ? 3 : 4;
}

/* The rows of pair k (0 .. ag_npairs - 1): i in A, j in B. */
static inline int ag_pair_i(int vf, int k)
{
    return vf ? 0 : k >> 1;
}

static inline int ag_pair_j(int vf, int k)
{
    return vf ? k + 1 : 2 + (k & 1);
}

/* The closest point of segment [a, b] to p, in double (a zero-length segment is the point a). */
static inline fg_vec ag_closest_on_segment(fg_vec p, fg_vec a, fg_vec b)
{
    fg_vec ab = fg_sub(b, a);
    double ll = fg_dot(ab, ab), s = 0.0;
    if (ll > 0.0) {
        s = fg_dot(fg_sub(p, a), ab) / ll;
        s = s > 0.0 ? (s < 1.0 ? s : 1.0) : 0.0; /* NaN -> 0 */
    }
    return fg_add(a, fg_scale(ab, s));
}

/* n divided by its largest absolute component (a positive multiple of n, so the same bound;
 * |n|^2 is then in [1, 3], far from overflow and underflow); the zero vector stays zero. */
static inline fg_vec ag_scaled(fg_vec n)
{
    double big = fmax(fabs(n.x), fmax(fabs(n.y), fabs(n.z)));
    if (!(big > 0.0) || !isfinite(big))
        return n;
    fg_vec r = { n.x / big, n.y / big, n.z / big };
    return r;
}

/* min over the pairs of n.(x_j - x_i) / |n| in double (a rounded estimate: only to choose). */
static inline double ag_estimate(const fg_vec x[4], int vf, fg_vec n)
{
    double nn = fg_norm(n), g = INFINITY;
    if (!(nn > 0.0) || !isfinite(nn))
        return -INFINITY;
    for (int k = 0; k < ag_npairs(vf); k++) {
        double e = fg_dot(n, fg_sub(x[ag_pair_j(vf, k)], x[ag_pair_i(vf, k)]));
        g = e < g ? e : g;
    }
    return g / nn;
}

/* Keeps n (or -n when flip) when its estimate beats *best. */
static inline void ag_consider(const fg_vec x[4], int vf, fg_vec n, int flip, fg_vec *dir,
                               double *best)
{
    n = ag_scaled(n);
    if (flip)
        n = fg_scale(n, -1.0);
    double g = ag_estimate(x, vf, n);
    if (g > *best) {
        *best = g;
        *dir = n;
    }
}

/* The candidate direction with the largest estimated gap, from the positions x (double): the
 * normal (face, or the two edges'), both ways, and the difference of the closest points of each
 * vertex-segment pair (VF: the point and each edge; EE: each endpoint and the other edge). When
 * no candidate shows a positive gap the result is whichever came first (the bound is then 0). */
static inline fg_vec ag_best_direction(const fg_vec x[4], int vf)
{
    fg_vec dir = { 0.0, 0.0, 0.0 };
    double best = -INFINITY;
    fg_vec nrm = vf ? fg_cross(fg_sub(x[2], x[1]), fg_sub(x[3], x[1]))
                    : fg_cross(fg_sub(x[1], x[0]), fg_sub(x[3], x[2]));
    ag_consider(x, vf, nrm, 0, &dir, &best);
    ag_consider(x, vf, nrm, 1, &dir, &best);
    if (vf) {
        for (int e = 1; e <= 3; e++) {
            fg_vec c = ag_closest_on_segment(x[0], x[e], x[e == 3 ? 1 : e + 1]);
            ag_consider(x, vf, fg_sub(c, x[0]), 0, &dir, &best);
        }
    } else {
        for (int a = 0; a < 2; a++) /* endpoint of A against B: B - A */
            ag_consider(x, vf, fg_sub(ag_closest_on_segment(x[a], x[2], x[3]), x[a]), 0, &dir,
                        &best);
        for (int b = 2; b < 4; b++) /* endpoint of B against A */
            ag_consider(x, vf, fg_sub(x[b], ag_closest_on_segment(x[b], x[0], x[1])), 0, &dir,
                        &best);
    }
    return dir;
}

/* The rigorous bound: max(0, min_pairs n.d[k]) / (|n| k_hi), rounded down, where d[k] enclose
 * k (x_j - x_i) for the pairs in order and k_hi >= k > 0, n scaled by ag_scaled. NaN when the
 * enclosures are NaN (overflow). */
static inline double ag_lower(const iv3 d[4], int vf, fg_vec n, double k_hi)
{
    double big = fmax(fabs(n.x), fmax(fabs(n.y), fabs(n.z)));
    if (!(big > 0.0) || !isfinite(big))
        return isnan(big) ? NAN : 0.0;
    n = ag_scaled(n);
    iv3 nv = { { iv_point(n.x), iv_point(n.y), iv_point(n.z) } };
    double g = INFINITY;
    for (int k = 0; k < ag_npairs(vf); k++) {
        double lo = iv3_dot(&nv, &d[k]).lo;
        g = lo < g || isnan(lo) ? lo : g;
    }
    if (isnan(g))
        return NAN;
    if (!(g > 0.0))
        return 0.0;
    double nn = iv3_dot(&nv, &nv).hi;                 /* >= |n|^2, in [1, 3] */
    double den = iv_mul(iv_widen(sqrt(nn), sqrt(nn)), /* sqrt is correctly rounded */
                        iv_point(k_hi))
                     .hi;
    double r = iv_widen(g / den, g / den).lo;
    return r > 0.0 ? r : 0.0;
}

#endif
