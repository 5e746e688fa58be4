/* test_labels_json.c — the 2023 labels reader (a strict JSON array of booleans): good arrays,
 * every malformed case with its FILE:LINE, byte and array position, the count check, the same
 * result for every read size; and the 2023 layout rules (kind from the file name, where the
 * labels are). */
#include <criterion/criterion.h>
#include <unistd.h>

#include "csv_test_util.h"
#include "ccdb_test_fixtures.h"
#include "labels_json.h"

/* Parses text expecting `count` labels, with every read size from 1 to 9 and whole: all must
 * agree (result, labels, message). Returns the result; *err holds the message. */
static int parse_labels(const char *text, size_t len, size_t count, unsigned char *out,
                        ccdb_csv_error *err)
{
    int rc = ccdb_labels_parse("l.json", text, len, "q.csv", count, out, err);
    for (size_t bytes = 1; bytes <= 9; bytes++) {
        unsigned char again[64];
        ccdb_csv_error e2;
        cr_assert_leq(count, sizeof again);
        int rc2 = labels_parse_in_reads("l.json", text, len, "q.csv", count, again, bytes, &e2);
        cr_assert_eq(rc2, rc, "read size %zu: %s", bytes, rc ? err->message : e2.message);
        if (rc)
            cr_assert_str_eq(e2.message, err->message, "read size %zu", bytes);
        else
            cr_assert(memcmp(again, out, count) == 0, "read size %zu", bytes);
    }
    return rc;
}

static void expect_labels(const char *text, size_t count, const char *want)
{
    unsigned char got[64];
    ccdb_csv_error err;
    cr_assert_eq(parse_labels(text, strlen(text), count, got, &err), 0, "'%s': %s", text,
                 err.message);
    for (size_t i = 0; i < count; i++)
        cr_assert_eq(got[i], want[i] == '1', "'%s' label %zu", text, i);
}

/* Expects "l.json:LINE: ...REASON..." for text. */
static void expect_bad_n(const char *text, size_t len, size_t count, size_t line,
                         const char *reason)
{
    unsigned char got[64];
    ccdb_csv_error err;
    cr_assert_eq(parse_labels(text, len, count, got, &err), -1, "'%s' should fail (%s)", text,
                 reason);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "l.json:%zu: ", line);
    cr_assert(strncmp(err.message, prefix, strlen(prefix)) == 0, "'%s' should start with '%s'",
              err.message, prefix);
    cr_assert(strstr(err.message, reason), "'%s' should contain '%s'", err.message, reason);
}

static void expect_bad(const char *text, size_t count, size_t line, const char *reason)
{
    expect_bad_n(text, strlen(text), count, line, reason);
}

Test(labels_json, good_arrays)
{
    expect_labels("[true,false,true]", 3, "101");
    expect_labels("[true,false,true]\n", 3, "101");
    expect_labels(" \t\r\n[ true ,\n false\r\n, true ] \n\n", 3, "101");
    expect_labels("[]", 0, "");
    expect_labels("[ ]\n", 0, "");
    expect_labels("[false]", 1, "0");
}

