/* ccdb_dataset.h — the query model and the public rational CSV format.
 *
 * A query is 8 points as plain `double q[8][3]` in the public benchmark's row order:
 *   VF: v_t0, f0_t0, f1_t0, f2_t0, v_t1, f0_t1, f1_t1, f2_t1
 *   EE: ea0_t0, ea1_t0, eb0_t0, eb1_t0, ea0_t1, ea1_t1, eb0_t1, eb1_t1
 * Each double is the exact input (it is read as the exact rational it is).
 *
 * CSV: 8 rows per query, columns x_num,x_den,y_num,y_den,z_num,z_den,truth; no header.
 * Reading is strict: every malformed input is an error naming file and line; nothing is
 * silently dropped or rounded (unless round_inputs is asked for, and then it is recorded).
 * Writing is canonical (reduced fraction, positive power-of-two denominator, "0,1" for zero)
 * and atomic (temporary file + rename): nothing half-written.
 * Every rule and error is listed in docs/csv-format.md. In short: integers are `-?[0-9]+`
 * (no '+', no spaces; denominators positive), LF or CRLF line endings, final newline optional,
 * blank lines are errors, an empty (0-byte) file is 0 queries, zero reads as +0.0.
 */
#ifndef CCDB_DATASET_H
#define CCDB_DATASET_H

#include <stddef.h>
#include <stdio.h>

typedef enum ccdb_kind { CCDB_KIND_VF = 0, CCDB_KIND_EE = 1, CCDB_KIND_UNKNOWN = 2 } ccdb_kind;

/* "vf" / "ee" */
const char *ccdb_kind_name(ccdb_kind kind);
/* Parses "vf" or "ee"; returns 0 on success. */
int ccdb_kind_parse(const char *text, ccdb_kind *out);
/* From a `vertex-face` or `edge-edge` path component; CCDB_KIND_UNKNOWN if neither. */
ccdb_kind ccdb_kind_from_path(const char *path);

typedef struct ccdb_dataset {
    char *name; /* file path or generator id (owned) */
    ccdb_kind kind;
    size_t count;          /* number of queries */
    double (*q)[8][3];     /* count queries (owned) */
    unsigned char *label;  /* truth column per query, 0 or 1 (owned) */
    size_t rounded_values; /* how many values round_inputs changed (0 when not asked) */
} ccdb_dataset;

typedef struct ccdb_csv_options {
    int round_inputs; /* accept rationals that are not doubles, rounding to nearest */
} ccdb_csv_options;

/* Error text: "FILE:LINE: what is wrong" (or "FILE: ..." when no line applies). */
typedef struct ccdb_csv_error {
    char message[512];
} ccdb_csv_error;

/* Reads a whole CSV file. kind is stored as given (the caller resolves it).
 * Returns 0 on success; on failure returns -1, fills err, and leaves *out empty. */
int ccdb_csv_read(const char *path, ccdb_kind kind, const ccdb_csv_options *opt, ccdb_dataset *out,
                  ccdb_csv_error *err);
/* Same from memory; `name` is used in error messages. */
int ccdb_csv_parse(const char *name, const char *text, size_t len, ccdb_kind kind,
                   const ccdb_csv_options *opt, ccdb_dataset *out, ccdb_csv_error *err);
/* Writes canonically, atomically. Returns 0 on success, -1 with err filled. */
int ccdb_csv_write(const char *path, const ccdb_dataset *ds, ccdb_csv_error *err);
/* Writes the 8 rows of one query (canonical) to a stream; returns 0, or -1 on I/O error or
 * when a value is not finite or truth is not 0/1. */
int ccdb_csv_write_query(FILE *f, const double q[8][3], int truth);

/* Allocates an empty dataset of `count` queries (zeroed). Returns 0 or -1 on allocation failure. */
int ccdb_dataset_init(ccdb_dataset *ds, const char *name, ccdb_kind kind, size_t count);
void ccdb_dataset_free(ccdb_dataset *ds);

#endif
