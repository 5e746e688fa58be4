/* html_text.c — the HTML primitives every part of index.html uses (html_internal.h): text that
 * may be NULL, numbers for display, id fragments, names that wrap. A leaf: it calls no other
 * file of the page. */
#include "html_internal.h"

#include <math.h>
#include <string.h>

const char *ccdb_html_str(const char *s)
{
    return s ? s : "";
}

int ccdb_html_streq(const char *a, const char *b)
{
    return strcmp(ccdb_html_str(a), ccdb_html_str(b)) == 0;
}

void ccdb_html_num(ccdb_rbuf *b, double x)
{
    if (isnan(x))
        ccdb_rbuf_puts(b, "&ndash;");
    else if (isinf(x))
        ccdb_rbuf_puts(b, x > 0 ? "&infin;" : "&minus;&infin;");
    else if (fabs(x) >= 100 && fabs(x) < 1e9)
        ccdb_rbuf_printf(b, "%.0f", x);
    else
        ccdb_rbuf_printf(b, "%.3g", x);
}

/* An id fragment from arbitrary text: [A-Za-z0-9-] kept, everything else as _XX. */
void ccdb_html_id(ccdb_rbuf *b, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)ccdb_html_str(s); *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            *p == '-')
            ccdb_rbuf_put(b, (const char *)p, 1);
        else
            ccdb_rbuf_printf(b, "_%02X", *p);
    }
}

void ccdb_html_wrappable(ccdb_rbuf *b, const char *s)
{
    /* whole pieces up to each '_', so that multi-byte UTF-8 stays whole */
    for (const char *p = ccdb_html_str(s); *p;) {
        const char *u = strchr(p, '_');
        size_t n = u ? (size_t)(u - p) + 1 : strlen(p);
        ccdb_rbuf_html_n(b, p, n);
        if (u)
            ccdb_rbuf_puts(b, "<wbr>");
        p += n;
    }
}
