/* test_csv_write.c — canonical writing, exact round trips (random doubles over the whole range,
 * the public sample files byte for byte), rounding on request, atomic replacement. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <float.h>
#include <gmp.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_test.h"
#include "ccdb_test_fixtures.h"
#include "csv_test_util.h"

/* Canonical text of one query written through ccdb_csv_write_query. */
static char *query_text(const double q[8][3], int truth)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_not_null(f);
    cr_assert_eq(ccdb_csv_write_query(f, q, truth), 0);
    fclose(f);
    return buf;
}

/* First value ("num,den") of a one-point query whose x is v. */
static void expect_text(double v, const char *want_num, const char *want_den)
{
    double q[8][3] = { { 0 } };
    q[0][0] = v;
    char *text = query_text((const double(*)[3])q, 1);
    char want[2048];
    snprintf(want, sizeof want, "%s,%s,0,1,0,1,1\n", want_num, want_den);
    cr_assert(strncmp(text, want, strlen(want)) == 0, "%a: got %.80s", v, text);
    free(text);
}

static char *pow2_text(unsigned k)
{
    mpz_t z;
    mpz_init(z);
    mpz_setbit(z, k);
    char *s = mpz_get_str(NULL, 10, z);
    mpz_clear(z);
    return s;
}

Test(csv_write, canonical_texts)
{
    expect_text(0.0, "0", "1");
    expect_text(-0.0, "0", "1");
    expect_text(0.5, "1", "2");
    expect_text(-0.625, "-5", "8");
    expect_text(3.0, "3", "1");
    expect_text(-1024.0, "-1024", "1");
    expect_text(ldexp(1, 63), "9223372036854775808", "1");
    expect_text(ldexp(1, -63), "1", "9223372036854775808");
    expect_text(6993057989032551.0 / 4503599627370496.0, "6993057989032551", "4503599627370496");
    char *d = pow2_text(1074);
    expect_text(DBL_TRUE_MIN, "1", d);
    free(d);
    d = pow2_text(64);
    expect_text(ldexp(1, -64), "1", d);
    expect_text(ldexp(1, 64), d, "1");
    free(d);
    /* DBL_MAX = (2^53 - 1) * 2^971 */
    mpz_t z;
    mpz_init_set_ui(z, 1);
    mpz_mul_2exp(z, z, 53);
    mpz_sub_ui(z, z, 1);
    mpz_mul_2exp(z, z, 971);
    char *m = mpz_get_str(NULL, 10, z);
    expect_text(DBL_MAX, m, "1");
    char neg[400];
    snprintf(neg, sizeof neg, "-%s", m);
    expect_text(-DBL_MAX, neg, "1");
    free(m);
    mpz_clear(z);
}

Test(csv_write, write_query_refuses_what_the_format_cannot_hold)
{
    double q[8][3] = { { 0 } };
    FILE *f = fopen("/dev/null", "w");
    cr_assert_eq(ccdb_csv_write_query(f, (const double(*)[3])q, 2), -1);
    q[3][1] = NAN;
    cr_assert_eq(ccdb_csv_write_query(f, (const double(*)[3])q, 1), -1);
    q[3][1] = -INFINITY;
    cr_assert_eq(ccdb_csv_write_query(f, (const double(*)[3])q, 1), -1);
    fclose(f);
}

/* Is the text "num,den" canonical: den = 2^k > 0, gcd(num, den) = 1, zero as "0,1"? */
static int canonical_value(const char *num, const char *den)
{
    mpz_t n, d, g;
    mpz_inits(n, d, g, (mpz_ptr)0);
    int ok = mpz_set_str(n, num, 10) == 0 && mpz_set_str(d, den, 10) == 0 && num[0] != '+' &&
             mpz_sgn(d) > 0 && mpz_popcount(d) == 1;
    if (ok) {
        mpz_gcd(g, n, d);
        ok = mpz_cmp_ui(g, 1) == 0 && !(num[0] == '-' && mpz_sgn(n) == 0);
        char *back = mpz_get_str(NULL, 10, n); /* no leading zeros */
        ok = ok && strcmp(back, num) == 0;
        free(back);
    }
    mpz_clears(n, d, g, (mpz_ptr)0);
    return ok;
}

