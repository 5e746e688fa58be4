/* testplugin_always_miss.c — test plugin: answers MISS to every query (a solver with every
 * collision a false negative, for the harness's FN paths). */
#include "testplugin.h"

/* The conservative claim is false: for the harness to catch. */
TESTPLUGIN_ENTRY("testplugin_always_miss", "test plugin: answers miss to every query",
                 CCDB_CLAIM_CONSERVATIVE, testplugin_miss, testplugin_miss)
