/* csv_row.c — one row of the rational CSV format to one point, strictly (rules:
 * docs/csv-format.md).
 *
 * Every value is checked to be exactly a double (or rounded, when asked, and counted). The common
 * case — |num| < 2^53 over a power-of-two denominator below 2^128 — is converted in one pass;
 * everything else, every error included, goes through the checked path and GMP
 * (csv_rational.c), so the messages and the exact conversion live in one place. */
#include "csv_row.h"

#include <assert.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_error.h"

static const char *const column_names[7] = { "x_num", "x_den", "y_num", "y_den",
                                             "z_num", "z_den", "truth" };

void csv_row_parser_init(csv_row_parser *p, const char *name, const ccdb_csv_options *opt,
                         ccdb_csv_error *err)
{
    *p = (csv_row_parser){ .name = name, .err = err };
    if (opt) {
        p->round_inputs = opt->round_inputs;
        p->mode = opt->columns;
    }
    p->columns = p->mode == CCDB_CSV_COLUMNS_7 ? 7 : p->mode == CCDB_CSV_COLUMNS_6 ? 6 : 0;
}

void csv_row_parser_free(csv_row_parser *p)
{
    if (p->gmp_ready)
        csv_scratch_clear(&p->gmp);
    p->gmp_ready = 0;
    free(p->buf);
    p->buf = NULL;
}

static int fail(csv_row_parser *p, const char *fmt, ...) READ_PRINTF(2, 3);
static int fail(csv_row_parser *p, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return read_fail(p->err, p->name, p->line, "%s", msg);
}

/* A field checked to be a decimal integer. */
typedef struct integer {
    int neg;            /* leading '-' */
    int zero;           /* every digit is 0 */
    const char *digits; /* the digits, sign excluded */
    size_t ndig;
} integer;

/* Checks a field is a decimal integer: optional '-' (numerators only), then one or more
 * digits. Returns 0, or -1 with the error. */
static int check_integer(csv_row_parser *p, const char *s, size_t n, int col, integer *v)
{
    char shown[READ_SHOW_MAX];
    const char *cname = column_names[col];
    if (n == 0)
        return fail(p, "column %d (%s) is empty", col + 1, cname);
    size_t i = s[0] == '-';
    unsigned any = 0, bad = i == n;
    for (size_t j = i; j < n; j++) {
        unsigned d = (unsigned)(unsigned char)s[j] - '0';
        bad |= d > 9;
        any |= d;
    }
    if (bad)
        return fail(p,
                    "column %d (%s): not an integer: '%s' (expected digits, with an optional "
                    "leading '-' on numerators)",
                    col + 1, cname, read_show(shown, s, n));
    if (i && (col & 1))
        return fail(p,
                    "column %d (%s): negative denominator '%s' (denominators must be positive; "
                    "put the sign on the numerator)",
                    col + 1, cname, read_show(shown, s, n));
    v->neg = (int)i;
    v->zero = any == 0;
    v->digits = s + i;
    v->ndig = n - i;
    return 0;
}

static int set_mpz(csv_row_parser *p, mpz_t z, const char *d, size_t n)
{
    if (n + 1 > p->cap) {
        size_t cap = n + 1 > 2 * p->cap ? n + 1 : 2 * p->cap;
        char *b = realloc(p->buf, cap);
        if (!b)
            return fail(p, "out of memory");
        p->buf = b;
        p->cap = cap;
    }
    memcpy(p->buf, d, n);
    p->buf[n] = '\0';
    int rc = mpz_set_str(z, p->buf, 10);
    assert(rc == 0); /* digits were checked */
    (void)rc;
    return 0;
}

