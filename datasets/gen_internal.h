/* gen_internal.h — shared machinery of the generator families (not a public header).
 *
 * A family builds one query as a gen_case: 8 points with small integer coordinates in a
 * canonical frame (rows in the public order, see ccdb_dataset.h), the intent, and optional
 * one-ulp nudges that are applied only at the very end, in the final frame. gen_finalize then
 * moves the case by exact maps and writes the doubles. */
#ifndef CCDB_GEN_INTERNAL_H
#define CCDB_GEN_INTERNAL_H

#include <stdint.h>

#include "ccdb_generators.h"
#include "prng.h"

/* Canonical coordinates stay far below this, so every map below is exact in int64 and double. */
#define GEN_COORD_LIMIT (INT64_C(1) << 40)

enum {
    GEN_NO_MATRIX = 1u << 0,  /* only signed axis permutations (nudges need an axis) */
    GEN_PLANAR_Z = 1u << 1,   /* all points in z = 0 for the whole step: keep the drift in-plane */
    GEN_NO_RELABEL = 1u << 2, /* keep the row order (vertex/edge relabelling not wanted) */
    GEN_NO_DRIFT = 1u << 3,   /* no common drift (e.g. coordinates must stay near the origin) */
    GEN_IN_XY = 1u << 4,      /* stay in the plane z = 0 itself (planar engines): with
                                 GEN_NO_MATRIX, z is never permuted, drifted or translated */
};

typedef struct gen_nudge {
    int row, axis, dir; /* canonical row and axis; dir +1 / -1: one ulp up / down */
} gen_nudge;

typedef struct gen_case {
    int64_t p[8][3];
    ccdb_gen_intent intent;
    unsigned flags;
    int nnudge;
    gen_nudge nudge[4];
} gen_case;

/* Scale/translate request for the `scaled` family. */
typedef struct gen_scale {
    int enabled;
    int exp2; /* multiply by 2^exp2 */
} gen_scale;

/* A builder draws its random parameters from rng FIRST, in the same order whatever `twin` is,
 * then builds the base case (twin = 0) or its minimal-change twin whose answer differs
 * (twin = 1). Returns 0, or -1 if the kind is not supported. */
typedef int (*gen_builder)(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);

