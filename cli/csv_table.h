/* csv_table.h — a CSV file with a header line read whole (RFC 4180: quoted fields, doubled
 * quotes, line breaks inside quotes): what `compare` reads summary.csv and findings.csv with.
 * Private to cli/. */
#ifndef CCDB_CSV_TABLE_H
#define CCDB_CSV_TABLE_H

#include <stddef.h>

typedef struct ccdb_csv_table {
    char *text;   /* the file, its fields unquoted in place */
    char **cells; /* n_rows x n_cols; row 0 is the header */
    size_t n_rows, n_cols;
} ccdb_csv_table;

/* Reads path. 0, or -1 with err "PATH:LINE: what" (a record with another number of fields
 * than the header, an unclosed quote, text after a closing quote, no header) or "PATH: why". */
int ccdb_csv_table_read(const char *path, ccdb_csv_table *t, char *err, size_t errlen);
/* The column named `name` in the header, or -1. */
int ccdb_csv_table_col(const ccdb_csv_table *t, const char *name);
/* The cell of record `row` (1..n_rows-1) in column col. */
const char *ccdb_csv_table_cell(const ccdb_csv_table *t, size_t row, int col);
void ccdb_csv_table_free(ccdb_csv_table *t);

#endif
