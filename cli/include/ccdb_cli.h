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

#endif
