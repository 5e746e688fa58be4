/* gen_multi_root.c — family multi_root: the coplanarity cubic has two roots in the step,
 * t = 1/4 and t = 3/4 (it is -s^2 L 16 (t - 1/4)(t - 3/4) up to a positive factor), so it has
 * the same sign at t = 0 and t = 1 and a parity (sign-change) test sees nothing. At each root
 * the primitives touch or not depending on x0 (the moving vertex's / edge's x, which drifts by
 * 4 k s over the step); base and twin sit on either side of one end of the set of x0 that
 * touch, one grid step apart. Built at scale s (a positive integer), optionally time-reversed.
 *   VF: a (0,0,0), b (16s,0,0), c(t) = (0,16s,(3+4t)s), p(t) = (x0 + 4ks t, (1+4t)s, 2ts):
 *       the plane tilts about edge ab; at t = 1/4 p = (x0+ks, 2s, s/2), at 3/4 (x0+3ks, 4s, 3s/2).
 *       Touch at r iff X(r) >= 0 and X(r) + y(r) <= 16s.
 *   EE: a0 (0,0,0), a1 (16s,0,0); b0(t) = (X(t), 16s, (3+4t)s), b1(t) = (X(t), -(1+4t)s, -2ts):
 *       B's line crosses A's line at both roots (at fractions 8/9 and 4/5 of B);
 *       touch at r iff 0 <= X(r) <= 16s. */
#include "gen_internal.h"

static int build(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    int64_t s = ccdb_prng_range(rng, 1, 4), k = ccdb_prng_range(rng, -3, 3);
    int upper = (int)ccdb_prng_below(rng, 2), reverse = (int)ccdb_prng_below(rng, 2);

    /* Touching intervals of x0 at r = 1/4 (X = x0 + ks) and r = 3/4 (X = x0 + 3ks). */
    int64_t hi1, hi2;
    if (kind == CCDB_KIND_VF) {
        hi1 = 14 * s; /* X + 2s <= 16s */
        hi2 = 12 * s; /* X + 4s <= 16s */
    } else {
        hi1 = hi2 = 16 * s;
    }
    int64_t lo_a = -k * s, hi_a = hi1 - k * s, lo_b = -3 * k * s, hi_b = hi2 - 3 * k * s;
    int64_t lo = lo_a < lo_b ? lo_a : lo_b, hi = hi_a > hi_b ? hi_a : hi_b;
    int64_t x0 = upper ? hi + twin : lo - twin;
    int64_t X1 = x0 + k * s, X3 = x0 + 3 * k * s; /* x at t = 1/4 and t = 3/4 */
    int touch1 = X1 >= 0 && X1 <= hi1, touch3 = X3 >= 0 && X3 <= hi2;

    int r0 = reverse ? 4 : 0, r1 = reverse ? 0 : 4; /* rows of t0 and t1 */
    if (kind == CCDB_KIND_VF) {
        gen_set_static(c, 1, 0, 0, 0);
        gen_set_static(c, 2, 16 * s, 0, 0);
        gen_set(c, 3 + r0, 0, 16 * s, 3 * s);
        gen_set(c, 3 + r1, 0, 16 * s, 7 * s);
        gen_set(c, 0 + r0, x0, s, 0);
        gen_set(c, 0 + r1, x0 + 4 * k * s, 5 * s, 2 * s);
    } else {
        gen_set_static(c, 0, 0, 0, 0);
        gen_set_static(c, 1, 16 * s, 0, 0);
        gen_set(c, 2 + r0, x0, 16 * s, 3 * s);
        gen_set(c, 2 + r1, x0 + 4 * k * s, 16 * s, 7 * s);
        gen_set(c, 3 + r0, x0, -s, 0);
        gen_set(c, 3 + r1, x0 + 4 * k * s, -5 * s, -2 * s);
    }
    /* Contact times in the generated time direction. */
    int first = reverse ? touch3 : touch1, second = reverse ? touch1 : touch3;
    if (first)
        gen_hit(c, 1, 1, 2);
    else if (second)
        gen_hit(c, 1, 3, 2);
    else
        gen_miss(c);
    return 0;
}

int gen_multi_root(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    return build(rng, kind, twin, c);
}
