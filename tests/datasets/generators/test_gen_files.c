/* test_gen_files.c — `ccdbench gen` (through ccdb_cmd_gen), CSV round trips of generated sets,
 * and the built-in suite with its truth from the truth cache. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_cli.h"
#include "ccdb_generators.h"
#include "ccdb_input.h"
#include "ccdb_truth_cache.h"
#include "ccdb_suite.h"
#include "ccdb_test_fixtures.h"

static char tmpdir[64];

static void make_tmp(void)
{
    ccdb_test_mkdtemp(tmpdir, sizeof tmpdir, "gen-test");
}

static void rm_tree(void)
{
    ccdb_test_rmtree(tmpdir);
}

static int run_gen(int argc, const char **argv)
{
    return ccdb_cmd_gen(argc, (char **)argv);
}

static void quiet(void)
{
    cr_redirect_stderr();
    cr_redirect_stdout();
}

/* Every family and kind: the labelled set written and read back is identical. */
Test(gen_files, every_written_file_reads_back, .init = quiet)
{
    make_tmp();
    for (size_t f = 0; f < ccdb_gen_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(f);
        for (int k = 0; k < CCDB_KIND_COUNT; k++) {
            if (!((fam->kinds >> k) & 1u))
                continue;
            ccdb_dataset ds, back;
            ccdb_gen_intent *in;
            char err[512], path[256];
            cr_assert_eq(ccdb_generate(fam->name, (ccdb_kind)k, 150, 5, &ds, &in, err, sizeof err),
                         0);
            cr_assert_eq(ccdb_gen_label(&ds, in, err, sizeof err), 0, "%s", err);
            snprintf(path, sizeof path, "%s/%s-%d.csv", tmpdir, fam->name, k);
            ccdb_csv_error ce;
            cr_assert_eq(ccdb_csv_write(path, &ds, &ce), 0, "%s", ce.message);
            cr_assert_eq(ccdb_csv_read(path, (ccdb_kind)k, NULL, &back, &ce), 0, "%s", ce.message);
            cr_assert_eq(back.count, ds.count);
            cr_assert_eq(back.rounded_values, 0);
            cr_assert_eq(memcmp(back.q, ds.q, ds.count * sizeof *ds.q), 0, "%s: q changed", path);
            cr_assert_eq(memcmp(back.label, ds.label, ds.count), 0, "%s: labels changed", path);
            ccdb_dataset_free(&back);
            ccdb_dataset_free(&ds);
            free(in);
        }
    }
    rm_tree();
}

Test(gen_files, cli_writes_same_bytes_twice, .init = quiet)
{
    make_tmp();
    char a[128], b[128];
    snprintf(a, sizeof a, "%s/a.csv", tmpdir);
    snprintf(b, sizeof b, "%s/b.csv", tmpdir);
    const char *args_a[] = { "gen", "--family", "multi_root", "--kind", "ee", "--count",
                             "64",  "--seed",   "0x2a",       "-o",     a };
    const char *args_b[] = { "gen",      "-o",         b,         "--seed", "42", "--kind", "ee",
                             "--family", "multi_root", "--count", "64" };
    cr_assert_eq(run_gen(11, args_a), 0);
    cr_assert_eq(run_gen(11, args_b), 0);
    size_t la, lb;
    char *ta = ccdb_test_slurp(a, &la), *tb = ccdb_test_slurp(b, &lb);
    cr_assert_eq(la, lb);
    cr_assert_eq(memcmp(ta, tb, la), 0, "same seed, different bytes");
    free(ta);
    free(tb);

    /* The file holds exactly the generated queries, labelled with the intended (= exact) hit. */
    ccdb_dataset ds, gen;
    ccdb_gen_intent *in;
    ccdb_csv_error ce;
    char err[256];
    cr_assert_eq(ccdb_csv_read(a, CCDB_KIND_EE, NULL, &ds, &ce), 0, "%s", ce.message);
    cr_assert_eq(ccdb_generate("multi_root", CCDB_KIND_EE, 64, 42, &gen, &in, err, sizeof err), 0);
    cr_assert_eq(memcmp(ds.q, gen.q, 64 * sizeof *gen.q), 0);
    for (size_t i = 0; i < 64; i++)
        cr_assert_eq(ds.label[i], in[i].hit);
    ccdb_dataset_free(&ds);
    ccdb_dataset_free(&gen);
    free(in);
    rm_tree();
}

