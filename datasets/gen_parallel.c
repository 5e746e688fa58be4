/* gen_parallel.c — family parallel_edges (EE only: a vertex and a face have no "parallel"
 * case of their own). A from (0,0,0) to (L,0,0); B parallel to it (direction +x, length len),
 * its x-range starting at x0. B meets A's line only when B's own line comes down onto it.
 *   falls onto A's line at t = d/P (along k, k.z != 0) overlapping A, or end to end
 *        (x0 = L)                       twin: x0 = L + 1, or (ulp variant) b0.x one ulp beyond L
 *   collinear and static, overlapping or end to end
 *                                       twin: x0 = L + 1, or b0.x one ulp beyond L at both times
 *   collinear, sliding into A's end at t = d/P   twin: on the parallel line y = 1
 *   parallel on y = 1 sliding past A (a miss)    twin: on A's line, first touching at e/P */
#include "gen_internal.h"

static int ee(ccdb_prng *rng, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 2, 32), len = ccdb_prng_range(rng, 1, 16);
    int64_t over = ccdb_prng_range(rng, -len, L); /* an overlapping start */
    int m = (int)ccdb_prng_range(rng, 1, 6);
    int64_t P = INT64_C(1) << m, d = ccdb_prng_range(rng, 1, P - 1);
    int64_t k1 = ccdb_prng_range(rng, -3, 3),
            k2 = ccdb_prng_range(rng, 1, 3) * (ccdb_prng_chance(rng, 1, 2) ? 1 : -1);
    int end_to_end = (int)ccdb_prng_below(rng, 2), ulp = (int)ccdb_prng_below(rng, 2);
    int variant = (int)ccdb_prng_below(rng, 4);

    gen_set_static(c, 0, 0, 0, 0);
    gen_set_static(c, 1, L, 0, 0);
    if (ulp && variant < 2)
        c->flags |= GEN_NO_MATRIX; /* both twins: the same maps */
    int hit = !twin;
    int64_t toi_num = d;
    switch (variant) {
    case 0: { /* falls onto A's line */
        int64_t x0 = end_to_end || twin ? L : over;
        if (twin && !ulp)
            x0 = L + 1;
        gen_set(c, 2, x0, -d * k1, -d * k2);
        gen_set(c, 3, x0 + len, -d * k1, -d * k2);
        gen_set(c, 6, x0, (P - d) * k1, (P - d) * k2);
        gen_set(c, 7, x0 + len, (P - d) * k1, (P - d) * k2);
        if (twin && ulp) {
            gen_add_nudge(c, 2, 0, +1);
            gen_add_nudge(c, 6, 0, +1);
        }
        break;
    }
    case 1: { /* collinear, static */
        int64_t x0 = end_to_end || twin ? L : over;
        if (twin && !ulp)
            x0 = L + 1;
        gen_set_static(c, 2, x0, 0, 0);
        gen_set_static(c, 3, x0 + len, 0, 0);
        if (twin && ulp) {
            gen_add_nudge(c, 2, 0, +1);
            gen_add_nudge(c, 6, 0, +1);
        }
        toi_num = 0;
        break;
    }
    case 2: /* collinear sliding into A's end; twin on y = 1 */
        gen_set(c, 2, L + d, twin, 0);
        gen_set(c, 3, L + d + len, twin, 0);
        gen_set(c, 6, L + d - P, twin, 0);
        gen_set(c, 7, L + d + len - P, twin, 0);
        break;
    default: /* base: parallel on y = 1 sliding past A (miss); twin on y = 0: b1 reaches A's
              * start 0 at t = d/P */
        gen_set(c, 2, -len - d, 1 - twin, 0);
        gen_set(c, 3, -d, 1 - twin, 0);
        gen_set(c, 6, -len - d + P, 1 - twin, 0);
        gen_set(c, 7, -d + P, 1 - twin, 0);
        hit = twin;
        break;
    }
    if (hit)
        gen_hit(c, 1, toi_num, toi_num ? m : 0);
    else
        gen_miss(c);
    return 0;
}

int gen_parallel_edges(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    if (kind != CCDB_KIND_EE)
        return -1;
    return ee(rng, twin, c);
}
