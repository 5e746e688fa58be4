/* ccdb_suite.h — the built-in suite, and generators' intent checked against the exact truth.
 *
 * The built-in suite is every generator family in every kind it supports, each with a fixed
 * seed and count (4400 queries in all). It is generated afresh on every run (deterministic and
 * cheap) and gets its exact truth like any dataset, from the one truth cache
 * (ccdb_truth_for_input): the cache key is the SHA-256 of the queries generated now, so a cached
 * entry serves exactly these queries, and the generator's intent is checked against the truth
 * on every run, cached or not. */
#ifndef CCDB_SUITE_H
#define CCDB_SUITE_H

#include <stddef.h>

#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_input.h"
#include "ccdb_truth.h"

/* Checks the generator's intent against the exact truth of ds's queries, then labels ds with
 * it (ds->label[i] = truth[i].hit). Fails (-1, message in err naming the dataset, query index,
 * intent and truth; labels unchanged) if for any query the intended hit differs from the
 * truth, or a TOI the generator claims exactly is outside the truth's bracket [toi_lo, toi_hi]:
 * a generator bug. */
int ccdb_gen_check(ccdb_dataset *ds, const ccdb_gen_intent *intent, const ccdb_truth_result *truth,
                   char *err, size_t errlen);
/* Computes the exact truth of ds (one thread, no cache) and checks it (ccdb_gen_check). */
int ccdb_gen_label(ccdb_dataset *ds, const ccdb_gen_intent *intent, char *err, size_t errlen);
/* The same against the exact truth at separation d (the separation families; d = 0: the above). */
int ccdb_gen_label_sep(ccdb_dataset *ds, const ccdb_gen_intent *intent, double d, char *err,
                       size_t errlen);

/* The number of datasets in the suite. */
size_t ccdb_suite_count(void);

/* The built-in suite as inputs, in a fixed order: queries named "<family>/<kind>", family and
 * intent set, truth not yet computed (ccdb_truth_for_input computes it and checks the intent).
 * Returns 0 with a malloc'ed array of *n inputs (free each with ccdb_input_free), or -1 with
 * err filled. */
int ccdb_suite_inputs(ccdb_input **inputs, size_t *n, char *err, size_t errlen);

#endif
