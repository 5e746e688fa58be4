/* filter_fp.c — stage 2 of the ground truth: a rigorous floating-point filter (MISS or UNKNOWN).
 *
 * Any contact at time t needs the four points coplanar: f(t) = ((x1-x0) x (x2-x0)) . (x3-x0) = 0
 * (VF: x0..x3 = a, b, c, p; EE: a0, a1, b0, b1), and needs the contact conditions g(t) >= 0
 * (barycentric / segment parameters times |n|^2 or |m|^2, quartics). On dyadic pieces of [0, 1]
 * the filter proves that f has a sign (all Bernstein coefficients > 0 or all < 0) or that some g
 * is < 0; when every piece is excluded the query is a MISS. The algorithm is in
 * filter_fp_body.h, instantiated here twice: pass 1 in doubles (filter_fe.h), pass 2 in
 * double-doubles (filter_dd.h); both carry rigorous error bounds. docs/filters.md explains it.
 */
#include <assert.h>
#include <float.h>
#include <math.h>

#include "filter.h"
#include "filter_dd.h"
#include "filter_fe.h"

/* Rounding depths (filter_fe.h: leaves 0, add/sub max + 1, mul da + db + 1) of the values whose
 * sign is taken; in parentheses the values on [0, 1] itself, where every position is an exact
 * input. Positions: x0 + t (x1 - x0): 3 (0); differences 4 (1); cross products 10 (4); the
 * middle coefficient of quad_cross, a sum of two, 11 (5); m - c 12 (6).
 * Cubic: dot 10+4+1 = 15, two adds 17 (8); sum of three dots 19 (10).
 * Conditions: dot of 11 and 12: 24, two adds 26; sum of three dots 28 (16).
 * The test build (CCDB_FE_TRACK_DEPTH, tests/ground_truth/filter/test_depth.c) asserts them. */
#define DEPTH_CUBIC       19
#define DEPTH_CUBIC_EXACT 10
#define DEPTH_COND        28
#define DEPTH_COND_EXACT  16

/* Subdivision depth of [0, 1] (up to 2^depth pieces) and the budget of intervals examined. */
#define FP_MAX_DEPTH CCDB_FILTER_FP_MAX_DEPTH
#ifndef FP_MAX_NODES
#define FP_MAX_NODES 24
#endif
/* The double-double pass is about 20 times slower per piece and only pays for itself with a
 * small budget (docs/filters.md). */
#ifndef DD_MAX_DEPTH
#define DD_MAX_DEPTH 1
#endif
#ifndef DD_MAX_NODES
#define DD_MAX_NODES 3
#endif

typedef struct fp_interval {
    double t0, t1;
    int depth;
} fp_interval;

/* plain doubles */
#define FP_T       ccdb_fe
#define FP_T3      ccdb_fe3
#define FP_EXACT   ccdb_fe_exact
#define FP_ADD     ccdb_fe_add
#define FP_SUB     ccdb_fe_sub
#define FP_MUL     ccdb_fe_mul
#define FP_SCALE   ccdb_fe_scale
#define FP_SIGN    ccdb_fe_sign
#define FP_V3SUB   ccdb_fe3_sub
#define FP_V3ADD   ccdb_fe3_add
#define FP_CROSS   ccdb_fe3_cross
#define FP_DOT     ccdb_fe3_dot
#define FP_NAME(x) x##_d
#include "filter_fp_body.h"
#undef FP_T
#undef FP_T3
#undef FP_EXACT
#undef FP_ADD
#undef FP_SUB
#undef FP_MUL
#undef FP_SCALE
#undef FP_SIGN
#undef FP_V3SUB
#undef FP_V3ADD
#undef FP_CROSS
#undef FP_DOT
#undef FP_NAME

/* double-doubles */
#define FP_T       ccdb_dd
#define FP_T3      ccdb_dd3
#define FP_EXACT   ccdb_dd_exact
#define FP_ADD     ccdb_dd_add
#define FP_SUB     ccdb_dd_sub
#define FP_MUL     ccdb_dd_mul
#define FP_SCALE   ccdb_dd_scale
#define FP_SIGN    ccdb_dd_sign
#define FP_V3SUB   ccdb_dd3_sub
#define FP_V3ADD   ccdb_dd3_add
#define FP_CROSS   ccdb_dd3_cross
#define FP_DOT     ccdb_dd3_dot
#define FP_NAME(x) x##_dd
#include "filter_fp_body.h"

static const int order_vf[4] = { 1, 2, 3, 0 }; /* a, b, c, p */
static const int order_ee[4] = { 0, 1, 2, 3 }; /* a0, a1, b0, b1 */

ccdb_filter_verdict ccdb_filter_fp_pass_vf(const double q[8][3], int pass)
{
    assert(pass == 1 || pass == 2);
    return pass == 1 ? fp_filter_d(q, order_vf, 0, FP_MAX_DEPTH, FP_MAX_NODES)
                     : fp_filter_dd(q, order_vf, 0, DD_MAX_DEPTH, DD_MAX_NODES);
}

ccdb_filter_verdict ccdb_filter_fp_pass_ee(const double q[8][3], int pass)
{
    assert(pass == 1 || pass == 2);
    return pass == 1 ? fp_filter_d(q, order_ee, 1, FP_MAX_DEPTH, FP_MAX_NODES)
                     : fp_filter_dd(q, order_ee, 1, DD_MAX_DEPTH, DD_MAX_NODES);
}

/* Pass 2 only where it can help: pass 1 neither excluded the query nor proved a contact (on the
 * sample queries: the near-degenerate negatives, and contacts pass 1 could not prove, e.g. at
 * t = 0 or 1, tangent or on a boundary; docs/filters.md has the figures). */
#ifndef CCDB_FILTER_PASS2
#define CCDB_FILTER_PASS2 1
#endif

static ccdb_filter_verdict stage2(const double q[8][3], const int order[4], int ee)
{
    const ccdb_filter_verdict v = fp_filter_d(q, order, ee, FP_MAX_DEPTH, FP_MAX_NODES);
    if (v != CCDB_FILTER_UNKNOWN || !CCDB_FILTER_PASS2)
        return v == CCDB_FILTER_MISS ? CCDB_FILTER_MISS : CCDB_FILTER_UNKNOWN;
    return fp_filter_dd(q, order, ee, DD_MAX_DEPTH, DD_MAX_NODES) == CCDB_FILTER_MISS
               ? CCDB_FILTER_MISS
               : CCDB_FILTER_UNKNOWN;
}

ccdb_filter_verdict ccdb_filter_fp_vf(const double q[8][3])
{
    return stage2(q, order_vf, 0);
}

ccdb_filter_verdict ccdb_filter_fp_ee(const double q[8][3])
{
    return stage2(q, order_ee, 1);
}
