/* test_cli.c — `ccdbench run` / `replay` as a user runs them (the built binary): exit codes on
 * bad options and bad data, reports and misses files written, misses readable and replayable,
 * --fail-on-fn, --threads 2 tallies equal to --threads 1, --isolate with a crashing plugin,
 * and the truth cache rebuilt after corruption. Small hand-made data only. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "ccdb_dataset.h"
#include "ccdb_test.h"
#include "ccdb_util.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_util.h"

#include "cli_fixture.h"

static long long expect_all_positives_missed(const char *csv, const char *solver);

TestSuite(cli, .init = cli_setup, .fini = cli_teardown);

Test(cli, bad_usage_exits_2)
{
    cr_assert_eq(cli_run("run --bogus"), 2);
    cr_assert_eq(cli_run("run --repeat 0 --data '%s'", cli_data), 2);
    cr_assert_eq(cli_run("run --threads two --data '%s'", cli_data), 2);
    cr_assert_eq(cli_run("run --delta -1 --data '%s'", cli_data), 2);
    cr_assert_eq(cli_run("run --timeout 1 --no-isolate --data '%s'", cli_data), 2,
                 "--timeout applies to isolated solvers");
    cr_assert_eq(cli_run("run --isolate --no-isolate --data '%s'", cli_data), 2);
    cr_assert_eq(cli_run("run --kind xy --data '%s'", cli_data), 2);
    cr_assert_eq(cli_run("run --data"), 2);
    cr_assert_eq(cli_run("run --solvers no_such_solver --data '%s'", cli_data), 2);
    cr_assert_eq(cli_run("run --data '%s/missing.csv'", cli_dir), 2);
    cr_assert_eq(cli_run("run --plugin '%s/missing.so' --data '%s'", cli_dir, cli_data), 2);
    cr_assert_eq(cli_run("replay"), 2);
    cr_assert_eq(cli_run("replay '%s'", cli_data), 2, "missing --index");
    cr_assert_eq(cli_run("replay '%s' --index %zu", cli_data, CLI_NPOINTS), 2,
                 "index out of range");
    cr_assert_eq(cli_run("replay '%s' --index -1", cli_data), 2);
    char *err = cli_captured("err.txt");
    cr_assert(strlen(err) > 0, "an error message is printed");
    free(err);
}

Test(cli, bad_data_names_file_and_line)
{
    char bad[600];
    snprintf(bad, sizeof bad, "%s/scene/vertex-face/bad.csv", cli_dir);
    FILE *f = fopen(bad, "w");
    for (int i = 0; i < 8; i++)
        fprintf(f, "%s,1,0,1,0,1,1\n", i == 2 ? "1,0" : "1"); /* zero denominator on line 3 */
    fclose(f);
    cr_assert_eq(cli_run("run --solvers null --data '%s' -o rep", bad), 2);
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, "bad.csv:3"), "stderr names FILE:LINE: %s", err);
    free(err);
    /* Kind unknown (no vertex-face/edge-edge folder, no --kind). */
    char plain[600];
    snprintf(plain, sizeof plain, "%s/plain.csv", cli_dir);
    cr_assert_eq(rename(cli_data, plain), 0);
    cr_assert_eq(cli_run("run --solvers null --data '%s' -o rep", plain), 2);
    cr_assert_eq(cli_run("run --solvers null --data '%s' --kind vf -o rep", plain), 0);
}