/* Converts columns (col, col+1) = num, den of one coordinate to a double. */
static int parse_value(csv_row_parser *p, const char *ns, size_t nn, const char *ds, size_t dn,
                       int col, double *out)
{
    char shown[READ_SHOW_MAX], shown2[READ_SHOW_MAX];
    integer n, d;
    if (check_integer(p, ns, nn, col, &n) || check_integer(p, ds, dn, col + 1, &d))
        return -1;
    if (d.zero)
        return fail(p, "column %d (%s): zero denominator", col + 2, column_names[col + 1]);
    if (n.zero) { /* zero is always +0.0 ("-0" is the rational 0) */
        *out = 0.0;
        return 0;
    }
    /* The plain cases never get here (csv_row_parse converts them): GMP decides exactly. */
    if (!p->gmp_ready) {
        csv_scratch_init(&p->gmp);
        p->gmp_ready = 1;
    }
    if (set_mpz(p, p->gmp.num, n.digits, n.ndig) || set_mpz(p, p->gmp.den, d.digits, d.ndig))
        return -1;
    if (n.neg)
        mpz_neg(p->gmp.num, p->gmp.num);
    char axis = "xyz"[col / 2];
    switch (csv_rational_to_double(&p->gmp, out)) {
    case CSV_CONV_EXACT: return 0;
    case CSV_CONV_ROUNDED:
        if (p->round_inputs) {
            p->rounded++;
            return 0;
        }
        return fail(p,
                    "columns %d-%d (%c): %s%s/%s is not exactly a double (use --round-inputs to "
                    "round it to the nearest double)",
                    col + 1, col + 2, axis, n.neg ? "-" : "", read_show(shown, n.digits, n.ndig),
                    read_show(shown2, d.digits, d.ndig));
    case CSV_CONV_OVERFLOW: break;
    }
    return fail(p,
                "columns %d-%d (%c): %s%s/%s overflows double (its magnitude rounds to infinity)",
                col + 1, col + 2, axis, n.neg ? "-" : "", read_show(shown, n.digits, n.ndig),
                read_show(shown2, d.digits, d.ndig));
}

/* The column list of a row of `columns` columns, for messages. */
static const char *layout(int columns)
{
    return columns == 6 ? "x_num,x_den,y_num,y_den,z_num,z_den"
                        : "x_num,x_den,y_num,y_den,z_num,z_den,truth";
}

/* Fixes p->columns from the first row under CCDB_CSV_COLUMNS_ANY: 6 or 7 fields. */
static int decide_columns(csv_row_parser *p, const char *s, size_t n)
{
    size_t nf = 1;
    for (const char *c = s, *end = s + n; (c = memchr(c, ',', (size_t)(end - c))); c++)
        nf++;
    if (nf != 6 && nf != 7)
        return fail(p,
                    "expected 6 or 7 columns (x_num,x_den,y_num,y_den,z_num,z_den, then an "
                    "optional truth), found %zu",
                    nf);
    p->columns = (int)nf;
    p->columns_line = p->line;
    return 0;
}

/* One row (without its line ending): the checked reference path. It finds and words every
 * error; csv_row_parse sends it anything unusual. */
static int parse_row_checked(csv_row_parser *p, const char *s, size_t n, double pt[3], int *truth)
{
    const char *f[7];
    size_t len[7];
    size_t nf = 0;
    for (const char *c = s, *end = s + n;; nf++) {
        const char *comma = memchr(c, ',', (size_t)(end - c));
        if (nf < 7) {
            f[nf] = c;
            len[nf] = (size_t)((comma ? comma : end) - c);
        }
        if (!comma) {
            nf++;
            break;
        }
        c = comma + 1;
    }
    if (nf != (size_t)p->columns) {
        if (p->mode == CCDB_CSV_COLUMNS_ANY)
            return fail(p,
                        "expected %d columns (%s) as on line %zu, found %zu (the rows of a file "
                        "all have 6 columns, or all 7)",
                        p->columns, layout(p->columns), p->columns_line, nf);
        return fail(p, "expected %d columns (%s), found %zu", p->columns, layout(p->columns), nf);
    }
    for (int c = 0; c < 3; c++)
        if (parse_value(p, f[2 * c], len[2 * c], f[2 * c + 1], len[2 * c + 1], 2 * c, &pt[c]))
            return -1;
    *truth = -1;
    if (p->columns == 6)
        return 0;
    if (len[6] != 1 || (f[6][0] != '0' && f[6][0] != '1')) {
        char shown[READ_SHOW_MAX];
        return fail(p, "column 7 (truth): expected 0 or 1, got '%s'",
                    read_show(shown, f[6], len[6]));
    }
    *truth = f[6][0] - '0';
    return 0;
}

