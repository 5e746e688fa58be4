/* bench_mpi.c — the run loop over MPI ranks (ccdb_bench_run_mpi in ccdb_mpi.h): work units
 * handed out on demand, each rank streaming its chunks, rank 0 merging the judged units in
 * dataset order into the one report. docs/mpi.md. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_mpi.h"
#include "ccdb_run_meta.h"
#include "ccdb_runner.h"
#include "ccdb_truth_cache.h"
#include "ccdb_util.h"

/* The chunks of the run: chunk c is queries first..first+count-1 of dataset `dataset`. */
typedef struct chunk {
    size_t dataset, first, count;
} chunk;

typedef struct plan {
    chunk *chunks;
    size_t n_chunks, n_datasets;
    size_t *first_chunk; /* per dataset, its first chunk; [n_datasets] = n_chunks */
} plan;

static size_t dataset_count(const ccdb_mpi_work *w, size_t i)
{
    return w->inputs ? w->inputs[i].ds.count : w->counts[i];
}

static int make_plan(const ccdb_mpi_work *w, plan *p)
{
    memset(p, 0, sizeof *p);
    p->n_datasets = w->inputs ? w->n_inputs : w->n_files;
    size_t per = w->chunk ? w->chunk : 1;
    for (size_t i = 0; i < p->n_datasets; i++) {
        size_t n = dataset_count(w, i);
        p->n_chunks += n ? (n + per - 1) / per : 1;
    }
    p->chunks = calloc(p->n_chunks ? p->n_chunks : 1, sizeof *p->chunks);
    p->first_chunk = calloc(p->n_datasets + 1, sizeof *p->first_chunk);
    if (!p->chunks || !p->first_chunk)
        return -1;
    size_t c = 0;
    for (size_t i = 0; i < p->n_datasets; i++) {
        size_t n = dataset_count(w, i);
        p->first_chunk[i] = c;
        size_t at = 0;
        do {
            size_t k = n - at < per ? n - at : per;
            p->chunks[c++] = (chunk){ i, at, k };
            at += k;
        } while (at < n);
    }
    p->first_chunk[p->n_datasets] = c;
    return 0;
}

/* The chunk a rank holds: its queries (and a read-only copy for the solvers) and truth. */
typedef struct loaded {
    long long chunk; /* -1: none */
    ccdb_input in;
    const double (*ro)[8][3];
} loaded;

static void unload(loaded *l)
{
    if (l->ro)
        ccdb_queries_readonly_free(l->ro, l->in.ds.count);
    ccdb_input_free(&l->in);
    l->ro = NULL;
    l->chunk = -1;
}

static int load(loaded *l, const ccdb_mpi_work *w, const plan *p, long long c, char *err,
                size_t errlen)
{
    if (l->chunk == c)
        return 0;
    unload(l);
    const chunk *ch = &p->chunks[c];
    if (w->inputs) {
        if (ccdb_input_slice(&w->inputs[ch->dataset], ch->first, ch->count, &l->in) != 0)
            return ccdb_errorf(err, errlen, "out of memory");
    } else if (ccdb_input_read_range(w->files[ch->dataset], w->kind, w->round_inputs, ch->first,
                                     ch->count, w->counts[ch->dataset], &l->in, err, errlen) != 0) {
        return -1;
    }
    if (ccdb_truth_for_input(&l->in, w->cache, w->round_inputs, w->threads, err, errlen) != 0)
        return -1;
    if (!(l->ro = ccdb_queries_readonly((const double(*)[8][3])l->in.ds.q, l->in.ds.count)))
        return ccdb_errorf(err, errlen, "%s: cannot map a read-only copy of its queries: %s",
                           ccdb_input_label(&l->in), strerror(errno));
    l->chunk = c;
    return 0;
}

/* The loaded chunk's truth at separation sep > 0 (the solver of the unit is judged by it:
 * ccdb_bench_truth_sep), from the cache or computed, the first time a unit of the chunk needs
 * it on this rank: as in one process, its cache entry is keyed by the chunk's queries and sep. */
static int load_truth_sep(loaded *l, const ccdb_mpi_work *w, double sep, char *err, size_t errlen)
{
    if (!(sep > 0) || l->in.truth_sep)
        return 0;
    return ccdb_truth_sep_for_input(&l->in, w->cache, w->round_inputs, w->threads, sep, err,
                                    errlen);
}

/* What a rank sends: this header, then per unit done (unit, stats flag, stats, judged), then
 * unit -1. */
typedef struct rank_header {
    int failed;
    char err[2048];
    ccdb_mpi_rank info;
} rank_header;

/* Rank 0's collection: a judged run per unit, stats per chunk. */
typedef struct collected {
    ccdb_judged *judged;
    ccdb_input_stats *chunk_stats;
} collected;

