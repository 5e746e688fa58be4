/* csv_read.c — strict reader of the public rational CSV format (rules: docs/csv-format.md).
 *
 * Every value is checked to be exactly a double (or rounded, when asked, and counted). Rows are
 * scanned once; the common case — |num| < 2^53 over a power-of-two denominator below 2^128 — is
 * converted directly; everything else goes through the checked path and GMP (csv_rational.c).
 * On any error nothing is returned but the message "FILE:LINE: what is wrong". */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ccdb_dataset.h"
#include "csv_rational.h"

static const char *const column_names[7] = { "x_num", "x_den", "y_num", "y_den",
                                             "z_num", "z_den", "truth" };

typedef struct parser {
    const char *name;
    const ccdb_csv_options *opt;
    ccdb_csv_error *err;
    size_t line;
    csv_scratch gmp;
    int gmp_ready;
    char *buf; /* NUL-terminated copy of a long field for GMP */
    size_t cap;
    size_t rounded;
} parser;

/* "NAME:LINE: message" (or "NAME: message" when line is 0). Returns -1. */
static int fail_at(ccdb_csv_error *err, const char *name, size_t line, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (err) {
        if (line)
            snprintf(err->message, sizeof err->message, "%s:%zu: %s", name, line, msg);
        else
            snprintf(err->message, sizeof err->message, "%s: %s", name, msg);
    }
    return -1;
}

/* A field as it appears, for messages: at most 40 bytes, non-printable bytes as \xHH. */
static const char *show(char out[200], const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n && i < 40; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f)
            out[k++] = (char)c;
        else
            k += (size_t)snprintf(out + k, 5, "\\x%02X", c);
    }
    if (n > 40) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
    return out;
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
static int check_integer(parser *p, const char *s, size_t n, int col, integer *v)
{
    char shown[200];
    const char *cname = column_names[col];
    if (n == 0)
        return fail_at(p->err, p->name, p->line, "column %d (%s) is empty", col + 1, cname);
    size_t i = s[0] == '-';
    unsigned any = 0, bad = i == n;
    for (size_t j = i; j < n; j++) {
        unsigned d = (unsigned)(unsigned char)s[j] - '0';
        bad |= d > 9;
        any |= d;
    }
    if (bad)
        return fail_at(p->err, p->name, p->line,
                       "column %d (%s): not an integer: '%s' (expected digits, with an "
                       "optional leading '-' on numerators)",
                       col + 1, cname, show(shown, s, n));
    if (i && (col & 1))
        return fail_at(p->err, p->name, p->line,
                       "column %d (%s): negative denominator '%s' (denominators must be "
                       "positive; put the sign on the numerator)",
                       col + 1, cname, show(shown, s, n));
    v->neg = (int)i;
    v->zero = any == 0;
    v->digits = s + i;
    v->ndig = n - i;
    return 0;
}

