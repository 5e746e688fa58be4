/* cmd_replay.c — `ccdbench replay FILE.csv --index I`: one query in detail: its 8 points, the
 * exact truth (hit, TOI bracket, class, stage) and every solver's answer side by side, with
 * false negatives / positives and late TOIs marked. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_bench.h"
#include "ccdb_cli.h"
#include "ccdb_input.h"
#include "ccdb_runner.h"
#include "ccdb_tallies.h"
#include "ccdb_truth_cache.h"
#include "ccdb_registry.h"
#include "ccdb_util.h"
#include "options.h"
#include "solver_list.h"

static void replay_usage(FILE *f)
{
    fputs("usage: ccdbench replay FILE.csv --index I [--kind K] [--solvers a,b]\n"
          "                       [--plugin X.so]... [--delta D] [--max-iter N] [--min-sep D]\n"
          "                       [--round-inputs] [--isolate | --no-isolate] [--timeout S]\n"
          "\n"
          "One query of FILE.csv in detail: its points, the exact truth, and every solver's\n"
          "answer (--solvers: only those) with its verdict; plugins run in a child process\n"
          "unless --no-isolate, as in ccdbench run, with the same options and defaults.\n"
          "\n",
          f);
    ccdb_cli_print_options(f, CCDB_CMD_REPLAY);
}

/* A findings file of a plugin's solver, DIR/misses/KIND/NAME.csv, has the plugin's path beside
 * it in NAME.plugin (`run` writes it): the plugin is loaded unless a solver NAME is registered
 * already (built-in, or --plugin). 0, or 2 after printing why (a plugin that does not load). */
static int load_named_plugin(ccdb_registry *reg, const char *file)
{
    size_t n = strlen(file);
    if (n < 5 || strcmp(file + n - 4, ".csv"))
        return 0;
    char side[4200], path[4200], err[2048];
    snprintf(side, sizeof side, "%.*s.plugin", (int)(n - 4), file);
    FILE *f = fopen(side, "r");
    if (!f)
        return 0;
    int got = fgets(path, sizeof path, f) != NULL;
    fclose(f);
    path[strcspn(path, "\n")] = '\0';
    const char *slash = strrchr(file, '/');
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(n - 4 - (slash ? (size_t)(slash + 1 - file) : 0)),
             slash ? slash + 1 : file);
    if (!got || !*path) {
        fprintf(stderr, "ccdbench replay: %s: empty (it should name the plugin of '%s')\n", side,
                name);
        return 2;
    }
    if (ccdb_registry_find(reg, name))
        return 0;
    if (ccdb_registry_load_plugin(reg, path, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench replay: %s names the plugin %s, which does not load: %s\n", side,
                path, err);
        return 2;
    }
    printf("plugin %s loaded for '%s' (named by %s)\n", path, name, side);
    return 0;
}

static const char *outcome_name(ccdb_outcome o)
{
    static const char *const names[] = { "TP",
                                         "FP",
                                         "FN  <-- FALSE NEGATIVE",
                                         "TN",
                                         "FAILED",
                                         "OUTSIDE MODEL (not judged)",
                                         "IN BAND (a hit or a miss is right)",
                                         "UNDECIDED (the exact truth is undecided: not judged)" };
    _Static_assert(sizeof names / sizeof *names == CCDB_OUT_UNDECIDED + 1, "an outcome unnamed");
    return names[o];
}

/* The solver's captured output, indented under its line. */
static void print_output(const ccdb_solver_run *run)
{
    if (!run->output_bytes)
        return;
    printf("    (it printed %lld bytes; the first lines:)\n", run->output_bytes);
    for (const char *p = run->output; p && *p;) {
        size_t n = strcspn(p, "\n");
        printf("    | %.*s\n", (int)n, p);
        p += n + (p[n] == '\n');
    }
}

