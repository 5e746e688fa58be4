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
/* The random family writes doubles directly (it is not on an integer grid). */
void gen_random_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3], ccdb_gen_intent *in);

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
 * a canonical frame: integers below 2^10, the multiples 2^k d of d (exact) and nextafter(d, +inf)
 * for the twin one ulp outside d; never a sum of an integer and d. Same draw order for both
 * twins (twin 0 / 1), as above. The intent is the truth at d. */
typedef void (*gen_sep_builder)(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                                ccdb_gen_intent *in);
void gen_sep_approach(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                      ccdb_gen_intent *in);
void gen_sep_slide(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                   ccdb_gen_intent *in);
void gen_sep_endpoint(ccdb_prng *rng, ccdb_kind kind, int twin, double d, double q[8][3],
                      ccdb_gen_intent *in);

/* --- helpers for builders --- */
void gen_case_clear(gen_case *c);
void gen_set(gen_case *c, int row, int64_t x, int64_t y, int64_t z);
/* Same point at t0 (row) and t1 (row + 4). */
void gen_set_static(gen_case *c, int row, int64_t x, int64_t y, int64_t z);
void gen_hit(gen_case *c, int known, int64_t num, int log2_den); /* toi = num / 2^log2_den */
void gen_miss(gen_case *c);
void gen_add_nudge(gen_case *c, int row, int axis, int dir);

/* Exact integer vector helpers (inputs far below 2^20, so nothing overflows). */
int64_t gen_cross2(int64_t ax, int64_t ay, int64_t bx, int64_t by);
int64_t gen_det3(const int64_t a[3], const int64_t b[3], const int64_t c[3]);

#endif