Test(cli, reports_and_replayable_misses)
{
    cr_assert_eq(cli_run("run --solvers null --data '%s' -o rep/nested --repeat 2", cli_data), 0);
    char path[600];
    struct stat st;
    snprintf(path, sizeof path, "%s/rep/nested/summary.csv", cli_dir);
    cr_assert_eq(stat(path, &st), 0, "summary.csv written (parents created)");
    snprintf(path, sizeof path, "%s/rep/nested/index.html", cli_dir);
    cr_assert_eq(stat(path, &st), 0, "index.html written");

    /* null answers miss: every true hit is in the misses file, in order, bit for bit. */
    snprintf(path, sizeof path, "%s/rep/nested/misses/vertex-face/null.csv", cli_dir);
    ccdb_dataset m;
    ccdb_csv_error err;
    ccdb_csv_options opt = { 0 };
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_VF, &opt, &m, &err), 0, "%s", err.message);
    size_t at = 0;
    for (size_t i = 0; i < CLI_NPOINTS; i++) {
        if (cli_points[i][0] + cli_points[i][1] > 1)
            continue;
        cr_assert(at < m.count);
        double q[8][3];
        cli_vf_query(q, cli_points[i][0], cli_points[i][1]);
        cr_assert_eq(memcmp(q, m.q[at], sizeof q), 0, "miss %zu is query %zu", at, i);
        cr_assert_eq(m.label[at], 1);
        at++;
    }
    cr_assert_eq(at, m.count, "exactly the false negatives");
    ccdb_dataset_free(&m);

    /* summary.csv: the per-query time quantiles (columns 24-27), measured and in order */
    char *csv = cli_captured("rep/nested/summary.csv");
    char f[64];
    double q[4];
    for (int c = 0; c < 4; c++) {
        cli_row_field(csv, "null", 23 + c, f, sizeof f);
        cr_assert(f[0], "column %d of null's row is empty", 24 + c);
        q[c] = strtod(f, NULL);
    }
    cr_assert(0 <= q[0] && q[0] <= q[1] && q[1] <= q[2] && q[2] <= q[3], "%g %g %g %g", q[0], q[1],
              q[2], q[3]);
    free(csv);

    /* index.html: null claims nothing, so its misses are counted and named, not pictured */
    char *html = cli_captured("rep/nested/index.html");
    cr_assert_null(strstr(html, "class=\"miss-picture\""), "no picture for null");
    cr_assert_not_null(strstr(html, "(it claims nothing: a miss breaks no promise); every one is "
                                    "in <code>rep/nested/misses/vertex-face/null.csv</code>"));
    free(html);

    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "null"), "summary table on stdout: %s", out);
    free(out);
    char *errs = cli_captured("err.txt");
    cr_assert_null(strchr(errs, '\r'), "no progress line when stderr is not a terminal: %s", errs);
    free(errs);

    cr_assert_eq(cli_run("replay '%s' --index 0 --solvers null", path), 0);
    out = cli_captured("out.txt");
    cr_assert(strstr(out, "exact truth: HIT"), "%s", out);
    cr_assert(strstr(out, "FALSE NEGATIVE"), "%s", out);
    free(out);
}

Test(cli, fail_on_fn_with_a_false_conservative_claim)
{
    char plugin[600];
    snprintf(plugin, sizeof plugin, "%s/testplugin_always_miss.so", CLI_PLUGINS);
    struct stat st;
    cr_assert_eq(stat(plugin, &st), 0, "test plugin not built: %s", plugin);
    cr_assert_eq(cli_run("run --plugin '%s' --solvers testplugin_always_miss --data '%s' -o rep",
                         plugin, cli_data),
                 0, "no --fail-on-fn: findings are reported, exit 0");
    cr_assert_eq(cli_run("run --plugin '%s' --solvers testplugin_always_miss --data '%s' -o rep "
                         "--fail-on-fn",
                         plugin, cli_data),
                 1);
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, "testplugin_always_miss"), "%s", err);
    free(err);
    /* Its replay line carries the plugin so that it can be replayed. */
    char *csv = cli_captured("rep/summary.csv");
    expect_all_positives_missed(csv, "testplugin_always_miss");
    free(csv);
}

/* A plugin found by name in $CCDB_PLUGIN_PATH (no --plugin): it runs, its misses' replay lines
 * carry its file, and replay finds it by name too. A solver with no work count shows an empty
 * work cell in summary.csv and "n/a" in index.html and in replay, never 0. */
