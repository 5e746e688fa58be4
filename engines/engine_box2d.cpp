/* engine_box2d.cpp — Box2D 2.4.1's time of impact as a ccdbench plugin (Debian libbox2d-dev;
 * b2TimeOfImpact over two b2DistanceProxy of radius 0, float, 2D).
 *
 * Motion model, Box2D beside the judge (in the plane z = 0):
 *   Box2D (b2Sweep::GetTransform)  x(b) = c(b) + Rot(a0 + b (a - a0)) (x0 - localCenter): the
 *                  centre on a line c0 -> c, the angle linear in b, about the moving centre
 *   judge, rigid   x(t) = c + R(u) (x0 - c) + u s, u = tan(phi1 t / 2) / |w|
 *   judge, linear  x_i(t) = x_i0 + t (x_i1 - x_i0)
 * They coincide on planar queries (every point in z = 0) that are a turn about an axis along z
 * with s = 0 (the sweep's centre on the axis: localCenter = c0 = c = (c_x, c_y), a0 = 0,
 * a = +-phi1), or translations in the plane (rigid w = 0 with s_z = 0, or a linear query in
 * which each primitive translates as a body). Box2D reads floats: a query is inside the model
 * only when every coordinate it is given (points, c_x, c_y, displacements) is a float exactly,
 * so that what Box2D reads is what the judge judges; the angle phi1 = 2 atan |w| is rounded to
 * float (the one inexact input). Everything else is CCDB_OUTSIDE_MODEL.
 *
 * Conversion: the point is a 1-vertex proxy, a segment a 2-vertex one, the triangle (a filled
 * triangle in the plane, as the judge's face) a 3-vertex polygon proxy; radius 0; body frames
 * are the world's at t = 0; tMax = 1. Answer: e_touching -> HIT at t (Box2D's target separation
 * is b2_linearSlop = 0.005, within 0.25 of it: it says "touching" before contact), e_overlapped
 * -> HIT at 0, e_separated -> MISS, e_failed / e_unknown -> FAILED. Claims: reports a TOI (its
 * header says it may miss contacts while rotating: no conservative claim), and the separation
 * band [0.00375, 0.00625] (ABI 5): b2TimeOfImpact's target b2_linearSlop = 0.005 minus / plus its
 * tolerance 0.25 b2_linearSlop (radius-0 proxies: target = max(slop, rA + rB - 3 slop) = slop),
 * a band only up to Box2D's float distances. No work count.
 * Box2D keeps global statistics (b2_toiCalls, ...) without locking: queries run one at a time. */
#include <box2d/b2_time_of_impact.h>

#include <mutex>

#include "engine_common.hpp"
#include "peer_common.hpp"

namespace
{

using ccdb_engine::body_motion;
using ccdb_engine::query_motion;

bool is_float(double x)
{
    return double(float(x)) == x;
}

/* Rows [lo, hi) in the plane with float coordinates, and the body's motion expressible as a
 * sweep with float inputs. */
bool planar(const double q[8][3], int lo, int hi, const body_motion &m)
{
    for (int r = lo; r < hi; r++)
        if (q[r][2] != 0.0 || !is_float(q[r][0]) || !is_float(q[r][1]))
            return false;
    switch (m.type) {
    case body_motion::still: return true;
    case body_motion::translation: return m.d[2] == 0.0 && is_float(m.d[0]) && is_float(m.d[1]);
    case body_motion::turn:
        return m.w[0] == 0.0 && m.w[1] == 0.0 && is_float(m.c[0]) && is_float(m.c[1]);
    }
    return false;
}

void sweep(const body_motion &m, b2Sweep *s)
{
    s->localCenter.SetZero();
    s->c0.SetZero();
    s->c.SetZero();
    s->a0 = s->a = s->alpha0 = 0.0f;
    if (m.type == body_motion::translation) {
        s->c.Set(float(m.d[0]), float(m.d[1]));
    } else if (m.type == body_motion::turn) {
        s->localCenter.Set(float(m.c[0]), float(m.c[1]));
        s->c0 = s->c = s->localCenter;
        double phi1 = ccdb_engine::turn_angle(m.w);
        s->a = float(m.w[2] > 0 ? phi1 : -phi1);
    }
}

struct box2d {
    static constexpr double max_w2 = INFINITY; /* any turn (planar() keeps those about z) */
    static void collide(const double q[8][3], const query_motion &m, ccdb_result *out);
};

void box2d::collide(const double q[8][3], const query_motion &m, ccdb_result *out)
{
    if (!planar(q, 0, m.n_first, m.first) || !planar(q, m.n_first, 4, m.second))
        return ccdb_engine::not_inside(ccdb_engine::outside, out);
    ccdb_peer::guarded(out, [&] {
        b2Vec2 v[4];
        for (int r = 0; r < 4; r++)
            v[r].Set(float(q[r][0]), float(q[r][1]));
        b2TOIInput in;
        in.proxyA.Set(v, m.n_first, 0.0f);
        in.proxyB.Set(v + m.n_first, 4 - m.n_first, 0.0f);
        sweep(m.first, &in.sweepA);
        sweep(m.second, &in.sweepB);
        in.tMax = 1.0f;
        b2TOIOutput o;
        {
            static std::mutex lock;
            std::lock_guard<std::mutex> hold(lock);
            b2TimeOfImpact(&o, &in);
        }
        switch (o.state) {
        case b2TOIOutput::e_touching: out->state = CCDB_HIT, out->toi = double(o.t); break;
        case b2TOIOutput::e_overlapped: out->state = CCDB_HIT, out->toi = 0.0; break;
        case b2TOIOutput::e_separated: out->state = CCDB_MISS; break;
        default: out->state = CCDB_FAILED; break;
        }
    });
}

// The band below is b2TimeOfImpact's target and tolerance for radius-0 proxies in this Box2D.
static_assert(b2_linearSlop == 0.005f, "Box2D's b2_linearSlop is not the 0.005 of the band");

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    ccdb_engine::motion_solver<box2d>(
        &s, "engine_box2d",
        "Box2D 2.4.1 b2TimeOfImpact (Debian libbox2d, float, 2D), radius-0 proxies: "
        "planar turns about z and planar translations only",
        "Box2D 2.4.1, box2d/b2_time_of_impact.h; Catto, GDC 2013 'Continuous "
        "Collision'; docs/engines.md");
    s.flags |= CCDB_CLAIM_SEPARATION_BAND;
    s.band_lo = 0.00375; // target - tolerance: 0.005 - 0.25 * 0.005
    s.band_hi = 0.00625; // target + tolerance
    return &s;
}
