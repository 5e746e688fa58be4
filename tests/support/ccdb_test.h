/* ccdb_test.h — the test support library (tests/support/ sources, built into ccdb_test_support, which
 * every test executable links): helpers and fixtures shared by several test binaries.
 * Compile-time paths every test sees: CCDB_SOURCE_DIR (the checkout), CCDB_BINARY_DIR (the build
 * folder), CCDB_SHARED_DIR (../shared beside the checkout; read it only through
 * ccdb_test_shared_path). */
#ifndef CCDB_TEST_H
#define CCDB_TEST_H

#include <stddef.h>

/* The public sample queries: <scene>/{vertex-face,edge-edge}/ CSV files, relative to CCDB_SHARED_DIR. */
#define CCDB_TEST_SAMPLE_QUERIES "datasets/sample-queries"
/* The 2023 public sample: <scene>/queries/<step><vf|ee>.csv with <scene>/mma_bool/ labels. */
#define CCDB_TEST_SAMPLE_2023 "datasets/scalable-ccd-sample"

/* CCDB_SHARED_DIR "/" relative, when it exists and is readable. Otherwise the calling test is
 * skipped (cr_skip_test: Criterion counts a skip, and the binary still exits 0) with a message
 * naming the path; or, when the environment sets CCDB_REQUIRE_SHARED (to anything but "" or "0",
 * as .ci/run does), the test fails instead, so a test that needs ../shared cannot pass silently
 * where ../shared should be. Call it from a test body only. The string lives until the next call. */
const char *ccdb_test_shared_path(const char *relative);

/* The CSV files of the public sample (CCDB_TEST_SAMPLE_QUERIES), sorted by path, into out[]
 * (at most cap; more fails the test); ee: 1 for edge-edge, 0 for vertex-face. Skips the calling
 * test as ccdb_test_shared_path does when ../shared is absent. */
typedef struct ccdb_test_sample_file {
    char path[4096 + 2 * 256 + 32];
    int ee;
} ccdb_test_sample_file;
size_t ccdb_test_sample_files(ccdb_test_sample_file *out, size_t cap);

/* 1 when CCDB_REQUIRE_SHARED asks for every ../shared test to run, else 0. */
int ccdb_test_shared_required(void);

/* Returns when the test runs as root; otherwise skips it (cr_skip_test) saying `why` it needs
 * root, or fails under CCDB_REQUIRE_SHARED (CI runs as root, so such a test must run there). */
void ccdb_test_require_root(const char *why);

/* Exact root parity's own test suite (a Catch2 file), relative to CCDB_SHARED_DIR. */
#define CCDB_TEST_ERP_TESTS "peers/exact-root-parity-ccd/tests/test_ccd.cpp"

/* One of its cases: a query in the public row order and the answer the suite expects. */
typedef struct ccdb_test_erp_case {
    double q[8][3];
    int expect_hit;
} ccdb_test_erp_case;

/* Its literal cases (591 vertex-face: 588 point-triangle then the 3 "Zhongshi" ones; 54
 * edge-edge), read from the file's GENERATE(...) lists (a list that is not plain numbers and
 * EPSILON fails the test) into vf[] and ee[] (room for vf_cap / ee_cap). Skips the calling test
 * as ccdb_test_shared_path does when ../shared is absent. */
void ccdb_test_erp_cases(ccdb_test_erp_case *vf, size_t vf_cap, size_t *n_vf,
                         ccdb_test_erp_case *ee, size_t ee_cap, size_t *n_ee);

#endif
