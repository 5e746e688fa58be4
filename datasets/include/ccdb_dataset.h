/* ccdb_dataset.h — the query model and the public rational CSV formats.
 *
 * A query is 8 points as plain `double q[8][3]` in the public benchmark's row order:
 *   VF: v_t0, f0_t0, f1_t0, f2_t0, v_t1, f0_t1, f1_t1, f2_t1
 *   EE: ea0_t0, ea1_t0, eb0_t0, eb1_t0, ea0_t1, ea1_t1, eb0_t1, eb1_t1
 * Each double is the exact input (it is read as the exact rational it is).
 *
 * CSV: 8 rows per query, columns x_num,x_den,y_num,y_den,z_num,z_den,truth (the 2021 benchmark),
 * or the same without truth (the 2023 dataset, whose labels are a JSON array of booleans in a
 * sibling mma_bool/ folder); no header.
 * Reading is strict: every malformed input is an error naming file and line; nothing is
 * silently dropped or rounded (unless round_inputs is asked for, and then it is recorded).
 * Only regular files are read (FIFOs and devices are refused: they may block or never end), and
 * reading streams: memory holds the parsed queries and one read buffer, not the text.
 * Writing is canonical (reduced fraction, positive power-of-two denominator, "0,1" for zero)
 * and atomic (temporary file + rename): nothing half-written.
 * Every rule and error is listed in docs/csv-format.md. In short: integers are `-?[0-9]+`
 * (no '+', no spaces; denominators positive), LF or CRLF line endings, final newline optional,
 * blank lines are errors, an empty (0-byte) file is 0 queries, zero reads as +0.0.
 */
#ifndef CCDB_DATASET_H
#define CCDB_DATASET_H

#include <stddef.h>
#include <stdio.h>

/* The query kinds: linear motion (every point on a straight line), rigid motion (one
 * primitive on a body turning about an axis and translating; docs/rigid.md) or a sweep (the
 * engines' motion: a centre on a line, constant angular velocity about it; docs/sweep.md). */
typedef enum ccdb_kind {
    CCDB_KIND_VF = 0,
    CCDB_KIND_EE = 1,
    CCDB_KIND_RIGID_VF = 2,
    CCDB_KIND_RIGID_EE = 3,
    CCDB_KIND_SWEEP_VF = 4,
    CCDB_KIND_SWEEP_EE = 5,
    CCDB_KIND_UNKNOWN = 6
} ccdb_kind;
#define CCDB_KIND_COUNT 6 /* the known kinds: 0 .. CCDB_KIND_COUNT - 1 */

/* "vf", "ee", "rigid-vf", "rigid-ee", "sweep-vf", "sweep-ee" ("unknown" otherwise). */
const char *ccdb_kind_name(ccdb_kind kind);
/* Its folder in the public layouts and in findings: "vertex-face", "edge-edge",
 * "rigid-vertex-face", "rigid-edge-edge", "sweep-vertex-face", "sweep-edge-edge" ("unknown"
 * otherwise). */
const char *ccdb_kind_folder(ccdb_kind kind);
/* 1 for the rigid kinds (rows 5-8 are the screw motion, not the points at t = 1). */
int ccdb_kind_is_rigid(ccdb_kind kind);
/* 1 for the sweep kinds (rows 5-8 are the sweep: O, w, v, (moving, theta, 0)). */
int ccdb_kind_is_sweep(ccdb_kind kind);
/* 1 for the edge-edge kinds (linear, rigid or sweep), 0 for the vertex-face ones. */
int ccdb_kind_is_edge_edge(ccdb_kind kind);
/* The short name of row r (0..7) of a query of this kind, as in the comment at the top:
 * "v_t0", "eb1_t1", "c" (axis point), "w" (axis), "s" (translation), "moving"; for a sweep
 * "O" (centre), "w", "v" (its velocity), "moving_theta"; "?" otherwise. */
const char *ccdb_kind_row_meaning(ccdb_kind kind, int r);
/* Parses a kind name (as ccdb_kind_name); returns 0 on success. */
int ccdb_kind_parse(const char *text, ccdb_kind *out);
/* The names ccdb_kind_parse accepts, for usage messages. */
#define CCDB_KIND_NAMES "vf|ee|rigid-vf|rigid-ee|sweep-vf|sweep-ee"
/* From a kind folder as a path component (exactly one of the six; the 2021 layout); else from
 * the file name of the 2023 layout, `<step><vf|ee>.csv` (the name without `.csv` is zero or more
 * digits then `vf` or `ee`); CCDB_KIND_UNKNOWN if neither. */
ccdb_kind ccdb_kind_from_path(const char *path);

