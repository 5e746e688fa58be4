/* upstream_ti.cpp — Tight Inclusion as published (Wang et al. 2021, "A Large Scale Benchmark and
 * an Inclusion-Based Algorithm for Continuous Collision Detection"; upstream tight-inclusion,
 * ticcd::vertexFaceCCD / ticcd::edgeEdgeCCD, breadth-first root finding, double precision).
 *
 * Claims: conservative, reports a TOI, honours the minimum separation (its `ms`).
 * Parameters: --delta -> `tolerance` (the target size of the inclusion box), --max-iter ->
 * `max_itr`, --min-sep -> `ms`. `err` = (-1,-1,-1): the numerical filter is computed per query,
 * as upstream advises for single queries; t_max = 1, no_zero_toi off.
 * Work count: none (upstream does not return one): CCDB_SOLVER_NO_WORK_COUNT.
 * The answer is passed through as it is: `toi` when it says hit, even outside [0,1] or infinite
 * (the harness judges it). Reaching max_itr is a hit upstream too, indistinguishable from
 * another: reported as HIT. Thread-safe (no shared state in the query path). */
#include <tight_inclusion/ccd.hpp>

#include "peer_common.hpp"

namespace
{

using ccdb_peer::point;

void vertex_face(void *, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        double toi = 0, output_tolerance = 0;
        bool hit = ticcd::vertexFaceCCD(point(q, 0), point(q, 1), point(q, 2), point(q, 3),
                                        point(q, 4), point(q, 5), point(q, 6), point(q, 7),
                                        ticcd::Array3(-1, -1, -1), p->min_separation, toi, p->delta,
                                        1.0, p->max_iterations, output_tolerance);
        out->state = hit ? CCDB_HIT : CCDB_MISS;
        out->toi = hit ? toi : 0.0;
    });
}

void edge_edge(void *, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        double toi = 0, output_tolerance = 0;
        bool hit = ticcd::edgeEdgeCCD(point(q, 0), point(q, 1), point(q, 2), point(q, 3),
                                      point(q, 4), point(q, 5), point(q, 6), point(q, 7),
                                      ticcd::Array3(-1, -1, -1), p->min_separation, toi, p->delta,
                                      1.0, p->max_iterations, output_tolerance);
        out->state = hit ? CCDB_HIT : CCDB_MISS;
        out->toi = hit ? toi : 0.0;
    });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(&s, "upstream_ti",
                            "upstream Tight Inclusion (C++, double, breadth-first): the published "
                            "code",
                            "Wang et al. 2021, ACM TOG 40(5) 188; github.com/Continuous-Collision-"
                            "Detection/Tight-Inclusion",
                            CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI |
                                CCDB_CLAIM_MIN_SEPARATION | CCDB_SOLVER_NO_WORK_COUNT,
                            vertex_face, edge_edge);
}
