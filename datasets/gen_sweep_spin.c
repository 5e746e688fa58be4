/* gen_sweep_spin.c — the sweep families of the blade scene (gen_sweep.h) where a spinning body
 * reaches the still primitive's plane during the step: sweep_thin_wall, sweep_past_vertex,
 * sweep_corner, sweep_screw, sweep_turn_limit. Twins share every draw: twin 0 is built to hit,
 * twin 1 to miss (by the smallest change the family is about); gen_blade_decide proves each. */
#include <assert.h>

#include "gen_sweep.h"

#define THETA_MAX_K 717 /* theta <= 717 / 256 = 2.8 on the 2^-8 grid: theta - alpha < pi */

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

static void draw_wide_dir(ccdb_prng *rng, gen_blade *b)
{
    b->dir = SWEEP_DIR_WIDE0 + (int)ccdb_prng_below(rng, SWEEP_DIR_WIDE_N);
}

/* v = (v_x, v_z): |v_x| <= r / vx_div keeps the moving axis away from the still primitive
 * (x > r / 2 everywhere); an EE edge keeps its z range over the crossing when |v_z| <= h / 4. */
static void draw_velocity(ccdb_prng *rng, gen_blade *b, int64_t vx_div, int64_t vz_div)
{
    int64_t r = b->mov[0][0], vz = r / vz_div;
    if (b->n_mov == 2) {
        int64_t h4 = (b->mov[1][1] - b->mov[0][1]) / 8;
        vz = vz < h4 ? vz : h4;
    }
    b->v[0] = ccdb_prng_range(rng, -r / vx_div, r / vx_div);
    b->v[1] = ccdb_prng_range(rng, -vz, vz);
}

/* The exact twin's intent: the decision, which must be what the family built. */
static int finish(ccdb_prng *rng, const gen_blade *b, int want_hit, gen_sweep_case *c)
{
    int d = gen_blade_decide(b);
    assert(d == (want_hit ? 1 : -1));
    gen_blade_case(rng, b, d == 1, c);
    return 0;
}

/* 2^-k of the unit length in grid units, k in [kmin, kmax] (kmax <= GEN_SWEEP_GRID). */
static int64_t draw_gap(ccdb_prng *rng, int kmin, int kmax)
{
    return INT64_C(1) << (GEN_SWEEP_GRID - (int)ccdb_prng_range(rng, kmin, kmax));
}

/* A vertex (edge) on a fast-turning body crossing a thin wall: theta > 2 alpha, so the crossing
 * is in the middle of the turn and the chord of the end poses cuts the wall's plane at a radius
 * below r cos(alpha) + |v_x| < r - r/32, inside the wall's inner edge: linear interpolation of
 * the end poses misses it (tests/datasets/generators checks it). Twin: the turn stops short of
 * the wall (theta < alpha) or the wall stands off the vertex's path (radially beyond |v_x|). */
int gen_sweep_thin_wall(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c)
{
    gen_blade b = { 0 };
    draw_wide_dir(rng, &b);
    gen_blade_moving(rng, &b, ee ? 2 : 1);
    draw_velocity(rng, &b, 64, 8);
    int64_t lo = gen_sweep_dirs[b.dir].alpha_lo, k_alpha = lo >> 32; /* floor(alpha 2^8) */
    b.theta_bits = 8;
    b.theta_num = ccdb_prng_range(rng, 2 * k_alpha + 3, THETA_MAX_K);
    int64_t short_k = ccdb_prng_range(rng, 32, k_alpha - 1);
    int stop_short = ccdb_prng_chance(rng, 1, 2), outward = ccdb_prng_chance(rng, 1, 2);
    int64_t r = b.mov[0][0], a = r / 32, vx = abs64(b.v[0]), vz = abs64(b.v[1]);
    int64_t off = (2 * a + vx + 16 * ccdb_prng_range(rng, 1, r / 512)) * (outward ? 1 : -1);
    int64_t zb1 = ccdb_prng_range(rng, -r / 64, r / 64),
            zb2 = ccdb_prng_range(rng, -r / 64, r / 64);
    if (ee) { /* a still edge across the wall's width, within the moving edge's z range */
        int64_t zm = (b.mov[0][1] + b.mov[1][1]) / 2;
        b.still[0][0] = r - a;
        b.still[0][1] = zm + zb1;
        b.still[1][0] = r + a;
        b.still[1][1] = zm + zb2;
    } else { /* a tall thin triangle: half width >= 3a/4 > |v_x| where the vertex crosses */
        int64_t H = r / 16, zlo = b.mov[0][1] - vz - H, zhi = zlo + 8 * (vz + H);
        b.still[0][0] = r - a;
        b.still[0][1] = zlo;
        b.still[1][0] = r + a;
        b.still[1][1] = zlo;
        b.still[2][0] = r;
        b.still[2][1] = zhi;
    }
    if (twin && stop_short) {
        b.theta_num = short_k;
    } else if (twin) {
        for (int i = 0; i < b.n_still; i++)
            b.still[i][0] += off;
    }
    return finish(rng, &b, !twin, c);
}

/* A spinning triangle passing a still vertex (EE: a spinning edge passing a still edge across its
 * end), the vertex 2^-k (k = 6..17) inside a side of the triangle (twin: outside it). */
int gen_sweep_past_vertex(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c)
{
    gen_blade b = { 0 };
    draw_wide_dir(rng, &b);
    gen_blade_moving(rng, &b, ee ? 2 : 3);
    draw_velocity(rng, &b, 64, 32);
    gen_blade_theta_above(rng, &b, 12, THETA_MAX_K);
    gen_blade_near(rng, &b, !twin, draw_gap(rng, 6, 17));
    return finish(rng, &b, !twin, c);
}

