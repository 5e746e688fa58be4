/* gen_grazing.c — family grazing: touching without crossing. At t = 1/2 the four points lie in
 * z = 0 with the contact configuration; the z-velocities are chosen so that the coplanarity
 * cubic's derivative vanishes there too: a double root, the vertex (or edge) touches the
 * plane and leaves on the same side. Velocities are redrawn until the cubic's third root is
 * outside [0,1], so t = 1/2 is the only time the four points are coplanar (a triangle or edge
 * pair that degenerated would be coplanar too, so it cannot happen elsewhere).
 * Positions: x(t0) = X - W, x(t1) = X + W, i.e. x = X + s W with s = 2t - 1.
 *   VF: right triangle a (0,0), b (L,0), c (0,H) at t = 1/2; the vertex touches an interior
 *       point, a point of edge ab (twin: one step below it, a miss), corner b (twin: one step
 *       beyond along x), or a point of the hypotenuse when L = H (twin: one step outside).
 *   EE: A from (0,0) to (L,0); B touches A with its endpoint b0 on A's interior or on an end of
 *       A (twin: B lifted one step off A's line), or crosses A's end a1 (twin: one step
 *       beyond), or crosses A's interior (twin: B moved beyond A's start).
 *
 * Why the z-velocities work: with U, V, X the three edge vectors from the first point, all in
 * z = 0 at s = 0, d/ds det(U,V,X) at s = 0 is u_z cr(V,X) - v_z cr(U,X) + x_z cr(U,V) (cr the
 * 2D cross product): pick one coefficient that is not zero, take the other two velocities as
 * multiples of it, and solve for the third exactly. */
#include <assert.h>

#include "gen_internal.h"

static int64_t iabs(int64_t v)
{
    return v < 0 ? -v : v;
}

/* Rows of the three vectors' tips and of the base point, per kind. */
static void rows_of(ccdb_kind kind, int *base, int tip[3])
{
    if (kind == CCDB_KIND_VF) { /* U = b - a, V = c - a, X = p - a */
        *base = 1;
        tip[0] = 2;
        tip[1] = 3;
        tip[2] = 0;
    } else { /* U = a1 - a0, V = b0 - a0, X = b1 - a0 */
        *base = 0;
        tip[0] = 1;
        tip[1] = 2;
        tip[2] = 3;
    }
}

/* pos[r] = points at s = 0 (z = 0). Draws velocities from vr until the root at s = 0 is double
 * and the cubic has no other root in [-1, 1]; writes the case's rows. */
static void make_tangent(ccdb_prng *vr, ccdb_kind kind, int64_t pos[4][2], gen_case *c)
{
    int base, tip[3];
    rows_of(kind, &base, tip);
    int64_t E[3][3], W[3][3];
    for (int i = 0; i < 3; i++) {
        E[i][0] = pos[tip[i]][0] - pos[base][0];
        E[i][1] = pos[tip[i]][1] - pos[base][1];
        E[i][2] = 0;
    }
    int64_t coef[3] = { gen_cross2(E[1][0], E[1][1], E[2][0], E[2][1]),
                        -gen_cross2(E[0][0], E[0][1], E[2][0], E[2][1]),
                        gen_cross2(E[0][0], E[0][1], E[1][0], E[1][1]) };
    int j = 0;
    for (int i = 1; i < 3; i++)
        if (iabs(coef[i]) > iabs(coef[j]))
            j = i;
    assert(coef[j] != 0); /* the configuration is not collinear */
    for (;;) {
        int64_t wz = 0;
        for (int i = 0; i < 3; i++) {
            W[i][0] = ccdb_prng_range(vr, -4, 4);
            W[i][1] = ccdb_prng_range(vr, -4, 4);
            W[i][2] = 0;
            if (i != j) {
                W[i][2] = ccdb_prng_range(vr, -2, 2) * coef[j];
                wz -= W[i][2] / coef[j] * coef[i];
            }
        }
        W[j][2] = wz;
        /* f(s) = det(E0 + s W0, E1 + s W1, E2 + s W2) = k1 s + k2 s^2 + k3 s^3 (k0 = 0). */
        int64_t k1 =
            gen_det3(W[0], E[1], E[2]) + gen_det3(E[0], W[1], E[2]) + gen_det3(E[0], E[1], W[2]);
        int64_t k2 =
            gen_det3(W[0], W[1], E[2]) + gen_det3(W[0], E[1], W[2]) + gen_det3(E[0], W[1], W[2]);
        int64_t k3 = gen_det3(W[0], W[1], W[2]);
        assert(k1 == 0);
        if (k2 != 0 && iabs(k2) > iabs(k3)) /* other root -k2/k3 outside [-1, 1] */
            break;
    }
    /* The base point is still; the rest move by W relative to it. */
    gen_set(c, base, pos[base][0], pos[base][1], 0);
    gen_set(c, base + 4, pos[base][0], pos[base][1], 0);
    for (int i = 0; i < 3; i++) {
        int r = tip[i];
        gen_set(c, r, pos[r][0] - W[i][0], pos[r][1] - W[i][1], -W[i][2]);
        gen_set(c, r + 4, pos[r][0] + W[i][0], pos[r][1] + W[i][1], W[i][2]);
    }
}

