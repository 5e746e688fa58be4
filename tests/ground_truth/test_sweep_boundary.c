/* test_sweep_boundary.c — sweep contacts exactly on an edge, a corner or an endpoint (a side
 * condition exactly 0 at the root; docs/sweep.md, "Boundary contacts"), decided exactly where the
 * turn plays no part: every moving point on the axis (the linear judge on the motion x0 + t v,
 * when each x0 + v is a double), else a side whose enclosure is the exact 0 (the primitives are
 * closed). The numeric witness agrees on each; the numeric path alone (gt_sweep_run_numeric)
 * cannot certify a side that is 0 only at a root that is not a double: `undecided`, never a
 * guess. (Tangencies touching an edge or corner: test_sweep_tangent.c.) */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ccdb_truth.h"
#include "sweep_witness.h"
#include "truth_sweep.h"

/* The vertex (1/2, -1, 1) moves by (0, 3, -3) while turning by 1 rad about an axis through it
 * (w = (1, 2, 3)): it stays on the axis, at (1/2, 0, 0) at t = 1/3, on the edge y = 0 of the
 * triangle. */
static const double on_axis_vf[8][3] = {
    { 0.5, -1, 1 }, { -4, 0, 0 }, { 4, 0, 0 },  { 0, 4, 0 },
    { 0.5, -1, 1 }, { 1, 2, 3 },  { 0, 3, -3 }, { 0, 1, 0 },
};

/* The linear query of a sweep whose moving points are on the axis: rows 5-8 the points at 1. */
static void linear_of(const double q[8][3], int ee, double lin[8][3])
{
    int first_moves = q[7][0] == 0.0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            int moves = (ee ? i < 2 : i < 1) == first_moves;
            lin[i][j] = q[i][j];
            lin[i + 4][j] = q[i][j] + (moves ? q[6][j] : 0.0); /* exact in these tests */
        }
}

static void expect_linear(const double q[8][3], int ee, const char *what)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_result r, l, n;
    double lin[8][3];
    linear_of(q, ee, lin);
    (ee ? ccdb_truth_sweep_ee : ccdb_truth_sweep_vf)(t, q, &r);
    (ee ? ccdb_truth_ee : ccdb_truth_vf)(t, (const double(*)[3])lin, &l);
    cr_expect(r.hit == 1 && l.hit == 1, "%s: %d %d", what, r.hit, l.hit);
    cr_expect(r.toi_lo == l.toi_lo && r.toi_hi == l.toi_hi && r.cls == l.cls && r.stage == l.stage,
              "%s: [%.17g, %.17g] %s vs the linear judge's [%.17g, %.17g] %s", what, r.toi_lo,
              r.toi_hi, ccdb_truth_class_name(r.cls), l.toi_lo, l.toi_hi,
              ccdb_truth_class_name(l.cls));
    /* 1/3 is between adjacent doubles (1.0 / 3 is the lower one) */
    cr_expect(r.toi_lo == 1.0 / 3 && r.toi_hi == nextafter(r.toi_lo, 1), "%s: [%.17g, %.17g]", what,
              r.toi_lo, r.toi_hi);
    cr_expect_eq(sweep_witness_contradictions(q, ee, &r, 256), 0, "%s: witness", what);
    /* The numeric path alone: the side is 0 only at t = 1/3, which no ball pins down. */
    gt_sweep_run_numeric(t, q, ee, &n);
    cr_expect_eq(n.cls, CCDB_CLASS_UNDECIDED, "%s, numeric path: %s", what,
                 ccdb_truth_class_name(n.cls));
    ccdb_truth_free(t);
}

Test(sweep_boundary, vertex_on_the_axis_touches_an_edge)
{
    expect_linear(on_axis_vf, 0, "edge");
}

Test(sweep_boundary, vertex_on_the_axis_touches_a_corner)
{
    double q[8][3];
    memcpy(q, on_axis_vf, sizeof q);
    q[1][0] = q[3][0] = 0.5; /* the corner (1/2, 0, 0) */
    expect_linear((const double(*)[3])q, 0, "corner");
}

Test(sweep_boundary, edge_on_the_axis_meets_an_endpoint)
{
    /* Edge a along the axis x = 0, y = -1 (w = z) turns about itself and moves by (0, 3, -3):
     * at t = 1/3 it is from (0, 0, 0) to (0, 0, 1), its end meeting b's end (0, 0, 0). */
    static const double q[8][3] = {
        { 0, -1, 1 }, { 0, -1, 2 }, { 0, 0, 0 },  { 4, 0, 0 },
        { 0, -1, 0 }, { 0, 0, 1 },  { 0, 3, -3 }, { 0, 2, 0 },
    };
    expect_linear(q, 1, "endpoint");
}

Test(sweep_boundary, exact_zero_side_at_a_double_root)
{
    /* The vertex (2^-70, 0, 1) on its axis slides along the edge line y = 0 with v = (1, 0, -2)
     * (x0 + v is no double: the numeric path) and crosses the plane at t = 1/2, on the edge:
     * the side is exactly 0 for every t, a contact of the closed triangle. */
    double q[8][3] = {
        { 0x1p-70, 0, 1 }, { -4, 0, 0 }, { 4, 0, 0 },  { 0, 4, 0 },
        { 0x1p-70, 0, 1 }, { 1, 2, 3 },  { 1, 0, -2 }, { 0, 1, 0 },
    };
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_result r;
    ccdb_truth_sweep_vf(t, (const double(*)[3])q, &r);
    cr_expect(r.hit == 1 && r.toi_lo == 0.5 && r.toi_hi == 0.5, "%d [%.17g, %.17g] %s", r.hit,
              r.toi_lo, r.toi_hi, ccdb_truth_class_name(r.cls));
    cr_expect_eq(r.cls, CCDB_CLASS_GENERIC, "%s", ccdb_truth_class_name(r.cls));
    cr_expect_eq(sweep_witness_contradictions((const double(*)[3])q, 0, &r, 256), 0);
    q[1][1] = q[2][1] = 0x1p-60; /* the edge 2^-60 off the path: a miss */
    ccdb_truth_sweep_vf(t, (const double(*)[3])q, &r);
    cr_expect(r.hit == 0 && r.cls == CCDB_CLASS_GENERIC, "%d %s", r.hit,
              ccdb_truth_class_name(r.cls));
    cr_expect_eq(sweep_witness_contradictions((const double(*)[3])q, 0, &r, 256), 0);
    ccdb_truth_free(t);
}
