/* bench_filter.c — how many sample queries each filter stage decides, and its cost.
 *
 * Usage: bench_filter [SAMPLE_ROOT] [--repeats N]
 * SAMPLE_ROOT defaults to CCDB_SHARED_DIR/datasets/sample-queries. Prints per-kind shares decided
 * by the box stage, by the floating-point stage, and passed on; ns/query of each stage (whole-loop
 * timing, N repeats, median/min/max); and why the undecided label-0 queries stay undecided (exact
 * GMP classification of the coplanarity cubic). Exit 1 if a filter rejects a published hit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exact_ref.h"
#include "filter.h"
#include "sample_io.h"

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static ccdb_filter_verdict box(const sample_set *s, size_t i)
{
    return s->is_ee[i] ? ccdb_filter_box_ee((const double(*)[3])s->q[i])
                       : ccdb_filter_box_vf((const double(*)[3])s->q[i]);
}

static ccdb_filter_verdict fp(const sample_set *s, size_t i)
{
    return s->is_ee[i] ? ccdb_filter_fp_ee((const double(*)[3])s->q[i])
                       : ccdb_filter_fp_vf((const double(*)[3])s->q[i]);
}

enum { T_BOX, T_FP, T_BOTH, T_N };

int main(int argc, char **argv)
{
    const char *root = CCDB_SHARED_DIR "/datasets/sample-queries";
    int repeats = 5;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--repeats") == 0 && i + 1 < argc)
            repeats = atoi(argv[++i]);
        else if (argv[i][0] != '-')
            root = argv[i];
        else {
            fprintf(stderr, "usage: %s [SAMPLE_ROOT] [--repeats N]\n", argv[0]);
            return 2;
        }
    }
    if (repeats < 1 || repeats > 1000) {
        fprintf(stderr, "--repeats must be in 1..1000\n");
        return 2;
    }
    sample_set s;
    if (sample_load(root, &s) != 0)
        return 2;

    /* [kind][label][stage 0 box, 1 fp, 2 passed] */
    size_t cnt[2][2][3] = {{{0}}};
    size_t why[2][3] = {{0}}; /* undecided label 0: [kind][exact cubic kind] */
    int unsound = 0;
    unsigned char *undecided_by_box = calloc(s.count, 1);
    size_t n_after_box = 0;
    for (size_t i = 0; i < s.count; ++i) {
        const int k = s.is_ee[i], l = s.label[i];
        int stage;
        if (box(&s, i) == CCDB_FILTER_MISS)
            stage = 0;
        else {
            undecided_by_box[i] = 1;
            ++n_after_box;
            stage = fp(&s, i) == CCDB_FILTER_MISS ? 1 : 2;
        }
        cnt[k][l][stage]++;
        if (stage < 2 && l == 1) {
            fprintf(stderr, "UNSOUND: query %zu (%s) has label 1 but stage %d says MISS\n", i,
                    k ? "ee" : "vf", stage);
            unsound = 1;
        }
        if (stage == 2 && l == 0)
            why[k][exact_cubic_roots01((const double(*)[3])s.q[i], k)]++;
    }

    /* timing: whole loops, repeated */
    double *t[T_N];
    for (int m = 0; m < T_N; ++m)
        t[m] = malloc(sizeof(double) * (size_t)repeats);
    volatile unsigned sink = 0;
    for (int r = 0; r < repeats; ++r) {
        unsigned acc = 0;
        double t0 = now_ns();
        for (size_t i = 0; i < s.count; ++i)
            acc += box(&s, i);
        double t1 = now_ns();
        t[T_BOX][r] = (t1 - t0) / (double)s.count;
        t0 = now_ns();
        for (size_t i = 0; i < s.count; ++i)
            if (undecided_by_box[i])
                acc += fp(&s, i);
        t1 = now_ns();
        t[T_FP][r] = n_after_box ? (t1 - t0) / (double)n_after_box : 0.0;
        t0 = now_ns();
        for (size_t i = 0; i < s.count; ++i)
            acc += box(&s, i) == CCDB_FILTER_MISS ? 1u : fp(&s, i);
        t1 = now_ns();
        t[T_BOTH][r] = (t1 - t0) / (double)s.count;
        sink += acc;
    }
    (void)sink;

    printf("sample queries: %zu from %s\n", s.count, root);
    static const char *const kn[2] = {"vf", "ee"};
    printf("%-4s %-6s %7s %9s %9s %9s\n", "kind", "label", "total", "box", "fp", "passed");
    size_t tot[3] = {0}, all = 0;
    for (int k = 0; k < 2; ++k)
        for (int l = 0; l < 2; ++l) {
            const size_t n = cnt[k][l][0] + cnt[k][l][1] + cnt[k][l][2];
            printf("%-4s %-6d %7zu %9zu %9zu %9zu\n", kn[k], l, n, cnt[k][l][0], cnt[k][l][1],
                   cnt[k][l][2]);
            for (int st = 0; st < 3; ++st)
                tot[st] += cnt[k][l][st];
            all += n;
        }
    printf("all         %7zu %8.1f%% %8.1f%% %8.1f%%\n", all, 100.0 * (double)tot[0] / (double)all,
           100.0 * (double)tot[1] / (double)all, 100.0 * (double)tot[2] / (double)all);
    for (int k = 0; k < 2; ++k)
        printf("undecided label-0 %s: %zu (exact cubic: %zu identically zero, %zu with a root in "
               "[0,1], %zu without root)\n",
               kn[k], why[k][0] + why[k][1] + why[k][2], why[k][EXACT_CUBIC_ZERO],
               why[k][EXACT_CUBIC_ROOT], why[k][EXACT_CUBIC_NO_ROOT]);
    static const char *const tn[T_N] = {"box (all queries)", "fp (box-undecided queries)",
                                        "box+fp pipeline (all queries)"};
    printf("ns/query over %d repeats (median [min, max]):\n", repeats);
    for (int m = 0; m < T_N; ++m) {
        qsort(t[m], (size_t)repeats, sizeof(double), cmp_d);
        printf("  %-32s %8.1f [%.1f, %.1f]\n", tn[m], t[m][repeats / 2], t[m][0],
               t[m][repeats - 1]);
        free(t[m]);
    }
    free(undecided_by_box);
    sample_free(&s);
    if (unsound)
        fprintf(stderr, "a filter rejected a published hit\n");
    return unsound;
}
