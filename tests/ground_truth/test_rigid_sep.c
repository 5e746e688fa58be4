/* test_rigid_sep.c — the rigid judge at a minimum separation d (ccdb_truth_rigid_vf_sep / _ee_sep):
 * - d = 0 is the rigid judge (same answer, bracket, class and stage) on every rigid generator
 *   family and on random rigid queries;
 * - w = 0 is the linear judge at d: every linear generator family's queries (and the separation
 *   families at their own d), turned into a pure translation of either primitive, give exactly
 *   the linear judge's answer at d (hit, bracket, flags);
 * - hand-built approaches to exactly d with known times: a translation along the normal, a turn
 *   bringing a vertex (an edge) to distance d of a face (an edge) at t = 1/3, a turn that stays
 *   one step outside d, a turn that reaches d exactly at t = 1;
 * - random rigid queries at three separations, in checking mode (the feature method against the
 *   cell method over every polynomial, every filtered answer re-derived by the exact path):
 *   monotone in d, invariant under an exact similarity of the query (d scaled with it), and the
 *   witness of gt_rigid_query.h (exact positions and distances in mpq at rational u, the time map
 *   in MPFR): within d (+ 1e-12 of the query's size) at the upper end of every hit's bracket,
 *   farther than d at 16 samples before its lower end (17 over the step for a miss). */
#include <criterion/criterion.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_truth.h"
#include "gt_rigid_query.h"
#include "gt_rigid_util.h"
#include "gt_test_util.h"

#define CLS(c) (1u << CCDB_CLASS_##c)

static void rigid_sep(ccdb_truth *t, int ee, const double q[8][3], double d, ccdb_truth_result *r)
{
    if (ee)
        ccdb_truth_rigid_ee_sep(t, q, d, r);
    else
        ccdb_truth_rigid_vf_sep(t, q, d, r);
}

static void linear_sep(ccdb_truth *t, int ee, const double q[8][3], double d, ccdb_truth_result *r)
{
    if (ee)
        ccdb_truth_ee_sep(t, q, d, r);
    else
        ccdb_truth_vf_sep(t, q, d, r);
}

static int same(const ccdb_truth_result *a, const ccdb_truth_result *b)
{
    return a->hit == b->hit && a->toi_lo == b->toi_lo && a->toi_hi == b->toi_hi &&
           a->flags == b->flags && a->cls == b->cls;
}

/* fmt: a string literal naming the query, its arguments after it */
#define EXPECT_SAME(a, b, fmt, ...)                                                               \
    cr_assert(same(a, b), fmt ": hit %d [%.17g, %.17g] 0x%x vs hit %d [%.17g, %.17g] 0x%x",       \
              __VA_ARGS__, (a)->hit, (a)->toi_lo, (a)->toi_hi, (a)->flags, (b)->hit, (b)->toi_lo, \
              (b)->toi_hi, (b)->flags)

/* ---- d = 0 ----------------------------------------------------------------------------- */

Test(rigid_sep, d0_is_the_rigid_judge)
{
    ccdb_truth *t = ccdb_truth_new();
    long n = 0;
    for (size_t fi = 0; fi < ccdb_gen_family_count(); fi++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(fi);
        for (int ee = 0; ee < 2; ee++) {
            ccdb_kind kind = ee ? CCDB_KIND_RIGID_EE : CCDB_KIND_RIGID_VF;
            if (!(fam->kinds & (1u << kind)))
                continue;
            ccdb_dataset ds;
            char err[256];
            cr_assert_eq(ccdb_generate(fam->name, kind, 300, 4100 + fi, &ds, NULL, err, sizeof err),
                         0, "%s", err);
            for (size_t i = 0; i < ds.count; i++) {
                ccdb_truth_result a, b;
                gt_run_rigid(t, ee, (const double(*)[3])ds.q[i], &a);
                rigid_sep(t, ee, (const double(*)[3])ds.q[i], 0.0, &b);
                EXPECT_SAME(&a, &b, "%s/%s query %zu", fam->name, ccdb_kind_name(kind), i);
                cr_assert_eq(a.stage, b.stage, "%s query %zu: stage", fam->name, i);
                n++;
            }
            ccdb_dataset_free(&ds);
        }
    }
    cr_expect(n >= 5000, "only %ld rigid family queries", n);
    ccdb_truth_free(t);
}

