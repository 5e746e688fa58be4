/* upstream_uirf.cpp — univariate interval root finding as published with the CCD benchmark
 * (Redon et al. 2002, "Fast continuous collision detection between rigid bodies", as
 * implemented in upstream Interval-Based: intervalccd::vertexFaceCCD_Redon / edgeEdgeCCD_Redon;
 * the benchmark's "UIRF"). Bisects t with Boost interval arithmetic on the coplanarity function,
 * then checks inside-ness over the final interval.
 *
 * Claims: conservative, reports a TOI (the lower end of the interval found).
 * Parameters: --delta -> `input_tol` (a distance, divided by the longest vertex trajectory to
 * give the time tolerance). No iteration cap (--max-iter ignored), no minimum separation
 * (--min-sep ignored).
 * Work count: none: CCDB_SOLVER_NO_WORK_COUNT. Thread-safe (Boost saves and restores the
 * rounding mode, which is per thread). */
#include <interval_ccd/interval_ccd.hpp>

#include "peer_common.hpp"

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(
        &s, "upstream_uirf", "upstream univariate interval root finder (C++, Boost intervals)",
        "Redon et al. 2002, Computer Graphics Forum 21(3); github.com/"
        "Continuous-Collision-Detection/Interval-Based",
        CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI | CCDB_SOLVER_NO_WORK_COUNT,
        ccdb_peer::toi_then_delta<intervalccd::vertexFaceCCD_Redon>,
        ccdb_peer::toi_then_delta<intervalccd::edgeEdgeCCD_Redon>);
}
