/* test_csv_rigid.c — rigid queries in the CSV format (docs/csv-format.md, "Rigid queries"): a
 * written dataset reads back bit for bit; row 8 must be exactly 0,1,0,1,0,1 or 1,1,0,1,0,1 and
 * every other value is accepted as it is (any finite w is an angle below pi); each bad row is an
 * error naming FILE:LINE, from ccdb_csv_parse and from the streaming reader alike; the writer
 * refuses what the reader would. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_util.h"
#include "prng.h"

/* A random double of every magnitude and sign (and some zeros), from the state s. */
static double any_double(uint64_t *s)
{
    uint64_t r = ccdb_splitmix64(s);
    if (r % 11 == 0)
        return 0.0;
    double m = (double)(r >> 11) / 9007199254740992.0 + 0.5; /* [0.5, 1.5) */
    int e = (int)(ccdb_splitmix64(s) % 400) - 200;
    return ((r >> 3) & 1 ? -1 : 1) * ldexp(m, e);
}

static void random_rigid(ccdb_dataset *ds, uint64_t seed)
{
    uint64_t s = seed;
    for (size_t k = 0; k < ds->count; k++) {
        for (int i = 0; i < 7; i++)
            for (int c = 0; c < 3; c++)
                ds->q[k][i][c] = any_double(&s);
        ds->q[k][7][0] = (double)(k % 2); /* which primitive moves */
        ds->q[k][7][1] = ds->q[k][7][2] = 0.0;
        ds->label[k] = (unsigned char)(ccdb_splitmix64(&s) & 1);
    }
}

Test(csv_rigid, round_trip_bit_for_bit)
{
    char dir[256], path[512];
    ccdb_test_mkdtemp(dir, sizeof dir, "csv-rigid");
    for (int kind = CCDB_KIND_RIGID_VF; kind <= CCDB_KIND_RIGID_EE; kind++) {
        ccdb_dataset ds, back;
        ccdb_csv_error err;
        cr_assert_eq(ccdb_dataset_init(&ds, "r", (ccdb_kind)kind, 300), 0);
        random_rigid(&ds, 7u + (unsigned)kind);
        ds.q[0][5][0] = 0x1p1000; /* a huge |w|: phi1 just below pi, still a rigid query */
        snprintf(path, sizeof path, "%s/%s", dir, ccdb_kind_folder((ccdb_kind)kind));
        cr_assert_eq(ccdb_mkdir_p(path), 0);
        strcat(path, "/q.csv");
        cr_assert_eq(ccdb_csv_write(path, &ds, &err), 0, "%s", err.message);
        cr_assert_eq(ccdb_kind_from_path(path), (ccdb_kind)kind);
        cr_assert_eq(ccdb_csv_read(path, (ccdb_kind)kind, NULL, &back, &err), 0, "%s", err.message);
        cr_assert_eq(back.kind, (ccdb_kind)kind);
        cr_assert_eq(back.count, ds.count);
        cr_assert(!memcmp(back.q, ds.q, ds.count * sizeof *ds.q), "values differ");
        cr_assert(!memcmp(back.label, ds.label, ds.count), "truth differs");
        ccdb_dataset_free(&back);
        ccdb_dataset_free(&ds);
    }
    ccdb_test_rmtree(dir);
}

/* Seven good rows with truth t, then `row8` (a line, newline included), as query 2 of a file
 * whose queries 0 and 1 are good: the error is on line 24. */
static const char *file_with_row8(const char *row8, int t8)
{
    static char buf[8192];
    buf[0] = '\0';
    for (int q = 0; q < 3; q++)
        for (int i = 0; i < 8; i++) {
            char line[128];
            if (i == 7 && q == 2)
                snprintf(line, sizeof line, "%s", row8);
            else if (i == 7)
                snprintf(line, sizeof line, "%d,1,0,1,0,1,%d\n", q % 2, q == 2 ? t8 : 0);
            else
                snprintf(line, sizeof line, "%d,1,-1,2,3,1024,%d\n", i, q == 2 ? t8 : 0);
            strcat(buf, line);
        }
    return buf;
}

