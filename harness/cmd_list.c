/* cmd_list.c — `ccdbench list`. Placeholder until its issue lands: refuses clearly. */
#include "ccdb_cli.h"

int ccdb_cmd_list(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ccdbench list: not implemented yet\n");
    return 2;
}
