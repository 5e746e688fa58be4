/* sample_io.c — loads the public sample queries for the filter tests and benchmark (see
 * sample_io.h) through the product's own folder walk and strict CSV reader (harness/inputs.c,
 * datasets/csv_read.c), flattened into one array with a kind flag per query. */
#include "sample_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_input.h"

/* Appends one dataset's queries to s; -1 on allocation failure. */
static int append(sample_set *s, const ccdb_dataset *ds)
{
    size_t n = s->count + ds->count;
    void *q = realloc(s->q, (n ? n : 1) * sizeof *s->q);
    if (q)
        s->q = q;
    void *label = realloc(s->label, n ? n : 1);
    if (label)
        s->label = label;
    void *ee = realloc(s->is_ee, n ? n : 1);
    if (ee)
        s->is_ee = ee;
    if (!q || !label || !ee)
        return -1;
    memcpy(s->q + s->count, ds->q, ds->count * sizeof *ds->q);
    memcpy(s->label + s->count, ds->label, ds->count);
    memset(s->is_ee + s->count, ds->kind == CCDB_KIND_EE, ds->count);
    s->count = n;
    return 0;
}

int sample_load(const char *root, sample_set *out)
{
    memset(out, 0, sizeof *out);
    char err[1024];
    char **files = NULL;
    size_t nfiles = 0;
    int rc = ccdb_inputs_expand(root, &files, &nfiles, err, sizeof err);
    for (size_t i = 0; rc == 0 && i < nfiles; i++) {
        ccdb_input in;
        rc = ccdb_input_read(files[i], CCDB_KIND_UNKNOWN, 0, &in, err, sizeof err);
        if (rc == 0) {
            if (append(out, &in.ds)) {
                snprintf(err, sizeof err, "%s: out of memory", files[i]);
                rc = -1;
            }
            ccdb_input_free(&in);
        }
    }
    for (size_t i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    if (rc) {
        fprintf(stderr, "sample_load: %s\n", err);
        sample_free(out);
    }
    return rc;
}

void sample_free(sample_set *s)
{
    free(s->q);
    free(s->label);
    free(s->is_ee);
    memset(s, 0, sizeof *s);
}
