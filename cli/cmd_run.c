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

#define MAX_LIST 256
/* MPI work units (docs/mpi.md): files are cut into chunks of up to CHUNK_FILES queries (memory
 * and reading per unit); the built-in suite, in memory with a cheap truth, into chunks of
 * CHUNK_SUITE, small enough that the slow solvers' units on its degenerate datasets (an
 * iteration cap reached on most queries) do not leave one rank working alone at the end. */
#define CHUNK_FILES 65536
#define CHUNK_SUITE 20

typedef struct run_args {
    const char *solvers; /* comma list, or NULL for all */
    const char *plugins[MAX_LIST];
    size_t n_plugins;
    const char *data[MAX_LIST];
    size_t n_data;
    ccdb_kind kind;
    unsigned only_kinds; /* --only-kind: a bit per ccdb_kind; 0 = every kind */
    int repeat, threads, isolate, no_isolate, fail_on_fn, round_inputs, no_cache;
    double timeout_s;
    ccdb_params params;
    const char *out_dir;
    const char *cache; /* the truth cache folder this run uses (NULL: none; run_cache) */
    int delta_set, max_iter_set, min_sep_set;
    long chunk; /* MPI: queries per work unit; 0: CHUNK_FILES or CHUNK_SUITE */
} run_args;

static void run_usage(FILE *f)
{
    fprintf(
        f,
        "usage: ccdbench run [--solvers a,b] [--plugin X.so]... [--data PATH]... [--kind K]\n"
        "                    [--only-kind K,...]\n"
        "                    [--repeat R] [--threads T] [--isolate | --no-isolate] [--timeout S]\n"
        "                    [--fail-on-fn]\n"
        "                    [--delta D] [--max-iter N] [--min-sep D] [--round-inputs]\n"
        "                    [--no-cache] [--chunk Q] [-o DIR]\n"
        "  --solvers a,b     solvers to run (default: the built-ins and the --plugin ones); a\n"
        "                    name that is neither is loaded as NAME.so from a folder of\n"
        "                    $CCDB_PLUGIN_PATH, else from this build's peers folder\n"
        "  --plugin X.so     load a solver plugin (repeatable)\n"
        "  --data PATH       a CSV file, or a folder searched for *.csv (repeatable): 7-column\n"
        "                    files (2021 benchmark), or 6-column ones (2023 dataset) with their\n"
        "                    labels from <scene>/mma_bool/ when present (docs/csv-format.md);\n"
        "                    or the name of a public dataset fetched with `ccdbench data fetch`\n"
        "                    (./NAME for a folder of that name here); one file reached several\n"
        "                    ways (a link, a folder holding it) is read once; default: the\n"
        "                    built-in suite (every generator family, fixed seeds)\n"
        "  --kind K          query kind (vf, ee, rigid-vf, rigid-ee, sweep-vf, sweep-ee) of\n"
        "                    --data files whose path names none: no kind folder (vertex-face/,\n"
        "                    edge-edge/, rigid-vertex-face/, rigid-edge-edge/,\n"
        "                    sweep-vertex-face/, sweep-edge-edge/), no <step><vf|ee>.csv name;\n"
        "                    refused for a file whose path names a kind, and without --data\n"
        "  --only-kind K,..  run only the datasets of these kinds (the built-in suite's, or\n"
        "                    --data's), dropping the others\n"
        "  --repeat R        timed passes of the whole query loop (default 3; median reported)\n"
        "  --threads T       split each dataset into T contiguous chunks (default 1)\n"
        "  --isolate         run every solver in a child process per dataset (default: only\n"
        "                    solvers from plugins; built-ins run in-process)\n"
        "  --no-isolate      run plugins in-process too (a crash then ends the run)\n"
        "  --timeout S       wall-clock limit per isolated solver x dataset (default %d;\n"
        "                    at least 1e-9: the limit is counted in nanoseconds); under\n"
        "                    mpirun it is the watchdog's too: a rank whose work unit\n"
        "                    takes more than S to read its chunk and truth, or more than\n"
        "                    S + 5 s to run its solver and judge it, aborts the job\n"
        "                    (docs/mpi.md)\n",
        CCDB_CLI_TIMEOUT_DEFAULT);
    fputs("  --fail-on-fn      exit 1 when a solver claiming to be conservative has a false\n"
          "                    negative or reports a TOI later than the exact one\n"
          "  --delta D, --max-iter N, --min-sep D   solver parameters (1e-6, 1000000, 0)\n"
          "                    with --min-sep D > 0, the solvers that claim minimum separation\n"
          "                    (`ccdbench list`, column minsep) are judged by the exact truth at\n"
          "                    separation D (distance <= D counts as a contact), every other\n"
          "                    solver by the contact truth (D = 0); summary.csv's column\n"
          "                    truth_min_sep and the report's claims say which; a solver's\n"
          "                    band LO..HI (list) is judged at LO and HI (docs/harness.md)\n"
          "  --round-inputs    round CSV values that are not doubles (the report says so)\n"
          "  --no-cache        neither read nor write the truth cache ($CCDB_CACHE_DIR, else\n"
          "                    $XDG_CACHE_HOME/ccdbench, else ~/.cache/ccdbench; used only when\n"
          "                    it is yours and no one else can write into it)\n"
          "  --chunk Q         under mpirun/srun (docs/mpi.md): queries per work unit (a chunk\n"
          "                    x one solver), handed out to ranks on demand; default 65536 for\n"
          "                    files, 20 for the built-in suite; smaller for slow solvers\n"
          "  -o DIR            report folder (default reports/latest), replaced as a whole when\n"
          "                    the run ends: summary.csv and .jsonl, index.html, findings.csv and\n"
          "                    .jsonl (every finding: its dataset, query index, replay command),\n"
          "                    misses/, bad-toi/, false-positives/, crashes/, undecided/\n"
          "                    (refused when it holds anything else, at any depth)\n",
          f);
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno == ERANGE || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* "vf,ee,...": a bit per kind into *mask. 0, or -1 (an unknown or empty name). */
static int parse_kinds(const char *text, unsigned *mask)
{
    char copy[128];
    if (!*text || strlen(text) >= sizeof copy)
        return -1;
    snprintf(copy, sizeof copy, "%s", text);
    *mask = 0;
    for (char *save = NULL, *name = strtok_r(copy, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        ccdb_kind k;
        if (ccdb_kind_parse(name, &k) != 0)
            return -1;
        *mask |= 1u << k;
    }
    return *mask ? 0 : -1;
}

/* --only-kind: whether a dataset of this kind runs. */
static int kind_wanted(const run_args *a, ccdb_kind k)
{
    return !a->only_kinds || (k < CCDB_KIND_COUNT && (a->only_kinds >> k & 1u));
}

/* --only-kind over the files of --data: a file of another kind is dropped before it is read (a
 * file whose kind cannot be told stays, for the reader to report). 0, or 2 when none is left. */
static int keep_wanted_files(const run_args *a, char **files, size_t *n)
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

/* Returns 0, or the exit status (2) after printing the problem. */
static int parse_args(int argc, char **argv, run_args *a, int *help)
{
    *a = (run_args){ 0 };
    a->kind = CCDB_KIND_UNKNOWN;
    a->repeat = 3;
    a->threads = 1;
    a->timeout_s = CCDB_CLI_TIMEOUT_DEFAULT;
    a->params = ccdb_params_default();
    a->out_dir = "reports/latest";
    int timeout_set = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long l;
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            *help = 1;
            return 0;
        } else if (!strcmp(o, "--isolate")) {
            a->isolate = 1;
            continue;
        } else if (!strcmp(o, "--no-isolate")) {
            a->no_isolate = 1;
            continue;
        } else if (!strcmp(o, "--fail-on-fn")) {
            a->fail_on_fn = 1;
            continue;
        } else if (!strcmp(o, "--round-inputs")) {
            a->round_inputs = 1;
            continue;
        } else if (!strcmp(o, "--no-cache")) {
            a->no_cache = 1;
            continue;
        }
        /* Every other option takes a value. */
        int known = !strcmp(o, "--solvers") || !strcmp(o, "--plugin") || !strcmp(o, "--data") ||
                    !strcmp(o, "--kind") || !strcmp(o, "--only-kind") || !strcmp(o, "--repeat") ||
                    !strcmp(o, "--threads") || !strcmp(o, "--timeout") || !strcmp(o, "--delta") ||
                    !strcmp(o, "--max-iter") || !strcmp(o, "--min-sep") || !strcmp(o, "--chunk") ||
                    !strcmp(o, "-o");
        if (!known)
            return ccdb_cli_bad_usage(
                "run",
                o[0] == '-' ? "unknown option '%s'" : "unexpected argument '%s' (use --data)", o);
        if (!v)
            return ccdb_cli_bad_usage("run", "%s needs a value", o);
        i++;
        if (!strcmp(o, "--solvers")) {
            a->solvers = v;
        } else if (!strcmp(o, "--plugin")) {
            if (a->n_plugins == MAX_LIST)
                return ccdb_cli_bad_usage("run", "too many --plugin options");
            a->plugins[a->n_plugins++] = v;
        } else if (!strcmp(o, "--data")) {
            if (a->n_data == MAX_LIST)
                return ccdb_cli_bad_usage("run", "too many --data options");
            a->data[a->n_data++] = v;
        } else if (!strcmp(o, "--kind")) {
            if (ccdb_kind_parse(v, &a->kind) != 0)
                return ccdb_cli_bad_usage("run", "--kind must be " CCDB_KIND_NAMES ", not '%s'", v);
        } else if (!strcmp(o, "--only-kind")) {
            if (parse_kinds(v, &a->only_kinds) != 0)
                return ccdb_cli_bad_usage(
                    "run", "--only-kind must be a comma list of " CCDB_KIND_NAMES ", not '%s'", v);
        } else if (!strcmp(o, "--repeat")) {
            if (parse_long(v, 1, 1000000, &l) != 0)
                return ccdb_cli_bad_usage("run", "--repeat must be an integer >= 1, not '%s'", v);
            a->repeat = (int)l;
        } else if (!strcmp(o, "--threads")) {
            if (parse_long(v, 1, 1024, &l) != 0)
                return ccdb_cli_bad_usage("run",
                                          "--threads must be an integer in 1..1024, not '%s'", v);
            a->threads = (int)l;
        } else if (!strcmp(o, "--timeout")) {
            if (ccdb_cli_parse_timeout("run", v, &a->timeout_s) != 0)
                return 2;
            timeout_set = 1;
        } else if (!strcmp(o, "--delta")) {
            if (ccdb_cli_parse_double(v, &a->params.delta) != 0 || !(a->params.delta > 0))
                return ccdb_cli_bad_usage("run", "--delta must be a number > 0, not '%s'", v);
            a->delta_set = 1;
        } else if (!strcmp(o, "--max-iter")) {
            if (parse_long(v, 1, 0x7fffffffL, &l) != 0)
                return ccdb_cli_bad_usage("run", "--max-iter must be an integer >= 1, not '%s'", v);
            a->params.max_iterations = l;
            a->max_iter_set = 1;
        } else if (!strcmp(o, "--min-sep")) {
            if (ccdb_cli_parse_min_sep("run", v, &a->params.min_separation) != 0)
                return 2;
            a->min_sep_set = 1;
        } else if (!strcmp(o, "--chunk")) {
            if (parse_long(v, 1, 1L << 30, &l) != 0)
                return ccdb_cli_bad_usage("run", "--chunk must be an integer in 1..2^30, not '%s'",
                                          v);
            a->chunk = l;
        } else if (!strcmp(o, "-o")) {
            if (!*v)
                return ccdb_cli_bad_usage("run", "-o needs a folder");
            a->out_dir = v;
        }
    }
    if (a->isolate && a->no_isolate)
        return ccdb_cli_bad_usage("run", "--isolate and --no-isolate contradict each other");
    if (a->kind != CCDB_KIND_UNKNOWN && !a->n_data)
        return ccdb_cli_bad_usage("run", "--kind names the kind of --data files whose path names "
                                         "none; the built-in suite has every kind (to run only "
                                         "some: --only-kind K)");
    if (timeout_set && a->no_isolate)
        return ccdb_cli_bad_usage("run", "--timeout applies to isolated solvers: not with "
                                         "--no-isolate");
    return 0;
}

