/* advancement.c — the conservative-advancement loop (advancement.h). */
#include <assert.h>
#include <math.h>

#include "advancement.h"

void ca_advance(ca_distance_fn distance, const void *ctx, double bound, const ccdb_params *params,
                ccdb_result *out)
{
    assert(distance && params && out);
    assert(!isnan(bound)); /* the caller's promise (advancement.h): a NaN bound is its FAILED */
    double t = 0.0;
    out->toi = 0.0;
    out->work = 0;
    for (long long it = 0;; it++) {
        double d = distance(ctx, t) - params->min_separation;
        out->work++;
        if (isnan(d)) {
            out->state = CCDB_FAILED;
            out->toi = 0.0;
            return;
        }
        if (d <= params->delta) {
            out->state = CCDB_HIT;
            out->toi = t;
            return;
        }
        if (bound == 0.0) {
            out->state = CCDB_MISS;
            out->toi = 0.0;
            return;
        }
        if (it >= params->max_iterations) {
            out->state = CCDB_GAVE_UP;
            out->toi = t;
            return;
        }
        double tn = t + (d - 0.5 * params->delta) / bound;
        if (tn > 1.0) {
            out->state = CCDB_MISS;
            out->toi = 0.0;
            return;
        }
        if (!(tn > t)) { /* no progress possible in double (or an infinite bound) */
            out->state = CCDB_GAVE_UP;
            out->toi = t;
            return;
        }
        t = tn;
    }
}
