/* test_hostile.c — issue 10 ("hostile solvers and hostile file systems") and issue 9 items 5
 * and 6, each reproduction run as a user runs it (the built binary and the misbehaving test
 * plugins of tests/solvers/plugins): plugins isolated by default; exit() and writes into the
 * queries in-process; a plugin's children; a crash while a plugin is loaded; contract
 * violations in their own column; TOI findings written and replayable; solver output captured;
 * concurrent runs into one report folder; a full disk during a run. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ccdb_dataset.h"
#include "ccdb_test_fixtures.h"
#include "prng.h"
#include "ccdb_util.h"
#include "cli_fixture.h"

TestSuite(hostile, .init = cli_setup, .fini = cli_teardown);

static int exists(const char *fmt, const char *arg)
{
    char path[1200];
    snprintf(path, sizeof path, fmt, cli_dir, arg);
    struct stat st;
    return lstat(path, &st) == 0;
}

/* Entries of cli_dir whose name starts with prefix. */
static int entries_starting(const char *prefix)
{
    DIR *d = opendir(cli_dir);
    cr_assert_not_null(d, "%s: %s", cli_dir, strerror(errno));
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

/* Entries of cli_dir/rel (absent: 0) that are temporaries (".tmp." in the name). */
static int temporaries_in(const char *rel)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", cli_dir, rel);
    DIR *d = opendir(path);
    if (!d)
        return 0;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strstr(e->d_name, ".tmp.") != NULL;
    closedir(d);
    return n;
}

Test(hostile, plugins_run_isolated_by_default_and_the_report_says_so)
{
    /* testplugin_crash crashes on cli_points[3] (x = 0.75): without --isolate it is still a
     * crash of that solver, reported, and the others complete. */
    cr_assert_eq(cli_run("run --plugin '%s' --solvers testplugin_crash,null --data '%s' -o rep",
                         cli_plugin("testplugin_crash"), cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv"), f[64];
    cli_expect_status(csv, "testplugin_crash", "crashed");
    cli_expect_status(csv, "null", "ok");
    cr_assert_str_eq(cli_row_field(csv, "testplugin_crash", 22, f, sizeof f), "1", "isolated");
    cr_assert_str_eq(cli_row_field(csv, "null", 22, f, sizeof f), "0", "in-process");
    free(csv);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "isolated (a child process per dataset): testplugin_crash\n"), "%s", out);
    cr_assert(strstr(out, "in-process: null\n"), "%s", out);
    free(out);
    char *html = cli_captured("rep/index.html");
    cr_assert(strstr(html, "testplugin_crash; in-process: null"), "the meta line says which");
    free(html);
    /* --isolate: every solver; --no-isolate: none. */
    cr_assert_eq(cli_run("run --isolate --solvers null --data '%s' -o rep", cli_data), 0);
    csv = cli_captured("rep/summary.csv");
    cr_assert_str_eq(cli_row_field(csv, "null", 22, f, sizeof f), "1");
    free(csv);
    cr_assert_eq(cli_run("run --no-isolate --plugin '%s' --solvers testplugin_always_miss --data "
                         "'%s' -o rep",
                         cli_plugin("testplugin_always_miss"), cli_data),
                 0);
    csv = cli_captured("rep/summary.csv");
    cr_assert_str_eq(cli_row_field(csv, "testplugin_always_miss", 22, f, sizeof f), "0");
    free(csv);
}

