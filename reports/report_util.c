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
    int quote = strpbrk(s, ",\"\r\n") != NULL || s[0] == ' ' || s[n - 1] == ' ';
    if (!quote) {
        ccdb_rbuf_put(b, s, n);
        return;
    }
    ccdb_rbuf_put(b, "\"", 1);
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

void ccdb_rbuf_html(ccdb_rbuf *b, const char *s)
{
    if (!s)
        return;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '&': ccdb_rbuf_puts(b, "&amp;"); break;
        case '<': ccdb_rbuf_puts(b, "&lt;"); break;
        case '>': ccdb_rbuf_puts(b, "&gt;"); break;
        case '"': ccdb_rbuf_puts(b, "&quot;"); break;
        case '\'': ccdb_rbuf_puts(b, "&#39;"); break;
        default:
            if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f)
                ccdb_rbuf_puts(b, "&#xFFFD;");
            else
                ccdb_rbuf_put(b, (const char *)p, 1);
        }
    }
}

int ccdb_report_write_atomic(const ccdb_rbuf *b, const char *path, char *err, size_t errlen)
{
    if (b->oom)
        return ccdb_errorf(err, errlen, "%s: out of memory while building the report", path);
    return ccdb_write_file_atomic(path, b->data, b->len, err, errlen);
}
