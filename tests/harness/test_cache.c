/* test_cache.c — the truth cache: round trip, absent entry, and every way a file can be wrong
 * (stale version, corrupt payload, truncation, trailing bytes, wrong key) detected, never
 * trusted. Plus the SHA-256 used for the key. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_dataset.h"
#include "ccdb_truth_cache.h"
#include "ccdb_test_fixtures.h"
#include "fake.h"

static char dir[256];

static void make_dir(void)
{
    ccdb_test_mkdtemp(dir, sizeof dir, "test-cache");
}

static void remove_dir(void)
{
    ccdb_test_rmtree(dir);
}

static void sample(ccdb_truth_result *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        t[i] = i % 3 ? fake_truth(1, 0.25 * (double)(i % 4), 0.25 * (double)(i % 4),
                                  CCDB_CLASS_GENERIC)
                     : fake_truth(0, 0, 0, CCDB_CLASS_COPLANAR);
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* Overwrites one byte at offset (negative: from the end). */
static void poke(const char *path, long offset, unsigned char value)
{
    FILE *f = fopen(path, "r+b");
    cr_assert_not_null(f);
    fseek(f, offset, offset < 0 ? SEEK_END : SEEK_SET);
    fputc(value, f);
    fclose(f);
}

static int load(const unsigned char key[32], size_t n, ccdb_truth_result *out, char *why)
{
    return ccdb_truth_cache_load(dir, key, n, out, why, 512);
}

TestSuite(cache, .init = make_dir, .fini = remove_dir);

Test(cache, round_trip_and_absent)
{
    enum { N = 10 };
    ccdb_truth_result in[N], out[N];
    sample(in, N);
    unsigned char key[32] = { 1, 2, 3 };
    char why[512];
    cr_assert_eq(load(key, N, out, why), 0, "nothing stored yet");
    cr_assert_eq(ccdb_truth_cache_store(dir, key, N, in, why, sizeof why), 0, "%s", why);
    memset(out, 0xff, sizeof out);
    cr_assert_eq(load(key, N, out, why), 1, "%s", why);
    for (int i = 0; i < N; i++) {
        cr_assert_eq(out[i].hit, in[i].hit);
        cr_assert_eq(out[i].toi_lo, in[i].toi_lo);
        cr_assert_eq(out[i].toi_hi, in[i].toi_hi);
        cr_assert_eq(out[i].cls, in[i].cls);
        cr_assert_eq(out[i].flags, in[i].flags);
        cr_assert_eq(out[i].stage, in[i].stage);
    }
    cr_assert_eq(load(key, N + 1, out, why), -1, "a count mismatch is rejected");
}

/* Each corruption of a valid file must be rejected with the expected reason. */
static void expect_rejected(long offset, int truncate_by, int append, const char *reason)
{
    enum { N = 6 };
    ccdb_truth_result in[N], out[N];
    sample(in, N);
    unsigned char key[32] = { 9, 8, 7 };
    char why[512], path[1024];
    cr_assert_eq(ccdb_truth_cache_store(dir, key, N, in, why, sizeof why), 0);
    ccdb_truth_cache_path(dir, key, path, sizeof path);
    if (truncate_by)
        cr_assert_eq(truncate(path, file_size(path) - truncate_by), 0);
    else if (append) {
        FILE *f = fopen(path, "ab");
        fputc(0, f);
        fclose(f);
    } else {
        FILE *f = fopen(path, "rb");
        fseek(f, offset, offset < 0 ? SEEK_END : SEEK_SET);
        int old = fgetc(f);
        fclose(f);
        poke(path, offset, (unsigned char)(old ^ 0x5a));
    }
    cr_assert_eq(load(key, N, out, why), -1, "corruption (%s) not detected", reason);
    cr_assert(strstr(why, reason), "reason '%s' not in '%s'", reason, why);
    /* Rebuilding overwrites it with a valid file. */
    cr_assert_eq(ccdb_truth_cache_store(dir, key, N, in, why, sizeof why), 0);
    cr_assert_eq(load(key, N, out, why), 1, "%s", why);
}

