/* test_data.c — `ccdbench data list / fetch` and `run --data NAME` with no network: a local git
 * repository stands in for upstream (--from), and a catalogue file ($CCDB_DATA_CATALOG) pins its
 * commits (the built-in catalogue pins upstream's, which a test cannot forge). Checked: a fetch
 * gets exactly the pinned commit (not the repository's newest), a second fetch does nothing (no
 * git at all), a repository without the pinned commit and an unreachable one are clear errors
 * that leave nothing behind, an interrupted fetch (ccdbench killed mid-way) leaves no dataset and
 * the next fetch cleans up and succeeds, a new pin replaces the old copy, a folder not fetched by
 * ccdbench is never replaced, and `--data NAME` reads the fetched folder from anywhere. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "ccdb_test_fixtures.h"
#include "ccdb_util.h"
#include "cli_fixture.h"

TestSuite(data, .init = cli_setup, .fini = cli_teardown);

/* The mirror's two commits: the first holds cli_data's 4 queries, the second only its first 2. */
static char c1[64], c2[64];

static char *dir_path(const char *rel)
{
    static char paths[4][1024];
    static int next;
    char *p = paths[next++ % 4];
    snprintf(p, 1024, "%s/%s", cli_dir, rel);
    return p;
}

static void sh(const char *cmd)
{
    int st = system(cmd);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "failed: %s", cmd);
}

static void read_line(const char *rel, char *buf, size_t len)
{
    char *text = ccdb_test_slurp(dir_path(rel), NULL);
    cr_assert_not_null(text, "%s", rel);
    snprintf(buf, len, "%.*s", (int)strcspn(text, "\n"), text);
    free(text);
}

/* cli_dir/mirror: a git repository with the dataset's two commits; the data folder is
 * cli_dir/xdg (XDG_DATA_HOME), the catalogue cli_dir/catalog.txt. */
static void setup_mirror(void)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "set -e; cd '%s'; G='git -c user.name=t -c user.email=t@t -c init.defaultBranch=main';"
             "$G init -q mirror; mkdir -p mirror/scene/vertex-face;"
             "cp '%s' mirror/scene/vertex-face/data.csv; $G -C mirror add -A;"
             "$G -C mirror commit -qm one; $G -C mirror rev-parse HEAD > c1.txt;"
             "head -n 16 '%s' > mirror/scene/vertex-face/data.csv;"
             "$G -C mirror commit -qam two; $G -C mirror rev-parse HEAD > c2.txt",
             cli_dir, cli_data, cli_data);
    sh(cmd);
    read_line("c1.txt", c1, sizeof c1);
    read_line("c2.txt", c2, sizeof c2);
    cr_assert_eq(strlen(c1), 40);
    cr_assert_eq(strlen(c2), 40);
    cr_assert_eq(setenv("XDG_DATA_HOME", dir_path("xdg"), 1), 0);
    cr_assert_eq(setenv("CCDB_DATA_CATALOG", dir_path("catalog.txt"), 1), 0);
}

static void write_catalog(const char *commit)
{
    char text[512];
    snprintf(text, sizeof text, "# test catalogue\nmini %s %s/mirror\n", commit, cli_dir);
    ccdb_test_write_file(dir_path("catalog.txt"), text, strlen(text));
}

/* Whether the data folder holds an entry whose name starts with prefix. */
static int data_dir_has(const char *prefix)
{
    DIR *d = opendir(dir_path("xdg/ccdbench/datasets"));
    if (!d)
        return 0;
    int found = 0;
    for (struct dirent *e; (e = readdir(d));)
        found |= !strncmp(e->d_name, prefix, strlen(prefix));
    closedir(d);
    return found;
}

static size_t queries_in_fetched(void)
{
    char *csv =
        ccdb_test_slurp(dir_path("xdg/ccdbench/datasets/mini/scene/vertex-face/data.csv"), NULL);
    cr_assert_not_null(csv, "the fetched dataset has its file");
    size_t lines = 0;
    for (const char *p = csv; *p; p++)
        lines += *p == '\n';
    free(csv);
    return lines / 8;
}

static void expect_err(const char *what)
{
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, what), "stderr says '%s': %s", what, err);
    free(err);
}

