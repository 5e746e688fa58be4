/* gen_rigid_orbit.c — rigid families decided by the orbit of a point about the axis (z):
 *   rigid_grazing   the moving vertex (edge a, parallel to the axis) orbits at radius rho; the
 *                   still triangle (edge b) lies in the plane x . e_theta = d perpendicular to
 *                   the radial direction e_theta, tan(theta / 2) = m / n. With rho = d the orbit
 *                   (the cylinder swept by edge a) touches that plane only at angle theta, at
 *                   the point d e_theta + h e_z, without crossing it: a tangent contact when the
 *                   triangle (edge b) holds that point (inside, or on an edge). Twin: rho = d - 1,
 *                   the orbit never reaches the plane: a miss.
 *   rigid_in_plane  everything in the plane z = 0, the axis perpendicular to it: coplanar for the
 *                   whole step. EE: two radial segments at angles 0 and theta (the half-plane
 *                   scene with z = 0): they touch when the turn reaches theta iff their radius
 *                   ranges overlap (twin: one grid step apart). VF: the vertex at radius rho
 *                   turns towards a triangle with an edge on the ray at theta (radii rho1..rho2)
 *                   and its third corner beyond it (angles in (theta, theta + pi/2)); the orbit
 *                   meets the triangle first on that edge iff rho is in [rho1, rho2] (twin: rho
 *                   beyond every corner's radius: a miss).
 * Contact angles are strictly inside the turn (m < n k), so the TOI is not a dyadic rational.
 * Either body may turn (the other one then turns back by -phi1: the same relative motion).
 * Coordinates are scaled by S = n^2 + m^2, so that e_theta S = (n^2 - m^2, 2 m n) and
 * e_theta_perp S = (-2 m n, n^2 - m^2) are integer. */
#include <string.h>

#include "gen_internal.h"

/* S (a e_theta + b e_theta_perp) + S z e_z, for integers a, b, z. */
static void at_theta(const gen_halfplane *h, int64_t a, int64_t b, int64_t z, int64_t out[3])
{
    int64_t C = h->n * h->n - h->m * h->m, D = 2 * h->m * h->n, S = h->n * h->n + h->m * h->m;
    out[0] = a * C - b * D;
    out[1] = a * D + b * C;
    out[2] = S * z;
}

/* The common part: w = (0, 0, +-k), the axis through (0, 0, cz), no translation; the first
 * primitive (at angle 0) turns, or with `inverse` the other one turns back. */
static void orbit_motion(ccdb_prng *rng, const gen_halfplane *h, gen_rigid_case *c)
{
    c->c[0] = c->c[1] = 0;
    c->c[2] = ccdb_prng_range(rng, -8, 8);
    memset(c->s, 0, sizeof c->s);
    c->w[0] = c->w[1] = 0.0;
    c->w[2] = h->inverse ? -h->k : h->k;
    /* the primitive at angle 0 is the first one (the vertex / edge a) */
    c->moving_first = !h->inverse;
    c->intent.toi_known = 0;
    c->intent.toi = 0.0;
}

int gen_rigid_grazing(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    gen_halfplane h = { 0 };
    gen_halfplane_inner_angle(rng, &h);
    h.inverse = ccdb_prng_chance(rng, 1, 2);
    int64_t S = h.n * h.n + h.m * h.m;
    int64_t d = ccdb_prng_range(rng, 2, 40), z = ccdb_prng_range(rng, -8, 8);
    int64_t a1 = ccdb_prng_range(rng, 1, 6), a2 = ccdb_prng_range(rng, 1, 6);
    int64_t b1 = ccdb_prng_range(rng, 1, 6), b2 = ccdb_prng_range(rng, 1, 6);
    int on_edge = ccdb_prng_chance(rng, 1, 4); /* the tangency point on the triangle's edge */
    int64_t rho = twin ? d - 1 : d;
    if (!ee) {
        c->p[0][0] = S * rho, c->p[0][1] = 0, c->p[0][2] = S * z;
        at_theta(&h, d, -a1, on_edge ? z : z - b1, c->p[1]);
        at_theta(&h, d, a2, on_edge ? z : z - b1, c->p[2]);
        at_theta(&h, d, 0, z + b2, c->p[3]);
    } else { /* edge a: parallel to the axis at radius rho, z in [z - b1, z + b2] */
        c->p[0][0] = S * rho, c->p[0][1] = 0, c->p[0][2] = S * (z - b1);
        c->p[1][0] = S * rho, c->p[1][1] = 0, c->p[1][2] = S * (z + b2);
        at_theta(&h, d, -a1, z, c->p[2]);
        at_theta(&h, d, a2, z, c->p[3]);
    }
    orbit_motion(rng, &h, c);
    c->intent.hit = !twin;
    return 0;
}

