/* fuzz_csv.c — libFuzzer target for the CSV reader (both formats).
 *
 * Input: byte 0 chooses the options (round_inputs, 7 / 6 / either columns) and where to skip to,
 * byte 1 the chunk size (1..8 queries) and the read size (1..32 bytes), the rest is the file.
 * Checks, aborting on any failure (besides the sanitizers' own):
 *   - the whole read succeeds with 8 rows per query, labels only for 7 columns, or fails with a
 *     "f.csv:" message and an empty dataset;
 *   - the streaming reader, in chunks and tiny reads, gives the same queries and labels, or the
 *     same message;
 *   - after "skip to query a" it gives queries a.. of the whole read;
 *   - what was read writes canonically and reads back bit for bit.
 * Build: cmake -DCMAKE_C_COMPILER=clang -DCCDB_FUZZ=ON; run: .ci/fuzz (docs/csv-format.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "csv_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(c)                                                                     \
    do {                                                                             \
        if (!(c)) {                                                                  \
            fprintf(stderr, "fuzz_csv: check failed: %s (line %d)\n", #c, __LINE__); \
            abort();                                                                 \
        }                                                                            \
    } while (0)

/* Streams text from query `from` in chunks; compares with the whole read (rc, message, values). */
static void stream_and_compare(const char *text, size_t len, const ccdb_csv_options *opt,
                               size_t from, size_t chunk, size_t bytes, int whole_rc,
                               const ccdb_dataset *whole, const ccdb_csv_error *whole_err)
{
    ccdb_csv_reader *r;
    ccdb_csv_error err;
    CHECK(ccdb_csv_open_memory("f.csv", text, len, opt, &r, &err) == 0);
    csv_reader_limit_reads(r, bytes);
    size_t skipped = 0, at = 0;
    int rc = ccdb_csv_skip(r, from, &skipped, &err);
    CHECK(rc == 0); /* skipping in memory cannot fail */
    at = skipped;
    double(*q)[8][3] = malloc(chunk * sizeof *q);
    unsigned char *label = malloc(chunk);
    CHECK(q && label);
    for (;;) {
        size_t got = 99;
        rc = ccdb_csv_next(r, q, label, chunk, &got, &err);
        if (rc != 0) {
            CHECK(got == 0);
            break;
        }
        CHECK(got <= chunk);
        if (got == 0)
            break;
        if (whole_rc == 0) {
            CHECK(at + got <= whole->count);
            CHECK(memcmp(q, whole->q + at, got * sizeof *q) == 0);
            if (whole->label)
                CHECK(memcmp(label, whole->label + at, got) == 0);
        }
        at += got;
    }
    if (from == 0) { /* from the start: exactly the whole read's outcome */
        CHECK(rc == whole_rc);
        if (rc)
            CHECK(strcmp(err.message, whole_err->message) == 0);
        else
            CHECK(at == whole->count);
    } else if (whole_rc == 0) { /* a valid file stays valid from any query on */
        CHECK(rc == 0);
        CHECK(at == whole->count);
    }
    if (rc) { /* the error stays */
        ccdb_csv_error again;
        size_t got;
        CHECK(ccdb_csv_next(r, q, label, 1, &got, &again) == -1);
        CHECK(strcmp(again.message, err.message) == 0);
    }
    free(q);
    free(label);
    ccdb_csv_close(r);
}

/* Canonical write of what was read, read back: the same doubles and labels. */
static void round_trip(const ccdb_dataset *ds)
{
    char *buf = NULL;
    size_t blen = 0;
    FILE *f = open_memstream(&buf, &blen);
    CHECK(f);
    for (size_t k = 0; k < ds->count; k++)
        CHECK(ccdb_csv_write_query(f, (const double(*)[3])ds->q[k], ds->label ? ds->label[k] : 0) ==
              0);
    CHECK(fclose(f) == 0);
    ccdb_dataset back;
    ccdb_csv_error err;
    CHECK(ccdb_csv_parse("w.csv", buf, blen, CCDB_KIND_VF, NULL, &back, &err) == 0);
    CHECK(back.count == ds->count);
    CHECK(memcmp(back.q, ds->q, ds->count * sizeof *ds->q) == 0);
    if (ds->label)
        CHECK(memcmp(back.label, ds->label, ds->count) == 0);
    ccdb_dataset_free(&back);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    ccdb_csv_options opt = { .round_inputs = data[0] & 1,
                             .columns = (ccdb_csv_columns)((data[0] >> 1 & 3) % 3) };
    size_t skip_to = (size_t)(data[0] >> 3);
    size_t chunk = 1 + (data[1] & 7), bytes = 1 + (data[1] >> 3);
    const char *text = (const char *)data + 2;
    size_t len = size - 2;

    ccdb_dataset whole;
    ccdb_csv_error err;
    int rc = ccdb_csv_parse("f.csv", text, len, CCDB_KIND_VF, &opt, &whole, &err);
    if (rc == 0) {
        size_t rows = 0;
        for (size_t i = 0; i < len; i++)
            rows += text[i] == '\n';
        rows += len > 0 && text[len - 1] != '\n';
        CHECK(rows == 8 * whole.count);
        CHECK(opt.columns != CCDB_CSV_COLUMNS_6 || !whole.label);
        CHECK(opt.columns != CCDB_CSV_COLUMNS_7 || whole.label);
        CHECK(opt.round_inputs || whole.rounded_values == 0);
        round_trip(&whole);
    } else {
        CHECK(rc == -1);
        CHECK(strncmp(err.message, "f.csv:", 6) == 0);
        CHECK(!whole.q && !whole.label && whole.count == 0);
    }
    stream_and_compare(text, len, &opt, 0, chunk, bytes, rc, &whole, &err);
    if (skip_to)
        stream_and_compare(text, len, &opt, skip_to, chunk, bytes, rc, &whole, &err);
    ccdb_dataset_free(&whole);
    return 0;
}
