/* filter.c — stage 1 of the ground truth: exact bounding-box rejection (double comparisons only).
 *
 * Every primitive is the convex hull of its vertices, and every vertex moves linearly, so along
 * an axis k the largest coordinate of primitive A at time t, maxA(t), is a maximum of linear
 * functions (convex) and the smallest coordinate of B, minB(t), is concave. Hence
 * maxA(t) - minB(t) is convex on [0,1] and is < 0 on all of [0,1] as soon as it is < 0 at t = 0
 * and at t = 1. Then a separating plane x_k = c(t) exists at every t: no contact. This test is a
 * superset of rejecting disjoint boxes of the swept points (box of A's 8 positions strictly below
 * box of B's), and it uses only comparisons of the input doubles, which are exact. Strict '<':
 * touching is a contact and is never rejected.
 */
#include "filter.h"

/* rows [first, first + n) at t = 0 and rows [first + 4, first + 4 + n) at t = 1 */
static int separated_axis(const double q[8][3], int a_first, int a_n, int b_first, int b_n, int k)
{
    double amax[2], amin[2], bmax[2], bmin[2];
    for (int s = 0; s < 2; ++s) {
        const int off = 4 * s;
        amax[s] = amin[s] = q[off + a_first][k];
        for (int i = 1; i < a_n; ++i) {
            const double x = q[off + a_first + i][k];
            amax[s] = x > amax[s] ? x : amax[s];
            amin[s] = x < amin[s] ? x : amin[s];
        }
        bmax[s] = bmin[s] = q[off + b_first][k];
        for (int i = 1; i < b_n; ++i) {
            const double x = q[off + b_first + i][k];
            bmax[s] = x > bmax[s] ? x : bmax[s];
            bmin[s] = x < bmin[s] ? x : bmin[s];
        }
    }
    /* NaN compares false everywhere, so NaN input is never rejected. */
    return (amax[0] < bmin[0] && amax[1] < bmin[1]) || (bmax[0] < amin[0] && bmax[1] < amin[1]);
}

ccdb_filter_verdict ccdb_filter_box_vf(const double q[8][3])
{
    /* A = the vertex (row 0), B = the triangle (rows 1..3) */
    for (int k = 0; k < 3; ++k)
        if (separated_axis(q, 0, 1, 1, 3, k))
            return CCDB_FILTER_MISS;
    return CCDB_FILTER_UNKNOWN;
}

ccdb_filter_verdict ccdb_filter_box_ee(const double q[8][3])
{
    /* A = edge (rows 0, 1), B = edge (rows 2, 3) */
    for (int k = 0; k < 3; ++k)
        if (separated_axis(q, 0, 2, 2, 2, k))
            return CCDB_FILTER_MISS;
    return CCDB_FILTER_UNKNOWN;
}

/* The box stage at a separation d > 0: along axis k, minB(t) - maxA(t) is concave, so if it is
 * > d at t = 0 and t = 1 it is > d on [0,1]; then every point of B(t) is more than d from every
 * point of A(t) along axis k, hence in Euclidean distance. The test compares fl(bmin - amax)
 * with d: rounding to nearest is monotone and d is a double, so an exact difference <= d rounds
 * to a value <= d (also on overflow, where an exact difference > DBL_MAX >= d rounds to +inf):
 * fl(bmin - amax) > d proves bmin - amax > d. No directed rounding needed. */
static int separated_axis_by(const double q[8][3], int a_first, int a_n, int b_first, int b_n,
                             int k, double d)
{
    int below = 1, above = 1; /* A below B, B below A at both ends */
    for (int s = 0; s < 2; ++s) {
        const int off = 4 * s;
        double amax = q[off + a_first][k], amin = amax;
        for (int i = 1; i < a_n; ++i) {
            const double x = q[off + a_first + i][k];
            amax = x > amax ? x : amax;
            amin = x < amin ? x : amin;
        }
        double bmax = q[off + b_first][k], bmin = bmax;
        for (int i = 1; i < b_n; ++i) {
            const double x = q[off + b_first + i][k];
            bmax = x > bmax ? x : bmax;
            bmin = x < bmin ? x : bmin;
        }
        below &= bmin - amax > d;
        above &= amin - bmax > d;
    }
    return below || above;
}

ccdb_filter_verdict ccdb_filter_box_sep_vf(const double q[8][3], double d)
{
    for (int k = 0; k < 3; ++k)
        if (separated_axis_by(q, 0, 1, 1, 3, k, d))
            return CCDB_FILTER_MISS;
    return CCDB_FILTER_UNKNOWN;
}

ccdb_filter_verdict ccdb_filter_box_sep_ee(const double q[8][3], double d)
{
    for (int k = 0; k < 3; ++k)
        if (separated_axis_by(q, 0, 2, 2, 2, k, d))
            return CCDB_FILTER_MISS;
    return CCDB_FILTER_UNKNOWN;
}
