/* gen_sep_endpoint.c — separation family sep_endpoint: the closest points are corners.
 *   VF: triangle a (0,0,0), b (L,0,0), c (0,H,0) at rest; the vertex comes to exactly d from the
 *       corner a along -x, -y (an edge's line, from outside) or +z (the normal at a), from
 *       distance 2^k d (TOI 1), or the reverse (TOI 0).
 *   EE: A from (-L,0,0) to (0,0,0) at rest; B starts at (x, 0, 0) and runs along +y or +z
 *       (length len): its start is the point closest to A's end (0,0,0), at distance x, coming
 *       from 2^k d to exactly d (TOI 1) or the reverse (TOI 0).
 *   Twin: the end distance d becomes nextafter(d, +inf): a miss. */
#include <math.h>

#include "gen_internal.h"

void gen_sep_endpoint(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                      ccdb_gen_intent *in)
{
    const int64_t L = ccdb_prng_range(rng, 2, 32), H = ccdb_prng_range(rng, 2, 32);
    const int k = (int)ccdb_prng_range(rng, 1, 8), reverse = ccdb_prng_chance(rng, 1, 2);
    const int axis = (int)ccdb_prng_below(rng, kind == CCDB_KIND_VF ? 3 : 2);
    const int64_t len = ccdb_prng_range(rng, 1, 16);
    const double far = ldexp(d, k), near = twin ? nextafter(d, INFINITY) : d;
    const int s = reverse ? 4 : 0, e = reverse ? 0 : 4;
    if (kind == CCDB_KIND_VF) {
        for (int h = 0; h < 8; h += 4) {
            q[h + 2][0] = (double)L;
            q[h + 3][1] = (double)H;
        }
        const double sgn = axis == 2 ? 1.0 : -1.0; /* -x, -y: outside; +z: above a */
        q[s][axis] = sgn * far;
        q[e][axis] = sgn * near;
    } else {
        for (int h = 0; h < 8; h += 4)
            q[h][0] = -(double)L;
        const int dir = 1 + axis; /* B along +y or +z */
        q[s + 2][0] = q[s + 3][0] = far;
        q[e + 2][0] = q[e + 3][0] = near;
        q[s + 3][dir] = q[e + 3][dir] = (double)len;
    }
    in->hit = !twin;
    in->toi_known = !twin;
    in->toi = twin ? 0.0 : reverse ? 0.0 : 1.0;
}
