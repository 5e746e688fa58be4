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
#include "ccdb_registry.h"
#include "ccdb_runner.h"
#include "ccdb_test_fixtures.h"
#include "cli_fixture.h"
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
    long long crashed_fn = -1;
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
                /* The answers given before the crash (at least thread 1's 15 before query 30;
                 * thread 0 may still have been on its chunk), in class rows of that status. */
                long long answered = all->tp + all->fp + all->fn + all->tn + all->failed, q = 0;
                cr_assert(answered >= 15 && answered <= 30, "%lld answers", answered);
                while (r < b.n_rows && strcmp(b.rows[r].family, "all") != 0) {
                    cr_assert_eq(b.rows[r].status, CCDB_REPORT_CRASHED);
                    q += b.rows[r++].queries;
                }
                cr_assert_eq(q, answered, "the class rows count the answered queries");
                crashed_fn = all->fn;
                continue;
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
    cr_assert_eq(b.solvers[1].fn, expected_fn(40) + crashed_fn,
                 "the crashed dataset adds the misses among the answers before the crash");

    /* Misses: every FN, with a replay line into the per-kind misses file. */
    cr_assert_eq((long long)b.n_misses, 2 * expected_fn(40) + expected_fn(31) + crashed_fn);
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
            snprintf(want, sizeof want, "--index %lld", vf_seen++);
            cr_assert_not_null(strstr(m->replay, want), "%s lacks %s", m->replay, want);
            cr_assert_null(strstr(m->replay, "--kind"), "the path names the kind: %s", m->replay);
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
    /* The query it crashed on, ready to replay: the last one of "second" (30) is among the
     * queries in flight (one per thread that had not finished). */
    snprintf(path, sizeof path, "%s/crashes/edge-edge/fake_crash.csv", dir);
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_EE, &copt, &m, &cerr), 0, "%s", cerr.message);
    cr_assert(m.count >= 1 && m.count <= 2, "%zu", m.count);
    cr_assert_eq(memcmp(m.q[m.count - 1], in[1].ds.q[30], sizeof m.q[0]), 0);
    ccdb_dataset_free(&m);

    ccdb_bench_free(&b);
    ccdb_input_free(&in[0]);
    ccdb_input_free(&in[1]);
}

/* Rigid data: a solver with rigid entries runs; an ABI 2 plugin (whose entry ends before the
 * rigid fields, followed by pointers that abort if read) and an ABI 3 entry that left them NULL
 * get one "all" row with status "unsupported", the dataset's query count and no outcome at all
 * (neither failures nor misses), and are counted in their summary; on linear data they run. */