/* Resolves --solvers (or all registered ones): a name not registered is looked for as a plugin
 * (ccdb_registry_find_or_load). Returns 0 or 2. */
static int select_solvers(ccdb_registry *reg, const char *list, const ccdb_solver ***out, size_t *n)
{
    *out = NULL;
    *n = 0;
    char *copy = list ? strdup(list) : NULL;
    if (list && !copy) {
        fprintf(stderr, "ccdbench run: out of memory\n");
        return 2;
    }
    /* First load what the list names, so the registry has its final size. */
    int rc = 0;
    char *save = NULL, err[2048];
    for (char *name = copy ? strtok_r(copy, ",", &save) : NULL; name && !rc;
         name = strtok_r(NULL, ",", &save))
        if (!ccdb_registry_find_or_load(reg, name, err, sizeof err)) {
            fprintf(stderr, "ccdbench run: --solvers: %s\nregistered:", err);
            for (size_t i = 0; i < ccdb_registry_count(reg); i++)
                fprintf(stderr, " %s", ccdb_registry_at(reg, i)->name);
            fputc('\n', stderr);
            rc = 2;
        }
    free(copy);
    size_t total = ccdb_registry_count(reg);
    if (!rc && !(*out = calloc(total ? total : 1, sizeof **out))) {
        fprintf(stderr, "ccdbench run: out of memory\n");
        rc = 2;
    }
    if (rc)
        return rc;
    if (!list) {
        for (size_t i = 0; i < total; i++)
            (*out)[(*n)++] = ccdb_registry_at(reg, i);
        if (!*n) {
            fprintf(stderr, "ccdbench run: no solvers registered\n");
            return 2;
        }
        return 0;
    }
    if (!(copy = strdup(list)))
        return 2;
    save = NULL;
    for (char *name = strtok_r(copy, ",", &save); name && !rc; name = strtok_r(NULL, ",", &save)) {
        const ccdb_solver *s = ccdb_registry_find(reg, name);
        for (size_t j = 0; j < *n; j++)
            if ((*out)[j] == s) {
                rc = ccdb_cli_bad_usage("run", "solver '%s' listed twice", name);
                break;
            }
        if (!rc)
            (*out)[(*n)++] = s; /* distinct registered solvers: *n <= total */
    }
    free(copy);
    if (!rc && !*n)
        rc = ccdb_cli_bad_usage("run", "--solvers names no solver");
    return rc;
}