Test(data, fetch_gets_the_pinned_commit_and_run_reads_it_by_name)
{
    setup_mirror();
    write_catalog(c1); /* the older commit: not the mirror's newest */
    cr_assert_eq(cli_run("data fetch mini --from '%s/mirror'", cli_dir), 0);
    cr_assert_eq(queries_in_fetched(), CLI_NPOINTS, "commit one's file, not commit two's");
    char marker[128], want[128];
    read_line("xdg/ccdbench/datasets/mini/.ccdbench-dataset", marker, sizeof marker);
    snprintf(want, sizeof want, "mini %s", c1);
    cr_assert_str_eq(marker, want);
    struct stat st;
    cr_assert_neq(stat(dir_path("xdg/ccdbench/datasets/mini/.git"), &st), 0, "no .git kept");
    cr_assert(!data_dir_has(".mini.tmp."), "no temporary folder left");

    /* By name from any folder (here cli_dir, where no "mini" exists). */
    cr_assert_eq(cli_run("run --data mini --solvers exact --repeat 1 -o rep"), 0);
    char *csv = cli_captured("rep/summary.csv"), got[32];
    cr_assert_str_eq(cli_row_field(csv, "exact", 4, got, sizeof got), "4", "%s", csv);
    free(csv);

    /* `data list` says where it is. */
    cr_assert_eq(cli_run("data list"), 0);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "mini\n"), "%s", out);
    cr_assert(strstr(out, c1), "the pinned commit: %s", out);
    cr_assert(strstr(out, "xdg/ccdbench/datasets/mini ("), "where it is: %s", out);
    free(out);
}

Test(data, second_fetch_is_a_no_op)
{
    setup_mirror();
    write_catalog(c2);
    cr_assert_eq(cli_run("data fetch mini --from '%s/mirror'", cli_dir), 0);
    /* No repository at all now: a fetch that ran git would fail. */
    cr_assert_eq(cli_run("data fetch mini --from '%s/no-such-repo'", cli_dir), 0);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "already fetched"), "%s", out);
    free(out);
    cr_assert_eq(queries_in_fetched(), 2);
}

Test(data, repository_without_the_pinned_commit_is_refused)
{
    setup_mirror();
    /* A pin the mirror does not hold (as a tampered mirror: other content, other hashes). */
    write_catalog("0123456789abcdef0123456789abcdef01234567");
    cr_assert_eq(cli_run("data fetch mini --from '%s/mirror'", cli_dir), 2);
    expect_err("does not hold the pinned commit");
    struct stat st;
    cr_assert_neq(stat(dir_path("xdg/ccdbench/datasets/mini"), &st), 0, "no dataset written");
    cr_assert(!data_dir_has(".mini.tmp."), "no temporary folder left");
    cr_assert_eq(cli_run("run --data mini --solvers null -o rep"), 2);
    expect_err("ccdbench data fetch mini");
}

Test(data, unreachable_repository_is_a_clear_error)
{
    setup_mirror();
    write_catalog(c1);
    cr_assert_eq(cli_run("data fetch mini --from 'file://%s/no-such-repo'", cli_dir), 2);
    expect_err("no network, or that repository does not hold the pinned commit");
    cr_assert(!data_dir_has("mini"));
    cr_assert(!data_dir_has(".mini.tmp."));
}

Test(data, interrupted_fetch_is_never_a_dataset_and_the_next_fetch_cleans_up)
{
    setup_mirror();
    write_catalog(c1);
    /* A git that kills ccdbench when the checkout starts (the objects are fetched by then): the
     * first git on PATH, handing every other call to the real one. */
    char script[1024];
    snprintf(script, sizeof script,
             "#!/bin/sh\n"
             "for a in \"$@\"; do [ \"$a\" = checkout ] && kill -9 $PPID && exit 1; done\n"
             "PATH=\"${PATH#*:}\" exec git \"$@\"\n");
    cr_assert_eq(ccdb_mkdir_p(dir_path("bin")), 0);
    ccdb_test_write_file(dir_path("bin/git"), script, strlen(script));
    cr_assert_eq(chmod(dir_path("bin/git"), 0755), 0);
    const char *path = getenv("PATH");
    char killing[8192];
    snprintf(killing, sizeof killing, "%s:%s", dir_path("bin"), path ? path : "/usr/bin:/bin");
    cr_assert_eq(setenv("PATH", killing, 1), 0);
    int st = cli_run_raw("data fetch mini --from '%s/mirror'", cli_dir);
    /* (the shell reports the kill as 128 + 9, or passes the signal on when it exec'ed ccdbench) */
    cr_assert((WIFEXITED(st) && WEXITSTATUS(st) == 128 + 9) ||
                  (WIFSIGNALED(st) && WTERMSIG(st) == 9),
              "ccdbench was killed (status %d)", st);
    cr_assert_eq(setenv("PATH", path ? path : "/usr/bin:/bin", 1), 0);
    cr_assert(data_dir_has(".mini.tmp."), "the interrupted fetch left its temporary folder");
    cr_assert(!data_dir_has("mini"), "but no dataset");
    cr_assert_eq(cli_run("run --data mini --solvers null -o rep"), 2);
    expect_err("is not ready");

    cr_assert_eq(cli_run("data fetch mini --from '%s/mirror'", cli_dir), 0);
    cr_assert(!data_dir_has(".mini.tmp."), "the leftovers are removed");
    cr_assert_eq(queries_in_fetched(), CLI_NPOINTS);
}

