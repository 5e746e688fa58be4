/* fs.c — mkdir -p and atomic file writes (see ccdb_util.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_util.h"

int ccdb_mkdir_p(const char *path)
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
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
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

void ccdb_atomic_abort(ccdb_atomic_file *af)
{
    if (af->f)
        fclose(af->f);
    if (af->tmp)
        unlink(af->tmp);
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

int ccdb_atomic_open(ccdb_atomic_file *af, const char *path, char *err, size_t errlen)
{
    *af = (ccdb_atomic_file){ 0 };
    size_t n = strlen(path);
    af->path = malloc(n + 1);
    af->tmp = malloc(n + sizeof ".tmp.XXXXXX");
    if (!af->path || !af->tmp) {
        ccdb_atomic_abort(af);
        return ccdb_errorf(err, errlen, "%s: cannot write: %s", path, strerror(ENOMEM));
    }
    memcpy(af->path, path, n + 1);
    memcpy(af->tmp, path, n);
    memcpy(af->tmp + n, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    int fd = mkstemp(af->tmp);
    if (fd < 0) {
        int e = errno;
        free(af->tmp);
        af->tmp = NULL; /* nothing was created */
        return fail(af, e, "cannot create a temporary file in its folder", err, errlen);
    }
    /* mkstemp makes the file 0600; what we write (reports, datasets, caches) is for others to
     * read too. */
    (void)fchmod(fd, 0644);
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
    /* Some file systems cannot sync (EINVAL, EROFS): the rename is still atomic there. */
    if (fsync(fileno(af->f)) != 0 && errno != EINVAL && errno != EROFS)
        return fail(af, errno, "", err, errlen);
    FILE *f = af->f;
    af->f = NULL;
    if (fclose(f) != 0)
        return fail(af, errno, "", err, errlen);
    if (rename(af->tmp, af->path) != 0)
        return fail(af, errno, "cannot replace it", err, errlen);
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
