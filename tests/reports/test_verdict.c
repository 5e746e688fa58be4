/* test_verdict.c — index.html opens with the verdict (issue 22): one line per solver before the
 * summary, a table of contents whose every link has its target, run details last; a broken
 * conservative claim reads CLAIM BROKEN in the status cells (never "ok"); a solver's colour comes
 * from its name (not its position); every kind gets a time panel; miss pictures are spread over
 * the failure classes a solver has. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const char *at(const char *h, const char *what)
{
    const char *p = strstr(h, what);
    cr_assert_not_null(p, "the page has %s", what);
    return p;
}

/* The line of the verdict table for a solver (its escaped name), as a copy. */
static char *verdict_row(const char *h, const char *escaped)
{
    const char *table = at(h, "<table id=\"verdict-table\"");
    const char *end = at(table, "</table>");
    char key[256];
    snprintf(key, sizeof key, "</span>%s</td>", escaped);
    const char *p = strstr(table, key);
    cr_assert(p && p < end, "a verdict line for %s", escaped);
    const char *e = strstr(p, "</tr>");
    return strndup(p, (size_t)(e - p));
}

Test(verdict, opens_the_page_and_run_details_come_last)
{
    char *h = html_of(fixture_report());
    const char *toc = at(h, "<nav id=\"toc\""), *verdict = at(h, "<section id=\"verdict\">"),
               *summary = at(h, "<section id=\"summary-section\">"),
               *map = at(h, "<section id=\"failure-map-section\">"),
               *misses = at(h, "<section id=\"misses\">"), *run = at(h, "<section id=\"run\">");
    cr_assert(toc < verdict && verdict < summary && summary < map && map < misses && misses < run,
              "order: contents, verdict, summary, views, findings, run details");
    cr_assert_null(strstr(run + 1, "<section "), "how the run was made is the last section");
    cr_assert(strstr(h, "<h1>") < toc, "the contents right under the title");
    /* every link of the contents has its target */
    const char *toc_end = at(toc, "</nav>");
    int links = 0;
    for (const char *a = strstr(toc, "href=\"#"); a && a < toc_end; a = strstr(a + 1, "href=\"#")) {
        char id[64], target[96];
        cr_assert_eq(sscanf(a, "href=\"#%63[^\"]\"", id), 1);
        snprintf(target, sizeof target, "id=\"%s\"", id);
        cr_assert_not_null(strstr(h, target), "the contents link to #%s, which exists", id);
        links++;
    }
    cr_assert_geq(links, 9);
    free(h);
}

Test(verdict, one_line_per_solver_with_claims_kept_or_broken)
{
    char *h = html_of(fixture_report());
    const char *table = at(h, "<table id=\"verdict-table\"");
    size_t lines = 0;
    for (const char *p = strstr(table, "<tr class=\"verdict-"); p && p < strstr(table, "</table>");
         p = strstr(p + 1, "<tr class=\"verdict-"))
        lines++;
    cr_assert_eq(lines, 5, "one line per solver");
    char *row = verdict_row(h, "exact");
    cr_assert_not_null(strstr(row, "conservative claim kept"), "%s", row);
    cr_assert_not_null(strstr(row, "</td><td class=\"num\">0</td><td class=\"num\">0</td>"),
                       "0 FN, 0 late TOIs: %s", row);
    free(row);
    row = verdict_row(h, "&lt;b&gt;&amp;&quot;"); /* conservative, 6 false negatives */
    cr_assert_not_null(strstr(row, "conservative claim BROKEN"), "%s", row);
    cr_assert_not_null(strstr(row, "<td class=\"num bad\">6</td>"), "6 FN, in red: %s", row);
    free(row);
    row = verdict_row(h, "fast, &quot;approx&quot;"); /* no claim; 3 contract violations */
    cr_assert_not_null(strstr(row, "claims no conservativeness"), "%s", row);
    cr_assert_not_null(strstr(row, "</td><td class=\"num\">5</td>"), "5 FN, not red: %s", row);
    cr_assert_not_null(strstr(row, "CONTRACT BROKEN"), "%s", row);
    free(row);
    row = verdict_row(h, "fast, &quot;approx&quot;");
    cr_assert_not_null(strstr(row, "<td class=\"num\">7 ulps</td>"), "how late: %s", row);
    free(row);
    row = verdict_row(h, "&lt;b&gt;&amp;&quot;");
    cr_assert_not_null(strstr(row, "<td class=\"num\">0.25 (4.5e+15 ulps)</td>"), "%s", row);
    free(row);
    row = verdict_row(h, "crashy");
    cr_assert_not_null(strstr(row, "CRASHED on some dataset"), "%s", row);
    free(row);
    free(h);
}

Test(verdict, toi_findings_say_how_late)
{
    char *h = html_of(fixture_report());
    const char *sec = at(h, "<section id=\"toi-findings\">");
    cr_assert_not_null(strstr(sec, "late by 0.25 (2251799813685248 ulps)"), "%s", sec);
    free(h);
}

Test(verdict, broken_claim_never_reads_ok)
{
    char *h = html_of(fixture_report());
    const char *summary = at(h, "<table id=\"summary\"");
    const char *p = at(summary, "<td>&lt;b&gt;&amp;&quot;</td>");
    const char *e = at(p, "</tr>");
    char *row = strndup(p, (size_t)(e - p));
    cr_assert_not_null(strstr(row, "<td class=\"status-broken\">CLAIM BROKEN</td>"), "%s", row);
    cr_assert_null(strstr(row, ">ok<"), "%s", row);
    free(row);
    cr_assert_not_null(strstr(h, "CLAIM BROKEN"));
    free(h);
}