static int load_inputs(const run_args *a, ccdb_input **inputs, size_t *n_inputs)
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
static void replay_args(const run_args *a, const ccdb_registry *reg,
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
    if (a->delta_set) {
        snprintf(tmp, sizeof tmp, " --delta %s", ccdb_shortest_double(a->params.delta, num));
        append(buf, len, tmp);
    }
    if (a->max_iter_set) {
        snprintf(tmp, sizeof tmp, " --max-iter %ld", a->params.max_iterations);
        append(buf, len, tmp);
    }
    if (a->min_sep_set) {
        snprintf(tmp, sizeof tmp, " --min-sep %s",
                 ccdb_shortest_double(a->params.min_separation, num));
        append(buf, len, tmp);
    }
    if (buf[0] == ' ')
        memmove(buf, buf + 1, strlen(buf));
}

static ccdb_isolation isolation(const run_args *a)
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

static void add_run_meta(ccdb_meta *meta, const run_args *a, const ccdb_solver *const *solvers,
                         size_t n_solvers, const run_datasets *rd, int argc, char **argv)
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
                  a->cache      ? a->cache
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
    ccdb_report r = { 0 };
    r.meta = meta->kv;
    r.n_meta = meta->n;
    r.rows = b->rows;
    r.n_rows = b->n_rows;
    r.misses = b->misses;
    r.n_misses = b->n_misses;
    r.miss_pictures_per_solver = 6;
    r.dataset_tables_max = 100; /* a run over 1000 files stays a few MB (docs/reports.md) */
    r.warning = ccdb_build_warning();
    r.findings = b->findings;
    r.n_findings = b->n_findings;
    r.outputs = b->outputs;
    r.n_outputs = b->n_outputs;
    r.latencies = b->latencies;
    r.n_latencies = b->n_latencies;
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
static int mpi_prepare(ccdb_mpi *m, const run_args *a, int rc, char ***files, size_t *n_files,
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
        ccdb_atomic_dir_open(out, a->out_dir, report_entries, err, sizeof err) != 0) {
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

int ccdb_cmd_run(int argc, char **argv)
{
    run_args a;
    int help = 0;
    int rc = parse_args(argc, argv, &a, &help);
    if (rc)
        return rc;
    if (help) {
        run_usage(stdout);
        return 0;
    }

    /* Under an MPI launcher (docs/mpi.md) the ranks share the work and rank 0 writes the
     * report; otherwise MPI is never initialized and the run is what it always was. */
    ccdb_mpi mpi = { 0 };
    int use_mpi = ccdb_mpi_launched();
    char err[2048], rargs[4096];
    if (use_mpi && ccdb_mpi_init(&mpi, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench run: %s\n", err);
        return 2;
    }
    int root = !use_mpi || mpi.rank == 0;
    /* The watchdog's limits follow from --timeout (ccdb_mpi.h, docs/mpi.md). */
    mpi.timeout_s = a.timeout_s;

    ccdb_registry *reg = ccdb_registry_new();
    const ccdb_solver **solvers = NULL;
    size_t n_solvers = 0, n_inputs = 0, n_files = 0, *counts = NULL;
    char **files = NULL;
    ccdb_input *inputs = NULL;
    ccdb_bench bench = { 0 };
    ccdb_meta meta = { 0 };
    run_datasets rd = { 0 };
    ccdb_mpi_rank *ranks = NULL;
    ccdb_atomic_dir out = { 0 };
    if (!reg) {
        fprintf(stderr, "ccdbench run: cannot create the solver registry\n");
        rc = 2;
    }
    for (size_t i = 0; i < a.n_plugins && !rc; i++)
        if (ccdb_registry_load_plugin(reg, a.plugins[i], err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench run: --plugin %s: %s\n", a.plugins[i], err);
            rc = 2;
        }
    if (!rc)
        rc = select_solvers(reg, a.solvers, &solvers, &n_solvers);
    /* Files are read whole here, or in chunks by the ranks; the built-in suite is generated
     * by every rank alike. */
    if (!rc && (!use_mpi || !a.n_data))
        rc = load_inputs(&a, &inputs, &n_inputs);
    if (use_mpi)
        rc = mpi_prepare(&mpi, &a, rc, &files, &n_files, &counts, &out);

    const char *cache = a.no_cache ? NULL : run_cache(root);
    a.cache = cache;
    for (size_t i = 0; i < n_inputs && !rc && !use_mpi; i++) {
        ccdb_progress("exact truth %zu/%zu: %s (%zu queries)", i + 1, n_inputs,
                      ccdb_input_label(&inputs[i]), inputs[i].ds.count);
        if (ccdb_truth_for_input(&inputs[i], cache, a.round_inputs, a.threads, err, sizeof err) !=
            0) {
            ccdb_progress_done();
            fprintf(stderr, "ccdbench run: %s\n", err);
            rc = 2;
        }
    }
    /* The solvers judged at a separation d > 0 (--min-sep D for its claimers, a solver's band)
     * where the dataset's kind has a judge at d need the truths at those separations
     * (ccdb_bench_band; under MPI each rank gets them per chunk, as it gets the contact truth). */
    ccdb_bench_options opt = { .min_sep = a.params.min_separation };
    for (size_t i = 0; i < n_inputs && !rc && !use_mpi; i++)
        for (size_t j = 0; j < n_solvers && !rc; j++) {
            ccdb_band band = ccdb_bench_band(solvers[j], inputs[i].ds.kind, &opt);
            if (!(band.hi > 0))
                continue;
            ccdb_progress("exact truth at min-sep %g..%g %zu/%zu: %s (%zu queries)", band.lo,
                          band.hi, i + 1, n_inputs, ccdb_input_label(&inputs[i]),
                          inputs[i].ds.count);
            if (ccdb_bench_band_truths(solvers[j], &inputs[i], &opt, cache, a.round_inputs,
                                       a.threads, err, sizeof err) != 0) {
                ccdb_progress_done();
                fprintf(stderr, "ccdbench run: %s\n", err);
                rc = 2;
            }
        }
    /* Labels made at d (gen --min-sep d) are compared with the truth at d
     * (ccdb_input_stats_of): computed for them when no solver needs a truth at d > 0. */
    for (size_t i = 0; i < n_inputs && !rc && !use_mpi; i++)
        if (ccdb_bench_label_truth(solvers, n_solvers, &inputs[i], &opt, cache, a.round_inputs,
                                   a.threads, err, sizeof err) != 0) {
            ccdb_progress_done();
            fprintf(stderr, "ccdbench run: %s\n", err);
            rc = 2;
        }
    ccdb_progress_done();

    /* The whole report folder is written under a temporary name beside -o DIR and put in
     * place at the end, in one step: readers see the old report or the new one. */
    if (!rc && !use_mpi &&
        ccdb_atomic_dir_open(&out, a.out_dir, report_entries, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench run: -o %s\n", err);
        rc = 2;
    }
    double opt_timer_ns = 0;
    if (!rc) {
        replay_args(&a, reg, solvers, n_solvers, rargs, sizeof rargs);
        opt.run.params = a.params;
        opt.run.repeat = a.repeat;
        opt.run.threads = a.threads;
        opt.run.timer_ns = opt_timer_ns = ccdb_timer_cost_ns();
        opt.isolate = isolation(&a);
        opt.timeout_s = a.timeout_s;
        opt.findings_dir = out.tmp;
        opt.findings_shown = a.out_dir;
        opt.replay_args = rargs;
        opt.misses_kept = 1000;
        const char *origins[n_solvers ? n_solvers : 1];
        for (size_t j = 0; j < n_solvers; j++)
            origins[j] = ccdb_origin_name(ccdb_registry_origin(reg, solvers[j], NULL));
        opt.origins = origins;
        int bad;
        if (use_mpi) {
            ccdb_mpi_work w = { .inputs = inputs,
                                .n_inputs = n_inputs,
                                .files = files,
                                .counts = counts,
                                .n_files = n_files,
                                .kind = a.kind,
                                .round_inputs = a.round_inputs,
                                .cache = cache,
                                .threads = a.threads,
                                .chunk = (size_t)(a.chunk  ? a.chunk
                                                  : inputs ? CHUNK_SUITE
                                                           : CHUNK_FILES) };
            bad = ccdb_bench_run_mpi(&mpi, &bench, solvers, n_solvers, &w, &opt, &rd.st, &ranks,
                                     err, sizeof err) != 0;
        } else {
            bad = ccdb_bench_run(&bench, solvers, n_solvers, inputs, n_inputs, &opt, err,
                                 sizeof err) != 0;
        }
        if (bad) {
            ccdb_atomic_dir_final_names(&out, err, sizeof err); /* a findings file's error */
            if (root)
                fprintf(stderr, "ccdbench run: %s\n", err);
            rc = 2;
        }
    }
    if (!rc && root) {
        if (use_mpi) { /* the datasets' names; their stats came from the ranks */
            rd.n = inputs ? n_inputs : n_files;
            if (!(rd.d = calloc(rd.n ? rd.n : 1, sizeof *rd.d)))
                rc = 2;
            for (size_t i = 0; !rc && i < rd.n; i++)
                rd.d[i] = inputs ? ccdb_bench_dataset_of(&inputs[i])
                                 : (ccdb_bench_dataset){ files[i], files[i], a.kind, counts[i] };
        } else if (datasets_of_inputs(inputs, n_inputs, &rd) != 0) {
            rc = 2;
        }
        if (rc)
            fprintf(stderr, "ccdbench run: out of memory\n");
    }
    if (!rc && root) {
        ccdb_meta_add_build(&meta);
        add_run_meta(&meta, &a, solvers, n_solvers, &rd, argc, argv);
        if (use_mpi)
            add_mpi_meta(&meta, &mpi, ranks,
                         a.chunk  ? a.chunk
                         : inputs ? CHUNK_SUITE
                                  : CHUNK_FILES);
        ccdb_run_config cfg = { a.params, a.repeat, a.threads, 0 };
        if (inputs)
            measure_overhead(reg, inputs, n_inputs, &cfg, &meta);
        else
            ccdb_meta_add(&meta, "harness overhead",
                          "not measured (MPI run over files: no rank holds the data)");
        ccdb_meta_add(&meta, "per-query timing",
                      "clock (CLOCK_MONOTONIC) read before and after each query of the warm-up "
                      "pass, whose answers are the ones judged; the clock's own cost, %.1f ns "
                      "(median of 10001 back-to-back pairs of reads), subtracted (a result below "
                      "0 counts as 0); ns/query median [min-max] is the whole loop over %d "
                      "timed repeat(s) instead",
                      opt_timer_ns, a.repeat);
        if (write_reports(&out, &bench, &meta) != 0)
            rc = 2;
        if (!rc)
            rc = record_plugins(out.tmp, reg, solvers, n_solvers);
    }
    if (!rc && root && ccdb_atomic_dir_commit(&out, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench run: %s\n", err);
        rc = 2;
    }
    ccdb_atomic_dir_abort(&out); /* after a failure: the temporary folder goes, -o DIR stays */
    if (!rc && root) {
        ccdb_print_summary(stdout, &bench);
        for (size_t i = 0; i < meta.n; i++)
            if (!strcmp(meta.kv[i].key, "harness overhead") ||
                !strcmp(meta.kv[i].key, "labels vs exact truth") ||
                !strcmp(meta.kv[i].key, "labels at a separation") ||
                !strcmp(meta.kv[i].key, "no published labels") || !strcmp(meta.kv[i].key, "mpi") ||
                !strcmp(meta.kv[i].key, "mpi busy per rank"))
                printf("%s: %s\n", meta.kv[i].key, meta.kv[i].value);
        const char *w = ccdb_build_warning();
        if (w)
            printf("warning: %s\n", w);
        printf("report: %s/index.html, %s/summary.csv; every finding (dataset, query index, "
               "replay command) in %s/" CCDB_FINDINGS_TABLE ".csv; false negatives in "
               "%s/" CCDB_MISSES_FOLDER "/, TOI findings in %s/" CCDB_BAD_TOI_FOLDER "/\n",
               a.out_dir, a.out_dir, a.out_dir, a.out_dir, a.out_dir);
        long long undecided = 0;
        for (size_t i = 0; i < bench.n_rows; i++)
            if (!strcmp(bench.rows[i].family, "all") && bench.rows[i].undecided > undecided)
                undecided = bench.rows[i].undecided;
        if (undecided > 0)
            printf("undecided: the exact judge could not certify some queries (judged neither hit "
                   "nor miss): in %s/" CCDB_UNDECIDED_FOLDER "/ and " CCDB_FINDINGS_TABLE ".csv\n",
                   a.out_dir);
        if (a.fail_on_fn)
            for (size_t i = 0; i < bench.n_solvers; i++) {
                const ccdb_solver_summary *s = &bench.solvers[i];
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
    }
    if (use_mpi) {
        /* Every rank ends with rank 0's status (a report that could not be written is one). */
        if (ccdb_mpi_bcast(&mpi, &rc, sizeof rc) != 0)
            ccdb_mpi_abort(&mpi, 2);
        if (!root)
            rc = rc == 1 ? 0 : rc; /* --fail-on-fn: rank 0 says it, once */
        ccdb_mpi_finalize(&mpi);
    }

    ccdb_meta_free(&meta);
    ccdb_bench_free(&bench);
    run_datasets_free(&rd);
    free(ranks);
    for (size_t i = 0; i < n_inputs; i++)
        ccdb_input_free(&inputs[i]);
    free(inputs);
    for (size_t i = 0; i < n_files; i++)
        free(files[i]);
    free(files);
    free(counts);
    free(solvers);
    if (reg)
        ccdb_registry_free(reg);
    return rc;
}
