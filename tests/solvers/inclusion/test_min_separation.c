/* test_min_separation.c — tight_inclusion's minimum separation d: a hit means the primitives
 * come within Chebyshev (L-infinity) distance d of each other at some time of the step. */
#include <math.h>

#include "inclusion_cases.h"

#define D 0x1p-10 /* d = 1/1024, far above δ = 1e-6 */

/* Vertex coming down onto the triangle z = 0 and stopping at height h at t = 1. */
static void vertex_stopping_at(double h, double q[8][3])
{
    const double rows[8][3] = { { 0.25, 0.25, 1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
                                { 0.25, 0.25, 0 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    for (int r = 0; r < 8; ++r)
        for (int i = 0; i < 3; ++i)
            q[r][i] = rows[r][i];
    q[4][2] = h;
}

Test(min_separation, near_miss_at_half_d_is_a_hit)
{
    const ccdb_solver *s = find_solver("tight_inclusion");
    ccdb_params p = ccdb_params_default();
    p.min_separation = D;
    double q[8][3];
    vertex_stopping_at(0.5 * D, q);
    ccdb_result r = run_query(s, 0, q, &p);
    cr_assert(is_hit(&r), "distance d/2 with separation d must be a hit (state %d)", (int)r.state);
    /* z(t) = 1 - t (1 - d/2) reaches d at t* = (1 - d) / (1 - d/2): the TOI is no later. */
    double tstar = (1 - D) / (1 - 0.5 * D);
    cr_assert(r.toi <= tstar, "toi %.17g later than the time the gap reaches d (%.17g)", r.toi,
              tstar);
    cr_assert(r.toi >= tstar - 1e-4, "toi %.17g far too early (%.17g)", r.toi, tstar);
    /* Without separation the same query is a miss. */
    p.min_separation = 0;
    r = run_query(s, 0, q, &p);
    cr_assert_eq(r.state, CCDB_MISS, "distance d/2 without separation must be a miss");
}

Test(min_separation, near_miss_at_two_d_is_a_miss)
{
    const ccdb_solver *s = find_solver("tight_inclusion");
    ccdb_params p = ccdb_params_default();
    p.min_separation = D;
    double q[8][3];
    vertex_stopping_at(2 * D, q);
    ccdb_result r = run_query(s, 0, q, &p);
    cr_assert_eq(r.state, CCDB_MISS, "distance 2d with separation d must be a miss (state %d)",
                 (int)r.state);
}

/* Parallel static edges offset by (0, 0.75d, 0.75d): Euclidean distance 1.06d > d, Chebyshev
 * distance 0.75d <= d. The method's test is per axis (the inclusion box grown by d), so this is
 * a hit; offset by (0, 1.5d, 1.5d) (Chebyshev 1.5d) it is a miss. */
Test(min_separation, chebyshev_semantics)
{
    const ccdb_solver *s = find_solver("tight_inclusion");
    ccdb_params p = ccdb_params_default();
    p.min_separation = D;
    for (int far = 0; far < 2; ++far) {
        double o = (far ? 1.5 : 0.75) * D;
        double q[8][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, o, o }, { 1, o, o },
                           { 0, 0, 0 }, { 1, 0, 0 }, { 0, o, o }, { 1, o, o } };
        ccdb_result r = run_query(s, 1, q, &p);
        if (far)
            cr_assert_eq(r.state, CCDB_MISS, "Chebyshev distance 1.5d must be a miss");
        else
            cr_assert(is_hit(&r) && r.toi == 0.0,
                      "Chebyshev distance 0.75d (Euclidean 1.06d) must be a hit at t=0");
    }
}

/* An exact box test must respect d too: boxes apart by 0.5d on one axis are not a miss. */
Test(min_separation, box_prerejection_respects_d)
{
    const ccdb_solver *s = find_solver("tight_inclusion");
    ccdb_params p = ccdb_params_default();
    p.min_separation = D;
    double g = 0.5 * D;
    double q[8][3] = { { 0.25, 0.25, g }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
                       { 0.5, 0.25, g },  { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    ccdb_result r = run_query(s, 0, q, &p);
    cr_assert(is_hit(&r) && r.toi == 0.0, "vertex at height d/2 over the face: hit at t=0");
}
