/* test_known.c — known answers for the inclusion-based solvers (interval_univariate,
 * inclusion_naive, tight_inclusion) on hand-made queries with exact TOIs, and zero false
 * negatives on constructed degenerate hits for the two conservative ones. */
#include <math.h>
#include <stdio.h>

#include "inclusion_cases.h"

static const char *const all_solvers[] = { "interval_univariate", "inclusion_naive",
                                           "tight_inclusion" };
static const char *const conservative[] = { "interval_univariate", "tight_inclusion" };

/* The exact TOI as a double bound from above (1/3 is not a double). */
static double toi_upper(double exact)
{
    return exact == 0.0 || exact == 1.0 ? exact : nextafter(exact, 2.0);
}

Test(inclusion_known, claims)
{
    cr_assert_eq(find_solver("tight_inclusion")->flags,
                 CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION);
    cr_assert_eq(find_solver("interval_univariate")->flags,
                 CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI);
    cr_assert_eq(find_solver("inclusion_naive")->flags & CCDB_CLAIM_CONSERVATIVE, 0u);
    for (size_t s = 0; s < 3; ++s)
        cr_assert_eq(find_solver(all_solvers[s])->abi_version, CCDB_SOLVER_ABI);
}

/* Every solver gets the plain cases right: hits found, misses reported as misses. Conservative
 * solvers report a TOI <= the exact one; tight_inclusion within a few δ of it. The one
 * coplanar miss is only required of tight_inclusion (f ≡ 0 gives interval_univariate nothing
 * to exclude with, so running into its cap there is allowed). */
Test(inclusion_known, known_answers)
{
    ccdb_params p = ccdb_params_default();
    for (size_t s = 0; s < 3; ++s) {
        const ccdb_solver *sol = find_solver(all_solvers[s]);
        int cons = (sol->flags & CCDB_CLAIM_CONSERVATIVE) != 0;
        int tight = strcmp(sol->name, "tight_inclusion") == 0;
        for (size_t k = 0; k < N_KNOWN; ++k) {
            const known_case *c = &known_cases[k];
            ccdb_result r = run_query(sol, c->ee, c->q, &p);
            char what[256];
            snprintf(what, sizeof what, "%s on '%s'", sol->name, c->name);
            assert_well_formed(&r, what);
            cr_assert_neq(r.state, CCDB_FAILED, "%s: FAILED", what);
            if (c->hit) {
                cr_assert(is_hit(&r), "%s: expected a hit, got state %d", what, (int)r.state);
                if (cons)
                    cr_assert(r.toi <= toi_upper(c->toi), "%s: toi %.17g later than exact %.17g",
                              what, r.toi, c->toi);
                if (tight)
                    cr_assert(r.toi >= c->toi - 4 * p.delta,
                              "%s: toi %.17g too early (exact %.17g)", what, r.toi, c->toi);
                else
                    cr_assert(fabs(r.toi - c->toi) <= 1e-3, "%s: toi %.17g far from exact %.17g",
                              what, r.toi, c->toi);
            } else if (!strstr(c->name, "coplanar") || tight) {
                cr_assert_eq(r.state, CCDB_MISS, "%s: expected a miss, got state %d toi %.17g",
                             what, (int)r.state, r.toi);
            }
        }
    }
}

Test(inclusion_known, degenerate_hits_no_false_negative)
{
    ccdb_params p = ccdb_params_default();
    for (size_t s = 0; s < 2; ++s) {
        const ccdb_solver *sol = find_solver(conservative[s]);
        for (size_t k = 0; k < N_DEGENERATE; ++k) {
            const known_case *c = &degenerate_hits[k];
            ccdb_result r = run_query(sol, c->ee, c->q, &p);
            char what[256];
            snprintf(what, sizeof what, "%s on '%s'", sol->name, c->name);
            assert_well_formed(&r, what);
            cr_assert(is_hit(&r), "%s: false negative (state %d)", what, (int)r.state);
            cr_assert(r.toi <= toi_upper(c->toi), "%s: toi %.17g later than exact %.17g", what,
                      r.toi, c->toi);
        }
    }
}

