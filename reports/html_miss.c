/* html_miss.c — placeholder: miss pictures come next. */
#include "html_internal.h"

void ccdb_html_miss_svg(ccdb_rbuf *b, const ccdb_report_miss *m)
{
    (void)m;
    ccdb_rbuf_puts(b, "<svg class=\"miss-svg\" width=\"10\" height=\"10\"></svg>\n");
}
