/* gt_bits.h — a double's bit pattern and back: non-negative doubles order like their patterns,
 * so a bracket in [0, 1] is narrowed by bisection on integers (every loop a bounded count). */
#ifndef GT_BITS_H
#define GT_BITS_H

#include <stdint.h>
#include <string.h>

static inline uint64_t gt_dbits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static inline double gt_bitsd(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

#endif
