/* engine_fcl_ca.cpp — FCL 0.7.0's continuous collision of two shapes by conservative advancement
 * under its screw motion, as a ccdbench plugin (Debian libfcl-dev; fcl::continuousCollide with
 * the two poses of each body, CCDM_SCREW, CCDC_CONSERVATIVE_ADVANCEMENT, GST_LIBCCD).
 *
 * Motion model, FCL beside the judge:
 *   FCL ScrewMotion   x(t) = p + Rot(a, theta t) (x0 - p) + t h a   (axis a through p, angle
 *                     theta and shift h read off the two poses: a uniform screw)
 *   judge, rigid      x(t) = c + R(u) (x0 - c) + u s, u = tan(phi1 t / 2) / |w|
 *   judge, linear     x_i(t) = x_i0 + t (x_i1 - x_i0)
 * They coincide on a turn with s = 0 (theta = phi1, h = 0, u entering only through phi1 t) and
 * on translations (rigid w = 0, or a linear query in which each primitive translates as a
 * body); every other query is answered CCDB_OUTSIDE_MODEL (engines/engine_common.hpp).
 *
 * Conversion, one fresh pair of motions per query (continuousCollide builds them from the
 * poses; FCL's motions keep state between calls): a point is Sphere(0) (its frame origin at the
 * point), a segment a 2-vertex Convex, a triangle a 3-vertex one-face Convex (vertices in world
 * coordinates at t = 0, frame origin 0). A still body has equal poses; a translating one ends
 * moved by d; a turning one ends at (R, c + R (o - c)), R the Cayley matrix of w rounded to
 * double: FCL re-derives the axis and the angle from it (Eigen AngleAxis), so the angle it
 * integrates is 2 atan |w| up to rounding. Answer: is_collide -> HIT at time_of_contact, else
 * MISS; a return of -1 (pair or solver unsupported) -> FAILED. Claims: reports a TOI, and the
 * separation band [0, 1e-4] (ABI 5), approximately: it stops at a distance of 1e-4 times its
 * motion bound. No work count. Thread-safe (everything per call).
 * Sweeps (ABI 6, docs/sweep.md: X(t) = O + t v + R(theta t)(X0 - O)) are InterpMotion's own
 * motion with its reference point at O, or ScrewMotion's when v is along w (fcl_ca::sweep):
 * inside for |theta| <= 3 when the moving body's frame holds the query exactly. */
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/math/motion/interp_motion.h>
#include <fcl/math/motion/screw_motion.h>
#include <fcl/narrowphase/continuous_collision.h>

#include <cmath>
#include <memory>
#include <vector>

#include "engine_common.hpp"
#include "peer_common.hpp"

namespace
{

using ccdb_engine::body_motion;
using ccdb_engine::query_motion;
using ccdb_peer::point;

/* The shape of rows [lo, hi) and its frame origin o (world coordinates at t = 0). */
std::shared_ptr<fcl::CollisionGeometryd> shape(const double q[8][3], int lo, int hi,
                                               Eigen::Vector3d *o)
{
    if (hi - lo == 1) {
        *o = point(q, lo);
        return std::make_shared<fcl::Sphered>(0.0);
    }
    *o = Eigen::Vector3d::Zero();
    auto v = std::make_shared<std::vector<Eigen::Vector3d>>();
    for (int r = lo; r < hi; r++)
        v->push_back(point(q, r));
    auto f = std::make_shared<std::vector<int>>();
    if (hi - lo == 3)
        *f = { 3, 0, 1, 2 };
    return std::make_shared<fcl::Convexd>(v, hi - lo == 3 ? 1 : 0, f);
}

/* The body's poses at t = 0 and 1 for frame origin o. */
void poses(const body_motion &m, const Eigen::Vector3d &o, fcl::Transform3d *beg,
           fcl::Transform3d *end)
{
    beg->setIdentity();
    beg->translation() = o;
    *end = *beg;
    if (m.type == body_motion::translation) {
        end->translation() = o + Eigen::Vector3d(m.d[0], m.d[1], m.d[2]);
    } else if (m.type == body_motion::turn) {
        double R[3][3];
        ccdb_engine::turn_matrix(m.w, R);
        Eigen::Matrix3d M;
        M << R[0][0], R[0][1], R[0][2], R[1][0], R[1][1], R[1][2], R[2][0], R[2][1], R[2][2];
        Eigen::Vector3d c(m.c[0], m.c[1], m.c[2]);
        end->linear() = M;
        end->translation() = c + M * (o - c);
    }
}

/* The request: conservative advancement, libccd's GJK (the motion type only matters to the
 * pose-based continuousCollide). */
fcl::ContinuousCollisionRequestd ca_request(fcl::CCDMotionType motion)
{
    fcl::ContinuousCollisionRequestd req;
    req.ccd_motion_type = motion;
    req.ccd_solver_type = fcl::CCDC_CONSERVATIVE_ADVANCEMENT;
    req.gjk_solver_type = fcl::GST_LIBCCD;
    return req;
}

/* FCL's answer r (the time of contact, -1: unsupported) and result as ours. */
void fcl_answer(double r, const fcl::ContinuousCollisionResultd &res, ccdb_result *out)
{
    if (r < 0) {
        out->state = CCDB_FAILED;
        return;
    }
    out->state = res.is_collide ? CCDB_HIT : CCDB_MISS;
    out->toi = res.is_collide ? res.time_of_contact : 0.0;
}

/* Whether v is along w exactly (v x w = 0 in exact arithmetic: each pair of products compared
 * exactly through their FMA errors) and v != 0: the sweep is a uniform screw. */
bool is_along(const double v[3], const double w[3])
{
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        double p = v[j] * w[k], q = v[k] * w[j];
        if (p != q || std::fma(v[j], w[k], -p) != std::fma(v[k], w[j], -q))
            return false;
    }
    return v[0] != 0.0 || v[1] != 0.0 || v[2] != 0.0;
}

