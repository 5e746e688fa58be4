/* test_options.c — the one option table (cli/options.c): no command parses an option of its
 * own, no option has two defaults, the defaults are the solver library's, every command refuses
 * the options the table does not give it, and each command's --help shows its rows. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_test.h"
#include "ccdb_test_fixtures.h"
#include "options.h"

#define CCDBENCH CCDB_BINARY_DIR "/cli/ccdbench"

static const ccdb_cli_cmd commands[] = { CCDB_CMD_RUN,    CCDB_CMD_REPLAY, CCDB_CMD_TRUTH,
                                         CCDB_CMD_GEN,    CCDB_CMD_LIST,   CCDB_CMD_DATA,
                                         CCDB_CMD_COMPARE };
#define N_COMMANDS (sizeof commands / sizeof *commands)

/* The row that gives command cmd the option spelt name (its long name or alias), or NULL. */
static const ccdb_cli_option *row_of(ccdb_cli_cmd cmd, const char *name)
{
    for (size_t i = 0; i < ccdb_cli_option_count(); i++) {
        const ccdb_cli_option *r = ccdb_cli_option_at(i);
        if ((r->commands & cmd) &&
            (!strcmp(r->name, name) || (r->alias && !strcmp(r->alias, name))))
            return r;
    }
    return NULL;
}

static int accepts(ccdb_cli_cmd cmd, const char *name)
{
    return row_of(cmd, name) != NULL;
}

/* A value the row takes: its default, else one valid for its option. */
static const char *good_value(const ccdb_cli_option *r)
{
    if (r->def)
        return r->def;
    switch (r->id) {
    case CCDB_OPT_INDEX: return "0";
    case CCDB_OPT_KIND:
    case CCDB_OPT_ONLY_KIND: return "vf";
    case CCDB_OPT_CHUNK:
    case CCDB_OPT_MIN_SEP: /* gen's sep_* families: > 0 */ return "1";
    default: return "x";
    }
}

/* Every cli/ source but the table's own compares no argument with an option name: a command
 * that did would accept an option the table does not list. (main.c's --help and --version
 * come before any command.) */
Test(options, no_command_parses_an_option_itself)
{
    static const char *const files[] = { "cli.c",     "cmd_compare.c", "cmd_data.c",
                                         "cmd_gen.c", "cmd_list.c",    "cmd_replay.c",
                                         "cmd_run.c", "cmd_truth.c",   "solver_list.c" };
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s/cli/%s", CCDB_SOURCE_DIR, files[f]);
        size_t len;
        char *text = ccdb_test_slurp(path, &len);
        cr_assert_not_null(text, "%s", path);
        int line = 1;
        for (char *p = text; *p; line++) {
            char *end = strchr(p, '\n');
            if (end)
                *end = '\0';
            int compares = strstr(p, "strcmp(") || strstr(p, "strncmp(");
            cr_assert(!(compares && strstr(p, "\"-")),
                      "%s:%d compares with an option name outside the option table: %s", path, line,
                      p);
            /* a default of the table spelt again as a string */
            for (size_t i = 0; i < ccdb_cli_option_count(); i++) {
                const ccdb_cli_option *r = ccdb_cli_option_at(i);
                char quoted[64];
                if (!r->def || strlen(r->def) < 2)
                    continue;
                snprintf(quoted, sizeof quoted, "\"%s\"", r->def);
                cr_assert(!strstr(p, quoted), "%s:%d repeats the default of %s: %s", path, line,
                          r->name, p);
            }
            p = end ? end + 1 : p + strlen(p);
        }
        free(text);
    }
}

/* One option, one default: the rows of one option (one per help text) never give two, and each
 * default is taken by the option's own parser. */
Test(options, one_default_per_option)
{
    const char *def[CCDB_OPT_COUNT_] = { 0 };
    for (size_t i = 0; i < ccdb_cli_option_count(); i++) {
        const ccdb_cli_option *r = ccdb_cli_option_at(i);
        cr_assert(r->commands && r->help && r->parse, "row %zu (%s) is incomplete", i, r->name);
        if (!r->def)
            continue;
        if (def[r->id])
            cr_assert_str_eq(r->def, def[r->id], "%s has two defaults", r->name);
        def[r->id] = r->def;
        for (size_t c = 0; c < N_COMMANDS; c++) {
            if (!(r->commands & commands[c]))
                continue;
            ccdb_cli_args a = ccdb_cli_defaults(commands[c]);
            cr_assert_eq(r->parse(ccdb_cli_cmd_name(commands[c]), r->def, &a), 0,
                         "the default '%s' of %s is refused by its parser", r->def, r->name);
        }
    }
    /* the solvers' parameters: the command line's defaults are the library's */
    const ccdb_params p = ccdb_params_default();
    for (size_t c = 0; c < 2; c++) { /* run, replay */
        ccdb_cli_args a = ccdb_cli_defaults(commands[c]);
        cr_assert_eq(a.params.delta, p.delta);
        cr_assert_eq(a.params.max_iterations, p.max_iterations);
        cr_assert_eq(a.params.min_separation, p.min_separation);
    }
    /* run and replay: one timeout (the issue found 300 s and 60 s) */
    cr_assert_eq(ccdb_cli_defaults(CCDB_CMD_RUN).timeout_s,
                 ccdb_cli_defaults(CCDB_CMD_REPLAY).timeout_s);
    cr_assert_eq(ccdb_cli_defaults(CCDB_CMD_RUN).timeout_s, 300);
}

