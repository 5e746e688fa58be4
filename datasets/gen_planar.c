/* gen_planar.c — family planar_bullet: the games' bullet in 2D. Every point lies in z = 0 for the
 * whole step (the 3D judge sees motion coplanar throughout, its hardest degeneracy) and every
 * coordinate is an integer below 2^22, a float exactly (so a 2D float engine, Box2D, reads the
 * very query that is judged). Each primitive translates as a body: the still one is a thin wall,
 * the moving one a small fast body travelling 2^m D (|D.y| up to 2^19 / 2^m, D.x = 0) along y,
 * which reaches y = 0 at t = j / 2^m (j = 0 or 2^m: contact at t = 0 or 1).
 *   VF: sliver triangle a (0,0), b (L,0), c (0,2); the vertex comes from y < 0 on the line
 *       x = X and touches edge ab at (X, 0): X = i inside (a crossing), X = L the corner b (a
 *       graze: the line x = L meets the triangle only at b), X = 0 the corner a; twin X = L + 1
 *       or -1 (the line misses the triangle).
 *   EE: wall A from (0,0) to (L,0); B of length 1..2 arrives with its leading end at (X, 0),
 *       either across A (B along y) or lying along A's line (B along x, collinear at contact:
 *       touching iff the x ranges meet); twin one step beyond A's end.
 * The first contact is at j / 2^m exactly (before it the moving body is strictly on the y < 0
 * side); the intent says so. */
#include "gen_internal.h"

int gen_planar_bullet(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    int64_t L = ccdb_prng_range(rng, 8, 256);
    int m = (int)ccdb_prng_range(rng, 0, 6);
    int64_t P = INT64_C(1) << m, j = ccdb_prng_range(rng, 0, P);
    int64_t big = INT64_C(1) << ccdb_prng_range(rng, 10, 19);
    int64_t Dy = ccdb_prng_range(rng, big / 2, big) / P; /* division: no shift of negatives */
    if (Dy == 0)
        Dy = 1;
    int64_t i = ccdb_prng_range(rng, 1, L - 1);
    int where = (int)ccdb_prng_below(rng, 3);
    int along = ccdb_prng_chance(rng, 1, 2); /* EE: B lying along A's line */
    int64_t len = ccdb_prng_range(rng, 1, 2);
    int64_t X = where == 0 ? i : where == 1 ? L : 0;
    if (twin)
        X = where == 2 ? -len - 1 : L + 1; /* beyond A's start (B's far end too), or its end */

    /* The moving row r at contact point (x, y): at t = 0 it is j Dy below, at t = 1 (P - j) above. */
    int first = kind == CCDB_KIND_VF ? 0 : 2;
    int64_t at[2][2] = { { X, 0 }, { X, -len } }; /* B along y: its far end below */
    if (kind == CCDB_KIND_EE && along) {
        at[1][0] = where == 2 && !twin ? X - len : X + len; /* B along x, away from A's inside */
        at[1][1] = 0;
        if (where == 2 && !twin) /* leading end at A's start a0 = (0,0), B to its left */
            at[1][0] = -len;
    }
    if (kind == CCDB_KIND_VF) {
        gen_set_static(c, 1, 0, 0, 0);
        gen_set_static(c, 2, L, 0, 0);
        gen_set_static(c, 3, 0, 2, 0);
    } else {
        gen_set_static(c, 0, 0, 0, 0);
        gen_set_static(c, 1, L, 0, 0);
    }
    int nmov = kind == CCDB_KIND_VF ? 1 : 2;
    for (int k = 0; k < nmov; k++) {
        gen_set(c, first + k, at[k][0], at[k][1] - j * Dy, 0);
        gen_set(c, first + k + 4, at[k][0], at[k][1] + (P - j) * Dy, 0);
    }
    c->flags |= GEN_IN_XY | GEN_NO_MATRIX;
    if (twin)
        gen_miss(c);
    else
        gen_hit(c, 1, j, m);
    return 0;
}
