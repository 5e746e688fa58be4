/* truth_cache.c — exact results cached on disk, one file per dataset content.
 *
 * Key: SHA-256 over (CCDB_TRUTH_VERSION, kind, round-inputs flag, query count, the IEEE-754 bits
 * of every coordinate in order). The key hashes exactly what the truth is computed from, so a
 * file, a reformatted copy of it, or a generated dataset with the same queries share an entry.
 * File: <dir>/truth/<64 hex digits>.bin with a 72-byte header (magic "CCDBTRTH", format,
 * truth version, byte-order marker, record size, key, count, FNV-1a-64 checksum of the payload)
 * and 24-byte records (toi_lo, toi_hi, flags, hit, class, stage, 0). Native byte order: a cache
 * is a local artifact, and the marker rejects a foreign one. Anything that does not check out
 * (a FIFO or a device in place of the file included: never read from) is reported and rebuilt,
 * never trusted or waited on.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_truth_cache.h"
#include "ccdb_util.h"

#define MAGIC       "CCDBTRTH"
#define FORMAT      1u
#define ENDIAN_MARK 0x01020304u
#define HEADER_SIZE 72
#define RECORD_SIZE 24

void ccdb_truth_cache_key(const ccdb_dataset *ds, int round_inputs, unsigned char key[32])
{
    ccdb_truth_cache_key_sep(ds, round_inputs, 0.0, key);
}

void ccdb_truth_cache_key_sep(const ccdb_dataset *ds, int round_inputs, double d,
                              unsigned char key[32])
{
    ccdb_sha256 c;
    ccdb_sha256_init(&c);
    uint32_t head[3] = { CCDB_TRUTH_VERSION, (uint32_t)ds->kind, round_inputs ? 1u : 0u };
    uint64_t count = ds->count;
    ccdb_sha256_update(&c, "ccdbench-truth", 14);
    ccdb_sha256_update(&c, head, sizeof head);
    ccdb_sha256_update(&c, &count, sizeof count);
    ccdb_sha256_update(&c, ds->q, ds->count * sizeof ds->q[0]);
    if (d > 0) {
        ccdb_sha256_update(&c, "min-sep", 7);
        ccdb_sha256_update(&c, &d, sizeof d);
    }
    ccdb_sha256_final(&c, key);
}

const char *ccdb_truth_cache_dir(void)
{
    const char *env = getenv("CCDB_CACHE_DIR");
    return env && *env ? env : ".cache";
}

void ccdb_truth_cache_path(const char *dir, const unsigned char key[32], char *path, size_t len)
{
    char hex[65];
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", key[i]);
    snprintf(path, len, "%s/truth/%s.bin", dir, hex);
}

static void put32(unsigned char *p, uint32_t v)
{
    memcpy(p, &v, 4);
}
static void put64(unsigned char *p, uint64_t v)
{
    memcpy(p, &v, 8);
}
static uint32_t get32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static uint64_t get64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static void encode(const ccdb_truth_result *r, unsigned char *p)
{
    memcpy(p, &r->toi_lo, 8);
    memcpy(p + 8, &r->toi_hi, 8);
    put32(p + 16, r->flags);
    p[20] = (unsigned char)(r->hit ? 1 : 0);
    p[21] = (unsigned char)r->cls;
    p[22] = (unsigned char)r->stage;
    p[23] = 0;
}

/* Returns 0 when the record is well-formed. */
static int decode(const unsigned char *p, ccdb_truth_result *r)
{
    memcpy(&r->toi_lo, p, 8);
    memcpy(&r->toi_hi, p + 8, 8);
    r->flags = get32(p + 16);
    if (p[20] > 1 || p[21] >= CCDB_CLASS_COUNT || p[22] >= CCDB_STAGE_COUNT || p[23] != 0)
        return -1;
    r->hit = p[20];
    r->cls = (ccdb_truth_class)p[21];
    r->stage = (ccdb_truth_stage)p[22];
    if (r->hit && !(0 <= r->toi_lo && r->toi_lo <= r->toi_hi && r->toi_hi <= 1))
        return -1;
    return 0;
}

