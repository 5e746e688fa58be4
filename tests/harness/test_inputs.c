/* test_inputs.c — what `--data` reads: the 2023 layout (6-column queries, labels in a sibling
 * mma_bool/ JSON) found from a file, a scene folder or the dataset root, files without labels
 * judged by the exact truth alone and named in the report, every malformed label or row a
 * FILE:LINE error with exit 2; special files (FIFO with no writer, /dev/zero) refused at once as
 * inputs, labels and truth-cache entries (a FIFO in the cache is rebuilt, never waited on).
 * Runs the built ccdbench under `timeout` and an alarm, so that a hang fails instead of hanging. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_input.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_test.h"
#include "ccdb_truth_cache.h"
#include "ccdb_util.h"

#define BIN         CCDB_BINARY_DIR "/cli/ccdbench"
#define SAMPLE_2023 CCDB_SHARED_DIR "/" CCDB_TEST_SAMPLE_2023

static char dir[256];

static void setup(void)
{
    alarm(300); /* whole-test guard; each ccdbench run also has `timeout 60` */
    ccdb_test_mkdtemp(dir, sizeof dir, "test-inputs");
    struct stat st;
    cr_assert_eq(stat(BIN, &st), 0, "the ccdbench binary is not built: %s", BIN);
}

static void teardown(void)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
    alarm(0);
}

TestSuite(inputs, .init = setup, .fini = teardown);

/* Runs "ccdbench ARGS" in dir (stdout, stderr in dir/out.txt, dir/err.txt; cache in dir/cache).
 * Returns the exit status; a run killed by `timeout` fails the test. */
static int ccdbench(const char *fmt, ...)
{
    char args[4096], cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && CCDB_CACHE_DIR='%s/cache' timeout 60 '%s' %s >out.txt 2>err.txt", dir, dir,
             BIN, args);
    int st = system(cmd);
    cr_assert(WIFEXITED(st), "ccdbench did not exit normally: %s", cmd);
    cr_assert_neq(WEXITSTATUS(st), 124, "ccdbench hung (killed by timeout): %s", cmd);
    return WEXITSTATUS(st);
}

static char *captured(const char *which)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, which);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    char *s = calloc(1, 1 << 16);
    size_t n = fread(s, 1, (1 << 16) - 1, f);
    s[n] = '\0';
    fclose(f);
    return s;
}

static void expect_in(const char *which, const char *want)
{
    char *s = captured(which);
    cr_assert(strstr(s, want), "%s should contain '%s':\n%s", which, want, s);
    free(s);
}

static void write_file(const char *rel, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    char *slash = strrchr(path, '/');
    *slash = '\0';
    cr_assert_eq(ccdb_mkdir_p(path), 0);
    *slash = '/';
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

/* Two VF queries in the 2023 format (6 columns, no final newline): the vertex drops through the
 * triangle (a hit) in query 0 and beside it (a miss) in query 1. */
static const char *two_queries_6col(void)
{
    return "1,4,1,4,1,1\n0,1,0,1,0,1\n1,1,0,1,0,1\n0,1,1,1,0,1\n"
           "1,4,1,4,-1,1\n0,1,0,1,0,1\n1,1,0,1,0,1\n0,1,1,1,0,1\n"
           "5,1,5,1,1,1\n0,1,0,1,0,1\n1,1,0,1,0,1\n0,1,1,1,0,1\n"
           "5,1,5,1,-1,1\n0,1,0,1,0,1\n1,1,0,1,0,1\n0,1,1,1,0,1";
}

Test(inputs, sample_2023_read_with_labels_and_judged)
{
    ccdb_test_shared_path(CCDB_TEST_SAMPLE_2023); /* skips, or fails in CI, when absent */
    char **files = NULL, err[2048];
    size_t n = 0, queries = 0, trues = 0, disagree = 0;
    cr_assert_eq(ccdb_inputs_expand(SAMPLE_2023, &files, &n, err, sizeof err), 0, "%s", err);
    cr_assert_eq(n, 4, "four queries files (the JSON labels are not queries)");
    for (size_t i = 0; i < n; i++) {
        ccdb_input in;
        cr_assert_eq(ccdb_input_read(files[i], CCDB_KIND_UNKNOWN, 0, &in, err, sizeof err), 0, "%s",
                     err);
        cr_assert_not_null(in.ds.label, "%s: labels found in mma_bool/", files[i]);
        cr_assert_eq(in.ds.kind, strstr(files[i], "vf.csv") ? CCDB_KIND_VF : CCDB_KIND_EE);
        cr_assert_eq(ccdb_truth_for_input(&in, NULL, 0, 2, err, sizeof err), 0, "%s", err);
        for (size_t j = 0; j < in.ds.count; j++) {
            trues += in.ds.label[j];
            disagree += (in.ds.label[j] != 0) != (in.truth[j].hit != 0);
        }
        queries += in.ds.count;
        ccdb_input_free(&in);
        free(files[i]);
    }
    free(files);
    cr_log_info("2023 sample: %zu queries, %zu labelled true, %zu disagree with the exact truth",
                queries, trues, disagree);
    cr_assert_eq(queries, 5526);
    cr_assert_eq(trues, 5078, "the labels as published (5078 true)");
    /* Any disagreement must be explained in docs/ground-truth-disagreements.md. */
    cr_assert_eq(disagree, 0, "the exact truth agrees with every published 2023 label");
}

Test(inputs, data_on_a_file_a_scene_or_the_root_finds_the_labels)
{
    ccdb_test_shared_path(CCDB_TEST_SAMPLE_2023); /* skips, or fails in CI, when absent */
    static const struct {
        const char *data;
        const char *want;
    } cases[] = {
        { "cloth-funnel/queries/227vf.csv", "over the 1 of 1 datasets that have labels\n" },
        { "cloth-funnel", "over the 2 of 2 datasets that have labels\n" },
        { "", "over the 4 of 4 datasets that have labels\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cr_assert_eq(ccdbench("run --solvers null --repeat 1 --data '%s/%s' -o rep", SAMPLE_2023,
                              cases[i].data),
                     0, "--data %s", cases[i].data);
        expect_in("out.txt", "labels vs exact truth: 0 queries whose published label");
        expect_in("out.txt", cases[i].want);
        char *out = captured("out.txt");
        cr_assert_null(strstr(out, "no published labels"), "%s", out);
        free(out);
    }
}