Test(cli, plugin_found_by_name_and_work_na)
{
    char folder[600], cmd[2048];
    snprintf(folder, sizeof folder, "%s/found", cli_dir);
    snprintf(cmd, sizeof cmd,
             "mkdir -p '%s' && cp '%s/testplugin_always_miss.so' '%s/testplugin_cxx.so' '%s/'",
             folder, CLI_PLUGINS, CLI_PLUGINS, folder);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    cr_assert_eq(setenv("CCDB_PLUGIN_PATH", folder, 1), 0);
    cr_assert_eq(
        cli_run("run --solvers testplugin_always_miss,testplugin_cxx --repeat 1 --data '%s' -o rep",
                cli_data),
        0);
    char *out = cli_captured("out.txt");
    cr_expect(strstr(out, "testplugin_always_miss") && strstr(out, "testplugin_cxx"), "%s", out);
    free(out);

    /* replay lines name the plugin's file, so that they work without $CCDB_PLUGIN_PATH */
    char *html = cli_captured("rep/index.html");
    char want[700];
    snprintf(want, sizeof want, "--plugin %s/testplugin_always_miss.so", folder);
    cr_expect(strstr(html, want), "replay command with '%s'", want);
    /* summary table (names wrap after '_'): testplugin_cxx's work is n/a */
    const char *summary = strstr(html, "<table id=\"summary\"");
    cr_assert(summary);
    const char *row = strstr(summary, ">testplugin_<wbr>cxx</td>");
    cr_assert(row, "testplugin_cxx in the summary");
    const char *end = strstr(row, "</tr>"), *na = strstr(row, ">n/a</td>");
    cr_expect(na && na < end, "work n/a in the summary row");
    row = strstr(summary, ">testplugin_<wbr>always_<wbr>miss</td>");
    cr_assert(row);
    end = strstr(row, "</tr>");
    na = strstr(row, ">n/a</td>");
    cr_expect(!na || na > end, "testplugin_always_miss counts its work");
    free(html);

    /* summary.csv: column 18 (work) is empty for testplugin_cxx, a number for the other */
    char *csv = cli_captured("rep/summary.csv");
    cr_assert(strstr(csv, ",failed,work,claims,"), "header: %.200s", csv);
    int rows = 0;
    for (const char *r = strstr(csv, "\ntestplugin_"); r; r = strstr(r + 1, "\ntestplugin_")) {
        const char *p = r + 1;
        for (int c = 0; c < 17; c++)
            p = strchr(p, ',') + 1;
        int cxx = !strncmp(r + 1, "testplugin_cxx,", 15);
        cr_expect(cxx ? *p == ',' : (*p >= '0' && *p <= '9'), "work cell of %.40s: %.10s", r + 1,
                  p);
        /* claims (column 19) are claims only: 1 | 4 = 5 for testplugin_cxx, not 13 */
        if (cxx)
            cr_expect(!strncmp(strchr(p, ',') + 1, "5,", 2), "claims of %.40s", r + 1);
        rows++;
    }
    cr_expect_geq(rows, 2);
    free(csv);

    /* replay finds it by name, and shows n/a for its work */
    char misses[700];
    snprintf(misses, sizeof misses, "%s/rep/misses/vertex-face/testplugin_always_miss.csv",
             cli_dir);
    cr_assert_eq(
        cli_run("replay '%s' --index 0 --solvers testplugin_cxx,testplugin_always_miss", misses),
        0);
    out = cli_captured("out.txt");
    const char *line = strstr(out, "testplugin_cxx");
    cr_assert(line, "%s", out);
    end = strchr(line, '\n');
    na = strstr(line, " n/a ");
    cr_expect(na && na < end, "%s", out);
    free(out);

    /* an unknown name says where it looked */
    cr_assert_eq(cli_run("run --solvers no_such_solver --data '%s' -o rep", cli_data), 2);
    char *err = cli_captured("err.txt");
    cr_expect(strstr(err, "unknown solver 'no_such_solver'") && strstr(err, folder), "%s", err);
    free(err);
}

/* Every summary.csv row of `solver` shows every positive as a false negative: fn == positives,
 * tp == fp == 0, fn + tn == queries. Returns the sum of positives over its "all" rows. */
static long long expect_all_positives_missed(const char *csv, const char *solver)
{
    char key[80];
    snprintf(key, sizeof key, "\n%s,", solver);
    long long positives_all = 0;
    int rows = 0;
    for (const char *row = strstr(csv, key); row; row = strstr(row + 1, key)) {
        /* solver,dataset,kind,class,queries,positives,tp,fp,fn,tn,... (no commas in these names) */
        char family[64];
        long long queries, positives, tp, fp, fn, tn;
        const char *p = row + 1;
        for (int c = 0; c < 3; c++)
            p = strchr(p, ',') + 1;
        int n = sscanf(p, "%63[^,],%lld,%lld,%lld,%lld,%lld,%lld", family, &queries, &positives,
                       &tp, &fp, &fn, &tn);
        cr_assert_eq(n, 7, "unparsable row: %.120s", row + 1);
        cr_expect_eq(fn, positives, "%s: fn %lld != positives %lld", family, fn, positives);
        cr_expect_eq(tp, 0);
        cr_expect_eq(fp, 0);
        cr_expect_eq(fn + tn, queries);
        if (!strcmp(family, "all"))
            positives_all += positives;
        rows++;
    }
    cr_assert_gt(rows, 0, "no row for %s", solver);
    return positives_all;
}

/* The check on the public sample: a solver answering "miss" everywhere shows every
 * positive as a false negative. */