/* The smallest integer whose square is >= v (v >= 0, far below 2^62). */
static int64_t isqrt_ceil(int64_t v)
{
    int64_t r = 0;
    while (r * r < v)
        r++;
    return r;
}

int gen_rigid_in_plane(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    gen_halfplane h = { 0 };
    gen_halfplane_inner_angle(rng, &h);
    return gen_rigid_in_plane_at(rng, ee, twin, &h, c);
}

int gen_rigid_in_plane_at(ccdb_prng *rng, int ee, int twin, const gen_halfplane *hp,
                          gen_rigid_case *c)
{
    gen_halfplane h = *hp;
    h.inverse = ccdb_prng_chance(rng, 1, 2);
    int64_t S = h.n * h.n + h.m * h.m;
    int64_t r1 = ccdb_prng_range(rng, 2, 20), r2 = r1 + ccdb_prng_range(rng, 2, 20);
    if (ee) {
        /* radial segments in z = 0: edge a over [r1, r2] at angle 0, edge b at angle theta from
         * r3 to r3 + len, overlapping [r1, r2] or starting one step beyond r2 */
        int64_t len = ccdb_prng_range(rng, 1, 20);
        int64_t r3 = twin ? r2 + 1 : ccdb_prng_range(rng, r1 - len > 1 ? r1 - len : 1, r2);
        h.mov[0][0] = r1, h.mov[0][1] = 0;
        h.mov[1][0] = r2, h.mov[1][1] = 0;
        h.still[0][0] = r3, h.still[0][1] = 0;
        h.still[1][0] = r3 + len, h.still[1][1] = 0;
        /* the half-plane scene with z = 0 is this in-plane scene (its answer is exact) */
        gen_halfplane_build(&h, ee, rng, c);
        return 0;
    }
    /* VF: the triangle's edge on the ray at theta over [r1, r2], third corner at
     * a e_theta + b e_theta_perp (b > 0: angles in (theta, theta + pi/2)) */
    int64_t a = ccdb_prng_range(rng, 1, 30), b = ccdb_prng_range(rng, 1, 20);
    int64_t far = isqrt_ceil(a * a + b * b);
    int64_t rmax = far > r2 ? far : r2;
    int64_t rho = twin ? rmax + 1 : ccdb_prng_range(rng, r1, r2);
    c->p[0][0] = S * rho, c->p[0][1] = 0, c->p[0][2] = 0;
    at_theta(&h, r1, 0, 0, c->p[1]);
    at_theta(&h, r2, 0, 0, c->p[2]);
    at_theta(&h, a, b, 0, c->p[3]);
    orbit_motion(rng, &h, c);
    c->intent.hit = !twin;
    return 0;
}

/* planar_paddle: the rigid_in_plane scenes kept in the plane z = 0 itself (the axis through a
 * point of z = 0, along z; final maps in x and y only): what a 2D engine (Box2D) can be given
 * as it is, every coordinate a small integer (a float exactly). */
int gen_rigid_planar_paddle(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    if (gen_rigid_in_plane(rng, ee, twin, c) != 0)
        return -1;
    c->c[2] = 0;
    c->in_xy = 1;
    return 0;
}
