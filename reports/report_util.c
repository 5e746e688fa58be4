/* report_util.c — growable buffer and CSV/HTML escaping for the report writers; a finished
 * buffer goes to util/'s atomic writer. */
#include "report_util.h"

#include "ccdb_util.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ccdb_rbuf_free(ccdb_rbuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

static int rbuf_reserve(ccdb_rbuf *b, size_t extra)
{
    if (b->oom)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra + 1) {
        if (cap > ((size_t)-1) / 2) {
            b->oom = 1;
            return -1;
        }
        cap *= 2;
    }
    char *p = realloc(b->data, cap);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->data = p;
    b->cap = cap;
    return 0;
}

void ccdb_rbuf_put(ccdb_rbuf *b, const char *s, size_t n)
{
    assert(b && (s || !n));
    assert(b->oom || b->len <= b->cap);
    if (n == 0 || rbuf_reserve(b, n) != 0)
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void ccdb_rbuf_puts(ccdb_rbuf *b, const char *s)
{
    if (s)
        ccdb_rbuf_put(b, s, strlen(s));
}

void ccdb_rbuf_printf(ccdb_rbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0 || rbuf_reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void ccdb_rbuf_csv_str(ccdb_rbuf *b, const char *s)
{
    if (!s || !*s)
        return;
    size_t n = strlen(s);
    /* A leading = + - @ tab or CR makes a spreadsheet read the cell as a formula: a quote
     * before it keeps it text (OWASP, "CSV injection"); such a cell is quoted too. */
    int formula = strchr("=+-@\t\r", s[0]) != NULL;
    int quote = formula || strpbrk(s, ",\"\r\n") != NULL || s[0] == ' ' || s[n - 1] == ' ';
    if (!quote) {
        ccdb_rbuf_put(b, s, n);
        return;
    }
    ccdb_rbuf_put(b, formula ? "\"'" : "\"", formula ? 2 : 1);
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            ccdb_rbuf_put(b, "\"\"", 2);
        else
            ccdb_rbuf_put(b, p, 1);
    }
    ccdb_rbuf_put(b, "\"", 1);
}

void ccdb_rbuf_csv_double(ccdb_rbuf *b, double x)
{
    if (isnan(x))
        return;
    ccdb_rbuf_printf(b, "%.17g", x);
}

/* Length of the well-formed UTF-8 sequence at p[0..n) (1 to 4), or 0 when p[0] starts none
 * (a stray continuation byte, an overlong form, a surrogate, above U+10FFFF, or cut short). */
size_t ccdb_utf8_sequence(const unsigned char *p, size_t n)
{
    if (p[0] < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF; /* the second byte's range (Unicode 15, table 3-7) */
    if (p[0] >= 0xC2 && p[0] <= 0xDF)
        len = 2;
    else if (p[0] >= 0xE0 && p[0] <= 0xEF)
        len = 3, lo = p[0] == 0xE0 ? 0xA0 : 0x80, hi = p[0] == 0xED ? 0x9F : 0xBF;
    else if (p[0] >= 0xF0 && p[0] <= 0xF4)
        len = 4, lo = p[0] == 0xF0 ? 0x90 : 0x80, hi = p[0] == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if ((p[k] & 0xC0) != 0x80)
            return 0;
    return len;
}

void ccdb_rbuf_html_n(ccdb_rbuf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        size_t len = ccdb_utf8_sequence(p, (size_t)(end - p));
        if (len == 0) { /* each byte that starts no well-formed sequence */
            ccdb_rbuf_puts(b, "&#xFFFD;");
            p++;
            continue;
        }
        switch (*p) {
        case '&': ccdb_rbuf_puts(b, "&amp;"); break;
        case '<': ccdb_rbuf_puts(b, "&lt;"); break;
        case '>': ccdb_rbuf_puts(b, "&gt;"); break;
        case '"': ccdb_rbuf_puts(b, "&quot;"); break;
        case '\'': ccdb_rbuf_puts(b, "&#39;"); break;
        default:
            if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f || *p == 0)
                ccdb_rbuf_puts(b, "&#xFFFD;");
            else
                ccdb_rbuf_put(b, (const char *)p, len);
        }
        p += len;
    }
}

void ccdb_rbuf_html(ccdb_rbuf *b, const char *s)
{
    if (s)
        ccdb_rbuf_html_n(b, s, strlen(s));
}

int ccdb_report_write_atomic(const ccdb_rbuf *b, const char *path, char *err, size_t errlen)
{
    if (b->oom)
        return ccdb_errorf(err, errlen, "%s: out of memory while building the report", path);
    return ccdb_write_file_atomic(path, b->data, b->len, err, errlen);
}
