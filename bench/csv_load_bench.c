/* csv_load_bench.c — load-time benchmark of the CSV reader (a benchmark, not a test).
 *
 * Loads every *.csv under the given files/folders once per repeat, timing the whole loop of one
 * repeat with clock_gettime (no clock call per file), and prints median, min and max over the
 * repeats. Build: cmake --build build --target ccdb_csv_bench
 * Run:   build/bench/ccdb_csv_bench [-r REPEATS] PATH...      (default 5 repeats) */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ccdb_dataset.h"

static char **files;
static size_t nfiles, capfiles;

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    size_t n = strlen(path);
    if (type == FTW_F && n >= 4 && !strcmp(path + n - 4, ".csv")) {
        if (nfiles == capfiles) {
            capfiles = capfiles ? 2 * capfiles : 64;
            files = realloc(files, capfiles * sizeof *files);
            if (!files)
                return 1;
        }
        files[nfiles] = malloc(n + 1);
        if (!files[nfiles])
            return 1;
        memcpy(files[nfiles++], path, n + 1);
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int repeats = 5, first = 1;
    if (argc > 2 && !strcmp(argv[1], "-r")) {
        repeats = atoi(argv[2]);
        first = 3;
    }
    if (first >= argc || repeats < 1 || repeats > 1000) {
        fprintf(stderr, "usage: ccdb_csv_bench [-r REPEATS] PATH...\n");
        return 2;
    }
    for (int i = first; i < argc; i++)
        if (nftw(argv[i], collect, 16, FTW_PHYS) != 0) {
            fprintf(stderr, "ccdb_csv_bench: cannot walk %s\n", argv[i]);
            return 2;
        }
    if (!nfiles) {
        fprintf(stderr, "ccdb_csv_bench: no .csv files\n");
        return 2;
    }
    double *t = malloc((size_t)repeats * sizeof *t);
    size_t queries = 0;
    for (int r = 0; r < repeats; r++) {
        struct timespec a, b;
        size_t q = 0;
        clock_gettime(CLOCK_MONOTONIC, &a);
        for (size_t i = 0; i < nfiles; i++) {
            ccdb_dataset ds;
            ccdb_csv_error err;
            if (ccdb_csv_read(files[i], ccdb_kind_from_path(files[i]), NULL, &ds, &err)) {
                fprintf(stderr, "%s\n", err.message);
                return 2;
            }
            q += ds.count;
            ccdb_dataset_free(&ds);
        }
        clock_gettime(CLOCK_MONOTONIC, &b);
        t[r] = (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) * 1e-6;
        queries = q;
    }
    qsort(t, (size_t)repeats, sizeof *t, cmp_double);
    double med = repeats % 2 ? t[repeats / 2] : (t[repeats / 2 - 1] + t[repeats / 2]) / 2;
    printf("%zu files, %zu queries, %d repeats: median %.3f ms, min %.3f ms, max %.3f ms "
           "(%.0f ns/query median)\n",
           nfiles, queries, repeats, med, t[0], t[repeats - 1],
           queries ? med * 1e6 / (double)queries : 0.0);
    for (size_t i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    free(t);
    return 0;
}
