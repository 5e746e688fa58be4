/* fixture.c — the hand-built report used by the report-writer tests (see fixture.h). */
#include "fixture.h"

#include "ccdb_test_fixtures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ccdb_report_kv meta[] = {
    { "date", "2026-11-22T17:00:00Z" },
    { "git revision", "0123456789ab" },
    { "compiler", "gcc 12.2.0" },
    { "flags", "-O2 -g -ffp-contract=off" },
    { "GMP / MPFR", "GMP 6.2.1, MPFR 4.1.0" },
    { "CPU", "Example CPU @ 3.0GHz <with> \"quotes\" & ampersands" },
    { "command", "ccdbench run --data 'a b/vertex-face/data_0_0.csv' -o out" },
};

#define VF         "sample/vertex-face/data_0_0.csv"
#define EE         "gen, suite/edge-edge"
#define ALL_CLAIMS "conservative, reports TOI, min. separation"

/* solver, dataset, kind, family, queries, positives, tp, fp, fn, tn, gave_up, failed,
 * toi_violations, toi_err_max, ns_median, ns_min, ns_max, work, claims, status, conservative,
 * claim_tags, contract_violations, isolated, toi_findings, query_ns_p50..max, truth_min_sep,
 * outside_model, toi_late_max, toi_late_ulps_max, toi_late_ulps_p90, in_band, truth_band_hi, origin,
 * undecided */
static const ccdb_report_row rows[] = {
    /* clang-format off */
    { "exact", VF, "vf", "all", 300, 100, 100, 0, 0, 200, 0, 0,
      0, 0.0, 15000, 14000, 17000, 300, 0x3, CCDB_REPORT_OK, 1, "conservative, reports TOI", 0, 0, 0, 100, 200, 400, 800, 0, 0, NAN, -1, -1, 0, 0, "built-in", 0 },
    { "exact", VF, "vf", "generic", 200, 60, 60, 0, 0, 140, 0, 0,
      0, 0.0, NAN, NAN, NAN, 200, 0x3, CCDB_REPORT_OK, 1, "conservative, reports TOI", 0, 0, 0, 100, 200, 400, 800, 0, 0, NAN, -1, -1, 0, 0, "built-in", 0 },
    { "exact", VF, "vf", "coplanar", 100, 40, 40, 0, 0, 60, 0, 0,
      0, 0.0, NAN, NAN, NAN, 100, 0x3, CCDB_REPORT_OK, 1, "conservative, reports TOI", 0, 0, 0, 100, 200, 400, 800, 0, 0, NAN, -1, -1, 0, 0, "built-in", 0 },
    { "exact", EE, "ee", "parallel", 50, 10, 10, 0, 0, 40, 0, 0,
      0, 1e-17, 9000, 8000, 12000, 50, 0x3, CCDB_REPORT_OK, 1, "conservative, reports TOI", 0, 0, 0, 100, 200, 400, 800, 0, 0, NAN, -1, -1, 0, 0, "built-in", 0 },
    { FIXTURE_COMMA_SOLVER, VF, "vf", "all", 300, 100, 97, 20, 3, 180, 0, 0,
      5, 0.25, 50, 45, 80, 0, 0x2, CCDB_REPORT_OK, 0, "reports TOI", 3, 0, 6, 100, 200, 400, 800, 0, 0, 1.5e-16, 7, 7, 0, 0, NULL, 0 },
    { FIXTURE_COMMA_SOLVER, VF, "vf", "generic", 200, 60, 60, 5, 0, 135, 0, 0,
      1, 0.25, NAN, NAN, NAN, 0, 0x2, CCDB_REPORT_OK, 0, "reports TOI", 1, 0, 1, 100, 200, 400, 800, 0, 0, 1.1102230246251565e-16, 1, 1, 0, 0, NULL, 0 },
    { FIXTURE_COMMA_SOLVER, VF, "vf", "coplanar", 100, 40, 37, 15, 3, 45, 0, 0,
      4, 0.125, NAN, NAN, NAN, 0, 0x2, CCDB_REPORT_OK, 0, "reports TOI", 2, 0, 5, 100, 200, 400, 800, 0, 0, 1.5e-16, 7, 7, 0, 0, NULL, 0 },
    { FIXTURE_COMMA_SOLVER, EE, "ee", "parallel", 50, 10, 8, 0, 2, 40, 0, 0,
      0, NAN, 40, 39, 44, 0, 0x2, CCDB_REPORT_OK, 0, "reports TOI", 0, 0, 0, 100, 200, 400, 800, 0, 0, NAN, -1, -1, 0, 0, NULL, 0 },
    { FIXTURE_NASTY_SOLVER, VF, "vf", "generic", 200, 60, 55, 1, 5, 139, 2, 1,
      2, 0.5, 900, 850, 1200, 123456789, 0x7, CCDB_REPORT_OK, 1, ALL_CLAIMS, 0, 1, 2, 100, 200, 400, 800, 0.001, 4, 0.25, 4503599627370496, 4503599627370495, 7, 0.001, NULL, 0 },
    { FIXTURE_NASTY_SOLVER, VF, "vf", "coplanar", 100, 40, 39, 0, 1, 60, 0, 0,
      0, 0.0, 900, 850, 1200, 1000, 0x7, CCDB_REPORT_OK, 1, ALL_CLAIMS, 0, 1, 0, 100, 200, 400, 800, 0.001, 0, NAN, -1, -1, 0, 0.001, NULL, 0 },
    { "crashy", EE, "ee", "parallel", 50, 10, 0, 0, 0, 0, 0, 0,
      0, NAN, NAN, NAN, NAN, 0, 0x1, CCDB_REPORT_CRASHED, 1, "conservative", 0, 1, 0, NAN, NAN, NAN, NAN, 0, 0, NAN, -1, -1, 0, 0, NULL, 0 },
    { "slowpoke", EE, "ee", "parallel", 50, 10, 10, 40, 0, 0, 0, 0,
      0, 0.0, 2.5e6, 2e6, 4e6, 0, 0x0, CCDB_REPORT_TIMEOUT, 0, NULL, 0, 0, 0, 100, 200, 400, 800, 0, 0, NAN, -1, -1, 0, 0, "engine", 0 },
    /* clang-format on */
};

