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
 * Sweeps (ABI 6, docs/sweep.md: X(t) = O + t v + R(theta t)(X0 - O)) are b2Sweep's own motion:
 * inside when planar (every point and v in z = 0, w along +-z) with every input Box2D reads a
 * float (points, theta, O's x and y, O + v): localCenter = c0 = O, c = O + v, a0 = 0, a = theta
 * (-theta when w points along -z); theta = 0 is a translation by v. No angle is rounded here.
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

/* Rows [lo, hi) in the plane z = 0 with float coordinates. */
bool planar_rows(const double q[8][3], int lo, int hi)
{
    for (int r = lo; r < hi; r++)
        if (q[r][2] != 0.0 || !is_float(q[r][0]) || !is_float(q[r][1]))
            return false;
    return true;
}

/* Rows [lo, hi) planar with float coordinates, and the body's motion expressible as a sweep
 * with float inputs. */
bool planar(const double q[8][3], int lo, int hi, const body_motion &m)
{
    if (!planar_rows(q, lo, hi))
        return false;
    switch (m.type) {
    case body_motion::still: return true;
    case body_motion::translation: return m.d[2] == 0.0 && is_float(m.d[0]) && is_float(m.d[1]);
    case body_motion::turn:
        return m.w[0] == 0.0 && m.w[1] == 0.0 && is_float(m.c[0]) && is_float(m.c[1]);
    }
    return false;
}

void to_b2_sweep(const body_motion &m, b2Sweep *s)
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

b2Sweep at_rest()
{
    body_motion still = {};
    still.type = body_motion::still;
    b2Sweep s;
    to_b2_sweep(still, &s);
    return s;
}

/* A sweep query as b2Sweep, when Box2D can read it exactly: every point and v in the plane
 * z = 0, a turn about an axis along +-z (any theta = 0 motion is a translation), and every input
 * a float: the points, theta, and for a turn O's x, y and the centre's end O + v (b2Sweep's c0,
 * c). The sweep's centre is O (localCenter = c0 = O in the body frame, which is the world's at
 * t = 0), the angle a0 = 0 -> a = theta (-theta about -z). False: outside Box2D's model. */
bool sweep_of_query(const double q[8][3], const ccdb_engine::sweep_query &s, b2Sweep *moving)
{
    if (!planar_rows(q, 0, 4) || s.v[2] != 0.0 || !is_float(s.v[0]) || !is_float(s.v[1]))
        return false;
    *moving = at_rest();
    if (s.theta == 0.0) {
        moving->c.Set(float(s.v[0]), float(s.v[1]));
        return true;
    }
    double c[2];
    if (s.w[0] != 0.0 || s.w[1] != 0.0 || !is_float(s.theta) || !is_float(s.O[0]) ||
        !is_float(s.O[1]) || !ccdb_engine::exact_sub(s.O[0], -s.v[0], &c[0]) ||
        !ccdb_engine::exact_sub(s.O[1], -s.v[1], &c[1]) || !is_float(c[0]) || !is_float(c[1]))
        return false;
    moving->localCenter.Set(float(s.O[0]), float(s.O[1]));
    moving->c0 = moving->localCenter;
    moving->c.Set(float(c[0]), float(c[1]));
    moving->a = float(s.w[2] > 0 ? s.theta : -s.theta);
    return true;
}

/* b2TimeOfImpact of the proxies of rows [0, n_first) and [n_first, 4) (float, radius 0, the
 * frames the world's at t = 0) under the two sweeps, tMax = 1. */
void time_of_impact(const double q[8][3], int n_first, const b2Sweep &a, const b2Sweep &b,
                    ccdb_result *out);

struct box2d {
    static constexpr double max_w2 = INFINITY; /* any turn (planar() keeps those about z) */
    static void collide(const double q[8][3], const query_motion &m, ccdb_result *out);
    static void sweep(const double q[8][3], const ccdb_engine::sweep_query &s, ccdb_result *out);
};

void box2d::collide(const double q[8][3], const query_motion &m, ccdb_result *out)
{
    if (!planar(q, 0, m.n_first, m.first) || !planar(q, m.n_first, 4, m.second))
        return ccdb_engine::not_inside(ccdb_engine::outside, out);
    b2Sweep a, b;
    to_b2_sweep(m.first, &a);
    to_b2_sweep(m.second, &b);
    time_of_impact(q, m.n_first, a, b, out);
}

void box2d::sweep(const double q[8][3], const ccdb_engine::sweep_query &s, ccdb_result *out)
{
    b2Sweep moving, still = at_rest();
    if (!sweep_of_query(q, s, &moving))
        return ccdb_engine::not_inside(ccdb_engine::outside, out);
    bool first = s.lo == 0;
    time_of_impact(q, s.n_first, first ? moving : still, first ? still : moving, out);
}

void time_of_impact(const double q[8][3], int n_first, const b2Sweep &a, const b2Sweep &b,
                    ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        b2Vec2 v[4];
        for (int r = 0; r < 4; r++)
            v[r].Set(float(q[r][0]), float(q[r][1]));
        b2TOIInput in;
        in.proxyA.Set(v, n_first, 0.0f);
        in.proxyB.Set(v + n_first, 4 - n_first, 0.0f);
        in.sweepA = a;
        in.sweepB = b;
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
        "planar turns about z, planar translations and planar sweeps only",
        "Box2D 2.4.1, box2d/b2_time_of_impact.h; Catto, GDC 2013 'Continuous "
        "Collision'; docs/engines.md");
    ccdb_engine::add_sweeps<box2d>(&s);
    s.flags |= CCDB_CLAIM_SEPARATION_BAND;
    s.band_lo = 0.00375; // target - tolerance: 0.005 - 0.25 * 0.005
    s.band_hi = 0.00625; // target + tolerance
    return &s;
}
