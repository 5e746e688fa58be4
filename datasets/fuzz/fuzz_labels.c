/* fuzz_labels.c — libFuzzer target for the 2023 labels reader (JSON array of booleans).
 *
 * Input: byte 0 chooses the read size (1..64 bytes), the rest is the file. The expected label
 * count is the number of 't' and 'f' bytes (exact for any valid array). Checks, aborting on any
 * failure (besides the sanitizers' own):
 *   - whole and in tiny reads: the same result, labels and message ("l.json:" first);
 *   - a success has one label per "true"/"false" literal, 1 exactly for "true";
 *   - a valid array with one label too few or too many expected is refused by the count.
 * Build: cmake -DCMAKE_C_COMPILER=clang -DCCDB_FUZZ=ON; run: .ci/fuzz (docs/csv-format.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "labels_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(c)                                                                        \
    do {                                                                                \
        if (!(c)) {                                                                     \
            fprintf(stderr, "fuzz_labels: check failed: %s (line %d)\n", #c, __LINE__); \
            abort();                                                                    \
        }                                                                               \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t bytes = 1 + (data[0] & 63);
    const char *text = (const char *)data + 1;
    size_t len = size - 1, count = 0, trues = 0;
    for (size_t i = 0; i < len; i++) {
        count += text[i] == 't' || text[i] == 'f';
        trues += text[i] == 't';
    }
    unsigned char *a = malloc(count + 1), *b = malloc(count + 2);
    CHECK(a && b);
    ccdb_csv_error ea, eb;
    int ra = ccdb_labels_parse("l.json", text, len, "q.csv", count, a, &ea);
    int rb = labels_parse_in_reads("l.json", text, len, "q.csv", count, b, bytes, &eb);
    CHECK(ra == rb);
    if (ra == 0) {
        CHECK(memcmp(a, b, count) == 0);
        size_t ones = 0;
        for (size_t i = 0; i < count; i++) {
            CHECK(a[i] <= 1);
            ones += a[i];
        }
        CHECK(ones == trues);
        CHECK(ccdb_labels_parse("l.json", text, len, "q.csv", count + 1, b, &eb) == -1);
        CHECK(strstr(eb.message, "the array closes with"));
        if (count) {
            CHECK(ccdb_labels_parse("l.json", text, len, "q.csv", count - 1, b, &eb) == -1);
            CHECK(strstr(eb.message, "the array closes with"));
        }
    } else {
        CHECK(ra == -1);
        CHECK(strcmp(ea.message, eb.message) == 0);
        CHECK(strncmp(ea.message, "l.json:", 7) == 0);
    }
    free(a);
    free(b);
    return 0;
}
