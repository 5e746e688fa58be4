/* test_html.c — index.html: summary table, charts, miss pictures up to the cap, escaping, no
 * external resources, finite SVG coordinates, determinism. Also leaves an example report in
 * the build folder (tests/reports/example/) for .ci/check-html and for people to look at. */
#include <criterion/criterion.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ccdb_report.h"
#include "fixture.h"

static char *html_of(const ccdb_report *r)
{
    char *dir = fixture_tmpdir(), *path = fixture_path(dir, "index.html");
    char err[512] = "";
    cr_assert_eq(ccdb_report_write_html(r, path, err, sizeof err), 0, "%s", err);
    char *text = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(text);
    free(path), free(dir);
    return text;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The text of the summary-table row of one solver (escaped name), NUL-terminated copy. */
static char *summary_row(const char *html, const char *escaped_name)
{
    const char *table = strstr(html, "<table id=\"summary\"");
    cr_assert_not_null(table);
    char key[256];
    snprintf(key, sizeof key, "<td>%s</td>", escaped_name);
    const char *p = strstr(table, key);
    cr_assert_not_null(p, "no summary row for %s", escaped_name);
    const char *e = strstr(p, "</tr>");
    cr_assert_not_null(e);
    char *row = strndup(p, (size_t)(e - p));
    cr_assert_not_null(row);
    return row;
}

Test(index_html, has_summary_table_warning_and_meta)
{
    char *h = html_of(fixture_report());
    cr_assert_eq(strncmp(h, "<!DOCTYPE html>", 15), 0);
    cr_assert_eq(count(h, "<table id=\"summary\""), 1);
    cr_assert_eq(count(h, "<tr class=\"solver "), 5, "one summary row per solver");
    cr_assert_not_null(strstr(h, "id=\"warning\""), "the warning banner is missing");
    cr_assert_not_null(strstr(h, "2026-11-22T17:00:00Z"), "the date from meta is missing");
    cr_assert_not_null(strstr(h, "&lt;with&gt; &quot;quotes&quot; &amp; ampersands"));
    cr_assert_not_null(strstr(h, "</html>\n"));
    /* where each solver comes from, under its run cell; nothing when a row does not say */
    cr_assert_eq(count(h, "<span class=\"range\">engine</span></td>"), 1, "slowpoke");
    cr_assert_eq(count(h, "<span class=\"range\">built-in</span></td>"), 1, "exact");
    free(h);
}

Test(index_html, no_warning_banner_without_warning)
{
    ccdb_report r = *fixture_report();
    r.warning = NULL;
    char *h = html_of(&r);
    cr_assert_null(strstr(h, "id=\"warning\""));
    free(h);
}

Test(index_html, summary_counts_all_rows_once_and_flags_broken_claims)
{
    char *h = html_of(fixture_report());
    /* exact: its "all" VF row (300) plus the EE row (50); family rows not added again */
    char *row = summary_row(h, "exact");
    cr_assert_not_null(strstr(row, "<td class=\"num\">350</td>"), "%s", row);
    cr_assert_null(strstr(row, ">650<"), "%s", row);
    cr_assert_null(strstr(row, " bad"), "%s", row);
    free(row);
    /* a conservative solver with false negatives: the FN cell is red */
    /* no "all" row for this solver: its family rows are summed (200 + 100 queries) */
    row = summary_row(h, "&lt;b&gt;&amp;&quot;");
    cr_assert_not_null(strstr(row, "<td class=\"num\">300</td>"), "%s", row);
    cr_assert_not_null(strstr(row, "<span class=\"tag\">conservative</span><span class=\"tag\">"
                                   "reports TOI</span><span class=\"tag\">min. separation</span>"),
                       "one tag per claim: %s", row);
    cr_assert_not_null(strstr(row, "<td class=\"num bad\">6</td>"), "%s", row);
    free(row);
    /* a solver that makes no such claim: its 5 FN are not flagged; its 3 contract violations
     * are (the contract binds every solver), and only they */
    row = summary_row(h, "fast, &quot;approx&quot;");
    cr_assert_not_null(strstr(row, "<td class=\"num\">5</td>"), "%s", row);
    const char *bad = strstr(row, " bad");
    cr_assert(bad && !strcmp(bad, " bad\">3</td><td>in-process</td>"), "%s", row);
    free(row);
    cr_assert_not_null(strstr(h, "<tr class=\"solver status-crashed\"><td>crashy</td>"));
    cr_assert_not_null(strstr(h, "<tr class=\"solver status-timeout\"><td>slowpoke</td>"));
    free(h);
}

Test(index_html, one_svg_chart_each)
{
    char *h = html_of(fixture_report());
    const char *ids[] = { "chart-fn", "chart-fp", "chart-time" };
    for (size_t i = 0; i < 3; i++) {
        char key[64];
        snprintf(key, sizeof key, "<svg id=\"%s\"", ids[i]);
        cr_assert_eq(count(h, key), 1, "chart %s", ids[i]);
    }
    free(h);
}

Test(index_html, miss_pictures_up_to_the_cap)
{
    const ccdb_report *r = fixture_report();
    char *h = html_of(r);
    size_t nasty = fixture_misses_of(FIXTURE_NASTY_SOLVER);
    size_t comma = fixture_misses_of(FIXTURE_COMMA_SOLVER);
    cr_assert_gt(nasty, FIXTURE_CAP, "the fixture must exceed the cap for one solver");
    size_t want =
        (nasty < FIXTURE_CAP ? nasty : FIXTURE_CAP) + (comma < FIXTURE_CAP ? comma : FIXTURE_CAP);
    cr_assert_eq(count(h, "<figure class=\"miss-picture\""), want);
    cr_assert_eq(count(h, "class=\"miss-svg\""), want + 3 + 1,
                 "each picture has its svg (and so has each of the 3 + 1 TOI findings)");
    /* the nasty solver has 6 FN and 6 misses given: 3 pictured, 3 not shown;
     * the comma solver has 5 FN but only 3 misses given: 3 pictured, 2 not shown */
    cr_assert_not_null(
        strstr(h, "6 false negatives; 3 pictured, <span class=\"not-shown\">3 not shown"));
    cr_assert_not_null(
        strstr(h, "5 false negatives; 3 pictured, <span class=\"not-shown\">2 not shown"));
    /* where the ones not shown are: the file(s) the harness wrote them to */
    cr_assert_not_null(strstr(h, "3 not shown</span>; every one is in <code>out/misses/"
                                 "vertex-face/&lt;b&gt;&amp;&quot;.csv</code>."));
    cr_assert_not_null(strstr(h, "<code>ccdbench replay &#39;gen, suite/edge-edge&#39; --index 4 "
                                 "# &lt;&amp;&gt;</code>"));
    free(h);

    ccdb_report none = *r;
    none.miss_pictures_per_solver = 0;
    h = html_of(&none);
    cr_assert_eq(count(h, "<figure class=\"miss-picture\""), 0);
    cr_assert_not_null(strstr(h, "6 false negatives; 0 pictured"));
    free(h);
}

Test(index_html, names_are_escaped)
{
    char *h = html_of(fixture_report());
    cr_assert_null(strstr(h, FIXTURE_NASTY_SOLVER), "raw <b>&\" in the page");
    cr_assert_gt(count(h, "&lt;b&gt;&amp;&quot;"), 3);
    cr_assert_null(strstr(h, "<b>"));
    free(h);
}

Test(index_html, self_contained)
{
    char *h = html_of(fixture_report());
    const char *banned[] = { "http://", "https://", "<script", "<link", "<img",
                             "<iframe", "@import",  "url(",    "src=",  "//cdn" };
    for (size_t i = 0; i < sizeof banned / sizeof banned[0]; i++)
        cr_assert_null(strstr(h, banned[i]), "found %s", banned[i]);
    free(h);
}

/* Every geometric attribute inside <svg>...</svg> holds plain finite numbers; returns the
 * number of svgs. */
static size_t check_svg_numbers(const char *h)
{
    static const char *const attrs[] = { " x=\"",      " y=\"",      " x1=\"",    " y1=\"",
                                         " x2=\"",     " y2=\"",     " width=\"", " height=\"",
                                         " cx=\"",     " cy=\"",     " r=\"",     " d=\"",
                                         " points=\"", " viewBox=\"" };
    size_t svgs = 0, checked = 0;
    for (const char *s = strstr(h, "<svg"); s; s = strstr(s + 1, "<svg")) {
        const char *e = strstr(s, "</svg>");
        cr_assert_not_null(e);
        svgs++;
        for (size_t a = 0; a < sizeof attrs / sizeof attrs[0]; a++) {
            for (const char *p = strstr(s, attrs[a]); p && p < e; p = strstr(p + 1, attrs[a])) {
                const char *v = p + strlen(attrs[a]), *q = strchr(v, '"');
                cr_assert_not_null(q);
                cr_assert_neq(q, v, "empty %s", attrs[a]);
                for (const char *c = v; c < q; c++)
                    cr_assert_not_null(strchr("0123456789.- ,MHVLZ", *c),
                                       "bad character '%c' in%s%.*s\"", *c, attrs[a], (int)(q - v),
                                       v);
                checked++;
            }
        }
    }
    cr_assert_gt(checked, 50 * svgs);
    return svgs;
}

Test(index_html, svg_coordinates_are_finite_numbers)
{
    char *h = html_of(fixture_report());
    cr_assert_eq(check_svg_numbers(h), 3 + 3 + 6 + 4,
                 "3 charts, the trade-off plot, 2 time-cdf panels, 6 miss pictures and 4 TOI "
                 "findings");
    free(h);
    /* every miss drawn, including the subnormal and non-finite ones beyond the cap */
    ccdb_report all = *fixture_report();
    all.miss_pictures_per_solver = 1000;
    h = html_of(&all);
    cr_assert_eq(check_svg_numbers(h), 3 + 3 + all.n_misses + 4);
    cr_assert_not_null(strstr(h, "aria-label=\"query 10\""), "the subnormal case is drawn");
    free(h);
}

Test(index_html, deterministic)
{
    char *a = html_of(fixture_report()), *b = html_of(fixture_report());
    cr_assert_str_eq(a, b);
    free(a), free(b);
}

Test(index_html, empty_report_is_still_a_page)
{
    ccdb_report r = { 0 };
    char *h = html_of(&r);
    cr_assert_not_null(strstr(h, "<table id=\"summary\""));
    cr_assert_not_null(strstr(h, "id=\"no-misses\""));
    cr_assert_null(strstr(h, "nan"));
    free(h);
}

static void mkdir_p(char *path)
{
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            cr_assert(mkdir(path, 0755) == 0 || errno == EEXIST, "mkdir %s", path);
            *p = '/';
        }
    cr_assert(mkdir(path, 0755) == 0 || errno == EEXIST, "mkdir %s", path);
}

