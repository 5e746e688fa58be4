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
 * at a distance of 0.001). No work count. Thread-safe (everything per call). */
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

/* The shape of rows [lo, hi) relative to the body's frame origin, and its two poses. */
void hull_and_poses(const double q[8][3], int lo, int hi, const body_motion &m,
                    btConvexHullShape *s, btTransform *from, btTransform *to)
{
    btVector3 o(0, 0, 0);
    if (m.type == body_motion::turn)
        o = btVector3(m.c[0], m.c[1], m.c[2]);
    for (int r = lo; r < hi; r++)
        s->addPoint(btVector3(q[r][0], q[r][1], q[r][2]) - o, r + 1 == hi);
    s->setMargin(0);
    from->setIdentity();
    from->setOrigin(o);
    *to = *from;
    if (m.type == body_motion::translation) {
        to->setOrigin(o + btVector3(m.d[0], m.d[1], m.d[2]));
    } else if (m.type == body_motion::turn) {
        double n = std::sqrt(1.0 + m.w[0] * m.w[0] + m.w[1] * m.w[1] + m.w[2] * m.w[2]);
        to->setRotation(btQuaternion(m.w[0] / n, m.w[1] / n, m.w[2] / n, 1.0 / n));
    }
}

struct bullet {
    /* Bullet's turn limit (ANGULAR_MOTION_THRESHOLD, pi/4) as a bound on |w|^2 =
     * tan^2(phi1 / 2), a little inside tan^2(pi/8) = 0.17157...: a turn at the limit itself is
     * not claimed. */
    static constexpr double max_w2 = 0.1715;
    static void collide(const double q[8][3], const query_motion &m, ccdb_result *out);
};

void bullet::collide(const double q[8][3], const query_motion &m, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        btConvexHullShape a, b;
        btTransform fa, ta, fb, tb;
        hull_and_poses(q, 0, m.n_first, m.first, &a, &fa, &ta);
        hull_and_poses(q, m.n_first, 4, m.second, &b, &fb, &tb);
        btVoronoiSimplexSolver simplex;
        btGjkEpaPenetrationDepthSolver epa;
        btContinuousConvexCollision cc(&a, &b, &simplex, &epa);
        btConvexCast::CastResult r;
        r.m_allowedPenetration = 0;
        bool hit = cc.calcTimeOfImpact(fa, ta, fb, tb, r);
        out->state = hit ? CCDB_HIT : CCDB_MISS;
        out->toi = hit ? double(r.m_fraction) : 0.0;
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
    s.flags |= CCDB_CLAIM_SEPARATION_BAND;
    // calcTimeOfImpact advances while the distance is above radius = 0.001 (absolute, with
    // m_allowedPenetration 0): a hit means "within 0.001"; its steps are conservative to contact
    // (a TOI no later than contact), not to 0.001, so a hit is promised for contacts only.
    s.band_lo = 0.0;
    s.band_hi = 0.001;
    return &s;
}