Test(cli, always_miss_plugin_misses_every_sample_positive)
{
    const char *sample = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    char plugin[600];
    snprintf(plugin, sizeof plugin, "%s/testplugin_always_miss.so", CLI_PLUGINS);
    cr_assert_eq(cli_run("run --plugin '%s' --solvers testplugin_always_miss --repeat 1 "
                         "--data '%s' -o rep",
                         plugin, sample),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    cr_assert_gt(expect_all_positives_missed(csv, "testplugin_always_miss"), 0,
                 "the sample has positives");
    free(csv);
}

/* summary.csv with the timing columns blanked. */
static char *summary_without_timing(void)
{
    char *csv = cli_captured("rep/summary.csv");
    char *out = calloc(strlen(csv) + 1, 1);
    /* columns 12..14 (0-based) are ns_median, ns_min, ns_max, 23..26 the per-query quantiles:
     * check the header says so */
    cr_assert(strstr(csv, ",toi_err_max,ns_median,ns_min,ns_max,"), "header: %.200s", csv);
    cr_assert(strstr(csv, ",isolated,query_ns_p50,query_ns_p90,query_ns_p99,query_ns_max,"),
              "header: %.400s", csv);
    size_t o = 0;
    int col = 0;
    for (const char *p = csv; *p; p++) {
        if (*p == '\n') {
            col = 0;
            out[o++] = *p;
        } else if (*p == ',') {
            col++;
            out[o++] = *p;
        } else if ((col < 12 || col > 14) && col < 23) {
            out[o++] = *p;
        }
    }
    free(csv);
    return out;
}

Test(cli, threads_two_tallies_equal_threads_one)
{
    cr_assert_eq(cli_run("run --data '%s' -o rep --threads 1 --repeat 1", cli_data), 0);
    char *one = summary_without_timing();
    cr_assert_eq(cli_run("run --data '%s' -o rep --threads 2 --repeat 1", cli_data), 0);
    char *two = summary_without_timing();
    cr_assert_str_eq(one, two);
    free(one);
    free(two);
}

Test(cli, isolate_reports_a_crash_and_goes_on)
{
    char plugin[600];
    snprintf(plugin, sizeof plugin, "%s/testplugin_crash.so", CLI_PLUGINS);
    struct stat st;
    cr_assert_eq(stat(plugin, &st), 0, "test plugin not built: %s", plugin);
    /* points[3] has x = 0.75 > 0.5: the plugin crashes on it. */
    cr_assert_eq(cli_run("run --isolate --timeout 30 --plugin '%s' "
                         "--solvers testplugin_crash,null --data '%s' -o rep",
                         plugin, cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    char *crash = strstr(csv, "\ntestplugin_crash,");
    cr_assert_not_null(crash, "%s", csv);
    char *eol = strchr(crash + 1, '\n');
    cr_assert_not_null(eol);
    *eol = '\0';
    cr_assert(strstr(crash, ",crashed"), "status crashed: %s", crash);
    *eol = '\n';
    char *null_row = strstr(csv, "\nnull,");
    cr_assert_not_null(null_row, "the other solver still ran: %s", csv);
    eol = strchr(null_row + 1, '\n');
    *eol = '\0';
    cr_assert(strstr(null_row, ",ok"), "null completed: %s", null_row);
    free(csv);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "crashed"), "%s", out);
    free(out);
}

Test(cli, isolate_reports_a_hang_as_timeout_and_goes_on)
{
    char plugin[600];
    snprintf(plugin, sizeof plugin, "%s/testplugin_hang.so", CLI_PLUGINS);
    struct stat st;
    cr_assert_eq(stat(plugin, &st), 0, "test plugin not built: %s", plugin);
    /* points[3] has x = 0.75 > 0.5: the plugin spins forever on it; 1 s limit. */
    cr_assert_eq(cli_run("run --isolate --timeout 1 --plugin '%s' "
                         "--solvers testplugin_hang,null --data '%s' -o rep",
                         plugin, cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    cli_expect_status(csv, "testplugin_hang", "timeout");
    cli_expect_status(csv, "null", "ok");
    free(csv);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "timeout"), "%s", out);
    free(out);
}

static int count_cache_files(char *name, size_t len)
{
    char path[600];
    snprintf(path, sizeof path, "%s/cache/truth", cli_dir);
    DIR *d = opendir(path);
    if (!d)
        return 0;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strstr(e->d_name, ".bin")) {
            n++;
            cr_assert(snprintf(name, len, "%s/%s", path, e->d_name) < (int)len);
        }
    closedir(d);
    return n;
}

Test(cli, truth_cache_is_used_and_rebuilt_after_corruption)
{
    char file[1024];
    cr_assert_eq(cli_run("run --solvers null --data '%s' -o rep", cli_data), 0);
    cr_assert_eq(count_cache_files(file, sizeof file), 1, "one cache entry per dataset");
    size_t nbefore, nafter;
    char *before = ccdb_test_slurp(file, &nbefore);
    cr_assert_eq(cli_run("run --solvers null --data '%s' -o rep", cli_data), 0);
    char *err = cli_captured("err.txt");
    cr_assert_null(strstr(err, "rejected"), "a valid entry is used: %s", err);
    free(err);
    /* Corrupt one payload byte (the last one: a record's padding, covered by the checksum). */
    FILE *f = fopen(file, "r+b");
    fseek(f, -1, SEEK_END);
    fputc(0x7f, f);
    fclose(f);
    cr_assert_eq(cli_run("run --solvers null --data '%s' -o rep", cli_data), 0);
    err = cli_captured("err.txt");
    cr_assert(strstr(err, "rejected"), "corruption reported: %s", err);
    free(err);
    char *after = ccdb_test_slurp(file, &nafter);
    cr_assert(nbefore == nafter && !memcmp(before, after, nafter), "rebuilt to the same bytes");
    free(before);
    free(after);
    cr_assert_eq(cli_run("--version"), 0);
}

