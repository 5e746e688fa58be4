/* csv_table.c — a CSV file with a header read whole (csv_table.h). One pass over the bytes,
 * each step moves forward: it ends at the end of the file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv_table.h"
#include "ccdb_dataset.h"
#include "ccdb_util.h"

/* The whole regular file at path, NUL-terminated, into *text. 0, or -1 with err. */
static int read_all(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
    char why[256];
    int fd = ccdb_file_open_regular(path, why, sizeof why);
    if (fd < 0)
        return ccdb_errorf(err, errlen, "%s: %s", path, why);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (buf && n + 1 == cap) {
            char *g = realloc(buf, cap * 2);
            if (!g) {
                free(buf);
                buf = NULL;
            } else {
                buf = g;
                cap *= 2;
            }
        }
        if (!buf) {
            close(fd);
            return ccdb_errorf(err, errlen, "%s: out of memory", path);
        }
        ssize_t k = read(fd, buf + n, cap - 1 - n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0) {
            int e = errno;
            free(buf);
            close(fd);
            return ccdb_errorf(err, errlen, "%s: cannot read: %s", path, strerror(e));
        }
        if (k == 0)
            break;
        n += (size_t)k;
    }
    close(fd);
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return 0;
}

int ccdb_csv_table_read(const char *path, ccdb_csv_table *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    size_t len;
    if (read_all(path, &t->text, &len, err, errlen) != 0)
        return -1;
    size_t cap = 1024, n = 0, fields = 0, line = 1;
    int oom = 0;
    t->cells = malloc(cap * sizeof *t->cells);
    char *p = t->text, *end = t->text + len;
    while (t->cells && p < end) {
        /* One field: p is at its first byte; it is unquoted into [start, w). */
        char *start = p, *w = p;
        size_t at_line = line;
        if (*p == '"') {
            p++;
            for (;;) {
                if (p == end) {
                    ccdb_csv_table_free(t);
                    return ccdb_errorf(err, errlen, "%s:%zu: a quoted field is never closed", path,
                                       at_line);
                }
                if (*p == '"' && p + 1 < end && p[1] == '"') {
                    *w++ = '"';
                    p += 2;
                } else if (*p == '"') {
                    p++;
                    break;
                } else {
                    line += *p == '\n';
                    *w++ = *p++;
                }
            }
            if (p < end && *p != ',' && *p != '\n') {
                ccdb_csv_table_free(t);
                return ccdb_errorf(err, errlen, "%s:%zu: text after a closing quote", path, line);
            }
        } else {
            while (p < end && *p != ',' && *p != '\n')
                p++;
            w = p;
        }
        int record_ends = p == end || *p == '\n';
        if (p < end)
            p++;
        *w = '\0';
        if (n == cap) {
            char **g = realloc(t->cells, 2 * cap * sizeof *g);
            if (!g) {
                oom = 1;
                break;
            }
            t->cells = g;
            cap *= 2;
        }
        t->cells[n++] = start;
        fields++;
        if (!record_ends)
            continue;
        if (!t->n_cols)
            t->n_cols = fields;
        else if (fields != t->n_cols) {
            ccdb_csv_table_free(t);
            return ccdb_errorf(err, errlen, "%s:%zu: %zu fields, the header has %zu", path, line,
                               fields, t->n_cols);
        }
        t->n_rows++;
        fields = 0;
        line++;
    }
    if (!t->cells || oom) {
        ccdb_csv_table_free(t);
        return ccdb_errorf(err, errlen, "%s: out of memory", path);
    }
    if (!t->n_rows) {
        ccdb_csv_table_free(t);
        return ccdb_errorf(err, errlen, "%s: empty (no header line)", path);
    }
    return 0;
}

int ccdb_csv_table_col(const ccdb_csv_table *t, const char *name)
{
    for (size_t c = 0; c < t->n_cols; c++)
        if (!strcmp(t->cells[c], name))
            return (int)c;
    return -1;
}

const char *ccdb_csv_table_cell(const ccdb_csv_table *t, size_t row, int col)
{
    return t->cells[row * t->n_cols + (size_t)col];
}

void ccdb_csv_table_free(ccdb_csv_table *t)
{
    free(t->text);
    free(t->cells);
    memset(t, 0, sizeof *t);
}
