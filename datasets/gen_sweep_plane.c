/* gen_sweep_plane.c — sweep families with their own geometry: sweep_planar (the 2D engines'
 * case), sweep_t0 (contacts at t = 0: the blade scene at alpha = 0 or a hair away) and
 * sweep_near_tangent (a turning vertex or edge whose extreme point is 2^-k beyond / short of the
 * still primitive's plane). Twins share every draw (gen_sweep.h). */
#include <assert.h>
#include <string.h>

#include "gen_sweep.h"

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* rho for a radius of about 2^scale_bits: rho L in [2^b, 2^b + 2^(b-2)], rho >= 4. */
static int64_t draw_rho(ccdb_prng *rng, int64_t L, int scale_bits)
{
    int64_t base = ((INT64_C(1) << scale_bits) + L - 1) / L;
    base = base < 4 ? 4 : base;
    return base + ccdb_prng_range(rng, 0, base / 4);
}

static void set3(int64_t p[3], int64_t x, int64_t y, int64_t z)
{
    p[0] = x;
    p[1] = y;
    p[2] = z;
}

/* Everything in z = 0, w along z (Box2D's b2Sweep). The moving vertex (VF) or radial edge (EE)
 * starts at angle -alpha below the x axis and O moves by (v_x, 0, 0), so its y is
 * rho L sin(theta t - alpha): it reaches y = 0 only at t* = alpha / theta, at x within |v_x| of
 * its radius. VF: the still triangle stands on the x axis with its base across that radius: the
 * vertex enters through the base (hit); twin: the turn stops short (theta < alpha), or the
 * triangle lies inside the disk the vertex never enters (|x(t)| >= r - |v_x|), its base 2^-k
 * short of it. EE: the still edge starts on the x axis inside the moving edge's radial span and
 * rises (angles >= 0): the moving edge sweeps onto its end (hit); twin: stops short, or the
 * still edge lies 2^-k beyond the moving edge's reach. */
int gen_sweep_planar(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c)
{
    const int dir = SWEEP_DIR_WIDE0 + (int)ccdb_prng_below(rng, SWEEP_DIR_WIDE_N);
    const gen_sweep_dir *d = &gen_sweep_dirs[dir];
    int64_t rho = draw_rho(rng, d->L, GEN_SWEEP_GRID), r = rho * d->L;
    int64_t rho2 = rho + ccdb_prng_range(rng, rho / 2, rho), r2 = rho2 * d->L; /* EE outer end */
    int64_t vx = ccdb_prng_range(rng, -r / 64, r / 64), avx = abs64(vx);
    int64_t k_alpha = d->alpha_lo >> 32;
    int64_t theta_hit = ccdb_prng_range(rng, k_alpha + 12, 717);
    int64_t theta_short = ccdb_prng_range(rng, 32, k_alpha - 1);
    int stop_short = ccdb_prng_chance(rng, 1, 2);
    int64_t gap = INT64_C(1) << (GEN_SWEEP_GRID - (int)ccdb_prng_range(rng, 6, 17));
    int64_t g1 = ccdb_prng_range(rng, 16, r / 8), g2 = ccdb_prng_range(rng, 16, r / 8);
    int64_t x3 = ccdb_prng_range(rng, r / 4, r / 2), y3 = ccdb_prng_range(rng, r / 16, r / 4);
    int64_t span = r2 - r, a = ccdb_prng_range(rng, 0, span / 8);
    int64_t b = ccdb_prng_range(rng, span / 32, span / 8);
    int64_t ex = ccdb_prng_range(rng, r + avx + 16, (r + r2) / 2);

    memset(c, 0, sizeof *c);
    c->grid = GEN_SWEEP_GRID;
    c->in_xy = 1;
    c->moving_first = 1;
    c->w[2] = ccdb_prng_range(rng, 1, 8);
    c->v[0] = vx;
    c->theta_bits = 8;
    c->theta_num = twin && stop_short ? theta_short : theta_hit;
    set3(c->p[0], rho * d->c, -rho * d->s, 0);
    if (!ee) {
        if (!twin || stop_short) {
            set3(c->p[1], r - avx - g1, 0, 0);
            set3(c->p[2], r + avx + g2, 0, 0);
            set3(c->p[3], x3, y3, 0);
        } else { /* inside the disk of radius r - |v_x| (its corners are, so is the triangle) */
            int64_t far = r - avx - gap;
            assert(x3 * x3 + y3 * y3 < far * far && r / 4 < far);
            set3(c->p[1], r / 4, 0, 0);
            set3(c->p[2], far, 0, 0);
            set3(c->p[3], x3, y3, 0);
        }
    } else {
        set3(c->p[1], rho2 * d->c, -rho2 * d->s, 0);
        if (twin && !stop_short) /* beyond the reach r2 + |v_x|: every point has x >= ex */
            ex = r2 + avx + gap;
        else /* inside the span, |E1| <= ex + a + b < r2 - |v_x| */
            assert(ex + a + b < r2 - avx);
        set3(c->p[2], ex, 0, 0);
        set3(c->p[3], ex + a, b, 0);
    }
    c->intent.hit = !twin;
    return 0;
}

