/* test_conformance.c — every registered built-in solver (including those added later) answers
 * well-formed, deterministic results and neither crashes nor hangs on degenerate and extreme
 * inputs. The per-test alarm (hang_guard) is a hang guard only, never a speed threshold. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>

#include "ccdb_registry.h"
#include "solver_cases.h"

#define N_RANDOM 400

ParameterizedTestParameters(conformance, degenerate)
{
    return every_builtin_solver();
}

/* Runs q as VF and as EE, three times each (state reused, then a fresh state): well-formed and
 * identical every time. */
static void check_query(const ccdb_solver *s, void *st, const double q[8][3], const char *what,
                        const ccdb_params *p)
{
    for (int vf = 1; vf >= 0; vf--) {
        ccdb_result r1 = run_query(s, st, vf, q, p);
        ccdb_result r2 = run_query(s, st, vf, q, p);
        void *st2 = s->create ? s->create(p) : NULL;
        ccdb_result r3 = run_query(s, st2, vf, q, p);
        if (s->destroy)
            s->destroy(st2);
        const char *bad = result_problem(&r1);
        cr_expect(bad[0] == '\0', "%s %s on '%s': %s", s->name, vf ? "VF" : "EE", what, bad);
        cr_expect(same_result(&r1, &r2) && same_result(&r1, &r3),
                  "%s %s on '%s' is not deterministic: %s/%.17g/%lld vs %s/%.17g/%lld vs "
                  "%s/%.17g/%lld",
                  s->name, vf ? "VF" : "EE", what, ccdb_state_name(r1.state), r1.toi, r1.work,
                  ccdb_state_name(r2.state), r2.toi, r2.work, ccdb_state_name(r3.state), r3.toi,
                  r3.work);
    }
}

ParameterizedTest(size_t *i, conformance, degenerate)
{
    hang_guard(300);
    size_t n;
    const ccdb_solver *s = ccdb_registry_builtin(&n)[*i];
    ccdb_params p = ccdb_params_default();
    void *st = s->create ? s->create(&p) : NULL;
    double q[32][8][3];
    const char *names[32];
    size_t nq = degenerate_queries(q, names, 32);
    cr_assert(nq > 10);
    for (size_t j = 0; j < nq; j++)
        check_query(s, st, (const double(*)[3])q[j], names[j], &p);
    /* the same with a non-zero minimum separation and a coarse delta */
    p.min_separation = 1e-3;
    p.delta = 1e-2;
    for (size_t j = 0; j < nq; j++)
        check_query(s, st, (const double(*)[3])q[j], names[j], &p);
    if (s->destroy)
        s->destroy(st);
}

ParameterizedTestParameters(conformance, random_magnitudes)
{
    return every_builtin_solver();
}

ParameterizedTest(size_t *i, conformance, random_magnitudes)
{
    hang_guard(600);
    size_t n;
    const ccdb_solver *s = ccdb_registry_builtin(&n)[*i];
    ccdb_params p = ccdb_params_default();
    /* a lower cap keeps queries that legitimately run to it short: this tests form, not speed */
    p.max_iterations = 10000;
    void *st = s->create ? s->create(&p) : NULL;
    double(*q)[8][3] = malloc(N_RANDOM * sizeof *q);
    cr_assert(q);
    random_queries(q, N_RANDOM, 20261122);
    char what[64];
    for (size_t j = 0; j < N_RANDOM; j++) {
        snprintf(what, sizeof what, "random query %zu (seed 20261122)", j);
        check_query(s, st, (const double(*)[3])q[j], what, &p);
    }
    free(q);
    if (s->destroy)
        s->destroy(st);
}

ParameterizedTestParameters(conformance, iteration_cap_one)
{
    return every_builtin_solver();
}

/* With a cap of 1 (or 0), a solver must still answer well-formed: GAVE_UP is fine. */
ParameterizedTest(size_t *i, conformance, iteration_cap_one)
{
    hang_guard(60);
    size_t n;
    const ccdb_solver *s = ccdb_registry_builtin(&n)[*i];
    known_case c[32];
    size_t nc = known_cases(c, 32);
    for (long cap = 0; cap <= 1; cap++) {
        ccdb_params p = ccdb_params_default();
        p.max_iterations = cap;
        void *st = s->create ? s->create(&p) : NULL;
        for (size_t j = 0; j < nc; j++) {
            ccdb_result r = run_query(s, st, c[j].vf, (const double(*)[3])c[j].q, &p);
            const char *bad = result_problem(&r);
            cr_expect(bad[0] == '\0', "%s %s '%s' with max_iterations %ld: %s", s->name,
                      c[j].vf ? "VF" : "EE", c[j].name, cap, bad);
        }
        if (s->destroy)
            s->destroy(st);
    }
}
