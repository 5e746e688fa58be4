/* test_bench.c — the run loop over several datasets and solvers with fake solvers and hand-built
 * truth: row layout ("all" then classes, class rows adding up), misses collected with replay
 * commands and written per kind, a crash under isolation confined to its solver x dataset. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_bench.h"
#include "ccdb_dataset.h"
#include "ccdb_input.h"
#include "ccdb_runner.h"
#include "ccdb_test_fixtures.h"
#include "fake.h"

static char dir[256];

static void make_dir(void)
{
    ccdb_test_mkdtemp(dir, sizeof dir, "test-bench");
}

static void remove_dir(void)
{
    ccdb_test_rmtree(dir);
}

TestSuite(bench, .init = make_dir, .fini = remove_dir);

/* Query i: truth hit when i % 3 != 0, class i % 4 (generic/coplanar/tangent/boundary); the
 * scripted answer is HIT except every 5th query (MISS). */
static const ccdb_truth_class classes[4] = { CCDB_CLASS_GENERIC, CCDB_CLASS_COPLANAR,
                                             CCDB_CLASS_TANGENT, CCDB_CLASS_BOUNDARY };

static void make_input(ccdb_input *in, const char *name, ccdb_kind kind, size_t n, double poison)
{
    memset(in, 0, sizeof *in);
    cr_assert_eq(ccdb_dataset_init(&in->ds, name, kind, n), 0);
    in->truth = calloc(n, sizeof *in->truth);
    for (size_t i = 0; i < n; i++) {
        fake_script(in->ds.q[i], i % 5 == 0 ? CCDB_MISS : CCDB_HIT, 0.25, 1);
        in->ds.q[i][0][0] = (double)i;
        in->truth[i] = fake_truth(i % 3 != 0, 0.5, 0.5, classes[i % 4]);
    }
    in->ds.q[n - 1][6][0] = poison;
}

static long long expected_fn(size_t n)
{
    long long fn = 0;
    for (size_t i = 0; i < n; i++)
        fn += i % 3 != 0 && i % 5 == 0;
    return fn;
}

/* Per-query time quantiles are measured, ordered, and never negative. */
static void assert_quantiles(const ccdb_report_row *w)
{
    cr_assert(isfinite(w->query_ns_p50) && isfinite(w->query_ns_max), "%s", w->family);
    cr_assert(0 <= w->query_ns_p50 && w->query_ns_p50 <= w->query_ns_p90 &&
                  w->query_ns_p90 <= w->query_ns_p99 && w->query_ns_p99 <= w->query_ns_max,
              "%s: %g %g %g %g", w->family, w->query_ns_p50, w->query_ns_p90, w->query_ns_p99,
              w->query_ns_max);
}

