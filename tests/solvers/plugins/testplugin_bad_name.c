/* testplugin_bad_name.c — test plugin: a solver named "Bad-Name" (names are [a-z0-9_]+).
 * Must be refused. */
#include "testplugin.h"

TESTPLUGIN_ENTRY("Bad-Name", "bad name", 0, testplugin_miss, testplugin_miss)
