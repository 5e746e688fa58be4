/* fs.c — mkdir -p, atomic file writes, atomic folders and rm -r (see ccdb_util.h). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* renameat2 and RENAME_EXCHANGE (glibc >= 2.28) */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_util.h"

int ccdb_mkdir_p(const char *path)
{
    return ccdb_mkdir_p_mode(path, 0777);
}

int ccdb_mkdir_p_mode(const char *path, mode_t mode)
{
    size_t n = strlen(path);
    char *buf = malloc(n + 1);
    if (!buf)
        return -1;
    memcpy(buf, path, n + 1);
    /* Create each prefix ending before a '/', then the whole path. */
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        char c = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, mode) != 0 && errno != EEXIST) {
            free(buf);
            return -1;
        }
        buf[i] = c;
    }
    free(buf);
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

/* ---- atomic files ------------------------------------------------------------------------- */

void ccdb_atomic_abort(ccdb_atomic_file *af)
{
    if (af->f)
        fclose(af->f);
    if (af->tmp) {
        unlink(af->tmp);
        ccdb_tmp_forget(AT_FDCWD, af->tmp);
    }
    free(af->path);
    free(af->tmp);
    *af = (ccdb_atomic_file){ 0 };
}

/* The failure message every writer gives; the temporary is removed and *af released. */
static int fail(ccdb_atomic_file *af, int e, const char *what, char *err, size_t errlen)
{
    ccdb_errorf(err, errlen, "%s: cannot write: %s%s%s", af->path ? af->path : "(closed file)",
                what, *what ? ": " : "", strerror(e));
    ccdb_atomic_abort(af);
    return -1;
}

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

/* What to do with the destination: 'n' a new or regular file (temporary + rename), 'p' a special
 * file written in place, 'd' a folder (refused); the path to write (an owned copy: a symbolic
 * link to a regular file resolves to its target, so the link is kept). */
static char where_to_write(const char *path, char **dest)
{
    struct stat lst, st;
    *dest = NULL;
    char kind = 'n';
    if (lstat(path, &lst) == 0) {
        if (S_ISLNK(lst.st_mode) && stat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                kind = 'd';
            else if (!S_ISREG(st.st_mode))
                kind = 'p';
            else
                *dest = realpath(path, NULL); /* NULL (e.g. a loop meanwhile): the link itself */
        } else if (S_ISDIR(lst.st_mode)) {
            kind = 'd';
        } else if (!S_ISREG(lst.st_mode) && !S_ISLNK(lst.st_mode)) {
            kind = 'p'; /* character or block device, FIFO, socket */
        }
    }
    if (!*dest)
        *dest = copy_string(path);
    return kind;
}

int ccdb_atomic_open(ccdb_atomic_file *af, const char *path, char *err, size_t errlen)
{
    *af = (ccdb_atomic_file){ 0 };
    char kind = where_to_write(path, &af->path);
    if (!af->path)
        return ccdb_errorf(err, errlen, "%s: cannot write: %s", path, strerror(ENOMEM));
    if (kind == 'd')
        return fail(af, EISDIR, "", err, errlen);
    if (kind == 'p') {
        /* A device, FIFO or socket (or a link to one: /dev/stdout) is written in place: renaming
         * a file over it would delete the device node. A FIFO blocks here until it has a
         * reader, as any writer of a FIFO does. */
        int fd = open(af->path, O_WRONLY | O_NOCTTY);
        if (fd < 0)
            return fail(af, errno, "", err, errlen);
        if (!(af->f = fdopen(fd, "wb"))) {
            int e = errno;
            close(fd);
            return fail(af, e, "", err, errlen);
        }
        return 0;
    }
    size_t len = strlen(af->path) + 64;
    if (!(af->tmp = malloc(len)) || ccdb_tmp_template(af->tmp, len, af->path) != 0) {
        ccdb_atomic_abort(af);
        return ccdb_errorf(err, errlen, "%s: cannot write: %s", path, strerror(ENOMEM));
    }
    /* Created with 0666, so the new file gets the mode the umask gives, as any new file. */
    int fd = ccdb_tmp_openat(AT_FDCWD, af->tmp, 0666);
    if (fd < 0) {
        int e = errno;
        free(af->tmp);
        af->tmp = NULL; /* nothing was created */
        return fail(af, e, "cannot create a temporary file in its folder", err, errlen);
    }
    if (!(af->f = fdopen(fd, "wb"))) {
        int e = errno;
        close(fd);
        return fail(af, e, "", err, errlen);
    }
    return 0;
}

