/* gen_sweep_random.c — family sweep_random: generic sweeps (docs/sweep.md), the counterpart of
 * rigid_random for the engines' motion x(t) = O + t v + R(theta t)(x0 - O). Primitives of size
 * ~1/8 near each other on the 2^-28 grid near [-1, 1]; the moving one (either, at random) turns
 * by theta = k 2^-8, 0 < |k| <= 402 (|theta| < pi/2), about w (|w_j| <= 1/8 on the 2^-10 grid)
 * through O, and O moves by v (~1/64). One in eight has theta = 0 (the linear motion), one in
 * eight is an FCL screw (v = 3 j w along the axis), one in eight is planar (w along z, every
 * point, O and v in z = 0: the 2D engines' case). About 3% are hits by construction, the rest
 * misses by construction:
 *
 *   hit:  O is a point of the moving primitive at dyadic barycentric weights i/16 >= 1/16, so
 *         the turn leaves it in place: it is at O + v/3 at t = 1/3, put on the still primitive
 *         (at weights i/16 >= 1/16 too, by translating the still primitive; v is a multiple of
 *         3 grid steps). The first contact may be earlier: the TOI is not claimed.
 *   miss: a plane n.x = g with small integer n (in the plane z = 0 for a planar sweep)
 *         separates them over the whole step: for a moving point x(t), with d = x0 - O,
 *             n.x(t) = n.O + t n.v + n.R d >= n.O + min(0, n.v) - |n|_1 |d|_1
 *         (|n.R d| <= |n|_2 |d|_2 <= |n|_1 |d|_1), and the still primitive is pushed along -n
 *         until that bound exceeds n.y at every still point by a random gap (exact integers).
 * Every draw comes from the stream in a fixed order; no twins. */
#include <assert.h>
#include <math.h>

#include "gen_internal.h"

#define GRID          28                 /* coordinates are integers * 2^-28 */
#define STEP          16                 /* drawn points on the 2^-24 grid: weights i/16 exact */
#define SIZE          (INT64_C(1) << 25) /* primitive extent ~ 1/8 */
#define MOVE          (INT64_C(1) << 22) /* displacement of O ~ 1/64 */
#define WBITS         10                 /* w = W 2^-WBITS */
#define WMAX          128                /* |W_j| <= 128: |w_j| <= 1/8 */
#define THETA_BITS    8                  /* theta = k 2^-8 */
#define THETA_MAX     402                /* 402 / 256 < pi / 2 */
#define HIT_PER_MILLE 30

static int64_t grid_rnd(ccdb_prng *r, int64_t half)
{
    return STEP * ccdb_prng_range(r, -half / STEP, half / STEP);
}

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

static int64_t dot3(const int64_t a[3], const int64_t b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* The lower bound above on n.x(t) for the moving point x0 (integers on the grid; |x0|, |O| <
 * 2^30, |n_j| <= 3: every term below 2^36). */
static int64_t moving_lower(const int64_t n[3], const int64_t x0[3], const int64_t O[3],
                            const int64_t v[3])
{
    int64_t d1 = 0, n1 = 0;
    for (int a = 0; a < 3; a++) {
        d1 += abs64(x0[a] - O[a]);
        n1 += abs64(n[a]);
    }
    int64_t nv = dot3(n, v);
    return dot3(n, O) + (nv < 0 ? nv : 0) - n1 * d1;
}

void gen_sweep_random_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3], ccdb_gen_intent *in)
{
    const int ee = ccdb_kind_is_edge_edge(kind);
    int64_t p[4][3], O[3], v[3], W[3] = { 0, 0, 0 }, center[3];
    const int hit = ccdb_prng_below(rng, 1000) < HIT_PER_MILLE;
    const int moving_first = ccdb_prng_chance(rng, 1, 2);
    const int flavour =
        (int)ccdb_prng_below(rng, 8); /* 0 linear, 1 screw, 2 planar, else general */
    const int planar = flavour == 2, dims = planar ? 2 : 3;
    int64_t theta = 0;
    if (flavour != 0) {
        theta = ccdb_prng_range(rng, 1, THETA_MAX);
        if (ccdb_prng_chance(rng, 1, 2))
            theta = -theta;
    }
    for (int a = 0; a < 3; a++)
        center[a] = a < dims ? grid_rnd(rng, INT64_C(1) << (GRID - 1)) : 0;
    for (int i = 0; i < 4; i++)
        for (int a = 0; a < 3; a++)
            p[i][a] = a < dims ? center[a] + grid_rnd(rng, SIZE) : 0;
    for (int a = 0; a < 3; a++) {
        O[a] = a < dims ? center[a] + grid_rnd(rng, SIZE) : 0;
        v[a] = a < dims ? 3 * grid_rnd(rng, MOVE / 3) : 0;
        if (theta != 0 && !planar)
            W[a] = ccdb_prng_range(rng, -WMAX, WMAX);
    }
    if (planar)
        W[2] = ccdb_prng_range(rng, 1, WMAX);
    else if (theta != 0 && !W[0] && !W[1] && !W[2])
        W[0] = 1;       /* a turn was drawn: keep it one */
    if (flavour == 1) { /* the screw: v = 3 j w in grid units (w_j = W_j 2^-10) */
        int64_t j = ccdb_prng_range(rng, -8, 8);
        for (int a = 0; a < 3; a++)
            v[a] = 3 * j * W[a] * (INT64_C(1) << (GRID - WBITS - 6));
    }
    const gen_groups g = gen_groups_of(ee, moving_first);
    if (hit) {
        gen_hit_at_third(rng, p, g, v, O);
    } else {
        int64_t n[3] = { 0, 0, 0 };
        for (int a = 0; a < dims; a++)
            n[a] = ccdb_prng_range(rng, -3, 3);
        if (!n[0] && !n[1] && !n[2])
            n[0] = 1;
        int64_t lo = INT64_MAX;
        for (int i = g.mov0; i < g.mov0 + g.nmov; i++) {
            int64_t b = moving_lower(n, p[i], O, v);
            lo = b < lo ? b : lo;
        }
        gen_push_still_below(p, g, n, 1, lo, abs64(grid_rnd(rng, MOVE / 4)));
    }
    for (int a = 0; a < 3; a++) {
        for (int i = 0; i < 4; i++) {
            assert(abs64(p[i][a]) < (INT64_C(1) << 52));
            q[i][a] = ldexp((double)p[i][a], -GRID); /* exact: integer < 2^53 times 2^-k */
        }
        q[4][a] = ldexp((double)O[a], -GRID);
        q[5][a] = ldexp((double)W[a], -WBITS);
        q[6][a] = ldexp((double)v[a], -GRID);
    }
    q[7][0] = moving_first ? 0.0 : 1.0;
    q[7][1] = ldexp((double)theta, -THETA_BITS);
    q[7][2] = 0.0;
    in->hit = hit;
    in->toi_known = 0;
    in->toi = 0.0;
}
