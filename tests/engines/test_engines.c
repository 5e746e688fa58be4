/* test_engines.c — the engine adapters (engines/, docs/engines.md), built only with
 * -DCCDB_ENGINES=ON (the engines build and its CI step): each plugin loads, answers
 * CCDB_OUTSIDE_MODEL exactly outside the motion its engine implements, and inside it converts a
 * query into the engine's terms so that the engine finds a plain contact before its exact time
 * and reports no contact for a plain miss (hand-built queries far from every engine tolerance:
 * a wrong pose, sign or frame origin fails here). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_registry.h"

#define ENGINE(name) CCDB_BINARY_DIR "/peers/" name ".so"

enum { FCL_CUBIC, FCL_CA, BULLET, BOX2D, N_ENGINES };
static const char *const names[N_ENGINES] = { "engine_fcl_cubic", "engine_fcl_ca", "engine_bullet",
                                              "engine_box2d" };
static const char *const paths[N_ENGINES] = { ENGINE("engine_fcl_cubic"), ENGINE("engine_fcl_ca"),
                                              ENGINE("engine_bullet"), ENGINE("engine_box2d") };

static ccdb_registry *reg;
static const ccdb_solver *eng[N_ENGINES];

static void setup(void)
{
    reg = ccdb_registry_new();
    cr_assert(reg);
    for (int e = 0; e < N_ENGINES; e++) {
        char err[1024] = "";
        cr_assert_eq(ccdb_registry_load_plugin(reg, paths[e], err, sizeof err), 0, "%s", err);
        eng[e] = ccdb_registry_find(reg, names[e]);
        cr_assert(eng[e], "%s", names[e]);
        cr_assert_eq(eng[e]->abi_version, CCDB_SOLVER_ABI);
    }
}

static void teardown(void)
{
    ccdb_registry_free(reg);
}

TestSuite(engines, .init = setup, .fini = teardown);

typedef enum { LIN_VF, LIN_EE, RIGID_VF, RIGID_EE, SWEEP_VF, SWEEP_EE } qkind;

static ccdb_result ask(int e, qkind k, double q[8][3])
{
    const ccdb_solver *s = eng[e];
    ccdb_query_fn f = k == LIN_VF     ? s->vertex_face
                      : k == LIN_EE   ? s->edge_edge
                      : k == RIGID_VF ? s->rigid_vertex_face
                      : k == RIGID_EE ? s->rigid_edge_edge
                      : k == SWEEP_VF ? s->sweep_vertex_face
                                      : s->sweep_edge_edge;
    ccdb_params p = ccdb_params_default();
    ccdb_result r = { (ccdb_state)-1, -1.0, -1 };
    cr_assert(f, "%s has an entry for kind %d", names[e], (int)k);
    void *st = s->create ? s->create(&p) : NULL;
    f(st, (const double(*)[3])q, &p, &r);
    if (s->destroy)
        s->destroy(st);
    return r;
}

/* A hit no later than `toi` (plus `late`, the engine's own bracket) and no earlier than
 * `toi - early`. */
static void expect_hit(int e, qkind k, double q[8][3], double toi, double early, double late,
                       const char *what)
{
    ccdb_result r = ask(e, k, q);
    cr_expect(r.state == CCDB_HIT && r.toi <= toi + late && r.toi >= toi - early,
              "%s on %s: %s at %.17g, exact %.17g", names[e], what, ccdb_state_name(r.state), r.toi,
              toi);
}

static void expect_state(int e, qkind k, double q[8][3], ccdb_state want, const char *what)
{
    ccdb_result r = ask(e, k, q);
    cr_expect_eq(r.state, want, "%s on %s: %s, wanted %s", names[e], what, ccdb_state_name(r.state),
                 ccdb_state_name(want));
}

static void set(double q[8][3], int row, double x, double y, double z)
{
    q[row][0] = x, q[row][1] = y, q[row][2] = z;
}

/* A vertex falling through a still triangle: a translation, contact at t = 1/2 exactly. */
static void falling_vertex(double q[8][3], double x, double y)
{
    memset(q, 0, 8 * sizeof q[0]);
    set(q, 0, x, y, 1);
    set(q, 1, 0, 0, 0), set(q, 2, 1, 0, 0), set(q, 3, 0, 1, 0);
    set(q, 4, x, y, -1);
    set(q, 5, 0, 0, 0), set(q, 6, 1, 0, 0), set(q, 7, 0, 1, 0);
}

