/* test_label_sep.c — labels made at a minimum separation d (issue 22): `gen --min-sep d`
 * records d beside the file (FILE.csv.min-sep) and `run` compares those labels with the exact
 * truth at d, with or without --min-sep, never with the contact truth (which disagrees with every
 * hit at d); a run judging at another d says they were not compared; a contact family's file
 * drops an earlier record; a bad record is refused as FILE:LINE. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_test_fixtures.h"

#include "cli_fixture.h"

TestSuite(label_sep, .init = cli_setup, .fini = cli_teardown);

/* The number after "labels vs exact truth: " in the last command's output. */
static long long label_disagreements(void)
{
    char *out = cli_captured("out.txt");
    const char *at = strstr(out, "labels vs exact truth: ");
    cr_assert_not_null(at, "%s", out);
    long long n = atoll(at + strlen("labels vs exact truth: "));
    free(out);
    return n;
}

static void expect_output(const char *what)
{
    char *out = cli_captured("out.txt");
    cr_expect(strstr(out, what), "'%s' not in: %s", what, out);
    free(out);
}

Test(label_sep, labels_compared_with_the_truth_at_their_own_separation)
{
    cr_assert_eq(cli_run("gen --family sep_slide --kind vf --min-sep 1e-3 --count 20 -o s.csv"), 0);
    char *rec = cli_captured("s.csv.min-sep");
    cr_expect_str_eq(rec, "0.001\n");
    free(rec);

    const char *run = "run --data s.csv --kind vf --repeat 1 -o rep --solvers %s";
    cr_assert_eq(cli_run(run, "exact,conservative_advancement --min-sep 1e-3"), 0);
    cr_expect_eq(label_disagreements(), 0, "labels at d judged by the truth at d");
    expect_output("labels at a separation: 1 dataset(s)");
    cr_assert_eq(cli_run(run, "exact"), 0); /* no --min-sep: the truth at d for the labels */
    cr_expect_eq(label_disagreements(), 0);
    /* judged at another d: not compared, and said so */
    cr_assert_eq(cli_run(run, "conservative_advancement --min-sep 2e-3"), 0);
    expect_output("over the 0 of 1 datasets");
    expect_output("1 not compared");

    /* replay compares query 0's label (a hit at d) the same way */
    cr_assert_eq(cli_run("replay s.csv --kind vf --index 0 --solvers exact"), 0);
    char *out = cli_captured("out.txt");
    cr_expect_null(strstr(out, "disagrees"), "%s", out);
    free(out);

    /* Without the record the labels read as made at 0: the hits at d disagree (the old bug). */
    char path[600];
    snprintf(path, sizeof path, "%s/s.csv.min-sep", cli_dir);
    cr_assert_eq(unlink(path), 0);
    cr_assert_eq(cli_run(run, "exact,conservative_advancement --min-sep 1e-3"), 0);
    cr_expect_gt(label_disagreements(), 0);
    cr_assert_eq(cli_run("replay s.csv --kind vf --index 0 --solvers exact"), 0);
    expect_output("disagrees with the exact truth at the labels' separation 0");
}

Test(label_sep, a_contact_family_drops_an_earlier_record)
{
    cr_assert_eq(cli_run("gen --family sep_slide --kind vf --min-sep 1e-3 --count 4 -o s.csv"), 0);
    cr_assert_eq(cli_run("gen --family grazing --kind vf --count 4 -o s.csv"), 0);
    char path[600];
    snprintf(path, sizeof path, "%s/s.csv.min-sep", cli_dir);
    cr_expect_neq(access(path, F_OK), 0, "the record of the earlier file is gone");
    cr_assert_eq(cli_run("run --data s.csv --kind vf --repeat 1 -o rep --solvers exact"), 0);
    cr_expect_eq(label_disagreements(), 0);
}

Test(label_sep, a_bad_record_is_refused)
{
    cr_assert_eq(cli_run("gen --family sep_slide --kind vf --min-sep 1e-3 --count 4 -o s.csv"), 0);
    const char *bad[] = { "", "0\n", "-1e-3\n", " 1e-3\n", "1e-3", "1e-3\n\n", "inf\n", "1e-3x\n" };
    char path[600];
    snprintf(path, sizeof path, "%s/s.csv.min-sep", cli_dir);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ccdb_test_write_file(path, bad[i], strlen(bad[i]));
        cr_expect_eq(cli_run("run --data s.csv --kind vf --repeat 1 -o rep --solvers exact"), 2,
                     "record '%s' accepted", bad[i]);
        char *err = cli_captured("err.txt");
        cr_expect(strstr(err, "s.csv.min-sep:1: not a separation"), "'%s': %s", bad[i], err);
        free(err);
    }
}
