/* ccdb_run_meta.h — how a run was made, for people: report facts, progress, shell quoting. */
#ifndef CCDB_RUN_META_H
#define CCDB_RUN_META_H

#include <stddef.h>

#include "ccdb_report.h"

#define CCDB_META_MAX 48
typedef struct ccdb_meta {
    ccdb_report_kv kv[CCDB_META_MAX];
    size_t n;
} ccdb_meta;

/* Appends "key: printf(fmt...)" (key must be a string literal or outlive the meta). */
void ccdb_meta_add(ccdb_meta *m, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void ccdb_meta_free(ccdb_meta *m);
/* Date (UTC, ISO 8601), git revision, build type, compiler, flags, GMP/MPFR, CPU model. */
void ccdb_meta_add_build(ccdb_meta *m);
/* A warning for debug or sanitizer builds (timings mean little there), else NULL. */
const char *ccdb_build_warning(void);

/* Progress on stderr, only when stderr is a terminal (progress.c). */
void ccdb_progress(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
void ccdb_progress_done(void);

/* Appends `s` to buf as one shell word, single-quoted when needed (shell_quote.c). */
void ccdb_shell_quote(char *buf, size_t len, const char *s);

#endif
