/* bench.c — the run loop: every solver on every dataset (a read-only copy of its queries;
 * isolated or in-process with guards), tallied against the exact truth into report rows, with
 * every false negative and every TOI finding written in the input format, ready to replay, to
 * DIR/{misses,bad-toi}/<kind folder>/<solver>.csv. */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_bench.h"
#include "ccdb_input.h"
#include "ccdb_run_meta.h"
#include "ccdb_runner.h"
#include "ccdb_tallies.h"
#include "ccdb_truth_cache.h"
#include "ccdb_registry.h"
#include "ccdb_util.h"
#include "miss_picture.h"

static char *keep_string(ccdb_bench *b, const char *s)
{
    if (b->n_strings == b->cap_strings) {
        size_t cap = b->cap_strings ? 2 * b->cap_strings : 64;
        char **g = realloc(b->strings, cap * sizeof *g);
        if (!g)
            return NULL;
        b->strings = g;
        b->cap_strings = cap;
    }
    char *copy = strdup(s);
    if (copy)
        b->strings[b->n_strings++] = copy;
    return copy;
}

/* base, grown (realloc) when it has no room for element n + 1 of `size`; NULL when it cannot
 * grow (base is then unchanged). */
static void *room_for_one(void *base, size_t n, size_t *cap, size_t size)
{
    if (n < *cap)
        return base;
    size_t c = *cap ? 2 * *cap : 64;
    void *g = realloc(base, c * size);
    if (g)
        *cap = c;
    return g;
}

/* One zeroed element appended to an array: `slot` is the address of the array's pointer (of any
 * element type: read and written as bytes, object pointers share one representation here), *n
 * its length, *cap its capacity. The new element, or NULL when out of memory (nothing changed). */
static void *push_zeroed(void *slot, size_t *n, size_t *cap, size_t size)
{
    void *base;
    memcpy(&base, slot, sizeof base);
    char *g = room_for_one(base, *n, cap, size);
    if (!g)
        return NULL;
    memcpy(slot, &g, sizeof g);
    memset(g + *n * size, 0, size);
    return g + (*n)++ * size;
}

/* b->ARR grown by one zeroed element (its count b->n_ARR, capacity b->cap_ARR). */
#define BENCH_PUSH(b, arr) push_zeroed(&(b)->arr, &(b)->n_##arr, &(b)->cap_##arr, sizeof *(b)->arr)

void ccdb_bench_free(ccdb_bench *b)
{
    for (size_t i = 0; i < b->n_strings; i++)
        free(b->strings[i]);
    free(b->strings);
    free(b->rows);
    free(b->misses);
    free(b->findings);
    free(b->outputs);
    for (size_t j = 0; b->solvers && j < b->n_solvers; j++)
        for (int k = 0; k < CCDB_KIND_COUNT; k++)
            free(b->solvers[j].query_ns[k]);
    free(b->solvers);
    free(b->latencies);
    memset(b, 0, sizeof *b);
}

/* reports/ has a status type of its own: it knows nothing of the runner. */
static ccdb_report_status report_status(ccdb_run_status s)
{
    switch (s) {
    case CCDB_RUN_OK: return CCDB_REPORT_OK;
    case CCDB_RUN_CRASHED: return CCDB_REPORT_CRASHED;
    case CCDB_RUN_TIMEOUT: return CCDB_REPORT_TIMEOUT;
    }
    return CCDB_REPORT_CRASHED;
}

static void fill_row(ccdb_report_row *row, const ccdb_solver_summary *sum,
                     const ccdb_bench_dataset *d, const char *family, const ccdb_tally *t,
                     const ccdb_judged *jr)
{
    const ccdb_solver *s = sum->solver;
    row->solver = s->name;
    row->dataset = d->label;
    row->kind = ccdb_kind_name(d->kind);
    row->family = family;
    row->queries = t->queries;
    row->positives = t->positives;
    row->tp = t->tp;
    row->fp = t->fp;
    row->fn = t->fn;
    row->tn = t->tn;
    row->gave_up = t->gave_up;
    row->failed = t->failed;
    row->toi_violations = t->toi_violations;
    row->toi_err_max = t->toi_err_max;
    row->toi_late_max = t->toi_late_max;
    int measured = !isnan(t->toi_late_max);
    row->toi_late_ulps_max = measured ? t->toi_late_ulps_max : -1;
    row->toi_late_ulps_p90 = measured ? ccdb_tally_late_ulps_quantile(t, 0.9) : -1;
    /* -1: the solver counts no work ("n/a"), rather than a 0 that would say it did none. */
    row->work = (s->flags & CCDB_SOLVER_NO_WORK_COUNT) ? -1 : t->work;
    row->claims = s->flags & (CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI |
                              CCDB_CLAIM_MIN_SEPARATION | CCDB_CLAIM_SEPARATION_BAND);
    row->conservative = (s->flags & CCDB_CLAIM_CONSERVATIVE) != 0;
    row->claim_tags = sum->claim_tags;
    row->status = report_status(jr->status);
    row->contract_violations = t->violations;
    row->outside_model = t->outside;
    row->in_band = t->in_band;
    row->undecided = t->undecided;
    row->isolated = sum->isolated;
    row->truth_min_sep = jr->truth_min_sep;
    row->truth_band_hi = jr->truth_band_hi;
    row->origin = sum->origin;
    /* The whole loop is timed per dataset only: class rows have no ns_median of their own
     * (they have per-query quantiles, set_query_quantiles). */
    row->ns_median = row->ns_min = row->ns_max = NAN;
    row->query_ns_p50 = row->query_ns_p90 = row->query_ns_p99 = row->query_ns_max = NAN;
}
/* The row's per-query time quantiles from its m times in v (sorted here); none when m is 0. */
static void set_query_quantiles(ccdb_report_row *row, double *v, size_t m)
{
    if (!m)
        return;
    ccdb_sort_doubles(v, m);
    row->query_ns_p50 = ccdb_quantile_sorted(v, m, 0.50);
    row->query_ns_p90 = ccdb_quantile_sorted(v, m, 0.90);
    row->query_ns_p99 = ccdb_quantile_sorted(v, m, 0.99);
    row->query_ns_max = v[m - 1];
}

