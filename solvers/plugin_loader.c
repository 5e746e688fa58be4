/* plugin_loader.c — plugins into the registry: given by path, or found by name in the plugin
 * search folders ($CCDB_PLUGIN_PATH, then the build's peers folder). Every plugin is loaded by
 * load_file(), the one place that calls dlopen and a plugin's entry function: first in a
 * forked child (util/'s ccdb_child_run), where a crash, exit or hang while loading is
 * survivable, then here. */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_child.h"
#include "ccdb_registry.h"
#include "ccdb_util.h"
#include "registry_internal.h"

/* How long loading a plugin (its constructors and entry function) may take. */
#define PLUGIN_LOAD_TIMEOUT_S 30

/* dlopen, the entry function, validation: the plugin's own code runs here (its constructors
 * and ccdb_solver_entry). Returns the entry and *handle, or NULL with err filled. */
static const ccdb_solver *open_plugin(const char *path, void **handle, char *err, size_t errlen)
{
    *handle = NULL;
    dlerror();
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        ccdb_errorf(err, errlen, "plugin %s: cannot load: %s", path, why ? why : "unknown error");
        return NULL;
    }
    dlerror();
    void *sym = dlsym(h, "ccdb_solver_entry");
    if (!sym) {
        dlclose(h);
        ccdb_errorf(err, errlen,
                    "plugin %s: no symbol 'ccdb_solver_entry' (a plugin exports "
                    "`const ccdb_solver *ccdb_solver_entry(void)`)",
                    path);
        return NULL;
    }
    /* POSIX guarantees data and function pointers convert; memcpy keeps ISO C quiet. */
    ccdb_solver_entry_fn entry;
    _Static_assert(sizeof entry == sizeof sym, "function and data pointers differ in size");
    memcpy(&entry, &sym, sizeof entry);
    const ccdb_solver *s = entry();
    char why[256];
    if (!s) {
        dlclose(h);
        ccdb_errorf(err, errlen, "plugin %s: ccdb_solver_entry() returned NULL", path);
        return NULL;
    }
    if (ccdb_solver_validate(s, why, sizeof why) != 0) {
        dlclose(h);
        ccdb_errorf(err, errlen, "plugin %s: %s", path, why);
        return NULL;
    }
    *handle = h;
    return s;
}

/* What the probing child reports. */
typedef struct probe_report {
    int ok;
    char message[1024];
} probe_report;

/* In the probing child: loads and validates the plugin, sends the verdict. */
static int probe_body(int fd, void *ctx)
{
    probe_report r;
    memset(&r, 0, sizeof r);
    void *h;
    r.ok = open_plugin(ctx, &h, r.message, sizeof r.message) != NULL;
    const char *p = (const char *)&r;
    for (size_t left = sizeof r; left > 0;) {
        ssize_t k = write(fd, p, left);
        if (k <= 0 && errno != EINTR)
            break;
        if (k > 0)
            p += k, left -= (size_t)k;
    }
    return 0;
}

static size_t probe_size(const unsigned char *buf, size_t got, void *ctx)
{
    (void)buf;
    (void)got;
    (void)ctx;
    return sizeof(probe_report);
}

/* Loads the plugin in a forked child first (open_plugin there; util/'s ccdb_child_run), so that
 * a plugin that crashes, exits or hangs while it is loaded — in a constructor or in its entry
 * function — is refused with a clear message instead of ending ccdbench. What it prints while
 * loading is not ccdbench's output (/dev/null). Returns 0 when the child loaded and validated
 * it; else -1 with err filled (the child's refusal, or how it ended). */
