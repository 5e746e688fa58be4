/* truth_bench.c — measures the ground truth on CSV files of either public format:
 *   ccdb_truth_bench [--exact] [--check] [--repeat R] [--hits] [--cpu] FILE.csv...
 * kind from the path (vertex-face / edge-edge folders, or a 2023 `<step><vf|ee>.csv` stem).
 * Prints agreement with the labels of 7-column files (6-column files carry none: not checked),
 * stage counts and the mean time per query of each repetition (whole-loop timing; --cpu: the
 * process's CPU time instead of the wall clock, steadier on a shared machine). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "ccdb_truth.h"
#include "ccdb_dataset.h" /* the product's strict CSV reader (this program, not the library) */

typedef struct {
    ccdb_dataset ds;
    int ee;
    const char *path;
} file_t;

static int use_cpu_clock;

static double now(void)
{
    struct timespec ts;
    clock_gettime(use_cpu_clock ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int exact = 0, check = 0, repeat = 1, hits_only = 0, verbose = 0;
    file_t *files = calloc((size_t)argc, sizeof *files);
    int nf = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--exact"))
            exact = 1;
        else if (!strcmp(argv[i], "--check"))
            check = 1;
        else if (!strcmp(argv[i], "--hits"))
            hits_only = 1;
        else if (!strcmp(argv[i], "--cpu"))
            use_cpu_clock = 1;
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else {
            file_t *f = &files[nf];
            f->path = argv[i];
            ccdb_kind kind = ccdb_kind_from_path(argv[i]);
            if (kind == CCDB_KIND_UNKNOWN) {
                fprintf(stderr, "%s: kind not given by the path\n", argv[i]);
                return 2;
            }
            f->ee = kind == CCDB_KIND_EE;
            ccdb_csv_options opt = { .columns = CCDB_CSV_COLUMNS_ANY };
            ccdb_csv_error err;
            if (ccdb_csv_read(argv[i], kind, &opt, &f->ds, &err)) {
                fprintf(stderr, "%s\n", err.message);
                return 2;
            }
            nf++;
        }
    }
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_filters(t, !exact);
    ccdb_truth_set_checking(t, check);
    long total = 0, labelled = 0, disagree = 0, hits = 0;
    unsigned long cls[CCDB_CLASS_COUNT] = { 0 };
    double cls_time[CCDB_CLASS_COUNT] = { 0 }, hit_time = 0;
    double *per = calloc((size_t)repeat, sizeof *per);
    for (int r = 0; r < repeat; r++) {
        ccdb_truth_reset_stats(t);
        long count = 0;
        double t0 = now();
        for (int i = 0; i < nf; i++)
            for (long j = 0; j < (long)files[i].ds.count; j++) {
                const unsigned char *label = files[i].ds.label;
                if (hits_only && !(label && label[j]))
                    continue;
                ccdb_truth_result res;
                double tq = verbose ? now() : 0;
                if (files[i].ee)
                    ccdb_truth_ee(t, (const double(*)[3])files[i].ds.q[j], &res);
                else
                    ccdb_truth_vf(t, (const double(*)[3])files[i].ds.q[j], &res);
                count++;
                if (verbose) {
                    tq = now() - tq;
                    cls_time[res.cls] += tq;
                    if (res.hit)
                        hit_time += tq;
                }
                if (r == 0) {
                    total++;
                    hits += res.hit;
                    cls[res.cls]++;
                    labelled += label != NULL;
                    if (label && res.hit != label[j]) {
                        disagree++;
                        if (verbose)
                            printf("disagree %s %ld label=%d hit=%d toi=[%.17g,%.17g] class=%s\n",
                                   files[i].path, j, label[j], res.hit, res.toi_lo, res.toi_hi,
                                   ccdb_truth_class_name(res.cls));
                    }
                }
            }
        double dt = now() - t0;
        per[r] = 1e6 * dt / (double)count;
        if (repeat <= 10)
            printf("run %d: %ld queries, %.3f us/query\n", r, count, per[r]);
    }
    for (int i = 1; i < repeat; i++) /* insertion sort for the median */
        for (int j = i; j > 0 && per[j - 1] > per[j]; j--) {
            double x = per[j];
            per[j] = per[j - 1];
            per[j - 1] = x;
        }
    printf("us/query over %d runs: median %.3f min %.3f max %.3f\n", repeat, per[repeat / 2],
           per[0], per[repeat - 1]);
    free(per);
    const ccdb_truth_stats *s = ccdb_truth_get_stats(t);
    printf("queries %ld hits %ld; labelled %ld, disagreements %ld; stages", total, hits, labelled,
           disagree);
    for (int st = 0; st < CCDB_STAGE_COUNT; st++)
        printf(" %s %llu", ccdb_truth_stage_name((ccdb_truth_stage)st), s->decided[st]);
    printf("\n");
    for (int c = 0; c < CCDB_CLASS_COUNT; c++) {
        printf("  %-22s %lu", ccdb_truth_class_name((ccdb_truth_class)c), cls[c]);
        if (verbose)
            printf(" queries, mean us %.2f",
                   cls[c] ? 1e6 * cls_time[c] / (double)cls[c] / repeat : 0.0);
        printf("\n");
    }
    if (verbose)
        printf("hits: mean us %.2f\n", hits ? 1e6 * hit_time / (double)hits / repeat : 0.0);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("max RSS %ld KiB\n", ru.ru_maxrss);
    ccdb_truth_free(t);
    for (int i = 0; i < nf; i++) {
        ccdb_dataset_free(&files[i].ds);
    }
    free(files);
    return 0;
}
