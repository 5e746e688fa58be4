/* test_erp_suite.c — exact root parity's own test-suite cases (591 vertex-face, 54 edge-edge,
 * read from ../shared by tests/support's ccdb_test_erp_cases) run through `ccdbench run` with
 * several solvers to a written report (issue 20: that run once spent minutes placing the
 * trade-off plot's labels). The exact judge must agree with the answers that suite expects. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ccdb_dataset.h"
#include "ccdb_test.h"
#include "ccdb_test_fixtures.h"

#include "cli_fixture.h"

TestSuite(erp_suite, .init = cli_setup, .fini = cli_teardown);

enum { VF_MAX = 1024, EE_MAX = 128 };

/* Writes the cases as DIR/erp/<kind folder>/cases.csv (truth column = the suite's expectation);
 * returns how many the suite expects to hit. */
static long long write_cases(const ccdb_test_erp_case *c, size_t n, ccdb_kind kind)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/erp", cli_dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/erp/%s", cli_dir, ccdb_kind_folder(kind));
    cr_assert_eq(mkdir(path, 0755), 0, "mkdir %s", path);
    snprintf(path, sizeof path, "%s/erp/%s/cases.csv", cli_dir, ccdb_kind_folder(kind));
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, path, kind, n), 0);
    long long hits = 0;
    for (size_t i = 0; i < n; i++) {
        memcpy(ds.q[i], c[i].q, sizeof c[i].q);
        ds.label[i] = (unsigned char)c[i].expect_hit;
        hits += c[i].expect_hit;
    }
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_write(path, &ds, &err), 0, "%s", err.message);
    ccdb_dataset_free(&ds);
    return hits;
}

Test(erp_suite, its_cases_run_to_a_report)
{
    static ccdb_test_erp_case vf[VF_MAX], ee[EE_MAX];
    size_t nvf = 0, nee = 0;
    ccdb_test_erp_cases(vf, VF_MAX, &nvf, ee, EE_MAX, &nee);
    cr_assert_eq(nvf, 591, "591 vertex-face cases (588 point-triangle, 3 Zhongshi)");
    cr_assert_eq(nee, 54);
    long long vf_hits = write_cases(vf, nvf, CCDB_KIND_VF);
    long long ee_hits = write_cases(ee, nee, CCDB_KIND_EE);
    cr_assert_eq(cli_run("run --data erp --repeat 1 --no-cache --solvers "
                         "exact,discrete,cubic,swept_bisection,tight_inclusion,"
                         "interval_univariate,conservative_advancement -o report"),
                 0);
    char *csv = cli_captured("report/summary.csv");
    char *html = cli_captured("report/index.html");
    cr_assert_not_null(strstr(html, "<svg id=\"tradeoff\""), "the trade-off plot is written");
    cr_assert_not_null(strstr(html, "</html>"));
    char buf[64];
    /* the exact judge agrees with every answer the suite expects (the file's truth column) */
    const char *vf_name = "erp/vertex-face/cases.csv", *ee_name = "erp/edge-edge/cases.csv";
    cr_assert_eq(atoll(cli_dataset_field(csv, "exact", vf_name, 4, buf, sizeof buf)), 591);
    cr_assert_eq(atoll(cli_dataset_field(csv, "exact", vf_name, 5, buf, sizeof buf)), vf_hits);
    cr_assert_eq(atoll(cli_dataset_field(csv, "exact", ee_name, 5, buf, sizeof buf)), ee_hits);
    /* and the conservative solvers keep their promise on them */
    const char *conservative[] = { "exact", "swept_bisection", "tight_inclusion",
                                   "interval_univariate", "conservative_advancement" };
    for (size_t i = 0; i < sizeof conservative / sizeof *conservative; i++) {
        cr_assert_eq(atoll(cli_dataset_field(csv, conservative[i], vf_name, 8, buf, sizeof buf)), 0,
                     "%s: FN on the vertex-face cases", conservative[i]);
        cr_assert_eq(atoll(cli_dataset_field(csv, conservative[i], ee_name, 8, buf, sizeof buf)), 0,
                     "%s: FN on the edge-edge cases", conservative[i]);
    }
    free(csv), free(html);
}
