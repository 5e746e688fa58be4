/* cli_fixture.h — running the built ccdbench as a user does, for test_cli.c and
 * test_hostile.c: a temporary folder per test with a small VF dataset in it, the command's
 * stdout and stderr captured there, and readers of summary.csv rows. */
#ifndef TEST_HARNESS_CLI_FIXTURE_H
#define TEST_HARNESS_CLI_FIXTURE_H

#include <stddef.h>

#define CLI_BIN     CCDB_BINARY_DIR "/cli/ccdbench"
#define CLI_PLUGINS CCDB_BINARY_DIR "/plugins"
#define CLI_NPOINTS 4

/* The test's folder and its dataset: cli_dir/scene/vertex-face/data.csv, one VF query per
 * cli_points entry (a hit at t = 1/2 when x + y <= 1, else a miss; see cli_vf_query). */
extern char cli_dir[256], cli_data[1024];
extern const double cli_points[CLI_NPOINTS][2];

/* TestSuite .init / .fini: makes cli_dir and the dataset / removes cli_dir. */
void cli_setup(void);
void cli_teardown(void);

/* Runs "cd cli_dir && ccdbench ARGS" with stdout/stderr in cli_dir/out.txt, err.txt (and the
 * truth cache in cli_dir/cache); returns the exit status (asserts that the shell exited). */
int cli_run(const char *fmt, ...);
/* The same, returning system()'s raw wait status (for a ccdbench that may die of a signal: the
 * shell reports it as 128 + signal). */
int cli_run_raw(const char *fmt, ...);
/* The built test plugin CLI_PLUGINS/NAME.so (asserts that it exists); the last 8 results stay
 * valid. */
const char *cli_plugin(const char *name);
/* A file the last command wrote in cli_dir (asserts that it exists; the caller frees). */
char *cli_captured(const char *which);

/* The triangle (0,0,0) (1,0,0) (0,1,0) at rest; the vertex goes from z=1 to z=-1 at (x, y). */
void cli_vf_query(double q[8][3], double x, double y);

/* Field `col` (0-based) of the first summary.csv row of `solver` (its first "all" row), into
 * buf (the names in these tests hold no comma). */
const char *cli_row_field(const char *csv, const char *solver, int col, char *buf, size_t len);
/* The same for the first row of `solver` on `dataset` (its label, column 2: its "all" row). */
const char *cli_dataset_field(const char *csv, const char *solver, const char *dataset, int col,
                              char *buf, size_t len);
/* The status column (21st) of the first row of `solver` in summary.csv. */
void cli_expect_status(const char *csv, const char *solver, const char *status);

#endif