/* Appends a run's per-query times to its solver's distribution of that kind. */
static int keep_query_times(ccdb_solver_summary *sum, int k, const double *ns, size_t n)
{
    if (sum->n_query_ns[k] + n > sum->cap_query_ns[k]) {
        size_t cap = sum->cap_query_ns[k] ? sum->cap_query_ns[k] : 1024;
        while (cap < sum->n_query_ns[k] + n)
            cap *= 2;
        double *g = realloc(sum->query_ns[k], cap * sizeof *g);
        if (!g)
            return -1;
        sum->query_ns[k] = g;
        sum->cap_query_ns[k] = cap;
    }
    if (n)
        memcpy(sum->query_ns[k] + sum->n_query_ns[k], ns, n * sizeof *ns);
    sum->n_query_ns[k] += n;
    return 0;
}

/* Per-query time quantiles of the dataset's "all" row and of each class row (rows from
 * first_class_row on, by the class each query was judged in), and the times kept for the
 * solver's distribution. */
static int record_query_times(ccdb_bench *b, ccdb_solver_summary *sum, ccdb_kind kind,
                              const ccdb_judged *jr, size_t first_class_row)
{
    size_t n = jr->n_query_ns;
    if (!jr->query_ns || !n)
        return 0;
    double *v = malloc(n * sizeof *v);
    if (!v)
        return -1;
    memcpy(v, jr->query_ns, n * sizeof *v);
    set_query_quantiles(&b->rows[first_class_row - 1], v, n);
    for (size_t j = first_class_row; j < b->n_rows; j++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (!strcmp(b->rows[j].family,
                        ccdb_truth_class_name((ccdb_truth_class)jr->query_cls[i])))
                v[m++] = jr->query_ns[i];
        set_query_quantiles(&b->rows[j], v, m);
    }
    free(v);
    return keep_query_times(sum, (int)kind, jr->query_ns, n);
}

/* b->latencies: per solver x kind, the distribution of every per-query time it was given. */
static int make_latencies(ccdb_bench *b)
{
    b->latencies = calloc(CCDB_KIND_COUNT * b->n_solvers + 1, sizeof *b->latencies);
    if (!b->latencies)
        return -1;
    for (size_t j = 0; j < b->n_solvers; j++)
        for (int k = 0; k < CCDB_KIND_COUNT; k++) {
            ccdb_solver_summary *sum = &b->solvers[j];
            size_t m = sum->n_query_ns[k];
            if (!m)
                continue;
            double *v = sum->query_ns[k];
            ccdb_sort_doubles(v, m);
            ccdb_report_latency *l = &b->latencies[b->n_latencies++];
            l->solver = sum->solver->name;
            l->kind = ccdb_kind_name((ccdb_kind)k);
            l->queries = (long long)m;
            l->p50 = ccdb_quantile_sorted(v, m, 0.50);
            l->p90 = ccdb_quantile_sorted(v, m, 0.90);
            l->p99 = ccdb_quantile_sorted(v, m, 0.99);
            l->max = v[m - 1];
            for (int c = 0; c < CCDB_REPORT_CDF_POINTS; c++)
                l->cdf[c] = ccdb_quantile_sorted(v, m, (double)c / (CCDB_REPORT_CDF_POINTS - 1));
        }
    return 0;
}

/* One findings file (a ccdb_atomic_file, opened on its first query) and the path replay
 * commands give for it. */
typedef struct findings_file {
    ccdb_atomic_file af;
    char shown[4200];
    const char *kept; /* shown, owned by the bench (kept_path) */
} findings_file;

/* The file's path as replay names it, one copy per file for every miss or finding in it. */
static const char *kept_path(ccdb_bench *b, findings_file *ff)
{
    if (!ff->kept)
        ff->kept = keep_string(b, ff->shown);
    return ff->kept;
}

/* Per solver: how many misses and findings the report keeps. */
typedef struct kept_count {
    long long misses, findings;
} kept_count;

/* The categories of findings files: folder, and the category's name in the findings table. */
enum { CAT_MISS, CAT_TOI, CAT_FP, CAT_CRASH, CAT_COUNT };
static const char *const cat_folder[CAT_COUNT] = { CCDB_MISSES_FOLDER, CCDB_BAD_TOI_FOLDER,
                                                   CCDB_FALSE_POSITIVES_FOLDER,
                                                   CCDB_CRASHES_FOLDER };
static const char *const cat_name[CAT_COUNT] = { "miss", "bad-toi", "false-positive", "crash" };

/* A dataset's undecided file (CCDB_UNDECIDED_FOLDER): every solver's judged run carries the
 * undecided queries it answered; each is written once (seen: one bit per query). */
typedef struct undecided_file {
    const char *label; /* kept by the bench */
    ccdb_kind kind;
    char name[256]; /* the file name without .csv */
    findings_file ff;
    unsigned char *seen;
    long long written;
} undecided_file;

/* The findings files of a run: per category, solver and kind (slot CCDB_KIND_COUNT j + kind),
 * the undecided files per dataset, and the findings table (CCDB_FINDINGS_TABLE .csv and
 * .jsonl). */
struct ccdb_bench_files {
    findings_file *ff[CAT_COUNT];
    kept_count *kept;
    size_t slots;
    undecided_file *und;
    size_t n_und, cap_und;
    ccdb_atomic_file table_csv, table_jsonl;
};

/* FOLDER/<kind folder>/<name>.csv under the findings folder (name: a solver's, or a dataset's). */
static int open_findings(findings_file *ff, const ccdb_bench_options *opt, const char *folder,
                         const char *name, ccdb_kind k, char *err, size_t errlen)
{
    char sub[4096], path[4200];
    snprintf(sub, sizeof sub, "%s/%s/%s", opt->findings_dir, folder, ccdb_kind_folder(k));
    if (ccdb_mkdir_p(sub) != 0)
        return ccdb_errorf(err, errlen, "%s: cannot write: %s", sub, strerror(errno));
    if (snprintf(path, sizeof path, "%s/%s.csv", sub, name) >= (int)sizeof path)
        return ccdb_errorf(err, errlen, "%s: path too long", sub);
    snprintf(ff->shown, sizeof ff->shown, "%s/%s/%s/%s.csv",
             opt->findings_shown ? opt->findings_shown : opt->findings_dir, folder,
             ccdb_kind_folder(k), name);
    return ccdb_atomic_open(&ff->af, path, err, errlen);
}

