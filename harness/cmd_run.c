/* cmd_run.c — `ccdbench run`. Placeholder until its issue lands: refuses clearly. */
#include "ccdb_cli.h"

int ccdb_cmd_run(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ccdbench run: not implemented yet\n");
    return 2;
}
