/* ccdb_registry.h — the one place solvers are registered: built-ins plus loaded plugins. */
#ifndef CCDB_REGISTRY_H
#define CCDB_REGISTRY_H

#include <stddef.h>
#include "ccdb_solver.h"

/* Oldest solver ABI version the registry still accepts from a plugin (CCDB_SOLVER_ABI is the
 * newest). Raise it only when dropping support for an old layout. */
#define CCDB_SOLVER_ABI_OLDEST 1

/* The built-in table (solvers/registry.c), in display order. */
const ccdb_solver *const *ccdb_registry_builtin(size_t *count);
/* 1 when s is one of the built-in table's entries (code of ccdbench itself), 0 for anything
 * else (a plugin's entry). */
int ccdb_registry_is_builtin(const ccdb_solver *s);

/* A registry: built-ins plus plugins loaded at run time. */
typedef struct ccdb_registry ccdb_registry;

ccdb_registry *ccdb_registry_new(void);      /* holds the built-ins */
void ccdb_registry_free(ccdb_registry *reg); /* dlcloses plugins */
/* Loads a plugin: first in a forked child (dlopen, ccdb_solver_entry, validation), so that a
 * plugin that crashes, exits or hangs (30 s) while being loaded is refused with a message
 * instead of ending the caller; then in this process. Returns 0, or -1 with a clear message in
 * err (wrong ABI version, missing ccdb_solver_entry, malformed entry, duplicate name, dlopen
 * failure, crash while loading). */
int ccdb_registry_load_plugin(ccdb_registry *reg, const char *path, char *err, size_t errlen);
size_t ccdb_registry_count(const ccdb_registry *reg);
const ccdb_solver *ccdb_registry_at(const ccdb_registry *reg, size_t i);
const ccdb_solver *ccdb_registry_find(const ccdb_registry *reg, const char *name);
/* Checks one entry is well-formed: supported abi_version (read first, before any other field),
 * a name of [a-z0-9_]+ (at most 63 characters), vertex_face and edge_edge set, known claim
 * flags only. Returns 0, or -1 with the reason in err (err may be NULL). */
int ccdb_solver_validate(const ccdb_solver *s, char *err, size_t errlen);

/* "miss", "hit", "gave_up", "failed" (stable names for CSV and reports); "invalid" otherwise. */
const char *ccdb_state_name(ccdb_state state);
/* Claims for people: "conservative, reports TOI, min. separation" (those present, in that order,
 * ", "-separated), then "flags 0x.." for bits no CCDB_CLAIM_* names; "" for none. */
const char *ccdb_claims_text(unsigned flags, char *buf, size_t buflen);

#endif
