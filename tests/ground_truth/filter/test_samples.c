/* test_samples.c — soundness on the public sample queries: no filter stage may reject a query
 * whose published label is 1 (contact), nor one the exact ground truth (ccdb_truth, filters off)
 * calls a hit. Skips with a message when ../shared is absent. */
#include <criterion/criterion.h>

#include "ccdb_test.h"
#include "ccdb_truth.h"
#include "sample_io.h"
#include "test_common.h"

Test(filter_samples, published_hits_never_rejected)
{
    const char *root = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    sample_set s;
    cr_assert_eq(sample_load(root, &s), 0, "cannot read %s", root);
    cr_assert_gt(s.count, 0);
    ccdb_truth *exact = ccdb_truth_new();
    cr_assert_not_null(exact);
    ccdb_truth_set_filters(exact, 0);
    size_t hits = 0, exact_hits = 0, rejected_negatives = 0;
    for (size_t i = 0; i < s.count; ++i) {
        const double(*q)[3] = (const double(*)[3])s.q[i];
        const int ee = s.is_ee[i];
        const int miss = box_of(q, ee) == CCDB_FILTER_MISS || fp_of(q, ee) == CCDB_FILTER_MISS ||
                         pass_of(q, ee, 2) == CCDB_FILTER_MISS;
        ccdb_truth_result r;
        (ee ? ccdb_truth_ee : ccdb_truth_vf)(exact, q, &r);
        cr_assert_eq(r.stage, CCDB_STAGE_EXACT);
        exact_hits += (size_t)r.hit;
        if (s.label[i]) {
            ++hits;
            cr_expect(!miss, "sample query %zu (%s) has published label 1 but a filter says MISS",
                      i, ee ? "ee" : "vf");
        } else if (miss) {
            ++rejected_negatives;
        }
        cr_expect(!(miss && r.hit),
                  "sample query %zu (%s): exact ground truth says hit, a filter "
                  "says MISS",
                  i, ee ? "ee" : "vf");
    }
    cr_log_info("sample queries: %zu, published hits %zu, exact hits %zu, negatives decided by "
                "filters %zu",
                s.count, hits, exact_hits, rejected_negatives);
    cr_assert_gt(hits, 0);
    cr_assert_gt(rejected_negatives, s.count / 2);
    ccdb_truth_free(exact);
    sample_free(&s);
}