/* The same degenerate hits moved by dyadic translations and swapped axes stay hits. */
Test(inclusion_known, degenerate_hits_transformed)
{
    static const double shifts[] = { -3.5, 0.0, 0.125, 17.0 };
    static const int perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                     { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    ccdb_params p = ccdb_params_default();
    for (size_t s = 0; s < 2; ++s) {
        const ccdb_solver *sol = find_solver(conservative[s]);
        for (size_t k = 0; k < N_DEGENERATE; ++k)
            for (int pi = 0; pi < 6; ++pi)
                for (int si = 0; si < 4; ++si) {
                    const known_case *c = &degenerate_hits[k];
                    double q[8][3];
                    for (int r = 0; r < 8; ++r)
                        for (int i = 0; i < 3; ++i)
                            q[r][perms[pi][i]] = c->q[r][i] + shifts[si] * (i + 1);
                    ccdb_result r = run_query(sol, c->ee, q, &p);
                    cr_assert(is_hit(&r), "%s on '%s' (perm %d shift %g): false negative",
                              sol->name, c->name, pi, shifts[si]);
                    cr_assert(r.toi <= toi_upper(c->toi), "%s on '%s': toi %.17g > exact %.17g",
                              sol->name, c->name, r.toi, c->toi);
                }
    }
}

/* The iteration cap: a tiny cap ends with GAVE_UP (a hit) and a TOI still <= the exact one. */
Test(inclusion_known, cap_gives_up_conservatively)
{
    ccdb_params p = ccdb_params_default();
    p.max_iterations = 3;
    for (size_t s = 0; s < 2; ++s) {
        const ccdb_solver *sol = find_solver(conservative[s]);
        for (size_t k = 0; k < N_KNOWN; ++k) {
            const known_case *c = &known_cases[k];
            ccdb_result r = run_query(sol, c->ee, c->q, &p);
            assert_well_formed(&r, c->name);
            cr_assert(r.work <= 3, "%s on '%s': work %lld beyond the cap", sol->name, c->name,
                      r.work);
            if (c->hit) {
                cr_assert(is_hit(&r), "%s on '%s': capped run missed", sol->name, c->name);
                cr_assert(r.toi <= toi_upper(c->toi), "%s on '%s': capped toi %.17g > %.17g",
                          sol->name, c->name, r.toi, c->toi);
            }
        }
    }
}

/* Non-finite input: FAILED, never a miss. Huge coordinates: never a silent miss or NaN TOI. */
Test(inclusion_known, bad_and_huge_inputs)
{
    ccdb_params p = ccdb_params_default();
    for (size_t s = 0; s < 3; ++s) {
        const ccdb_solver *sol = find_solver(all_solvers[s]);
        known_case c = known_cases[3]; /* the mid-step hit */
        c.q[0][0] = NAN;
        ccdb_result r = run_query(sol, 0, c.q, &p);
        cr_assert_eq(r.state, CCDB_FAILED, "%s: NaN input gave state %d", sol->name, (int)r.state);
        c.q[0][0] = INFINITY;
        r = run_query(sol, 0, c.q, &p);
        cr_assert_eq(r.state, CCDB_FAILED, "%s: inf input gave state %d", sol->name, (int)r.state);
    }
    /* The mid-step hit scaled by 2^1000 (about 1e301): still a hit, TOI 0.375 or earlier. */
    for (size_t s = 0; s < 2; ++s) {
        const ccdb_solver *sol = find_solver(conservative[s]);
        known_case c = known_cases[3];
        for (int r = 0; r < 8; ++r)
            for (int i = 0; i < 3; ++i)
                c.q[r][i] *= 0x1p1000;
        ccdb_result r = run_query(sol, 0, c.q, &p);
        assert_well_formed(&r, sol->name);
        cr_assert(is_hit(&r), "%s: huge-coordinate hit missed (state %d)", sol->name, (int)r.state);
        cr_assert(r.toi <= 0.375, "%s: toi %.17g", sol->name, r.toi);
        /* Scaled by 2^290 (inside the range the bounds accept, but where degree-4 interval
         * products overflow): still a hit no later than 0.375. */
        c = known_cases[3];
        for (int k = 0; k < 8; ++k)
            for (int i = 0; i < 3; ++i)
                c.q[k][i] *= 0x1p290;
        r = run_query(sol, 0, c.q, &p);
        assert_well_formed(&r, sol->name);
        cr_assert(is_hit(&r) && r.toi <= 0.375, "%s: 2^290-scaled hit: state %d toi %.17g",
                  sol->name, (int)r.state, r.toi);
        c = known_cases[10]; /* the edge-edge crossing */
        for (int k = 0; k < 8; ++k)
            for (int i = 0; i < 3; ++i)
                c.q[k][i] *= 0x1p290;
        r = run_query(sol, 1, c.q, &p);
        assert_well_formed(&r, sol->name);
        cr_assert(is_hit(&r) && r.toi <= 0.5, "%s: 2^290-scaled EE hit: state %d toi %.17g",
                  sol->name, (int)r.state, r.toi);
        /* and a huge clear miss is still a miss (exact box test) */
        known_case m = known_cases[1];
        for (int k = 0; k < 8; ++k)
            for (int i = 0; i < 3; ++i)
                m.q[k][i] *= 0x1p1000;
        r = run_query(sol, 0, m.q, &p);
        cr_assert_eq(r.state, CCDB_MISS, "%s: huge clear miss gave state %d", sol->name,
                     (int)r.state);
    }
}
