/* cmd_replay.c — `ccdbench replay`. Placeholder until its issue lands: refuses clearly. */
#include "ccdb_cli.h"

int ccdb_cmd_replay(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "ccdbench replay: not implemented yet\n");
    return 2;
}
