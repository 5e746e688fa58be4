/* test_util.c — util/: error messages. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_util.h"

Test(util, errorf_formats_and_returns_minus_one)
{
    char err[16];
    cr_assert_eq(ccdb_errorf(err, sizeof err, "%s:%d: %s", "f.csv", 12, "bad value here"), -1);
    cr_assert_str_eq(err, "f.csv:12: bad v", "truncated to the buffer");
    cr_assert_eq(ccdb_errorf(NULL, 0, "%s", "nowhere"), -1);
    cr_assert_eq(ccdb_errorf(err, 0, "%s", "nowhere"), -1);
    cr_assert_str_eq(err, "f.csv:12: bad v", "errlen 0 writes nothing");
}
