/* truth_compute.c — the exact truth of a whole dataset (one ccdb_truth context per thread,
 * contiguous chunks), and the cache-or-compute step used by `run` (which also checks a generated
 * dataset's intent). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "ccdb_gen_check.h"
#include "ccdb_input.h"
#include "ccdb_truth_cache.h"
#include "ccdb_util.h"

typedef struct chunk {
    const ccdb_dataset *ds;
    double d;
    ccdb_truth_result *out;
    size_t lo, hi;
    int failed;
} chunk;

int ccdb_truth_judges_sep(ccdb_kind kind)
{
    return kind == CCDB_KIND_VF || kind == CCDB_KIND_EE || kind == CCDB_KIND_RIGID_VF ||
           kind == CCDB_KIND_RIGID_EE;
}

int ccdb_truth_of(ccdb_truth *ctx, ccdb_kind kind, const double q[8][3], double d,
                  ccdb_truth_result *out)
{
    if (d != 0 && !ccdb_truth_judges_sep(kind))
        return -1;
    switch (kind) {
    case CCDB_KIND_VF: ccdb_truth_vf_sep(ctx, q, d, out); return 0;
    case CCDB_KIND_EE: ccdb_truth_ee_sep(ctx, q, d, out); return 0;
    case CCDB_KIND_RIGID_VF: ccdb_truth_rigid_vf_sep(ctx, q, d, out); return 0;
    case CCDB_KIND_RIGID_EE: ccdb_truth_rigid_ee_sep(ctx, q, d, out); return 0;
    case CCDB_KIND_SWEEP_VF: ccdb_truth_sweep_vf(ctx, q, out); return 0;
    case CCDB_KIND_SWEEP_EE: ccdb_truth_sweep_ee(ctx, q, out); return 0;
    case CCDB_KIND_UNKNOWN: break;
    }
    return -1;
}

static void *truth_chunk(void *arg)
{
    chunk *c = arg;
    ccdb_truth *ctx = ccdb_truth_new();
    if (!ctx) {
        c->failed = 1;
        return NULL;
    }
    for (size_t i = c->lo; i < c->hi && !c->failed; i++)
        if (ccdb_truth_of(ctx, c->ds->kind, (const double(*)[3])c->ds->q[i], c->d, &c->out[i]) != 0)
            c->failed = 1;
    ccdb_truth_free(ctx);
    return NULL;
}

int ccdb_truth_compute(const ccdb_dataset *ds, int threads, ccdb_truth_result *out)
{
    return ccdb_truth_compute_sep(ds, threads, 0.0, out);
}

int ccdb_truth_compute_sep(const ccdb_dataset *ds, int threads, double d, ccdb_truth_result *out)
{
    size_t n = ds->count, t = threads > 1 ? (size_t)threads : 1;
    if (t > n)
        t = n ? n : 1;
    chunk *c = calloc(t, sizeof *c);
    pthread_t *tid = calloc(t, sizeof *tid);
    if (!c || !tid) {
        free(c);
        free(tid);
        return -1;
    }
    for (size_t k = 0; k < t; k++)
        c[k] = (chunk){ ds, d, out, n * k / t, n * (k + 1) / t, 0 };
    size_t started = 1;
    for (; started < t; started++)
        if (pthread_create(&tid[started], NULL, truth_chunk, &c[started]) != 0)
            break;
    truth_chunk(&c[0]);
    /* Chunks whose thread could not start run here, in this thread. */
    for (size_t k = started; k < t; k++)
        truth_chunk(&c[k]);
    for (size_t k = 1; k < started; k++)
        pthread_join(tid[k], NULL);
    int failed = 0;
    for (size_t k = 0; k < t; k++)
        failed |= c[k].failed;
    free(c);
    free(tid);
    return failed ? -1 : 0;
}

/* The truth of in at separation d into *dst (allocated here), from the cache or computed. */
static int truth_into(ccdb_input *in, const char *dir, int round_inputs, int threads, double d,
                      ccdb_truth_result **dst, int *cached, char *err, size_t errlen)
{
    size_t n = in->ds.count;
    if (d != 0 && !ccdb_truth_judges_sep(in->ds.kind)) /* a harness bug: ccdb_bench_band */
        return ccdb_errorf(err, errlen, "%s: no exact judge at min-sep %g for %s queries",
                           ccdb_input_label(in), d, ccdb_kind_name(in->ds.kind));
    free(*dst);
    *dst = calloc(n ? n : 1, sizeof **dst);
    *cached = 0;
    if (!*dst)
        return ccdb_errorf(err, errlen, "%s: out of memory", ccdb_input_label(in));
    unsigned char key[32];
    char why[4400];
    if (dir) {
        ccdb_truth_cache_key_sep(&in->ds, round_inputs, d, key);
        int rc = ccdb_truth_cache_load(dir, key, n, *dst, why, sizeof why);
        if (rc == 1)
            *cached = 1;
        else if (rc < 0)
            fprintf(stderr, "ccdbench: truth cache entry rejected (%s); rebuilding\n", why);
    }
    if (!*cached) {
        if (ccdb_truth_compute_sep(&in->ds, threads, d, *dst) != 0)
            return ccdb_errorf(err, errlen,
                               "%s: cannot compute the exact truth of %s queries "
                               "(out of memory, or no judge for the kind)",
                               ccdb_input_label(in), ccdb_kind_name(in->ds.kind));
        if (dir && ccdb_truth_cache_store(dir, key, n, *dst, why, sizeof why) != 0)
            fprintf(stderr, "ccdbench: warning: cannot write the truth cache (%s)\n", why);
    }
    return 0;
}

int ccdb_truth_for_input(ccdb_input *in, const char *dir, int round_inputs, int threads, char *err,
                         size_t errlen)
{
    if (truth_into(in, dir, round_inputs, threads, 0.0, &in->truth, &in->truth_cached, err,
                   errlen) != 0)
        return -1;
    return in->intent ? ccdb_gen_check(&in->ds, in->intent, in->truth, err, errlen) : 0;
}

int ccdb_truth_sep_for_input(ccdb_input *in, const char *dir, int round_inputs, int threads,
                             double d, char *err, size_t errlen)
{
    if (ccdb_input_truth_at(in, d))
        return 0;
    if (in->n_sep == CCDB_INPUT_SEPS)
        return ccdb_errorf(err, errlen,
                           "%s: judged at more than %d different separations in one run",
                           ccdb_input_label(in), CCDB_INPUT_SEPS);
    ccdb_sep_truth *st = &in->sep[in->n_sep];
    st->d = d;
    if (truth_into(in, dir, round_inputs, threads, d, &st->truth, &st->cached, err, errlen) != 0) {
        free(st->truth);
        *st = (ccdb_sep_truth){ 0 };
        return -1;
    }
    in->n_sep++;
    return 0;
}
