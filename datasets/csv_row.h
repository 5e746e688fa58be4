/* csv_row.h — internal to datasets/: one CSV row to one point, checked (docs/csv-format.md).
 * Used by the streaming reader (csv_reader.c); not part of the public API. */
#ifndef CCDB_CSV_ROW_H
#define CCDB_CSV_ROW_H

#include <stddef.h>

#include "ccdb_dataset.h"
#include "csv_rational.h"

typedef struct csv_row_parser {
    const char *name; /* for messages */
    ccdb_csv_error *err;
    int round_inputs;
    ccdb_csv_columns mode; /* what the caller accepts */
    int columns;           /* 6 or 7 once known (from the mode, or the first row with ANY) */
    size_t columns_line;   /* the line that fixed `columns` under ANY (for the mix message) */
    size_t line;           /* the line being parsed, from 1 */
    size_t rounded;        /* values round_inputs changed */
    csv_scratch gmp;       /* GMP integers, set up at the first value that needs them */
    int gmp_ready;
    char *buf; /* NUL-terminated copy of a long field for GMP */
    size_t cap;
} csv_row_parser;

void csv_row_parser_init(csv_row_parser *p, const char *name, const ccdb_csv_options *opt,
                         ccdb_csv_error *err);
void csv_row_parser_free(csv_row_parser *p);

/* Parses the row s[0..n) (line ending removed, n > 0) at line p->line into pt; *truth is its
 * truth column (0 or 1), or -1 for a 6-column row. Under CCDB_CSV_COLUMNS_ANY the first row
 * fixes p->columns. Returns 0, or -1 with the error "NAME:LINE: ..." in p->err. */
int csv_row_parse(csv_row_parser *p, const char *s, size_t n, double pt[3], int *truth);

#endif