/* Writes a finding's query to its findings file (opening it first). */
static int write_finding(findings_file *ff, const char *folder, const ccdb_bench_options *opt,
                         const ccdb_solver *s, const ccdb_bench_dataset *d,
                         const ccdb_judged_finding *f, char *err, size_t errlen)
{
    if (!opt->findings_dir)
        return 0;
    if (!ff->af.f && open_findings(ff, opt, folder, s->name, d->kind, err, errlen) != 0)
        return -1;
    if (ccdb_csv_write_query(ff->af.f, (const double(*)[3])f->q, f->truth.hit != 0) != 0)
        return ccdb_atomic_fail(&ff->af, err, errlen);
    return 0;
}

/* "ccdbench replay FILE --index I [--kind K] ARGS" into cmd: the findings file when one is
 * written, else the input file; --kind only when the file's path names no kind (replay refuses
 * it otherwise). */
static void format_replay(char *cmd, size_t len, const findings_file *ff, long long at,
                          const ccdb_bench_dataset *d, long long i, const ccdb_bench_options *opt)
{
    char kind[64] = "";
    const char *file = opt->findings_dir ? ff->shown
                       : d->source       ? d->source
                                         : "(generated; no file)";
    snprintf(cmd, len, "ccdbench replay ");
    ccdb_shell_quote(cmd, len, file);
    if (ccdb_kind_from_path(file) == CCDB_KIND_UNKNOWN)
        snprintf(kind, sizeof kind, " --kind %s", ccdb_kind_name(d->kind));
    size_t at_len = strlen(cmd);
    snprintf(cmd + at_len, len - at_len, " --index %lld%s%s%s", opt->findings_dir ? at : i, kind,
             opt->replay_args && *opt->replay_args ? " " : "",
             opt->replay_args ? opt->replay_args : "");
}

/* The replay command, kept by the bench (for the report). */
static const char *replay_command(ccdb_bench *b, const findings_file *ff, long long at,
                                  const ccdb_bench_dataset *d, long long i,
                                  const ccdb_bench_options *opt)
{
    char cmd[8192];
    format_replay(cmd, sizeof cmd, ff, at, d, i, opt);
    return keep_string(b, cmd);
}

/* Row r of the findings table, completed with where its query was written (file ff, index at)
 * and its replay command. 0, or -1 with err. */
static int write_finding_row(ccdb_bench *b, ccdb_report_finding_row *r, const findings_file *ff,
                             long long at, const char *cmd, char *err, size_t errlen)
{
    r->file = ff->shown;
    r->file_index = at;
    r->replay = cmd;
    ccdb_bench_files *bf = b->files;
    if (ccdb_report_findings_write(bf->table_csv.f, bf->table_jsonl.f, r) != 0)
        return ccdb_atomic_fail(&bf->table_csv, err, errlen);
    return 0;
}

/* A finding written (to its category's file, query `at` of it) and its row of the findings
 * table. */
static int write_category(ccdb_bench *b, int cat, findings_file *ff, long long at,
                          const ccdb_solver *s, const ccdb_bench_dataset *d,
                          const ccdb_judged_finding *jf, char *err, size_t errlen)
{
    const ccdb_bench_options *opt = b->opt;
    if (!opt->findings_dir)
        return 0;
    if (write_finding(ff, cat_folder[cat], opt, s, d, jf, err, errlen) != 0)
        return -1;
    const ccdb_truth_result *t = &jf->truth;
    char cmd[8192];
    format_replay(cmd, sizeof cmd, ff, at, d, jf->index, opt);
    ccdb_report_finding_row r = { 0 };
    r.category = cat_name[cat];
    r.solver = s->name;
    r.kind = ccdb_kind_name(d->kind);
    r.dataset = d->label;
    r.index = jf->index;
    r.family = ccdb_truth_class_name(t->cls);
    r.state = jf->crash ? NULL : ccdb_state_name(jf->answer.state);
    r.toi = jf->crash ? NAN : jf->answer.toi;
    r.hit = t->hit != 0;
    r.toi_lo = t->hit ? t->toi_lo : NAN;
    r.toi_hi = t->hit ? t->toi_hi : NAN;
    r.late = NAN;
    r.late_ulps = -1;
    if (!jf->crash && ccdb_toi_lateness(t, &jf->answer, &r.late, &r.late_ulps) == 0) {
        r.late = NAN;
        r.late_ulps = -1;
    }
    return write_finding_row(b, &r, ff, at, cmd, err, errlen);
}

/* The undecided file of dataset d (made on its first undecided query). NULL: memory. */
static undecided_file *undecided_of(ccdb_bench *b, const ccdb_bench_dataset *d)
{
    ccdb_bench_files *bf = b->files;
    for (size_t i = 0; i < bf->n_und; i++)
        if (bf->und[i].kind == d->kind && !strcmp(bf->und[i].label, d->label))
            return &bf->und[i];
    undecided_file *u = room_for_one(bf->und, bf->n_und, &bf->cap_und, sizeof *u);
    if (!u)
        return NULL;
    bf->und = u;
    u = &bf->und[bf->n_und];
    memset(u, 0, sizeof *u);
    u->kind = d->kind;
    if (!(u->label = keep_string(b, d->label)) || !(u->seen = calloc(d->count / 8 + 1, 1)))
        return NULL;
    /* The label as a file name, without a final .csv; a suffix when another dataset of the
     * kind took the name (the count of datasets bounds the suffixes tried). */
    char base[200];
    size_t n = 0;
    for (const char *c = d->label; *c && n + 1 < sizeof base; c++)
        base[n++] = isalnum((unsigned char)*c) || strchr("._-", *c) ? *c : '_';
    base[n] = '\0';
    if (n > 4 && !strcmp(base + n - 4, ".csv"))
        base[n - 4] = '\0';
    for (size_t k = 1; k <= bf->n_und + 1; k++) {
        if (k == 1)
            snprintf(u->name, sizeof u->name, "%s", base);
        else
            snprintf(u->name, sizeof u->name, "%s-%zu", base, k);
        int taken = 0;
        for (size_t i = 0; i < bf->n_und && !taken; i++)
            taken = bf->und[i].kind == d->kind && !strcmp(bf->und[i].name, u->name);
        if (!taken)
            break;
    }
    bf->n_und++;
    return u;
}

