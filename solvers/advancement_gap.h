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

/* The largest absolute component of n (NaN when one is NaN). */
static inline double ag_big(fg_vec n)
{
    double ax = fabs(n.x), ay = fabs(n.y), az = fabs(n.z);
    double m = ax > ay ? ax : ay;
    m = m > az ? m : az;
    return isnan(n.x + n.y + n.z) ? NAN : m;
}

/* n divided by its largest absolute component (a positive multiple of n, so the same bound;
 * |n|^2 is then in [1, 3], far from overflow and underflow); the zero vector stays zero. */
static inline fg_vec ag_scaled(fg_vec n)
{
    double big = ag_big(n);
    if (!(big > 0.0) || !isfinite(big))
        return n;
    fg_vec r = { n.x / big, n.y / big, n.z / big };
    return r;
}

/* The running choice: the direction with the largest estimated gap so far. */
typedef struct ag_choice {
    const fg_vec *e; /* the pair differences x_j - x_i, in double */
    int np;          /* how many */
    fg_vec dir;
    double best;
} ag_choice;

/* Estimates min over the pairs of n.(x_j - x_i) / |n| in double (rounded: only to choose; an
 * |n|^2 that is 0 or overflows skips n) and keeps n when it beats the best so far; with both,
 * -n too (its estimate is -max / |n|). */
static inline void ag_consider(ag_choice *c, fg_vec n, int both)
{
    double nn = fg_dot(n, n);
    if (!(nn > 0.0) || !isfinite(nn))
        return;
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < c->np; k++) {
        double v = fg_dot(n, c->e[k]);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    double r = sqrt(nn);
    if (lo / r > c->best) {
        c->best = lo / r;
        c->dir = n;
    }
    if (both && -hi / r > c->best) {
        c->best = -hi / r;
        c->dir = fg_scale(n, -1.0);
    }
}

/* The candidate direction with the largest estimated gap, scaled by ag_scaled, from the
 * positions x (double): the
 * normal (face, or the two edges'), both ways, and the difference of the closest points of each
 * vertex-segment pair (VF: the point and each edge; EE: each endpoint and the other edge). When
 * no candidate shows a positive gap the bound will be 0 whichever is returned. */
static inline fg_vec ag_best_direction(const fg_vec x[4], int vf)
{
    fg_vec e[4];
    ag_choice c = { e, ag_npairs(vf), { 0.0, 0.0, 0.0 }, -INFINITY };
    for (int k = 0; k < c.np; k++)
        e[k] = fg_sub(x[ag_pair_j(vf, k)], x[ag_pair_i(vf, k)]);
    fg_vec nrm = vf ? fg_cross(fg_sub(x[2], x[1]), fg_sub(x[3], x[1]))
                    : fg_cross(fg_sub(x[1], x[0]), fg_sub(x[3], x[2]));
    ag_consider(&c, nrm, 1);
    if (vf) {
        for (int k = 1; k <= 3; k++)
            ag_consider(&c, fg_sub(ag_closest_on_segment(x[0], x[k], x[k == 3 ? 1 : k + 1]), x[0]),
                        0);
    } else {
        for (int a = 0; a < 2; a++) /* endpoint of A against B: B - A */
            ag_consider(&c, fg_sub(ag_closest_on_segment(x[a], x[2], x[3]), x[a]), 0);
        for (int b = 2; b < 4; b++) /* endpoint of B against A */
            ag_consider(&c, fg_sub(x[b], ag_closest_on_segment(x[b], x[0], x[1])), 0);
    }
    return ag_scaled(c.dir);
}

/* The lower end of iv_widen(x, x): below the exact result of the one operation that gave x. */
static inline double ag_lo(double x)
{
    return iv_widen(x, x).lo;
}

/* A lower bound of n . v for every v in the enclosure d (n a point vector), rounded down as
 * interval_arith.h does: a number times an interval has its lower end at one of the interval's
 * ends, chosen by the number's sign. */
static inline double ag_dot_lo(fg_vec n, const iv3 *d)
{
    double nk[3] = { n.x, n.y, n.z }, s = 0.0;
    for (int k = 0; k < 3; k++) {
        double p = ag_lo(nk[k] >= 0.0 ? nk[k] * d->x[k].lo : nk[k] * d->x[k].hi);
        s = k == 0 ? p : ag_lo(s + p);
    }
    return s;
}

/* The rigorous bound max(0, g) / (|n| k_hi), rounded down, given g <= min over the pairs of
 * n . (k (x_j - x_i)) (the caller's lower bound, from ag_dot_lo), k_hi >= k > 0 and n from
 * ag_best_direction. 0 for a zero n, NaN when g or n is NaN (overflow). */
static inline double ag_bound(double g, fg_vec n, double k_hi)
{
    if (isnan(g) || isnan(ag_big(n)))
        return NAN;
    if (!(g > 0.0) || !(ag_big(n) > 0.0))
        return 0.0;
    iv3 nv = { { iv_point(n.x), iv_point(n.y), iv_point(n.z) } };
    double nn = iv3_dot(&nv, &nv).hi;                 /* >= |n|^2, in [1, 3] */
    double den = iv_mul(iv_widen(sqrt(nn), sqrt(nn)), /* sqrt is correctly rounded */
                        iv_point(k_hi))
                     .hi;
    double r = ag_lo(g / den);
    return r > 0.0 ? r : 0.0;
}

#endif
