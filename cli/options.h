/* options.h — the one table of command-line options (options.c): every option of every command
 * is a row {long name, alias, argument name, default, help text, which commands accept it, its
 * parser}. The commands parse their argv only through ccdb_cli_parse, take their defaults only
 * from ccdb_cli_defaults (as Box2D's b2DefaultWorldDef) and print their options in --help only
 * through ccdb_cli_print_options: an option, its default and its help text are written once. */
#ifndef CCDB_CLI_OPTIONS_H
#define CCDB_CLI_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "ccdb_dataset.h"
#include "ccdb_solver.h"

/* The commands, a bit each (a row's `commands` is a mask of them). */
typedef enum ccdb_cli_cmd {
    CCDB_CMD_RUN = 1u << 0,
    CCDB_CMD_REPLAY = 1u << 1,
    CCDB_CMD_TRUTH = 1u << 2,
    CCDB_CMD_GEN = 1u << 3,
    CCDB_CMD_LIST = 1u << 4,
    CCDB_CMD_DATA = 1u << 5,
    CCDB_CMD_COMPARE = 1u << 6,
} ccdb_cli_cmd;
#define CCDB_CMD_ALL 0x7fu

/* The options, one id each (several rows may share an id: one help text per command). */
typedef enum ccdb_cli_opt {
    CCDB_OPT_HELP,
    CCDB_OPT_SOLVERS,
    CCDB_OPT_PLUGIN,
    CCDB_OPT_DATA,
    CCDB_OPT_KIND,
    CCDB_OPT_ONLY_KIND,
    CCDB_OPT_REPEAT,
    CCDB_OPT_THREADS,
    CCDB_OPT_ISOLATE,
    CCDB_OPT_NO_ISOLATE,
    CCDB_OPT_TIMEOUT,
    CCDB_OPT_FAIL_ON_FN,
    CCDB_OPT_DELTA,
    CCDB_OPT_MAX_ITER,
    CCDB_OPT_MIN_SEP,
    CCDB_OPT_ROUND_INPUTS,
    CCDB_OPT_NO_CACHE,
    CCDB_OPT_CHUNK,
    CCDB_OPT_OUT,
    CCDB_OPT_INDEX,
    CCDB_OPT_STATS,
    CCDB_OPT_FAMILY,
    CCDB_OPT_COUNT,
    CCDB_OPT_SEED,
    CCDB_OPT_SET,
    CCDB_OPT_PER_FILE,
    CCDB_OPT_LIST_FAMILIES,
    CCDB_OPT_ALL,
    CCDB_OPT_REFERENCES,
    CCDB_OPT_FROM,
    CCDB_OPT_FAIL_ON_NEW_FN,
    CCDB_OPT_LIST_N,
    CCDB_OPT_COUNT_ /* the number of ids */
} ccdb_cli_opt;

#define CCDB_CLI_MAX_LIST 256 /* --plugin, --data: at most so many each */
#define CCDB_CLI_MAX_POS  8   /* positional arguments */
/* gen --count: up to 10^10 queries with --set (2 x 10^5 files of 5 x 10^4), one file at most
 * CCDB_GEN_MAX_COUNT (gen checks it). */
#define CCDB_CLI_GEN_SET_MAX_COUNT 10000000000ULL
/* The smallest --timeout: the time limit is counted in nanoseconds of the clock. */
#define CCDB_CLI_TIMEOUT_MIN 1e-9

/* What a command line says, every command's options in one struct (each command reads its own).
 * Filled by ccdb_cli_defaults, then by ccdb_cli_parse. */
typedef struct ccdb_cli_args {
    const char *pos[CCDB_CLI_MAX_POS]; /* positional arguments, in order */
    size_t n_pos;
    const char *solvers; /* --solvers: a comma list, NULL for every registered solver */
    const char *plugins[CCDB_CLI_MAX_LIST];
    size_t n_plugins;
    const char *data[CCDB_CLI_MAX_LIST];
    size_t n_data;
    ccdb_kind kind;      /* CCDB_KIND_UNKNOWN unless --kind */
    unsigned only_kinds; /* --only-kind: a bit per ccdb_kind; 0 = every kind */
    int repeat, threads;
    double timeout_s;
    ccdb_params params; /* --delta, --max-iter, --min-sep */
    long chunk;         /* run under MPI: queries per work unit; 0: the run's own choice */
    long long index;    /* replay --index; -1 unless given */
    const char *out;    /* -o */
    const char *family, *set, *from;
    uint64_t count, seed, per_file;
    long list_n; /* compare --list N */
    int help, isolate, no_isolate, fail_on_fn, round_inputs, no_cache, stats, list_families, all,
        references, fail_on_new_fn;
    unsigned char given[CCDB_OPT_COUNT_]; /* how often each option was given (saturating) */
} ccdb_cli_args;

/* One row of the table. */
typedef struct ccdb_cli_option {
    ccdb_cli_opt id;
    const char *name;  /* "--timeout" */
    const char *alias; /* "-o" for "--output", "-h" for "--help"; or NULL */
    const char *arg;   /* the value's name in --help ("S"); NULL for a flag */
    const char *def;   /* the default, as text the parser takes; NULL: none */
    unsigned commands; /* ccdb_cli_cmd bits */
    int once;          /* given twice is an error */
    const char *help;  /* lines without indentation; "{}" stands for def */
    /* Stores value v (NULL for a flag) into *a; 0, or 2 after the usage error of cmd. */
    int (*parse)(const char *cmd, const char *v, ccdb_cli_args *a);
} ccdb_cli_option;

/* The table (ccdb_cli_option_count rows). */
const ccdb_cli_option *ccdb_cli_option_at(size_t i);
size_t ccdb_cli_option_count(void);
/* The command's name ("run"), and the bit of a name (0 for none). */
const char *ccdb_cli_cmd_name(ccdb_cli_cmd cmd);
ccdb_cli_cmd ccdb_cli_cmd_of(const char *name);

/* The defaults of command cmd: every row of cmd with a default, parsed by its parser. */
ccdb_cli_args ccdb_cli_defaults(ccdb_cli_cmd cmd);
/* argv[1..argc-1] of cmd into *a (which holds ccdb_cli_defaults(cmd)): options by the table
 * (--name VALUE or --name=VALUE; "--" ends the options), everything else positional. 0, or 2
 * after the usage error. a->help set by -h / --help (parsing stops there). */
int ccdb_cli_parse(ccdb_cli_cmd cmd, int argc, char **argv, ccdb_cli_args *a);
/* A command's first step: its defaults, then argv by ccdb_cli_parse; -h / --help prints usage
 * to stdout. Returns -1 to go on with *a, else the exit status: 0 after --help, 2 after a usage
 * error. */
int ccdb_cli_command_line(ccdb_cli_cmd cmd, int argc, char **argv, void (*usage)(FILE *),
                          ccdb_cli_args *a);
/* "options:" and the rows of cmd, as --help shows them. */
void ccdb_cli_print_options(FILE *f, ccdb_cli_cmd cmd);

#endif
