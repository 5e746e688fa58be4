/* test_input_file.c — inputs that are not regular files are refused at once, before a byte is
 * read: /dev/zero (would grow memory without end), a FIFO with no writer (would block forever),
 * a symlink to either, a folder. Every test has an alarm: a hang fails it instead of hanging. */
#include <criterion/criterion.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csv_test_util.h"
#include "ccdb_test_fixtures.h"

static char dir[64], fifo[128], link_zero[128];

static void setup(void)
{
    alarm(20); /* a blocked open or read kills the test (SIGALRM) rather than hanging ctest */
    ccdb_test_mkdtemp(dir, sizeof dir, "special");
    snprintf(fifo, sizeof fifo, "%s/f.csv", dir);
    snprintf(link_zero, sizeof link_zero, "%s/zero.csv", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    cr_assert_eq(symlink("/dev/zero", link_zero), 0);
}

static void teardown(void)
{
    unlink(fifo);
    unlink(link_zero);
    rmdir(dir);
    alarm(0);
}

TestSuite(special_files, .init = setup, .fini = teardown);

/* Every reader refuses path with a message "PATH: cannot read: WHAT: only regular files ...". */
static void expect_refused(const char *path, const char *what)
{
    char want[256];
    snprintf(want, sizeof want, "%s: cannot read: %s: only regular files are read", path, what);
    ccdb_dataset ds;
    ccdb_csv_error err;
    ccdb_csv_options any = { .columns = CCDB_CSV_COLUMNS_ANY };
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_VF, &any, &ds, &err), -1);
    cr_assert(strstr(err.message, want) == err.message, "'%s' should start with '%s'", err.message,
              want);
    cr_assert_null(ds.q);
    ccdb_csv_reader *r = (ccdb_csv_reader *)1;
    cr_assert_eq(ccdb_csv_open(path, NULL, &r, &err), -1);
    cr_assert_null(r);
    cr_assert(strstr(err.message, want) == err.message, "%s", err.message);
    unsigned char labels[4];
    cr_assert_eq(ccdb_labels_read(path, "q.csv", 4, labels, &err), -1);
    cr_assert(strstr(err.message, want) == err.message, "%s", err.message);
    char why[300];
    cr_assert_eq(ccdb_file_open_regular(path, why, sizeof why), -1);
}

Test(special_files, dev_zero_is_refused)
{
    expect_refused("/dev/zero", "a character device");
    expect_refused(link_zero, "a character device");
}

Test(special_files, fifo_without_writer_is_refused_at_once)
{
    expect_refused(fifo, "a FIFO");
}

Test(special_files, folder_and_missing_file)
{
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_read(dir, CCDB_KIND_VF, NULL, &ds, &err), -1);
    cr_assert(strstr(err.message, "cannot read: Is a directory"), "%s", err.message);
    char missing[128];
    snprintf(missing, sizeof missing, "%s/none.csv", dir);
    cr_assert_eq(ccdb_csv_read(missing, CCDB_KIND_VF, NULL, &ds, &err), -1);
    cr_assert(strstr(err.message, "cannot open: No such file or directory"), "%s", err.message);
}

Test(special_files, regular_file_through_a_symlink_is_read)
{
    char file[128], link[128];
    snprintf(file, sizeof file, "%s/q.csv", dir);
    snprintf(link, sizeof link, "%s/l.csv", dir);
    char text[256] = "";
    for (int i = 0; i < 8; i++)
        strcat(text, "1,1,1,1,1,1,1\n");
    ccdb_test_write_file(file, text, strlen(text));
    cr_assert_eq(symlink(file, link), 0);
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_read(link, CCDB_KIND_VF, NULL, &ds, &err), 0, "%s", err.message);
    cr_assert_eq(ds.count, 1);
    ccdb_dataset_free(&ds);
    unlink(link);
    unlink(file);
}