int ccdb_truth_cache_load(const char *dir, const unsigned char key[32], size_t n,
                          ccdb_truth_result *out, char *why, size_t whylen)
{
    char path[4096];
    ccdb_truth_cache_path(dir, key, path, sizeof path);
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(why, whylen, "%s: %s", path, strerror(errno));
        return 0;
    }
    /* Only a regular file is read: a FIFO (no writer) or a device there would block or never
     * end. Anything else is a corrupt entry, rebuilt like the others. */
    char reason[300];
    int fd = ccdb_file_open_regular(path, reason, sizeof reason);
    FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        snprintf(why, whylen, "%s: %s", path, fd >= 0 ? strerror(errno) : reason);
        return -1;
    }
    size_t want = HEADER_SIZE + n * RECORD_SIZE;
    unsigned char *buf = malloc(want + 1);
    if (!buf) {
        fclose(f);
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    /* Read one byte more than expected to detect trailing garbage. */
    size_t got = fread(buf, 1, want + 1, f);
    fclose(f);
    int rc = -1;
    const char *bad = NULL;
    if (got < HEADER_SIZE)
        bad = "truncated header";
    else if (memcmp(buf, MAGIC, 8) != 0)
        bad = "bad magic";
    else if (get32(buf + 8) != FORMAT)
        bad = "unknown cache format";
    else if (get32(buf + 12) != CCDB_TRUTH_VERSION)
        bad = "stale: made by another ground-truth version";
    else if (get32(buf + 16) != ENDIAN_MARK || get32(buf + 20) != RECORD_SIZE)
        bad = "foreign byte order or record size";
    else if (memcmp(buf + 24, key, 32) != 0)
        bad = "key mismatch";
    else if (get64(buf + 56) != n)
        bad = "query count mismatch";
    else if (got != want)
        bad = got < want ? "truncated payload" : "trailing bytes";
    else if (get64(buf + 64) !=
             ccdb_fnv1a64(CCDB_FNV1A64_BASIS, buf + HEADER_SIZE, n * RECORD_SIZE))
        bad = "payload checksum mismatch";
    else {
        rc = 1;
        for (size_t i = 0; i < n; i++)
            if (decode(buf + HEADER_SIZE + i * RECORD_SIZE, &out[i]) != 0) {
                bad = "malformed record";
                rc = -1;
                break;
            }
    }
    if (bad)
        snprintf(why, whylen, "%s: %s", path, bad);
    free(buf);
    return rc;
}

int ccdb_truth_cache_store(const char *dir, const unsigned char key[32], size_t n,
                           const ccdb_truth_result *res, char *why, size_t whylen)
{
    char path[4096], sub[4096];
    snprintf(sub, sizeof sub, "%s/truth", dir);
    if (ccdb_mkdir_p(sub) != 0) {
        snprintf(why, whylen, "%s: %s", sub, strerror(errno));
        return -1;
    }
    ccdb_truth_cache_path(dir, key, path, sizeof path);
    size_t size = HEADER_SIZE + n * RECORD_SIZE;
    unsigned char *buf = calloc(size, 1);
    if (!buf) {
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        encode(&res[i], buf + HEADER_SIZE + i * RECORD_SIZE);
    memcpy(buf, MAGIC, 8);
    put32(buf + 8, FORMAT);
    put32(buf + 12, CCDB_TRUTH_VERSION);
    put32(buf + 16, ENDIAN_MARK);
    put32(buf + 20, RECORD_SIZE);
    memcpy(buf + 24, key, 32);
    put64(buf + 56, n);
    put64(buf + 64, ccdb_fnv1a64(CCDB_FNV1A64_BASIS, buf + HEADER_SIZE, n * RECORD_SIZE));
    /* The cache owns its folder: an entry that is not a regular file (a FIFO, a device, a
     * link) is damage, removed so that the rebuilt file replaces it. (The atomic writer would
     * write into a special file in place, as it must for a file a user names.) */
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
        (void)unlink(path);
    int rc = ccdb_write_file_atomic(path, buf, size, why, whylen);
    free(buf);
    return rc;
}
