/* gen_sep_corner.c — separation family sep_corner: grazing the rounded parts of the d-offset.
 *
 * The moving primitive passes the sphere of radius d around a triangle corner or an edge end, or
 * the cylinder of radius d around an edge, tangentially: dist(t) has its minimum, exactly d, at
 * one interior time t* = A / 2^m (0 < t* < 1), and is > d at every other t. The "inside" variant
 * passes at height h < d instead: a hit at the first root of |p(t) - c|^2 = d^2, before t*.
 *
 * Canonical frame (S = 2^(e+j) with 2^e <= d < 2^(e+1), j in [0, 8]; small integers times S,
 * exact; s = 2^m t - A, so s = -A at t = 0, 0 at t*, 2^m - A at t = 1; h is the gap below):
 *   VF corner: triangle a = 0, b = S (bx, -by, bz), c = S (cx, -cy, cz), by, cy >= 1 (b, c not
 *      parallel); the vertex p(t) = S (s u, 0, s w) + (0, h, 0), (u, w) != 0.
 *   VF edge: a = 0, b = S (L, 0, 0), c = S (cx, -cy, cz), cy >= 1; p(t) = S (X + s u, 0, s w) +
 *      (0, h, 0), 0 < X < L, w != 0.
 *   EE end sphere: A = [0, S (ax, -ay, az)], ay >= 1; B's start b0(t) = S (s u, 0, s w) +
 *      (0, h, 0), B's end b1(t) = b0(t) + S (fx, 0, fz) with its y replaced by 2^k h (k in
 *      [1, 3]).
 *   EE cylinder: A = [0, S (L, 0, 0)]; b0(t) = S (X + s u, 0, s w) + (0, h, 0), 0 < X < L,
 *      w != 0, b1(t) as above.
 * Every coordinate is an integer times S, h or 2^k h: exact, never an integer plus d.
 *
 * Why the labels are exact (the y gap). The still primitive lies in y <= 0 and meets the plane
 * y = 0 only in its corner 0 (VF corner, EE end sphere) or in the edge [0, S L] of the x axis
 * (VF edge, EE cylinder). The moving one lies in y >= h at every t and meets y = h only in the
 * vertex p / B's start b0 (b1's y is 2^k h > h). For x still, y moving: |y - x| >= y_y - x_y
 * >= h, with equality iff x_y = 0, y_y = h and x, y have the same (x, z): y = p or b0 and x its
 * foot F(t) = S (X + s u, 0, s w), which is in the still primitive iff s = 0 (the corner: F = 0
 * iff s (u, w) = 0; the edge: F on the x axis iff s w = 0, and then F = (X S, 0, 0) inside it).
 *   - Twin 0, h = d: dist(t) >= d for all t, = d only at t* (a hit, TOI t*, exact); the closest
 *     pair there is p / b0 and the corner 0 (class sep_vertex, EE sep_endpoint) or the edge
 *     interior point (X S, 0, 0) (sep_edge; EE: b0 against A's interior, sep_endpoint).
 *   - Twin 1, h = nextafter(d, +inf) (b1's y 2^k h): dist(t) >= h > d at every t: a miss.
 *   - Inside (drawn per pair, the hit; its twin is the same pass at h = nextafter(d, +inf)):
 *     h = 2^(e-1) < d. The draws are oriented so that for s <= 0 the closest pair is p / b0 and
 *     the corner (or its foot on the edge): (x, y) is a closest pair of two convex sets when
 *     y - x is in the normal cone of the first at x and x - y in that of the second at y. VF
 *     corner: (p - 0).b = S(s S (u bx + w bz) - h by) <= 0 with u bx + w bz >= 0 (b's (x, z)
 *     flipped), the same for c. EE: the same for a1 and (0 - b0).(b1 - b0) = -(s S^2 (u fx +
 *     w fz) + h (2^k h - h)) <= 0 with u fx + w fz <= 0. Edge and cylinder: u = 0 keeps the foot
 *     at X (inside) and p - F = (0, h, s w S) is normal to the edge; (p - F).(c - F) =
 *     S(s w S cz - h cy) <= 0 with w cz >= 0, (F - b0).(b1 - b0) = -(s w S^2 fz + h (2^k h - h))
 *     <= 0 with w fz <= 0. So dist(t)^2 = h^2 + s^2 S^2 |(u, w)|^2 on s <= 0, decreasing to
 *     h^2 < d^2 at t*, and > 4 S^2 > d^2 at t = 0 (A >= 2): a hit whose TOI is the first root,
 *     in (0, t*), with the same feature; irrational in general (toi_known 0). (At the smallest
 *     subnormal d = 2^-1074 there is no double in (0, d): h rounds to 0, a contact at d = 0,
 *     still a hit.) */
