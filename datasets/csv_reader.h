/* csv_reader.h — internal to datasets/: what the whole-file reader and the tests need from the
 * streaming CSV reader beyond the public API (ccdb_dataset.h). */
#ifndef CCDB_CSV_READER_H
#define CCDB_CSV_READER_H

#include <stddef.h>

#include "ccdb_dataset.h"

/* Counts the lines of the whole input (cheaply: no parsing) and goes back to the start; only
 * right after opening. Returns 0, or -1 with err (a read error). */
int csv_reader_count_lines(ccdb_csv_reader *r, size_t *lines, ccdb_csv_error *err);
/* Reads at most `bytes` per read from now on: tests and fuzzers cross every buffer boundary. */
void csv_reader_limit_reads(ccdb_csv_reader *r, size_t bytes);

#endif
