/* suite_inputs.c — the built-in suite as harness inputs. Placeholder until the generators'
 * suite (ccdb_suite.h) lands: refuses clearly, so `run` without --data is a usage error. */
#include <stdio.h>

#include "ccdb_harness.h"

int ccdb_suite_inputs(ccdb_input **inputs, size_t *n, char *err, size_t errlen)
{
    *inputs = NULL;
    *n = 0;
    snprintf(err, errlen, "the built-in suite is not available yet: pass --data PATH");
    return -1;
}
