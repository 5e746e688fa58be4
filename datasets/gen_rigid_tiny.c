/* gen_rigid_tiny.c — family rigid_tiny_angle: |w| = 2^-40 .. 2^-12, and the tiny turn decides.
 *
 * The still primitive lies in z = 0 (VF: the triangle (0,0,0), (L,0,0), (0,M,0); EE: edge b from
 * (0,0,0) to (L,0,0)); the axis is parallel to z, so z changes only by the translation: with
 * s = D (sa, sb, -1) (D a power of two) the moving primitive, h above the plane at t = 0, meets
 * z = 0 once, at u* = h / D, and nowhere else. Without the turn it would land exactly on the
 * x axis at (X, 0): the vertex on the triangle's edge, edge a's end a0 on edge b (a runs along
 * +y from there). The turn moves the point a0 (or the vertex), at v = (r, 0, .) from the axis,
 * by R(u*) v - v = (-2 u*^2 k^2 r, 2 u* k r, 0) / (1 + u*^2 k^2), k = w_z: into the triangle
 * (y > 0) when k > 0, out of it when k < 0 (the twin flips the sign of k only). r |k| <= 2^-12,
 * so no point moves by more than 2^-11 (less than a grid step: edge a, of length >= 1, still
 * reaches across the x axis), X is in [1, L - 1], and the answer is exactly:
 *   VF: hit iff k > 0 (the vertex lands just inside the edge);
 *   EE: hit iff k < 0 (a0 dips just below the x axis, a crosses edge b; with k > 0 the whole
 *       of edge a stays above it).
 * Every solver must resolve a displacement of 2^-50 .. 2^-11 (the coordinates are below 2^8). The
 * moving primitive is the vertex / edge a (its translation is not parallel to w, so the inverse
 * motion is not a screw of the same form). TOI: t(u*), not a dyadic rational. */
#include <math.h>

#include "gen_internal.h"

int gen_rigid_tiny_angle(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    int64_t L = ccdb_prng_range(rng, 8, 32), M = ccdb_prng_range(rng, 8, 32);
    int e = (int)ccdb_prng_range(rng, 12, 40), j = (int)ccdb_prng_range(rng, 0, 5);
    /* r k <= 2^-12: the turn moves no point by more than 2^-11, less than any grid step */
    int64_t X = ccdb_prng_range(rng, 1, L - 1),
            r = ccdb_prng_range(rng, 1, e >= 22 ? 1024 : INT64_C(1) << (e - 12));
    int64_t D = INT64_C(1) << j, h = ccdb_prng_range(rng, 1, D);
    int64_t sa = ccdb_prng_range(rng, -4, 4), sb = ccdb_prng_range(rng, -4, 4);
    int64_t len = ccdb_prng_range(rng, 1, 8), cz = ccdb_prng_range(rng, -8, 8);
    /* the landing point without the turn is (X, 0, 0) at u* = h / D: start at (X, 0, 0) - u* s */
    int64_t x0[3] = { X - h * sa, -h * sb, h };
    int sign = ee ? (twin ? 1 : -1) : (twin ? -1 : 1);
    c->w[0] = c->w[1] = 0.0;
    c->w[2] = sign * ldexp(1.0, -e);
    c->s[0] = D * sa, c->s[1] = D * sb, c->s[2] = -D;
    c->c[0] = x0[0] - r, c->c[1] = x0[1], c->c[2] = cz; /* v = x0 - c = (r, 0, h - cz) */
    c->moving_first = 1;
    for (int a = 0; a < 3; a++)
        c->p[0][a] = x0[a];
    if (!ee) {
        c->p[1][0] = 0, c->p[1][1] = 0, c->p[1][2] = 0;
        c->p[2][0] = L, c->p[2][1] = 0, c->p[2][2] = 0;
        c->p[3][0] = 0, c->p[3][1] = M, c->p[3][2] = 0;
    } else {
        c->p[1][0] = x0[0], c->p[1][1] = x0[1] + len, c->p[1][2] = h;
        c->p[2][0] = 0, c->p[2][1] = 0, c->p[2][2] = 0;
        c->p[3][0] = L, c->p[3][1] = 0, c->p[3][2] = 0;
    }
    c->intent.hit = !twin;
    c->intent.toi_known = 0;
    c->intent.toi = 0.0;
    return 0;
}