/* 2^-k for 0 <= k <= 127, built from its bits (exact, normal, no libm call). */
static double pow2_neg(int k)
{
    uint64_t bits = (uint64_t)(1023 - k) << 52;
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

static int ctz64(uint64_t m)
{
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int k = 0;
    for (; !(m & 1); m >>= 1)
        k++;
    return k;
#endif
}

/* k if v is 2^k, else -1 (zero included). */
static int log2_small(uint64_t v)
{
    return v && !(v & (v - 1)) ? ctz64(v) : -1;
}

/* The same for 20 to 38 digits, when the compiler has 128-bit integers (the public data has
 * denominators up to about 2^109); -1 otherwise, and the GMP path decides. */
static int log2_big(const char *d, size_t n)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    if (n > 38) /* 10^38 < 2^128 */
        return -1;
    u128 v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (unsigned)(d[i] - '0');
    if (v == 0 || (v & (v - 1)) != 0)
        return -1;
    uint64_t lo = (uint64_t)v, hi = (uint64_t)(v >> 64);
    return lo ? ctz64(lo) : 64 + ctz64(hi);
#else
    (void)d;
    (void)n;
    return -1;
#endif
}

/* One row, fast: a single pass that accepts only the plain shape (6 value fields, '-' on
 * numerators only, then the truth 0/1 when there are 7 columns) and converts the common values
 * (|num| < 2^53 over 2^k, k <= 127) directly; anything else — every error included — goes to
 * parse_row_checked or parse_value. */
int csv_row_parse(csv_row_parser *p, const char *s, size_t n, double pt[3], int *truth)
{
    if (!p->columns && decide_columns(p, s, n) != 0)
        return -1;
    const char *c = s, *end = s + n;
    const char *start[6];
    size_t len[6];
    uint64_t num[3];
    int neg[3], num_small[3], den_log2[3];
    for (int f = 0; f < 6; f++) {
        int last = f == 5 && p->columns == 6; /* the row ends after this field */
        start[f] = c;
        int ng = !(f & 1) && c < end && *c == '-';
        c += ng;
        const char *d0 = c;
        uint64_t v = 0; /* wraps past 19 digits: then unused */
        while (c < end && (unsigned)(*c - '0') <= 9)
            v = v * 10 + (uint64_t)(*c++ - '0');
        size_t nd = (size_t)(c - d0);
        if (nd == 0 || (last ? c != end : (c == end || *c != ',')))
            return parse_row_checked(p, s, n, pt, truth);
        len[f] = (size_t)(c - start[f]);
        if (f & 1) {
            den_log2[f / 2] = nd <= 19 ? log2_small(v) : log2_big(d0, nd);
        } else {
            neg[f / 2] = ng;
            num[f / 2] = v;
            num_small[f / 2] = nd <= 19 && v < ((uint64_t)1 << 53);
        }
        c += !last;
    }
    if (p->columns == 7 && (end - c != 1 || (*c != '0' && *c != '1')))
        return parse_row_checked(p, s, n, pt, truth);
    for (int k = 0; k < 3; k++) {
        if (num_small[k] && den_log2[k] >= 0) {
            double v = (double)num[k] * pow2_neg(den_log2[k]); /* exact: normal, < 2^53 bits */
            pt[k] = v == 0 ? 0.0 : neg[k] ? -v : v;            /* zero is always +0.0 */
        } else if (parse_value(p, start[2 * k], len[2 * k], start[2 * k + 1], len[2 * k + 1], 2 * k,
                               &pt[k])) {
            return -1; /* zero denominator, not a double, overflow, ... */
        }
    }
    *truth = p->columns == 7 ? *c - '0' : -1;
    return 0;
}