Test(engines, translation_in_space)
{
    double q[8][3];
    falling_vertex(q, 0.25, 0.25);
    expect_hit(FCL_CUBIC, LIN_VF, q, 0.5, 0.0, 1e-7, "falling vertex");
    /* FCL's screw motion overshoots a pure translation d by the factor |d| (docs/engines.md,
     * fcl issue 119): |d| = 2 here, contact at 1/4; with |d| = 1 it is right. */
    expect_hit(FCL_CA, LIN_VF, q, 0.25, 0.01, 0.0, "falling vertex, |d| = 2 (FCL's overshoot)");
    q[0][2] = 0.5, q[4][2] = -0.5;
    expect_hit(FCL_CA, LIN_VF, q, 0.5, 0.01, 0.0, "falling vertex, |d| = 1");
    q[0][2] = 1, q[4][2] = -1;
    expect_hit(BULLET, LIN_VF, q, 0.5, 0.01, 0.0, "falling vertex");
    expect_state(BOX2D, LIN_VF, q, CCDB_OUTSIDE_MODEL, "falling vertex (not planar)");
    falling_vertex(q, 2, 2);
    for (int e = 0; e < BOX2D; e++)
        expect_state(e, LIN_VF, q, CCDB_MISS, "vertex falling beside the triangle");
    /* The triangle moving up instead (the second primitive translates). */
    falling_vertex(q, 0.25, 0.25);
    set(q, 4, 0.25, 0.25, 1);
    for (int r = 5; r < 8; r++)
        q[r][2] = 2;
    expect_hit(FCL_CUBIC, LIN_VF, q, 0.5, 0.0, 1e-7, "rising triangle");
    expect_hit(BULLET, LIN_VF, q, 0.5, 0.01, 0.0, "rising triangle");
    /* One triangle vertex moving alone: a deformation, no body motion. */
    q[6][2] = 0;
    expect_state(FCL_CA, LIN_VF, q, CCDB_OUTSIDE_MODEL, "deforming triangle");
    expect_state(BULLET, LIN_VF, q, CCDB_OUTSIDE_MODEL, "deforming triangle");
    cr_expect_neq(ask(FCL_CUBIC, LIN_VF, q).state, CCDB_OUTSIDE_MODEL,
                  "per-vertex motion is the cubic's model");
}

/* Two segments in the plane z = 0: edge b falls onto edge a, contact at t = 1/2. */
Test(engines, planar_translation)
{
    double q[8][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 1, 0 },  { 0.5, 2, 0 },
                       { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, -1, 0 }, { 0.5, 0, 0 } };
    expect_hit(BOX2D, LIN_EE, q, 0.5, 0.01, 0.0, "falling segment");
    expect_hit(FCL_CA, LIN_EE, q, 0.5, 0.5, 0.0, "falling segment (|d| = 2: early)");
    expect_hit(BULLET, LIN_EE, q, 0.5, 0.01, 0.0, "falling segment");
    /* Not a float: what Box2D would read is not the query. */
    q[2][0] = q[6][0] = 0.1;
    expect_state(BOX2D, LIN_EE, q, CCDB_OUTSIDE_MODEL, "0.1 is no float");
    q[2][0] = q[3][0] = q[6][0] = q[7][0] = 3;
    expect_state(BOX2D, LIN_EE, q, CCDB_MISS, "falling beside");
    expect_state(BULLET, LIN_EE, q, CCDB_MISS, "falling beside");
}

/* A rigid VF query: the point (1,0,0) turning about the z axis through the origin by
 * phi1 = 2 atan(wz), the triangle still; the point enters the triangle's lower edge y = 1/4 at
 * the angle asin(1/4). In the plane z = 0 (float coordinates: Box2D's model), or (upright) in
 * the plane y = 1/4. */
static void turning_point(double q[8][3], double wz, double sz, int upright)
{
    memset(q, 0, 8 * sizeof q[0]);
    set(q, 0, 1, 0, 0);
    if (upright)
        set(q, 1, 0.5, 0.25, -1), set(q, 2, 1.5, 0.25, -1), set(q, 3, 1, 0.25, 1);
    else
        set(q, 1, 0.75, 0.25, 0), set(q, 2, 1.25, 0.25, 0), set(q, 3, 1, 0.625, 0);
    set(q, 5, 0, 0, wz);
    set(q, 6, 0, 0, sz);
}

