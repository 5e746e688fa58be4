/* test_rigid_cases.c — hand-made rigid queries (docs/rigid.md) with their exact answers, in
 * checking mode: a vertex or an edge turning a quarter turn about z into a still triangle or
 * edge (TOI atan(2) / (pi / 2), transcendental), the same with the other primitive moving by the
 * inverse motion, misses, a pure translation (t = u = 2/3), contact at t = 0 and t = 1, a
 * rotation inside the triangle's plane (coplanar, first contact on an edge at t = 1/2), a
 * zero-area triangle, a tangent contact (double root at u = 1/2). */
#include <criterion/criterion.h>
#include <math.h>
#include <mpfr.h>
#include <string.h>

#include "ccdb_truth.h"
#include "gt_rigid_util.h"

typedef struct rigid_case {
    const char *name;
    int ee;
    double q[8][3];
    int hit;
    int toi; /* which exact TOI (below) */
    unsigned flags;
} rigid_case;

enum { TOI_NONE, TOI_ATAN2, TOI_TWO_THIRDS, TOI_ZERO, TOI_ONE, TOI_HALF, TOI_ATAN_HALF };

#define F(c) (1u << CCDB_CLASS_##c)
#define Z       \
    {           \
        0, 0, 0 \
    }
#define ZW      \
    {           \
        0, 0, 1 \
    } /* w: a quarter turn about z (|w| = tan(pi / 4) = 1) */

static const rigid_case cases[] = {
    { "vertex turns into a still triangle",
      0,
      { { 2, 1, 0 }, { 0, -1, -1 }, { 0, 5, -1 }, { 0, -1, 5 }, Z, ZW, Z, Z },
      1,
      TOI_ATAN2,
      F(GENERIC) },
    { "triangle turns back onto a still vertex (the inverse motion)",
      0,
      { { 2, 1, 0 }, { 0, -1, -1 }, { 0, 5, -1 }, { 0, -1, 5 }, Z, { 0, 0, -1 }, Z, { 1, 0, 0 } },
      1,
      TOI_ATAN2,
      F(GENERIC) },
    { "vertex turns past a small triangle",
      0,
      { { 2, 1, 0 }, { 0, -1, -1 }, { 0, 3, -1 }, { 0, -1, 3 }, Z, ZW, Z, Z },
      0,
      TOI_NONE,
      F(GENERIC) },
    { "pure translation (w = 0): the linear motion",
      0,
      { { 2, 1, 0 }, { 0, -1, -1 }, { 0, 5, -1 }, { 0, -1, 5 }, Z, Z, { -3, 0, 0 }, Z },
      1,
      TOI_TWO_THIRDS,
      F(PURE_TRANSLATION) },
    { "contact at t = 1",
      0,
      { { 2, 1, 0 }, { -3, 2, -1 }, { 0, 2, -1 }, { -1, 2, 3 }, Z, ZW, Z, Z },
      1,
      TOI_ONE,
      F(CONTACT_T1) },
    { "contact at t = 0 (vertex on the axis, in the triangle)",
      0,
      { { 0, 0, 0 }, { 0, -1, -1 }, { 0, 5, -1 }, { 0, -1, 5 }, Z, ZW, Z, Z },
      1,
      TOI_ZERO,
      F(COPLANAR) | F(CONTACT_T0) }, /* the vertex stays in the triangle's plane */
    { "rotation in the triangle's plane: first contact on edge ab at t = 1/2",
      0,
      { { 2, 0, 0 }, { 1, 1, 0 }, { 3, 3, 0 }, { 1, 3, 0 }, Z, ZW, Z, Z },
      1,
      TOI_HALF,
      F(COPLANAR) | F(BOUNDARY) },
    { "zero-area triangle (a segment) hit by a turning vertex",
      0,
      { { 2, 1, 0 }, { 0, -1, 0 }, { 0, 1, 0 }, { 0, 3, 0 }, Z, ZW, Z, Z },
      1,
      TOI_ATAN2,
      F(DEGENERATE_PRIMITIVE) | F(COPLANAR) |
          F(BOUNDARY) }, /* n = 0: coplanar with anything; on an edge */
    { "tangent: the vertex's circle touches the triangle's plane at u = 1/2",
      0,
      { { 5, 0, 0 }, { 3, 4, -2 }, { -1, 7, 1 }, { 7, 1, 1 }, Z, ZW, Z, Z },
      1,
      TOI_ATAN_HALF,
      F(TANGENT) },
    { "EE: a spoke turns into a still edge",
      1,
      { { 0, 0, 0 }, { 0, -3, 0 }, { 2, -1, -1 }, { 2, -1, 1 }, Z, ZW, Z, Z },
      1,
      TOI_ATAN2,
      F(GENERIC) },
    { "EE: the still edge turns back onto the spoke",
      1,
      { { 0, 0, 0 }, { 0, -3, 0 }, { 2, -1, -1 }, { 2, -1, 1 }, Z, { 0, 0, -1 }, Z, { 1, 0, 0 } },
      1,
      TOI_ATAN2,
      F(GENERIC) },
    { "EE: the spoke is too short",
      1,
      { { 0, 0, 0 }, { 0, -3, 0 }, { 4, -1, -1 }, { 4, -1, 1 }, Z, ZW, Z, Z },
      0,
      TOI_NONE,
      F(GENERIC) },
};

