/* number_text.c — a double as the shortest text that reads back as the same double. */
#include <stdio.h>
#include <stdlib.h>

#include "ccdb_util.h"

const char *ccdb_shortest_double(double v, char buf[32])
{
    for (int prec = 15; prec <= 17; prec++) { /* 17 significant digits always read back */
        snprintf(buf, 32, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return buf;
}
