/* prng.h — the generators' own pseudo-random numbers: xoshiro256** seeded by splitmix64.
 *
 * Integer-only and fully specified, so the same seed gives the same stream on every machine
 * and compiler (never rand(), never libm). No global state: each stream is a value. */
#ifndef CCDB_PRNG_H
#define CCDB_PRNG_H

#include <stdint.h>

typedef struct ccdb_prng {
    uint64_t s[4];
} ccdb_prng;

/* Seeds the four state words from splitmix64(seed) (never all zero). */
void ccdb_prng_seed(ccdb_prng *r, uint64_t seed);
/* Next 64 random bits (xoshiro256**, Blackman & Vigna 2018). */
uint64_t ccdb_prng_next(ccdb_prng *r);
/* Uniform integer in [0, n) without modulo bias (rejection); n > 0. */
uint64_t ccdb_prng_below(ccdb_prng *r, uint64_t n);
/* Uniform integer in [lo, hi] (lo <= hi, hi - lo < 2^63). */
int64_t ccdb_prng_range(ccdb_prng *r, int64_t lo, int64_t hi);
/* 1 with probability num/den. */
int ccdb_prng_chance(ccdb_prng *r, uint64_t num, uint64_t den);
/* splitmix64 step: also used to derive independent sub-seeds. */
uint64_t ccdb_splitmix64(uint64_t *state);

#endif
