/* ccdb_truth_cache.h — exact truth of whole datasets, computed over threads, cached on disk
 * (docs/harness.md, "Truth cache"). */
#ifndef CCDB_TRUTH_CACHE_H
#define CCDB_TRUTH_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "ccdb_dataset.h"
#include "ccdb_input.h"
#include "ccdb_truth.h"

/* 1 when `kind` has an exact judge at a separation d > 0 (the linear kinds), 0 when it has one
 * at d = 0 only (the rigid kinds: no exact judge at d > 0 for rigid motion). */
int ccdb_truth_judges_sep(ccdb_kind kind);
/* The exact truth of one query of `kind` at separation d >= 0 (0: contact; the one dispatch
 * from kinds to judges). Returns 0, or -1 when the kind has no judge at d (d > 0 and not
 * ccdb_truth_judges_sep). */
int ccdb_truth_of(ccdb_truth *ctx, ccdb_kind kind, const double q[8][3], double d,
                  ccdb_truth_result *out);

/* Exact truth of every query, split over `threads` threads (one ccdb_truth per thread).
 * Returns 0, or -1 on allocation failure or a kind with no judge. */
int ccdb_truth_compute(const ccdb_dataset *ds, int threads, ccdb_truth_result *out);
/* The same at a minimum separation d >= 0 (ccdb_truth_vf_sep / _ee_sep; d = 0: the above). */
int ccdb_truth_compute_sep(const ccdb_dataset *ds, int threads, double d, ccdb_truth_result *out);

/* Fills in->truth: from the cache (dir NULL: no cache) when valid, else computed and stored.
 * A corrupt or stale file is reported on stderr and rebuilt. A generated input's intent is
 * then checked against the truth and its labels set from it (ccdb_gen_check).
 * Returns 0, or -1 with err filled (out of memory, or the intent contradicts the truth). */
int ccdb_truth_for_input(ccdb_input *in, const char *dir, int round_inputs, int threads, char *err,
                         size_t errlen);
/* Fills in->truth_sep with the truth at separation d > 0, from the cache or computed and stored
 * as above (its own cache entry: the key includes d). No intent check (generated intents are
 * the d = 0 truth's). */
int ccdb_truth_sep_for_input(ccdb_input *in, const char *dir, int round_inputs, int threads,
                             double d, char *err, size_t errlen);

/* SHA-256 (sha256.c), for the cache key. */
typedef struct ccdb_sha256 {
    uint32_t h[8];
    uint64_t len;
    unsigned char buf[64];
    size_t nbuf;
} ccdb_sha256;
void ccdb_sha256_init(ccdb_sha256 *c);
void ccdb_sha256_update(ccdb_sha256 *c, const void *data, size_t n);
void ccdb_sha256_final(ccdb_sha256 *c, unsigned char digest[32]);

/* Cache key: SHA-256 of (CCDB_TRUTH_VERSION, kind, round_inputs, count, every coordinate's
 * IEEE-754 bits). */
void ccdb_truth_cache_key(const ccdb_dataset *ds, int round_inputs, unsigned char key[32]);
/* The key of the truth at separation d: for d > 0 the IEEE-754 bits of d are hashed too (after
 * everything above); d = 0 gives exactly ccdb_truth_cache_key's key, so caches stay valid. */
void ccdb_truth_cache_key_sep(const ccdb_dataset *ds, int round_inputs, double d,
                              unsigned char key[32]);
/* The cache folder: $CCDB_CACHE_DIR if set and non-empty, else ".cache". */
const char *ccdb_truth_cache_dir(void);
/* Loads a cached truth into out[0..n). Returns 1 on a valid hit, 0 when absent, -1 when a file
 * exists but is corrupt, truncated or stale (why in `why`); out is then unspecified. */
int ccdb_truth_cache_load(const char *dir, const unsigned char key[32], size_t n,
                          ccdb_truth_result *out, char *why, size_t whylen);
/* Stores atomically (ccdb_write_file_atomic; creates dir/truth). Returns 0 or -1 (why filled). */
int ccdb_truth_cache_store(const char *dir, const unsigned char key[32], size_t n,
                           const ccdb_truth_result *res, char *why, size_t whylen);
/* The path of the cache file for a key (for tests and messages). */
void ccdb_truth_cache_path(const char *dir, const unsigned char key[32], char *path, size_t len);

#endif
