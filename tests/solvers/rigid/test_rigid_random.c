/* test_rigid_random.c — the conservative rigid solvers against the exact judge on random rigid
 * queries built to be hard: small grid points (shared points, degenerate primitives), axes and
 * translations in and out of the primitives' planes, in-plane turns, screws, w = 0, |w| from
 * 2^-20 to 2^10, either primitive moving. rigid_interval, rigid_bisection and
 * rigid_conservative_advancement must never miss and never report a TOI after the exact
 * bracket; no rigid solver may fail, and every answer keeps the result contract of
 * ccdb_solver.h. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_solver.h"
#include "ccdb_truth.h"
#include "prng.h"

extern const ccdb_solver ccdb_solver_rigid_linearized;
extern const ccdb_solver ccdb_solver_rigid_interval;
extern const ccdb_solver ccdb_solver_rigid_bisection;
extern const ccdb_solver ccdb_solver_rigid_conservative_advancement;

#define N_PER_KIND 10000

static double grid(ccdb_prng *rng, int lim)
{
    return (double)ccdb_prng_range(rng, -lim, lim) / 2.0;
}

static void random_rigid(ccdb_prng *rng, double q[8][3])
{
    int planar = ccdb_prng_chance(rng, 1, 4); /* everything in z = 0, axis along z */
    for (int r = 0; r < 4; r++) {
        for (int k = 0; k < 3; k++)
            q[r][k] = grid(rng, 6);
        if (planar)
            q[r][2] = 0.0;
        if (ccdb_prng_chance(rng, 1, 8) && r > 0) /* a shared point */
            memcpy(q[r], q[ccdb_prng_below(rng, (uint64_t)r)], sizeof q[r]);
    }
    for (int k = 0; k < 3; k++) {
        q[4][k] = grid(rng, 6);
        q[5][k] = (double)ccdb_prng_range(rng, -3, 3);
        q[6][k] = grid(rng, 8);
    }
    double scale = ldexp(1.0, (int)ccdb_prng_range(rng, -20, 10));
    for (int k = 0; k < 3; k++)
        q[5][k] *= scale;
    if (planar) {
        q[5][0] = q[5][1] = 0.0;
        q[6][2] = 0.0;
    }
    int mode = (int)ccdb_prng_below(rng, 5);
    if (mode == 0) /* pure translation */
        memset(q[5], 0, sizeof q[5]);
    else if (mode == 1) /* pure rotation */
        memset(q[6], 0, sizeof q[6]);
    q[7][0] = ccdb_prng_chance(rng, 1, 2) ? 1.0 : 0.0;
    q[7][1] = q[7][2] = 0.0;
}

Test(rigid_random, conservative_solvers_never_miss_nor_late)
{
    ccdb_prng rng;
    ccdb_prng_seed(&rng, 20261126);
    ccdb_truth *judge = ccdb_truth_new();
    cr_assert_not_null(judge);
    ccdb_params p = ccdb_params_default();
    const ccdb_solver *all[] = { &ccdb_solver_rigid_interval, &ccdb_solver_rigid_bisection,
                                 &ccdb_solver_rigid_conservative_advancement,
                                 &ccdb_solver_rigid_linearized };
    void *state[4];
    for (int s = 0; s < 4; s++)
        state[s] = all[s]->create ? all[s]->create(&p) : NULL;
    int hits[2] = { 0, 0 };
    for (int ee = 0; ee < 2; ee++)
        for (int i = 0; i < N_PER_KIND; i++) {
            double q[8][3];
            random_rigid(&rng, q);
            const double(*cq)[3] = (const double(*)[3])q;
            ccdb_truth_result t;
            (ee ? ccdb_truth_rigid_ee : ccdb_truth_rigid_vf)(judge, cq, &t);
            hits[ee] += t.hit;
            for (int s = 0; s < 4; s++) {
                ccdb_result r = { (ccdb_state)77, NAN, -1 }; /* poison: every field is set */
                (ee ? all[s]->rigid_edge_edge : all[s]->rigid_vertex_face)(state[s], cq, &p, &r);
                cr_assert(r.state != CCDB_FAILED, "%s failed on query %d (ee %d)", all[s]->name, i,
                          ee);
                /* the contract of ccdb_solver.h: a known state, toi in [0, 1] for a hit and 0
                 * otherwise, work >= 0 */
                int answered = r.state == CCDB_HIT || r.state == CCDB_GAVE_UP;
                cr_assert(answered || r.state == CCDB_MISS, "%s: state %d", all[s]->name,
                          (int)r.state);
                cr_assert(answered ? r.toi >= 0.0 && r.toi <= 1.0 : r.toi == 0.0,
                          "%s: toi %g in state %d", all[s]->name, r.toi, (int)r.state);
                cr_assert(r.work >= 0);
                if (s >= 3) /* no claim to check */
                    continue;
                int hit = r.state == CCDB_HIT || r.state == CCDB_GAVE_UP;
                cr_assert(!t.hit || hit, "%s misses query %d (ee %d), exact TOI %.17g",
                          all[s]->name, i, ee, t.toi_lo);
                cr_assert(!t.hit || r.toi <= t.toi_hi,
                          "%s: query %d (ee %d): TOI %.17g after the exact [%.17g, %.17g]",
                          all[s]->name, i, ee, r.toi, t.toi_lo, t.toi_hi);
            }
        }
    if (getenv("CCDB_TEST_VERBOSE"))
        fprintf(stderr, "rigid_random: %d VF hits, %d EE hits of %d each\n", hits[0], hits[1],
                N_PER_KIND);
    /* not vacuous: a fair share of hits of each kind */
    cr_assert(hits[0] > N_PER_KIND / 20 && hits[1] > N_PER_KIND / 20, "hits %d %d", hits[0],
              hits[1]);
    for (int s = 0; s < 4; s++)
        if (all[s]->destroy)
            all[s]->destroy(state[s]);
    ccdb_truth_free(judge);
}

