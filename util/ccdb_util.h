/* ccdb_util.h — the few helpers every module may use. util/ sits below every other module and
 * includes nothing of the project, so using it never bends the one-way data flow. */
#ifndef CCDB_UTIL_H
#define CCDB_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#if defined(__GNUC__)
#define CCDB_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CCDB_PRINTF(fmt, args)
#endif

/* ---- error messages (errors.c) */

/* Formats a message into err (nothing when err is NULL or errlen is 0) and returns -1, so that a
 * failing function can `return ccdb_errorf(err, errlen, "%s: what is wrong", path);`. */
int ccdb_errorf(char *err, size_t errlen, const char *fmt, ...) CCDB_PRINTF(3, 4);

#endif
