/* ccdb_registry.h — the one place solvers are registered: built-ins plus loaded plugins. */
#ifndef CCDB_REGISTRY_H
#define CCDB_REGISTRY_H

#include <stddef.h>
#include "ccdb_solver.h"

/* The built-in table (solvers/registry.c), in display order. */
const ccdb_solver *const *ccdb_registry_builtin(size_t *count);

/* A registry: built-ins plus plugins loaded at run time. */
typedef struct ccdb_registry ccdb_registry;

ccdb_registry *ccdb_registry_new(void);           /* holds the built-ins */
void ccdb_registry_free(ccdb_registry *reg);       /* dlcloses plugins */
/* Loads a plugin. Returns 0, or -1 with a clear message in err (wrong ABI version, missing
 * ccdb_solver_entry, malformed entry, duplicate name, dlopen failure). */
int ccdb_registry_load_plugin(ccdb_registry *reg, const char *path, char *err, size_t errlen);
size_t ccdb_registry_count(const ccdb_registry *reg);
const ccdb_solver *ccdb_registry_at(const ccdb_registry *reg, size_t i);
const ccdb_solver *ccdb_registry_find(const ccdb_registry *reg, const char *name);
/* Checks one entry is well-formed; returns 0 or -1 with the reason in err. */
int ccdb_solver_validate(const ccdb_solver *s, char *err, size_t errlen);

#endif