static double random_double(uint64_t *s)
{
    for (;;) {
        uint64_t bits = ccdb_splitmix64(s);
        double v;
        switch (bits % 4) {
        case 0: /* any bit pattern: all exponents, subnormals included */
            bits = ccdb_splitmix64(s);
            memcpy(&v, &bits, sizeof v);
            break;
        case 1: /* subnormal */
            bits = ccdb_splitmix64(s) & 0x800FFFFFFFFFFFFFull;
            memcpy(&v, &bits, sizeof v);
            break;
        case 2: /* integer */
            v = (double)(int64_t)(ccdb_splitmix64(s) >> (ccdb_splitmix64(s) % 64));
            break;
        default: /* small dyadic, like mesh coordinates */
            v = ldexp((double)(ccdb_splitmix64(s) >> 11), -(int)(ccdb_splitmix64(s) % 80)) *
                ((ccdb_splitmix64(s) & 1) ? 1 : -1);
            break;
        }
        if (isfinite(v))
            return v;
    }
}

Test(csv_write, round_trip_random_doubles)
{
    static const double special[] = { 0.0,
                                      -0.0,
                                      1.0,
                                      -1.0,
                                      DBL_MAX,
                                      -DBL_MAX,
                                      DBL_MIN,
                                      -DBL_MIN,
                                      DBL_TRUE_MIN,
                                      -DBL_TRUE_MIN,
                                      1e-300,
                                      -1e300,
                                      1e300,
                                      0.1,
                                      1.0 / 3.0,
                                      9007199254740993.0,
                                      9007199254740991.0,
                                      4.9406564584124654e-324,
                                      2.2250738585072009e-308 /* largest subnormal */ };
    const size_t nspecial = sizeof special / sizeof special[0];
    const size_t count = 500;
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, "random", CCDB_KIND_EE, count), 0);
    uint64_t seed = 0x5EEDC0FFEEull;
    size_t k = 0;
    for (size_t i = 0; i < count; i++) {
        ds.label[i] = (unsigned char)(ccdb_splitmix64(&seed) & 1);
        for (int p = 0; p < 8; p++)
            for (int c = 0; c < 3; c++, k++)
                ds.q[i][p][c] = k < nspecial ? special[k] : random_double(&seed);
    }
    char dir[192];
    ccdb_test_mkdtemp(dir, sizeof dir, "csv-rt");
    char a[256], b[256];
    snprintf(a, sizeof a, "%s/a.csv", dir);
    snprintf(b, sizeof b, "%s/b.csv", dir);
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_write(a, &ds, &err), 0, "%s", err.message);

    ccdb_dataset back;
    cr_assert_eq(ccdb_csv_read(a, CCDB_KIND_EE, NULL, &back, &err), 0, "%s", err.message);
    cr_assert_eq(back.count, count);
    cr_assert_eq(back.rounded_values, 0);
    for (size_t i = 0; i < count; i++) {
        cr_assert_eq(back.label[i], ds.label[i]);
        for (int p = 0; p < 8; p++)
            for (int c = 0; c < 3; c++) {
                double want = ds.q[i][p][c] == 0 ? 0.0 : ds.q[i][p][c]; /* -0 -> +0 */
                cr_assert(memcmp(&back.q[i][p][c], &want, sizeof want) == 0,
                          "query %zu point %d: wrote %a, read %a", i, p, want, back.q[i][p][c]);
            }
    }
    /* Writing what was read reproduces the file byte for byte. */
    cr_assert_eq(ccdb_csv_write(b, &back, &err), 0, "%s", err.message);
    size_t la, lb;
    char *ta = ccdb_test_slurp(a, &la), *tb = ccdb_test_slurp(b, &lb);
    cr_assert(la == lb && memcmp(ta, tb, la) == 0, "re-written file differs");

    /* Every value in the file is in canonical form. */
    size_t rows = 0;
    for (char *line = strtok(ta, "\n"); line; line = strtok(NULL, "\n"), rows++) {
        char *f[7];
        int nf = 0;
        for (char *t = line; nf < 7; t = strchr(t, ',') + 1) {
            f[nf++] = t;
            if (!strchr(t, ','))
                break;
        }
        cr_assert_eq(nf, 7);
        for (int c = 0; c < 6; c++)
            *strchr(f[c], ',') = '\0';
        for (int c = 0; c < 3; c++)
            cr_assert(canonical_value(f[2 * c], f[2 * c + 1]), "line %zu: %.60s/%.60s", rows + 1,
                      f[2 * c], f[2 * c + 1]);
    }
    cr_assert_eq(rows, 8 * count);
    free(ta);
    free(tb);
    ccdb_dataset_free(&back);
    ccdb_dataset_free(&ds);
    unlink(a);
    unlink(b);
    rmdir(dir);
}

