/* gen_random.c — family random: generic queries for timing, like the pairs a broad phase
 * hands over: primitives of size ~1/8 near each other, moving by ~1/64, coordinates on the
 * 2^-24 grid within [-1, 1]. About 3% are hits by construction (the primitives meet at
 * t = 1/2 at a point with dyadic barycentric coordinates; the TOI may be earlier, so it is not
 * claimed); the rest are misses by construction (a plane n.x = g with small integer n separates
 * the primitives at both t0 and t1, hence at every t: n.x(t) is linear in t). */
#include <assert.h>
#include <math.h>

#include "gen_internal.h"

#define GRID          24                 /* coordinates are integers * 2^-24 */
#define SIZE          (INT64_C(1) << 21) /* primitive extent ~ 1/8 */
#define MOVE          (INT64_C(1) << 18) /* displacement ~ 1/64 */
#define HIT_PER_MILLE 30

static int64_t rnd(ccdb_prng *r, int64_t half)
{
    return ccdb_prng_range(r, -half, half);
}

static int64_t dot3(const int64_t n[3], const int64_t p[3])
{
    return n[0] * p[0] + n[1] * p[1] + n[2] * p[2];
}

void gen_random_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3], ccdb_gen_intent *in)
{
    int64_t p[8][3], center[3];
    for (int a = 0; a < 3; a++)
        center[a] = rnd(rng, (INT64_C(1) << GRID) / 2);
    int hit = ccdb_prng_below(rng, 1000) < HIT_PER_MILLE;
    /* Midpoint positions (t = 1/2) and half-displacements: x0 = mid - h, x1 = mid + h. */
    int64_t mid[4][3], half[4][3];
    for (int i = 0; i < 4; i++)
        for (int a = 0; a < 3; a++) {
            mid[i][a] = center[a] + rnd(rng, SIZE);
            half[i][a] = rnd(rng, MOVE);
        }
    if (hit) {
        /* The moving point (VF: p; EE: the point of B at fraction w) meets the other primitive
         * at t = 1/2 at a point with barycentric weights i/16. */
        int64_t wa = ccdb_prng_range(rng, 1, 14), wb = ccdb_prng_range(rng, 1, 15 - wa);
        int64_t wc = 16 - wa - wb, w = ccdb_prng_range(rng, 0, 16);
        int64_t X[3];
        for (int a = 0; a < 3; a++)
            mid[0][a] *= 16, mid[1][a] *= 16, mid[2][a] *= 16, mid[3][a] *= 16, half[0][a] *= 16,
                half[1][a] *= 16, half[2][a] *= 16, half[3][a] *= 16;
        if (kind == CCDB_KIND_VF) {
            for (int a = 0; a < 3; a++)
                X[a] = (wa * mid[1][a] + wb * mid[2][a] + wc * mid[3][a]) / 16;
            for (int a = 0; a < 3; a++)
                mid[0][a] = X[a];
        } else {
            /* X on A at fraction (wa / 16); B through X at fraction w / 16: b0 = X - w D,
             * b1 = X + (16 - w) D with D = (b1 - b0) / 16 drawn. */
            int64_t D[3];
            for (int a = 0; a < 3; a++) {
                X[a] = ((16 - wa) * mid[0][a] + wa * mid[1][a]) / 16;
                D[a] = (mid[3][a] - mid[2][a]) / 16;
                mid[2][a] = X[a] - w * D[a];
                mid[3][a] = X[a] + (16 - w) * D[a];
            }
        }
    } else {
        /* Separate by a plane: push the second group (VF: the vertex; EE: edge B) along n
         * until min over it of n.x exceeds max over the first group. */
        int64_t n[3];
        do
            for (int a = 0; a < 3; a++)
                n[a] = ccdb_prng_range(rng, -3, 3);
        while (!n[0] && !n[1] && !n[2]);
        int64_t maxA = INT64_MIN, minB = INT64_MAX;
        for (int i = 0; i < 4; i++)
            for (int sg = -1; sg <= 1; sg += 2) {
                int64_t x[3];
                for (int a = 0; a < 3; a++)
                    x[a] = mid[i][a] + sg * half[i][a];
                int64_t v = dot3(n, x);
                int in_b = kind == CCDB_KIND_VF ? i == 0 : i >= 2;
                if (in_b && v < minB)
                    minB = v;
                if (!in_b && v > maxA)
                    maxA = v;
            }
        int64_t nn = dot3(n, n), gap = rnd(rng, MOVE / 4);
        if (gap < 0)
            gap = -gap;
        if (minB <= maxA + gap) {
            int64_t lam = (maxA + gap - minB) / nn + 1; /* minB + lam nn > maxA + gap */
            for (int i = 0; i < 4; i++) {
                int in_b = kind == CCDB_KIND_VF ? i == 0 : i >= 2;
                if (in_b)
                    for (int a = 0; a < 3; a++)
                        mid[i][a] += lam * n[a];
            }
        }
    }
    for (int i = 0; i < 4; i++)
        for (int a = 0; a < 3; a++) {
            p[i][a] = mid[i][a] - half[i][a];
            p[i + 4][a] = mid[i][a] + half[i][a];
        }
    int shift = hit ? GRID + 4 : GRID; /* the hit case was built at 16x */
    for (int r = 0; r < 8; r++)
        for (int a = 0; a < 3; a++) {
            assert(p[r][a] < (INT64_C(1) << 52) && p[r][a] > -(INT64_C(1) << 52));
            q[r][a] = ldexp((double)p[r][a], -shift); /* exact: integer < 2^53 times 2^-k */
        }
    in->hit = hit;
    in->toi_known = 0;
    in->toi = 0.0;
}