/* Extreme but finite inputs: every rigid solver answers within the contract, and the
 * conservative ones still never miss a contact the judge sees. */
Test(rigid_random, extreme_inputs_are_answered)
{
    static const double scales[] = { 0x1p-1070, 0x1p-500, 1e-300, 1.0, 1e150, 1e300, 0x1p1000 };
    static const double wscales[] = { 0.0, 0x1p-1074, 1e-300, 1.0, 1e30, 1e300 };
    ccdb_prng rng;
    ccdb_prng_seed(&rng, 7);
    ccdb_truth *judge = ccdb_truth_new();
    ccdb_params p = ccdb_params_default();
    p.max_iterations = 20000; /* keeps advancement's crawl short here */
    const ccdb_solver *all[] = { &ccdb_solver_rigid_interval, &ccdb_solver_rigid_bisection,
                                 &ccdb_solver_rigid_conservative_advancement,
                                 &ccdb_solver_rigid_linearized };
    void *state[4];
    for (int s = 0; s < 4; s++)
        state[s] = all[s]->create ? all[s]->create(&p) : NULL;
    for (size_t a = 0; a < sizeof scales / sizeof scales[0]; a++)
        for (size_t b = 0; b < sizeof wscales / sizeof wscales[0]; b++)
            for (int i = 0; i < 20; i++) {
                double q[8][3];
                random_rigid(&rng, q);
                for (int r = 0; r < 7; r++)
                    for (int k = 0; k < 3; k++)
                        q[r][k] *= r == 5 ? wscales[b] : scales[a];
                int ee = i % 2;
                const double(*cq)[3] = (const double(*)[3])q;
                ccdb_truth_result t;
                (ee ? ccdb_truth_rigid_ee : ccdb_truth_rigid_vf)(judge, cq, &t);
                for (int s = 0; s < 4; s++) {
                    ccdb_result r = { (ccdb_state)77, NAN, -1 };
                    (ee ? all[s]->rigid_edge_edge : all[s]->rigid_vertex_face)(state[s], cq, &p,
                                                                               &r);
                    int answered = r.state == CCDB_HIT || r.state == CCDB_GAVE_UP;
                    cr_assert(answered || r.state == CCDB_MISS || r.state == CCDB_FAILED,
                              "%s: state %d", all[s]->name, (int)r.state);
                    cr_assert(answered ? r.toi >= 0.0 && r.toi <= 1.0 : r.toi == 0.0,
                              "%s: toi %g in state %d (scale %g, |w| scale %g)", all[s]->name,
                              r.toi, (int)r.state, scales[a], wscales[b]);
                    cr_assert(r.work >= 0);
                    if (s < 3) /* the conservative ones */
                        cr_assert(!t.hit || (answered && r.toi <= t.toi_hi) ||
                                      r.state == CCDB_FAILED,
                                  "%s misses or is late (scale %g, |w| scale %g)", all[s]->name,
                                  scales[a], wscales[b]);
                }
            }
    for (int s = 0; s < 4; s++)
        if (all[s]->destroy)
            all[s]->destroy(state[s]);
    ccdb_truth_free(judge);
}
