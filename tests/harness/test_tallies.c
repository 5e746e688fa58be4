/* test_tallies.c — runner + tallies on hand-built data with a scripted fake solver: each
 * outcome is constructed on purpose, so the expected counts follow from the construction. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_runner.h"
#include "ccdb_tallies.h"
#include "fake.h"

/* One case: what the truth says, what the solver answers. */
typedef struct hand_case {
    int hit;
    double lo, hi;
    ccdb_truth_class cls;
    ccdb_state said;
    double toi;
    long long work;
} hand_case;

static const hand_case cases[] = {
    /* TP, exact TOI reported */
    { 1, 0.25, 0.25, CCDB_CLASS_GENERIC, CCDB_HIT, 0.25, 3 },
    /* TP, early TOI (conservative): error 0.5 - 0.125 = 0.375 */
    { 1, 0.5, 0.5000000001, CCDB_CLASS_GENERIC, CCDB_HIT, 0.125, 4 },
    /* TP, late TOI: violation (0.75 > toi_hi 0.5) */
    { 1, 0.5, 0.5, CCDB_CLASS_COPLANAR, CCDB_HIT, 0.75, 5 },
    /* TP through GAVE_UP */
    { 1, 0.5, 0.5, CCDB_CLASS_COPLANAR, CCDB_GAVE_UP, 0.0, 1000 },
    /* FN */
    { 1, 0.0, 0.0, CCDB_CLASS_CONTACT_T0, CCDB_MISS, 0.0, 1 },
    /* FP, and FP through GAVE_UP */
    { 0, 0, 0, CCDB_CLASS_GENERIC, CCDB_HIT, 0.5, 2 },
    { 0, 0, 0, CCDB_CLASS_TANGENT, CCDB_GAVE_UP, 0.5, 1000 },
    /* TN x2 */
    { 0, 0, 0, CCDB_CLASS_GENERIC, CCDB_MISS, 0, 1 },
    { 0, 0, 0, CCDB_CLASS_COPLANAR, CCDB_MISS, 0, 1 },
    /* FAILED on a true hit: not a miss */
    { 1, 0.5, 0.5, CCDB_CLASS_GENERIC, CCDB_FAILED, 0, 7 },
};
#define NCASES (sizeof cases / sizeof cases[0])

static void build(ccdb_dataset *ds, ccdb_truth_result *truth, size_t copies)
{
    cr_assert_eq(ccdb_dataset_init(ds, "hand", CCDB_KIND_VF, NCASES * copies), 0);
    for (size_t i = 0; i < NCASES * copies; i++) {
        const hand_case *c = &cases[i % NCASES];
        fake_script(ds->q[i], c->said, c->toi, c->work);
        ds->q[i][0][0] = (double)i; /* make queries distinct */
        truth[i] = fake_truth(c->hit, c->lo, c->hi, c->cls);
    }
}

static ccdb_run_config config(int repeat, int threads)
{
    ccdb_run_config c = { ccdb_params_default(), repeat, threads, 0 };
    return c;
}

