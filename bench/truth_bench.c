/* truth_bench.c — measures the ground truth on CSV files of either public format:
 *   ccdb_truth_bench [--exact] [--check] [--repeat R] [--hits] [--cpu] [--per-file]
 *                    [--min-sep D]... FILE.csv...
 * Rigid files (rigid-vertex-face / rigid-edge-edge folders) are judged by the rigid judge (at
 * every separation too), sweep files (sweep-vertex-face / sweep-edge-edge) by the sweep judge
 * (at separation 0 only). --per-file: also the median time per query of each file (each file's loop
 * timed on its own in every repetition: linear and rigid data compared in one run).
 * With --min-sep (repeatable; 0 allowed) each repetition times one whole loop per separation, in
 * turn, and the medians are compared with the first separation's (ratios from the same run).
 * kind from the path (vertex-face / edge-edge folders, or a 2023 `<step><vf|ee>.csv` stem).
 * Prints agreement with the labels of 7-column files (6-column files carry none: not checked),
 * stage counts and the mean time per query of each repetition (whole-loop timing; --cpu: the
 * process's CPU time instead of the wall clock, steadier on a shared machine). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "ccdb_truth.h"
#include "ccdb_dataset.h" /* the product's strict CSV reader (this program, not the library) */

typedef struct {
    ccdb_dataset ds;
    int ee, rigid, sweep;
    ccdb_kind kind;
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
    int exact = 0, check = 0, repeat = 1, hits_only = 0, verbose = 0, per_file = 0;
    file_t *files = calloc((size_t)argc, sizeof *files);
    int nf = 0, nsep = 0;
    double sep[16];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--exact"))
            exact = 1;
        else if (!strcmp(argv[i], "--check"))
            check = 1;
        else if (!strcmp(argv[i], "--hits"))
            hits_only = 1;
        else if (!strcmp(argv[i], "--cpu"))
            use_cpu_clock = 1;
        else if (!strcmp(argv[i], "--per-file"))
            per_file = 1;
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-sep") && i + 1 < argc && nsep < 16) {
            sep[nsep] = strtod(argv[++i], NULL);
            if (!(sep[nsep] >= 0) || !isfinite(sep[nsep])) {
                fprintf(stderr, "--min-sep needs a number >= 0\n");
                return 2;
            }
            nsep++;
        } else {
            file_t *f = &files[nf];
            f->path = argv[i];
            ccdb_kind kind = ccdb_kind_from_path(argv[i]);
            if (kind == CCDB_KIND_UNKNOWN) {
                fprintf(stderr, "%s: kind not given by the path\n", argv[i]);
                return 2;
            }
            f->ee = ccdb_kind_is_edge_edge(kind);
            f->rigid = ccdb_kind_is_rigid(kind) || ccdb_kind_is_sweep(kind); /* separation 0 */
            f->sweep = ccdb_kind_is_sweep(kind);
            f->kind = kind;
            ccdb_csv_options opt = { .columns = CCDB_CSV_COLUMNS_ANY };
            ccdb_csv_error err;
            if (ccdb_csv_read(argv[i], kind, &opt, &f->ds, &err)) {
                fprintf(stderr, "%s\n", err.message);
                return 2;
            }
            nf++;
        }
    }
    if (nsep == 0)
        sep[nsep++] = 0.0;
    if (repeat < 1)
        repeat = 1;
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_filters(t, !exact);
    ccdb_truth_set_checking(t, check);
    long total = 0, labelled = 0, disagree = 0, hits = 0;
    unsigned long cls[CCDB_CLASS_COUNT] = { 0 };
    double cls_time[CCDB_CLASS_COUNT] = { 0 }, hit_time = 0;
    double *per_sep = calloc((size_t)repeat * (size_t)nsep, sizeof *per_sep);
    double *pf = calloc((size_t)repeat * (size_t)(nf ? nf : 1), sizeof *pf); /* [file][rep] */
    long sep_hits[16] = { 0 };
    ccdb_truth_stats sep_stats[16];
    double *per = NULL;
    for (int r = 0; r < repeat; r++)
        for (int si = 0; si < nsep; si++) {
            const double d = sep[si];
            per = per_sep + (size_t)si * (size_t)repeat;
            ccdb_truth_reset_stats(t);
            long count = 0;
            double t0 = now();
            for (int i = 0; i < nf; i++) {
                const double tf = now();
                long fcount = 0;
                for (long j = 0; j < (long)files[i].ds.count; j++) {
                    const unsigned char *label = files[i].ds.label;
                    if (hits_only && !(label && label[j]))
                        continue;
                    ccdb_truth_result res;
                    double tq = verbose ? now() : 0;
                    const double(*qq)[3] = (const double(*)[3])files[i].ds.q[j];
                    if (files[i].sweep)
                        (files[i].ee ? ccdb_truth_sweep_ee : ccdb_truth_sweep_vf)(t, qq, &res);
                    else if (files[i].rigid && files[i].ee)
                        ccdb_truth_rigid_ee_sep(t, qq, d, &res);
                    else if (files[i].rigid)
                        ccdb_truth_rigid_vf_sep(t, qq, d, &res);
                    else if (files[i].ee)
                        ccdb_truth_ee_sep(t, qq, d, &res);
                    else
                        ccdb_truth_vf_sep(t, qq, d, &res);
                    count++;
                    fcount++;
                    if (r == 0)
                        sep_hits[si] += res.hit;
                    if (si > 0)
                        continue;
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
                                printf(
                                    "disagree %s %ld label=%d hit=%d toi=[%.17g,%.17g] class=%s\n",
                                    files[i].path, j, label[j], res.hit, res.toi_lo, res.toi_hi,
                                    ccdb_truth_class_name(res.cls));
                        }
                    }
                }
                if (si == 0 && fcount)
                    pf[(size_t)i * (size_t)repeat + (size_t)r] =
                        1e6 * (now() - tf) / (double)fcount;
            }
            double dt = now() - t0;
            per[r] = 1e6 * dt / (double)count;
            sep_stats[si] = *ccdb_truth_get_stats(t);
            if (repeat <= 10)
                printf("run %d, min-sep %g: %ld queries, %.3f us/query\n", r, d, count, per[r]);
        }
    for (int si = 0; si < nsep; si++) { /* the separations after the first, then the first */
        if (si == 0 && nsep == 1)
            break;
        double *ps = per_sep + (size_t)si * (size_t)repeat;
        for (int i = 1; i < repeat; i++)
            for (int j = i; j > 0 && ps[j - 1] > ps[j]; j--) {
                double x = ps[j];
                ps[j] = ps[j - 1];
                ps[j - 1] = x;
            }
    }
    if (nsep > 1) {
        const double base = per_sep[repeat / 2];
        for (int si = 0; si < nsep; si++) {
            const double *ps = per_sep + (size_t)si * (size_t)repeat;
            printf("min-sep %-10g hits %-6ld us/query median %.3f min %.3f max %.3f  ratio to "
                   "min-sep %g: %.2f; stages",
                   sep[si], sep_hits[si], ps[repeat / 2], ps[0], ps[repeat - 1], sep[0],
                   ps[repeat / 2] / base);
            for (int st = 0; st < CCDB_STAGE_COUNT; st++)
                printf(" %s %llu", ccdb_truth_stage_name((ccdb_truth_stage)st),
                       sep_stats[si].decided[st]);
            printf("\n");
        }
    }
    per = per_sep;
    for (int i = 1; i < repeat; i++) /* insertion sort for the median */
        for (int j = i; j > 0 && per[j - 1] > per[j]; j--) {
            double x = per[j];
            per[j] = per[j - 1];
            per[j - 1] = x;
        }
    printf("us/query over %d runs (min-sep %g): median %.3f min %.3f max %.3f\n", repeat, sep[0],
           per[repeat / 2], per[0], per[repeat - 1]);
    free(per_sep);
    for (int i = 0; per_file && i < nf; i++) { /* each file's median over the repetitions */
        double *ps = pf + (size_t)i * (size_t)repeat;
        for (int k = 1; k < repeat; k++)
            for (int j = k; j > 0 && ps[j - 1] > ps[j]; j--) {
                double x = ps[j];
                ps[j] = ps[j - 1];
                ps[j - 1] = x;
            }
        printf("file %s (%s): us/query median %.3f min %.3f max %.3f\n", files[i].path,
               ccdb_kind_name(files[i].kind), ps[repeat / 2], ps[0], ps[repeat - 1]);
    }
    free(pf);
    const ccdb_truth_stats *s = &sep_stats[0];
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
