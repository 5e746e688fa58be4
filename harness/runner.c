/* runner.c — runs one solver over one dataset in-process and times it.
 *
 * Timing method: per thread, the clock is read once before and once after the whole loop over
 * its contiguous chunk (never per query); the time of a pass is the longest chunk of that pass
 * (threads start together at a barrier); ns/query = pass time / queries. One warm-up pass comes
 * first; its results are the ones kept and tallied, and it is the per-query timing pass: the
 * clock is read before and after each query, and the timer's own cost (cfg->timer_ns, measured
 * the same way with nothing between the reads) is subtracted. It is also the pass that warms
 * the caches, so it costs the run no extra pass. Timed passes write into a scratch array of the
 * same shape, so each pass does the same memory traffic.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_registry.h"
#include "ccdb_runner.h"

typedef void (*query_fn)(void *, const double[8][3], const ccdb_params *, ccdb_result *);

typedef struct worker {
    query_fn fn;
    void *state;
    const ccdb_params *params;
    const double (*q)[8][3];
    ccdb_result *keep, *scratch;
    double *query_ns;                  /* per-query times of the warm-up pass */
    const ccdb_run_progress *progress; /* where the warm-up answers go as they come; NULL */
    atomic_ullong *done;               /* this thread's count there */
    double timer_ns;
    size_t lo, hi;
    int repeat;
    uint64_t *pass_ns;          /* repeat entries: this chunk's time per timed pass */
    pthread_barrier_t *barrier; /* NULL when single-threaded */
    struct gate *gate;          /* NULL when single-threaded */
} worker;

/* Threads wait here until all of them exist, so that a failed pthread_create can call the run
 * off instead of leaving the others stuck at the barrier. */
typedef struct gate {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    int state; /* 0: wait, 1: go, -1: call off */
} gate;

static int gate_wait(gate *g)
{
    pthread_mutex_lock(&g->mutex);
    while (g->state == 0)
        pthread_cond_wait(&g->cond, &g->mutex);
    int go = g->state > 0;
    pthread_mutex_unlock(&g->mutex);
    return go;
}

static void gate_open(gate *g, int state)
{
    pthread_mutex_lock(&g->mutex);
    g->state = state;
    pthread_cond_broadcast(&g->cond);
    pthread_mutex_unlock(&g->mutex);
}

/* The loop being measured: a direct call through the function pointer on a contiguous array,
 * results into a preallocated array. Nothing else happens per query. */
static void run_loop(query_fn fn, void *state, const ccdb_params *params, const double (*q)[8][3],
                     ccdb_result *out, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++)
        fn(state, q[i], params, &out[i]);
}

/* The warm-up pass: the same loop with the clock read around each query. */
static void run_loop_per_query(const worker *w)
{
    for (size_t i = w->lo; i < w->hi; i++) {
        uint64_t t0 = ccdb_now_ns();
        w->fn(w->state, w->q[i], w->params, &w->keep[i]);
        uint64_t t1 = ccdb_now_ns();
        double ns = (double)(t1 - t0) - w->timer_ns;
        w->query_ns[i] = ns > 0 ? ns : 0;
        if (w->progress) { /* outside the clock */
            w->progress->results[i] = w->keep[i];
            atomic_store_explicit(w->done, i + 1 - w->lo, memory_order_release);
        }
    }
}

/* Every slot of out[lo..hi) marked unset before the pass that fills it (outside the clock): a
 * solver that leaves its state unset is then a contract violation, never a miss. */
static void mark_unset(ccdb_result *out, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++)
        ccdb_result_mark_unset(&out[i]);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    if (w->gate && !gate_wait(w->gate))
        return NULL;
    mark_unset(w->keep, w->lo, w->hi);
    run_loop_per_query(w);
    for (int r = 0; r < w->repeat; r++) {
        mark_unset(w->scratch, w->lo, w->hi);
        if (w->barrier)
            pthread_barrier_wait(w->barrier);
        uint64_t t0 = ccdb_now_ns();
        run_loop(w->fn, w->state, w->params, w->q, w->scratch, w->lo, w->hi);
        w->pass_ns[r] = ccdb_now_ns() - t0;
    }
    return NULL;
}

const char *ccdb_run_status_name(ccdb_run_status s)
{
    switch (s) {
    case CCDB_RUN_OK: return "ok";
    case CCDB_RUN_CRASHED: return "crashed";
    case CCDB_RUN_TIMEOUT: return "timeout";
    }
    return "unknown";
}

void ccdb_solver_run_free(ccdb_solver_run *r)
{
    free(r->results);
    r->results = NULL;
    free(r->query_ns);
    r->query_ns = NULL;
    free(r->output);
    r->output = NULL;
    free(r->answered);
    r->answered = NULL;
    free(r->in_flight);
    r->in_flight = NULL;
    r->n_in_flight = 0;
}

ccdb_query_fn ccdb_solver_query_fn(const ccdb_solver *s, ccdb_kind kind)
{
    switch (kind) {
    case CCDB_KIND_VF: return s->vertex_face;
    case CCDB_KIND_EE: return s->edge_edge;
    /* The rigid entries exist from ABI 3 on: an older entry ends before them. */
    case CCDB_KIND_RIGID_VF: return s->abi_version >= 3 ? s->rigid_vertex_face : NULL;
    case CCDB_KIND_RIGID_EE: return s->abi_version >= 3 ? s->rigid_edge_edge : NULL;
    /* The sweep entries exist from ABI 6 on. */
    case CCDB_KIND_SWEEP_VF: return s->abi_version >= 6 ? s->sweep_vertex_face : NULL;
    case CCDB_KIND_SWEEP_EE: return s->abi_version >= 6 ? s->sweep_edge_edge : NULL;
    case CCDB_KIND_UNKNOWN: break;
    }
    return NULL;
}

