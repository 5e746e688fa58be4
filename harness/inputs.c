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

#include "ccdb_data.h"
#include "ccdb_input.h"

void ccdb_input_free(ccdb_input *in)
{
    ccdb_dataset_free(&in->ds);
    free(in->family);
    free(in->source);
    free(in->truth);
    for (size_t k = 0; k < in->n_sep; k++)
        free(in->sep[k].truth);
    free(in->intent);
    *in = (ccdb_input){ 0 };
}

const ccdb_truth_result *ccdb_input_truth_at(const ccdb_input *in, double d)
{
    if (d == 0)
        return in->truth;
    for (size_t k = 0; k < in->n_sep; k++)
        if (in->sep[k].d == d)
            return in->sep[k].truth;
    return NULL;
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

int ccdb_inputs_expand(const char *arg, char ***files, size_t *nfiles, char *err, size_t errlen)
{
    char path[4096];
    if (ccdb_data_resolve(arg, path, sizeof path, err, errlen) != 0)
        return -1;
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

/* A file's identity, and its place in the list. */
typedef struct file_id {
    dev_t dev;
    ino_t ino;
    size_t index;
} file_id;

static int cmp_file_id(const void *pa, const void *pb)
{
    const file_id *a = pa, *b = pb;
    if (a->dev != b->dev)
        return a->dev < b->dev ? -1 : 1;
    if (a->ino != b->ino)
        return a->ino < b->ino ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

int ccdb_inputs_unique(char **files, size_t *nfiles, FILE *note)
{
    size_t n = *nfiles, m = 0;
    file_id *ids = malloc((n ? n : 1) * sizeof *ids);
    unsigned char *drop = calloc(n ? n : 1, 1);
    if (!ids || !drop) {
        free(ids), free(drop);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(files[i], &st) == 0) /* one that cannot be seen: its reader says why */
            ids[m++] = (file_id){ st.st_dev, st.st_ino, i };
    }
    qsort(ids, m, sizeof *ids, cmp_file_id);
    for (size_t k = 1, first = 0; k < m; k++) {
        if (ids[k].dev != ids[first].dev || ids[k].ino != ids[first].ino) {
            first = k; /* a new file; sorted by index within one: its first spelling */
            continue;
        }
        drop[ids[k].index] = 1;
        if (note)
            fprintf(note, "ccdbench run: note: %s is the same file as %s: read once\n",
                    files[ids[k].index], files[ids[first].index]);
    }
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (drop[i])
            free(files[i]);
        else
            files[kept++] = files[i];
    }
    *nfiles = kept;
    free(ids), free(drop);
    return 0;
}

ccdb_kind ccdb_input_kind(const char *path, ccdb_kind forced, char *err, size_t errlen)
{
    ccdb_kind named = ccdb_kind_from_path(path);
    if (named != CCDB_KIND_UNKNOWN && forced != CCDB_KIND_UNKNOWN) {
        snprintf(err, errlen,
                 "%s: the path says the kind (%s), so --kind %s is refused: --kind is only for "
                 "files whose path names no kind (a kind folder is never read as another kind)",
                 path, ccdb_kind_name(named), ccdb_kind_name(forced));
        return CCDB_KIND_UNKNOWN;
    }
    ccdb_kind kind = named != CCDB_KIND_UNKNOWN ? named : forced;
    if (kind == CCDB_KIND_UNKNOWN)
        snprintf(err, errlen,
                 "%s: cannot tell the query kind (no vertex-face/, edge-edge/, "
                 "rigid-vertex-face/, rigid-edge-edge/, sweep-vertex-face/ or sweep-edge-edge/ "
                 "folder in the path, no "
                 "<step><vf|ee>.csv name): pass --kind " CCDB_KIND_NAMES,
                 path);
    return kind;
}

/* A file without a truth column (6 columns, 2023 layout): its published labels when the layout
 * has them (datasets/: ccdb_labels_published); none otherwise (ds->label stays NULL: judged by the
 * exact truth alone). An existing but bad labels file is an error. */
static int read_published_labels(const char *path, ccdb_dataset *ds, ccdb_csv_error *err)
{
    if (ds->label)
        return 0; /* the truth column */
    return ccdb_labels_published(path, ds->count, &ds->label, err);
}

int ccdb_input_read(const char *path, ccdb_kind forced, int round_inputs, ccdb_input *out,
                    char *err, size_t errlen)
{
    *out = (ccdb_input){ 0 };
    ccdb_kind kind = ccdb_input_kind(path, forced, err, errlen);
    if (kind == CCDB_KIND_UNKNOWN)
        return -1;
    ccdb_csv_options opt = { .round_inputs = round_inputs, .columns = CCDB_CSV_COLUMNS_ANY };
    ccdb_csv_error cerr;
    if (ccdb_csv_read(path, kind, &opt, &out->ds, &cerr) != 0 ||
        read_published_labels(path, &out->ds, &cerr) != 0 ||
        ccdb_labels_sep(path, &out->label_sep, &cerr) != 0) {
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

int ccdb_input_count(const char *path, size_t *count, char *err, size_t errlen)
{
    ccdb_csv_reader *r = NULL;
    ccdb_csv_error cerr;
    *count = 0;
    int rc = ccdb_csv_open(path, NULL, &r, &cerr);
    if (rc == 0)
        rc = ccdb_csv_skip(r, (size_t)-1, count, &cerr);
    ccdb_csv_close(r);
    if (rc != 0)
        snprintf(err, errlen, "%s", cerr.message);
    return rc;
}

int ccdb_input_read_range(const char *path, ccdb_kind forced, int round_inputs, size_t first,
                          size_t count, size_t total, ccdb_input *out, char *err, size_t errlen)
{
    *out = (ccdb_input){ 0 };
    ccdb_kind kind = ccdb_input_kind(path, forced, err, errlen);
    if (kind == CCDB_KIND_UNKNOWN)
        return -1;
    ccdb_csv_options opt = { .round_inputs = round_inputs, .columns = CCDB_CSV_COLUMNS_ANY };
    ccdb_csv_error cerr = { { 0 } };
    ccdb_csv_reader *r = NULL;
    size_t skipped = 0, got = 0;
    int rc = ccdb_csv_open(path, &opt, &r, &cerr);
    if (rc == 0)
        rc = ccdb_csv_skip(r, first, &skipped, &cerr);
    if (rc == 0 && (ccdb_dataset_init(&out->ds, path, kind, count) != 0 ||
                    !(out->ds.label = malloc(count ? count : 1)))) {
        snprintf(cerr.message, sizeof cerr.message, "%s: out of memory", path);
        rc = -1;
    }
    if (rc == 0)
        rc = ccdb_csv_next(r, out->ds.q, out->ds.label, count, &got, &cerr);
    if (rc == 0 && first + count == total) {
        /* The last chunk: what follows must be the end (a partial query is an error there). */
        double extra[1][8][3];
        size_t more = 0;
        rc = ccdb_csv_next(r, extra, NULL, 1, &more, &cerr);
        got += more;
    }
    if (rc == 0 && (skipped != first || got != count)) {
        snprintf(cerr.message, sizeof cerr.message,
                 "%s: does not hold the queries it held when counted (changed during the run?)",
                 path);
        rc = -1;
    }
    if (rc == 0) {
        out->ds.rounded_values = ccdb_csv_reader_rounded(r);
        if (ccdb_csv_reader_columns(r) == 6) { /* no truth column: labels from mma_bool/ */
            free(out->ds.label);
            out->ds.label = NULL;
        }
    }
    ccdb_csv_close(r);
    if (rc == 0 && !out->ds.label && total) {
        /* The file's labels (one byte per query), then this chunk's. */
        ccdb_dataset whole = { 0 };
        whole.count = total;
        rc = read_published_labels(path, &whole, &cerr);
        if (rc == 0 && whole.label) {
            memmove(whole.label, whole.label + first, count);
            out->ds.label = whole.label;
        } else {
            free(whole.label);
        }
    }
    if (rc == 0)
        rc = ccdb_labels_sep(path, &out->label_sep, &cerr);
    if (rc == 0 && !(out->source = strdup(path))) {
        snprintf(cerr.message, sizeof cerr.message, "out of memory");
        rc = -1;
    }
    if (rc != 0) {
        ccdb_input_free(out);
        snprintf(err, errlen, "%s", cerr.message);
    }
    return rc;
}

int ccdb_input_slice(const ccdb_input *in, size_t first, size_t count, ccdb_input *out)
{
    *out = (ccdb_input){ 0 };
    if (ccdb_dataset_init(&out->ds, in->ds.name, in->ds.kind, count) != 0)
        return -1;
    if (count)
        memcpy(out->ds.q, in->ds.q + first, count * sizeof *out->ds.q);
    if (in->ds.label) {
        if (!(out->ds.label = malloc(count ? count : 1)))
            goto oom;
        memcpy(out->ds.label, in->ds.label + first, count);
    }
    out->label_sep = in->label_sep;
    if (in->intent) {
        if (!(out->intent = malloc((count ? count : 1) * sizeof *out->intent)))
            goto oom;
        memcpy(out->intent, in->intent + first, count * sizeof *out->intent);
    }
    if ((in->family && !(out->family = strdup(in->family))) ||
        (in->source && !(out->source = strdup(in->source))))
        goto oom;
    return 0;
oom:
    ccdb_input_free(out);
    return -1;
}

void ccdb_input_stats_of(const ccdb_input *in, ccdb_input_stats *st)
{
    *st = (ccdb_input_stats){ 0 };
    st->queries = (long long)in->ds.count;
    for (size_t j = 0; in->truth && j < in->ds.count; j++)
        if ((unsigned)in->truth[j].stage < CCDB_STAGE_COUNT)
            st->stage[in->truth[j].stage]++;
    st->rounded = (long long)in->ds.rounded_values;
    st->cached = in->truth_cached;
    st->labelled = in->ds.label != NULL;
    st->label_sep = in->label_sep;
    const ccdb_truth_result *at = ccdb_input_truth_at(in, in->label_sep);
    st->labels_unjudged = st->labelled && !at;
    for (size_t j = 0; st->labelled && at && j < in->ds.count; j++)
        st->disagree += at[j].cls != CCDB_CLASS_UNDECIDED && /* its hit means nothing */
                        (in->ds.label[j] != 0) != (at[j].hit != 0);
}

void ccdb_input_stats_merge(ccdb_input_stats *st, const ccdb_input_stats *c, int first)
{
    if (first) {
        *st = *c;
        return;
    }
    st->queries += c->queries;
    st->rounded += c->rounded;
    st->disagree += c->disagree;
    for (int s = 0; s < CCDB_STAGE_COUNT; s++)
        st->stage[s] += c->stage[s];
    st->labelled = st->labelled && c->labelled;
    st->labels_unjudged = st->labels_unjudged || c->labels_unjudged;
    st->cached = st->cached && c->cached;
}

const char *ccdb_input_label(const ccdb_input *in)
{
    return in->ds.name ? in->ds.name : "(unnamed)";
}
