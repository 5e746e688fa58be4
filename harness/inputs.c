/* inputs.c — turning `--data PATH` arguments into datasets: a CSV file, or a folder walked
 * recursively for *.csv files (the public layouts: 2021 <scene>/{vertex-face,edge-edge}/ *.csv,
 * 2023 <scene>/queries/<step><vf|ee>.csv), in sorted order so that runs are deterministic.
 * A 6-column (2023) file gets its published labels from <scene>/mma_bool/ when they exist. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ccdb_input.h"

void ccdb_input_free(ccdb_input *in)
{
    ccdb_dataset_free(&in->ds);
    free(in->family);
    free(in->source);
    free(in->truth);
    free(in->intent);
    *in = (ccdb_input){ 0 };
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

static int push(char ***files, size_t *n, const char *path)
{
    char **grown = realloc(*files, (*n + 1) * sizeof **files);
    if (!grown)
        return -1;
    *files = grown;
    if (!(grown[*n] = strdup(path)))
        return -1;
    (*n)++;
    return 0;
}

static int walk(const char *dir, char ***files, size_t *nfiles, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t nnames = 0;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue; /* ".", "..", hidden files */
        if (push(&names, &nnames, e->d_name) != 0) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
    }
    closedir(d);
    if (nnames)
        qsort(names, nnames, sizeof *names, cmp_str);
    for (size_t i = 0; i < nnames && rc == 0; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *path = malloc(len);
        if (!path) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        snprintf(path, len, "%s%s%s", dir, ends_with(dir, "/") ? "" : "/", names[i]);
        struct stat st;
        if (stat(path, &st) != 0) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            rc = walk(path, files, nfiles, err, errlen);
        } else if (ends_with(names[i], ".csv")) { /* not regular: the reader refuses it */
            if (push(files, nfiles, path) != 0) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
            }
        }
        free(path);
    }
    for (size_t i = 0; i < nnames; i++)
        free(names[i]);
    free(names);
    return rc;
}

int ccdb_inputs_expand(const char *path, char ***files, size_t *nfiles, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        if (push(files, nfiles, path) != 0) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        return 0;
    }
    size_t before = *nfiles;
    if (walk(path, files, nfiles, err, errlen) != 0)
        return -1;
    if (*nfiles == before) {
        snprintf(err, errlen, "%s: no .csv files in this folder", path);
        return -1;
    }
    return 0;
}

/* A file without a truth column (6 columns, 2023 layout): its labels from
 * <scene>/mma_bool/<stem>_mma_bool.json when that exists; none otherwise (ds->label stays NULL:
 * judged by the exact truth alone). An existing but bad labels file is an error. */
static int read_published_labels(const char *path, ccdb_dataset *ds, ccdb_csv_error *err)
{
    char labels[4096];
    struct stat st;
    if (ds->label)
        return 0; /* the truth column */
    if (ccdb_labels_path(path, labels, sizeof labels) != 0)
        return 0;
    if (lstat(labels, &st) != 0) { /* (a dangling link exists: reading it reports it) */
        if (errno == ENOENT || errno == ENOTDIR)
            return 0; /* no published labels */
        snprintf(err->message, sizeof err->message, "%.400s: cannot access: %s", labels,
                 strerror(errno));
        return -1;
    }
    if (!(ds->label = malloc(ds->count ? ds->count : 1))) {
        snprintf(err->message, sizeof err->message, "%.400s: out of memory", labels);
        return -1;
    }
    return ccdb_labels_read(labels, path, ds->count, ds->label, err);
}

int ccdb_input_read(const char *path, ccdb_kind forced, int round_inputs, ccdb_input *out,
                    char *err, size_t errlen)
{
    *out = (ccdb_input){ 0 };
    ccdb_kind kind = forced != CCDB_KIND_UNKNOWN ? forced : ccdb_kind_from_path(path);
    if (kind == CCDB_KIND_UNKNOWN) {
        snprintf(err, errlen,
                 "%s: cannot tell the query kind (no vertex-face/, edge-edge/, "
                 "rigid-vertex-face/ or rigid-edge-edge/ folder in the path, no "
                 "<step><vf|ee>.csv name): pass --kind " CCDB_KIND_NAMES,
                 path);
        return -1;
    }
    ccdb_csv_options opt = { .round_inputs = round_inputs, .columns = CCDB_CSV_COLUMNS_ANY };
    ccdb_csv_error cerr;
    if (ccdb_csv_read(path, kind, &opt, &out->ds, &cerr) != 0 ||
        read_published_labels(path, &out->ds, &cerr) != 0) {
        ccdb_input_free(out);
        snprintf(err, errlen, "%s", cerr.message);
        return -1;
    }
    if (!(out->source = strdup(path))) {
        ccdb_input_free(out);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

const char *ccdb_input_label(const ccdb_input *in)
{
    return in->ds.name ? in->ds.name : "(unnamed)";
}
