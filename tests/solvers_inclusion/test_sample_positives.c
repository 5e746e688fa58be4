/* test_sample_positives.c — interval_univariate and tight_inclusion have zero false negatives on
 * the public sample queries' published positives (../shared/datasets/sample-queries; the test
 * skips when it is absent). Only the positives are run, to keep the test short. A private
 * strict parser (GMP) reads the CSVs: every value must be exactly a double. */
#include <dirent.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "inclusion_cases.h"

#define SAMPLE_DIR CCDB_SHARED_DIR "/datasets/sample-queries"

typedef struct pos_query {
    double q[8][3];
    int ee;
} pos_query;

/* Reads one CSV; appends its positive queries. Returns the number of queries read. */
static size_t read_positives(const char *path, int ee, pos_query **out, size_t *n, size_t *cap)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "cannot open %s", path);
    char line[4096];
    size_t lineno = 0, queries = 0;
    int row = 0, label = 0;
    pos_query cur;
    mpq_t r, back;
    mpq_init(r);
    mpq_init(back);
    while (fgets(line, sizeof line, f)) {
        ++lineno;
        char *fields[7];
        int nf = 0;
        char *save = NULL;
        for (char *tok = strtok_r(line, ",\r\n", &save); tok; tok = strtok_r(NULL, ",\r\n", &save))
            if (nf++ < 7)
                fields[nf - 1] = tok;
        cr_assert_eq(nf, 7, "%s:%zu: expected 7 columns", path, lineno);
        for (int i = 0; i < 3; ++i) {
            char s[2048];
            snprintf(s, sizeof s, "%s/%s", fields[2 * i], fields[2 * i + 1]);
            cr_assert_eq(mpq_set_str(r, s, 10), 0, "%s:%zu: bad rational", path, lineno);
            cr_assert_neq(mpz_sgn(mpq_denref(r)), 0, "%s:%zu: zero denominator", path, lineno);
            mpq_canonicalize(r);
            double x = mpq_get_d(r);
            mpq_set_d(back, x);
            cr_assert(mpq_equal(back, r), "%s:%zu: not exactly a double", path, lineno);
            cur.q[row][i] = x;
        }
        int t = atoi(fields[6]);
        cr_assert(t == 0 || t == 1, "%s:%zu: truth must be 0 or 1", path, lineno);
        if (row == 0)
            label = t;
        cr_assert_eq(t, label, "%s:%zu: rows of a query disagree on truth", path, lineno);
        if (++row == 8) {
            row = 0;
            ++queries;
            if (label) {
                if (*n == *cap) {
                    *cap = *cap ? 2 * *cap : 64;
                    *out = realloc(*out, *cap * sizeof **out);
                    cr_assert_not_null(*out);
                }
                cur.ee = ee;
                (*out)[(*n)++] = cur;
            }
        }
    }
    cr_assert_eq(row, 0, "%s: row count is not a multiple of 8", path);
    mpq_clear(r);
    mpq_clear(back);
    fclose(f);
    return queries;
}

Test(sample_positives, no_false_negatives, .timeout = 600)
{
    struct stat st;
    if (stat(SAMPLE_DIR, &st) != 0)
        cr_skip_test("sample queries not found at %s (../shared absent): skipped", SAMPLE_DIR);
    pos_query *pos = NULL;
    size_t n = 0, cap = 0, total = 0;
    DIR *d = opendir(SAMPLE_DIR);
    cr_assert_not_null(d);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        for (int ee = 0; ee < 2; ++ee) {
            char sub[2048];
            snprintf(sub, sizeof sub, "%s/%s/%s", SAMPLE_DIR, e->d_name,
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
    cr_assert_gt(total, 0, "no sample queries read from %s", SAMPLE_DIR);
    cr_assert_gt(n, 0, "no published positives in %s", SAMPLE_DIR);
    cr_log_info("%zu queries, %zu published positives", total, n);
    ccdb_params p = ccdb_params_default();
    static const char *const names[] = { "interval_univariate", "tight_inclusion" };
    for (int s = 0; s < 2; ++s) {
        const ccdb_solver *sol = find_solver(names[s]);
        void *state = sol->create ? sol->create(&p) : NULL;
        size_t fn = 0;
        for (size_t k = 0; k < n; ++k) {
            ccdb_result r;
            (pos[k].ee ? sol->edge_edge : sol->vertex_face)(state, (const double (*)[3])pos[k].q,
                                                          &p, &r);
            assert_well_formed(&r, sol->name);
            if (!is_hit(&r))
                ++fn;
        }
        if (sol->destroy)
            sol->destroy(state);
        cr_assert_eq(fn, 0, "%s: %zu false negatives on %zu published positives", sol->name, fn, n);
    }
    free(pos);
}