/* Contacts at t = 0. Twin 0, two times in three: the blade scene at alpha = 0, touching at the
 * start (the vertex 2^-k inside the triangle or exactly on a side; EE the still edge through the
 * moving edge's end or 2^-k inside it), turning either way: a hit at t = 0 exactly; else the
 * same a hair away (alpha = 2^-2..2^-8, the still shape 2^-k inside at t*) turning in: a hit at
 * t* = alpha / theta. Twin 1: a hair away turning away: a miss (the angle stays in (-pi, 0)). */
int gen_sweep_t0(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c)
{
    gen_blade b = { 0 };
    int vertex_moves = ccdb_prng_chance(rng, 1, 2), turn_in = ccdb_prng_chance(rng, 1, 3);
    int on_side = ccdb_prng_chance(rng, 1, 3), negative = ccdb_prng_chance(rng, 1, 2);
    int tiny = SWEEP_DIR_TINY + (int)ccdb_prng_below(rng, SWEEP_DIR_TINY_N);
    int64_t gap = INT64_C(1) << (GEN_SWEEP_GRID - (int)ccdb_prng_range(rng, 6, 17));
    int at_t0 = !twin && !turn_in;
    b.dir = at_t0 ? SWEEP_DIR_ZERO : tiny;
    gen_blade_moving(rng, &b, ee ? 2 : vertex_moves ? 1 : 3);
    int64_t r = b.mov[0][0];
    b.v[0] = ccdb_prng_range(rng, -r / 64, r / 64);
    b.v[1] = ccdb_prng_range(rng, -r / 64, r / 64);
    b.theta_bits = 8;
    b.theta_num = ccdb_prng_range(rng, 64, 512); /* 0.25..2: > every tiny alpha */
    gen_blade_near(rng, &b, 1, at_t0 && on_side ? 0 : gap);
    gen_blade_case(rng, &b, !twin, c);
    if (twin || (at_t0 && negative)) /* the other way round: angle -alpha - |theta| t > -pi */
        c->theta_num = -c->theta_num;
    if (at_t0) {
        c->intent.toi_known = 1;
        c->intent.toi = 0.0;
    }
    return 0;
}

#define NT_GRID 48 /* sweep_near_tangent's grid: radius ~2^46 units, gaps 2^(48-k) */

/* A vertex (VF) or vertical edge (EE) turning about z at radius r = rho L from angle -alpha
 * through 0 (theta - alpha in [0.3, 1]), O moving along the axis (v = (0, 0, v_z): no motion
 * across the plane, the tangent case b = 0 of docs/sweep.md); its extreme x is r, at t* =
 * alpha / theta. The still triangle (EE: an edge along y) lies in the plane x = r - 2^-k (hit:
 * crossed twice near t*) or, the twin, x = r + 2^-k (never reached), k = 10..44: the judge
 * separates the two roots ~2^-(k/2) apart within its default precision. */
int gen_sweep_near_tangent(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c)
{
    const int dir = SWEEP_DIR_WIDE0 + (int)ccdb_prng_below(rng, SWEEP_DIR_WIDE_N);
    const gen_sweep_dir *d = &gen_sweep_dirs[dir];
    const int64_t U = INT64_C(1) << 44;
    int64_t rho = draw_rho(rng, d->L, 46), r = rho * d->L;
    int64_t z0 = ccdb_prng_range(rng, -U, U), vz = ccdb_prng_range(rng, -U, U);
    if (ccdb_prng_chance(rng, 1, 4))
        vz = 0; /* a pure turn */
    int64_t eps = INT64_C(1) << (NT_GRID - (int)ccdb_prng_range(rng, 10, 44));
    int64_t zb1 = ccdb_prng_range(rng, -U / 2, U / 2), zb2 = ccdb_prng_range(rng, -U / 2, U / 2);
    int64_t k_alpha1 = (d->alpha_lo >> 32) + 1;
    memset(c, 0, sizeof *c);
    c->grid = NT_GRID;
    c->moving_first = 1;
    c->theta_bits = 8;
    c->theta_num = k_alpha1 + ccdb_prng_range(rng, 77, 256);
    c->O[2] = ccdb_prng_range(rng, -4 * U, 4 * U);
    c->w[2] = ccdb_prng_range(rng, 1, 8);
    c->v[2] = vz;
    int64_t X = twin ? r + eps : r - eps, Y = 8 * U;
    if (ee) { /* |z0| + |v_z| <= 2^45 < h - 2^43: the still edge's z within the moving edge */
        int64_t h = 4 * U;
        set3(c->p[0], rho * d->c, -rho * d->s, z0 - h);
        set3(c->p[1], rho * d->c, -rho * d->s, z0 + h);
        set3(c->p[2], X, -Y, zb1);
        set3(c->p[3], X, Y, zb2);
    } else { /* the crossing points have |y| <= sqrt(2 r eps) <= 2^45 and |z| <= 2^45 */
        set3(c->p[0], rho * d->c, -rho * d->s, z0);
        set3(c->p[1], X, -Y, -4 * U);
        set3(c->p[2], X, Y, -4 * U);
        set3(c->p[3], X, 0, 16 * U);
    }
    c->intent.hit = !twin;
    return 0;
}
