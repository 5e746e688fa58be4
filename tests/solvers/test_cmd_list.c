/* test_cmd_list.c — `ccdbench list`: lists every registered solver with its claims, loads
 * --plugin libraries, refuses bad usage and bad plugins with status 2. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_cli.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_registry.h"

#define PLUGIN(name) CCDB_BINARY_DIR "/plugins/" name ".so"

static void redirect(void)
{
    cr_redirect_stdout();
    cr_redirect_stderr();
}

static int run(int argc, const char **argv)
{
    int rc = ccdb_cmd_list(argc, (char **)argv);
    fflush(stdout);
    fflush(stderr);
    return rc;
}

Test(cmd_list, lists_every_builtin_with_claims, .init = redirect)
{
    const char *argv[] = { "list" };
    cr_assert_eq(run(1, argv), 0);
    const char *out = ccdb_test_read_stream(cr_get_redirected_stdout());
    size_t n;
    const ccdb_solver *const *b = ccdb_registry_builtin(&n);
    cr_expect(strstr(out, "cons") && strstr(out, "toi") && strstr(out, "minsep") &&
                  strstr(out, "kinds"),
              "header: %s", out);
    for (size_t i = 0; i < n; i++) {
        /* the solver's line: its name, then its summary further along the same line */
        const char *line = strstr(out, b[i]->name);
        cr_assert(line, "'%s' not listed", b[i]->name);
        const char *eol = strchr(line, '\n');
        const char *sum = strstr(line, b[i]->summary);
        cr_expect(sum && eol && sum < eol, "'%s' without its summary on its line", b[i]->name);
        /* claims column: "yes" in the conservative column exactly for conservative ones */
        char expect[128];
        snprintf(expect, sizeof expect, "%s", b[i]->name);
        const char *after = line + strlen(b[i]->name);
        while (*after == ' ')
            after++;
        int cons = !strncmp(after, "yes", 3);
        cr_expect(cons == !!(b[i]->flags & CCDB_CLAIM_CONSERVATIVE), "'%s' conservative column",
                  b[i]->name);
    }
}

/* The kinds each solver answers, on its line: both kinds of motion for the exact judge, linear
 * only for cubic, rigid only for rigid_interval. */
Test(cmd_list, shows_the_kinds_each_solver_answers, .init = redirect)
{
    const char *argv[] = { "list" };
    cr_assert_eq(run(1, argv), 0);
    const char *out = ccdb_test_read_stream(cr_get_redirected_stdout());
    const char *want[][2] = { { "\nexact ", " vf,ee,rigid-vf,rigid-ee,sweep-vf,sweep-ee " },
                              { "\ncubic ", " vf,ee " },
                              { "\nrigid_interval ", " rigid-vf,rigid-ee,sweep-vf,sweep-ee " },
                              { "\nconservative_advancement ", " vf,ee,sweep-vf,sweep-ee " },
                              { "\nrigid_conservative_advancement ", " rigid-vf,rigid-ee " } };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *line = strstr(out, want[i][0]);
        cr_assert_not_null(line, "%s listed: %s", want[i][0] + 1, out);
        const char *eol = strchr(line + 1, '\n'), *k = strstr(line, want[i][1]);
        cr_expect(k && eol && k < eol, "%s answers%s: %.*s", want[i][0] + 1, want[i][1],
                  eol ? (int)(eol - line) : 80, line);
    }
    /* the kinds column is as wide as the longest list: "from" lines up on every row */
    const char *a = strstr(out, "\nexact "), *b = strstr(out, "\ncubic ");
    cr_assert(a && b);
    cr_expect_eq(strstr(a, "  built-in  ") - a, strstr(b, "  built-in  ") - b, "%s", out);
}

Test(cmd_list, loads_plugins, .init = redirect)
{
    const char *argv[] = { "list", "--plugin", PLUGIN("example_aabb"),
                           "--plugin=" PLUGIN("testplugin_always_miss") };
    cr_assert_eq(run(4, argv), 0);
    const char *out = ccdb_test_read_stream(cr_get_redirected_stdout());
    cr_expect(strstr(out, "example_aabb") && strstr(out, "testplugin_always_miss"), "%s", out);
    /* where each comes from: the "from" column, then the file in the footer */
    const char *line = strstr(out, "\nexample_aabb ");
    cr_assert(line, "%s", out);
    const char *eol = strchr(line + 1, '\n'), *from = strstr(line, "  plugin  ");
    cr_expect(from && from < eol, "example_aabb's line says plugin: %s", out);
    line = strstr(out, "\nnull ");
    cr_assert(line, "%s", out);
    eol = strchr(line + 1, '\n');
    from = strstr(line, "  built-in  ");
    cr_expect(from && from < eol, "null's line says built-in: %s", out);
    cr_expect(strstr(out, "plugin files:") && strstr(out, PLUGIN("example_aabb")), "%s", out);
}

Test(cmd_list, work_column_says_na_for_no_work_count, .init = redirect)
{
    const char *argv[] = { "list", "--plugin", PLUGIN("testplugin_cxx") };
    cr_assert_eq(run(3, argv), 0);
    const char *out = ccdb_test_read_stream(cr_get_redirected_stdout());
    const char *line = strstr(out, "\ntestplugin_cxx ");
    cr_assert(line, "%s", out);
    const char *eol = strchr(line + 1, '\n'), *na = strstr(line, "  n/a  ");
    cr_expect(na && na < eol, "testplugin_cxx has no work count: %s", out);
    line = strstr(out, "\ncubic ");
    cr_assert(line, "%s", out);
    eol = strchr(line + 1, '\n');
    na = strstr(line, "n/a");
    cr_expect(!na || na > eol, "cubic counts its work: %s", out);
}

Test(cmd_list, help, .init = redirect)
{
    const char *argv[] = { "list", "--help" };
    cr_assert_eq(run(2, argv), 0);
    const char *out = ccdb_test_read_stream(cr_get_redirected_stdout());
    cr_expect(strstr(out, "usage: ccdbench list") && strstr(out, "--plugin"), "%s", out);
}

Test(cmd_list, bad_usage_and_bad_plugins, .init = redirect)
{
    const char *a1[] = { "list", "--frobnicate" };
    cr_expect_eq(run(2, a1), 2);
    const char *a2[] = { "list", "--plugin" };
    cr_expect_eq(run(2, a2), 2);
    const char *a3[] = { "list", "--plugin", PLUGIN("testplugin_bad_abi") };
    cr_expect_eq(run(3, a3), 2);
    const char *a4[] = { "list", "--plugin", PLUGIN("example_aabb"), "--plugin",
                         PLUGIN("example_aabb") };
    cr_expect_eq(run(5, a4), 2);
    const char *err = ccdb_test_read_stream(cr_get_redirected_stderr());
    cr_expect(strstr(err, "--frobnicate") && strstr(err, "newer") &&
                  strstr(err, "already registered"),
              "stderr: %s", err);
}
