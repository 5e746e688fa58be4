/* test_util.c — util/: error messages, FNV-1a, mkdir -p, atomic file writes (special files in
 * place), atomic folders, rm -r. */
#define _XOPEN_SOURCE 700 /* S_IFMT, mknod */
#include <criterion/criterion.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "ccdb_test_fixtures.h"
#include "ccdb_test.h"
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

/* The file type at path (lstat: a link is a link). */
static mode_t type_of(const char *path)
{
    struct stat st;
    cr_assert_eq(lstat(path, &st), 0, "%s: %s", path, strerror(errno));
    return st.st_mode & S_IFMT;
}

static void *read_fifo(void *arg)
{
    return ccdb_test_slurp(arg, NULL);
}

/* Issue 10, reproduction 1: special files are written in place, never replaced. Links in a
 * temporary folder stand for /dev/null, /dev/full and /dev/stdout, so that a regression replaces
 * a link there, never a device of the machine. */
Test(util, special_files_are_written_in_place)
{
    char path[160], err[512] = "";
    /* A link to /dev/null: written through, still a link to the device. */
    snprintf(path, sizeof path, "%s/null", dir);
    cr_assert_eq(symlink("/dev/null", path), 0);
    cr_assert_eq(ccdb_write_file_atomic(path, "data\n", 5, err, sizeof err), 0, "%s", err);
    cr_assert_eq(type_of(path), S_IFLNK);
    cr_assert_eq(type_of("/dev/null"), S_IFCHR);

    /* A link to /dev/full: the write error, with the system's text, and the link stays. */
    snprintf(path, sizeof path, "%s/full", dir);
    cr_assert_eq(symlink("/dev/full", path), 0);
    cr_assert_eq(ccdb_write_file_atomic(path, "data\n", 5, err, sizeof err), -1);
    cr_assert(strstr(err, path) == err, "%s", err);
    cr_assert_not_null(strstr(err, strerror(ENOSPC)), "%s", err);
    cr_assert_eq(type_of(path), S_IFLNK);

    /* A FIFO: its reader gets the data; it is still a FIFO. */
    snprintf(path, sizeof path, "%s/fifo", dir);
    cr_assert_eq(mkfifo(path, 0600), 0);
    pthread_t reader;
    cr_assert_eq(pthread_create(&reader, NULL, read_fifo, path), 0);
    cr_assert_eq(ccdb_write_file_atomic(path, "through a pipe\n", 15, err, sizeof err), 0, "%s",
                 err);
    void *got;
    pthread_join(reader, &got);
    cr_assert_str_eq(got, "through a pipe\n");
    free(got);
    cr_assert_eq(type_of(path), S_IFIFO);
    cr_assert_eq(entries(dir), 3, "no temporary left beside them");
}

Test(util, a_character_device_node_is_written_in_place)
{
    ccdb_test_require_root("creating a device node (mknod); the links to /dev/null and /dev/full "
                           "of special_files_are_written_in_place cover the same path");
    char path[160], err[512] = "";
    snprintf(path, sizeof path, "%s/full", dir);
    cr_assert_eq(mknod(path, S_IFCHR | 0600, makedev(1, 7)), 0, "%s", strerror(errno));
    cr_assert_eq(ccdb_write_file_atomic(path, "x", 1, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, strerror(ENOSPC)), "%s", err);
    cr_assert_eq(type_of(path), S_IFCHR, "still the device node");
    cr_assert_eq(entries(dir), 1);
}

Test(util, a_link_to_a_file_is_kept_and_its_target_replaced)
{
    char target[160], link[160], err[512] = "";
    snprintf(target, sizeof target, "%s/target.txt", dir);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    cr_assert_eq(ccdb_write_file_atomic(target, "old", 3, err, sizeof err), 0, "%s", err);
    cr_assert_eq(symlink("target.txt", link), 0);
    cr_assert_eq(ccdb_write_file_atomic(link, "new", 3, err, sizeof err), 0, "%s", err);
    cr_assert_eq(type_of(link), S_IFLNK);
    cr_assert_str_eq(read_text(target), "new");
    cr_assert_eq(entries(dir), 2);
}

static const char *const owned[] = { "a.txt", "sub/", "sub/*.txt", NULL };

/* A folder of the report's shape in the temporary folder of ad. */
static void fill(const ccdb_atomic_dir *ad, const char *text)
{
    char path[256], err[256];
    snprintf(path, sizeof path, "%s/a.txt", ad->tmp);
    cr_assert_eq(ccdb_write_file_atomic(path, text, strlen(text), err, sizeof err), 0, "%s", err);
    snprintf(path, sizeof path, "%s/sub", ad->tmp);
    cr_assert_eq(mkdir(path, 0777), 0);
    snprintf(path, sizeof path, "%s/sub/b.txt", ad->tmp);
    cr_assert_eq(ccdb_write_file_atomic(path, text, strlen(text), err, sizeof err), 0, "%s", err);
}