/* Leaves BUILD/tests/reports/example/{summary.csv,index.html} for .ci/check-html. */
Test(index_html, example_report_in_build_dir)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/reports/example", CCDB_BINARY_DIR);
    mkdir_p(dir);
    char err[512] = "";
    cr_assert_eq(ccdb_report_write_dir(fixture_report(), dir, err, sizeof err), 0, "%s", err);
    char *path = fixture_path(dir, "index.html");
    char *h = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(h);
    cr_assert_not_null(strstr(h, "<table id=\"summary\""));
    free(h), free(path);
}

/* One word per meaning (issue 22): the truth's classification of a query is a "class"; the word
 * "family" (a generator) is not used for it anywhere in the page (only in CSS's font-family). */
Test(index_html, classes_are_never_called_families)
{
    char *h = html_of(fixture_report());
    cr_expect_eq(count(h, "family"), count(h, "font-family"), "\"family\" outside CSS");
    cr_expect_eq(count(h, "<th>class</th>"), 1 + count(h, "<details class=\"dataset\">"),
                 "a class column in the totals and in each dataset's table");
    cr_expect_not_null(strstr(h, "<section id=\"classes\"><h2>By dataset, kind and class</h2>"));
    free(h);
}

/* Class totals over every dataset use class rows only ("all" rows are not a class). */
Test(index_html, by_class_table)
{
    char *h = html_of(fixture_report());
    const char *t = strstr(h, "<table id=\"by-class\"");
    cr_assert_not_null(t);
    const char *e = strstr(t, "</table>");
    cr_assert_not_null(e);
    char *table = strndup(t, (size_t)(e - t));
    cr_assert_null(strstr(table, "<td>all</td>"), "the \"all\" rows are not a class");
    /* parallel: exact, the comma solver, crashy and slowpoke each have one EE row */
    cr_assert_eq(count(table, "<td>parallel</td>"), 4);
    cr_assert_not_null(strstr(table, "<td>coplanar</td><td>&lt;b&gt;&amp;&quot;</td><td "
                                     "class=\"num\">100</td><td class=\"num\">40</td><td "
                                     "class=\"num\">39</td><td class=\"num\">0</td><td "
                                     "class=\"num bad\">1</td>"));
    free(table);
    free(h);
}