/* An undecided query of dataset d, written once to the dataset's undecided file with its row of
 * the findings table (category "undecided", no solver: it is undecided for all). */
static int write_undecided(ccdb_bench *b, const ccdb_bench_dataset *d,
                           const ccdb_judged_finding *jf, char *err, size_t errlen)
{
    const ccdb_bench_options *opt = b->opt;
    if (!opt->findings_dir)
        return 0;
    undecided_file *u = undecided_of(b, d);
    if (!u)
        return ccdb_errorf(err, errlen, "out of memory");
    size_t i = (size_t)jf->index;
    if (i >= d->count || u->seen[i / 8] >> (i % 8) & 1u)
        return 0;
    u->seen[i / 8] |= (unsigned char)(1u << (i % 8));
    findings_file *ff = &u->ff;
    if (!ff->af.f &&
        open_findings(ff, opt, CCDB_UNDECIDED_FOLDER, u->name, d->kind, err, errlen) != 0)
        return -1;
    if (ccdb_csv_write_query(ff->af.f, (const double(*)[3])jf->q, 0) != 0)
        return ccdb_atomic_fail(&ff->af, err, errlen);
    long long at = u->written++;
    char cmd[8192];
    format_replay(cmd, sizeof cmd, ff, at, d, jf->index, opt);
    ccdb_report_finding_row r = { 0 };
    r.category = "undecided";
    r.solver = "";
    r.kind = ccdb_kind_name(d->kind);
    r.dataset = d->label;
    r.index = jf->index;
    r.family = ccdb_truth_class_name(jf->truth.cls);
    r.toi = NAN;
    r.toi_lo = r.toi_hi = r.late = NAN;
    r.late_ulps = -1;
    return write_finding_row(b, &r, ff, at, cmd, err, errlen);
}

static ccdb_judged_finding *new_judged_finding(ccdb_judged *j)
{
    ccdb_judged_finding *g = room_for_one(j->findings, j->n_findings, &j->cap_findings, sizeof *g);
    if (!g)
        return NULL;
    j->findings = g;
    memset(&g[j->n_findings], 0, sizeof *g);
    return &g[j->n_findings++];
}

void ccdb_judged_free(ccdb_judged *j)
{
    free(j->output);
    free(j->findings);
    free(j->query_ns);
    free(j->query_cls);
    memset(j, 0, sizeof *j);
}

/* Tallies the answers to queries [lo, hi) into out (added to what it holds) and keeps their
 * findings. -1: memory. */
static int judge_range(const ccdb_solver *s, const double (*q)[8][3], const ccdb_truth_result *lo,
                       const ccdb_truth_result *hi, size_t from, size_t to, long long first,
                       const ccdb_result *results, ccdb_judged *out)
{
    ccdb_tally all, by_class[CCDB_CLASS_COUNT];
    ccdb_tally_results_band(lo + from, hi + from, results + from, to - from, s->flags,
                            s->abi_version, &all, by_class);
    ccdb_tally_merge(&out->all, &all);
    for (int c = 0; c < CCDB_CLASS_COUNT; c++)
        ccdb_tally_merge(&out->by_class[c], &by_class[c]);
    for (size_t i = from; i < to; i++) {
        const ccdb_result *r = &results[i];
        int toi = ccdb_band_toi_finding(&lo[i], &hi[i], r, s->flags);
        ccdb_outcome o = ccdb_band_outcome(&lo[i], &hi[i], r, s->abi_version);
        int fn = o == CCDB_OUT_FN, fp = o == CCDB_OUT_FP, undecided = o == CCDB_OUT_UNDECIDED;
        if (undecided)
            toi = 0;
        if (!toi && !fn && !fp && !undecided)
            continue;
        ccdb_judged_finding *f = new_judged_finding(out);
        if (!f)
            return -1;
        f->index = first + (long long)i;
        f->fn = fn;
        f->fp = fp;
        f->toi = toi;
        f->undecided = undecided;
        f->answer = *r;
        f->truth = *ccdb_band_truth(&lo[i], &hi[i]);
        memcpy(f->q, q[i], sizeof f->q);
    }
    return 0;
}

/* A run that crashed or timed out: its answers before (each maximal range of answered queries)
 * and the queries in flight as crash findings, in index order. -1: memory. */
static int judge_partial(const ccdb_solver *s, const double (*q)[8][3], const ccdb_truth_result *lo,
                         const ccdb_truth_result *hi, size_t n, long long first,
                         const ccdb_solver_run *run, ccdb_judged *out)
{
    size_t next_crash = 0;
    for (size_t i = 0; i < n;) {
        if (!run->answered || !run->answered[i]) {
            for (; next_crash < run->n_in_flight && run->in_flight[next_crash] <= i; next_crash++)
                if (run->in_flight[next_crash] == i) {
                    ccdb_judged_finding *f = new_judged_finding(out);
                    if (!f)
                        return -1;
                    f->index = first + (long long)i;
                    f->crash = 1;
                    ccdb_result_mark_unset(&f->answer);
                    f->truth = *ccdb_band_truth(&lo[i], &hi[i]);
                    memcpy(f->q, q[i], sizeof f->q);
                }
            i++;
            continue;
        }
        size_t end = i;
        while (end < n && run->answered[end])
            end++;
        if (judge_range(s, q, lo, hi, i, end, first, run->results, out) != 0)
            return -1;
        i = end;
    }
    return 0;
}

int ccdb_judge(const ccdb_solver *s, const double (*q)[8][3], const ccdb_truth_result *truth,
               size_t n, long long first, const ccdb_solver_run *run, ccdb_judged *out)
{
    return ccdb_judge_band(s, q, truth, truth, n, first, run, out);
}

