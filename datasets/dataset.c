/* dataset.c — allocation of the in-memory query set (ccdb_dataset). */
#include <stdlib.h>
#include <string.h>

#include "ccdb_dataset.h"

int ccdb_dataset_init(ccdb_dataset *ds, const char *name, ccdb_kind kind, size_t count)
{
    memset(ds, 0, sizeof *ds);
    ds->kind = kind;
    /* calloc(0) may return NULL: always allocate at least one slot so NULL means failure. */
    size_t n = count ? count : 1;
    ds->q = calloc(n, sizeof *ds->q);
    ds->label = calloc(n, 1);
    if (name) {
        size_t len = strlen(name) + 1;
        ds->name = malloc(len);
        if (ds->name)
            memcpy(ds->name, name, len);
    }
    if (!ds->q || !ds->label || (name && !ds->name)) {
        ccdb_dataset_free(ds);
        return -1;
    }
    ds->count = count;
    return 0;
}

void ccdb_dataset_free(ccdb_dataset *ds)
{
    if (!ds)
        return;
    free(ds->name);
    free(ds->q);
    free(ds->label);
    memset(ds, 0, sizeof *ds);
    ds->kind = CCDB_KIND_UNKNOWN;
}
