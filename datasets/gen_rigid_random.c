/* gen_rigid_random.c — family rigid_random: generic rigid queries for timing, the rigid
 * counterpart of `random`: primitives of size ~1/8 near each other, one of them turning by up to
 * about 2 atan(|w|) <= 25 degrees about an axis near them (|w_j| <= 1/8, on the 2^-10 grid) and
 * translating by ~1/64; a quarter of them pure translations (w = 0). Coordinates on the 2^-28
 * grid near [-1, 1]. About 3% are hits by construction, the rest misses by construction:
 *
 *   hit:  the axis point c is a point of the moving primitive with dyadic barycentric weights
 *         i/16 (i >= 1: strictly inside), so it only translates: at u = 1/3 it is at c + s/3,
 *         which is put on the still primitive (at weights i/16 >= 1/16 too, by translating the
 *         still primitive). u = 1/3 is not a double, as no real contact time is (s is a multiple
 *         of 3 grid steps, so c + s/3 is on the grid). The TOI may be earlier, so it is not
 *         claimed.
 *   miss: a plane n.x = g with small integer n separates them over the whole step. For a moving
 *         point x(u) = c + R(u) y + u s (y = x0 - c, R(u) y = y + 2 (u w x y + u^2 w x (w x y))
 *         / D(u), D(u) = 1 + u^2 |w|^2 >= 1, docs/rigid.md) and u in [0, 1]:
 *             n.x(u) >= n.x0 - 2 |n.(w x y)| - 2 |n.(w x (w x y))| + min(0, n.s),
 *         and the moving primitive is the convex hull of its points, so when that bound, at
 *         each moving point, exceeds n.x at every still point, nothing touches at any u. The
 *         still primitive is pushed along -n until it does (exact integers).
 * Every draw comes from the stream in a fixed order; no twins. */
#include <assert.h>
#include <math.h>

#include "gen_internal.h"

#define GRID          28 /* coordinates are integers * 2^-28 */
#define STEP          16 /* drawn points on the 2^-24 grid: weights i/16 stay exact */
#define SIZE          (INT64_C(1) << 25) /* primitive extent ~ 1/8 */
#define MOVE          (INT64_C(1) << 22) /* translation ~ 1/64 */
#define WBITS         10                 /* w = W 2^-WBITS */
#define WMAX          128                /* |W_j| <= 128: |w_j| <= 1/8 */
#define HIT_PER_MILLE 30

static int64_t grid_rnd(ccdb_prng *r, int64_t half)
{
    return STEP * ccdb_prng_range(r, -half / STEP, half / STEP);
}

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

static void cross3(const int64_t a[3], const int64_t b[3], int64_t r[3])
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

