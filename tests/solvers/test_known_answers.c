/* test_known_answers.c — per solver, queries whose exact answer is known by construction:
 * the bullet through a thin wall (discrete misses it, every real CCD method must hit it), a
 * clear miss everyone gets right, hits with known TOI (TOI-reporting solvers within tolerance;
 * conservative ones never later than the true TOI), contact at t=0 and t=1, min separation. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <string.h>

#include "ccdb_registry.h"
#include "solver_cases.h"

/* Loose on purpose: these cases are well-conditioned, and every method here resolves the TOI
 * to about delta = 1e-6; a wrong root or a wrong bracket is off by far more. */
#define TOI_TOLERANCE 1e-4

ParameterizedTestParameters(known_answers, all)
{
    return every_builtin_solver();
}

ParameterizedTest(size_t *i, known_answers, all)
{
    hang_guard(60);
    size_t n;
    const ccdb_solver *s = ccdb_registry_builtin(&n)[*i];
    int is_null = !strcmp(s->name, "null"), is_discrete = !strcmp(s->name, "discrete");
    known_case c[32];
    size_t nc = known_cases(c, 32);
    cr_assert(nc >= 10);
    for (size_t j = 0; j < nc; j++) {
        const known_case *k = &c[j];
        if (k->min_sep > 0 && !(s->flags & CCDB_CLAIM_MIN_SEPARATION))
            continue; /* no expectation from a solver that does not claim min separation */
        ccdb_params p = ccdb_params_default();
        p.min_separation = k->min_sep;
        void *st = s->create ? s->create(&p) : NULL;
        ccdb_result r = run_query(s, st, k->vf, (const double(*)[3])k->q, &p);
        if (s->destroy)
            s->destroy(st);
        const char *kind = k->vf ? "VF" : "EE";
        cr_expect(result_problem(&r)[0] == '\0', "%s %s '%s': %s", s->name, kind, k->name,
                  result_problem(&r));

        int expect_hit = k->hit;
        if (is_null)
            expect_hit = 0; /* claims nothing, answers miss */
        else if (is_discrete)
            expect_hit = k->at_ends; /* only sees the ends */
        int got_hit = r.state == CCDB_HIT || r.state == CCDB_GAVE_UP;
        cr_expect(got_hit == expect_hit, "%s %s '%s': expected %s, got %s (toi %.17g)", s->name,
                  kind, k->name, expect_hit ? "hit" : "miss", ccdb_state_name(r.state), r.toi);
        if (!got_hit || !k->hit)
            continue;
        if (s->flags & CCDB_CLAIM_REPORTS_TOI)
            cr_expect(fabs(r.toi - k->toi) <= TOI_TOLERANCE,
                      "%s %s '%s': toi %.17g, true TOI %.17g", s->name, kind, k->name, r.toi,
                      k->toi);
        if (s->flags & CCDB_CLAIM_CONSERVATIVE) {
            /* 2/3 is not a double: the true TOI lies within one ulp of k->toi */
            double bound = k->toi == 2.0 / 3.0 ? nextafter(k->toi, 1.0) : k->toi;
            cr_expect(r.toi <= bound, "%s %s '%s' claims conservative: toi %.17g after %.17g",
                      s->name, kind, k->name, r.toi, k->toi);
        }
    }
}

/* The tunneling baseline really is one: discrete misses the bullet that the others catch. */
Test(known_answers, discrete_tunnels_others_do_not)
{
    size_t n;
    const ccdb_solver *const *b = ccdb_registry_builtin(&n);
    known_case c[32];
    size_t nc = known_cases(c, 32);
    int checked = 0;
    for (size_t j = 0; j < nc; j++) {
        if (strcmp(c[j].name, "bullet through thin wall"))
            continue;
        for (size_t i = 0; i < n; i++) {
            if (!b[i]->vertex_face) /* rigid-only */
                continue;
            ccdb_params p = ccdb_params_default();
            void *st = b[i]->create ? b[i]->create(&p) : NULL;
            ccdb_result r = run_query(b[i], st, c[j].vf, (const double(*)[3])c[j].q, &p);
            if (b[i]->destroy)
                b[i]->destroy(st);
            int hit = r.state == CCDB_HIT || r.state == CCDB_GAVE_UP;
            if (!strcmp(b[i]->name, "discrete")) {
                cr_expect(!hit, "discrete should tunnel through the wall (%s)",
                          c[j].vf ? "VF" : "EE");
                checked++;
            } else if (strcmp(b[i]->name, "null")) {
                cr_expect(hit, "%s misses the bullet (%s)", b[i]->name, c[j].vf ? "VF" : "EE");
                checked++;
            }
        }
    }
    cr_expect(checked >= 4, "the bullet case and the discrete solver must exist");
}