/* Reproduction 2: exit(0) in a solver call, in-process, is no silent success. */
Test(hostile, exit_in_a_solver_call_is_never_a_silent_success)
{
    cr_assert_eq(cli_run("run --solvers null --data '%s' -o rep", cli_data), 0);
    char *before = cli_captured("rep/summary.csv");
    cr_assert_eq(cli_run("run --no-isolate --plugin '%s' --solvers null,testplugin_exit --data "
                         "'%s' -o rep",
                         cli_plugin("testplugin_exit"), cli_data),
                 4);
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, "solver 'testplugin_exit' ended the process"), "%s", err);
    free(err);
    char *after = cli_captured("rep/summary.csv");
    cr_assert_str_eq(after, before, "the previous report is untouched");
    free(after);
    free(before);
    char *out = cli_captured("out.txt");
    cr_assert_str_eq(out, "", "no summary table of a run that did not finish");
    free(out);

    /* Isolated (the default): a crash of that solver, the run completes. */
    cr_assert_eq(cli_run("run --plugin '%s' --solvers null,testplugin_exit --data '%s' -o rep",
                         cli_plugin("testplugin_exit"), cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    cli_expect_status(csv, "testplugin_exit", "crashed");
    cli_expect_status(csv, "null", "ok");
    free(csv);
    err = cli_captured("err.txt");
    cr_assert(strstr(err, "exit()"), "the reason suggests exit(): %s", err);
    free(err);
}

/* Reproduction 3: a write into the query array is a crash of that solver; the next solver
 * judges the intact queries. */
Test(hostile, a_write_into_the_queries_is_a_crash_of_that_solver)
{
    cr_assert_eq(cli_run("run --plugin '%s' --solvers exact,testplugin_modify,tight_inclusion "
                         "--data '%s' -o rep",
                         cli_plugin("testplugin_modify"), cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv"), f[64];
    cli_expect_status(csv, "testplugin_modify", "crashed");
    cli_expect_status(csv, "tight_inclusion", "ok");
    cr_assert_str_eq(cli_row_field(csv, "tight_inclusion", 8, f, sizeof f), "0", "no FN");
    cr_assert_str_eq(cli_row_field(csv, "exact", 8, f, sizeof f), "0");
    free(csv);
    cr_assert(!exists("%s/rep/misses/vertex-face/%s.csv", "tight_inclusion"));
    char *err = cli_captured("err.txt");
    /* signal 11; under AddressSanitizer, which catches the fault, 6 (abort_on_error) */
    cr_assert(strstr(err, "testplugin_modify") && strstr(err, "killed by signal"), "%s", err);
    free(err);

    /* In-process: the write is a SIGSEGV of ccdbench with a message naming the solver, and no
     * report at all rather than one judged on corrupted queries. */
    int st = cli_run_raw("run --no-isolate --plugin '%s' --solvers exact,testplugin_modify,"
                         "tight_inclusion --data '%s' -o rep2",
                         cli_plugin("testplugin_modify"), cli_data);
    cr_assert((WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV) ||
                  (WIFEXITED(st) && WEXITSTATUS(st) == 128 + SIGSEGV),
              "status %d", st);
    err = cli_captured("err.txt");
    cr_assert(strstr(err, "solver 'testplugin_modify' crashed in-process (signal 11"), "%s", err);
    free(err);
    cr_assert(!exists("%s/%s", "rep2"));
}

/* Reproduction 6: a plugin that forks: its answers are used (no timeout) and its child is
 * killed with its process group. */
Test(hostile, a_plugin_s_child_is_killed_and_its_answers_used)
{
    char pidfile[600];
    snprintf(pidfile, sizeof pidfile, "%s/fork.pid", cli_dir);
    setenv("CCDB_TEST_FORK_PIDFILE", pidfile, 1);
    int rc = cli_run("run --timeout 60 --plugin '%s' --solvers testplugin_fork --data '%s' -o rep",
                     cli_plugin("testplugin_fork"), cli_data);
    unsetenv("CCDB_TEST_FORK_PIDFILE");
    cr_assert_eq(rc, 0);
    char *csv = cli_captured("rep/summary.csv");
    cli_expect_status(csv, "testplugin_fork", "ok");
    free(csv);
    char *text = ccdb_test_slurp(pidfile, NULL);
    cr_assert_not_null(text, "the plugin forked and wrote its child's pid");
    long pid = strtol(text, NULL, 10);
    free(text);
    cr_assert_gt(pid, 1);
    /* Dead: gone, or a zombie waiting for init to reap it (SIGKILL is delivered at once; the
     * wait only covers the scheduler). */
    char stat_path[64], state = 0;
    snprintf(stat_path, sizeof stat_path, "/proc/%ld/stat", pid);
    for (int tries = 0; tries < 500; tries++) {
        FILE *f = fopen(stat_path, "r");
        if (!f) {
            state = 'X';
            break;
        }
        int got = fscanf(f, "%*d (%*[^)]) %c", &state);
        fclose(f);
        if (got == 1 && (state == 'Z' || state == 'X'))
            break;
        struct timespec ms = { 0, 10000000 };
        nanosleep(&ms, NULL);
    }
    if (state != 'Z' && state != 'X')
        kill((pid_t)pid, SIGKILL); /* do not leave it behind, then fail */
    cr_assert(state == 'Z' || state == 'X', "the plugin's child %ld outlived ccdbench (%c)", pid,
              state);
}

/* Reproduction 6: a crash in a plugin's entry function refuses the plugin, ccdbench lives. */
Test(hostile, a_crash_while_loading_a_plugin_is_a_clear_error)
{
    cr_assert_eq(cli_run("run --isolate --plugin '%s' --data '%s' -o rep",
                         cli_plugin("testplugin_entry_crash"), cli_data),
                 2);
    char *err = cli_captured("err.txt");
    /* "crashed while being loaded (killed by signal 11 ...)"; under AddressSanitizer, which
     * catches the fault, "ended the process while being loaded (exit status 1 ...)" */
    cr_assert(strstr(err, "testplugin_entry_crash.so: ") && strstr(err, "while being loaded"), "%s",
              err);
    free(err);
    cr_assert_eq(cli_run("list --plugin '%s'", cli_plugin("testplugin_entry_crash")), 2);
}

/* The answer testplugin_contract gives to a query (its rule, restated). */
static int contract_case(const double q[8][3])
{
    double sum = 0;
    for (int i = 0; i < 8; i++)
        for (int c = 0; c < 3; c++)
            sum += q[i][c];
    return (int)fabs(fmod(floor(sum * 8), 6));
}

/* Reproduction 6 and issue 9 item 5: contract violations in their own column, TOI findings
 * written beside the false negatives and replayable. */
Test(hostile, contract_violations_counted_and_toi_findings_written)
{
    /* 36 VF queries over a grid, inside and outside the triangle. */
    enum { N = 36 };
    char path[600];
    snprintf(path, sizeof path, "%s/scene/vertex-face/grid.csv", cli_dir);
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, "grid", CCDB_KIND_VF, N), 0);
    int want_violations = 0, want_failed = 0, want_findings = 0, want_work = 0;
    for (int i = 0; i < N; i++) {
        double x = 0.0625 * (i % 6) + 0.03125 * (i / 6), y = 0.125 * (i / 6);
        cli_vf_query(ds.q[i], x, y);
        ds.label[i] = x + y <= 1;
        int k = contract_case((const double(*)[3])ds.q[i]);
        want_violations += k <= 4;
        want_failed += k == 2;
        want_work += k != 3; /* work 1 each, but -5 for k 3: a violation, never summed */
        /* -1 (k 0), NaN (k 1), 2 (k 4); and the well-formed hit at 0 (k 5) is never late */
        want_findings += k == 0 || k == 1 || k == 4;
    }
    ccdb_csv_error cerr;
    cr_assert_eq(ccdb_csv_write(path, &ds, &cerr), 0, "%s", cerr.message);
    cr_assert_gt(want_violations, 0);
    cr_assert_gt(want_findings, 0);
    cr_assert_eq(cli_run("run --plugin '%s' --solvers testplugin_contract --data '%s' -o rep",
                         cli_plugin("testplugin_contract"), path),
                 0);
    char *csv = cli_captured("rep/summary.csv"), f[64];
    cr_assert_eq(atoi(cli_row_field(csv, "testplugin_contract", 21, f, sizeof f)), want_violations);
    cr_assert_eq(atoi(cli_row_field(csv, "testplugin_contract", 16, f, sizeof f)), want_failed);
    cr_assert_eq(atoi(cli_row_field(csv, "testplugin_contract", 17, f, sizeof f)), want_work);
    free(csv);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "violations"), "%s", out);
    cr_assert(strstr(out, "CONTRACT BROKEN"), "%s", out);
    free(out);

    /* The TOI findings file: exactly those queries, in order, with the exact truth as label. */
    char findings[700];
    snprintf(findings, sizeof findings, "%s/rep/bad-toi/vertex-face/testplugin_contract.csv",
             cli_dir);
    ccdb_dataset got;
    ccdb_csv_options copt = { 0 };
    cr_assert_eq(ccdb_csv_read(findings, CCDB_KIND_VF, &copt, &got, &cerr), 0, "%s", cerr.message);
    cr_assert_eq((int)got.count, want_findings);
    size_t at = 0;
    for (int i = 0; i < N; i++) {
        int k = contract_case((const double(*)[3])ds.q[i]);
        if (k != 0 && k != 1 && k != 4)
            continue;
        cr_assert_eq(memcmp(got.q[at], ds.q[i], sizeof got.q[at]), 0, "finding %zu", at);
        cr_assert_eq(got.label[at], ds.label[i]);
        at++;
    }
    ccdb_dataset_free(&got);
    ccdb_dataset_free(&ds);

    /* Replayable (the kind from the path), and the report lists them with the command. */
    cr_assert_eq(cli_run("replay rep/bad-toi/vertex-face/testplugin_contract.csv --index 0 "
                         "--plugin '%s' --solvers testplugin_contract",
                         cli_plugin("testplugin_contract")),
                 0);
    out = cli_captured("out.txt");
    cr_assert(strstr(out, "CONTRACT VIOLATION"), "%s", out);
    free(out);
    char *html = cli_captured("rep/index.html");
    cr_assert(strstr(html, "<section id=\"toi-findings\">"));
    cr_assert(strstr(html, "ccdbench replay rep/bad-toi/vertex-face/testplugin_contract.csv "
                           "--index 0 "),
              "replay commands name the report's place, not its temporary folder");
    cr_assert(!strstr(html, "testplugin_contract.csv --index 0 --kind"),
              "no --kind where the path names the kind (replay would refuse it)");
    free(html);
}

