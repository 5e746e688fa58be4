/* testplugin_no_entry.c — test plugin: a shared library without `ccdb_solver_entry` (it exports
 * a misspelt one). Must be refused. */
#include "ccdb_solver.h"

const ccdb_solver *ccdb_solver_entri(void);
const ccdb_solver *ccdb_solver_entri(void)
{
    return 0;
}
