/* test_util.c — util/: error messages and FNV-1a. */
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

Test(util, fnv1a64_known_values_and_chaining)
{
    /* Published FNV-1a 64 test vectors. */
    cr_assert_eq(ccdb_fnv1a64(CCDB_FNV1A64_BASIS, "", 0), UINT64_C(0xcbf29ce484222325));
    cr_assert_eq(ccdb_fnv1a64(CCDB_FNV1A64_BASIS, "a", 1), UINT64_C(0xaf63dc4c8601ec8c));
    cr_assert_eq(ccdb_fnv1a64(CCDB_FNV1A64_BASIS, "foobar", 6), UINT64_C(0x85944171f73967e8));
    uint64_t h = ccdb_fnv1a64(CCDB_FNV1A64_BASIS, "foo", 3);
    cr_assert_eq(ccdb_fnv1a64(h, "bar", 3), UINT64_C(0x85944171f73967e8), "pieces chain");
}
