/* test_csv_stream.c — the streaming CSV reader (ccdb_csv_open / next / skip / close): the same
 * queries, labels and messages as the whole-file read for every chunk size 1..9, every read
 * size down to one byte (every buffer boundary), from memory and from a file, at the file's
 * ends, after "skip to query a", and errors that stay. */
#include <criterion/criterion.h>
#include <unistd.h>

#include "csv_reader.h"
#include "ccdb_test_fixtures.h"
#include "csv_test_util.h"

/* A valid file of n queries with varied values (fast path, GMP path, zero), 7 or 6 columns,
 * CRLF on some lines, and optionally no final newline. Returns a malloc'ed text. */
static char *make_text(size_t n, int columns, int final_newline, uint64_t seed, size_t *len)
{
    size_t cap = 256 + n * 8 * 160, at = 0;
    char *t = malloc(cap);
    cr_assert_not_null(t);
    for (size_t q = 0; q < n; q++) {
        int truth = (int)(ccdb_splitmix64(&seed) & 1);
        for (int row = 0; row < 8; row++) {
            for (int c = 0; c < 3; c++) {
                uint64_t r = ccdb_splitmix64(&seed);
                switch (r % 4) {
                case 0: /* small over a power of two: fast path */
                    at += (size_t)snprintf(t + at, cap - at, "%s%llu,%llu,", r & 16 ? "-" : "",
                                           (unsigned long long)(r >> 40), 1ull << (r >> 8 & 31));
                    break;
                case 1: /* zero, in a spelling */
                    at += (size_t)snprintf(t + at, cap - at, "%s,%llu,", r & 16 ? "-0" : "000",
                                           (unsigned long long)(1 + (r >> 50)));
                    break;
                case 2: /* not reduced: GMP path */
                    at += (size_t)snprintf(t + at, cap - at, "%llu,%llu,",
                                           (unsigned long long)(3 * (r >> 44)), 3ull << 5);
                    break;
                default: /* a 2^100 denominator: the 128-bit path */
                    at +=
                        (size_t)snprintf(t + at, cap - at, "%llu,1267650600228229401496703205376,",
                                         (unsigned long long)(r >> 12));
                    break;
                }
            }
            at--; /* the last comma */
            if (columns == 7)
                at += (size_t)snprintf(t + at, cap - at, ",%d", truth);
            at += (size_t)snprintf(t + at, cap - at, "%s",
                                   (q + (size_t)row) % 5 == 0 ? "\r\n" : "\n");
        }
    }
    if (!final_newline && at > 0)
        at -= t[at - 2] == '\r' ? 2 : 1;
    t[at] = '\0';
    *len = at;
    return t;
}

static ccdb_csv_options options(int columns)
{
    ccdb_csv_options o = { 0 };
    o.columns = columns == 6 ? CCDB_CSV_COLUMNS_ANY : CCDB_CSV_COLUMNS_7;
    return o;
}

/* Reads everything from r in chunks of `chunk` queries; returns 0 or -1 (err filled). */
static int read_in_chunks(ccdb_csv_reader *r, size_t chunk, ccdb_dataset *out, ccdb_csv_error *err)
{
    size_t cap = 4, n = 0;
    double(*q)[8][3] = malloc(cap * sizeof *q);
    unsigned char *label = malloc(cap);
    for (;;) {
        if (n + chunk > cap) {
            while (n + chunk > cap)
                cap *= 2;
            q = realloc(q, cap * sizeof *q);
            label = realloc(label, cap);
        }
        size_t got = 99;
        if (ccdb_csv_next(r, q + n, label + n, chunk, &got, err) != 0) {
            cr_assert_eq(got, 0, "nothing reported as read on failure");
            free(q);
            free(label);
            return -1;
        }
        if (got == 0)
            break;
        cr_assert_leq(got, chunk);
        n += got;
    }
    out->q = q;
    out->label = label;
    out->count = n;
    return 0;
}

static void expect_same(const ccdb_dataset *whole, const ccdb_dataset *part, size_t from,
                        int labels, const char *what)
{
    if (part->count == 0)
        return;
    cr_assert_leq(from + part->count, whole->count, "%s", what);
    cr_assert(memcmp(whole->q + from, part->q, part->count * sizeof *part->q) == 0,
              "%s: queries differ", what);
    if (labels)
        cr_assert(memcmp(whole->label + from, part->label, part->count) == 0, "%s: labels differ",
                  what);
}

static void free_parts(ccdb_dataset *d)
{
    free(d->q);
    free(d->label);
}