Test(engines, planar_turn)
{
    double q[8][3];
    turning_point(q, 0.25, 0, 0); /* 28 degrees */
    double toi = asin(0.25) / (2 * atan(0.25));
    expect_hit(BULLET, RIGID_VF, q, toi, 0.05, 1e-12, "turning point");
    expect_hit(BOX2D, RIGID_VF, q, toi, 0.05, 1e-6, "turning point (float angle)");
    /* FCL finds it, late: its conservative advancement in the plane of the motion
     * (docs/engines.md); upright (below) it is right. */
    expect_state(FCL_CA, RIGID_VF, q, CCDB_HIT, "turning point");
    /* Turning the other way: away from the triangle, never there. */
    q[5][2] = -0.25;
    for (int e = FCL_CA; e < N_ENGINES; e++)
        expect_state(e, RIGID_VF, q, CCDB_MISS, "point turning away");
    /* 90 degrees: beyond Bullet's 45 degree clamp, still the others' model. */
    turning_point(q, 1, 0, 0);
    double toi90 = asin(0.25) / (2 * atan(1.0));
    expect_state(BULLET, RIGID_VF, q, CCDB_OUTSIDE_MODEL, "a 90 degree turn");
    expect_hit(BOX2D, RIGID_VF, q, toi90, 0.05, 1e-6, "turning point, 90 degrees");
    /* A screw (s != 0): a shift non-uniform in t, no engine's motion. */
    turning_point(q, 0.25, 0.5, 0);
    for (int e = FCL_CA; e < N_ENGINES; e++)
        expect_state(e, RIGID_VF, q, CCDB_OUTSIDE_MODEL, "a screw");
    /* An axis off z: a turn out of the plane, no Box2D motion. */
    turning_point(q, 0.25, 0, 0);
    q[5][0] = 0.125;
    expect_state(BOX2D, RIGID_VF, q, CCDB_OUTSIDE_MODEL, "an axis off z");
    cr_expect_eq(eng[FCL_CUBIC]->rigid_vertex_face, NULL, "the cubic has no rigid entry");
}

/* The same turns against an upright triangle (not planar: Box2D's outside). */
Test(engines, turn_in_space)
{
    double q[8][3];
    turning_point(q, 0.25, 0, 1);
    double toi = asin(0.25) / (2 * atan(0.25));
    expect_hit(FCL_CA, RIGID_VF, q, toi, 0.05, 1e-12, "turning point, upright triangle");
    expect_hit(BULLET, RIGID_VF, q, toi, 0.05, 1e-12, "turning point, upright triangle");
    expect_state(BOX2D, RIGID_VF, q, CCDB_OUTSIDE_MODEL, "upright triangle");
    turning_point(q, 1, 0, 1);
    expect_hit(FCL_CA, RIGID_VF, q, asin(0.25) / (2 * atan(1.0)), 0.05, 1e-12,
               "turning point, 90 degrees, upright triangle");
}

/* Rigid w = 0: the moving primitive translates by s (u = t). The triangle moves (row 8 =
 * (1,0,0)) down onto a still vertex: contact at t = 1/2. */
Test(engines, rigid_translation)
{
    double q[8][3];
    memset(q, 0, sizeof q);
    set(q, 0, 0.25, 0.25, -1);
    set(q, 1, 0, 0, 0), set(q, 2, 1, 0, 0), set(q, 3, 0, 1, 0);
    set(q, 6, 0, 0, -2);
    set(q, 7, 1, 0, 0);
    expect_hit(FCL_CA, RIGID_VF, q, 0.25, 0.01, 0.0, "triangle translated by |s| = 2 (overshoot)");
    expect_hit(BULLET, RIGID_VF, q, 0.5, 0.01, 0.0, "triangle translated onto a vertex");
    expect_state(BOX2D, RIGID_VF, q, CCDB_OUTSIDE_MODEL, "not planar");
}

/* Malformed input (a rigid row 8 other than (0,0,0) / (1,0,0), a coordinate not finite): the
 * honest answer is FAILED, not "outside the model". */
Test(engines, malformed_is_failed)
{
    double q[8][3];
    turning_point(q, 0.25, 0, 0);
    q[7][0] = 2;
    for (int e = FCL_CA; e < N_ENGINES; e++)
        expect_state(e, RIGID_VF, q, CCDB_FAILED, "row 8 = (2,0,0)");
    falling_vertex(q, 0.25, 0.25);
    q[5][1] = NAN;
    for (int e = FCL_CA; e < N_ENGINES; e++)
        expect_state(e, LIN_VF, q, CCDB_FAILED, "a NaN coordinate");
}

/* Issue 23 item 5: each engine declares the separation band its code stops at (ABI 5;
 * docs/engines.md), FCL's cubic none (its tolerances are in time and in unnormalised products,
 * not a distance); found by name in the peers folder, an engine is of origin "engine". */