Test(bench, rigid_data_skips_solvers_without_rigid_entries)
{
    ccdb_registry *reg = ccdb_registry_new();
    char err[512];
    cr_assert(reg);
    cr_assert_eq(ccdb_registry_load_plugin(reg, CLI_PLUGINS "/testplugin_abi2.so", err, sizeof err),
                 0, "%s", err);
    const ccdb_solver *abi2 = ccdb_registry_find(reg, "testplugin_abi2");
    cr_assert(abi2 && abi2->abi_version == 2);
    cr_assert(ccdb_solver_query_fn(abi2, CCDB_KIND_RIGID_VF) == NULL);
    cr_assert(ccdb_solver_query_fn(abi2, CCDB_KIND_RIGID_EE) == NULL);
    cr_assert(ccdb_solver_query_fn(abi2, CCDB_KIND_VF) != NULL);
    /* Sweeps: only from ABI 6 on (an ABI 5 entry ends before the sweep fields). */
    cr_assert(ccdb_solver_query_fn(abi2, CCDB_KIND_SWEEP_VF) == NULL);
    ccdb_solver abi5 = fake_scripted;
    abi5.abi_version = 5;
    cr_assert(ccdb_solver_query_fn(&abi5, CCDB_KIND_SWEEP_EE) == NULL);
    abi5.abi_version = 6;
    cr_assert(ccdb_solver_query_fn(&abi5, CCDB_KIND_SWEEP_EE) == abi5.sweep_edge_edge);
    ccdb_solver linear_only = fake_scripted;
    linear_only.name = "fake_linear_only";
    linear_only.rigid_vertex_face = linear_only.rigid_edge_edge = NULL;

    ccdb_input in[3];
    make_input(&in[0], "rigid", CCDB_KIND_RIGID_VF, 20, 0);
    make_input(&in[1], "rigid ee", CCDB_KIND_RIGID_EE, 7, 0);
    make_input(&in[2], "linear", CCDB_KIND_VF, 10, 0);
    const ccdb_solver *solvers[3] = { &fake_scripted, abi2, &linear_only };
    ccdb_bench_options opt = { 0 };
    opt.run = (ccdb_run_config){ ccdb_params_default(), 1, 1, 0.0 };
    opt.isolate = CCDB_ISOLATE_NONE;
    opt.misses_kept = 100;
    ccdb_bench b;
    cr_assert_eq(ccdb_bench_run(&b, solvers, 3, in, 3, &opt, err, sizeof err), 0, "%s", err);
    int unsupported_rows = 0;
    for (size_t r = 0; r < b.n_rows; r++) {
        const ccdb_report_row *w = &b.rows[r];
        int rigid = strcmp(w->dataset, "linear") != 0;
        int runs = w->solver == fake_scripted.name || !rigid;
        if (runs) {
            cr_expect_eq(w->status, CCDB_REPORT_OK, "%s on %s", w->solver, w->dataset);
            continue;
        }
        unsupported_rows++;
        cr_expect_str_eq(w->family, "all", "no class rows for %s on %s", w->solver, w->dataset);
        cr_expect_eq(w->status, CCDB_REPORT_UNSUPPORTED);
        cr_expect_str_eq(ccdb_report_status_name(w->status), "unsupported");
        cr_expect_str_eq(w->kind, strcmp(w->dataset, "rigid") ? "rigid-ee" : "rigid-vf");
        cr_expect_eq(w->queries, strcmp(w->dataset, "rigid") ? 7 : 20);
        cr_expect(w->tp == 0 && w->fp == 0 && w->fn == 0 && w->tn == 0 && w->failed == 0 &&
                  w->positives == 0 && w->toi_violations == 0);
    }
    cr_expect_eq(unsupported_rows, 4);
    cr_expect_eq(b.solvers[0].unsupported, 0);
    cr_expect_eq(b.solvers[0].fn, expected_fn(20) + expected_fn(7) + expected_fn(10));
    cr_expect_eq(b.solvers[1].unsupported, 2);
    cr_expect_eq(b.solvers[2].unsupported, 2);
    cr_expect_eq(b.solvers[1].queries, 10, "only the linear queries ran");
    cr_expect_eq(b.solvers[1].fn, 0);
    /* Misses: fake_scripted's on every dataset, fake_linear_only's on the linear one only. */
    long long from_linear_only = 0;
    for (size_t m = 0; m < b.n_misses; m++) {
        from_linear_only += !strcmp(b.misses[m].solver, "fake_linear_only");
        cr_expect(strcmp(b.misses[m].solver, "testplugin_abi2") != 0);
        if (!strcmp(b.misses[m].solver, "fake_linear_only"))
            cr_expect_str_eq(b.misses[m].kind, "vf");
    }
    cr_expect_eq(from_linear_only, expected_fn(10));
    cr_expect_eq(b.n_misses, (size_t)(expected_fn(20) + expected_fn(7) + 2 * expected_fn(10)));
    char *table = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&table, &len);
    cr_assert(f);
    ccdb_print_summary(f, &b);
    fclose(f);
    cr_expect(strstr(table, "(2 datasets not supported)"), "%s", table);
    free(table);
    ccdb_bench_free(&b);
    for (int i = 0; i < 3; i++)
        ccdb_input_free(&in[i]);
    ccdb_registry_free(reg);
}
