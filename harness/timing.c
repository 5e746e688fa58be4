/* timing.c — the monotonic clock and median/min/max over the timed repeats. */
#include <stdlib.h>
#include <time.h>

#include "ccdb_runner.h"

uint64_t ccdb_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void ccdb_stats_median(double *v, size_t n, double *median, double *min, double *max)
{
    qsort(v, n, sizeof *v, cmp_double);
    *min = v[0];
    *max = v[n - 1];
    /* Even count: mean of the two middle values. */
    *median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
