/* test_rigid_sep_grid.c — a numeric check of the rigid judge at a minimum separation d, independent
 * of it: the points at t from the screw motion written the textbook way (Rodrigues' rotation by
 * phi1 t = 2 atan(|w|) t about w / |w| through c, plus tan(phi1 t / 2) / |w| s), not the judge's
 * polynomials in u, and the distance between the primitives from closest points (VF: the
 * projection onto the triangle's plane when it falls inside, else the three point-segment
 * distances; EE: the lines' closest points when both parameters are in [0, 1], else the four
 * endpoint-segment distances), in doubles, on a grid of GRID + 1 times. On rigid_random queries
 * (`ccdbench gen --family rigid_random`) at d = 2^-10, 2^-6, 2^-3 (the data are within about 1
 * of the origin):
 *   a miss never comes within d (1 - MARGIN) on the grid;
 *   a hit is within d (1 + MARGIN) at toi_hi, and no grid time before toi_lo is within
 *   d (1 - MARGIN);
 *   a hit at d stays a hit at a larger d, no later.
 * MARGIN (relative, on squared distances) is far above the doubles' error here (coordinates and d
 * within a few powers of two of 1: absolute errors near 1e-15 against d^2 >= 2^-20) and far below
 * what a wrong TOI gives: the same check of the judge's answers at d (1 + 2^-16) and d (1 - 2^-16)
 * finds contradictions (asserted: the check can fail).
 * CCDB_RIGID_SEP_GRID_N queries per kind (default 300; docs/rigid.md has the 10,000 run). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_truth.h"

#define GRID   4096
#define MARGIN 1e-9

typedef double v3[3];

static void sub(v3 r, const v3 a, const v3 b)
{
    for (int j = 0; j < 3; j++)
        r[j] = a[j] - b[j];
}
static double dot(const v3 a, const v3 b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* The four points at time t. */
static void points_at(const double q[8][3], int ee, double t, v3 x[4])
{
    const double nw = sqrt(dot(q[5], q[5]));
    const int second = q[7][0] != 0;
    double cs = 1, sn = 0, g = t;
    v3 k = { 0, 0, 0 };
    if (nw > 0) {
        const double theta = 2 * atan(nw) * t;
        cs = cos(theta);
        sn = sin(theta);
        g = tan(theta / 2) / nw;
        for (int j = 0; j < 3; j++)
            k[j] = q[5][j] / nw;
    }
    for (int i = 0; i < 4; i++) {
        const int moving = (ee ? i >= 2 : i >= 1) == second;
        memcpy(x[i], q[i], sizeof x[i]);
        if (!moving)
            continue;
        v3 y, kxy;
        sub(y, q[i], q[4]);
        kxy[0] = k[1] * y[2] - k[2] * y[1];
        kxy[1] = k[2] * y[0] - k[0] * y[2];
        kxy[2] = k[0] * y[1] - k[1] * y[0];
        const double ky = dot(k, y);
        for (int j = 0; j < 3; j++)
            x[i][j] = q[4][j] + y[j] * cs + kxy[j] * sn + k[j] * ky * (1 - cs) + g * q[6][j];
    }
}

static double point_segment2(const v3 p, const v3 a, const v3 b)
{
    v3 e, w, r;
    sub(e, b, a);
    sub(w, p, a);
    const double ee = dot(e, e);
    double s = 0;
    if (ee > 0) {
        s = dot(w, e) / ee;
        s = s < 0 ? 0 : (s > 1 ? 1 : s);
    }
    for (int j = 0; j < 3; j++)
        r[j] = w[j] - s * e[j];
    return dot(r, r);
}

static double dist2(const double q[8][3], int ee, double t)
{
    v3 x[4];
    points_at(q, ee, t, x);
    double best;
    if (!ee) {
        best = fmin(point_segment2(x[0], x[1], x[2]),
                    fmin(point_segment2(x[0], x[2], x[3]), point_segment2(x[0], x[3], x[1])));
        v3 v0, v1, v2;
        sub(v0, x[2], x[1]);
        sub(v1, x[3], x[1]);
        sub(v2, x[0], x[1]);
        const double d00 = dot(v0, v0), d01 = dot(v0, v1), d11 = dot(v1, v1);
        const double d20 = dot(v2, v0), d21 = dot(v2, v1), den = d00 * d11 - d01 * d01;
        if (den > 0) {
            const double v = (d11 * d20 - d01 * d21) / den, w = (d00 * d21 - d01 * d20) / den;
            if (v >= 0 && w >= 0 && v + w <= 1) {
                v3 r;
                for (int j = 0; j < 3; j++)
                    r[j] = v2[j] - v * v0[j] - w * v1[j];
                best = fmin(best, dot(r, r));
            }
        }
        return best;
    }
    best = fmin(fmin(point_segment2(x[0], x[2], x[3]), point_segment2(x[1], x[2], x[3])),
                fmin(point_segment2(x[2], x[0], x[1]), point_segment2(x[3], x[0], x[1])));
    v3 da, db, r0;
    sub(da, x[1], x[0]);
    sub(db, x[3], x[2]);
    sub(r0, x[0], x[2]);
    const double aa = dot(da, da), ab = dot(da, db), bb = dot(db, db);
    const double ar = dot(da, r0), br = dot(db, r0), den = aa * bb - ab * ab;
    if (den > 0) {
        const double s = (ab * br - bb * ar) / den, u = (aa * br - ab * ar) / den;
        if (s >= 0 && s <= 1 && u >= 0 && u <= 1) {
            v3 r;
            for (int j = 0; j < 3; j++)
                r[j] = r0[j] + s * da[j] - u * db[j];
            best = fmin(best, dot(r, r));
        }
    }
    return best;
}

