/* testplugin_stdout_error.c — test plugin: prints on stdout and makes that write fail (stdout's
 * descriptor closed for the flush), which leaves the error flag set on the process's stdout, then
 * answers MISS. The harness must keep that flag away from its own writes: a run that finishes
 * its report still exits 0. */
#include <stdio.h>
#include <unistd.h>

#include "testplugin.h"

static void failing_write(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    int keep = dup(1);
    printf("this write fails\n");
    if (keep >= 0) {
        close(1);
        fflush(stdout); /* EBADF: ferror(stdout) is now set */
        dup2(keep, 1);
        close(keep);
    }
    testplugin_answer(out, CCDB_MISS, 0.0, 1);
}

TESTPLUGIN_ENTRY("testplugin_stdout_error", "test plugin: a failed write to stdout, then miss", 0,
                 failing_write, failing_write)
