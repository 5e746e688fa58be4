/* upstream_msrf.cpp — the minimum-separation floating-point root finder as published with the
 * CCD benchmark (Harmon et al. 2011, "Interference-aware geometric modeling", and Lu et al.
 * 2019; upstream Minimum-Separation-Root-Finder: msccd::root_finder::vertexFaceMSCCD /
 * edgeEdgeMSCCD; the benchmark's "MSRF"). Finds, in double, the roots of the polynomials where
 * the distance between the features equals the separation, and keeps the earliest root in [0,1]
 * whose distance check passes (with a slack of a tenth of the separation).
 *
 * Claims: reports a TOI, honours the minimum separation. Not conservative (floating-point roots
 * and checks; with separation 0 a contact must come out at exactly zero distance to be seen).
 * Parameters: --min-sep -> `min_distance` (the method is meant to run with a separation > 0:
 * use --min-sep D). No tolerance and no iteration cap (--delta, --max-iter ignored).
 * Work count: none: CCDB_SOLVER_NO_WORK_COUNT. Thread-safe (no shared state). */
#include <minimum_separation_root_finder.hpp>

#include "peer_common.hpp"

namespace
{

/* F(8 points, min_distance, toi): --min-sep is the separation. */
template <auto F>
void sep_then_toi(void *, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    ccdb_peer::hit_at(
        out, [&](double &toi) { return ccdb_peer::on_points(F, q, p->min_separation, toi); });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(
        &s, "upstream_msrf", "upstream minimum-separation floating-point root finder (C++)",
        "Harmon et al. 2011, ACM TOG 30(4); Lu et al. 2019; github.com/"
        "Continuous-Collision-Detection/Minimum-Separation-Root-Finder",
        CCDB_CLAIM_REPORTS_TOI | CCDB_CLAIM_MIN_SEPARATION | CCDB_SOLVER_NO_WORK_COUNT,
        sep_then_toi<msccd::root_finder::vertexFaceMSCCD>,
        sep_then_toi<msccd::root_finder::edgeEdgeMSCCD>);
}
