/* upstream_bsc.cpp — Bernstein sign classification as published (Tang et al. 2014, "Fast and
 * exact continuous collision detection with Bernstein sign classification"; upstream code of the
 * authors, in Root-Parity-and-Bernstein-Sign-Classification: bsc::Intersect_VF_robust /
 * Intersect_EE_robust; the benchmark's "BSC"). Licence: research and non-profit use only.
 *
 * Claims: none. It classifies the sign pattern of the coplanarity cubic's Bernstein coefficients
 * and checks inside-ness exactly at the roots it can isolate; it returns no time of impact
 * (toi = 0). A cubic with an inflection inside the step is not handled exactly: upstream throws
 * ("Inflection points are not handled exactly in BSC!"), answered CCDB_FAILED.
 * Parameters: none (--delta, --max-iter, --min-sep are ignored).
 * Work count: none: CCDB_SOLVER_NO_WORK_COUNT.
 * Called as the public CCD benchmark's wrapper calls it: for vertex-face, the triangle first,
 * then the vertex (f0, f1, f2, v at t=0, then at t=1). Thread-safety: the interval code keeps the
 * rounding mode to restore in a global, so each query runs alone (ccdb_peer::fixed_rand). */
#include <cstddef> // size_t: upstream's expansion.h uses it without including it

#include <bsc.h>

#include "peer_common.hpp"

namespace
{

Vec3d vec(const double q[8][3], int i)
{
    return Vec3d(q[i]);
}

void vertex_face(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        ccdb_peer::fixed_rand one_at_a_time;
        bool hit = bsc::Intersect_VF_robust(vec(q, 1), vec(q, 2), vec(q, 3), vec(q, 0), vec(q, 5),
                                            vec(q, 6), vec(q, 7), vec(q, 4));
        out->state = hit ? CCDB_HIT : CCDB_MISS;
    });
}

void edge_edge(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        ccdb_peer::fixed_rand one_at_a_time;
        bool hit = bsc::Intersect_EE_robust(vec(q, 0), vec(q, 1), vec(q, 2), vec(q, 3), vec(q, 4),
                                            vec(q, 5), vec(q, 6), vec(q, 7));
        out->state = hit ? CCDB_HIT : CCDB_MISS;
    });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(&s, "upstream_bsc",
                            "upstream Bernstein sign classification (C++, exact): no TOI",
                            "Tang et al. 2014, ACM TOG 33(6) 186; github.com/Continuous-Collision-"
                            "Detection/Root-Parity-and-Bernstein-Sign-Classification",
                            CCDB_SOLVER_NO_WORK_COUNT, vertex_face, edge_edge);
}
