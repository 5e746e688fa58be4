/* csv_read.c — a whole CSV file (or text in memory) into a dataset, built on the streaming
 * reader (csv_reader.c): one cheap pass counts the lines, the queries are allocated once at
 * their exact size, and a second pass parses them straight into place. Peak memory is the
 * queries plus one read buffer, never the text and the queries together.
 * On any error nothing is returned but the message "FILE:LINE: what is wrong". */
#include <stdlib.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "csv_reader.h"
#include "read_error.h"

static int read_whole(ccdb_csv_reader *r, const char *name, ccdb_kind kind, ccdb_dataset *out,
                      ccdb_csv_error *err)
{
    size_t lines;
    if (csv_reader_count_lines(r, &lines, err) != 0)
        return -1;
    size_t n = lines / 8; /* whole queries; a partial one is reported by the parse */
    if (ccdb_dataset_init(out, name, kind, n) != 0)
        return read_fail(err, name, 0, "out of memory for %zu queries", n);
    size_t got, more;
    double probe[1][8][3];
    unsigned char probe_label;
    if (ccdb_csv_next(r, out->q, out->label, n, &got, err) != 0 ||
        ccdb_csv_next(r, probe, &probe_label, 1, &more, err) != 0)
        return -1;
    if (more) /* the file grew between the two passes */
        return read_fail(err, name, 0, "the file changed while it was read");
    out->count = got;
    out->rounded_values = ccdb_csv_reader_rounded(r);
    if (ccdb_csv_reader_columns(r) == 6) { /* no truth column: no labels */
        free(out->label);
        out->label = NULL;
    }
    return 0;
}

/* Reads all of r into *out (emptied on failure) and closes r. */
static int read_and_close(ccdb_csv_reader *r, const char *name, ccdb_kind kind, ccdb_dataset *out,
                          ccdb_csv_error *err)
{
    int rc = read_whole(r, name, kind, out, err);
    ccdb_csv_close(r);
    if (rc != 0)
        ccdb_dataset_free(out);
    return rc;
}

/* opt (NULL: the defaults) with the rows read as `kind`. */
static ccdb_csv_options with_kind(const ccdb_csv_options *opt, ccdb_kind kind)
{
    ccdb_csv_options o = { 0 };
    if (opt)
        o = *opt;
    o.kind = kind;
    return o;
}

int ccdb_csv_parse(const char *name, const char *text, size_t len, ccdb_kind kind,
                   const ccdb_csv_options *opt, ccdb_dataset *out, ccdb_csv_error *err)
{
    memset(out, 0, sizeof *out);
    if (!name)
        name = "(memory)";
    if (err)
        err->message[0] = '\0';
    ccdb_csv_reader *r;
    ccdb_csv_options o = with_kind(opt, kind);
    if (ccdb_csv_open_memory(name, text, len, &o, &r, err) != 0)
        return -1;
    return read_and_close(r, name, kind, out, err);
}

int ccdb_csv_read(const char *path, ccdb_kind kind, const ccdb_csv_options *opt, ccdb_dataset *out,
                  ccdb_csv_error *err)
{
    memset(out, 0, sizeof *out);
    if (err)
        err->message[0] = '\0';
    ccdb_csv_reader *r;
    ccdb_csv_options o = with_kind(opt, kind);
    if (ccdb_csv_open(path, &o, &r, err) != 0)
        return -1;
    return read_and_close(r, path, kind, out, err);
}
