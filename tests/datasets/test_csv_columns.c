/* test_csv_columns.c — the 6-column rows of the 2023 dataset (no truth column): read under
 * CCDB_CSV_COLUMNS_6 or _ANY with no labels, the same strictness and messages as 7 columns, a
 * file mixing 6- and 7-column rows refused; and the 2023 sample files read whole. */
#include <criterion/criterion.h>
#include <sys/stat.h>

#include "ccdb_test.h"
#include "csv_test_util.h"

#define SAMPLE_2023 CCDB_SHARED_DIR "/" CCDB_TEST_SAMPLE_2023

static int parse_cols(const char *text, ccdb_csv_columns columns, ccdb_dataset *ds,
                      ccdb_csv_error *err)
{
    ccdb_csv_options opt = { .columns = columns };
    return ccdb_csv_parse("t.csv", text, strlen(text), CCDB_KIND_VF, &opt, ds, err);
}

static void expect_error_cols(const char *text, ccdb_csv_columns columns, size_t line,
                              const char *reason)
{
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(parse_cols(text, columns, &ds, &err), -1, "expected an error (%s) for:\n%s",
                 reason, text);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "t.csv:%zu: ", line);
    cr_assert(strncmp(err.message, prefix, strlen(prefix)) == 0, "'%s' should start with '%s'",
              err.message, prefix);
    cr_assert(strstr(err.message, reason), "'%s' should contain '%s'", err.message, reason);
    cr_assert_null(ds.q);
    cr_assert_null(ds.label);
}

/* n rows: `row` as row `at` (1-based), "1,2,3,4,5,8" (6) or "...,1" (7) elsewhere. */
static const char *rows_with(int columns, size_t n, size_t at, const char *row)
{
    static char buf[8192];
    buf[0] = '\0';
    for (size_t i = 1; i <= n; i++)
        strcat(buf, i == at ? row : columns == 6 ? "1,2,3,4,5,8\n" : "1,2,3,4,5,8,1\n");
    return buf;
}

Test(csv_columns, six_columns_read_without_labels)
{
    const char *text = "14695633,134217728,4582247,134217728,-323665,1048576\n"
                       "0,1,-0,1,000,7\n"
                       "1,2,3,4,-5,8\r\n"
                       "2,4,6,3,-12,16\n"
                       "0,1,0,1,0,1\n0,1,0,1,0,1\n0,1,0,1,0,1\n"
                       "-1,1,00012,0003,1,1"; /* no final newline, as in the public files */
    for (int mode = 1; mode <= 2; mode++) {
        ccdb_dataset ds;
        ccdb_csv_error err;
        cr_assert_eq(parse_cols(text, (ccdb_csv_columns)mode, &ds, &err), 0, "%s", err.message);
        cr_assert_eq(ds.count, 1);
        cr_assert_null(ds.label, "no truth column: no labels");
        cr_assert_eq(ds.q[0][0][0], 14695633.0 / 134217728.0);
        cr_assert_eq(ds.q[0][0][2], -323665.0 / 1048576.0);
        cr_assert_eq(ds.q[0][2][2], -0.625);
        cr_assert_eq(ds.q[0][3][1], 2.0);
        cr_assert_eq(ds.q[0][7][0], -1.0);
        cr_assert_eq(ds.q[0][7][1], 4.0);
        ccdb_dataset_free(&ds);
    }
    /* The default (7 columns) keeps refusing them with its message. */
    expect_error_cols(text, CCDB_CSV_COLUMNS_7, 1,
                      "expected 7 columns (x_num,x_den,y_num,y_den,z_num,z_den,truth), found 6");
}

Test(csv_columns, seven_columns_under_any_keep_their_labels)
{
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(parse_cols(rows_with(7, 8, 0, ""), CCDB_CSV_COLUMNS_ANY, &ds, &err), 0, "%s",
                 err.message);
    cr_assert_not_null(ds.label);
    cr_assert_eq(ds.label[0], 1);
    ccdb_dataset_free(&ds);
}