static void expect_rejected(const char *text, ccdb_kind kind, const char *reason)
{
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_parse("r.csv", text, strlen(text), kind, NULL, &ds, &err), -1,
                 "accepted:\n%s", text);
    cr_expect(!strncmp(err.message, "r.csv:24: ", 10), "%s", err.message);
    cr_expect(strstr(err.message, reason), "'%s' lacks '%s'", err.message, reason);
    cr_expect(ds.count == 0 && ds.q == NULL);
    /* The streaming reader, told the kind in its options, says the same. */
    ccdb_csv_options opt = { .kind = kind };
    ccdb_csv_reader *r;
    double q[4][8][3];
    size_t got;
    cr_assert_eq(ccdb_csv_open_memory("r.csv", text, strlen(text), &opt, &r, &err), 0);
    ccdb_csv_error err2;
    cr_expect_eq(ccdb_csv_next(r, q, NULL, 4, &got, &err2), -1);
    cr_expect_str_eq(err2.message, err.message);
    ccdb_csv_close(r);
}

Test(csv_rigid, row8_must_say_which_primitive_moves)
{
    static const char *const bad[] = {
        "0,1,1,1,0,1,0\n",    /* y not 0 */
        "0,1,0,1,-1,2,0\n",   /* z not 0 */
        "2,1,0,1,0,1,0\n",    /* x 2 */
        "1,2,0,1,0,1,0\n",    /* x 1/2 */
        "-1,1,0,1,0,1,0\n",   /* x -1 */
        "0,1,0,1,1,1024,0\n", /* a tiny z */
        "3,3,1,4096,0,1,0\n", /* x 1, y tiny */
    };
    for (int kind = CCDB_KIND_RIGID_VF; kind <= CCDB_KIND_RIGID_EE; kind++)
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
            expect_rejected(file_with_row8(bad[i], 0), (ccdb_kind)kind,
                            "row 8 of rigid query 2 must be 0,1,0,1,0,1");
    /* The truth column must agree on all 8 rows, row 8 included. */
    char text[8192];
    snprintf(text, sizeof text, "%s", file_with_row8("1,1,0,1,0,1,1\n", 0));
    expect_rejected(text, CCDB_KIND_RIGID_VF, "truth 1 disagrees with truth 0 on line 17");
    /* Good spellings of the two flags (and a linear kind has no rule on row 8). */
    const char *good[] = { "0,1,0,1,0,1,0\n", "1,1,0,1,0,1,0\n", "-0,7,0,3,0,1,0\n",
                           "4,4,0,1,0,5,0\n" };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ccdb_dataset ds;
        ccdb_csv_error err;
        const char *t = file_with_row8(good[i], 0);
        cr_expect_eq(ccdb_csv_parse("r.csv", t, strlen(t), CCDB_KIND_RIGID_EE, NULL, &ds, &err), 0,
                     "%s", err.message);
        ccdb_dataset_free(&ds);
    }
    ccdb_dataset ds;
    ccdb_csv_error err;
    const char *t = file_with_row8(bad[0], 0);
    cr_expect_eq(ccdb_csv_parse("r.csv", t, strlen(t), CCDB_KIND_VF, NULL, &ds, &err), 0, "%s",
                 err.message);
    ccdb_dataset_free(&ds);
}

Test(csv_rigid, writer_refuses_a_bad_row8)
{
    char dir[256], path[512];
    ccdb_test_mkdtemp(dir, sizeof dir, "csv-rigid-w");
    snprintf(path, sizeof path, "%s/q.csv", dir);
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_dataset_init(&ds, "r", CCDB_KIND_RIGID_VF, 3), 0);
    random_rigid(&ds, 1);
    ds.q[2][7][0] = 0.5;
    cr_expect_eq(ccdb_csv_write(path, &ds, &err), -1);
    cr_expect(strstr(err.message, "query 2: row 8 of a rigid query"), "%s", err.message);
    FILE *f = fopen(path, "r");
    cr_expect(f == NULL, "nothing written");
    if (f)
        fclose(f);
    ds.kind = CCDB_KIND_VF; /* the same rows are a linear query */
    cr_expect_eq(ccdb_csv_write(path, &ds, &err), 0, "%s", err.message);
    ccdb_dataset_free(&ds);
    ccdb_test_rmtree(dir);
}
