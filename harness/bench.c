/* bench.c — the run loop: every solver on every dataset (a read-only copy of its queries;
 * isolated or in-process with guards), tallied against the exact truth into report rows, with
 * every false negative and every TOI finding written in the input format, ready to replay, to
 * DIR/{misses,bad-toi}/<kind folder>/<solver>.csv. */
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

static ccdb_report_row *new_row(ccdb_bench *b)
{
    ccdb_report_row *g = room_for_one(b->rows, b->n_rows, &b->cap_rows, sizeof *g);
    if (!g)
        return NULL;
    b->rows = g;
    memset(&g[b->n_rows], 0, sizeof *g);
    return &g[b->n_rows++];
}

static ccdb_report_miss *new_miss(ccdb_bench *b)
{
    ccdb_report_miss *g = room_for_one(b->misses, b->n_misses, &b->cap_misses, sizeof *g);
    if (!g)
        return NULL;
    b->misses = g;
    memset(&g[b->n_misses], 0, sizeof *g);
    return &g[b->n_misses++];
}

static ccdb_report_finding *new_finding(ccdb_bench *b)
{
    ccdb_report_finding *g = room_for_one(b->findings, b->n_findings, &b->cap_findings, sizeof *g);
    if (!g)
        return NULL;
    b->findings = g;
    memset(&g[b->n_findings], 0, sizeof *g);
    return &g[b->n_findings++];
}

void ccdb_bench_free(ccdb_bench *b)
{
    for (size_t i = 0; i < b->n_strings; i++)
        free(b->strings[i]);
    free(b->strings);
    free(b->rows);
    free(b->misses);
    free(b->findings);
    free(b->outputs);
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
    row->contract_violations = t->violations;
    row->isolated = sum->isolated;
    /* Time is measured for the whole loop only: class rows have none of their own. */
    row->ns_median = row->ns_min = row->ns_max = NAN;
}

/* One findings file (a ccdb_atomic_file, opened on its first query) and the path replay
 * commands give for it. */
typedef struct findings_file {
    ccdb_atomic_file af;
    char shown[4200];
} findings_file;

static int open_findings(findings_file *ff, const ccdb_bench_options *opt, const char *folder,
                         const ccdb_solver *s, ccdb_kind k, char *err, size_t errlen)
{
    char sub[4096], path[4200];
    snprintf(sub, sizeof sub, "%s/%s/%s", opt->findings_dir, folder, ccdb_kind_folder(k));
    if (ccdb_mkdir_p(sub) != 0)
        return ccdb_errorf(err, errlen, "%s: cannot write: %s", sub, strerror(errno));
    if (snprintf(path, sizeof path, "%s/%s.csv", sub, s->name) >= (int)sizeof path)
        return ccdb_errorf(err, errlen, "%s: path too long", sub);
    snprintf(ff->shown, sizeof ff->shown, "%s/%s/%s/%s.csv",
             opt->findings_shown ? opt->findings_shown : opt->findings_dir, folder,
             ccdb_kind_folder(k), s->name);
    return ccdb_atomic_open(&ff->af, path, err, errlen);
}

/* Writes query i to its findings file (opening it first); *at gets its index in the file. */
static int write_finding(findings_file *ff, const char *folder, const ccdb_bench_options *opt,
                         const ccdb_solver *s, const ccdb_input *in, size_t i, char *err,
                         size_t errlen)
{
    if (!opt->findings_dir)
        return 0;
    if (!ff->af.f && open_findings(ff, opt, folder, s, in->ds.kind, err, errlen) != 0)
        return -1;
    if (ccdb_csv_write_query(ff->af.f, (const double(*)[3])in->ds.q[i], in->truth[i].hit != 0) != 0)
        return ccdb_atomic_fail(&ff->af, err, errlen);
    return 0;
}

/* "ccdbench replay FILE --index I --kind K ARGS": the findings file when one is written, else
 * the input file. */
static const char *replay_command(ccdb_bench *b, const findings_file *ff, long long at,
                                  const ccdb_input *in, size_t i, const ccdb_bench_options *opt)
{
    char cmd[8192] = "ccdbench replay ";
    if (opt->findings_dir)
        ccdb_shell_quote(cmd, sizeof cmd, ff->shown);
    else if (in->source)
        ccdb_shell_quote(cmd, sizeof cmd, in->source);
    else
        ccdb_shell_quote(cmd, sizeof cmd, "(generated; no file)");
    size_t len = strlen(cmd);
    snprintf(cmd + len, sizeof cmd - len, " --index %lld --kind %s%s%s",
             opt->findings_dir ? at : (long long)i, ccdb_kind_name(in->ds.kind),
             opt->replay_args && *opt->replay_args ? " " : "",
             opt->replay_args ? opt->replay_args : "");
    return keep_string(b, cmd);
}

