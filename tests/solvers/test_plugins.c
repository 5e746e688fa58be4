/* test_plugins.c — loading solver plugins: the example plugin works end to end (and conforms),
 * and every way a plugin can be wrong is refused with a clear message, leaving the registry
 * unchanged. The plugins are built into CCDB_BINARY_DIR/plugins/ (examples/plugin/ and
 * tests/solvers/plugins/). */
#include <criterion/criterion.h>
#include <signal.h>
#include <string.h>

#include "ccdb_build_info.h"

#include "ccdb_registry.h"
#include "solver_cases.h"

#define PLUGIN(name) CCDB_BINARY_DIR "/plugins/" name ".so"

static ccdb_registry *reg;

static void setup(void)
{
    reg = ccdb_registry_new();
    cr_assert(reg);
}

static void teardown(void)
{
    ccdb_registry_free(reg);
}

TestSuite(plugins, .init = setup, .fini = teardown);

Test(plugins, example_loads_and_answers)
{
    size_t before = ccdb_registry_count(reg);
    char err[1024] = "";
    cr_assert(ccdb_registry_load_plugin(reg, PLUGIN("example_aabb"), err, sizeof err) == 0, "%s",
              err);
    cr_expect(ccdb_registry_count(reg) == before + 1);
    const ccdb_solver *s = ccdb_registry_find(reg, "example_aabb");
    cr_assert(s, "example_aabb not registered");
    cr_expect(ccdb_registry_at(reg, before) == s, "plugins come after the built-ins");
    cr_expect(s->flags & CCDB_CLAIM_CONSERVATIVE);

    /* known answers: conservative, so it hits every true contact and the clear miss is a miss */
    known_case c[32];
    size_t nc = known_cases(c, 32);
    for (size_t j = 0; j < nc; j++) {
        ccdb_params p = ccdb_params_default();
        p.min_separation = c[j].min_sep;
        ccdb_result r = run_query(s, NULL, c[j].vf, (const double(*)[3])c[j].q, &p);
        cr_expect(result_problem(&r)[0] == '\0', "%s", result_problem(&r));
        if (c[j].hit)
            cr_expect(r.state == CCDB_HIT && r.toi <= c[j].toi, "example_aabb %s '%s': %s",
                      c[j].vf ? "VF" : "EE", c[j].name, ccdb_state_name(r.state));
        if (!strcmp(c[j].name, "clear miss"))
            cr_expect(r.state == CCDB_MISS, "example_aabb misses the clear miss");
    }
    /* and conforms on the degenerate inputs */
    double q[32][8][3];
    const char *names[32];
    size_t nq = degenerate_queries(q, names, 32);
    ccdb_params p = ccdb_params_default();
    for (size_t j = 0; j < nq; j++)
        for (int vf = 0; vf < 2; vf++) {
            ccdb_result a = run_query(s, NULL, vf, (const double(*)[3])q[j], &p);
            ccdb_result b = run_query(s, NULL, vf, (const double(*)[3])q[j], &p);
            cr_expect(result_problem(&a)[0] == '\0' && same_result(&a, &b), "'%s': %s", names[j],
                      result_problem(&a));
        }
}

/* A plugin written in C++17, built with -fvisibility=hidden, filled with ccdb_solver_init. */
Test(plugins, cxx_plugin_loads_and_answers)
{
    char err[1024] = "";
    cr_assert(ccdb_registry_load_plugin(reg, PLUGIN("testplugin_cxx"), err, sizeof err) == 0, "%s",
              err);
    const ccdb_solver *s = ccdb_registry_find(reg, "testplugin_cxx");
    cr_assert(s, "testplugin_cxx not registered");
    cr_expect_eq(s->abi_version, CCDB_SOLVER_ABI);
    cr_expect_eq(s->flags,
                 CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_MIN_SEPARATION | CCDB_SOLVER_NO_WORK_COUNT);
    cr_expect_eq(ccdb_registry_origin(reg, s, NULL), CCDB_ORIGIN_PLUGIN);
    known_case c[32];
    size_t nc = known_cases(c, 32);
    int misses = 0;
    for (size_t j = 0; j < nc; j++) {
        ccdb_params p = ccdb_params_default();
        p.min_separation = c[j].min_sep;
        ccdb_result r = run_query(s, NULL, c[j].vf, (const double(*)[3])c[j].q, &p);
        cr_expect(result_problem(&r)[0] == '\0', "%s", result_problem(&r));
        if (c[j].hit)
            cr_expect(r.state == CCDB_HIT && r.toi == 0.0, "testplugin_cxx %s '%s': %s",
                      c[j].vf ? "VF" : "EE", c[j].name, ccdb_state_name(r.state));
        if (!strcmp(c[j].name, "clear miss")) {
            cr_expect(r.state == CCDB_MISS, "testplugin_cxx misses the clear miss");
            misses++;
        }
    }
    cr_expect(misses > 0, "the known cases have a clear miss");
    /* A C++ exception inside (a coordinate beyond 1e300) is answered FAILED, never thrown on. */
    double q[8][3] = { { 0 } };
    q[5][1] = 1e301;
    ccdb_params p = ccdb_params_default();
    for (int vf = 0; vf < 2; vf++) {
        ccdb_result r = run_query(s, NULL, vf, (const double(*)[3])q, &p);
        cr_expect(r.state == CCDB_FAILED, "%s: %s", vf ? "VF" : "EE", ccdb_state_name(r.state));
    }
}

