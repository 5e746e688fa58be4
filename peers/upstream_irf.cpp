/* upstream_irf.cpp — multivariate interval root finding as published with the CCD benchmark
 * (Snyder 1992, "Interval analysis for computer graphics", as implemented in upstream
 * Interval-Based: intervalccd::vertexFaceCCD_Interval / edgeEdgeCCD_Interval; the benchmark's
 * "IRF"). Bisects (t, u, v) with Boost interval arithmetic until the box is below the tolerance
 * per axis, earliest time first.
 *
 * Claims: conservative, reports a TOI (the lower end of the first box found).
 * Parameters: --delta -> `input_tol` (a distance, divided by the longest vertex trajectory and
 * edge lengths to give the per-axis box tolerance). It has no iteration cap (--max-iter is
 * ignored) and no minimum separation (--min-sep is ignored).
 * Work count: none: CCDB_SOLVER_NO_WORK_COUNT. Thread-safe (Boost saves and restores the
 * rounding mode, which is per thread). */
#include <interval_ccd/interval_ccd.hpp>

#include "peer_common.hpp"

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(
        &s, "upstream_irf", "upstream multivariate interval root finder (C++, Boost intervals)",
        "Snyder 1992, Interval analysis for computer graphics; github.com/"
        "Continuous-Collision-Detection/Interval-Based",
        CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_SOLVER_NO_WORK_COUNT,
        ccdb_peer::toi_then_delta<intervalccd::vertexFaceCCD_Interval>,
        ccdb_peer::toi_then_delta<intervalccd::edgeEdgeCCD_Interval>);
}