/* 1 when the answer r at d contradicts the grid (pm: prefix minima of the squared distance). */
static int contradicts(const double q[8][3], int ee, double d, const ccdb_truth_result *r,
                       const double *pm)
{
    const double dd = d * d;
    if (!r->hit)
        return pm[GRID] < dd * (1 - MARGIN);
    if (dist2(q, ee, r->toi_hi) > dd * (1 + MARGIN))
        return 1;
    const long before = (long)ceil(r->toi_lo * GRID); /* grid times k / GRID < toi_lo */
    return before > 0 && pm[before - 1] < dd * (1 - MARGIN);
}

static void judge(ccdb_truth *t, int ee, const double q[8][3], double d, ccdb_truth_result *r)
{
    if (ee)
        ccdb_truth_rigid_ee_sep(t, q, d, r);
    else
        ccdb_truth_rigid_vf_sep(t, q, d, r);
}

Test(rigid_sep_grid, random_rigid_at_three_separations)
{
    const char *env = getenv("CCDB_RIGID_SEP_GRID_N");
    const size_t n = env && atol(env) > 0 ? (size_t)atol(env) : 300;
    static const double ds[3] = { 0x1p-10, 0x1p-6, 0x1p-3 };
    ccdb_truth *t = ccdb_truth_new();
    double *pm = malloc((GRID + 1) * sizeof *pm);
    cr_assert(t && pm);
    for (int ee = 0; ee < 2; ee++) {
        ccdb_dataset set;
        char err[256];
        cr_assert_eq(ccdb_generate("rigid_random", ee ? CCDB_KIND_RIGID_EE : CCDB_KIND_RIGID_VF, n,
                                   23, &set, NULL, err, sizeof err),
                     0, "%s", err);
        long hits[3] = { 0, 0, 0 }, bad = 0, caught = 0;
        for (size_t i = 0; i < set.count; i++) {
            const double(*q)[3] = (const double(*)[3])set.q[i];
            for (int k = 0; k <= GRID; k++) {
                const double v = dist2(q, ee, (double)k / GRID);
                pm[k] = k == 0 || v < pm[k - 1] ? v : pm[k - 1];
            }
            ccdb_truth_result prev = { 0 };
            for (int k = 0; k < 3; k++) {
                ccdb_truth_result r, lo, hi;
                judge(t, ee, q, ds[k], &r);
                hits[k] += r.hit;
                if (contradicts(q, ee, ds[k], &r, pm) ||
                    (prev.hit && (!r.hit || r.toi_lo > prev.toi_hi))) {
                    bad++;
                    fprintf(stderr,
                            "rigid_sep_grid: %s query %zu at d = %g: hit %d [%.17g, %.17g]\n",
                            ee ? "rigid-ee" : "rigid-vf", i, ds[k], r.hit, r.toi_lo, r.toi_hi);
                }
                prev = r;
                /* the judge's answers at a slightly wrong d, checked at d */
                judge(t, ee, q, ds[k] * (1 + 0x1p-16), &hi);
                judge(t, ee, q, ds[k] * (1 - 0x1p-16), &lo);
                caught += contradicts(q, ee, ds[k], &hi, pm) + contradicts(q, ee, ds[k], &lo, pm);
            }
        }
        fprintf(stderr,
                "rigid_sep_grid: %s: %zu rigid_random queries (seed 23) at d = 2^-10, 2^-6, 2^-3: "
                "%ld, %ld, %ld hits; %ld contradictions; answers at d (1 +- 2^-16) caught %ld "
                "times\n",
                ee ? "rigid-ee" : "rigid-vf", set.count, hits[0], hits[1], hits[2], bad, caught);
        cr_expect_eq(bad, 0, "%ld contradictions", bad);
        cr_expect(hits[0] > 0 && hits[2] > hits[0], "too few hits to check");
        cr_expect_gt(caught, 0, "the check cannot tell d from d (1 +- 2^-16)");
        ccdb_dataset_free(&set);
    }
    free(pm);
    ccdb_truth_free(t);
}