/* Issue 21: a state the solver never sets is a contract violation and a failed answer, never a
 * miss (the harness fills every slot with CCDB_STATE_UNSET before each call), isolated or
 * in-process, on one thread or two. */
Test(hostile, a_state_left_unset_is_a_contract_violation_not_a_miss)
{
    const char *modes[] = { "", "--no-isolate", "--no-isolate --threads 2" };
    for (int m = 0; m < 3; m++) {
        cr_assert_eq(cli_run("run %s --plugin '%s' --solvers testplugin_unset_state --data '%s' "
                             "--fail-on-fn -o rep",
                             modes[m], cli_plugin("testplugin_unset_state"), cli_data),
                     0, "%s", modes[m]);
        char *csv = cli_captured("rep/summary.csv"), f[64];
        long long queries = atoll(cli_row_field(csv, "testplugin_unset_state", 4, f, sizeof f));
        long long positives = atoll(cli_row_field(csv, "testplugin_unset_state", 5, f, sizeof f));
        cr_assert_gt(positives, 0, "the data has collisions a zeroed slot would miss");
        cr_assert_eq(atoll(cli_row_field(csv, "testplugin_unset_state", 8, f, sizeof f)), 0,
                     "%s: no false negative", modes[m]);
        cr_assert_eq(atoll(cli_row_field(csv, "testplugin_unset_state", 16, f, sizeof f)), queries,
                     "%s: every answer failed", modes[m]);
        cr_assert_eq(atoll(cli_row_field(csv, "testplugin_unset_state", 21, f, sizeof f)), queries,
                     "%s: every answer a contract violation", modes[m]);
        free(csv);
        cr_assert(!exists("%s/rep/misses/vertex-face/%s.csv", "testplugin_unset_state"));
    }
    cr_assert_eq(cli_run("replay '%s' --index 0 --plugin '%s' --solvers testplugin_unset_state",
                         cli_data, cli_plugin("testplugin_unset_state")),
                 0);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "testplugin_unset_state") && strstr(out, " unset "), "%s", out);
    cr_assert(strstr(out, "CONTRACT VIOLATION"), "%s", out);
    free(out);
}