int ccdb_judge_band(const ccdb_solver *s, const double (*q)[8][3], const ccdb_truth_result *lo,
                    const ccdb_truth_result *hi, size_t n, long long first,
                    const ccdb_solver_run *run, ccdb_judged *out)
{
    memset(out, 0, sizeof *out);
    out->status = run->status;
    memcpy(out->detail, run->detail, sizeof out->detail);
    out->queries = (long long)n;
    out->ns_median = run->ns_median;
    out->ns_min = run->ns_min;
    out->ns_max = run->ns_max;
    out->output_bytes = run->output_bytes;
    if (run->output && !(out->output = strdup(run->output)))
        return -1;
    ccdb_tally_init(&out->all);
    for (int c = 0; c < CCDB_CLASS_COUNT; c++)
        ccdb_tally_init(&out->by_class[c]);
    if (run->status != CCDB_RUN_OK) /* the answers given before, no timing */
        return judge_partial(s, q, lo, hi, n, first, run, out);
    if (run->query_ns && n) { /* the per-query timing pass, with each query's judged class */
        out->query_ns = malloc(n * sizeof *out->query_ns);
        out->query_cls = malloc(n);
        if (!out->query_ns || !out->query_cls)
            return -1;
        memcpy(out->query_ns, run->query_ns, n * sizeof *out->query_ns);
        for (size_t i = 0; i < n; i++)
            out->query_cls[i] = (unsigned char)ccdb_band_truth(&lo[i], &hi[i])->cls;
        out->n_query_ns = n;
    }
    return judge_range(s, q, lo, hi, 0, n, first, run->results, out);
}

int ccdb_judged_merge(ccdb_judged *into, ccdb_judged *next)
{
    long long n0 = into->queries, n1 = next->queries;
    into->output_bytes += next->output_bytes;
    if (!into->output) {
        into->output = next->output;
        next->output = NULL;
    }
    into->queries += n1;
    if (next->truth_min_sep != into->truth_min_sep || next->truth_band_hi != into->truth_band_hi)
        into->truth_min_sep = NAN; /* chunks judged by different truths: recording refuses it */
    if (into->unsupported || next->unsupported) { /* a kind the solver has no entry for */
        into->unsupported = 1;
        return 0;
    }
    if (into->status != CCDB_RUN_OK)
        return 0; /* the first chunk that crashed or timed out decides, as on the whole */
    if (next->status != CCDB_RUN_OK) {
        /* As on the whole dataset: the answers before the crash (these chunks' and the
         * crashing chunk's first ones) with its crashing queries, no timing. */
        into->status = next->status;
        memcpy(into->detail, next->detail, sizeof into->detail);
        into->n_query_ns = 0;
    }
    /* Per-query times weighted by queries: what the whole loop would have taken per query. */
    double w = into->queries ? 1.0 / (double)into->queries : 0;
    into->ns_median = (into->ns_median * (double)n0 + next->ns_median * (double)n1) * w;
    into->ns_min = (into->ns_min * (double)n0 + next->ns_min * (double)n1) * w;
    into->ns_max = (into->ns_max * (double)n0 + next->ns_max * (double)n1) * w;
    ccdb_tally_merge(&into->all, &next->all);
    for (int c = 0; c < CCDB_CLASS_COUNT; c++)
        ccdb_tally_merge(&into->by_class[c], &next->by_class[c]);
    for (size_t i = 0; i < next->n_findings; i++) {
        ccdb_judged_finding *f = new_judged_finding(into);
        if (!f)
            return -1;
        *f = next->findings[i];
    }
    next->n_findings = 0;
    if (next->n_query_ns) {
        size_t m = into->n_query_ns + next->n_query_ns;
        double *ns = realloc(into->query_ns, m * sizeof *ns);
        if (ns)
            into->query_ns = ns;
        unsigned char *cls = ns ? realloc(into->query_cls, m) : NULL;
        if (!ns || !cls)
            return -1;
        into->query_cls = cls;
        memcpy(ns + into->n_query_ns, next->query_ns, next->n_query_ns * sizeof *ns);
        memcpy(cls + into->n_query_ns, next->query_cls, next->n_query_ns);
        into->n_query_ns = m;
    }
    next->n_query_ns = 0;
    return 0;
}

/* Turns one judged run into rows, its false negatives into misses and its TOI findings into
 * findings (files, and the first few for the report). */
