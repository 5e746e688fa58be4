/* test_gen_set.c — `ccdbench gen --set DIR`: the public folder layout in files of --per-file
 * queries, 30% vertex-face without --kind, the same bytes for the same seed, each file labelled
 * with the exact truth; and the simulation family's mix (mostly misses, some hits). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_util.h"

#include "cli_fixture.h"

TestSuite(gen_set, .init = cli_setup, .fini = cli_teardown);

/* Reads DIR/simulation/<folder>/<NNNNNN>.csv; returns its query count (-1: absent) and adds its
 * hits (truth column). */
static long count_file(const char *set, const char *folder, int f, long *hits)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/simulation/%s/%06d.csv", cli_dir, set, folder, f);
    FILE *probe = fopen(path, "r");
    if (!probe)
        return -1;
    fclose(probe);
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_VF, NULL, &ds, &err), 0, "%s", err.message);
    for (size_t i = 0; i < ds.count; i++)
        *hits += ds.label[i];
    long n = (long)ds.count;
    ccdb_dataset_free(&ds);
    return n;
}

Test(gen_set, layout_split_and_determinism)
{
    cr_assert_eq(cli_run("gen --family simulation --set a --count 5000 --per-file 1000"), 0);
    cr_assert_eq(cli_run("gen --family simulation --set b --count 5000 --per-file 1000"), 0);
    cr_assert_eq(cli_run("gen --family simulation --set c --count 5000 --per-file 1000 --seed 2"),
                 0);
    /* 1500 vertex-face in 1000 + 500, 3500 edge-edge in 1000 x 3 + 500. */
    long hits = 0;
    cr_assert_eq(count_file("a", "vertex-face", 0, &hits), 1000);
    cr_assert_eq(count_file("a", "vertex-face", 1, &hits), 500);
    cr_assert_eq(count_file("a", "vertex-face", 2, &hits), -1);
    for (int f = 0; f < 3; f++)
        cr_assert_eq(count_file("a", "edge-edge", f, &hits), 1000);
    cr_assert_eq(count_file("a", "edge-edge", 3, &hits), 500);
    cr_assert_eq(count_file("a", "edge-edge", 4, &hits), -1);
    /* Mostly misses, some hits (about 3% random-family hits + half of 3% degenerate cases). */
    cr_assert(hits > 5000 / 100 && hits < 5000 / 10, "%ld hits of 5000", hits);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "diff -r '%s/a' '%s/b' >/dev/null", cli_dir, cli_dir);
    cr_assert_eq(system(cmd), 0, "same seed, different bytes");
    snprintf(cmd, sizeof cmd, "diff -r '%s/a' '%s/c' >/dev/null", cli_dir, cli_dir);
    cr_assert_neq(system(cmd), 0, "another seed, the same bytes");
}

Test(gen_set, one_kind_and_bad_usage)
{
    cr_assert_eq(cli_run("gen --family simulation --set e --kind ee --count 10"), 0);
    long hits = 0;
    cr_assert_eq(count_file("e", "edge-edge", 0, &hits), 10);
    cr_assert_eq(count_file("e", "vertex-face", 0, &hits), -1);
    cr_assert_eq(cli_run("gen --family simulation --set x -o y.csv --kind vf"), 2);
    cr_assert_eq(cli_run("gen --family simulation --set x --per-file 0"), 2);
    cr_assert_eq(cli_run("gen --family parallel_edges --set x --kind vf"), 2);
    cr_assert_eq(cli_run("gen --family simulation --kind vf --count 10000001 -o y.csv"), 2,
                 "more than one file holds: --set");
}
