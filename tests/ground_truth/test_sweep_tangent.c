/* test_sweep_tangent.c — exact tangencies of VF sweeps (docs/sweep.md, "Tangencies"): a vertex
 * turning about an axis with no motion across the triangle's plane grazes it exactly. Before
 * sweep_tangent.c these were `undecided` (a double root no isolation certifies); now each is a
 * hit with its one-ulp bracket about the tangency time or a miss, and the numeric witness
 * (sweep_witness.h) agrees. Near tangencies 2^-80 away: above, an exact miss at any precision
 * cap; below (two simple roots 2^-40 apart), isolation's case: a hit, `undecided` under a cap of
 * 64 bits (the guard). */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ccdb_truth.h"
#include "sweep_witness.h"

#define PI 3.14159265358979323846 /* PI is not C17 */

/* The vertex (0, -1, 1) turns about the x axis through (0, 0, 1) by 3 rad: at angle phi it is at
 * (0, -cos phi, 1 - sin phi), touching z = 0 at the origin at phi = pi/2, t = pi/6. The triangle
 * (rows 2-4) is set by each test. */
static void grazing_vertex(double q[8][3], double z)
{
    static const double base[8][3] = {
        { 0, -1, 1 }, { -4, -4, 0 }, { 4, -4, 0 }, { 0, 4, 0 },
        { 0, 0, 1 },  { 1, 0, 0 },   { 0, 0, 0 },  { 0, 3, 0 },
    };
    memcpy(q, base, sizeof base);
    for (int i = 1; i < 4; i++)
        q[i][2] = z;
}

static void set_triangle(double q[8][3], double ax, double ay, double bx, double by, double cx,
                         double cy)
{
    q[1][0] = ax;
    q[1][1] = ay;
    q[2][0] = bx;
    q[2][1] = by;
    q[3][0] = cx;
    q[3][1] = cy;
}

static ccdb_truth_result judged(const double q[8][3], unsigned long bits)
{
    ccdb_truth *t = ccdb_truth_new();
    if (bits)
        ccdb_truth_set_sweep_bits(t, bits);
    ccdb_truth_result r;
    ccdb_truth_sweep_vf(t, q, &r);
    ccdb_truth_free(t);
    if (r.cls != CCDB_CLASS_UNDECIDED)
        cr_expect_eq(sweep_witness_contradictions(q, 0, &r, 256), 0, "witness");
    return r;
}

/* A hit whose one-ulp bracket holds `at` (a double within an ulp or two of the exact time). */
static void expect_hit_at(const ccdb_truth_result *r, double at, const char *what)
{
    cr_expect_eq(r->cls, CCDB_CLASS_GENERIC, "%s: class %s", what, ccdb_truth_class_name(r->cls));
    cr_expect_eq(r->hit, 1, "%s", what);
    cr_expect(nextafter(r->toi_lo, 1) == r->toi_hi, "%s: [%.17g, %.17g]", what, r->toi_lo,
              r->toi_hi);
    cr_expect(fabs(r->toi_lo - at) < 4e-16 * at, "%s: [%.17g, %.17g] vs %.17g", what, r->toi_lo,
              r->toi_hi, at);
}

static void expect_miss(const ccdb_truth_result *r, const char *what)
{
    cr_expect_eq(r->cls, CCDB_CLASS_GENERIC, "%s: class %s", what, ccdb_truth_class_name(r->cls));
    cr_expect_eq(r->hit, 0, "%s", what);
}

Test(sweep_tangent, touching_inside_the_triangle)
{
    double q[8][3];
    grazing_vertex(q, 0);
    ccdb_truth_result r = judged((const double(*)[3])q, 0);
    expect_hit_at(&r, PI / 6, "inside");
    /* Exact at any cap: the tangency needs no root isolation. */
    r = judged((const double(*)[3])q, 64);
    expect_hit_at(&r, PI / 6, "inside, 64 bits");
}

Test(sweep_tangent, touching_the_plane_outside_the_triangle)
{
    double q[8][3];
    grazing_vertex(q, 0);
    set_triangle(q, 1, -4, 4, -4, 1, 4); /* x >= 1: the touch point (0, 0, 0) is outside */
    ccdb_truth_result r = judged((const double(*)[3])q, 0);
    expect_miss(&r, "outside");
}