#include <math.h>

#include "gen_internal.h"

static void set_row(double q[8][3], int r, double x, double y, double z)
{
    q[r][0] = x;
    q[r][1] = y;
    q[r][2] = z;
}

/* A nonzero integer in [-hi, -1] or [1, hi]. */
static int64_t nonzero(ccdb_prng *rng, int64_t hi)
{
    const int64_t v = ccdb_prng_range(rng, 1, hi);
    return ccdb_prng_chance(rng, 1, 2) ? v : -v;
}

/* Flips (x, z) so that sign * (u x + w z) >= 0. */
static void orient(int64_t *x, int64_t *z, int64_t u, int64_t w, int sign)
{
    if (sign * (u * *x + w * *z) < 0) {
        *x = -*x;
        *z = -*z;
    }
}

void gen_sep_corner(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                    ccdb_gen_intent *in)
{
    const int ee = kind == CCDB_KIND_EE;
    const int corner = ccdb_prng_chance(rng, 1, 2); /* corner / end sphere, else edge / cylinder */
    const int inside = ccdb_prng_chance(rng, 1, 3);
    const int m = (int)ccdb_prng_range(rng, 2, 6);
    const int64_t P = INT64_C(1) << m, A = ccdb_prng_range(rng, 2, P - 1);
    const double S = ldexp(1.0, ilogb(d) + (int)ccdb_prng_range(rng, 0, 8));
    const int64_t L = ccdb_prng_range(rng, 2, 16), X = corner ? 0 : ccdb_prng_range(rng, 1, L - 1);
    int64_t u = ccdb_prng_range(rng, -3, 3);
    const int64_t w = corner ? ccdb_prng_range(rng, -3, 3) : nonzero(rng, 3);
    if (corner && u == 0 && w == 0)
        u = 1;
    if (inside && !corner)
        u = 0;
    /* the still primitive's points beyond the corner, (x, -y, z) with y >= 1, oriented
     * u x + w z >= 0 (with u = 0 on the edge: w cz >= 0) */
    int64_t b[3], c[3];
    do {
        for (int i = 0; i < 3; i++) {
            b[i] = i == 1 ? ccdb_prng_range(rng, 1, 8) : ccdb_prng_range(rng, -8, 8);
            c[i] = i == 1 ? ccdb_prng_range(rng, 1, 8) : ccdb_prng_range(rng, -8, 8);
        }
        orient(&b[0], &b[2], u, w, 1);
        orient(&c[0], &c[2], u, w, 1);
    } while (!ee && corner && b[0] * c[1] == c[0] * b[1] && b[1] * c[2] == c[1] * b[2]);
    int64_t fx = ccdb_prng_range(rng, -8, 8), fz = ccdb_prng_range(rng, -8, 8);
    orient(&fx, &fz, u, w, -1);
    const int k = (int)ccdb_prng_range(rng, 1, 3);

    const double h = twin ? nextafter(d, INFINITY) : inside ? ldexp(1.0, ilogb(d) - 1) : d;
    for (int e = 0; e < 2; e++) { /* t = 0, t = 1 */
        const int r = 4 * e;
        const int64_t s = e ? P - A : -A;
        const double mx = (double)(X + s * u) * S, mz = (double)(s * w) * S;
        if (!ee) {
            set_row(q, r, mx, h, mz);
            set_row(q, r + 1, 0, 0, 0);
            if (corner)
                set_row(q, r + 2, (double)b[0] * S, -(double)b[1] * S, (double)b[2] * S);
            else
                set_row(q, r + 2, (double)L * S, 0, 0);
            set_row(q, r + 3, (double)c[0] * S, -(double)c[1] * S, (double)c[2] * S);
        } else {
            set_row(q, r, 0, 0, 0);
            if (corner)
                set_row(q, r + 1, (double)b[0] * S, -(double)b[1] * S, (double)b[2] * S);
            else
                set_row(q, r + 1, (double)L * S, 0, 0);
            set_row(q, r + 2, mx, h, mz);
            set_row(q, r + 3, (double)(X + s * u + fx) * S, ldexp(h, k), (double)(s * w + fz) * S);
        }
    }
    in->hit = !twin;
    in->toi_known = !twin && !inside;
    in->toi = in->toi_known ? ldexp((double)A, -m) : 0.0;
}
