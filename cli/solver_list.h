/* solver_list.h — `--solvers a,b` of run and replay: the one resolver of the list. */
#ifndef CCDB_CLI_SOLVER_LIST_H
#define CCDB_CLI_SOLVER_LIST_H

#include <stddef.h>

#include "ccdb_registry.h"

/* The solvers `list` names, in its order (NULL: every registered solver, in the registry's
 * order) into *out (malloc'ed, *n of them; freed by the caller also after a failure). A name
 * not registered is looked for as a plugin (ccdb_registry_find_or_load); a name given twice
 * or an empty list is a usage error of command cmd. Returns 0, or 2 after printing why. */
int ccdb_cli_select_solvers(const char *cmd, ccdb_registry *reg, const char *list,
                            const ccdb_solver ***out, size_t *n);

#endif
