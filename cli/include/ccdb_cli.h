/* ccdb_cli.h — the ccdbench subcommands. Each returns the process exit status:
 * 0 success, 1 a finding the user asked to fail on, 2 bad usage, bad input or output that
 * cannot be written, 3 an internal consistency failure (gen). (4, a solver that called exit()
 * in-process, comes from the guard in solver_guard.c; main.c turns a lost stdout into 2.) */
#ifndef CCDB_CLI_H
#define CCDB_CLI_H

#include <stdio.h>

int ccdb_cmd_list(int argc, char **argv);
int ccdb_cmd_gen(int argc, char **argv);
int ccdb_cmd_truth(int argc, char **argv);
int ccdb_cmd_run(int argc, char **argv);
int ccdb_cmd_replay(int argc, char **argv);
int ccdb_cmd_data(int argc, char **argv);
int ccdb_cmd_compare(int argc, char **argv);

/* Top-level usage text (all commands). */
void ccdb_cli_usage(FILE *f);
/* Prints "ccdbench CMD: MESSAGE" and the usage to stderr; returns 2. */
int ccdb_cli_bad_usage(const char *cmd, const char *fmt, ...);
/* A whole finite number (strtod syntax; no trailing text, no overflow; a subnormal is taken,
 * a value so small that it rounds to 0 is refused): 0, or -1. */
int ccdb_cli_parse_double(const char *s, double *out);
/* --min-sep D of command cmd into *out: a finite double >= 0 (subnormals included: the judge
 * takes any such d exactly; -0 becomes 0; a value that rounds to 0 from above is refused).
 * Returns 0, or 2 after the usage error. */
int ccdb_cli_parse_min_sep(const char *cmd, const char *v, double *out);
/* The default --timeout of run and replay, in seconds (one place: both commands and their help). */
#define CCDB_CLI_TIMEOUT_DEFAULT 300
/* The smallest --timeout: the time limit is counted in nanoseconds of the clock. */
#define CCDB_CLI_TIMEOUT_MIN 1e-9
/* --timeout S of command cmd into *out: a number of seconds >= CCDB_CLI_TIMEOUT_MIN (below it,
 * the limit would round to 0 ns, which means none). Returns 0, or 2 after the usage error. */
int ccdb_cli_parse_timeout(const char *cmd, const char *v, double *out);

#endif
