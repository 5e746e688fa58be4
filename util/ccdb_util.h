/* ccdb_util.h — the few helpers every module may use: error messages and the FNV-1a hash. util/ sits below every other module and
 * includes nothing of the project, so using it never bends the one-way data flow. */
#ifndef CCDB_UTIL_H
#define CCDB_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define CCDB_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CCDB_PRINTF(fmt, args)
/* ---- hashing (fnv.c) */

/* FNV-1a, 64 bits: h = (h ^ byte) * 0x100000001b3 over data[0..n), from h. Start from
 * CCDB_FNV1A64_BASIS; chain calls to hash several pieces. A checksum, not a cryptographic hash. */
#define CCDB_FNV1A64_BASIS UINT64_C(0xcbf29ce484222325)
uint64_t ccdb_fnv1a64(uint64_t h, const void *data, size_t n);

#endif

/* ---- error messages (errors.c) */

/* Formats a message into err (nothing when err is NULL or errlen is 0) and returns -1, so that a
 * failing function can `return ccdb_errorf(err, errlen, "%s: what is wrong", path);`. */
int ccdb_errorf(char *err, size_t errlen, const char *fmt, ...) CCDB_PRINTF(3, 4);

/* ---- hashing (fnv.c) */

/* FNV-1a, 64 bits: h = (h ^ byte) * 0x100000001b3 over data[0..n), from h. Start from
 * CCDB_FNV1A64_BASIS; chain calls to hash several pieces. A checksum, not a cryptographic hash. */
#define CCDB_FNV1A64_BASIS UINT64_C(0xcbf29ce484222325)
uint64_t ccdb_fnv1a64(uint64_t h, const void *data, size_t n);

#endif