static int probe_in_child(const char *path, char *err, size_t errlen)
{
    probe_report r;
    memset(&r, 0, sizeof r);
    ccdb_child_end end;
    char why[256];
    if (ccdb_child_run(probe_body, probe_size, (void *)path, -1, PLUGIN_LOAD_TIMEOUT_S,
                       (unsigned char *)&r, sizeof r, &end, why, sizeof why) != 0)
        return ccdb_errorf(err, errlen, "plugin %s: cannot check it: %s", path, why);
    if (end.got == sizeof r) {
        r.message[sizeof r.message - 1] = '\0';
        return r.ok ? 0 : ccdb_errorf(err, errlen, "%s", r.message);
    }
    if (end.timed_out)
        return ccdb_errorf(err, errlen,
                           "plugin %s: loading it did not finish within %d s (its constructor "
                           "or ccdb_solver_entry hangs)",
                           path, PLUGIN_LOAD_TIMEOUT_S);
    if (WIFSIGNALED(end.wstatus))
        return ccdb_errorf(err, errlen,
                           "plugin %s: crashed while being loaded (killed by signal %d, %s, in "
                           "its constructor or ccdb_solver_entry)",
                           path, WTERMSIG(end.wstatus), strsignal(WTERMSIG(end.wstatus)));
    return ccdb_errorf(err, errlen,
                       "plugin %s: ended the process while being loaded (exit status %d, in its "
                       "constructor or ccdb_solver_entry)",
                       path, WIFEXITED(end.wstatus) ? WEXITSTATUS(end.wstatus) : -1);
}

/* The peers folder holds the upstream peers and the engines' plugins (engines/: engine_*), told
 * apart by name. */
static ccdb_solver_origin origin_of(ccdb_solver_origin folder, const char *name)
{
    return folder == CCDB_ORIGIN_PEER && !strncmp(name, "engine_", 7) ? CCDB_ORIGIN_ENGINE : folder;
}

/* Loads the plugin file `path` with the given origin; when `expect` is not NULL, the plugin must
 * register a solver of that name (a plugin found by name). The one place that calls dlopen and a
 * plugin's entry function. */
static int load_file(ccdb_registry *reg, const char *path, ccdb_solver_origin origin,
                     const char *expect, char *err, size_t errlen)
{
    if (!path || !path[0])
        return ccdb_errorf(err, errlen, "plugin: empty path");
    /* dlopen searches the library path for a bare name: insist on a path so that `--plugin
     * x.so` loads ./x.so and not some x.so elsewhere. */
    char buf[4096];
    if (!strchr(path, '/')) {
        if ((size_t)snprintf(buf, sizeof buf, "./%s", path) >= sizeof buf)
            return ccdb_errorf(err, errlen, "plugin %s: path too long", path);
        path = buf;
    }
    /* First in a child, where a crash is survivable; then, proven to load, here. */
    if (probe_in_child(path, err, errlen) != 0)
        return -1;
    void *h;
    const ccdb_solver *s = open_plugin(path, &h, err, errlen);
    if (!s)
        return -1;
    /* Copy the name out before dlclose unmaps it. */
    char name[NAME_MAX_LEN + 1];
    snprintf(name, sizeof name, "%s", s->name);
    if (expect && strcmp(name, expect) != 0) {
        dlclose(h);
        return ccdb_errorf(
            err, errlen,
            "plugin %s: registers a solver named '%s', not '%s' (a plugin found by name "
            "is <solver name>.so)",
            path, name, expect);
    }
    if (ccdb_registry_find(reg, name)) {
        dlclose(h);
        return ccdb_errorf(err, errlen, "plugin %s: a solver named '%s' is already registered",
                           path, name);
    }
    void **hs = realloc(reg->handles, (reg->nhandles + 1) * sizeof *hs);
    if (!hs || ccdb_registry_push(reg, s, origin_of(origin, name), path) != 0) {
        if (hs)
            reg->handles = hs;
        dlclose(h);
        return ccdb_errorf(err, errlen, "plugin %s: out of memory", path);
    }
    reg->handles = hs;
    reg->handles[reg->nhandles++] = h;
    return 0;
}

int ccdb_registry_load_plugin(ccdb_registry *reg, const char *path, char *err, size_t errlen)
{
    return load_file(reg, path, CCDB_ORIGIN_PLUGIN, NULL, err, errlen);
}

