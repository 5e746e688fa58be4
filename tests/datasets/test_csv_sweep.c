/* test_csv_sweep.c — sweeps in the CSV format (docs/csv-format.md, "Sweeps"): row 8 is
 * (moving, theta, 0) with moving 0 or 1 and theta any double; w (row 6) must be nonzero unless
 * theta = 0; each bad query is an error naming FILE:LINE (the query's last line) from
 * ccdb_csv_parse, and the writer refuses what the reader would. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_test_fixtures.h"

/* One sweep query as CSV text: w = (wx, 0, 0), row 8 = (m, theta_num / 256, z). */
static void sweep_text(char *buf, size_t len, int wx, int m, int theta_num, int z)
{
    snprintf(buf, len,
             "0,1,0,1,1,1,0\n0,1,0,1,0,1,0\n1,1,0,1,0,1,0\n0,1,1,1,0,1,0\n"
             "0,1,0,1,0,1,0\n%d,1,0,1,0,1,0\n0,1,0,1,-2,1,0\n%d,1,%d,256,%d,1,0\n",
             wx, m, theta_num, z);
}

static int parse(const char *text, ccdb_kind kind, ccdb_dataset *ds, ccdb_csv_error *err)
{
    return ccdb_csv_parse("s.csv", text, strlen(text), kind, NULL, ds, err);
}

Test(csv_sweep, accepted_rows)
{
    char t[512];
    ccdb_dataset ds;
    ccdb_csv_error err;
    sweep_text(t, sizeof t, 1, 1, 384, 0); /* theta = 1.5, the second primitive moves */
    cr_assert_eq(parse(t, CCDB_KIND_SWEEP_VF, &ds, &err), 0, "%s", err.message);
    cr_expect_eq(ds.q[0][7][1], 1.5);
    cr_expect_eq(ds.q[0][7][0], 1.0);
    ccdb_dataset_free(&ds);
    sweep_text(t, sizeof t, 0, 0, 0, 0); /* theta = 0: w may be 0 */
    cr_assert_eq(parse(t, CCDB_KIND_SWEEP_EE, &ds, &err), 0, "%s", err.message);
    ccdb_dataset_free(&ds);
}

Test(csv_sweep, refused_rows_name_file_and_line)
{
    static const struct {
        int wx, m, theta, z;
        const char *says;
    } bad[] = { { 1, 2, 384, 0, "moving 0" },
                { 1, 0, 384, 1, "row 8 of a sweep" },
                { 0, 0, 384, 0, "the axis w (row 6) of a sweep is 0" } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char t[512];
        ccdb_dataset ds;
        ccdb_csv_error err;
        sweep_text(t, sizeof t, bad[i].wx, bad[i].m, bad[i].theta, bad[i].z);
        cr_expect_eq(parse(t, CCDB_KIND_SWEEP_VF, &ds, &err), -1, "case %zu accepted", i);
        cr_expect(strstr(err.message, "s.csv:8: sweep query 0: ") == err.message, "%s",
                  err.message);
        cr_expect(strstr(err.message, bad[i].says) != NULL, "%s", err.message);
        /* The same rows are no rule for a linear kind. */
        cr_expect_eq(parse(t, CCDB_KIND_VF, &ds, &err), 0, "%s", err.message);
        ccdb_dataset_free(&ds);
        /* The writer refuses what the reader would. */
        char dir[4096], path[4200];
        ccdb_test_mkdtemp(dir, sizeof dir, "csv-sweep");
        snprintf(path, sizeof path, "%s/q.csv", dir);
        ccdb_dataset w;
        cr_assert_eq(ccdb_dataset_init(&w, "w", CCDB_KIND_SWEEP_VF, 1), 0);
        w.q[0][7][0] = bad[i].m;
        w.q[0][7][1] = bad[i].theta / 256.0;
        w.q[0][7][2] = bad[i].z;
        w.q[0][5][0] = bad[i].wx;
        cr_expect_eq(ccdb_csv_write(path, &w, &err), -1, "case %zu written", i);
        cr_expect(strstr(err.message, bad[i].says) != NULL, "%s", err.message);
        ccdb_dataset_free(&w);
        ccdb_test_rmtree(dir);
    }
}
