/* ccdb_gen_check.h — a generator's intent checked against the exact truth of its queries. */
#ifndef CCDB_GEN_CHECK_H
#define CCDB_GEN_CHECK_H

#include <stddef.h>

#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_truth.h"

/* Checks the generator's intent against the exact truth of ds's queries, then labels ds with
 * it (ds->label[i] = truth[i].hit). Fails (-1, message in err naming the dataset, query index,
 * intent and truth; labels unchanged) if for any query the intended hit differs from the
 * truth, or a TOI the generator claims exactly is outside the truth's bracket [toi_lo, toi_hi]:
 * a generator bug; or if the judge left a query undecided (class undecided, sweeps): the message
 * says so ("the judge left query N undecided"), whatever the intent. */
int ccdb_gen_check(ccdb_dataset *ds, const ccdb_gen_intent *intent, const ccdb_truth_result *truth,
                   char *err, size_t errlen);

#endif
