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

#define MAX_PLUGINS 64

static void replay_usage(FILE *f)
{
    fprintf(
        f,
        "usage: ccdbench replay FILE.csv --index I [--kind K] [--solvers a,b]\n"
        "                       [--plugin X.so]... [--delta D] [--max-iter N] [--min-sep D]\n"
        "                       [--round-inputs] [--isolate | --no-isolate] [--timeout S]\n"
        "  one query (0-based index) in detail: its points, the exact truth, every solver\n"
        "  (--solvers: only those; a name that is not registered is loaded as NAME.so from\n"
        "  $CCDB_PLUGIN_PATH or this build's peers folder, as in ccdbench run; plugins run in a\n"
        "  child process unless --no-isolate; --isolate: every solver); --kind only for a\n"
        "  file whose path names no kind (no kind folder, no <step><vf|ee>.csv name);\n"
        "  --timeout S per isolated solver (default %d, as in run)\n",
        CCDB_CLI_TIMEOUT_DEFAULT);
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

int ccdb_cmd_replay(int argc, char **argv)
{
    const char *file = NULL, *solvers = NULL, *plugins[MAX_PLUGINS];
    size_t n_plugins = 0;
    long long index = -1;
    ccdb_kind kind = CCDB_KIND_UNKNOWN;
    int isolate = 0, no_isolate = 0, round_inputs = 0, timeout_set = 0;
    double timeout_s = CCDB_CLI_TIMEOUT_DEFAULT;
    ccdb_params params = ccdb_params_default();
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            replay_usage(stdout);
            return 0;
        }
        if (!strcmp(o, "--isolate")) {
            isolate = 1;
            continue;
        }
        if (!strcmp(o, "--no-isolate")) {
            no_isolate = 1;
            continue;
        }
        if (!strcmp(o, "--round-inputs")) {
            round_inputs = 1;
            continue;
        }
        if (o[0] != '-') {
            if (file)
                return ccdb_cli_bad_usage("replay", "more than one file ('%s', '%s')", file, o);
            file = o;
            continue;
        }
        int known = !strcmp(o, "--index") || !strcmp(o, "--kind") || !strcmp(o, "--solvers") ||
                    !strcmp(o, "--plugin") || !strcmp(o, "--delta") || !strcmp(o, "--max-iter") ||
                    !strcmp(o, "--min-sep") || !strcmp(o, "--timeout");
        if (!known)
            return ccdb_cli_bad_usage("replay", "unknown option '%s'", o);
        if (!v)
            return ccdb_cli_bad_usage("replay", "%s needs a value", o);
        i++;
        errno = 0;
        if (!strcmp(o, "--index")) {
            index = strtoll(v, &end, 10);
            if (!*v || *end || errno || index < 0)
                return ccdb_cli_bad_usage("replay", "--index must be an integer >= 0, not '%s'", v);
        } else if (!strcmp(o, "--kind")) {
            if (ccdb_kind_parse(v, &kind) != 0)
                return ccdb_cli_bad_usage("replay", "--kind must be " CCDB_KIND_NAMES ", not '%s'",
                                          v);
        } else if (!strcmp(o, "--solvers")) {
            solvers = v;
        } else if (!strcmp(o, "--plugin")) {
            if (n_plugins == MAX_PLUGINS)
                return ccdb_cli_bad_usage("replay", "too many --plugin options");
            plugins[n_plugins++] = v;
        } else if (!strcmp(o, "--max-iter")) {
            long l = strtol(v, &end, 10);
            if (!*v || *end || errno || l < 1)
                return ccdb_cli_bad_usage("replay", "--max-iter must be an integer >= 1, not '%s'",
                                          v);
            params.max_iterations = l;
        } else if (!strcmp(o, "--min-sep")) {
            if (ccdb_cli_parse_min_sep("replay", v, &params.min_separation) != 0)
                return 2;
        } else if (!strcmp(o, "--timeout")) {
            if (ccdb_cli_parse_timeout("replay", v, &timeout_s) != 0)
                return 2;
            timeout_set = 1;
        } else { /* --delta */
            double d;
            if (ccdb_cli_parse_double(v, &d) != 0 || !(d > 0))
                return ccdb_cli_bad_usage("replay", "--delta must be a number > 0, not '%s'", v);
            params.delta = d;
        }
    }
    if (!file)
        return ccdb_cli_bad_usage("replay", "missing FILE.csv");
    if (index < 0)
        return ccdb_cli_bad_usage("replay", "missing --index I");
    if (isolate && no_isolate)
        return ccdb_cli_bad_usage("replay", "--isolate and --no-isolate contradict each other");
    if (timeout_set && no_isolate)
        return ccdb_cli_bad_usage("replay", "--timeout applies to isolated solvers: not with "
                                            "--no-isolate");
    ccdb_isolation mode = isolate      ? CCDB_ISOLATE_ALL
                          : no_isolate ? CCDB_ISOLATE_NONE
                                       : CCDB_ISOLATE_PLUGINS;

    int rc = 0;
    char err[2048];
    ccdb_input in;
    if (ccdb_input_read(file, kind, round_inputs, &in, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench replay: %s\n", err);
        return 2;
    }
    if ((size_t)index >= in.ds.count) {
        fprintf(stderr, "ccdbench replay: %s: --index %lld out of range (%zu queries: 0..%zu)\n",
                file, index, in.ds.count, in.ds.count ? in.ds.count - 1 : 0);
        ccdb_input_free(&in);
        return 2;
    }
    ccdb_registry *reg = ccdb_registry_new();
    if (!reg) {
        ccdb_input_free(&in);
        fprintf(stderr, "ccdbench replay: cannot create the solver registry\n");
        return 2;
    }
    for (size_t i = 0; i < n_plugins && !rc; i++)
        if (ccdb_registry_load_plugin(reg, plugins[i], err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench replay: --plugin %s: %s\n", plugins[i], err);
            rc = 2;
        }
    if (!rc)
        rc = load_named_plugin(reg, file);
    /* Validate --solvers before doing any work; a name not registered is looked for as a
     * plugin ($CCDB_PLUGIN_PATH, then the peers folder). */
    if (!rc && solvers) {
        char *copy = strdup(solvers), *save = NULL;
        for (char *n = copy ? strtok_r(copy, ",", &save) : NULL; n && !rc;
             n = strtok_r(NULL, ",", &save))
            if (!ccdb_registry_find_or_load(reg, n, err, sizeof err)) {
                fprintf(stderr, "ccdbench replay: --solvers: %s\n", err);
                rc = 2;
            }
        free(copy);
    }
    if (rc) {
        ccdb_registry_free(reg);
        ccdb_input_free(&in);
        return rc;
    }

    size_t i = (size_t)index;
    const double(*q)[3] = (const double(*)[3])in.ds.q[i];
    printf("query %zu of %s (%s, CSV lines %zu-%zu; truth column %d)\n", i, file,
           ccdb_kind_name(in.ds.kind), 8 * i + 1, 8 * i + 8, in.ds.label ? in.ds.label[i] : -1);
    for (int p = 0; p < 8; p++)
        printf("  %-7s %24.17g %24.17g %24.17g\n", ccdb_kind_row_meaning(in.ds.kind, p), q[p][0],
               q[p][1], q[p][2]);

    ccdb_truth *ctx = ccdb_truth_new();
    ccdb_truth_result t;
    if (!ctx) {
        fprintf(stderr, "ccdbench replay: cannot create the exact-truth context\n");
        ccdb_registry_free(reg);
        ccdb_input_free(&in);
        return 2;
    }
    /* --min-sep D > 0: the solvers claiming minimum separation are judged by the truth at D
     * where the kind has one, as `run` does; a solver with a separation band by the truths at
     * its ends (ccdb_bench_band; every kind has a judge at d today) */
    const ccdb_bench_options sep_opt = { .min_sep = params.min_separation };
    const double sep = params.min_separation > 0 && ccdb_truth_judges_sep(in.ds.kind)
                           ? params.min_separation
                           : 0.0;
    ccdb_truth_result ts;
    int judged = ccdb_truth_of(ctx, in.ds.kind, q, 0.0, &t);
    if (judged == 0) {
        ts = t;
        if (sep > 0)
            judged = ccdb_truth_of(ctx, in.ds.kind, q, sep, &ts);
    }
    /* The file's label against the truth at the labels' own separation (in.label_sep: the d
     * that `gen --min-sep d` recorded, else 0), as `run` compares them. */
    ccdb_truth_result tl = t;
    int label_judged = judged == 0;
    if (label_judged && in.label_sep > 0)
        label_judged = ccdb_truth_judges_sep(in.ds.kind) &&
                       ccdb_truth_of(ctx, in.ds.kind, q, in.label_sep, &tl) == 0;
    if (judged != 0) {
        fprintf(stderr, "ccdbench replay: no exact judge for %s queries%s\n",
                ccdb_kind_name(in.ds.kind), sep > 0 ? " at a minimum separation" : "");
        ccdb_truth_free(ctx);
        ccdb_registry_free(reg);
        ccdb_input_free(&in);
        return 2;
    }
    print_truth("exact truth", &t);
    if (sep > 0) {
        char label[64];
        snprintf(label, sizeof label, "exact truth at min-sep %.17g", sep);
        print_truth(label, &ts);
    } else if (params.min_separation > 0) {
        printf("note: no exact judge at d > 0 for %s queries: every solver is "
               "judged by the contact truth\n",
               ccdb_kind_name(in.ds.kind));
    }
    if (in.ds.label && label_judged && (in.ds.label[i] != 0) != (tl.hit != 0))
        printf("note: the file's truth column (%d) disagrees with the exact truth at the "
               "labels' separation %.17g\n",
               in.ds.label[i], in.label_sep);

    printf("\n  %-30s %-8s %-24s %12s  %s\n", "solver", "answer", "toi", "work", "verdict");
    ccdb_run_config cfg = { params, 1, 1, 0 };
    /* The query, read-only: a solver that writes into it crashes instead of changing it for
     * the next ones. */
    const double(*one)[8][3] = ccdb_queries_readonly((const double(*)[8][3]) & in.ds.q[i], 1);
    if (!one) {
        fprintf(stderr, "ccdbench replay: cannot map a read-only copy of the query: %s\n",
                strerror(errno));
        ccdb_truth_free(ctx);
        ccdb_registry_free(reg);
        ccdb_input_free(&in);
        return 2;
    }
    size_t total = ccdb_registry_count(reg);
    for (size_t k = 0; k < total; k++) {
        const ccdb_solver *s = ccdb_registry_at(reg, k);
        if (solvers) {
            /* keep the registry's order; show only the listed ones */
            size_t len = strlen(s->name);
            int listed = 0;
            for (const char *p = solvers; (p = strstr(p, s->name)); p += len)
                if ((p == solvers || p[-1] == ',') && (p[len] == ',' || p[len] == '\0'))
                    listed = 1;
            if (!listed)
                continue;
        }
        if (!ccdb_solver_query_fn(s, in.ds.kind)) {
            printf("  %-30s %-8s no %s entry\n", s->name, "unsupported",
                   ccdb_kind_name(in.ds.kind));
            continue;
        }
        ccdb_solver_run run;
        if (ccdb_run_solver(s, in.ds.kind, one, 1, &cfg, ccdb_isolated(s, mode), timeout_s, &run) !=
            0) {
            fprintf(stderr, "ccdbench replay: %s: %s\n", s->name, run.detail);
            ccdb_solver_run_free(&run);
            rc = 2;
            break;
        }
        ccdb_band band = ccdb_bench_band(s, in.ds.kind, &sep_opt);
        ccdb_truth_result lo = band.lo == sep ? ts : t, hi;
        if (band.lo != sep && band.lo != 0)
            judged = ccdb_truth_of(ctx, in.ds.kind, q, band.lo, &lo);
        hi = lo;
        if (judged == 0 && band.hi != band.lo)
            judged = ccdb_truth_of(ctx, in.ds.kind, q, band.hi, &hi);
        if (judged != 0) { /* ccdb_bench_band gives a band only where the kind has a judge */
            fprintf(stderr, "ccdbench replay: %s: no exact judge at its band\n", s->name);
            ccdb_solver_run_free(&run);
            rc = 2;
            break;
        }
        if (band.hi != band.lo) {
            char label[160], a[32], b[32];
            ccdb_shortest_double(band.lo, a);
            ccdb_shortest_double(band.hi, b);
            snprintf(label, sizeof label, "  %s's band [%s, %s], truth at %s", s->name, a, b, a);
            print_truth(label, &lo);
            snprintf(label, sizeof label, "  %s's band [%s, %s], truth at %s", s->name, a, b, b);
            print_truth(label, &hi);
        }
        print_solver(s, &lo, &hi, &run);
        ccdb_solver_run_free(&run);
    }
    ccdb_truth_free(ctx);
    ccdb_queries_readonly_free(one, 1);
    ccdb_registry_free(reg);
    ccdb_input_free(&in);
    return rc;
}
