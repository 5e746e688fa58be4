/* gen_time.c — family time_boundary: first contact exactly at t = 0 or t = 1, or touching for
 * the whole step. The primitive under test stays in z = 0; the other one reaches z = 0 only at
 * the boundary time. Each twin ends (or starts) one grid step above the plane: a miss.
 *   VF: right triangle a (0,0,0), b (L,0,0), c (0,H,0); the vertex lands at t = 1 on / starts at
 *       t = 0 from a corner, an edge point or an interior point; or sits (slides) in the
 *       triangle the whole step.
 *   EE: A from (0,0,0) to (L,0,0); B, horizontal, lands at t = 1 / starts at t = 0 across A or
 *       with an endpoint on A; or crosses A the whole step while sliding along it. */
#include "gen_internal.h"

/* A point of the closed right triangle (0,0), (L,0), (0,H): corner, edge or interior. */
static void pick_on_triangle(ccdb_prng *rng, int64_t L, int64_t H, int64_t *x, int64_t *y)
{
    int where = (int)ccdb_prng_below(rng, 4);
    int64_t i = ccdb_prng_range(rng, 1, L - 1), j = ccdb_prng_range(rng, 1, H - 1);
    switch (where) {
    case 0: /* a corner */
        *x = (i & 1) ? L : 0;
        *y = 0;
        if (j & 1) {
            *x = 0;
            *y = H;
        }
        break;
    case 1: /* edge ab */
        *x = i;
        *y = 0;
        break;
    case 2: /* edge ac */
        *x = 0;
        *y = j;
        break;
    default: /* interior: (1,1) is inside when L, H >= 3 (H + L < L H) */
        *x = 1;
        *y = 1;
        break;
    }
}

static int vf(ccdb_prng *rng, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 3, 32), H = ccdb_prng_range(rng, 3, 32);
    int64_t X, Y;
    pick_on_triangle(rng, L, H, &X, &Y);
    int64_t h = ccdb_prng_range(rng, 1, 16), rx = ccdb_prng_range(rng, -8, 40),
            ry = ccdb_prng_range(rng, -8, 40);
    int variant = (int)ccdb_prng_below(rng, 3);

    gen_set_static(c, 1, 0, 0, 0);
    gen_set_static(c, 2, L, 0, 0);
    gen_set_static(c, 3, 0, H, 0);
    switch (variant) {
    case 0: /* lands at t = 1; twin stops at z = 1 */
        gen_set(c, 0, rx, ry, h);
        gen_set(c, 4, X, Y, twin);
        if (!twin)
            gen_hit(c, 1, 1, 0);
        break;
    case 1: /* starts on the triangle at t = 0 and leaves; twin starts at z = 1 */
        gen_set(c, 0, X, Y, twin);
        gen_set(c, 4, rx, ry, h);
        if (!twin)
            gen_hit(c, 1, 0, 0);
        break;
    default: /* in the triangle the whole step, sliding from (X,Y) to the inside point (1,1);
              * twin one step above the plane */
        gen_set(c, 0, X, Y, twin);
        gen_set(c, 4, 1, 1, twin);
        if (!twin)
            gen_hit(c, 1, 0, 0);
        break;
    }
    return 0;
}

static int ee(ccdb_prng *rng, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 2, 32), X = ccdb_prng_range(rng, 0, L),
            X2 = ccdb_prng_range(rng, 0, L);
    int64_t m0 = ccdb_prng_range(rng, 0, 8), m1 = ccdb_prng_range(rng, 1, 8);
    int64_t h = ccdb_prng_range(rng, 1, 16);
    int64_t r[4];
    for (int i = 0; i < 4; i++)
        r[i] = ccdb_prng_range(rng, -20, 20);
    int variant = (int)ccdb_prng_below(rng, 3);

    gen_set_static(c, 0, 0, 0, 0);
    gen_set_static(c, 1, L, 0, 0);
    /* B at the contact time: from (X,-m0) to (X,m1), so it meets A at (X,0) (an endpoint of B
     * when m0 = 0, an end of A when X is 0 or L). The other time: anywhere at height h (B's
     * endpoints distinct there: they differ in y by 41 or more). */
    switch (variant) {
    case 0: /* lands at t = 1; twin stops at z = 1 */
        gen_set(c, 2, r[0], r[1] - 30, h);
        gen_set(c, 3, r[2], r[3] + 30, h);
        gen_set(c, 6, X, -m0, twin);
        gen_set(c, 7, X, m1, twin);
        if (!twin)
            gen_hit(c, 1, 1, 0);
        break;
    case 1: /* touches at t = 0 and leaves; twin starts at z = 1 */
        gen_set(c, 2, X, -m0, twin);
        gen_set(c, 3, X, m1, twin);
        gen_set(c, 6, r[0], r[1] - 30, h);
        gen_set(c, 7, r[2], r[3] + 30, h);
        if (!twin)
            gen_hit(c, 1, 0, 0);
        break;
    default: /* crosses A the whole step, sliding from x = X to x = X2 (both on A); twin one
              * step above */
        gen_set(c, 2, X, -m0, twin);
        gen_set(c, 3, X, m1, twin);
        gen_set(c, 6, X2, -m0, twin);
        gen_set(c, 7, X2, m1, twin);
        if (!twin)
            gen_hit(c, 1, 0, 0);
        break;
    }
    return 0;
}

int gen_time_boundary(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    return gen_twin_is_miss(rng, kind, twin, c, vf, ee); /* the twin of every case is a miss */
}