Test(plugins, harness_test_plugins_load)
{
    char err[1024] = "";
    cr_expect(ccdb_registry_load_plugin(reg, PLUGIN("testplugin_always_miss"), err, sizeof err) ==
                  0,
              "%s", err);
    cr_expect(ccdb_registry_load_plugin(reg, PLUGIN("testplugin_crash"), err, sizeof err) == 0,
              "%s", err);
    const ccdb_solver *m = ccdb_registry_find(reg, "testplugin_always_miss");
    const ccdb_solver *c = ccdb_registry_find(reg, "testplugin_crash");
    cr_assert(m && c);
    known_case k[32];
    size_t nk = known_cases(k, 32);
    ccdb_params p = ccdb_params_default();
    for (size_t j = 0; j < nk; j++) {
        ccdb_result r = run_query(m, NULL, k[j].vf, (const double(*)[3])k[j].q, &p);
        cr_expect(r.state == CCDB_MISS);
    }
    /* the crash plugin answers miss when q[0][0] <= 0.5 (the VF known cases have 0.25) */
    ccdb_result r = run_query(c, NULL, 1, (const double(*)[3])k[0].q, &p);
    cr_expect(k[0].q[0][0] <= 0.5 && r.state == CCDB_MISS);
}

/* The crash plugin really crashes when q[0][0] > 0.5 (Criterion runs each test in its own
 * process and expects this one to die from SIGSEGV; under AddressSanitizer, which catches the
 * fault and reports it, with exit status 1). */
#if CCDB_SANITIZED
Test(plugins, crash_plugin_crashes, .exit_code = 1)
#else
Test(plugins, crash_plugin_crashes, .signal = SIGSEGV)
#endif
{
    char err[1024] = "";
    cr_assert(ccdb_registry_load_plugin(reg, PLUGIN("testplugin_crash"), err, sizeof err) == 0,
              "%s", err);
    const ccdb_solver *c = ccdb_registry_find(reg, "testplugin_crash");
    double q[8][3] = { { 0.75, 0, 0 } };
    ccdb_params p = ccdb_params_default();
    run_query(c, NULL, 1, (const double(*)[3])q, &p);
}

static void expect_refused(const char *path, const char *needle)
{
    size_t before = ccdb_registry_count(reg);
    char err[1024] = "";
    cr_expect(ccdb_registry_load_plugin(reg, path, err, sizeof err) == -1, "%s was accepted", path);
    cr_expect(strstr(err, needle) != NULL, "message '%s' does not mention '%s'", err, needle);
    cr_expect(strstr(err, path) != NULL || strstr(err, "./") != NULL,
              "message '%s' does not name the plugin", err);
    cr_expect(ccdb_registry_count(reg) == before, "registry changed after a refused plugin");
}

Test(plugins, wrong_abi_newer)
{
    expect_refused(PLUGIN("testplugin_bad_abi"), "newer");
}

Test(plugins, wrong_abi_older)
{
    expect_refused(PLUGIN("testplugin_old_abi"), "no longer supported");
}

Test(plugins, missing_symbol)
{
    expect_refused(PLUGIN("testplugin_no_entry"), "no symbol 'ccdb_solver_entry'");
}

Test(plugins, null_entry)
{
    expect_refused(PLUGIN("testplugin_null_entry"), "returned NULL");
}

Test(plugins, malformed_name)
{
    expect_refused(PLUGIN("testplugin_bad_name"), "'Bad-Name'");
}

Test(plugins, malformed_no_function)
{
    expect_refused(PLUGIN("testplugin_no_function"), "no edge_edge");
}

/* Issue 10, reproduction 6: a crash in the entry function is refused, not the caller's death
 * (loaded in a child first; under AddressSanitizer the child reports the fault and exits 1). */
Test(plugins, crash_in_entry_function_is_refused)
{
    expect_refused(PLUGIN("testplugin_entry_crash"), "while being loaded");
}

Test(plugins, duplicate_of_builtin)
{
    expect_refused(PLUGIN("testplugin_dup_name"), "'null' is already registered");
}

Test(plugins, duplicate_plugin_loaded_twice)
{
    char err[1024] = "";
    cr_assert(ccdb_registry_load_plugin(reg, PLUGIN("example_aabb"), err, sizeof err) == 0, "%s",
              err);
    expect_refused(PLUGIN("example_aabb"), "'example_aabb' is already registered");
    cr_expect(ccdb_registry_find(reg, "example_aabb") != NULL, "the first copy stays");
}

Test(plugins, dlopen_failures)
{
    expect_refused(CCDB_BINARY_DIR "/plugins/does_not_exist.so", "cannot load");
    expect_refused(CCDB_SOURCE_DIR "/README.md", "cannot load");
    expect_refused("does_not_exist.so", "cannot load"); /* bare name: ./does_not_exist.so */
    size_t before = ccdb_registry_count(reg);
    char err[64];
    cr_expect(ccdb_registry_load_plugin(reg, "", err, sizeof err) == -1);
    cr_expect(ccdb_registry_count(reg) == before);
}
