/* test_discovery.c — plugins found by name: <folder>/<name>.so in the folders of
 * $CCDB_PLUGIN_PATH (first folder wins), loaded on demand (ccdb_registry_find_or_load) or all at
 * once (ccdb_registry_load_all, `ccdbench list --all`), their origin and file recorded; a file
 * that registers another name, or a broken plugin, is refused with a message naming it. The
 * plugins are copies of the ones built into CCDB_BINARY_DIR/plugins/. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ccdb_cli.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_registry.h"

static char dir[256], first[512], second[512];
static ccdb_registry *reg;

static void copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    cr_assert(in && out, "copy %s -> %s", from, to);
    char buf[1 << 14];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        cr_assert_eq(fwrite(buf, 1, n, out), n);
    fclose(in);
    cr_assert_eq(fclose(out), 0);
}

/* Copies build/plugins/<name>.so to <folder>/<as>.so. */
static void place(const char *folder, const char *name, const char *as)
{
    char from[512], to[1024];
    snprintf(from, sizeof from, CCDB_BINARY_DIR "/plugins/%s.so", name);
    snprintf(to, sizeof to, "%s/%s.so", folder, as);
    copy_file(from, to);
}

static void setup(void)
{
    ccdb_test_mkdtemp(dir, sizeof dir, "test-discovery");
    snprintf(first, sizeof first, "%s/first", dir);
    snprintf(second, sizeof second, "%s/second", dir);
    cr_assert_eq(mkdir(first, 0755), 0);
    cr_assert_eq(mkdir(second, 0755), 0);
    /* an empty entry and a missing folder are skipped, as in $PATH */
    char path[2048];
    snprintf(path, sizeof path, "%s/missing::%s:%s", dir, first, second);
    cr_assert_eq(setenv("CCDB_PLUGIN_PATH", path, 1), 0);
    reg = ccdb_registry_new();
    cr_assert(reg);
}

