/* test_nearmiss.c — the error bounds at their edge: exact contacts with 20-bit coordinates, one
 * coordinate then moved by 1 to 3 ulps (so the query is a contact or misses by a rounding-sized
 * margin), sometimes scaled by 2^k down to subnormals or up to 1e300. Every MISS of the box stage,
 * of either fp pass, and of the fp stage must be confirmed by the exact ground truth. */
#include <criterion/criterion.h>
#include <string.h>

#include "ccdb_truth.h"
#include "test_common.h"

static double coord20(uint64_t *s)
{
    return (double)rnd_int(s, -(1 << 20), 1 << 20) * 0x1p-20;
}

/* A contact at t* = 1/2: primitive B is built through a point of primitive A at t*. */
static void build_contact(uint64_t *s, int ee, double q[8][3])
{
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 3; ++k)
            q[i][k] = coord20(s);
    double at[3][3], target[3];
    const int first = ee ? 0 : 1, n = ee ? 2 : 3;
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < 3; ++k)
            at[i][k] = 0.5 * (q[first + i][k] + q[4 + first + i][k]); /* exact */
    const double u = rnd_int(s, 0, 4) * 0.25;
    const double v = ee ? 0.0 : rnd_int(s, 0, 4 - (int)(u * 4)) * 0.25;
    for (int k = 0; k < 3; ++k)
        target[k] = at[0][k] + u * (at[1][k] - at[0][k]) + (ee ? 0.0 : v * (at[2][k] - at[0][k]));
    if (!ee) {
        for (int k = 0; k < 3; ++k) /* vertex: v(1/2) = target */
            q[4][k] = q[0][k] + 2.0 * (target[k] - q[0][k]);
    } else {
        /* edge B through target at parameter w: b0(1/2) = target - w d, b1(1/2) = b0 + d */
        const double w = rnd_int(s, 0, 4) * 0.25;
        for (int k = 0; k < 3; ++k) {
            const double d = coord20(s);
            const double b0s = target[k] - w * d, b1s = b0s + d;
            q[6][k] = q[2][k] + 2.0 * (b0s - q[2][k]);
            q[7][k] = q[3][k] + 2.0 * (b1s - q[3][k]);
        }
    }
}

Test(filter_nearmiss, ulp_perturbed_contacts)
{
    ccdb_truth *exact = ccdb_truth_new();
    cr_assert_not_null(exact);
    ccdb_truth_set_filters(exact, 0);
    uint64_t seed = 0x0ddba11;
    int total = 0, hits = 0, misses[4] = { 0 }; /* box, pass 1, pass 2, stage */
    for (int iter = 0; iter < 40000; ++iter) {
        const int ee = iter & 1;
        double q[8][3];
        build_contact(&seed, ee, q);
        /* move one coordinate by 1..3 ulps, up or down */
        double *x = &q[rnd_int(&seed, 0, 7)][rnd_int(&seed, 0, 2)];
        const int steps = rnd_int(&seed, 1, 3);
        const double dir = (ccdb_splitmix64(&seed) & 1) ? INFINITY : -INFINITY;
        for (int j = 0; j < steps; ++j)
            *x = nextafter(*x, dir);
        const int scale = (iter % 5 == 0) ? rnd_int(&seed, -1050, 1000) : 0;
        if (!scale_exact(q, scale))
            continue;
        ++total;
        const double(*cq)[3] = (const double(*)[3])q;
        ccdb_truth_result r;
        (ee ? ccdb_truth_ee : ccdb_truth_vf)(exact, cq, &r);
        hits += r.hit;
        const ccdb_filter_verdict v[4] = { box_of(cq, ee), pass_of(cq, ee, 1), pass_of(cq, ee, 2),
                                           fp_of(cq, ee) };
        for (int m = 0; m < 4; ++m) {
            if (v[m] == CCDB_FILTER_MISS) {
                ++misses[m];
                cr_assert(!r.hit, "stage %d says MISS, exact says hit (iter %d, %s)", m, iter,
                          ee ? "ee" : "vf");
            }
            if (v[m] == CCDB_FILTER_CONTACT)
                cr_assert(r.hit, "stage %d proved a contact, exact says none (iter %d, %s)", m,
                          iter, ee ? "ee" : "vf");
        }
    }
    cr_log_info("ulp-perturbed contacts: %d queries, %d exact hits, %d exact misses; MISS by box "
                "%d, pass 1 %d, pass 2 %d, fp stage %d (all confirmed)",
                total, hits, total - hits, misses[0], misses[1], misses[2], misses[3]);
    cr_assert_gt(hits, total / 10);
    cr_assert_gt(total - hits, total / 10);
    cr_assert_gt(misses[2], 0);
    ccdb_truth_free(exact);
}