Test(data, new_pin_replaces_the_old_copy)
{
    setup_mirror();
    write_catalog(c1);
    cr_assert_eq(cli_run("data fetch mini --from '%s/mirror'", cli_dir), 0);
    write_catalog(c2);
    cr_assert_eq(cli_run("run --data mini --solvers null -o rep"), 2, "an old copy is not used");
    expect_err("the catalogue pins");
    cr_assert_eq(cli_run("data fetch mini --from '%s/mirror'", cli_dir), 0);
    cr_assert_eq(queries_in_fetched(), 2);
    cr_assert(!data_dir_has(".mini.tmp."));
}

Test(data, folder_not_fetched_by_ccdbench_is_never_replaced)
{
    setup_mirror();
    write_catalog(c1);
    cr_assert_eq(ccdb_mkdir_p(dir_path("xdg/ccdbench/datasets/mini")), 0);
    ccdb_test_write_file(dir_path("xdg/ccdbench/datasets/mini/mine.txt"), "x", 1);
    cr_assert_eq(cli_run("data fetch mini --from '%s/mirror'", cli_dir), 2);
    expect_err("is not a dataset ccdbench fetched");
    char *kept = ccdb_test_slurp(dir_path("xdg/ccdbench/datasets/mini/mine.txt"), NULL);
    cr_assert_not_null(kept);
    free(kept);
}

Test(data, dot_slash_name_is_a_local_folder)
{
    setup_mirror();
    write_catalog(c1);
    /* cli_dir/scene holds the fixture's dataset; a catalogue entry named "scene" is not fetched. */
    char text[512];
    snprintf(text, sizeof text, "scene %s %s/mirror\n", c1, cli_dir);
    ccdb_test_write_file(dir_path("catalog.txt"), text, strlen(text));
    cr_assert_eq(cli_run("run --data scene --solvers null -o rep"), 2);
    expect_err("write ./scene");
    cr_assert_eq(cli_run("run --data ./scene --solvers null -o rep"), 0);
}

Test(data, bad_catalogue_and_usage)
{
    setup_mirror();
    const char *bad = "mini 123 /x\n";
    ccdb_test_write_file(dir_path("catalog.txt"), bad, strlen(bad));
    cr_assert_eq(cli_run("data list"), 2);
    expect_err("catalog.txt:1: bad commit '123'");
    const char *twice = "# two\n\nmini 0123456789abcdef0123456789abcdef01234567 /x\n"
                        "mini 0123456789abcdef0123456789abcdef01234567 /y\n";
    ccdb_test_write_file(dir_path("catalog.txt"), twice, strlen(twice));
    cr_assert_eq(cli_run("data fetch mini"), 2);
    expect_err("catalog.txt:4: dataset 'mini' listed twice");
    write_catalog(c1);
    cr_assert_eq(cli_run("data fetch nope"), 2);
    expect_err("unknown dataset 'nope' (known: mini)");
    cr_assert_eq(cli_run("data fetch"), 2);
    cr_assert_eq(cli_run("data fetch mini --from"), 2);
    cr_assert_eq(cli_run("data list extra"), 2);
    cr_assert_eq(cli_run("data frob"), 2);
    cr_assert_eq(cli_run("data --help"), 0);
}

Test(data, builtin_catalogue_names_the_public_datasets)
{
    cr_assert_eq(unsetenv("CCDB_DATA_CATALOG"), 0);
    cr_assert_eq(setenv("XDG_DATA_HOME", dir_path("xdg"), 1), 0);
    cr_assert_eq(cli_run("data list"), 0);
    char *out = cli_captured("out.txt");
    const char *want[] = { "sample-queries\n",
                           "a744562c7a842e9eee033fcea290e75a4a8e7b4e",
                           "Continuous-Collision-Detection/Sample-Queries",
                           "scalable-ccd-sample\n",
                           "d1de594b017d98b37be67f02f74e541e74804109",
                           "Continuous-Collision-Detection/Sample-Scalable-CCD-Data",
                           "license     MIT",
                           "license     Apache-2.0",
                           "paper ",
                           "size " };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(strstr(out, want[i]), "data list names '%s': %s", want[i], out);
    free(out);
}