Test(inputs, file_without_labels_is_judged_by_the_truth_alone)
{
    write_file("s/queries/7vf.csv", two_queries_6col());
    cr_assert_eq(ccdbench("run --solvers null,exact --repeat 1 --data s -o rep"), 0);
    expect_in("out.txt", "over the 0 of 1 datasets that have labels; the others have no "
                         "published labels");
    expect_in(
        "out.txt",
        "no published labels: 1 dataset(s), judged by the exact truth alone: s/queries/7vf.csv");
    expect_in("rep/index.html", "no published labels");
    /* The exact truth still judges it: null misses the one hit. */
    expect_in("rep/summary.csv", "null,s/queries/7vf.csv,vf,all,2,1,0,0,1,1,");
    /* With its labels (one of them wrong: counted as a disagreement). */
    write_file("s/mma_bool/7vf_mma_bool.json", "[true,true]\n");
    cr_assert_eq(ccdbench("run --solvers null --repeat 1 --data s/queries/7vf.csv -o rep"), 0);
    expect_in("out.txt", "labels vs exact truth: 1 queries whose published label (CSV truth "
                         "column or mma_bool JSON) disagrees with the exact truth, over the 1 of "
                         "1 datasets that have labels\n");
}

/* Each bad labels file: exit 2, "FILE:LINE: byte B: ..." on stderr, no report written. */
Test(inputs, malformed_labels_exit_2_with_file_line)
{
    static const struct {
        const char *json, *message;
    } bad[] = {
        { "[true]", "s/mma_bool/7vf_mma_bool.json:1: byte 6: the array closes with 1 labels, but "
                    "s/queries/7vf.csv has 2 queries (one label per query)" },
        { "[true,false,true]", "7vf_mma_bool.json:1: byte 17: the array closes with 3 labels" },
        { "[true,\n 1]", "7vf_mma_bool.json:2: byte 9: label 1: expected true or false, got '1'" },
        { "[true,false] x", "7vf_mma_bool.json:1: byte 14: unexpected data after the array's "
                            "closing ']': 'x'" },
        { "[true,false", "7vf_mma_bool.json:1: the file ends inside the array, after 2 labels" },
        { "", "7vf_mma_bool.json:1: the file ends before the array" },
        { "[true,nul]", "byte 7: label 1: expected true or false, got 'nul'" },
    };
    write_file("s/queries/7vf.csv", two_queries_6col());
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file("s/mma_bool/7vf_mma_bool.json", bad[i].json);
        cr_assert_eq(ccdbench("run --solvers null --data s -o rep%zu", i), 2, "'%s'", bad[i].json);
        expect_in("err.txt", bad[i].message);
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "%s/rep%zu/summary.csv", dir, i);
        cr_assert_neq(stat(path, &st), 0, "nothing written after bad input");
    }
}