static void vf(ccdb_prng *rng, int twin, int64_t pos[4][2], int *hit)
{
    int64_t L = ccdb_prng_range(rng, 3, 16), H = ccdb_prng_range(rng, 3, 16);
    int64_t i = ccdb_prng_range(rng, 1, L - 1);
    int where = (int)ccdb_prng_below(rng, 4);
    pos[1][0] = 0;
    pos[1][1] = 0;
    pos[2][0] = L;
    pos[2][1] = 0;
    if (where == 3)
        H = L; /* lattice points on the hypotenuse */
    pos[3][0] = 0;
    pos[3][1] = H;
    switch (where) {
    case 0:
        pos[0][0] = 1;
        pos[0][1] = 1;
        *hit = 1; /* interior: L, H >= 3 */
        if (twin) {
            pos[0][1] = -1;
            *hit = 0;
        }
        break;
    case 1:
        pos[0][0] = i;
        pos[0][1] = -twin;
        *hit = !twin;
        break;
    case 2:
        pos[0][0] = L + twin;
        pos[0][1] = 0;
        *hit = !twin;
        break;
    default:
        pos[0][0] = i;
        pos[0][1] = L - i + twin;
        *hit = !twin;
        break;
    }
}

static void ee(ccdb_prng *rng, int twin, int64_t pos[4][2], int *hit)
{
    int64_t L = ccdb_prng_range(rng, 2, 16), xc = ccdb_prng_range(rng, 0, L),
            xi = ccdb_prng_range(rng, 1, L - 1);
    int64_t dx = ccdb_prng_range(rng, -3, 3), dy = ccdb_prng_range(rng, 1, 3);
    int64_t lam = ccdb_prng_range(rng, 1, 3), mu = ccdb_prng_range(rng, 1, 3);
    int where = (int)ccdb_prng_below(rng, 3);
    pos[0][0] = 0;
    pos[0][1] = 0;
    pos[1][0] = L;
    pos[1][1] = 0;
    int64_t X = 0, Y = 0, back = lam;
    switch (where) {
    case 0: /* b0 on A (interior or an end); twin: B lifted to y >= 1 */
        X = xc;
        Y = twin;
        back = 0;
        *hit = !twin;
        break;
    case 1: /* crossing A's end a1; twin one step beyond */
        X = L + twin;
        *hit = !twin;
        break;
    default: /* crossing A's interior; twin: the crossing point one step before A's start */
        X = twin ? -1 : xi;
        *hit = !twin;
        break;
    }
    pos[2][0] = X - back * dx;
    pos[2][1] = Y - back * dy;
    pos[3][0] = X + mu * dx;
    pos[3][1] = Y + mu * dy;
}

int gen_grazing(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    int64_t pos[4][2];
    int hit = 0;
    uint64_t vseed = ccdb_prng_next(rng); /* the velocity search has its own stream */
    if (kind == CCDB_KIND_VF)
        vf(rng, twin, pos, &hit);
    else
        ee(rng, twin, pos, &hit);
    ccdb_prng vr;
    ccdb_prng_seed(&vr, vseed);
    make_tangent(&vr, kind, pos, c);
    if (hit)
        gen_hit(c, 1, 1, 1);
    else
        gen_miss(c);
    return 0;
}
