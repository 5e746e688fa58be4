/* ccdb_suite.h — labelling generated datasets with the exact truth, and the built-in suite.
 *
 * The built-in suite is every generator family in every kind it supports, each with a fixed
 * seed and count (a few thousand queries in all). ccdb_suite_load generates each dataset,
 * labels it with the exact ground truth (checking it against the generator's intent), and
 * caches the labelled CSV so later runs skip the exact labelling. A cached file is used only
 * if its bytes match the hash stored beside it AND its queries are exactly the ones the
 * generator produces now AND its labels equal the generator's intended answers; otherwise it
 * is regenerated. The cache key holds the generator version (CCDB_GEN_VERSION) and the ground
 * truth version (CCDB_TRUTH_VERSION), so a change of either never reuses stale files.
 *
 * Layout: CACHE_DIR/g<GEN_VERSION>-t<TRUTH_VERSION>/<family>-<kind>-<seed>-<count>.csv and
 * .csv.fnv64 (16 hex digits: FNV-1a 64 of the CSV's bytes). */
#ifndef CCDB_SUITE_H
#define CCDB_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "ccdb_dataset.h"
#include "ccdb_generators.h"

/* Labels ds (freshly generated) with the exact truth: ds->label[i] = exact hit. Fails (-1,
 * message in err naming the dataset, query index, intent and truth) if for any query the
 * intended hit differs from the truth, or a TOI the generator claims exactly is outside the
 * truth's bracket [toi_lo, toi_hi]. Then the labels are left unchanged. */
int ccdb_gen_label(ccdb_dataset *ds, const ccdb_gen_intent *intent, char *err, size_t errlen);

/* One dataset of the suite. */
typedef struct ccdb_suite_spec {
    const char *family; /* generator family (static string) */
    ccdb_kind kind;
    uint64_t seed;
    size_t count;
} ccdb_suite_spec;

/* The number of datasets in the suite. */
size_t ccdb_suite_spec_count(void);

typedef struct ccdb_suite_set {
    ccdb_dataset ds;    /* name "<family>/<kind>"; labels = exact truth (owned) */
    const char *family; /* the generator family, for per-family tallies (static string) */
    uint64_t seed;
    char *path;     /* the cached CSV (owned), or NULL when no cache directory is used */
    int from_cache; /* 1 if the labels came from a verified cache file */
} ccdb_suite_set;

/* Generates (or loads from cache_dir; NULL = no cache) every dataset of the suite.
 * On success *sets is a malloc'ed array of *n sets (free with ccdb_suite_free) and 0 is returned.
 * On failure (intent/truth disagreement, I/O error that prevents labelling, out of memory)
 * returns -1 with err filled and *sets NULL. A cache that cannot be written is not an error:
 * the set is used from memory (path stays NULL). */
int ccdb_suite_load(const char *cache_dir, ccdb_suite_set **sets, size_t *n, char *err,
                    size_t errlen);
void ccdb_suite_free(ccdb_suite_set *sets, size_t n);

#endif
