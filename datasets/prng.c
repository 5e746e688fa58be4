/* prng.c — xoshiro256** with splitmix64 seeding (public-domain reference algorithms). */
#include "prng.h"

#include <assert.h>

uint64_t ccdb_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void ccdb_prng_seed(ccdb_prng *r, uint64_t seed)
{
    uint64_t st = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = ccdb_splitmix64(&st);
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
        r->s[0] = 1; /* the all-zero state is a fixed point */
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t ccdb_prng_next(ccdb_prng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t ccdb_prng_below(ccdb_prng *r, uint64_t n)
{
    assert(n > 0);
    /* Reject the top partial block so every residue is equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = ccdb_prng_next(r);
    while (x >= limit);
    return x % n;
}

int64_t ccdb_prng_range(ccdb_prng *r, int64_t lo, int64_t hi)
{
    assert(lo <= hi);
    uint64_t span = (uint64_t)hi - (uint64_t)lo + 1u;
    assert(span != 0 && span <= (UINT64_C(1) << 63));
    /* x < span <= 2^63 fits int64_t and lo + x <= hi: no implementation-defined conversion. */
    return lo + (int64_t)ccdb_prng_below(r, span);
}

int ccdb_prng_chance(ccdb_prng *r, uint64_t num, uint64_t den)
{
    return ccdb_prng_below(r, den) < num;
}
