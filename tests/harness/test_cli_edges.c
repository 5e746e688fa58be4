/* test_cli_edges.c — `ccdbench run` at the edges issue 20 found: one file given several ways is
 * read once; timeouts below the clock's resolution; exact messages for --min-sep and
 * CCDB_PLUGIN_PATH; a solver's failed write to standard output. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_fixture.h"

TestSuite(cli_edges, .init = cli_setup, .fini = cli_teardown);

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* A shell command's exit status (the command is given whole, redirections included). */
static int shell(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    int st = system(cmd);
    cr_assert(WIFEXITED(st), "%s did not exit normally", cmd);
    return WEXITSTATUS(st);
}

/* a/./b, a//b, a link to it, and the folder holding it: one dataset, the first spelling. */
Test(cli_edges, one_file_given_several_ways_is_read_once)
{
    char link[1100];
    snprintf(link, sizeof link, "%s/link.csv", cli_dir);
    cr_assert_eq(symlink(cli_data, link), 0);
    cr_assert_eq(cli_run("run --solvers null --repeat 1 --no-cache -o rep --data "
                         "scene/vertex-face/data.csv --data scene/./vertex-face/data.csv --data "
                         "scene//vertex-face/data.csv --data link.csv --data scene"),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    cr_assert_eq(count(csv, ",all,"), 1, "one dataset, not five: %s", csv);
    cr_assert_eq(count(csv, "\nnull,scene/vertex-face/data.csv,vf,all,"), 1, "%s", csv);
    char *err = cli_captured("err.txt");
    cr_assert_eq(count(err, "is the same file as scene/vertex-face/data.csv: read once"), 4, "%s",
                 err);
    free(csv), free(err);
}

/* Defect 6: a solver's failed write to stdout leaves stdout's error flag set; the run's own
 * output and its exit status are not the solver's: a finished run exits 0. */
Test(cli_edges, solver_write_error_does_not_fail_the_run)
{
    cr_assert_eq(cli_run("run --plugin '%s/testplugin_stdout_error.so' --solvers "
                         "testplugin_stdout_error --no-isolate --repeat 1 --no-cache -o rep "
                         "--data '%s'",
                         CLI_PLUGINS, cli_data),
                 0);
    char *err = cli_captured("err.txt");
    cr_assert_null(strstr(err, "cannot write to standard output"), "%s", err);
    free(err);
    /* ccdbench's own write errors still count (its stdout is /dev/full) */
    cr_assert_eq(shell("'%s' list >/dev/full 2>'%s/err.txt'", CLI_BIN, cli_dir), 2);
    err = cli_captured("err.txt");
    cr_assert_not_null(strstr(err, "cannot write to standard output"), "%s", err);
    free(err);
}

/* Defect 7: a timeout below 1 ns would round to 0 ns, which means none: refused in run and
 * replay, saying why; 1 ns itself is a (tiny) limit that the run honours. */
Test(cli_edges, timeout_below_the_clock_resolution_is_refused)
{
    const char *cmds[] = { "run --isolate --solvers null --data '%s' --timeout 1e-10",
                           "replay '%s' --index 0 --isolate --timeout 1e-10",
                           "run --isolate --solvers null --data '%s' --timeout 0",
                           "replay '%s' --index 0 --isolate --timeout 1e-400" };
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        cr_assert_eq(cli_run(cmds[i], cli_data), 2, "%s", cmds[i]);
        char *err = cli_captured("err.txt");
        cr_assert_not_null(strstr(err, "--timeout must be a number of seconds >= 1e-09"), "%s: %s",
                           cmds[i], err);
        free(err);
    }
    cr_assert_eq(cli_run("run --isolate --solvers null --repeat 1 --no-cache -o rep --data '%s' "
                         "--timeout 1e-9",
                         cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    cli_expect_status(csv, "null", "timeout");
    free(csv);
}

/* --min-sep 1e-320 is a subnormal double, which the judge takes exactly: accepted; 1e-400
 * rounds to 0 and is refused saying so, not as "must be >= 0". */
Test(cli_edges, min_sep_subnormal_accepted_underflow_refused)
{
    cr_assert_eq(cli_run("run --solvers discrete --repeat 1 --no-cache -o rep --data '%s' "
                         "--min-sep 1e-320",
                         cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    char buf[64];
    cr_assert_eq(strtod(cli_row_field(csv, "discrete", 27, buf, sizeof buf), NULL), 1e-320,
                 "judged at the subnormal d: %s", buf);
    free(csv);
    cr_assert_eq(cli_run("run --solvers discrete --data '%s' --min-sep 1e-400", cli_data), 2);
    char *err = cli_captured("err.txt");
    cr_assert_not_null(strstr(err, "at least the smallest double"), "%s", err);
    free(err);
    cr_assert_eq(cli_run("replay '%s' --index 0 --min-sep 1e-320", cli_data), 0);
}

/* CCDB_PLUGIN_PATH='::' is set but names no folder: said so, not "not set". */
Test(cli_edges, plugin_path_naming_no_folder)
{
    cr_assert_eq(shell("CCDB_PLUGIN_PATH='::' '%s' run --solvers no_such --data '%s' "
                       "2>'%s/err.txt'",
                       CLI_BIN, cli_data, cli_dir),
                 2);
    char *err = cli_captured("err.txt");
    cr_assert_not_null(strstr(err, "$CCDB_PLUGIN_PATH='::' names no folder"), "%s", err);
    cr_assert_null(strstr(err, "not set"), "%s", err);
    free(err);
}