static void exact_toi(mpfr_t t, int which)
{
    mpfr_t x;
    mpfr_init2(x, GT_RIGID_PREC);
    switch (which) {
    case TOI_ATAN2: /* atan(2) / atan(1) / 2: the quarter turn's angle at which tan = 2 */
        mpfr_set_ui(t, 2, MPFR_RNDN);
        mpfr_atan(t, t, MPFR_RNDN);
        mpfr_const_pi(x, MPFR_RNDN);
        mpfr_div(t, t, x, MPFR_RNDN);
        mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
        break;
    case TOI_ATAN_HALF: /* atan(1/2) / atan(1) */
        mpfr_set_d(t, 0.5, MPFR_RNDN);
        mpfr_atan(t, t, MPFR_RNDN);
        mpfr_const_pi(x, MPFR_RNDN);
        mpfr_div(t, t, x, MPFR_RNDN);
        mpfr_mul_2ui(t, t, 2, MPFR_RNDN);
        break;
    case TOI_TWO_THIRDS:
        mpfr_set_ui(t, 2, MPFR_RNDN);
        mpfr_div_ui(t, t, 3, MPFR_RNDN);
        break;
    case TOI_ZERO: mpfr_set_ui(t, 0, MPFR_RNDN); break;
    case TOI_ONE: mpfr_set_ui(t, 1, MPFR_RNDN); break;
    case TOI_HALF: mpfr_set_d(t, 0.5, MPFR_RNDN); break;
    default: cr_assert_fail("no TOI");
    }
    mpfr_clear(x);
}

Test(rigid_cases, exact_answers)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    mpfr_t toi;
    mpfr_init2(toi, GT_RIGID_PREC);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const rigid_case *c = &cases[i];
        ccdb_truth_result r;
        gt_run_rigid(t, c->ee, c->q, &r);
        cr_expect_eq(r.hit, c->hit, "%s: hit %d", c->name, r.hit);
        cr_expect_eq(r.flags, c->flags, "%s: flags 0x%x, expected 0x%x", c->name, r.flags,
                     c->flags);
        /* Decided by the certified stage (its per-axis bound: box), the exact bound filter
         * (box) or the exact path, and a pure translation also by the linear judge's fp_roots
         * (docs/ground-truth.md); checking mode re-derives the cheap answers by the exact path. */
        const int pure = c->q[5][0] == 0 && c->q[5][1] == 0 && c->q[5][2] == 0;
        cr_expect(r.stage == CCDB_STAGE_FP_RIGID || r.stage == CCDB_STAGE_BOX ||
                      r.stage == CCDB_STAGE_EXACT || (pure && r.stage == CCDB_STAGE_FP_ROOTS),
                  "%s: stage %d", c->name, r.stage);
        if (!c->hit || !r.hit)
            continue;
        exact_toi(toi, c->toi);
        /* A TOI that is a double (0, 1; t = u = 2/3 rounds to two adjacent doubles) is exact or
         * tight; the transcendental ones within 2 ulps (outward rounding through atan). */
        gt_check_bracket(c->name, &r, toi, 2);
        if (c->toi == TOI_ZERO || c->toi == TOI_ONE)
            cr_expect(r.toi_lo == r.toi_hi, "%s: t = 0 / 1 exactly", c->name);
        if (c->toi == TOI_TWO_THIRDS)
            cr_expect(nextafter(r.toi_lo, 2) == r.toi_hi, "%s: tightest", c->name);
    }
    /* The inverse motion gives the same bracket, bit for bit. */
    ccdb_truth_result a, b;
    gt_run_rigid(t, 0, cases[0].q, &a);
    gt_run_rigid(t, 0, cases[1].q, &b);
    cr_expect(a.toi_lo == b.toi_lo && a.toi_hi == b.toi_hi);
    gt_run_rigid(t, 1, cases[9].q, &a);
    gt_run_rigid(t, 1, cases[10].q, &b);
    cr_expect(a.toi_lo == b.toi_lo && a.toi_hi == b.toi_hi);
    cr_expect_str_eq(ccdb_truth_class_name(CCDB_CLASS_PURE_TRANSLATION), "pure_translation");
    mpfr_clear(toi);
    ccdb_truth_free(t);
}

/* A tiny angle (|w| = 2^-40) and a half turn's neighbourhood (|w| = 2^40): the same contact,
 * the bracket still within 2 ulps of the exact t. */
Test(rigid_cases, tiny_and_large_angles)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    mpfr_t toi, x;
    mpfr_inits2(GT_RIGID_PREC, toi, x, (mpfr_ptr)0);
    const double ws[] = { 0x1p-40, 0x1p-20, 0.25, 0x1p20, 0x1p40 };
    for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++) {
        /* The vertex (2, 1, 0) turns about z by phi1 = 2 atan(|w|) and meets the plane x = 0
         * (a big still triangle there) when its angle reaches atan(2), if phi1 >= atan(2). */
        double q[8][3] = {
            { 2, 1, 0 }, { 0, -9, -9 }, { 0, 30, -9 }, { 0, -9, 30 }, Z, { 0, 0, ws[i] }, Z, Z
        };
        ccdb_truth_result r;
        ccdb_truth_rigid_vf(t, (const double(*)[3])q, &r);
        mpfr_set_d(x, ws[i], MPFR_RNDN);
        mpfr_atan(x, x, MPFR_RNDN);
        mpfr_mul_2ui(x, x, 1, MPFR_RNDN); /* phi1 */
        mpfr_set_ui(toi, 2, MPFR_RNDN);
        mpfr_atan(toi, toi, MPFR_RNDN);
        int reached = mpfr_cmp(x, toi) >= 0;
        cr_expect_eq(r.hit, reached, "|w| = %g", ws[i]);
        if (!reached || !r.hit)
            continue;
        mpfr_div(toi, toi, x, MPFR_RNDN);
        gt_check_bracket("large angle", &r, toi, 2);
    }
    mpfr_clears(toi, x, (mpfr_ptr)0);
    ccdb_truth_free(t);
}