const char *ccdb_registry_peers_dir(void)
{
#ifdef CCDB_PEERS_LIBDIR
    return CCDB_PEERS_LIBDIR;
#else
    return NULL;
#endif
}

/* The search folders, in order: $CCDB_PLUGIN_PATH's entries, then the peers folder. Calls
 * visit(folder, length, origin, ctx) for each until it returns non-zero; returns that value. */
static int each_search_dir(int (*visit)(const char *dir, size_t len, ccdb_solver_origin origin,
                                        void *ctx),
                           void *ctx)
{
    const char *env = getenv("CCDB_PLUGIN_PATH");
    for (const char *p = env; p && *p;) {
        size_t len = strcspn(p, ":");
        if (len) {
            int rc = visit(p, len, CCDB_ORIGIN_PLUGIN_PATH, ctx);
            if (rc)
                return rc;
        }
        p += len + (p[len] == ':');
    }
    const char *peers = ccdb_registry_peers_dir();
    return peers ? visit(peers, strlen(peers), CCDB_ORIGIN_PEER, ctx) : 0;
}

static int is_solver_name(const char *s, size_t len)
{
    if (!len || len > NAME_MAX_LEN)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
            return 0;
    return 1;
}

typedef void (*found_fn)(const char *name, const char *path, ccdb_solver_origin origin, void *ctx);

typedef struct search {
    ccdb_registry *reg;
    const char *name; /* find_or_load: the name looked for */
    char *err;
    size_t errlen;
    int failed;
    found_fn found;  /* each_unloaded: called instead of loading */
    void *found_ctx; /* its context */
    char **seen;     /* each_unloaded: names visited so far (first folder wins) */
    size_t nseen, nfound;
} search;

static int seen_before(search *x, const char *name)
{
    for (size_t i = 0; i < x->nseen; i++)
        if (!strcmp(x->seen[i], name))
            return 1;
    char **p = realloc(x->seen, (x->nseen + 1) * sizeof *p);
    if (!p || !(p[x->nseen] = strdup(name))) {
        if (p)
            x->seen = p;
        return -1;
    }
    x->seen = p;
    x->nseen++;
    return 0;
}

/* find_or_load: loads <dir>/<name>.so if the file exists. Non-zero stops the search. */
static int try_dir(const char *dir, size_t len, ccdb_solver_origin origin, void *ctx)
{
    search *x = ctx;
    char path[4096];
    struct stat st;
    if ((size_t)snprintf(path, sizeof path, "%.*s/%s.so", (int)len, dir, x->name) >= sizeof path ||
        stat(path, &st) != 0)
        return 0;
    x->failed = load_file(x->reg, path, origin, x->name, x->err, x->errlen) != 0;
    return 1;
}

/* Appends one search folder to the "unknown solver" message. */
static int list_dir(const char *dir, size_t len, ccdb_solver_origin origin, void *ctx)
{
    search *x = ctx;
    size_t used = strlen(x->err);
    if (used < x->errlen)
        snprintf(x->err + used, x->errlen - used, " %.*s (%s)", (int)len, dir,
                 ccdb_origin_name(origin));
    return 0;
}