Test(cli, builtin_suite_by_default)
{
    cr_assert_eq(cli_run("run --solvers null --repeat 1 -o rep"), 0);
    char *csv = cli_captured("rep/summary.csv");
    int rows = 0, vf = 0, ee = 0;
    /* The null solver answers miss to everything: on every "all" row, fn == positives. */
    for (char *line = strtok(csv, "\n"); line; line = strtok(NULL, "\n")) {
        char solver[64], dataset[128], kind[8], family[64];
        long long queries, positives, tp, fp, fn, tn;
        if (sscanf(line, "%63[^,],%127[^,],%7[^,],%63[^,],%lld,%lld,%lld,%lld,%lld,%lld", solver,
                   dataset, kind, family, &queries, &positives, &tp, &fp, &fn, &tn) != 10)
            continue; /* header */
        if (strcmp(family, "all") != 0)
            continue;
        rows++;
        vf += !strcmp(kind, "vf");
        ee += !strcmp(kind, "ee");
        cr_assert_str_eq(solver, "null");
        cr_assert(strchr(dataset, '/'), "suite dataset names carry the family: %s", dataset);
        cr_assert_eq(fn, positives, "%s", line);
        cr_assert_eq(tp + fp, 0, "%s", line);
        cr_assert_eq(fn + tn, queries, "%s", line);
    }
    cr_assert(vf > 0 && ee > 0, "both kinds in the suite (%d rows)", rows);
    free(csv);
}

Test(cli, replay_isolated_crash_and_original_file)
{
    char plugin[600];
    snprintf(plugin, sizeof plugin, "%s/testplugin_crash.so", CLI_PLUGINS);
    /* Query 3 of the original file has x = 0.75: the plugin crashes on it. */
    cr_assert_eq(cli_run("replay '%s' --index 3 --isolate --timeout 30 --plugin '%s' "
                         "--solvers testplugin_crash,null",
                         cli_data, plugin),
                 0);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "testplugin_crash") && strstr(out, "crashed"), "%s", out);
    cr_assert(strstr(out, "exact truth: HIT, TOI in [0.5, 0.5]"), "x + y <= 1 is inside: %s", out);
    cr_assert(strstr(out, "FALSE NEGATIVE"), "null answers miss: a false negative: %s", out);
    free(out);
}

/* --min-sep D: a solver claiming minimum separation (discrete) is judged by the truth at D,
 * the others (null) by the contact truth; summary.csv says which (truth_min_sep, column 28),
 * index.html tags the solver. At D = 7 every vertex of the fixture comes within D (the far one,
 * at (5, 5), passes 6.36 from the triangle), at D = 0 three of four touch. */
Test(cli, min_sep_truth_per_solver)
{
    cr_assert_eq(
        cli_run("run --solvers discrete,null --data '%s' -o rep --repeat 1 --min-sep 7", cli_data),
        0);
    char *csv = cli_captured("rep/summary.csv");
    char buf[64];
    cr_assert(strstr(csv, ",query_ns_max,truth_min_sep,"), "header: %.400s", csv);
    cr_assert_str_eq(cli_row_field(csv, "discrete", 27, buf, sizeof buf), "7");
    cr_assert_str_eq(cli_row_field(csv, "discrete", 5, buf, sizeof buf), "4");
    cr_assert_str_eq(cli_row_field(csv, "null", 27, buf, sizeof buf), "0");
    cr_assert_str_eq(cli_row_field(csv, "null", 5, buf, sizeof buf), "3");
    free(csv);
    char *html = cli_captured("rep/index.html");
    cr_assert(strstr(html, "judged at min-sep 7"), "the report names the truth of discrete");
    free(html);
    /* the truth at D has its own cache entry: a second run reads both from the cache */
    cr_assert_eq(
        cli_run("run --solvers discrete,null --data '%s' -o rep2 --repeat 1 --min-sep 7", cli_data),
        0);
    csv = cli_captured("rep2/summary.csv");
    cr_assert_str_eq(cli_row_field(csv, "discrete", 5, buf, sizeof buf), "4");
    cr_assert_str_eq(cli_row_field(csv, "null", 5, buf, sizeof buf), "3");
    free(csv);
    /* replay judges the same way: query 1 (the far vertex) is a hit only at D = 7 */
    cr_assert_eq(cli_run("replay '%s' --index 1 --solvers discrete,null --min-sep 7", cli_data), 0);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "exact truth: no collision"), "%s", out);
    cr_assert(strstr(out, "exact truth at min-sep 7: HIT"), "%s", out);
    cr_assert(strstr(out, "TP") && strstr(out, "TN"), "discrete TP at D, null TN at 0: %s", out);
    free(out);
}

