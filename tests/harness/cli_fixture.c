/* cli_fixture.c — the built ccdbench run as a user runs it (see cli_fixture.h). */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "ccdb_dataset.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_util.h"
#include "cli_fixture.h"

char cli_dir[256], cli_data[1024];

static int run_va(const char *fmt, va_list ap)
{
    char args[4096], cmd[8192];
    vsnprintf(args, sizeof args, fmt, ap);
    snprintf(cmd, sizeof cmd, "cd '%s' && CCDB_CACHE_DIR='%s/cache' '%s' %s >out.txt 2>err.txt",
             cli_dir, cli_dir, CLI_BIN, args);
    return system(cmd);
}

int cli_run(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int st = run_va(fmt, ap);
    va_end(ap);
    cr_assert(WIFEXITED(st), "ccdbench did not exit normally: %s", fmt);
    return WEXITSTATUS(st);
}

int cli_run_raw(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int st = run_va(fmt, ap);
    va_end(ap);
    return st;
}

char *cli_captured(const char *which)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", cli_dir, which);
    char *text = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(text, "%s was not written", path);
    return text;
}

void cli_vf_query(double q[8][3], double x, double y)
{
    static const double tri[3][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    memset(q, 0, 8 * sizeof q[0]);
    q[0][0] = q[4][0] = x;
    q[0][1] = q[4][1] = y;
    q[0][2] = 1;
    q[4][2] = -1;
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < 3; c++)
            q[1 + k][c] = q[5 + k][c] = tri[k][c];
}

const double cli_points[CLI_NPOINTS][2] = {
    { 0.25, 0.25 }, { 5, 5 }, { 0.125, 0.5 }, { 0.75, 0.125 }
};

void cli_setup(void)
{
    ccdb_test_mkdtemp(cli_dir, sizeof cli_dir, "test-cli");
    char sub[512];
    snprintf(sub, sizeof sub, "%s/scene/vertex-face", cli_dir);
    cr_assert_eq(ccdb_mkdir_p(sub), 0);
    cr_assert(snprintf(cli_data, sizeof cli_data, "%s/data.csv", sub) < (int)sizeof cli_data);
    ccdb_dataset ds;
    cr_assert_eq(ccdb_dataset_init(&ds, "cli", CCDB_KIND_VF, CLI_NPOINTS), 0);
    for (size_t i = 0; i < CLI_NPOINTS; i++) {
        cli_vf_query(ds.q[i], cli_points[i][0], cli_points[i][1]);
        ds.label[i] = cli_points[i][0] + cli_points[i][1] <= 1;
    }
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_write(cli_data, &ds, &err), 0, "%s", err.message);
    ccdb_dataset_free(&ds);
    struct stat st;
    cr_assert_eq(stat(CLI_BIN, &st), 0, "the ccdbench binary is not built: %s", CLI_BIN);
}

void cli_teardown(void)
{
    ccdb_test_rmtree(cli_dir);
}

/* Field `col` of the first row that starts with `start` (a solver, or "solver,dataset,"). */
static const char *field_of_row(const char *csv, const char *start, int col, char *buf, size_t len)
{
    char key[1200];
    snprintf(key, sizeof key, "\n%s", start);
    const char *p = strstr(csv, key);
    cr_assert_not_null(p, "no row starting %s: %s", start, csv);
    p++;
    for (int c = 0; c < col; c++) {
        p = strpbrk(p, ",\n");
        cr_assert(p && *p == ',', "row %s too short", start);
        p++;
    }
    size_t n = strcspn(p, ",\n");
    cr_assert_lt(n, len);
    memcpy(buf, p, n);
    buf[n] = '\0';
    return buf;
}

const char *cli_row_field(const char *csv, const char *solver, int col, char *buf, size_t len)
{
    char start[80];
    snprintf(start, sizeof start, "%s,", solver);
    return field_of_row(csv, start, col, buf, len);
}

const char *cli_dataset_field(const char *csv, const char *solver, const char *dataset, int col,
                              char *buf, size_t len)
{
    char start[1100];
    snprintf(start, sizeof start, "%s,%s,", solver, dataset);
    return field_of_row(csv, start, col, buf, len);
}

void cli_expect_status(const char *csv, const char *solver, const char *status)
{
    char got[64];
    cr_assert_str_eq(cli_row_field(csv, solver, 20, got, sizeof got), status, "%s", solver);
}

const char *cli_plugin(const char *name)
{
    static char path[8][600];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, 600, "%s/%s.so", CLI_PLUGINS, name);
    struct stat st;
    cr_assert_eq(stat(p, &st), 0, "test plugin not built: %s", p);
    return p;
}
