/* upstream_erp.cpp — Exact Root Parity with double inputs as published (Wang et al. 2022, "Fast
 * and Exact Root Parity for Continuous Collision Detection"; upstream exact-root-parity-ccd,
 * doubleccd::vertexFaceCCD / doubleccd::edgeEdgeCCD, built without CCD_ROUND_INPUTS as the
 * library builds by default, so the queries are not rounded first).
 *
 * Claims: none. It counts the parity of the roots: true for an odd count (or infinitely many),
 * false for zero or two, so two contacts in one step are missed (its README says so); it returns
 * no time of impact (toi = 0, the only time a yes/no answer vouches for).
 * Parameters: none (--delta, --max-iter, --min-sep are ignored).
 * Work count: none: CCDB_SOLVER_NO_WORK_COUNT.
 * Determinism: its ray parity draws random ray directions from the global rand() and keeps the
 * direction in a process-wide singleton, so each query runs alone (a lock) from srand(1)
 * (ccdb_peer::fixed_rand): the same query gets the same answer whatever ran before, on any
 * thread; threads of this solver wait for each other. */
#include <doubleCCD/doubleccd.hpp>

#include "peer_common.hpp"

namespace
{

using ccdb_peer::point;

void vertex_face(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        ccdb_peer::fixed_rand one_at_a_time;
        bool hit = doubleccd::vertexFaceCCD(point(q, 0), point(q, 1), point(q, 2), point(q, 3),
                                            point(q, 4), point(q, 5), point(q, 6), point(q, 7));
        out->state = hit ? CCDB_HIT : CCDB_MISS;
    });
}

void edge_edge(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        ccdb_peer::fixed_rand one_at_a_time;
        bool hit = doubleccd::edgeEdgeCCD(point(q, 0), point(q, 1), point(q, 2), point(q, 3),
                                          point(q, 4), point(q, 5), point(q, 6), point(q, 7));
        out->state = hit ? CCDB_HIT : CCDB_MISS;
    });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(&s, "upstream_erp",
                            "upstream exact root parity, double inputs (C++): root parity, no TOI",
                            "Wang et al. 2022, CGF 41(2) (Eurographics); github.com/Continuous-"
                            "Collision-Detection/Exact-Root-Parity-CCD",
                            CCDB_SOLVER_NO_WORK_COUNT, vertex_face, edge_edge);
}
