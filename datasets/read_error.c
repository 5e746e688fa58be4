/* read_error.c — the readers' error text (see read_error.h). */
#include "read_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int read_fail(ccdb_csv_error *err, const char *name, size_t line, const char *fmt, ...)
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

const char *read_show(char out[READ_SHOW_MAX], const char *s, size_t n)
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