/* Every option name of the table, given to every command: accepted exactly where a row says
 * so (an option of another command is an unknown option). */
Test(options, each_command_takes_its_rows_only, .init = cr_redirect_stderr)
{
    for (size_t c = 0; c < N_COMMANDS; c++)
        for (size_t i = 0; i < ccdb_cli_option_count(); i++) {
            const ccdb_cli_option *any = ccdb_cli_option_at(i),
                                  *own = row_of(commands[c], any->name);
            const ccdb_cli_option *r = own ? own : any;
            char *argv[] = { "cmd", (char *)any->name, (char *)good_value(r), NULL };
            ccdb_cli_args a = ccdb_cli_defaults(commands[c]);
            int rc = ccdb_cli_parse(commands[c], r->arg ? 3 : 2, argv, &a);
            cr_assert_eq(rc, own ? 0 : 2, "%s %s %s: %d", ccdb_cli_cmd_name(commands[c]), any->name,
                         r->arg ? argv[2] : "", rc);
            if (own && own->id != CCDB_OPT_HELP)
                cr_assert_eq(a.given[own->id], 1, "%s counted", own->name);
        }
}

Test(options, forms_and_repeats, .init = cr_redirect_stderr)
{
    char *argv[] = {
        "run", "--solvers=a,b",   "--plugin", "p.so", "--plugin=q.so", "--repeat=5", "-o", "dir",
        "--",  "--not-an-option", NULL
    };
    ccdb_cli_args a = ccdb_cli_defaults(CCDB_CMD_RUN);
    cr_assert_eq(ccdb_cli_parse(CCDB_CMD_RUN, 10, argv, &a), 0);
    cr_assert_str_eq(a.solvers, "a,b");
    cr_assert_eq(a.n_plugins, 2);
    cr_assert_str_eq(a.plugins[1], "q.so");
    cr_assert_eq(a.repeat, 5);
    cr_assert_str_eq(a.out, "dir");
    cr_assert_eq(a.n_pos, 1);
    cr_assert_str_eq(a.pos[0], "--not-an-option");

    char *twice[] = { "truth", "x.csv", "-o", "a.csv", "--output", "b.csv", NULL };
    a = ccdb_cli_defaults(CCDB_CMD_TRUTH);
    cr_assert_eq(ccdb_cli_parse(CCDB_CMD_TRUTH, 6, twice, &a), 2, "-o given twice");
    char *flag_value[] = { "run", "--no-cache=1", NULL };
    a = ccdb_cli_defaults(CCDB_CMD_RUN);
    cr_assert_eq(ccdb_cli_parse(CCDB_CMD_RUN, 2, flag_value, &a), 2, "a flag takes no value");
    char *bad[] = { "replay", "--max-iter", "0", NULL };
    a = ccdb_cli_defaults(CCDB_CMD_REPLAY);
    cr_assert_eq(ccdb_cli_parse(CCDB_CMD_REPLAY, 3, bad, &a), 2, "replay has run's bound");
}

/* Each command's --help holds the options section the table prints for it, and that section
 * names no option the command refuses. */
Test(options, help_is_the_table)
{
    for (size_t c = 0; c < N_COMMANDS; c++) {
        const char *name = ccdb_cli_cmd_name(commands[c]);
        char *want = NULL, cmd[600];
        size_t want_len = 0;
        FILE *m = open_memstream(&want, &want_len);
        cr_assert_not_null(m);
        ccdb_cli_print_options(m, commands[c]);
        fclose(m);
        snprintf(cmd, sizeof cmd, "%s %s --help", CCDBENCH, name);
        FILE *p = popen(cmd, "r");
        cr_assert_not_null(p);
        char got[32768];
        size_t n = fread(got, 1, sizeof got - 1, p);
        got[n] = '\0';
        cr_assert_eq(pclose(p), 0, "%s", cmd);
        cr_assert(strstr(got, want) != NULL, "%s --help lacks the table's options:\n%s", name,
                  want);
        for (char *line = strstr(want, "\n  -"); line; line = strstr(line + 1, "\n  -")) {
            char opt[64];
            cr_assert_eq(sscanf(line + 3, "%63[^ ,\n]", opt), 1);
            cr_assert(accepts(commands[c], opt), "%s --help shows %s", name, opt);
        }
        free(want);
    }
    /* a bound the help states, from the generators' constant */
    char *gen = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&gen, &len);
    ccdb_cli_print_options(m, CCDB_CMD_GEN);
    fclose(m);
    char bound[64];
    snprintf(bound, sizeof bound, "1..%zu", CCDB_GEN_MAX_COUNT);
    cr_assert(strstr(gen, bound) != NULL, "gen --help states --count's bound %s", bound);
    free(gen);
}
