/* bisection.h — the loop of bisection on time (interval halving, Ericson 2005), shared by
 * swept_bisection.c (linear motion, swept boxes) and rigid_bisection.c (screw motions, interval
 * boxes of the arc), which differ only in the test that a piece of time may hold a contact.
 *
 * Depth first, earlier half first, from [0, 1]: a piece the test rules out is dropped; a piece
 * no longer than delta, that cannot be halved in double, or that would overflow the stack is a
 * HIT at its start; the iteration cap (pieces tested) gives GAVE_UP at the start of the piece
 * at hand; no piece left: MISS. out->work counts the pieces tested; toi is 0 unless set. */
#ifndef CCDB_BISECTION_H
#define CCDB_BISECTION_H

#include "ccdb_solver.h"

/* 0 only when no contact is possible for any t in [ta, tb] (the solver's own test). */
typedef int (*tb_may_touch_fn)(const void *ctx, double ta, double tb);

void tb_bisect(tb_may_touch_fn may_touch, const void *ctx, const ccdb_params *params,
               ccdb_result *out);

#endif
