/* advancement.h — the loop of conservative advancement (Mirtich 1996; Catto, GDC 2013), shared by
 * conservative_advancement.c (linear motion, parameter t) and rigid_conservative_advancement.c
 * (screw motions, parameter u), which differ only in the distance bound and the speed bound.
 *
 * The loop runs over a motion parameter p in [0, 1] (the caller maps p to the time it answers
 * in). Both callbacks are rigorous, not estimates:
 *   lower(p)  <= the exact distance between the primitives at p (NaN: the arithmetic failed);
 *   speed(p)  >= |d distance / dp| at every p' in [p, 1] (a Lipschitz constant of the distance
 *                on [p, 1]; NaN: failed).
 * From p = 0: g = lower(p) - min_separation rounded down; NaN: FAILED; g <= delta: HIT at p;
 * speed 0 (no motion): MISS; the iteration cap: GAVE_UP at p; else p advances by
 *     h = (g - delta / 2) / speed(p),
 * with the subtraction, the division and the sum p + h each rounded toward 0 / the past
 * (ca_down). Why this never passes a contact: on [p, p + h] the exact distance is at least
 * lower(p) - speed h >= min_separation + delta / 2 > min_separation (exact arithmetic on the
 * rigorous bounds, and the rounded h and p + h are below the exact ones), so no contact (distance
 * <= min_separation) happens before the next p, and every p reached is safe: a HIT or GAVE_UP at
 * p reports a time at or before the first contact. Catto's target separation delta / 2 keeps a
 * straight approach short of contact rather than on it (delta <= 0: no target, the step is
 * g / speed). A new p above 1: MISS (safe up to p, hence on all of [0, 1]). A new p not above
 * the old (a step below the rounding, or an infinite speed bound): GAVE_UP at p. out->work counts
 * the distance bounds computed. The loop ends: at most max_iterations + 1 distance bounds. */
#ifndef CCDB_ADVANCEMENT_H
#define CCDB_ADVANCEMENT_H

#include "ccdb_solver.h"

/* A rigorous lower bound of the distance at parameter p (NaN on failure). */
typedef double (*ca_lower_fn)(const void *ctx, double p);

/* A rigorous upper bound of the distance's rate of change over [p, 1] (NaN on failure). */
typedef double (*ca_speed_fn)(const void *ctx, double p);

/* The loop above; out->toi is the parameter p of a HIT or GAVE_UP (0 otherwise). */
void ca_advance(ca_lower_fn lower, ca_speed_fn speed, const void *ctx, const ccdb_params *params,
                ccdb_result *out);

/* x moved one double toward -infinity. The result of one correctly rounded operation (round to
 * nearest) is within half an ulp of the exact value, so the next double below it is below the
 * exact value (at a power of two the ulp below is half the ulp above, still at least the half
 * ulp of the rounding): a rigorous lower bound of that operation's exact result. */
double ca_down(double x);

/* x moved one double toward +infinity: an upper bound, by the same argument. */
double ca_up(double x);

#endif
