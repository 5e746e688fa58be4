/* testplugin_cxx.cpp — test plugin written in C++17 and built with -fvisibility=hidden: the entry
 * is filled with ccdb_solver_init() (designated initializers are not C++17) and exported by the
 * CCDB_SOLVER_EXPORT declaration in ccdb_solver.h. It answers as example_aabb does (a hit when
 * the swept boxes overlap: conservative, toi 0), claims no work count, and shows that a C++
 * exception never crosses into C: a coordinate beyond 1e300 throws inside and is answered
 * CCDB_FAILED. */
#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "ccdb_solver.h"

namespace
{

struct box {
    std::array<double, 3> lo, hi;
};

/* The box swept by the points q[i] and q[i + 4] for i in [first, last). */
box swept(const double q[8][3], int first, int last)
{
    box b{ { q[first][0], q[first][1], q[first][2] }, { q[first][0], q[first][1], q[first][2] } };
    for (int i = first; i < last; i++)
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < 3; k++) {
                double x = q[i + 4 * t][k];
                if (std::fabs(x) > 1e300)
                    throw std::overflow_error("coordinate beyond 1e300");
                b.lo[k] = std::min(b.lo[k], x);
                b.hi[k] = std::max(b.hi[k], x);
            }
    return b;
}

void answer(const double q[8][3], const ccdb_params *p, ccdb_result *out, int split) noexcept
{
    out->toi = 0.0;
    out->work = 0; /* ignored: CCDB_SOLVER_NO_WORK_COUNT */
    try {
        box a = swept(q, 0, split), b = swept(q, split, 4);
        out->state = CCDB_HIT;
        for (int k = 0; k < 3; k++)
            if (a.lo[k] > b.hi[k] + p->min_separation || b.lo[k] > a.hi[k] + p->min_separation)
                out->state = CCDB_MISS;
    } catch (...) {
        out->state = CCDB_FAILED;
    }
}

void vertex_face(void *, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    answer(q, p, out, 1);
}

void edge_edge(void *, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    answer(q, p, out, 2);
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(
        &s, "testplugin_cxx", "test plugin in C++17: swept boxes overlap", "tests/solvers/plugins",
        CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_MIN_SEPARATION | CCDB_SOLVER_NO_WORK_COUNT,
        vertex_face, edge_edge);
}
