/* gen_near_miss.c — family near_miss: an exact touch (hit) and its twin with ONE coordinate
 * of one row moved by one ulp (nextafter, applied last, in the final frame) so that the
 * primitives are separated at every t: a miss. Only signed axis permutations are used, so
 * "outward" stays an axis direction. Twins therefore differ in exactly one double.
 *   VF (right triangle a (0,0,0), b (L,0,0), c (0,H,0), static):
 *     lands at t = 1 on the closed triangle          twin: p(t1).z one ulp up
 *     leaves the triangle at t = 0                   twin: p(t0).z one ulp up
 *     falls through the plane on edge ac (x = 0) at t = h/P   twin: p(t1).x or p(t0).x one ulp
 *                                                    towards -x (x < 0 at the crossing time)
 *     the same on edge ab (y = 0)                    twin: y one ulp towards -y
 *   EE (A from (0,0,0) to (L,0,0), static; B horizontal):
 *     lands across A at t = 1                        twin: b0(t1).z one ulp up (B then reaches
 *                                                    z = 0 only at b1, which is off A's line)
 *     leaves A at t = 0                              twin: b0(t0).z one ulp up
 *     falls through A's end a1 at t = h/P            twin: b0(t1).x one ulp beyond A's end
 *     falls with its endpoint on A's interior        twin: b0(t1).y one ulp away from A
 *     collinear with A, end to end, at t = h/P       twin: b0(t0).x one ulp beyond A's end */
#include "gen_internal.h"

static int vf(ccdb_prng *rng, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 2, 32), H = ccdb_prng_range(rng, 2, 32);
    int64_t X = ccdb_prng_range(rng, 0, L), Y = ccdb_prng_range(rng, 0, H);
    int m = (int)ccdb_prng_range(rng, 1, 6);
    int64_t P = INT64_C(1) << m, h = ccdb_prng_range(rng, 1, P - 1);
    int64_t rx = ccdb_prng_range(rng, -8, 40), ry = ccdb_prng_range(rng, -8, 40),
            hz = ccdb_prng_range(rng, 1, 16);
    int variant = (int)ccdb_prng_below(rng, 5);
    /* A point of the closed triangle: (X,Y) scaled into it along x when it is outside. */
    int64_t tx = X, ty = Y * L > (L - X) * H ? 0 : Y; /* (X,0) when (X,Y) is beyond bc */

    c->flags |= GEN_NO_MATRIX;
    gen_set_static(c, 1, 0, 0, 0);
    gen_set_static(c, 2, L, 0, 0);
    gen_set_static(c, 3, 0, H, 0);
    switch (variant) {
    case 0:
        gen_set(c, 0, rx, ry, hz);
        gen_set(c, 4, tx, ty, 0);
        gen_hit(c, 1, 1, 0);
        if (twin)
            gen_add_nudge(c, 4, 2, +1);
        break;
    case 1:
        gen_set(c, 0, tx, ty, 0);
        gen_set(c, 4, rx, ry, hz);
        gen_hit(c, 1, 0, 0);
        if (twin)
            gen_add_nudge(c, 0, 2, +1);
        break;
    case 2:
    case 3: /* on edge ac: x = 0, y = Y in [0, H]; falls from z = h to h - P */
        gen_set(c, 0, 0, Y, h);
        gen_set(c, 4, 0, Y, h - P);
        gen_hit(c, 1, h, m);
        if (twin)
            gen_add_nudge(c, variant == 2 ? 4 : 0, 0, -1);
        break;
    default: /* on edge ab: y = 0, x = X in [0, L] */
        gen_set(c, 0, X, 0, h);
        gen_set(c, 4, X, 0, h - P);
        gen_hit(c, 1, h, m);
        if (twin)
            gen_add_nudge(c, 4, 1, -1);
        break;
    }
    return 0;
}

static int ee(ccdb_prng *rng, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 2, 32), X = ccdb_prng_range(rng, 0, L),
            Xi = ccdb_prng_range(rng, 1, L - 1);
    int64_t m0 = ccdb_prng_range(rng, 1, 8), m1 = ccdb_prng_range(rng, 1, 8),
            len = ccdb_prng_range(rng, 1, 16);
    int m = (int)ccdb_prng_range(rng, 1, 6);
    int64_t P = INT64_C(1) << m, h = ccdb_prng_range(rng, 1, P - 1),
            hz = ccdb_prng_range(rng, 1, 16);
    int64_t r[4];
    for (int i = 0; i < 4; i++)
        r[i] = ccdb_prng_range(rng, -20, 20);
    int variant = (int)ccdb_prng_below(rng, 5);

    c->flags |= GEN_NO_MATRIX;
    gen_set_static(c, 0, 0, 0, 0);
    gen_set_static(c, 1, L, 0, 0);
    switch (variant) {
    case 0: /* lands across A at t = 1 */
        gen_set(c, 2, r[0], r[1] - 30, hz);
        gen_set(c, 3, r[2], r[3] + 30, hz);
        gen_set(c, 6, X, -m0, 0);
        gen_set(c, 7, X, m1, 0);
        gen_hit(c, 1, 1, 0);
        if (twin)
            gen_add_nudge(c, 6, 2, +1);
        break;
    case 1: /* leaves A at t = 0 */
        gen_set(c, 2, X, -m0, 0);
        gen_set(c, 3, X, m1, 0);
        gen_set(c, 6, r[0], r[1] - 30, hz);
        gen_set(c, 7, r[2], r[3] + 30, hz);
        gen_hit(c, 1, 0, 0);
        if (twin)
            gen_add_nudge(c, 2, 2, +1);
        break;
    case 2: /* across A's end a1 at t = h/P: B at x = L from y = -m0 to m1, falling */
        gen_set(c, 2, L, -m0, h);
        gen_set(c, 3, L, m1, h);
        gen_set(c, 6, L, -m0, h - P);
        gen_set(c, 7, L, m1, h - P);
        gen_hit(c, 1, h, m);
        if (twin)
            gen_add_nudge(c, 6, 0, +1);
        break;
    case 3: /* B's endpoint b0 lands on A's interior point (Xi,0) at t = h/P; B points to +y */
        gen_set(c, 2, Xi, 0, h);
        gen_set(c, 3, Xi, m1, h);
        gen_set(c, 6, Xi, 0, h - P);
        gen_set(c, 7, Xi, m1, h - P);
        gen_hit(c, 1, h, m);
        if (twin)
            gen_add_nudge(c, 6, 1, +1);
        break;
    default: /* collinear with A at t = h/P, end to end: B on x in [L, L+len], falling */
        gen_set(c, 2, L, 0, h);
        gen_set(c, 3, L + len, 0, h);
        gen_set(c, 6, L, 0, h - P);
        gen_set(c, 7, L + len, 0, h - P);
        gen_hit(c, 1, h, m);
        if (twin)
            gen_add_nudge(c, 2, 0, +1);
        break;
    }
    return 0;
}

int gen_near_miss(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    return gen_twin_is_miss(rng, kind, twin, c, vf, ee); /* the twin of every case is a miss */
}
