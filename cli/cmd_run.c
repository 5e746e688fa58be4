/* cmd_run.c — `ccdbench run`: options, solvers (built-ins and plugins), datasets (files,
 * folders or the built-in suite), exact truth (cached), the run loop, reports, and the exit
 * status. The contract is in docs/harness.md. */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* realpath */
#endif
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_cli.h"
#include "ccdb_bench.h"
#include "ccdb_input.h"
#include "ccdb_mpi.h"
#include "ccdb_run_meta.h"
#include "ccdb_runner.h"
#include "ccdb_truth_cache.h"
#include "ccdb_registry.h"
#include "ccdb_suite.h"
#include "ccdb_util.h"
#include "options.h"
#include "solver_list.h"

/* MPI work units (docs/mpi.md): files are cut into chunks of up to CHUNK_FILES queries (memory
 * and reading per unit); the built-in suite, in memory with a cheap truth, into chunks of
 * CHUNK_SUITE, small enough that the slow solvers' units on its degenerate datasets (an
 * iteration cap reached on most queries) do not leave one rank working alone at the end. */
#define CHUNK_FILES 65536
#define CHUNK_SUITE 20

static void run_usage(FILE *f)
{
    fputs(
        "usage: ccdbench run [--solvers a,b] [--plugin X.so]... [--data PATH]... [--kind K]\n"
        "                    [--only-kind K,...]\n"
        "                    [--repeat R] [--threads T] [--isolate | --no-isolate] [--timeout S]\n"
        "                    [--fail-on-fn]\n"
        "                    [--delta D] [--max-iter N] [--min-sep D] [--round-inputs]\n"
        "                    [--no-cache] [--chunk Q] [-o DIR]\n"
        "\n",
        f);
    ccdb_cli_print_options(f, CCDB_CMD_RUN);
}

/* --only-kind: whether a dataset of this kind runs. */
static int kind_wanted(const ccdb_cli_args *a, ccdb_kind k)
{
    return !a->only_kinds || (k < CCDB_KIND_COUNT && (a->only_kinds >> k & 1u));
}

/* --only-kind over the files of --data: a file of another kind is dropped before it is read (a
 * file whose kind cannot be told stays, for the reader to report). 0, or 2 when none is left. */
static int keep_wanted_files(const ccdb_cli_args *a, char **files, size_t *n)
{
    char err[16];
    size_t kept = 0;
    if (!a->only_kinds || !a->n_data)
        return 0; /* every kind; or no file at all (the built-in suite, filtered as generated) */
    for (size_t i = 0; i < *n; i++) {
        ccdb_kind k = ccdb_input_kind(files[i], a->kind, err, sizeof err);
        if (k == CCDB_KIND_UNKNOWN || kind_wanted(a, k))
            files[kept++] = files[i];
        else
            free(files[i]);
    }
    *n = kept;
    if (!kept) {
        fprintf(stderr, "ccdbench run: --only-kind: no file of --data has such a kind\n");
        return 2;
    }
    return 0;
}