Test(csv_stream, chunks_and_read_sizes_give_the_whole_file_read)
{
    static const size_t reads[] = { 1, 2, 3, 7, 64, 1000, (size_t)1 << 20 };
    for (int columns = 6; columns <= 7; columns++)
        for (size_t n = 0; n <= 17; n += n < 2 ? 1 : 5) /* 0, 1, 2, 7, 12, 17 queries */
            for (int nl = 0; nl <= 1; nl++) {
                size_t len;
                char *text = make_text(n, columns, nl, 7 + n, &len);
                ccdb_csv_options opt = options(columns);
                ccdb_dataset whole;
                ccdb_csv_error err;
                cr_assert_eq(ccdb_csv_parse("t.csv", text, len, CCDB_KIND_EE, &opt, &whole, &err),
                             0, "%s", err.message);
                cr_assert_eq(whole.count, n);
                cr_assert(columns == 7 || n == 0 ? whole.label != NULL : whole.label == NULL,
                          "6-column files have no labels");
                for (size_t chunk = 1; chunk <= 9; chunk++)
                    for (size_t ri = 0; ri < sizeof reads / sizeof reads[0]; ri++) {
                        ccdb_csv_reader *r;
                        cr_assert_eq(ccdb_csv_open_memory("t.csv", text, len, &opt, &r, &err), 0);
                        csv_reader_limit_reads(r, reads[ri]);
                        ccdb_dataset part;
                        cr_assert_eq(read_in_chunks(r, chunk, &part, &err), 0, "%s", err.message);
                        cr_assert_eq(part.count, n, "chunk %zu read %zu", chunk, reads[ri]);
                        expect_same(&whole, &part, 0, columns == 7, "chunked");
                        cr_assert_eq(ccdb_csv_reader_columns(r), n              ? columns
                                                                 : columns == 7 ? 7
                                                                                : 0);
                        /* At the end it stays at the end. */
                        size_t got = 5;
                        cr_assert_eq(ccdb_csv_next(r, part.q, part.label, 3, &got, &err), 0);
                        cr_assert_eq(got, 0);
                        free_parts(&part);
                        ccdb_csv_close(r);
                    }
                ccdb_dataset_free(&whole);
                free(text);
            }
}

Test(csv_stream, from_a_file_with_small_reads)
{
    char dir[256], path[512];
    ccdb_test_mkdtemp(dir, sizeof dir, "stream");
    snprintf(path, sizeof path, "%s/q.csv", dir);
    size_t len;
    char *text = make_text(23, 7, 0, 3, &len);
    ccdb_test_write_file(path, text, len);
    ccdb_dataset whole;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_VF, NULL, &whole, &err), 0, "%s", err.message);
    cr_assert_eq(whole.count, 23);
    for (size_t chunk = 1; chunk <= 9; chunk++)
        for (size_t rd = 1; rd <= 130; rd += 43) {
            ccdb_csv_reader *r;
            cr_assert_eq(ccdb_csv_open(path, NULL, &r, &err), 0, "%s", err.message);
            csv_reader_limit_reads(r, rd);
            ccdb_dataset part;
            cr_assert_eq(read_in_chunks(r, chunk, &part, &err), 0, "%s", err.message);
            cr_assert_eq(part.count, 23);
            expect_same(&whole, &part, 0, 1, "file");
            free_parts(&part);
            ccdb_csv_close(r);
        }
    ccdb_dataset_free(&whole);
    free(text);
    unlink(path);
    rmdir(dir);
}

Test(csv_stream, skip_to_a_then_read_b_minus_a)
{
    const size_t n = 11;
    size_t len;
    char *text = make_text(n, 7, 1, 11, &len);
    ccdb_dataset whole;
    ccdb_csv_error err;
    cr_assert_eq(parse_text(text, 0, &whole, &err), 0, "%s", err.message);
    for (size_t a = 0; a <= n + 2; a++)
        for (size_t b = a; b <= n + 2; b++) {
            ccdb_csv_reader *r;
            cr_assert_eq(ccdb_csv_open_memory("t.csv", text, len, NULL, &r, &err), 0);
            csv_reader_limit_reads(r, 1 + (a * 7 + b) % 50);
            size_t skipped = 99;
            cr_assert_eq(ccdb_csv_skip(r, a, &skipped, &err), 0, "%s", err.message);
            cr_assert_eq(skipped, a < n ? a : n, "skip %zu of %zu", a, n);
            double q[16][8][3];
            unsigned char label[16];
            size_t got = 99;
            cr_assert_eq(ccdb_csv_next(r, q, label, b - a, &got, &err), 0, "%s", err.message);
            size_t want = b <= n ? b - a : a <= n ? n - a : 0;
            cr_assert_eq(got, want, "[%zu, %zu)", a, b);
            ccdb_dataset part = { .q = q, .label = label, .count = got };
            expect_same(&whole, &part, a, 1, "after skip");
            ccdb_csv_close(r);
        }
    ccdb_dataset_free(&whole);
    free(text);
}