Test(sweep_tangent, touching_an_edge_and_a_corner)
{
    double q[8][3];
    grazing_vertex(q, 0);
    set_triangle(q, 0, -4, 4, -4, 0, 4); /* the touch point on the edge x = 0 */
    ccdb_truth_result r = judged((const double(*)[3])q, 0);
    expect_hit_at(&r, PI / 6, "edge");
    set_triangle(q, 0, 0, 4, -4, 4, 4); /* at the corner (0, 0) */
    r = judged((const double(*)[3])q, 0);
    expect_hit_at(&r, PI / 6, "corner");
    set_triangle(q, 0x1p-60, -4, 4, -4, 0x1p-60, 4); /* 2^-60 past the edge */
    r = judged((const double(*)[3])q, 0);
    expect_miss(&r, "just outside the edge");
}

Test(sweep_tangent, sliding_along_the_plane)
{
    /* v = (1/4, 0, 0) in the plane: the touch point is (t/4, 0, 0) at t = pi/6 (x = 0.1309):
     * inside a triangle with its edge at x = 0.13, outside one at x = 0.131. */
    double q[8][3];
    grazing_vertex(q, 0);
    q[6][0] = 0.25;
    set_triangle(q, 0.13, -4, 4, -4, 0.13, 4);
    ccdb_truth_result r = judged((const double(*)[3])q, 0);
    expect_hit_at(&r, PI / 6, "sliding, inside");
    set_triangle(q, 0.131, -4, 4, -4, 0.131, 4);
    r = judged((const double(*)[3])q, 0);
    expect_miss(&r, "sliding, outside");
}

Test(sweep_tangent, turning_the_other_way)
{
    /* theta = -10: the vertex is at (0, -cos(10 t), 1 + sin(10 t)), touching z = 0 at
     * 10 t = 3 pi / 2 (the first tangency is a full turn later for theta = -3: past t = 1). */
    double q[8][3];
    grazing_vertex(q, 0);
    q[7][1] = -10;
    ccdb_truth_result r = judged((const double(*)[3])q, 0);
    expect_hit_at(&r, 3 * PI / 20, "theta = -10");
    q[7][1] = -3;
    r = judged((const double(*)[3])q, 0);
    expect_miss(&r, "theta = -3");
}

Test(sweep_tangent, the_triangle_turning_into_a_still_vertex)
{
    /* The triangle screws about the x axis through (0, 0, 1) by -3 rad with v = (1/2, 0, 0)
     * along the axis, the vertex still at (0, -1, 1): relative to the triangle the vertex moves
     * by the opposite screw, the first case shifted by -t/2 in x: the same tangency time. */
    double q[8][3];
    grazing_vertex(q, 0);
    q[6][0] = 0.5;
    q[7][0] = 1;
    q[7][1] = -3;
    ccdb_truth_result r = judged((const double(*)[3])q, 0);
    expect_hit_at(&r, PI / 6, "triangle moving");
}

Test(sweep_tangent, near_tangencies_2_to_the_minus_80)
{
    double q[8][3];
    grazing_vertex(q, -0x1p-80); /* the plane 2^-80 below the lowest point: no contact */
    ccdb_truth_result r = judged((const double(*)[3])q, 0);
    expect_miss(&r, "above");
    r = judged((const double(*)[3])q, 64); /* exact: no precision needed */
    expect_miss(&r, "above, 64 bits");
    grazing_vertex(q, 0x1p-80); /* 2^-80 above it: crosses at two simple roots about pi/6 */
    r = judged((const double(*)[3])q, 0);
    cr_expect_eq(r.hit, 1);
    cr_expect(r.toi_lo < PI / 6 && r.toi_hi > PI / 6 - 1e-11, "[%.17g, %.17g]", r.toi_lo, r.toi_hi);
    r = judged((const double(*)[3])q, 64); /* the roots 2^-40 apart: beyond 64 bits */
    cr_expect_eq(r.cls, CCDB_CLASS_UNDECIDED, "%s", ccdb_truth_class_name(r.cls));
}
