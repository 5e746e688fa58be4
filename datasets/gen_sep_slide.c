/* gen_sep_slide.c — separation family sep_slide: sliding parallel at exactly d into range.
 *   VF: triangle a (0,0,0), b (L,0,0), c (0,H,0) at rest; the vertex at height exactly d moves
 *       along x from (-A, Y) to (2^m - A, Y), 0 <= Y <= H: out of range (distance
 *       sqrt(x^2 + d^2)) until it crosses the edge x = 0 at t = A / 2^m.
 *   EE: A from (0,0,0) to (L,0,0) at rest; B parallel to it at y = d, from x in
 *       [-A - len, -A] to [2^m - A - len, 2^m - A]: its end reaches x = 0 at t = A / 2^m.
 *   Twin: the height (EE: the offset y) d becomes nextafter(d, +inf): a miss. */
#include <math.h>

#include "gen_internal.h"

void gen_sep_slide(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                   ccdb_gen_intent *in)
{
    const int64_t L = ccdb_prng_range(rng, 2, 32), H = ccdb_prng_range(rng, 2, 32);
    const int m = (int)ccdb_prng_range(rng, 1, 6);
    const int64_t P = INT64_C(1) << m, A = ccdb_prng_range(rng, 1, P - 1);
    const int64_t Y = ccdb_prng_range(rng, 0, H), len = ccdb_prng_range(rng, 1, 16);
    const double h = twin ? nextafter(d, INFINITY) : d;
    for (int t = 0; t < 2; t++) {
        const int r = 4 * t;
        const double shift = t ? (double)P : 0.0;
        if (kind == CCDB_KIND_VF) {
            q[r][0] = shift - (double)A;
            q[r][1] = (double)Y;
            q[r][2] = h;
            q[r + 2][0] = (double)L;
            q[r + 3][1] = (double)H;
        } else {
            q[r + 1][0] = (double)L;
            q[r + 2][0] = shift - (double)(A + len);
            q[r + 2][1] = h;
            q[r + 3][0] = shift - (double)A;
            q[r + 3][1] = h;
        }
    }
    in->hit = !twin;
    in->toi_known = !twin;
    in->toi = twin ? 0.0 : ldexp((double)A, -m);
}
