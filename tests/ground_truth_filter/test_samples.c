/* test_samples.c — soundness on the public sample queries: no filter stage may reject a query
 * whose published label is 1 (contact). Skips with a message when ../shared is absent. */
#include <criterion/criterion.h>
#include <unistd.h>

#include "sample_io.h"
#include "test_common.h"

#define SAMPLE_ROOT CCDB_SHARED_DIR "/datasets/sample-queries"

Test(filter_samples, published_hits_never_rejected)
{
    if (access(SAMPLE_ROOT, R_OK) != 0)
        cr_skip_test("sample queries not found at %s (../shared absent)", SAMPLE_ROOT);
    sample_set s;
    cr_assert_eq(sample_load(SAMPLE_ROOT, &s), 0, "cannot read %s", SAMPLE_ROOT);
    cr_assert_gt(s.count, 0);
    size_t hits = 0, rejected_negatives = 0;
    for (size_t i = 0; i < s.count; ++i) {
        const double(*q)[3] = (const double(*)[3])s.q[i];
        const int ee = s.is_ee[i];
        const int miss = box_of(q, ee) == CCDB_FILTER_MISS || fp_of(q, ee) == CCDB_FILTER_MISS;
        if (s.label[i]) {
            ++hits;
            cr_expect(!miss, "sample query %zu (%s) has published label 1 but a filter says MISS",
                      i, ee ? "ee" : "vf");
        } else if (miss) {
            ++rejected_negatives;
        }
    }
    cr_log_info("sample queries: %zu, published hits %zu, negatives decided by filters %zu",
                s.count, hits, rejected_negatives);
    cr_assert_gt(hits, 0);
    sample_free(&s);
}
