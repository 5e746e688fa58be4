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

/* FCL's vertex-face order is the triangle, then the vertex: rows 1, 2, 3, 0 (and 5, 6, 7, 4);
 * edge-edge takes the query's order. useNewton = true, FCL's default, named (a call through a
 * pointer has no default arguments). */
template <bool VF> void query(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    static const int rows[2][8] = { { 0, 1, 2, 3, 4, 5, 6, 7 }, { 1, 2, 3, 0, 5, 6, 7, 4 } };
    const int *r = rows[VF];
    auto *intersect = VF ? &fcl::detail::Intersect<double>::intersect_VF
                         : &fcl::detail::Intersect<double>::intersect_EE;
    ccdb_peer::hit_at(out, [&](double &t) {
        Eigen::Vector3d p_i;
        return intersect(point(q, r[0]), point(q, r[1]), point(q, r[2]), point(q, r[3]),
                         point(q, r[4]), point(q, r[5]), point(q, r[6]), point(q, r[7]), &t, &p_i,
                         true);
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
                            CCDB_CLAIM_REPORTS_TOI | CCDB_SOLVER_NO_WORK_COUNT, query<true>,
                            query<false>);
}
