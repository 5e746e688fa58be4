/* test_common.h — shared helpers of the filter tests: deterministic random integers (splitmix64),
 * query transforms that keep the exact answer (power-of-two scaling), and the combined verdict. */
#ifndef CCDB_TEST_FILTER_COMMON_H
#define CCDB_TEST_FILTER_COMMON_H

#include <math.h>
#include <stdint.h>

#include "filter.h"
#include "prng.h" /* ccdb_splitmix64 */

/* uniform integer in [lo, hi] */
static inline int rnd_int(uint64_t *s, int lo, int hi)
{
    return lo + (int)(ccdb_splitmix64(s) % (uint64_t)(hi - lo + 1));
}

/* Multiplies every coordinate by 2^k; returns 0 if that would not be exact (over/underflow). */
static inline int scale_exact(double q[8][3], int k)
{
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 3; ++j) {
            const double x = ldexp(q[i][j], k);
            if (!isfinite(x) || ldexp(x, -k) != q[i][j])
                return 0;
            q[i][j] = x;
        }
    return 1;
}

static inline ccdb_filter_verdict box_of(const double q[8][3], int ee)
{
    return ee ? ccdb_filter_box_ee(q) : ccdb_filter_box_vf(q);
}

static inline ccdb_filter_verdict fp_of(const double q[8][3], int ee)
{
    return ee ? ccdb_filter_fp_ee(q) : ccdb_filter_fp_vf(q);
}

/* One pass of the fp stage alone (1: doubles, 2: double-doubles). */
static inline ccdb_filter_verdict pass_of(const double q[8][3], int ee, int pass)
{
    return ee ? ccdb_filter_fp_pass_ee(q, pass) : ccdb_filter_fp_pass_vf(q, pass);
}

#endif
