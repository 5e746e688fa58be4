/* peer_common.hpp — what the upstream adapters (peers/upstream_*.cpp) share: the query as Eigen
 * vectors, C++ exceptions kept out of C, and one query at a time from a fixed seed for upstream
 * code that draws from the C library's global rand(). Our code: no upstream header here. */
#ifndef CCDB_PEER_COMMON_HPP
#define CCDB_PEER_COMMON_HPP

#include <Eigen/Core>
#include <cfenv>
#include <cstdlib>
#include <mutex>
#include <utility>

#include "ccdb_solver.h"

namespace ccdb_peer
{

/* Point i of the query (q[i] moves to q[i + 4]). */
inline Eigen::Vector3d point(const double q[8][3], int i)
{
    return Eigen::Vector3d(q[i][0], q[i][1], q[i][2]);
}

/* Runs `answer`, which sets out->state and out->toi; out->work is 0 (the peers have no work
 * count and say so with CCDB_SOLVER_NO_WORK_COUNT). Any exception is caught here, never crosses
 * into C, and is answered CCDB_FAILED: the method gave no answer. The floating-point environment
 * (rounding mode, flags) is restored afterwards: upstream interval code switches the rounding
 * mode and does not always switch it back (an exception between its begin and end, or nested
 * begins), which would change every later computation on this thread, the harness's included. */
template <class F> void guarded(ccdb_result *out, F &&answer) noexcept
{
    std::fenv_t env;
    std::fegetenv(&env);
    out->state = CCDB_FAILED;
    out->toi = 0.0;
    out->work = 0;
    try {
        answer();
    } catch (...) {
        out->state = CCDB_FAILED;
        out->toi = 0.0;
    }
    std::fesetenv(&env);
}

/* The answer of an upstream test that returns whether the query collides and, when it does,
 * sets the TOI it is given (`test(toi)`): HIT at that TOI or MISS, guarded as above. */
template <class F> void hit_at(ccdb_result *out, F &&test) noexcept
{
    guarded(out, [&] {
        double toi = 0;
        bool hit = test(toi);
        out->state = hit ? CCDB_HIT : CCDB_MISS;
        out->toi = hit ? toi : 0.0;
    });
}

/* f(point 0, ..., point 7, rest...): the upstream calls that take the query's 8 points in the
 * query's own order (the benchmark's), then their own arguments. */
template <class F, class... A> bool on_points(F f, const double q[8][3], A &&...rest)
{
    return f(point(q, 0), point(q, 1), point(q, 2), point(q, 3), point(q, 4), point(q, 5),
             point(q, 6), point(q, 7), std::forward<A>(rest)...);
}

/* The entry of an upstream test F(8 points, toi, tolerance) (Interval-Based's IRF and UIRF):
 * --delta is the tolerance. */
template <auto F>
void toi_then_delta(void *, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    hit_at(out, [&](double &toi) { return on_points(F, q, toi, p->delta); });
}

/* Held while upstream code that calls rand() runs: one query at a time (this plugin's threads
 * wait for each other), each starting from srand(1), so the answer to a query depends on the
 * query only, not on which queries ran before or on which thread. */
class fixed_rand
{
  public:
    fixed_rand() : hold_(lock())
    {
        std::srand(1);
    }

  private:
    static std::mutex &lock()
    {
        static std::mutex m;
        return m;
    }
    std::lock_guard<std::mutex> hold_;
};

} // namespace ccdb_peer

#endif
