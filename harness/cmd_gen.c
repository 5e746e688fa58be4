/* cmd_gen.c — `ccdbench gen`. Placeholder until its issue lands: refuses clearly. */
#include "ccdb_cli.h"

int ccdb_cmd_gen(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ccdbench gen: not implemented yet\n");
    return 2;
}
