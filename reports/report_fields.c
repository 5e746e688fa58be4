/* report_fields.c — a row of named fields as a CSV record or a JSON object (report_fields.h). */
#include <math.h>
#include <string.h>

#include "report_fields.h"
#include "report_util.h"

void ccdb_fields_csv_header(ccdb_rbuf *b, const ccdb_field *f, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (k)
            ccdb_rbuf_puts(b, ",");
        ccdb_rbuf_puts(b, f[k].name);
    }
    ccdb_rbuf_puts(b, "\n");
}

void ccdb_fields_csv(ccdb_rbuf *b, const ccdb_field *f, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (k)
            ccdb_rbuf_puts(b, ",");
        switch (f[k].type) {
        case CCDB_FIELD_STR: ccdb_rbuf_csv_str(b, f[k].s); break;
        case CCDB_FIELD_INT: ccdb_rbuf_printf(b, "%lld", f[k].i); break;
        case CCDB_FIELD_DBL: ccdb_rbuf_csv_double(b, f[k].d); break;
        case CCDB_FIELD_NONE: break;
        }
    }
    ccdb_rbuf_puts(b, "\n");
}

void ccdb_rbuf_json_str(ccdb_rbuf *b, const char *s)
{
    ccdb_rbuf_puts(b, "\"");
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        size_t len = ccdb_utf8_sequence(p, strlen((const char *)p));
        if (len == 0) {
            ccdb_rbuf_puts(b, "\\ufffd");
            p++;
            continue;
        }
        if (*p == '"' || *p == '\\')
            ccdb_rbuf_printf(b, "\\%c", *p);
        else if (*p < 0x20)
            ccdb_rbuf_printf(b, "\\u%04x", *p);
        else
            ccdb_rbuf_put(b, (const char *)p, len);
        p += len;
    }
    ccdb_rbuf_puts(b, "\"");
}

void ccdb_fields_json(ccdb_rbuf *b, const ccdb_field *f, size_t n)
{
    ccdb_rbuf_puts(b, "{");
    for (size_t k = 0; k < n; k++) {
        if (k)
            ccdb_rbuf_puts(b, ",");
        ccdb_rbuf_json_str(b, f[k].name);
        ccdb_rbuf_puts(b, ":");
        switch (f[k].type) {
        case CCDB_FIELD_STR: ccdb_rbuf_json_str(b, f[k].s); break;
        case CCDB_FIELD_INT: ccdb_rbuf_printf(b, "%lld", f[k].i); break;
        case CCDB_FIELD_DBL:
            if (isfinite(f[k].d))
                ccdb_rbuf_printf(b, "%.17g", f[k].d);
            else
                ccdb_rbuf_puts(b, "null");
            break;
        case CCDB_FIELD_NONE: ccdb_rbuf_puts(b, "null"); break;
        }
    }
    ccdb_rbuf_puts(b, "}\n");
}