/* NULL strings are allowed everywhere: written as empty, nothing crashes. */
Test(index_html, null_strings)
{
    ccdb_report_row row = { 0 };
    row.queries = 1;
    row.toi_err_max = row.ns_median = row.ns_min = row.ns_max = NAN;
    row.query_ns_p50 = row.query_ns_p90 = row.query_ns_p99 = row.query_ns_max = NAN;
    row.toi_late_max = NAN;
    row.toi_late_ulps_max = row.toi_late_ulps_p90 = -1;
    row.claims = 1; /* a solver that claims nothing gets no picture */
    ccdb_report_miss miss = { 0 };
    ccdb_report_kv kv = { NULL, NULL };
    ccdb_report_finding finding = { 0 };
    finding.toi = NAN;
    ccdb_report_output output = { 0 };
    ccdb_report r = { &kv, 1, &row, 1, &miss, 1, 5, NULL, &finding, 1, &output, 1, NULL, 0, 0 };
    char *h = html_of(&r);
    cr_assert_eq(count(h, "<figure class=\"miss-picture\""), 1);
    cr_assert_eq(count(h, "id=\"toi-findings\""), 1);
    cr_assert_eq(count(h, "id=\"solver-output\""), 1);
    free(h);
    char *dir = fixture_tmpdir(), *path = fixture_path(dir, "summary.csv");
    char err[512] = "";
    cr_assert_eq(ccdb_report_write_summary_csv(&r, path, err, sizeof err), 0, "%s", err);
    char *csv = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(strstr(csv, "\n,,,,1,0,0,0,0,0,0,,,,,0,0,0,1,0,ok,0,0,,,,,0,0,,,,0,0,,0\n"),
                       "%s", csv);
    free(csv), free(path), free(dir);
}

