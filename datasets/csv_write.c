/* csv_write.c — canonical, atomic writer of the public rational CSV format.
 *
 * Canonical: each value is its reduced fraction with a positive power-of-two denominator
 * ("0,1" for zero, +0 and -0 alike), rows end in "\n", no header. A file in canonical form is
 * reproduced byte for byte by read + write. Atomic: the data goes to PATH.tmp.<pid>, is flushed
 * and synced, then renamed over PATH; on any failure the temporary is removed and PATH is left
 * as it was. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_dataset.h"
#include "ccdb_util.h"
#include "csv_rational.h"

/* Longest row: 3 values, 3 commas, the truth digit, the newline, a NUL. */
#define ROW_MAX (3 * CSV_VALUE_MAX + 8)

/* Formats one row; returns its length, or 0 if a value is not finite. */
static size_t format_row(char *row, const double pt[3], int truth)
{
    size_t n = 0;
    for (int c = 0; c < 3; c++) {
        if (!isfinite(pt[c]))
            return 0;
        n += csv_format_double(row + n, pt[c]);
        row[n++] = ',';
    }
    row[n++] = (char)('0' + truth);
    row[n++] = '\n';
    row[n] = '\0';
    return n;
}

int ccdb_csv_write_query(FILE *f, const double q[8][3], int truth)
{
    char row[ROW_MAX];
    if (truth != 0 && truth != 1)
        return -1;
    for (int i = 0; i < 8; i++) {
        size_t n = format_row(row, q[i], truth);
        if (n == 0 || fwrite(row, 1, n, f) != n)
            return -1;
    }
    return 0;
}

int ccdb_csv_write(const char *path, const ccdb_dataset *ds, ccdb_csv_error *err)
{
    char *msg = err ? err->message : NULL;
    size_t msglen = err ? sizeof err->message : 0;
    /* Refuse what the format cannot hold before touching the disk. */
    for (size_t k = 0; k < ds->count; k++) {
        if (ds->label[k] > 1)
            return ccdb_errorf(msg, msglen, "%s: query %zu: truth label %d is not 0 or 1", path, k,
                               (int)ds->label[k]);
        for (int i = 0; i < 8; i++)
            for (int c = 0; c < 3; c++) {
                const double v = ds->q[k][i][c];
                if (!isfinite(v))
                    return ccdb_errorf(msg, msglen,
                                       "%s: query %zu, point %d, %c: %g is not finite (the "
                                       "format holds finite doubles only)",
                                       path, k, i, "xyz"[c], v);
            }
    }
    size_t tlen = strlen(path) + 32;
    char *tmp = malloc(tlen);
    if (!tmp)
        return ccdb_errorf(msg, msglen, "%s: out of memory", path);
    snprintf(tmp, tlen, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        int e = errno;
        ccdb_errorf(msg, msglen, "%s: cannot create %s: %s", path, tmp, strerror(e));
        free(tmp);
        return -1;
    }
    int ok = 1;
    for (size_t k = 0; k < ds->count && ok; k++)
        ok = ccdb_csv_write_query(f, (const double(*)[3])ds->q[k], ds->label[k]) == 0;
    ok = ok && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int e = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        e = errno;
    }
    if (!ok) {
        remove(tmp);
        ccdb_errorf(msg, msglen, "%s: cannot write: %s", path, strerror(e));
    }
    free(tmp);
    return ok ? 0 : -1;
}
