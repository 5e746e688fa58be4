/* testplugin_dup_name.c — test plugin: a solver named "null", like a built-in. Must be refused. */
#include "testplugin.h"

TESTPLUGIN_ENTRY("null", "duplicate of the built-in", 0, testplugin_miss, testplugin_miss)
