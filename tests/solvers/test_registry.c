/* test_registry.c — the built-in table and the run-time registry: unique well-formed names,
 * validation of entries (each rule), find by name. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ccdb_registry.h"

static void noop(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
}

static void *make(const ccdb_params *p)
{
    (void)p;
    return NULL;
}

static void unmake(void *s)
{
    (void)s;
}

static ccdb_solver good(void)
{
    ccdb_solver s = { .abi_version = CCDB_SOLVER_ABI,
                      .name = "good_1",
                      .summary = "a well-formed entry",
                      .vertex_face = noop,
                      .edge_edge = noop };
    return s;
}

Test(registry, builtin_names_unique_and_well_formed)
{
    size_t n;
    const ccdb_solver *const *b = ccdb_registry_builtin(&n);
    cr_assert(n >= 7, "expected at least the seven baseline solvers, got %zu", n);
    cr_expect(b[n] == NULL, "the table ends with its sentinel");
    for (size_t i = 0; i < n; i++) {
        char err[256] = "";
        cr_expect(ccdb_solver_validate(b[i], err, sizeof err) == 0, "built-in %zu: %s", i, err);
        cr_expect(b[i]->name && strspn(b[i]->name, "abcdefghijklmnopqrstuvwxyz0123456789_") ==
                                    strlen(b[i]->name),
                  "name '%s' is not [a-z0-9_]+", b[i]->name);
        cr_expect(b[i]->summary && b[i]->summary[0], "%s has no summary", b[i]->name);
        cr_expect(b[i]->reference && b[i]->reference[0], "%s has no reference", b[i]->name);
        for (size_t j = 0; j < i; j++)
            cr_expect(strcmp(b[i]->name, b[j]->name) != 0, "name '%s' used twice", b[i]->name);
    }
}

Test(registry, baseline_solvers_present)
{
    ccdb_registry *r = ccdb_registry_new();
    cr_assert(r);
    static const char *names[] = { "null",
                                   "discrete",
                                   "cubic",
                                   "cubic_bracketed",
                                   "conservative_advancement",
                                   "swept_bisection",
                                   "exact" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const ccdb_solver *s = ccdb_registry_find(r, names[i]);
        cr_expect(s && !strcmp(s->name, names[i]), "solver '%s' not found", names[i]);
    }
    cr_expect(ccdb_registry_find(r, "no_such_solver") == NULL);
    cr_expect(ccdb_registry_find(r, "") == NULL);
    size_t n;
    ccdb_registry_builtin(&n);
    cr_expect(ccdb_registry_count(r) == n, "registry holds the built-ins");
    for (size_t i = 0; i < n; i++)
        cr_expect(ccdb_registry_find(r, ccdb_registry_at(r, i)->name) == ccdb_registry_at(r, i));
    cr_expect(ccdb_registry_at(r, n) == NULL, "past the end is NULL");
    ccdb_registry_free(r);
}

Test(registry, validate_accepts_good_entry)
{
    ccdb_solver s = good();
    char err[256] = "";
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "%s", err);
    s.create = make;
    s.destroy = unmake;
    s.flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION;
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "%s", err);
    s.destroy = NULL; /* create without destroy is fine */
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "%s", err);
    cr_expect(ccdb_solver_validate(&s, NULL, 0) == 0, "err may be NULL");
}

static void expect_reject(const ccdb_solver *s, const char *needle)
{
    char err[256] = "";
    cr_expect(ccdb_solver_validate(s, err, sizeof err) == -1, "accepted, expected '%s'", needle);
    cr_expect(strstr(err, needle) != NULL, "message '%s' does not mention '%s'", err, needle);
}

Test(registry, validate_rejects_each_malformation)
{
    ccdb_solver s;
    expect_reject(NULL, "NULL");
    s = good();
    s.abi_version = CCDB_SOLVER_ABI + 1;
    expect_reject(&s, "newer");
    s = good();
    s.abi_version = CCDB_SOLVER_ABI_OLDEST - 1;
    expect_reject(&s, "no longer supported");
    s = good();
    s.name = NULL;
    expect_reject(&s, "no name");
    s.name = "";
    expect_reject(&s, "no name");
    s.name = "Upper";
    expect_reject(&s, "[a-z0-9_]+");
    s.name = "has space";
    expect_reject(&s, "[a-z0-9_]+");
    s.name = "dash-name";
    expect_reject(&s, "'-'");
    s.name = "a234567890123456789012345678901234567890123456789012345678901234"; /* 64 */
    expect_reject(&s, "longer than");
    s = good();
    s.vertex_face = NULL;
    expect_reject(&s, "vertex_face");
    s = good();
    s.edge_edge = NULL;
    expect_reject(&s, "edge_edge");
    s = good();
    s.flags = 0x80u;
    expect_reject(&s, "unknown claim");
    s = good();
    s.destroy = unmake;
    expect_reject(&s, "destroy but no create");
}