/* ---- w = 0 against the linear judge at d ------------------------------------------------ */

/* sep: a separation family (generated at d), else an ordinary one */
static void w0_family(ccdb_truth *t, const ccdb_gen_family *fam, int sep, int ee, double d,
                      uint64_t seed, long *covered, long *hits)
{
    ccdb_kind kind = ee ? CCDB_KIND_EE : CCDB_KIND_VF;
    if (!(fam->kinds & (1u << kind)))
        return;
    ccdb_dataset ds;
    char err[256];
    int rc = sep ? ccdb_generate_sep(fam->name, kind, 200, seed, d, &ds, NULL, err, sizeof err)
                 : ccdb_generate(fam->name, kind, 200, seed, &ds, NULL, err, sizeof err);
    cr_assert_eq(rc, 0, "%s", err);
    for (size_t i = 0; i < ds.count; i++)
        for (int second = 0; second < 2; second++) {
            double r[8][3], l[8][3];
            if (!pure_translation_pair((const double(*)[3])ds.q[i], ee, second, r, l))
                continue;
            ccdb_truth_result a, b;
            linear_sep(t, ee, (const double(*)[3])l, d, &a);
            rigid_sep(t, ee, (const double(*)[3])r, d, &b);
            EXPECT_SAME(&a, &b, "%s/%s query %zu (moving %d) at d = %g", fam->name,
                        ccdb_kind_name(kind), i, second, d);
            (*covered)++;
            *hits += a.hit;
        }
    ccdb_dataset_free(&ds);
}

Test(rigid_sep, w0_is_the_linear_judge_at_d)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    long covered = 0, hits = 0;
    static const double ds[] = { 0x1p-10, 0x1p-3, 0.75 };
    for (size_t fi = 0; fi < ccdb_gen_family_count(); fi++)
        for (int ee = 0; ee < 2; ee++)
            w0_family(t, ccdb_gen_family_at(fi), 0, ee, ds[fi % 3], 5200 + fi, &covered, &hits);
    for (size_t fi = 0; fi < ccdb_gen_sep_family_count(); fi++)
        for (int ee = 0; ee < 2; ee++)
            w0_family(t, ccdb_gen_sep_family_at(fi), 1, ee, ds[fi % 3], 5300 + fi, &covered, &hits);
    fprintf(stderr, "rigid_sep: w = 0 vs the linear judge at d: %ld queries, %ld hits\n", covered,
            hits);
    cr_expect(covered >= 4000 && hits >= 400, "covered %ld, hits %ld", covered, hits);
    ccdb_truth_free(t);
}

/* ---- hand-built ------------------------------------------------------------------------- */

/* A turn by phi1 = pi / 2 about z through the origin (|w| = tan(pi / 4) = 1). */
#define TURN                  \
    { 0, 0, 0 }, { 0, 0, 1 }, \
    {                         \
        0, 0, 0               \
    }

typedef struct hand {
    const char *name;
    int ee;
    double q[8][3];
    double d;
    int hit;
    const char *toi; /* exact rational TOI */
    ccdb_truth_class cls;
} hand;

