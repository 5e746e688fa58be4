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

/* F = ticcd::vertexFaceCCD or ticcd::edgeEdgeCCD: the 8 points, then err, ms, toi, tolerance,
 * t_max, max_itr, the output tolerance, and upstream's defaults of no_zero_toi and the method
 * (named here: a call through a pointer has no default arguments). */
template <auto F> void query(void *, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    ccdb_peer::hit_at(out, [&](double &toi) {
        double output_tolerance = 0;
        return ccdb_peer::on_points(F, q, ticcd::Array3(-1, -1, -1), p->min_separation, toi,
                                    p->delta, 1.0, p->max_iterations, output_tolerance,
                                    ticcd::DEFAULT_NO_ZERO_TOI,
                                    ticcd::CCDRootFindingMethod::BREADTH_FIRST_SEARCH);
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
                            query<ticcd::vertexFaceCCD>, query<ticcd::edgeEdgeCCD>);
}