size_t ccdb_runner_threads(const ccdb_run_config *cfg, size_t n)
{
    size_t threads = cfg->threads > 0 ? (size_t)cfg->threads : 1;
    return threads > n ? (n > 0 ? n : 1) : threads;
}

void ccdb_runner_chunk(size_t n, size_t threads, size_t t, size_t *lo, size_t *hi)
{
    *lo = n * t / threads; /* contiguous chunks, sizes differ by at most one */
    *hi = n * (t + 1) / threads;
}

int ccdb_runner_run(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3], size_t n,
                    const ccdb_run_config *cfg, ccdb_solver_run *out)
{
    return ccdb_runner_run_progress(s, kind, q, n, cfg, NULL, out);
}

int ccdb_runner_run_progress(const ccdb_solver *s, ccdb_kind kind, const double (*q)[8][3],
                             size_t n, const ccdb_run_config *cfg,
                             const ccdb_run_progress *progress, ccdb_solver_run *out)
{
    memset(out, 0, sizeof *out);
    out->status = CCDB_RUN_OK;
    query_fn fn = ccdb_solver_query_fn(s, kind);
    if (!fn) {
        snprintf(out->detail, sizeof out->detail, "%s queries: not supported",
                 ccdb_kind_name(kind));
        return -1;
    }
    int repeat = cfg->repeat > 0 ? cfg->repeat : 1;
    size_t threads = ccdb_runner_threads(cfg, n);

    ccdb_result *keep = calloc(n ? n : 1, sizeof *keep);
    ccdb_result *scratch = calloc(n ? n : 1, sizeof *scratch);
    double *query_ns = calloc(n ? n : 1, sizeof *query_ns);
    worker *w = calloc(threads, sizeof *w);
    uint64_t *pass_ns = calloc(threads * (size_t)repeat, sizeof *pass_ns);
    double *per_query = calloc((size_t)repeat, sizeof *per_query);
    pthread_t *tid = calloc(threads, sizeof *tid);
    if (!keep || !scratch || !query_ns || !w || !pass_ns || !per_query || !tid) {
        snprintf(out->detail, sizeof out->detail, "out of memory");
        goto fail;
    }

    /* One state per thread, created before any timing. */
    size_t created = 0;
    for (size_t t = 0; t < threads; t++, created++) {
        w[t].fn = fn;
        w[t].state = s->create ? s->create(&cfg->params) : NULL;
        w[t].params = &cfg->params;
        w[t].q = q;
        w[t].keep = keep;
        w[t].scratch = scratch;
        w[t].query_ns = query_ns;
        w[t].timer_ns = cfg->timer_ns > 0 ? cfg->timer_ns : 0;
        ccdb_runner_chunk(n, threads, t, &w[t].lo, &w[t].hi);
        w[t].progress = progress;
        w[t].done = progress ? &progress->done[t] : NULL;
        w[t].repeat = repeat;
        w[t].pass_ns = pass_ns + t * (size_t)repeat;
    }

    int rc = 0;
    if (threads == 1) {
        worker_main(&w[0]);
    } else {
        pthread_barrier_t barrier;
        gate g = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
        if (pthread_barrier_init(&barrier, NULL, (unsigned)threads) != 0) {
            snprintf(out->detail, sizeof out->detail, "pthread_barrier_init failed");
            rc = -1;
        } else {
            size_t started = 0;
            for (size_t t = 0; t < threads; t++) {
                w[t].barrier = &barrier;
                w[t].gate = &g;
            }
            for (; started < threads; started++)
                if (pthread_create(&tid[started], NULL, worker_main, &w[started]) != 0)
                    break;
            if (started < threads) {
                snprintf(out->detail, sizeof out->detail,
                         "cannot start %zu threads (pthread_create failed)", threads);
                rc = -1;
            }
            gate_open(&g, rc == 0 ? 1 : -1);
            for (size_t t = 0; t < started; t++)
                pthread_join(tid[t], NULL);
            pthread_barrier_destroy(&barrier);
        }
    }
    for (size_t t = 0; t < created; t++)
        if (s->destroy)
            s->destroy(w[t].state);
    if (rc != 0)
        goto fail;

    for (int r = 0; r < repeat; r++) {
        uint64_t longest = 0;
        for (size_t t = 0; t < threads; t++)
            if (w[t].pass_ns[r] > longest)
                longest = w[t].pass_ns[r];
        per_query[r] = n ? (double)longest / (double)n : 0.0;
    }
    ccdb_stats_median(per_query, (size_t)repeat, &out->ns_median, &out->ns_min, &out->ns_max);
    out->results = keep;
    out->query_ns = query_ns;
    free(scratch);
    free(w);
    free(pass_ns);
    free(per_query);
    free(tid);
    return 0;

fail:
    free(keep);
    free(scratch);
    free(query_ns);
    free(w);
    free(pass_ns);
    free(per_query);
    free(tid);
    out->results = NULL;
    return -1;
}
