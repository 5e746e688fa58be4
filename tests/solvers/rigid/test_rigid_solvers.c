/* test_rigid_solvers.c — the rigid solvers on hand-built screw motions whose answer is known:
 * a plate that spins through a still vertex (both poses miss it; first contact at t = 1/2
 * exactly), the phantom (the chord of the motion passes the vertex, the arc does not), a pure
 * translation, and the same scenes with the other primitive moving (the inverse motion). */
#include <criterion/criterion.h>
#include <string.h>

#include "ccdb_solver.h"

extern const ccdb_solver ccdb_solver_rigid_linearized;
extern const ccdb_solver ccdb_solver_rigid_interval;
extern const ccdb_solver ccdb_solver_rigid_bisection;
extern const ccdb_solver ccdb_solver_rigid_conservative_advancement;

static ccdb_result run(const ccdb_solver *s, const double q[8][3], int vf)
{
    ccdb_params p = ccdb_params_default();
    void *state = s->create ? s->create(&p) : NULL;
    ccdb_result r;
    memset(&r, 0, sizeof r);
    (vf ? s->rigid_vertex_face : s->rigid_edge_edge)(state, q, &p, &r);
    if (s->destroy)
        s->destroy(state);
    return r;
}

/* The plate: triangle a = (1,0,-1), b = (3,0,-1), c = (2,0,1) in the half-plane y = 0, x > 0,
 * turning a quarter turn about the z axis (w = (0,0,1), |w| = tan(pi/4)); at angle 45 degrees
 * (t = 1/2) it covers the radii 1.5..2.5 at z = 0. Its chords (linear interpolation) stay at
 * radii divided by up to sqrt 2 there. The vertex p is still. */
static void plate(double q[8][3], double px, double py, double pz)
{
    static const double base[8][3] = { { 0, 0, 0 }, { 1, 0, -1 }, { 3, 0, -1 }, { 2, 0, 1 },
                                       { 0, 0, 0 }, { 0, 0, 1 },  { 0, 0, 0 },  { 1, 0, 0 } };
    memcpy(q, base, sizeof base);
    q[0][0] = px;
    q[0][1] = py;
    q[0][2] = pz;
}

/* The same scene seen from the plate: the vertex turns by the inverse rotation, the plate is
 * still (w = (0,0,-1); with c on the axis and no translation the inverse motion is exact). */
static void plate_inverse(double q[8][3], double px, double py, double pz)
{
    plate(q, px, py, pz);
    q[5][2] = -1.0;
    q[7][0] = 0.0;
}

#define CQ(q) ((const double(*)[3])(q))

static const ccdb_solver *const conservative[] = { &ccdb_solver_rigid_interval,
                                                   &ccdb_solver_rigid_bisection };

Test(rigid_solvers, spin_through_is_missed_by_linearization_only)
{
    double q[8][3];
    for (int inv = 0; inv < 2; inv++) {
        (inv ? plate_inverse : plate)(q, 1.375, 1.375, 0.0); /* radius 1.94, at 45 degrees */
        ccdb_result r = run(&ccdb_solver_rigid_linearized, CQ(q), 1);
        cr_assert_eq(r.state, CCDB_MISS, "linearized sees only the chords (inverse %d)", inv);
        for (size_t i = 0; i < 2; i++) {
            r = run(conservative[i], CQ(q), 1);
            cr_assert_eq(r.state, CCDB_HIT, "%s", conservative[i]->name);
            cr_assert(r.toi <= 0.5, "%s toi %g", conservative[i]->name, r.toi);
        }
        r = run(&ccdb_solver_rigid_conservative_advancement, CQ(q), 1);
        cr_assert_eq(r.state, CCDB_HIT);
        cr_assert(r.toi <= 0.5 && r.toi > 0.5 - 1e-3, "ca toi %g", r.toi);
    }
}

Test(rigid_solvers, phantom_is_invented_by_linearization_only)
{
    double q[8][3];
    for (int inv = 0; inv < 2; inv++) {
        /* the plate's chords at 45 degrees cover radii 1.06..1.77 at z = 0; the vertex's chord
         * (inverse motion) reaches its radius over sqrt 2 at angle 0, where the plate covers
         * 1.5..2.5: radius 1.13 and 3.005 are inside the chords only, never on the arc */
        double p = inv ? 2.125 : 0.8;
        (inv ? plate_inverse : plate)(q, p, p, 0.0);
        ccdb_result r = run(&ccdb_solver_rigid_linearized, CQ(q), 1);
        cr_assert_eq(r.state, CCDB_HIT, "linearized: the chord passes the vertex");
        cr_assert_eq(run(&ccdb_solver_rigid_interval, CQ(q), 1).state, CCDB_MISS);
        cr_assert_eq(run(&ccdb_solver_rigid_conservative_advancement, CQ(q), 1).state, CCDB_MISS);
    }
}

