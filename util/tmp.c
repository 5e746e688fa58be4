/* tmp.c — the run's temporary files and folders: created under a name that says which process
 * wrote them, removed when a stop signal ends the run, and removed by a later run once their
 * writer is dead (see ccdb_util.h). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* SYS_getdents64 */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "ccdb_util.h"

/* ---- names ------------------------------------------------------------------------------------ */

/* This host, as 8 hex digits (FNV-1a of its name): a shared folder (NFS) may hold temporaries
 * of processes on other hosts, whose pids mean nothing here. */
static unsigned host_hash(void)
{
    char host[256] = "";
    (void)gethostname(host, sizeof host - 1);
    return (unsigned)(ccdb_fnv1a64(CCDB_FNV1A64_BASIS, host, strlen(host)) & 0xffffffffu);
}

int ccdb_tmp_template(char *buf, size_t len, const char *prefix)
{
    int k = snprintf(buf, len, "%s.tmp.%ld-%08x.XXXXXX", prefix, (long)getpid(), host_hash());
    if (k < 0 || (size_t)k >= len) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
}

/* The writer's pid when name is PREFIX.tmp.PID-HOST.XXXXXX with HOST this host, else -1. */
static long writer_pid(const char *name, const char *prefix)
{
    size_t np = strlen(prefix);
    if (strncmp(name, prefix, np) != 0)
        return -1;
    const char *p = strstr(name + np, ".tmp.");
    if (!p || (np > 0 && p != name + np))
        return -1;
    p += 5;
    char *end;
    errno = 0;
    long pid = strtol(p, &end, 10);
    if (errno || end == p || pid <= 0 || *end != '-')
        return -1;
    char *hend;
    unsigned long host = strtoul(end + 1, &hend, 16);
    if (hend != end + 9 || *hend != '.' || strlen(hend + 1) != 6 || host != host_hash())
        return -1;
    return pid;
}

/* ---- the registry of live temporaries --------------------------------------------------------- */

#define MAX_TEMPS 64

/* Read by the signal handler (in any thread): a slot is filled before `used` is set (a release
 * store, read by an acquire load: the handler never sees a half-written name), and `used`
 * cleared before the slot is reused. */
static struct {
    volatile sig_atomic_t used;
    int dirfd;
    char name[PATH_MAX];
} temps[MAX_TEMPS];
static pthread_mutex_t temps_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t owner_pid; /* the process whose temporaries these are */
static volatile sig_atomic_t stop_group;

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define N_STOP (sizeof stop_signals / sizeof stop_signals[0])

/* Blocks the stop signals in this thread (so that a temporary is never created unregistered);
 * the previous mask goes to old. */
static void block_stop(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < N_STOP; i++)
        sigaddset(&set, stop_signals[i]);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

