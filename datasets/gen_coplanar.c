/* gen_coplanar.c — family coplanar_parallel: all four points stay in the plane z = 0 (tilted
 * afterwards by a random integer matrix), so the coplanarity cubic is identically zero and
 * root finding on it says nothing. Cases (toi = d / 2^m, exact):
 *   VF (the triangle deforms in the plane, edge ab stays): the vertex passes through the
 *       triangle's corner b only (twin: the path one grid step further out); crosses edge ab at
 *       corner b (twin: x = L + 1); crosses edge ab inside (twin: the same path one step below
 *       the edge line, a miss); slides along the edge's line into corner b (twin: the parallel
 *       line y = -1); comes up to edge ab and stops on it at t = 1 (twin: one step short).
 *   EE: edge B slides down in the plane onto A's end (twin: one step beside it) or onto A's
 *       interior (twin: stops one step short), or slides along A's line into A's end (twin: on
 *       the parallel line y = 1). */
#include "gen_internal.h"

static int vf(ccdb_prng *rng, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 2, 32), H = ccdb_prng_range(rng, 1, 32);
    int64_t cx = ccdb_prng_range(rng, 0, L);
    int m = (int)ccdb_prng_range(rng, 1, 6);
    int64_t P = INT64_C(1) << m, d = ccdb_prng_range(rng, 1, P - 1);
    int64_t X = ccdb_prng_range(rng, 1, L - 1);
    int64_t cx1 = ccdb_prng_range(rng, 0, L), H1 = ccdb_prng_range(rng, 1, 32);
    int variant = (int)ccdb_prng_below(rng, 5);

    /* Triangle: a (0,0), b (L,0), c from (cx,H) to (cx1,H1) with 0 <= cx, cx1 <= L and H, H1 >= 1
     * (the triangle deforms in the plane), so every point of it has 0 <= y, x <= L, x - y <= L,
     * and edge ab is always in place. */
    gen_set_static(c, 1, 0, 0, 0);
    gen_set_static(c, 2, L, 0, 0);
    gen_set(c, 3, cx, H, 0);
    gen_set(c, 7, cx1, H1, 0);
    c->flags |= GEN_PLANAR_Z;
    switch (variant) {
    case 0: /* along direction (1,1) through b: touches only b (x - y = L); twin x - y = L + 1 */
        gen_set(c, 0, L - d + twin, -d, 0);
        gen_set(c, 4, L - d + twin + P, -d + P, 0);
        break;
    case 1: /* straight up through corner b; twin at x = L + 1 */
        gen_set(c, 0, L + twin, -d, 0);
        gen_set(c, 4, L + twin, P - d, 0);
        break;
    case 2: /* straight up through the interior of edge ab; twin slides along y = -1 instead */
        if (!twin) {
            gen_set(c, 0, X, -d, 0);
            gen_set(c, 4, X, P - d, 0);
        } else {
            gen_set(c, 0, X - d, -1, 0);
            gen_set(c, 4, X - d + P, -1, 0);
        }
        break;
    case 3: /* along the line of ab into corner b; twin on y = -1 */
        gen_set(c, 0, L + d, -twin, 0);
        gen_set(c, 4, L + d - P, -twin, 0);
        break;
    default: /* comes up to edge ab and stops on it at t = 1; twin stops one step short */
        gen_set(c, 0, X, -d, 0);
        gen_set(c, 4, X, -twin, 0);
        if (!twin)
            gen_hit(c, 1, 1, 0);
        else
            gen_miss(c);
        return 0;
    }
    if (twin)
        gen_miss(c);
    else
        gen_hit(c, 1, d, m);
    return 0;
}

static int ee(ccdb_prng *rng, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 2, 32), len = ccdb_prng_range(rng, 1, 16);
    int m = (int)ccdb_prng_range(rng, 1, 6);
    int64_t P = INT64_C(1) << m, d = ccdb_prng_range(rng, 1, P - 1);
    int64_t X = ccdb_prng_range(rng, 1, L - 1), e0 = ccdb_prng_range(rng, 0, 4),
            e1 = ccdb_prng_range(rng, 0, 4);
    int variant = (int)ccdb_prng_below(rng, 3), at_end = (int)ccdb_prng_below(rng, 2);

    gen_set_static(c, 0, 0, 0, 0); /* A from (0,0) to (L,0) */
    gen_set_static(c, 1, L, 0, 0);
    c->flags |= GEN_PLANAR_Z;
    int hit = 1;
    switch (variant) {
    case 0: { /* B's lower end b0 slides down onto A's end (0 or L); b1 stays len above b0 and
               * swings only away from A, so b0 is B's lowest point and B never reaches over A.
               * Twin: one step outside A's end. */
        int64_t x = at_end ? L + twin : -twin, s = at_end ? 1 : -1;
        gen_set(c, 2, x, d, 0);
        gen_set(c, 6, x, d - P, 0);
        gen_set(c, 3, x + s * e0, d + len, 0);
        gen_set(c, 7, x + s * e1, d + len - P, 0);
        hit = !twin;
        break;
    }
    case 1: /* b0 slides down onto A's interior point (X,0); twin stops at y = 1 */
        gen_set(c, 2, X, d, 0);
        gen_set(c, 3, X + e0, d + len, 0);
        if (!twin) {
            gen_set(c, 6, X, d - P, 0);
            gen_set(c, 7, X + e1, d + len - P, 0);
        } else {
            gen_set(c, 6, X, 1, 0);
            gen_set(c, 7, X + e1, 1 + len, 0);
        }
        hit = !twin;
        break;
    default: /* collinear: B on A's line slides left into A's end; twin on the line y = 1 */
        gen_set(c, 2, L + d, twin, 0);
        gen_set(c, 3, L + d + len, twin, 0);
        gen_set(c, 6, L + d - P, twin, 0);
        gen_set(c, 7, L + d + len - P, twin, 0);
        hit = !twin;
        break;
    }
    if (hit)
        gen_hit(c, 1, d, m);
    else
        gen_miss(c);
    return 0;
}

int gen_coplanar(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    return kind == CCDB_KIND_VF ? vf(rng, twin, c) : ee(rng, twin, c);
}
