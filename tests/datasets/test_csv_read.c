/* test_csv_read.c — the CSV reader on good input, and every kind of bad input: each error must
 * return -1, leave the dataset empty, and name the file, the line and the reason. */
#include <criterion/criterion.h>
#include <float.h>
#include <gmp.h>
#include <math.h>
#include <unistd.h>

#include "csv_test_util.h"
#include "ccdb_test_fixtures.h"

Test(csv_read, good_query_values_and_label)
{
    const char *text = "1,2,3,4,-5,8,1\n"
                       "0,1,7,1,-0,1,1\n"
                       "6993057989032551,4503599627370496,0,1,1,9223372036854775808,1\n"
                       "2,4,6,3,-12,16,1\n" /* not reduced, but exactly doubles: accepted */
                       "0,1,0,1,0,1,1\n"
                       "0,1,0,1,0,1,1\n"
                       "0,1,0,1,0,1,1\n"
                       "-1,1,00012,0003,1,1,1\n"
                       "1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n";
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(parse_text(text, 0, &ds, &err), 0, "%s", err.message);
    cr_assert_eq(ds.count, 2);
    cr_assert_eq(ds.kind, CCDB_KIND_VF);
    cr_assert_str_eq(ds.name, "t.csv");
    cr_assert_eq(ds.rounded_values, 0);
    cr_assert_eq(ds.label[0], 1);
    cr_assert_eq(ds.label[1], 0);
    cr_assert_eq(ds.q[0][0][0], 0.5);
    cr_assert_eq(ds.q[0][0][1], 0.75);
    cr_assert_eq(ds.q[0][0][2], -0.625);
    cr_assert_eq(ds.q[0][1][1], 7.0);
    cr_assert_eq(ds.q[0][1][2], 0.0);
    cr_assert(!signbit(ds.q[0][1][2]), "-0 reads as +0.0 (the rational zero)");
    cr_assert_eq(ds.q[0][2][0], 6993057989032551.0 / 4503599627370496.0);
    cr_assert_eq(ds.q[0][2][2], ldexp(1, -63));
    cr_assert_eq(ds.q[0][3][0], 0.5);
    cr_assert_eq(ds.q[0][3][1], 2.0);
    cr_assert_eq(ds.q[0][3][2], -0.75);
    cr_assert_eq(ds.q[0][7][0], -1.0);
    cr_assert_eq(ds.q[0][7][1], 4.0);
    cr_assert_eq(ds.q[1][5][2], 1.0);
    ccdb_dataset_free(&ds);
    cr_assert_null(ds.q);
}

Test(csv_read, crlf_and_missing_final_newline)
{
    char text[4096] = "";
    for (int i = 0; i < 8; i++)
        strcat(text, "1,2,3,4,5,8,0\r\n");
    for (int i = 0; i < 8; i++)
        strcat(text, i < 7 ? "1,2,3,4,5,8,1\n" : "1,2,3,4,5,8,1"); /* no final newline */
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(parse_text(text, 0, &ds, &err), 0, "%s", err.message);
    cr_assert_eq(ds.count, 2);
    cr_assert_eq(ds.q[0][7][2], 0.625);
    cr_assert_eq(ds.q[1][7][2], 0.625);
    cr_assert_eq(ds.label[0], 0);
    cr_assert_eq(ds.label[1], 1);
    ccdb_dataset_free(&ds);
}

Test(csv_read, empty_file_is_zero_queries)
{
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(parse_text("", 0, &ds, &err), 0, "%s", err.message);
    cr_assert_eq(ds.count, 0);
    cr_assert_not_null(ds.q);
    ccdb_dataset_free(&ds);
    cr_assert_eq(ccdb_csv_parse("t.csv", NULL, 0, CCDB_KIND_EE, NULL, &ds, &err), 0);
    cr_assert_eq(ds.count, 0);
    ccdb_dataset_free(&ds);
}

Test(csv_read, huge_integers_exact)
{
    /* 2^1023 as an integer (308 digits), and 2^-1074 with its 324-digit denominator. */
    mpz_t z;
    mpz_init(z);
    mpz_setbit(z, 1023);
    char *big = mpz_get_str(NULL, 10, z);
    mpz_set_ui(z, 0);
    mpz_setbit(z, 1074);
    char *den = mpz_get_str(NULL, 10, z);
    mpz_clear(z);
    size_t cap = 8 * (2 * strlen(big) + strlen(den) + 64);
    char *text = malloc(cap);
    text[0] = '\0';
    for (int i = 0; i < 8; i++) {
        char *end = text + strlen(text);
        snprintf(end, cap - strlen(text), "%s,1,1,%s,-%s,1,0\n", big, den, big);
    }
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(parse_text(text, 0, &ds, &err), 0, "%s", err.message);
    cr_assert_eq(ds.q[0][3][0], ldexp(1, 1023));
    cr_assert_eq(ds.q[0][3][1], ldexp(1, -1074));
    cr_assert_eq(ds.q[0][3][1], DBL_TRUE_MIN);
    cr_assert_eq(ds.q[0][3][2], -ldexp(1, 1023));
    ccdb_dataset_free(&ds);
    free(text);
    free(big);
    free(den);
}