Test(rigid_solvers, far_vertex_is_a_miss_for_all)
{
    double q[8][3];
    plate(q, 1.5, 1.5, 5.0);
    const ccdb_solver *all[] = { &ccdb_solver_rigid_linearized, &ccdb_solver_rigid_interval,
                                 &ccdb_solver_rigid_bisection,
                                 &ccdb_solver_rigid_conservative_advancement };
    for (size_t i = 0; i < 4; i++)
        cr_assert_eq(run(all[i], CQ(q), 1).state, CCDB_MISS, "%s", all[i]->name);
}

/* w = 0: the vertex translates by s = (0,0,-4) from z = 2 through the still triangle z = 0:
 * first contact at t = 1/2; linearization is exact here. */
Test(rigid_solvers, pure_translation)
{
    double q[8][3] = { { 0.25, 0.25, 2 }, { 0, 0, 0 }, { 1, 0, 0 },  { 0, 1, 0 },
                       { 7, 7, 7 },       { 0, 0, 0 }, { 0, 0, -4 }, { 0, 0, 0 } };
    ccdb_result r = run(&ccdb_solver_rigid_linearized, CQ(q), 1);
    cr_assert_eq(r.state, CCDB_HIT);
    cr_assert_eq(r.toi, 0.5);
    for (size_t i = 0; i < 2; i++) {
        r = run(conservative[i], CQ(q), 1);
        cr_assert_eq(r.state, CCDB_HIT);
        cr_assert(r.toi <= 0.5 && r.toi > 0.5 - 1e-5, "%s %g", conservative[i]->name, r.toi);
    }
    r = run(&ccdb_solver_rigid_conservative_advancement, CQ(q), 1);
    cr_assert(r.state == CCDB_HIT && r.toi <= 0.5 && r.toi > 0.5 - 1e-5);
}

/* EE: edge a, the vertical segment x = 2, z in [-1, 1], turns a quarter turn about z (radius 2);
 * edge b is still on the 45-degree diagonal at radii 1.70..2.83, z = 0: the arc crosses it at
 * t = 1/2, the chord (radius 2 / sqrt 2 = 1.41 at 45 degrees) passes inside it. */
Test(rigid_solvers, edge_edge_spin_through)
{
    double q[8][3] = { { 2, 0, -1 }, { 2, 0, 1 }, { 1.2, 1.2, 0 }, { 2, 2, 0 },
                       { 0, 0, 0 },  { 0, 0, 1 }, { 0, 0, 0 },     { 0, 0, 0 } };
    cr_assert_eq(run(&ccdb_solver_rigid_linearized, CQ(q), 0).state, CCDB_MISS);
    for (size_t i = 0; i < 2; i++) {
        ccdb_result r = run(conservative[i], CQ(q), 0);
        cr_assert_eq(r.state, CCDB_HIT, "%s", conservative[i]->name);
        cr_assert(r.toi <= 0.5 && r.toi > 0.5 - 0.25, "%s %g", conservative[i]->name, r.toi);
    }
    q[2][2] = q[3][2] = 2.0; /* b lifted above a's top: a miss */
    for (size_t i = 0; i < 2; i++)
        cr_assert_eq(run(conservative[i], CQ(q), 0).state, CCDB_MISS, "%s", conservative[i]->name);
}

Test(rigid_solvers, malformed_motion_row_fails)
{
    double q[8][3];
    plate(q, 1.5, 1.5, 0.0);
    q[7][0] = 0.5;
    const ccdb_solver *all[] = { &ccdb_solver_rigid_linearized, &ccdb_solver_rigid_interval,
                                 &ccdb_solver_rigid_bisection,
                                 &ccdb_solver_rigid_conservative_advancement };
    for (size_t i = 0; i < 4; i++)
        cr_assert_eq(run(all[i], CQ(q), 1).state, CCDB_FAILED, "%s", all[i]->name);
}