/* Issue 9 item 6: a solver's output never reaches ccdbench's stdout or stderr; the report has
 * an excerpt. In a child process and in-process alike. */
Test(hostile, solver_output_is_captured_and_excerpted)
{
    const char *modes[] = { "", "--no-isolate" };
    for (int m = 0; m < 2; m++) {
        cr_assert_eq(cli_run("run %s --plugin '%s' --solvers testplugin_noisy,null --data '%s' "
                             "-o rep",
                             modes[m], cli_plugin("testplugin_noisy"), cli_data),
                     0);
        char *out = cli_captured("out.txt"), *err = cli_captured("err.txt");
        cr_assert_null(strstr(out, "NOISY"), "%s: %s", modes[m], out);
        cr_assert_null(strstr(err, "NOISY"), "%s: %s", modes[m], err);
        cr_assert(strstr(out, "testplugin_noisy printed "), "%s", out);
        cr_assert(strncmp(out, "solver ", 7) == 0, "the table comes first: %s", out);
        free(out);
        free(err);
        char *html = cli_captured("rep/index.html");
        const char *sec = strstr(html, "<section id=\"solver-output\">");
        cr_assert_not_null(sec, "%s", modes[m]);
        cr_assert(strstr(sec, "NOISY-STDOUT create") && strstr(sec, "NOISY-STDERR create"), "%s",
                  sec);
        cr_assert_null(strstr(sec, "<h3>null</h3>"), "null printed nothing");
        free(html);
    }
}

/* Every file of a report folder written by a run of `solver` is complete and consistent: a
 * summary.csv of that solver only, an index.html that ends, and misses files that read back
 * with as many queries as summary.csv counts false negatives. */
static void expect_whole_report(const char *rep, const char *solver)
{
    char path[800], f[64];
    snprintf(path, sizeof path, "%s/summary.csv", rep);
    char *csv = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(csv, "%s", path);
    int rows = 0;
    for (const char *line = strchr(csv, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        cr_assert(!strncmp(line + 1, solver, strlen(solver)) && line[1 + strlen(solver)] == ',',
                  "a row of another run in %s's report: %.60s", solver, line + 1);
        rows++;
    }
    cr_assert_gt(rows, 0);
    long long fn = atoll(cli_row_field(csv, solver, 8, f, sizeof f));
    free(csv);
    snprintf(path, sizeof path, "%s/index.html", rep);
    char *html = ccdb_test_slurp(path, NULL);
    cr_assert(html && strstr(html, "</html>\n"), "%s is whole", path);
    char key[80];
    snprintf(key, sizeof key, "\"><td>%s</td>", solver);
    cr_assert(strstr(html, key), "index.html of the same run as summary.csv (%s)", solver);
    free(html);
    snprintf(path, sizeof path, "%s/misses/vertex-face/%s.csv", rep, solver);
    ccdb_dataset m;
    ccdb_csv_error cerr;
    ccdb_csv_options copt = { 0 };
    if (fn) {
        cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_VF, &copt, &m, &cerr), 0, "%s", cerr.message);
        cr_assert_eq((long long)m.count, fn);
        ccdb_dataset_free(&m);
    }
    const char *other = strcmp(solver, "null") ? "null" : "discrete";
    snprintf(path, sizeof path, "%s/misses/vertex-face/%s.csv", rep, other);
    cr_assert_neq(access(path, F_OK), 0, "no misses of the other run: %s", path);
}

/* Reproduction 4 and the "Done when": two runs into the same -o folder, 20 rounds: never an
 * invalid file, never both failing, never a mix of the two runs. */
/* Start and end (ns since the epoch) of a run, as the shell wrote them in cli_dir/NAME. */
static void span(const char *name, long long *start, long long *end)
{
    char *t = cli_captured(name);
    cr_assert_eq(sscanf(t, "%lld %lld", start, end), 2, "%s: %s", name, t);
    free(t);
}

/* cli_dir/scene/vertex-face/big.csv: 2000 queries (a grid over the triangle and around it), so
 * that a run takes a while; its path into big. */