static int remember(int dirfd, const char *name)
{
    if (strlen(name) >= PATH_MAX) {
        errno = ENAMETOOLONG;
        return -1;
    }
    pthread_mutex_lock(&temps_lock);
    int slot = -1;
    for (int i = 0; i < MAX_TEMPS && slot < 0; i++)
        if (!temps[i].used)
            slot = i;
    if (slot >= 0) {
        temps[slot].dirfd = dirfd;
        strcpy(temps[slot].name, name);
        __atomic_store_n(&temps[slot].used, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&temps_lock);
    if (slot < 0)
        errno = EMFILE;
    return slot < 0 ? -1 : 0;
}

void ccdb_tmp_forget(int dirfd, const char *name)
{
    pthread_mutex_lock(&temps_lock);
    for (int i = 0; i < MAX_TEMPS; i++)
        if (temps[i].used && temps[i].dirfd == dirfd && !strcmp(temps[i].name, name))
            temps[i].used = 0;
    pthread_mutex_unlock(&temps_lock);
}

/* The end of a creation made with the stop signals blocked (block_stop gave old): a temporary
 * that was made (name in dirfd; fd its descriptor, or -1 for a folder) is registered, or removed
 * again (and fd closed) when it cannot be; then the signal mask is restored, errno kept.
 * Returns 0, or -1 with errno set when the temporary was not made or was removed again. */
static int registered(int made, int dirfd, const char *name, int fd, int is_dir,
                      const sigset_t *old)
{
    int ok = made;
    if (made && remember(dirfd, name) != 0) {
        int e = errno;
        unlinkat(dirfd, name, is_dir ? AT_REMOVEDIR : 0);
        if (fd >= 0)
            close(fd);
        errno = e;
        ok = 0;
    }
    int e = errno;
    pthread_sigmask(SIG_SETMASK, old, NULL);
    errno = e;
    return ok ? 0 : -1;
}

int ccdb_tmp_mkstemp(char *tmpl)
{
    sigset_t old;
    block_stop(&old);
    int fd = mkstemp(tmpl);
    return registered(fd >= 0, AT_FDCWD, tmpl, fd, 0, &old) == 0 ? fd : -1;
}

char *ccdb_tmp_mkdtemp(char *tmpl)
{
    sigset_t old;
    block_stop(&old);
    char *dir = mkdtemp(tmpl);
    return registered(dir != NULL, AT_FDCWD, tmpl, -1, 1, &old) == 0 ? dir : NULL;
}

int ccdb_tmp_openat(int dirfd, char *tmpl, mode_t mode)
{
    size_t n = strlen(tmpl);
    if (n < 6 || strcmp(tmpl + n - 6, "XXXXXX") != 0) {
        errno = EINVAL;
        return -1;
    }
    static const char digits[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t r =
        (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15u ^ (uint64_t)getpid() ^ (uint64_t)(uintptr_t)tmpl;
    int fd = -1;
    errno = EEXIST;
    /* A bounded number of names: EEXIST that many times means something is wrong. */
    for (int attempt = 0; attempt < 100 && fd < 0 && errno == EEXIST; attempt++) {
        r = ccdb_fnv1a64(r, &attempt, sizeof attempt);
        for (int i = 0; i < 6; i++)
            tmpl[n - 6 + i] = digits[(r >> (6 * i)) % (sizeof digits - 1)];
        sigset_t old;
        block_stop(&old);
        fd = openat(dirfd, tmpl, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
        if (registered(fd >= 0, dirfd, tmpl, fd, 0, &old) != 0)
            fd = -1;
    }
    return fd;
}

/* ---- removal, also from a signal handler ------------------------------------------------------ */

/* Removes name in dirfd and, for a folder, everything below it, never following a link; only
 * async-signal-safe calls (Linux: getdents64 instead of readdir, which allocates). */
static void remove_at(int dirfd, const char *name, int depth)
{
    if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT || depth > 16)
        return;
#ifdef __linux__
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    /* Each getdents64 call moves on; the bound only guards against a file system that never
     * says "end". */
    for (int round = 0; round < 1 << 16; round++) {
        char buf[4096];
        long got = syscall(SYS_getdents64, fd, buf, sizeof buf);
        if (got <= 0)
            break;
        for (long off = 0; off < got;) {
            /* struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name */
            unsigned short reclen;
            memcpy(&reclen, buf + off + 16, sizeof reclen);
            const char *ent = buf + off + 19;
            if (reclen == 0)
                break;
            if (strcmp(ent, ".") != 0 && strcmp(ent, "..") != 0)
                remove_at(fd, ent, depth + 1);
            off += reclen;
        }
    }
    close(fd);
#endif
    (void)unlinkat(dirfd, name, AT_REMOVEDIR);
}

static void remove_registered(void)
{
    for (int i = 0; i < MAX_TEMPS; i++)
        if (__atomic_load_n(&temps[i].used, __ATOMIC_ACQUIRE)) {
            remove_at(temps[i].dirfd, temps[i].name, 0);
            temps[i].used = 0;
        }
}

/* SIGINT, SIGTERM, SIGHUP: the isolated child's process group is killed, this process's
 * temporaries removed (not in a forked child, which has its parent's list), then the signal
 * does what it would have done (default action, re-raised on return from here). */
static void on_stop_signal(int sig)
{
    int saved = errno;
    if (stop_group > 0)
        kill(-(pid_t)stop_group, SIGKILL);
    if (getpid() == (pid_t)owner_pid)
        remove_registered();
    signal(sig, SIG_DFL);
    raise(sig);
    errno = saved;
}

void ccdb_signals_install(void)
{
    owner_pid = (sig_atomic_t)getpid();
    /* A file-size limit makes write() fail with EFBIG, reported like a full disk, instead of
     * killing the run without a word. */
    signal(SIGXFSZ, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_STOP; i++)
        sigaddset(&sa.sa_mask, stop_signals[i]); /* one cleanup, not interrupted by another */
    for (size_t i = 0; i < N_STOP; i++) {
        struct sigaction old;
        /* An ignored signal (SIGHUP under nohup) stays ignored. */
        if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL &&
            !(old.sa_flags & SA_SIGINFO))
            sigaction(stop_signals[i], &sa, NULL);
    }
}

void ccdb_signals_default_in_child(void)
{
    for (size_t i = 0; i < N_STOP; i++) {
        struct sigaction old;
        if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler == on_stop_signal)
            signal(stop_signals[i], SIG_DFL);
    }
}

void ccdb_signals_kill_group(long pgid)
{
    stop_group = (sig_atomic_t)pgid;
}

/* ---- stale temporaries ------------------------------------------------------------------------ */

int ccdb_tmp_remove_stale(int folder, const char *prefix)
{
    int fd = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    int removed = 0;
    uid_t me = geteuid();
    for (struct dirent *ent; (ent = readdir(d));) {
        long pid = writer_pid(ent->d_name, prefix);
        struct stat st;
        if (pid < 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH ||
            fstatat(dirfd(d), ent->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || st.st_uid != me)
            continue;
        remove_at(dirfd(d), ent->d_name, 0);
        removed++;
    }
    closedir(d);
    return removed;
}