const ccdb_solver *ccdb_registry_find_or_load(ccdb_registry *reg, const char *name, char *err,
                                              size_t errlen)
{
    char scratch[1];
    if (!err || !errlen)
        err = scratch, errlen = sizeof scratch;
    err[0] = '\0';
    const ccdb_solver *s = ccdb_registry_find(reg, name);
    if (s)
        return s;
    if (!is_solver_name(name, strlen(name))) {
        ccdb_errorf(err, errlen, "unknown solver '%s' (not a solver name: [a-z0-9_]+)", name);
        return NULL;
    }
    search x = { reg, name, err, errlen, 0, NULL, NULL, NULL, 0, 0 };
    if (each_search_dir(try_dir, &x))
        return x.failed ? NULL : ccdb_registry_find(reg, name);
    ccdb_errorf(err, errlen,
                "unknown solver '%s': not built in, not loaded with --plugin, and no %s.so in",
                name, name);
    size_t before = strlen(err);
    each_search_dir(list_dir, &x);
    int no_folder = strlen(err) == before;
    if (no_folder)
        ccdb_errorf(err + before, errlen - before, " any plugin folder");
    /* A $CCDB_PLUGIN_PATH of only colons is said to be one also when the build's peers folder
     * was searched (a peers or engines build): the variable is the user's mistake to fix. */
    const char *env = getenv("CCDB_PLUGIN_PATH");
    size_t used = strlen(err);
    if (!env && no_folder)
        ccdb_errorf(err + used, errlen - used, " ($CCDB_PLUGIN_PATH is not set)");
    else if (env && env[strspn(env, ":")] == '\0')
        ccdb_errorf(err + used, errlen - used,
                    " ($CCDB_PLUGIN_PATH='%s' names no folder: it is a colon-separated list of "
                    "folders)",
                    env);
    return NULL;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* load_all (each_unloaded when x->found is set: visit instead of loading): every
 * <dir>/<name>.so not registered yet, in name order. Non-zero stops. */
static int load_dir(const char *dir, size_t len, ccdb_solver_origin origin, void *ctx)
{
    search *x = ctx;
    char folder[4096];
    if ((size_t)snprintf(folder, sizeof folder, "%.*s", (int)len, dir) >= sizeof folder)
        return 0;
    DIR *d = opendir(folder);
    if (!d)
        return 0; /* a folder that does not exist holds no plugin, as in $PATH */
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 3, ".so") != 0 || !is_solver_name(e->d_name, l - 3))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char **p = realloc(names, cap * sizeof *p);
            if (!p) {
                rc = ccdb_errorf(x->err, x->errlen, "%s: out of memory", folder);
                break;
            }
            names = p;
        }
        if (!(names[n] = strndup(e->d_name, l - 3))) {
            rc = ccdb_errorf(x->err, x->errlen, "%s: out of memory", folder);
            break;
        }
        n++;
    }
    closedir(d);
    if (!rc && n)
        qsort(names, n, sizeof *names, cmp_names);
    for (size_t i = 0; i < n && !rc; i++) {
        if (ccdb_registry_find(x->reg, names[i]))
            continue; /* found earlier in the search, or a built-in of that name */
        char path[8192];
        snprintf(path, sizeof path, "%s/%s.so", folder, names[i]);
        if (!x->found) {
            rc = load_file(x->reg, path, origin, names[i], x->err, x->errlen);
            continue;
        }
        int seen = seen_before(x, names[i]);
        if (seen < 0)
            rc = ccdb_errorf(x->err, x->errlen, "%s: out of memory", folder);
        else if (!seen) {
            x->found(names[i], path, origin_of(origin, names[i]), x->found_ctx);
            x->nfound++;
        }
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc ? 1 : 0;
}

int ccdb_registry_load_all(ccdb_registry *reg, char *err, size_t errlen)
{
    char scratch[1];
    if (!err || !errlen)
        err = scratch, errlen = sizeof scratch;
    search x = { reg, NULL, err, errlen, 0, NULL, NULL, NULL, 0, 0 };
    return each_search_dir(load_dir, &x) ? -1 : 0;
}

long ccdb_registry_each_unloaded(const ccdb_registry *reg,
                                 void (*visit)(const char *name, const char *path,
                                               ccdb_solver_origin origin, void *ctx),
                                 void *ctx)
{
    char err[256];
    /* Nothing is loaded in this mode: the registry is only read (ccdb_registry_find). */
    search x = { (ccdb_registry *)reg, NULL, err, sizeof err, 0, visit, ctx, NULL, 0, 0 };
    int rc = each_search_dir(load_dir, &x);
    for (size_t i = 0; i < x.nseen; i++)
        free(x.seen[i]);
    free(x.seen);
    return rc ? -1 : (long)x.nfound;
}
