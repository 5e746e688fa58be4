/* test_judged.c — a solver's run judged whole equals the same run judged in chunks and merged
 * (ccdb_judged_merge), and a judged run survives ccdb_judged_pack / ccdb_judged_unpack: what an
 * MPI run relies on for a report identical to the single-process one. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ccdb_bench.h"
#include "ccdb_generators.h"
#include "ccdb_registry.h"
#include "ccdb_runner.h"
#include "ccdb_tallies.h"
#include "ccdb_truth_cache.h"

static void expect_same_tally(const ccdb_tally *a, const ccdb_tally *b)
{
    cr_assert_eq(a->queries, b->queries);
    cr_assert_eq(a->positives, b->positives);
    cr_assert_eq(a->tp, b->tp);
    cr_assert_eq(a->fp, b->fp);
    cr_assert_eq(a->fn, b->fn);
    cr_assert_eq(a->tn, b->tn);
    cr_assert_eq(a->gave_up, b->gave_up);
    cr_assert_eq(a->failed, b->failed);
    cr_assert_eq(a->toi_violations, b->toi_violations);
    cr_assert_eq(a->work, b->work);
    cr_assert_eq(a->violations, b->violations);
    cr_assert(a->toi_err_max == b->toi_err_max || (isnan(a->toi_err_max) && isnan(b->toi_err_max)),
              "toi_err_max %g vs %g", a->toi_err_max, b->toi_err_max);
}

static void expect_same_judged(const ccdb_judged *a, const ccdb_judged *b)
{
    cr_assert_eq(a->status, b->status);
    cr_assert_eq(a->queries, b->queries);
    cr_assert_eq(a->truth_min_sep, b->truth_min_sep);
    expect_same_tally(&a->all, &b->all);
    for (int c = 0; c < CCDB_CLASS_COUNT; c++)
        expect_same_tally(&a->by_class[c], &b->by_class[c]);
    cr_assert_eq(a->n_findings, b->n_findings);
    for (size_t i = 0; i < a->n_findings; i++)
        cr_assert_eq(memcmp(&a->findings[i], &b->findings[i], sizeof a->findings[i]), 0,
                     "finding %zu differs", i);
}

/* The grazing family: cubic misses some of it (false negatives and TOI findings to carry). */
static void judge_grazing(const char *solver, ccdb_judged *whole, ccdb_judged *merged)
{
    ccdb_dataset ds;
    char err[256];
    cr_assert_eq(ccdb_generate("grazing", CCDB_KIND_VF, 240, 11, &ds, NULL, err, sizeof err), 0,
                 "%s", err);
    ccdb_truth_result *truth = calloc(ds.count, sizeof *truth);
    cr_assert_eq(ccdb_truth_compute(&ds, 1, truth), 0);
    ccdb_registry *reg = ccdb_registry_new();
    const ccdb_solver *s = ccdb_registry_find(reg, solver);
    cr_assert_not_null(s);
    ccdb_run_config cfg = { ccdb_params_default(), 1, 1, 0.0 };
    ccdb_solver_run run;
    const double(*q)[8][3] = (const double(*)[8][3])ds.q;
    cr_assert_eq(ccdb_runner_run(s, ds.kind, q, ds.count, &cfg, &run), 0);
    cr_assert_eq(ccdb_judge(s, q, truth, ds.count, 0, &run, whole), 0);
    /* Uneven chunks, in order: [0, 7), [7, 100), [100, 240). */
    size_t cut[] = { 0, 7, 100, 240 };
    for (int k = 0; k < 3; k++) {
        ccdb_solver_run part = run;
        part.results = run.results + cut[k];
        ccdb_judged j;
        cr_assert_eq(ccdb_judge(s, q + cut[k], truth + cut[k], cut[k + 1] - cut[k],
                                (long long)cut[k], &part, k ? &j : merged),
                     0);
        if (k) {
            cr_assert_eq(ccdb_judged_merge(merged, &j), 0);
            ccdb_judged_free(&j);
        }
    }
    ccdb_solver_run_free(&run);
    ccdb_registry_free(reg);
    free(truth);
    ccdb_dataset_free(&ds);
}

Test(judged, chunks_merged_equal_the_whole)
{
    ccdb_judged whole, merged;
    judge_grazing("cubic", &whole, &merged);
    cr_assert_gt(whole.n_findings, 0, "the case must carry findings");
    cr_assert_gt(whole.all.fn, 0);
    expect_same_judged(&whole, &merged);
    ccdb_judged_free(&whole);
    ccdb_judged_free(&merged);
}