/* The poses of a rigid query (kind rigid-vf / rigid-ee) at t = 0 and t = 1, in the linear layout
 * (rows 0-3 the points at t = 0, rows 4-7 at t = 1), rounded to doubles: for pictures and
 * people, never for a decision (the arc between them is not a straight line). out may be q. */
void ccdb_rigid_poses(const double q[8][3], ccdb_kind kind, double out[8][3]);
/* The four points of a rigid query at time t in [0, 1] (rotation t phi1, translation g(t) s),
 * rounded to doubles, likewise for pictures only. out may be q. */
void ccdb_rigid_pose_at(const double q[8][3], ccdb_kind kind, double t, double out[4][3]);

/* The rules of a sweep query's motion rows (docs/csv-format.md): row 8 is (moving, theta, 0)
 * with moving 0 (the first primitive moves) or 1 (the second), and w (row 6) is nonzero unless
 * theta = 0. Returns 0, or -1 with why (no file or line: the caller adds them). */
int ccdb_sweep_check(const double q[8][3], char *why, size_t whylen);

typedef struct ccdb_dataset {
    char *name; /* file path or generator id (owned) */
    ccdb_kind kind;
    size_t count;          /* number of queries */
    double (*q)[8][3];     /* count queries (owned) */
    unsigned char *label;  /* truth column per query, 0 or 1 (owned) */
    size_t rounded_values; /* how many values round_inputs changed (0 when not asked) */
} ccdb_dataset;

/* Which rows a CSV file may have. */
typedef enum ccdb_csv_columns {
    CCDB_CSV_COLUMNS_7 = 0,  /* x_num,x_den,y_num,y_den,z_num,z_den,truth (2021; the default) */
    CCDB_CSV_COLUMNS_6 = 1,  /* x_num,x_den,y_num,y_den,z_num,z_den (2023: no truth column) */
    CCDB_CSV_COLUMNS_ANY = 2 /* either, fixed by the first row read; a file mixing them is an
                                error */
} ccdb_csv_columns;

typedef struct ccdb_csv_options {
    int round_inputs;         /* accept rationals that are not doubles, rounding to nearest */
    ccdb_csv_columns columns; /* default (zero): 7 columns only */
    ccdb_kind kind;           /* the rows' meaning, for the streaming reader: a rigid kind checks
                                 row 8 of every query (docs/csv-format.md); default (zero): a
                                 linear kind, no rule on the rows. ccdb_csv_read and
                                 ccdb_csv_parse use their own kind argument instead. */
} ccdb_csv_options;

/* Error text: "FILE:LINE: what is wrong" (or "FILE: ..." when no line applies). */
typedef struct ccdb_csv_error {
    char message[512];
} ccdb_csv_error;

/* Reads a whole CSV file. kind is stored as given (the caller resolves it). opt may be NULL
 * (7 columns, no rounding). A file with 6-column rows has no labels: out->label is NULL.
 * Memory: the queries (allocated once, exactly) and one read buffer; the file is read twice
 * (a cheap line count, then the parse). Only a regular file is read.
 * Returns 0 on success; on failure returns -1, fills err, and leaves *out empty. */
int ccdb_csv_read(const char *path, ccdb_kind kind, const ccdb_csv_options *opt, ccdb_dataset *out,
                  ccdb_csv_error *err);
/* Same from memory; `name` is used in error messages. */
int ccdb_csv_parse(const char *name, const char *text, size_t len, ccdb_kind kind,
                   const ccdb_csv_options *opt, ccdb_dataset *out, ccdb_csv_error *err);
/* Streaming reader: the same rules and messages, a chunk of queries at a time, in memory bounded
 * by one 1 MiB read buffer (more only while a single line is longer) whatever the file size:
 *     ccdb_csv_reader *r;
 *     if (ccdb_csv_open(path, &opt, &r, &err) != 0) ... err.message ...;
 *     ccdb_csv_skip(r, a, &skipped, &err);                  to query a
 *     while (ccdb_csv_next(r, q, label, CHUNK, &got, &err) == 0 && got > 0) ... q[0..got) ...;
 *     ccdb_csv_close(r);
 * The first error is kept: every later call returns -1 with it. */
typedef struct ccdb_csv_reader ccdb_csv_reader;

/* Opens a regular file (FIFOs, devices and folders are refused with a message: nothing is read
 * from them). Returns 0 with *out, or -1 with err ("FILE: cannot open: ..."). */
int ccdb_csv_open(const char *path, const ccdb_csv_options *opt, ccdb_csv_reader **out,
                  ccdb_csv_error *err);
/* The same over text[0..len) (kept by the caller until ccdb_csv_close); `name` for messages. */
int ccdb_csv_open_memory(const char *name, const char *text, size_t len,
                         const ccdb_csv_options *opt, ccdb_csv_reader **out, ccdb_csv_error *err);
