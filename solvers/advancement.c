/* advancement.c — the conservative-advancement loop (advancement.h). */
#include <math.h>

#include "advancement.h"

double ca_down(double x)
{
    return nextafter(x, -INFINITY);
}

double ca_up(double x)
{
    return nextafter(x, INFINITY);
}

/* One step from the safe parameter p: the state that ends the loop, or CCDB_FAILED + 1 (not a
 * state) to go on from *next. */
#define CA_GO_ON ((ccdb_state)(CCDB_FAILED + 1))

static ccdb_state ca_step(ca_lower_fn lower, ca_speed_fn speed, const void *ctx,
                          const ccdb_params *params, double p, int capped, double *next)
{
    double d = lower(ctx, p);
    double g = params->min_separation > 0.0 ? ca_down(d - params->min_separation) : d;
    if (isnan(g))
        return CCDB_FAILED;
    if (g <= params->delta)
        return CCDB_HIT;
    double l = speed(ctx, p);
    if (isnan(l))
        return CCDB_FAILED;
    if (l == 0.0) /* nothing moves: the distance stays above delta */
        return CCDB_MISS;
    if (capped)
        return CCDB_GAVE_UP;
    /* g > delta >= 2 target, so g - target > 0; every rounding is downward */
    const double target = params->delta > 0.0 ? 0.5 * params->delta : 0.0; /* exact halving */
    double num = target > 0.0 ? ca_down(g - target) : g;
    double pn = ca_down(p + ca_down(num / l));
    if (pn > 1.0)
        return CCDB_MISS;
    if (!(pn > p)) /* no progress in double (or an infinite bound) */
        return CCDB_GAVE_UP;
    *next = pn;
    return CA_GO_ON;
}

void ca_advance(ca_lower_fn lower, ca_speed_fn speed, const void *ctx, const ccdb_params *params,
                ccdb_result *out)
{
    double p = 0.0;
    ccdb_state st = CA_GO_ON;
    out->work = 0;
    /* ends by construction: the step with it == max_iterations never goes on */
    for (long long it = 0; st == CA_GO_ON; it++) {
        double next = p;
        st = ca_step(lower, speed, ctx, params, p, it >= params->max_iterations, &next);
        out->work++;
        if (st == CA_GO_ON)
            p = next;
    }
    out->state = st;
    out->toi = st == CCDB_HIT || st == CCDB_GAVE_UP ? p : 0.0;
}
