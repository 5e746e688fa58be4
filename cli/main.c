/* main.c — ccdbench entry point: dispatches to one subcommand, then makes sure what it printed
 * on stdout was written. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_build_info.h"
#include "ccdb_cli.h"
#include "ccdb_solver.h"
#include "ccdb_truth.h"
#include "ccdb_util.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    { "list", ccdb_cmd_list },       { "gen", ccdb_cmd_gen },       { "truth", ccdb_cmd_truth },
    { "run", ccdb_cmd_run },         { "replay", ccdb_cmd_replay }, { "data", ccdb_cmd_data },
    { "compare", ccdb_cmd_compare },
};

static void print_version(void)
{
    printf("ccdbench %s (git %s)\n", CCDB_VERSION_STRING, CCDB_GIT_REVISION);
    printf("build: %s, %s, flags: %s%s\n", CCDB_BUILD_TYPE, CCDB_C_COMPILER, CCDB_C_FLAGS,
           CCDB_SANITIZED ? " [sanitizer build]" : "");
    printf("libraries: %s\n", ccdb_truth_library_versions());
    printf("solver ABI: %d, ground truth version: %d\n", CCDB_SOLVER_ABI, CCDB_TRUTH_VERSION);
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return ccdb_cli_bad_usage(NULL, "missing command");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        ccdb_cli_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        print_version();
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    return ccdb_cli_bad_usage(NULL, "unknown command '%s'", argv[1]);
}

int main(int argc, char **argv)
{
    /* Before any thread or temporary exists: SIGINT, SIGTERM, SIGHUP remove the run's
     * temporaries and end it with the signal; SIGXFSZ is ignored (a write error instead). */
    ccdb_signals_install();
    int rc = dispatch(argc, argv);
    /* Output lost on the way (a full disk, /dev/full, a closed descriptor) is a failure, never
     * a silent exit 0: stdout is flushed here and any write error reported. */
    int failed_before = ferror(stdout) != 0;
    errno = 0;
    if (fflush(stdout) != 0 || failed_before) {
        int e = errno;
        /* The write that failed happened earlier (stdio flushed a full buffer) and its errno is
         * gone: one more byte finds out why (the output is incomplete anyway). */
        if (!e && write(fileno(stdout), "\n", 1) < 0)
            e = errno;
        fprintf(stderr, "ccdbench: cannot write to standard output: %s\n", strerror(e ? e : EIO));
        return 2;
    }
    return rc;
}
