/* sample_io.h — the public sample queries as one flat array, for the filter tests and benchmark
 * (read with the project's own strict CSV reader). */
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
