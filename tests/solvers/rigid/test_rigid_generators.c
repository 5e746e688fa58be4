/* test_rigid_generators.c — the rigid generator families: deterministic, well-formed rigid rows,
 * and every rigid solver against the exact judge, which the intent equals (ccdb_gen_label
 * refuses otherwise): the conservative ones have no false negative and no TOI after the exact
 * one; rigid_linearized misses on spin-through and invents contacts on phantom; with w = 0
 * linearization is exact. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_solver.h"
#include "ccdb_suite.h"
#include "ccdb_truth.h"
#include "ccdb_truth_cache.h"
#include "rigid_motion.h"

extern const ccdb_solver ccdb_solver_rigid_linearized;
extern const ccdb_solver ccdb_solver_rigid_interval;
extern const ccdb_solver ccdb_solver_rigid_bisection;
extern const ccdb_solver ccdb_solver_rigid_conservative_advancement;

static const char *const families[] = {
    "rigid_spin_through",  "rigid_phantom",    "rigid_translation",
    "rigid_time_boundary", "rigid_half_turn",  "rigid_grazing",
    "rigid_in_plane",      "rigid_tiny_angle", "rigid_scaled",
};
#define NFAM (sizeof families / sizeof families[0])

static void gen(const char *family, ccdb_kind kind, size_t count, uint64_t seed, ccdb_dataset *ds,
                ccdb_gen_intent **in)
{
    char err[256];
    int rc = ccdb_generate(family, kind, count, seed, ds, in, err, sizeof err);
    cr_assert_eq(rc, 0, "%s: %s", family, err);
}

Test(rigid_generators, deterministic_and_well_formed)
{
    for (size_t f = 0; f < NFAM; f++)
        for (int ee = 0; ee < 2; ee++) {
            ccdb_kind kind = ee ? CCDB_KIND_RIGID_EE : CCDB_KIND_RIGID_VF;
            ccdb_dataset a, b;
            ccdb_gen_intent *ia, *ib;
            gen(families[f], kind, 200, 5, &a, &ia);
            gen(families[f], kind, 200, 5, &b, &ib);
            cr_assert(!memcmp(a.q, b.q, 200 * sizeof a.q[0]), "%s not deterministic", families[f]);
            int hits = 0;
            for (size_t i = 0; i < a.count; i++) {
                rm_motion m;
                cr_assert_eq(rm_motion_init((const double(*)[3])a.q[i], !ee, &m), 0, "%s %zu",
                             families[f], i);
                hits += ia[i].hit;
                cr_assert(!ia[i].toi_known || ia[i].hit);
            }
            cr_assert(hits > 0 && hits < 200, "%s %s: %d hits of 200", families[f],
                      ccdb_kind_name(kind), hits);
            free(ia);
            free(ib);
            ccdb_dataset_free(&a);
            ccdb_dataset_free(&b);
        }
    /* the linear kinds are not rigid families' and vice versa */
    ccdb_dataset d;
    char err[256];
    cr_assert_eq(ccdb_generate("rigid_phantom", CCDB_KIND_VF, 4, 1, &d, NULL, err, sizeof err), -1);
    cr_assert_eq(ccdb_generate("grazing", CCDB_KIND_RIGID_VF, 4, 1, &d, NULL, err, sizeof err), -1);
}

typedef struct tally {
    int fn, fp, late, hits, misses;
} tally;

/* The exact truth of every query (after checking that it is the intent). */
static ccdb_truth_result *judge(ccdb_dataset *ds, const ccdb_gen_intent *in)
{
    char err[512];
    cr_assert_eq(ccdb_gen_label(ds, in, err, sizeof err), 0, "%s", err);
    ccdb_truth_result *tr = calloc(ds->count, sizeof *tr);
    cr_assert_not_null(tr);
    cr_assert_eq(ccdb_truth_compute(ds, 1, tr), 0);
    return tr;
}

static tally run_solver(const ccdb_solver *s, const ccdb_dataset *ds, const ccdb_truth_result *tr,
                        int ee)
{
    tally t = { 0 };
    ccdb_params p = ccdb_params_default();
    void *state = s->create ? s->create(&p) : NULL;
    for (size_t i = 0; i < ds->count; i++) {
        ccdb_result r;
        (ee ? s->rigid_edge_edge : s->rigid_vertex_face)(state, (const double(*)[3])ds->q[i], &p,
                                                         &r);
        cr_assert(r.state != CCDB_FAILED, "%s failed on %s query %zu", s->name, ds->name, i);
        int hit = r.state == CCDB_HIT || r.state == CCDB_GAVE_UP;
        t.hits += tr[i].hit;
        t.misses += !tr[i].hit;
        t.fn += tr[i].hit && !hit;
        t.fp += !tr[i].hit && hit;
        t.late += tr[i].hit && hit && r.toi > tr[i].toi_hi;
    }
    if (s->destroy)
        s->destroy(state);
    return t;
}

Test(rigid_generators, solvers_against_the_construction)
{
    int lin_fn_spin = 0, lin_fp_phantom = 0;
    for (size_t f = 0; f < NFAM; f++)
        for (int ee = 0; ee < 2; ee++) {
            ccdb_kind kind = ee ? CCDB_KIND_RIGID_EE : CCDB_KIND_RIGID_VF;
            ccdb_dataset ds;
            ccdb_gen_intent *in;
            gen(families[f], kind, 300, 9, &ds, &in);
            ccdb_truth_result *tr = judge(&ds, in);
            const ccdb_solver *cons[] = { &ccdb_solver_rigid_interval, &ccdb_solver_rigid_bisection,
                                          &ccdb_solver_rigid_conservative_advancement };
            for (size_t k = 0; k < 3; k++) {
                tally t = run_solver(cons[k], &ds, tr, ee);
                cr_expect(t.fn == 0 && t.late == 0, "%s on %s: %d FN, %d late", cons[k]->name,
                          ds.name, t.fn, t.late);
            }
            tally lin = run_solver(&ccdb_solver_rigid_linearized, &ds, tr, ee);
            tally ca = run_solver(&ccdb_solver_rigid_conservative_advancement, &ds, tr, ee);
            if (getenv("CCDB_TEST_VERBOSE"))
                fprintf(stderr, "%-28s linearized FN %d FP %d | ca FN %d FP %d (hits %d)\n",
                        ds.name, lin.fn, lin.fp, ca.fn, ca.fp, lin.hits);
            if (!strcmp(families[f], "rigid_spin_through"))
                lin_fn_spin += lin.fn;
            if (!strcmp(families[f], "rigid_phantom"))
                lin_fp_phantom += lin.fp;
            if (!strcmp(families[f], "rigid_translation"))
                cr_expect(lin.fn == 0 && lin.fp == 0, "w = 0: linearization is exact (%s)",
                          ds.name);
            free(tr);
            free(in);
            ccdb_dataset_free(&ds);
        }
    cr_expect(lin_fn_spin > 100, "linearization misses spin-throughs: %d", lin_fn_spin);
    cr_expect(lin_fp_phantom > 100, "linearization invents phantoms: %d", lin_fp_phantom);
}