Test(gen_files, cli_bad_usage_exits_2, .init = quiet)
{
    const char *o = "/tmp/ccdb-gen-never-written.csv";
    const char *cases[][12] = {
        { "gen", NULL },
        { "gen", "--kind", "vf", "-o", o, NULL },
        { "gen", "--family", "nope", "--kind", "vf", "-o", o, NULL },
        { "gen", "--family", "grazing", "--kind", "xx", "-o", o, NULL },
        { "gen", "--family", "grazing", "-o", o, NULL },
        { "gen", "--family", "parallel_edges", "--kind", "vf", "-o", o, NULL },
        { "gen", "--family", "grazing", "--kind", "vf", "--count", "0", "-o", o, NULL },
        { "gen", "--family", "grazing", "--kind", "vf", "--count", "12x", "-o", o, NULL },
        { "gen", "--family", "grazing", "--kind", "vf", "--seed", "-1", "-o", o, NULL },
        { "gen", "--family", "grazing", "--kind", "vf", NULL },
        { "gen", "--family", "grazing", "--kind", "vf", "-o", o, "--bogus", NULL },
        { "gen", "--family", "grazing", "--kind", "vf", "--count", NULL },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int argc = 0;
        while (cases[c][argc])
            argc++;
        cr_assert_eq(run_gen(argc, cases[c]), 2, "case %zu", c);
    }
    cr_assert_eq(access(o, F_OK), -1, "a file was written on bad usage");
    const char *list[] = { "gen", "--list" };
    cr_assert_eq(run_gen(2, list), 0);
    const char *help[] = { "gen", "--help" };
    cr_assert_eq(run_gen(2, help), 0);
}

/* Generates the suite and gets its truth through the truth cache in dir (NULL: no cache). */
static ccdb_input *suite(const char *dir, size_t *n)
{
    ccdb_input *in;
    char err[1024];
    cr_assert_eq(ccdb_suite_inputs(&in, n, err, sizeof err), 0, "%s", err);
    cr_assert_eq(*n, ccdb_suite_count());
    for (size_t i = 0; i < *n; i++) {
        cr_assert_not_null(in[i].intent, "%s", in[i].ds.name);
        cr_assert_null(in[i].truth);
        cr_assert_eq(ccdb_truth_for_input(&in[i], dir, 0, 2, err, sizeof err), 0, "%s", err);
    }
    return in;
}

static void suite_free(ccdb_input *in, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ccdb_input_free(&in[i]);
    free(in);
}

