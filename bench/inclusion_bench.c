/* inclusion_bench.c — benchmark of built-in solvers over the public sample queries (not a test).
 *
 *   build/bench/ccdb_inclusion_bench [--dir DIR] [--repeat R]
 *       [--slow N] [--delta X] [--max-iter N] SOLVER...
 *
 * DIR defaults to ../shared/datasets/sample-queries next to the source tree; every
 * DIR/<scene>/{vertex-face,edge-edge}/FILE.csv is read (a private strict parser: GMP rationals,
 * each value must be exactly a double). For each solver: the whole query loop is timed R times
 * (default 5; mean ns/query: median with min and max over the repeats), each query is also timed
 * on its own in every repeat (per-query median over the repeats, then the median and max over
 * the queries), and the answers of the last repeat are tallied against the published labels
 * (GAVE_UP counts as a hit, FAILED separately). The exact ground truth (ccdb_truth) is computed
 * once per query, untimed: the answers are also tallied against it, and for true positives the
 * reported TOI is compared with the exact TOI bracket [toi_lo, toi_hi] (a TOI above toi_hi is
 * a conservativeness violation; the largest toi_lo - toi is the largest TOI error).
 * --slow N lists the N slowest queries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ccdb_input.h"
#include "ccdb_registry.h"
#include "ccdb_solver.h"
#include "ccdb_truth.h"

typedef struct bq {
    double q[8][3];
    int ee, label;
    ccdb_truth_result truth;
    char file[2048];
    int index;
} bq;

static bq *g_q;
static size_t g_n, g_cap;

/* Every CSV under dir, read with the product's folder walk and strict reader (kind from the
 * vertex-face / edge-edge folder); any error is fatal, with the reader's FILE:LINE message. */