/* One solver's answer, judged by the truths at the ends of its band (lo == hi: one truth). */
static void print_solver(const ccdb_solver *s, const ccdb_truth_result *lo,
                         const ccdb_truth_result *hi, const ccdb_solver_run *run)
{
    if (run->status != CCDB_RUN_OK) {
        printf("  %-30s %-8s %s\n", s->name, ccdb_run_status_name(run->status), run->detail);
        print_output(run);
        return;
    }
    const ccdb_result *r = &run->results[0];
    char toi[40] = "", work[32] = "n/a";
    if (r->state == CCDB_HIT || r->state == CCDB_GAVE_UP)
        snprintf(toi, sizeof toi, "%.17g", r->toi);
    if (!(s->flags & CCDB_SOLVER_NO_WORK_COUNT))
        snprintf(work, sizeof work, "%lld", r->work);
    ccdb_outcome o = ccdb_band_outcome(lo, hi, r, s->abi_version);
    int late = (s->flags & CCDB_CLAIM_REPORTS_TOI) && o == CCDB_OUT_TP && ccdb_toi_violation(lo, r);
    printf("  %-30s %-8s %-24s %12s  %s%s%s%s\n", s->name, ccdb_state_name(r->state), toi, work,
           o == CCDB_OUT_FP ? "FP  (false positive)" : outcome_name(o),
           late ? "  <-- TOI LATER THAN THE EXACT ONE" : "",
           ccdb_contract_violation(r, s->abi_version)
               ? "  <-- CONTRACT VIOLATION (state out of range, TOI not "
                 "in [0,1] for a hit, or negative work)"
               : "",
           (s->flags & CCDB_CLAIM_CONSERVATIVE) && (o == CCDB_OUT_FN || late)
               ? " (claims conservative)"
               : "");
    print_output(run);
}

/* "LABEL: HIT, TOI in [lo, hi], class C +flags, decided by the S stage" */
static void print_truth(const char *label, const ccdb_truth_result *t)
{
    if (t->hit)
        printf("%s: HIT, TOI in [%.17g, %.17g]%s", label, t->toi_lo, t->toi_hi,
               t->toi_lo == t->toi_hi ? " (exact)" : "");
    else
        printf("%s: no collision", label);
    printf(", class %s", ccdb_truth_class_name(t->cls));
    for (int c = 0; c < CCDB_CLASS_COUNT; c++)
        if ((t->flags >> c & 1u) && c != (int)t->cls)
            printf(" +%s", ccdb_truth_class_name((ccdb_truth_class)c));
    printf(", decided by the %s stage\n", ccdb_truth_stage_name(t->stage));
}

/* --- parse, check, do --- */

/* -1 to go on, else the exit status (0 after --help). */
static int replay_parse(int argc, char **argv, ccdb_cli_args *a)
{
    return ccdb_cli_command_line(CCDB_CMD_REPLAY, argc, argv, replay_usage, a);
}

/* What the options say together. 0, or 2 after the usage error. */
static int replay_check(const ccdb_cli_args *a)
{
    if (a->n_pos > 1)
        return ccdb_cli_bad_usage("replay", "more than one file ('%s', '%s')", a->pos[0],
                                  a->pos[1]);
    if (!a->n_pos)
        return ccdb_cli_bad_usage("replay", "missing FILE.csv");
    if (a->index < 0)
        return ccdb_cli_bad_usage("replay", "missing --index I");
    if (a->isolate && a->no_isolate)
        return ccdb_cli_bad_usage("replay", "--isolate and --no-isolate contradict each other");
    if (a->given[CCDB_OPT_TIMEOUT] && a->no_isolate)
        return ccdb_cli_bad_usage("replay", "--timeout applies to isolated solvers: not with "
                                            "--no-isolate");
    return 0;
}

/* A replay in progress: what replay_do's steps hand to each other. */
typedef struct replay_state {
    const char *file;
    size_t index;
    ccdb_input in;
    int have_input;
    ccdb_registry *reg;
    const ccdb_solver **solvers; /* --solvers, or every registered one */
    size_t n_solvers;
    ccdb_truth *ctx;
    double sep;                /* the separation the --min-sep claimers are judged at (or 0) */
    ccdb_truth_result t, ts;   /* the contact truth, the truth at sep */
    const double (*one)[8][3]; /* the query, read-only */
} replay_state;

/* The query read, the plugins loaded (--plugin, the findings file's NAME.plugin) and --solvers
 * resolved before any work. 0 or 2. */
