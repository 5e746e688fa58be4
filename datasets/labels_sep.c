/* labels_sep.c — the separation a file's labels were made at (issue 22): `ccdbench gen` of a
 * separation family at d labels its queries with the truth at d, and records d beside the file,
 * in `FILE.csv.min-sep`, so that a run compares those labels with the truth at d, not with the
 * contact truth. A file without one (every public dataset) has labels at separation 0.
 *
 * The record is one line: d printed with %.17g (it reads back to the same double), then '\n'.
 * Read strictly: a finite d > 0 and nothing else (no space, no second line, at most 64 bytes). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_dataset.h"
#include "ccdb_util.h"

#define LABELS_SEP_SUFFIX ".min-sep"

static int record_path(const char *queries, char *buf, size_t len)
{
    return snprintf(buf, len, "%s" LABELS_SEP_SUFFIX, queries) < (int)len ? 0 : -1;
}

int ccdb_labels_sep(const char *queries, double *d, ccdb_csv_error *err)
{
    char path[4096], text[80], why[256];
    struct stat st;
    *d = 0.0;
    if (record_path(queries, path, sizeof path) != 0)
        return 0;                /* no such file can exist */
    if (lstat(path, &st) != 0) { /* (a dangling link exists: reading it reports it) */
        if (errno == ENOENT || errno == ENOTDIR)
            return 0; /* no record: labels at separation 0 */
        snprintf(err->message, sizeof err->message, "%.400s: cannot access: %s", path,
                 strerror(errno));
        return -1;
    }
    int fd = ccdb_file_open_regular(path, why, sizeof why);
    if (fd < 0) {
        snprintf(err->message, sizeof err->message, "%.250s: %.250s", path, why);
        return -1;
    }
    ssize_t n = read(fd, text, sizeof text - 1);
    int saved = errno;
    close(fd);
    if (n < 0) {
        snprintf(err->message, sizeof err->message, "%.400s: cannot read: %s", path,
                 strerror(saved));
        return -1;
    }
    text[n] = '\0';
    char *end = NULL; /* strtod only from a digit or '.': no space, sign, "inf" or "nan" */
    double v = (text[0] >= '0' && text[0] <= '9') || text[0] == '.' ? strtod(text, &end) : NAN;
    if (n > 64 || !end || strcmp(end, "\n") != 0 || !isfinite(v) || !(v > 0)) {
        snprintf(err->message, sizeof err->message,
                 "%.400s:1: not a separation: the labels' minimum separation d > 0 (as "
                 "`ccdbench gen --min-sep D` writes it), one line",
                 path);
        return -1;
    }
    *d = v;
    return 0;
}

int ccdb_labels_sep_write(const char *queries, double d, ccdb_csv_error *err)
{
    char path[4096], text[64], why[512];
    if (record_path(queries, path, sizeof path) != 0) {
        snprintf(err->message, sizeof err->message, "%.400s: path too long", queries);
        return -1;
    }
    if (!(d > 0)) { /* labels at 0: no record, an earlier one removed */
        if (unlink(path) == 0 || errno == ENOENT)
            return 0;
        snprintf(err->message, sizeof err->message, "%.400s: cannot remove: %s", path,
                 strerror(errno));
        return -1;
    }
    int len = snprintf(text, sizeof text, "%.17g\n", d);
    if (ccdb_write_file_atomic(path, text, (size_t)len, why, sizeof why) != 0) {
        snprintf(err->message, sizeof err->message, "%.500s", why);
        return -1;
    }
    return 0;
}
