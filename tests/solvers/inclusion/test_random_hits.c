/* test_random_hits.c — zero false negatives on constructed contacts for the two conservative
 * inclusion solvers. Each query is built backwards from a contact: pick a time t*, the
 * primitives at t*, a contact point on both, and velocities; then every coordinate is a small
 * dyadic rational, so the construction is exact in double and the query is a certain hit with
 * TOI <= t*. Contacts are often on boundaries (u or v at 0 or 1, u + v = 1, t* at 0 or 1), and
 * some primitives are degenerate (zero velocity, coincident vertices). Deterministic seed. */
#include <stdint.h>
#include <stdio.h>

#include "inclusion_cases.h"
#include "prng.h" /* ccdb_splitmix64 */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

/* A dyadic in [-4, 4] with 1/64 resolution, sometimes 0. */
static double coord(void)
{
    return (ccdb_splitmix64(&rng_state) % 5 == 0)
               ? 0.0
               : ((double)(int64_t)(ccdb_splitmix64(&rng_state) % 513) - 256.0) / 64.0;
}

/* A parameter in [0,1] with 1/16 resolution; often exactly 0 or 1. */
static double param(void)
{
    uint64_t r = ccdb_splitmix64(&rng_state) % 6;
    return r == 0 ? 0.0 : r == 1 ? 1.0 : (double)(ccdb_splitmix64(&rng_state) % 17) / 16.0;
}

/* Positions at t = 0 and 1 of a point that is at X at time t (velocity V, sometimes 0). */
static void place(const double X[3], double t, double row0[3], double row1[3])
{
    int still = ccdb_splitmix64(&rng_state) % 4 == 0;
    for (int i = 0; i < 3; ++i) {
        double V = still ? 0.0 : coord();
        row0[i] = X[i] - t * V;
        row1[i] = row0[i] + V;
    }
}

static void make_vf(double q[8][3], double *tstar)
{
    double t = param(), u = param(), v = param();
    if (u + v > 1.0)
        v = 1.0 - u; /* exact */
    double a[3], b[3], c[3], X[3];
    for (int i = 0; i < 3; ++i) {
        a[i] = coord();
        b[i] = ccdb_splitmix64(&rng_state) % 8 == 0 ? a[i]
                                                    : coord(); /* sometimes a degenerate triangle */
        c[i] = coord();
        X[i] = a[i] + u * (b[i] - a[i]) + v * (c[i] - a[i]);
    }
    place(X, t, q[0], q[4]);
    place(a, t, q[1], q[5]);
    place(b, t, q[2], q[6]);
    place(c, t, q[3], q[7]);
    *tstar = t;
}

static void make_ee(double q[8][3], double *tstar)
{
    double t = param(), u = param(), v = param();
    double a0[3], a1[3], b0[3], b1[3], X[3];
    for (int i = 0; i < 3; ++i) {
        a0[i] = coord();
        a1[i] = ccdb_splitmix64(&rng_state) % 8 == 0 ? a0[i] : coord();
        X[i] = a0[i] + u * (a1[i] - a0[i]);
    }
    int parallel = ccdb_splitmix64(&rng_state) % 4 == 0;
    for (int i = 0; i < 3; ++i) {
        double Db = parallel ? (a1[i] - a0[i]) * 0.5 : coord();
        b0[i] = X[i] - v * Db;
        b1[i] = b0[i] + Db;
    }
    place(a0, t, q[0], q[4]);
    place(a1, t, q[1], q[5]);
    place(b0, t, q[2], q[6]);
    place(b1, t, q[3], q[7]);
    *tstar = t;
}

Test(random_hits, conservative_solvers_find_every_constructed_contact, .timeout = 600)
{
    static const char *const names[] = { "interval_univariate", "tight_inclusion" };
    /* Default parameters (δ = 1e-6, cap 1e6). A capped run would still be a conservative
     * answer (GAVE_UP at a lower bound); how many there were is logged. */
    ccdb_params p = ccdb_params_default();
    const ccdb_solver *sol[2] = { find_solver(names[0]), find_solver(names[1]) };
    void *st[2] = { sol[0]->create ? sol[0]->create(&p) : NULL,
                    sol[1]->create ? sol[1]->create(&p) : NULL };
    int capped[2] = { 0, 0 };
    for (int n = 0; n < 3000; ++n) {
        int ee = n & 1;
        double q[8][3], tstar;
        if (ee)
            make_ee(q, &tstar);
        else
            make_vf(q, &tstar);
        for (int s = 0; s < 2; ++s) {
            ccdb_result r;
            (ee ? sol[s]->edge_edge : sol[s]->vertex_face)(st[s], (const double(*)[3])q, &p, &r);
            assert_well_formed(&r, names[s]);
            capped[s] += r.state == CCDB_GAVE_UP;
            cr_assert(is_hit(&r), "%s: false negative on constructed %s contact #%d (t* = %g)",
                      names[s], ee ? "EE" : "VF", n, tstar);
            cr_assert(r.toi <= tstar, "%s: toi %.17g later than the contact at t* = %g (#%d)",
                      names[s], r.toi, tstar, n);
        }
    }
    cr_log_info("capped runs: interval_univariate %d, tight_inclusion %d of 3000", capped[0],
                capped[1]);
    for (int s = 0; s < 2; ++s)
        if (sol[s]->destroy)
            sol[s]->destroy(st[s]);
}

/* With a minimum separation every contact is still a hit, no later than t*. */
Test(random_hits, tight_inclusion_with_min_separation, .timeout = 600)
{
    ccdb_params p = ccdb_params_default();
    p.min_separation = 1e-3;
    const ccdb_solver *sol = find_solver("tight_inclusion");
    void *st = sol->create ? sol->create(&p) : NULL;
    rng_state = 0x2545f4914f6cdd1dull;
    for (int n = 0; n < 1000; ++n) {
        int ee = n & 1;
        double q[8][3], tstar;
        if (ee)
            make_ee(q, &tstar);
        else
            make_vf(q, &tstar);
        ccdb_result r;
        (ee ? sol->edge_edge : sol->vertex_face)(st, (const double(*)[3])q, &p, &r);
        assert_well_formed(&r, sol->name);
        cr_assert(is_hit(&r), "d = 1e-3: false negative on constructed %s contact #%d",
                  ee ? "EE" : "VF", n);
        cr_assert(r.toi <= tstar, "d = 1e-3: toi %.17g later than t* = %g (#%d)", r.toi, tstar, n);
    }
    if (sol->destroy)
        sol->destroy(st);
}