/* Entries in cli_dir/cache/truth (one per dataset and separation judged). */
static int truth_cache_entries(void)
{
    char path[600];
    snprintf(path, sizeof path, "%s/cache/truth", cli_dir);
    DIR *d = opendir(path);
    cr_assert_not_null(d, "%s: no truth cache", path);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/* --min-sep D on data mixing linear and rigid datasets: there is no exact judge at d > 0 for
 * rigid motion, so the truth at D is computed for the linear dataset only; a claimer of minimum
 * separation with a rigid entry (rigid_conservative_advancement) is judged by the contact truth
 * on the rigid one and the report says so, one without (tight_inclusion) is "unsupported" there
 * and judged at D on the linear one. Judging a rigid dataset at D would fail the run (exit 2). */
Test(cli, min_sep_rigid_data_judged_by_the_contact_truth)
{
    char sub[600];
    snprintf(sub, sizeof sub, "%s/mix/vertex-face", cli_dir);
    cr_assert_eq(ccdb_mkdir_p(sub), 0);
    snprintf(sub, sizeof sub, "%s/mix/rigid-vertex-face", cli_dir);
    cr_assert_eq(ccdb_mkdir_p(sub), 0);
    cr_assert_eq(cli_run("gen --family sep_approach --kind vf --count 40 --min-sep 1e-3 "
                         "-o mix/vertex-face/sep.csv"),
                 0);
    cr_assert_eq(cli_run("gen --family rigid_spin_through --kind rigid-vf --count 40 "
                         "-o mix/rigid-vertex-face/spin.csv"),
                 0);
#define MIX_RUN                                                                               \
    "run --solvers tight_inclusion,rigid_conservative_advancement,rigid_interval --data mix " \
    "--repeat 1 --min-sep 1e-3 -o rep"
    cr_assert_eq(cli_run(MIX_RUN), 0);
    char *csv = cli_captured("rep/summary.csv");
    char buf[64];
    const char *lin = "mix/vertex-face/sep.csv", *rig = "mix/rigid-vertex-face/spin.csv";
    cr_expect_str_eq(cli_dataset_field(csv, "tight_inclusion", lin, 27, buf, sizeof buf), "0.001");
    cr_expect_str_eq(cli_dataset_field(csv, "tight_inclusion", lin, 20, buf, sizeof buf), "ok");
    cr_expect_str_eq(cli_dataset_field(csv, "tight_inclusion", rig, 27, buf, sizeof buf), "0");
    cr_expect_str_eq(cli_dataset_field(csv, "tight_inclusion", rig, 20, buf, sizeof buf),
                     "unsupported");
    cr_expect_str_eq(
        cli_dataset_field(csv, "rigid_conservative_advancement", rig, 27, buf, sizeof buf), "0");
    cr_expect_str_eq(
        cli_dataset_field(csv, "rigid_conservative_advancement", rig, 20, buf, sizeof buf), "ok");
    cr_expect_str_eq(cli_dataset_field(csv, "rigid_interval", rig, 27, buf, sizeof buf), "0");
    /* every row of the claimer on the rigid dataset (its class rows too) says 0 */
    int rows = 0;
    for (const char *p = csv; (p = strstr(p, "\nrigid_conservative_advancement,mix/rigid-"));
         p++, rows++) {
        const char *end = strchr(p + 1, '\n'), *field = p + 1;
        for (int c = 0; c < 27 && field; c++) /* to column 28, truth_min_sep */
            field = strchr(field, ',') ? strchr(field, ',') + 1 : NULL;
        cr_assert(end && field && field < end && !strncmp(field, "0,", 2), "%.300s", p + 1);
    }
    cr_expect_gt(rows, 1, "no class rows: %s", csv);
    free(csv);
    char *html = cli_captured("rep/index.html");
    cr_expect(strstr(html, "judged at min-sep 0.001"), "tight_inclusion's truth is not named");
    cr_expect(strstr(html, "rigid datasets judged at min-sep 0 (no exact judge at d &gt; 0 for "
                           "rigid motion)"),
              "the report does not say why rigid datasets were judged at 0");
    free(html);
    /* Truths: the linear dataset at 0 and at D, the rigid one at 0 only. */
    cr_expect_eq(truth_cache_entries(), 3);
    /* replay judges the same way, and says why */
    cr_assert_eq(cli_run("replay %s --index 0 --solvers rigid_conservative_advancement "
                         "--min-sep 1e-3",
                         rig),
                 0);
    char *out = cli_captured("out.txt");
    cr_expect(strstr(out, "no exact judge at d > 0 for rigid-vf queries (rigid motion)"), "%s",
              out);
    cr_expect(!strstr(out, "exact truth at min-sep"), "%s", out);
    free(out);
#undef MIX_RUN
}

/* Rigid data end to end: `truth` on a rigid-vertex-face/ file (kind from the folder) and with
 * --kind; `run`: the exact solver scores no FN / FP, a linear-only built-in and an ABI 2 plugin
 * get an "unsupported" row (no outcome), the null solver's misses land in
 * misses/rigid-vertex-face/ and are drawn with a note on the chords; `replay` says
 * "unsupported" for a solver without the entry. */
Test(cli, rigid_data_end_to_end)
{
    char path[1200], cmd_dir[1100];
    snprintf(cmd_dir, sizeof cmd_dir, "%s/rigid-vertex-face", cli_dir);
    cr_assert_eq(ccdb_mkdir_p(cmd_dir), 0);
    snprintf(path, sizeof path, "%s/q.csv", cmd_dir);
    /* A vertex turning a quarter turn about z into the plane x = 0 (a hit at t = atan(2) /
     * (pi / 2)), the same past a small triangle (a miss). */
    static const char text[] = "2,1,1,1,0,1,1\n0,1,-1,1,-1,1,1\n0,1,5,1,-1,1,1\n0,1,-1,1,5,1,1\n"
                               "0,1,0,1,0,1,1\n0,1,0,1,1,1,1\n0,1,0,1,0,1,1\n0,1,0,1,0,1,1\n"
                               "2,1,1,1,0,1,0\n0,1,-1,1,-1,1,0\n0,1,3,1,-1,1,0\n0,1,-1,1,3,1,0\n"
                               "0,1,0,1,0,1,0\n0,1,0,1,1,1,0\n0,1,0,1,0,1,0\n0,1,0,1,0,1,0\n";
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
    cr_assert_eq(cli_run("truth rigid-vertex-face/q.csv"), 0);
    char *out = cli_captured("out.txt");
    cr_expect(strstr(out, "0,1,0.70483276469913336,0.70483276469913347,generic\n1,0,,,generic\n"),
              "%s", out);
    free(out);
    cr_assert_eq(cli_run("truth rigid-vertex-face/q.csv --kind vf"), 2,
                 "a kind folder is never read as another kind");
    char *refused = cli_captured("err.txt");
    cr_expect(strstr(refused, "the path says the kind (rigid-vf)"), "%s", refused);
    free(refused);

    cr_assert_eq(cli_run("run --data rigid-vertex-face --solvers exact,null,cubic,testplugin_abi2 "
                         "--plugin '%s/testplugin_abi2.so' -o rep",
                         CLI_PLUGINS),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    char buf[64];
    cr_expect_str_eq(cli_row_field(csv, "exact", 2, buf, sizeof buf), "rigid-vf");
    cr_expect_str_eq(cli_row_field(csv, "exact", 8, buf, sizeof buf), "0", "exact: no FN");
    cr_expect_str_eq(cli_row_field(csv, "exact", 7, buf, sizeof buf), "0", "exact: no FP");
    cli_expect_status(csv, "exact", "ok");
    cli_expect_status(csv, "cubic", "unsupported");
    cli_expect_status(csv, "testplugin_abi2", "unsupported");
    cr_expect_str_eq(cli_row_field(csv, "cubic", 8, buf, sizeof buf), "0", "unsupported: no FN");
    free(csv);
    char *miss = cli_captured("rep/misses/rigid-vertex-face/null.csv");
    cr_expect(strstr(miss, "0,1,0,1,1,1,1\n"), "the query as read (w row): %s", miss);
    free(miss);
    char *html = cli_captured("rep/index.html");
    cr_expect(strstr(html, "(it claims nothing"), "null's misses are counted, not drawn");
    free(html);
    out = cli_captured("out.txt");
    cr_expect(strstr(out, "(1 dataset not supported)"), "%s", out);
    free(out);

    cr_assert_eq(cli_run("replay rigid-vertex-face/q.csv --index 0 --solvers cubic,exact"), 0);
    out = cli_captured("out.txt");
    cr_expect(strstr(out, "exact truth: HIT, TOI in [0.70483276469913336, 0.70483276469913347]"),
              "%s", out);
    cr_expect(strstr(out, "unsupported"), "%s", out);
    cr_expect(strstr(out, "  w "), "rigid row names: %s", out);
    free(out);
}

/* Issue 22: `--kind` never changes what a path says (it read edge-edge/ files as vertex-face and
 * reported label disagreements), never is ignored (the built-in suite), and --only-kind really
 * filters. */
Test(cli, kind_never_guessed_wrong)
{
    cr_assert_eq(cli_run("run --solvers null --data '%s' --kind ee -o rep", cli_data), 2);
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, "the path says the kind (vf), so --kind ee is refused"), "%s", err);
    free(err);
    cr_assert_eq(cli_run("run --solvers null --data '%s' --kind vf -o rep", cli_data), 2,
                 "refused even when it agrees: --kind is for paths that name no kind");
    cr_assert_eq(cli_run("run --solvers null --data scene --kind ee -o rep"), 2, "a folder too");
    cr_assert_eq(cli_run("replay '%s' --index 0 --kind ee", cli_data), 2);
    cr_assert_eq(cli_run("run --solvers null --kind vf -o rep"), 2, "not ignored on the suite");
    err = cli_captured("err.txt");
    cr_assert(strstr(err, "--only-kind"), "says what to use instead: %s", err);
    free(err);
    cr_assert_eq(cli_run("run --solvers null --only-kind xx -o rep"), 2);

    /* --only-kind drops the other kinds' files. */
    char ee_dir[600];
    snprintf(ee_dir, sizeof ee_dir, "%s/scene/edge-edge", cli_dir);
    cr_assert_eq(ccdb_mkdir_p(ee_dir), 0);
    cr_assert_eq(cli_run("gen --family random --kind ee --count 3 -o scene/edge-edge/e.csv"), 0);
    cr_assert_eq(cli_run("run --solvers null --repeat 1 --data scene --only-kind ee -o rep"), 0);
    char *csv = cli_captured("rep/summary.csv"), kind[16];
    cr_assert(strstr(csv, "scene/edge-edge/e.csv"), "%s", csv);
    cr_assert(!strstr(csv, "vertex-face"), "the vf file is not run: %s", csv);
    cr_assert_str_eq(cli_row_field(csv, "null", 2, kind, sizeof kind), "ee");
    free(csv);
    cr_assert_eq(cli_run("run --solvers null --data scene --only-kind rigid-vf -o rep"), 2,
                 "nothing left to run");

    /* ... and the built-in suite's datasets of other kinds. */
    cr_assert_eq(cli_run("run --solvers null --repeat 1 --only-kind rigid-ee -o suite"), 0);
    csv = cli_captured("suite/summary.csv");
    size_t rows = 0;
    for (const char *p = strchr(csv, '\n'); p && p[1]; p = strchr(p + 1, '\n')) {
        const char *kcol = strchr(strchr(p + 1, ',') + 1, ',') + 1;
        cr_assert(!strncmp(kcol, "rigid-ee,", 9), "only rigid-ee rows: %.80s", p + 1);
        rows++;
    }
    cr_assert_gt(rows, 0, "%s", csv);
    free(csv);
}

