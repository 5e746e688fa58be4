/* testplugin_no_function.c — test plugin: a solver without an edge_edge function. Must be
 * refused. */
#include "testplugin.h"

TESTPLUGIN_ENTRY("testplugin_no_function", "no edge_edge", 0, testplugin_miss, 0)