#define Q8(...)                                                                                    \
    {                                                                                              \
        __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, __VA_ARGS__, \
            __VA_ARGS__                                                                            \
    }

/* A linear miss: straight paths, no arc samples. */
#define NO_ARC        \
    0, { { { 0 } } }, \
    {                 \
        {             \
            0         \
        }             \
    }

static const ccdb_report_miss misses[] = {
    /* an ordinary VF crossing */
    { FIXTURE_NASTY_SOLVER,
      VF,
      "vf",
      "generic",
      7,
      { { 0.3, 0.3, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { 0.3, 0.3, -1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } },
      0.5,
      0.5,
      "ccdbench replay '" VF "' --index 7",
      "out/misses/vertex-face/" FIXTURE_NASTY_SOLVER ".csv",
      NO_ARC },

    /* every point coincident: zero extent in every direction */
    { FIXTURE_NASTY_SOLVER, VF, "vf", "coplanar", 8, Q8({ 1, 2, 3 }), 0, 0,
      "ccdbench replay x.csv --index 8", "out/misses/vertex-face/" FIXTURE_NASTY_SOLVER ".csv",
      NO_ARC },

    /* coordinates near the top of the double range */
    { FIXTURE_NASTY_SOLVER,
      VF,
      "vf",
      "generic",
      9,
      { { 1e300, 1e300, 1.7e308 },
        { -1.7e308, 0, 0 },
        { 1.7e308, 0, 0 },
        { 0, 1.7e308, 0 },
        { 1e300, 1e300, -1.7e308 },
        { -1.7e308, 0, 0 },
        { 1.7e308, 0, 0 },
        { 0, 1.7e308, 0 } },
      0.5,
      0.5,
      "ccdbench replay x.csv --index 9",
      "out/misses/vertex-face/" FIXTURE_NASTY_SOLVER ".csv",
      NO_ARC },

    /* tiny (subnormal) coordinates, planar motion (zero extent in z) */
    { FIXTURE_NASTY_SOLVER,
      VF,
      "vf",
      "generic",
      10,
      { { 1e-310, 0, 0 },
        { 0, 0, 0 },
        { 4e-320, 0, 0 },
        { 0, 5e-324, 0 },
        { -1e-310, 0, 0 },
        { 0, 0, 0 },
        { 4e-320, 0, 0 },
        { 0, 5e-324, 0 } },
      0.25,
      0.75,
      "ccdbench replay x.csv --index 10",
      "out/misses/vertex-face/" FIXTURE_NASTY_SOLVER ".csv",
      NO_ARC },

    /* beyond the cap of 3: counted, not drawn */
    { FIXTURE_NASTY_SOLVER, VF, "vf", "coplanar", 11, Q8({ 0, 0, 0 }), 0, 0, NULL,
      "out/misses/vertex-face/" FIXTURE_NASTY_SOLVER ".csv", NO_ARC },

    { FIXTURE_NASTY_SOLVER, VF, "vf", "coplanar", 12, Q8({ 0, 0, 0 }), 0, 0, NULL,
      "out/misses/vertex-face/" FIXTURE_NASTY_SOLVER ".csv", NO_ARC },

    /* EE: parallel edges sliding into each other (degenerate common normal) */
    { FIXTURE_COMMA_SOLVER,
      EE,
      "ee",
      "parallel",
      3,
      { { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 },
        { 1, 1, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 } },
      1,
      1,
      "ccdbench replay 'gen, suite/edge-edge' --index 3",
      NULL,
      NO_ARC },

    /* EE: generic crossing with mixed huge and tiny magnitudes */
    { FIXTURE_COMMA_SOLVER,
      EE,
      "ee",
      "parallel",
      4,
      { { -1, 0, 1e-200 },
        { 1, 0, 1e-200 },
        { 0, -1, 1e200 },
        { 0, 1, 1e200 },
        { -1, 0, 1e-200 },
        { 1, 0, 1e-200 },
        { 0, -1, -1e200 },
        { 0, 1, -1e200 } },
      0.5,
      0.5,
      "ccdbench replay 'gen, suite/edge-edge' --index 4 # <&>",
      NULL,
      NO_ARC },

    /* not finite (never produced by the harness, but must not break the page) */
    { FIXTURE_COMMA_SOLVER,
      "odd",
      "xx",
      "generic",
      5,
      { { NAN, 0, 0 },
        { INFINITY, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } },
      NAN,
      NAN,
      "ccdbench replay odd --index 5",
      NULL,
      NO_ARC },
};

/* solver, dataset, kind, family, index, state, toi, hit, toi_lo, toi_hi, replay, q, file */
static const ccdb_report_finding findings[] = {
    /* clang-format off */
    { FIXTURE_COMMA_SOLVER, VF, "vf", "coplanar", 7, "hit", 0.75, 1, 0.5, 0.5,
      "ccdbench replay out/bad-toi/vertex-face/x.csv --index 0 --kind vf", Q8({ 0, 0, 0 }), "out/bad-toi/vertex-face/x.csv", 0.25, 2251799813685248 },
    { FIXTURE_COMMA_SOLVER, VF, "vf", "generic", 9, "gave_up", NAN, 1, 0.25, 0.25,
      "ccdbench replay out/bad-toi/vertex-face/x.csv --index 1 --kind vf", Q8({ 0, 0, 0 }), "out/bad-toi/vertex-face/x.csv", NAN, 0 },
    { FIXTURE_COMMA_SOLVER, VF, "vf", "generic", 11, "hit", -1, 0, 0, 0,
      "ccdbench replay out/bad-toi/vertex-face/x.csv --index 2 --kind vf", Q8({ 0, 0, 0 }), "out/bad-toi/vertex-face/x.csv", NAN, 0 },
    { FIXTURE_NASTY_SOLVER, VF, "vf", "generic", 3, "hit", 4.6e18, 1, 0.125, 0.125,
      "ccdbench replay 'out/bad-toi/vertex-face/<b>.csv' --index 0 --kind vf", Q8({ 0, 0, 0 }), "out/bad-toi/vertex-face/x.csv", NAN, 0 },
    /* clang-format on */
};

static const ccdb_report_output outputs[] = {
    { FIXTURE_NASTY_SOLVER, 123456, "first line <script>\nsecond line & more\n" },
};

/* Per solver x kind per-query time distributions: a wide one, a flat one, one with a tail. */
static const ccdb_report_latency latencies[] = {
    { "exact", "vf", 300, 1000, 8000, 30000, 90000, { 0 } },
    { "exact", "ee", 50, 500, 600, 700, 700, { 0 } },
    { FIXTURE_COMMA_SOLVER, "vf", 300, 40, 45, 2000, 5000, { 0 } },
    { FIXTURE_NASTY_SOLVER, "vf", 300, 0, 0, 0, 0, { 0 } },
};

static const ccdb_report report = {
    meta,        sizeof meta / sizeof meta[0],
    rows,        sizeof rows / sizeof rows[0],
    misses,      sizeof misses / sizeof misses[0],
    FIXTURE_CAP, "Debug build with sanitizers: timings are not representative.",
    findings,    sizeof findings / sizeof findings[0],
    outputs,     sizeof outputs / sizeof outputs[0],
    latencies,   sizeof latencies / sizeof latencies[0],
    0,
};

const ccdb_report *fixture_report(void)
{
    return &report;
}

size_t fixture_misses_of(const char *solver)
{
    size_t n = 0;
    for (size_t i = 0; i < report.n_misses; i++)
        n += strcmp(report.misses[i].solver, solver) == 0;
    return n;
}

char *fixture_tmpdir(void)
{
    char *dir = malloc(4096);
    if (!dir)
        abort();
    ccdb_test_mkdtemp(dir, 4096, "reports");
    return dir;
}

char *fixture_path(const char *dir, const char *name)
{
    char *p = malloc(strlen(dir) + strlen(name) + 2);
    if (!p)
        abort();
    sprintf(p, "%s/%s", dir, name);
    return p;
}