Test(bench, rows_misses_and_crash_isolation)
{
    ccdb_input in[2];
    make_input(&in[0], "first", CCDB_KIND_VF, 40, 0);
    make_input(&in[1], "second", CCDB_KIND_EE, 31, 1); /* fake_crash crashes on its last query */
    const ccdb_solver *solvers[2] = { &fake_scripted, &fake_crash };
    char misses[512];
    snprintf(misses, sizeof misses, "%s/misses", dir);
    ccdb_bench_options opt = { 0 };
    opt.run = (ccdb_run_config){ ccdb_params_default(), 2, 2, ccdb_timer_cost_ns() };
    opt.isolate = CCDB_ISOLATE_ALL;
    opt.timeout_s = 30;
    opt.findings_dir = dir;
    opt.replay_args = "--delta 1e-07";
    opt.misses_kept = 1000;
    ccdb_bench b;
    char err[256];
    cr_assert_eq(ccdb_bench_run(&b, solvers, 2, in, 2, &opt, err, sizeof err), 0, "%s", err);

    /* Row layout: per dataset, per solver: "all", then each class present, in class order. */
    size_t r = 0;
    for (int d = 0; d < 2; d++)
        for (int s = 0; s < 2; s++) {
            cr_assert(r < b.n_rows);
            const ccdb_report_row *all = &b.rows[r++];
            cr_assert_str_eq(all->family, "all");
            cr_assert_str_eq(all->solver, solvers[s]->name);
            cr_assert_str_eq(all->dataset, in[d].ds.name);
            cr_assert_eq(all->queries, (long long)in[d].ds.count);
            if (d == 1 && s == 1) {
                cr_assert_eq(all->status, CCDB_REPORT_CRASHED);
                cr_assert(isnan(all->ns_median));
                cr_assert(isnan(all->query_ns_p50) && isnan(all->query_ns_max));
                continue; /* no class rows for a crashed run */
            }
            cr_assert_eq(all->status, CCDB_REPORT_OK);
            cr_assert(!isnan(all->ns_median));
            assert_quantiles(all);
            cr_assert_eq(all->fn, expected_fn(in[d].ds.count));
            long long q = 0, tp = 0, fn = 0, fp = 0, tn = 0;
            int last = -1;
            while (r < b.n_rows && strcmp(b.rows[r].family, "all") != 0) {
                const ccdb_report_row *c = &b.rows[r++];
                int cls = -1;
                for (int k = 0; k < CCDB_CLASS_COUNT; k++)
                    if (!strcmp(c->family, ccdb_truth_class_name((ccdb_truth_class)k)))
                        cls = k;
                cr_assert(cls > last, "classes in order, each once: %s", c->family);
                last = cls;
                cr_assert(isnan(c->ns_median), "no whole-loop timing on class rows");
                assert_quantiles(c);
                cr_assert(c->query_ns_max <= all->query_ns_max, "a class's slowest is one of all");
                q += c->queries;
                tp += c->tp;
                fn += c->fn;
                fp += c->fp;
                tn += c->tn;
            }
            cr_assert_eq(q, all->queries);
            cr_assert_eq(tp, all->tp);
            cr_assert_eq(fn, all->fn);
            cr_assert_eq(fp, all->fp);
            cr_assert_eq(tn, all->tn);
        }
    cr_assert_eq(r, b.n_rows);

    /* Per solver x kind time distributions: fake_scripted on both kinds, fake_crash on vf only
     * (its ee run crashed), each over every query it answered. */
    cr_assert_eq(b.n_latencies, 3);
    cr_assert_str_eq(b.latencies[0].solver, "fake_scripted");
    cr_assert_str_eq(b.latencies[0].kind, "vf");
    cr_assert_eq(b.latencies[0].queries, 40);
    cr_assert_str_eq(b.latencies[1].kind, "ee");
    cr_assert_eq(b.latencies[1].queries, 31);
    cr_assert_str_eq(b.latencies[2].solver, "fake_crash");
    cr_assert_eq(b.latencies[2].queries, 40);
    for (size_t i = 0; i < b.n_latencies; i++) {
        const ccdb_report_latency *l = &b.latencies[i];
        cr_assert(l->p50 <= l->p90 && l->p90 <= l->p99 && l->p99 <= l->max);
        cr_assert(l->cdf[0] >= 0);
        for (int c = 1; c < CCDB_REPORT_CDF_POINTS; c++)
            cr_assert(l->cdf[c - 1] <= l->cdf[c], "the distribution never decreases");
        cr_assert_eq(l->cdf[CCDB_REPORT_CDF_POINTS - 1], l->max);
    }

    /* Per-solver summaries. */
    cr_assert_eq(b.solvers[0].crashed, 0);
    cr_assert_eq(b.solvers[1].crashed, 1);
    cr_assert_eq(b.solvers[0].fn, expected_fn(40) + expected_fn(31));
    cr_assert_eq(b.solvers[1].fn, expected_fn(40), "the crashed dataset adds nothing");

    /* Misses: every FN, with a replay line into the per-kind misses file. */
    cr_assert_eq((long long)b.n_misses, 2 * expected_fn(40) + expected_fn(31));
    long long vf_seen = 0;
    for (size_t i = 0; i < b.n_misses; i++) {
        const ccdb_report_miss *m = &b.misses[i];
        const ccdb_input *src = !strcmp(m->dataset, "first") ? &in[0] : &in[1];
        cr_assert(src->truth[m->index].hit, "a miss is a true hit");
        cr_assert_eq(memcmp(m->q, src->ds.q[m->index], sizeof m->q), 0);
        cr_assert_not_null(strstr(m->replay, "ccdbench replay "));
        cr_assert_not_null(strstr(m->replay, "--delta 1e-07"));
        if (!strcmp(m->solver, "fake_scripted") && src == &in[0]) {
            char want[128];
            snprintf(want, sizeof want, "--index %lld --kind vf", vf_seen++);
            cr_assert_not_null(strstr(m->replay, want), "%s lacks %s", m->replay, want);
            cr_assert_not_null(strstr(m->replay, "/misses/vertex-face/fake_scripted.csv"));
        }
    }
    char path[600];
    snprintf(path, sizeof path, "%s/edge-edge/fake_scripted.csv", misses);
    ccdb_dataset m;
    ccdb_csv_error cerr;
    ccdb_csv_options copt = { 0 };
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_EE, &copt, &m, &cerr), 0, "%s", cerr.message);
    cr_assert_eq((long long)m.count, expected_fn(31));
    ccdb_dataset_free(&m);
    snprintf(path, sizeof path, "%s/edge-edge/fake_crash.csv", misses);
    cr_assert_neq(access(path, F_OK), 0, "no misses file for a crashed run with no misses");

    ccdb_bench_free(&b);
    ccdb_input_free(&in[0]);
    ccdb_input_free(&in[1]);
}
