/* test_cli_edges.c — `ccdbench run` at the edges issue 20 found: one file given several ways is
 * read once; timeouts below the clock's resolution; exact messages for --min-sep and
 * CCDB_PLUGIN_PATH; a solver's failed write to standard output. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_fixture.h"

TestSuite(cli_edges, .init = cli_setup, .fini = cli_teardown);

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* a/./b, a//b, a link to it, and the folder holding it: one dataset, the first spelling. */
Test(cli_edges, one_file_given_several_ways_is_read_once)
{
    char link[1100];
    snprintf(link, sizeof link, "%s/link.csv", cli_dir);
    cr_assert_eq(symlink(cli_data, link), 0);
    cr_assert_eq(cli_run("run --solvers null --repeat 1 --no-cache -o rep --data "
                         "scene/vertex-face/data.csv --data scene/./vertex-face/data.csv --data "
                         "scene//vertex-face/data.csv --data link.csv --data scene"),
                 0);
    char *csv = cli_captured("rep/summary.csv");
    cr_assert_eq(count(csv, ",all,"), 1, "one dataset, not five: %s", csv);
    cr_assert_eq(count(csv, "\nnull,scene/vertex-face/data.csv,vf,all,"), 1, "%s", csv);
    char *err = cli_captured("err.txt");
    cr_assert_eq(count(err, "is the same file as scene/vertex-face/data.csv: read once"), 4, "%s",
                 err);
    free(csv), free(err);
}
