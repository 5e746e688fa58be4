/* fp_load.c — the scaled query of the certified floating-point stages (gt_fpq.h). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "gt_fpq.h"

/* The query, scaled by a power of two so that max |coordinate| lies in [1/2, 1) unless it
 * lies in [2^-16, 2^16] already (then every value computed here stays below 2^62: differences
 * below 2^18, n's coefficients below 2^38, F's below 2^59, Bernstein and shifted coefficients
 * below 2^62; and far above the underflow slack). Refuses (returns 0) all-zero and non-finite
 * queries, and queries where scaling down would round a tiny coordinate. */
int gt_fp_load_scaled(const double q[8][3], double x0[4][3], double x1[4][3], double scale[2])
{
    double mx = 0.0;
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++) {
            const double a = fabs(q[i][k]);
            if (!(a <= DBL_MAX))
                return 0;
            mx = a > mx ? a : mx;
        }
    if (mx >= 0x1p-16 && mx <= 0x1p16) {
        memcpy(x0, q, 4 * sizeof x0[0]);
        memcpy(x1, q + 4, 4 * sizeof x1[0]);
        scale[0] = scale[1] = 1.0;
        return 1;
    }
    if (mx == 0.0)
        return 0;
    int e = 0;
    (void)frexp(mx, &e); /* mx = m 2^e, m in [1/2, 1), e in [-1073, 1024] */
    double f1 = 1.0, f2;
    if (-e > 1000) { /* 2^-e is not a double: two exact steps */
        f1 = 0x1p600;
        f2 = ldexp(1.0, -e - 600);
    } else {
        f2 = ldexp(1.0, -e);
    }
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++) {
            const double x = q[i][k] * f1 * f2;
            if (q[i][k] != 0.0 && !(fabs(x) >= DBL_MIN)) /* may have been rounded */
                return 0;
            if (i < 4)
                x0[i][k] = x;
            else
                x1[i - 4][k] = x;
        }
    scale[0] = f1;
    scale[1] = f2;
    return 1;
}