Test(tallies, hand_built_outcomes)
{
    ccdb_dataset ds;
    ccdb_truth_result truth[NCASES];
    build(&ds, truth, 1);
    ccdb_solver_run run;
    ccdb_run_config cfg = config(2, 1);
    cr_assert_eq(
        ccdb_runner_run(&fake_scripted, ds.kind, (const double(*)[8][3])ds.q, ds.count, &cfg, &run),
        0);
    cr_assert_eq(run.status, CCDB_RUN_OK);
    ccdb_tally all, by[CCDB_CLASS_COUNT];
    ccdb_tally_results(truth, run.results, ds.count, fake_scripted.flags, fake_scripted.abi_version,
                       &all, by);

    /* Expected from the construction above, case by case. */
    long long tp = 0, fp = 0, fn = 0, tn = 0, failed = 0, late = 0, gave = 0, pos = 0, work = 0;
    double errmax = -INFINITY;
    for (size_t i = 0; i < NCASES; i++) {
        const hand_case *c = &cases[i];
        int said = c->said == CCDB_HIT || c->said == CCDB_GAVE_UP;
        pos += c->hit;
        work += c->work;
        gave += c->said == CCDB_GAVE_UP;
        if (c->said == CCDB_FAILED)
            failed++;
        else if (c->hit && said) {
            tp++;
            late += c->toi > c->hi;
            errmax = fmax(errmax, c->lo - c->toi);
        } else if (c->hit)
            fn++;
        else if (said)
            fp++;
        else
            tn++;
    }
    cr_assert_eq(all.queries, (long long)NCASES);
    cr_assert_eq(all.tp, tp);
    cr_assert_eq(all.fp, fp);
    cr_assert_eq(all.fn, fn);
    cr_assert_eq(all.tn, tn);
    cr_assert_eq(all.failed, failed);
    cr_assert_eq(all.gave_up, gave);
    cr_assert_eq(all.toi_violations, late);
    cr_assert_eq(all.positives, pos);
    cr_assert_eq(all.work, work);
    cr_assert_eq(all.toi_err_max, errmax);
    /* And the literal construction, so a shared mistake in the loop above cannot hide. */
    cr_assert_eq(tp, 4);
    cr_assert_eq(fn, 1);
    cr_assert_eq(fp, 2);
    cr_assert_eq(tn, 2);
    cr_assert_eq(failed, 1);
    cr_assert_eq(late, 1);
    cr_assert_eq(errmax, 0.5); /* the GAVE_UP at toi 0 on a TOI of 0.5 */

    /* Class rows add up to the "all" row. */
    long long sum_q = 0, sum_tp = 0, sum_fn = 0;
    for (int c = 0; c < CCDB_CLASS_COUNT; c++) {
        sum_q += by[c].queries;
        sum_tp += by[c].tp;
        sum_fn += by[c].fn;
    }
    cr_assert_eq(sum_q, all.queries);
    cr_assert_eq(sum_tp, all.tp);
    cr_assert_eq(sum_fn, all.fn);
    cr_assert_eq(by[CCDB_CLASS_CONTACT_T0].fn, 1);
    cr_assert_eq(by[CCDB_CLASS_COPLANAR].toi_violations, 1);
    cr_assert(isnan(by[CCDB_CLASS_TANGENT].toi_err_max), "no TP in the tangent class");
    ccdb_solver_run_free(&run);
    ccdb_dataset_free(&ds);
}

Test(tallies, nan_toi_is_a_violation)
{
    ccdb_truth_result t = fake_truth(1, 0.5, 0.5, CCDB_CLASS_GENERIC);
    ccdb_result r = { CCDB_HIT, NAN, 0 };
    cr_assert_eq(ccdb_toi_violation(&t, &r), 1);
    ccdb_result bad = { (ccdb_state)42, 0.5, 0 };
    cr_assert_eq(ccdb_outcome_of(&t, &bad, CCDB_SOLVER_ABI), CCDB_OUT_FAILED,
                 "a malformed state is a failure");
}

/* Issue 10, reproduction 6: answers that break the contract are counted in their own column
 * and otherwise tallied as they read, never silently folded into FP/FN/failed. */
Test(tallies, contract_violations_counted_apart)
{
    enum { N = 7 };
    ccdb_truth_result truth[N];
    ccdb_result res[N] = {
        { CCDB_HIT, -1.0, 1 },      /* truth hit: a TP, not late, a violation */
        { CCDB_HIT, 2.0, 1 },       /* truth hit: a TP, late, a violation */
        { CCDB_GAVE_UP, NAN, 1 },   /* truth hit: a TP, late (NaN), a violation */
        { CCDB_HIT, -INFINITY, 1 }, /* truth miss: an FP, a violation */
        { (ccdb_state)7, 0.0, 1 },  /* truth hit: FAILED (never a miss), a violation */
        { CCDB_MISS, 0.0, -5 },     /* truth miss: a TN, negative work not summed */
        { CCDB_HIT, 0.25, 1 },      /* truth hit: a well-formed TP, 0.25 early */
    };
    const int hit[N] = { 1, 1, 1, 0, 1, 0, 1 };
    for (int i = 0; i < N; i++)
        truth[i] = fake_truth(hit[i], 0.5, 0.5, CCDB_CLASS_GENERIC);
    ccdb_tally all, by[CCDB_CLASS_COUNT];
    ccdb_tally_results(truth, res, N, CCDB_CLAIM_REPORTS_TOI, CCDB_SOLVER_ABI, &all, by);
    cr_assert_eq(all.violations, 6);
    cr_assert_eq(all.tp, 4);
    cr_assert_eq(all.fp, 1);
    cr_assert_eq(all.tn, 1);
    cr_assert_eq(all.fn, 0);
    cr_assert_eq(all.failed, 1);
    cr_assert_eq(all.toi_violations, 2, "2 and NaN are late; -1 is not");
    cr_assert_eq(all.toi_err_max, 0.25, "the error of TOIs in [0,1] only (not 0.5 - (-1))");
    cr_assert_eq(all.work, 6, "the -5 is not summed");
    cr_assert_eq(by[CCDB_CLASS_GENERIC].violations, 6);
    for (int i = 0; i < N; i++)
        cr_assert_eq(ccdb_contract_violation(&res[i], CCDB_SOLVER_ABI), i != 6, "answer %d", i);
    /* Findings: late or outside [0,1], the well-formed answers not. */
    const int finding[N] = { 1, 1, 1, 1, 0, 0, 0 };
    for (int i = 0; i < N; i++)
        cr_assert_eq(ccdb_toi_finding(&truth[i], &res[i], CCDB_CLAIM_REPORTS_TOI), finding[i],
                     "answer %d", i);

    /* A solver that does not claim to report TOIs gets no TOI figure; its TOI outside [0,1]
     * is still a contract violation and a finding, a late one in [0,1] is neither. */
    ccdb_result late = { CCDB_HIT, 0.75, 0 };
    ccdb_tally_results(truth, res, N, 0, CCDB_SOLVER_ABI, &all, by);
    cr_assert_eq(all.toi_violations, 0);
    cr_assert(isnan(all.toi_err_max));
    cr_assert_eq(all.violations, 6);
    cr_assert_eq(ccdb_toi_finding(&truth[0], &late, 0), 0);
    cr_assert_eq(ccdb_toi_finding(&truth[0], &late, CCDB_CLAIM_REPORTS_TOI), 1);
    cr_assert_eq(ccdb_toi_finding(&truth[0], &res[1], 0), 1);
}

