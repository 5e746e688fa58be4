/* rigid_bisection.c — binary search on time over conservative swept bounds of the arc.
 *
 * Method: the predicate "the primitives may touch during [ta, tb]" is a box test on the arc:
 * [ta, tb] is mapped to an enclosure U of u([ta, tb]) (u(t) = tan(phi1 t / 2) / |w| is
 * increasing; the bounds are moved outward by a relative margin that covers the rounding of
 * atan and tan, see rigid_motion.h), every difference between a point of one primitive and a
 * point of the other is enclosed over U (Redon's polynomials in u, interval Horner), and the
 * interval is ruled out when on some axis one primitive is strictly on one side of the other at
 * every instant. Time intervals are bisected depth first, earlier half first, so the first
 * interval of width <= delta that is not ruled out holds the earliest possible contact; its
 * start is the reported TOI (the game engines' binary search, on the arc instead of the chord).
 * Follows: the time-bisection method of game engines (Ericson, Real-Time Collision Detection,
 * 2005, 5.5.3), with a swept bound of the rotating primitive instead of linear interpolation.
 * Claims: conservative, reports TOI: the enclosures are outward rounded and the u range covers
 * the t range, so a contact is never ruled out; nothing before the reported t was kept. The
 * price is false positives: boxes of nearby primitives overlap without contact.
 * Parameters: delta (time resolution, default 1e-6); max_iterations (box tests, default 1e6;
 * reaching it gives GAVE_UP at the earliest interval not yet ruled out). min_separation is not
 * honoured. Scale: as rigid_interval (GAVE_UP at t = 0 beyond 2^150 or |w| > 2^26); FAILED on a
 * malformed motion row. Linear slots: none.
 * Sweeps (docs/sweep.md): the same search in t over the boxes of the sweep enclosed on each
 * piece (solvers/sweep_motion.h), conservative too.
 */
#include "bisection.h"
#include "ccdb_solver.h"
#include "rigid_motion.h"
#include "sweep_motion.h"

typedef struct rb_ctx {
    const rm_motion *m;
    const rm_polys *ps;
    int vf;
} rb_ctx;

static int rb_may_touch(const void *ctx, double ta, double tb)
{
    const rb_ctx *c = ctx;
    return !rm_iv_apart(c->ps, c->vf, rm_u_range(c->m, ta, tb));
}

static void rb_solve(const double q[8][3], const ccdb_params *params, int vf, ccdb_result *out)
{
    rm_motion m;
    rm_polys ps;
    if (rm_interval_begin(q, vf, &m, &ps, out) != 0)
        return;
    const rb_ctx c = { &m, &ps, vf };
    tb_bisect(rb_may_touch, &c, params, out);
}

static void rb_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    rb_solve(q, params, 1, out);
}

static void rb_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    rb_solve(q, params, 0, out);
}

/* Sweeps: the same search in t, the boxes of the sweep enclosed over [ta, tb] (sweep_motion.h:
 * sin and cos of the turn enclosed over the piece, outward rounded). */
static int rb_sweep_may_touch(const void *ctx, double ta, double tb)
{
    return !sm_iv_apart(ctx, (iv){ ta, tb });
}

static void rb_sweep(const double q[8][3], const ccdb_params *params, int vf, ccdb_result *out)
{
    sm_motion m;
    if (sm_begin(q, vf, &m, out) != 0)
        return;
    tb_bisect(rb_sweep_may_touch, &m, params, out);
}

static void rb_sweep_vf(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out)
{
    (void)state;
    rb_sweep(q, params, 1, out);
}

static void rb_sweep_ee(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out)
{
    (void)state;
    rb_sweep(q, params, 0, out);
}

const ccdb_solver ccdb_solver_rigid_bisection = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "rigid_bisection",
    .summary = "rigid: bisection on time with conservative interval boxes of the arc",
    .reference = "game-engine interval halving (Ericson, Real-Time Collision Detection, 2005) "
                 "on the screw motion",
    .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI,
    .rigid_vertex_face = rb_vf,
    .rigid_edge_edge = rb_ee,
    .sweep_vertex_face = rb_sweep_vf,
    .sweep_edge_edge = rb_sweep_ee,
};
