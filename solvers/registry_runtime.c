/* registry_runtime.c — the run-time registry: the built-in table plus plugins loaded with dlopen
 * (given by path, or found by name in the plugin search folders; first in a forked child, where
 * a crash while loading is survivable), entry validation, and the names of states and claims.
 * Every plugin is loaded by load_file(), the one place that loads a plugin. */
#include "ccdb_registry.h"
#include "ccdb_util.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define NAME_MAX_LEN 63
/* How long loading a plugin (its constructors and entry function) may take. */
#define PLUGIN_LOAD_TIMEOUT_S 30

struct ccdb_registry {
    const ccdb_solver **solvers; /* built-ins first, then plugins in load order */
    ccdb_solver_origin *origins; /* parallel to solvers */
    char **paths; /* parallel to solvers: the plugin file (owned), NULL if built-in */
    size_t count, cap;
    void **handles; /* dlopen handles, dlclosed in reverse order */
    size_t nhandles;
};

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
    if (s->flags & ~known)
        return ccdb_errorf(err, errlen, "solver '%s' has unknown claim flags 0x%x (ABI %d)",
                           s->name, s->flags & ~known, abi);
    if (!s->create && s->destroy)
        return ccdb_errorf(err, errlen, "solver '%s' has destroy but no create", s->name);
    return 0;
}

static int push(ccdb_registry *reg, const ccdb_solver *s, ccdb_solver_origin origin,
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
        if (push(reg, b[i], CCDB_ORIGIN_BUILTIN, NULL) != 0) {
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

/* Loads the plugin in a forked child first (open_plugin there), so that a plugin that crashes,
 * exits or hangs while it is loaded — in a constructor or in its entry function — is refused
 * with a clear message instead of ending ccdbench. Returns 0 when the child loaded and
 * validated it; else -1 with err filled (the child's refusal, or how it ended). */
static int probe_in_child(const char *path, char *err, size_t errlen)
{
    int fds[2];
    if (pipe(fds) != 0)
        return ccdb_errorf(err, errlen, "plugin %s: cannot check it: pipe: %s", path,
                           strerror(errno));
    fflush(NULL); /* nothing buffered gets written twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return ccdb_errorf(err, errlen, "plugin %s: cannot check it: fork: %s", path,
                           strerror(errno));
    }
    if (pid == 0) {
        setpgid(0, 0);
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* should ccdbench die meanwhile */
#endif
        close(fds[0]);
        /* Whatever the plugin prints while loading is not ccdbench's output. */
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, 1);
            dup2(null, 2);
        }
        probe_report r;
        memset(&r, 0, sizeof r);
        void *h;
        r.ok = open_plugin(path, &h, r.message, sizeof r.message) != NULL;
        const char *p = (const char *)&r;
        for (size_t left = sizeof r; left > 0;) {
            ssize_t k = write(fds[1], p, left);
            if (k <= 0 && errno != EINTR)
                break;
            if (k > 0)
                p += k, left -= (size_t)k;
        }
        _exit(0); /* no atexit handlers, no destructors of the plugin */
    }
    close(fds[1]);
    setpgid(pid, pid);
    probe_report r;
    memset(&r, 0, sizeof r);
    size_t got = 0;
    int timed_out = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (got < sizeof r) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double left = PLUGIN_LOAD_TIMEOUT_S - (double)(now.tv_sec - t0.tv_sec) -
                      1e-9 * (double)(now.tv_nsec - t0.tv_nsec);
        if (left <= 0) {
            timed_out = 1;
            break;
        }
        struct pollfd pfd = { fds[0], POLLIN, 0 };
        int pr = poll(&pfd, 1, left > 0.05 ? 50 : 1);
        if (pr < 0 && errno != EINTR)
            break;
        if (pr > 0) {
            ssize_t k = read(fds[0], (char *)&r + got, sizeof r - got);
            if (k == 0 || (k < 0 && errno != EINTR))
                break;
            if (k > 0)
                got += (size_t)k;
        } else if (pr == 0) {
            /* The child may have died with the pipe held by a process it started. */
            siginfo_t si;
            memset(&si, 0, sizeof si);
            if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid)
                break;
        }
    }
    close(fds[0]);
    kill(-pid, SIGKILL); /* the child and anything it started */
    kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (got == sizeof r) {
        r.message[sizeof r.message - 1] = '\0';
        return r.ok ? 0 : ccdb_errorf(err, errlen, "%s", r.message);
    }
    if (timed_out)
        return ccdb_errorf(err, errlen,
                           "plugin %s: loading it did not finish within %d s (its constructor "
                           "or ccdb_solver_entry hangs)",
                           path, PLUGIN_LOAD_TIMEOUT_S);
    if (WIFSIGNALED(status))
        return ccdb_errorf(err, errlen,
                           "plugin %s: crashed while being loaded (killed by signal %d, %s, in "
                           "its constructor or ccdb_solver_entry)",
                           path, WTERMSIG(status), strsignal(WTERMSIG(status)));
    return ccdb_errorf(err, errlen,
                       "plugin %s: ended the process while being loaded (exit status %d, in its "
                       "constructor or ccdb_solver_entry)",
                       path, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
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
    if (!hs || push(reg, s, origin, path) != 0) {
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
    const char *env = getenv("CCDB_PLUGIN_PATH");
    if (strlen(err) == before && !env)
        ccdb_errorf(err + before, errlen - before,
                    " any plugin folder ($CCDB_PLUGIN_PATH is not set)");
    else if (strlen(err) == before)
        ccdb_errorf(err + before, errlen - before,
                    " any plugin folder ($CCDB_PLUGIN_PATH='%s' names no folder: it is a "
                    "colon-separated list of folders)",
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
            x->found(names[i], path, origin, x->found_ctx);
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

size_t ccdb_registry_count(const ccdb_registry *reg)
{
    return reg->count;
}

const ccdb_solver *ccdb_registry_at(const ccdb_registry *reg, size_t i)
{
    return i < reg->count ? reg->solvers[i] : NULL;
}

const ccdb_solver *ccdb_registry_find(const ccdb_registry *reg, const char *name)
{
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
    }
    return "unknown";
}

const char *ccdb_state_name(ccdb_state state)
{
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
                  { CCDB_CLAIM_MIN_SEPARATION, "min. separation" } };
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
