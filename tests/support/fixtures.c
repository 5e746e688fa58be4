/* fixtures.c — fixtures shared by several test executables (see ccdb_test_fixtures.h). */
#define _XOPEN_SOURCE 700 /* nftw */
#include <criterion/criterion.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_test_fixtures.h"

char *ccdb_test_slurp(const char *path, size_t *len)
{
    if (len)
        *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, 2 * cap + 1);
            if (!bigger)
                free(buf);
            buf = bigger;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

void ccdb_test_write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "cannot create %s: %s", path, strerror(errno));
    cr_assert_eq(fwrite(data, 1, len, f), len, "cannot write %s", path);
    cr_assert_eq(fclose(f), 0, "cannot write %s", path);
}

void ccdb_test_mkdtemp(char *buf, size_t len, const char *name)
{
    const char *base = getenv("TMPDIR");
    int n = snprintf(buf, len, "%s/ccdb-%s-XXXXXX", base && *base ? base : "/tmp", name);
    cr_assert(n > 0 && (size_t)n < len, "temporary folder name too long");
    cr_assert_not_null(mkdtemp(buf), "mkdtemp %s: %s", buf, strerror(errno));
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)type, (void)ftw;
    return remove(path);
}

void ccdb_test_rmtree(const char *dir)
{
    if (access(dir, F_OK) != 0 && errno == ENOENT)
        return;
    /* Depth first (children before their folder), not following symbolic links. */
    cr_assert_eq(nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0, "cannot remove %s: %s", dir,
                 strerror(errno));
}

const char *ccdb_test_read_stream(FILE *f)
{
    static char buf[1 << 16];
    fflush(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    return buf;
}
