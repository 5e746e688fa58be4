/* test_cli.c — the ccdbench binary as users run it: exit codes (0 ok, 2 bad usage or input),
 * error messages, `truth` output format, -o atomic writes. Runs the built executable with
 * posix_spawn, its stdout and stderr going to temporary files. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_test.h"
#include "ccdb_test_fixtures.h"

#define CCDBENCH CCDB_BINARY_DIR "/cli/ccdbench"

extern char **environ;

static char tmpdir[256];

static void make_tmpdir(void)
{
    ccdb_test_mkdtemp(tmpdir, sizeof tmpdir, "cli");
}

static void remove_tmpdir(void)
{
    ccdb_test_rmtree(tmpdir);
}

TestSuite(cli, .init = make_tmpdir, .fini = remove_tmpdir);

static void write_text(const char *path, const char *text)
{
    ccdb_test_write_file(path, text, strlen(text));
}

static char *tmp_path(const char *name)
{
    static char paths[8][512];
    static int next;
    char *p = paths[next++ % 8];
    snprintf(p, 512, "%s/%s", tmpdir, name);
    return p;
}

static int run_to(const char *stdout_path, char **out, char **err, const char *const *args);

/* Runs ccdbench with args (NULL-terminated, without argv[0]); returns its exit status and
 * fills *out / *err (malloc'ed) with what it printed. */
static int run(char **out, char **err, const char *const *args)
{
    return run_to(NULL, out, err, args);
}

/* The same with stdout going to stdout_path (opened without O_CREAT: an existing file, e.g.
 * /dev/full) when it is not NULL; *out is then "". */
static int run_to(const char *stdout_path, char **out, char **err, const char *const *args)
{
    if (access(CCDBENCH, X_OK) != 0)
        cr_assert_fail("%s is not built (test_cli depends on the ccdbench target)", CCDBENCH);
    char *argv[32];
    int n = 0;
    argv[n++] = (char *)CCDBENCH;
    for (; args[n - 1]; n++) {
        cr_assert_lt(n, 31);
        argv[n] = (char *)args[n - 1];
    }
    argv[n] = NULL;
    char *o = tmp_path("stdout.txt"), *e = tmp_path("stderr.txt");
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (stdout_path)
        posix_spawn_file_actions_addopen(&fa, 1, stdout_path, O_WRONLY, 0);
    else
        posix_spawn_file_actions_addopen(&fa, 1, o, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, e, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    pid_t pid;
    cr_assert_eq(posix_spawn(&pid, CCDBENCH, &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status), "ccdbench did not exit normally (status %d)", status);
    *out = stdout_path ? strdup("") : ccdb_test_slurp(o, NULL);
    *err = ccdb_test_slurp(e, NULL);
    unlink(o);
    unlink(e);
    return WEXITSTATUS(status);
}

#define RUN(out, err, ...) run(out, err, (const char *const[]){ __VA_ARGS__, NULL })
#define RUN_TO(path, out, err, ...) \
    run_to(path, out, err, (const char *const[]){ __VA_ARGS__, NULL })

static size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* Point through the middle of a fixed triangle at t = 1/2 (a hit), then one that stays above
 * it (a miss): canonical rational CSV, 8 rows per query. */
static const char *two_vf_queries = "1,4,1,4,1,1,1\n"
                                    "0,1,0,1,0,1,1\n"
                                    "1,1,0,1,0,1,1\n"
                                    "0,1,1,1,0,1,1\n"
                                    "1,4,1,4,-1,1,1\n"
                                    "0,1,0,1,0,1,1\n"
                                    "1,1,0,1,0,1,1\n"
                                    "0,1,1,1,0,1,1\n"
                                    "1,4,1,4,1,1,0\n"
                                    "0,1,0,1,0,1,0\n"
                                    "1,1,0,1,0,1,0\n"
                                    "0,1,1,1,0,1,0\n"
                                    "1,4,1,4,2,1,0\n"
                                    "0,1,0,1,0,1,0\n"
                                    "1,1,0,1,0,1,0\n"
                                    "0,1,1,1,0,1,0\n";

Test(cli, version_and_help)
{
    char *out, *err;
    cr_assert_eq(RUN(&out, &err, "--version"), 0);
    cr_assert(strstr(out, "ccdbench") == out, "%s", out);
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "--help"), 0);
    cr_assert(strstr(out, "usage: ccdbench") != NULL, "%s", out);
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "truth", "--help"), 0);
    cr_assert(strstr(out, "usage: ccdbench truth FILE.csv") == out, "%s", out);
    cr_assert(strstr(out, "index,hit,toi_lo,toi_hi,class") != NULL);
    free(out);
    free(err);
}

