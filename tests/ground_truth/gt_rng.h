/* gt_rng.h — the seeded generator of the ground-truth tests (splitmix64): set `rng` to a seed
 * at the start of a test, then draw. One copy per test file (static). */
#ifndef CCDB_GT_RNG_H
#define CCDB_GT_RNG_H

#include <stdint.h>

static uint64_t rng;

static inline uint64_t next64(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* 0 .. n-1 */
static inline int rnd(int n)
{
    return (int)(next64() % (uint64_t)n);
}

/* [0, 1), 53 random bits */
static inline double unit(void)
{
    return (double)(next64() >> 11) * 0x1p-53;
}

#endif
