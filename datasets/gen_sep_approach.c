/* gen_sep_approach.c — separation family sep_approach: a straight approach to exactly d.
 *   VF: triangle a (0,0,0), b (L,0,0), c (0,H,0) at rest; the vertex above a point (X, Y) of
 *       the closed triangle (interior, an edge or a corner: face, edge or vertex class) comes
 *       down from height 2^k d to exactly d at t = 1 (TOI 1), or the reverse (TOI 0).
 *   EE: A from (-L,0,0) to (L,0,0) at rest; B = (X, -M, z) (X, M, z) with |X| <= L comes down
 *       in z from 2^k d to exactly d (interiors, or A's end against B's interior when |X| = L).
 *   Twin: the end height d becomes nextafter(d, +inf): never within d, a miss. */
#include <math.h>

#include "gen_internal.h"

static void set_row(double q[8][3], int r, double x, double y, double z)
{
    q[r][0] = x;
    q[r][1] = y;
    q[r][2] = z;
}

void gen_sep_approach(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                      ccdb_gen_intent *in)
{
    const int64_t L = ccdb_prng_range(rng, 2, 32), H = ccdb_prng_range(rng, 2, 32);
    const int k = (int)ccdb_prng_range(rng, 1, 8), reverse = ccdb_prng_chance(rng, 1, 2);
    const int64_t X = ccdb_prng_range(rng, kind == CCDB_KIND_VF ? 0 : -L, L);
    int64_t Y = ccdb_prng_range(rng, 0, H);
    const int64_t M = ccdb_prng_range(rng, 1, 16);
    const double far = ldexp(d, k), near = twin ? nextafter(d, INFINITY) : d;
    const int s = reverse ? 4 : 0, e = reverse ? 0 : 4; /* rows at the far / near end */
    if (kind == CCDB_KIND_VF) {
        if (Y * L > (L - X) * H) /* beyond the edge bc: project down to y = 0 */
            Y = 0;
        for (int h = 0; h < 8; h += 4) {
            set_row(q, h + 1, 0, 0, 0);
            set_row(q, h + 2, (double)L, 0, 0);
            set_row(q, h + 3, 0, (double)H, 0);
        }
        set_row(q, s, (double)X, (double)Y, far);
        set_row(q, e, (double)X, (double)Y, near);
    } else {
        for (int h = 0; h < 8; h += 4) {
            set_row(q, h, -(double)L, 0, 0);
            set_row(q, h + 1, (double)L, 0, 0);
        }
        set_row(q, s + 2, (double)X, -(double)M, far);
        set_row(q, s + 3, (double)X, (double)M, far);
        set_row(q, e + 2, (double)X, -(double)M, near);
        set_row(q, e + 3, (double)X, (double)M, near);
    }
    in->hit = !twin;
    in->toi_known = !twin;
    in->toi = twin ? 0.0 : reverse ? 0.0 : 1.0;
}