/* Reads up to `max` queries into q[0..) and, for 7-column rows, their truth into label[0..)
 * (label may be NULL; it is not written for 6-column rows). *got is how many were read; 0 means
 * the end of the file. Returns 0, or -1 with err (nothing of the failed call is valid). */
int ccdb_csv_next(ccdb_csv_reader *r, double (*q)[8][3], unsigned char *label, size_t max,
                  size_t *got, ccdb_csv_error *err);
/* Skips up to n queries (8 n lines) without converting or checking them: cheap (a scan for line
 * ends), and the reader that reads those queries checks them. *skipped < n only at the end of
 * the file. Line numbers in later messages are the file's. Returns 0, or -1 (read error). */
int ccdb_csv_skip(ccdb_csv_reader *r, size_t n, size_t *skipped, ccdb_csv_error *err);
/* 7 or 6 for the rows read so far; 0 before the first row under CCDB_CSV_COLUMNS_ANY. */
int ccdb_csv_reader_columns(const ccdb_csv_reader *r);
/* Values round_inputs changed so far. */
size_t ccdb_csv_reader_rounded(const ccdb_csv_reader *r);
/* Closes the file and frees the reader (NULL is fine). */
void ccdb_csv_close(ccdb_csv_reader *r);

/* Labels of the 2023 dataset: a JSON array of booleans, one per query of the queries file
 * `queries` (named in messages). Strict: JSON whitespace, `[`, `true`/`false` separated by
 * commas, `]`, and nothing else (no null, numbers, nesting, trailing comma or trailing data).
 * Fills labels[0..count) with 1 (true) or 0 (false). Returns 0, or -1 with err
 * "FILE:LINE: byte B: ..." (label K = array position K, from 0 like query indices), also when
 * the array does not hold exactly `count` labels. Only a regular file is read; it streams. */
int ccdb_labels_read(const char *path, const char *queries, size_t count, unsigned char *labels,
                     ccdb_csv_error *err);
/* The same over text[0..len); `name` for messages. */
int ccdb_labels_parse(const char *name, const char *text, size_t len, const char *queries,
                      size_t count, unsigned char *labels, ccdb_csv_error *err);
/* Where the 2023 layout keeps the labels of a queries file `<scene>/queries/<stem>.csv`:
 * `<scene>/mma_bool/<stem>_mma_bool.json` (the mma_bool folder beside the file's folder).
 * Writes the path into buf; returns 0, or -1 when it does not fit. */
int ccdb_labels_path(const char *queries_path, char *buf, size_t len);
/* The published labels of the 2023 queries file `queries` (count queries), read from where the
 * layout keeps them (ccdb_labels_path). Returns 0 with *labels a new array of count bytes (the
 * caller frees it), or 0 with *labels NULL when there is no labels file for it (the queries are
 * then judged by the exact truth alone); -1 with err for a labels file that exists but cannot be
 * read or is malformed. */
int ccdb_labels_published(const char *queries, size_t count, unsigned char **labels,
                          ccdb_csv_error *err);
/* The minimum separation d the labels of the queries file `queries` were made at: `ccdbench gen`
 * of a separation family records d in `<queries>.min-sep` (labels_sep.c); without that file,
 * 0 (the contact truth: every public dataset). Returns 0 with *d set, or -1 with err
 * (`FILE:1: ...`) for a record that exists but cannot be read or is not one d > 0. */
int ccdb_labels_sep(const char *queries, double *d, ccdb_csv_error *err);
/* Writes `<queries>.min-sep` recording d > 0 (atomically); d = 0 removes an earlier record.
 * Returns 0, or -1 with err. */
int ccdb_labels_sep_write(const char *queries, double d, ccdb_csv_error *err);

/* Opens a regular file for reading (close-on-exec); refuses anything else without reading from
 * it or blocking (a FIFO with no writer, a device, a folder). Returns the descriptor, or -1 with
 * `why` set ("cannot open: ...", "cannot read: a FIFO: only regular files are read ..."). */
int ccdb_file_open_regular(const char *path, char *why, size_t whylen);

/* Writes canonically, atomically. Returns 0 on success, -1 with err filled. */
int ccdb_csv_write(const char *path, const ccdb_dataset *ds, ccdb_csv_error *err);
/* Writes the 8 rows of one query (canonical) to a stream; returns 0, or -1 on I/O error or
 * when a value is not finite or truth is not 0/1. */
int ccdb_csv_write_query(FILE *f, const double q[8][3], int truth);

/* Allocates an empty dataset of `count` queries (zeroed). Returns 0 or -1 on allocation failure. */
int ccdb_dataset_init(ccdb_dataset *ds, const char *name, ccdb_kind kind, size_t count);
void ccdb_dataset_free(ccdb_dataset *ds);

#endif