Test(gen_files, suite_composition_and_truth_cache, .init = quiet)
{
    make_tmp();
    size_t n1, n2, n3, total = 0;
    ccdb_input *s1 = suite(tmpdir, &n1);
    /* Every family in every kind it supports, with both answers; but `simulation`, a mix of the
     * others for large generated sets (gen --set), which would add nothing to the suite, and
     * `rigid_random`, generic rigid queries for timing, and `sweep_random`, generic sweeps
     * (docs/datasets.md, docs/sweep.md). */
    for (size_t f = 0; f < ccdb_gen_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(f);
        if (!strcmp(fam->name, "simulation") || !strcmp(fam->name, "rigid_random") ||
            !strcmp(fam->name, "sweep_random"))
            continue;
        for (int k = 0; k < CCDB_KIND_COUNT; k++) {
            if (!((fam->kinds >> k) & 1u))
                continue;
            int found = 0;
            for (size_t i = 0; i < n1; i++)
                if (!strcmp(s1[i].family, fam->name) && s1[i].ds.kind == (ccdb_kind)k)
                    found++;
            cr_assert_eq(found, 1, "%s/%d in the suite %d times", fam->name, k, found);
        }
    }
    for (size_t i = 0; i < n1; i++) {
        size_t hits = 0;
        for (size_t q = 0; q < s1[i].ds.count; q++) {
            hits += s1[i].ds.label[q];
            cr_assert_eq(s1[i].ds.label[q], s1[i].truth[q].hit, "labels are the exact truth");
        }
        cr_assert(hits > 0 && hits < s1[i].ds.count, "%s", s1[i].ds.name);
        cr_assert_eq(s1[i].truth_cached, 0);
        total += s1[i].ds.count;
    }
    cr_assert(total >= 2000 && total <= 12000, "suite has %zu queries", total);

    /* Second run: the same queries, every truth from the cache, identical. */
    ccdb_input *s2 = suite(tmpdir, &n2);
    for (size_t i = 0; i < n2; i++) {
        cr_assert_eq(s2[i].truth_cached, 1, "%s", s2[i].ds.name);
        cr_assert_eq(memcmp(s1[i].ds.q, s2[i].ds.q, s1[i].ds.count * sizeof *s1[i].ds.q), 0);
        cr_assert_eq(memcmp(s1[i].ds.label, s2[i].ds.label, s1[i].ds.count), 0);
    }

    /* Corrupt one cached entry (a payload byte) and delete another: both rebuilt, the rest
     * still from the cache, the labels the same. */
    unsigned char key[32];
    char path[4200];
    ccdb_truth_cache_key(&s2[0].ds, 0, key);
    ccdb_truth_cache_path(tmpdir, key, path, sizeof path);
    FILE *f = fopen(path, "r+b");
    cr_assert_not_null(f, "%s", path);
    fseek(f, -2, SEEK_END);
    fputc(0x5a, f);
    fclose(f);
    ccdb_truth_cache_key(&s2[1].ds, 0, key);
    ccdb_truth_cache_path(tmpdir, key, path, sizeof path);
    cr_assert_eq(remove(path), 0);
    ccdb_input *s3 = suite(tmpdir, &n3);
    cr_assert_eq(s3[0].truth_cached, 0);
    cr_assert_eq(s3[1].truth_cached, 0);
    cr_assert_eq(s3[2].truth_cached, 1);
    for (size_t i = 0; i < n3; i++)
        cr_assert_eq(memcmp(s1[i].ds.label, s3[i].ds.label, s1[i].ds.count), 0);

    /* A well-formed entry whose truth contradicts the generator's intent (one miss turned into
     * a hit) is refused by the intent check, naming the dataset and query. */
    size_t miss = 0;
    while (s3[2].truth[miss].hit)
        miss++;
    ccdb_truth_result *forged = malloc(s3[2].ds.count * sizeof *forged);
    memcpy(forged, s3[2].truth, s3[2].ds.count * sizeof *forged);
    forged[miss].hit = 1;
    forged[miss].toi_lo = forged[miss].toi_hi = 0.5;
    char why[4400], err[1024] = "", want[256];
    ccdb_truth_cache_key(&s3[2].ds, 0, key);
    cr_assert_eq(ccdb_truth_cache_store(tmpdir, key, s3[2].ds.count, forged, why, sizeof why), 0,
                 "%s", why);
    cr_assert_eq(ccdb_truth_for_input(&s3[2], tmpdir, 0, 1, err, sizeof err), -1);
    cr_assert_eq(s3[2].truth_cached, 1);
    snprintf(want, sizeof want, "%s: query %zu: the generator built a miss", s3[2].ds.name, miss);
    cr_assert_not_null(strstr(err, want), "%s", err);
    free(forged);

    /* Without a cache: the same labels. */
    size_t n4;
    ccdb_input *s4 = suite(NULL, &n4);
    for (size_t i = 0; i < n4; i++) {
        cr_assert_eq(s4[i].truth_cached, 0);
        cr_assert_eq(memcmp(s1[i].ds.label, s4[i].ds.label, s1[i].ds.count), 0);
    }
    suite_free(s1, n1);
    suite_free(s2, n2);
    suite_free(s3, n3);
    suite_free(s4, n4);
    rm_tree();
}