int gen_coplanar(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
int gen_grazing(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
int gen_time_boundary(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
int gen_degenerate(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
int gen_parallel_edges(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
int gen_near_miss(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
int gen_multi_root(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
int gen_bullet(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
int gen_planar_bullet(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c);
/* The random family writes doubles directly (it is not on an integer grid). */
void gen_random_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3], ccdb_gen_intent *in);
/* Its rigid counterpart (gen_rigid_random.c; kinds rigid-vf / rigid-ee). */
void gen_rigid_random_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3], ccdb_gen_intent *in);
/* A point of the group pts[0..n) (n = 1, 2 or 3) with dyadic barycentric weights (sum 16),
 * times 16: strictly inside an edge or a triangle (every weight >= 1), as real contacts are
 * (gen_rigid_random.c). */
void gen_bary16(ccdb_prng *rng, int64_t pts[][3], int n, int64_t out[3]);
/* The two groups of the 4 points of a rigid or sweep query, the moving one and the still one:
 * VF vertex (row 0) / triangle (1-3); EE edge a (0-1) / edge b (2-3). */
typedef struct gen_groups {
    int mov0, nmov, still0, nstill; /* first row and size of each */
} gen_groups;
gen_groups gen_groups_of(int ee, int moving_first);
/* A hit of the rigid and sweep families (gen_rigid_random.c): a point X of the moving group
 * (gen_bary16) becomes the centre c of the motion (c = X / 16, exact: the points are multiples
 * of 16), and the still group is shifted so that its point Y lies on c + s / 3, where X is at
 * t = 1/3 of the motion's step s. */
void gen_hit_at_third(ccdb_prng *rng, int64_t p[4][3], gen_groups g, const int64_t s[3],
                      int64_t c[3]);
/* A miss of the same families: the still group pushed along -n (n != 0) until its largest
 * n.p times scale lies more than gap below lo, the moving group's least bound of n.x over the
 * motion (in the same scale): a separating plane all along. */
void gen_push_still_below(int64_t p[4][3], gen_groups g, const int64_t n[3], int64_t scale,
                          int64_t lo, int64_t gap);
/* The sweep counterpart (gen_sweep_random.c; kinds sweep-vf / sweep-ee). */
void gen_sweep_random_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3], ccdb_gen_intent *in);

/* Moves the case by random exact maps and writes the final doubles (asserting exactness). */
void gen_finalize(ccdb_prng *rng, ccdb_kind kind, const gen_case *c, const gen_scale *sc,
                  double q[8][3]);

/* Shared with the separation families (gen_sep_core.c). map[old row] = new row: VF permutes
 * the triangle's vertices, EE swaps edges and endpoints; final[perm[a]] = sign[a] * canonical[a];
 * an independent PRNG stream per (family, kind, seed). */
void gen_random_relabel(ccdb_prng *rng, ccdb_kind kind, int map[8]);
void gen_random_signed_perm(ccdb_prng *rng, int perm[3], int sign[3]);
uint64_t gen_stream_seed(const char *family, ccdb_kind kind, uint64_t seed);

/* A separation family (gen_sep_*.c) builds one query at separation d > 0 directly in doubles, in
 * a canonical frame: integers below 2^10 (sep_corner: times a power of two near d), the multiples
 * 2^k d of d (exact) and nextafter(d, +inf) for the twin one ulp outside d; never a sum of an
 * integer and d. Same draw order for both twins (twin 0 / 1), as above. The intent is the truth
 * at d. */
typedef void (*gen_sep_builder)(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                                ccdb_gen_intent *in);
void gen_sep_approach(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                      ccdb_gen_intent *in);
void gen_sep_slide(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                   ccdb_gen_intent *in);
void gen_sep_endpoint(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                      ccdb_gen_intent *in);
void gen_sep_corner(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                    ccdb_gen_intent *in);

/* --- helpers for builders --- */
void gen_case_clear(gen_case *c);
void gen_set(gen_case *c, int row, int64_t x, int64_t y, int64_t z);
/* Same point at t0 (row) and t1 (row + 4). */
void gen_set_static(gen_case *c, int row, int64_t x, int64_t y, int64_t z);
void gen_hit(gen_case *c, int known, int64_t num, int log2_den); /* toi = num / 2^log2_den */
void gen_miss(gen_case *c);
/* A family whose twin is always a miss: its vf or ee builder by kind, then the twin marked a
 * miss (gen_near_miss.c, gen_time.c). */
typedef int (*gen_kind_builder)(ccdb_prng *rng, int twin, gen_case *c);
int gen_twin_is_miss(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c, gen_kind_builder vf,
                     gen_kind_builder ee);
void gen_add_nudge(gen_case *c, int row, int axis, int dir);

/* Exact integer vector helpers (inputs far below 2^20, so nothing overflows). */
int64_t gen_cross2(int64_t ax, int64_t ay, int64_t bx, int64_t by);
int64_t gen_det3(const int64_t a[3], const int64_t b[3], const int64_t c[3]);

/* --- rigid families (gen_rigid_*.c) ---
 * A rigid case in its canonical frame: the four points at t = 0 (rows as the rigid kinds of
 * ccdb_dataset.h: VF p, a, b, c; EE a0, a1, b0, b1), the axis point c, the rotation vector w
 * (|w| = tan(phi1 / 2), dyadic), the translation s, which primitive moves, and the intent.
 * gen_rigid_finalize moves it by exact rigid maps (signed axis permutations with w turned by
 * det, integer translations, relabelling) and writes the 8 rows. */
typedef struct gen_rigid_case {
    int64_t p[4][3], c[3], s[3];
    double w[3];
    int moving_first; /* 1: the vertex / edge a moves; 0: the triangle / edge b */
    int exp2;         /* scale every length by 2^exp2 at the end (w is scale-free) */
    int in_xy;        /* keep the plane z = 0 itself: z never permuted or translated */
    ccdb_gen_intent intent;
} gen_rigid_case;

typedef int (*gen_rigid_builder)(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);

int gen_rigid_spin_through(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_phantom(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_time_boundary(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_half_turn(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_translation(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_grazing(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_in_plane(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_planar_paddle(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_tiny_angle(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_scaled(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);
int gen_rigid_small_turn(ccdb_prng *rng, int ee, int twin, gen_rigid_case *c);

void gen_rigid_finalize(ccdb_prng *rng, int ee, const gen_rigid_case *c, double q[8][3]);

/* The turning half-plane scene (gen_rigid_core.c). The moving primitive lies in the half-plane
 * at angle 0 about the z axis (points (r, 0, z), r > 0), the still one in the half-plane at
 * angle theta, tan(theta / 2) = m / n (m >= 0, n > 0); the moving body turns by
 * phi1 = 2 atan k about z (w = (0, 0, k)). Both are given by their (r, z) points (VF: the
 * triangle moves and the vertex is still, or, with `inverse`, the vertex turns back by -phi1 to
 * the still triangle; EE: edge a moves, or edge b with `inverse`). Every point keeps its angle
 * on its half-plane, so they can touch only when the turning one reaches the other's angle:
 * the answer is exact: hit iff m <= n k and the (r, z) shapes touch; TOI 0 when m = 0, 1 when
 * m = n k, otherwise not a dyadic rational (unknown). Coordinates are scaled by n^2 + m^2 so
 * that the points at angle theta are integers. Sets everything but exp2. */
typedef struct gen_halfplane {
    int64_t mov[3][2];   /* VF: the triangle's (r, z); EE: edge a (2 points) */
    int64_t still[2][2]; /* VF: the vertex (1 point); EE: edge b (2 points) */
    int64_t m, n;
    double k;
    int inverse;
} gen_halfplane;

void gen_halfplane_build(const gen_halfplane *h, int ee, ccdb_prng *rng, gen_rigid_case *c);
/* 1 when the (r, z) shapes of h touch (closed sets, exact integer predicates). */
int gen_halfplane_touch(const gen_halfplane *h, int ee);
/* The radial factor of the linearized motion at angle theta (design only, never the intent):
 * a point at radius r on the chord of its arc is at radius lambda r when it passes angle
 * theta, lambda = (n^2 + m^2) / (n^2 - m^2 + 2 m n k). */
double gen_halfplane_lambda(const gen_halfplane *h);
/* k from {1/2, 1, 2, 4} and 0 < m / n < k: a contact angle strictly inside the turn. */
void gen_halfplane_inner_angle(ccdb_prng *rng, gen_halfplane *h);
/* rigid_spin_through's shapes (gen_rigid_spin.c): the plate (VF) or its outer edge at r = R1
 * (EE) turning, the still vertex / radial edge one grid step inside R1 at a height in the lower
 * half (twin: one step outside); h's angle is left as it is. */
void gen_halfplane_spin_shapes(ccdb_prng *rng, int ee, int twin, gen_halfplane *h);
/* rigid_in_plane's scene (gen_rigid_orbit.c) at the angle of h (m, n, k; inverse drawn here). */
int gen_rigid_in_plane_at(ccdb_prng *rng, int ee, int twin, const gen_halfplane *h,
                          gen_rigid_case *c);

#endif
