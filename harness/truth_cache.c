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
 *
 * The cache belongs to its user: its folders must be the user's and writable by no one else,
 * entries are opened relative to the folder's descriptor with O_NOFOLLOW, an entry owned by
 * someone else is ignored, and a new entry is written under a temporary name in the folder and
 * renamed there (a link planted at its name is replaced, never followed).
 */
#include <errno.h>
#include <fcntl.h>
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

long ccdb_truth_cache_test_uid = -1;
void (*ccdb_truth_cache_test_before_write)(const char *entry);

const char *ccdb_truth_cache_dir(void)
{
    static char dir[4096];
    const char *env = getenv("CCDB_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"),
               *home = getenv("HOME");
    if (env && *env)
        return env;
    /* The XDG base directory rule: a relative XDG_CACHE_HOME is ignored. */
    int k = xdg && xdg[0] == '/' ? snprintf(dir, sizeof dir, "%s/ccdbench", xdg)
            : home && *home      ? snprintf(dir, sizeof dir, "%s/.cache/ccdbench", home)
                                 : -1;
    return k > 0 && (size_t)k < sizeof dir ? dir : NULL;
}

/* 0 when the folder (st, at path) is the user's and writable by no one else; else -1 with why. */
static int check_private(const struct stat *st, const char *path, char *why, size_t whylen)
{
    if (st->st_uid != geteuid())
        return ccdb_errorf(why, whylen, "%s: owned by user %ld, not by you (user %ld)", path,
                           (long)st->st_uid, (long)geteuid());
    if (st->st_mode & (S_IWGRP | S_IWOTH))
        return ccdb_errorf(why, whylen, "%s: others can write into it (mode %03o; chmod go-w)",
                           path, (unsigned)(st->st_mode & 0777));
    return 0;
}

/* The descriptor of DIR/truth after checking DIR and DIR/truth (check_private); with create,
 * both are created first where missing (mode 0700). Returns it, -2 when absent (create 0), or
 * -1 with why. */
static int open_cache(const char *dir, int create, char *why, size_t whylen)
{
    char sub[4200];
    snprintf(sub, sizeof sub, "%s/truth", dir);
    if (create && ccdb_mkdir_p_mode(dir, 0700) != 0)
        return ccdb_errorf(why, whylen, "%s: cannot create it: %s", dir, strerror(errno));
    /* DIR itself may be a link the user made (CCDB_CACHE_DIR): what it leads to is checked. */
    int top = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    struct stat st;
    if (top < 0) {
        int absent = errno == ENOENT && !create;
        ccdb_errorf(why, whylen, "%s: %s", dir, strerror(errno));
        return absent ? -2 : -1;
    }
    if (fstat(top, &st) != 0 || check_private(&st, dir, why, whylen) != 0) {
        close(top);
        return -1;
    }
    if (create && mkdirat(top, "truth", 0700) != 0 && errno != EEXIST) {
        ccdb_errorf(why, whylen, "%s: cannot create it: %s", sub, strerror(errno));
        close(top);
        return -1;
    }
    int fd = openat(top, "truth", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int e = errno;
    close(top);
    if (fd < 0) {
        ccdb_errorf(why, whylen, "%s: %s", sub, strerror(e));
        return e == ENOENT && !create ? -2 : -1;
    }
    if (fstat(fd, &st) != 0 || check_private(&st, sub, why, whylen) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int ccdb_truth_cache_prepare(const char *dir, char *why, size_t whylen)
{
    int fd = open_cache(dir, 1, why, whylen);
    if (fd < 0)
        return -1;
    (void)ccdb_tmp_remove_stale(fd, ""); /* entries being written by runs that died */
    close(fd);
    return 0;
}

/* The entry's name in DIR/truth. */
static void entry_name(const unsigned char key[32], char *name, size_t len)
{
    char hex[65];
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", key[i]);
    snprintf(name, len, "%s.bin", hex);
}

void ccdb_truth_cache_path(const char *dir, const unsigned char key[32], char *path, size_t len)
{
    char name[80];
    entry_name(key, name, sizeof name);
    snprintf(path, len, "%s/truth/%s", dir, name);
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
    char path[4096], name[80];
    ccdb_truth_cache_path(dir, key, path, sizeof path);
    entry_name(key, name, sizeof name);
    int dfd = open_cache(dir, 0, why, whylen);
    if (dfd < 0)
        return dfd == -2 ? 0 : -1;
    /* Only a regular file of the user's is read: a link is not followed, a FIFO (no writer) or
     * a device is never read from (it would block or never end). Anything else is a corrupt
     * entry, rebuilt like the others. */
    int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    int e = errno;
    close(dfd);
    struct stat st;
    if (fd < 0) {
        snprintf(why, whylen, "%s: %s", path,
                 e == ELOOP ? "a symbolic link (never followed)" : strerror(e));
        return e == ENOENT ? 0 : -1;
    }
    long user = ccdb_truth_cache_test_uid >= 0 ? ccdb_truth_cache_test_uid : (long)geteuid();
    const char *bad_file = fstat(fd, &st) != 0       ? strerror(errno)
                           : S_ISFIFO(st.st_mode)    ? "a FIFO, never read"
                           : !S_ISREG(st.st_mode)    ? "not a regular file, never read"
                           : (long)st.st_uid != user ? "owned by another user: ignored"
                                                     : NULL;
    FILE *f = bad_file ? NULL : fdopen(fd, "rb");
    if (!f) {
        snprintf(why, whylen, "%s: %s", path, bad_file ? bad_file : strerror(errno));
        close(fd);
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

/* Writes data[0..size) as the entry of key: a new file (mode 0600) under a temporary name in
 * DIR/truth, synced, renamed over the entry's name there. Whatever was at that name (a damaged
 * entry, a link, a FIFO) is replaced, never written through. Returns 0, or -1 with why. */
static int write_entry(const char *dir, const unsigned char key[32], const unsigned char *data,
                       size_t size, char *why, size_t whylen)
{
    char path[4096], name[80], tmp[160];
    ccdb_truth_cache_path(dir, key, path, sizeof path);
    entry_name(key, name, sizeof name);
    int dfd = open_cache(dir, 1, why, whylen);
    if (dfd < 0)
        return -1;
    int fd = -1;
    if (ccdb_tmp_template(tmp, sizeof tmp, name) == 0)
        fd = ccdb_tmp_openat(dfd, tmp, 0600);
    if (fd < 0) {
        ccdb_errorf(why, whylen, "%s: cannot create a temporary file: %s", path, strerror(errno));
        close(dfd);
        return -1;
    }
    if (ccdb_truth_cache_test_before_write)
        ccdb_truth_cache_test_before_write(path);
    int e = 0;
    /* Each round writes at least one byte or stops. */
    for (size_t done = 0; done < size && !e;) {
        ssize_t k = write(fd, data + done, size - done);
        if (k > 0)
            done += (size_t)k;
        else if (k == 0 || errno != EINTR)
            e = k == 0 ? EIO : errno;
    }
    if (!e && fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (!e && renameat(dfd, tmp, dfd, name) != 0)
        e = errno;
    if (e)
        (void)unlinkat(dfd, tmp, 0);
    ccdb_tmp_forget(dfd, tmp);
    close(dfd);
    if (e)
        return ccdb_errorf(why, whylen, "%s: cannot write: %s", path, strerror(e));
    return 0;
}

int ccdb_truth_cache_store(const char *dir, const unsigned char key[32], size_t n,
                           const ccdb_truth_result *res, char *why, size_t whylen)
{
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
    int rc = write_entry(dir, key, buf, size, why, whylen);
    free(buf);
    return rc;
}