int ccdb_atomic_commit(ccdb_atomic_file *af, char *err, size_t errlen)
{
    if (!af->f)
        return fail(af, EBADF, "not open", err, errlen);
    /* A failed fwrite/fprintf sets the stream's error flag; errno then still tells why, usually
     * (EIO when it says nothing). */
    int write_failed = ferror(af->f) != 0, write_errno = errno;
    if (fflush(af->f) != 0)
        return fail(af, errno, "", err, errlen);
    if (write_failed)
        return fail(af, write_errno ? write_errno : EIO, "", err, errlen);
    /* Some file systems cannot sync (EINVAL, EROFS): the rename is still atomic there. A special
     * file written in place is not synced (a terminal or a pipe cannot be). */
    if (af->tmp && fsync(fileno(af->f)) != 0 && errno != EINVAL && errno != EROFS)
        return fail(af, errno, "", err, errlen);
    FILE *f = af->f;
    af->f = NULL;
    if (fclose(f) != 0)
        return fail(af, errno, "", err, errlen);
    if (af->tmp && rename(af->tmp, af->path) != 0)
        return fail(af, errno, "cannot replace it", err, errlen);
    if (af->tmp)
        ccdb_tmp_forget(AT_FDCWD, af->tmp);
    free(af->tmp); /* renamed: nothing to remove */
    af->tmp = NULL;
    ccdb_atomic_abort(af);
    return 0;
}

int ccdb_atomic_fail(ccdb_atomic_file *af, char *err, size_t errlen)
{
    return fail(af, errno ? errno : EIO, "", err, errlen);
}

int ccdb_write_file_atomic(const char *path, const void *data, size_t n, char *err, size_t errlen)
{
    ccdb_atomic_file af;
    if (ccdb_atomic_open(&af, path, err, errlen) != 0)
        return -1;
    if (n)
        (void)fwrite(data, 1, n, af.f); /* a short write is caught by commit */
    return ccdb_atomic_commit(&af, err, errlen);
}

/* ---- rm -r -------------------------------------------------------------------------------- */

/* Removes everything in the open folder dfd (closed here), not following symbolic links. */
static int remove_contents(int dfd)
{
    DIR *d = fdopendir(dfd);
    if (!d) {
        close(dfd);
        return -1;
    }
    int rc = 0, e = 0;
    for (struct dirent *ent; (ent = readdir(d));) {
        const char *name = ent->d_name;
        if (!strcmp(name, ".") || !strcmp(name, ".."))
            continue;
        struct stat st;
        if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno != ENOENT)
                rc = -1, e = errno;
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            int sub = openat(dirfd(d), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
            if (sub < 0 || remove_contents(sub) != 0 || unlinkat(dirfd(d), name, AT_REMOVEDIR) != 0)
                rc = -1, e = errno;
        } else if (unlinkat(dirfd(d), name, 0) != 0 && errno != ENOENT) {
            rc = -1, e = errno;
        }
    }
    closedir(d);
    if (rc)
        errno = e;
    return rc;
}

int ccdb_rmtree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(st.st_mode))
        return unlink(path);
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    if (fd < 0 || remove_contents(fd) != 0)
        return -1;
    return rmdir(path);
}

/* ---- atomic folders ----------------------------------------------------------------------- */

/* The temporary folder's name is no longer ours to remove (renamed, or removed): released. */
static void release_tmp(ccdb_atomic_dir *ad)
{
    if (ad->tmp)
        ccdb_tmp_forget(AT_FDCWD, ad->tmp);
    free(ad->tmp);
    ad->tmp = NULL;
}