/* The colour given to `name` in the time-distribution legend ("hsl(...)"), into out. */
static void legend_colour(const char *h, const char *name, char *out, size_t len)
{
    const char *sec = at(h, "<section id=\"time-cdf-section\"");
    char key[128];
    snprintf(key, sizeof key, "&#9644;</span> %s</span>", name);
    const char *p = strstr(sec, key);
    cr_assert_not_null(p, "%s in the legend", name);
    const char *c = p;
    while (c > sec && strncmp(c, "color:", 6))
        c--;
    c += 6;
    size_t n = strcspn(c, "\"");
    cr_assert_lt(n, len);
    memcpy(out, c, n);
    out[n] = '\0';
}

Test(verdict, colours_follow_the_name_not_the_position)
{
    const ccdb_report *f = fixture_report();
    char *h1 = html_of(f);
    /* The same solvers, listed in the reverse order. */
    ccdb_report r = *f;
    ccdb_report_latency *rev = calloc(f->n_latencies, sizeof *rev);
    for (size_t i = 0; i < f->n_latencies; i++)
        rev[i] = f->latencies[f->n_latencies - 1 - i];
    r.latencies = rev;
    char *h2 = html_of(&r);
    char a[64], b[64];
    legend_colour(h1, "exact", a, sizeof a);
    legend_colour(h2, "exact", b, sizeof b);
    cr_assert_str_eq(a, b, "the same colour for exact in both reports");
    cr_assert(strncmp(a, "hsl(", 4) == 0, "%s", a);
    /* and in the verdict, its swatch */
    char swatch[160];
    snprintf(swatch, sizeof swatch, "style=\"background:%s\"></span>exact</td>", a);
    cr_assert_not_null(strstr(h1, swatch), "the verdict's swatch for exact is %s", a);
    free(rev), free(h1), free(h2);
}

Test(verdict, every_kind_has_its_time_panel)
{
    const ccdb_report *f = fixture_report();
    ccdb_report r = *f;
    ccdb_report_latency *lat = calloc(f->n_latencies + 2, sizeof *lat);
    memcpy(lat, f->latencies, f->n_latencies * sizeof *lat);
    lat[f->n_latencies] = f->latencies[0];
    lat[f->n_latencies].kind = "rigid-vf";
    lat[f->n_latencies + 1] = f->latencies[0];
    lat[f->n_latencies + 1].kind = "rigid-ee";
    r.latencies = lat;
    r.n_latencies = f->n_latencies + 2;
    char *h = html_of(&r);
    const char *panels[] = { "<svg id=\"time-cdf-vf\"", "<svg id=\"time-cdf-ee\"",
                             "<svg id=\"time-cdf-rigid-vf\"", "<svg id=\"time-cdf-rigid-ee\"" };
    for (size_t k = 0; k < 4; k++) {
        const char *p = at(h, panels[k]);
        const char *e = at(p, "</svg>");
        const char *curve = strstr(p, "<g class=\"cdf\">");
        cr_assert(curve && curve < e, "%s draws a curve", panels[k]);
    }
    cr_assert_not_null(strstr(h, ">rigid vertex&ndash;face</text>"));
    free(lat), free(h);
}

Test(verdict, miss_pictures_spread_over_the_classes)
{
    ccdb_report_row row = { 0 };
    row.solver = "s";
    row.dataset = "d";
    row.kind = "vf";
    row.family = "all";
    row.queries = 20;
    row.positives = row.fn = 10;
    row.tn = 10;
    row.claims = 1;
    row.conservative = 1;
    row.toi_err_max = row.ns_median = row.ns_min = row.ns_max = NAN;
    /* eight coplanar misses first, then one tangent and one edge-edge generic */
    ccdb_report_miss m[10];
    memset(m, 0, sizeof m);
    for (int i = 0; i < 10; i++) {
        m[i].solver = "s";
        m[i].dataset = "d";
        m[i].kind = i == 9 ? "ee" : "vf";
        m[i].family = i < 8 ? "coplanar" : i == 8 ? "tangent" : "generic";
        m[i].index = i;
        m[i].replay = "ccdbench replay x";
        m[i].toi_lo = m[i].toi_hi = 0.5;
        m[i].q[1][0] = m[i].q[2][1] = 1;
        m[i].q[0][2] = 1, m[i].q[4][2] = -1;
    }
    ccdb_report r = { 0 };
    r.rows = &row;
    r.n_rows = 1;
    r.misses = m;
    r.n_misses = 10;
    r.miss_pictures_per_solver = 3;
    char *h = html_of(&r);
    const char *sec = at(h, "<section id=\"misses\">");
    cr_assert_not_null(strstr(sec, "vf, class coplanar"));
    cr_assert_not_null(strstr(sec, "vf, class tangent"), "the one tangent miss is pictured");
    cr_assert_not_null(strstr(sec, "ee, class generic"), "the one edge-edge miss is pictured");
    free(h);
    /* with room for more, the second round goes on over the classes that have more */
    r.miss_pictures_per_solver = 5;
    h = html_of(&r);
    size_t coplanar = 0;
    for (const char *p = strstr(h, "class coplanar"); p; p = strstr(p + 1, "class coplanar"))
        coplanar++;
    cr_assert_eq(coplanar, 3, "%s", strstr(h, "<section id=\"misses\">"));
    free(h);
}