Test(csv_read, reads_files_and_names_them)
{
    char dir[256];
    ccdb_test_mkdtemp(dir, sizeof dir, "csv-read");
    char path[512];
    snprintf(path, sizeof path, "%s/q.csv", dir);
    const char *text = "1,1,1,1,1,1,1\n1,1,1,1,1,1,1\n1,1,1,1,1,1,1\n1,1,1,1,1,1,1\n"
                       "1,1,1,1,1,1,1\n1,1,1,1,1,1,1\n1,1,1,1,1,1,1\n1,1,1,1,1,1,1\n";
    ccdb_test_write_file(path, text, strlen(text));
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_EE, NULL, &ds, &err), 0, "%s", err.message);
    cr_assert_eq(ds.count, 1);
    cr_assert_eq(ds.kind, CCDB_KIND_EE);
    cr_assert_str_eq(ds.name, path);
    ccdb_dataset_free(&ds);

    /* An error inside a real file names its path. */
    ccdb_test_write_file(path, "1,1,1,1,1,1,1\n1,0,1,1,1,1,1\n", 28);
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_EE, NULL, &ds, &err), -1);
    char prefix[600];
    snprintf(prefix, sizeof prefix, "%s:2: ", path);
    cr_assert(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    cr_assert_null(ds.q);
    unlink(path);

    /* Missing file, and a directory. */
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_EE, NULL, &ds, &err), -1);
    cr_assert(strstr(err.message, path) == err.message, "%s", err.message);
    cr_assert(strstr(err.message, "cannot open") != NULL, "%s", err.message);
    cr_assert_eq(ccdb_csv_read(dir, CCDB_KIND_EE, NULL, &ds, &err), -1);
    cr_assert(strstr(err.message, dir) == err.message, "%s", err.message);
    cr_assert(strstr(err.message, "cannot read") != NULL, "%s", err.message);
    cr_assert_null(ds.q);
    rmdir(dir);
}

/* ---- bad input: every error names the line and the reason ---- */

Test(csv_errors, zero_denominator)
{
    expect_error(query_with_row8("1,0,1,1,1,1,1\n", 1), 8, "column 2 (x_den): zero denominator");
    expect_error(query_with_row8("1,1,1,1,1,000,1\n", 1), 8, "column 6 (z_den): zero denominator");
    expect_error("0,0,1,1,1,1,1\n", 1, "zero denominator");
}

Test(csv_errors, not_integers)
{
    const char *bad[] = { "1.5", "abc",  "",    "+",   "1e3", "+1",   " 1",  "1 ",    "--1",
                          "-",   "0x10", "nan", "NaN", "inf", "-inf", "1/2", "\"1\"", "1_000" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char row[128];
        snprintf(row, sizeof row, "1,1,%s,1,1,1,0\n", bad[i]);
        expect_error(query_with_row8(row, 0), 8, bad[i][0] ? "column 3 (y_num)" : "is empty");
        if (bad[i][0])
            expect_error(query_with_row8(row, 0), 8, "not an integer");
        snprintf(row, sizeof row, "1,1,1,1,1,%s,0\n", bad[i]);
        expect_error(query_with_row8(row, 0), 8, "column 6 (z_den)");
    }
    expect_error("1,1,1,1,1,,1\n", 1, "column 6 (z_den) is empty");
}

Test(csv_errors, negative_denominator)
{
    expect_error("1,-2,1,1,1,1,1\n", 1, "column 2 (x_den): negative denominator '-2'");
    expect_error("-1,-2,1,1,1,1,1\n", 1, "negative denominator");
}

Test(csv_errors, column_count)
{
    expect_error(query_with_row8("1,1,1,1,1,1\n", 1), 8, "expected 7 columns");
    expect_error(query_with_row8("1,1,1,1,1,1\n", 1), 8, "found 6");
    expect_error("1,1,1,1,1,1,1,1\n", 1, "found 8");
    expect_error("1,1,1,1,1,1,1,\n", 1, "found 8");
    expect_error("1\n", 1, "found 1");
    expect_error("x_num,x_den,y_num,y_den,z_num,z_den,truth\n", 1, "not an integer");
}