Test(csv_columns, mixing_six_and_seven_is_an_error)
{
    expect_error_cols(rows_with(6, 8, 5, "1,2,3,4,5,8,1\n"), CCDB_CSV_COLUMNS_ANY, 5,
                      "expected 6 columns (x_num,x_den,y_num,y_den,z_num,z_den) as on line 1, "
                      "found 7 (the rows of a file all have 6 columns, or all 7)");
    expect_error_cols(rows_with(7, 16, 12, "1,2,3,4,5,8\n"), CCDB_CSV_COLUMNS_ANY, 12,
                      "expected 7 columns (x_num,x_den,y_num,y_den,z_num,z_den,truth) as on line "
                      "1, found 6");
    expect_error_cols(rows_with(6, 8, 2, "1,2,3,4,5,8,1\n"), CCDB_CSV_COLUMNS_6, 2,
                      "expected 6 columns (x_num,x_den,y_num,y_den,z_num,z_den), found 7");
    expect_error_cols(rows_with(6, 8, 1, "1,2,3,4,5\n"), CCDB_CSV_COLUMNS_ANY, 1,
                      "expected 6 or 7 columns (x_num,x_den,y_num,y_den,z_num,z_den, then an "
                      "optional truth), found 5");
    expect_error_cols(rows_with(6, 8, 1, "1,2,3,4,5,8,1,1\n"), CCDB_CSV_COLUMNS_ANY, 1, "found 8");
    /* A trailing comma makes a 7th, empty column. */
    expect_error_cols(rows_with(6, 8, 3, "1,2,3,4,5,8,\n"), CCDB_CSV_COLUMNS_ANY, 3,
                      "as on line 1, found 7");
    expect_error_cols(rows_with(6, 8, 1, "1,2,3,4,5,8,\n"), CCDB_CSV_COLUMNS_ANY, 1,
                      "column 7 (truth): expected 0 or 1, got ''");
}

Test(csv_columns, six_columns_are_as_strict_as_seven)
{
    const ccdb_csv_columns any = CCDB_CSV_COLUMNS_ANY;
    expect_error_cols(rows_with(6, 8, 4, "1,0,1,1,1,1\n"), any, 4,
                      "column 2 (x_den): zero denominator");
    expect_error_cols(rows_with(6, 8, 8, "1,1,1,1,1,-1\n"), any, 8,
                      "column 6 (z_den): negative denominator '-1'");
    expect_error_cols(rows_with(6, 8, 2, "1,1,1.5,1,1,1\n"), any, 2,
                      "column 3 (y_num): not an integer: '1.5'");
    expect_error_cols(rows_with(6, 8, 2, "1,1,1,1,1, 1\n"), any, 2,
                      "column 6 (z_den): not an integer");
    expect_error_cols(rows_with(6, 8, 2, "1,1,1,1,1,\n"), any, 2, "column 6 (z_den) is empty");
    expect_error_cols(rows_with(6, 8, 6, "1,3,1,1,1,1\n"), any, 6,
                      "columns 1-2 (x): 1/3 is not exactly a double");
    expect_error_cols(rows_with(6, 8, 3, "\n"), any, 3,
                      "blank line (every line must be a row of 6 columns)");
    expect_error_cols("\n", any, 1, "blank line (every line must be a row of 6 or 7 columns)");
    expect_error_cols(rows_with(6, 9, 0, ""), any, 9,
                      "incomplete query 1: the file ends after 1 of its 8 rows (the row count 9 is "
                      "not a multiple of 8)");
    expect_error_cols(rows_with(6, 8, 8, "1,1,1,1,1,1\r\r\n"), any, 8,
                      "column 6 (z_den): not an integer: '1\\x0D'");
    char two_blank[512];
    snprintf(two_blank, sizeof two_blank, "%s\n", rows_with(6, 8, 0, ""));
    expect_error_cols(two_blank, any, 9, "blank line");
}

Test(csv_columns, sample_2023_files_read_whole)
{
    ccdb_test_shared_path(CCDB_TEST_SAMPLE_2023); /* skips, or fails in CI, when absent */
    static const struct {
        const char *file;
        size_t queries;
    } files[] = { { "cloth-funnel/queries/227ee.csv", 263 },
                  { "cloth-funnel/queries/227vf.csv", 92 },
                  { "rod-twist/queries/3036ee.csv", 4370 },
                  { "rod-twist/queries/3036vf.csv", 801 } };
    size_t total = 0;
    for (size_t i = 0; i < 4; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", SAMPLE_2023, files[i].file);
        ccdb_dataset ds;
        ccdb_csv_error err;
        ccdb_csv_options opt = { .columns = CCDB_CSV_COLUMNS_ANY };
        cr_assert_eq(ccdb_csv_read(path, ccdb_kind_from_path(path), &opt, &ds, &err), 0, "%s",
                     err.message);
        cr_assert_eq(ds.count, files[i].queries, "%s", path);
        cr_assert_eq(ds.kind, strstr(path, "vf.csv") ? CCDB_KIND_VF : CCDB_KIND_EE);
        cr_assert_null(ds.label);
        total += ds.count;
        ccdb_dataset_free(&ds);
    }
    cr_assert_eq(total, 5526);
}