/* Per-dataset tables: rows grouped by class, classes in order of first appearance. */
Test(index_html, per_dataset_rows_grouped_by_class)
{
    char *h = html_of(fixture_report());
    /* folded (no "open"): the totals come first */
    const char *d = strstr(h, "<details class=\"dataset\"><summary>sample/vertex-face/"
                              "data_0_0.csv &mdash; vf</summary>");
    cr_assert_not_null(d);
    const char *e = strstr(d, "</details>");
    cr_assert_not_null(e);
    char *sec = strndup(d, (size_t)(e - d));
    /* the input interleaves solvers; the table must not */
    const char *order[] = { "all",     "all",      "generic",  "generic",
                            "generic", "coplanar", "coplanar", "coplanar" };
    const char *p = sec;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        char key[64];
        snprintf(key, sizeof key, "\"><td>%s</td>", order[i]);
        const char *q = strstr(p, key);
        cr_assert_not_null(q, "row %zu (%s) out of order", i, order[i]);
        p = q + 1;
    }
    cr_assert_null(strstr(p, "\"><td>"), "more rows than expected");
    cr_assert_eq(count(sec, "group-start"), 3, "three classes, three group starts");
    free(sec);
    free(h);
}

/* The svg of the miss picture of query `index` (copy). */
static char *miss_svg(const char *html, long long index)
{
    char key[64];
    snprintf(key, sizeof key, "aria-label=\"query %lld\"", index);
    const char *s = strstr(html, key);
    cr_assert_not_null(s, "no picture of query %lld", index);
    const char *e = strstr(s, "</svg>");
    cr_assert_not_null(e);
    char *svg = strndup(s, (size_t)(e - s));
    cr_assert_not_null(svg);
    return svg;
}

/* The k-th <line> of an svg (0-based). */
static void nth_line(const char *svg, int k, double v[4])
{
    const char *p = svg;
    for (int i = 0; i <= k; i++) {
        p = strstr(p, "<line ");
        cr_assert_not_null(p, "fewer than %d lines", k + 1);
        p++;
    }
    cr_assert_eq(
        sscanf(p, "line x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" y2=\"%lf\"", &v[0], &v[1], &v[2], &v[3]),
        4);
}

/* A vertex crossing a triangle along the triangle's normal: seen along the normal its path is a
 * point; in the side view it is vertical (normal up) and of non-zero length — also when the
 * coordinates are near the top of the double range. */
Test(index_html, miss_projection_along_the_normal)
{
    char *h = html_of(fixture_report());
    long long queries[] = { 7, 9 };
    for (size_t i = 0; i < 2; i++) {
        char *svg = miss_svg(h, queries[i]);
        cr_assert_not_null(strstr(svg, "along the triangle normal"), "query %lld", queries[i]);
        double top[4], side[4];
        nth_line(svg, 0, top);  /* vertex path, left view */
        nth_line(svg, 4, side); /* vertex path, side view */
        cr_assert_float_eq(top[0], top[2], 1e-9);
        cr_assert_float_eq(top[1], top[3], 1e-9);
        cr_assert_float_eq(side[0], side[2], 1e-9);
        cr_assert_gt(side[3] - side[1], 100, "t=0 above, t=1 below, drawn large");
        free(svg);
    }
    /* all points coincide: no normal, everything at the panel centre */
    char *svg = miss_svg(h, 8);
    cr_assert_not_null(strstr(svg, "(no normal)"));
    double v[4];
    nth_line(svg, 0, v);
    cr_assert_eq(v[0], v[2]);
    cr_assert_eq(v[1], v[3]);
    free(svg);
    /* parallel edges: no common normal, viewed along the axis of least spread (z) */
    svg = miss_svg(h, 3);
    cr_assert_not_null(strstr(svg, "along z (no normal)"), "%s", svg);
    free(svg);
    free(h);
}

/* Issue 10 and issue 9 items 5 and 6: contract violations and how each solver ran in the
 * summary, the TOI findings with their replay commands, and the solvers' output, escaped. */
