/* test_csv.c — summary.csv: exact header, one line per row, RFC 4180 quoting, NaN as empty,
 * atomic write (no temporary left behind), errors name the path. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_report.h"
#include "fixture.h"

static char *write_csv(char **dir_out)
{
    char *dir = fixture_tmpdir(), *path = fixture_path(dir, "summary.csv");
    char err[512] = "";
    cr_assert_eq(ccdb_report_write_summary_csv(fixture_report(), path, err, sizeof err), 0, "%s",
                 err);
    char *text = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(text);
    free(path);
    *dir_out = dir;
    return text;
}

Test(summary_csv, header_is_exact_and_starts_with_the_contract_columns)
{
    char *dir, *text = write_csv(&dir);
    const char *contract = "solver,dataset,kind,class,queries,positives,tp,fp,fn,tn,"
                           "toi_violations,toi_err_max,ns_median,ns_min,ns_max";
    cr_assert_eq(strncmp(text, contract, strlen(contract)), 0, "header: %.200s", text);
    const char *full =
        "solver,dataset,kind,class,queries,positives,tp,fp,fn,tn,toi_violations,"
        "toi_err_max,ns_median,ns_min,ns_max,gave_up,failed,work,claims,"
        "conservative,status,contract_violations,isolated,query_ns_p50,"
        "query_ns_p90,query_ns_p99,query_ns_max,truth_min_sep,outside_model,"
        "toi_late_max,toi_late_ulps_max,toi_late_ulps_p90,in_band,truth_band_hi,origin,undecided\n";
    cr_assert_eq(strncmp(text, full, strlen(full)), 0, "header: %.300s", text);
    free(text);
    free(dir);
}

/* Splits one CSV record (RFC 4180) starting at *p into fields; returns the field count. */
static int parse_record(const char **p, char fields[][256], int max)
{
    int n = 0;
    const char *s = *p;
    for (;;) {
        char *out = fields[n];
        size_t k = 0;
        if (*s == '"') {
            s++;
            for (;;) {
                cr_assert_neq(*s, '\0', "unterminated quoted field");
                if (*s == '"' && s[1] == '"') {
                    out[k++] = '"';
                    s += 2;
                } else if (*s == '"') {
                    s++;
                    break;
                } else {
                    out[k++] = *s++;
                }
            }
        } else {
            while (*s && *s != ',' && *s != '\n') {
                cr_assert_neq(*s, '"', "bare quote in an unquoted field");
                out[k++] = *s++;
            }
        }
        out[k] = '\0';
        n++;
        if (*s == ',') {
            s++;
            cr_assert_lt(n, max);
            continue;
        }
        cr_assert_eq(*s, '\n', "record does not end with a newline");
        *p = s + 1;
        return n;
    }
}

Test(summary_csv, one_record_per_row_with_quoting_and_empty_nan)
{
    char *dir, *text = write_csv(&dir);
    const ccdb_report *r = fixture_report();
    const char *p = text;
    static char f[64][256];
    int ncol = parse_record(&p, f, 64);
    cr_assert_eq(ncol, 36);
    cr_assert_str_eq(f[23], "query_ns_p50");
    cr_assert_str_eq(f[26], "query_ns_max");
    cr_assert_str_eq(f[27], "truth_min_sep");
    cr_assert_str_eq(f[28], "outside_model");
    cr_assert_str_eq(f[29], "toi_late_max");
    cr_assert_str_eq(f[31], "toi_late_ulps_p90");
    cr_assert_str_eq(f[32], "in_band");
    cr_assert_str_eq(f[33], "truth_band_hi");
    cr_assert_str_eq(f[34], "origin");
    size_t rows = 0;
    while (*p) {
        cr_assert_lt(rows, r->n_rows, "more records than rows");
        const ccdb_report_row *w = &r->rows[rows];
        cr_assert_eq(parse_record(&p, f, 64), ncol, "record %zu has a different width", rows);
        cr_assert_str_eq(f[0], w->solver);
        cr_assert_str_eq(f[1], w->dataset);
        cr_assert_str_eq(f[3], w->family);
        cr_assert_eq(strtoll(f[8], NULL, 10), w->fn);
        if (w->toi_err_max != w->toi_err_max)
            cr_assert_str_empty(f[11], "NaN must be an empty cell, got '%s'", f[11]);
        else
            cr_assert_eq(strtod(f[11], NULL), w->toi_err_max, "%.17g must round-trip",
                         w->toi_err_max);
        if (w->ns_median == w->ns_median)
            cr_assert_eq(strtod(f[12], NULL), w->ns_median);
        cr_assert_str_eq(f[20], ccdb_report_status_name(w->status));
        cr_assert_eq(strtoll(f[21], NULL, 10), w->contract_violations);
        cr_assert_eq(strtoll(f[22], NULL, 10), w->isolated);
        /* per-query time quantiles: empty when not measured, else as given, in order */
        if (isnan(w->query_ns_p50)) {
            for (int c = 23; c < 27; c++)
                cr_assert_str_empty(f[c], "column %d of a row without times", c + 1);
        } else {
            double q[4];
            for (int c = 0; c < 4; c++)
                q[c] = strtod(f[23 + c], NULL);
            cr_assert(q[0] == w->query_ns_p50 && q[1] == w->query_ns_p90 &&
                      q[2] == w->query_ns_p99 && q[3] == w->query_ns_max);
            cr_assert(q[0] <= q[1] && q[1] <= q[2] && q[2] <= q[3]);
        }
        cr_assert_eq(strtod(f[27], NULL), w->truth_min_sep, "truth_min_sep '%s'", f[27]);
        cr_assert_eq(strtoll(f[28], NULL, 10), w->outside_model);
        /* how late: empty without a measured late TOI, else as given */
        if (isnan(w->toi_late_max)) {
            for (int c = 29; c < 32; c++)
                cr_assert_str_empty(f[c], "column %d of a row without late TOIs", c + 1);
        } else {
            cr_assert_eq(strtod(f[29], NULL), w->toi_late_max, "'%s'", f[29]);
            cr_assert_eq(strtoll(f[30], NULL, 10), w->toi_late_ulps_max);
            cr_assert_eq(strtoll(f[31], NULL, 10), w->toi_late_ulps_p90);
        }
        cr_assert_eq(strtoll(f[32], NULL, 10), w->in_band, "in_band '%s'", f[32]);
        cr_assert_eq(strtod(f[33], NULL), w->truth_band_hi, "truth_band_hi '%s'", f[33]);
        cr_assert_str_eq(f[34], w->origin ? w->origin : "", "origin");
        rows++;
    }
    cr_assert_eq(rows, r->n_rows);
    /* the raw text carries the doubled quotes */
    cr_assert_not_null(strstr(text, "\"fast, \"\"approx\"\"\","), "comma/quote solver not quoted");
    cr_assert_not_null(strstr(text, ",\"gen, suite/edge-edge\","));
    free(text);
    free(dir);
}