static int64_t dot3(const int64_t a[3], const int64_t b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void gen_bary16(ccdb_prng *rng, int64_t pts[][3], int n, int64_t out[3])
{
    int64_t wt[3] = { 16, 0, 0 };
    if (n == 2) {
        wt[1] = ccdb_prng_range(rng, 1, 15);
        wt[0] = 16 - wt[1];
    } else if (n == 3) {
        wt[0] = ccdb_prng_range(rng, 1, 14);
        wt[1] = ccdb_prng_range(rng, 1, 15 - wt[0]);
        wt[2] = 16 - wt[0] - wt[1];
    }
    for (int a = 0; a < 3; a++) {
        out[a] = 0;
        for (int i = 0; i < n; i++)
            out[a] += wt[i] * pts[i][a];
    }
}

/* S2 times the lower bound above on n.x(u) over the moving point x0, S2 = 2^(2 WBITS):
 * exact in int64 (|x0|, |c| < 2^29, |W_j| <= 2^7, |n_j| <= 3: every term below 2^56). */
static int64_t moving_lower(const int64_t n[3], const int64_t x0[3], const int64_t c[3],
                            const int64_t W[3], const int64_t s[3])
{
    int64_t y[3], a[3], b[3];
    for (int j = 0; j < 3; j++)
        y[j] = x0[j] - c[j];
    cross3(W, y, a);
    cross3(W, a, b);
    int64_t ns = dot3(n, s);
    int64_t lin = dot3(n, x0) + (ns < 0 ? ns : 0);
    return lin * (INT64_C(1) << (2 * WBITS)) - abs64(dot3(n, a)) * (INT64_C(2) << WBITS) -
           2 * abs64(dot3(n, b));
}

gen_groups gen_groups_of(int ee, int moving_first)
{
    const int first_n = ee ? 2 : 1;
    gen_groups g;
    g.mov0 = moving_first ? 0 : first_n;
    g.nmov = moving_first ? first_n : 4 - first_n;
    g.still0 = moving_first ? first_n : 0;
    g.nstill = 4 - g.nmov;
    return g;
}

void gen_hit_at_third(ccdb_prng *rng, int64_t p[4][3], gen_groups g, const int64_t s[3],
                      int64_t c[3])
{
    int64_t X[3], Y[3];
    gen_bary16(rng, &p[g.mov0], g.nmov, X);
    gen_bary16(rng, &p[g.still0], g.nstill, Y);
    for (int a = 0; a < 3; a++) {
        c[a] = X[a] / 16;
        int64_t shift = (X[a] - Y[a]) / 16 + s[a] / 3;
        for (int i = g.still0; i < g.still0 + g.nstill; i++)
            p[i][a] += shift;
    }
}

void gen_push_still_below(int64_t p[4][3], gen_groups g, const int64_t n[3], int64_t scale,
                          int64_t lo, int64_t gap)
{
    int64_t hi = INT64_MIN;
    for (int i = g.still0; i < g.still0 + g.nstill; i++) {
        int64_t v = dot3(n, p[i]) * scale;
        hi = v > hi ? v : hi;
    }
    if (lo <= hi + gap) { /* push the still primitive by -lam n: hi drops by lam nn scale */
        int64_t lam = (hi + gap - lo) / (dot3(n, n) * scale) + 1;
        for (int i = g.still0; i < g.still0 + g.nstill; i++)
            for (int a = 0; a < 3; a++)
                p[i][a] -= lam * n[a];
    }
}

void gen_rigid_random_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3], ccdb_gen_intent *in)
{
    const int ee = ccdb_kind_is_edge_edge(kind);
    int64_t p[4][3], c[3], s[3], W[3] = { 0, 0, 0 }, center[3];
    for (int a = 0; a < 3; a++)
        center[a] = grid_rnd(rng, INT64_C(1) << (GRID - 1));
    const int hit = ccdb_prng_below(rng, 1000) < HIT_PER_MILLE;
    const int moving_first = ccdb_prng_chance(rng, 1, 2);
    const int translation = ccdb_prng_chance(rng, 1, 4);
    for (int i = 0; i < 4; i++)
        for (int a = 0; a < 3; a++)
            p[i][a] = center[a] + grid_rnd(rng, SIZE);
    for (int a = 0; a < 3; a++) {
        c[a] = center[a] + grid_rnd(rng, SIZE);
        s[a] = 3 * grid_rnd(rng, MOVE / 3);
        if (!translation)
            W[a] = ccdb_prng_range(rng, -WMAX, WMAX);
    }
    if (!translation && !W[0] && !W[1] && !W[2])
        W[0] = 1; /* a turn was drawn: keep it one */
    const gen_groups g = gen_groups_of(ee, moving_first);
    if (hit) {
        gen_hit_at_third(rng, p, g, s, c);
    } else {
        int64_t n[3];
        for (int a = 0; a < 3; a++)
            n[a] = ccdb_prng_range(rng, -3, 3);
        if (!n[0] && !n[1] && !n[2])
            n[2] = 1;
        const int64_t S2 = INT64_C(1) << (2 * WBITS);
        int64_t lo = INT64_MAX;
        for (int i = g.mov0; i < g.mov0 + g.nmov; i++) {
            int64_t v = moving_lower(n, p[i], c, W, s);
            lo = v < lo ? v : lo;
        }
        gen_push_still_below(p, g, n, S2, lo, abs64(grid_rnd(rng, MOVE / 4)) * S2);
    }
    for (int a = 0; a < 3; a++) {
        for (int i = 0; i < 4; i++) {
            assert(abs64(p[i][a]) < (INT64_C(1) << 52));
            q[i][a] = ldexp((double)p[i][a], -GRID); /* exact: integer < 2^53 times 2^-k */
        }
        q[4][a] = ldexp((double)c[a], -GRID);
        q[5][a] = ldexp((double)W[a], -WBITS);
        q[6][a] = ldexp((double)s[a], -GRID);
        q[7][a] = 0.0;
    }
    q[7][0] = moving_first ? 0.0 : 1.0;
    in->hit = hit;
    in->toi_known = 0;
    in->toi = 0.0;
}
