/* test_vs_truth.c — every solver against the exact ground truth (ground_truth/include/ccdb_truth.h) on
 * deterministic near-contact queries: touching exactly, missing by a hair, passing through at a
 * random time, at scales from 2^-40 to 2^40 with offsets. A solver claiming to be conservative
 * must have no false negative and never report a TOI after the exact bracket's upper end; the
 * others are only counted (logged). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_registry.h"
#include "ccdb_truth.h"
#include "prng.h" /* ccdb_splitmix64 */
#include "solver_cases.h"

#define N_NEAR 1500 /* per kind */

static uint64_t rng_state;

static double uniform(void) /* [0, 1) */
{
    return (double)(ccdb_splitmix64(&rng_state) >> 11) / 9007199254740992.0;
}

static double pick(const double *v, size_t n)
{
    return v[ccdb_splitmix64(&rng_state) % n];
}

/* One near-contact query: the primitives' chosen points meet (up to `gap` along a random
 * direction) at time ts. VF: point vs triangle; EE: edge vs edge. */
static void near_query(double q[8][3], int vf)
{
    static const double gaps[] = { 0, 0, 0, 1e-300, 1e-17, 1e-12, 1e-9, -1e-12, 1e-6, 1e-3 };
    static const double times[] = { 0, 1, 0.5, 0.25, 0.1, 0.9 };
    static const double params[] = { 0, 1, 0.5, 0.25 }; /* on edges and corners too */
    double ts =
        ccdb_splitmix64(&rng_state) % 3 ? uniform() : pick(times, sizeof times / sizeof times[0]);
    double gap = pick(gaps, sizeof gaps / sizeof gaps[0]);
    double scale = ldexp(1.0, (int)(ccdb_splitmix64(&rng_state) % 81) - 40);
    double off = ccdb_splitmix64(&rng_state) % 2
                     ? 0
                     : ldexp(uniform(), (int)(ccdb_splitmix64(&rng_state) % 20));
    double x0[4][3], v[4][3];
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            x0[i][k] = uniform() * 2 - 1;
            v[i][k] = (uniform() * 2 - 1) * (ccdb_splitmix64(&rng_state) % 4 ? 1 : 100);
        }
    /* the meeting point of the second primitive at ts */
    double a = ccdb_splitmix64(&rng_state) % 3 ? uniform() : pick(params, 4);
    double b = ccdb_splitmix64(&rng_state) % 3 ? uniform() : pick(params, 4);
    double target[3], dir[3];
    for (int k = 0; k < 3; k++) {
        double p1 = x0[1][k] + ts * v[1][k], p2 = x0[2][k] + ts * v[2][k];
        double p3 = x0[3][k] + ts * v[3][k];
        if (vf) {
            if (a + b > 1) {
                a = 1 - a;
                b = 1 - b;
            }
            target[k] = p1 + a * (p2 - p1) + b * (p3 - p1);
        } else {
            target[k] = p2 + b * (p3 - p2);
        }
        dir[k] = uniform() * 2 - 1;
    }
    if (vf) { /* the point passes through target (+ gap) at ts */
        for (int k = 0; k < 3; k++)
            x0[0][k] = target[k] + gap * dir[k] - ts * v[0][k];
    } else { /* edge A's point at parameter a passes through target at ts */
        for (int k = 0; k < 3; k++) {
            double pa = x0[0][k] + ts * v[0][k], pb = x0[1][k] + ts * v[1][k];
            double shift = target[k] + gap * dir[k] - (pa + a * (pb - pa));
            x0[0][k] += shift;
            x0[1][k] += shift;
        }
    }
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            q[i][k] = x0[i][k] * scale + off;
            q[i + 4][k] = (x0[i][k] + v[i][k]) * scale + off;
        }
}

ParameterizedTestParameters(vs_truth, near_contacts)
{
    return every_builtin_solver(); /* the linear ones */
}

ParameterizedTest(size_t *i, vs_truth, near_contacts)
{
    hang_guard(900);
    size_t n;
    const ccdb_solver *s = ccdb_registry_builtin(&n)[*i];
    ccdb_truth *truth = ccdb_truth_new();
    cr_assert(truth);
    ccdb_params p = ccdb_params_default();
    void *state = s->create ? s->create(&p) : NULL;
    int conservative = (s->flags & CCDB_CLAIM_CONSERVATIVE) != 0;
    for (int vf = 1; vf >= 0; vf--) {
        rng_state = 20261122u + (unsigned)vf;
        size_t pos = 0, fn = 0, fp = 0, late = 0;
        for (size_t j = 0; j < N_NEAR; j++) {
            double q[8][3];
            near_query(q, vf);
            ccdb_truth_result t;
            (vf ? ccdb_truth_vf : ccdb_truth_ee)(truth, (const double(*)[3])q, &t);
            ccdb_result r = run_query(s, state, vf, (const double(*)[3])q, &p);
            cr_expect(result_problem(&r)[0] == '\0', "%s: %s", s->name, result_problem(&r));
            int hit = r.state == CCDB_HIT || r.state == CCDB_GAVE_UP;
            pos += t.hit;
            fn += t.hit && !hit && r.state != CCDB_FAILED;
            fp += !t.hit && hit;
            if (t.hit && hit && r.toi > t.toi_hi)
                late++;
            if (conservative && t.hit && !hit)
                cr_expect(0,
                          "%s (conservative) misses %s near-contact query %zu (%s; exact TOI "
                          "in [%.17g, %.17g], class %s)",
                          s->name, vf ? "VF" : "EE", j, ccdb_state_name(r.state), t.toi_lo,
                          t.toi_hi, ccdb_truth_class_name(t.cls));
            if (conservative && t.hit && hit && r.toi > t.toi_hi)
                cr_expect(0,
                          "%s (conservative) reports toi %.17g after the exact TOI <= %.17g on "
                          "%s near-contact query %zu",
                          s->name, r.toi, t.toi_hi, vf ? "VF" : "EE", j);
        }
        cr_log_info("%s %s: %zu near-contact queries, %zu collisions: %zu FN, %zu FP, %zu TOI "
                    "after the exact one",
                    s->name, vf ? "VF" : "EE", (size_t)N_NEAR, pos, fn, fp, late);
        cr_expect(pos > N_NEAR / 5 && pos < N_NEAR - N_NEAR / 20,
                  "the generator should give a mix of hits and misses (%zu of %d)", pos, N_NEAR);
    }
    if (s->destroy)
        s->destroy(state);
    ccdb_truth_free(truth);
}