Test(summary_csv, written_atomically_and_deterministically)
{
    char *dir, *a = write_csv(&dir);
    char *path = fixture_path(dir, "summary.csv");
    char err[512];
    cr_assert_eq(ccdb_report_write_summary_csv(fixture_report(), path, err, sizeof err), 0);
    char *b = ccdb_test_slurp(path, NULL);
    cr_assert_str_eq(a, b, "second write differs");
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        cr_assert_str_eq(e->d_name, "summary.csv", "left behind: %s", e->d_name);
        files++;
    }
    closedir(d);
    cr_assert_eq(files, 1);
    free(a), free(b), free(path), free(dir);
}

Test(summary_csv, unwritable_path_is_an_error_naming_it)
{
    char err[512] = "";
    const char *path = "/nonexistent-ccdb-dir/sub/summary.csv";
    cr_assert_eq(ccdb_report_write_summary_csv(fixture_report(), path, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, path), "err: %s", err);
    cr_assert_eq(
        ccdb_report_write_html(fixture_report(), "/nonexistent-ccdb-dir/i.html", err, sizeof err),
        -1);
    cr_assert_not_null(strstr(err, "/nonexistent-ccdb-dir/i.html"), "err: %s", err);
}

Test(summary_csv, empty_report_has_just_the_header)
{
    ccdb_report r = { 0 };
    char *dir = fixture_tmpdir(), *path = fixture_path(dir, "summary.csv");
    char err[512];
    cr_assert_eq(ccdb_report_write_summary_csv(&r, path, err, sizeof err), 0, "%s", err);
    char *text = ccdb_test_slurp(path, NULL);
    cr_assert_eq(strchr(text, '\n') - text + 1, (long)strlen(text), "more than one line");
    free(text), free(path), free(dir);
}

/* Issue 20: a name a spreadsheet would read as a formula (a leading = + - @ tab or CR) gets a
 * quote before it, and the cell is quoted; other names are unchanged. */
Test(summary_csv, formulas_in_names_are_neutralised)
{
    static const char *const names[] = {
        "=HYPERLINK(\"http://x\",\"y\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "plain", "a=b"
    };
    static const char *const cells[] = { "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"",
                                         "\"'+1\"",
                                         "\"'-2+3\"",
                                         "\"'@SUM(A1)\"",
                                         "\"'\tx\"",
                                         "\"'\rx\"",
                                         "plain",
                                         "a=b" };
    enum { N = sizeof names / sizeof *names };
    ccdb_report_row rows[N];
    for (size_t i = 0; i < N; i++)
        rows[i] = (ccdb_report_row){ .solver = "s",
                                     .dataset = names[i],
                                     .kind = "vf",
                                     .family = names[i],
                                     .status = CCDB_REPORT_OK };
    ccdb_report r = { .rows = rows, .n_rows = N };
    char *dir = fixture_tmpdir(), *path = fixture_path(dir, "summary.csv");
    char err[512] = "";
    cr_assert_eq(ccdb_report_write_summary_csv(&r, path, err, sizeof err), 0, "%s", err);
    char *text = ccdb_test_slurp(path, NULL);
    const char *line = strchr(text, '\n') + 1;
    for (size_t i = 0; i < N; i++) {
        char want[256];
        snprintf(want, sizeof want, "s,%s,vf,%s,", cells[i], cells[i]);
        cr_assert_eq(strncmp(line, want, strlen(want)), 0, "row %zu: %.80s", i, line);
        line = strstr(line + strlen(want), ",ok,");
        cr_assert_not_null(line);
        line = strchr(line, '\n') + 1;
    }
    free(text), free(path), free(dir);
}