Test(csv_write, empty_dataset_round_trips)
{
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, NULL, CCDB_KIND_VF, 0), 0);
    char dir[192];
    ccdb_test_mkdtemp(dir, sizeof dir, "csv-empty");
    char a[256];
    snprintf(a, sizeof a, "%s/a.csv", dir);
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_write(a, &ds, &err), 0, "%s", err.message);
    struct stat st;
    cr_assert_eq(stat(a, &st), 0);
    cr_assert_eq(st.st_size, 0);
    ccdb_dataset back;
    cr_assert_eq(ccdb_csv_read(a, CCDB_KIND_VF, NULL, &back, &err), 0, "%s", err.message);
    cr_assert_eq(back.count, 0);
    ccdb_dataset_free(&back);
    ccdb_dataset_free(&ds);
    unlink(a);
    rmdir(dir);
}

/* ---- rounding on request ---- */

/* Rounds "num,den" (as x of a one-point query) with round_inputs; returns the double. */
static double rounded(const char *num, const char *den, size_t *nrounded)
{
    size_t cap = strlen(num) + strlen(den) + 64;
    char *text = malloc(8 * cap);
    text[0] = '\0';
    for (int i = 0; i < 8; i++) {
        char *end = text + strlen(text);
        if (i == 0)
            snprintf(end, cap, "%s,%s,0,1,0,1,0\n", num, den);
        else
            strcpy(end, "0,1,0,1,0,1,0\n");
    }
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(parse_text(text, 1, &ds, &err), 0, "%s", err.message);
    double v = ds.q[0][0][0];
    *nrounded = ds.rounded_values;
    ccdb_dataset_free(&ds);
    free(text);
    return v;
}

Test(csv_round, matches_ieee_division)
{
    /* For integers below 2^53, a / b in double is the correctly rounded quotient. */
    uint64_t seed = 42;
    for (int i = 0; i < 3000; i++) {
        int64_t a = (int64_t)(ccdb_splitmix64(&seed) >> (11 + ccdb_splitmix64(&seed) % 50));
        uint64_t b = (ccdb_splitmix64(&seed) >> (11 + ccdb_splitmix64(&seed) % 52)) | 1;
        if (ccdb_splitmix64(&seed) & 1)
            a = -a;
        char num[32], den[32];
        snprintf(num, sizeof num, "%lld", (long long)a);
        snprintf(den, sizeof den, "%llu", (unsigned long long)b);
        size_t nr;
        double got = rounded(num, den, &nr);
        double want = (double)a / (double)b;
        cr_assert(got == want, "%s/%s: got %a want %a", num, den, got, want);
        /* It was rounded iff the quotient is not exact. */
        int exact = (b & (b - 1)) == 0 || (a % (int64_t)b == 0);
        cr_assert_eq(nr, exact ? 0u : 1u, "%s/%s: rounded_values %zu", num, den, nr);
    }
}

Test(csv_round, matches_strtod_on_decimals)
{
    uint64_t seed = 7;
    for (int i = 0; i < 2000; i++) {
        unsigned k = (unsigned)(ccdb_splitmix64(&seed) % 340);
        char digits[64];
        snprintf(digits, sizeof digits, "%llu",
                 (unsigned long long)(ccdb_splitmix64(&seed) >> (ccdb_splitmix64(&seed) % 60)));
        mpz_t z;
        mpz_init_set_ui(z, 10);
        mpz_pow_ui(z, z, k);
        char *den = mpz_get_str(NULL, 10, z);
        mpz_clear(z);
        char dec[128];
        snprintf(dec, sizeof dec, "%se-%u", digits, k);
        size_t nr;
        double got = rounded(digits, den, &nr), want = strtod(dec, NULL);
        cr_assert(got == want, "%s: got %a want %a", dec, got, want);
        free(den);
    }
}

