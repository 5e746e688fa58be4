/* gen_rigid_small.c — family rigid_small_turn: the turning half-plane scenes (gen_internal.h)
 * with turns of 0.7 to 39.5 degrees, below the 45 degrees per step at which Bullet's
 * btContinuousConvexCollision clamps a rotation (docs/engines.md): every other rigid family of
 * the suite turns further, so this is where an engine with a turn limit is judged on turns.
 *
 * |w| = k = j / 128, j in [1, 46] (phi1 = 2 atan k, 0.9 to 39.5 degrees; |w|^2 <= 0.13), the
 * axis along z; the contact angle theta, tan(theta / 2) = m / n, strictly inside the turn
 * (0 < m / n < k). Per twin pair, one of:
 *   - a planar turn (a quarter): rigid_in_plane's scene (all in z = 0, s = 0, integer
 *     coordinates below 2^24: a 2D float engine reads it exactly); twin one grid step beyond;
 *   - a pure turn in 3D (a half): rigid_spin_through's plate and still vertex (EE: edge) one grid
 *     step inside its outer edge, s = 0; the twin is one step outside, or (half of them) the turn
 *     stops short of theta: k' = j' / 1024, the largest such below m / n;
 *   - a screw (a quarter): the same with a small shift s along the axis; the plate moves away
 *     from its thin top relative to the still primitive, by less than 4 grid units (the shapes
 *     are at least 8 tall), so the base case stays a hit.
 * Every answer is exact: the moving points keep their angle about the axis (the shift is along
 * it), so the primitives can meet only when the turn reaches theta, at u* = (m / n) / k, where
 * the (r, z) shapes, one shifted by u* s, touch or not (integer predicates). TOI: not a dyadic
 * rational (unknown). */
#include <math.h>

#include "gen_internal.h"

#define K_LOG2_DEN     7  /* k = j / 2^7 */
#define K_J_MAX        46 /* 2 atan(46 / 128) = 39.5 degrees */
#define SHORT_LOG2     10 /* the short turn's k' = j' / 2^10 */
#define SHIFT_GRID_MAX 4  /* the screw's shift at contact stays below 4 grid units */

/* k = j / 128 and m / n strictly below it (n j > 128, so m = 1 fits); returns j. */
static int64_t small_angle(ccdb_prng *rng, gen_halfplane *h)
{
    int64_t j = ccdb_prng_range(rng, 1, K_J_MAX);
    h->k = ldexp((double)j, -K_LOG2_DEN);
    h->n = (INT64_C(1) << K_LOG2_DEN) / j + ccdb_prng_range(rng, 1, 8);
    h->m = ccdb_prng_range(rng, 1, (h->n * j - 1) >> K_LOG2_DEN); /* 128 m < n j */
    return j;
}

/* Whether the (r, z) shapes of h touch when the still one is lifted by u* s_rel / S grid units
 * (s_rel > 0 in coordinate units, S = n^2 + m^2, u* = 128 m / (n j)): both scaled by n j S. */
static int touch_lifted(const gen_halfplane *h, int ee, int64_t j, int64_t s_rel)
{
    int64_t S = h->n * h->n + h->m * h->m, f = h->n * j * S;
    gen_halfplane sc = *h;
    for (int i = 0; i < (ee ? 2 : 3); i++)
        for (int a = 0; a < 2; a++)
            sc.mov[i][a] = f * h->mov[i][a];
    for (int i = 0; i < (ee ? 2 : 1); i++) {
        sc.still[i][0] = f * h->still[i][0];
        sc.still[i][1] = f * h->still[i][1] + (s_rel << K_LOG2_DEN) * h->m;
    }
    return gen_halfplane_touch(&sc, ee);
}

int gen_rigid_small_turn(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    int64_t variant = ccdb_prng_below(rng, 4); /* 0 planar, 1 screw, 2 and 3 pure turns */
    gen_halfplane h = { 0 };
    int64_t j = small_angle(rng, &h);
    if (variant == 0) {
        if (gen_rigid_in_plane_at(rng, ee, twin, &h, c) != 0)
            return -1;
        c->c[2] = 0;
        c->in_xy = 1;
        return 0;
    }
    int stop_short = ccdb_prng_chance(rng, 1, 2); /* the twin's miss: the turn, or one step */
    h.inverse = ccdb_prng_chance(rng, 1, 2);
    int64_t S = h.n * h.n + h.m * h.m;
    int64_t s_rel = variant == 1 ? ccdb_prng_range(rng, 1, SHIFT_GRID_MAX * S - 1) : 0;
    gen_halfplane_spin_shapes(rng, ee, twin && !stop_short, &h);
    gen_halfplane_build(&h, ee, rng, c);
    /* the still primitive rises by u s_rel relative to the turning one: the turning one moves
     * down by s_rel, or (inverse) the still one turns back and moves up */
    c->s[2] = h.inverse ? s_rel : -s_rel;
    c->intent.hit = touch_lifted(&h, ee, j, s_rel);
    if (twin && stop_short) { /* k' < m / n: the turn ends before theta */
        int64_t js = ((h.m << SHORT_LOG2) - 1) / h.n;
        c->w[2] = (h.inverse ? -1.0 : 1.0) * ldexp((double)js, -SHORT_LOG2);
        c->intent.hit = 0;
    }
    c->intent.toi_known = 0;
    c->intent.toi = 0.0;
    return 0;
}