static void write_big(char *big, size_t len)
{
    snprintf(big, len, "%s/scene/vertex-face/big.csv", cli_dir);
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, "big", CCDB_KIND_VF, 2000), 0);
    for (size_t i = 0; i < ds.count; i++) {
        double x = 0.03125 * (double)(i % 40) - 0.125, y = 0.03125 * (double)(i / 40) - 0.125;
        cli_vf_query(ds.q[i], x, y);
        ds.label[i] = x >= 0 && y >= 0 && x + y <= 1;
    }
    ccdb_csv_error cerr;
    cr_assert_eq(ccdb_csv_write(big, &ds, &cerr), 0, "%s", cerr.message);
    ccdb_dataset_free(&ds);
}

Test(hostile, concurrent_runs_into_one_folder_never_tear_it)
{
    char big[600];
    write_big(big, sizeof big);
    int overlapped = 0;
    for (int round = 0; round < 20; round++) {
        char cmd[4096];
        /* Both in cli_dir ("cd ... && { A & B & wait; }"), each timed by the shell. */
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && export CCDB_CACHE_DIR='%s/cache' && { "
                 "{ a=$(date +%%s%%N); '%s' run --solvers null --repeat 1 --data '%s' -o rep "
                 ">o1 2>e1; echo $? >s1; echo $a $(date +%%s%%N) >t1; } & "
                 "{ a=$(date +%%s%%N); '%s' run --solvers discrete --repeat 1 --data '%s' -o rep "
                 ">o2 2>e2; echo $? >s2; echo $a $(date +%%s%%N) >t2; } & wait; }",
                 cli_dir, cli_dir, CLI_BIN, big, CLI_BIN, big);
        int st = system(cmd);
        cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "round %d", round);
        char *s1 = cli_captured("s1"), *s2 = cli_captured("s2");
        int a = atoi(s1), b = atoi(s2);
        free(s1);
        free(s2);
        cr_assert(a == 0 || a == 2, "round %d: run 1 exit %d", round, a);
        cr_assert(b == 0 || b == 2, "round %d: run 2 exit %d", round, b);
        cr_assert(a == 0 || b == 0, "round %d: both failed", round);
        if (a || b) {
            char *e = cli_captured(a ? "e1" : "e2");
            cr_assert(strstr(e, "rep"), "a failure says why: %s", e);
            free(e);
        }
        long long a0, a1, b0, b1;
        span("t1", &a0, &a1);
        span("t2", &b0, &b1);
        overlapped += a0 < b1 && b0 < a1;
        /* The folder is one run's whole report: which one, summary.csv says. */
        char rep[600];
        snprintf(rep, sizeof rep, "%s/rep", cli_dir);
        char *csv = cli_captured("rep/summary.csv");
        const char *solver = strstr(csv, "\nnull,") ? "null" : "discrete";
        free(csv);
        expect_whole_report(rep, solver);
        cr_assert_eq(entries_starting(".rep.tmp."), 0, "round %d: a temporary folder left", round);
    }
    cr_assert_gt(overlapped, 0, "the two runs never overlapped: concurrency was not exercised");
}

/* Reproduction 5: a full disk during a run (here a file size limit: writes beyond 8 KiB fail
 * with EFBIG, as they would with ENOSPC) leaves the previous report whole, says why, and
 * exits 2. The shell does not ignore SIGXFSZ: ccdbench does (issue 20, defect 3). The message
 * names the report's file, not the temporary folder it was written in (removed by then), and
 * nothing is left behind, in the cache neither (its entry is larger than the limit). */
Test(hostile, a_full_disk_leaves_the_previous_report_whole)
{
    cr_assert_eq(cli_run("run --solvers null --repeat 1 --data '%s' -o rep", cli_data), 0);
    char *csv = cli_captured("rep/summary.csv"), *html = cli_captured("rep/index.html");
    cr_assert_gt(strlen(html), 16384, "the page is larger than the limit below");
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && export CCDB_CACHE_DIR='%s/cache' && ulimit -f 16 && "
             "'%s' run --solvers null,discrete --repeat 1 --data '%s' -o rep >out.txt 2>err.txt",
             cli_dir, cli_dir, CLI_BIN, cli_data);
    int st = system(cmd);
    cr_assert(WIFEXITED(st), "status %d", st);
    cr_assert_eq(WEXITSTATUS(st), 2);
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, "cannot write") && strstr(err, strerror(EFBIG)), "%s", err);
    cr_assert_null(strstr(err, ".tmp."), "a removed temporary is named: %s", err);
    cr_assert(strstr(err, "rep/index.html") || strstr(err, "rep/summary.csv") ||
                  strstr(err, "rep/misses/"),
              "the report's own file is named: %s", err);
    free(err);
    char *csv2 = cli_captured("rep/summary.csv"), *html2 = cli_captured("rep/index.html");
    cr_assert_str_eq(csv2, csv, "summary.csv is the previous run's");
    cr_assert_str_eq(html2, html, "index.html is the previous run's");
    cr_assert_eq(entries_starting(".rep.tmp."), 0, "no temporary folder left");
    cr_assert_eq(temporaries_in("cache/truth"), 0, "no cache temporary left");
    free(csv);
    free(html);
    free(csv2);
    free(html2);
}