Test(csv_round, ties_underflow_and_overflow_boundary)
{
    size_t nr;
    cr_assert_eq(rounded("9007199254740993", "1", &nr), 9007199254740992.0); /* tie -> even */
    cr_assert_eq(nr, 1);
    cr_assert_eq(rounded("9007199254740995", "1", &nr), 9007199254740996.0); /* tie -> even */
    cr_assert_eq(rounded("-9007199254740995", "1", &nr), -9007199254740996.0);
    cr_assert_eq(rounded("9007199254740992", "1", &nr), 9007199254740992.0);
    cr_assert_eq(nr, 0);
    char *d1075 = pow2_text(1075), *d1076 = pow2_text(1076);
    cr_assert_eq(rounded("1", d1075, &nr), 0.0); /* half the smallest subnormal: tie -> 0 */
    cr_assert_eq(nr, 1);
    cr_assert_eq(rounded("3", d1076, &nr), DBL_TRUE_MIN);     /* 0.75 of it -> up */
    cr_assert_eq(rounded("3", d1075, &nr), 2 * DBL_TRUE_MIN); /* 1.5 -> even (2) */
    cr_assert_eq(rounded("-1", d1076, &nr), 0.0);
    free(d1075);
    free(d1076);
    /* Just below DBL_MAX + half an ulp rounds to DBL_MAX: (2^54 - 1.5) * 2^970 ... as
     * (2^55 - 3) / 2 * 2^970 = (2^55 - 3) * 2^969. */
    mpz_t z;
    mpz_init_set_ui(z, 1);
    mpz_mul_2exp(z, z, 55);
    mpz_sub_ui(z, z, 3);
    mpz_mul_2exp(z, z, 969);
    char *below = mpz_get_str(NULL, 10, z);
    cr_assert_eq(rounded(below, "1", &nr), DBL_MAX);
    cr_assert_eq(nr, 1);
    free(below);
    /* DBL_MAX + half an ulp exactly: (2^54 - 1) * 2^970, a tie that goes to 2^1024: overflow. */
    mpz_set_ui(z, 1);
    mpz_mul_2exp(z, z, 54);
    mpz_sub_ui(z, z, 1);
    mpz_mul_2exp(z, z, 970);
    char *tie = mpz_get_str(NULL, 10, z);
    char row[512];
    snprintf(row, sizeof row, "%s,1,0,1,0,1,0\n", tie);
    expect_error_opt(row, 1, 1, "overflows double");
    free(tie);
    mpz_clear(z);
}

Test(csv_round, counts_rounded_values)
{
    char text[4096] = "";
    for (int i = 0; i < 8; i++)
        strcat(text, i == 2 ? "1,3,2,3,1,2,1\n" : "1,10,1,1,1,1,1\n");
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(parse_text(text, 1, &ds, &err), 0, "%s", err.message);
    cr_assert_eq(ds.rounded_values, 9); /* seven 1/10, one 1/3, one 2/3 */
    cr_assert_eq(ds.q[0][0][0], 0.1);
    cr_assert_eq(ds.q[0][2][1], 2.0 / 3.0);
    ccdb_dataset_free(&ds);
    cr_assert_eq(parse_text(text, 0, &ds, &err), -1);
}

/* ---- atomic writing ---- */

static size_t count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