static void read_dir(const char *dir)
{
    char err[1024];
    char **files = NULL;
    size_t nfiles = 0;
    if (ccdb_inputs_expand(dir, &files, &nfiles, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(2);
    }
    for (size_t i = 0; i < nfiles; i++) {
        ccdb_input in;
        if (ccdb_input_read(files[i], CCDB_KIND_UNKNOWN, 0, &in, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            exit(2);
        }
        for (size_t k = 0; k < in.ds.count; k++) {
            if (g_n == g_cap) {
                g_cap = g_cap ? 2 * g_cap : 1024;
                g_q = realloc(g_q, g_cap * sizeof *g_q);
                if (!g_q) {
                    fprintf(stderr, "out of memory\n");
                    exit(2);
                }
            }
            bq *cur = &g_q[g_n++];
            memset(cur, 0, sizeof *cur);
            memcpy(cur->q, in.ds.q[k], sizeof cur->q);
            cur->ee = in.ds.kind == CCDB_KIND_EE;
            cur->label = in.ds.label[k];
            snprintf(cur->file, sizeof cur->file, "%s", files[i]);
            cur->index = (int)k;
        }
        ccdb_input_free(&in);
        free(files[i]);
    }
    free(files);
}

static void run_one(const ccdb_solver *sol, void *st, const bq *b, const ccdb_params *params,
                    ccdb_result *res)
{
    (b->ee ? sol->edge_edge : sol->vertex_face)(st, (const double(*)[3])b->q, params, res);
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int main(int argc, char **argv)
{
    const char *dir = CCDB_SOURCE_DIR "/../shared/datasets/sample-queries";
    int repeat = 5, slow = 0;
    ccdb_params params = ccdb_params_default();
    const char *names[16];
    int nn = 0;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--dir") && i + 1 < argc)
            dir = argv[++i];
        else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--slow") && i + 1 < argc)
            slow = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--delta") && i + 1 < argc)
            params.delta = atof(argv[++i]);
        else if (!strcmp(argv[i], "--max-iter") && i + 1 < argc)
            params.max_iterations = atol(argv[++i]);
        else if (argv[i][0] != '-' && nn < 16)
            names[nn++] = argv[i];
        else {
            fprintf(stderr,
                    "usage: %s [--dir DIR] [--repeat R] [--slow N] [--delta X] "
                    "[--max-iter N] SOLVER...\n",
                    argv[0]);
            return 2;
        }
    }
    if (repeat < 1 || nn == 0) {
        fprintf(stderr, "need at least one solver and --repeat >= 1\n");
        return 2;
    }
    read_dir(dir);
    size_t pos = 0;
    for (size_t k = 0; k < g_n; ++k)
        pos += (size_t)g_q[k].label;
    ccdb_truth *tctx = ccdb_truth_new();
    size_t exact_pos = 0;
    for (size_t k = 0; k < g_n; ++k) {
        const double(*qq)[3] = (const double(*)[3])g_q[k].q;
        if (g_q[k].ee)
            ccdb_truth_ee(tctx, qq, &g_q[k].truth);
        else
            ccdb_truth_vf(tctx, qq, &g_q[k].truth);
        exact_pos += (size_t)g_q[k].truth.hit;
    }
    ccdb_truth_free(tctx);
    printf("exact ground truth: %zu positives\n", exact_pos);
    printf("%zu queries, %zu positives (published labels), %s, repeat %d, delta %g, max_iter %ld\n",
           g_n, pos, dir, repeat, params.delta, params.max_iterations);

    size_t nb;
    const ccdb_solver *const *table = ccdb_registry_builtin(&nb);
    for (int s = 0; s < nn; ++s) {
        const ccdb_solver *sol = NULL;
        for (size_t k = 0; k < nb; ++k)
            if (!strcmp(table[k]->name, names[s]))
                sol = table[k];
        if (!sol) {
            fprintf(stderr, "unknown solver %s\n", names[s]);
            return 2;
        }
        void *st = sol->create ? sol->create(&params) : NULL;
        ccdb_result *res = calloc(g_n, sizeof *res);
        double *per = calloc(g_n * (size_t)repeat, sizeof *per);
        double loops[64];
        /* Warm-up pass, then `repeat` whole-loop timings, then `repeat` per-query timings. */
        for (size_t k = 0; k < g_n; ++k)
            run_one(sol, st, &g_q[k], &params, &res[k]);
        for (int r = 0; r < repeat && r < 64; ++r) {
            double t0 = now_ns();
            for (size_t k = 0; k < g_n; ++k)
                run_one(sol, st, &g_q[k], &params, &res[k]);
            loops[r] = (now_ns() - t0) / (double)g_n;
        }
        for (int r = 0; r < repeat; ++r)
            for (size_t k = 0; k < g_n; ++k) {
                double t0 = now_ns();
                run_one(sol, st, &g_q[k], &params, &res[k]);
                per[k * (size_t)repeat + (size_t)r] = now_ns() - t0;
            }
        double *qmed = calloc(g_n, sizeof *qmed);
        for (size_t k = 0; k < g_n; ++k)
            qmed[k] = median(per + k * (size_t)repeat, (size_t)repeat);
        size_t tp = 0, fp = 0, fn = 0, tn = 0, gave = 0, failed = 0;
        long long work = 0;
        for (size_t k = 0; k < g_n; ++k) {
            int hit = res[k].state == CCDB_HIT || res[k].state == CCDB_GAVE_UP;
            gave += res[k].state == CCDB_GAVE_UP;
            failed += res[k].state == CCDB_FAILED;
            work += res[k].work;
            if (res[k].state == CCDB_FAILED)
                continue;
            if (hit)
                g_q[k].label ? ++tp : ++fp;
            else
                g_q[k].label ? ++fn : ++tn;
        }
        size_t efp = 0, efn = 0, viol = 0;
        double maxerr = 0, sumerr = 0;
        size_t ntp = 0;
        for (size_t k = 0; k < g_n; ++k) {
            if (res[k].state == CCDB_FAILED)
                continue;
            int hit = res[k].state == CCDB_HIT || res[k].state == CCDB_GAVE_UP;
            const ccdb_truth_result *T = &g_q[k].truth;
            efp += hit && !T->hit;
            efn += !hit && T->hit;
            if (hit && T->hit) {
                ++ntp;
                viol += res[k].toi > T->toi_hi;
                double e = T->toi_lo - res[k].toi;
                sumerr += e;
                maxerr = e > maxerr ? e : maxerr;
            }
        }
        double *sorted = malloc(g_n * sizeof *sorted);
        memcpy(sorted, qmed, g_n * sizeof *sorted);
        double qmedian = median(sorted, g_n), qmax = sorted[g_n - 1];
        double lmin = loops[0], lmax = loops[0];
        for (int r = 0; r < repeat && r < 64; ++r) {
            lmin = loops[r] < lmin ? loops[r] : lmin;
            lmax = loops[r] > lmax ? loops[r] : lmax;
        }
        double lmed = median(loops, (size_t)(repeat < 64 ? repeat : 64));
        printf("%-20s TP %zu FP %zu FN %zu TN %zu gave_up %zu failed %zu | per-query median "
               "%.0f ns (max %.0f ns) | whole-loop mean %.0f ns/query (min %.0f, max %.0f) | "
               "work %lld\n",
               sol->name, tp, fp, fn, tn, gave, failed, qmedian, qmax, lmed, lmin, lmax, work);
        printf("    vs exact truth: FP %zu FN %zu | TOI later than exact: %zu | TOI error "
               "(exact - reported) max %.3g mean %.3g over %zu true positives\n",
               efp, efn, viol, maxerr, ntp ? sumerr / (double)ntp : 0.0, ntp);
        {
            double *wk = malloc(g_n * sizeof *wk);
            size_t zero = 0;
            for (size_t k = 0; k < g_n; ++k) {
                wk[k] = (double)res[k].work;
                zero += res[k].work == 0;
            }
            qsort(wk, g_n, sizeof *wk, cmp_d);
            printf("    work per query: %zu with 0 (exact box test), median %.0f, p90 %.0f, "
                   "p99 %.0f, max %.0f\n",
                   zero, wk[g_n / 2], wk[g_n * 9 / 10], wk[g_n * 99 / 100], wk[g_n - 1]);
            free(wk);
        }
        for (int w = 0; w < slow && (size_t)w < g_n; ++w) {
            size_t best = 0;
            for (size_t k = 1; k < g_n; ++k)
                if (qmed[k] > qmed[best])
                    best = k;
            printf("    slow: %.0f ns  %s #%d label %d state %d toi %.17g work %lld\n", qmed[best],
                   g_q[best].file, g_q[best].index, g_q[best].label, (int)res[best].state,
                   res[best].toi, res[best].work);
            qmed[best] = -1;
        }
        for (size_t k = 0; k < g_n; ++k)
            if (res[k].state != CCDB_FAILED && g_q[k].label &&
                !(res[k].state == CCDB_HIT || res[k].state == CCDB_GAVE_UP))
                printf("    FN: %s #%d\n", g_q[k].file, g_q[k].index);
        free(sorted);
        free(qmed);
        free(per);
        free(res);
        if (sol->destroy)
            sol->destroy(st);
    }
    free(g_q);
    return 0;
}
