/* report_util.h — private helpers of the report writers: a growable byte buffer, CSV quoting,
 * HTML escaping, deterministic number formatting, and the atomic write of a finished buffer.
 * Not a public API. */
#ifndef CCDB_REPORT_UTIL_H
#define CCDB_REPORT_UTIL_H

#include <stdarg.h>
#include <stddef.h>

typedef struct ccdb_rbuf {
    char *data;
    size_t len, cap;
    int oom; /* set once an allocation failed; further appends are ignored */
} ccdb_rbuf;

void ccdb_rbuf_free(ccdb_rbuf *b);
void ccdb_rbuf_put(ccdb_rbuf *b, const char *s, size_t n);
void ccdb_rbuf_puts(ccdb_rbuf *b, const char *s); /* NULL appends nothing */
void ccdb_rbuf_printf(ccdb_rbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A CSV field: quoted (RFC 4180, quotes doubled) when it holds , " CR LF or edge spaces; a
 * field starting with = + - @ tab or CR (a spreadsheet formula) gets a ' before it, quoted. */
void ccdb_rbuf_csv_str(ccdb_rbuf *b, const char *s);
/* %.17g, empty for NaN. */
void ccdb_rbuf_csv_double(ccdb_rbuf *b, double x);
/* Text escaped for HTML element content and attribute values (& < > " '); other C0 control
 * characters, which HTML does not allow, and every byte that starts no well-formed UTF-8
 * sequence (file names and solver output are bytes) become U+FFFD. NULL appends nothing. */
void ccdb_rbuf_html(ccdb_rbuf *b, const char *s);
/* The same over s[0..n) (NUL bytes in it become U+FFFD). */
void ccdb_rbuf_html_n(ccdb_rbuf *b, const char *s, size_t n);

/* Length of the well-formed UTF-8 sequence at p[0..n) (1 to 4), or 0 when p[0] starts none. */
size_t ccdb_utf8_sequence(const unsigned char *p, size_t n);

/* Writes the buffer to path atomically (ccdb_write_file_atomic). Returns 0, or -1 with err
 * filled (also when the buffer ran out of memory while it was built). */
int ccdb_report_write_atomic(const ccdb_rbuf *b, const char *path, char *err, size_t errlen);

#endif
