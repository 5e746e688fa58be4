/* errors.c — the one error-message formatter (see ccdb_util.h). */
#include <stdarg.h>
#include <stdio.h>

#include "ccdb_util.h"

int ccdb_errorf(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}