/* A TMPDIR that does not exist: the message says TMPDIR, and which folder. */
Test(hostile, a_missing_tmpdir_is_named_as_such)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && CCDB_CACHE_DIR='%s/cache' TMPDIR='%s/no-such-folder' '%s' run --solvers "
             "null --repeat 1 --data '%s' -o rep >out.txt 2>err.txt",
             cli_dir, cli_dir, cli_dir, CLI_BIN, cli_data);
    int st = system(cmd);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %#x", st);
    char *err = cli_captured("err.txt");
    cr_assert_not_null(strstr(err, "cannot capture the solver's output: TMPDIR "), "%s", err);
    cr_assert_not_null(strstr(err, "/no-such-folder: "), "%s", err);
    cr_assert_not_null(strstr(err, strerror(ENOENT)), "%s", err);
    free(err);
    cr_assert_eq(entries_starting(".rep."), 0);
}

/* -o never replaces a folder holding files a run did not write. */
Test(hostile, a_folder_of_other_files_is_never_replaced)
{
    char notes[600];
    snprintf(notes, sizeof notes, "%s/mine/notes.txt", cli_dir);
    char mine[600];
    snprintf(mine, sizeof mine, "%s/mine", cli_dir);
    cr_assert_eq(ccdb_mkdir_p(mine), 0);
    ccdb_test_write_file(notes, "keep", 4);
    cr_assert_eq(cli_run("run --solvers null --data '%s' -o mine", cli_data), 2);
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, "notes.txt"), "%s", err);
    free(err);
    char *kept = ccdb_test_slurp(notes, NULL);
    cr_assert_str_eq(kept, "keep");
    free(kept);
}

/* Issue 20, defect 4: nor one holding them deeper down, in a report's own subfolders. */
Test(hostile, a_report_holding_other_files_deep_down_is_never_replaced)
{
    cr_assert_eq(cli_run("run --solvers discrete --repeat 1 --data '%s' -o rep", cli_data), 0);
    static const char *const strangers[] = { "rep/misses/vertex-face/mine.txt",
                                             "rep/bad-toi/notes.txt", "rep/misses/x/y/z.csv" };
    for (size_t i = 0; i < sizeof strangers / sizeof strangers[0]; i++) {
        char path[800], sub[800];
        snprintf(path, sizeof path, "%s/%s", cli_dir, strangers[i]);
        snprintf(sub, sizeof sub, "%s", path);
        *strrchr(sub, '/') = '\0';
        cr_assert_eq(ccdb_mkdir_p(sub), 0);
        ccdb_test_write_file(path, "keep", 4);
        cr_assert_eq(cli_run("run --solvers discrete --repeat 1 --data '%s' -o rep", cli_data), 2);
        char *err = cli_captured("err.txt");
        cr_assert_not_null(strstr(err, "refusing to replace"), "%s", err);
        /* the first stranger: for misses/x/y/z.csv, the folder y (a report's x holds files) */
        cr_assert(strstr(err, strangers[i] + 4) || strstr(err, "'misses/x/y'"), "%s", err);
        free(err);
        char *kept = ccdb_test_slurp(path, NULL);
        cr_assert_str_eq(kept, "keep");
        free(kept);
        cr_assert_eq(unlink(path), 0);
        cr_assert_eq(entries_starting(".rep."), 0);
    }
}

/* The pid of a living child of `parent` (from /proc/N/stat), or 0 when there is none. */
static pid_t child_of(pid_t parent)
{
    DIR *d = opendir("/proc");
    cr_assert_not_null(d, "/proc: %s", strerror(errno));
    pid_t found = 0;
    for (struct dirent *e; !found && (e = readdir(d));) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        char path[300], line[512];
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t n = fread(line, 1, sizeof line - 1, f);
        fclose(f);
        line[n] = '\0';
        /* "pid (comm) state ppid ...": comm may hold anything, so read after its last ')'. */
        const char *end = strrchr(line, ')');
        char state;
        long ppid;
        if (end && sscanf(end + 1, " %c %ld", &state, &ppid) == 2 && ppid == (long)parent &&
            state != 'Z')
            found = (pid_t)atol(e->d_name);
    }
    closedir(d);
    return found;
}

/* 1 once /proc says pid is gone or a zombie (waiting up to 5 s for the scheduler). */
static int dies(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    for (int tries = 0; tries < 500; tries++) {
        FILE *f = fopen(path, "r");
        char state = 0;
        if (!f)
            return 1;
        int got = fscanf(f, "%*d (%*[^)]) %c", &state);
        fclose(f);
        if (got == 1 && (state == 'Z' || state == 'X'))
            return 1;
        struct timespec ms = { 0, 10000000 };
        nanosleep(&ms, NULL);
    }
    return 0;
}

/* Stopping ccdbench (SIGTERM, or Ctrl-C's SIGINT) while an isolated solver hangs: the child, in
 * a process group of its own that a terminal's signal does not reach, dies with it. */
