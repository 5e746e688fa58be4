/* test_cases.c — hand-made VF and EE queries with known answers, TOIs and classes, one row per
 * degenerate family (see docs/ground-truth.md); each also run scaled by powers of two,
 * translated when exactly representable, and with permuted vertices / swapped edges. */
#include <criterion/criterion.h>
#include <math.h>

#include "ccdb_truth.h"
#include "gt_test_util.h"
#include "gt_witness.h"

#define F(c) (1u << CCDB_CLASS_##c)

typedef struct gt_case {
    const char *name;
    int ee;
    double q[8][3];
    int hit;
    const char *toi; /* exact rational TOI, or NULL with a polynomial */
    int poly_deg;
    long poly[5]; /* the irrational TOI is a root of this polynomial */
    ccdb_truth_class cls;
    unsigned flags; /* flags that must be set besides the primary class */
} gt_case;

static const gt_case cases[] = {
    /* One case per block: name, ee; the points at t = 0, then at t = 1; hit, the exact TOI, the
     * degree and coefficients of the TOI's polynomial, the class, the extra flags. */
    // clang-format off
    { "vf_interior_cross", 0,
      { { 0.25, 0.25, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.25, 0.25, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_stop_short", 0,
      { { 0.25, 0.25, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.25, 0.25, 0.5 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_reach_at_t1", 0,
      { { 0.25, 0.25, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.25, 0.25, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1", -1, { 0 }, CCDB_CLASS_CONTACT_T1, 0 },
    { "vf_start_on_face", 0,
      { { 0.25, 0.25, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.25, 0.25, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "0", -1, { 0 }, CCDB_CLASS_CONTACT_T0, 0 },
    { "vf_cross_edge", 0,
      { { 0.5, 0.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.5, 0.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_BOUNDARY, 0 },
    { "vf_cross_corner", 0,
      { { 0.0, 0.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.0, 0.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_BOUNDARY, 0 },
    { "vf_cross_hypotenuse", 0,
      { { 0.5, 0.5, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.5, 0.5, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_BOUNDARY, 0 },
    { "vf_miss_edge_2^-60", 0,
      { { 0.5, -0x1p-60, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.5, -0x1p-60, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_miss_corner_ulp", 0,
      { { 0x1.0000000000001p+0, 0.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0x1.0000000000001p+0, 0.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_hit_corner_b", 0,
      { { 1.0, 0.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 1.0, 0.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_BOUNDARY, 0 },
    { "vf_miss_hypotenuse_ulp", 0,
      { { 0.5, 0x1.0000000000001p-1, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.5, 0x1.0000000000001p-1, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_third", 0,
      { { 0.25, 0.25, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.25, 0.25, -2.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/3", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_coplanar_enter_edge", 0,
      { { -1.0, 0.25, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 1.0, 0.25, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_COPLANAR, F(BOUNDARY) },
    { "vf_coplanar_pass_by", 0,
      { { -1.0, 2.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 2.0, 2.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_COPLANAR, 0 },
    { "vf_coplanar_touch_corner", 0,
      { { -1.0, 1.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 1.0, 1.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_COPLANAR, F(BOUNDARY) },
    { "vf_coplanar_start_inside", 0,
      { { 0.1, 0.1, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 5.0, 5.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "0", -1, { 0 }, CCDB_CLASS_COPLANAR, F(CONTACT_T0) },
    { "vf_coplanar_moving_triangle", 0,
      { { 3.0, 0.25, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 3.0, 0.25, 0.0 }, { 4.0, 0.0, 0.0 }, { 5.0, 0.0, 0.0 }, { 4.0, 1.0, 0.0 } },
      1, "9/16", -1, { 0 }, CCDB_CLASS_COPLANAR, F(BOUNDARY) },
    { "vf_tangent_double_root", 0,
      { { 0.25, 0.5, -0.25 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, -1.0 },
        { 0.25, 0.0, 0.25 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_TANGENT, 0 },
    { "vf_tangent_miss", 0,
      { { 0.25, 0.5, -0x1p-2 + 0x1p-40 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, -1.0 },
        { 0.25, 0.0, 0x1p-2 + 0x1p-40 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 1.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_tangent_split", 0,
      { { 0.25, 0.5, -0x1p-2 - 0x1p-40 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, -1.0 },
        { 0.25, 0.0, 0x1p-2 - 0x1p-40 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 1.0 } },
      1, "524287/1048576", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_enter_leave_two_roots", 0,
      { { 1.5, 0.5, -0.3125 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, -1.0 },
        { 0.0, 0.0, 0.1875 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 1.0 } },
      1, "3/4", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_irrational", 0,
      { { 0.25, 0.5, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, -1.0 },
        { 0.25, 0.0, 0.5 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 1.0 } },
      1, NULL, 2, { -1, 0, 2 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_bullet_thin", 0,
      { { 0.5, 0x1p-42, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0x1p-40, 0.0 },
        { 0.5, 0x1p-42, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0x1p-40, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_bullet_thin_miss", 0,
      { { 0.5, 0x1p-39, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0x1p-40, 0.0 },
        { 0.5, 0x1p-39, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0x1p-40, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_collinear_triangle_hit", 0,
      { { 0.5, 0.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, 0.0, 0.0 },
        { 0.5, 0.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, 0.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, F(COPLANAR) | F(BOUNDARY) },
    { "vf_collinear_triangle_miss", 0,
      { { 0.5, 0.1, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, 0.0, 0.0 },
        { 0.5, 0.1, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, 0.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, 0 },
    { "vf_point_triangle_hit", 0,
      { { 0.0, 0.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 },
        { 0.0, 0.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, 0 },
    { "vf_point_triangle_miss", 0,
      { { 0x1p-50, 0.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 },
        { 0x1p-50, 0.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, 0 },
    { "vf_collapsing_triangle", 0,
      { { 0.2, 0.2, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.2, 0.2, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, F(BOUNDARY) },
    { "vf_point_on_vertex_t0", 0,
      { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 1.0, 1.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "0", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, F(CONTACT_T0) | F(BOUNDARY) },
    { "vf_large_translation", 0,
      { { 100000000.25, 100000000.25, 100000001.0 }, { 100000000.0, 100000000.0, 100000000.0 }, { 100000001.0, 100000000.0, 100000000.0 }, { 100000000.0, 100000001.0, 100000000.0 },
        { 100000000.25, 100000000.25, 99999999.0 }, { 100000000.0, 100000000.0, 100000000.0 }, { 100000001.0, 100000000.0, 100000000.0 }, { 100000000.0, 100000001.0, 100000000.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_tiny_third", 0,
      { { 0x1p-42, 0x1p-42, 0x1p-40 }, { 0.0, 0.0, 0.0 }, { 0x1p-40, 0.0, 0.0 }, { 0.0, 0x1p-40, 0.0 },
        { 0x1p-42, 0x1p-42, -0x1p-39 }, { 0.0, 0.0, 0.0 }, { 0x1p-40, 0.0, 0.0 }, { 0.0, 0x1p-40, 0.0 } },
      1, "1/3", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_coplanar_slide_along_edge_line", 0,
      { { -1.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 3.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/4", -1, { 0 }, CCDB_CLASS_COPLANAR, F(BOUNDARY) },
    { "vf_coplanar_static_outside", 0,
      { { 0.75, 0.75, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.75, 0.75, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_COPLANAR, 0 },
    { "vf_coplanar_triangle_never_arrives", 0,
      { { 0.25, 0.25, 0.0 }, { -3.0, 0.0, 0.0 }, { -2.0, 0.0, 0.0 }, { -3.0, 1.0, 0.0 },
        { 0.25, 0.25, 0.0 }, { -1.5, 0.0, 0.0 }, { -0.5, 0.0, 0.0 }, { -1.5, 1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_COPLANAR, 0 },
    { "vf_corner_at_t1", 0,
      { { 1.0, 0.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 1.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, F(CONTACT_T1) | F(BOUNDARY) },
    { "vf_vertex_collapse_at_t1", 0,
      { { 0.1, 0.1, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { 0.1, 0.1, -1.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, 0 },
    { "vf_face_sweeps_point_fifth", 0,
      { { 0.2, 0.2, 0.0 }, { 0.0, 0.0, 1.0 }, { 1.0, 0.0, 1.0 }, { 0.0, 1.0, 1.0 },
        { 0.2, 0.2, 0.0 }, { 0.0, 0.0, -4.0 }, { 1.0, 0.0, -4.0 }, { 0.0, 1.0, -4.0 } },
      1, "1/5", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_diagonal_motion", 0,
      { { 2.0, 2.0, 3.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { -1.0, -1.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "vf_diagonal_hits_origin_corner", 0,
      { { 1.0, 1.0, 1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 },
        { -1.0, -1.0, -1.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_BOUNDARY, 0 },
    { "ee_cross", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, 1.0 }, { 0.5, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, -1.0 }, { 0.5, 1.0, -1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_beyond_end", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, -1.0, 1.0 }, { 2.0, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, -1.0, -1.0 }, { 2.0, 1.0, -1.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_touch_endpoint", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 1.0, -1.0, 1.0 }, { 1.0, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 1.0, -1.0, -1.0 }, { 1.0, 1.0, -1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_BOUNDARY, 0 },
    { "ee_miss_endpoint_ulp", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0x1.0000000000001p+0, -1.0, 1.0 }, { 0x1.0000000000001p+0, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0x1.0000000000001p+0, -1.0, -1.0 }, { 0x1.0000000000001p+0, 1.0, -1.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_third", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, 1.0 }, { 0.5, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, -2.0 }, { 0.5, 1.0, -2.0 } },
      1, "1/3", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_parallel_collinear_overlap", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 1.0, 0.0 }, { 1.5, 1.0, 0.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, 0.0 }, { 1.5, -1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, F(COPLANAR) },
    { "ee_parallel_collinear_separated", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, 1.0, 0.0 }, { 3.0, 1.0, 0.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, -1.0, 0.0 }, { 3.0, -1.0, 0.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, 0 },
    { "ee_parallel_touch_end", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 1.0, 1.0, 0.0 }, { 2.0, 1.0, 0.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 1.0, -1.0, 0.0 }, { 2.0, -1.0, 0.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, F(BOUNDARY) },
    { "ee_parallel_offset_plane", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 1.0, 1.0 }, { 1.5, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, 1.0 }, { 1.5, -1.0, 1.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, 0 },
    { "ee_parallel_vertical_pass", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.0, 1.0 }, { 1.5, 0.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.0, -1.0 }, { 1.5, 0.0, -1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, 0 },
    { "ee_zero_length_b_hit", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.0, 1.0 }, { 0.5, 0.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.0, -1.0 }, { 0.5, 0.0, -1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, 0 },
    { "ee_zero_length_b_miss", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.1, 1.0 }, { 0.5, 0.1, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.1, -1.0 }, { 0.5, 0.1, -1.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, 0 },
    { "ee_both_points_hit", 1,
      { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 1.0 }, { 0.0, 0.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, -1.0 }, { 0.0, 0.0, -1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, 0 },
    { "ee_both_points_miss", 1,
      { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0x1p-60, 0.0, 1.0 }, { 0x1p-60, 0.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0x1p-60, 0.0, -1.0 }, { 0x1p-60, 0.0, -1.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, 0 },
    { "ee_contact_t0", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, 0.0 }, { 0.5, 1.0, 0.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, -1.0 }, { 0.5, 1.0, -1.0 } },
      1, "0", -1, { 0 }, CCDB_CLASS_CONTACT_T0, 0 },
    { "ee_contact_t1", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, 1.0 }, { 0.5, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, 0.0 }, { 0.5, 1.0, 0.0 } },
      1, "1", -1, { 0 }, CCDB_CLASS_CONTACT_T1, 0 },
    { "ee_tangent", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -0.25, 0.5 }, { 0.5, 0.75, -0.5 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -0.75, -0.5 }, { 0.5, 0.25, 0.5 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_TANGENT, 0 },
    { "ee_collinear_sliding_fifth", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, 0.0, 0.0 }, { 3.0, 0.0, 0.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { -3.0, 0.0, 0.0 }, { -2.0, 0.0, 0.0 } },
      1, "1/5", -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, F(COPLANAR) | F(BOUNDARY) },
    { "ee_collinear_overlap_t0", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.0, 0.0 }, { 2.0, 0.0, 0.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.0, 0.0 }, { 2.0, 0.0, 0.0 } },
      1, "0", -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, F(COPLANAR) | F(CONTACT_T0) },
    { "ee_large_translation", 1,
      { { 100000000.0, 100000000.0, 100000000.0 }, { 100000001.0, 100000000.0, 100000000.0 }, { 100000000.5, 99999999.0, 100000001.0 }, { 100000000.5, 100000001.0, 100000001.0 },
        { 100000000.0, 100000000.0, 100000000.0 }, { 100000001.0, 100000000.0, 100000000.0 }, { 100000000.5, 99999999.0, 99999999.0 }, { 100000000.5, 100000001.0, 99999999.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_tiny_third", 1,
      { { 0.0, 0.0, 0.0 }, { 0x1p-40, 0.0, 0.0 }, { 0x1p-41, -0x1p-40, 0x1p-40 }, { 0x1p-41, 0x1p-40, 0x1p-40 },
        { 0.0, 0.0, 0.0 }, { 0x1p-40, 0.0, 0.0 }, { 0x1p-41, -0x1p-40, -0x1p-39 }, { 0x1p-41, 0x1p-40, -0x1p-39 } },
      1, "1/3", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_skew_near_miss", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0x1p-60, 1.0 }, { 0.5, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0x1p-60, -1.0 }, { 0.5, 1.0, -1.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_endpoint_touch_b", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.0, 1.0 }, { 0.5, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 0.0, -1.0 }, { 0.5, 1.0, -1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_BOUNDARY, 0 },
    { "ee_two_roots_second", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 1.5, 0.5, -0.3125 }, { 1.5, -0.5, 0.6875 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 0.0, 0.1875 }, { 0.0, -1.0, -0.8125 } },
      1, "3/4", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_irrational", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.25, 0.5, -1.0 }, { 0.25, -0.5, 0.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.25, 0.0, 0.5 }, { 0.25, -1.0, -0.5 } },
      1, NULL, 2, { -1, 0, 2 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_point_a_reached_t1", 1,
      { { 0.5, 0.0, 0.0 }, { 0.5, 0.0, 0.0 }, { 0.0, 0.0, 1.0 }, { 1.0, 0.0, 1.0 },
        { 0.5, 0.0, 0.0 }, { 0.5, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 } },
      1, "1", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, F(CONTACT_T1) },
    { "ee_shared_endpoint_t0", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 2.0, 1.0, 0.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 1.0, 5.0, 5.0 }, { 2.0, 6.0, 5.0 } },
      1, "0", -1, { 0 }, CCDB_CLASS_DEGENERATE_PRIMITIVE, F(CONTACT_T0) | F(BOUNDARY) },
    { "ee_parallel_diagonal_meet", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 1.0, 1.0 }, { 1.5, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, -1.0 }, { 1.5, -1.0, -1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, 0 },
    { "ee_parallel_diagonal_miss", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 1.0, 1.0 }, { 1.5, 1.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, -1.0, -0.5 }, { 1.5, -1.0, -0.5 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_PARALLEL_EDGES, 0 },
    { "ee_lines_cross_outside_b", 1,
      { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 1.0, 1.0 }, { 0.5, 2.0, 1.0 },
        { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.5, 1.0, -1.0 }, { 0.5, 2.0, -1.0 } },
      0, NULL, -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_both_move_cross_fifth", 1,
      { { 0.0, 0.0, 1.0 }, { 1.0, 0.0, 1.0 }, { 0.5, -1.0, 0.0 }, { 0.5, 1.0, 0.0 },
        { 0.0, 0.0, -4.0 }, { 1.0, 0.0, -4.0 }, { 0.5, -1.0, 0.0 }, { 0.5, 1.0, 0.0 } },
      1, "1/5", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    { "ee_a_rotates_sweeps_b", 1,
      { { -1.0, 0.0, 0.0 }, { 1.0, 0.0, 0.0 }, { 0.0, 0.5, -1.0 }, { 0.0, 0.5, 1.0 },
        { -1.0, 0.0, 0.0 }, { 1.0, 2.0, 0.0 }, { 0.0, 0.5, -1.0 }, { 0.0, 0.5, 1.0 } },
      1, "1/2", -1, { 0 }, CCDB_CLASS_GENERIC, 0 },
    // clang-format on
};
#define N_CASES (sizeof cases / sizeof cases[0])

static ccdb_truth *T;
static void setup(void)
{
    T = ccdb_truth_new();
    ccdb_truth_set_checking(T, 1);
    ccdb_truth_set_filters(T, 0); /* the table exercises the exact path; see filtered_agrees */
}
static void teardown(void)
{
    ccdb_truth_free(T);
}
TestSuite(cases, .init = setup, .fini = teardown);

static void check_toi(const char *name, const gt_case *c, const ccdb_truth_result *r)
{
    if (!c->hit)
        return;
    if (c->toi)
        gt_check_rational(name, r, c->toi);
    else
        gt_check_root(name, r, c->poly_deg, c->poly);
}

/* The independent mpq solver confirms every rational TOI of the table: contact at the TOI, none
 * 2^-70 before it, and for misses none at a few times. */
Test(cases, witness_at_rational_toi)
{
    int checked = 0;
    for (size_t i = 0; i < N_CASES; i++) {
        const gt_case *c = &cases[i];
        mpq_t t, e;
        mpq_inits(t, e, NULL);
        if (c->hit && c->toi) {
            mpq_set_str(t, c->toi, 10);
            mpq_canonicalize(t);
            cr_expect(touch_at(c->q, c->ee, t), "%s: no witness at t = %s", c->name, c->toi);
            if (mpq_sgn(t) > 0) {
                mpq_set_ui(e, 1, 1);
                mpz_mul_2exp(mpq_denref(e), mpq_denref(e), 70);
                mpq_sub(t, t, e);
                cr_expect(!touch_at(c->q, c->ee, t), "%s: contact before the TOI", c->name);
            }
            checked++;
        } else if (!c->hit) {
            static const char *ts[] = { "0", "1/3", "1/2", "3/4", "1" };
            for (int k = 0; k < 5; k++) {
                mpq_set_str(t, ts[k], 10);
                mpq_canonicalize(t);
                cr_expect(!touch_at(c->q, c->ee, t), "%s: contact at %s", c->name, ts[k]);
            }
        }
        mpq_clears(t, e, NULL);
    }
    cr_assert_gt(checked, 40);
}

Test(cases, table)
{
    cr_assert_geq(N_CASES, 60);
    for (size_t i = 0; i < N_CASES; i++) {
        const gt_case *c = &cases[i];
        ccdb_truth_result r;
        gt_run(T, c->ee, c->q, &r);
        cr_expect_eq(r.hit, c->hit, "%s: hit %d, expected %d", c->name, r.hit, c->hit);
        if (r.hit == c->hit)
            check_toi(c->name, c, &r);
        cr_expect_eq(r.cls, c->cls, "%s: class %s, expected %s", c->name,
                     ccdb_truth_class_name(r.cls), ccdb_truth_class_name(c->cls));
        cr_expect_eq(r.flags & c->flags, c->flags, "%s: flags 0x%x lack 0x%x", c->name, r.flags,
                     c->flags);
        cr_expect(r.flags & (1u << r.cls), "%s: primary class not among the flags", c->name);
        cr_expect_eq(r.stage, CCDB_STAGE_EXACT, "%s: stage", c->name);
    }
}

/* With the filters on, every case gets the same answer and bracket (whichever stage decides). */
Test(cases, filtered_agrees)
{
    ccdb_truth *F = ccdb_truth_new();
    for (size_t i = 0; i < N_CASES; i++) {
        const gt_case *c = &cases[i];
        ccdb_truth_result exact, filtered;
        gt_run(T, c->ee, c->q, &exact);
        gt_run(F, c->ee, c->q, &filtered);
        cr_expect_eq(filtered.hit, exact.hit, "%s: filtered hit differs", c->name);
        cr_expect_eq(filtered.cls, exact.cls, "%s: filtered class differs", c->name);
        if (exact.hit)
            cr_expect(filtered.toi_lo == exact.toi_lo && filtered.toi_hi == exact.toi_hi,
                      "%s: filtered TOI bracket differs", c->name);
    }
    ccdb_truth_free(F);
}

/* Scaling all coordinates by 2^e changes nothing (TOI included), as long as no value leaves
 * the double range. */
Test(cases, scaled_by_powers_of_two)
{
    static const int ex[] = { -1000, -60, -1, 1, 37, 900 };
    for (size_t i = 0; i < N_CASES; i++)
        for (size_t e = 0; e < sizeof ex / sizeof ex[0]; e++) {
            const gt_case *c = &cases[i];
            double q[8][3];
            int ok = 1;
            for (int a = 0; a < 8; a++)
                for (int b = 0; b < 3; b++) {
                    q[a][b] = ldexp(c->q[a][b], ex[e]);
                    ok &= ldexp(q[a][b], -ex[e]) == c->q[a][b];
                }
            if (!ok)
                continue; /* underflow: not the same query */
            ccdb_truth_result r;
            gt_run(T, c->ee, (const double(*)[3])q, &r);
            cr_expect_eq(r.hit, c->hit, "%s * 2^%d: hit", c->name, ex[e]);
            if (r.hit == c->hit)
                check_toi(c->name, c, &r);
            cr_expect_eq(r.cls, c->cls, "%s * 2^%d: class %s", c->name, ex[e],
                         ccdb_truth_class_name(r.cls));
        }
}

/* Exact sum a + b? (TwoSum error term zero) */
static int exact_sum(double a, double b, double *s)
{
    *s = a + b;
    double bb = *s - a, aa = *s - bb;
    return (a - aa) + (b - bb) == 0 && isfinite(*s);
}

Test(cases, translated_exactly)
{
    static const double off[] = { 1e8, -3.0, 0.5, 1024.0 };
    size_t done = 0;
    for (size_t i = 0; i < N_CASES; i++)
        for (size_t o = 0; o < sizeof off / sizeof off[0]; o++) {
            const gt_case *c = &cases[i];
            double q[8][3];
            int ok = 1;
            for (int a = 0; a < 8; a++)
                for (int b = 0; b < 3; b++)
                    ok &= exact_sum(c->q[a][b], off[o] * (b + 1), &q[a][b]);
            if (!ok)
                continue;
            done++;
            ccdb_truth_result r;
            gt_run(T, c->ee, (const double(*)[3])q, &r);
            cr_expect_eq(r.hit, c->hit, "%s + %g: hit", c->name, off[o]);
            if (r.hit == c->hit)
                check_toi(c->name, c, &r);
            cr_expect_eq(r.cls, c->cls, "%s + %g: class", c->name, off[o]);
        }
    cr_assert_gt(done, N_CASES);
}

/* Triangle vertex permutations (VF) and edge / endpoint swaps (EE): same answer and class. */
Test(cases, permutations)
{
    static const int perm3[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                     { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    static const int permee[8][4] = { { 0, 1, 2, 3 }, { 1, 0, 2, 3 }, { 0, 1, 3, 2 },
                                      { 1, 0, 3, 2 }, { 2, 3, 0, 1 }, { 3, 2, 0, 1 },
                                      { 2, 3, 1, 0 }, { 3, 2, 1, 0 } };
    for (size_t i = 0; i < N_CASES; i++) {
        const gt_case *c = &cases[i];
        int np = c->ee ? 8 : 6;
        for (int p = 1; p < np; p++) {
            int map[4];
            if (c->ee)
                for (int j = 0; j < 4; j++)
                    map[j] = permee[p][j];
            else {
                map[0] = 0;
                for (int j = 0; j < 3; j++)
                    map[j + 1] = 1 + perm3[p][j];
            }
            double q[8][3];
            for (int h = 0; h < 2; h++)
                for (int j = 0; j < 4; j++)
                    for (int b = 0; b < 3; b++)
                        q[4 * h + j][b] = c->q[4 * h + map[j]][b];
            ccdb_truth_result r;
            gt_run(T, c->ee, (const double(*)[3])q, &r);
            cr_expect_eq(r.hit, c->hit, "%s perm %d: hit", c->name, p);
            if (r.hit == c->hit)
                check_toi(c->name, c, &r);
            cr_expect_eq(r.cls, c->cls, "%s perm %d: class %s", c->name, p,
                         ccdb_truth_class_name(r.cls));
        }
    }
}
