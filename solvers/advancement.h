/* advancement.h — the loop of conservative advancement (Mirtich 1996; Catto, GDC 2013), shared by
 * conservative_advancement.c (linear motion) and rigid_conservative_advancement.c (screw
 * motions), which differ only in the distance at a time and the motion bound.
 *
 * From t = 0: d = distance(t) - min_separation; NaN: FAILED; d <= delta: HIT at t; bound 0 (no
 * relative motion): MISS; the iteration cap: GAVE_UP at t; else t advances by
 * (d - delta / 2) / bound, aiming at Catto's target separation delta / 2 (in exact arithmetic the
 * step then stops short of contact by at least delta / (2 bound) in t, which absorbs the rounding
 * of d and of t + step instead of landing an ulp past contact); past 1: MISS; no progress in
 * double (or an infinite bound): GAVE_UP at t. out->work counts the distances computed. */
#ifndef CCDB_ADVANCEMENT_H
#define CCDB_ADVANCEMENT_H

#include "ccdb_solver.h"

/* The distance between the primitives at time t (double; NaN on failure). */
typedef double (*ca_distance_fn)(const void *ctx, double t);

/* The loop above, with a motion bound that is not NaN. */
void ca_advance(ca_distance_fn distance, const void *ctx, double bound, const ccdb_params *params,
                ccdb_result *out);

#endif