Test(csv_stream, skip_does_not_check_and_keeps_line_numbers)
{
    /* Query 0 is malformed (line 3) and query 1 has an error on its line 5 (file line 13): the
     * whole read reports line 3; skipping query 0 reports line 13. */
    char text[4096] = "";
    for (int i = 0; i < 16; i++)
        strcat(text, i == 2    ? "1,0,1,1,1,1,0\n"
                     : i == 12 ? "1,1,1.5,1,1,1,0\n"
                               : "1,1,1,1,1,1,0\n");
    expect_error(text, 3, "zero denominator");
    ccdb_csv_reader *r;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_open_memory("t.csv", text, strlen(text), NULL, &r, &err), 0);
    size_t skipped;
    cr_assert_eq(ccdb_csv_skip(r, 1, &skipped, &err), 0);
    cr_assert_eq(skipped, 1);
    double q[2][8][3];
    size_t got = 9;
    cr_assert_eq(ccdb_csv_next(r, q, NULL, 2, &got, &err), -1);
    cr_assert_eq(got, 0);
    cr_assert(strstr(err.message, "t.csv:13: column 3 (y_num): not an integer: '1.5'"), "%s",
              err.message);
    /* The error stays: later calls repeat it. */
    ccdb_csv_error again;
    cr_assert_eq(ccdb_csv_next(r, q, NULL, 1, &got, &again), -1);
    cr_assert_str_eq(again.message, err.message);
    cr_assert_eq(ccdb_csv_skip(r, 1, &skipped, &again), -1);
    cr_assert_str_eq(again.message, err.message);
    ccdb_csv_close(r);
}

Test(csv_stream, incomplete_last_query_after_skip)
{
    /* 2 queries and 3 rows: skipping 2 is fine, then the partial query is an error; skipping 3
     * stops at 2 and the next read reports the same error. */
    char text[4096] = "";
    for (int i = 0; i < 19; i++)
        strcat(text, "1,1,1,1,1,1,1\n");
    for (size_t ask = 2; ask <= 3; ask++) {
        ccdb_csv_reader *r;
        ccdb_csv_error err;
        cr_assert_eq(ccdb_csv_open_memory("t.csv", text, strlen(text), NULL, &r, &err), 0);
        size_t skipped;
        cr_assert_eq(ccdb_csv_skip(r, ask, &skipped, &err), 0);
        cr_assert_eq(skipped, 2);
        double q[1][8][3];
        size_t got;
        cr_assert_eq(ccdb_csv_next(r, q, NULL, 1, &got, &err), -1);
        cr_assert(strstr(err.message,
                         "t.csv:19: incomplete query 2: the file ends after 3 of its 8 "
                         "rows (the row count 19 is not a multiple of 8)"),
                  "%s", err.message);
        ccdb_csv_close(r);
    }
    expect_error(text, 19, "incomplete query 2");
}

Test(csv_stream, errors_are_those_of_the_whole_read)
{
    /* Damaged files: the chunked read (any chunk, any read size) fails exactly when the whole
     * read does, with the same message, or reads the same queries. */
    size_t len;
    char *good = make_text(5, 7, 1, 5, &len);
    static const char alphabet[] = "0123456789,,-\n\r x";
    uint64_t seed = 77;
    char *text = malloc(len + 8);
    for (int iter = 0; iter < 600; iter++) {
        memcpy(text, good, len);
        size_t at = (size_t)(ccdb_splitmix64(&seed) % len);
        text[at] = alphabet[ccdb_splitmix64(&seed) % (sizeof alphabet - 1)];
        ccdb_dataset whole;
        ccdb_csv_error werr, cerr;
        ccdb_csv_options opt = { .columns = iter & 1 ? CCDB_CSV_COLUMNS_ANY : CCDB_CSV_COLUMNS_7 };
        int wrc = ccdb_csv_parse("t.csv", text, len, CCDB_KIND_VF, &opt, &whole, &werr);
        ccdb_csv_reader *r;
        cr_assert_eq(ccdb_csv_open_memory("t.csv", text, len, &opt, &r, &cerr), 0);
        csv_reader_limit_reads(r, 1 + ccdb_splitmix64(&seed) % 90);
        ccdb_dataset part;
        int crc = read_in_chunks(r, 1 + ccdb_splitmix64(&seed) % 9, &part, &cerr);
        cr_assert_eq(crc, wrc, "iter %d: %s", iter, wrc ? werr.message : cerr.message);
        if (wrc) {
            cr_assert_str_eq(cerr.message, werr.message);
        } else {
            cr_assert_eq(part.count, whole.count);
            expect_same(&whole, &part, 0, whole.label != NULL, "damaged");
            free_parts(&part);
            ccdb_dataset_free(&whole);
        }
        ccdb_csv_close(r);
    }
    free(text);
    free(good);
}

Test(csv_stream, long_line_grows_the_buffer)
{
    /* A 5000-digit zero numerator (valid) read 16 bytes at a time. */
    size_t cap = 8 * 5100;
    char *text = malloc(cap);
    text[0] = '\0';
    for (int i = 0; i < 8; i++) {
        size_t at = strlen(text);
        memset(text + at, '0', 5000);
        strcpy(text + at + 5000, ",1,1,2,3,4,1\n");
    }
    ccdb_csv_reader *r;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_open_memory("t.csv", text, strlen(text), NULL, &r, &err), 0);
    csv_reader_limit_reads(r, 16);
    double q[1][8][3];
    unsigned char label[1];
    size_t got;
    cr_assert_eq(ccdb_csv_next(r, q, label, 1, &got, &err), 0, "%s", err.message);
    cr_assert_eq(got, 1);
    cr_assert_eq(q[0][7][0], 0.0);
    cr_assert_eq(q[0][7][1], 0.5);
    cr_assert_eq(label[0], 1);
    ccdb_csv_close(r);
    free(text);
}
