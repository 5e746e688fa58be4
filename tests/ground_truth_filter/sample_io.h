/* sample_io.h — minimal reader of the public sample queries for the filter tests and benchmark
 * (the project's CSV reader lives in datasets/; this one only needs the published layout). */
#ifndef CCDB_TEST_SAMPLE_IO_H
#define CCDB_TEST_SAMPLE_IO_H

#include <stddef.h>

typedef struct sample_set {
    size_t count;
    double (*q)[8][3];
    unsigned char *label; /* published truth, 0 or 1 */
    unsigned char *is_ee; /* 1: edge-edge, 0: vertex-face */
} sample_set;

/* Loads every <root>/<scene>/{vertex-face,edge-edge}/<file>.csv (sorted, deterministic).
 * Returns 0 on success; -1 (with a message on stderr) when a file is malformed or a value is not
 * exactly a double. */
int sample_load(const char *root, sample_set *out);
void sample_free(sample_set *s);

#endif
