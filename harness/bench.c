/* bench.c — the run loop: every solver on every dataset (in-process or isolated), tallied
 * against the exact truth into report rows, with every false negative written to
 * DIR/misses/{vertex-face,edge-edge}/<solver>.csv in the input format, ready to replay. */
#include <assert.h>
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
#include "ccdb_registry.h"
#include "ccdb_util.h"

static const char *kind_folder(ccdb_kind k)
{
    return k == CCDB_KIND_VF ? "vertex-face" : "edge-edge";
}

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

static ccdb_report_row *new_row(ccdb_bench *b)
{
    if (b->n_rows == b->cap_rows) {
        size_t cap = b->cap_rows ? 2 * b->cap_rows : 64;
        ccdb_report_row *g = realloc(b->rows, cap * sizeof *g);
        if (!g)
            return NULL;
        b->rows = g;
        b->cap_rows = cap;
    }
    ccdb_report_row *r = &b->rows[b->n_rows++];
    memset(r, 0, sizeof *r);
    return r;
}

static ccdb_report_miss *new_miss(ccdb_bench *b)
{
    if (b->n_misses == b->cap_misses) {
        size_t cap = b->cap_misses ? 2 * b->cap_misses : 64;
        ccdb_report_miss *g = realloc(b->misses, cap * sizeof *g);
        if (!g)
            return NULL;
        b->misses = g;
        b->cap_misses = cap;
    }
    ccdb_report_miss *m = &b->misses[b->n_misses++];
    memset(m, 0, sizeof *m);
    return m;
}