Test(inputs, malformed_6_column_rows_exit_2_with_file_line)
{
    char text[1024];
    /* A 7-column row in a 6-column file. */
    const char *rest = strstr(two_queries_6col(), "5,1,5,1,1,1\n"); /* row 9 */
    snprintf(text, sizeof text, "%.*s5,1,5,1,1,1,0%s", (int)(rest - two_queries_6col()),
             two_queries_6col(), rest + 11);
    write_file("s/queries/7vf.csv", text);
    cr_assert_eq(ccdbench("run --solvers null --data s -o rep"), 2);
    expect_in("err.txt", "s/queries/7vf.csv:9: expected 6 columns (x_num,x_den,y_num,y_den,z_num,"
                         "z_den) as on line 1, found 7");
    /* A stray byte, and a missing row. */
    snprintf(text, sizeof text, "%s", two_queries_6col());
    text[strlen(text) - 1] = 'x';
    write_file("s/queries/7vf.csv", text);
    cr_assert_eq(ccdbench("run --solvers null --data s -o rep"), 2);
    expect_in("err.txt", "7vf.csv:16: column 6 (z_den): not an integer: 'x'");
    snprintf(text, sizeof text, "%s", two_queries_6col());
    *strrchr(text, '\n') = '\0';
    write_file("s/queries/7vf.csv", text);
    cr_assert_eq(ccdbench("truth s/queries/7vf.csv"), 2);
    expect_in("err.txt", "7vf.csv:15: incomplete query 1: the file ends after 7 of its 8 rows");
    /* `truth` reads the 2023 format too (kind from the name). */
    write_file("s/queries/7vf.csv", two_queries_6col());
    cr_assert_eq(ccdbench("truth s/queries/7vf.csv"), 0);
    expect_in("out.txt", "index,hit,toi_lo,toi_hi,class\n0,1,0.5,0.5,");
}

Test(inputs, fifo_and_device_inputs_are_refused_at_once)
{
    char fifo[512];
    snprintf(fifo, sizeof fifo, "%s/f.csv", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    cr_assert_eq(ccdbench("run --solvers null --data f.csv --kind vf -o rep"), 2);
    expect_in("err.txt", "f.csv: cannot read: a FIFO: only regular files are read");
    cr_assert_eq(ccdbench("truth f.csv --kind vf"), 2);
    expect_in("err.txt", "f.csv: cannot read: a FIFO");
    cr_assert_eq(ccdbench("replay f.csv --kind vf --index 0"), 2);
    expect_in("err.txt", "f.csv: cannot read: a FIFO");
    cr_assert_eq(ccdbench("truth /dev/zero --kind vf"), 2);
    expect_in("err.txt", "/dev/zero: cannot read: a character device");
    /* In a data folder a FIFO named *.csv is refused too, not skipped silently. */
    write_file("s/queries/7vf.csv", two_queries_6col());
    snprintf(fifo, sizeof fifo, "%s/s/queries/8vf.csv", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    cr_assert_eq(ccdbench("run --solvers null --data s -o rep"), 2);
    expect_in("err.txt", "8vf.csv: cannot read: a FIFO");
    unlink(fifo);
    /* A FIFO as the labels file. */
    snprintf(fifo, sizeof fifo, "%s/s/mma_bool", dir);
    cr_assert_eq(ccdb_mkdir_p(fifo), 0);
    snprintf(fifo, sizeof fifo, "%s/s/mma_bool/7vf_mma_bool.json", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    cr_assert_eq(ccdbench("run --solvers null --data s -o rep"), 2);
    expect_in("err.txt", "7vf_mma_bool.json: cannot read: a FIFO");
}

Test(inputs, fifo_in_the_truth_cache_is_rebuilt)
{
    write_file("s/queries/7vf.csv", two_queries_6col());
    cr_assert_eq(ccdbench("run --solvers null --repeat 1 --data s -o rep"), 0);
    /* The one cache entry, replaced by a FIFO with no writer. */
    char cmd[1024], entry[1024];
    snprintf(cmd, sizeof cmd, "ls '%s'/cache/truth/*.bin", dir);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(fgets(entry, sizeof entry, p));
    pclose(p);
    entry[strcspn(entry, "\n")] = '\0';
    cr_assert_eq(unlink(entry), 0);
    cr_assert_eq(mkfifo(entry, 0600), 0);
    cr_assert_eq(ccdbench("run --solvers null --repeat 1 --data s -o rep"), 0);
    expect_in("err.txt", "truth cache entry rejected");
    expect_in("err.txt", "a FIFO");
    struct stat st;
    cr_assert_eq(lstat(entry, &st), 0);
    cr_assert(S_ISREG(st.st_mode), "rebuilt as a regular file");
    /* And now it is used. */
    cr_assert_eq(ccdbench("run --solvers null --repeat 1 --data s -o rep"), 0);
    char *err = captured("err.txt");
    cr_assert_null(strstr(err, "rejected"), "%s", err);
    free(err);
    /* The same through the API: load refuses it at once (-1: rebuild), never blocks. */
    cr_assert_eq(unlink(entry), 0);
    cr_assert_eq(mkfifo(entry, 0600), 0);
    char cache[512], why[4400];
    snprintf(cache, sizeof cache, "%s/cache", dir);
    const char *hex = strrchr(entry, '/') + 1;
    unsigned char key[32];
    for (int i = 0; i < 32; i++) {
        unsigned v;
        cr_assert_eq(sscanf(hex + 2 * i, "%2x", &v), 1);
        key[i] = (unsigned char)v;
    }
    ccdb_truth_result out[2];
    cr_assert_eq(ccdb_truth_cache_load(cache, key, 2, out, why, sizeof why), -1);
    cr_assert(strstr(why, "a FIFO"), "%s", why);
}