Test(judged, pack_unpack_round_trip)
{
    ccdb_judged whole, merged, back;
    judge_grazing("cubic", &whole, &merged);
    whole.truth_min_sep = merged.truth_min_sep = 1e-3; /* the truth that judged it travels */
    whole.output = strdup("a line the solver printed\n");
    whole.output_bytes = 26;
    ccdb_bytes b = { 0 };
    ccdb_judged_pack(&b, &whole);
    ccdb_judged_pack(&b, &merged);
    cr_assert(!b.failed);
    ccdb_bytes_reader r = { b.p, b.n, 0, 0 };
    cr_assert_eq(ccdb_judged_unpack(&r, &back), 0);
    expect_same_judged(&whole, &back);
    cr_assert_str_eq(back.output, whole.output);
    cr_assert_eq(back.output_bytes, 26);
    ccdb_judged_free(&back);
    cr_assert_eq(ccdb_judged_unpack(&r, &back), 0);
    expect_same_judged(&merged, &back);
    cr_assert_null(back.output);
    cr_assert_eq(r.at, r.n, "every byte read");
    ccdb_judged_free(&back);
    /* Short bytes are refused, never read past. */
    ccdb_bytes_reader cut = { b.p, b.n / 3, 0, 0 };
    cr_assert_eq(ccdb_judged_unpack(&cut, &back), -1);
    ccdb_judged_free(&back);
    ccdb_bytes_free(&b);
    ccdb_judged_free(&whole);
    ccdb_judged_free(&merged);
}

Test(judged, a_crashed_chunk_makes_the_dataset_crashed)
{
    ccdb_judged a = { 0 }, b = { 0 };
    a.status = CCDB_RUN_OK;
    a.queries = 10;
    ccdb_tally_init(&a.all);
    a.all.queries = 10;
    b.status = CCDB_RUN_CRASHED;
    b.queries = 5;
    snprintf(b.detail, sizeof b.detail, "killed by signal 11");
    cr_assert_eq(ccdb_judged_merge(&a, &b), 0);
    cr_assert_eq(a.status, CCDB_RUN_CRASHED);
    cr_assert_eq(a.queries, 15);
    cr_assert_str_eq(a.detail, "killed by signal 11");
    cr_assert_eq(a.n_findings, 0);
}

/* --min-sep D: the one choice of truth (a solver claiming minimum separation is judged at D on
 * the linear kinds, any other solver and every rigid dataset at 0), and a judged run whose truth
 * is not its solver's is refused when recorded (a unit from a rank, or chunks merged from
 * different truths), never made a row. */
