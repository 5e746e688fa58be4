/* registry_runtime.c — the run-time registry: the built-in table plus the plugins that
 * plugin_loader.c loads, entry validation, lookups, and the names of states and claims. */
#include "ccdb_registry.h"
#include "ccdb_util.h"
#include "registry_internal.h"

#include <assert.h>
#include <dlfcn.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the ABI version without touching any other field: abi_version is the first member, so
 * a pointer to the entry is a pointer to it (the entry may be older and shorter than ours). */
static int entry_abi(const ccdb_solver *s)
{
    return *(const int *)(const void *)s;
}

int ccdb_solver_validate(const ccdb_solver *s, char *err, size_t errlen)
{
    if (!s)
        return ccdb_errorf(err, errlen, "solver entry is NULL");
    int abi = entry_abi(s);
    if (abi > CCDB_SOLVER_ABI)
        return ccdb_errorf(
            err, errlen,
            "solver ABI version %d is newer than this ccdbench supports (%d): rebuild "
            "ccdbench, or build the solver against this ccdb_solver.h",
            abi, CCDB_SOLVER_ABI);
    if (abi < CCDB_SOLVER_ABI_OLDEST)
        return ccdb_errorf(
            err, errlen,
            "solver ABI version %d is no longer supported (oldest supported: %d, current: "
            "%d): rebuild the solver against this ccdb_solver.h",
            abi, CCDB_SOLVER_ABI_OLDEST, CCDB_SOLVER_ABI);
    /* Every field read below exists since ABI 1. */
    if (!s->name || !s->name[0])
        return ccdb_errorf(err, errlen, "solver entry has no name");
    size_t n = 0;
    for (const char *c = s->name; *c; c++, n++) {
        if (n >= NAME_MAX_LEN)
            return ccdb_errorf(err, errlen, "solver name '%.*s...' is longer than %d characters",
                               NAME_MAX_LEN, s->name, NAME_MAX_LEN);
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
            return ccdb_errorf(err, errlen,
                               "solver name '%s' has character '%c': names are [a-z0-9_]+", s->name,
                               (*c >= 32 && *c < 127) ? *c : '?');
    }
    /* The rigid entries come in pairs (ABI 3 on); a rigid-only solver may leave both linear
     * entries NULL (it is then "not supported" on linear data, as a linear one on rigid data). */
    int rigid = abi >= 3 && (s->rigid_vertex_face || s->rigid_edge_edge);
    if (rigid && !s->rigid_vertex_face)
        return ccdb_errorf(err, errlen, "solver '%s' has no rigid_vertex_face function", s->name);
    if (rigid && !s->rigid_edge_edge)
        return ccdb_errorf(err, errlen, "solver '%s' has no rigid_edge_edge function", s->name);
    if (!(rigid && !s->vertex_face && !s->edge_edge)) {
        if (!s->vertex_face)
            return ccdb_errorf(err, errlen, "solver '%s' has no vertex_face function", s->name);
        if (!s->edge_edge)
            return ccdb_errorf(err, errlen, "solver '%s' has no edge_edge function", s->name);
    }
    unsigned known = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION;
    if (abi >= 2)
        known |= CCDB_SOLVER_NO_WORK_COUNT;
    if (abi >= 5)
        known |= CCDB_CLAIM_SEPARATION_BAND;
    if (s->flags & ~known)
        return ccdb_errorf(err, errlen, "solver '%s' has unknown claim flags 0x%x (ABI %d)",
                           s->name, s->flags & ~known, abi);
    /* The band's fields exist from ABI 5 on, and are read only with its flag (checked above). */
    if ((s->flags & CCDB_CLAIM_SEPARATION_BAND) &&
        !(s->band_lo >= 0 && s->band_lo <= s->band_hi && s->band_hi > 0 && s->band_hi <= DBL_MAX))
        return ccdb_errorf(err, errlen,
                           "solver '%s' declares the separation band [%g, %g]: it needs "
                           "0 <= band_lo <= band_hi, band_hi > 0, both finite",
                           s->name, s->band_lo, s->band_hi);
    if (!s->create && s->destroy)
        return ccdb_errorf(err, errlen, "solver '%s' has destroy but no create", s->name);
    return 0;
}

int ccdb_registry_push(ccdb_registry *reg, const ccdb_solver *s, ccdb_solver_origin origin,
                       const char *path)
{
    if (reg->count == reg->cap) {
        size_t cap = reg->cap ? 2 * reg->cap : 16;
        const ccdb_solver **p = realloc(reg->solvers, cap * sizeof *p);
        if (!p)
            return -1;
        reg->solvers = p;
        ccdb_solver_origin *o = realloc(reg->origins, cap * sizeof *o);
        if (!o)
            return -1;
        reg->origins = o;
        char **f = realloc(reg->paths, cap * sizeof *f);
        if (!f)
            return -1;
        reg->paths = f;
        reg->cap = cap;
    }
    char *copy = NULL;
    if (path && !(copy = strdup(path)))
        return -1;
    reg->solvers[reg->count] = s;
    reg->origins[reg->count] = origin;
    reg->paths[reg->count] = copy;
    reg->count++;
    return 0;
}

