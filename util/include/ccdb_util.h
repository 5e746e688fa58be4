/* ccdb_util.h — the few helpers every module may use: error messages, the FNV-1a hash, mkdir -p,
 * atomic file and folder writes, rm -r. util/ sits below every other module and includes nothing
 * of the project, so using it never bends the one-way data flow. */
#ifndef CCDB_UTIL_H
#define CCDB_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

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

/* v as the shortest "%.15g" .. "%.17g" text that reads back (strtod) as v, into buf; returns
 * buf: 0.00375, not 0.0037499999999999999 (number_text.c). */
const char *ccdb_shortest_double(double v, char buf[32]);

/* ---- files and folders (fs.c) */

/* mkdir -p: creates path and its missing parents (mode 0777 minus the umask).
 * Returns 0 when path is a folder at the end, else -1 with errno set. */
int ccdb_mkdir_p(const char *path);
/* The same with the given mode (minus the umask) for every folder it creates (0700: private). */
int ccdb_mkdir_p_mode(const char *path, mode_t mode);
/* The mode a new file gets from open(..., 0666) under the current umask. */
mode_t ccdb_file_mode(void);

/* A file written atomically: readers see the old file or the whole new one, never a part.
 * The data goes to a new temporary file with a unique name (mkstemp) in the destination's
 * folder, is flushed and synced, and is renamed over the destination. On any failure the
 * temporary is removed and the destination is untouched. The new file is mode 0644.
 * What is at the destination decides how it is written:
 * - nothing, or a regular file: as above;
 * - a symbolic link to a regular file: its target is replaced as above (the link is kept);
 * - a special file (character or block device, FIFO, socket) or a link to one (/dev/stdout,
 *   /dev/null, /dev/full): written in place, never replaced (renaming over a device node would
 *   delete it); a write error there (ENOSPC from /dev/full) fails the commit as any other;
 * - a folder: refused.
 * Every writer of the project goes through here, so a rule about what may be replaced, or
 * about the wording of errors, is one change in fs.c. Errors read "PATH: cannot write: why". */
typedef struct ccdb_atomic_file {
    FILE *f;    /* write the contents here (between open and commit) */
    char *path; /* the destination (owned copy; a link's target when it points to a file) */
    char *tmp;  /* the temporary beside it (owned); NULL when writing a special file in place */
} ccdb_atomic_file;

/* Creates the temporary (or opens the special file). Returns 0, or -1 with err filled (and *af
 * empty). */
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

/* A folder written atomically: its files are written into a new temporary folder beside it
 * (".NAME.tmp.XXXXXX", mkdtemp), which commit puts in place in one step: a plain rename when
 * the destination does not exist, else an exchange of the two folders (Linux renameat2
 * RENAME_EXCHANGE) after which the old folder, now at the temporary name, is removed. A reader
 * sees the whole old folder or the whole new one, never a mix; two writers of the same folder
 * both succeed, the last one to commit wins. Where the file system cannot exchange, the old
 * folder is moved aside first (a reader may then briefly find no folder, never a mix).
 * An existing destination is replaced only when everything in it, at every depth, is described
 * by `owned` (a NULL-terminated list of fnmatch patterns of paths inside the folder, e.g. what a
 * report writes: "index.html", "misses/", "misses/x/x.csv" with x = *; a pattern ending in '/'
 * describes a folder, any other a regular file; a link, a FIFO never match), so that pointing it
 * at a folder of other files cannot delete them: the first stranger in name order is named. A
 * link to a folder: the folder it points to is replaced. */
typedef struct ccdb_atomic_dir {
    char *path;               /* the destination (owned copy) */
    char *tmp;                /* write here, between open and commit (owned) */
    const char *const *owned; /* the names an existing destination may hold (not copied) */
} ccdb_atomic_dir;

/* Checks the destination (absent, or a folder holding only owned names), creates its parents
 * and the temporary folder. Returns 0, or -1 with err filled ("PATH: ...") and *ad empty. */
int ccdb_atomic_dir_open(ccdb_atomic_dir *ad, const char *path, const char *const *owned, char *err,
                         size_t errlen);
/* Puts the temporary folder in place (checking the destination again). Releases *ad either
 * way; on failure the temporary folder is removed and the destination is untouched.
 * Returns 0, or -1 with err filled. */
int ccdb_atomic_dir_commit(ccdb_atomic_dir *ad, char *err, size_t errlen);
/* Removes the temporary folder and all in it; releases *ad (nothing on an empty one). */
void ccdb_atomic_dir_abort(ccdb_atomic_dir *ad);
/* Rewrites, in the message text (a buffer of len bytes), the temporary folder's path as the
 * destination's: an error about a file written into the temporary folder then names the file a
 * user knows (the temporary folder is removed by the time it is read). */
void ccdb_atomic_dir_final_names(const ccdb_atomic_dir *ad, char *text, size_t len);

/* rm -r: removes path and, for a folder, everything below it, never following a symbolic link
 * (a link is removed, not what it points to). An absent path is fine. Returns 0, or -1 with
 * errno set (what could be removed is gone). */
int ccdb_rmtree(const char *path);

/* ---- the run's temporaries and the stop signals (tmp.c) */

/* Every temporary file or folder ccdbench creates is named PREFIX.tmp.PID-HOST.XXXXXX (PID the
 * writer's, HOST 8 hex digits of this host's name) and registered while it exists, so that
 * - SIGINT, SIGTERM and SIGHUP remove it before ending the run with that signal (the handler
 *   uses only async-signal-safe calls);
 * - a later run removes it once its writer is dead (ccdb_tmp_remove_stale).
 * Fills buf with "PREFIX.tmp.PID-HOST.XXXXXX". Returns 0, or -1 (ENAMETOOLONG). */
int ccdb_tmp_template(char *buf, size_t len, const char *prefix);
/* mkstemp / mkdtemp of such a template, registered before the stop signals can see it.
 * Returns the descriptor (the folder) or -1 (NULL) with errno set. */
int ccdb_tmp_mkstemp(char *tmpl);
char *ccdb_tmp_mkdtemp(char *tmpl);
/* A new file in the folder dirfd (a template relative to it, filled in here) opened
 * O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW with mode, registered (dirfd must stay open until
 * ccdb_tmp_forget). Returns the descriptor or -1 with errno set. */
int ccdb_tmp_openat(int dirfd, char *tmpl, mode_t mode);
/* The temporary (dirfd: AT_FDCWD for the two above) was renamed or removed: forgotten. */
void ccdb_tmp_forget(int dirfd, const char *name);
/* Removes, in the folder dirfd, the temporaries PREFIX.tmp.PID-HOST.XXXXXX (PREFIX "" : any)
 * of this host owned by the user whose writer PID is dead (a folder with all in it).
 * Returns how many were removed. */
int ccdb_tmp_remove_stale(int dirfd, const char *prefix);

/* Installs the stop-signal handler (SIGINT, SIGTERM, SIGHUP: those whose action is the default;
 * an ignored one stays ignored): it kills the process group given to ccdb_signals_kill_group,
 * removes this process's registered temporaries and ends the process with the signal (default
 * action). Ignores SIGXFSZ, so that a file-size limit is a write error (EFBIG) that reports
 * itself. Called once by main, again harmlessly. */
void ccdb_signals_install(void);
/* In a forked child: the stop signals back to their default action. */
void ccdb_signals_default_in_child(void);
/* The process group a stop signal kills first (an isolated solver's child; 0: none). */
void ccdb_signals_kill_group(long pgid);

#endif
