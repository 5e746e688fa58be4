/* registry_internal.h (private to solvers/) — the registry as registry_runtime.c (built-ins,
 * lookups) and plugin_loader.c (plugins) share it. */
#ifndef CCDB_REGISTRY_INTERNAL_H
#define CCDB_REGISTRY_INTERNAL_H

#include <stddef.h>

#include "ccdb_registry.h"

#define NAME_MAX_LEN 63 /* the longest solver name */

struct ccdb_registry {
    const ccdb_solver **solvers; /* built-ins first, then plugins in load order */
    ccdb_solver_origin *origins; /* parallel to solvers */
    char **paths; /* parallel to solvers: the plugin file (owned), NULL if built-in */
    size_t count, cap;
    void **handles; /* dlopen handles, dlclosed in reverse order */
    size_t nhandles;
};

/* Appends s (path: its plugin file, copied; NULL for a built-in). Returns 0, or -1 when out of
 * memory (the registry unchanged but for capacity). */
int ccdb_registry_push(ccdb_registry *reg, const ccdb_solver *s, ccdb_solver_origin origin,
                       const char *path);

#endif
