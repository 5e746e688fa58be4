/* ccdb_test_fixtures.h — fixtures shared by several test executables: whole-file reads, small
 * files, temporary folders. Built from tests/support/ into ccdb_test_support, which every test
 * executable links. Each helper asserts (Criterion) where a failure means a broken test machine. */
#ifndef CCDB_TEST_FIXTURES_H
#define CCDB_TEST_FIXTURES_H

#include <stddef.h>
#include <stdio.h>

/* A whole file in a malloc'ed, NUL-terminated buffer (the caller frees it); *len (when len is
 * not NULL) gets its size. NULL when the file cannot be opened or read. */
char *ccdb_test_slurp(const char *path, size_t *len);

/* What a stream holds from its current position (fflush'ed first: a Criterion redirected stdout
 * or stderr, say), NUL-terminated, at most 64 KiB; valid until the next call. */
const char *ccdb_test_read_stream(FILE *f);

/* Creates (or replaces) path with data[0..len) (asserts). */
void ccdb_test_write_file(const char *path, const void *data, size_t len);

/* Makes a new empty folder "$TMPDIR/ccdb-<name>-XXXXXX" ("/tmp" without TMPDIR) and writes its
 * path into buf (asserts that it fits and was made). */
void ccdb_test_mkdtemp(char *buf, size_t len, const char *name);

/* Removes a folder and everything below it (asserts; an absent folder is fine). */
void ccdb_test_rmtree(const char *dir);

#endif