Test(cli, bad_usage_exits_2_with_one_line_and_usage)
{
    struct {
        const char *args[4];
        const char *message;
    } cases[] = {
        { { "frobnicate" }, "ccdbench: unknown command 'frobnicate'" },
        { { "truth" }, "ccdbench truth: missing FILE.csv" },
        { { "truth", "--bogus", "x.csv" }, "ccdbench truth: unknown option '--bogus'" },
        { { "truth", "x.csv", "--kind" }, "ccdbench truth: --kind needs a value" },
        { { "truth", "x.csv", "--kind", "vv" },
          "ccdbench truth: --kind must be vf|ee|rigid-vf|rigid-ee|sweep-vf|sweep-ee, not 'vv'" },
        { { "truth", "x.csv", "-o" }, "ccdbench truth: -o needs a value" },
        { { "truth", "x.csv", "y.csv" }, "ccdbench truth: one FILE.csv only" },
        { { "truth", "x.csv" }, "pass --kind vf|ee|rigid-vf|rigid-ee|sweep-vf|sweep-ee" },
        { { "truth", "x.csv", "--min-sep", "-1" },
          "ccdbench truth: --min-sep must be a finite number >= 0 (0, or at least the smallest "
          "double, 4.9e-324), not '-1'" },
        { { "truth", "x.csv", "--min-sep", "1e999" },
          "ccdbench truth: --min-sep must be a finite number >= 0 (0, or at least the smallest "
          "double, 4.9e-324), not '1e999'" },
        { { "truth", "x.csv", "--min-sep" }, "ccdbench truth: --min-sep needs a value" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out, *err;
        const char *const *a = cases[i].args;
        const char *argv[5] = { a[0], a[1], a[2], a[3], NULL };
        cr_assert_eq(run(&out, &err, argv), 2, "case %zu: %s", i, cases[i].message);
        cr_assert(strstr(err, cases[i].message) != NULL, "stderr '%s' lacks '%s'", err,
                  cases[i].message);
        cr_assert(strchr(err, '\n') != NULL && strstr(strchr(err, '\n'), "usage:") != NULL,
                  "usage follows the one-line error: %s", err);
        cr_assert_str_eq(out, "");
        free(out);
        free(err);
    }
}

Test(cli, truth_bad_input_names_file_and_line)
{
    char *out, *err;
    char *missing = tmp_path("missing.csv");
    cr_assert_eq(RUN(&out, &err, "truth", "--kind", "vf", missing), 2);
    char want[600];
    snprintf(want, sizeof want, "%s: cannot open", missing);
    cr_assert(strstr(err, want) == err, "%s", err);
    free(out);
    free(err);

    char *bad = tmp_path("bad.csv");
    write_text(bad, "1,1,1,1,1,1,0\n1,1,1,1,1,1,0\n1,1,1.5,1,1,1,0\n");
    cr_assert_eq(RUN(&out, &err, "truth", "--kind", "ee", bad), 2);
    snprintf(want, sizeof want, "%s:3: column 3 (y_num): not an integer: '1.5'", bad);
    cr_assert(strstr(err, want) == err, "%s", err);
    cr_assert_str_eq(out, "");
    free(out);
    free(err);

    write_text(bad, "1,1,1,1,1,1,0\n");
    cr_assert_eq(RUN(&out, &err, "truth", "--kind", "ee", bad), 2);
    snprintf(want, sizeof want, "%s:1: incomplete query 0", bad);
    cr_assert(strstr(err, want) == err, "%s", err);
    free(out);
    free(err);
}

Test(cli, truth_output_format)
{
    char *in = tmp_path("two.csv");
    write_text(in, two_vf_queries);
    char *out, *err;
    cr_assert_eq(RUN(&out, &err, "truth", in, "--kind", "vf"), 0, "%s", err);
    cr_assert_eq(count_lines(out), 3, "%s", out);
    cr_assert(strncmp(out, "index,hit,toi_lo,toi_hi,class\n", 30) == 0, "%s", out);
    /* t = 1/2 exactly: a double, so toi_lo == toi_hi == 0.5. */
    cr_assert(strstr(out, "\n0,1,0.5,0.5,") != NULL, "%s", out);
    cr_assert(strstr(out, "\n1,0,,,") != NULL, "%s", out);
    cr_assert_str_eq(err, "");
    free(out);
    free(err);
}

/* A sweep whose vertex grazes the triangle's plane 2^-81 deep: a hit for the judge, undecided
 * under a 64-bit precision cap (CCDB_TRUTH_SWEEP_BITS, tests only): `truth` prints the class,
 * `run` counts it in summary.csv's last column (undecided), says so in index.html and on the
 * terminal, writes it to undecided/ with its findings.csv row and replay command (which replays
 * it: UNDECIDED), and the file's truth column is not counted as disagreeing with it. */
Test(cli, sweep_undecided_counted_and_reported)
{
    char dir[600], file[700], report[700], path[800];
    snprintf(dir, sizeof dir, "%s/sweep-vertex-face", tmpdir);
    cr_assert_eq(mkdir(dir, 0700), 0);
    snprintf(file, sizeof file, "%s/g.csv", dir);
    snprintf(report, sizeof report, "%s/report", tmpdir);
    write_text(file, "0,1,-1,1,1099511627777,1099511627776,1\n-4,1,-4,1,0,1,1\n"
                     "4,1,-4,1,0,1,1\n0,1,4,1,0,1,1\n0,1,0,1,1,1,1\n1,1,0,1,0,1,1\n"
                     "0,1,0,1,0,1,1\n0,1,3,1,0,1,1\n");
    char *out, *err;
    cr_assert_eq(RUN(&out, &err, "truth", file), 0, "%s", err);
    cr_expect(strstr(out, "\n0,1,0.5235987755982988") != NULL, "%s", out);
    free(out), free(err);
    setenv("CCDB_TRUTH_SWEEP_BITS", "64", 1);
    cr_assert_eq(RUN(&out, &err, "truth", file), 0, "%s", err);
    cr_expect(strstr(out, "\n0,0,,,undecided\n") != NULL, "%s", out);
    free(out), free(err);
    int rc =
        RUN(&out, &err, "run", "--data", file, "--solvers", "exact", "--no-cache", "-o", report);
    unsetenv("CCDB_TRUTH_SWEEP_BITS");
    cr_assert_eq(rc, 0, "%s", err);
    cr_expect(strstr(out, "labels vs exact truth: 0 queries") != NULL, "%s", out);
    cr_expect(strstr(out, "undecided: the exact judge could not certify some queries") != NULL,
              "%s", out);
    free(out), free(err);
    /* Its own findings file, undecided/<kind folder>/<dataset label as a file name>.csv, and its
     * row of findings.csv (category undecided, no solver) with the replay command. */
    char name[700], upath[2200];
    size_t n = 0;
    for (const char *c = file; *c && strcmp(c, ".csv"); c++)
        name[n++] = isalnum((unsigned char)*c) || strchr("._-", *c) ? *c : '_';
    name[n] = '\0';
    snprintf(upath, sizeof upath, "%s/undecided/sweep-vertex-face/%s.csv", report, name);
    char *und = ccdb_test_slurp(upath, NULL);
    cr_assert_not_null(und, "%s", upath);
    cr_expect_eq(count_lines(und), 8, "%s", und);
    cr_expect(!strncmp(und, "0,1,-1,1,1099511627777,1099511627776,0\n", 39), "%s", und);
    free(und);
    snprintf(path, sizeof path, "%s/findings.csv", report);
    char *table = ccdb_test_slurp(path, NULL);
    char want[4000];
    snprintf(want, sizeof want, "\nundecided,,sweep-vf,%s,0,undecided,,,0,,,,,%s/undecided/", file,
             report);
    cr_expect(strstr(table, want) != NULL, "%s", table);
    snprintf(want, sizeof want,
             "%s.csv,0,ccdbench replay %s/undecided/sweep-vertex-face/%s.csv --index 0\n", name,
             report, name);
    cr_expect(strstr(table, want) != NULL, "%s", table);
    free(table);
    snprintf(upath, sizeof upath, "%s/undecided/sweep-vertex-face/%s.csv", report, name);
    setenv("CCDB_TRUTH_SWEEP_BITS", "64", 1);
    rc = RUN(&out, &err, "replay", upath, "--index", "0", "--solvers", "exact");
    unsetenv("CCDB_TRUTH_SWEEP_BITS");
    cr_expect_eq(rc, 0, "%s", err);
    cr_expect(strstr(out, "class undecided") != NULL, "%s", out);
    cr_expect(strstr(out, "failed                                       1  UNDECIDED (the exact "
                          "truth is undecided: not judged)") != NULL,
              "%s", out);
    free(out), free(err);
    /* A report with undecided/ is a report: a second run replaces it. */
    setenv("CCDB_TRUTH_SWEEP_BITS", "64", 1);
    rc = RUN(&out, &err, "run", "--data", file, "--solvers", "exact", "--no-cache", "-o", report);
    unsetenv("CCDB_TRUTH_SWEEP_BITS");
    cr_expect_eq(rc, 0, "%s", err);
    free(out), free(err);
    snprintf(path, sizeof path, "%s/summary.csv", report);
    char *csv = ccdb_test_slurp(path, NULL);
    cr_expect(strstr(csv, ",undecided\n") != NULL, "header: %s", csv);
    cr_expect(strstr(csv, ",sweep-vf,all,1,0,0,0,0,0,") != NULL, "%s", csv); /* no outcome */
    const char *row = strstr(csv, ",sweep-vf,all,");
    cr_assert_not_null(row, "%s", csv);
    const char *eol = strchr(row, '\n');
    cr_expect(eol && eol - row > 2 && !strncmp(eol - 2, ",1", 2), "%s", csv);
    free(csv);
    snprintf(path, sizeof path, "%s/index.html", report);
    char *html = ccdb_test_slurp(path, NULL);
    cr_expect(strstr(html, "id=\"undecided\"><strong>1 undecided</strong>") != NULL);
    free(html);
}

Test(cli, truth_min_sep)
{
    char in[512]; /* (tmp_path's buffers are reused by run) */
    snprintf(in, sizeof in, "%s", tmp_path("two.csv"));
    write_text(in, two_vf_queries);
    char *out, *err, *out0, *err0;
    cr_assert_eq(RUN(&out, &err, "truth", in, "--kind", "vf"), 0, "%s", err);
    cr_assert_eq(RUN(&out0, &err0, "truth", in, "--kind", "vf", "--min-sep", "0"), 0, "%s", err0);
    cr_assert_str_eq(out0, out); /* d = 0 is the contact judge */
    free(out);
    free(err);
    free(out0);
    free(err0);
    /* z = 1 - 2t reaches 1/4 at t = 3/8 above the face; the second vertex starts 1 above the
     * plane (1/4, 1/4 inside the triangle) and moves away: a hit at t = 0 exactly at d = 1. */
    cr_assert_eq(RUN(&out, &err, "truth", in, "--kind", "vf", "--min-sep", "0.25"), 0, "%s", err);
    cr_assert(strstr(out, "\n0,1,0.375,0.375,sep_face\n") != NULL, "%s", out);
    cr_assert(strstr(out, "\n1,0,,,generic\n") != NULL, "%s", out);
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "truth", in, "--kind", "vf", "--min-sep", "1"), 0, "%s", err);
    cr_assert(strstr(out, "\n1,1,0,0,contact_t0\n") != NULL, "%s", out);
    free(out);
    free(err);
}