ccdb_registry *ccdb_registry_new(void)
{
    ccdb_registry *reg = calloc(1, sizeof *reg);
    if (!reg)
        return NULL;
    size_t n;
    const ccdb_solver *const *b = ccdb_registry_builtin(&n);
    for (size_t i = 0; i < n; i++) {
        char err[256];
        /* A malformed or duplicate built-in is a programming error: stop loudly. */
        if (ccdb_solver_validate(b[i], err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench: built-in solver table: %s\n", err);
            abort();
        }
        if (ccdb_registry_find(reg, b[i]->name)) {
            fprintf(stderr, "ccdbench: built-in solver '%s' is listed twice\n", b[i]->name);
            abort();
        }
        if (ccdb_registry_push(reg, b[i], CCDB_ORIGIN_BUILTIN, NULL) != 0) {
            ccdb_registry_free(reg);
            return NULL;
        }
    }
    return reg;
}

void ccdb_registry_free(ccdb_registry *reg)
{
    if (!reg)
        return;
    while (reg->nhandles)
        dlclose(reg->handles[--reg->nhandles]);
    for (size_t i = 0; i < reg->count; i++)
        free(reg->paths[i]);
    free(reg->handles);
    free(reg->solvers);
    free(reg->origins);
    free(reg->paths);
    free(reg);
}

size_t ccdb_registry_count(const ccdb_registry *reg)
{
    assert(reg);
    return reg->count;
}

const ccdb_solver *ccdb_registry_at(const ccdb_registry *reg, size_t i)
{
    assert(reg);
    return i < reg->count ? reg->solvers[i] : NULL;
}

const ccdb_solver *ccdb_registry_find(const ccdb_registry *reg, const char *name)
{
    assert(reg && name);
    for (size_t i = 0; i < reg->count; i++)
        if (!strcmp(reg->solvers[i]->name, name))
            return reg->solvers[i];
    return NULL;
}

ccdb_solver_origin ccdb_registry_origin(const ccdb_registry *reg, const ccdb_solver *s,
                                        const char **path)
{
    for (size_t i = 0; i < reg->count; i++)
        if (reg->solvers[i] == s) {
            if (path)
                *path = reg->paths[i];
            return reg->origins[i];
        }
    if (path)
        *path = NULL;
    return CCDB_ORIGIN_BUILTIN;
}

const char *ccdb_origin_name(ccdb_solver_origin origin)
{
    switch (origin) {
    case CCDB_ORIGIN_BUILTIN: return "built-in";
    case CCDB_ORIGIN_PLUGIN: return "plugin";
    case CCDB_ORIGIN_PLUGIN_PATH: return "plugin path";
    case CCDB_ORIGIN_PEER: return "peer";
    case CCDB_ORIGIN_ENGINE: return "engine";
    }
    return "unknown";
}

int ccdb_solver_band(const ccdb_solver *s, double *lo, double *hi)
{
    if (entry_abi(s) < 5 || !(s->flags & CCDB_CLAIM_SEPARATION_BAND))
        return 0;
    *lo = s->band_lo;
    *hi = s->band_hi;
    return 1;
}

const char *ccdb_state_name(ccdb_state state)
{
    int raw;
    memcpy(&raw, &state, sizeof raw);
    if (raw == CCDB_STATE_UNSET)
        return "unset";
    switch (state) {
    case CCDB_MISS: return "miss";
    case CCDB_HIT: return "hit";
    case CCDB_GAVE_UP: return "gave_up";
    case CCDB_FAILED: return "failed";
    case CCDB_OUTSIDE_MODEL: return "outside_model";
    }
    return "invalid";
}

/* Appends ", name" (or "name" first) to buf[0..used); returns the new length. A name that does
 * not fit is left out whole. */
static size_t append_name(char *buf, size_t buflen, size_t used, const char *name)
{
    int w = snprintf(buf + used, buflen - used, "%s%s", used ? ", " : "", name);
    if (w < 0 || (size_t)w >= buflen - used) {
        buf[used] = '\0';
        return used;
    }
    return used + (size_t)w;
}

const char *ccdb_claims_text(unsigned flags, char *buf, size_t buflen)
{
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = { { CCDB_CLAIM_CONSERVATIVE, "conservative" },
                  { CCDB_CLAIM_REPORTS_TOI, "reports TOI" },
                  { CCDB_CLAIM_MIN_SEPARATION, "min. separation" },
                  { CCDB_CLAIM_SEPARATION_BAND, "separation band" } };
    assert(buf || !buflen);
    if (!buflen)
        return buf;
    buf[0] = '\0';
    size_t used = 0;
    unsigned known = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        known |= names[i].bit;
        if (flags & names[i].bit)
            used = append_name(buf, buflen, used, names[i].name);
    }
    known |= CCDB_SOLVER_NO_WORK_COUNT; /* not a claim: not shown */
    if (flags & ~known) {
        char other[32];
        snprintf(other, sizeof other, "flags 0x%x", flags & ~known);
        append_name(buf, buflen, used, other);
    }
    return buf;
}
