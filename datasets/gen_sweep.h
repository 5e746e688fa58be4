/* gen_sweep.h — what the sweep families share (not a public header; docs/sweep.md, "Families").
 *
 * A sweep case is built in a canonical frame on an integer grid (coordinates * 2^-grid): the
 * moving body turns by theta about the z axis through O = (0, 0, O_z) while O moves by v, the
 * other primitive is still. gen_sweep_finalize moves it by exact rigid maps (relabelling, a
 * signed axis permutation with w turned by its determinant, an integer translation, (w, theta)
 * or (-w, -theta)) and writes the 8 rows of the sweep kinds.
 *
 * Most families use the BLADE scene: every moving point lies in the half-plane at angle -alpha
 * about z (direction (c, -s), c^2 + s^2 = L^2 a Pythagorean triple, so the point at radius
 * rho L is (rho c, -rho s, z), exact), the still points in the half-plane y = 0, x > 0. With v =
 * (v_x, 0, v_z) every moving point has y(t) = rho L sin(theta t - alpha): the moving primitive
 * reaches the still one's plane only at t* = alpha / theta (theta > alpha; angle pi puts it at
 * x < 0, where nothing is), and there the question is two-dimensional: the moving (r, z) shape
 * shifted by t* (v_x, v_z) against the still (x, z) shape. alpha is known to 2^-40
 * (gen_sweep_dirs), so the shift lies in a box about one grid unit wide, and the answer is
 * decided by exact integer orientations at the box's corners (they are linear in the shift). */
#ifndef CCDB_GEN_SWEEP_H
#define CCDB_GEN_SWEEP_H

#include <stdint.h>

#include "gen_internal.h"

#define GEN_SWEEP_GRID 20 /* the blade families' grid: coordinates * 2^-20, radii ~1 */

typedef struct gen_sweep_case {
    int64_t p[4][3]; /* the four points at t = 0, rows as the sweep kinds */
    int64_t O[3], v[3], w[3];
    int64_t theta_num; /* theta = theta_num * 2^-theta_bits */
    int theta_bits;
    int grid;         /* every coordinate of p, O, v is an integer * 2^-grid */
    int moving_first; /* 1: the vertex / edge a moves; 0: the triangle / edge b */
    int in_xy;        /* planar: z is never permuted or translated */
    ccdb_gen_intent intent;
} gen_sweep_case;

/* Same contract as gen_builder: draws first, in the same order for both twins. */
typedef int (*gen_sweep_builder)(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);

void gen_sweep_finalize(ccdb_prng *rng, int ee, const gen_sweep_case *c, double q[8][3]);

/* Directions of the blade: (c, s, L) and floor(alpha 2^40), alpha = atan2(s, c) (mpmath, 60
 * digits): alpha in (lo 2^-40, (lo + 1) 2^-40); entry 0 is alpha = 0 exactly. */
typedef struct gen_sweep_dir {
    int64_t c, s, L, alpha_lo;
} gen_sweep_dir;
enum {
    SWEEP_DIR_ZERO = 0,
    SWEEP_DIR_WIDE0 = 1, /* 1..10: alpha in [0.28, 1.18] */
    SWEEP_DIR_WIDE_N = 10,
    SWEEP_DIR_PI4 = 11, /* 11..14: alpha within 0.0043 of pi/4, two below, two above */
    SWEEP_DIR_PI4_N = 4,
    SWEEP_DIR_TINY = 15, /* 15..21: alpha = 0.25 down to 2^-8 */
    SWEEP_DIR_TINY_N = 7,
};
extern const gen_sweep_dir gen_sweep_dirs[];

/* The blade scene. mov: the moving points' (r, z) with r = rho L; still: (x, z). */
typedef struct gen_blade {
    int dir;
    int n_mov, n_still;  /* VF vertex moving 1, 3; VF triangle moving 3, 1; EE 2, 2 */
    int64_t rho[3];      /* the moving points' rho (r = rho L) */
    int64_t mov[3][2];   /* (r, z) */
    int64_t still[3][2]; /* (x, z) */
    int64_t v[2];        /* (v_x, v_z) */
    int64_t theta_num;   /* theta = theta_num 2^-theta_bits > 0 */
    int theta_bits;
} gen_blade;

/* The moving shape: VF vertex (n_mov 1), a VF triangle (3, in the (r, z) plane) or a vertical
 * EE edge (2: same rho) about radius ~2^GRID; rho multiples of 16. */
void gen_blade_moving(ccdb_prng *rng, gen_blade *b, int n_mov);
/* The shift box t* (v_x, v_z) for t* in [alpha_lo, alpha_hi] / theta, widened to integers. */
void gen_blade_shift(const gen_blade *b, int64_t box[2][2]);
/* +1: contact at t* for every shift in the box (strict sides); -1: no contact at all (theta <
 * alpha, or one strict separation for every shift); 0: not decided. */
int gen_blade_decide(const gen_blade *b);
/* The still shape near the moving one at t*: the still vertex / triangle edge / edge passing
 * `gap` grid units inside (want_hit) or outside a side of the moving shape (VF) or its end (EE),
 * the gaps of gen_gap_try until gen_blade_decide agrees (asserted). gap 0: exactly on the side /
 * through the end (a contact by construction, undecided by the corners; returns 1). Returns the
 * decision. */
int gen_blade_near(ccdb_prng *rng, gen_blade *b, int want_hit, int64_t gap);
/* The gaps a construction tries (bounded): gap, then 2, 4, 8 times it (the shift box is a few
 * units wide), then 1/2 .. 1/16 of it (the shape is small there). */
#define GEN_GAP_TRIES 8
int64_t gen_gap_try(int64_t gap, int i);
/* theta = k 2^-8 strictly above alpha_hi (+ margin 2^-8 k_min) and at most k_max 2^-8. */
void gen_blade_theta_above(ccdb_prng *rng, gen_blade *b, int64_t k_margin, int64_t k_max);
/* The sweep case of the blade: O = (0, 0, O_z), w = (0, 0, W), moving points at angle -alpha. */
void gen_blade_case(ccdb_prng *rng, const gen_blade *b, int hit, gen_sweep_case *c);

/* The families (gen_sweep_spin.c, gen_sweep_plane.c). */
int gen_sweep_thin_wall(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);
int gen_sweep_past_vertex(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);
int gen_sweep_corner(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);
int gen_sweep_screw(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);
int gen_sweep_turn_limit(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);
int gen_sweep_planar(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);
int gen_sweep_t0(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);
int gen_sweep_near_tangent(ccdb_prng *rng, int ee, int twin, gen_sweep_case *c);

#endif