/* Issue 22: replaying a plugin's own findings file loads that plugin (run records its path in
 * NAME.plugin beside NAME.csv), where it was silently left out without --plugin. */
Test(cli, replay_loads_the_plugin_the_findings_file_names)
{
    cr_assert_eq(cli_run("run --plugin '%s/testplugin_always_miss.so' --solvers "
                         "testplugin_always_miss --repeat 1 --data '%s' -o rep",
                         CLI_PLUGINS, cli_data),
                 0);
    char *side = cli_captured("rep/misses/vertex-face/testplugin_always_miss.plugin");
    cr_assert(side[0] == '/' && strstr(side, "/testplugin_always_miss.so\n"), "%s", side);
    free(side);
    cr_assert_eq(cli_run("replay rep/misses/vertex-face/testplugin_always_miss.csv --index 0"), 0);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "plugin ") && strstr(out, "loaded for 'testplugin_always_miss'"), "%s",
              out);
    const char *line = strstr(out, "  testplugin_always_miss ");
    cr_assert(line && strstr(line, "FALSE NEGATIVE"), "its answer is shown, a miss: %s", out);
    free(out);
    /* a sidecar naming a plugin that does not load is an error, not a silent omission */
    char bad[700];
    snprintf(bad, sizeof bad, "%s/rep/misses/vertex-face/testplugin_always_miss.plugin", cli_dir);
    ccdb_test_write_file(bad, "/nonexistent/x.so\n", 18);
    cr_assert_eq(cli_run("replay rep/misses/vertex-face/testplugin_always_miss.csv --index 0"), 2);
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, "names the plugin /nonexistent/x.so, which does not load"), "%s", err);
    free(err);
}