/* ABI 2 added the CCDB_SOLVER_NO_WORK_COUNT flag; ABI 1 entries are still accepted, without it. */
/* A rigid-only entry (ABI 3) may leave the linear pair NULL; the rigid pair is all or nothing,
 * and an entry with neither pair is refused. */
Test(registry, rigid_only_entries)
{
    ccdb_solver s = good();
    char err[256] = "";
    s.vertex_face = s.edge_edge = NULL;
    s.rigid_vertex_face = s.rigid_edge_edge = noop;
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "%s", err);
    s.rigid_edge_edge = NULL;
    expect_reject(&s, "rigid_edge_edge");
    s.rigid_edge_edge = noop;
    s.rigid_vertex_face = NULL;
    expect_reject(&s, "rigid_vertex_face");
    s.rigid_edge_edge = NULL;
    expect_reject(&s, "vertex_face");
    s = good();
    s.rigid_vertex_face = s.rigid_edge_edge = noop;
    s.edge_edge = NULL; /* one linear entry without the other: still malformed */
    expect_reject(&s, "edge_edge");
    s = good();
    s.vertex_face = s.edge_edge = NULL;
    s.rigid_vertex_face = s.rigid_edge_edge = noop;
    s.abi_version = 2; /* an ABI 2 entry has no rigid fields: they are not read */
    expect_reject(&s, "vertex_face");
}

/* ABI 5: a separation band needs its flag (from ABI 5 on), 0 <= band_lo <= band_hi, band_hi > 0,
 * both finite; without the flag (or from an older entry) the fields are never read. */
Test(registry, separation_band_checked_and_read_from_abi_5_only)
{
    ccdb_solver s = good();
    char err[256] = "";
    double lo = -1, hi = -1;
    s.flags = CCDB_CLAIM_SEPARATION_BAND;
    s.band_lo = 0.00375;
    s.band_hi = 0.00625;
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "%s", err);
    cr_expect(ccdb_solver_band(&s, &lo, &hi) == 1 && lo == 0.00375 && hi == 0.00625);
    s.band_lo = 0;
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "[0, hi]: %s", err);
    s.band_lo = 0.01; /* lo > hi */
    expect_reject(&s, "separation band [0.01, 0.00625]");
    s.band_lo = -0.001;
    expect_reject(&s, "0 <= band_lo <= band_hi");
    s.band_lo = s.band_hi = 0;
    expect_reject(&s, "band_hi > 0");
    s.band_lo = 0;
    s.band_hi = INFINITY;
    expect_reject(&s, "both finite");
    s.band_hi = NAN;
    expect_reject(&s, "separation band");
    s.abi_version = 4; /* no band fields: the flag is unknown there */
    expect_reject(&s, "unknown claim flags 0x10 (ABI 4)");
    s.flags = 0; /* garbage in the fields without the flag: never read */
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "%s", err);
    cr_expect(ccdb_solver_band(&s, &lo, &hi) == 0);
    s.abi_version = CCDB_SOLVER_ABI;
    cr_expect(ccdb_solver_band(&s, &lo, &hi) == 0, "no flag: no band");
}

Test(registry, abi_1_still_accepted_and_no_work_count_from_abi_2)
{
    cr_expect_eq(CCDB_SOLVER_ABI, 6);
    cr_expect_eq(CCDB_SOLVER_ABI_OLDEST, 1);
    ccdb_solver s = good();
    char err[256] = "";
    s.abi_version = 1;
    s.flags = CCDB_CLAIM_CONSERVATIVE;
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "ABI 1: %s", err);
    s.flags |= CCDB_SOLVER_NO_WORK_COUNT;
    expect_reject(&s, "unknown claim flags 0x8 (ABI 1)");
    s.abi_version = 2;
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "ABI 2: %s", err);
    char buf[64];
    cr_expect_str_eq(ccdb_claims_text(s.flags, buf, sizeof buf), "conservative",
                     "the work flag is not a claim");
}