Test(index_html, violations_findings_and_solver_output)
{
    char *h = html_of(fixture_report());
    cr_assert_not_null(strstr(h, "<th><abbr title=\"contract violations\">CV</abbr></th>"
                                 "<th>run</th>"));
    cr_assert_not_null(strstr(h, "<strong>CV</strong> contract violations"),
                       "the legend spells it out");
    /* fast, "approx": 3 violations in its "all" row (the family rows are not added again) */
    cr_assert_not_null(strstr(h, "<td class=\"num bad\">3</td><td>in-process</td>"), "%s", h);
    cr_assert_not_null(strstr(h, "<td class=\"num\">0</td><td>isolated</td>"),
                       "crashy ran isolated");
    const char *sec = strstr(h, "<section id=\"toi-findings\">");
    cr_assert_not_null(sec);
    cr_assert_not_null(strstr(sec, "6 findings; 3 listed, 3 more in <code>out/bad-toi/"
                                   "vertex-face/x.csv</code>."),
                       "the comma solver: 6, 3 given");
    cr_assert_not_null(strstr(sec, "2 findings; 1 listed, 1 more in"), "the nasty solver");
    cr_assert_not_null(strstr(sec, "TOI reported <span class=\"bad-toi\">NaN</span>"));
    cr_assert_not_null(strstr(sec, "TOI reported <span class=\"bad-toi\">-1</span>"));
    cr_assert_not_null(strstr(sec, "TOI reported <span class=\"bad-toi\">4.6e+18</span>"));
    /* each listed finding is pictured with its replay command */
    cr_assert_eq(count(sec, "<figure class=\"finding-picture\""), 3 + 1);
    cr_assert_eq(count(sec, "<pre class=\"replay\">"), 3 + 1);
    cr_assert_not_null(strstr(sec, "--index 2 --kind vf"));
    cr_assert_not_null(strstr(sec, "&lt;b&gt;.csv"), "replay commands escaped");
    const char *out = strstr(h, "<section id=\"solver-output\">");
    cr_assert_not_null(out);
    cr_assert_not_null(strstr(out, "123456 bytes printed"));
    cr_assert_not_null(strstr(out, "first line &lt;script&gt;\nsecond line &amp; more\n</pre>"));
    cr_assert_null(strstr(h, "<script>"), "output is escaped");
    free(h);
}

/* The text between `start` (included) and the next `end`, as a copy. */
static char *between(const char *h, const char *start, const char *end)
{
    const char *a = strstr(h, start);
    cr_assert_not_null(a, "no %s", start);
    const char *e = strstr(a, end);
    cr_assert_not_null(e, "no %s after %s", end, start);
    char *s = strndup(a, (size_t)(e - a));
    cr_assert_not_null(s);
    return s;
}

/* Issue 14: the failure map has one line per solver x kind with queries, one cell per family,
 * the counts in the cell, and outlines exactly the cells where a conservative solver breaks
 * its claim. */
Test(index_html, failure_map)
{
    char *h = html_of(fixture_report());
    char *map = between(h, "<table id=\"failure-map\"", "</table>");
    /* families in order of first appearance: generic, coplanar, parallel */
    const char *g = strstr(map, ">generic<"), *c = strstr(map, ">coplanar<"),
               *p = strstr(map, ">parallel<");
    cr_assert(g && c && p && g < c && c < p, "%s", map);
    /* lines: exact vf+ee, comma vf+ee, nasty vf, crashy ee, slowpoke ee */
    cr_assert_eq(count(map, "<td>vf</td>") + count(map, "<td>ee</td>"), 7);
    cr_assert_eq(count(map, "<td class=\"fm"), 7 * 3, "one cell per family on each line");
    /* the nasty solver (conservative): 5 FN in generic, 1 in coplanar: both outlined, with its
     * late TOIs marked; the comma solver's FN (no claim) are not outlined */
    cr_assert_eq(count(map, "fm-broken"), 2, "%s", map);
    cr_assert_not_null(strstr(map, "<a href=\"#misses-_3Cb_3E_26_22\"><span class=\"fm-fn\""),
                       "a broken cell links to the solver's false negatives");
    cr_assert_not_null(strstr(map, "FN 5 of 60 (8.33%); FP 1 of 140"), "%s", map);
    cr_assert_not_null(strstr(map, ">5&#8224;</span>"), "late TOIs marked: %s", map);
    /* slowpoke: FP 40 of 40 in parallel, full blue */
    cr_assert_not_null(strstr(map, "FP 40 of 40 (100%)"));
    free(map);
    /* the anchor it links to exists */
    cr_assert_not_null(strstr(h, "id=\"misses-_3Cb_3E_26_22\""));
    free(h);
}