Test(cli, truth_output_file_is_atomic_and_matches_stdout)
{
    char *in = tmp_path("two.csv"), *res = tmp_path("res.csv");
    write_text(in, two_vf_queries);
    char *out, *err, *out2, *err2;
    cr_assert_eq(RUN(&out, &err, "truth", "--kind", "vf", in), 0, "%s", err);
    write_text(res, "previous\n");
    cr_assert_eq(RUN(&out2, &err2, "truth", "--kind", "vf", "-o", res, in), 0, "%s", err2);
    cr_assert_str_eq(out2, "");
    char *file = ccdb_test_slurp(res, NULL);
    cr_assert_str_eq(file, out);
    free(file);
    /* Only the input and the result in the folder: no temporary left behind. */
    DIR *d = opendir(tmpdir);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.') {
            n++;
            cr_assert(strstr(e->d_name, ".tmp.") == NULL, "left: %s", e->d_name);
        }
    closedir(d);
    cr_assert_eq(n, 2);
    free(out);
    free(err);
    free(out2);
    free(err2);

    /* An unwritable destination: exit 2, nothing created. */
    char *nowhere = tmp_path("no/such/dir.csv");
    cr_assert_eq(RUN(&out, &err, "truth", "--kind", "vf", "-o", nowhere, in), 2);
    cr_assert(strstr(err, "cannot write") != NULL, "%s", err);
    free(out);
    free(err);
}

