/* gen_rigid_translation.c — family rigid_translation: w = 0, the moving primitive only
 * translates (x(t) = x0 + t s), so the rigid question is the linear one and linear
 * interpolation is exact. The still primitive lies in z = 0; the moving one starts h above it
 * and s has z component -D (D a power of two, h <= D): it reaches the plane at t = h / D
 * exactly, at a point chosen on the still primitive (twin: one grid step outside it: a miss).
 *   VF: the triangle (0,0,0), (L,0,0), (0,M,0); the vertex lands at an interior, edge or corner
 *       point (twin: at x = -1).
 *   EE: edge b from (0,0,0) to (L,0,0); edge a crosses the x axis at (X, 0) with X in [0, L]
 *       (twin: X = L + 1), never parallel to b.
 * Which body moves is random (the other one then translates by -s: the same relative motion). */
#include "gen_internal.h"

int gen_rigid_translation(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    int64_t L = ccdb_prng_range(rng, 3, 32), M = ccdb_prng_range(rng, 3, 32);
    int j = (int)ccdb_prng_range(rng, 0, 5);
    int64_t D = INT64_C(1) << j, h = ccdb_prng_range(rng, 0, D);
    int64_t sa = ccdb_prng_range(rng, -4, 4), sb = ccdb_prng_range(rng, -4, 4);
    int64_t dx = ccdb_prng_range(rng, -6, 6), dy = ccdb_prng_range(rng, 1, 6);
    int where = (int)ccdb_prng_below(rng, 3);
    int first_moves = ccdb_prng_chance(rng, 1, 2);
    for (int a = 0; a < 3; a++)
        c->c[a] = ccdb_prng_range(rng, -8, 8);
    c->w[0] = c->w[1] = c->w[2] = 0.0;
    /* the landing point (X, Y) in z = 0 at t = h / D; displacement until then: h (sa, sb, -1) */
    int64_t X, Y = 0;
    if (!ee) {
        X = where == 0 ? 0 : where == 1 ? 1 : ccdb_prng_range(rng, 0, L); /* corner/inside/edge */
        Y = where == 0 ? 0 : where == 1 ? 1 : 0;
        if (twin)
            X = -1;
        /* rows: p = 0 moves (or, first_moves = 0, the triangle moves by -s) */
        c->p[0][0] = X - h * sa, c->p[0][1] = Y - h * sb, c->p[0][2] = h;
        c->p[1][0] = 0, c->p[1][1] = 0, c->p[1][2] = 0;
        c->p[2][0] = L, c->p[2][1] = 0, c->p[2][2] = 0;
        c->p[3][0] = 0, c->p[3][1] = M, c->p[3][2] = 0;
    } else {
        X = twin ? L + 1 : ccdb_prng_range(rng, 0, L);
        c->p[0][0] = X - dx - h * sa, c->p[0][1] = -dy - h * sb, c->p[0][2] = h;
        c->p[1][0] = X + dx - h * sa, c->p[1][1] = dy - h * sb, c->p[1][2] = h;
        c->p[2][0] = 0, c->p[2][1] = 0, c->p[2][2] = 0;
        c->p[3][0] = L, c->p[3][1] = 0, c->p[3][2] = 0;
    }
    int64_t sgn = first_moves ? 1 : -1;
    c->s[0] = sgn * D * sa, c->s[1] = sgn * D * sb, c->s[2] = -sgn * D;
    c->moving_first = first_moves;
    if (twin) {
        c->intent.hit = 0;
    } else {
        c->intent.hit = 1;
        c->intent.toi_known = 1;
        c->intent.toi = (double)h / (double)D; /* exact: a dyadic rational */
    }
    return 0;
}
