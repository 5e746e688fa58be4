/* csv_rational.h — internal to datasets/: exact conversions between dyadic rationals written
 * in decimal and doubles, shared by the CSV reader and writer. Not part of the public API. */
#ifndef CCDB_CSV_RATIONAL_H
#define CCDB_CSV_RATIONAL_H

#include <stddef.h>

#include <gmp.h>

/* Outcome of converting a rational to the nearest double. */
typedef enum csv_conv {
    CSV_CONV_EXACT = 0, /* the rational is exactly this double */
    CSV_CONV_ROUNDED, /* *out is the nearest double (ties to even); the rational is not a double */
    CSV_CONV_OVERFLOW /* |value| rounds to infinity: no finite double */
} csv_conv;

/* Scratch integers for csv_rational_to_double (init once, reuse: no allocation per value). */
typedef struct csv_scratch {
    mpz_t num, den, q, r, d;
} csv_scratch;

void csv_scratch_init(csv_scratch *s);
void csv_scratch_clear(csv_scratch *s);

/* s->num / s->den (den > 0, num of any sign) to the nearest double (round to nearest, ties to
 * even, with gradual underflow like IEEE 754 binary64). s->num and s->den are left unchanged. */
csv_conv csv_rational_to_double(csv_scratch *s, double *out);

/* Longest text csv_format_double writes, NUL included: '-', 309 numerator digits (< 2^1024),
 * ',', 324 denominator digits (2^1074), NUL — rounded up. */
#define CSV_VALUE_MAX 700

/* Writes the canonical "num,den" of a finite x into buf (at least CSV_VALUE_MAX bytes): reduced
 * fraction, positive power-of-two denominator, "0,1" for +0 and -0. Returns the length. */
size_t csv_format_double(char *buf, double x);

#endif