void ccdb_atomic_dir_abort(ccdb_atomic_dir *ad)
{
    if (ad->tmp)
        (void)ccdb_rmtree(ad->tmp);
    release_tmp(ad);
    free(ad->path);
    *ad = (ccdb_atomic_dir){ 0 };
}

static int dir_fail(ccdb_atomic_dir *ad, const char *path, int e, const char *what, char *err,
                    size_t errlen)
{
    ccdb_errorf(err, errlen, "%s: cannot write: %s%s%s", path, what, *what ? ": " : "",
                strerror(e));
    ccdb_atomic_dir_abort(ad);
    return -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in the open folder fd (closed here), sorted, in *names (*count of them; free each
 * and the array). Returns 0, or -1 with errno set. */
static int sorted_names(int fd, char ***names, size_t *count)
{
    *names = NULL;
    *count = 0;
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return -1;
    }
    size_t cap = 0;
    int rc = 0;
    for (struct dirent *ent; !rc && (ent = readdir(d));) {
        if (!strcmp(ent->d_name, ".") || !strcmp(ent->d_name, ".."))
            continue;
        if (*count == cap) {
            char **grown = realloc(*names, (cap = cap ? 2 * cap : 16) * sizeof *grown);
            if (!grown) {
                rc = -1;
                break;
            }
            *names = grown;
        }
        if (!((*names)[*count] = copy_string(ent->d_name)))
            rc = -1;
        else
            ++*count;
    }
    closedir(d);
    if (*count)
        qsort(*names, *count, sizeof **names, by_name);
    if (rc)
        errno = ENOMEM;
    return rc;
}

/* 1 when rel (a path inside the destination) matches one of the patterns in owned: a pattern
 * ending in '/' names folders, any other regular files. */
static int is_owned(const char *rel, int is_dir, const char *const *owned)
{
    size_t n = strlen(rel);
    char *p = malloc(n + 2);
    if (!p)
        return 0;
    snprintf(p, n + 2, "%s%s", rel, is_dir ? "/" : "");
    int known = 0;
    for (const char *const *o = owned; o && *o && !known; o++)
        known = fnmatch(*o, p, FNM_PATHNAME) == 0;
    free(p);
    return known;
}

/* Checks every entry of the open folder fd (closed here; rel: its path inside the destination,
 * "" at the top) against owned, folders recursively: a regular file or a folder whose path
 * matches a pattern, nothing else (a link, a FIFO are never what a report writes). The first
 * stranger, in name order depth first, goes to *stranger (owned). Returns 0, or -1 (errno). */
