/* test_depth.c — checks the static rounding-depth bounds the fp filter uses in its error bounds.
 * Compiles a second copy of ground_truth/filter_fp.c with CCDB_FE_TRACK_DEPTH, which tracks
 * every value's depth and asserts it is within the bound passed to ccdb_fe_sign / ccdb_dd_sign
 * (an abort fails the test), in both passes. Also checks the copy gives the same verdicts as the library. */
#include "filter.h" /* the real names first */

/* The renamed copy, declared before it is compiled. */
ccdb_filter_verdict tracked_fp_vf(const double q[8][3]);
ccdb_filter_verdict tracked_fp_ee(const double q[8][3]);
ccdb_filter_verdict tracked_pass_vf(const double q[8][3], int pass);
ccdb_filter_verdict tracked_pass_ee(const double q[8][3], int pass);

#define CCDB_FE_TRACK_DEPTH    1
#define ccdb_filter_fp_vf      tracked_fp_vf
#define ccdb_filter_fp_ee      tracked_fp_ee
#define ccdb_filter_fp_pass_vf tracked_pass_vf
#define ccdb_filter_fp_pass_ee tracked_pass_ee
#include "filter_fp.c" /* ground_truth/ (the tests see its own files) */
#undef ccdb_filter_fp_vf
#undef ccdb_filter_fp_ee
#undef ccdb_filter_fp_pass_vf
#undef ccdb_filter_fp_pass_ee

#include <criterion/criterion.h>

#include "ccdb_test.h"
#include "sample_io.h"
#include "test_common.h"

static void check(const double q[8][3], int ee)
{
    const ccdb_filter_verdict t = ee ? tracked_fp_ee(q) : tracked_fp_vf(q);
    cr_assert_eq(t, fp_of(q, ee), "tracked copy disagrees with the library");
    for (int pass = 1; pass <= 2; ++pass) {
        const ccdb_filter_verdict p = ee ? tracked_pass_ee(q, pass) : tracked_pass_vf(q, pass);
        cr_assert_eq(p, pass_of(q, ee, pass), "tracked copy disagrees with the library (pass %d)",
                     pass);
    }
}

Test(filter_depth, static_depth_bounds_hold)
{
    uint64_t seed = 0xde97;
    for (int iter = 0; iter < 20000; ++iter) {
        double q[8][3];
        for (int i = 0; i < 8; ++i)
            for (int k = 0; k < 3; ++k)
                q[i][k] = (iter & 2) ? rnd_int(&seed, -3, 3)
                                     : (double)(ccdb_splitmix64(&seed) >> 11) * 0x1p-53 - 0.5;
        /* often make it coplanar / static so that subdivision and conditions run */
        if (iter % 3 == 0)
            for (int i = 0; i < 8; ++i)
                q[i][2] = 0;
        check((const double(*)[3])q, iter & 1);
    }
}

Test(filter_depth, static_depth_bounds_hold_on_samples)
{
    const char *root = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    sample_set s;
    cr_assert_eq(sample_load(root, &s), 0);
    for (size_t i = 0; i < s.count; ++i)
        check((const double(*)[3])s.q[i], s.is_ee[i]);
    sample_free(&s);
}
