/* ccdb_truth_cache.h — exact truth of whole datasets, computed over threads, cached on disk
 * (docs/harness.md, "Truth cache"). */
#ifndef CCDB_TRUTH_CACHE_H
#define CCDB_TRUTH_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "ccdb_dataset.h"
#include "ccdb_input.h"
#include "ccdb_truth.h"

/* 1 when `kind` has an exact judge at a separation d > 0 (the linear and the rigid kinds), 0 when
 * it has one at d = 0 only (none today). */
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
/* The cache folder: $CCDB_CACHE_DIR if set and non-empty, else $XDG_CACHE_HOME/ccdbench (an
 * absolute XDG_CACHE_HOME), else $HOME/.cache/ccdbench; NULL when none of them is set. */
const char *ccdb_truth_cache_dir(void);
/* Makes dir ready for this run: creates dir and dir/truth where missing (mode 0700), checks that
 * both are the user's and that no one else can write into them, removes temporaries of dead
 * writers. Returns 0, or -1 with why ("PATH: owned by user N, not by you ..."): the caller then
 * runs without the cache. Load and store check the folders again on every use. */
int ccdb_truth_cache_prepare(const char *dir, char *why, size_t whylen);
/* Loads a cached truth into out[0..n). Returns 1 on a valid hit, 0 when absent, -1 when a file
 * exists but is corrupt, truncated or stale, not a regular file, not the user's, or when a
 * folder fails the checks of ccdb_truth_cache_prepare (why in `why`); out is then unspecified. */
int ccdb_truth_cache_load(const char *dir, const unsigned char key[32], size_t n,
                          ccdb_truth_result *out, char *why, size_t whylen);
/* Stores atomically: a new file (0600) under a temporary name in dir/truth, renamed there
 * (creates the folders as ccdb_truth_cache_prepare). Returns 0 or -1 (why filled). */
int ccdb_truth_cache_store(const char *dir, const unsigned char key[32], size_t n,
                           const ccdb_truth_result *res, char *why, size_t whylen);
/* The path of the cache file for a key (for tests and messages). */
void ccdb_truth_cache_path(const char *dir, const unsigned char key[32], char *path, size_t len);

/* Test hooks (tests only; never set by ccdbench). ccdb_truth_cache_test_uid: the user an entry
 * must belong to (-1, the default: the effective user), so that a test not run as root can
 * make its own entries foreign. ccdb_truth_cache_test_before_write: called with the entry's
 * path when its temporary file is open and nothing is written yet, so that a test can plant a
 * link at that moment. */
extern long ccdb_truth_cache_test_uid;
extern void (*ccdb_truth_cache_test_before_write)(const char *entry);

#endif