Test(hostile, a_stopped_run_leaves_no_child_behind)
{
    const int sigs[] = { SIGTERM, SIGINT };
    for (int k = 0; k < 2; k++) {
        char cmd[2048];
        snprintf(cmd, sizeof cmd,
                 "exec '%s' run --timeout 60 --plugin '%s' --solvers testplugin_hang --data '%s' "
                 "-o '%s/rep' >/dev/null 2>&1",
                 CLI_BIN, cli_plugin("testplugin_hang"), cli_data, cli_dir);
        pid_t pid = fork();
        cr_assert_geq(pid, 0);
        if (pid == 0) {
            execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
            _exit(127);
        }
        /* The solver's child: a child of ccdbench still there 0.2 s later (the child that
         * probes the plugin while it is loaded is gone by then). */
        pid_t child = 0;
        for (int tries = 0; tries < 300 && !child; tries++) {
            struct timespec wait = { 0, 200000000 };
            pid_t c = child_of(pid);
            nanosleep(&wait, NULL);
            if (c && child_of(pid) == c)
                child = c;
        }
        if (!child)
            kill(pid, SIGKILL);
        cr_assert_gt(child, 0, "the isolated child never started");
        cr_assert_eq(kill(pid, sigs[k]), 0);
        int st;
        cr_assert_eq(waitpid(pid, &st, 0), pid);
        cr_assert(WIFSIGNALED(st) && WTERMSIG(st) == sigs[k], "ccdbench ended by the signal");
        int gone = dies(child);
        if (!gone)
            kill(child, SIGKILL);
        cr_assert(gone, "signal %d: the solver's child %ld outlived ccdbench", sigs[k],
                  (long)child);
        cr_assert_eq(entries_starting(".rep.tmp."), 0, "signal %d: a temporary folder is left",
                     sigs[k]);
    }
}

/* Every path and every byte under cli_dir/rep, as one line of text (freed by the caller). */
static char *report_digest(void)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd,
             "cd '%s/rep' && { find . -print | LC_ALL=C sort; find . -type f -print0 | LC_ALL=C "
             "sort -z | xargs -0 cat; } | cksum",
             cli_dir);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    char *line = calloc(1, 256);
    cr_assert_not_null(fgets(line, 256, p));
    cr_assert_eq(pclose(p), 0);
    return line;
}

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* ccdbench run over big into rep, started directly (no shell between: the signal goes to it)
 * with the cache in cli_dir/cache and TMPDIR cli_dir/tmp. Returns its pid. */