Test(labels_json, malformed_with_line_byte_and_position)
{
    expect_bad("", 0, 1, "the file ends before the array (expected '['");
    expect_bad(" \n ", 0, 2, "the file ends before the array");
    expect_bad("{}", 0, 1,
               "byte 1: expected '[' (the labels are a JSON array of booleans), got '{}'");
    expect_bad("true", 1, 1,
               "byte 1: expected '[' (the labels are a JSON array of booleans), got 'true'");
    expect_bad("\xEF\xBB\xBF[true]", 1, 1, "byte 1: expected '['");
    expect_bad("\xEF\xBB\xBF[true]", 1, 1, "got '\\xEF\\xBB\\xBF'");
    expect_bad("[", 0, 1, "the file ends inside the array, after 0 labels (no closing ']')");
    expect_bad("[true", 1, 1, "the file ends inside the array, after 1 labels");
    expect_bad("[true,", 1, 1, "the file ends inside the array, after 1 labels");
    expect_bad("[tru", 1, 1, "label 0: the file ends inside 'tru' (expected true or false)");
    expect_bad("[true,]", 1, 1, "byte 7: label 1: expected true or false, got ']'");
    expect_bad("[,true]", 1, 1, "byte 2: label 0: expected true, false or ']', got ','");
    expect_bad("[true true]", 2, 1, "byte 7: after label 0: expected ',' or ']', got 'true'");
    expect_bad("[true,\n1]", 2, 2, "byte 8: label 1: expected true or false, got '1'");
    expect_bad("[null]", 1, 1, "byte 2: label 0: expected true, false or ']', got 'null'");
    expect_bad("[\"true\"]", 1, 1, "label 0: expected true, false or ']', got '\"true\"'");
    expect_bad("[True]", 1, 1, "label 0: expected true, false or ']', got 'True'");
    expect_bad("[false,fals]", 2, 1, "byte 8: label 1: expected true or false, got 'fals]'");
    expect_bad("[false,fAlse]", 2, 1, "byte 8: label 1: expected true or false, got 'fAlse'");
    expect_bad("[truex]", 1, 1, "byte 6: after label 0: expected ',' or ']', got 'x'");
    expect_bad("[[true]]", 1, 1, "byte 2: label 0: expected true, false or ']', got '['");
    expect_bad("[true]x", 1, 1, "byte 7: unexpected data after the array's closing ']': 'x'");
    expect_bad("[true]\n]", 1, 2, "byte 8: unexpected data after the array's closing ']': ']'");
    expect_bad("[true][false]", 1, 1, "unexpected data after the array's closing ']': '['");
    expect_bad("[true,\xc2\xa0"
               "false]",
               2, 1, "byte 7: label 1: expected true or false, got '\\xC2\\xA0false'");
    expect_bad_n("[true]\0", 7, 1, 1, "unexpected data after the array's closing ']': '\\x00'");
    expect_bad_n("[t\0rue]", 7, 1, 1, "byte 2: label 0: expected true or false, got 't\\x00rue'");
}

Test(labels_json, count_must_match_the_queries)
{
    expect_bad("[true,false]", 3, 1,
               "byte 12: the array closes with 2 labels, but q.csv has 3 queries (one label per "
               "query)");
    expect_bad("[true,false,\ntrue,true]", 3, 2,
               "byte 23: the array closes with 4 labels, but "
               "q.csv has 3 queries");
    expect_bad("[]", 1, 1, "the array closes with 0 labels, but q.csv has 1 queries");
    /* The count is reported before trailing data (it comes first in the file). */
    expect_bad("[true]x", 2, 1, "the array closes with 1 labels");
}

Test(labels_json, long_arrays_and_files)
{
    enum { N = 5000 };
    char *text = malloc(N * 7 + 8);
    unsigned char *want = malloc(N), *got = malloc(N);
    size_t at = 0;
    text[at++] = '[';
    uint64_t seed = 5;
    for (size_t i = 0; i < N; i++) {
        want[i] = (unsigned char)(ccdb_splitmix64(&seed) & 1);
        at += (size_t)sprintf(text + at, "%s%s", i ? "," : "", want[i] ? "true" : "false");
    }
    text[at++] = ']';
    ccdb_csv_error err;
    for (size_t bytes = 1; bytes < 5000; bytes = bytes * 3 + 1) {
        memset(got, 7, N);
        cr_assert_eq(labels_parse_in_reads("l.json", text, at, "q.csv", N, got, bytes, &err), 0,
                     "%s", err.message);
        cr_assert(memcmp(got, want, N) == 0, "read size %zu", bytes);
    }
    /* From a file. */
    char dir[256], path[512];
    ccdb_test_mkdtemp(dir, sizeof dir, "labels");
    snprintf(path, sizeof path, "%s/l.json", dir);
    ccdb_test_write_file(path, text, at);
    memset(got, 7, N);
    cr_assert_eq(ccdb_labels_read(path, "q.csv", N, got, &err), 0, "%s", err.message);
    cr_assert(memcmp(got, want, N) == 0);
    cr_assert_eq(ccdb_labels_read(path, "q.csv", N - 1, got, &err), -1);
    cr_assert(strstr(err.message, "the array closes with 5000 labels, but q.csv has 4999 queries"),
              "%s", err.message);
    cr_assert(strncmp(err.message, path, strlen(path)) == 0, "names the file: %s", err.message);
    unlink(path);
    cr_assert_eq(ccdb_labels_read(path, "q.csv", N, got, &err), -1);
    cr_assert(strstr(err.message, "cannot open: No such file or directory"), "%s", err.message);
    rmdir(dir);
    free(text);
    free(want);
    free(got);
}

