/* engine_fcl_cubic.cpp — FCL 0.7.0's vertex-face / edge-edge CCD cubic as a ccdbench plugin
 * (Debian libfcl-dev; fcl::detail::Intersect<double>::intersect_VF / intersect_EE, exported from
 * libfcl.so, the primitive tests of FCL's mesh CCD, CCDC_POLYNOMIAL_SOLVER).
 *
 * Motion model, FCL beside the judge: the same. Each vertex moves on its own line,
 * x(t) = x0 + t (x1 - x0), t in [0, 1] (intersect.h: "a0, b0, c0, p0" at t = 0, "a1, ..." at
 * t = 1), which is ccdbench's linear kinds exactly: every linear query is inside the model.
 * Rigid kinds: not supported (no entry).
 *
 * Conversion: none; the query's doubles are passed as they are (VF: triangle q[1..3], vertex
 * q[0]; EE: edges q[0]q[1] and q[2]q[3]), useNewton = true (the default; the Cardano branch is
 * broken upstream, docs/engines.md). FCL answers "collide" with a time (the midpoint of its
 * last 1e-7 bracket): HIT at that time, else MISS. Its tolerances (coefficients within 1e-7 of
 * zero: no collision; inside tests to -1e-5; parallel edges rejected) are FCL's, not ours: the
 * exact judge counts what they cost. Claims: reports a TOI (FCL documents none of "no false
 * negative"). No work count. Thread-safe (static functions over their arguments). */
#include <fcl/narrowphase/detail/traversal/collision/intersect.h>

#include "peer_common.hpp"

namespace
{

using ccdb_peer::point;

void answer(bool hit, double t, ccdb_result *out)
{
    out->state = hit ? CCDB_HIT : CCDB_MISS;
    out->toi = hit ? t : 0.0;
}

void vertex_face(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        double t = 0;
        Eigen::Vector3d p_i;
        bool hit = fcl::detail::Intersect<double>::intersect_VF(
            point(q, 1), point(q, 2), point(q, 3), point(q, 0), point(q, 5), point(q, 6),
            point(q, 7), point(q, 4), &t, &p_i);
        answer(hit, t, out);
    });
}

void edge_edge(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        double t = 0;
        Eigen::Vector3d p_i;
        bool hit = fcl::detail::Intersect<double>::intersect_EE(
            point(q, 0), point(q, 1), point(q, 2), point(q, 3), point(q, 4), point(q, 5),
            point(q, 6), point(q, 7), &t, &p_i);
        answer(hit, t, out);
    });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(&s, "engine_fcl_cubic",
                            "FCL 0.7.0 Intersect<double>::intersect_VF/EE (Debian libfcl): the "
                            "mesh CCD's coplanarity cubic, per-vertex linear motion",
                            "Flexible Collision Library 0.7.0, fcl/narrowphase/detail/traversal/"
                            "collision/intersect.h; docs/engines.md",
                            CCDB_CLAIM_REPORTS_TOI | CCDB_SOLVER_NO_WORK_COUNT, vertex_face,
                            edge_edge);
}