static const hand hands[] = {
    /* the vertex (0,0,1) moves down by 1 onto a face in z = 0: within 1/4 at t = 3/4 */
    { "vf translation along the normal",
      0,
      { { 0, 0, 1 },
        { -1, -1, 0 },
        { 2, -1, 0 },
        { -1, 2, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, -1 },
        { 0, 0, 0 } },
      0.25,
      1,
      "3/4",
      CCDB_CLASS_SEP_FACE },
    /* the triangle moves up instead (second primitive moving): the same time */
    { "vf translation of the triangle",
      0,
      { { 0, 0, 1 },
        { -1, -1, 0 },
        { 2, -1, 0 },
        { -1, 2, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 1 },
        { 1, 0, 0 } },
      0.25,
      1,
      "3/4",
      CCDB_CLASS_SEP_FACE },
    /* half the way down: the distance ends at 1/2 > 1/4 */
    { "vf translation stopping short",
      0,
      { { 0, 0, 1 },
        { -1, -1, 0 },
        { 2, -1, 0 },
        { -1, 2, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, -0.5 },
        { 0, 0, 0 } },
      0.25,
      0,
      NULL,
      CCDB_CLASS_GENERIC },
    /* the vertex (1,0,0) turns to (cos, sin, 0); the face lies in y = 3/4: within 1/4 when
     * sin(phi1 t) = 1/2, t = 1/3 */
    { "vf turn to a face",
      0,
      { { 1, 0, 0 }, { -2, 0.75, -1 }, { 2, 0.75, -1 }, { 0, 0.75, 2 }, TURN, { 0, 0, 0 } },
      0.25,
      1,
      "1/3",
      CCDB_CLASS_SEP_FACE },
    /* the face in y = 5/4: the vertex reaches y = 1 at t = 1 exactly (distance exactly d) */
    { "vf turn reaching d at t = 1",
      0,
      { { 1, 0, 0 }, { -2, 1.25, -1 }, { 2, 1.25, -1 }, { 0, 1.25, 2 }, TURN, { 0, 0, 0 } },
      0.25,
      1,
      "1",
      CCDB_CLASS_SEP_FACE },
    /* one step farther: never within d */
    { "vf turn one step outside d",
      0,
      { { 1, 0, 0 },
        { -2, 1.25 + 0x1p-40, -1 },
        { 2, 1.25 + 0x1p-40, -1 },
        { 0, 1.25 + 0x1p-40, 2 },
        TURN,
        { 0, 0, 0 } },
      0.25,
      0,
      NULL,
      CCDB_CLASS_GENERIC },
    /* edge a from (-1,0,1) to (1,0,1) moves down by 2 over edge b along y in z = 0 */
    { "ee translation",
      1,
      { { -1, 0, 1 },
        { 1, 0, 1 },
        { 0, -1, 0 },
        { 0, 1, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, -2 },
        { 0, 0, 0 } },
      0.5,
      1,
      "1/4",
      CCDB_CLASS_SEP_INTERIOR },
    /* edge a, vertical at (1,0), turns about z; edge b along x at y = 3/4, z = 0: within 1/4 at
     * t = 1/3 */
    { "ee turn",
      1,
      { { 1, 0, -1 }, { 1, 0, 1 }, { -2, 0.75, 0 }, { 2, 0.75, 0 }, TURN, { 0, 0, 0 } },
      0.25,
      1,
      "1/3",
      CCDB_CLASS_SEP_INTERIOR },
    /* edge b ends at x = 0 (its end (0, 3/4, 0) is nearest): the arc point (cos, sin, 0) comes
     * within 1/4 of that endpoint first when cos^2 + (sin - 3/4)^2 = 1/16, i.e. sin = 1, t = 1 */
    { "ee turn to an endpoint",
      1,
      { { 1, 0, -1 }, { 1, 0, 1 }, { -2, 0.75, 0 }, { 0, 0.75, 0 }, TURN, { 0, 0, 0 } },
      0.25,
      1,
      "1",
      CCDB_CLASS_SEP_ENDPOINT },
};

Test(rigid_sep, hand_built)
{
    ccdb_truth *t = ccdb_truth_new();
    for (int filters = 0; filters < 2; filters++)
        for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++) {
            const hand *h = &hands[i];
            ccdb_truth_set_checking(t, 1);
            ccdb_truth_set_filters(t, filters);
            ccdb_truth_result r;
            rigid_sep(t, h->ee, h->q, h->d, &r);
            cr_assert_eq(r.hit, h->hit, "%s: hit %d", h->name, r.hit);
            if (!h->hit) {
                cr_assert_eq(r.cls, CCDB_CLASS_GENERIC, "%s: class %s", h->name,
                             ccdb_truth_class_name(r.cls));
                continue;
            }
            mpfr_t toi;
            mpq_t v;
            mpfr_init2(toi, GT_RIGID_PREC);
            mpq_init(v);
            cr_assert_eq(mpq_set_str(v, h->toi, 10), 0);
            mpq_canonicalize(v);
            mpfr_set_q(toi, v, MPFR_RNDN);
            gt_check_bracket(h->name, &r, toi, 2);
            cr_assert_eq(r.cls, h->cls, "%s: class %s", h->name, ccdb_truth_class_name(r.cls));
            mpfr_clear(toi);
            mpq_clear(v);
            /* at d = 0 the same motion never touches, or later: never earlier than at d */
            ccdb_truth_result z;
            rigid_sep(t, h->ee, h->q, 0.0, &z);
            cr_assert(!z.hit || z.toi_hi >= r.toi_lo, "%s: contact before the approach to d",
                      h->name);
        }
    ccdb_truth_free(t);
}

