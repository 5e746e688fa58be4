/* csv_reader.c — the streaming CSV reader: queries a chunk at a time, with the rules and
 * messages of docs/csv-format.md, in memory bounded by one read buffer (line_reader.c) whatever
 * the file size. ccdb_csv_read and ccdb_csv_parse (csv_read.c) are built on it. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_dataset.h"
#include "csv_reader.h"
#include "csv_row.h"
#include "line_reader.h"
#include "read_error.h"

struct ccdb_csv_reader {
    char *name; /* file path or the name given (owned) */
    line_reader in;
    csv_row_parser p; /* p.line: lines consumed so far (every line is a row) */
    ccdb_csv_error error;
    int failed; /* the first error is kept and repeated by every later call */
    int rigid;  /* rows are a rigid query's: row 8 is checked */
    int sweep;  /* rows are a sweep's: rows 6 and 8 are checked (ccdb_sweep_check) */
};

/* Copies the kept error to err; returns -1. */
static int report(const ccdb_csv_reader *r, ccdb_csv_error *err)
{
    if (err)
        *err = r->error;
    return -1;
}

/* After csv_row_parse or read_fail filled r->error. */
static int failed(ccdb_csv_reader *r, ccdb_csv_error *err)
{
    r->failed = 1;
    return report(r, err);
}

static int read_failed(ccdb_csv_reader *r, ccdb_csv_error *err)
{
    if (r->in.err_no == ENOMEM)
        read_fail(&r->error, r->name, 0, "out of memory reading the file");
    else
        read_fail(&r->error, r->name, 0, "cannot read: %s", strerror(r->in.err_no));
    return failed(r, err);
}

static ccdb_csv_reader *reader_new(const char *name, const ccdb_csv_options *opt)
{
    ccdb_csv_reader *r = calloc(1, sizeof *r);
    size_t len = strlen(name) + 1;
    if (!r || !(r->name = malloc(len))) {
        free(r);
        return NULL;
    }
    memcpy(r->name, name, len);
    r->rigid = opt && ccdb_kind_is_rigid(opt->kind);
    r->sweep = opt && ccdb_kind_is_sweep(opt->kind);
    csv_row_parser_init(&r->p, r->name, opt, &r->error);
    return r;
}

int ccdb_csv_open(const char *path, const ccdb_csv_options *opt, ccdb_csv_reader **out,
                  ccdb_csv_error *err)
{
    *out = NULL;
    char why[300];
    int fd = ccdb_file_open_regular(path, why, sizeof why);
    if (fd < 0)
        return read_fail(err, path, 0, "%s", why);
    ccdb_csv_reader *r = reader_new(path, opt);
    if (!r) {
        close(fd);
        return read_fail(err, path, 0, "out of memory");
    }
    line_reader_init_fd(&r->in, fd);
    *out = r;
    return 0;
}

int ccdb_csv_open_memory(const char *name, const char *text, size_t len,
                         const ccdb_csv_options *opt, ccdb_csv_reader **out, ccdb_csv_error *err)
{
    *out = NULL;
    if (!name)
        name = "(memory)";
    ccdb_csv_reader *r = reader_new(name, opt);
    if (!r)
        return read_fail(err, name, 0, "out of memory");
    line_reader_init_memory(&r->in, text, len);
    *out = r;
    return 0;
}

void ccdb_csv_close(ccdb_csv_reader *r)
{
    if (!r)
        return;
    line_reader_free(&r->in);
    csv_row_parser_free(&r->p);
    free(r->name);
    free(r);
}

int ccdb_csv_reader_columns(const ccdb_csv_reader *r)
{
    return r->p.columns;
}

size_t ccdb_csv_reader_rounded(const ccdb_csv_reader *r)
{
    return r->p.rounded;
}

/* Row 8 of a rigid query says which primitive moves: exactly (0,0,0) (the first) or (1,0,0)
 * (the second). Rows 5-7 need no rule: any finite c, w and s is a motion (|w| = tan(phi1 / 2) is
 * finite, so the angle is below pi), and every value read is finite. */
