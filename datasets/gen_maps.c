/* gen_maps.c — the random relabellings and axis maps every family's exact maps draw (a leaf:
 * gen_core.c and the separation and sweep scenes all use them). */
#include "gen_internal.h"

/* Random relabelling: VF permutes the triangle's vertices, EE swaps the edges and each edge's
 * endpoints. None changes the answer or the TOI. map[old row] = new row. */
void gen_random_relabel(ccdb_prng *rng, ccdb_kind kind, int map[8])
{
    int m4[4] = { 0, 1, 2, 3 };
    if (kind == CCDB_KIND_VF) {
        static const int perms[6][3] = { { 1, 2, 3 }, { 1, 3, 2 }, { 2, 1, 3 },
                                         { 2, 3, 1 }, { 3, 1, 2 }, { 3, 2, 1 } };
        const int *p = perms[ccdb_prng_below(rng, 6)];
        for (int i = 0; i < 3; i++)
            m4[1 + i] = p[i];
    } else {
        int swap_edges = ccdb_prng_chance(rng, 1, 2);
        int swap_a = ccdb_prng_chance(rng, 1, 2), swap_b = ccdb_prng_chance(rng, 1, 2);
        int a0 = swap_a ? 1 : 0, a1 = swap_a ? 0 : 1, b0 = swap_b ? 3 : 2, b1 = swap_b ? 2 : 3;
        if (swap_edges) {
            a0 += 2;
            a1 += 2;
            b0 -= 2;
            b1 -= 2;
        }
        m4[0] = a0;
        m4[1] = a1;
        m4[2] = b0;
        m4[3] = b1;
    }
    for (int i = 0; i < 4; i++) {
        map[i] = m4[i];
        map[i + 4] = m4[i] + 4;
    }
}

/* Signed axis permutation: final[perm[a]] = sign[a] * canonical[a]. */
void gen_random_signed_perm(ccdb_prng *rng, int perm[3], int sign[3])
{
    static const int perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                     { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    const int *p = perms[ccdb_prng_below(rng, 6)];
    for (int a = 0; a < 3; a++) {
        perm[a] = p[a];
        sign[a] = ccdb_prng_chance(rng, 1, 2) ? -1 : 1;
    }
}
