/* csv_rational.c — exact rational <-> double conversions for the CSV format.
 *
 * Reading: num/den is rounded to the nearest double exactly as IEEE 754 would (ties to even,
 * gradual underflow, overflow to infinity reported as such), and the caller learns whether it
 * was exact. Writing: a double is the dyadic m * 2^e; the canonical text is the reduced fraction
 * (m odd) with denominator 2^-e (or numerator m * 2^e and denominator 1 when e >= 0). */
#include "csv_rational.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

void csv_scratch_init(csv_scratch *s)
{
    mpz_inits(s->num, s->den, s->q, s->r, s->d, (mpz_ptr)0);
}

void csv_scratch_clear(csv_scratch *s)
{
    mpz_clears(s->num, s->den, s->q, s->r, s->d, (mpz_ptr)0);
}

csv_conv csv_rational_to_double(csv_scratch *s, double *out)
{
    int sign = mpz_sgn(s->num);
    assert(mpz_sgn(s->den) > 0);
    if (sign == 0) {
        *out = 0.0;
        return CSV_CONV_EXACT;
    }
    /* |num|/den lies in [2^(la-lb-1), 2^(la-lb+1)); pick e so that q = floor(|num|/den / 2^e)
     * has 53 bits (or fewer when the value is subnormal: e never goes below -1074). */
    long la = (long)mpz_sizeinbase(s->num, 2), lb = (long)mpz_sizeinbase(s->den, 2);
    long e = la - lb - 53;
    if (e < -1074)
        e = -1074;
    for (;;) {
        mpz_abs(s->q, s->num);
        if (e <= 0) {
            mpz_mul_2exp(s->q, s->q, (mp_bitcnt_t)-e);
            mpz_set(s->d, s->den);
        } else {
            mpz_mul_2exp(s->d, s->den, (mp_bitcnt_t)e);
        }
        mpz_tdiv_qr(s->q, s->r, s->q, s->d);
        if (mpz_sizeinbase(s->q, 2) <= 53)
            break;
        e++; /* the quotient had 54 bits: one more step of scale (happens at most once) */
    }
    csv_conv result = CSV_CONV_EXACT;
    if (mpz_sgn(s->r) != 0) {
        result = CSV_CONV_ROUNDED;
        mpz_mul_2exp(s->r, s->r, 1);
        int c = mpz_cmp(s->r, s->d);
        if (c > 0 || (c == 0 && mpz_odd_p(s->q)))
            mpz_add_ui(s->q, s->q, 1);
    }
    if (mpz_sgn(s->q) == 0) { /* underflow below half of 2^-1074: nearest is zero */
        *out = 0.0;
        return result;
    }
    /* q <= 2^53 here; the value q * 2^e is finite iff it is below 2^1024. */
    if ((long)mpz_sizeinbase(s->q, 2) + e > 1024)
        return CSV_CONV_OVERFLOW;
    double v = ldexp(mpz_get_d(s->q), (int)e); /* exact: q <= 2^53, e >= -1074 */
    *out = sign < 0 ? -v : v;
    return result;
}

static int ctz64(uint64_t m)
{
    assert(m != 0);
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int k = 0;
    while (!(m & 1)) {
        m >>= 1;
        k++;
    }
    return k;
#endif
}

static int bitlen64(uint64_t m)
{
    int n = 0;
    while (m) {
        m >>= 1;
        n++;
    }
    return n;
}

/* Decimal digits of v at p; returns the number written (no NUL). */
static size_t put_u64(char *p, uint64_t v)
{
    char tmp[20];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (size_t i = 0; i < n; i++)
        p[i] = tmp[n - 1 - i];
    return n;
}

static size_t put_mpz(char *p, mpz_t z)
{
    mpz_get_str(p, 10, z);
    return strlen(p);
}

size_t csv_format_double(char *buf, double x)
{
    assert(isfinite(x));
    if (x == 0) {
        memcpy(buf, "0,1", 4);
        return 3;
    }
    int e;
    double f = frexp(fabs(x), &e);       /* |x| = f * 2^e, f in [0.5, 1) */
    uint64_t m = (uint64_t)ldexp(f, 53); /* exact: f has at most 53 significant bits */
    int e2 = e - 53;
    int tz = ctz64(m);
    /* cppcheck-suppress shiftNegative ; ctz64 of a non-zero m is in [0, 63] */
    m >>= tz;
    e2 += tz; /* |x| = m * 2^e2 with m odd: the reduced fraction */
    char *p = buf;
    if (x < 0)
        *p++ = '-';
    if (e2 >= 0) {
        if (bitlen64(m) + e2 <= 64) {
            p += put_u64(p, m << e2);
        } else {
            mpz_t z;
            mpz_init(z);
            mpz_import(z, 1, 1, sizeof m, 0, 0, &m);
            mpz_mul_2exp(z, z, (mp_bitcnt_t)e2);
            p += put_mpz(p, z);
            mpz_clear(z);
        }
        *p++ = ',';
        *p++ = '1';
    } else {
        p += put_u64(p, m);
        *p++ = ',';
        if (-e2 <= 63) {
            p += put_u64(p, (uint64_t)1 << -e2);
        } else {
            mpz_t z;
            mpz_init(z);
            mpz_setbit(z, (mp_bitcnt_t)-e2);
            p += put_mpz(p, z);
            mpz_clear(z);
        }
    }
    *p = '\0';
    assert((size_t)(p - buf) < CSV_VALUE_MAX);
    return (size_t)(p - buf);
}
