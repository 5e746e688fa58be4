/* test_csv_fuzz.c — robustness and path agreement of the CSV reader: randomly damaged files
 * either read correctly or fail cleanly (message "t.csv:LINE: ...", nothing returned); the
 * fast 64-bit path and the GMP path agree on every value. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>

#include "csv_test_util.h"

Test(csv_fuzz, damaged_files_fail_cleanly_or_round_trip)
{
    const char *good = "1,2,3,4,-5,8,1\n0,1,7,1,0,1,1\n6993057989032551,4503599627370496,0,1,1,"
                       "9223372036854775808,1\n2,4,6,3,-12,16,1\n0,1,0,1,0,1,1\n0,1,0,1,0,1,1\n"
                       "0,1,0,1,0,1,1\n-1,1,00012,0003,1,1,1\n1,1,1,1,1,1,0\n1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n1,1,1,1,1,1,0\n1,1,1,1,1,1,0\n1,1,1,1,1,1,0\n"
                       "1,1,1,1,1,1,0\n1,1,1,1,1,1,0\n";
    static const char alphabet[] = "0123456789,,,--+\n\n\r .ae";
    const size_t glen = strlen(good);
    char text[4096];
    uint64_t seed = 2024;
    size_t ok = 0, failed = 0;
    for (int iter = 0; iter < 4000; iter++) {
        size_t len = glen;
        memcpy(text, good, glen);
        int edits = 1 + (int)(ccdb_splitmix64(&seed) % 3);
        for (int e = 0; e < edits; e++) {
            size_t at = (size_t)(ccdb_splitmix64(&seed) % len);
            char c = alphabet[ccdb_splitmix64(&seed) % (sizeof alphabet - 1)];
            switch (ccdb_splitmix64(&seed) % 3) {
            case 0: /* replace */ text[at] = c; break;
            case 1: /* delete */
                memmove(text + at, text + at + 1, len - at - 1);
                len--;
                break;
            default: /* insert */
                memmove(text + at + 1, text + at, len - at);
                text[at] = c;
                len++;
                break;
            }
        }
        ccdb_dataset ds;
        ccdb_csv_error err;
        int rc = ccdb_csv_parse("t.csv", text, len, CCDB_KIND_VF, NULL, &ds, &err);
        if (rc == 0) {
            ok++;
            size_t rows = 0;
            for (size_t i = 0; i < len; i++)
                rows += text[i] == '\n';
            rows += len > 0 && text[len - 1] != '\n';
            cr_assert_eq(rows, 8 * ds.count, "%.*s", (int)len, text);
            /* What was read writes and reads back identically. */
            char *buf = NULL;
            size_t blen = 0;
            FILE *f = open_memstream(&buf, &blen);
            for (size_t k = 0; k < ds.count; k++)
                cr_assert_eq(ccdb_csv_write_query(f, (const double(*)[3])ds.q[k], ds.label[k]), 0);
            fclose(f);
            ccdb_dataset back;
            cr_assert_eq(ccdb_csv_parse("w.csv", buf, blen, CCDB_KIND_VF, NULL, &back, &err), 0,
                         "%s", err.message);
            cr_assert_eq(back.count, ds.count);
            cr_assert(memcmp(back.q, ds.q, ds.count * sizeof *ds.q) == 0);
            cr_assert(memcmp(back.label, ds.label, ds.count) == 0);
            ccdb_dataset_free(&back);
            free(buf);
            ccdb_dataset_free(&ds);
        } else {
            failed++;
            cr_assert_eq(rc, -1);
            cr_assert(strncmp(err.message, "t.csv:", 6) == 0, "%s", err.message);
            cr_assert_null(ds.q);
            cr_assert_eq(ds.count, 0);
        }
    }
    cr_assert_gt(failed, 0);
    cr_log_info("damaged files: %zu read, %zu rejected", ok, failed);
}

Test(csv_fuzz, fast_and_gmp_paths_agree)
{
    /* v = num/2^k read directly (a fast path when small) and as (num*3^j)/(2^k*3^j) (always
     * the GMP path: the denominator is not a power of two). Both must give the same double. */
    uint64_t seed = 99;
    mpz_t n, d;
    mpz_inits(n, d, (mpz_ptr)0);
    for (int i = 0; i < 2000; i++) {
        int64_t num = (int64_t)(ccdb_splitmix64(&seed) >> (11 + ccdb_splitmix64(&seed) % 53));
        if (ccdb_splitmix64(&seed) & 1)
            num = -num;
        /* k < 64: 64-bit fast path; 64..127: 128-bit fast path; above: GMP even directly. */
        unsigned k = (unsigned)(ccdb_splitmix64(&seed) % 200);
        unsigned j = 1 + (unsigned)(ccdb_splitmix64(&seed) % 30);
        char direct[512], scaled[512];
        mpz_set_si(n, (long)num);
        mpz_set_ui(d, 1);
        mpz_mul_2exp(d, d, k);
        gmp_snprintf(direct, sizeof direct, "%Zd,%Zd,0,1,0,1,0\n", n, d);
        for (unsigned t = 0; t < j; t++) {
            mpz_mul_ui(n, n, 3);
            mpz_mul_ui(d, d, 3);
        }
        gmp_snprintf(scaled, sizeof scaled, "%Zd,%Zd,0,1,0,1,0\n", n, d);
        ccdb_dataset a, b;
        ccdb_csv_error err;
        char ta[4096] = "", tb[4096] = "";
        for (int r = 0; r < 8; r++) {
            strcat(ta, direct);
            strcat(tb, scaled);
        }
        cr_assert_eq(parse_text(ta, 0, &a, &err), 0, "%s", err.message);
        cr_assert_eq(parse_text(tb, 0, &b, &err), 0, "%s", err.message);
        cr_assert(a.q[0][0][0] == b.q[0][0][0] && a.q[0][0][0] == ldexp((double)num, -(int)k),
                  "%s vs %s", direct, scaled);
        ccdb_dataset_free(&a);
        ccdb_dataset_free(&b);
    }
    mpz_clears(n, d, (mpz_ptr)0);
}