static int load_inputs(const ccdb_cli_args *a, ccdb_input **inputs, size_t *n_inputs)
{
    char err[1024];
    *inputs = NULL;
    *n_inputs = 0;
    if (!a->n_data) {
        ccdb_progress("generating the built-in suite");
        int bad = ccdb_suite_inputs(inputs, n_inputs, err, sizeof err);
        ccdb_progress_done();
        if (bad) {
            fprintf(stderr, "ccdbench run: %s\n", err);
            return 2;
        }
        size_t kept = 0; /* --only-kind */
        for (size_t i = 0; i < *n_inputs; i++) {
            if (kind_wanted(a, (*inputs)[i].ds.kind))
                (*inputs)[kept++] = (*inputs)[i];
            else
                ccdb_input_free(&(*inputs)[i]);
        }
        *n_inputs = kept;
        return 0;
    }
    char **files = NULL;
    size_t n_files = 0;
    int rc = 0;
    for (size_t i = 0; i < a->n_data && !rc; i++)
        if (ccdb_inputs_expand(a->data[i], &files, &n_files, err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench run: %s\n", err);
            rc = 2;
        }
    if (!rc && ccdb_inputs_unique(files, &n_files, stderr) != 0) {
        fprintf(stderr, "ccdbench run: out of memory\n");
        rc = 2;
    }
    if (!rc)
        rc = keep_wanted_files(a, files, &n_files);
    if (!rc && !(*inputs = calloc(n_files ? n_files : 1, sizeof **inputs))) {
        fprintf(stderr, "ccdbench run: out of memory\n");
        rc = 2;
    }
    for (size_t i = 0; i < n_files && !rc; i++) {
        ccdb_progress("reading %s", files[i]);
        if (ccdb_input_read(files[i], a->kind, a->round_inputs, &(*inputs)[i], err, sizeof err) !=
            0) {
            ccdb_progress_done();
            fprintf(stderr, "ccdbench run: %s\n", err);
            rc = 2;
        } else {
            *n_inputs = i + 1;
        }
    }
    ccdb_progress_done();
    for (size_t i = 0; i < n_files; i++)
        free(files[i]);
    free(files);
    return rc;
}

static void append(char *buf, size_t len, const char *text)
{
    size_t at = strlen(buf);
    snprintf(buf + at, len > at ? len - at : 0, "%s", text);
}

/* Beside each findings file of a plugin's solver, DIR/{misses,bad-toi,...}/KIND/NAME.csv, the plugin's
 * absolute path in NAME.plugin, so that `replay` of that file loads it without --plugin
 * (docs/harness.md, "Findings files"). 0, or 2 after printing why. */
static int record_plugins(const char *dir, const ccdb_registry *reg,
                          const ccdb_solver *const *solvers, size_t n_solvers)
{
    static const char *const folders[] = { CCDB_MISSES_FOLDER, CCDB_BAD_TOI_FOLDER,
                                           CCDB_FALSE_POSITIVES_FOLDER, CCDB_CRASHES_FOLDER };
    for (size_t i = 0; i < n_solvers; i++) {
        const char *path = NULL;
        if (ccdb_registry_origin(reg, solvers[i], &path) == CCDB_ORIGIN_BUILTIN || !path)
            continue;
        char *abs = realpath(path, NULL);
        for (size_t f = 0; f < sizeof folders / sizeof *folders; f++)
            for (int k = 0; k < CCDB_KIND_COUNT; k++) {
                char csv[4400], side[4400], err[4600];
                snprintf(csv, sizeof csv, "%s/%s/%s/%s.csv", dir, folders[f],
                         ccdb_kind_folder((ccdb_kind)k), solvers[i]->name);
                if (access(csv, F_OK) != 0)
                    continue;
                snprintf(side, sizeof side, "%.*s.plugin", (int)strlen(csv) - 4, csv);
                char line[4200];
                int len = snprintf(line, sizeof line, "%s\n", abs ? abs : path);
                if (len >= (int)sizeof line ||
                    ccdb_write_file_atomic(side, line, (size_t)len, err, sizeof err) != 0) {
                    fprintf(stderr, "ccdbench run: %s\n", len >= (int)sizeof line ? side : err);
                    free(abs);
                    return 2;
                }
            }
        free(abs);
    }
    return 0;
}

/* Plugins (given with --plugin, and the files of solvers found by name) and non-default
 * parameters, so that a replay command reproduces the run's setting. */
static void replay_args(const ccdb_cli_args *a, const ccdb_registry *reg,
                        const ccdb_solver *const *solvers, size_t n_solvers, char *buf, size_t len)
{
    buf[0] = '\0';
    char tmp[64], num[32];
    for (size_t i = 0; i < a->n_plugins; i++) {
        append(buf, len, " --plugin ");
        ccdb_shell_quote(buf, len, a->plugins[i]);
    }
    for (size_t i = 0; i < n_solvers; i++) {
        const char *path = NULL;
        ccdb_solver_origin o = ccdb_registry_origin(reg, solvers[i], &path);
        if ((o == CCDB_ORIGIN_PLUGIN_PATH || o == CCDB_ORIGIN_PEER || o == CCDB_ORIGIN_ENGINE) &&
            path) {
            append(buf, len, " --plugin ");
            ccdb_shell_quote(buf, len, path);
        }
    }
    if (a->given[CCDB_OPT_DELTA]) {
        snprintf(tmp, sizeof tmp, " --delta %s", ccdb_shortest_double(a->params.delta, num));
        append(buf, len, tmp);
    }
    if (a->given[CCDB_OPT_MAX_ITER]) {
        snprintf(tmp, sizeof tmp, " --max-iter %ld", a->params.max_iterations);
        append(buf, len, tmp);
    }
    if (a->given[CCDB_OPT_MIN_SEP]) {
        snprintf(tmp, sizeof tmp, " --min-sep %s",
                 ccdb_shortest_double(a->params.min_separation, num));
        append(buf, len, tmp);
    }
    if (buf[0] == ' ')
        memmove(buf, buf + 1, strlen(buf));
}

static ccdb_isolation isolation(const ccdb_cli_args *a)
{
    return a->isolate ? CCDB_ISOLATE_ALL : a->no_isolate ? CCDB_ISOLATE_NONE : CCDB_ISOLATE_PLUGINS;
}

/* What a run writes in its report folder: the only names an existing -o folder may hold for
 * the run to replace it (ccdb_atomic_dir). */
/* What a report holds, at every depth (ccdb_atomic_dir): -o DIR replaces nothing else.
 * FOLDER/SOLVER.csv is the findings layout before issue 9, still replaced. */
static const char *const report_entries[] = {
    "summary.csv",
    "index.html",
    CCDB_MISSES_FOLDER "/",
    CCDB_MISSES_FOLDER "/*/",
    CCDB_MISSES_FOLDER "/*/*.csv",
    CCDB_MISSES_FOLDER "/*/*.plugin", /* the plugin a findings file's solver came from */
    CCDB_MISSES_FOLDER "/*.csv",
    CCDB_BAD_TOI_FOLDER "/",
    CCDB_BAD_TOI_FOLDER "/*/",
    CCDB_BAD_TOI_FOLDER "/*/*.csv",
    CCDB_BAD_TOI_FOLDER "/*/*.plugin",
    CCDB_BAD_TOI_FOLDER "/*.csv",
    "summary.jsonl",
    CCDB_FINDINGS_TABLE ".csv",
    CCDB_FINDINGS_TABLE ".jsonl",
    CCDB_FALSE_POSITIVES_FOLDER "/",
    CCDB_FALSE_POSITIVES_FOLDER "/*/",
    CCDB_FALSE_POSITIVES_FOLDER "/*/*.csv",
    CCDB_FALSE_POSITIVES_FOLDER "/*/*.plugin",
    CCDB_CRASHES_FOLDER "/",
    CCDB_CRASHES_FOLDER "/*/",
    CCDB_CRASHES_FOLDER "/*/*.csv",
    CCDB_CRASHES_FOLDER "/*/*.plugin",
    CCDB_UNDECIDED_FOLDER "/",
    CCDB_UNDECIDED_FOLDER "/*/",
    CCDB_UNDECIDED_FOLDER "/*/*.csv",
    NULL,
};

/* The null solver's time per query: what the harness's loop itself costs. */
static void measure_overhead(const ccdb_registry *reg, const ccdb_input *inputs, size_t n_inputs,
                             const ccdb_run_config *cfg, ccdb_meta *meta)
{
    const ccdb_solver *null_solver = ccdb_registry_find(reg, "null");
    const ccdb_input *biggest = NULL;
    for (size_t i = 0; i < n_inputs; i++)
        if (!biggest || inputs[i].ds.count > biggest->ds.count)
            biggest = &inputs[i];
    if (!null_solver || !biggest || !biggest->ds.count) {
        ccdb_meta_add(meta, "harness overhead", "not measured (no null solver or no queries)");
        return;
    }
    ccdb_run_config c = *cfg;
    if (c.repeat < 5)
        c.repeat = 5;
    /* Small datasets are cycled up to OVERHEAD_QUERIES so that the two clock reads around a
     * pass are negligible next to the pass itself. */
    enum { OVERHEAD_QUERIES = 1 << 16 };
    size_t n = biggest->ds.count < OVERHEAD_QUERIES ? OVERHEAD_QUERIES : biggest->ds.count;
    double(*q)[8][3] = biggest->ds.q;
    if (n != biggest->ds.count) {
        if (!(q = malloc(n * sizeof *q))) {
            ccdb_meta_add(meta, "harness overhead", "not measured (out of memory)");
            return;
        }
        for (size_t i = 0; i < n; i++)
            memcpy(q[i], biggest->ds.q[i % biggest->ds.count], sizeof q[i]);
    }
    ccdb_solver_run run;
    int rc = ccdb_runner_run(null_solver, biggest->ds.kind, (const double(*)[8][3])q, n, &c, &run);
    if (q != biggest->ds.q)
        free(q);
    if (rc != 0) {
        ccdb_meta_add(meta, "harness overhead", "not measured (%s)", run.detail);
        return;
    }
    ccdb_meta_add(meta, "harness overhead",
                  "%.2f ns/query (null solver; median of %d passes, min %.2f, max %.2f; "
                  "%zu queries cycled from %s; %d thread(s))",
                  run.ns_median, c.repeat, run.ns_min, run.ns_max, n, ccdb_input_label(biggest),
                  c.threads);
    ccdb_solver_run_free(&run);
}

/* The datasets of a run as the report describes them: name, kind and stats. */
typedef struct run_datasets {
    ccdb_bench_dataset *d;
    ccdb_input_stats *st;
    size_t n;
} run_datasets;

static int datasets_of_inputs(const ccdb_input *inputs, size_t n, run_datasets *out)
{
    out->n = n;
    out->d = calloc(n ? n : 1, sizeof *out->d);
    out->st = calloc(n ? n : 1, sizeof *out->st);
    if (!out->d || !out->st)
        return -1;
    for (size_t i = 0; i < n; i++) {
        out->d[i] = ccdb_bench_dataset_of(&inputs[i]);
        ccdb_input_stats_of(&inputs[i], &out->st[i]);
    }
    return 0;
}

static void run_datasets_free(run_datasets *r)
{
    free(r->d);
    free(r->st);
    *r = (run_datasets){ 0 };
}

/* The truth cache folder for this run, or NULL (after one warning saying why, from the root
 * rank) when there is none or it is not safe to use (ccdb_truth_cache_prepare). */
static const char *run_cache(int root)
{
    const char *dir = ccdb_truth_cache_dir();
    char why[4400];
    if (!dir)
        snprintf(why, sizeof why,
                 "no cache folder: none of CCDB_CACHE_DIR, XDG_CACHE_HOME, HOME "
                 "is set");
    else if (ccdb_truth_cache_prepare(dir, why, sizeof why) == 0)
        return dir;
    if (root)
        fprintf(stderr, "ccdbench: warning: the truth cache is not used: %s\n", why);
    return NULL;
}

static void add_run_meta(ccdb_meta *meta, const ccdb_cli_args *a, const char *cache,
                         const ccdb_solver *const *solvers, size_t n_solvers,
                         const run_datasets *rd, int argc, char **argv)
{
    char cmd[4096] = "ccdbench";
    for (int i = 0; i < argc; i++) {
        append(cmd, sizeof cmd, " ");
        ccdb_shell_quote(cmd, sizeof cmd, argv[i]);
    }
    ccdb_meta_add(meta, "command", "%s", cmd);
    char d1[32], d2[32];
    ccdb_meta_add(meta, "parameters", "delta=%s max-iter=%ld min-sep=%s",
                  ccdb_shortest_double(a->params.delta, d1), a->params.max_iterations,
                  ccdb_shortest_double(a->params.min_separation, d2));
    ccdb_meta_add(meta, "repeat", "%d", a->repeat);
    ccdb_meta_add(meta, "threads", "%d", a->threads);
    char isolated[2048] = "", in_process[2048] = "";
    for (size_t i = 0; i < n_solvers; i++) {
        char *list = ccdb_isolated(solvers[i], isolation(a)) ? isolated : in_process;
        if (*list)
            append(list, sizeof isolated, ", ");
        append(list, sizeof isolated, solvers[i]->name);
    }
    ccdb_meta_add(meta, "isolate",
                  "%s: in a child process per dataset (timeout %g s): %s; in-process: %s",
                  a->isolate      ? "--isolate (every solver)"
                  : a->no_isolate ? "--no-isolate (no solver)"
                                  : "plugins (the default)",
                  a->timeout_s, *isolated ? isolated : "none", *in_process ? in_process : "none");
    if (a->n_data) {
        char paths[4096] = "";
        for (size_t i = 0; i < a->n_data; i++) {
            if (i)
                append(paths, sizeof paths, " ");
            ccdb_shell_quote(paths, sizeof paths, a->data[i]);
        }
        ccdb_meta_add(meta, "data", "%s", paths);
    } else {
        ccdb_meta_add(meta, "data", "built-in suite (every generator family x kind, fixed seeds)%s",
                      a->only_kinds ? "; only the kinds of --only-kind" : "");
    }
    long long queries = 0, rounded = 0, disagree = 0, stage[CCDB_STAGE_COUNT] = { 0 };
    size_t cached = 0, labelled = 0, unlabelled = 0, at_sep = 0, unjudged = 0, n_inputs = rd->n;
    char no_labels[2048] = "";
    for (size_t i = 0; i < n_inputs; i++) {
        const ccdb_input_stats *st = &rd->st[i];
        queries += st->queries;
        for (int s = 0; s < CCDB_STAGE_COUNT; s++)
            stage[s] += st->stage[s];
        rounded += st->rounded;
        cached += st->cached ? 1 : 0;
        if (st->labels_unjudged) {
            unjudged++;
        } else if (st->labelled) {
            labelled++;
            at_sep += st->label_sep > 0;
            disagree += st->disagree;
        } else if (++unlabelled <= 8) { /* a 2023 file without its mma_bool JSON */
            if (unlabelled > 1)
                append(no_labels, sizeof no_labels, ", ");
            append(no_labels, sizeof no_labels, rd->d[i].label);
        }
    }
    ccdb_meta_add(meta, "datasets", "%zu (%lld queries)", n_inputs, queries);
    if (a->round_inputs)
        ccdb_meta_add(meta, "round-inputs", "yes: %lld values were not doubles and were rounded",
                      rounded);
    ccdb_meta_add(meta, "truth cache", "%s (%zu of %zu datasets from the cache)",
                  cache         ? cache
                  : a->no_cache ? "off"
                                : "off (not usable)",
                  cached, n_inputs);
    char decided[256] = "";
    for (int i = 0; i < CCDB_STAGE_COUNT; i++) {
        const ccdb_truth_stage s = ccdb_truth_stage_in_order(i);
        size_t at = strlen(decided);
        snprintf(decided + at, sizeof decided - at, "%s%s %lld", i ? ", " : "",
                 ccdb_truth_stage_name(s), stage[s]);
    }
    ccdb_meta_add(meta, "exact truth decided by", "%s", decided);
    ccdb_meta_add(meta, "labels vs exact truth",
                  "%lld queries whose published label (CSV truth column or mma_bool JSON) "
                  "disagrees with the exact truth, over the %zu of %zu datasets that have "
                  "labels%s",
                  disagree, labelled, n_inputs,
                  unlabelled ? "; the others have no published labels" : "");
    if (at_sep || unjudged)
        ccdb_meta_add(meta, "labels at a separation",
                      "%zu dataset(s) labelled at a minimum separation d > 0 (gen --min-sep d, "
                      "recorded in FILE.csv.min-sep) compared with the exact truth at their d; "
                      "%zu not compared (the run's truth is at another d, --min-sep)",
                      at_sep, unjudged);
    if (unlabelled)
        ccdb_meta_add(meta, "no published labels",
                      "%zu dataset(s), judged by the exact truth alone: %s%s", unlabelled,
                      no_labels, unlabelled > 8 ? ", ..." : "");
}

/* The "how this run was made" line of an MPI run: ranks, hosts, busy time per rank. */
static void add_mpi_meta(ccdb_meta *meta, const ccdb_mpi *m, const ccdb_mpi_rank *ranks, long chunk)
{
    char hosts[1024] = "", busy[2048] = "";
    size_t n_hosts = 0;
    double max = 0, sum = 0;
    for (int r = 0; r < m->size; r++) {
        int seen = 0;
        for (int q = 0; q < r && !seen; q++)
            seen = !strcmp(ranks[q].host, ranks[r].host);
        if (!seen) {
            if (n_hosts++)
                append(hosts, sizeof hosts, ", ");
            append(hosts, sizeof hosts, ranks[r].host);
        }
        char one[160];
        snprintf(one, sizeof one, "%s%d: %.2f s (%lld units; %.2f s CPU; %.2f s waiting for work)",
                 r ? ", " : "", r, ranks[r].busy_s, ranks[r].units, ranks[r].cpu_s,
                 ranks[r].wait_s);
        append(busy, sizeof busy, one);
        sum += ranks[r].busy_s;
        if (ranks[r].busy_s > max)
            max = ranks[r].busy_s;
    }
    double mean = sum / m->size;
    ccdb_meta_add(meta, "mpi",
                  "%d rank(s) on %zu host(s) (%s); work units of up to %ld queries x one solver, "
                  "handed out on demand",
                  m->size, n_hosts, hosts, chunk);
    ccdb_meta_add(meta, "mpi busy per rank", "%s; imbalance (max / mean busy time) %.3f", busy,
                  mean > 0 ? max / mean : 1.0);
}

static int write_reports(const ccdb_atomic_dir *out, const ccdb_bench *b, const ccdb_meta *meta)
{
    /* a run over 1000 files stays a few MB (docs/reports.md): 100 dataset tables at most */
    const ccdb_report r = { .meta = meta->kv,
                            .n_meta = meta->n,
                            .rows = b->rows,
                            .n_rows = b->n_rows,
                            .misses = b->misses,
                            .n_misses = b->n_misses,
                            .miss_pictures_per_solver = 6,
                            .dataset_tables_max = 100,
                            .warning = ccdb_build_warning(),
                            .findings = b->findings,
                            .n_findings = b->n_findings,
                            .outputs = b->outputs,
                            .n_outputs = b->n_outputs,
                            .latencies = b->latencies,
                            .n_latencies = b->n_latencies };
    char err[1024];
    if (ccdb_report_write_dir(&r, out->tmp, err, sizeof err) != 0) {
        ccdb_atomic_dir_final_names(out, err, sizeof err);
        fprintf(stderr, "ccdbench run: %s\n", err);
        return -1;
    }
    return 0;
}

/* The files of --data on every rank (the same sorted list), their query counts from rank 0
 * (a scan for line ends) broadcast with rank 0's status; rank 0 also opens the report folder
 * (*out). Returns 0 or 2, the same on every rank. */
static int mpi_prepare(ccdb_mpi *m, const ccdb_cli_args *a, int rc, char ***files, size_t *n_files,
                       size_t **counts, ccdb_atomic_dir *out)
{
    char err[2048];
    *files = NULL;
    *n_files = 0;
    *counts = NULL;
    for (size_t i = 0; i < a->n_data && !rc; i++)
        if (ccdb_inputs_expand(a->data[i], files, n_files, err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench run: %s\n", err);
            rc = 2;
        }
    if (!rc && ccdb_inputs_unique(*files, n_files, m->rank == 0 ? stderr : NULL) != 0) {
        fprintf(stderr, "ccdbench run: out of memory\n");
        rc = 2;
    }
    if (!rc)
        rc = keep_wanted_files(a, *files, n_files);
    if (!rc && !(*counts = calloc(*n_files ? *n_files : 1, sizeof **counts))) {
        fprintf(stderr, "ccdbench run: out of memory\n");
        rc = 2;
    }
    int local = rc;
    for (size_t i = 0; m->rank == 0 && i < *n_files && !rc; i++) {
        ccdb_progress("counting the queries of %s", (*files)[i]);
        if (ccdb_input_count((*files)[i], &(*counts)[i], err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench run: %s\n", err);
            rc = 2;
        }
    }
    ccdb_progress_done();
    if (m->rank == 0 && !rc &&
        ccdb_atomic_dir_open(out, a->out, report_entries, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench run: -o %s\n", err);
        rc = 2;
    }
    if (ccdb_mpi_bcast(m, &rc, sizeof rc) != 0)
        ccdb_mpi_abort(m, 2);
    /* The same options fail alike on every rank (rank 0 said why); a rank alone in trouble
     * (its own host) cannot take part: the job ends. */
    if (!rc && local)
        ccdb_mpi_abort(m, local);
    if (!rc && ccdb_mpi_bcast(m, *counts, *n_files * sizeof **counts) != 0)
        ccdb_mpi_abort(m, 2);
    return rc;
}

/* --- parse, check, do --- */

/* -1 to go on, else the exit status (0 after --help). */
static int run_parse(int argc, char **argv, ccdb_cli_args *a)
{
    return ccdb_cli_command_line(CCDB_CMD_RUN, argc, argv, run_usage, a);
}

/* What the options say together. 0, or 2 after the usage error. */
static int run_check(const ccdb_cli_args *a)
{
    if (a->n_pos)
        return ccdb_cli_bad_usage("run", "unexpected argument '%s' (use --data)", a->pos[0]);
    if (a->isolate && a->no_isolate)
        return ccdb_cli_bad_usage("run", "--isolate and --no-isolate contradict each other");
    if (a->kind != CCDB_KIND_UNKNOWN && !a->n_data)
        return ccdb_cli_bad_usage("run", "--kind names the kind of --data files whose path names "
                                         "none; the built-in suite has every kind (to run only "
                                         "some: --only-kind K)");
    if (a->given[CCDB_OPT_TIMEOUT] && a->no_isolate)
        return ccdb_cli_bad_usage("run", "--timeout applies to isolated solvers: not with "
                                         "--no-isolate");
    return 0;
}

/* A run in progress: what run_do's steps hand to each other. */
typedef struct run_state {
    ccdb_mpi mpi;
    int use_mpi, root;
    ccdb_registry *reg;
    const ccdb_solver **solvers;
    size_t n_solvers;
    ccdb_input *inputs; /* read whole here (NULL under MPI over files: the ranks read chunks) */
    size_t n_inputs;
    char **files; /* MPI over files: the files of --data and their query counts */
    size_t n_files, *counts;
    const char *cache;
    ccdb_bench_options opt;
    ccdb_bench bench;
    ccdb_meta meta;
    run_datasets rd;
    ccdb_mpi_rank *ranks;
    ccdb_atomic_dir out;
    char rargs[4096];
} run_state;

/* MPI (under a launcher: the ranks share the work and rank 0 writes the report; otherwise MPI is
 * never initialized), the registry, the solvers and the datasets. 0 or 2. */
static int run_setup(const ccdb_cli_args *a, run_state *st)
{
    char err[2048];
    st->use_mpi = ccdb_mpi_launched();
    if (st->use_mpi && ccdb_mpi_init(&st->mpi, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench run: %s\n", err);
        st->use_mpi = 0;
        return 2;
    }
    st->root = !st->use_mpi || st->mpi.rank == 0;
    /* The watchdog's limits follow from --timeout (ccdb_mpi.h, docs/mpi.md). */
    st->mpi.timeout_s = a->timeout_s;
    int rc = 0;
    if (!(st->reg = ccdb_registry_new())) {
        fprintf(stderr, "ccdbench run: cannot create the solver registry\n");
        rc = 2;
    }
    for (size_t i = 0; i < a->n_plugins && !rc; i++)
        if (ccdb_registry_load_plugin(st->reg, a->plugins[i], err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench run: --plugin %s: %s\n", a->plugins[i], err);
            rc = 2;
        }
    if (!rc)
        rc = ccdb_cli_select_solvers("run", st->reg, a->solvers, &st->solvers, &st->n_solvers);
    /* Files are read whole here, or in chunks by the ranks; the built-in suite is generated
     * by every rank alike. */
    if (!rc && (!st->use_mpi || !a->n_data))
        rc = load_inputs(a, &st->inputs, &st->n_inputs);
    if (st->use_mpi)
        rc = mpi_prepare(&st->mpi, a, rc, &st->files, &st->n_files, &st->counts, &st->out);
    st->cache = a->no_cache ? NULL : run_cache(st->root);
    st->opt.min_sep = a->params.min_separation;
    return rc;
}

/* The exact truths the run judges by, of the datasets read whole (under MPI each rank gets them
 * per chunk): the contact truth; the truths at the separations d > 0 where a solver is judged
 * at d (--min-sep D for its claimers, a solver's band: ccdb_bench_band); the truth at the
 * labels' d for labels made at d (gen --min-sep d, ccdb_input_stats_of). 0 or 2. */
static int run_truths(const ccdb_cli_args *a, run_state *st)
{
    char err[2048];
    int rc = 0;
    for (size_t i = 0; i < st->n_inputs && !rc; i++) {
        ccdb_input *in = &st->inputs[i];
        ccdb_progress("exact truth %zu/%zu: %s (%zu queries)", i + 1, st->n_inputs,
                      ccdb_input_label(in), in->ds.count);
        rc = ccdb_truth_for_input(in, st->cache, a->round_inputs, a->threads, err, sizeof err);
        for (size_t j = 0; j < st->n_solvers && !rc; j++) {
            ccdb_band band = ccdb_bench_band(st->solvers[j], in->ds.kind, &st->opt);
            if (!(band.hi > 0))
                continue;
            ccdb_progress("exact truth at min-sep %g..%g %zu/%zu: %s (%zu queries)", band.lo,
                          band.hi, i + 1, st->n_inputs, ccdb_input_label(in), in->ds.count);
            rc = ccdb_bench_band_truths(st->solvers[j], in, &st->opt, st->cache, a->round_inputs,
                                        a->threads, err, sizeof err);
        }
        if (!rc)
            rc = ccdb_bench_label_truth(st->solvers, st->n_solvers, in, &st->opt, st->cache,
                                        a->round_inputs, a->threads, err, sizeof err);
    }
    ccdb_progress_done();
    if (rc)
        fprintf(stderr, "ccdbench run: %s\n", err);
    return rc ? 2 : 0;
}

/* MPI: queries per work unit. */
static long run_chunk(const ccdb_cli_args *a, const run_state *st)
{
    return a->chunk ? a->chunk : st->inputs ? CHUNK_SUITE : CHUNK_FILES;
}

/* The report folder opened (written under a temporary name beside -o DIR and put in place at
 * the end, in one step: readers see the old report or the new one), then the run loop over
 * every solver and dataset. 0 or 2. */
static int run_bench(const ccdb_cli_args *a, run_state *st)
{
    char err[2048];
    if (!st->use_mpi &&
        ccdb_atomic_dir_open(&st->out, a->out, report_entries, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench run: -o %s\n", err);
        return 2;
    }
    replay_args(a, st->reg, st->solvers, st->n_solvers, st->rargs, sizeof st->rargs);
    ccdb_bench_options *opt = &st->opt;
    opt->run.params = a->params;
    opt->run.repeat = a->repeat;
    opt->run.threads = a->threads;
    opt->run.timer_ns = ccdb_timer_cost_ns();
    opt->isolate = isolation(a);
    opt->timeout_s = a->timeout_s;
    opt->findings_dir = st->out.tmp;
    opt->findings_shown = a->out;
    opt->replay_args = st->rargs;
    opt->misses_kept = 1000;
    const char *origins[st->n_solvers ? st->n_solvers : 1];
    for (size_t j = 0; j < st->n_solvers; j++)
        origins[j] = ccdb_origin_name(ccdb_registry_origin(st->reg, st->solvers[j], NULL));
    opt->origins = origins;
    int bad;
    if (st->use_mpi) {
        ccdb_mpi_work w = { .inputs = st->inputs,
                            .n_inputs = st->n_inputs,
                            .files = st->files,
                            .counts = st->counts,
                            .n_files = st->n_files,
                            .kind = a->kind,
                            .round_inputs = a->round_inputs,
                            .cache = st->cache,
                            .threads = a->threads,
                            .chunk = (size_t)run_chunk(a, st) };
        bad = ccdb_bench_run_mpi(&st->mpi, &st->bench, st->solvers, st->n_solvers, &w, opt,
                                 &st->rd.st, &st->ranks, err, sizeof err) != 0;
    } else {
        bad = ccdb_bench_run(&st->bench, st->solvers, st->n_solvers, st->inputs, st->n_inputs, opt,
                             err, sizeof err) != 0;
    }
    opt->origins = NULL; /* the array ends here */
    if (bad) {
        ccdb_atomic_dir_final_names(&st->out, err, sizeof err); /* a findings file's error */
        if (st->root)
            fprintf(stderr, "ccdbench run: %s\n", err);
        return 2;
    }
    return 0;
}

/* Rank 0: the datasets as the report names them, "how this run was made", the report written
 * and put in place. 0 or 2. */
static int run_report(const ccdb_cli_args *a, run_state *st, int argc, char **argv)
{
    run_datasets *rd = &st->rd;
    int rc = 0;
    if (st->use_mpi) { /* the datasets' names; their stats came from the ranks */
        rd->n = st->inputs ? st->n_inputs : st->n_files;
        if (!(rd->d = calloc(rd->n ? rd->n : 1, sizeof *rd->d)))
            rc = 2;
        for (size_t i = 0; !rc && i < rd->n; i++)
            rd->d[i] = st->inputs ? ccdb_bench_dataset_of(&st->inputs[i])
                                  : (ccdb_bench_dataset){ st->files[i], st->files[i], a->kind,
                                                          st->counts[i] };
    } else if (datasets_of_inputs(st->inputs, st->n_inputs, rd) != 0) {
        rc = 2;
    }
    if (rc) {
        fprintf(stderr, "ccdbench run: out of memory\n");
        return rc;
    }
    ccdb_meta *meta = &st->meta;
    ccdb_meta_add_build(meta);
    add_run_meta(meta, a, st->cache, st->solvers, st->n_solvers, rd, argc, argv);
    if (st->use_mpi)
        add_mpi_meta(meta, &st->mpi, st->ranks, run_chunk(a, st));
    ccdb_run_config cfg = { a->params, a->repeat, a->threads, 0 };
    if (st->inputs)
        measure_overhead(st->reg, st->inputs, st->n_inputs, &cfg, meta);
    else
        ccdb_meta_add(meta, "harness overhead",
                      "not measured (MPI run over files: no rank holds the data)");
    ccdb_meta_add(meta, "per-query timing",
                  "clock (CLOCK_MONOTONIC) read before and after each query of the warm-up "
                  "pass, whose answers are the ones judged; the clock's own cost, %.1f ns "
                  "(median of 10001 back-to-back pairs of reads), subtracted (a result below "
                  "0 counts as 0); ns/query median [min-max] is the whole loop over %d "
                  "timed repeat(s) instead",
                  st->opt.run.timer_ns, a->repeat);
    char err[2048];
    if (write_reports(&st->out, &st->bench, meta) != 0 ||
        record_plugins(st->out.tmp, st->reg, st->solvers, st->n_solvers) != 0)
        return 2;
    if (ccdb_atomic_dir_commit(&st->out, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench run: %s\n", err);
        return 2;
    }
    return 0;
}

/* Rank 0: the one-screen table and where the report is; with --fail-on-fn, 1 when a solver
 * claiming to be conservative has a false negative, a late TOI, or could not be checked. */
static int run_print(const ccdb_cli_args *a, const run_state *st)
{
    ccdb_print_summary(stdout, &st->bench);
    static const char *const shown[] = { "harness overhead",
                                         "labels vs exact truth",
                                         "labels at a separation",
                                         "no published labels",
                                         "mpi",
                                         "mpi busy per rank" };
    for (size_t i = 0; i < st->meta.n; i++)
        for (size_t k = 0; k < sizeof shown / sizeof *shown; k++)
            if (!strcmp(st->meta.kv[i].key, shown[k]))
                printf("%s: %s\n", st->meta.kv[i].key, st->meta.kv[i].value);
    const char *w = ccdb_build_warning();
    if (w)
        printf("warning: %s\n", w);
    printf("report: %s/index.html, %s/summary.csv; every finding (dataset, query index, "
           "replay command) in %s/" CCDB_FINDINGS_TABLE ".csv; false negatives in "
           "%s/" CCDB_MISSES_FOLDER "/, TOI findings in %s/" CCDB_BAD_TOI_FOLDER "/\n",
           a->out, a->out, a->out, a->out, a->out);
    long long undecided = 0;
    for (size_t i = 0; i < st->bench.n_rows; i++)
        if (!strcmp(st->bench.rows[i].family, "all") && st->bench.rows[i].undecided > undecided)
            undecided = st->bench.rows[i].undecided;
    if (undecided > 0)
        printf("undecided: the exact judge could not certify some queries (judged neither hit "
               "nor miss): in %s/" CCDB_UNDECIDED_FOLDER "/ and " CCDB_FINDINGS_TABLE ".csv\n",
               a->out);
    int rc = 0;
    for (size_t i = 0; a->fail_on_fn && i < st->bench.n_solvers; i++) {
        const ccdb_solver_summary *s = &st->bench.solvers[i];
        if (!(s->solver->flags & CCDB_CLAIM_CONSERVATIVE))
            continue;
        if (s->fn || s->toi_violations) {
            fprintf(stderr,
                    "ccdbench run: %s claims to be conservative but has %lld false "
                    "negative(s) and %lld late TOI(s)\n",
                    s->solver->name, s->fn, s->toi_violations);
            rc = 1;
        }
        /* A crash or timeout leaves the claim unchecked on that dataset. */
        if (s->crashed || s->timeouts) {
            fprintf(stderr,
                    "ccdbench run: %s claims to be conservative but could not be checked "
                    "(%d crash(es), %d timeout(s))\n",
                    s->solver->name, s->crashed, s->timeouts);
            rc = 1;
        }
    }
    return rc;
}

/* The status agreed over MPI (every rank ends with rank 0's), and everything freed. */
static int run_finish(run_state *st, int rc)
{
    ccdb_atomic_dir_abort(&st->out); /* after a failure: the temporary folder goes, -o DIR stays */
    if (st->use_mpi) {
        if (ccdb_mpi_bcast(&st->mpi, &rc, sizeof rc) != 0)
            ccdb_mpi_abort(&st->mpi, 2);
        if (!st->root)
            rc = rc == 1 ? 0 : rc; /* --fail-on-fn: rank 0 says it, once */
        ccdb_mpi_finalize(&st->mpi);
    }
    ccdb_meta_free(&st->meta);
    ccdb_bench_free(&st->bench);
    run_datasets_free(&st->rd);
    free(st->ranks);
    for (size_t i = 0; i < st->n_inputs; i++)
        ccdb_input_free(&st->inputs[i]);
    free(st->inputs);
    for (size_t i = 0; i < st->n_files; i++)
        free(st->files[i]);
    free(st->files);
    free(st->counts);
    free(st->solvers);
    if (st->reg)
        ccdb_registry_free(st->reg);
    return rc;
}

static int run_do(const ccdb_cli_args *a, int argc, char **argv)
{
    run_state st;
    memset(&st, 0, sizeof st);
    int rc = run_setup(a, &st);
    if (!rc && !st.use_mpi)
        rc = run_truths(a, &st);
    if (!rc)
        rc = run_bench(a, &st);
    if (!rc && st.root)
        rc = run_report(a, &st, argc, argv);
    if (!rc && st.root)
        rc = run_print(a, &st);
    return run_finish(&st, rc);
}

int ccdb_cmd_run(int argc, char **argv)
{
    ccdb_cli_args a;
    int rc = run_parse(argc, argv, &a);
    if (rc >= 0)
        return rc;
    rc = run_check(&a);
    return rc ? rc : run_do(&a, argc, argv);
}
