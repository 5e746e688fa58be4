/* ccdb_util.h — the few helpers every module may use: error messages, the FNV-1a hash, mkdir -p
 * and atomic file writes. util/ sits below every other module and includes nothing of the
 * project, so using it never bends the one-way data flow. */
#ifndef CCDB_UTIL_H
#define CCDB_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define CCDB_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CCDB_PRINTF(fmt, args)
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

/* ---- files (fs.c) */

/* mkdir -p: creates path and its missing parents (mode 0777 minus the umask).
 * Returns 0 when path is a folder at the end, else -1 with errno set. */
int ccdb_mkdir_p(const char *path);

/* A file written atomically: readers see the old file or the whole new one, never a part.
 * The data goes to a new temporary file with a unique name (mkstemp) in the destination's
 * folder, is flushed and synced, and is renamed over the destination. On any failure the
 * temporary is removed and the destination is untouched. The new file is mode 0644.
 * Every writer of the project goes through here, so a rule about what may be replaced, or
 * about the wording of errors, is one change in fs.c. Errors read "PATH: cannot write: why". */
typedef struct ccdb_atomic_file {
    FILE *f;    /* write the contents here (between open and commit) */
    char *path; /* the destination (owned copy) */
    char *tmp;  /* the temporary beside it (owned) */
} ccdb_atomic_file;

/* Creates the temporary. Returns 0, or -1 with err filled (and *af empty). */
int ccdb_atomic_open(ccdb_atomic_file *af, const char *path, char *err, size_t errlen);
/* Flushes, syncs, closes and renames the temporary over the destination (also when a write
 * into af->f failed: that is reported here). Releases *af either way.
 * Returns 0, or -1 with err filled. */
int ccdb_atomic_commit(ccdb_atomic_file *af, char *err, size_t errlen);
/* Closes and removes the temporary, leaving the destination as it was. Releases *af; does
 * nothing on an empty (zeroed or already released) *af. */
void ccdb_atomic_abort(ccdb_atomic_file *af);
/* The same after a write into af->f failed: also fills err with the error of errno.
 * Returns -1. */
int ccdb_atomic_fail(ccdb_atomic_file *af, char *err, size_t errlen);
/* The whole file at once: open, write data[0..n), commit. Returns 0, or -1 with err filled. */
int ccdb_write_file_atomic(const char *path, const void *data, size_t n, char *err, size_t errlen);

#endif
