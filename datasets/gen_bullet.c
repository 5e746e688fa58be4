/* gen_bullet.c — family bullet: a small, fast vertex (VF) or short edge (EE) crosses a thin
 * static primitive at t = j/2^m, both of its endpoints about 2^14..2^22 away, so sampling or
 * coarse stepping in time jumps over the contact. The moving primitive translates by
 * 2^m D with D.z != 0 (so it passes z = 0 exactly once), and crosses z = 0 at the contact
 * point, which is on the primitive (hit) or one grid step off it (twin, miss).
 *   VF: sliver triangle a (0,0,0), b (L,0,0), c (0,2,0); contact point on edge ab (i,0) (twin
 *       (i,-1)), at corner b (twin (L+1,0)), or inside (i,1) with i < L/2 (twin (i,3)).
 *   EE: thin edge A from (0,0,0) to (L,0,0); B of length 1..3 along y at x = X, crossing A,
 *       or with its endpoint on A (twin: one step beyond A's end, or lifted off A in y). */
#include "gen_internal.h"

static void fast_path(gen_case *c, int row, const int64_t at[3], const int64_t D[3], int64_t j,
                      int64_t P)
{
    gen_set(c, row, at[0] - j * D[0], at[1] - j * D[1], at[2] - j * D[2]);
    gen_set(c, row + 4, at[0] + (P - j) * D[0], at[1] + (P - j) * D[1], at[2] + (P - j) * D[2]);
}

int gen_bullet(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 8, 256);
    int m = (int)ccdb_prng_range(rng, 0, 6);
    int64_t P = INT64_C(1) << m, j = ccdb_prng_range(rng, 0, P);
    int64_t D[3];
    int64_t big = INT64_C(1) << ccdb_prng_range(rng, 14, 22);
    /* Division, not >>: shifting negative values is implementation-defined. */
    D[0] = ccdb_prng_range(rng, -big, big) / P;
    D[1] = ccdb_prng_range(rng, -big, big) / P;
    D[2] = ccdb_prng_range(rng, big / 2, big) / P * (ccdb_prng_chance(rng, 1, 2) ? 1 : -1);
    if (D[2] == 0)
        D[2] = 1;
    int64_t i = ccdb_prng_range(rng, 1, L / 2 - 1);
    int where = (int)ccdb_prng_below(rng, 3);
    int64_t len = ccdb_prng_range(rng, 1, 2);

    int64_t at[3] = { 0, 0, 0 };
    if (kind == CCDB_KIND_VF) {
        gen_set_static(c, 1, 0, 0, 0);
        gen_set_static(c, 2, L, 0, 0);
        gen_set_static(c, 3, 0, 2, 0);
        switch (where) {
        case 0:
            at[0] = i;
            at[1] = -twin;
            break;
        case 1:
            at[0] = L + twin;
            at[1] = 0;
            break;
        default:
            at[0] = i;
            at[1] = 1 + 2 * twin;
            break; /* (i,3) is beyond bc: 3 > 2 */
        }
        fast_path(c, 0, at, D, j, P);
    } else {
        gen_set_static(c, 0, 0, 0, 0);
        gen_set_static(c, 1, L, 0, 0);
        int64_t b0[3] = { 0, 0, 0 }, b1[3] = { 0, 0, 0 };
        switch (where) {
        case 0: /* crossing A's interior at (i,0); twin one step beyond A's start */
            b0[0] = b1[0] = twin ? -1 : i;
            b0[1] = -1;
            b1[1] = len;
            break;
        case 1: /* b0 on A's end a1; twin one step beyond */
            b0[0] = b1[0] = L + twin;
            b0[1] = 0;
            b1[1] = len;
            break;
        default: /* b0 on A's interior, B pointing to +y; twin lifted to y = 1 */
            b0[0] = b1[0] = i;
            b0[1] = twin;
            b1[1] = twin + len;
            break;
        }
        fast_path(c, 2, b0, D, j, P);
        fast_path(c, 3, b1, D, j, P);
    }
    if (twin)
        gen_miss(c);
    else
        gen_hit(c, 1, j, m);
    return 0;
}