static int find_stranger(int fd, const char *rel, const char *const *owned, int depth,
                         char **stranger)
{
    char **names;
    size_t count;
    int keep = dup(fd);
    if (keep < 0) {
        close(fd);
        return -1;
    }
    if (sorted_names(fd, &names, &count) != 0) {
        close(keep);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < count && !rc && !*stranger; i++) {
        size_t len = strlen(rel) + strlen(names[i]) + 2;
        char *path = malloc(len);
        if (!path) {
            rc = -1;
            errno = ENOMEM;
            break;
        }
        snprintf(path, len, "%s%s%s", rel, *rel ? "/" : "", names[i]);
        struct stat st;
        int known = fstatat(keep, names[i], &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                    (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) &&
                    is_owned(path, S_ISDIR(st.st_mode), owned);
        if (!known) {
            *stranger = path;
            continue;
        }
        /* A report is a few levels deep; deeper is not one of ours. */
        if (S_ISDIR(st.st_mode)) {
            int sub = depth < 8 ? openat(keep, names[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW) : -1;
            if (sub < 0 && depth < 8)
                rc = -1;
            else if (sub < 0)
                *stranger = path, path = NULL;
            else
                rc = find_stranger(sub, path, owned, depth + 1, stranger);
        }
        free(path);
    }
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    close(keep);
    return rc;
}

/* 0 when path is absent, or a folder holding only what owned describes (at every depth); else
 * -1 with a message (the first stranger, or why the folder cannot be read). */
static int check_owned(const char *path, const char *const *owned, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        return ccdb_errorf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    }
    char *stranger = NULL;
    if (find_stranger(fd, "", owned, 0, &stranger) != 0)
        return ccdb_errorf(err, errlen, "%s: cannot write: cannot read it: %s", path,
                           strerror(errno));
    if (!stranger)
        return 0;
    ccdb_errorf(err, errlen,
                "%s: refusing to replace this folder: it holds '%s', which ccdbench did not "
                "write (choose a new or empty folder)",
                path, stranger);
    free(stranger);
    return -1;
}

int ccdb_atomic_dir_open(ccdb_atomic_dir *ad, const char *path, const char *const *owned, char *err,
                         size_t errlen)
{
    *ad = (ccdb_atomic_dir){ 0 };
    ad->owned = owned;
    struct stat st;
    /* A link to a folder: the folder it points to is replaced, the link kept. */
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        ad->path = realpath(path, NULL);
    if (!ad->path && !(ad->path = copy_string(path)))
        return dir_fail(ad, path, ENOMEM, "", err, errlen);
    size_t n = strlen(ad->path);
    while (n > 1 && ad->path[n - 1] == '/')
        ad->path[--n] = '\0';
    const char *slash = strrchr(ad->path, '/');
    size_t dirlen = slash ? (size_t)(slash - ad->path) + 1 : 0;
    const char *base = ad->path + dirlen;
    if (!*base || !strcmp(base, ".") || !strcmp(base, ".."))
        return dir_fail(ad, path, EINVAL, "name a folder, not '.' or '..'", err, errlen);
    if (stat(ad->path, &st) == 0 && !S_ISDIR(st.st_mode))
        return dir_fail(ad, path, ENOTDIR, "", err, errlen);
    if (check_owned(ad->path, owned, err, errlen) != 0) {
        ccdb_atomic_dir_abort(ad);
        return -1;
    }
    /* The parent folder, then a temporary folder beside the destination: ".NAME.tmp.XXXXXX". */
    if (dirlen > 1) {
        char *parent = malloc(dirlen);
        if (!parent)
            return dir_fail(ad, path, ENOMEM, "", err, errlen);
        memcpy(parent, ad->path, dirlen - 1);
        parent[dirlen - 1] = '\0';
        int bad = ccdb_mkdir_p(parent) != 0;
        int e = errno;
        free(parent);
        if (bad)
            return dir_fail(ad, path, e, "cannot create its parent folder", err, errlen);
    }
    /* Temporaries of this folder left by dead runs (killed) go first; then ours:
     * ".NAME.tmp.PID-HOST.XXXXXX" beside the destination. */
    size_t len = n + 80;
    if (!(ad->tmp = malloc(len)))
        return dir_fail(ad, path, ENOMEM, "", err, errlen);
    snprintf(ad->tmp, len, "%.*s", dirlen ? (int)dirlen : 1, dirlen ? ad->path : ".");
    int parent_fd = open(ad->tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    snprintf(ad->tmp, len, ".%s", base);
    if (parent_fd >= 0) {
        (void)ccdb_tmp_remove_stale(parent_fd, ad->tmp);
        close(parent_fd);
    }
    char *prefix = malloc(len);
    if (!prefix)
        return dir_fail(ad, path, ENOMEM, "", err, errlen);
    snprintf(prefix, len, "%.*s.%s", (int)dirlen, ad->path, base);
    int named = ccdb_tmp_template(ad->tmp, len, prefix);
    free(prefix);
    if (named != 0 || !ccdb_tmp_mkdtemp(ad->tmp)) {
        int e = named != 0 ? ENAMETOOLONG : errno;
        free(ad->tmp);
        ad->tmp = NULL;
        return dir_fail(ad, path, e, "cannot create a temporary folder beside it", err, errlen);
    }
    /* mkdtemp makes it 0700; give it the mode mkdir would (0777 minus the umask). */
    mode_t mask = umask(0);
    umask(mask);
    (void)chmod(ad->tmp, 0777 & ~mask);
    return 0;
}

int ccdb_atomic_dir_commit(ccdb_atomic_dir *ad, char *err, size_t errlen)
{
    const char *const *owned = ad->owned;
    if (!ad->tmp)
        return dir_fail(ad, "(closed folder)", EBADF, "not open", err, errlen);
    char *path = ad->path;
    /* A few attempts: another run may create or replace the folder between two steps. */
    for (int attempt = 0; attempt < 16; attempt++) {
        /* Absent (or an empty folder): a plain rename puts the new folder in place. */
        if (rename(ad->tmp, path) == 0) {
            release_tmp(ad);
            ccdb_atomic_dir_abort(ad);
            return 0;
        }
        if (errno != ENOTEMPTY && errno != EEXIST)
            return dir_fail(ad, path, errno, "cannot put the new folder in place", err, errlen);
        if (check_owned(path, owned, err, errlen) != 0) {
            ccdb_atomic_dir_abort(ad);
            return -1;
        }
#ifdef RENAME_EXCHANGE
        /* Swap the two folders in one step, then remove the old one (now at the temporary
         * name): a reader sees the old folder or the new one, never neither or a mix. */
        if (renameat2(AT_FDCWD, ad->tmp, AT_FDCWD, path, RENAME_EXCHANGE) == 0) {
            (void)ccdb_rmtree(ad->tmp); /* the old report */
            release_tmp(ad);
            ccdb_atomic_dir_abort(ad);
            return 0;
        }
        if (errno == ENOENT)
            continue; /* removed meanwhile: rename again */
        if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
            return dir_fail(ad, path, errno, "cannot put the new folder in place", err, errlen);
#endif
        /* No atomic exchange here: move the old folder aside, then the new one in. A reader
         * may find no folder between the two renames, never a mix of the two. */
        size_t n = strlen(path);
        char *old = malloc(n + sizeof ".old.XXXXXX");
        if (!old)
            return dir_fail(ad, path, ENOMEM, "", err, errlen);
        snprintf(old, n + sizeof ".old.XXXXXX", "%s.old.XXXXXX", path);
        if (!mkdtemp(old)) {
            int e = errno;
            free(old);
            return dir_fail(ad, path, e, "cannot create a temporary folder beside it", err, errlen);
        }
        if (rename(path, old) != 0) {
            int e = errno;
            rmdir(old);
            free(old);
            if (e == ENOENT)
                continue;
            return dir_fail(ad, path, e, "cannot move the old folder aside", err, errlen);
        }
        int moved = rename(ad->tmp, path) == 0;
        (void)ccdb_rmtree(old);
        free(old);
        if (moved) {
            release_tmp(ad);
            ccdb_atomic_dir_abort(ad);
            return 0;
        }
    }
    return dir_fail(ad, path, EBUSY, "other writers keep replacing it", err, errlen);
}

void ccdb_atomic_dir_final_names(const ccdb_atomic_dir *ad, char *text, size_t len)
{
    if (!ad->tmp || !ad->path || !len)
        return;
    size_t nt = strlen(ad->tmp), np = strlen(ad->path), n = strlen(text);
    char *out = malloc(len);
    if (!out)
        return;
    size_t o = 0;
    /* Each round copies up to one occurrence and moves past it. */
    for (const char *p = text; *p && o + 1 < len;) {
        const char *hit = strstr(p, ad->tmp);
        size_t keep = hit ? (size_t)(hit - p) : (size_t)(text + n - p);
        keep = keep < len - 1 - o ? keep : len - 1 - o;
        memcpy(out + o, p, keep);
        o += keep;
        p += keep;
        if (!hit || p != hit)
            break;
        size_t put = np < len - 1 - o ? np : len - 1 - o;
        memcpy(out + o, ad->path, put);
        o += put;
        p += nt;
    }
    out[o] = '\0';
    memcpy(text, out, o + 1);
    free(out);
}
