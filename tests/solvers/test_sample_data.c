/* test_sample_data.c — every solver that claims to be conservative has no false negative on the
 * public sample queries (../shared/datasets/sample-queries, with their published exact labels)
 * and never reports a TOI after the exact one (ccdb_truth's bracket), and every solver answers
 * them well-formed. Skipped, saying so, when ../shared is absent.
 * The CSV is read with the product's strict reader (datasets/csv_read.c, tested on its own). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_input.h"
#include "ccdb_registry.h"
#include "ccdb_test.h"
#include "ccdb_truth.h"
#include "solver_cases.h"

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

/* Every CSV under the folder root, read with the product's folder walk and strict reader (kind from
 * the vertex-face / edge-edge folder); a malformed file fails the test with its FILE:LINE. */
static void read_samples(const char *root, sample_set *set)
{
    char err[1024];
    char **files = NULL;
    size_t nf = 0;
    cr_assert_eq(ccdb_inputs_expand(root, &files, &nf, err, sizeof err), 0, "%s", err);
    for (size_t i = 0; i < nf; i++) {
        ccdb_input in;
        cr_assert_eq(ccdb_input_read(files[i], CCDB_KIND_UNKNOWN, 0, &in, err, sizeof err), 0, "%s",
                     err);
        for (size_t k = 0; k < in.ds.count; k++) {
            if (set->n == set->cap) {
                set->cap = set->cap ? 2 * set->cap : 1024;
                set->s = realloc(set->s, set->cap * sizeof *set->s);
                cr_assert(set->s);
            }
            sample *cur = &set->s[set->n++];
            memcpy(cur->q, in.ds.q[k], sizeof cur->q);
            cur->label = in.ds.label[k];
            cur->vf = in.ds.kind == CCDB_KIND_VF;
            snprintf(cur->where, sizeof cur->where, "%s:%zu", strrchr(files[i], '/') + 1,
                     8 * k + 1);
        }
        ccdb_input_free(&in);
        free(files[i]);
    }
    free(files);
    cr_assert(set->n > 0, "no queries under %s", root);
}

ParameterizedTestParameters(sample_data, conservative_means_no_false_negative)
{
    return every_builtin_solver();
}

ParameterizedTest(size_t *i, sample_data, conservative_means_no_false_negative)
{
    hang_guard(900);
    const char *root = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    size_t n;
    const ccdb_solver *s = ccdb_registry_builtin(&n)[*i];
    sample_set set = { 0 };
    read_samples(root, &set);
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
                cr_expect(0, "%s claims conservative but misses the collision at %s (%s)", s->name,
                          q->where, ccdb_state_name(r.state));
        }
        if (q->label && (r.state == CCDB_HIT || r.state == CCDB_GAVE_UP)) {
            ccdb_truth_result t;
            (q->vf ? ccdb_truth_vf : ccdb_truth_ee)(truth, (const double(*)[3])q->q, &t);
            cr_expect(t.hit, "the ground truth disagrees with the published label at %s", q->where);
            if (t.hit && r.toi > t.toi_hi) {
                late++;
                if (r.toi - t.toi_hi > late_max)
                    late_max = r.toi - t.toi_hi;
                if (s->flags & CCDB_CLAIM_CONSERVATIVE)
                    cr_expect(0,
                              "%s claims conservative but reports toi %.17g after the exact "
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