/* ABI 4's state has a name (replay and findings print it). */
Test(registry, outside_model_state_named)
{
    cr_expect_eq(CCDB_OUTSIDE_MODEL, 4);
    cr_expect_str_eq(ccdb_state_name(CCDB_OUTSIDE_MODEL), "outside_model");
    cr_expect_str_eq(ccdb_state_name((ccdb_state)5), "invalid");
}

/* ccdb_solver_init fills every field, the same in C as in C++. */
Test(registry, solver_init_fills_every_field)
{
    ccdb_solver s;
    memset(&s, 0xa5, sizeof s);
    const ccdb_solver *r =
        ccdb_solver_init(&s, "init_1", "sum", "ref", CCDB_CLAIM_REPORTS_TOI, noop, noop);
    cr_expect_eq(r, &s);
    cr_expect_eq(s.abi_version, CCDB_SOLVER_ABI);
    cr_expect_str_eq(s.name, "init_1");
    cr_expect_str_eq(s.summary, "sum");
    cr_expect_str_eq(s.reference, "ref");
    cr_expect_eq(s.flags, CCDB_CLAIM_REPORTS_TOI);
    cr_expect(s.create == NULL && s.destroy == NULL);
    cr_expect(s.vertex_face == noop && s.edge_edge == noop);
    cr_expect(s.rigid_vertex_face == NULL && s.rigid_edge_edge == NULL,
              "rigid entries: not supported unless set");
    cr_expect(s.band_lo == 0 && s.band_hi == 0, "no separation band unless set");
    char err[256] = "";
    cr_expect(ccdb_solver_validate(&s, err, sizeof err) == 0, "%s", err);
}

Test(registry, state_and_claim_names)
{
    cr_expect_str_eq(ccdb_state_name(CCDB_MISS), "miss");
    cr_expect_str_eq(ccdb_state_name(CCDB_HIT), "hit");
    cr_expect_str_eq(ccdb_state_name(CCDB_GAVE_UP), "gave_up");
    cr_expect_str_eq(ccdb_state_name(CCDB_FAILED), "failed");
    cr_expect_str_eq(ccdb_state_name((ccdb_state)9), "invalid");
    ccdb_result unset;
    ccdb_result_mark_unset(&unset);
    cr_expect_eq(ccdb_result_state_raw(&unset), CCDB_STATE_UNSET);
    cr_expect_str_eq(ccdb_state_name(unset.state), "unset");
    char buf[64];
    cr_expect_str_eq(ccdb_claims_text(0, buf, sizeof buf), "");
    cr_expect_str_eq(ccdb_claims_text(CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI |
                                          CCDB_CLAIM_MIN_SEPARATION,
                                      buf, sizeof buf),
                     "conservative, reports TOI, min. separation");
    cr_expect_str_eq(ccdb_claims_text(CCDB_CLAIM_REPORTS_TOI, buf, sizeof buf), "reports TOI");
    cr_expect_str_eq(ccdb_claims_text(CCDB_CLAIM_CONSERVATIVE | 0x28u, buf, sizeof buf),
                     "conservative, flags 0x20");
    cr_expect_str_eq(ccdb_claims_text(CCDB_CLAIM_SEPARATION_BAND, buf, sizeof buf),
                     "separation band");
    cr_expect_str_eq(ccdb_claims_text(CCDB_SOLVER_NO_WORK_COUNT, buf, sizeof buf), "");
    cr_expect_str_eq(ccdb_origin_name(CCDB_ORIGIN_BUILTIN), "built-in");
    cr_expect_str_eq(ccdb_origin_name(CCDB_ORIGIN_PLUGIN), "plugin");
    cr_expect_str_eq(ccdb_origin_name(CCDB_ORIGIN_PLUGIN_PATH), "plugin path");
    cr_expect_str_eq(ccdb_origin_name(CCDB_ORIGIN_PEER), "peer");
    cr_expect_str_eq(ccdb_origin_name(CCDB_ORIGIN_ENGINE), "engine");
}

Test(registry, default_params)
{
    ccdb_params p = ccdb_params_default();
    cr_expect(p.delta == 1e-6);
    cr_expect(p.max_iterations == 1000000L);
    cr_expect(p.min_separation == 0.0);
}
