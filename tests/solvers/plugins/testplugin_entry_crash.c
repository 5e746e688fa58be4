/* testplugin_entry_crash.c — test plugin: its entry function crashes (a write through a NULL
 * pointer) when the harness loads it. The harness must refuse this plugin with a clear
 * message, not die. */
#include <stdlib.h>

#include "ccdb_solver.h"

const ccdb_solver *ccdb_solver_entry(void)
{
    volatile int *volatile null = NULL;
    *null = 1;
    abort();
}