Test(cli, truth_stats_and_round_inputs)
{
    char *in = tmp_path("two.csv");
    write_text(in, two_vf_queries);
    char *out, *err, *plain, *err2;
    cr_assert_eq(RUN(&plain, &err2, "truth", "--kind", "vf", in), 0);
    cr_assert_eq(RUN(&out, &err, "truth", "--stats", "--kind", "vf", in), 0);
    cr_assert_str_eq(out, plain, "--stats changes nothing on stdout");
    cr_assert(strstr(err, "2 queries, 1 hits") != NULL, "%s", err);
    cr_assert(strstr(err, "decided by box") && strstr(err, "decided by filter") &&
                  strstr(err, "decided by exact"),
              "%s", err);
    cr_assert(strstr(err, "ns/query") != NULL, "%s", err);
    free(out);
    free(err);
    free(plain);
    free(err2);

    /* 1/3 is not a double: an error, unless --round-inputs. */
    char *third = tmp_path("third.csv");
    char text[1024];
    strcpy(text, two_vf_queries);
    memcpy(strstr(text, "1,4,1,4,2,1,0"), "1,3,1,4,2,1,0", 13);
    write_text(third, text);
    cr_assert_eq(RUN(&out, &err, "truth", "--kind", "vf", third), 2);
    cr_assert(strstr(err, ":13: columns 1-2 (x): 1/3 is not exactly a double") != NULL, "%s", err);
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "truth", "--kind", "vf", "--round-inputs", third), 0, "%s", err);
    cr_assert_eq(count_lines(out), 3);
    cr_assert(strstr(err, "1 values were not doubles and were rounded") != NULL, "%s", err);
    free(out);
    free(err);
}

