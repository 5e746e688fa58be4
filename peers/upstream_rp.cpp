/* upstream_rp.cpp — root parity as published (Brochu, Edwards and Bridson 2012, "Efficient
 * geometrically exact continuous collision detection"; upstream code of the authors, in
 * Root-Parity-and-Bernstein-Sign-Classification: rootparity::RootParityCollisionTest; the
 * benchmark's "RP"). Interval filters, then exact expansion arithmetic.
 *
 * Claims: none. It counts the parity of the roots: two contacts in one step are answered "no
 * collision"; it returns no time of impact (toi = 0).
 * Parameters: none (--delta, --max-iter, --min-sep are ignored).
 * Work count: none: CCDB_SOLVER_NO_WORK_COUNT.
 * Called as the public CCD benchmark's wrapper calls it: for vertex-face, the triangle's first two
 * vertices are passed swapped (vertex, f1, f0, f2), the orientation its point-triangle test
 * expects. Determinism: it redraws ray directions from the global rand() when a ray hits an edge,
 * and keeps the rounding mode to restore in a global: each query runs alone from srand(1)
 * (ccdb_peer::fixed_rand). */
#include <cstddef> // size_t: upstream's expansion.h uses it without including it

#include <rootparitycollisiontest.h>

#include "peer_common.hpp"

namespace
{

Vec3d vec(const double q[8][3], int i)
{
    return Vec3d(q[i]);
}

/* Vertex-face (EE false) with the triangle's first two vertices swapped, as the benchmark's
 * wrapper passes them; edge-edge in the query's order. The test keeps references to the points:
 * they live until it has run. */
template <bool EE> void query(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        const int a = EE ? 1 : 2, b = EE ? 2 : 1;
        const Vec3d x0 = vec(q, 0), x1 = vec(q, a), x2 = vec(q, b), x3 = vec(q, 3);
        const Vec3d y0 = vec(q, 4), y1 = vec(q, 4 + a), y2 = vec(q, 4 + b), y3 = vec(q, 7);
        ccdb_peer::fixed_rand one_at_a_time;
        rootparity::RootParityCollisionTest t(x0, x1, x2, x3, y0, y1, y2, y3, EE);
        out->state = t.run_test() ? CCDB_HIT : CCDB_MISS;
    });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(&s, "upstream_rp",
                            "upstream root parity (C++, intervals + expansions): parity, no TOI",
                            "Brochu, Edwards and Bridson 2012, ACM TOG 31(4) 96; github.com/"
                            "Continuous-Collision-Detection/Root-Parity-and-Bernstein-Sign-"
                            "Classification",
                            CCDB_SOLVER_NO_WORK_COUNT, query<false>, query<true>);
}
