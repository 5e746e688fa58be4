/* test_util.c — util/: error messages, FNV-1a, mkdir -p and atomic file writes. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_test_fixtures.h"
#include "ccdb_util.h"

static char dir[64];

static void make_dir(void)
{
    ccdb_test_mkdtemp(dir, sizeof dir, "util");
}

static void remove_dir(void)
{
    ccdb_test_rmtree(dir);
}

/* Entries of dir other than . and .. */
static int entries(const char *path)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", path);
    FILE *p = popen(cmd, "r");
    int n = -1;
    cr_assert_eq(fscanf(p, "%d", &n), 1);
    pclose(p);
    return n;
}

/* A small file's text (freed at the next call). */
static char *read_text(const char *path)
{
    static char *text;
    free(text);
    text = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(text, "%s", path);
    return text;
}

TestSuite(util, .init = make_dir, .fini = remove_dir);

Test(util, errorf_formats_and_returns_minus_one)
{
    char err[16];
    cr_assert_eq(ccdb_errorf(err, sizeof err, "%s:%d: %s", "f.csv", 12, "bad value here"), -1);
    cr_assert_str_eq(err, "f.csv:12: bad v", "truncated to the buffer");
    cr_assert_eq(ccdb_errorf(NULL, 0, "%s", "nowhere"), -1);
    cr_assert_eq(ccdb_errorf(err, 0, "%s", "nowhere"), -1);
    cr_assert_str_eq(err, "f.csv:12: bad v", "errlen 0 writes nothing");
}

Test(util, fnv1a64_known_values_and_chaining)
{
    /* Published FNV-1a 64 test vectors. */
    cr_assert_eq(ccdb_fnv1a64(CCDB_FNV1A64_BASIS, "", 0), UINT64_C(0xcbf29ce484222325));
    cr_assert_eq(ccdb_fnv1a64(CCDB_FNV1A64_BASIS, "a", 1), UINT64_C(0xaf63dc4c8601ec8c));
    cr_assert_eq(ccdb_fnv1a64(CCDB_FNV1A64_BASIS, "foobar", 6), UINT64_C(0x85944171f73967e8));
    uint64_t h = ccdb_fnv1a64(CCDB_FNV1A64_BASIS, "foo", 3);
    cr_assert_eq(ccdb_fnv1a64(h, "bar", 3), UINT64_C(0x85944171f73967e8), "pieces chain");
}

Test(util, mkdir_p_makes_parents_and_refuses_a_file)
{
    char path[128];
    snprintf(path, sizeof path, "%s/a/b/c", dir);
    cr_assert_eq(ccdb_mkdir_p(path), 0);
    cr_assert_eq(ccdb_mkdir_p(path), 0, "an existing folder is fine");
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert(S_ISDIR(st.st_mode));
    char file[160];
    snprintf(file, sizeof file, "%s/a/file", dir);
    cr_assert_eq(ccdb_write_file_atomic(file, "x", 1, NULL, 0), 0);
    errno = 0;
    cr_assert_eq(ccdb_mkdir_p(file), -1);
    cr_assert_eq(errno, ENOTDIR);
}

Test(util, atomic_write_replaces_whole_file_and_leaves_no_temporary)
{
    char path[128], err[256] = "";
    snprintf(path, sizeof path, "%s/out.txt", dir);
    cr_assert_eq(ccdb_write_file_atomic(path, "old\n", 4, err, sizeof err), 0, "%s", err);
    ccdb_atomic_file af;
    cr_assert_eq(ccdb_atomic_open(&af, path, err, sizeof err), 0, "%s", err);
    cr_assert(strncmp(af.tmp, path, strlen(path)) == 0, "the temporary is beside it: %s", af.tmp);
    fputs("new ", af.f);
    cr_assert_str_eq(read_text(path), "old\n", "readers see the old file until commit");
    fputs("text\n", af.f);
    cr_assert_eq(ccdb_atomic_commit(&af, err, sizeof err), 0, "%s", err);
    cr_assert_null(af.f);
    cr_assert_null(af.tmp);
    cr_assert_str_eq(read_text(path), "new text\n");
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0644);
    cr_assert_eq(entries(dir), 1, "no temporary left");

    /* Two open at once get different temporaries. */
    ccdb_atomic_file a, b;
    cr_assert_eq(ccdb_atomic_open(&a, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_atomic_open(&b, path, err, sizeof err), 0, "%s", err);
    cr_assert_str_neq(a.tmp, b.tmp);
    fputs("b", b.f);
    ccdb_atomic_abort(&a);
    cr_assert_eq(ccdb_atomic_commit(&b, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(read_text(path), "b");
    cr_assert_eq(entries(dir), 1);
}

Test(util, atomic_abort_and_failures_keep_the_old_file)
{
    char path[128], err[512] = "";
    snprintf(path, sizeof path, "%s/keep.txt", dir);
    cr_assert_eq(ccdb_write_file_atomic(path, "kept", 4, err, sizeof err), 0, "%s", err);
    ccdb_atomic_file af;
    cr_assert_eq(ccdb_atomic_open(&af, path, err, sizeof err), 0, "%s", err);
    fputs("lost", af.f);
    ccdb_atomic_abort(&af);
    ccdb_atomic_abort(&af); /* released: a second abort does nothing */
    cr_assert_str_eq(read_text(path), "kept");
    cr_assert_eq(entries(dir), 1);

    /* After a failed write: removed, and errno's text in the message. */
    cr_assert_eq(ccdb_atomic_open(&af, path, err, sizeof err), 0, "%s", err);
    errno = ENOSPC;
    cr_assert_eq(ccdb_atomic_fail(&af, err, sizeof err), -1);
    cr_assert(strstr(err, path) == err, "%s", err);
    cr_assert_not_null(strstr(err, "cannot write"), "%s", err);
    cr_assert_not_null(strstr(err, strerror(ENOSPC)), "%s", err);
    cr_assert_str_eq(read_text(path), "kept");
    cr_assert_eq(entries(dir), 1);

    /* The destination is a folder: the rename fails, the temporary goes, the folder stays. */
    char sub[160];
    snprintf(sub, sizeof sub, "%s/adir", dir);
    cr_assert_eq(mkdir(sub, 0700), 0);
    cr_assert_eq(ccdb_write_file_atomic(sub, "x", 1, err, sizeof err), -1);
    cr_assert(strstr(err, sub) == err, "%s", err);
    cr_assert_not_null(strstr(err, "cannot write"), "%s", err);
    cr_assert_eq(entries(dir), 2, "only keep.txt and adir");

    /* A missing folder: no temporary can be made, and the message says so. */
    char missing[160];
    snprintf(missing, sizeof missing, "%s/no/such.txt", dir);
    cr_assert_eq(ccdb_atomic_open(&af, missing, err, sizeof err), -1);
    cr_assert_null(af.f);
    cr_assert_not_null(strstr(err, "cannot create a temporary file"), "%s", err);
    cr_assert_not_null(strstr(err, strerror(ENOENT)), "%s", err);
}