static pid_t start_run(const char *big)
{
    char cache[600], tmp[600];
    snprintf(cache, sizeof cache, "%s/cache", cli_dir);
    snprintf(tmp, sizeof tmp, "%s/tmp", cli_dir);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGINT, SIG_DFL);
        FILE *null = freopen("/dev/null", "w", stdout);
        (void)null;
        null = freopen("/dev/null", "w", stderr);
        if (chdir(cli_dir) != 0 || setenv("CCDB_CACHE_DIR", cache, 1) != 0 ||
            setenv("TMPDIR", tmp, 1) != 0)
            _exit(126);
        execl(CLI_BIN, "ccdbench", "run", "--solvers", "null,discrete", "--repeat", "1", "--data",
              big, "-o", "rep", (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* Issue 20, "Done when": SIGINT at 20 pseudo-random moments (seeded) of a run leaves no
 * temporary folder or file anywhere (beside the report, in the cache, in TMPDIR) and the
 * previous report byte for byte; a run the signal reaches too late has put its whole new report
 * in place (and then ended with the signal, or finished). */
Test(hostile, sigint_at_20_moments_leaves_nothing_behind)
{
    char big[600], tmp[600], cmd[1200];
    write_big(big, sizeof big);
    snprintf(tmp, sizeof tmp, "%s/tmp", cli_dir);
    cr_assert_eq(mkdir(tmp, 0700), 0);
    long long t0 = now_ns();
    cr_assert_eq(cli_run("run --solvers null,discrete --repeat 1 --data '%s' -o rep", big), 0);
    long long length = now_ns() - t0; /* the moments spread over about a run */
    char *before = report_digest();
    uint64_t seed = 20;
    int interrupted = 0;
    for (int k = 0; k < 20; k++) {
        /* No entry: each run computes the truth and writes the cache too. */
        snprintf(cmd, sizeof cmd, "rm -f '%s'/cache/truth/*.bin", cli_dir);
        cr_assert_eq(system(cmd), 0);
        long long delay = (long long)(ccdb_splitmix64(&seed) % (uint64_t)(length + length / 4));
        pid_t pid = start_run(big);
        struct timespec wait = { (time_t)(delay / 1000000000LL), (long)(delay % 1000000000LL) };
        nanosleep(&wait, NULL);
        cr_assert_eq(kill(pid, SIGINT), 0);
        int st;
        cr_assert_eq(waitpid(pid, &st, 0), pid);
        char *after = report_digest();
        if (WIFSIGNALED(st) && strcmp(after, before) != 0) {
            /* The signal came after the new report was put in place (the run was printing its
             * table): that report is whole. */
            cr_assert_eq(WTERMSIG(st), SIGINT, "moment %d: killed by %d", k, WTERMSIG(st));
            char *csv = cli_captured("rep/summary.csv"), *html = cli_captured("rep/index.html");
            cr_assert(strstr(csv, "\nnull,") && strstr(csv, "\ndiscrete,"),
                      "moment %d (%lld ns): the report changed and is not a whole one", k, delay);
            cr_assert_not_null(strstr(html, "</html>\n"), "moment %d: index.html is torn", k);
            free(csv);
            free(html);
            free(before);
            before = strdup(after);
        } else if (WIFSIGNALED(st)) {
            cr_assert_eq(WTERMSIG(st), SIGINT, "moment %d: killed by %d", k, WTERMSIG(st));
            interrupted++;
        } else {
            cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "moment %d: status %#x", k, st);
            free(before); /* finished first: its report is the previous one now */
            before = strdup(after);
        }
        free(after);
        cr_assert_eq(entries_starting(".rep."), 0, "moment %d: a temporary beside the report", k);
        cr_assert_eq(temporaries_in("cache"), 0, "moment %d: a temporary in the cache", k);
        cr_assert_eq(temporaries_in("cache/truth"), 0, "moment %d: a cache temporary", k);
        cr_assert_eq(temporaries_in("tmp"), 0, "moment %d: a temporary in TMPDIR", k);
        snprintf(cmd, sizeof cmd, "[ -z \"$(ls -A '%s')\" ]", tmp);
        cr_assert_eq(system(cmd), 0, "moment %d: TMPDIR is not empty", k);
    }
    free(before);
    cr_assert_gt(interrupted, 0, "no run was interrupted: the moments were all too late");
}

/* ABI 4: CCDB_OUTSIDE_MODEL in its own summary.csv column (outside_model, field 28), in no
 * other count; the same state from an ABI 3 entry is a contract violation and a failure. */
Test(hostile, outside_model_counted_apart_from_abi_4_only)
{
    enum { N = 36 };
    char path[600];
    snprintf(path, sizeof path, "%s/scene/vertex-face/grid.csv", cli_dir);
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, "grid", CCDB_KIND_VF, N), 0);
    int want_outside = 0, want_pos_judged = 0;
    for (int i = 0; i < N; i++) {
        double x = 0.0625 * (i % 6) + 0.03125 * (i / 6), y = 0.125 * (i / 6);
        cli_vf_query(ds.q[i], x, y);
        ds.label[i] = x + y <= 1;
        int outside = ds.q[i][0][0] < 0.25;
        want_outside += outside;
        want_pos_judged += !outside && ds.label[i];
    }
    ccdb_csv_error cerr;
    cr_assert_eq(ccdb_csv_write(path, &ds, &cerr), 0, "%s", cerr.message);
    ccdb_dataset_free(&ds);
    cr_assert(want_outside > 0 && want_outside < N);
    cr_assert_eq(cli_run("run --plugin '%s' --plugin '%s' --solvers "
                         "testplugin_outside_model,testplugin_outside_old_abi --data '%s' -o rep",
                         cli_plugin("testplugin_outside_model"),
                         cli_plugin("testplugin_outside_old_abi"), path),
                 0);
    char *csv = cli_captured("rep/summary.csv"), f[64];
    cr_assert(strstr(csv, ",truth_min_sep,outside_model,"), "%s", csv);
    const char *s4 = "testplugin_outside_model", *s3 = "testplugin_outside_old_abi";
    cr_assert_eq(atoi(cli_row_field(csv, s4, 28, f, sizeof f)), want_outside);
    cr_assert_eq(atoi(cli_row_field(csv, s4, 8, f, sizeof f)), want_pos_judged,
                 "FN: the judged positives only, never the ones outside the model");
    cr_assert_eq(atoi(cli_row_field(csv, s4, 16, f, sizeof f)), 0, "failed");
    cr_assert_eq(atoi(cli_row_field(csv, s4, 21, f, sizeof f)), 0, "contract violations");
    cr_assert_eq(atoi(cli_row_field(csv, s3, 28, f, sizeof f)), 0);
    cr_assert_eq(atoi(cli_row_field(csv, s3, 16, f, sizeof f)), N, "failed");
    cr_assert_eq(atoi(cli_row_field(csv, s3, 21, f, sizeof f)), N, "contract violations");
    cr_assert_eq(atoi(cli_row_field(csv, s3, 8, f, sizeof f)), 0, "never a miss");
    free(csv);
    char *out = cli_captured("out.txt");
    char want[64];
    snprintf(want, sizeof want, "(%d outside its model)", want_outside);
    cr_assert(strstr(out, want), "%s", out);
    free(out);
    char *html = cli_captured("rep/index.html");
    cr_assert(strstr(html, "outside the solver's motion model"));
    free(html);
    cr_assert_eq(cli_run("replay scene/vertex-face/grid.csv --index 0 --plugin '%s' "
                         "--solvers testplugin_outside_model",
                         cli_plugin("testplugin_outside_model")),
                 0);
    out = cli_captured("out.txt");
    cr_assert(strstr(out, "outside_model") && strstr(out, "OUTSIDE MODEL"), "%s", out);
    free(out);
}
