/* stubs_tmp.c — TEMPORARY weak stand-ins for dataset helpers that land with the CSV module
 * (datasets/csv.c). The real definitions win at link time once they exist. */
#include <stdlib.h>
#include <string.h>

#include "ccdb_dataset.h"

__attribute__((weak)) int ccdb_dataset_init(ccdb_dataset *ds, const char *name, ccdb_kind kind,
                                            size_t count)
{
    memset(ds, 0, sizeof *ds);
    ds->name = strdup(name);
    ds->kind = kind;
    ds->count = count;
    ds->q = calloc(count ? count : 1, sizeof *ds->q);
    ds->label = calloc(count ? count : 1, 1);
    return ds->name && ds->q && ds->label ? 0 : -1;
}

__attribute__((weak)) void ccdb_dataset_free(ccdb_dataset *ds)
{
    free(ds->name);
    free(ds->q);
    free(ds->label);
    memset(ds, 0, sizeof *ds);
}