/* The trade-off plot: one point per timed solver with queries without contact, a triangle for
 * a solver with false negatives, labels that do not overlap. */
Test(index_html, tradeoff_plot)
{
    char *h = html_of(fixture_report());
    char *svg = between(h, "<svg id=\"tradeoff\"", "</svg>");
    /* timed: exact, the comma solver, the nasty one, slowpoke (crashy has no time) */
    cr_assert_eq(count(svg, "<g class=\"point\">"), 4, "%s", svg);
    cr_assert_eq(count(svg, "fill=\"#d62728\""), 2, "triangles: the two solvers with FN");
    cr_assert_eq(count(svg, "<circle "), 2);
    cr_assert_not_null(strstr(svg, "font-weight=\"700\">0</text>"), "the 0 band is marked");
    /* labels: no two of them overlap (same height band and overlapping x spans) */
    double lx[16], ly[16];
    size_t n = 0;
    for (const char *t = strstr(svg, "<text class=\"label\""); t && n < 16;
         t = strstr(t + 1, "<text class=\"label\""))
        if (sscanf(t, "<text class=\"label\" x=\"%lf\" y=\"%lf\"", &lx[n], &ly[n]) == 2)
            n++;
    cr_assert_eq(n, 4, "one label per point");
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < i; j++)
            cr_assert(fabs(ly[i] - ly[j]) >= 12 || fabs(lx[i] - lx[j]) > 100,
                      "labels %zu and %zu overlap", i, j);
    free(svg);
    free(h);
}

/* Issue 20: label baselines where (a + 12) - a < 12 in doubles (16 labels at one point, pushed
 * down past 512 px where the spacing of doubles doubles: with rates 44/1000, 46/1000, ... the
 * old placement pushed the same label to the same place for ever). The placement ends, and
 * places them as documented: each label one label height (12 px) below the one above it. */
Test(index_html, tradeoff_labels_end_on_rounding_positions)
{
    enum { N = 16 };
    char names[N][8];
    ccdb_report_row rows[N];
    for (int fp = 40; fp < 64; fp++) {
        for (int i = 0; i < N; i++) {
            snprintf(names[i], sizeof names[i], "s%02d", i);
            rows[i] = (ccdb_report_row){ .solver = names[i],
                                         .dataset = "d",
                                         .kind = "vf",
                                         .family = "all",
                                         .queries = 1000,
                                         .fp = fp,
                                         .tn = 1000 - fp,
                                         .ns_median = 100,
                                         .ns_min = 100,
                                         .ns_max = 100,
                                         .status = CCDB_REPORT_OK };
        }
        ccdb_report r = { .rows = rows, .n_rows = N };
        char *h = html_of(&r);
        char *svg = between(h, "<svg id=\"tradeoff\"", "</svg>");
        double cy = 0, ly[N];
        cr_assert_eq(sscanf(strstr(svg, "<circle "), "<circle cx=\"%*f\" cy=\"%lf\"", &cy), 1);
        size_t n = 0;
        for (const char *t = strstr(svg, "<text class=\"label\""); t && n < N;
             t = strstr(t + 1, "<text class=\"label\""))
            cr_assert_eq(sscanf(t, "<text class=\"label\" x=\"%*f\" y=\"%lf\"", &ly[n++]), 1);
        cr_assert_eq(n, N, "one label per solver");
        cr_assert_eq(llround(ly[0] * 10), llround((cy + 4) * 10), "the first label at its point");
        for (size_t i = 1; i < n; i++)
            cr_assert_eq(llround((ly[i] - ly[i - 1]) * 10), 120,
                         "FP %d/1000: label %zu at %.1f, the one above at %.1f", fp, i, ly[i],
                         ly[i - 1]);
        free(svg), free(h);
    }
}

/* Well-formed UTF-8 (a check of its own, not the writer's): every code point in its shortest
 * form, no surrogate, none above U+10FFFF. */
