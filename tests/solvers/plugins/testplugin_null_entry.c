/* testplugin_null_entry.c — test plugin: `ccdb_solver_entry` returns NULL. Must be refused. */
#include "ccdb_solver.h"

const ccdb_solver *ccdb_solver_entry(void)
{
    return 0;
}