Test(layout_2023, kind_from_the_file_name)
{
    cr_assert_eq(ccdb_kind_from_path("scene/queries/227vf.csv"), CCDB_KIND_VF);
    cr_assert_eq(ccdb_kind_from_path("scene/queries/3036ee.csv"), CCDB_KIND_EE);
    cr_assert_eq(ccdb_kind_from_path("vf.csv"), CCDB_KIND_VF);
    cr_assert_eq(ccdb_kind_from_path("/abs/0ee.csv"), CCDB_KIND_EE);
    cr_assert_eq(ccdb_kind_from_path("227vf"), CCDB_KIND_VF, "without .csv too");
    /* Not the rule: a word ending in ee, letters before vf, other suffixes. */
    cr_assert_eq(ccdb_kind_from_path("coffee.csv"), CCDB_KIND_UNKNOWN);
    cr_assert_eq(ccdb_kind_from_path("a227vf.csv"), CCDB_KIND_UNKNOWN);
    cr_assert_eq(ccdb_kind_from_path("227_vf.csv"), CCDB_KIND_UNKNOWN);
    cr_assert_eq(ccdb_kind_from_path("227VF.csv"), CCDB_KIND_UNKNOWN);
    cr_assert_eq(ccdb_kind_from_path("227vf.csv.bak"), CCDB_KIND_UNKNOWN);
    cr_assert_eq(ccdb_kind_from_path("vf/data.csv"), CCDB_KIND_UNKNOWN, "the name, not a folder");
    /* A 2021 folder wins over the name. */
    cr_assert_eq(ccdb_kind_from_path("s/edge-edge/227vf.csv"), CCDB_KIND_EE);
}

static void expect_labels_path(const char *queries, const char *want)
{
    char buf[256];
    cr_assert_eq(ccdb_labels_path(queries, buf, sizeof buf), 0);
    cr_assert_str_eq(buf, want, "labels of %s", queries);
}

Test(layout_2023, where_the_labels_are)
{
    expect_labels_path("data/cloth-funnel/queries/227vf.csv",
                       "data/cloth-funnel/mma_bool/227vf_mma_bool.json");
    expect_labels_path("/d/s//queries//3036ee.csv", "/d/s/mma_bool/3036ee_mma_bool.json");
    expect_labels_path("queries/1ee.csv", "mma_bool/1ee_mma_bool.json");
    expect_labels_path("/queries/1ee.csv", "/mma_bool/1ee_mma_bool.json");
    expect_labels_path("1ee.csv", "./../mma_bool/1ee_mma_bool.json");
    expect_labels_path("../1ee.csv", "../../mma_bool/1ee_mma_bool.json");
    expect_labels_path("s/./1ee.csv", "s/./../mma_bool/1ee_mma_bool.json");
    char small[20];
    cr_assert_eq(ccdb_labels_path("data/cloth-funnel/queries/227vf.csv", small, sizeof small), -1);
}
