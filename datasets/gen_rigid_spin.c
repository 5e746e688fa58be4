/* gen_rigid_spin.c — rigid families built on the turning half-plane scene (gen_internal.h):
 *   rigid_spin_through  a plate (VF) or an edge (EE) turns through a still vertex / edge that
 *                       neither pose touches; the vertex sits one grid step inside the plate's
 *                       outer edge (the twin one step outside): the chords of the motion pass
 *                       inside it, so linear interpolation misses the hit;
 *   rigid_phantom       the still vertex / edge lies where the chords pass but the arc does not
 *                       (nearer the axis than the plate): a miss that linear interpolation
 *                       reports as a hit (the twin moves it onto the plate: a hit);
 *   rigid_time_boundary the contact angle is 0 (first contact at t = 0) or phi1 (at t = 1);
 *                       twins one grid step off the shape;
 *   rigid_half_turn     |w| = 2^3..2^20 (phi1 within 2^-19 of pi), contact late in the turn;
 *   rigid_scaled        cases of the families above scaled by 2^-40..2^40 (exactly).
 * Every answer is the exact one of the scene (gen_rigid_core.c), whatever the design aimed at;
 * the design only decides how the linearized motion fares. */
#include <math.h>

#include "gen_internal.h"

#define GRID 4 /* shapes on a grid of 4 so that a single step is a small change */

/* |w| = k from {1/2, 1, 2, 4}, and 0 < m / n < k: the contact angle strictly inside. */
void gen_halfplane_inner_angle(ccdb_prng *rng, gen_halfplane *h)
{
    static const double ks[4] = { 0.5, 1.0, 2.0, 4.0 };
    h->k = ks[ccdb_prng_below(rng, 4)];
    for (;;) {
        h->n = ccdb_prng_range(rng, 1, 6);
        h->m = ccdb_prng_range(rng, 1, 4 * h->n);
        if ((double)h->m < (double)h->n * h->k)
            return;
    }
}

/* The plate (VF): right triangle (R0, -H), (R1, -H), (R1, H) in the (r, z) half-plane; its
 * outer edge is at r = R1. EE: the turning edge is that outer edge. Returns R1. */
static int64_t pick_plate(ccdb_prng *rng, int ee, gen_halfplane *h, int64_t *H)
{
    int64_t R0 = GRID * ccdb_prng_range(rng, 2, 6);
    int64_t R1 = R0 + GRID * ccdb_prng_range(rng, 4, 10);
    *H = GRID * ccdb_prng_range(rng, 2, 6);
    if (ee) {
        h->mov[0][0] = R1, h->mov[0][1] = -*H;
        h->mov[1][0] = R1, h->mov[1][1] = *H;
    } else {
        h->mov[0][0] = R0, h->mov[0][1] = -*H;
        h->mov[1][0] = R1, h->mov[1][1] = -*H;
        h->mov[2][0] = R1, h->mov[2][1] = *H;
    }
    return R1;
}

/* The still vertex (VF) at (r, z), or the still edge (EE): radial at height z from r to
 * r + len (inward when len < 0). */
static void set_still(gen_halfplane *h, int ee, int64_t r, int64_t z, int64_t len)
{
    h->still[0][0] = r, h->still[0][1] = z;
    if (ee)
        h->still[1][0] = r + len, h->still[1][1] = z;
}

/* One grid step inside the outer edge (twin: one step outside), at a random height in the
 * lower half, where the plate is at least GRID wide (its hypotenuse is at r <= (R0 + R1) / 2). */
void gen_halfplane_spin_shapes(ccdb_prng *rng, int ee, int twin, gen_halfplane *h)
{
    int64_t H, R1 = pick_plate(rng, ee, h, &H);
    int64_t z = ccdb_prng_range(rng, -H + 1, 0), len = GRID * ccdb_prng_range(rng, 2, 8);
    set_still(h, ee, twin ? R1 + 1 : R1 - 1, z, len);
}

int gen_rigid_spin_through(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    gen_halfplane h = { 0 };
    gen_halfplane_inner_angle(rng, &h);
    gen_halfplane_spin_shapes(rng, ee, twin, &h);
    gen_halfplane_build(&h, ee, rng, c);
    return 0;
}

int gen_rigid_phantom(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    gen_halfplane h = { 0 };
    gen_halfplane_inner_angle(rng, &h);
    int64_t H, R1 = pick_plate(rng, ee, &h, &H);
    double lambda = gen_halfplane_lambda(&h); /* in (0, 1): where the chords pass */
    if (!ee) {
        /* at z = 0 the plate spans [r_in, R1]; its chords span lambda times that: put the vertex
         * between lambda r_in and r_in (the twin: on the plate) */
        int64_t r_in = (h.mov[0][0] + R1) / 2; /* R0 + R1 is a multiple of GRID */
        double hi =
            lambda * (double)R1 < (double)(r_in - 1) ? lambda * (double)R1 : (double)(r_in - 1);
        int64_t r = (int64_t)floor(0.5 * (lambda * (double)r_in + hi));
        if (r < 1)
            r = 1;
        set_still(&h, ee, twin ? r_in + 1 : r, 0, 0);
    } else {
        /* the turning edge at radius R1 crosses z = 0 at radius lambda R1 on its chord: a radial
         * edge from about lambda R1 - GRID up to R1 - 1 (the twin: up to R1 + 1) */
        int64_t r1 = (int64_t)floor(lambda * (double)R1) - GRID;
        if (r1 < 1)
            r1 = 1;
        int64_t r2 = twin ? R1 + 1 : R1 - 1;
        set_still(&h, ee, r1, 0, r2 - r1);
    }
    gen_halfplane_build(&h, ee, rng, c);
    return 0;
}

int gen_rigid_time_boundary(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    /* k = m / n exactly: the contact angle is phi1 (t = 1); or m = 0 (t = 0) */
    static const int64_t mn[3][2] = { { 1, 2 }, { 1, 1 }, { 2, 1 } };
    gen_halfplane h = { 0 };
    int which = (int)ccdb_prng_below(rng, 3), at_end = ccdb_prng_chance(rng, 1, 2);
    h.n = mn[which][1];
    h.k = (double)mn[which][0] / (double)h.n;
    h.m = at_end ? mn[which][0] : 0;
    h.inverse = ccdb_prng_chance(rng, 1, 2);
    gen_halfplane_spin_shapes(rng, ee, twin, &h);
    gen_halfplane_build(&h, ee, rng, c);
    return 0;
}

int gen_rigid_half_turn(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    gen_halfplane h = { 0 };
    int j = (int)ccdb_prng_range(rng, 3, 20);
    int64_t k = INT64_C(1) << j;
    h.k = (double)k;
    h.n = 1;
    h.m = ccdb_prng_range(rng, k / 2, k - 1); /* late in the turn: theta > 2 atan(k / 2) */
    h.inverse = ccdb_prng_chance(rng, 1, 2);
    gen_halfplane_spin_shapes(rng, ee, twin, &h);
    gen_halfplane_build(&h, ee, rng, c);
    return 0;
}

int gen_rigid_scaled(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c)
{
    static const gen_rigid_builder bases[] = { gen_rigid_spin_through, gen_rigid_phantom,
                                               gen_rigid_time_boundary, gen_rigid_translation };
    gen_rigid_builder b = bases[ccdb_prng_below(rng, sizeof bases / sizeof bases[0])];
    int e = (int)ccdb_prng_range(rng, -40, 40);
    int rc = b(rng, ee, twin, c);
    c->exp2 = e;
    return rc;
}