static void teardown(void)
{
    ccdb_registry_free(reg);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(discovery, .init = setup, .fini = teardown);

Test(discovery, found_by_name_first_folder_wins)
{
    place(first, "example_aabb", "example_aabb");
    place(second, "example_aabb", "example_aabb");
    place(second, "testplugin_cxx", "testplugin_cxx");
    size_t before = ccdb_registry_count(reg);
    char err[2048] = "";
    const ccdb_solver *s = ccdb_registry_find_or_load(reg, "example_aabb", err, sizeof err);
    cr_assert(s, "%s", err);
    cr_expect_str_eq(s->name, "example_aabb");
    const char *path = NULL;
    cr_expect_eq(ccdb_registry_origin(reg, s, &path), CCDB_ORIGIN_PLUGIN_PATH);
    char want[1024];
    snprintf(want, sizeof want, "%s/example_aabb.so", first);
    cr_expect(path && !strcmp(path, want), "loaded from %s, not %s", path, want);
    s = ccdb_registry_find_or_load(reg, "testplugin_cxx", err, sizeof err);
    cr_assert(s, "%s", err);
    cr_expect_eq(ccdb_registry_count(reg), before + 2);
    /* found again: the same entry, nothing loaded twice */
    cr_expect_eq(ccdb_registry_find_or_load(reg, "testplugin_cxx", err, sizeof err), s);
    cr_expect_eq(ccdb_registry_count(reg), before + 2);
    /* built-ins are found without any search */
    s = ccdb_registry_find_or_load(reg, "cubic", err, sizeof err);
    cr_expect(s && ccdb_registry_origin(reg, s, &path) == CCDB_ORIGIN_BUILTIN && path == NULL);
}

Test(discovery, unknown_name_says_where_it_looked)
{
    char err[2048] = "";
    size_t before = ccdb_registry_count(reg);
    cr_expect_null(ccdb_registry_find_or_load(reg, "no_such_solver", err, sizeof err));
    cr_expect(strstr(err, "unknown solver 'no_such_solver'") && strstr(err, "no_such_solver.so") &&
                  strstr(err, first) && strstr(err, second),
              "%s", err);
    cr_expect_null(ccdb_registry_find_or_load(reg, "../evil", err, sizeof err));
    cr_expect(strstr(err, "not a solver name"), "%s", err);
    cr_expect_eq(ccdb_registry_count(reg), before);
    cr_assert_eq(unsetenv("CCDB_PLUGIN_PATH"), 0);
    cr_expect_null(ccdb_registry_find_or_load(reg, "no_such_solver", err, sizeof err));
    cr_expect(strstr(err, "unknown solver 'no_such_solver'"), "%s", err);
    if (!ccdb_registry_peers_dir())
        cr_expect(strstr(err, "$CCDB_PLUGIN_PATH is not set"), "%s", err);
}

Test(discovery, file_must_be_named_after_its_solver)
{
    place(first, "example_aabb", "renamed");
    char err[2048] = "";
    size_t before = ccdb_registry_count(reg);
    cr_expect_null(ccdb_registry_find_or_load(reg, "renamed", err, sizeof err));
    cr_expect(strstr(err, "renamed.so") && strstr(err, "named 'example_aabb', not 'renamed'"), "%s",
              err);
    cr_expect_eq(ccdb_registry_count(reg), before);
    cr_expect_null(ccdb_registry_find(reg, "example_aabb"), "nothing registered");
}

Test(discovery, broken_plugin_found_by_name_is_refused)
{
    place(first, "testplugin_bad_abi", "testplugin_bad_abi");
    char err[2048] = "";
    cr_expect_null(ccdb_registry_find_or_load(reg, "testplugin_bad_abi", err, sizeof err));
    cr_expect(strstr(err, "testplugin_bad_abi.so") && strstr(err, "newer"), "%s", err);
}

Test(discovery, load_all_in_name_order_first_folder_wins)
{
    place(first, "testplugin_cxx", "testplugin_cxx");
    place(first, "example_aabb", "example_aabb");
    place(second, "example_aabb", "example_aabb");
    place(second, "testplugin_always_miss", "testplugin_always_miss");
    /* not plugins: ignored */
    char junk[1024];
    snprintf(junk, sizeof junk, "%s/README.txt", first);
    copy_file(CCDB_SOURCE_DIR "/README.md", junk);
    place(second, "example_aabb", "lib-not-a-name");
    place(second, "example_aabb", "cubic"); /* a built-in's name: the built-in stays */
    size_t before = ccdb_registry_count(reg);
    char err[2048] = "";
    cr_assert_eq(ccdb_registry_load_all(reg, err, sizeof err), 0, "%s", err);
    const char *order[3] = { "example_aabb", "testplugin_cxx", "testplugin_always_miss" };
    const char *folder[3] = { first, first, second };
    cr_assert_geq(ccdb_registry_count(reg), before + 3);
    for (int i = 0; i < 3; i++) {
        const ccdb_solver *s = ccdb_registry_at(reg, before + (size_t)i);
        cr_assert(s);
        cr_expect_str_eq(s->name, order[i]);
        const char *path = NULL;
        cr_expect_eq(ccdb_registry_origin(reg, s, &path), CCDB_ORIGIN_PLUGIN_PATH);
        cr_expect(path && !strncmp(path, folder[i], strlen(folder[i])), "%s from %s", order[i],
                  path);
    }
    const char *path = NULL;
    cr_expect_eq(ccdb_registry_origin(reg, ccdb_registry_find(reg, "cubic"), &path),
                 CCDB_ORIGIN_BUILTIN);
    /* again: everything is registered already, nothing changes */
    size_t after = ccdb_registry_count(reg);
    cr_assert_eq(ccdb_registry_load_all(reg, err, sizeof err), 0, "%s", err);
    cr_expect_eq(ccdb_registry_count(reg), after);
}

Test(discovery, load_all_refuses_a_broken_plugin_by_name)
{
    place(second, "testplugin_no_entry", "testplugin_no_entry");
    char err[2048] = "";
    cr_expect_eq(ccdb_registry_load_all(reg, err, sizeof err), -1);
    cr_expect(strstr(err, second) && strstr(err, "testplugin_no_entry.so") &&
                  strstr(err, "no symbol 'ccdb_solver_entry'"),
              "%s", err);
}

/* Runs after the suite's setup (Criterion runs a suite's fixtures, then the test's). */
static void redirect(void)
{
    cr_redirect_stdout();
    cr_redirect_stderr();
}

Test(discovery, list_shows_found_plugins_and_all_loads_them, .init = redirect)
{
    place(second, "testplugin_cxx", "testplugin_cxx");
    const char *plain[] = { "list" };
    cr_assert_eq(ccdb_cmd_list(1, (char **)plain), 0);
    const char *all[] = { "list", "--all" };
    cr_assert_eq(ccdb_cmd_list(2, (char **)all), 0);
    fflush(stdout);
    const char *out = ccdb_test_read_stream(cr_get_redirected_stdout());
    char file[1024];
    snprintf(file, sizeof file, "%s/testplugin_cxx.so", second);
    /* plain list: under the table, found by name, with its origin and file, not loaded */
    const char *found = strstr(out, "found by name, not loaded");
    cr_assert(found, "%s", out);
    const char *line = strstr(found, "  testplugin_cxx  ");
    cr_assert(line, "%s", out);
    const char *eol = strchr(line, '\n'), *origin = strstr(line, "plugin path");
    cr_expect(origin && origin < eol && strstr(line, file) && strstr(line, file) < eol, "%s", out);
    /* --all: in the table (its claims, work n/a, from "plugin path"), and the file below */
    line = strstr(found, "\ntestplugin_cxx ");
    cr_assert(line, "listed in the table with --all: %s", out);
    eol = strchr(line + 1, '\n');
    origin = strstr(line, "  n/a   ");
    cr_expect(origin && origin < eol, "%s", out);
    origin = strstr(line, "  plugin path  ");
    cr_expect(origin && origin < eol, "%s", out);
    const char *files = strstr(line, "plugin files:");
    cr_expect(files && strstr(files, file), "the file is shown: %s", out);
    cr_expect_null(strstr(line, "found by name, not loaded"), "nothing left unloaded: %s", out);
}

static void count_found(const char *name, const char *path, ccdb_solver_origin origin, void *ctx)
{
    char *log = ctx;
    size_t used = strlen(log);
    snprintf(log + used, 2048 - used, "%s %s %d\n", name, path, (int)origin);
}

Test(discovery, each_unloaded_visits_without_loading)
{
    place(first, "example_aabb", "example_aabb");
    place(second, "example_aabb", "example_aabb");
    place(second, "testplugin_bad_abi", "testplugin_bad_abi"); /* not opened: no error */
    place(second, "example_aabb", "cubic");                    /* a built-in's name: skipped */
    char log[2048] = "";
    size_t before = ccdb_registry_count(reg);
    long n = ccdb_registry_each_unloaded(reg, count_found, log);
    cr_assert_geq(n, 2, "%s", log);
    char want[2048];
    snprintf(want, sizeof want,
             "example_aabb %s/example_aabb.so %d\ntestplugin_bad_abi %s/%s.so %d\n", first,
             (int)CCDB_ORIGIN_PLUGIN_PATH, second, "testplugin_bad_abi",
             (int)CCDB_ORIGIN_PLUGIN_PATH);
    cr_expect(!strncmp(log, want, strlen(want)), "got:\n%swant:\n%s", log, want);
    cr_expect_eq(ccdb_registry_count(reg), before, "nothing loaded");
    cr_expect_null(ccdb_registry_find(reg, "example_aabb"));
}

Test(discovery, list_all_fails_on_a_broken_plugin, .init = redirect)
{
    place(first, "testplugin_null_entry", "testplugin_null_entry");
    const char *all[] = { "list", "--all" };
    cr_expect_eq(ccdb_cmd_list(2, (char **)all), 2);
    fflush(stderr);
    const char *err = ccdb_test_read_stream(cr_get_redirected_stderr());
    cr_expect(strstr(err, "testplugin_null_entry.so") && strstr(err, "returned NULL"), "%s", err);
}