static void put_unit(ccdb_bytes *out, long long unit, const ccdb_input_stats *st,
                     const ccdb_judged *j)
{
    unsigned char has_stats = st != NULL;
    ccdb_input_stats none = { 0 };
    ccdb_bytes_put(out, &unit, sizeof unit);
    ccdb_bytes_put(out, &has_stats, 1);
    ccdb_bytes_put(out, st ? st : &none, sizeof none);
    ccdb_judged_pack(out, j);
}

static int take_units(ccdb_bytes_reader *r, collected *col, long long n_units, size_t n_solvers)
{
    for (;;) {
        long long unit = -1;
        unsigned char has_stats = 0;
        ccdb_input_stats st;
        ccdb_bytes_get(r, &unit, sizeof unit);
        if (r->failed)
            return -1;
        if (unit < 0)
            return 0;
        ccdb_bytes_get(r, &has_stats, 1);
        ccdb_bytes_get(r, &st, sizeof st);
        if (unit >= n_units)
            return -1;
        ccdb_judged_free(&col->judged[unit]);
        if (ccdb_judged_unpack(r, &col->judged[unit]) != 0)
            return -1;
        if (has_stats)
            col->chunk_stats[(size_t)unit / n_solvers] = st;
    }
}

int ccdb_bench_run_mpi(ccdb_mpi *m, ccdb_bench *b, const ccdb_solver *const *solvers,
                       size_t n_solvers, const ccdb_mpi_work *w, const ccdb_bench_options *opt,
                       ccdb_input_stats **stats, ccdb_mpi_rank **ranks, char *err, size_t errlen)
{
    plan p;
    rank_header me = { 0 };
    loaded l = { .chunk = -1 };
    ccdb_bytes mine = { 0 };
    collected col = { 0 };
    int rc = 0;
    if (stats)
        *stats = NULL;
    if (ranks)
        *ranks = NULL;
    memset(b, 0, sizeof *b);
    snprintf(me.info.host, sizeof me.info.host, "%s", m->host);
    if (make_plan(w, &p) != 0)
        ccdb_mpi_abort(m, 2); /* out of memory before any work: nothing to report */
    long long n_units = (long long)(p.n_chunks * n_solvers);
    if (m->rank == 0) {
        col.judged = calloc((size_t)n_units ? (size_t)n_units : 1, sizeof *col.judged);
        col.chunk_stats = calloc(p.n_chunks ? p.n_chunks : 1, sizeof *col.chunk_stats);
        if (!col.judged || !col.chunk_stats)
            ccdb_mpi_abort(m, 2);
    }

    if (ccdb_mpi_work_start(m, n_units, (long long)n_solvers, me.err, sizeof me.err) != 0)
        ccdb_mpi_abort(m, 2);
    for (long long u; (u = ccdb_mpi_work_next(m, l.chunk)) >= 0;) {
        if (me.failed)
            continue; /* take the rest without doing it: the others finish the protocol */
        uint64_t t0 = ccdb_now_ns();
        long long c = u / (long long)n_solvers;
        size_t j = (size_t)(u % (long long)n_solvers);
        ccdb_judged jr = { 0 };
        ccdb_input_stats st;
        if (load(&l, w, &p, c, me.err, sizeof me.err) != 0 ||
            load_truth_sep(&l, w, ccdb_bench_truth_sep(solvers[j], l.in.ds.kind, opt), me.err,
                           sizeof me.err) != 0) {
            me.failed = 1;
            continue;
        }
        const chunk *ch = &p.chunks[c];
        ccdb_progress("rank %d: %s on %s [%zu, %zu)", m->rank, solvers[j]->name,
                      ccdb_input_label(&l.in), ch->first, ch->first + ch->count);
        if (ccdb_bench_judge_one(solvers[j], ccdb_isolated(solvers[j], opt->isolate), &l.in, l.ro,
                                 (long long)ch->first, opt, &jr, me.err, sizeof me.err) != 0) {
            me.failed = 1;
            ccdb_judged_free(&jr);
            continue;
        }
        if (j == 0) {
            /* As in one process (cmd_run.c): labels made at d are compared with the truth at
             * d, which the chunk gets now when no solver needs the truth at another. */
            double sep = ccdb_bench_kind_truth_sep(solvers, n_solvers, l.in.ds.kind, opt);
            if (!(sep > 0) && ccdb_truth_judges_sep(l.in.ds.kind))
                sep = l.in.label_sep;
            if (l.in.label_sep > 0 && load_truth_sep(&l, w, sep, me.err, sizeof me.err) != 0) {
                me.failed = 1;
                ccdb_judged_free(&jr);
                continue;
            }
            ccdb_input_stats_of(&l.in, &st);
        }
        if (m->rank == 0) {
            col.judged[u] = jr; /* moved */
            if (j == 0)
                col.chunk_stats[c] = st;
        } else {
            put_unit(&mine, u, j == 0 ? &st : NULL, &jr);
            ccdb_judged_free(&jr);
        }
        me.info.units++;
        me.info.busy_s += (double)(ccdb_now_ns() - t0) * 1e-9;
    }
    ccdb_progress_done();
    ccdb_mpi_work_stop(m);
    unload(&l);

    if (m->rank != 0) {
        long long end = -1;
        ccdb_bytes msg = { 0 };
        ccdb_bytes_put(&msg, &me, sizeof me);
        ccdb_bytes_put(&msg, mine.p, mine.n);
        ccdb_bytes_put(&msg, &end, sizeof end);
        ccdb_bytes_free(&mine);
        if (msg.failed || ccdb_mpi_send_to_root(m, msg.p, msg.n) != 0)
            ccdb_mpi_abort(m, 2);
        ccdb_bytes_free(&msg);
    } else {
        ccdb_mpi_rank *info = calloc((size_t)m->size, sizeof *info);
        if (!info)
            ccdb_mpi_abort(m, 2);
        /* cppcheck-suppress nullPointerRedundantCheck ; ccdb_mpi_abort does not return */
        info[0] = me.info;
        if (me.failed) {
            rc = -1;
            snprintf(err, errlen, "%s", me.err);
        }
        for (int r = 1; r < m->size; r++) {
            unsigned char *data;
            size_t n;
            if (ccdb_mpi_recv_from(m, r, &data, &n) != 0) {
                fprintf(stderr, "ccdbench run: rank 0: out of memory gathering rank %d\n", r);
                ccdb_mpi_abort(m, 2);
            }
            ccdb_bytes_reader rd = { data, n, 0, 0 };
            rank_header h;
            ccdb_bytes_get(&rd, &h, sizeof h);
            if (rd.failed || take_units(&rd, &col, n_units, n_solvers) != 0) {
                fprintf(stderr, "ccdbench run: rank 0: a malformed message from rank %d\n", r);
                ccdb_mpi_abort(m, 2);
            }
            info[r] = h.info;
            if (h.failed && rc == 0) {
                rc = -1;
                snprintf(err, errlen, "%s", h.err);
            }
            free(data);
        }
        if (ranks)
            *ranks = info;
        else
            free(info);
        /* Merge the chunks of each dataset in order and record them, solvers in order. */
        ccdb_input_stats *ds_stats = calloc(p.n_datasets ? p.n_datasets : 1, sizeof *ds_stats);
        if (rc == 0 && !ds_stats)
            rc = ccdb_errorf(err, errlen, "out of memory");
        if (rc == 0)
            rc = ccdb_bench_begin(b, solvers, n_solvers, opt, err, errlen);
        for (size_t d = 0; rc == 0 && d < p.n_datasets; d++) {
            size_t c0 = p.first_chunk[d], c1 = p.first_chunk[d + 1];
            for (size_t c = c0; c < c1; c++)
                ccdb_input_stats_merge(&ds_stats[d], &col.chunk_stats[c], c == c0);
            ccdb_bench_dataset bd;
            if (w->inputs) {
                bd = ccdb_bench_dataset_of(&w->inputs[d]);
            } else {
                bd = (ccdb_bench_dataset){ w->files[d], w->files[d], CCDB_KIND_UNKNOWN,
                                           w->counts[d] };
                bd.kind = w->kind != CCDB_KIND_UNKNOWN ? w->kind : ccdb_kind_from_path(w->files[d]);
            }
            for (size_t j = 0; rc == 0 && j < n_solvers; j++) {
                ccdb_judged *first = &col.judged[c0 * n_solvers + j];
                for (size_t c = c0 + 1; rc == 0 && c < c1; c++)
                    if (ccdb_judged_merge(first, &col.judged[c * n_solvers + j]) != 0)
                        rc = ccdb_errorf(err, errlen, "out of memory");
                if (rc == 0)
                    rc = ccdb_bench_record(b, j, &bd, first, err, errlen);
            }
        }
        if (b->solvers && ccdb_bench_end(b, rc == 0, err, errlen) != 0)
            rc = -1;
        if (stats && rc == 0)
            *stats = ds_stats;
        else
            free(ds_stats);
        for (long long u = 0; u < n_units; u++)
            ccdb_judged_free(&col.judged[u]);
        free(col.judged);
        free(col.chunk_stats);
    }
    free(p.chunks);
    free(p.first_chunk);
    ccdb_bytes_free(&mine);
    /* Every rank returns rank 0's verdict. */
    int verdict = rc;
    if (ccdb_mpi_bcast(m, &verdict, sizeof verdict) != 0)
        ccdb_mpi_abort(m, 2);
    return verdict;
}