/* ABI 4: CCDB_OUTSIDE_MODEL is its own outcome and column, never a hit, miss, failure or
 * contract violation; from an older entry (ABI 3) the same state 4 breaks the contract. */
Test(tallies, outside_model_counted_apart)
{
    enum { N = 4 };
    ccdb_truth_result truth[N];
    const ccdb_result res[N] = {
        { CCDB_OUTSIDE_MODEL, 0.0, 0 }, /* truth hit */
        { CCDB_OUTSIDE_MODEL, 0.0, 0 }, /* truth miss */
        { CCDB_HIT, 0.5, 0 },           /* truth hit: TP */
        { CCDB_MISS, 0.0, 0 },          /* truth miss: TN */
    };
    const int hit[N] = { 1, 0, 1, 0 };
    for (int i = 0; i < N; i++)
        truth[i] = fake_truth(hit[i], 0.5, 0.5, CCDB_CLASS_GENERIC);
    ccdb_tally all, by[CCDB_CLASS_COUNT];
    ccdb_tally_results(truth, res, N, CCDB_CLAIM_CONSERVATIVE, 4, &all, by);
    cr_assert_eq(all.queries, 4);
    cr_assert_eq(all.outside, 2);
    cr_assert_eq(all.tp + all.fp + all.fn + all.tn + all.failed, 2, "neither judged nor failed");
    cr_assert_eq(all.fn, 0, "outside the model is never a miss");
    cr_assert_eq(all.violations, 0);
    cr_assert_eq(by[CCDB_CLASS_GENERIC].outside, 2);
    cr_assert_eq(ccdb_outcome_of(&truth[0], &res[0], 4), CCDB_OUT_OUTSIDE);
    cr_assert_eq(ccdb_contract_violation(&res[0], 4), 0);

    /* The same answers from an ABI 3 entry: state 4 is out of range there. */
    ccdb_tally_results(truth, res, N, CCDB_CLAIM_CONSERVATIVE, 3, &all, by);
    cr_assert_eq(all.outside, 0);
    cr_assert_eq(all.violations, 2);
    cr_assert_eq(all.failed, 2, "a malformed state is a failure, never a miss");
    cr_assert_eq(ccdb_outcome_of(&truth[1], &res[1], 3), CCDB_OUT_FAILED);
    cr_assert_eq(ccdb_contract_violation(&res[1], 3), 1);

    ccdb_tally merged, half;
    ccdb_tally_results(truth, res, N, 0, 4, &merged, by);
    half = merged;
    ccdb_tally_merge(&merged, &half);
    cr_assert_eq(merged.outside, 4, "merged over chunks");
}

