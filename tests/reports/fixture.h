/* fixture.h — a hand-built ccdb_report for the report-writer tests: several solvers and
 * families, awkward names, and false negatives including degenerate geometry. */
#ifndef CCDB_TEST_REPORT_FIXTURE_H
#define CCDB_TEST_REPORT_FIXTURE_H

#include "ccdb_report.h"
#include "ccdb_test_fixtures.h"

#define FIXTURE_NASTY_SOLVER "<b>&\""           /* must come out escaped */
#define FIXTURE_COMMA_SOLVER "fast, \"approx\"" /* must come out CSV-quoted */
#define FIXTURE_CAP          3                  /* miss pictures per solver */

/* The report (static storage; the same every call). */
const ccdb_report *fixture_report(void);
/* Number of misses given for `solver` in the fixture. */
size_t fixture_misses_of(const char *solver);

/* Helpers: a fresh temporary folder (caller frees) and the path of a file in it (caller frees).
 * Files are read with ccdb_test_slurp (tests/support). */
char *fixture_tmpdir(void);
char *fixture_path(const char *dir, const char *name);

#endif