Test(csv_write, atomic_replace_and_failures_leave_nothing)
{
    char dir[192];
    ccdb_test_mkdtemp(dir, sizeof dir, "csv-atomic");
    char path[256];
    snprintf(path, sizeof path, "%s/out.csv", dir);
    ccdb_test_write_file(path, "old contents\n", 13);
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, "x", CCDB_KIND_VF, 2), 0);
    ds.q[1][7][2] = 0.25;
    ds.label[1] = 1;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_write(path, &ds, &err), 0, "%s", err.message);
    size_t len;
    char *text = ccdb_test_slurp(path, &len);
    cr_assert_eq(len, 16 * 14); /* 16 rows of 14 bytes: "0,1,0,1,0,1,T\n", one with "1,4" */
    cr_assert(strstr(text, "0,1,0,1,1,4,1\n") != NULL);
    free(text);
    cr_assert_eq(count_entries(dir), 1, "no temporary left behind");

    /* Rename over a directory fails: the temporary is removed, the directory untouched. */
    char sub[300];
    snprintf(sub, sizeof sub, "%s/adir", dir);
    cr_assert_eq(mkdir(sub, 0700), 0);
    cr_assert_eq(ccdb_csv_write(sub, &ds, &err), -1);
    cr_assert(strstr(err.message, sub) == err.message, "%s", err.message);
    cr_assert(strstr(err.message, "cannot write") != NULL, "%s", err.message);
    cr_assert_eq(count_entries(dir), 2, "temporary removed after failure");
    rmdir(sub);

    /* A missing folder: cannot create the temporary. */
    char missing[300];
    snprintf(missing, sizeof missing, "%s/no/such.csv", dir);
    cr_assert_eq(ccdb_csv_write(missing, &ds, &err), -1);
    cr_assert(strstr(err.message, "cannot create") != NULL, "%s", err.message);

    /* A non-finite value or a bad label: refused before touching the disk. */
    ds.q[0][3][0] = INFINITY;
    cr_assert_eq(ccdb_csv_write(path, &ds, &err), -1);
    cr_assert(strstr(err.message, "query 0, point 3, x") != NULL, "%s", err.message);
    ds.q[0][3][0] = 0;
    ds.label[1] = 3;
    cr_assert_eq(ccdb_csv_write(path, &ds, &err), -1);
    cr_assert(strstr(err.message, "query 1: truth label 3") != NULL, "%s", err.message);
    text = ccdb_test_slurp(path, &len);
    cr_assert(strstr(text, "0,1,0,1,1,4,1\n") != NULL, "previous file kept");
    free(text);
    cr_assert_eq(count_entries(dir), 1);
    ccdb_dataset_free(&ds);
    unlink(path);
    rmdir(dir);
}

/* ---- the public sample files ---- */

Test(csv_sample, read_write_reproduces_every_file_byte_for_byte)
{
    const char *root = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    DIR *top = opendir(root);
    cr_assert_not_null(top, "cannot open %s", root);
    char dir[192];
    ccdb_test_mkdtemp(dir, sizeof dir, "csv-sample");
    char out[300];
    snprintf(out, sizeof out, "%s/out.csv", dir);
    size_t files = 0, queries = 0;
    struct dirent *scene;
    while ((scene = readdir(top))) {
        if (scene->d_name[0] == '.')
            continue;
        static const char *const kinds[2] = { "vertex-face", "edge-edge" };
        for (int k = 0; k < 2; k++) {
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s/%s", root, scene->d_name, kinds[k]);
            DIR *d = opendir(sub);
            if (!d)
                continue;
            struct dirent *e;
            while ((e = readdir(d))) {
                size_t n = strlen(e->d_name);
                if (n < 4 || strcmp(e->d_name + n - 4, ".csv"))
                    continue;
                char path[2048];
                snprintf(path, sizeof path, "%s/%s", sub, e->d_name);
                ccdb_dataset ds;
                ccdb_csv_error err;
                ccdb_kind kind = ccdb_kind_from_path(path);
                cr_assert_eq(kind, k == 0 ? CCDB_KIND_VF : CCDB_KIND_EE);
                cr_assert_eq(ccdb_csv_read(path, kind, NULL, &ds, &err), 0, "%s", err.message);
                cr_assert_eq(ccdb_csv_write(out, &ds, &err), 0, "%s", err.message);
                size_t la, lb;
                char *orig = ccdb_test_slurp(path, &la), *copy = ccdb_test_slurp(out, &lb);
                size_t lines = 0;
                for (size_t i = 0; i < la; i++)
                    lines += orig[i] == '\n';
                cr_assert_eq(lines, 8 * ds.count, "%s: %zu lines, %zu queries", path, lines,
                             ds.count);
                size_t i = 0;
                while (i < la && i < lb && orig[i] == copy[i])
                    i++;
                cr_assert(la == lb && i == la, "%s: differs from its rewrite at byte %zu", path, i);
                free(orig);
                free(copy);
                files++;
                queries += ds.count;
                ccdb_dataset_free(&ds);
            }
            closedir(d);
        }
    }
    closedir(top);
    unlink(out);
    rmdir(dir);
    cr_assert_gt(files, 0, "no sample files found under %s", root);
    cr_log_info("%zu sample files, %zu queries, all reproduced byte for byte", files, queries);
}
