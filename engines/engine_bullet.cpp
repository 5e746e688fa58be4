/* engine_bullet.cpp — Bullet 3.24's continuous convex collision as a ccdbench plugin (Debian
 * libbullet-dev, its double-precision build bullet-float64; btContinuousConvexCollision::
 * calcTimeOfImpact with btVoronoiSimplexSolver and btGjkEpaPenetrationDepthSolver, as
 * btCollisionWorld::convexSweepTest uses it).
 *
 * Motion model, Bullet beside the judge:
 *   Bullet (btTransformUtil::integrateTransform)  x(l) = o0 + l (o1 - o0) + Rot(n, |omega| l)
 *                  (x0 - o0): the frame origin o on a line, a constant angular velocity about
 *                  it; a turn above pi/4 over the step is clamped (the end pose is not reached)
 *   judge, rigid   x(t) = c + R(u) (x0 - c) + u s, u = tan(phi1 t / 2) / |w|
 *   judge, linear  x_i(t) = x_i0 + t (x_i1 - x_i0)
 * They coincide, with the frame origin on the rotation axis (o = c), on a turn with s = 0 of at
 * most 45 degrees (|w|^2 <= 0.1715 < tan^2(pi/8) accepted) and on translations (rigid w = 0, or
 * a linear query in which each primitive translates as a body); every other query is answered
 * CCDB_OUTSIDE_MODEL (engines/engine_common.hpp).
 *
 * Conversion: each primitive is a btConvexHullShape of its 1, 2 or 3 points with margin 0 (the
 * default margin 0.04 would inflate it), in coordinates relative to its frame origin (c for a
 * turning body, 0 otherwise; x - c rounded to double). Poses: still, from = to = (I, o);
 * translating, to = (I, o + d); turning, to = (q, c) with the quaternion q = (w, 1) / sqrt(1 +
 * |w|^2) rounded (Bullet re-derives the angle as 2 acos(q.w)). m_allowedPenetration = 0, so
 * Bullet stops at a distance of 0.001 (absolute; btContinuousConvexCollision.cpp). Answer: true
 * -> HIT at m_fraction, false -> MISS (Bullet has no "failed": its iteration cap and GJK failure
 * also return false). Claims: reports a TOI, and the separation band [0, 0.001] (ABI 5: it stops
 * at a distance of 0.001). No work count.
 * Sweeps (ABI 6, docs/sweep.md: X(t) = O + t v + R(theta t)(X0 - O)) are integrateTransform's
 * own motion with the frame origin at O: inside for |theta| <= 0.78539816 (Bullet's clamp at
 * pi/4, bullet::max_theta) when X0 - O and O + v are doubles exactly; the quaternion of
 * (w, theta) is Bullet's (btQuaternion(axis, angle), rounded). Thread-safe (everything per call). */
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <cmath>

#include "engine_common.hpp"
#include "peer_common.hpp"

static_assert(sizeof(btScalar) == sizeof(double), "bullet-float64 (BT_USE_DOUBLE_PRECISION)");