static int replay_load(const ccdb_cli_args *a, replay_state *st)
{
    char err[2048];
    st->file = a->pos[0];
    if (ccdb_input_read(st->file, a->kind, a->round_inputs, &st->in, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench replay: %s\n", err);
        return 2;
    }
    st->have_input = 1;
    if ((size_t)a->index >= st->in.ds.count) {
        fprintf(stderr, "ccdbench replay: %s: --index %lld out of range (%zu queries: 0..%zu)\n",
                st->file, a->index, st->in.ds.count, st->in.ds.count ? st->in.ds.count - 1 : 0);
        return 2;
    }
    st->index = (size_t)a->index;
    if (!(st->reg = ccdb_registry_new())) {
        fprintf(stderr, "ccdbench replay: cannot create the solver registry\n");
        return 2;
    }
    for (size_t i = 0; i < a->n_plugins; i++)
        if (ccdb_registry_load_plugin(st->reg, a->plugins[i], err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench replay: --plugin %s: %s\n", a->plugins[i], err);
            return 2;
        }
    int rc = load_named_plugin(st->reg, st->file);
    if (!rc)
        rc = ccdb_cli_select_solvers("replay", st->reg, a->solvers, &st->solvers, &st->n_solvers);
    return rc;
}

/* The query's points and its exact truths: at contact, at --min-sep D for its claimers, and
 * the file's label against the truth at the labels' own separation. 0 or 2. */
static int replay_truth(const ccdb_cli_args *a, replay_state *st)
{
    const ccdb_input *in = &st->in;
    size_t i = st->index;
    const double(*q)[3] = (const double(*)[3])in->ds.q[i];
    printf("query %zu of %s (%s, CSV lines %zu-%zu; truth column %d)\n", i, st->file,
           ccdb_kind_name(in->ds.kind), 8 * i + 1, 8 * i + 8, in->ds.label ? in->ds.label[i] : -1);
    for (int p = 0; p < 8; p++)
        printf("  %-7s %24.17g %24.17g %24.17g\n", ccdb_kind_row_meaning(in->ds.kind, p), q[p][0],
               q[p][1], q[p][2]);
    if (!(st->ctx = ccdb_truth_new())) {
        fprintf(stderr, "ccdbench replay: cannot create the exact-truth context\n");
        return 2;
    }
    /* --min-sep D > 0: the solvers claiming minimum separation are judged by the truth at D
     * where the kind has one, as `run` does; a solver with a separation band by the truths at
     * its ends (ccdb_bench_band; every kind has a judge at d today) */
    const double d = a->params.min_separation;
    st->sep = d > 0 && ccdb_truth_judges_sep(in->ds.kind) ? d : 0.0;
    int judged = ccdb_truth_of(st->ctx, in->ds.kind, q, 0.0, &st->t);
    if (judged == 0) {
        st->ts = st->t;
        if (st->sep > 0)
            judged = ccdb_truth_of(st->ctx, in->ds.kind, q, st->sep, &st->ts);
    }
    /* The file's label against the truth at the labels' own separation (in.label_sep: the d
     * that `gen --min-sep d` recorded, else 0), as `run` compares them. */
    ccdb_truth_result tl = st->t;
    int label_judged = judged == 0;
    if (label_judged && in->label_sep > 0)
        label_judged = ccdb_truth_judges_sep(in->ds.kind) &&
                       ccdb_truth_of(st->ctx, in->ds.kind, q, in->label_sep, &tl) == 0;
    if (judged != 0) {
        fprintf(stderr, "ccdbench replay: no exact judge for %s queries%s\n",
                ccdb_kind_name(in->ds.kind), st->sep > 0 ? " at a minimum separation" : "");
        return 2;
    }
    print_truth("exact truth", &st->t);
    if (st->sep > 0) {
        char label[64];
        snprintf(label, sizeof label, "exact truth at min-sep %.17g", st->sep);
        print_truth(label, &st->ts);
    } else if (d > 0) {
        printf("note: no exact judge at d > 0 for %s queries: every solver is "
               "judged by the contact truth\n",
               ccdb_kind_name(in->ds.kind));
    }
    if (in->ds.label && label_judged && (in->ds.label[i] != 0) != (tl.hit != 0))
        printf("note: the file's truth column (%d) disagrees with the exact truth at the "
               "labels' separation %.17g\n",
               in->ds.label[i], in->label_sep);
    return 0;
}

/* One solver run on the query and judged by the truths at the ends of its band (printed when
 * it has one). 0 or 2. */
static int replay_one(const ccdb_cli_args *a, replay_state *st, const ccdb_solver *s)
{
    const ccdb_kind kind = st->in.ds.kind;
    const double(*q)[3] = (const double(*)[3])st->in.ds.q[st->index];
    if (!ccdb_solver_query_fn(s, kind)) {
        printf("  %-30s %-8s no %s entry\n", s->name, "unsupported", ccdb_kind_name(kind));
        return 0;
    }
    const ccdb_run_config cfg = { a->params, 1, 1, 0 };
    const ccdb_isolation mode = a->isolate      ? CCDB_ISOLATE_ALL
                                : a->no_isolate ? CCDB_ISOLATE_NONE
                                                : CCDB_ISOLATE_PLUGINS;
    ccdb_solver_run run;
    if (ccdb_run_solver(s, kind, st->one, 1, &cfg, ccdb_isolated(s, mode), a->timeout_s, &run) !=
        0) {
        fprintf(stderr, "ccdbench replay: %s: %s\n", s->name, run.detail);
        ccdb_solver_run_free(&run);
        return 2;
    }
    const ccdb_bench_options sep_opt = { .min_sep = a->params.min_separation };
    ccdb_band band = ccdb_bench_band(s, kind, &sep_opt);
    ccdb_truth_result lo = band.lo == st->sep ? st->ts : st->t, hi;
    int judged = 0;
    if (band.lo != st->sep && band.lo != 0)
        judged = ccdb_truth_of(st->ctx, kind, q, band.lo, &lo);
    hi = lo;
    if (judged == 0 && band.hi != band.lo)
        judged = ccdb_truth_of(st->ctx, kind, q, band.hi, &hi);
    if (judged != 0) { /* ccdb_bench_band gives a band only where the kind has a judge */
        fprintf(stderr, "ccdbench replay: %s: no exact judge at its band\n", s->name);
        ccdb_solver_run_free(&run);
        return 2;
    }
    if (band.hi != band.lo) {
        char label[160], l[32], h[32];
        ccdb_shortest_double(band.lo, l);
        ccdb_shortest_double(band.hi, h);
        snprintf(label, sizeof label, "  %s's band [%s, %s], truth at %s", s->name, l, h, l);
        print_truth(label, &lo);
        snprintf(label, sizeof label, "  %s's band [%s, %s], truth at %s", s->name, l, h, h);
        print_truth(label, &hi);
    }
    print_solver(s, &lo, &hi, &run);
    ccdb_solver_run_free(&run);
    return 0;
}

/* Every selected solver, in the registry's order. 0 or 2. */
static int replay_solvers(const ccdb_cli_args *a, replay_state *st)
{
    printf("\n  %-30s %-8s %-24s %12s  %s\n", "solver", "answer", "toi", "work", "verdict");
    /* The query, read-only: a solver that writes into it crashes instead of changing it for
     * the next ones. */
    st->one = ccdb_queries_readonly((const double(*)[8][3]) & st->in.ds.q[st->index], 1);
    if (!st->one) {
        fprintf(stderr, "ccdbench replay: cannot map a read-only copy of the query: %s\n",
                strerror(errno));
        return 2;
    }
    int rc = 0;
    for (size_t k = 0; k < ccdb_registry_count(st->reg) && !rc; k++) {
        const ccdb_solver *s = ccdb_registry_at(st->reg, k);
        for (size_t j = 0; j < st->n_solvers && !rc; j++)
            if (st->solvers[j] == s)
                rc = replay_one(a, st, s);
    }
    return rc;
}

static int replay_do(const ccdb_cli_args *a)
{
    replay_state st;
    memset(&st, 0, sizeof st);
    int rc = replay_load(a, &st);
    if (!rc)
        rc = replay_truth(a, &st);
    if (!rc)
        rc = replay_solvers(a, &st);
    if (st.one)
        ccdb_queries_readonly_free(st.one, 1);
    if (st.ctx)
        ccdb_truth_free(st.ctx);
    free(st.solvers);
    if (st.reg)
        ccdb_registry_free(st.reg);
    if (st.have_input)
        ccdb_input_free(&st.in);
    return rc;
}

int ccdb_cmd_replay(int argc, char **argv)
{
    ccdb_cli_args a;
    int rc = replay_parse(argc, argv, &a);
    if (rc >= 0)
        return rc;
    rc = replay_check(&a);
    return rc ? rc : replay_do(&a);
}
