/* test_sample_labels.c — the exact ground truth against the published labels of the public
 * sample queries (../shared/datasets/sample-queries/<scene>/{vertex-face,edge-edge}/data_N.csv).
 * Every disagreement must be listed below and explained in docs/ground-truth-disagreements.md.
 * Runs in checking mode (both decision methods, open-interval samples asserted). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_test.h"
#include "ccdb_truth.h"
#include "gt_test_util.h"

/* Explained disagreements: (scene/kind/file, query index). None so far. */
static const struct {
    const char *file;
    long index;
} explained[] = { { NULL, -1 } };

static int is_explained(const char *file, long index)
{
    for (size_t i = 0; i < sizeof explained / sizeof explained[0]; i++)
        if (explained[i].file && strstr(file, explained[i].file) && explained[i].index == index)
            return 1;
    return 0;
}

Test(sample_labels, agree_with_published_labels)
{
    const char *root = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    ccdb_truth *t = ccdb_truth_new(), *fast = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    ccdb_truth_set_filters(t, 0);
    ccdb_truth_set_checking(fast, 0);
    long total = 0, hits = 0, agree = 0, files = 0, filtered = 0;
    DIR *scenes = opendir(root);
    cr_assert_not_null(scenes);
    struct dirent *sc;
    while ((sc = readdir(scenes))) {
        if (sc->d_name[0] == '.')
            continue;
        for (int ee = 0; ee < 2; ee++) {
            char dir[1024];
            snprintf(dir, sizeof dir, "%s/%s/%s", root, sc->d_name,
                     ee ? "edge-edge" : "vertex-face");
            DIR *d = opendir(dir);
            if (!d)
                continue;
            struct dirent *f;
            while ((f = readdir(d))) {
                size_t len = strlen(f->d_name);
                if (len < 4 || strcmp(f->d_name + len - 4, ".csv") != 0)
                    continue;
                char path[2048];
                snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
                ccdb_dataset ds;
                ccdb_csv_error err;
                int rc = ccdb_csv_read(path, ee ? CCDB_KIND_EE : CCDB_KIND_VF, NULL, &ds, &err);
                cr_assert_eq(rc, 0, "cannot read %s: %s", path, err.message);
                cr_assert_eq(ds.rounded_values, 0);
                double(*q)[8][3] = ds.q;
                const unsigned char *label = ds.label;
                long n = (long)ds.count;
                files++;
                for (long i = 0; i < n; i++) {
                    ccdb_truth_result r;
                    gt_run(t, ee, (const double(*)[3])q[i], &r);
                    total++;
                    hits += r.hit;
                    if (r.hit == label[i]) {
                        agree++;
                    } else {
                        cr_expect(is_explained(path, i),
                                  "%s query %ld: truth says %d, published label %d (TOI [%.17g, "
                                  "%.17g], class %s)",
                                  path, i, r.hit, label[i], r.toi_lo, r.toi_hi,
                                  ccdb_truth_class_name(r.cls));
                    }
                    if (r.hit)
                        cr_expect(gt_tight(&r), "%s query %ld: bracket not tight", path, i);
                    /* with filters (and the cheap miss classification): same answer */
                    ccdb_truth_result r2;
                    gt_run(fast, ee, (const double(*)[3])q[i], &r2);
                    cr_expect(r2.hit == r.hit && r2.flags == r.flags &&
                                  (!r.hit || (r2.toi_lo == r.toi_lo && r2.toi_hi == r.toi_hi)),
                              "%s query %ld: filtered result differs", path, i);
                    filtered += r2.stage != CCDB_STAGE_EXACT;
                }
                ccdb_dataset_free(&ds);
            }
            closedir(d);
        }
    }
    closedir(scenes);
    ccdb_truth_free(t);
    ccdb_truth_free(fast);
    cr_log_info(
        "%ld files, %ld queries, %ld hits, %ld agree with the labels, %ld decided by filters",
        files, total, hits, agree, filtered);
    cr_assert_gt(total, 0, "no sample query found under %s", root);
}