static int set_mpz(parser *p, mpz_t z, const char *d, size_t n)
{
    if (n + 1 > p->cap) {
        size_t cap = n + 1 > 2 * p->cap ? n + 1 : 2 * p->cap;
        char *b = realloc(p->buf, cap);
        if (!b)
            return fail_at(p->err, p->name, p->line, "out of memory");
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
static int parse_value(parser *p, const char *ns, size_t nn, const char *ds, size_t dn, int col,
                       double *out)
{
    char shown[200], shown2[200];
    integer n, d;
    if (check_integer(p, ns, nn, col, &n) || check_integer(p, ds, dn, col + 1, &d))
        return -1;
    if (d.zero)
        return fail_at(p->err, p->name, p->line, "column %d (%s): zero denominator", col + 2,
                       column_names[col + 1]);
    if (n.zero) { /* zero is always +0.0 ("-0" is the rational 0) */
        *out = 0.0;
        return 0;
    }
    /* The plain cases never get here (parse_row converts them): GMP decides exactly. */
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
        if (p->opt && p->opt->round_inputs) {
            p->rounded++;
            return 0;
        }
        return fail_at(p->err, p->name, p->line,
                       "columns %d-%d (%c): %s%s/%s is not exactly a double (use "
                       "--round-inputs to round it to the nearest double)",
                       col + 1, col + 2, axis, n.neg ? "-" : "", show(shown, n.digits, n.ndig),
                       show(shown2, d.digits, d.ndig));
    case CSV_CONV_OVERFLOW: break;
    }
    return fail_at(p->err, p->name, p->line,
                   "columns %d-%d (%c): %s%s/%s overflows double (its magnitude rounds to "
                   "infinity)",
                   col + 1, col + 2, axis, n.neg ? "-" : "", show(shown, n.digits, n.ndig),
                   show(shown2, d.digits, d.ndig));
}

/* One row "x_num,x_den,y_num,y_den,z_num,z_den,truth" (without its line ending): the checked
 * reference path. It finds and words every error; parse_row sends it anything unusual. */
static int parse_row_checked(parser *p, const char *s, size_t n, double pt[3], int *truth)
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
    if (nf != 7)
        return fail_at(p->err, p->name, p->line,
                       "expected 7 columns (x_num,x_den,y_num,y_den,z_num,z_den,truth), found %zu",
                       nf);
    for (int c = 0; c < 3; c++)
        if (parse_value(p, f[2 * c], len[2 * c], f[2 * c + 1], len[2 * c + 1], 2 * c, &pt[c]))
            return -1;
    if (len[6] != 1 || (f[6][0] != '0' && f[6][0] != '1')) {
        char shown[200];
        return fail_at(p->err, p->name, p->line, "column 7 (truth): expected 0 or 1, got '%s'",
                       show(shown, f[6], len[6]));
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

/* k if the digits d[0..n) (at most 19) spell 2^k, else -1 (zero included). */
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

/* One row, fast: a single pass that accepts only the plain shape (7 fields, '-' on numerators
 * only, truth 0/1) and converts the common values (|num| < 2^53 over 2^k, k <= 127) directly;
 * anything else — every error included — goes to parse_row_checked or parse_value, so the
 * messages and the GMP path live in one place. */
static int parse_row(parser *p, const char *s, size_t n, double pt[3], int *truth)
{
    const char *c = s, *end = s + n;
    const char *start[7];
    uint64_t num[3];
    int neg[3], num_small[3], den_log2[3];
    for (int f = 0; f < 6; f++) {
        start[f] = c;
        int ng = !(f & 1) && c < end && *c == '-';
        c += ng;
        const char *d0 = c;
        uint64_t v = 0; /* wraps past 19 digits: then unused */
        while (c < end && (unsigned)(*c - '0') <= 9)
            v = v * 10 + (uint64_t)(*c++ - '0');
        size_t nd = (size_t)(c - d0);
        if (nd == 0 || c == end || *c != ',')
            return parse_row_checked(p, s, n, pt, truth);
        if (f & 1) {
            den_log2[f / 2] = nd <= 19 ? log2_small(v) : log2_big(d0, nd);
        } else {
            neg[f / 2] = ng;
            num[f / 2] = v;
            num_small[f / 2] = nd <= 19 && v < ((uint64_t)1 << 53);
        }
        c++;
    }
    start[6] = c;
    if (end - c != 1 || (*c != '0' && *c != '1'))
        return parse_row_checked(p, s, n, pt, truth);
    for (int k = 0; k < 3; k++) {
        if (num_small[k] && den_log2[k] >= 0) {
            double v = (double)num[k] * pow2_neg(den_log2[k]); /* exact: normal, < 2^53 bits */
            pt[k] = v == 0 ? 0.0 : neg[k] ? -v : v;            /* zero is always +0.0 */
        } else if (parse_value(p, start[2 * k], (size_t)(start[2 * k + 1] - 1 - start[2 * k]),
                               start[2 * k + 1], (size_t)(start[2 * k + 2] - 1 - start[2 * k + 1]),
                               2 * k, &pt[k])) {
            return -1; /* zero denominator, not a double, overflow, ... */
        }
    }
    *truth = *c - '0';
    return 0;
}

static int parse_all(parser *p, const char *text, size_t len, ccdb_kind kind, ccdb_dataset *out)
{
    size_t bound = 1; /* rows <= newlines + 1 */
    for (const char *c = text, *end = text + len;
         c < end && (c = memchr(c, '\n', (size_t)(end - c))); c++)
        bound++;
    if (ccdb_dataset_init(out, p->name, kind, (bound + 7) / 8))
        return fail_at(p->err, p->name, 0, "out of memory for %zu rows", bound);
    size_t pos = 0, rows = 0, first_line = 0;
    int query_truth = 0;
    while (pos < len) {
        p->line++;
        const char *s = text + pos;
        const char *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos;
        pos += n + (nl != NULL);
        if (n > 0 && s[n - 1] == '\r')
            n--; /* CRLF line ending */
        if (n == 0)
            return fail_at(p->err, p->name, p->line,
                           "blank line (every line must be a row of 7 columns)");
        size_t qi = rows / 8;
        int truth = 0;
        if (parse_row(p, s, n, out->q[qi][rows % 8], &truth))
            return -1;
        if (rows % 8 == 0) {
            query_truth = truth;
            first_line = p->line;
            out->label[qi] = (unsigned char)truth;
        } else if (truth != query_truth) {
            return fail_at(p->err, p->name, p->line,
                           "truth %d disagrees with truth %d on line %zu (the 8 rows of query "
                           "%zu must agree)",
                           truth, query_truth, first_line, qi);
        }
        rows++;
    }
    if (rows % 8 != 0)
        return fail_at(p->err, p->name, p->line,
                       "incomplete query %zu: the file ends after %zu of its 8 rows (the row "
                       "count %zu is not a multiple of 8)",
                       rows / 8, rows % 8, rows);
    out->count = rows / 8;
    out->rounded_values = p->rounded;
    return 0;
}

int ccdb_csv_parse(const char *name, const char *text, size_t len, ccdb_kind kind,
                   const ccdb_csv_options *opt, ccdb_dataset *out, ccdb_csv_error *err)
{
    parser p = { .name = name ? name : "(memory)", .opt = opt, .err = err };
    memset(out, 0, sizeof *out);
    if (len == 0)
        text = ""; /* NULL is fine for an empty buffer */
    if (err)
        err->message[0] = '\0';
    int rc = parse_all(&p, text, len, kind, out);
    if (p.gmp_ready)
        csv_scratch_clear(&p.gmp);
    free(p.buf);
    if (rc)
        ccdb_dataset_free(out);
    return rc;
}

int ccdb_csv_read(const char *path, ccdb_kind kind, const ccdb_csv_options *opt, ccdb_dataset *out,
                  ccdb_csv_error *err)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail_at(err, path, 0, "cannot open: %s", strerror(errno));
    /* Size the buffer from the file when it is a regular file (one read, no copies); grow by
     * doubling otherwise (pipes). The +1 lets the loop see end of file without growing. */
    size_t cap = 1 << 16, len = 0;
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (unsigned long long)st.st_size < (unsigned long long)(SIZE_MAX / 2))
        cap = (size_t)st.st_size + 1;
    char *text = malloc(cap);
    int rc = 0;
    while (text) {
        len += fread(text + len, 1, cap - len, f);
        if (len < cap)
            break;
        char *bigger = cap * 2 > cap ? realloc(text, cap * 2) : NULL;
        if (!bigger) {
            free(text);
            text = NULL;
            break;
        }
        text = bigger;
        cap *= 2;
    }
    if (!text)
        rc = fail_at(err, path, 0, "out of memory reading the file");
    else if (ferror(f))
        rc = fail_at(err, path, 0, "cannot read: %s", strerror(errno));
    fclose(f);
    if (rc == 0)
        rc = ccdb_csv_parse(path, text, len, kind, opt, out, err);
    free(text);
    return rc;
}