namespace
{

using ccdb_engine::body_motion;
using ccdb_engine::query_motion;

/* The shape of rows [lo, hi) relative to the frame origin o (margin 0), and its pose at t = 0. */
void hull_at(const double q[8][3], int lo, int hi, const btVector3 &o, btConvexHullShape *s,
             btTransform *from)
{
    for (int r = lo; r < hi; r++)
        s->addPoint(btVector3(q[r][0], q[r][1], q[r][2]) - o, r + 1 == hi);
    s->setMargin(0);
    from->setIdentity();
    from->setOrigin(o);
}

/* The shape of rows [lo, hi) relative to the body's frame origin, and its two poses. */
void hull_and_poses(const double q[8][3], int lo, int hi, const body_motion &m,
                    btConvexHullShape *s, btTransform *from, btTransform *to)
{
    btVector3 o(0, 0, 0);
    if (m.type == body_motion::turn)
        o = btVector3(m.c[0], m.c[1], m.c[2]);
    hull_at(q, lo, hi, o, s, from);
    *to = *from;
    if (m.type == body_motion::translation) {
        to->setOrigin(o + btVector3(m.d[0], m.d[1], m.d[2]));
    } else if (m.type == body_motion::turn) {
        double n = std::sqrt(1.0 + m.w[0] * m.w[0] + m.w[1] * m.w[1] + m.w[2] * m.w[2]);
        to->setRotation(btQuaternion(m.w[0] / n, m.w[1] / n, m.w[2] / n, 1.0 / n));
    }
}

/* calcTimeOfImpact of hull a (poses fa -> ta) against hull b (fb -> tb). */
void time_of_impact(btConvexHullShape *a, const btTransform &fa, const btTransform &ta,
                    btConvexHullShape *b, const btTransform &fb, const btTransform &tb,
                    ccdb_result *out)
{
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btContinuousConvexCollision cc(a, b, &simplex, &epa);
    btConvexCast::CastResult r;
    r.m_allowedPenetration = 0;
    bool hit = cc.calcTimeOfImpact(fa, ta, fb, tb, r);
    out->state = hit ? CCDB_HIT : CCDB_MISS;
    out->toi = hit ? double(r.m_fraction) : 0.0;
}

struct bullet {
    /* Bullet's turn limit (ANGULAR_MOTION_THRESHOLD, pi/4) as a bound on |w|^2 =
     * tan^2(phi1 / 2), a little inside tan^2(pi/8) = 0.17157...: a turn at the limit itself is
     * not claimed. */
    static constexpr double max_w2 = 0.1715;
    /* The largest |theta| of a sweep given to Bullet: integrateTransform turns by |omega| l
     * only while |omega| l <= ANGULAR_MOTION_THRESHOLD = pi/4 (btTransformUtil.h), beyond it
     * the angle is clamped and the end pose not reached; a little inside pi/4 = 0.78539816339...
     * so that the angle Bullet re-derives from the quaternion (2 acos(w), a few ulps off) never
     * crosses the threshold. */
    static constexpr double max_theta = 0.78539816;
    static void collide(const double q[8][3], const query_motion &m, ccdb_result *out);
    static void sweep(const double q[8][3], const ccdb_engine::sweep_query &s, ccdb_result *out);
};

void bullet::collide(const double q[8][3], const query_motion &m, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        btConvexHullShape a, b;
        btTransform fa, ta, fb, tb;
        hull_and_poses(q, 0, m.n_first, m.first, &a, &fa, &ta);
        hull_and_poses(q, m.n_first, 4, m.second, &b, &fb, &tb);
        time_of_impact(&a, fa, ta, &b, fb, tb, out);
    });
}

/* A sweep: the moving body's frame origin at O, from = (I, O), to = (Rot(w, theta), O + v);
 * Bullet derives linVel = v and angVel = theta w / |w| from the two poses (calculateVelocity)
 * and integrates exactly the sweep while |theta| <= pi/4. Inside only when the frame holds the
 * query exactly (X0 - O and O + v doubles exactly); the still body's frame is the world's. */
void bullet::sweep(const double q[8][3], const ccdb_engine::sweep_query &s, ccdb_result *out)
{
    if (!(std::fabs(s.theta) <= max_theta) || !ccdb_engine::centre_frame_exact(q, s))
        return ccdb_engine::not_inside(ccdb_engine::outside, out);
    ccdb_peer::guarded(out, [&] {
        btConvexHullShape moving, still;
        btTransform fm, tm, fs;
        btVector3 O(s.O[0], s.O[1], s.O[2]);
        int lo = s.lo == 0 ? s.n_first : 0, hi = s.lo == 0 ? 4 : s.n_first;
        hull_at(q, s.lo, s.hi, O, &moving, &fm);
        hull_at(q, lo, hi, btVector3(0, 0, 0), &still, &fs);
        tm = fm;
        tm.setOrigin(O + btVector3(s.v[0], s.v[1], s.v[2]));
        if (s.theta != 0.0)
            tm.setRotation(btQuaternion(btVector3(s.w[0], s.w[1], s.w[2]), s.theta));
        if (s.lo == 0)
            time_of_impact(&moving, fm, tm, &still, fs, fs, out);
        else
            time_of_impact(&still, fs, fs, &moving, fm, tm, out);
    });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    ccdb_engine::motion_solver<bullet>(
        &s, "engine_bullet",
        "Bullet 3.24 btContinuousConvexCollision (Debian bullet-float64), margins 0: "
        "turns with s = 0 up to 45 degrees and translations only",
        "Bullet Physics 3.24, BulletCollision/NarrowPhaseCollision/"
        "btContinuousConvexCollision.h; docs/engines.md");
    ccdb_engine::add_sweeps<bullet>(&s);
    s.flags |= CCDB_CLAIM_SEPARATION_BAND;
    // calcTimeOfImpact advances while the distance is above radius = 0.001 (absolute, with
    // m_allowedPenetration 0): a hit means "within 0.001"; its steps are conservative to contact
    // (a TOI no later than contact), not to 0.001, so a hit is promised for contacts only.
    s.band_lo = 0.0;
    s.band_hi = 0.001;
    return &s;
}
