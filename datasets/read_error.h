/* read_error.h — internal to datasets/: the readers' error text, "NAME:LINE: what is wrong"
 * (or "NAME: what is wrong" when no line applies), with offending bytes shown safely. */
#ifndef CCDB_READ_ERROR_H
#define CCDB_READ_ERROR_H

#include <stddef.h>

#include "ccdb_dataset.h"

#if defined(__GNUC__)
#define READ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define READ_PRINTF(f, a)
#endif

/* Fills err (when not NULL) with "NAME:LINE: message" (line 0: "NAME: message"). Returns -1. */
int read_fail(ccdb_csv_error *err, const char *name, size_t line, const char *fmt, ...)
    READ_PRINTF(4, 5);

/* Size of the buffer read_show needs. */
#define READ_SHOW_MAX 200
/* s[0..n) as it appears, for messages: at most 40 bytes then "...", non-printable bytes as
 * \xHH. Returns out. */
const char *read_show(char out[READ_SHOW_MAX], const char *s, size_t n);

#endif
