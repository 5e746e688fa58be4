/* suite_inputs.c — the built-in suite (every generator family x kind, fixed seeds; see
 * ccdb_suite.h) as harness inputs. The labelled suite CSVs are cached by the suite itself under
 * <cache dir>/suite (the same $CCDB_CACHE_DIR / .cache as the truth cache); the exact truth of
 * each set then goes through the ordinary truth cache like any dataset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_harness.h"

#include "ccdb_suite.h"

int ccdb_suite_inputs(const char *cache_dir, ccdb_input **inputs, size_t *n, char *err,
                      size_t errlen)
{
    *inputs = NULL;
    *n = 0;
    char dir[4096];
    if (cache_dir && snprintf(dir, sizeof dir, "%s/suite", cache_dir) >= (int)sizeof dir) {
        snprintf(err, errlen, "cache folder name too long");
        return -1;
    }
    ccdb_suite_set *sets = NULL;
    size_t count = 0;
    if (ccdb_suite_load(cache_dir ? dir : NULL, &sets, &count, err, errlen) != 0)
        return -1;
    ccdb_input *in = calloc(count ? count : 1, sizeof *in);
    if (!in) {
        ccdb_suite_free(sets, count);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        /* Take the dataset over; the set keeps an empty one. */
        in[i].ds = sets[i].ds;
        memset(&sets[i].ds, 0, sizeof sets[i].ds);
        in[i].family = strdup(sets[i].family);
        in[i].source = sets[i].path ? strdup(sets[i].path) : NULL;
        if (!in[i].family || (sets[i].path && !in[i].source)) {
            for (size_t j = 0; j <= i; j++)
                ccdb_input_free(&in[j]);
            free(in);
            ccdb_suite_free(sets, count);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    ccdb_suite_free(sets, count);
    *inputs = in;
    *n = count;
    return 0;
}
