/* peer_common.hpp — what the upstream adapters (peers/upstream_*.cpp) share: the query as Eigen
 * vectors, C++ exceptions kept out of C, and one query at a time from a fixed seed for upstream
 * code that draws from the C library's global rand(). Our code: no upstream header here. */
#ifndef CCDB_PEER_COMMON_HPP
#define CCDB_PEER_COMMON_HPP

#include <Eigen/Core>
#include <cfenv>
#include <cstdlib>
#include <mutex>

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