struct fcl_ca {
    static constexpr double max_w2 = INFINITY; /* any turn */
    /* The largest |theta| of a sweep: FCL derives the turn from the two poses (Eigen's
     * AngleAxis of R2 R1^T: an angle in [0, pi], the axis flipped for a negative turn), so a
     * turn of pi or more is read as the short way round; 3 keeps the rounded matrix's angle
     * well below pi. */
    static constexpr double max_theta = 3.0;
    static void collide(const double q[8][3], const query_motion &m, ccdb_result *out);
    static void sweep(const double q[8][3], const ccdb_engine::sweep_query &s, ccdb_result *out);
};

void fcl_ca::collide(const double q[8][3], const query_motion &m, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        Eigen::Vector3d o1, o2;
        auto g1 = shape(q, 0, m.n_first, &o1);
        auto g2 = shape(q, m.n_first, 4, &o2);
        g1->computeLocalAABB();
        g2->computeLocalAABB();
        fcl::Transform3d b1, e1, b2, e2;
        poses(m.first, o1, &b1, &e1);
        poses(m.second, o2, &b2, &e2);
        fcl::ContinuousCollisionResultd res;
        double r = fcl::continuousCollide(g1.get(), b1, e1, g2.get(), b2, e2,
                                          ca_request(fcl::CCDM_SCREW), res);
        fcl_answer(r, res, out);
    });
}

/* A sweep: the moving body from (I, o) to (R, T) with R = Rot(w, theta) and T such that the
 * body point at O ends at O + v (T = O + v - R (O - o)). When v is along w (and theta != 0)
 * that is a uniform screw, FCL's ScrewMotion from the two poses (axis and shift re-derived
 * from them); otherwise FCL's InterpMotion (CCDM_LINEAR) built with its reference point at O
 * (body frame: O - o), through the one constructor that initialises every member (the
 * pose-based path leaves the reference point uninitialised: upstream PR 662): the point O on
 * the line O + t v, the body turning about it with constant angular velocity, exactly the sweep
 * (theta = 0: a translation by v, with no rotation and none of ScrewMotion's overshoot). Inside
 * for |theta| <= 3 when O - o, X0 - O and O + v are doubles exactly. */
void fcl_ca::sweep(const double q[8][3], const ccdb_engine::sweep_query &s, ccdb_result *out)
{
    if (!(std::fabs(s.theta) <= max_theta) || !ccdb_engine::centre_frame_exact(q, s))
        return ccdb_engine::not_inside(ccdb_engine::outside, out);
    int lo = s.lo == 0 ? s.n_first : 0, hi = s.lo == 0 ? 4 : s.n_first;
    ccdb_peer::guarded(out, [&] {
        Eigen::Vector3d om, os, O(s.O[0], s.O[1], s.O[2]), v(s.v[0], s.v[1], s.v[2]);
        auto gm = shape(q, s.lo, s.hi, &om);
        auto gs = shape(q, lo, hi, &os);
        gm->computeLocalAABB();
        gs->computeLocalAABB();
        double R[3][3];
        ccdb_engine::sweep_rotation(s, R);
        Eigen::Matrix3d M, I = Eigen::Matrix3d::Identity();
        M << R[0][0], R[0][1], R[0][2], R[1][0], R[1][1], R[1][2], R[2][0], R[2][1], R[2][2];
        Eigen::Vector3d ref = O - om; /* O in the moving body's frame */
        Eigen::Vector3d T = O + v - M * ref;
        /* On the stack: FCL's motions have Eigen's aligned operator new/delete, which a
         * delete through MotionBase<double>* does not pair with (ASan: alloc-dealloc mismatch). */
        fcl::Transform3d beg = fcl::Transform3d::Identity(), end = beg;
        beg.translation() = om;
        end.linear() = M;
        end.translation() = T;
        fcl::ScrewMotion<double> screw(beg, end);
        fcl::InterpMotion<double> interp(I, om, M, T, ref);
        const fcl::MotionBase<double> *moving = &interp;
        if (s.theta != 0.0 && is_along(s.v, s.w))
            moving = &screw;
        fcl::InterpMotion<double> still(I, os, I, os, Eigen::Vector3d::Zero());
        bool first = s.lo == 0;
        fcl::ContinuousCollisionResultd res;
        double r = fcl::continuousCollide(first ? gm.get() : gs.get(), first ? moving : &still,
                                          first ? gs.get() : gm.get(), first ? &still : moving,
                                          ca_request(fcl::CCDM_LINEAR), res);
        fcl_answer(r, res, out);
    });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    ccdb_engine::motion_solver<fcl_ca>(
        &s, "engine_fcl_ca",
        "FCL 0.7.0 continuousCollide (Debian libfcl): conservative advancement, "
        "screw motion; turns with s = 0 and translations only",
        "Flexible Collision Library 0.7.0, fcl/narrowphase/continuous_collision.h; "
        "docs/engines.md");
    ccdb_engine::add_sweeps<fcl_ca>(&s);
    s.flags |= CCDB_CLAIM_SEPARATION_BAND;
    // Conservative advancement stops when its step d / bound is at most t_err = 1e-4, i.e. at a
    // distance d <= 1e-4 bound (bound: the motion projected on the closest points' normal): a
    // band [0, 1e-4] for motions of about unit length, only approximately (docs/engines.md).
    s.band_lo = 0.0;
    s.band_hi = 1e-4;
    return &s;
}
