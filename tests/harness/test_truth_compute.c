/* test_truth_compute.c — the exact truth of a whole dataset: split over threads it gives the
 * same results as on one thread, and ccdb_truth_for_input stores, reuses and rebuilds the cache. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_input.h"
#include "ccdb_truth_cache.h"
#include "ccdb_test_fixtures.h"

/* EE queries: edge a from (0,0,z0)-(1,0,z0) moving to z1, edge b fixed along y at x = s. */
static void make(ccdb_dataset *ds, size_t n)
{
    cr_assert_eq(ccdb_dataset_init(ds, "ee-lines", CCDB_KIND_EE, n), 0);
    for (size_t i = 0; i < n; i++) {
        double s = (double)(i % 7) / 4 - 0.25;         /* some outside [0,1]: misses */
        double z0 = 1, z1 = (double)(i % 5) / 2 - 1.0; /* some never reach z = 0 */
        double q[8][3] = { { 0, 0, z0 }, { 1, 0, z0 }, { s, -1, 0 }, { s, 1, 0 },
                           { 0, 0, z1 }, { 1, 0, z1 }, { s, -1, 0 }, { s, 1, 0 } };
        memcpy(ds->q[i], q, sizeof q);
    }
}

Test(truth_compute, threads_agree_with_one_thread)
{
    ccdb_dataset ds;
    make(&ds, 70);
    ccdb_truth_result *one = calloc(ds.count, sizeof *one),
                      *three = calloc(ds.count, sizeof *three);
    cr_assert_eq(ccdb_truth_compute(&ds, 1, one), 0);
    cr_assert_eq(ccdb_truth_compute(&ds, 3, three), 0);
    int hits = 0, misses = 0;
    for (size_t i = 0; i < ds.count; i++) {
        cr_assert_eq(one[i].hit, three[i].hit, "query %zu", i);
        cr_assert_eq(one[i].cls, three[i].cls);
        if (one[i].hit) {
            hits++;
            cr_assert_eq(one[i].toi_lo, three[i].toi_lo);
            cr_assert_eq(one[i].toi_hi, three[i].toi_hi);
        } else {
            misses++;
        }
    }
    cr_assert(hits > 0 && misses > 0, "the data has both answers (%d hits, %d misses)", hits,
              misses);
    free(one);
    free(three);
    ccdb_dataset_free(&ds);
}

/* Field by field (struct padding is not part of the result). */
static void same(const ccdb_truth_result *a, const ccdb_truth_result *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(a[i].hit, b[i].hit, "query %zu", i);
        cr_assert_eq(a[i].cls, b[i].cls, "query %zu", i);
        cr_assert_eq(a[i].flags, b[i].flags, "query %zu", i);
        cr_assert_eq(a[i].stage, b[i].stage, "query %zu", i);
        if (a[i].hit) {
            cr_assert_eq(a[i].toi_lo, b[i].toi_lo, "query %zu", i);
            cr_assert_eq(a[i].toi_hi, b[i].toi_hi, "query %zu", i);
        }
    }
}

Test(truth_compute, for_input_stores_reuses_and_rebuilds)
{
    char dir[256], err[512] = "";
    ccdb_test_mkdtemp(dir, sizeof dir, "test-tc");
    ccdb_input in = { 0 };
    make(&in.ds, 20);
    cr_assert_eq(ccdb_truth_for_input(&in, dir, 0, 2, err, sizeof err), 0);
    cr_assert_eq(in.truth_cached, 0, "first time: computed");
    ccdb_truth_result *first = malloc(20 * sizeof *first);
    memcpy(first, in.truth, 20 * sizeof *first);
    cr_assert_eq(ccdb_truth_for_input(&in, dir, 0, 1, err, sizeof err), 0);
    cr_assert_eq(in.truth_cached, 1, "second time: from the cache");
    same(first, in.truth, 20);
    /* A different rounding flag is another key: computed again. */
    cr_assert_eq(ccdb_truth_for_input(&in, dir, 1, 1, err, sizeof err), 0);
    cr_assert_eq(in.truth_cached, 0);
    /* Corrupt the first entry's payload: rejected, rebuilt, then valid again. */
    unsigned char key[32];
    char path[1024];
    ccdb_truth_cache_key(&in.ds, 0, key);
    ccdb_truth_cache_path(dir, key, path, sizeof path);
    FILE *f = fopen(path, "r+b");
    cr_assert_not_null(f);
    fseek(f, 72 + 3, SEEK_SET);
    fputc(0xee, f);
    fclose(f);
    cr_assert_eq(ccdb_truth_for_input(&in, dir, 0, 1, err, sizeof err), 0);
    cr_assert_eq(in.truth_cached, 0, "corrupt entry not trusted");
    same(first, in.truth, 20);
    cr_assert_eq(ccdb_truth_for_input(&in, dir, 0, 1, err, sizeof err), 0);
    cr_assert_eq(in.truth_cached, 1, "rebuilt entry valid");
    free(first);
    ccdb_input_free(&in);
    ccdb_test_rmtree(dir);
}
