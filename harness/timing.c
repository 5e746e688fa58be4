/* timing.c — the monotonic clock, its own cost, median/min/max over the timed repeats and
 * quantiles of per-query times. */
#include <math.h>
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

void ccdb_sort_doubles(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
}

void ccdb_stats_median(double *v, size_t n, double *median, double *min, double *max)
{
    ccdb_sort_doubles(v, n);
    *min = v[0];
    *max = v[n - 1];
    /* Even count: mean of the two middle values. */
    *median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double ccdb_timer_cost_ns(void)
{
    enum { PAIRS = 10001 };
    double d[PAIRS]; /* 80 kB of stack */
    for (size_t i = 0; i < PAIRS; i++) {
        uint64_t t0 = ccdb_now_ns();
        uint64_t t1 = ccdb_now_ns();
        d[i] = (double)(t1 - t0);
    }
    double median, min, max;
    ccdb_stats_median(d, PAIRS, &median, &min, &max);
    return median;
}

double ccdb_quantile_sorted(const double *sorted, size_t n, double p)
{
    if (!(p > 0))
        return sorted[0];
    double rank = ceil(p * (double)n); /* 1-based */
    size_t r = rank < 1 ? 1 : rank > (double)n ? n : (size_t)rank;
    return sorted[r - 1];
}