Test(engines, bands_and_origin)
{
    double lo = -1, hi = -1;
    cr_assert_not(ccdb_solver_band(eng[FCL_CUBIC], &lo, &hi));
    cr_assert(ccdb_solver_band(eng[FCL_CA], &lo, &hi) && lo == 0 && hi == 1e-4);
    cr_assert(ccdb_solver_band(eng[BULLET], &lo, &hi) && lo == 0 && hi == 0.001);
    cr_assert(ccdb_solver_band(eng[BOX2D], &lo, &hi) && lo == 0.00375 && hi == 0.00625);
    cr_assert_eq(ccdb_registry_origin(reg, eng[BOX2D], NULL), CCDB_ORIGIN_PLUGIN, "--plugin");
    unsetenv("CCDB_PLUGIN_PATH");
    ccdb_registry *by_name = ccdb_registry_new();
    char err[1024] = "";
    const ccdb_solver *s = ccdb_registry_find_or_load(by_name, "engine_bullet", err, sizeof err);
    cr_assert(s, "%s", err);
    cr_assert_str_eq(ccdb_origin_name(ccdb_registry_origin(by_name, s, NULL)), "engine");
    ccdb_registry_free(by_name);
}

/* Sweeps (ABI 6, docs/sweep.md): X(t) = O + t v + R(theta t)(X0 - O), the engines' own motion.
 * The paddle: edge a from O = (0, -1/4, 0) to (1, -1/4, 0) in the plane z = 0 (every value a
 * float), turning about +z by theta while O moves by v; edge b still, upright on x = 1/2 from
 * y = 1/4 up. The paddle passes the still edge's lower end (1/2, 1/4) first, where
 * tan(theta t) = (1/4 - O_y(t)) / (1/2 - O_x(t)). */
static void paddle(double q[8][3], double theta, double vx, double vy)
{
    memset(q, 0, 8 * sizeof q[0]);
    set(q, 0, 0, -0.25, 0), set(q, 1, 1, -0.25, 0);
    set(q, 2, 0.5, 0.25, 0), set(q, 3, 0.5, 1, 0);
    set(q, 4, 0, -0.25, 0);
    set(q, 5, 0, 0, 1);
    set(q, 6, vx, vy, 0);
    set(q, 7, 0, theta, 0);
}

/* The first t at which the paddle's line passes (1/2, 1/4): f(t) = (1/2 - t vx) tan(theta t) -
 * (1/2 - t vy) increases on [0, hi], hi = min(1, 1.5 / theta) (below tan's pole), for the sweeps
 * below (theta > 0, vx <= 0, vy >= 0); 64 bisection steps on its sign change (f(0) < 0 < f(hi)
 * is asserted). */
static double paddle_toi(double theta, double vx, double vy)
{
    double lo = 0, hi = fmin(1, 1.5 / theta);
#define PADDLE_F(t) ((0.5 - (t)*vx) * tan(theta * (t)) - (0.5 - (t)*vy))
    cr_assert(PADDLE_F(lo) < 0 && PADDLE_F(hi) > 0, "the paddle crosses (1/2, 1/4) once");
    for (int i = 0; i < 64; i++) {
        double mid = 0.5 * (lo + hi);
        if (PADDLE_F(mid) < 0)
            lo = mid;
        else
            hi = mid;
    }
#undef PADDLE_F
    return lo;
}

