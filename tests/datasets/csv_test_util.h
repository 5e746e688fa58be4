/* csv_test_util.h — helpers shared by the CSV tests: parse from a string, expect an error at a
 * line (files are read and written with tests/support's fixtures). */
#ifndef CSV_TEST_UTIL_H
#define CSV_TEST_UTIL_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_test_fixtures.h"
#include "prng.h" /* ccdb_splitmix64 */

/* Parses `text` as the file "t.csv". */
static inline int parse_text(const char *text, int round_inputs, ccdb_dataset *ds,
                             ccdb_csv_error *err)
{
    ccdb_csv_options opt = { .round_inputs = round_inputs };
    return ccdb_csv_parse("t.csv", text, strlen(text), CCDB_KIND_VF, &opt, ds, err);
}

/* Expects parsing to fail with "t.csv:LINE: ...REASON..." and nothing returned. */
static inline void expect_error_opt(const char *text, int round_inputs, size_t line,
                                    const char *reason)
{
    ccdb_dataset ds;
    ccdb_csv_error err;
    memset(&err, 0, sizeof err);
    int rc = parse_text(text, round_inputs, &ds, &err);
    cr_assert_eq(rc, -1, "expected an error (%s) for input:\n%s", reason, text);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "t.csv:%zu: ", line);
    cr_assert(strncmp(err.message, prefix, strlen(prefix)) == 0,
              "message '%s' should start with '%s'", err.message, prefix);
    cr_assert(strstr(err.message, reason) != NULL, "message '%s' should contain '%s'", err.message,
              reason);
    cr_assert_eq(ds.count, 0);
    cr_assert_null(ds.q);
    cr_assert_null(ds.label);
    cr_assert_null(ds.name);
}

static inline void expect_error(const char *text, size_t line, const char *reason)
{
    expect_error_opt(text, 0, line, reason);
}

/* Seven good rows (a query minus one) with truth t, then `row` as row 8. */
static inline char *query_with_row8(const char *row, int t)
{
    static char buf[8192];
    buf[0] = '\0';
    for (int i = 0; i < 7; i++) {
        char line[64];
        snprintf(line, sizeof line, "%d,1,1,2,-3,4,%d\n", i, t);
        strcat(buf, line);
    }
    strcat(buf, row);
    return buf;
}

#endif