Test(cli, truth_kind_from_folder_name)
{
    char sub[600], file[700];
    snprintf(sub, sizeof sub, "%s/vertex-face", tmpdir);
    cr_assert_eq(mkdir(sub, 0700), 0);
    snprintf(file, sizeof file, "%s/q.csv", sub);
    write_text(file, two_vf_queries);
    char *out, *err, *want, *err2;
    int rc = RUN(&out, &err, "truth", file);
    int rc2 = RUN(&want, &err2, "truth", "--kind", "vf", file);
    unlink(file);
    rmdir(sub);
    cr_assert_eq(rc, 0, "%s", err);
    cr_assert_eq(rc2, 2, "--kind where the folder names the kind is refused: %s", want);
    cr_assert(strstr(err2, "the path says the kind (vf), so --kind vf is refused"), "%s", err2);
    cr_assert(strstr(out, "0,1,"), "the folder gives the kind: %s", out);
    free(out);
    free(err);
    free(want);
    free(err2);
}

Test(cli, truth_kind_from_path_on_a_sample_file)
{
    const char *path = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES
                                             "/erleben-sliding-spike/edge-edge/data_0_0.csv");
    char *data = ccdb_test_slurp(path, NULL);
    size_t queries = count_lines(data) / 8;
    free(data);
    char *out, *err;
    cr_assert_eq(RUN(&out, &err, "truth", path), 0, "%s", err);
    cr_assert_eq(count_lines(out), queries + 1);
    /* Every row: index in order, hit 0 or 1, toi fields empty exactly when hit = 0. */
    char *line = strchr(out, '\n') + 1;
    for (size_t i = 0; i < queries; i++) {
        char *end = strchr(line, '\n');
        *end = '\0';
        size_t idx;
        int hit, used = 0;
        cr_assert_eq(sscanf(line, "%zu,%d,%n", &idx, &hit, &used), 2, "%s", line);
        cr_assert_eq(idx, i);
        cr_assert(hit == 0 || hit == 1, "%s", line);
        if (!hit)
            cr_assert(strncmp(line + used, ",,", 2) == 0, "%s", line);
        else
            cr_assert(line[used] != ',', "%s", line);
        line = end + 1;
    }
    free(out);
    free(err);
}

