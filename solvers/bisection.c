/* bisection.c — the bisection-on-time loop (bisection.h). */
#include <assert.h>

#include "bisection.h"

/* Depth-first stack: at most one pending right half per level; halving [0,1] reaches adjacent
 * doubles after at most ~1100 levels. */
#define STACK_MAX 2200

void tb_bisect(tb_may_touch_fn may_touch, const void *ctx, const ccdb_params *params,
               ccdb_result *out)
{
    assert(may_touch && params && out);
    double sa[STACK_MAX], sb[STACK_MAX];
    int top = 0;
    sa[top] = 0.0;
    sb[top] = 1.0;
    top++;
    out->toi = 0.0;
    out->work = 0;
    while (top > 0) {
        top--;
        double ta = sa[top], tb = sb[top];
        if (out->work >= params->max_iterations) {
            out->state = CCDB_GAVE_UP;
            out->toi = ta;
            return;
        }
        out->work++;
        if (!may_touch(ctx, ta, tb))
            continue;
        double mid = ta + 0.5 * (tb - ta);
        if (tb - ta <= params->delta || !(mid > ta && mid < tb) || top + 2 > STACK_MAX) {
            out->state = CCDB_HIT;
            out->toi = ta;
            return;
        }
        sa[top] = mid; /* later half below, earlier half on top */
        sb[top] = tb;
        top++;
        sa[top] = ta;
        sb[top] = mid;
        top++;
    }
    out->state = CCDB_MISS;
}