static int check_moving_row(ccdb_csv_reader *r, const double m[3])
{
    if ((m[0] == 0.0 || m[0] == 1.0) && m[1] == 0.0 && m[2] == 0.0)
        return 0;
    read_fail(&r->error, r->name, r->p.line,
              "row 8 of rigid query %zu must be 0,1,0,1,0,1 (the first primitive moves) or "
              "1,1,0,1,0,1 (the second moves), not (%.17g, %.17g, %.17g)",
              (r->p.line - 1) / 8, m[0], m[1], m[2]);
    return -1;
}

/* A sweep's motion rows (ccdb_sweep_check), reported on the query's last line. */
static int check_sweep(ccdb_csv_reader *r, const double q[8][3])
{
    char why[300];
    if (ccdb_sweep_check(q, why, sizeof why) == 0)
        return 0;
    read_fail(&r->error, r->name, r->p.line, "sweep query %zu: %s", (r->p.line - 1) / 8, why);
    return -1;
}

int ccdb_csv_next(ccdb_csv_reader *r, double (*q)[8][3], unsigned char *label, size_t max,
                  size_t *got, ccdb_csv_error *err)
{
    *got = 0;
    if (r->failed)
        return report(r, err);
    size_t k = 0;
    for (; k < max; k++) {
        int query_truth = -1;
        size_t first_line = 0;
        for (int row = 0; row < 8; row++) {
            const char *s;
            size_t n;
            int rc = line_reader_line(&r->in, &s, &n);
            if (rc < 0)
                return read_failed(r, err);
            if (rc == 0) {
                size_t rows = r->p.line; /* every line read or skipped was a row */
                if (rows % 8 == 0) {
                    *got = k;
                    return 0; /* the end, between two queries */
                }
                read_fail(&r->error, r->name, rows,
                          "incomplete query %zu: the file ends after %zu of its 8 rows (the row "
                          "count %zu is not a multiple of 8)",
                          rows / 8, rows % 8, rows);
                return failed(r, err);
            }
            r->p.line++;
            if (n > 0 && s[n - 1] == '\r')
                n--; /* CRLF line ending */
            if (n == 0) {
                read_fail(&r->error, r->name, r->p.line,
                          "blank line (every line must be a row of %s columns)",
                          r->p.columns == 6   ? "6"
                          : r->p.columns == 7 ? "7"
                                              : "6 or 7");
                return failed(r, err);
            }
            int truth;
            if (csv_row_parse(&r->p, s, n, q[k][row], &truth) != 0)
                return failed(r, err);
            if (row == 0) {
                query_truth = truth;
                first_line = r->p.line;
            } else if (truth != query_truth) {
                read_fail(&r->error, r->name, r->p.line,
                          "truth %d disagrees with truth %d on line %zu (the 8 rows of query %zu "
                          "must agree)",
                          truth, query_truth, first_line, (r->p.line - 1) / 8);
                return failed(r, err);
            }
        }
        if (r->rigid && check_moving_row(r, q[k][7]) != 0)
            return failed(r, err);
        if (r->sweep && check_sweep(r, (const double(*)[3])q[k]) != 0)
            return failed(r, err);
        if (label && query_truth >= 0)
            label[k] = (unsigned char)query_truth;
    }
    *got = k;
    return 0;
}

int ccdb_csv_skip(ccdb_csv_reader *r, size_t n, size_t *skipped, ccdb_csv_error *err)
{
    *skipped = 0;
    if (r->failed)
        return report(r, err);
    for (size_t k = 0; k < n; k++) {
        for (int row = 0; row < 8; row++) {
            const char *s;
            size_t len;
            int rc = line_reader_line(&r->in, &s, &len);
            if (rc < 0)
                return read_failed(r, err);
            if (rc == 0) /* the end (mid-query: the next read reports the incomplete query) */
                return 0;
            r->p.line++;
        }
        *skipped = k + 1;
    }
    return 0;
}

int csv_reader_count_lines(ccdb_csv_reader *r, size_t *lines, ccdb_csv_error *err)
{
    if (line_reader_count_lines(&r->in, lines) != 0)
        return read_failed(r, err);
    return 0;
}

void csv_reader_limit_reads(ccdb_csv_reader *r, size_t bytes)
{
    line_reader_limit_reads(&r->in, bytes);
}