Test(util, atomic_dir_creates_then_replaces_a_whole_folder)
{
    char dest[160], path[200], err[512] = "";
    snprintf(dest, sizeof dest, "%s/deep/report", dir);
    ccdb_atomic_dir ad;
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), 0, "%s", err);
    cr_assert_neq(access(dest, F_OK), 0, "nothing at the destination before commit");
    fill(&ad, "first");
    cr_assert_eq(ccdb_atomic_dir_commit(&ad, err, sizeof err), 0, "%s", err);
    cr_assert_null(ad.tmp);
    snprintf(path, sizeof path, "%s/sub/b.txt", dest);
    cr_assert_str_eq(read_text(path), "first");

    /* Replaced: the old folder's files are gone with it, nothing is left beside. */
    snprintf(path, sizeof path, "%s/sub/old-only.txt", dest);
    cr_assert_eq(ccdb_write_file_atomic(path, "x", 1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), 0, "%s", err);
    fill(&ad, "second");
    snprintf(path, sizeof path, "%s/a.txt", dest);
    cr_assert_str_eq(read_text(path), "first", "readers see the old folder until commit");
    cr_assert_eq(ccdb_atomic_dir_commit(&ad, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(read_text(path), "second");
    snprintf(path, sizeof path, "%s/sub/old-only.txt", dest);
    cr_assert_neq(access(path, F_OK), 0, "nothing of the old folder is mixed in");
    snprintf(path, sizeof path, "%s/deep", dir);
    cr_assert_eq(entries(path), 1, "no temporary folder left beside it");

    /* Abort: the temporary folder goes, the destination stays. */
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), 0, "%s", err);
    fill(&ad, "third");
    ccdb_atomic_dir_abort(&ad);
    ccdb_atomic_dir_abort(&ad); /* released: nothing happens */
    snprintf(path, sizeof path, "%s/a.txt", dest);
    cr_assert_str_eq(read_text(path), "second");
    snprintf(path, sizeof path, "%s/deep", dir);
    cr_assert_eq(entries(path), 1);

    /* Two writers at once: both commit, the last one wins, nothing is left beside. */
    ccdb_atomic_dir a, b;
    cr_assert_eq(ccdb_atomic_dir_open(&a, dest, owned, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_atomic_dir_open(&b, dest, owned, err, sizeof err), 0, "%s", err);
    cr_assert_str_neq(a.tmp, b.tmp);
    fill(&a, "from a");
    fill(&b, "from b");
    cr_assert_eq(ccdb_atomic_dir_commit(&b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_atomic_dir_commit(&a, err, sizeof err), 0, "%s", err);
    snprintf(path, sizeof path, "%s/sub/b.txt", dest);
    cr_assert_str_eq(read_text(path), "from a");
    snprintf(path, sizeof path, "%s/deep", dir);
    cr_assert_eq(entries(path), 1);
}

Test(util, atomic_dir_never_replaces_a_folder_of_other_files)
{
    char dest[160], path[200], err[512] = "";
    snprintf(dest, sizeof dest, "%s/mine", dir);
    cr_assert_eq(mkdir(dest, 0777), 0);
    snprintf(path, sizeof path, "%s/notes.txt", dest);
    cr_assert_eq(ccdb_write_file_atomic(path, "keep me", 7, err, sizeof err), 0, "%s", err);
    ccdb_atomic_dir ad;
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, "notes.txt"), "%s", err);
    cr_assert_null(ad.tmp);
    cr_assert_eq(entries(dir), 1, "no temporary folder made");

    /* Another writer puts a foreign file there between open and commit: refused at commit. */
    cr_assert_eq(remove(path), 0);
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), 0, "%s", err);
    fill(&ad, "new");
    cr_assert_eq(ccdb_write_file_atomic(path, "keep me", 7, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_atomic_dir_commit(&ad, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, "notes.txt"), "%s", err);
    cr_assert_str_eq(read_text(path), "keep me");
    cr_assert_eq(entries(dir), 1, "the temporary folder is removed");

    /* Not a folder; '.' */
    snprintf(path, sizeof path, "%s/file", dir);
    cr_assert_eq(ccdb_write_file_atomic(path, "x", 1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_atomic_dir_open(&ad, path, owned, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, strerror(ENOTDIR)), "%s", err);
    cr_assert_eq(ccdb_atomic_dir_open(&ad, ".", owned, err, sizeof err), -1);
}

Test(util, rmtree_removes_links_not_what_they_point_to)
{
    char keep[160], tree[160], path[220], err[256];
    snprintf(keep, sizeof keep, "%s/keep", dir);
    cr_assert_eq(mkdir(keep, 0777), 0);
    snprintf(path, sizeof path, "%s/file", keep);
    cr_assert_eq(ccdb_write_file_atomic(path, "x", 1, err, sizeof err), 0, "%s", err);
    snprintf(tree, sizeof tree, "%s/tree", dir);
    snprintf(path, sizeof path, "%s/a/b", tree);
    cr_assert_eq(ccdb_mkdir_p(path), 0);
    snprintf(path, sizeof path, "%s/a/b/link", tree);
    cr_assert_eq(symlink(keep, path), 0);
    snprintf(path, sizeof path, "%s/a/f", tree);
    cr_assert_eq(ccdb_write_file_atomic(path, "x", 1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_rmtree(tree), 0, "%s", strerror(errno));
    cr_assert_neq(access(tree, F_OK), 0);
    cr_assert_eq(entries(keep), 1, "the linked folder is untouched");
    cr_assert_eq(ccdb_rmtree(tree), 0, "an absent path is fine");
}

/* The shortest text that reads back as the same double: 15 digits when they do, up to 17. */
Test(util, shortest_double_reads_back)
{
    char buf[32];
    cr_assert_str_eq(ccdb_shortest_double(0.00375, buf), "0.00375");
    cr_assert_str_eq(ccdb_shortest_double(0.001, buf), "0.001");
    cr_assert_str_eq(ccdb_shortest_double(0.0, buf), "0");
    cr_assert_str_eq(ccdb_shortest_double(0.1 + 0.2, buf), "0.30000000000000004");
    const double v[] = { 1.0 / 3, 0x1p-1074, 1e300, -2.5e-7, 0.005f };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        cr_assert_eq(strtod(ccdb_shortest_double(v[i], buf), NULL), v[i], "%s", buf);
}