Test(engines, sweep_planar_paddle)
{
    double q[8][3];
    /* A turn of 0.75 (43 degrees: inside Bullet's clamp) while the centre moves up-left. */
    paddle(q, 0.75, -0.125, 0.25);
    double toi = paddle_toi(0.75, -0.125, 0.25);
    expect_hit(BOX2D, SWEEP_EE, q, toi, 0.05, 1e-6, "paddle, theta 0.75, moving");
    expect_hit(BULLET, SWEEP_EE, q, toi, 0.01, 1e-9, "paddle, theta 0.75, moving");
    expect_hit(FCL_CA, SWEEP_EE, q, toi, 0.01, 1e-9, "paddle, theta 0.75, moving");
    /* The same turn about the axis pointing down: the paddle turns away (a miss for all). */
    q[5][2] = -1;
    for (int e = FCL_CA; e < N_ENGINES; e++)
        expect_state(e, SWEEP_EE, q, CCDB_MISS, "paddle turning away");
    /* The lines: Bullet's at 0.78539816 (its clamp at pi/4), FCL's at 3 (angles off poses). */
    paddle(q, 0.78515625, -0.125, 0.25);
    toi = paddle_toi(0.78515625, -0.125, 0.25);
    expect_hit(BULLET, SWEEP_EE, q, toi, 0.01, 1e-9, "201/256 rad");
    paddle(q, 0.78546875, -0.125, 0.25);
    expect_state(BULLET, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "0.78546875 rad, past pi/4");
    paddle(q, 3, 0, 0);
    expect_hit(FCL_CA, SWEEP_EE, q, paddle_toi(3, 0, 0), 0.01, 1e-9, "paddle, theta 3");
    q[7][1] = 3.0000000000000004;
    expect_state(FCL_CA, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "one ulp past 3 rad");
    /* Two radians: beyond Bullet's pi/4 clamp (outside its model), Box2D's and FCL's own. */
    paddle(q, 2, 0, 0);
    toi = paddle_toi(2, 0, 0);
    expect_state(BULLET, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "a turn of 2 radians");
    expect_hit(BOX2D, SWEEP_EE, q, toi, 0.05, 1e-6, "paddle, theta 2");
    expect_hit(FCL_CA, SWEEP_EE, q, toi, 0.01, 1e-9, "paddle, theta 2");
    /* Four radians: FCL reads the turn off the poses, the short way round (outside its
     * model); Box2D's angle is its sweep's, any size. */
    paddle(q, 4, 0, 0);
    expect_state(FCL_CA, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "a turn of 4 radians");
    expect_hit(BOX2D, SWEEP_EE, q, paddle_toi(4, 0, 0), 0.05, 1e-6, "paddle, theta 4");
    /* Off Box2D's model: a value that is not a float, an axis off z, a motion out of z = 0. */
    paddle(q, 0.75, -0.1, 0);
    expect_state(BOX2D, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "v_x = 0.1 is no float");
    paddle(q, 0.75, 0, 0);
    q[5][0] = 0.125;
    expect_state(BOX2D, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "an axis off z");
    paddle(q, 0.75, 0, 0);
    q[6][2] = 0.125;
    expect_state(BOX2D, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "the centre leaving the plane");
    /* A frame at O that cannot hold the query exactly (X0 - O not a double). */
    paddle(q, 0.75, 0, 0);
    q[4][0] = 0x1p-60;
    expect_state(BULLET, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "X0 - O not a double");
    expect_state(FCL_CA, SWEEP_EE, q, CCDB_OUTSIDE_MODEL, "X0 - O not a double");
}

/* In space: the point (1, 0, 0) turning about z through O = 0 by 1/2 while O moves by v, against
 * the upright triangle in the plane y = 1/4: y(t) = sin(t / 2) whatever v's x and z, so contact at
 * 2 asin(1/4) with v along x (FCL: InterpMotion) or along the axis (FCL: ScrewMotion). */
Test(engines, sweep_in_space)
{
    double q[8][3];
    double toi = 2 * asin(0.25);
    for (int screw = 0; screw < 2; screw++) {
        turning_point(q, 1, 0, 1);
        set(q, 6, screw ? 0 : 0.25, 0, screw ? 0.25 : 0);
        set(q, 7, 0, 0.5, 0);
        const char *what = screw ? "turning point, v along w" : "turning point, v across w";
        expect_hit(FCL_CA, SWEEP_VF, q, toi, 0.01, 1e-9, what);
        expect_hit(BULLET, SWEEP_VF, q, toi, 0.01, 1e-9, what);
        expect_state(BOX2D, SWEEP_VF, q, CCDB_OUTSIDE_MODEL, "upright triangle");
    }
    /* theta = 0 with the triangle moving (row 8 flag 1): a translation by v = (0, 0, 2) up to a
     * still vertex at height 1, contact at t = 1/2: FCL's InterpMotion moves it by v (its
     * ScrewMotion would overshoot by |v| = 2: the rigid entry's defect, not the sweep's). */
    falling_vertex(q, 0.25, 0.25);
    memset(q[4], 0, 4 * sizeof q[0]);
    set(q, 5, 0, 0, 1);
    set(q, 6, 0, 0, 2);
    set(q, 7, 1, 0, 0);
    expect_hit(FCL_CA, SWEEP_VF, q, 0.5, 0.01, 1e-9, "rising triangle");
    expect_hit(BULLET, SWEEP_VF, q, 0.5, 0.01, 1e-9, "rising triangle");
    cr_expect_eq(eng[FCL_CUBIC]->sweep_vertex_face, NULL, "the cubic has no sweep entry");
    /* Malformed: a row 8 flag other than 0 and 1. */
    q[7][0] = 2;
    for (int e = FCL_CA; e < N_ENGINES; e++)
        expect_state(e, SWEEP_VF, q, CCDB_FAILED, "row 8 = (2, 0, 0)");
}