/* A fast body (theta 1.5..2.8, |v_z| up to r/2) turning into a corner: VF the moving vertex
 * 2^-k (k = 6..17) inside a corner of the still triangle along its bisector, or outside behind
 * it; EE the still edge's end 2^-k beyond the moving edge (crossing it near its end) or short
 * of it. */
int gen_sweep_corner(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c)
{
    gen_blade b = { 0 };
    draw_wide_dir(rng, &b);
    gen_blade_moving(rng, &b, ee ? 2 : 1);
    int64_t r = b.mov[0][0];
    b.v[0] = ccdb_prng_range(rng, -r / 64, r / 64);
    b.v[1] = ccdb_prng_range(rng, -r / 2, r / 2);
    b.theta_bits = 8;
    b.theta_num = ccdb_prng_range(rng, 384, THETA_MAX_K); /* > 1.5 > every wide alpha */
    int64_t gap0 = draw_gap(rng, 6, 17), gap;
    int64_t sx = ccdb_prng_chance(rng, 1, 2) ? 1 : -1, sz = ccdb_prng_chance(rng, 1, 2) ? 1 : -1;
    int64_t A = r / 8, B1 = ccdb_prng_range(rng, 0, r / 32), B2 = ccdb_prng_range(rng, 0, r / 32);
    int64_t zq = ccdb_prng_range(rng, -r / 512, r / 512); /* EE: where along the moving edge */
    int64_t box[2][2], in = twin ? -1 : 1;
    gen_blade_shift(&b, box);
    int64_t px = b.mov[0][0] + (box[0][0] + box[0][1]) / 2;
    int64_t pz = (b.mov[0][1] + b.mov[b.n_mov - 1][1]) / 2 + (box[1][0] + box[1][1]) / 2;
    int got = 0;
    for (int t = 0; t < GEN_GAP_TRIES && got != (twin ? -1 : 1); t++) {
        gap = gen_gap_try(gap0, t);
        if (ee) { /* E0 gap beyond (in) or short of the moving edge's line, E1 well across */
            b.still[0][0] = px + sx * in * gap;
            b.still[0][1] = pz + zq;
            b.still[1][0] = px - sx * A;
            b.still[1][1] = pz + zq + sz * B1;
        } else { /* the corner C, sides along U = sx, sz (A, B1) and V = (B2, A): the
                  * diagonal (sx, sz) is strictly inside the wedge */
            int64_t cx = px - in * gap * sx, cz = pz - in * gap * sz;
            b.still[0][0] = cx;
            b.still[0][1] = cz;
            b.still[1][0] = cx + sx * A;
            b.still[1][1] = cz + sz * B1;
            b.still[2][0] = cx + sx * B2;
            b.still[2][1] = cz + sz * A;
        }
        got = gen_blade_decide(&b);
    }
    return finish(rng, &b, !twin, c);
}

/* FCL's ScrewMotion: v along the axis w (v_z = r/8..r, either sign), the VF vertex or triangle
 * moving (EE: an edge), the still primitive 2^-k (k = 6..17) inside or outside as in
 * sweep_past_vertex: where the contact is depends on how far the screw has advanced. */
int gen_sweep_screw(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c)
{
    gen_blade b = { 0 };
    draw_wide_dir(rng, &b);
    int vertex_moves = ccdb_prng_chance(rng, 1, 2);
    gen_blade_moving(rng, &b, ee ? 2 : vertex_moves ? 1 : 3);
    int64_t r = b.mov[0][0];
    b.v[1] = ccdb_prng_range(rng, r / 8, r) * (ccdb_prng_chance(rng, 1, 2) ? 1 : -1);
    gen_blade_theta_above(rng, &b, 12, THETA_MAX_K);
    gen_blade_near(rng, &b, !twin, draw_gap(rng, 6, 17));
    return finish(rng, &b, !twin, c);
}

/* Bullet's turn limit: integrateTransform clamps a turn above pi/4 to pi/4. alpha within
 * 0.0043 of pi/4 (either side), theta on the 2^-20 grid 2^-20..2^-7 above alpha (hit) or below
 * it (twin: the turn stops short): theta falls on both sides of pi/4, so hits with theta > pi/4
 * > alpha are contacts that a clamped turn never reaches. The still primitive is well inside
 * (2^-8). */
int gen_sweep_turn_limit(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c)
{
    gen_blade b = { 0 };
    b.dir = SWEEP_DIR_PI4 + (int)ccdb_prng_below(rng, SWEEP_DIR_PI4_N);
    int vertex_moves = ccdb_prng_chance(rng, 1, 2);
    gen_blade_moving(rng, &b, ee ? 2 : vertex_moves ? 1 : 3);
    draw_velocity(rng, &b, 64, 32);
    int64_t lo = gen_sweep_dirs[b.dir].alpha_lo, j = ccdb_prng_range(rng, 1, 1 << 13);
    b.theta_bits = 20;
    b.theta_num = (lo + 1) / (INT64_C(1) << 20) + j; /* theta 2^40 > alpha_lo + 1 */
    gen_blade_near(rng, &b, 1, INT64_C(1) << (GEN_SWEEP_GRID - 8));
    if (twin)
        b.theta_num = lo / (INT64_C(1) << 20) - j; /* theta 2^40 <= alpha_lo - 2^20 */
    return finish(rng, &b, !twin, c);
}
