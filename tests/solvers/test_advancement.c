/* test_advancement.c — conservative_advancement keeps its claim in floating point. The queries
 * below are the built-in suite's (`scaled` family, coordinates near 2^45..2^49) on which the
 * plain-double version missed a contact (2) or reported a TOI after the exact one (1): its
 * rounded distance was off by more than delta, so a step passed the contact. Each must now be a
 * hit (or GAVE_UP) at or before the exact TOI. Also: the claim is made, and the iteration cap
 * answers GAVE_UP at a time that is still safe. */
#include <criterion/criterion.h>

#include "ccdb_solver.h"
#include "ccdb_truth.h"
#include "solver_cases.h"

extern const ccdb_solver ccdb_solver_conservative_advancement;

typedef struct ca_case {
    int vf;
    double q[8][3];
} ca_case;

static const ca_case missed[] = {
    /* VF, missed */
    { 1,
      { { 31250182045696, -60507499266048, 65558380806144 },
        { 31181462568960, -60301340835840, 65764539236352 },
        { 30855045054464, -60301340835840, 65936337928192 },
        { 31181462568960, -60301340835840, 65936337928192 },
        { 30803505446912, -60284160966656, 65798898974720 },
        { 31129922961408, -60284160966656, 65627100282880 },
        { 30803505446912, -60284160966656, 65798898974720 },
        { 31129922961408, -60284160966656, 65798898974720 } } },
    /* VF, a TOI after the exact one */
    { 1,
      { { 337275191820288, 561300685979648, 51402168598528 },
        { 342222994145280, 561300685979648, 51402168598528 },
        { 332327389495296, 573670191792128, 46454366273536 },
        { 329853488332800, 571196290629632, 48928267436032 },
        { 346071284842496, 562675075514368, 51402168598528 },
        { 341123482517504, 562675075514368, 51402168598528 },
        { 331227877867520, 565148976676864, 46454366273536 },
        { 328753976705024, 572570680164352, 39032662786048 } } },
    /* EE, missed */
    { 0,
      { { -6461778296832, 30064771072, 1524713390080 },
        { -6362994049024, -42949672960, 1378684502016 },
        { -6371583983616, -30064771072, 1387274436608 },
        { -6302864506880, -167503724544, 1387274436608 },
        { -6496138035200, 77309411328, 1533303324672 },
        { -6328634310656, -12884901888, 1352914698240 },
        { -6354404114432, -17179869184, 1395864371200 },
        { -6285684637696, -154618822656, 1395864371200 } } },
};

#define NCASES (sizeof missed / sizeof missed[0])

static ccdb_truth_result exact(ccdb_truth *judge, const ca_case *c)
{
    ccdb_truth_result t;
    (c->vf ? ccdb_truth_vf : ccdb_truth_ee)(judge, c->q, &t);
    return t;
}

Test(advancement, claims_conservative)
{
    cr_assert(ccdb_solver_conservative_advancement.flags & CCDB_CLAIM_CONSERVATIVE);
}

Test(advancement, former_misses_are_hits_not_late)
{
    ccdb_truth *judge = ccdb_truth_new();
    cr_assert_not_null(judge);
    ccdb_params p = ccdb_params_default();
    for (size_t i = 0; i < NCASES; i++) {
        ccdb_truth_result t = exact(judge, &missed[i]);
        cr_assert(t.hit, "case %zu: the exact judge says hit", i);
        ccdb_result r =
            run_query(&ccdb_solver_conservative_advancement, NULL, missed[i].vf, missed[i].q, &p);
        cr_assert_str_empty(result_problem(&r), "case %zu: %s", i, result_problem(&r));
        cr_assert(r.state == CCDB_HIT || r.state == CCDB_GAVE_UP, "case %zu: state %s", i,
                  ccdb_state_name(r.state));
        cr_assert(r.toi <= t.toi_hi, "case %zu: toi %.17g after the exact [%.17g, %.17g]", i, r.toi,
                  t.toi_lo, t.toi_hi);
    }
    ccdb_truth_free(judge);
}

/* The cap: with at most k steps the answer is GAVE_UP (or an earlier HIT) at a time not after
 * the contact, for every k up to the uncapped step count. */
Test(advancement, iteration_cap_gives_a_safe_time)
{
    ccdb_truth *judge = ccdb_truth_new();
    cr_assert_not_null(judge);
    for (size_t i = 0; i < NCASES; i++) {
        ccdb_truth_result t = exact(judge, &missed[i]);
        ccdb_params p = ccdb_params_default();
        ccdb_result full =
            run_query(&ccdb_solver_conservative_advancement, NULL, missed[i].vf, missed[i].q, &p);
        cr_assert(full.work >= 2, "case %zu takes more than one step (%lld)", i, full.work);
        for (long k = 0; k < full.work - 1 && k < 64; k++) {
            p.max_iterations = k;
            ccdb_result r = run_query(&ccdb_solver_conservative_advancement, NULL, missed[i].vf,
                                      missed[i].q, &p);
            cr_assert(r.state == CCDB_GAVE_UP || r.state == CCDB_HIT, "case %zu cap %ld: %s", i, k,
                      ccdb_state_name(r.state));
            cr_assert(r.toi <= t.toi_hi && r.toi <= full.toi, "case %zu cap %ld: toi %.17g", i, k,
                      r.toi);
            cr_assert(r.work <= k + 1, "case %zu cap %ld: %lld distance bounds", i, k, r.work);
        }
    }
    ccdb_truth_free(judge);
}