Test(csv_errors, truth_values)
{
    const char *bad[] = { "2", "", "01", "-1", " 1", "1 ", "true", "0.0", "1\r\r" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char row[64];
        snprintf(row, sizeof row, "1,1,1,1,1,1,%s\n", bad[i]);
        expect_error(query_with_row8(row, 1), 8, "column 7 (truth): expected 0 or 1");
    }
}

Test(csv_errors, incomplete_query)
{
    char text[4096] = "";
    for (int i = 0; i < 12; i++)
        strcat(text, "1,1,1,1,1,1,0\n");
    expect_error(text, 12, "incomplete query 1: the file ends after 4 of its 8 rows");
    expect_error(text, 12, "the row count 12 is not a multiple of 8");
    expect_error("1,1,1,1,1,1,0\n", 1, "the row count 1 is not a multiple of 8");
    expect_error("1,1,1,1,1,1,0", 1, "not a multiple of 8");
}

Test(csv_errors, truth_disagreement)
{
    char text[4096] = "";
    for (int i = 0; i < 8; i++)
        strcat(text, "1,1,1,1,1,1,0\n");
    for (int i = 0; i < 8; i++)
        strcat(text, i == 5 ? "1,1,1,1,1,1,0\n" : "1,1,1,1,1,1,1\n");
    expect_error(text, 14, "truth 0 disagrees with truth 1 on line 9");
    expect_error(text, 14, "query 1");
}

Test(csv_errors, blank_lines)
{
    char text[4096] = "";
    for (int i = 0; i < 8; i++)
        strcat(text, i == 3 ? "\n1,1,1,1,1,1,0\n" : "1,1,1,1,1,1,0\n");
    expect_error(text, 4, "blank line");
    text[0] = '\0';
    for (int i = 0; i < 8; i++)
        strcat(text, "1,1,1,1,1,1,0\n");
    strcat(text, "\n");
    expect_error(text, 9, "blank line");
    text[strlen(text) - 1] = '\0';
    strcat(text, "\r\n");
    expect_error(text, 9, "blank line");
    expect_error("\n", 1, "blank line");
}

Test(csv_errors, stray_bytes)
{
    expect_error("1,1,1\r,1,1,1,0\n", 1, "column 3 (y_num): not an integer: '1\\x0D'");
    const char with_nul[] = "1,1,1\0,1,1,1,0\n";
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(
        ccdb_csv_parse("t.csv", with_nul, sizeof with_nul - 1, CCDB_KIND_VF, NULL, &ds, &err), -1);
    cr_assert(strstr(err.message, "t.csv:1: column 3 (y_num): not an integer: '1\\x00'"), "%s",
              err.message);
}

Test(csv_errors, long_field_is_shortened_in_message)
{
    char row[512];
    memset(row, '7', 300);
    row[300] = 'z';
    strcpy(row + 301, ",1,1,1,1,1,0\n");
    expect_error(row, 1, "not an integer: '7777777777777777777777777777777777777777...'");
}

Test(csv_errors, not_a_double)
{
    expect_error(query_with_row8("1,3,1,1,1,1,1\n", 1), 8,
                 "columns 1-2 (x): 1/3 is not exactly a double (use --round-inputs");
    expect_error("1,1,1,10,1,1,1\n", 1, "columns 3-4 (y): 1/10 is not exactly a double");
    /* 2^53 + 1 needs 54 bits. */
    expect_error("1,1,1,1,-9007199254740993,1,1\n", 1,
                 "columns 5-6 (z): -9007199254740993/1 is not exactly a double");
    /* 2^-1075 is below the smallest subnormal. */
    mpz_t z;
    mpz_init(z);
    mpz_setbit(z, 1075);
    char *den = mpz_get_str(NULL, 10, z);
    mpz_clear(z);
    char row[512];
    snprintf(row, sizeof row, "1,%s,1,1,1,1,1\n", den);
    expect_error(row, 1, "is not exactly a double");
    free(den);
}

Test(csv_errors, overflow)
{
    char row[1024];
    memset(row, '9', 400);
    strcpy(row + 400, ",1,1,1,1,1,1\n");
    expect_error(row, 1, "columns 1-2 (x): 999");
    expect_error(row, 1, "overflows double");
    expect_error_opt(row, 1, 1, "overflows double"); /* rounding does not save it */
    /* 2^1024 exactly: overflow even though it is a power of two. */
    mpz_t z;
    mpz_init(z);
    mpz_setbit(z, 1024);
    char *big = mpz_get_str(NULL, 10, z);
    snprintf(row, sizeof row, "1,1,1,1,-%s,1,1\n", big);
    expect_error(row, 1, "columns 5-6 (z): -1797693134862315907729");
    expect_error(row, 1, "overflows double");
    free(big);
    mpz_clear(z);
}
