/* report_fields.h — a table row as named, typed fields, written as a CSV record or as one JSON
 * object: the one description behind summary.csv / summary.jsonl and findings.csv /
 * findings.jsonl, so that the two forms of a table always have the same fields. Not a public
 * API. */
#ifndef CCDB_REPORT_FIELDS_H
#define CCDB_REPORT_FIELDS_H

#include <stddef.h>

#include "report_util.h"

typedef enum ccdb_field_type {
    CCDB_FIELD_STR, /* s (NULL: empty / "") */
    CCDB_FIELD_INT, /* i */
    CCDB_FIELD_DBL, /* d: %.17g; NaN (not measured) an empty cell / null; +-inf likewise null in
                        JSON (JSON has no such number) and inf in CSV */
    CCDB_FIELD_NONE /* not applicable: an empty cell / null */
} ccdb_field_type;

typedef struct ccdb_field {
    const char *name;
    ccdb_field_type type;
    const char *s;
    long long i;
    double d;
} ccdb_field;

#define CCDB_FIELD_S(NAME, S) ((ccdb_field){ (NAME), CCDB_FIELD_STR, (S), 0, 0.0 })
#define CCDB_FIELD_I(NAME, I) ((ccdb_field){ (NAME), CCDB_FIELD_INT, NULL, (I), 0.0 })
#define CCDB_FIELD_D(NAME, D) ((ccdb_field){ (NAME), CCDB_FIELD_DBL, NULL, 0, (D) })
#define CCDB_FIELD_NA(NAME)   ((ccdb_field){ (NAME), CCDB_FIELD_NONE, NULL, 0, 0.0 })
/* An integer that is "none" when negative (work -1, no late TOI). */
#define CCDB_FIELD_IN(NAME, I) ((I) >= 0 ? CCDB_FIELD_I(NAME, I) : CCDB_FIELD_NA(NAME))

/* The header line: the names, comma-separated, then a newline. */
void ccdb_fields_csv_header(ccdb_rbuf *b, const ccdb_field *f, size_t n);
/* One CSV record (strings quoted as ccdb_rbuf_csv_str does), then a newline. */
void ccdb_fields_csv(ccdb_rbuf *b, const ccdb_field *f, size_t n);
/* One JSON object on one line, {"name":value,...}, fields in order, then a newline. */
void ccdb_fields_json(ccdb_rbuf *b, const ccdb_field *f, size_t n);
/* A JSON string literal: quotes and backslashes escaped, control characters as \u00XX, and
 * every byte that starts no well-formed UTF-8 sequence as \ufffd (JSON text is UTF-8). */
void ccdb_rbuf_json_str(ccdb_rbuf *b, const char *s);

#endif