static int record(ccdb_bench *b, ccdb_solver_summary *sum, const ccdb_bench_dataset *d,
                  const ccdb_judged *jr, findings_file *const files[CAT_COUNT],
                  const ccdb_bench_options *opt, kept_count *kept, char *err, size_t errlen)
{
    const ccdb_solver *s = sum->solver;
    ccdb_report_row *row;

    ccdb_band band = ccdb_bench_band(s, d->kind, opt);
    if (!(jr->truth_min_sep == band.lo && jr->truth_band_hi == band.hi)) /* NaN included */
        return ccdb_errorf(err, errlen,
                           "%s on %s: judged by the truths at min-sep %g..%g, not %g..%g "
                           "(harness bug)",
                           s->name, d->label, jr->truth_min_sep, jr->truth_band_hi, band.lo,
                           band.hi);
    /* What the report's claims say (claims_of_run): the separations that judged it. */
    if (band.hi > 0) {
        sum->truth_min_sep = band.lo;
        sum->truth_band_hi = band.hi;
    } else if (!jr->unsupported && ccdb_bench_contact_only(s, d->kind, opt)) {
        sum->contact_only++;
    }
    if (jr->unsupported) {
        /* No entry for the dataset's kind: one "all" row with status "unsupported" and no
         * counts (it answered nothing: neither failures nor misses). */
        ccdb_tally none;
        ccdb_tally_init(&none);
        if (!(row = BENCH_PUSH(b, rows)))
            goto oom;
        fill_row(row, sum, d, "all", &none, jr);
        row->status = CCDB_REPORT_UNSUPPORTED;
        row->queries = (long long)d->count;
        sum->unsupported++;
        return 0;
    }
    sum->output_bytes += jr->output_bytes;
    if (jr->output && !sum->output && !(sum->output = keep_string(b, jr->output)))
        goto oom;
    int ok = jr->status == CCDB_RUN_OK;
    if (jr->status == CCDB_RUN_CRASHED)
        sum->crashed++;
    else if (!ok)
        sum->timeouts++;

    /* A run that crashed or timed out: its rows carry the status and count the answers given
     * before (the "all" row's queries stay the dataset's), no time. */
    const ccdb_tally *all = &jr->all;
    ccdb_report_row *all_row = BENCH_PUSH(b, rows);
    if (!all_row)
        goto oom;
    fill_row(all_row, sum, d, "all", all, jr);
    if (ok) {
        all_row->ns_median = jr->ns_median;
        all_row->ns_min = jr->ns_min;
        all_row->ns_max = jr->ns_max;
    } else {
        all_row->queries = (long long)d->count;
    }
    size_t first_class_row = b->n_rows;
    for (int c = 0; c < CCDB_CLASS_COUNT; c++) {
        if (!jr->by_class[c].queries)
            continue;
        if (!(row = BENCH_PUSH(b, rows)))
            goto oom;
        fill_row(row, sum, d, ccdb_truth_class_name((ccdb_truth_class)c), &jr->by_class[c], jr);
    }
    if (record_query_times(b, sum, d->kind, jr, first_class_row) != 0)
        goto oom;

    sum->queries += all->queries;
    sum->fn += all->fn;
    sum->fp += all->fp;
    sum->toi_violations += all->toi_violations;
    sum->failed += all->failed;
    sum->gave_up += all->gave_up;
    sum->violations += all->violations;
    sum->outside += all->outside;
    sum->in_band += all->in_band;
    if (ok) {
        sum->ns_total += jr->ns_median * (double)jr->queries;
        sum->timed_queries += jr->queries;
    }

    int k = (int)d->kind;
    for (size_t i = 0; i < jr->n_findings; i++) {
        const ccdb_judged_finding *jf = &jr->findings[i];
        const ccdb_truth_result *t = &jf->truth;
        if (jf->undecided) {
            if (write_undecided(b, d, jf, err, errlen) != 0)
                return -1;
            continue;
        }
        if (jf->crash) {
            long long at = sum->crashes[k]++;
            if (write_category(b, CAT_CRASH, files[CAT_CRASH], at, s, d, jf, err, errlen) != 0)
                return -1;
            continue;
        }
        if (jf->fp) {
            long long at = sum->fps[k]++;
            if (write_category(b, CAT_FP, files[CAT_FP], at, s, d, jf, err, errlen) != 0)
                return -1;
        }
        if (jf->toi) {
            findings_file *toi_file = files[CAT_TOI];
            long long at = sum->toi_findings[k]++;
            /* Rows were filled before; count the finding on its "all" and class rows. */
            b->rows[first_class_row - 1].toi_findings++;
            for (size_t j = first_class_row; j < b->n_rows; j++)
                if (!strcmp(b->rows[j].family, ccdb_truth_class_name(t->cls)))
                    b->rows[j].toi_findings++;
            if (write_category(b, CAT_TOI, toi_file, at, s, d, jf, err, errlen) != 0)
                return -1;
            if (kept->findings < (long long)opt->misses_kept) {
                kept->findings++;
                ccdb_report_finding *f = BENCH_PUSH(b, findings);
                if (!f)
                    goto oom;
                f->solver = s->name;
                f->dataset = d->label;
                f->kind = ccdb_kind_name(d->kind);
                f->family = ccdb_truth_class_name(t->cls);
                f->index = jf->index;
                f->state = ccdb_state_name(jf->answer.state);
                f->toi = jf->answer.toi;
                f->hit = t->hit != 0;
                f->toi_lo = t->toi_lo;
                f->toi_hi = t->toi_hi;
                if (!ccdb_toi_lateness(t, &jf->answer, &f->late, &f->late_ulps)) {
                    f->late = NAN;
                    f->late_ulps = 0;
                }
                memcpy(f->q, jf->q, sizeof f->q);
                if (!(f->replay = replay_command(b, toi_file, at, d, jf->index, opt)))
                    goto oom;
                if (opt->findings_dir && !(f->file = kept_path(b, toi_file)))
                    goto oom;
            }
        }
        if (!jf->fn)
            continue;
        findings_file *miss_file = files[CAT_MISS];
        long long at = sum->misses[k]++;
        if (write_category(b, CAT_MISS, miss_file, at, s, d, jf, err, errlen) != 0)
            return -1;
        if (kept->misses >= (long long)opt->misses_kept)
            continue;
        kept->misses++;
        ccdb_report_miss *m = BENCH_PUSH(b, misses);
        if (!m)
            goto oom;
        m->solver = s->name;
        m->dataset = d->label;
        m->kind = ccdb_kind_name(d->kind);
        m->family = ccdb_truth_class_name(t->cls);
        m->index = jf->index;
        ccdb_miss_picture(m, (const double(*)[3])jf->q, d->kind, t);
        m->toi_lo = t->toi_lo;
        m->toi_hi = t->toi_hi;
        if (!(m->replay = replay_command(b, miss_file, at, d, jf->index, opt)))
            goto oom;
        if (opt->findings_dir && !(m->file = kept_path(b, miss_file)))
            goto oom;
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* The findings table, DIR/findings.csv (with its header) and DIR/findings.jsonl, written as the
 * run goes: every run with a report has both, empty of rows when it found nothing. */
static int open_table(ccdb_bench_files *bf, const char *dir, char *err, size_t errlen)
{
    char path[4200];
    if (snprintf(path, sizeof path, "%s/" CCDB_FINDINGS_TABLE ".csv", dir) >= (int)sizeof path)
        return ccdb_errorf(err, errlen, "%s: path too long", dir);
    if (ccdb_atomic_open(&bf->table_csv, path, err, errlen) != 0)
        return -1;
    if (ccdb_report_findings_csv_header(bf->table_csv.f) != 0)
        return ccdb_atomic_fail(&bf->table_csv, err, errlen);
    snprintf(path, sizeof path, "%s/" CCDB_FINDINGS_TABLE ".jsonl", dir);
    return ccdb_atomic_open(&bf->table_jsonl, path, err, errlen);
}

ccdb_bench_dataset ccdb_bench_dataset_of(const ccdb_input *in)
{
    return (ccdb_bench_dataset){ ccdb_input_label(in), in->source, in->ds.kind, in->ds.count };
}

int ccdb_bench_begin(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                     const ccdb_bench_options *opt, char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    b->opt = opt;
    b->solvers = calloc(n_solvers ? n_solvers : 1, sizeof *b->solvers);
    b->files = calloc(1, sizeof *b->files);
    if (!b->solvers || !b->files)
        return ccdb_errorf(err, errlen, "out of memory");
    ccdb_bench_files *bf = b->files;
    bf->slots = CCDB_KIND_COUNT * (n_solvers ? n_solvers : 1);
    int no_memory = 0;
    for (int c = 0; c < CAT_COUNT; c++)
        no_memory |= !(bf->ff[c] = calloc(bf->slots, sizeof *bf->ff[c]));
    bf->kept = calloc(n_solvers ? n_solvers : 1, sizeof *bf->kept);
    if (no_memory || !bf->kept)
        return ccdb_errorf(err, errlen, "out of memory");
    if (opt->findings_dir && open_table(bf, opt->findings_dir, err, errlen) != 0)
        return -1;
    b->n_solvers = n_solvers;
    for (size_t j = 0; j < n_solvers; j++) {
        char tags[192];
        b->solvers[j].solver = solvers[j];
        b->solvers[j].isolated = ccdb_isolated(solvers[j], opt->isolate);
        b->solvers[j].origin = opt->origins && opt->origins[j] ? opt->origins[j] : "";
        ccdb_claims_text(solvers[j]->flags, tags, sizeof tags);
        b->solvers[j].claim_tags = keep_string(b, tags);
        if (!b->solvers[j].claim_tags)
            return ccdb_errorf(err, errlen, "out of memory");
    }
    return 0;
}

int ccdb_bench_record(ccdb_bench *b, size_t j, const ccdb_bench_dataset *d, const ccdb_judged *jr,
                      char *err, size_t errlen)
{
    ccdb_bench_files *bf = b->files;
    size_t slot = CCDB_KIND_COUNT * j + (size_t)d->kind;
    findings_file *files[CAT_COUNT];
    for (int c = 0; c < CAT_COUNT; c++)
        files[c] = &bf->ff[c][slot];
    return record(b, &b->solvers[j], d, jr, files, b->opt, &bf->kept[j], err, errlen);
}

/* The claims of each solver that was judged at a separation say which truths judged it, once
 * every dataset is recorded: "judged at min-sep D" (a band [D, D]: --min-sep D) or "judged in
 * band [lo, hi]" on the datasets of a kind judged there, and a note when datasets of a kind with
 * no exact judge at d > 0 (ccdb_truth_judges_sep; none today) were judged at 0. Every row of the solver then carries
 * them (the report shows the first row's). */
static int claims_of_run(ccdb_bench *b)
{
    for (size_t j = 0; j < b->n_solvers; j++) {
        ccdb_solver_summary *sum = &b->solvers[j];
        if (!(sum->truth_band_hi > 0) && !sum->contact_only)
            continue;
        char tags[512];
        size_t len = (size_t)snprintf(tags, sizeof tags, "%s", sum->claim_tags);
        if (sum->truth_band_hi > 0 && sum->truth_min_sep == sum->truth_band_hi && len < sizeof tags)
            len += (size_t)snprintf(tags + len, sizeof tags - len, "%sjudged at min-sep %.17g",
                                    len ? ", " : "", sum->truth_min_sep);
        else if (sum->truth_band_hi > 0 && len < sizeof tags)
            len +=
                (size_t)snprintf(tags + len, sizeof tags - len, "%sjudged in band [%.17g, %.17g]",
                                 len ? ", " : "", sum->truth_min_sep, sum->truth_band_hi);
        if (sum->contact_only && len < sizeof tags)
            snprintf(tags + len, sizeof tags - len,
                     "%sdatasets of a kind with no exact judge at d > 0 judged at min-sep 0",
                     len ? ", " : "");
        const char *was = sum->claim_tags;
        if (!(sum->claim_tags = keep_string(b, tags)))
            return -1;
        for (size_t i = 0; i < b->n_rows; i++)
            if (b->rows[i].claim_tags == was && b->rows[i].solver == sum->solver->name)
                b->rows[i].claim_tags = sum->claim_tags;
    }
    return 0;
}

int ccdb_bench_end(ccdb_bench *b, int ok, char *err, size_t errlen)
{
    int rc = ok ? 0 : -1;
    if (rc == 0 && claims_of_run(b) != 0)
        rc = ccdb_errorf(err, errlen, "out of memory");
    if (rc == 0 && make_latencies(b) != 0)
        rc = ccdb_errorf(err, errlen, "out of memory");
    if (rc == 0 && !(b->outputs = calloc(b->n_solvers ? b->n_solvers : 1, sizeof *b->outputs)))
        rc = ccdb_errorf(err, errlen, "out of memory");
    for (size_t j = 0; rc == 0 && j < b->n_solvers; j++)
        if (b->solvers[j].output_bytes)
            b->outputs[b->n_outputs++] =
                (ccdb_report_output){ b->solvers[j].solver->name, b->solvers[j].output_bytes,
                                      b->solvers[j].output };
    ccdb_bench_files *bf = b->files;
    for (int c = 0; bf && c < CAT_COUNT; c++)
        for (size_t j = 0; bf->ff[c] && j < bf->slots; j++) {
            if (rc == 0 && bf->ff[c][j].af.f)
                rc = ccdb_atomic_commit(&bf->ff[c][j].af, err, errlen);
            else
                ccdb_atomic_abort(&bf->ff[c][j].af);
        }
    for (size_t i = 0; bf && i < bf->n_und; i++) {
        if (rc == 0 && bf->und[i].ff.af.f)
            rc = ccdb_atomic_commit(&bf->und[i].ff.af, err, errlen);
        else
            ccdb_atomic_abort(&bf->und[i].ff.af);
        free(bf->und[i].seen);
    }
    if (bf) {
        free(bf->und);
        ccdb_atomic_file *table[2] = { &bf->table_csv, &bf->table_jsonl };
        for (int t = 0; t < 2; t++) {
            if (rc == 0 && table[t]->f)
                rc = ccdb_atomic_commit(table[t], err, errlen);
            else
                ccdb_atomic_abort(table[t]);
        }
        for (int c = 0; c < CAT_COUNT; c++)
            free(bf->ff[c]);
        free(bf->kept);
        free(bf);
    }
    b->files = NULL;
    b->opt = NULL;
    return rc;
}

int ccdb_bench_run(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                   const ccdb_input *inputs, size_t n_inputs, const ccdb_bench_options *opt,
                   char *err, size_t errlen)
{
    int rc = ccdb_bench_begin(b, solvers, n_solvers, opt, err, errlen);
    for (size_t i = 0; i < n_inputs && rc == 0; i++) {
        const ccdb_input *in = &inputs[i];
        ccdb_bench_dataset d = ccdb_bench_dataset_of(in);
        assert(in->truth || in->ds.count == 0);
        /* One read-only copy of the queries for all the solvers of this dataset. */
        const double(*q)[8][3] =
            ccdb_queries_readonly((const double(*)[8][3])in->ds.q, in->ds.count);
        if (!q) {
            snprintf(err, errlen, "%s: cannot map a read-only copy of its queries: %s",
                     ccdb_input_label(in), strerror(errno));
            rc = -1;
            break;
        }
        for (size_t j = 0; j < n_solvers && rc == 0; j++) {
            const ccdb_solver *s = solvers[j];
            ccdb_progress("[%zu/%zu] %s on %s (%zu queries%s)", i + 1, n_inputs, s->name,
                          ccdb_input_label(in), in->ds.count,
                          b->solvers[j].isolated ? ", isolated" : "");
            ccdb_judged jr;
            rc = ccdb_bench_judge_one(s, b->solvers[j].isolated, in, q, 0, opt, &jr, err, errlen);
            if (rc == 0)
                rc = ccdb_bench_record(b, j, &d, &jr, err, errlen);
            ccdb_judged_free(&jr);
        }
        ccdb_queries_readonly_free(q, in->ds.count);
    }
    ccdb_progress_done();
    return ccdb_bench_end(b, rc == 0, err, errlen) == 0 && rc == 0 ? 0 : -1;
}

/* The separation the solver claims on any data: its band, or --min-sep D for its claimers. */
static ccdb_band claimed_band(const ccdb_solver *s, const ccdb_bench_options *opt)
{
    ccdb_band band = { 0.0, 0.0 };
    if (ccdb_solver_band(s, &band.lo, &band.hi))
        return band;
    if (opt->min_sep > 0 && (s->flags & CCDB_CLAIM_MIN_SEPARATION))
        band.lo = band.hi = opt->min_sep;
    return band;
}

ccdb_band ccdb_bench_band(const ccdb_solver *s, ccdb_kind kind, const ccdb_bench_options *opt)
{
    ccdb_band none = { 0.0, 0.0 };
    return ccdb_solver_query_fn(s, kind) && ccdb_truth_judges_sep(kind) ? claimed_band(s, opt)
                                                                        : none;
}

int ccdb_bench_contact_only(const ccdb_solver *s, ccdb_kind kind, const ccdb_bench_options *opt)
{
    return ccdb_solver_query_fn(s, kind) && !ccdb_truth_judges_sep(kind) &&
           claimed_band(s, opt).hi > 0;
}

int ccdb_bench_band_truths(const ccdb_solver *s, ccdb_input *in, const ccdb_bench_options *opt,
                           const char *cache, int round_inputs, int threads, char *err,
                           size_t errlen)
{
    ccdb_band band = ccdb_bench_band(s, in->ds.kind, opt);
    double ends[2] = { band.lo, band.hi };
    for (int e = 0; e < 2; e++)
        if (ends[e] > 0 &&
            ccdb_truth_sep_for_input(in, cache, round_inputs, threads, ends[e], err, errlen) != 0)
            return -1;
    return 0;
}

int ccdb_bench_label_truth(const ccdb_solver *const *solvers, size_t n, ccdb_input *in,
                           const ccdb_bench_options *opt, const char *cache, int round_inputs,
                           int threads, char *err, size_t errlen)
{
    if (!(in->label_sep > 0) || !ccdb_truth_judges_sep(in->ds.kind))
        return 0;
    for (size_t j = 0; j < n; j++)
        if (ccdb_bench_band(solvers[j], in->ds.kind, opt).hi > 0)
            return 0;
    return ccdb_truth_sep_for_input(in, cache, round_inputs, threads, in->label_sep, err, errlen);
}

int ccdb_bench_judge_one(const ccdb_solver *s, int isolated, const ccdb_input *in,
                         const double (*q)[8][3], long long first, const ccdb_bench_options *opt,
                         ccdb_judged *out, char *err, size_t errlen)
{
    const char *label = ccdb_input_label(in);
    size_t n = in->ds.count;
    memset(out, 0, sizeof *out);
    /* The contact truth, or the truths at the ends of the solver's band. */
    ccdb_band band = ccdb_bench_band(s, in->ds.kind, opt);
    const ccdb_truth_result *lo = ccdb_input_truth_at(in, band.lo);
    const ccdb_truth_result *hi = ccdb_input_truth_at(in, band.hi);
    if ((!lo || !hi) && n)
        return ccdb_errorf(err, errlen,
                           "%s: no exact truth at min-sep %g..%g to judge %s (harness bug)", label,
                           band.lo, band.hi, s->name);
    if (!ccdb_solver_query_fn(s, in->ds.kind)) { /* not run: reported "unsupported" */
        out->unsupported = 1;
        out->queries = (long long)n;
        out->truth_min_sep = band.lo;
        out->truth_band_hi = band.hi;
        return 0;
    }
    ccdb_solver_run run;
    if (ccdb_run_solver(s, in->ds.kind, q, n, &opt->run, isolated, opt->timeout_s, &run) != 0) {
        snprintf(err, errlen, "running %s on %s: %s", s->name, label, run.detail);
        ccdb_solver_run_free(&run);
        return -1;
    }
    if (run.status != CCDB_RUN_OK) {
        ccdb_progress_done();
        fprintf(stderr, "ccdbench run: %s on %s: %s\n", s->name, label, run.detail);
    }
    int rc = ccdb_judge_band(s, q, lo, hi, n, first, &run, out);
    out->truth_min_sep = band.lo;
    out->truth_band_hi = band.hi;
    ccdb_solver_run_free(&run);
    if (rc != 0)
        snprintf(err, errlen, "out of memory");
    return rc;
}