/* A rigid miss's picture: the poses at t = 0 and 1 in the linear layout, samples of the arcs
 * between them and the positions at the TOI (the middle of its bracket). */
static void rigid_picture(ccdb_report_miss *m, const double q[8][3], ccdb_kind kind,
                          const ccdb_truth_result *t)
{
    ccdb_rigid_poses(q, kind, m->q);
    m->arc = 1;
    for (int k = 0; k < CCDB_REPORT_ARC_STEPS; k++)
        ccdb_rigid_pose_at(q, kind, (double)(k + 1) / (CCDB_REPORT_ARC_STEPS + 1), m->path[k]);
    ccdb_rigid_pose_at(q, kind, t->toi_lo / 2 + t->toi_hi / 2, m->at_toi);
}

/* Per solver: how many misses and findings the report keeps. */
typedef struct kept_count {
    long long misses, findings;
} kept_count;

/* Tallies one solver run into rows, its false negatives into misses and its TOI findings into
 * findings (files, and the first few for the report). */
static int record(ccdb_bench *b, ccdb_solver_summary *sum, const ccdb_input *in,
                  const ccdb_solver_run *run, findings_file *miss_file, findings_file *toi_file,
                  const ccdb_bench_options *opt, kept_count *kept, char *err, size_t errlen)
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

    ccdb_tally_results(in->truth, run->results, n, s->flags, &all, by_class);
    ccdb_report_row *all_row = new_row(b);
    if (!all_row)
        goto oom;
    fill_row(all_row, sum, in, "all", &all, run);
    all_row->ns_median = run->ns_median;
    all_row->ns_min = run->ns_min;
    all_row->ns_max = run->ns_max;
    size_t first_class_row = b->n_rows;
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
    sum->violations += all.violations;
    sum->ns_total += run->ns_median * (double)n;
    sum->timed_queries += (long long)n;

    int k = (int)in->ds.kind;
    for (size_t i = 0; i < n; i++) {
        const ccdb_truth_result *t = &in->truth[i];
        const ccdb_result *r = &run->results[i];
        if (ccdb_toi_finding(t, r, s->flags)) {
            long long at = sum->toi_findings[k]++;
            /* Rows were filled before; count the finding on its "all" and class rows. */
            b->rows[first_class_row - 1].toi_findings++;
            for (size_t j = first_class_row; j < b->n_rows; j++)
                if (!strcmp(b->rows[j].family, ccdb_truth_class_name(t->cls)))
                    b->rows[j].toi_findings++;
            if (write_finding(toi_file, CCDB_BAD_TOI_FOLDER, opt, s, in, i, err, errlen) != 0)
                return -1;
            if (kept->findings < (long long)opt->misses_kept) {
                kept->findings++;
                ccdb_report_finding *f = new_finding(b);
                if (!f)
                    goto oom;
                f->solver = s->name;
                f->dataset = ccdb_input_label(in);
                f->kind = ccdb_kind_name(in->ds.kind);
                f->family = ccdb_truth_class_name(t->cls);
                f->index = (long long)i;
                f->state = ccdb_state_name(r->state);
                f->toi = r->toi;
                f->hit = t->hit != 0;
                f->toi_lo = t->toi_lo;
                f->toi_hi = t->toi_hi;
                if (!(f->replay = replay_command(b, toi_file, at, in, i, opt)))
                    goto oom;
            }
        }
        if (ccdb_outcome_of(t, r) != CCDB_OUT_FN)
            continue;
        long long at = sum->misses[k]++;
        if (write_finding(miss_file, CCDB_MISSES_FOLDER, opt, s, in, i, err, errlen) != 0)
            return -1;
        if (kept->misses >= (long long)opt->misses_kept)
            continue;
        kept->misses++;
        ccdb_report_miss *m = new_miss(b);
        if (!m)
            goto oom;
        m->solver = s->name;
        m->dataset = ccdb_input_label(in);
        m->kind = ccdb_kind_name(in->ds.kind);
        m->family = ccdb_truth_class_name(t->cls);
        m->index = (long long)i;
        if (ccdb_kind_is_rigid(in->ds.kind)) /* the picture draws the poses and the arcs */
            rigid_picture(m, (const double(*)[3])in->ds.q[i], in->ds.kind, t);
        else
            memcpy(m->q, in->ds.q[i], sizeof m->q);
        m->toi_lo = t->toi_lo;
        m->toi_hi = t->toi_hi;
        if (!(m->replay = replay_command(b, miss_file, at, in, i, opt)))
            goto oom;
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* A solver with no entry for the dataset's kind: one "all" row with status "unsupported" and
 * no counts (it answered nothing: neither failures nor misses). */
static int record_unsupported(ccdb_bench *b, ccdb_solver_summary *sum, const ccdb_input *in,
                              char *err, size_t errlen)
{
    ccdb_report_row *row = new_row(b);
    if (!row) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    ccdb_tally all;
    ccdb_tally_init(&all);
    ccdb_solver_run none = { .status = CCDB_RUN_OK };
    fill_row(row, sum, in, "all", &all, &none);
    row->status = CCDB_REPORT_UNSUPPORTED;
    row->queries = (long long)in->ds.count;
    sum->unsupported++;
    return 0;
}

/* The solver's captured output: bytes summed, the first excerpt kept. */
static int add_output(ccdb_bench *b, ccdb_solver_summary *sum, const ccdb_solver_run *run)
{
    sum->output_bytes += run->output_bytes;
    if (run->output && !sum->output && !(sum->output = keep_string(b, run->output)))
        return -1;
    return 0;
}

int ccdb_bench_run(ccdb_bench *b, const ccdb_solver *const *solvers, size_t n_solvers,
                   const ccdb_input *inputs, size_t n_inputs, const ccdb_bench_options *opt,
                   char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    size_t slots = CCDB_KIND_COUNT * (n_solvers ? n_solvers : 1);
    b->solvers = calloc(n_solvers ? n_solvers : 1, sizeof *b->solvers);
    findings_file *mf = calloc(slots, sizeof *mf), *tf = calloc(slots, sizeof *tf);
    kept_count *kept = calloc(n_solvers ? n_solvers : 1, sizeof *kept);
    int rc = 0;
    if (!b->solvers || !mf || !tf || !kept) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
        goto done;
    }
    b->n_solvers = n_solvers;
    for (size_t j = 0; j < n_solvers && rc == 0; j++) {
        char tags[128];
        b->solvers[j].solver = solvers[j];
        b->solvers[j].isolated = ccdb_isolated(solvers[j], opt->isolate);
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
            ccdb_solver_summary *sum = &b->solvers[j];
            ccdb_progress("[%zu/%zu] %s on %s (%zu queries%s)", i + 1, n_inputs, s->name,
                          ccdb_input_label(in), in->ds.count, sum->isolated ? ", isolated" : "");
            if (!ccdb_solver_query_fn(s, in->ds.kind)) {
                rc = record_unsupported(b, sum, in, err, errlen);
                continue;
            }
            ccdb_solver_run run;
            if (ccdb_run_solver(s, in->ds.kind, q, in->ds.count, &opt->run, sum->isolated,
                                opt->timeout_s, &run) != 0) {
                snprintf(err, errlen, "running %s on %s: %s", s->name, ccdb_input_label(in),
                         run.detail);
                ccdb_solver_run_free(&run);
                rc = -1;
                break;
            }
            if (run.status != CCDB_RUN_OK) {
                ccdb_progress_done();
                fprintf(stderr, "ccdbench run: %s on %s: %s\n", s->name, ccdb_input_label(in),
                        run.detail);
            }
            size_t slot = CCDB_KIND_COUNT * j + (size_t)in->ds.kind;
            rc = record(b, sum, in, &run, &mf[slot], &tf[slot], opt, &kept[j], err, errlen);
            if (rc == 0 && add_output(b, sum, &run) != 0) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
            }
            ccdb_solver_run_free(&run);
        }
        ccdb_queries_readonly_free(q, in->ds.count);
    }
    ccdb_progress_done();
    if (rc == 0 && !(b->outputs = calloc(n_solvers ? n_solvers : 1, sizeof *b->outputs))) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    for (size_t j = 0; rc == 0 && j < n_solvers; j++)
        if (b->solvers[j].output_bytes)
            b->outputs[b->n_outputs++] =
                (ccdb_report_output){ b->solvers[j].solver->name, b->solvers[j].output_bytes,
                                      b->solvers[j].output };
done:
    for (size_t j = 0; mf && tf && j < slots; j++) {
        findings_file *files[2] = { &mf[j], &tf[j] };
        for (int f = 0; f < 2; f++) {
            if (rc == 0 && files[f]->af.f)
                rc = ccdb_atomic_commit(&files[f]->af, err, errlen);
            else
                ccdb_atomic_abort(&files[f]->af);
        }
    }
    free(mf);
    free(tf);
    free(kept);
    return rc;
}