static int is_link(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

/* Issue 10, reproduction 1: `truth -o` and `gen -o` on a device or a link to one (here links
 * in the temporary folder to /dev/full, /dev/null and /proc/self/fd/1, so that a regression
 * replaces a link there, never a device of the machine) write in place and never replace it. */
Test(cli, truth_and_gen_write_special_files_in_place)
{
    char in[512], full[512], null[512], self[512];
    snprintf(in, sizeof in, "%s", tmp_path("two.csv"));
    snprintf(full, sizeof full, "%s", tmp_path("full"));
    snprintf(null, sizeof null, "%s", tmp_path("null"));
    snprintf(self, sizeof self, "%s", tmp_path("self"));
    write_text(in, two_vf_queries);
    cr_assert_eq(symlink("/dev/full", full), 0);
    cr_assert_eq(symlink("/dev/null", null), 0);
    cr_assert_eq(symlink("/proc/self/fd/1", self), 0);
    char *out, *err, *want, *err2;
    cr_assert_eq(RUN(&out, &err, "truth", in, "--kind", "vf", "-o", full), 2);
    cr_assert(strstr(err, full) && strstr(err, "No space left on device"), "%s", err);
    cr_assert(is_link(full), "the link to /dev/full is still a link");
    free(out);
    free(err);
    cr_assert_eq(
        RUN(&out, &err, "gen", "--family", "grazing", "--kind", "vf", "--count", "3", "-o", full),
        2);
    cr_assert(strstr(err, "No space left on device"), "%s", err);
    cr_assert(is_link(full));
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "truth", in, "--kind", "vf", "-o", null), 0, "%s", err);
    cr_assert(is_link(null));
    free(out);
    free(err);
    /* /dev/stdout: the result goes to stdout (here a file the test reads). */
    cr_assert_eq(RUN(&want, &err2, "truth", in, "--kind", "vf"), 0, "%s", err2);
    cr_assert_eq(RUN(&out, &err, "truth", in, "--kind", "vf", "-o", self), 0, "%s", err);
    cr_assert_str_eq(out, want);
    cr_assert(is_link(self));
    free(out);
    free(err);
    free(want);
    free(err2);
}

/* Issue 10, reproduction 5: output lost on stdout is an error (exit 2 and the system's text),
 * for every command; the report of `run` is complete on disk all the same. */
