/* upstream_rrp.cpp — rational root parity as published with the CCD benchmark (a rational-number
 * reimplementation of Brochu et al. 2012's root parity, upstream Rational-Root-Parity, namespace
 * eccd; the benchmark's "RRP").
 *
 * Claims: none. It counts the parity of the roots with exact rationals: an even number of
 * contacts (two) is answered "no collision"; it returns no time of impact (toi = 0).
 * Parameters: none (--delta, --max-iter, --min-sep are ignored).
 * Work count: none: CCDB_SOLVER_NO_WORK_COUNT.
 * How it is called: upstream's eccd::vertexFaceCCD / edgeEdgeCCD answer false without computing
 * when nothing moves or everything moves by the same vector, else call eccd::retrial_ccd (the
 * ray test, retried with up to 8 directions). When retrial_ccd throws (every ray hit an edge, a
 * degenerate patch), the public functions catch it, write the query to TF<n>.txt / EE<n>.txt in
 * the working directory and answer false, a silent miss. This adapter makes the same two checks
 * and calls the same retrial_ccd (declared in upstream's ECCD.hpp, instantiated in ECCD.cpp), and
 * answers CCDB_FAILED when it throws: the method's own failure, shown as one, and no file is
 * written. Determinism: the retries draw directions from Eigen's Random (the global rand()), so
 * each query runs alone from srand(1) (ccdb_peer::fixed_rand). */
#include <ECCD.hpp>

#include "peer_common.hpp"

namespace
{

using ccdb_peer::point;
using V = Eigen::Vector3d;

/* Upstream's early answers: no motion at all, or all four vertices moving by the same vector
 * (compared as upstream does, in double), is "no collision". */
bool upstream_static(const V &a0, const V &b0, const V &c0, const V &d0, const V &a1, const V &b1,
                     const V &c1, const V &d1)
{
    if (a0 == a1 && b0 == b1 && c0 == c1 && d0 == d1)
        return true;
    return (a0 - a1) == (b0 - b1) && (a0 - a1) == (c0 - c1) && (a0 - a1) == (d0 - d1) &&
           (b0 - b1) == (d0 - d1) && (d0 - d1) == (c0 - c1);
}

void vertex_face(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        V p[8];
        for (int i = 0; i < 8; i++)
            p[i] = point(q, i);
        const eccd::TriPtF f(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
        ccdb_peer::fixed_rand one_at_a_time;
        bool hit = !upstream_static(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]) &&
                   eccd::retrial_ccd(f);
        out->state = hit ? CCDB_HIT : CCDB_MISS;
    });
}

void edge_edge(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    ccdb_peer::guarded(out, [&] {
        V p[8];
        for (int i = 0; i < 8; i++)
            p[i] = point(q, i);
        const eccd::EdgeEdgeF f(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
        ccdb_peer::fixed_rand one_at_a_time;
        bool hit = !upstream_static(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]) &&
                   eccd::retrial_ccd(f);
        out->state = hit ? CCDB_HIT : CCDB_MISS;
    });
}

} // namespace

const ccdb_solver *ccdb_solver_entry(void)
{
    static ccdb_solver s;
    return ccdb_solver_init(&s, "upstream_rrp",
                            "upstream rational root parity (C++, GMP rationals): parity, no TOI",
                            "Brochu et al. 2012, ACM TOG 31(4) 96, reimplemented with rationals; "
                            "github.com/Continuous-Collision-Detection/Rational-Root-Parity",
                            CCDB_SOLVER_NO_WORK_COUNT, vertex_face, edge_edge);
}
