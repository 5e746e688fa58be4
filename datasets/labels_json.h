/* labels_json.h — internal to datasets/: the labels reader with a chosen read size, so that the
 * tests and the fuzzer cross every buffer boundary (public API: ccdb_labels_parse). */
#ifndef CCDB_LABELS_JSON_H
#define CCDB_LABELS_JSON_H

#include <stddef.h>

#include "ccdb_dataset.h"

/* ccdb_labels_parse reading at most `bytes` (>= 1) at a time. */
int labels_parse_in_reads(const char *name, const char *text, size_t len, const char *queries,
                          size_t count, unsigned char *labels, size_t bytes, ccdb_csv_error *err);

#endif