Test(judged, the_truth_of_each_solver_and_a_wrong_one_refused)
{
    ccdb_registry *reg = ccdb_registry_new();
    const ccdb_solver *claims = ccdb_registry_find(reg, "tight_inclusion"),
                      *plain = ccdb_registry_find(reg, "cubic");
    cr_assert(claims && (claims->flags & CCDB_CLAIM_MIN_SEPARATION));
    cr_assert(plain && !(plain->flags & CCDB_CLAIM_MIN_SEPARATION));
    ccdb_bench_options opt = { 0 };
    cr_assert_eq(ccdb_bench_truth_sep(claims, CCDB_KIND_VF, &opt), 0.0);
    opt.min_sep = 1e-3;
    cr_assert_eq(ccdb_bench_truth_sep(claims, CCDB_KIND_VF, &opt), 1e-3);
    cr_assert_eq(ccdb_bench_truth_sep(claims, CCDB_KIND_EE, &opt), 1e-3);
    cr_assert_eq(ccdb_bench_truth_sep(plain, CCDB_KIND_VF, &opt), 0.0);
    /* The rigid kinds have an exact judge at d > 0 too: a claimer with a rigid entry is judged
     * at D there; one without is not judged at all (unsupported), nor on a kind it has no entry
     * for. */
    const ccdb_solver *rigid = ccdb_registry_find(reg, "rigid_conservative_advancement");
    cr_assert(rigid && (rigid->flags & CCDB_CLAIM_MIN_SEPARATION));
    cr_assert(ccdb_solver_query_fn(rigid, CCDB_KIND_RIGID_VF));
    cr_assert(ccdb_truth_judges_sep(CCDB_KIND_RIGID_VF) &&
              ccdb_truth_judges_sep(CCDB_KIND_RIGID_EE));
    cr_assert_eq(ccdb_bench_truth_sep(rigid, CCDB_KIND_RIGID_VF, &opt), 1e-3);
    cr_assert_eq(ccdb_bench_truth_sep(rigid, CCDB_KIND_RIGID_EE, &opt), 1e-3);
    cr_assert_eq(ccdb_bench_truth_sep(claims, CCDB_KIND_RIGID_VF, &opt), 0.0);
    cr_assert(!ccdb_solver_query_fn(rigid, CCDB_KIND_VF));
    cr_assert_eq(ccdb_bench_truth_sep(rigid, CCDB_KIND_VF, &opt), 0.0);
    const ccdb_solver *all3[] = { claims, plain, rigid };
    cr_assert_eq(ccdb_bench_kind_truth_sep(all3, 3, CCDB_KIND_EE, &opt), 1e-3);
    cr_assert_eq(ccdb_bench_kind_truth_sep(all3, 3, CCDB_KIND_RIGID_EE, &opt), 1e-3);

    const ccdb_solver *solvers[] = { claims, plain };
    ccdb_bench b;
    char err[256];
    cr_assert_eq(ccdb_bench_begin(&b, solvers, 2, &opt, err, sizeof err), 0, "%s", err);
    ccdb_bench_dataset d = { "data", NULL, CCDB_KIND_VF, 10 };
    ccdb_judged right = { 0 }, wrong = { 0 }, other = { 0 };
    right.queries = wrong.queries = other.queries = 5;
    ccdb_tally_init(&right.all);
    right.all.queries = 5;
    right.truth_min_sep = 1e-3;
    cr_assert_eq(ccdb_bench_record(&b, 0, &d, &right, err, sizeof err), 0, "%s", err);
    cr_assert_eq(b.rows[0].truth_min_sep, 1e-3);
    cr_assert_eq(ccdb_bench_record(&b, 1, &d, &right, err, sizeof err), -1);
    cr_assert(strstr(err, "cubic") && strstr(err, "min-sep"), "%s", err);
    cr_assert_eq(ccdb_bench_record(&b, 0, &d, &wrong, err, sizeof err), -1);
    /* Chunks judged by different truths: the merge cannot be recorded. */
    other.truth_min_sep = 1e-3;
    cr_assert_eq(ccdb_judged_merge(&other, &wrong), 0);
    cr_assert_eq(ccdb_bench_record(&b, 0, &d, &other, err, sizeof err), -1);
    cr_assert_eq(ccdb_bench_end(&b, 0, err, sizeof err), -1);
    ccdb_bench_free(&b);

    /* A rigid dataset: the claimer judged at 0 there is refused, at D recorded, and the claims
     * of the report name D (once every dataset is recorded). */
    const ccdb_solver *two[] = { claims, rigid };
    cr_assert_eq(ccdb_bench_begin(&b, two, 2, &opt, err, sizeof err), 0, "%s", err);
    ccdb_bench_dataset rd = { "rigid", NULL, CCDB_KIND_RIGID_VF, 5 };
    ccdb_judged at_d = { 0 }, at_0 = { 0 };
    at_d.queries = at_0.queries = 5;
    ccdb_tally_init(&at_0.all);
    at_0.all.queries = 5;
    at_d.truth_min_sep = 1e-3;
    cr_assert_eq(ccdb_bench_record(&b, 1, &rd, &at_0, err, sizeof err), -1);
    cr_assert(strstr(err, "rigid_conservative_advancement") && strstr(err, "min-sep"), "%s", err);
    ccdb_tally_init(&at_d.all);
    at_d.all.queries = 5;
    cr_assert_eq(ccdb_bench_record(&b, 1, &rd, &at_d, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_bench_record(&b, 0, &d, &right, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_bench_end(&b, 1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(b.n_rows, 2);
    cr_assert_eq(b.rows[0].truth_min_sep, 1e-3);
    cr_assert(strstr(b.rows[0].claim_tags, "judged at min-sep 0.001"), "%s", b.rows[0].claim_tags);
    cr_assert(!strstr(b.rows[0].claim_tags, "judged at min-sep 0 "), "%s", b.rows[0].claim_tags);
    cr_assert_eq(b.rows[1].truth_min_sep, 1e-3);
    cr_assert(strstr(b.rows[1].claim_tags, "judged at min-sep 0.001"), "%s", b.rows[1].claim_tags);
    cr_assert(!strstr(b.rows[1].claim_tags, "rigid"), "%s", b.rows[1].claim_tags);
    ccdb_bench_free(&b);
    ccdb_registry_free(reg);
}
