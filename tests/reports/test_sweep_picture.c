/* test_sweep_picture.c — the miss picture of a sweep (harness/miss_picture.c, drawn by
 * reports/html_miss.c): the points at t = 0, along the motion, at the TOI and at t = 1 are the
 * moved points O + t v + R(theta t)(X0 - O), not the rows O, w, v, (moving, theta, 0). Checked
 * against positions computed here independently (the vertex on a circle of radius 2 about the
 * z axis, rising by t), and the SVG of the sweep's miss is the one drawn from those positions. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_test.h"
#include "fixture.h"
#include "miss_picture.h"

#define HALF_PI 1.5707963267948966

/* The vertex (2, 0, 0) turns by pi/2 about w = (0, 0, 2) through the origin and rises by
 * v = (0, 0, 1); the triangle stays in the plane x = 1. */
static const double sweep[8][3] = {
    { 2, 0, 0 }, { 1, -1, -1 }, { 1, 3, -1 }, { 1, -1, 3 },
    { 0, 0, 0 }, { 0, 0, 2 },   { 0, 0, 1 },  { 0, HALF_PI, 0 },
};

static void expected_at(double t, double out[4][3])
{
    out[0][0] = 2 * cos(HALF_PI * t);
    out[0][1] = 2 * sin(HALF_PI * t);
    out[0][2] = t;
    for (int i = 1; i < 4; i++)
        memcpy(out[i], sweep[i], sizeof out[i]);
}

static void expect_near(const double a[4][3], const double b[4][3], const char *what)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            cr_expect(fabs(a[i][j] - b[i][j]) < 1e-14, "%s: point %d axis %d: %.17g vs %.17g", what,
                      i, j, a[i][j], b[i][j]);
}

static char *html_of_miss(const ccdb_report_miss *m)
{
    ccdb_report_row row;
    memset(&row, 0, sizeof row);
    row.solver = "s", row.dataset = "d", row.kind = "sweep-vf", row.family = "all";
    row.queries = row.positives = row.fn = 1;
    row.claims = 1; /* a solver that claims nothing gets no pictures */
    row.toi_err_max = row.ns_median = row.ns_min = row.ns_max = NAN;
    ccdb_report r;
    memset(&r, 0, sizeof r);
    r.rows = &row, r.n_rows = 1, r.misses = m, r.n_misses = 1, r.miss_pictures_per_solver = 4;
    char *dir = fixture_tmpdir(), *path = fixture_path(dir, "index.html");
    char err[512] = "";
    cr_assert_eq(ccdb_report_write_html(&r, path, err, sizeof err), 0, "%s", err);
    char *text = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(text);
    free(path), free(dir);
    return text;
}

static void named(ccdb_report_miss *m)
{
    m->solver = "s";
    m->dataset = "d";
    m->kind = "sweep-vf";
    m->family = "generic";
    m->toi_lo = m->toi_hi = 0.5;
    m->replay = "ccdbench replay x.csv --index 0";
}

Test(sweep_picture, the_moved_points)
{
    ccdb_truth_result t;
    memset(&t, 0, sizeof t);
    t.hit = 1;
    t.toi_lo = t.toi_hi = 0.5;
    ccdb_report_miss m;
    memset(&m, 0, sizeof m);
    ccdb_miss_picture(&m, sweep, CCDB_KIND_SWEEP_VF, &t);
    cr_expect_eq(m.arc, 1);
    double want[8][3];
    expected_at(0, want);
    expected_at(1, want + 4);
    expect_near((const double(*)[3])m.q, (const double(*)[3])want, "t = 0");
    expect_near((const double(*)[3])m.q + 4, (const double(*)[3])want + 4, "t = 1");
    double at[4][3];
    for (int k = 0; k < CCDB_REPORT_ARC_STEPS; k++) {
        expected_at((double)(k + 1) / (CCDB_REPORT_ARC_STEPS + 1), at);
        expect_near((const double(*)[3])m.path[k], (const double(*)[3])at, "path");
    }
    expected_at(0.5, at); /* (sqrt 2, sqrt 2, 1/2) */
    expect_near((const double(*)[3])m.at_toi, (const double(*)[3])at, "at the TOI");

    /* The SVG: the same as drawn from the independent positions (not from rows 5-8). */
    named(&m);
    ccdb_report_miss hand;
    memset(&hand, 0, sizeof hand);
    named(&hand);
    hand.arc = 1;
    memcpy(hand.q, want, sizeof want);
    for (int k = 0; k < CCDB_REPORT_ARC_STEPS; k++)
        expected_at((double)(k + 1) / (CCDB_REPORT_ARC_STEPS + 1), hand.path[k]);
    expected_at(0.5, hand.at_toi);
    char *a = html_of_miss(&m), *b = html_of_miss(&hand);
    const char *sa = strstr(a, "<svg"), *sb = strstr(b, "<svg");
    cr_assert(sa && sb);
    cr_expect_str_eq(sa, sb);
    size_t polylines = 0;
    for (const char *p = strstr(sa, "<polyline points="); p; p = strstr(p + 1, "<polyline points="))
        polylines++;
    cr_expect_eq(polylines, 8, "4 paths x 2 views");
    free(a), free(b);
}

Test(sweep_picture, linear_kinds_keep_the_query)
{
    ccdb_truth_result t;
    memset(&t, 0, sizeof t);
    ccdb_report_miss m;
    memset(&m, 0, sizeof m);
    ccdb_miss_picture(&m, sweep, CCDB_KIND_VF, &t);
    cr_expect_eq(m.arc, 0);
    cr_expect_eq(memcmp(m.q, sweep, sizeof m.q), 0);
}