void ccdb_bench_free(ccdb_bench *b)
{
    for (size_t i = 0; i < b->n_strings; i++)
        free(b->strings[i]);
    free(b->strings);
    free(b->rows);
    free(b->misses);
    free(b->solvers);
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

static void fill_row(ccdb_report_row *row, const ccdb_solver_summary *sum, const ccdb_input *in,
                     const char *family, const ccdb_tally *t, const ccdb_solver_run *run)
{
    const ccdb_solver *s = sum->solver;
    row->solver = s->name;
    row->dataset = ccdb_input_label(in);
    row->kind = ccdb_kind_name(in->ds.kind);
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
    /* -1: the solver counts no work ("n/a"), rather than a 0 that would say it did none. */
    row->work = (s->flags & CCDB_SOLVER_NO_WORK_COUNT) ? -1 : t->work;
    row->claims =
        s->flags & (CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION);
    row->conservative = (s->flags & CCDB_CLAIM_CONSERVATIVE) != 0;
    row->claim_tags = sum->claim_tags;
    row->status = report_status(run->status);
    /* Time is measured for the whole loop only: class rows have none of their own. */
    row->ns_median = row->ns_min = row->ns_max = NAN;
}

/* The misses file of a solver and kind (a ccdb_atomic_file), opened on the first false
 * negative. */
static int open_miss_file(ccdb_atomic_file *mf, const char *dir, const ccdb_solver *s, ccdb_kind k,
                          char *err, size_t errlen)
{
    char sub[4096], path[4200];
    snprintf(sub, sizeof sub, "%s/%s", dir, kind_folder(k));
    if (ccdb_mkdir_p(sub) != 0)
        return ccdb_errorf(err, errlen, "%s: %s", sub, strerror(errno));
    if (snprintf(path, sizeof path, "%s/%s.csv", sub, s->name) >= (int)sizeof path)
        return ccdb_errorf(err, errlen, "%s: path too long", sub);
    return ccdb_atomic_open(mf, path, err, errlen);
}

/* Tallies one solver run into rows, and its false negatives into misses. */
static int record(ccdb_bench *b, ccdb_solver_summary *sum, const ccdb_input *in,
                  const ccdb_solver_run *run, ccdb_atomic_file *mf, const ccdb_bench_options *opt,
                  long long *kept, char *err, size_t errlen)
{
    const ccdb_solver *s = sum->solver;
    size_t n = in->ds.count;
    ccdb_tally all, by_class[CCDB_CLASS_COUNT];
    ccdb_report_row *row;

    if (run->status != CCDB_RUN_OK) {
        /* Nothing came back: one "all" row carrying the status, no counts. */
        if (!(row = new_row(b)))
            goto oom;
        ccdb_tally_init(&all);
        fill_row(row, sum, in, "all", &all, run);
        row->queries = (long long)n;
        if (run->status == CCDB_RUN_CRASHED)
            sum->crashed++;
        else
            sum->timeouts++;
        return 0;
    }

    ccdb_tally_results(in->truth, run->results, n, &all, by_class);
    if (!(row = new_row(b)))
        goto oom;
    fill_row(row, sum, in, "all", &all, run);
    row->ns_median = run->ns_median;
    row->ns_min = run->ns_min;
    row->ns_max = run->ns_max;
    for (int c = 0; c < CCDB_CLASS_COUNT; c++) {
        if (!by_class[c].queries)
            continue;
        if (!(row = new_row(b)))
            goto oom;
        fill_row(row, sum, in, ccdb_truth_class_name((ccdb_truth_class)c), &by_class[c], run);
    }

    sum->queries += all.queries;
    sum->fn += all.fn;
    sum->fp += all.fp;
    sum->toi_violations += all.toi_violations;
    sum->failed += all.failed;
    sum->gave_up += all.gave_up;
    sum->ns_total += run->ns_median * (double)n;
    sum->timed_queries += (long long)n;

    if (!all.fn)
        return 0;
    int k = in->ds.kind == CCDB_KIND_VF ? 0 : 1;
    for (size_t i = 0; i < n; i++) {
        if (ccdb_outcome_of(&in->truth[i], &run->results[i]) != CCDB_OUT_FN)
            continue;
        long long at = sum->misses[k]++;
        if (opt->misses_dir) {
            if (!mf->f && open_miss_file(mf, opt->misses_dir, s, in->ds.kind, err, errlen) != 0)
                return -1;
            if (ccdb_csv_write_query(mf->f, (const double(*)[3])in->ds.q[i], 1) != 0)
                return ccdb_atomic_fail(mf, err, errlen);
        }
        if (*kept >= (long long)opt->misses_kept)
            continue;
        ++*kept;
        ccdb_report_miss *m = new_miss(b);
        if (!m)
            goto oom;
        m->solver = s->name;
        m->dataset = ccdb_input_label(in);
        m->kind = ccdb_kind_name(in->ds.kind);
        m->family = ccdb_truth_class_name(in->truth[i].cls);
        m->index = (long long)i;
        memcpy(m->q, in->ds.q[i], sizeof m->q);
        m->toi_lo = in->truth[i].toi_lo;
        m->toi_hi = in->truth[i].toi_hi;
        char cmd[8192] = "ccdbench replay ";
        if (opt->misses_dir)
            ccdb_shell_quote(cmd, sizeof cmd, mf->path);
        else if (in->source)
            ccdb_shell_quote(cmd, sizeof cmd, in->source);
        else
            ccdb_shell_quote(cmd, sizeof cmd, "(generated; no file)");
        size_t len = strlen(cmd);
        snprintf(cmd + len, sizeof cmd - len, " --index %lld --kind %s%s%s",
                 opt->misses_dir ? at : (long long)i, ccdb_kind_name(in->ds.kind),
                 opt->replay_args && *opt->replay_args ? " " : "",
                 opt->replay_args ? opt->replay_args : "");
        if (!(m->replay = keep_string(b, cmd)))
            goto oom;
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}

int ccdb_bench_run(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                   const ccdb_input *inputs, size_t n_inputs, const ccdb_bench_options *opt,
                   char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    b->solvers = calloc(n_solvers ? n_solvers : 1, sizeof *b->solvers);
    ccdb_atomic_file *mf = calloc(2 * (n_solvers ? n_solvers : 1), sizeof *mf);
    long long *kept = calloc(n_solvers ? n_solvers : 1, sizeof *kept);
    int rc = 0;
    if (!b->solvers || !mf || !kept) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
        goto done;
    }
    b->n_solvers = n_solvers;
    for (size_t j = 0; j < n_solvers && rc == 0; j++) {
        char tags[128];
        b->solvers[j].solver = solvers[j];
        b->solvers[j].claim_tags =
            keep_string(b, ccdb_claims_text(solvers[j]->flags, tags, sizeof tags));
        if (!b->solvers[j].claim_tags) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        }
    }

    for (size_t i = 0; i < n_inputs && rc == 0; i++) {
        const ccdb_input *in = &inputs[i];
        assert(in->truth || in->ds.count == 0);
        for (size_t j = 0; j < n_solvers && rc == 0; j++) {
            const ccdb_solver *s = solvers[j];
            ccdb_progress("[%zu/%zu] %s on %s (%zu queries)", i + 1, n_inputs, s->name,
                          ccdb_input_label(in), in->ds.count);
            ccdb_solver_run run;
            const double(*q)[8][3] = (const double(*)[8][3])in->ds.q;
            int r = opt->isolate
                        ? ccdb_isolate_run(s, in->ds.kind, q, in->ds.count, &opt->run,
                                           opt->timeout_s, &run)
                        : ccdb_runner_run(s, in->ds.kind, q, in->ds.count, &opt->run, &run);
            if (r != 0) {
                snprintf(err, errlen, "running %s on %s: %s", s->name, ccdb_input_label(in),
                         run.detail);
                rc = -1;
                break;
            }
            if (run.status != CCDB_RUN_OK) {
                ccdb_progress_done();
                fprintf(stderr, "ccdbench run: %s on %s: %s\n", s->name, ccdb_input_label(in),
                        run.detail);
            }
            ccdb_atomic_file *m = &mf[2 * j + (in->ds.kind == CCDB_KIND_VF ? 0 : 1)];
            rc = record(b, &b->solvers[j], in, &run, m, opt, &kept[j], err, errlen);
            ccdb_solver_run_free(&run);
        }
    }
    ccdb_progress_done();
done:
    for (size_t j = 0; mf && j < 2 * n_solvers; j++) {
        if (rc == 0 && mf[j].f)
            rc = ccdb_atomic_commit(&mf[j], err, errlen);
        else
            ccdb_atomic_abort(&mf[j]);
    }
    free(mf);
    free(kept);
    return rc;
}
