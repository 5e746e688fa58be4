/* ccdb_registry.h — the one place solvers are registered: built-ins plus loaded plugins. */
#ifndef CCDB_REGISTRY_H
#define CCDB_REGISTRY_H

#include <stddef.h>
#include <string.h>

#include "ccdb_solver.h"

/* The harness's side of a result slot (not the plugin ABI: a solver never needs these). */
/* Not a state: the harness writes it into every result's state before each call (through the
 * state's int representation: an enum object need not hold values outside its list), so a
 * solver that never sets its state breaks the contract visibly instead of reading as a miss.
 * Never a valid state, now or in a later ABI (states are 0 .. CCDB_STATE_COUNT - 1; the plugin
 * header says -1 is reserved). */
#define CCDB_STATE_UNSET (-1)

_Static_assert(sizeof(ccdb_state) == sizeof(int), "ccdb_state is stored as an int");

/* The state of r as the int it holds, whatever was stored there (CCDB_STATE_UNSET included). */
static inline int ccdb_result_state_raw(const ccdb_result *r)
{
    int raw;
    memcpy(&raw, &r->state, sizeof raw);
    return raw;
}

/* Stores CCDB_STATE_UNSET into r's state, toi and work 0: what a slot holds before a call. */
static inline void ccdb_result_mark_unset(ccdb_result *r)
{
    int raw = CCDB_STATE_UNSET;
    memcpy(&r->state, &raw, sizeof raw);
    r->toi = 0.0;
    r->work = 0;
}

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

/* Where a registered solver comes from. */
typedef enum ccdb_solver_origin {
    CCDB_ORIGIN_BUILTIN,     /* the built-in table */
    CCDB_ORIGIN_PLUGIN,      /* --plugin PATH */
    CCDB_ORIGIN_PLUGIN_PATH, /* found by name: <folder>/<name>.so, folder from $CCDB_PLUGIN_PATH */
    CCDB_ORIGIN_PEER,        /* found by name in the folder where this build put its peers */
    CCDB_ORIGIN_ENGINE       /* the same folder, an engine plugin (engine_*: docs/engines.md) */
} ccdb_solver_origin;

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
/* Where a registered solver came from; *path (when path is not NULL) is the plugin file it was
 * loaded from, NULL for a built-in. A solver not in the registry reads as built-in. */
ccdb_solver_origin ccdb_registry_origin(const ccdb_registry *reg, const ccdb_solver *s,
                                        const char **path);
/* "built-in", "plugin" (--plugin), "plugin path" ($CCDB_PLUGIN_PATH), "peer", "engine". */
const char *ccdb_origin_name(ccdb_solver_origin origin);

/* Plugins found by name. The folders searched, in order: each folder of $CCDB_PLUGIN_PATH
 * (colon-separated, empty entries skipped), then the folder where this build put its upstream
 * peers (ccdb_registry_peers_dir). A plugin is found as <folder>/<solver name>.so, the first
 * folder that has the file wins, and the file must register a solver of that name. */

/* The solver called `name`: already registered, else loaded from the first <folder>/<name>.so.
 * Returns it, or NULL with err filled: the refusal of the file found, or "unknown solver" with
 * the folders searched. */
const ccdb_solver *ccdb_registry_find_or_load(ccdb_registry *reg, const char *name, char *err,
                                              size_t errlen);
/* Loads every <folder>/<name>.so of the search folders (files sorted by name within a folder;
 * files whose stem is not a solver name are not plugins and are ignored) whose name is not
 * registered yet. Returns 0, or -1 with err naming the file that was refused. */
int ccdb_registry_load_all(ccdb_registry *reg, char *err, size_t errlen);
/* Discovery without loading: calls visit(name, path, origin, ctx) for every plugin file that
 * ccdb_registry_load_all would load (same order, first folder wins, registered names skipped),
 * without opening it. Returns the number visited, or -1 when out of memory. */
long ccdb_registry_each_unloaded(const ccdb_registry *reg,
                                 void (*visit)(const char *name, const char *path,
                                               ccdb_solver_origin origin, void *ctx),
                                 void *ctx);
/* The folder where this build put its peers (configured with CCDB_PEERS_DIR or CCDB_PEERS), or
 * NULL when it was built without them. */
const char *ccdb_registry_peers_dir(void);

/* Checks one entry is well-formed: supported abi_version (read first, before any other field),
 * a name of [a-z0-9_]+ (at most 63 characters), vertex_face and edge_edge set, known flags
 * only (CCDB_SOLVER_NO_WORK_COUNT from ABI 2 on). Returns 0, or -1 with the reason in err (err
 * may be NULL). */
int ccdb_solver_validate(const ccdb_solver *s, char *err, size_t errlen);

/* "miss", "hit", "gave_up", "failed" (stable names for CSV and reports); "unset" for
 * CCDB_STATE_UNSET (the solver set no state); "invalid" otherwise. */
const char *ccdb_state_name(ccdb_state state);
/* 1 with *lo, *hi set when s (ABI >= 5) declares a separation band (CCDB_CLAIM_SEPARATION_BAND);
 * 0 otherwise (fields of an older entry are never read). */
int ccdb_solver_band(const ccdb_solver *s, double *lo, double *hi);

/* Claims for people: "conservative, reports TOI, min. separation, separation band" (those present, in that order,
 * ", "-separated), then "flags 0x.." for bits no CCDB_CLAIM_* names; "" for none.
 * Flags that are not claims (CCDB_SOLVER_NO_WORK_COUNT) are not shown. */
const char *ccdb_claims_text(unsigned flags, char *buf, size_t buflen);

#endif
