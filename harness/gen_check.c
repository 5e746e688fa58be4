/* gen_check.c — a generator's intent against the exact truth (ccdb_gen_check.h). A leaf: the
 * truth is given, never computed here. */
#include <stdio.h>

#include "ccdb_gen_check.h"
#include "ccdb_util.h"

int ccdb_gen_check(ccdb_dataset *ds, const ccdb_gen_intent *intent, const ccdb_truth_result *truth,
                   char *err, size_t errlen)
{
    for (size_t i = 0; i < ds->count; i++) {
        const ccdb_truth_result *r = &truth[i];
        const ccdb_gen_intent *in = &intent[i];
        if (r->cls == CCDB_CLASS_UNDECIDED) /* its hit means nothing: no label to give */
            return ccdb_errorf(err, errlen,
                               "%s: the judge left query %zu undecided (it could not certify a "
                               "hit or a miss within its precision cap, docs/sweep.md): a "
                               "dataset with an undecided label is useless, nothing written",
                               ds->name, i);
        int bad_hit = (r->hit != 0) != (in->hit != 0);
        int bad_toi =
            !bad_hit && r->hit && in->toi_known && !(r->toi_lo <= in->toi && in->toi <= r->toi_hi);
        if (bad_hit || bad_toi) {
            char want[64] = "", got[96] = "";
            if (in->toi_known)
                snprintf(want, sizeof want, " at t=%.17g", in->toi);
            if (r->hit)
                snprintf(got, sizeof got, " at t in [%.17g, %.17g]", r->toi_lo, r->toi_hi);
            return ccdb_errorf(err, errlen,
                               "%s: query %zu: the generator built %s%s but the exact ground "
                               "truth says %s%s (class %s): generator bug, nothing written",
                               ds->name, i, in->hit ? "a hit" : "a miss", want,
                               r->hit ? "hit" : "miss", got, ccdb_truth_class_name(r->cls));
        }
    }
    for (size_t i = 0; i < ds->count; i++)
        ds->label[i] = (unsigned char)(truth[i].hit != 0);
    return 0;
}
