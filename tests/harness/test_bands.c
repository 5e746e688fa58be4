/* test_bands.c — separation bands (ABI 5, docs/harness.md "Separation bands"), run as a user runs
 * them: the band plugins of tests/solvers/plugins (testplugin.h: band [1/8, 1/4], a vertex that
 * comes down to height h over a still triangle) on one dataset whose heights fall within the
 * band's low end, in the band and beyond its high end. Each plugin that breaks a rule is caught
 * by that rule (a hit beyond band_hi: FP; a miss within band_lo: FN; a TOI after the first time
 * at band_lo: late), and right answers in the band are counted in band, in summary.csv, the
 * one-screen table, the report, and replay; `list` shows the band. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ccdb_dataset.h"
#include "cli_fixture.h"

TestSuite(bands, .init = cli_setup, .fini = cli_teardown);

/* summary.csv columns (0-based). */
enum { COL_POSITIVES = 5, COL_TP = 6, COL_FP = 7, COL_FN = 8, COL_TN = 9, COL_LATE = 10 };
enum { COL_MIN_SEP = 27, COL_IN_BAND = 32, COL_BAND_HI = 33, COL_ORIGIN = 34 };

/* The heights h at t = 1: within 1/8 (0.125 at t = 1 exactly), in the band (1/4 included),
 * beyond 1/4. */
static const double heights[] = { 0.0625, 0.125, 0.1875, 0.25, 0.5, 0.75 };
#define N_HEIGHTS (sizeof heights / sizeof heights[0])

/* bands/vertex-face/down.csv: the vertex over the triangle's interior, from z = 1 down to h. */
static void write_heights(void)
{
    char dir[600], path[700];
    snprintf(dir, sizeof dir, "%s/bands/vertex-face", cli_dir);
    char cmd[800];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    cr_assert_eq(system(cmd), 0);
    snprintf(path, sizeof path, "%s/down.csv", dir);
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, "down", CCDB_KIND_VF, N_HEIGHTS), 0);
    for (size_t i = 0; i < N_HEIGHTS; i++) {
        cli_vf_query(ds.q[i], 0.25, 0.25);
        ds.q[i][4][2] = heights[i];
        ds.label[i] = 0; /* no contact: every h > 0 */
    }
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_write(path, &ds, &err), 0, "%s", err.message);
    ccdb_dataset_free(&ds);
}

static long long field(const char *csv, const char *solver, int col)
{
    char f[64];
    return atoll(cli_row_field(csv, solver, col, f, sizeof f));
}

Test(bands, each_rule_catches_its_breaker_and_right_answers_count_in_band)
{
    write_heights();
    cr_assert_eq(cli_run("run --plugin '%s' --plugin '%s' --plugin '%s' --plugin '%s' --solvers "
                         "testplugin_band_right,testplugin_band_fp,testplugin_band_fn,"
                         "testplugin_band_late,exact --data bands -o rep",
                         cli_plugin("testplugin_band_right"), cli_plugin("testplugin_band_fp"),
                         cli_plugin("testplugin_band_fn"), cli_plugin("testplugin_band_late")),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    cr_assert(strstr(csv, ",toi_late_ulps_p90,in_band,truth_band_hi,origin,undecided\n"), "%.600s",
              csv);
    char f[64];
    cr_assert_str_eq(cli_row_field(csv, "testplugin_band_fp", COL_ORIGIN, f, sizeof f), "plugin");
    cr_assert_str_eq(cli_row_field(csv, "exact", COL_ORIGIN, f, sizeof f), "built-in");
    /* Within 1/8: h = 1/16 and 1/8 (must be hit); in the band: 3/16, 1/4; beyond: 1/2, 3/4. */
    const char *right = "testplugin_band_right", *fp = "testplugin_band_fp",
               *fn = "testplugin_band_fn", *late = "testplugin_band_late";
    const char *all[] = { right, fp, fn, late };
    for (int k = 0; k < 4; k++) {
        cr_assert_eq(field(csv, all[k], COL_POSITIVES), 2, "%s: positives within band_lo", all[k]);
        cr_assert_eq(field(csv, all[k], COL_IN_BAND), 2, "%s: answers in the band", all[k]);
        cr_assert_eq(strtod(cli_row_field(csv, all[k], COL_MIN_SEP, f, sizeof f), NULL), 0.125);
        cr_assert_eq(strtod(cli_row_field(csv, all[k], COL_BAND_HI, f, sizeof f), NULL), 0.25);
    }
    /* The right one: TP 2, TN 2, no FP, FN or late TOI. */
    cr_assert_eq(field(csv, right, COL_TP), 2);
    cr_assert_eq(field(csv, right, COL_TN), 2);
    cr_assert_eq(field(csv, right, COL_FP) + field(csv, right, COL_FN), 0);
    cr_assert_eq(field(csv, right, COL_LATE), 0);
    /* A hit beyond band_hi: FP (the in-band hits are not). */
    cr_assert_eq(field(csv, fp, COL_FP), 2);
    cr_assert_eq(field(csv, fp, COL_TP), 2);
    cr_assert_eq(field(csv, fp, COL_TN) + field(csv, fp, COL_FN), 0);
    /* A miss within band_lo: FN (the in-band misses are not). */
    cr_assert_eq(field(csv, fn, COL_FN), 2);
    cr_assert_eq(field(csv, fn, COL_TN), 2);
    cr_assert_eq(field(csv, fn, COL_TP) + field(csv, fn, COL_FP), 0);
    /* TOI 1: late for h = 1/16 (at 1/8 first at t = 14/15), not for h = 1/8 (at t = 1), and not
     * judged for the in-band hit h = 3/16. */
    cr_assert_eq(field(csv, late, COL_TP), 2);
    cr_assert_eq(field(csv, late, COL_LATE), 1);
    cr_assert_eq(field(csv, late, COL_FP) + field(csv, late, COL_FN), 0);
    /* exact (no band): judged by the contact truth, which no query reaches. */
    cr_assert_eq(field(csv, "exact", COL_POSITIVES), 0);
    cr_assert_eq(field(csv, "exact", COL_IN_BAND), 0);
    cr_assert_eq(field(csv, "exact", COL_BAND_HI), 0);
    free(csv);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "(2 in its band)"), "%s", out);
    free(out);
    char *html = cli_captured("rep/index.html");
    cr_assert(strstr(html, "judged in band [0.125, 0.25]"), "the claims say the band");
    cr_assert(strstr(html, "within the solver's separation band"));
    free(html);
    /* The findings: the FN plugin's misses and the late TOI, replayable, judged by the band. */
    cr_assert_eq(cli_run("replay rep/misses/vertex-face/testplugin_band_fn.csv --index 0 "
                         "--plugin '%s' --solvers testplugin_band_fn",
                         cli_plugin("testplugin_band_fn")),
                 0);
    out = cli_captured("out.txt");
    cr_assert(strstr(out, "FALSE NEGATIVE") && strstr(out, "band [0.125, 0.25]"), "%s", out);
    free(out);
    cr_assert_eq(cli_run("replay bands/vertex-face/down.csv --index 2 --plugin '%s' --solvers "
                         "testplugin_band_right",
                         cli_plugin("testplugin_band_right")),
                 0);
    out = cli_captured("out.txt");
    cr_assert(strstr(out, "IN BAND"), "%s", out);
    free(out);
}

Test(bands, list_shows_the_band)
{
    cr_assert_eq(cli_run("list --plugin '%s'", cli_plugin("testplugin_band_right")), 0);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "testplugin_band_right") && strstr(out, "0.125..0.25"), "%s", out);
    free(out);
}