Test(cache, stale_version)
{
    expect_rejected(12, 0, 0, "stale");
}
Test(cache, bad_magic)
{
    expect_rejected(0, 0, 0, "magic");
}
Test(cache, payload_flip)
{
    expect_rejected(-3, 0, 0, "checksum");
}
Test(cache, payload_toi_flip)
{
    expect_rejected(72 + 24 + 2, 0, 0, "checksum");
}
Test(cache, truncated_payload)
{
    expect_rejected(0, 5, 0, "truncated");
}
Test(cache, truncated_header)
{
    expect_rejected(0, 72 + 6 * 24 - 10, 0, "truncated header");
}
Test(cache, trailing_bytes)
{
    expect_rejected(0, 0, 1, "trailing");
}
Test(cache, key_in_file_differs)
{
    expect_rejected(30, 0, 0, "key mismatch");
}

Test(cache, key_depends_on_content_kind_and_rounding)
{
    ccdb_dataset a;
    cr_assert_eq(ccdb_dataset_init(&a, "a", CCDB_KIND_VF, 3), 0);
    for (size_t i = 0; i < 3; i++)
        for (int p = 0; p < 8; p++)
            for (int c = 0; c < 3; c++)
                a.q[i][p][c] = (double)(i * 24 + (size_t)p * 3 + (size_t)c) / 7;
    unsigned char k0[32], k1[32];
    ccdb_truth_cache_key(&a, 0, k0);
    ccdb_truth_cache_key(&a, 0, k1);
    cr_assert_eq(memcmp(k0, k1, 32), 0, "deterministic");
    ccdb_truth_cache_key(&a, 1, k1);
    cr_assert_neq(memcmp(k0, k1, 32), 0, "round-inputs flag is part of the key");
    a.kind = CCDB_KIND_EE;
    ccdb_truth_cache_key(&a, 0, k1);
    cr_assert_neq(memcmp(k0, k1, 32), 0, "kind is part of the key");
    a.kind = CCDB_KIND_VF;
    a.q[2][7][2] = nextafter(a.q[2][7][2], 1e300);
    ccdb_truth_cache_key(&a, 0, k1);
    cr_assert_neq(memcmp(k0, k1, 32), 0, "one ulp of one coordinate changes the key");
    /* the separation of the truth: d = 0 is the contact key, every d > 0 its own */
    unsigned char k2[32];
    ccdb_truth_cache_key(&a, 0, k0);
    ccdb_truth_cache_key_sep(&a, 0, 0.0, k1);
    cr_assert_eq(memcmp(k0, k1, 32), 0, "d = 0: the contact truth's key");
    ccdb_truth_cache_key_sep(&a, 0, 1e-3, k1);
    cr_assert_neq(memcmp(k0, k1, 32), 0, "d is part of the key");
    ccdb_truth_cache_key_sep(&a, 0, nextafter(1e-3, 1), k2);
    cr_assert_neq(memcmp(k1, k2, 32), 0, "one ulp of d changes the key");
    ccdb_dataset_free(&a);
}

Test(sha256, known_vectors)
{
    static const struct {
        const char *in;
        const char *hex;
    } v[] = {
        { "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
        { "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
        { "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        ccdb_sha256 c;
        unsigned char d[32];
        char hex[65];
        ccdb_sha256_init(&c);
        /* feed byte by byte to exercise the buffering */
        for (const char *p = v[i].in; *p; p++)
            ccdb_sha256_update(&c, p, 1);
        ccdb_sha256_final(&c, d);
        for (int j = 0; j < 32; j++)
            snprintf(hex + 2 * j, 3, "%02x", d[j]);
        cr_assert_str_eq(hex, v[i].hex);
    }
}
