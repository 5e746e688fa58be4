/* test_sample_data.c — every solver that claims to be conservative has no false negative on the
 * public sample queries (../shared/datasets/sample-queries, with their published exact labels)
 * and never reports a TOI after the exact one (ccdb_truth's bracket), and every solver answers
 * them well-formed. Skipped, saying so, when ../shared is absent.
 * The CSV is read here with GMP directly (strictly: 7 integer columns, 8 rows per query, values
 * that are exactly doubles), so this test depends on no other module's reader. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ccdb_registry.h"
#include "ccdb_truth.h"
#include "solver_cases.h"

#define SAMPLE_DIR CCDB_SHARED_DIR "/datasets/sample-queries"

typedef struct sample {
    double q[8][3];
    int label;
    int vf;
    char where[96]; /* file:line of the query's first row */
} sample;

typedef struct sample_set {
    sample *s;
    size_t n, cap;
} sample_set;

/* Reads one file; every malformed line fails the test (the data is the published benchmark). */
static void read_csv(const char *path, int vf, sample_set *set)
{
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    char line[8192];
    int row = 0;
    long lineno = 0;
    sample cur;
    mpq_t r;
    mpq_init(r);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *tok[8];
        int n = 0;
        for (char *s = strtok(line, ",\r\n"); s && n < 8; s = strtok(NULL, ",\r\n"))
            tok[n++] = s;
        cr_assert(n == 7, "%s:%ld: %d columns, expected 7", path, lineno, n);
        if (row == 0) {
            snprintf(cur.where, sizeof cur.where, "%s:%ld", strrchr(path, '/') + 1, lineno);
            cur.vf = vf;
        }
        for (int k = 0; k < 3; k++) {
            char buf[4096];
            snprintf(buf, sizeof buf, "%s/%s", tok[2 * k], tok[2 * k + 1]);
            cr_assert(mpq_set_str(r, buf, 10) == 0 && mpz_sgn(mpq_denref(r)) != 0,
                      "%s:%ld: bad rational '%s'", path, lineno, buf);
            mpq_canonicalize(r);
            double d = mpq_get_d(r);
            mpq_t back;
            mpq_init(back);
            mpq_set_d(back, d);
            cr_assert(mpq_equal(back, r), "%s:%ld: '%s' is not exactly a double", path, lineno,
                      buf);
            mpq_clear(back);
            cur.q[row][k] = d;
        }
        int label = atoi(tok[6]);
        cr_assert(!strcmp(tok[6], "0") || !strcmp(tok[6], "1"), "%s:%ld: truth '%s'", path,
                  lineno, tok[6]);
        cr_assert(row == 0 || label == cur.label, "%s:%ld: rows of one query disagree on truth",
                  path, lineno);
        cur.label = label;
        if (++row == 8) {
            if (set->n == set->cap) {
                set->cap = set->cap ? 2 * set->cap : 1024;
                set->s = realloc(set->s, set->cap * sizeof *set->s);
                cr_assert(set->s);
            }
            set->s[set->n++] = cur;
            row = 0;
        }
    }
    cr_assert(row == 0, "%s: row count is not a multiple of 8", path);
    mpq_clear(r);
    fclose(f);
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* All CSV files under SAMPLE_DIR/<scene>/{vertex-face,edge-edge}/, in sorted order. */
static void read_samples(sample_set *set)
{
    DIR *d = opendir(SAMPLE_DIR);
    cr_assert(d, "cannot open %s", SAMPLE_DIR);
    char *files[4096];
    size_t nf = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        for (int vf = 0; vf < 2; vf++) {
            char dir[1024];
            snprintf(dir, sizeof dir, "%s/%s/%s", SAMPLE_DIR, e->d_name,
                     vf ? "vertex-face" : "edge-edge");
            DIR *d2 = opendir(dir);
            if (!d2)
                continue;
            struct dirent *e2;
            while ((e2 = readdir(d2))) {
                size_t l = strlen(e2->d_name);
                if (l < 4 || strcmp(e2->d_name + l - 4, ".csv"))
                    continue;
                cr_assert(nf < 4096);
                char path[2048];
                snprintf(path, sizeof path, "%s/%s", dir, e2->d_name);
                files[nf++] = strdup(path);
            }
            closedir(d2);
        }
    }
    closedir(d);
    qsort(files, nf, sizeof files[0], cmp_name);
    for (size_t i = 0; i < nf; i++) {
        read_csv(files[i], strstr(files[i], "/vertex-face/") != NULL, set);
        free(files[i]);
    }
    cr_assert(set->n > 0, "no queries under %s", SAMPLE_DIR);
}

ParameterizedTestParameters(sample_data, conservative_means_no_false_negative)
{
    static size_t idx[64];
    size_t n;
    ccdb_registry_builtin(&n);
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    return cr_make_param_array(size_t, idx, n);
}

ParameterizedTest(size_t *i, sample_data, conservative_means_no_false_negative)
{
    hang_guard(900);
    struct stat st;
    if (stat(SAMPLE_DIR, &st) != 0)
        cr_skip_test("%s is absent: the public sample queries are needed for this test",
                     SAMPLE_DIR);
    size_t n;
    const ccdb_solver *s = ccdb_registry_builtin(&n)[*i];
    sample_set set = { 0 };
    read_samples(&set);
    ccdb_params p = ccdb_params_default();
    void *state = s->create ? s->create(&p) : NULL;
    ccdb_truth *truth = ccdb_truth_new();
    cr_assert(truth);
    size_t fn = 0, positives = 0, late = 0;
    double late_max = 0;
    for (size_t j = 0; j < set.n; j++) {
        const sample *q = &set.s[j];
        ccdb_result r = run_query(s, state, q->vf, (const double(*)[3])q->q, &p);
        cr_expect(result_problem(&r)[0] == '\0', "%s on %s: %s", s->name, q->where,
                  result_problem(&r));
        positives += q->label;
        if (q->label && r.state != CCDB_HIT && r.state != CCDB_GAVE_UP) {
            fn++;
            if (s->flags & CCDB_CLAIM_CONSERVATIVE)
                cr_expect(0, "%s claims conservative but misses the collision at %s (%s)",
                          s->name, q->where, ccdb_state_name(r.state));
        }
        if (q->label && (r.state == CCDB_HIT || r.state == CCDB_GAVE_UP)) {
            ccdb_truth_result t;
            (q->vf ? ccdb_truth_vf : ccdb_truth_ee)(truth, (const double(*)[3])q->q, &t);
            cr_expect(t.hit, "the ground truth disagrees with the published label at %s",
                      q->where);
            if (t.hit && r.toi > t.toi_hi) {
                late++;
                if (r.toi - t.toi_hi > late_max)
                    late_max = r.toi - t.toi_hi;
                if (s->flags & CCDB_CLAIM_CONSERVATIVE)
                    cr_expect(0, "%s claims conservative but reports toi %.17g after the exact "
                              "TOI <= %.17g at %s",
                              s->name, r.toi, t.toi_hi, q->where);
            }
        }
    }
    cr_log_info("%s: %zu false negatives of %zu collisions in %zu sample queries, %zu reported "
                "TOIs after the exact one (by up to %.3g)",
                s->name, fn, positives, set.n, late, late_max);
    ccdb_truth_free(truth);
    if (s->destroy)
        s->destroy(state);
    free(set.s);
}
