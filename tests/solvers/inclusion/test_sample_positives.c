/* test_sample_positives.c — interval_univariate and tight_inclusion have zero false negatives on
 * the public sample queries' published positives (../shared/datasets/sample-queries; the test
 * skips when it is absent), and never report a TOI later than the exact one (the ground truth's
 * upper end toi_hi). Only the positives are run, to keep the test short. Files are read with
 * the project's strict CSV reader (ccdb_csv_read). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "ccdb_dataset.h"
#include "ccdb_test.h"
#include "ccdb_truth.h"
#include "inclusion_cases.h"

typedef struct pos_query {
    double q[8][3];
    int ee;
} pos_query;

/* Reads one CSV; appends its positive queries. Returns the number of queries read. */
static size_t read_positives(const char *path, int ee, pos_query **out, size_t *n, size_t *cap)
{
    ccdb_dataset ds;
    ccdb_csv_error err;
    int rc = ccdb_csv_read(path, ee ? CCDB_KIND_EE : CCDB_KIND_VF, NULL, &ds, &err);
    cr_assert_eq(rc, 0, "%s", err.message);
    for (size_t k = 0; k < ds.count; ++k) {
        if (!ds.label[k])
            continue;
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 64;
            *out = realloc(*out, *cap * sizeof **out);
            cr_assert_not_null(*out);
        }
        memcpy((*out)[*n].q, ds.q[k], sizeof(double[8][3]));
        (*out)[(*n)++].ee = ee;
    }
    size_t count = ds.count;
    ccdb_dataset_free(&ds);
    return count;
}

Test(sample_positives, no_false_negatives)
{
    const char *root = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    pos_query *pos = NULL;
    size_t n = 0, cap = 0, total = 0;
    DIR *d = opendir(root);
    cr_assert_not_null(d);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        for (int ee = 0; ee < 2; ++ee) {
            char sub[2048];
            snprintf(sub, sizeof sub, "%s/%s/%s", root, e->d_name,
                     ee ? "edge-edge" : "vertex-face");
            DIR *dd = opendir(sub);
            if (!dd)
                continue;
            struct dirent *f;
            while ((f = readdir(dd))) {
                size_t l = strlen(f->d_name);
                if (l < 5 || strcmp(f->d_name + l - 4, ".csv") != 0)
                    continue;
                char path[4200];
                snprintf(path, sizeof path, "%s/%s", sub, f->d_name);
                total += read_positives(path, ee, &pos, &n, &cap);
            }
            closedir(dd);
        }
    }
    closedir(d);
    cr_assert_gt(total, 0, "no sample queries read from %s", root);
    cr_assert_gt(n, 0, "no published positives in %s", root);
    cr_log_info("%zu queries, %zu published positives", total, n);
    /* The exact TOI bracket of every published positive. */
    ccdb_truth *truth = ccdb_truth_new();
    cr_assert_not_null(truth);
    double *toi_hi = calloc(n, sizeof *toi_hi);
    cr_assert_not_null(toi_hi);
    for (size_t k = 0; k < n; ++k) {
        ccdb_truth_result tr;
        const double(*qq)[3] = (const double(*)[3])pos[k].q;
        if (pos[k].ee)
            ccdb_truth_ee(truth, qq, &tr);
        else
            ccdb_truth_vf(truth, qq, &tr);
        cr_assert(tr.hit, "published positive #%zu is not a hit for the exact truth", k);
        toi_hi[k] = tr.toi_hi;
    }
    ccdb_truth_free(truth);
    ccdb_params p = ccdb_params_default();
    static const char *const names[] = { "interval_univariate", "tight_inclusion" };
    for (int s = 0; s < 2; ++s) {
        const ccdb_solver *sol = find_solver(names[s]);
        void *state = sol->create ? sol->create(&p) : NULL;
        size_t fn = 0;
        for (size_t k = 0; k < n; ++k) {
            ccdb_result r;
            (pos[k].ee ? sol->edge_edge : sol->vertex_face)(state, (const double(*)[3])pos[k].q, &p,
                                                            &r);
            assert_well_formed(&r, sol->name);
            if (!is_hit(&r))
                ++fn;
            else
                cr_assert(r.toi <= toi_hi[k], "%s: positive #%zu: toi %.17g later than exact %.17g",
                          sol->name, k, r.toi, toi_hi[k]);
        }
        if (sol->destroy)
            sol->destroy(state);
        cr_assert_eq(fn, 0, "%s: %zu false negatives on %zu published positives", sol->name, fn, n);
    }
    free(toi_hi);
    free(pos);
}
