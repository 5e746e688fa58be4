/* test_readme_examples.c — the two plugin examples of README.md ("Write your own solver"), taken
 * from the README itself: the ```c block built with `cc -std=c17`, the ```cpp block with
 * `c++ -std=c++17 -fvisibility=hidden`, as the README says, then loaded, validated and run. A
 * README edit that breaks an example, or an ABI change that breaks it, fails here. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_registry.h"
#include "ccdb_test_fixtures.h"

/* The first fenced block of `lang` after `section` in the README (malloc'ed). */
static char *readme_block(const char *section, const char *lang)
{
    size_t len;
    char *text = ccdb_test_slurp(CCDB_SOURCE_DIR "/README.md", &len);
    cr_assert_not_null(text);
    const char *at = strstr(text, section);
    cr_assert_not_null(at, "README has no section \"%s\"", section);
    char fence[32];
    snprintf(fence, sizeof fence, "\n```%s\n", lang);
    const char *start = strstr(at, fence);
    cr_assert_not_null(start, "no ```%s block in \"%s\"", lang, section);
    start += strlen(fence);
    const char *end = strstr(start, "\n```");
    cr_assert_not_null(end);
    char *block = strndup(start, (size_t)(end - start) + 1);
    free(text);
    return block;
}

/* Builds the README block of `lang` with `compiler` into DIR/<name>.so, loads it, checks the name
 * and runs its vertex-face entry on one query. */
static void build_and_load(const char *lang, const char *compiler, const char *flags,
                           const char *name)
{
    char dir[256], src[512], so[512], cmd[2048];
    ccdb_test_mkdtemp(dir, sizeof dir, "readme-example");
    char *code = readme_block("## Write your own solver", lang);
    snprintf(src, sizeof src, "%s/my_solver.%s", dir, lang);
    ccdb_test_write_file(src, code, strlen(code));
    free(code);
    snprintf(so, sizeof so, "%s/%s.so", dir, name);
    snprintf(cmd, sizeof cmd, "%s %s -O2 -fPIC -shared -Werror -I %s/solvers/include '%s' -o '%s'",
             compiler, flags, CCDB_SOURCE_DIR, src, so);
    cr_assert_eq(system(cmd), 0, "the README example does not build: %s", cmd);

    ccdb_registry *reg = ccdb_registry_new();
    char err[1024] = "";
    cr_assert_eq(ccdb_registry_load_plugin(reg, so, err, sizeof err), 0, "%s", err);
    const ccdb_solver *s = ccdb_registry_find(reg, name);
    cr_assert_not_null(s, "the plugin does not register %s", name);
    cr_assert_eq(ccdb_solver_validate(s, err, sizeof err), 0, "%s", err);
    double q[8][3] = { { 0, 0, 1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
                       { 0, 0, 1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    ccdb_params p = ccdb_params_default();
    ccdb_result r = { CCDB_FAILED, -1.0, -1 };
    s->vertex_face(NULL, (const double(*)[3])q, &p, &r);
    cr_expect_eq(r.state, CCDB_MISS, "the example answers a miss on a static gap");
    ccdb_registry_free(reg);
    ccdb_test_rmtree(dir);
}

Test(readme_examples, c_plugin_builds_loads_and_runs)
{
    build_and_load("c", CCDB_CC, "-std=c17", "my_solver");
}

Test(readme_examples, cpp_plugin_builds_loads_and_runs)
{
    build_and_load("cpp", CCDB_CXX, "-std=c++17 -fvisibility=hidden", "my_cpp_solver");
}