static int is_utf8(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int n = *p < 0x80 ? 1 : (*p >> 5) == 6 ? 2 : (*p >> 4) == 14 ? 3 : (*p >> 3) == 30 ? 4 : 0;
        if (n == 0)
            return 0;
        unsigned long cp = n == 1 ? *p : (unsigned long)(*p & (0x7F >> n));
        for (int k = 1; k < n; k++) {
            if ((p[k] & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (p[k] & 0x3F);
        }
        static const unsigned long min_of[5] = { 0, 0, 0x80, 0x800, 0x10000 };
        if (cp < min_of[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        p += n;
    }
    return 1;
}

/* Issue 20: invalid UTF-8 in a solver name, a dataset name (file names are bytes) and a
 * solver's output comes out as U+FFFD, one per bad byte; valid characters stay as they are. */
Test(index_html, invalid_utf8_is_replaced)
{
    /* a stray byte, an overlong '/', a surrogate, a sequence cut short; then valid ones */
    const char *bad = "a\xFF"
                      "b\xC0\xAF"
                      "c\xED\xA0\x80"
                      "d\xE2\x82"
                      "_\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
    ccdb_report_row row = { .solver = bad,
                            .dataset = bad,
                            .kind = "vf",
                            .family = bad,
                            .queries = 10,
                            .fp = 1,
                            .tn = 9,
                            .ns_median = 50,
                            .ns_min = 50,
                            .ns_max = 50,
                            .status = CCDB_REPORT_OK };
    ccdb_report_output out = { .solver = bad, .bytes = 3, .excerpt = bad };
    ccdb_report r = { .rows = &row, .n_rows = 1, .outputs = &out, .n_outputs = 1 };
    char *h = html_of(&r);
    cr_assert(is_utf8(h), "index.html is not well-formed UTF-8");
    cr_assert_not_null(strstr(h, "a&#xFFFD;b&#xFFFD;&#xFFFD;c&#xFFFD;&#xFFFD;&#xFFFD;d&#xFFFD;"
                                 "&#xFFFD;_"),
                       "one U+FFFD per bad byte");
    cr_assert_not_null(strstr(h, "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"), "valid text kept");
    cr_assert_gt(count(h, "\xF0\x9F\x98\x80"), 3, "name, dataset, family and output all shown");
    free(h);
}

/* The time distribution: a panel per kind, one curve per solver x kind, the quantile table. */
Test(index_html, time_cdf)
{
    char *h = html_of(fixture_report());
    char *sec = between(h, "<section id=\"time-cdf-section\"", "</section>");
    cr_assert_not_null(strstr(sec, "<div id=\"time-cdf\""));
    cr_assert_not_null(strstr(sec, "<svg id=\"time-cdf-vf\""));
    cr_assert_not_null(strstr(sec, "<svg id=\"time-cdf-ee\""));
    cr_assert_eq(count(sec, "<g class=\"cdf\">"), fixture_report()->n_latencies);
    cr_assert_not_null(strstr(sec, "clock is read just before and just after each query"),
                       "says how the times were taken");
    /* exact on vf: p50 1000, p90 8000, p99 30000, max 90000 */
    cr_assert_not_null(strstr(sec, "<td class=\"num\">1000</td><td class=\"num\">8000</td>"
                                   "<td class=\"num\">30000</td><td class=\"num\">90000</td>"));
    free(sec);
    /* no latencies: the section says so, no plot */
    ccdb_report r = *fixture_report();
    r.n_latencies = 0;
    char *h2 = html_of(&r);
    cr_assert_not_null(strstr(h2, "No per-query times."));
    cr_assert_null(strstr(h2, "<g class=\"cdf\">"));
    free(h2);
    free(h);
}

/* A solver that claims nothing (the null solver) gets its misses counted, not pictured. */
Test(index_html, no_pictures_for_a_solver_that_claims_nothing)
{
    ccdb_report_row row = { 0 };
    row.solver = "null";
    row.dataset = "d";
    row.kind = "vf";
    row.family = "all";
    row.queries = 10;
    row.positives = row.fn = 4;
    row.tn = 6;
    row.claims = 0;
    row.toi_err_max = row.ns_median = row.ns_min = row.ns_max = NAN;
    ccdb_report_miss m[4];
    memset(m, 0, sizeof m);
    for (int i = 0; i < 4; i++) {
        m[i].solver = "null";
        m[i].dataset = "d";
        m[i].kind = "vf";
        m[i].family = "generic";
        m[i].index = i;
        m[i].file = "out/misses/vertex-face/null.csv";
    }
    ccdb_report r = { 0 };
    r.rows = &row;
    r.n_rows = 1;
    r.misses = m;
    r.n_misses = 4;
    r.miss_pictures_per_solver = 6;
    char *h = html_of(&r);
    cr_assert_eq(count(h, "<figure class=\"miss-picture\""), 0);
    cr_assert_not_null(strstr(h, "4 false negatives; 0 pictured, <span class=\"not-shown\">4 "
                                 "not shown</span> (it claims nothing"),
                       "%s", h);
    cr_assert_not_null(strstr(h, "every one is in <code>out/misses/vertex-face/null.csv</code>"));
    free(h);
    /* the same solver claiming anything gets its pictures */
    row.claims = 2;
    h = html_of(&r);
    cr_assert_eq(count(h, "<figure class=\"miss-picture\""), 4);
    free(h);
}

/* A run over many datasets: with dataset_tables_max, the page keeps that many per-dataset
 * tables, says how many it left out, and still counts every dataset in the summary. */
Test(index_html, dataset_tables_capped)
{
    enum { N = 300 };
    static ccdb_report_row rows[N];
    static char names[N][32];
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "scene/vertex-face/d%03d.csv", i);
        rows[i] = (ccdb_report_row){ 0 };
        rows[i].solver = "s";
        rows[i].dataset = names[i];
        rows[i].kind = "vf";
        rows[i].family = "generic";
        rows[i].queries = 20;
        rows[i].positives = rows[i].tp = 10;
        rows[i].tn = 10;
        rows[i].claims = 1;
        rows[i].toi_err_max = rows[i].ns_median = rows[i].ns_min = rows[i].ns_max = NAN;
    }
    ccdb_report r = { 0 };
    r.rows = rows;
    r.n_rows = N;
    char *full = html_of(&r);
    cr_assert_eq(count(full, "<details class=\"dataset\">"), N);
    cr_assert_null(strstr(full, "id=\"datasets-capped\""));
    r.dataset_tables_max = 7;
    char *h = html_of(&r);
    cr_assert_eq(count(h, "<details class=\"dataset\">"), 7);
    cr_assert_not_null(strstr(h, "The first 7 of 300 dataset &times; kind tables; the other 293 "
                                 "are left out"));
    free(summary_row(h, "s"));
    cr_assert_not_null(strstr(h, "<td class=\"num\">6000</td>"), "the summary counts every one");
    cr_assert_lt(strlen(h) * 5, strlen(full), "much smaller than the full page");
    free(h), free(full);
}

/* A rigid miss (arc = 1): its four paths are drawn through the arc's samples (one polyline each,
 * t = 0, the CCDB_REPORT_ARC_STEPS samples, t = 1), a linear miss has straight lines only. */
Test(index_html, rigid_miss_draws_the_arcs)
{
    ccdb_report_miss m;
    memset(&m, 0, sizeof m);
    m.solver = "s";
    m.dataset = "d";
    m.kind = "rigid-vf";
    m.family = "generic";
    m.toi_lo = m.toi_hi = 0.5;
    m.replay = "ccdbench replay x.csv --index 0 --kind rigid-vf";
    m.arc = 1;
    /* A vertex on a quarter circle of radius 2 about z, a still triangle in the plane x = 1. */
    const double tri[3][3] = { { 1, -1, -1 }, { 1, 3, -1 }, { 1, -1, 3 } };
    for (int h = 0; h < 2; h++) {
        m.q[4 * h][0] = h ? 0 : 2;
        m.q[4 * h][1] = h ? 2 : 0;
        for (int i = 0; i < 3; i++)
            memcpy(m.q[4 * h + 1 + i], tri[i], sizeof tri[i]);
    }
    for (int k = 0; k < CCDB_REPORT_ARC_STEPS; k++) {
        double a = 1.5707963267948966 * (k + 1) / (CCDB_REPORT_ARC_STEPS + 1);
        m.path[k][0][0] = 2 * cos(a);
        m.path[k][0][1] = 2 * sin(a);
        for (int i = 0; i < 3; i++)
            memcpy(m.path[k][1 + i], tri[i], sizeof tri[i]);
    }
    m.at_toi[0][0] = m.at_toi[0][1] = 1.4142135623730951;
    for (int i = 0; i < 3; i++)
        memcpy(m.at_toi[1 + i], tri[i], sizeof tri[i]);
    ccdb_report_row row;
    memset(&row, 0, sizeof row);
    row.solver = "s", row.dataset = "d", row.kind = "rigid-vf", row.family = "all";
    row.queries = row.positives = row.fn = 1;
    row.claims = 1; /* a solver that claims nothing gets no pictures */
    row.toi_err_max = row.ns_median = row.ns_min = row.ns_max = NAN;
    ccdb_report r;
    memset(&r, 0, sizeof r);
    r.rows = &row, r.n_rows = 1, r.misses = &m, r.n_misses = 1, r.miss_pictures_per_solver = 4;
    char *html = html_of(&r);
    cr_expect_eq(count(html, "<polyline points="), 8, "4 paths x 2 views");
    const char *pl = strstr(html, "<polyline points=\"");
    cr_assert_not_null(pl);
    const char *end = strchr(pl + 18, '"');
    size_t pts = 0;
    for (const char *c = pl + 18; c < end; c++)
        pts += *c == ',';
    cr_expect_eq(pts, (size_t)CCDB_REPORT_ARC_STEPS + 2, "t = 0, the samples, t = 1");
    cr_expect_null(strstr(html, "nan"));
    cr_expect_null(strstr(html, "inf\""));
    free(html);
    m.arc = 0;
    m.kind = "vf";
    html = html_of(&r);
    cr_expect_eq(count(html, "<polyline points="), 0);
    free(html);
}
