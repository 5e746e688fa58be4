/* csv_write.c — canonical, atomic writer of the public rational CSV format.
 *
 * Canonical: each value is its reduced fraction with a positive power-of-two denominator
 * ("0,1" for zero, +0 and -0 alike), rows end in "\n", no header. A file in canonical form is
 * reproduced byte for byte by read + write. Atomic (ccdb_atomic_file): on any failure PATH is
 * left as it was. */
#include <math.h>
#include <stdio.h>

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
        const double *m = ds->q[k][7];
        if (ccdb_kind_is_rigid(ds->kind) &&
            !((m[0] == 0.0 || m[0] == 1.0) && m[1] == 0.0 && m[2] == 0.0))
            return ccdb_errorf(msg, msglen,
                               "%s: query %zu: row 8 of a rigid query must be (0,0,0) or "
                               "(1,0,0) (which primitive moves), not (%g, %g, %g)",
                               path, k, m[0], m[1], m[2]);
        char why[300];
        if (ccdb_kind_is_sweep(ds->kind) &&
            ccdb_sweep_check((const double(*)[3])ds->q[k], why, sizeof why) != 0)
            return ccdb_errorf(msg, msglen, "%s: query %zu: %s", path, k, why);
    }
    ccdb_atomic_file af;
    if (ccdb_atomic_open(&af, path, msg, msglen) != 0)
        return -1;
    /* Values and labels were checked above, so a failure here is an I/O error, which sets the
     * stream's error flag: commit reports it. */
    for (size_t k = 0; k < ds->count; k++)
        if (ccdb_csv_write_query(af.f, (const double(*)[3])ds->q[k], ds->label[k]) != 0)
            break;
    return ccdb_atomic_commit(&af, msg, msglen);
}
