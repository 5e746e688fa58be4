/* sweep_tangent.h (internal to ground_truth/) — the exact tangency test of VF sweeps whose motion
 * has no component across the triangle's plane (docs/sweep.md, "Tangencies"; the b = 0 case of
 * ../shared/design/sweep_motion.md). */
#ifndef CCDB_SWEEP_TANGENT_H
#define CCDB_SWEEP_TANGENT_H

typedef enum {
    TANGENT_NOT_APPLICABLE, /* not this case (b != 0, EE, ...) or simple roots: isolation decides */
    TANGENT_MISS,           /* no contact in (0, 1] */
    TANGENT_HIT,            /* the first contact, in (lo, hi), adjacent doubles */
    TANGENT_UNSURE          /* the tangency time not separated within the precision cap */
} sweep_tangent_answer;

/* For a VF sweep q (theta != 0, no contact at t = 0, the coplanarity not identically zero):
 * when the coplanarity is a + c cos(theta t) + d sin(theta t) (the vertex moving with v in the
 * plane, or the triangle moving with v along w, the vertex then moving relatively by the
 * opposite screw), decides exactly: a^2 > c^2 + d^2 no root; a^2 = c^2 + d^2 a double root at
 * each tangency, where the vertex is a rational point R + t v, the contact the first tangency
 * time in the (closed) rational interval where every side is >= 0; a^2 < c^2 + d^2 simple roots
 * (not applicable: the isolation decides). Interval arithmetic on the angle at 64, 128, ... up
 * to cap_bits. */
sweep_tangent_answer gt_sweep_tangent(const double q[8][3], unsigned long cap_bits, double *lo,
                                      double *hi);

#endif
