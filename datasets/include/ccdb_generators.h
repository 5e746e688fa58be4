/* ccdb_generators.h — seeded, deterministic generators of degenerate CCD queries.
 *
 * Each family builds queries from small integers (or dyadic rationals) whose intended geometry
 * is exact, then moves them by exact maps only (vertex/edge relabelling, a common drift, an
 * invertible integer matrix or a signed axis permutation, integer and power-of-two scaled
 * translations, one-ulp nudges with nextafter). Every coordinate is a finite double; the same
 * (family, kind, count, seed) gives the same bytes on every machine (integer PRNG, no libm).
 *
 * Besides the queries, each generator returns its INTENT per query: whether it built a hit or
 * a miss, and the time of impact when it knows it exactly. This module never calls the ground
 * truth; `ccdbench gen` and the built-in suite compare the intent with the exact ground truth
 * and refuse to write anything if they disagree.
 */
#ifndef CCDB_GENERATORS_H
#define CCDB_GENERATORS_H

#include <stddef.h>
#include <stdint.h>

#include "ccdb_dataset.h"

/* Bit masks for ccdb_gen_family.kinds. */
#define CCDB_GEN_VF       (1u << CCDB_KIND_VF)
#define CCDB_GEN_EE       (1u << CCDB_KIND_EE)
#define CCDB_GEN_RIGID_VF (1u << CCDB_KIND_RIGID_VF)
#define CCDB_GEN_RIGID_EE (1u << CCDB_KIND_RIGID_EE)
#define CCDB_GEN_SWEEP_VF (1u << CCDB_KIND_SWEEP_VF)
#define CCDB_GEN_SWEEP_EE (1u << CCDB_KIND_SWEEP_EE)

typedef struct ccdb_gen_family {
    const char *name;    /* "coplanar_parallel", ... */
    const char *summary; /* one line */
    unsigned kinds;      /* CCDB_GEN_*: the kinds it supports */
} ccdb_gen_family;

/* The families, in a fixed order. */
size_t ccdb_gen_family_count(void);
const ccdb_gen_family *ccdb_gen_family_at(size_t i);
/* NULL if there is no family of that name. */
const ccdb_gen_family *ccdb_gen_family_find(const char *name);

/* What the generator built. hit is always known; the TOI only when the construction fixes it
 * exactly (then it is a double: the exact TOI is a dyadic rational such as 0, 1, 1/4, d/2^k). */
typedef struct ccdb_gen_intent {
    int hit;       /* 1: built to touch at some t in [0,1]; 0: built not to */
    int toi_known; /* 1: toi is the exact first contact time (hit only) */
    double toi;
} ccdb_gen_intent;

/* Generates `count` queries of `family` and `kind` from `seed` into *out (allocated here; the
 * caller frees it with ccdb_dataset_free). out->name is "<family>/<kind>" and out->label holds
 * the intended hit (callers that write files replace it by the exact truth). If intent_out is
 * not NULL it receives a malloc'ed array of `count` intents (caller frees).
 * Returns 0, or -1 with a message in err (unknown family, kind not supported, count 0 or too
 * large, out of memory); on failure *out is left empty and *intent_out NULL. */
int ccdb_generate(const char *family, ccdb_kind kind, size_t count, uint64_t seed,
                  ccdb_dataset *out, ccdb_gen_intent **intent_out, char *err, size_t errlen);

/* Families built for a minimum separation d > 0 (`ccdbench gen --min-sep D`), listed apart from
 * the families above (and not in the built-in suite): their intent is the exact truth AT d
 * (ccdb_truth_*_sep), hits at exactly d and misses one ulp outside it. */
size_t ccdb_gen_sep_family_count(void);
const ccdb_gen_family *ccdb_gen_sep_family_at(size_t i);
const ccdb_gen_family *ccdb_gen_sep_family_find(const char *name);
/* As ccdb_generate, for a separation family and a separation d (a double, 0 < d <= 2^900). */
int ccdb_generate_sep(const char *family, ccdb_kind kind, size_t count, uint64_t seed, double d,
                      ccdb_dataset *out, ccdb_gen_intent **intent_out, char *err, size_t errlen);

/* Largest count ccdb_generate accepts. */
#define CCDB_GEN_MAX_COUNT ((size_t)10000000)

#endif