/* ---- random queries at three separations ------------------------------------------------ */

/* The witness of one answer at d (an mpq comparison at rational u; gt_u_of_t maps t to u). */
static void check_witness(const double q[8][3], int ee, double d, const ccdb_truth_result *r)
{
    double scale = 1;
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 3; j++)
            if (i != 5)
                scale += fabs(q[i][j]);
    mpq_t u, x, dd, top;
    mpq_inits(u, x, dd, top, NULL);
    mpq_set_d(dd, d);
    mpq_mul(dd, dd, dd);
    if (r->hit) {
        mpq_t near;
        mpq_init(near);
        mpq_set_d(near, d + 1e-12 * scale); /* rounded: only loosens the bound */
        mpq_mul(near, near, near);
        gt_u_of_t(u, q, r->toi_hi);
        rigid_dist2_at(x, q, ee, u);
        cr_assert(mpq_cmp(x, near) <= 0, "not within d = %g at toi_hi %.17g: distance %.17g", d,
                  r->toi_hi, sqrt(mpq_get_d(x)));
        mpq_clear(near);
        gt_u_of_t(top, q, r->toi_lo);
    } else {
        mpq_set_ui(top, 1, 1);
    }
    const int samples = r->hit ? 16 : 17;
    for (int k = 0; k < samples && mpq_sgn(top) > 0; k++) {
        mpq_set_ui(u, (unsigned long)k, 16);
        mpq_mul(u, u, top);
        rigid_dist2_at(x, q, ee, u);
        cr_assert(mpq_cmp(x, dd) > 0, "within d = %g at u = %.17g before the TOI [%.17g, %.17g]", d,
                  mpq_get_d(u), r->toi_lo, r->toi_hi);
    }
    mpq_clears(u, x, dd, top, NULL);
}

Test(rigid_sep, random_three_separations)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    enum { N = 400 };
    /* random_rigid's points are integers in [-6, 6] (and halves) */
    static const double ds[3] = { 0x1p-6, 0x1p-3, 1.0 };
    for (int ee = 0; ee < 2; ee++) {
        uint64_t s = 0x5e9a0000u + (uint64_t)ee;
        long hits[3] = { 0, 0, 0 }, exact = 0, plane = 0, box = 0;
        for (int i = 0; i < N; i++) {
            double q[8][3], r5[8][3];
            random_rigid(q, ee, &s);
            transform((const double(*)[3])q, r5);
            ccdb_truth_result prev = { 0 }, zero, z2;
            gt_run_rigid(t, ee, (const double(*)[3])q, &zero);
            rigid_sep(t, ee, (const double(*)[3])q, 0.0, &z2);
            EXPECT_SAME(&zero, &z2, "%s query %d at d = 0", ee ? "EE" : "VF", i);
            prev = zero;
            for (int k = 0; k < 3; k++) {
                ccdb_truth_result a, b;
                rigid_sep(t, ee, (const double(*)[3])q, ds[k], &a);
                hits[k] += a.hit;
                exact += a.stage == CCDB_STAGE_EXACT;
                plane += a.stage == CCDB_STAGE_SEP_PLANE;
                box += a.stage == CCDB_STAGE_BOX;
                cr_assert(!prev.hit || (a.hit && a.toi_lo <= prev.toi_hi),
                          "%s query %d: not monotone at d = %g", ee ? "EE" : "VF", i, ds[k]);
                rigid_sep(t, ee, (const double(*)[3])r5, 5 * ds[k], &b);
                EXPECT_SAME(&a, &b, "%s query %d at d = %g, transformed", ee ? "EE" : "VF", i,
                            ds[k]);
                check_witness((const double(*)[3])q, ee, ds[k], &a);
                prev = a;
            }
        }
        fprintf(stderr,
                "rigid_sep: %s: %d random rigid queries at d = 2^-6, 2^-3, 1: %ld, %ld, %ld hits; "
                "stages exact %ld, plane %ld, box %ld (checking mode)\n",
                ee ? "EE" : "VF", N, hits[0], hits[1], hits[2], exact, plane, box);
        cr_expect(hits[0] > N / 20 && hits[2] > hits[0] && exact > N / 4 && plane > 0 && box > 0);
    }
    ccdb_truth_free(t);
}
