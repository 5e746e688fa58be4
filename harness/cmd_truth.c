/* cmd_truth.c — `ccdbench truth`. Placeholder until its issue lands: refuses clearly. */
#include "ccdb_cli.h"

int ccdb_cmd_truth(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ccdbench truth: not implemented yet\n");
    return 2;
}
