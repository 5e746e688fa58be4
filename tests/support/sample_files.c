/* sample_files.c — the files of the public sample (see ccdb_test.h), in a fixed order. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_test.h"

static int by_path(const void *a, const void *b)
{
    return strcmp(((const ccdb_test_sample_file *)a)->path,
                  ((const ccdb_test_sample_file *)b)->path);
}

size_t ccdb_test_sample_files(ccdb_test_sample_file *out, size_t cap)
{
    const char *root = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    char base[4096];
    snprintf(base, sizeof base, "%s", root);
    size_t n = 0;
    DIR *scenes = opendir(base);
    cr_assert_not_null(scenes, "cannot read %s", base);
    for (struct dirent *sc; (sc = readdir(scenes));) {
        if (sc->d_name[0] == '.')
            continue;
        for (int ee = 0; ee < 2; ee++) {
            char dir[4096 + 256 + 16];
            snprintf(dir, sizeof dir, "%s/%s/%s", base, sc->d_name,
                     ee ? "edge-edge" : "vertex-face");
            DIR *d = opendir(dir);
            if (!d)
                continue;
            for (struct dirent *f; (f = readdir(d));) {
                const size_t len = strlen(f->d_name);
                if (len < 4 || strcmp(f->d_name + len - 4, ".csv") != 0)
                    continue;
                cr_assert_lt(n, cap, "more than %zu public sample files", cap);
                snprintf(out[n].path, sizeof out[n].path, "%s/%s", dir, f->d_name);
                out[n++].ee = ee;
            }
            closedir(d);
        }
    }
    closedir(scenes);
    qsort(out, n, sizeof *out, by_path);
    cr_assert_gt(n, 0, "no CSV file under %s", base);
    return n;
}