Test(cli, stdout_write_errors_exit_2)
{
    char in[512], rep[512];
    snprintf(in, sizeof in, "%s", tmp_path("two.csv"));
    snprintf(rep, sizeof rep, "%s", tmp_path("rep"));
    write_text(in, two_vf_queries);
    const char *const cases[][10] = {
        { "--version" },
        { "list" },
        { "gen", "--list" },
        { "truth", in, "--kind", "vf" },
        { "run", "--solvers", "null", "--repeat", "1", "--kind", "vf", "--data", in, "-o" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *argv[12] = { 0 };
        size_t n = 0;
        for (; n < 10 && cases[i][n]; n++)
            argv[n] = cases[i][n];
        if (!strcmp(argv[0], "run"))
            argv[n++] = rep;
        char *out, *err;
        cr_assert_eq(run_to("/dev/full", &out, &err, argv), 2, "%s: %s", argv[0], err);
        cr_assert(strstr(err, "cannot write to standard output: No space left on device"), "%s: %s",
                  argv[0], err);
        free(out);
        free(err);
    }
    char path[600];
    snprintf(path, sizeof path, "%s/index.html", rep);
    char *html = ccdb_test_slurp(path, NULL);
    cr_assert(html && strstr(html, "</html>"), "the report was written before stdout failed");
    free(html);
}

Test(cli, gen_min_sep_families)
{
    char outp[512];
    snprintf(outp, sizeof outp, "%s", tmp_path("sep.csv"));
    char *out, *err;
    cr_assert_eq(RUN(&out, &err, "gen", "--family", "sep_slide", "--kind", "vf", "-o", outp), 2);
    cr_assert(strstr(err, "family 'sep_slide' needs --min-sep D"), "%s", err);
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "gen", "--family", "near_miss", "--kind", "vf", "--min-sep", "0.5",
                     "-o", outp),
                 2);
    cr_assert(strstr(err, "--min-sep applies to the sep_* families only"), "%s", err);
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "gen", "--family", "sep_slide", "--kind", "ee", "--count", "10",
                     "--min-sep", "1e-3", "-o", outp),
                 0, "%s", err);
    cr_assert(strstr(err, "wrote 10 ee queries of sep_slide (5 hits"), "%s", err);
    free(out);
    free(err);
    /* the labels written are the truth at d: the truth command at d agrees */
    cr_assert_eq(RUN(&out, &err, "truth", outp, "--kind", "ee", "--min-sep", "1e-3"), 0, "%s", err);
    cr_assert_eq(count_lines(out), 11);
    cr_assert(strstr(out, "\n0,1,") && strstr(out, "\n1,0,,,generic\n"), "%s", out);
    free(out);
    free(err);
    /* every separation family is listed (sep_corner, the last one, too) and generates */
    cr_assert_eq(RUN(&out, &err, "gen", "--list"), 0, "%s", err);
    cr_assert(strstr(out, "\nsep_corner ") && strstr(out, "(--min-sep D) grazing the d-sphere"),
              "%s", out);
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "gen", "--family", "sep_corner", "--kind", "vf", "--count", "10",
                     "--min-sep", "0.25", "-o", outp),
                 0, "%s", err);
    cr_assert(strstr(err, "wrote 10 vf queries of sep_corner (5 hits"), "%s", err);
    free(out);
    free(err);
}

/* gen refuses a label the judge cannot give: under a 64-bit precision cap
 * (CCDB_TRUTH_SWEEP_BITS, tests only) near tangencies 2^-44 deep are undecided, and gen says so,
 * exits 3 and writes nothing; at the default cap the same family is written, every label
 * decided (`truth` prints no undecided). */
Test(cli, gen_refuses_an_undecided_label)
{
    char outp[512];
    snprintf(outp, sizeof outp, "%s", tmp_path("tangent.csv"));
    char *out, *err;
    setenv("CCDB_TRUTH_SWEEP_BITS", "64", 1);
    int rc = RUN(&out, &err, "gen", "--family", "sweep_near_tangent", "--kind", "sweep-vf",
                 "--count", "40", "-o", outp);
    unsetenv("CCDB_TRUTH_SWEEP_BITS");
    cr_assert_eq(rc, 3, "%s", err);
    cr_assert(strstr(err, "sweep_near_tangent/sweep-vf: the judge left query ") &&
                  strstr(err, " undecided (it could not certify a hit or a miss"),
              "%s", err);
    cr_assert_eq(access(outp, F_OK), -1, "a file was written");
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "gen", "--family", "sweep_near_tangent", "--kind", "sweep-vf",
                     "--count", "40", "-o", outp),
                 0, "%s", err);
    cr_assert(strstr(err, "wrote 40 sweep-vf queries of sweep_near_tangent (20 hits"), "%s", err);
    free(out);
    free(err);
    cr_assert_eq(RUN(&out, &err, "truth", outp, "--kind", "sweep-vf"), 0, "%s", err);
    cr_assert_eq(count_lines(out), 41);
    cr_assert(strstr(out, "undecided") == NULL, "%s", out);
    free(out);
    free(err);
}
