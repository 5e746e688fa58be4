/* test_isolate.c — --isolate: a solver that crashes or hangs on one query is reported as
 * crashed / timeout with the answers it gave before and the query it was on, and the same
 * solver on clean data (and other solvers) still completes with the same results as
 * in-process. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_runner.h"
#include "fake.h"

static void dataset(ccdb_dataset *ds, size_t n, size_t poison_at, double poison)
{
    cr_assert_eq(ccdb_dataset_init(ds, "iso", CCDB_KIND_EE, n), 0);
    for (size_t i = 0; i < n; i++) {
        fake_script(ds->q[i], i % 2 ? CCDB_HIT : CCDB_MISS, 0.5, (long long)i);
        ds->q[i][0][0] = (double)i;
    }
    if (poison_at < n)
        ds->q[poison_at][6][0] = poison;
}

static ccdb_run_config cfg2 = { { 1e-6, 1000000, 0 }, 2, 2, 0 };
static ccdb_run_config cfg1 = { { 1e-6, 1000000, 0 }, 2, 1, 0 };

/* The answers that came back before the crash are the scripted ones, and `bad` is in flight. */
static void assert_partial(const ccdb_solver_run *run, const ccdb_dataset *ds, size_t bad)
{
    cr_assert_not_null(run->results);
    cr_assert_not_null(run->answered);
    int named = 0;
    for (size_t k = 0; k < run->n_in_flight; k++)
        named |= run->in_flight[k] == bad;
    cr_assert(named, "query %zu is in flight (%zu in flight)", bad, run->n_in_flight);
    cr_assert(run->n_in_flight >= 1 && run->n_in_flight <= 2, "one per thread at most");
    cr_assert_eq(run->answered[bad], 0);
    for (size_t i = 0; i < ds->count; i++)
        if (run->answered[i]) {
            cr_assert_eq(run->results[i].state, (ccdb_state)(int)ds->q[i][7][0], "query %zu", i);
            cr_assert_eq(run->results[i].work, (long long)i);
        }
    for (size_t i = 0; i < bad; i++) /* thread 0's chunk, [0, 25), answered in order */
        cr_assert_eq(run->answered[i], 1, "query %zu was answered before %zu", i, bad);
}

/* One thread: exactly the queries before the crash are answered, the crash is on query 17. */
Test(isolate, crash_keeps_the_answers_before_it)
{
    ccdb_dataset ds;
    dataset(&ds, 50, 17, 1);
    ccdb_solver_run run;
    cr_assert_eq(ccdb_isolate_run(&fake_crash, ds.kind, (const double(*)[8][3])ds.q, ds.count,
                                  &cfg1, 10, &run),
                 0);
    cr_assert_eq(run.status, CCDB_RUN_CRASHED, "detail: %s", run.detail);
    assert_partial(&run, &ds, 17);
    cr_assert_eq(run.n_in_flight, 1);
    for (size_t i = 17; i < ds.count; i++)
        cr_assert_eq(run.answered[i], 0, "query %zu: after the crash", i);
    ccdb_solver_run_free(&run);
    ccdb_dataset_free(&ds);
}

/* fake_crash stopping at query `at` (mode 1: a crash, 2: a hang), isolated under a limit of
 * timeout_s: the run ends with `status`, named `name`, says why, and keeps the answers before. */
static void expect_stop(int mode, size_t at, double timeout_s, ccdb_run_status status,
                        const char *name)
{
    ccdb_dataset ds;
    dataset(&ds, 50, at, mode);
    ccdb_solver_run run;
    cr_assert_eq(ccdb_isolate_run(&fake_crash, ds.kind, (const double(*)[8][3])ds.q, ds.count,
                                  &cfg2, timeout_s, &run),
                 0);
    cr_assert_eq(run.status, status, "detail: %s", run.detail);
    cr_assert_str_eq(ccdb_run_status_name(run.status), name);
    assert_partial(&run, &ds, at);
    cr_assert(strlen(run.detail) > 0);
    ccdb_solver_run_free(&run); /* what the child printed (a sanitizer's report) */
    ccdb_dataset_free(&ds);
}

Test(isolate, crash_is_reported)
{
    expect_stop(1, 17, 10, CCDB_RUN_CRASHED, "crashed");
}

Test(isolate, hang_is_a_timeout)
{
    expect_stop(2, 3, 0.3, CCDB_RUN_TIMEOUT, "timeout");
}

Test(isolate, clean_run_matches_in_process)
{
    ccdb_dataset ds;
    dataset(&ds, 1000, (size_t)-1, 0);
    const double(*q)[8][3] = (const double(*)[8][3])ds.q;
    ccdb_solver_run iso, local;
    cr_assert_eq(ccdb_isolate_run(&fake_crash, ds.kind, q, ds.count, &cfg2, 10, &iso), 0);
    cr_assert_eq(iso.status, CCDB_RUN_OK, "detail: %s", iso.detail);
    cr_assert_str_eq(ccdb_run_status_name(iso.status), "ok");
    cr_assert_eq(ccdb_runner_run(&fake_crash, ds.kind, q, ds.count, &cfg2, &local), 0);
    cr_assert_eq(memcmp(iso.results, local.results, ds.count * sizeof *iso.results), 0);
    cr_assert(iso.ns_min <= iso.ns_median && iso.ns_median <= iso.ns_max);
    /* Per-query times come back through the pipe with the answers. */
    cr_assert_not_null(iso.query_ns);
    for (size_t i = 0; i < ds.count; i++)
        cr_assert(isfinite(iso.query_ns[i]) && iso.query_ns[i] >= 0, "query %zu", i);
    ccdb_solver_run_free(&iso);
    ccdb_solver_run_free(&local);
    ccdb_dataset_free(&ds);
}