Test(runner, threads_give_identical_results_and_tallies)
{
    ccdb_dataset ds;
    size_t copies = 37; /* 370 queries: chunks of unequal size for 3 threads */
    ccdb_truth_result *truth = calloc(NCASES * copies, sizeof *truth);
    build(&ds, truth, copies);
    ccdb_solver_run one, two, three;
    ccdb_run_config c1 = config(1, 1), c2 = config(1, 2), c3 = config(1, 3);
    const double(*q)[8][3] = (const double(*)[8][3])ds.q;
    cr_assert_eq(ccdb_runner_run(&fake_scripted, ds.kind, q, ds.count, &c1, &one), 0);
    cr_assert_eq(ccdb_runner_run(&fake_scripted, ds.kind, q, ds.count, &c2, &two), 0);
    cr_assert_eq(ccdb_runner_run(&fake_scripted, ds.kind, q, ds.count, &c3, &three), 0);
    cr_assert_eq(memcmp(one.results, two.results, ds.count * sizeof *one.results), 0);
    cr_assert_eq(memcmp(one.results, three.results, ds.count * sizeof *one.results), 0);
    ccdb_tally a1, a2, b1[CCDB_CLASS_COUNT], b2[CCDB_CLASS_COUNT];
    ccdb_tally_results(truth, one.results, ds.count, fake_scripted.flags, fake_scripted.abi_version,
                       &a1, b1);
    ccdb_tally_results(truth, two.results, ds.count, fake_scripted.flags, fake_scripted.abi_version,
                       &a2, b2);
    cr_assert_eq(a1.tp, a2.tp);
    cr_assert_eq(a1.fn, a2.fn);
    cr_assert_eq(a1.fp, a2.fp);
    cr_assert_eq(a1.tn, a2.tn);
    cr_assert_eq(a1.toi_violations, a2.toi_violations);
    cr_assert_eq(a1.work, a2.work);
    cr_assert_eq(a1.fn, (long long)copies);
    ccdb_solver_run_free(&one);
    ccdb_solver_run_free(&two);
    ccdb_solver_run_free(&three);
    free(truth);
    ccdb_dataset_free(&ds);
}

Test(runner, one_state_per_thread_and_every_pass_runs)
{
    ccdb_dataset ds;
    ccdb_truth_result truth[NCASES * 4];
    build(&ds, truth, 4);
    fake_creates = fake_destroys = 0;
    fake_calls = 0;
    ccdb_solver_run run;
    ccdb_run_config cfg = config(5, 2);
    cr_assert_eq(
        ccdb_runner_run(&fake_scripted, ds.kind, (const double(*)[8][3])ds.q, ds.count, &cfg, &run),
        0);
    cr_assert_eq(fake_creates, 2);
    cr_assert_eq(fake_destroys, 2);
    /* one warm-up pass (also the per-query timing pass) plus 5 timed passes over every query */
    cr_assert_eq(fake_calls, (long long)ds.count * 6);
    cr_assert(run.ns_min <= run.ns_median && run.ns_median <= run.ns_max);
    cr_assert_not_null(run.query_ns);
    for (size_t i = 0; i < ds.count; i++)
        cr_assert(isfinite(run.query_ns[i]) && run.query_ns[i] >= 0, "query %zu", i);
    ccdb_solver_run_free(&run);
    ccdb_dataset_free(&ds);
}

Test(runner, empty_dataset)
{
    ccdb_solver_run run;
    ccdb_run_config cfg = config(3, 2);
    cr_assert_eq(ccdb_runner_run(&fake_scripted, CCDB_KIND_EE, NULL, 0, &cfg, &run), 0);
    cr_assert_eq(run.status, CCDB_RUN_OK);
    ccdb_solver_run_free(&run);
}

Test(timing, median_min_max)
{
    double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 };
    double med, lo, hi;
    ccdb_stats_median(odd, 3, &med, &lo, &hi);
    cr_assert(med == 3 && lo == 1 && hi == 5);
    ccdb_stats_median(even, 4, &med, &lo, &hi);
    cr_assert(med == 2.5 && lo == 1 && hi == 4);
}

Test(timing, quantiles_nearest_rank)
{
    double v[] = { 10, 20, 30, 40, 50, 60, 70, 80, 90, 100 };
    cr_assert_eq(ccdb_quantile_sorted(v, 10, 0), 10);
    cr_assert_eq(ccdb_quantile_sorted(v, 10, 0.5), 50);
    cr_assert_eq(ccdb_quantile_sorted(v, 10, 0.9), 90);
    cr_assert_eq(ccdb_quantile_sorted(v, 10, 0.91), 100);
    cr_assert_eq(ccdb_quantile_sorted(v, 10, 0.99), 100);
    cr_assert_eq(ccdb_quantile_sorted(v, 10, 1), 100);
    double one = 7;
    cr_assert_eq(ccdb_quantile_sorted(&one, 1, 0.5), 7);
    double prev = 0;
    for (int k = 0; k <= 100; k++) {
        double q = ccdb_quantile_sorted(v, 10, k / 100.0);
        cr_assert(q >= prev, "monotone in p");
        prev = q;
    }
}

Test(timing, timer_cost_is_measured)
{
    double c = ccdb_timer_cost_ns();
    cr_assert(isfinite(c) && c >= 0, "%g", c);
}
