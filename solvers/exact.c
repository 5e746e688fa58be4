/* exact.c — the exact ground truth as a solver (thin adapter over ground_truth/include/ccdb_truth.h).
 *
 * Method: whatever ccdb_truth_vf / ccdb_truth_ee (and, on rigid queries, ccdb_truth_rigid_vf /
 * ccdb_truth_rigid_ee: docs/rigid.md; on sweeps ccdb_truth_sweep_vf / _ee: docs/sweep.md, where
 * a query the judge leaves undecided is answered CCDB_FAILED) decide, exactly (GMP rationals for the yes/no,
 * MPFR for a bracket toi_lo <= TOI <= toi_hi of the exact time of impact); the reported toi is
 * toi_lo, a lower bound. It is there as a reference point for speed (what exactness costs) and as
 * a self-check of the harness: it must score zero false negatives and zero false positives.
 * Follows: ccdbench's own ground truth (see docs/ground-truth.md).
 * Claims: conservative, reports TOI. It answers the closed-set question "do they touch" and
 * ignores min_separation and delta.
 * Parameters: none used. State: one ccdb_truth context per thread (create / destroy); a NULL
 * state (allocation failure) answers CCDB_FAILED.
 */
#include <assert.h>

#include "ccdb_truth.h"
#include "exact.h"

void *ccdb_exact_create(const ccdb_params *params)
{
    (void)params;
    return ccdb_truth_new();
}

void ccdb_exact_destroy(void *state)
{
    ccdb_truth_free(state);
}

static void exact_answer(const ccdb_truth_result *r, ccdb_result *out)
{
    /* The judge's contract (ccdb_truth.h): a hit's bracket lies in [0,1]. */
    assert(!r->hit || (r->toi_lo >= 0.0 && r->toi_lo <= r->toi_hi && r->toi_hi <= 1.0));
    if (r->cls == CCDB_CLASS_UNDECIDED) { /* a sweep the judge could not certify */
        out->state = CCDB_FAILED;
        out->toi = 0.0;
        out->work = 1;
        return;
    }
    out->state = r->hit ? CCDB_HIT : CCDB_MISS;
    out->toi = r->hit ? r->toi_lo : 0.0;
    out->work = 1;
}

/* One query through the judge; `judge` is ccdb_truth_vf or ccdb_truth_ee. */
static void exact_query(void *state, const double q[8][3], ccdb_result *out,
                        void (*judge)(ccdb_truth *, const double[8][3], ccdb_truth_result *))
{
    ccdb_truth_result r;
    if (!state) { /* create failed (out of memory): answer, never crash */
        out->state = CCDB_FAILED;
        out->toi = 0.0;
        out->work = 0;
        return;
    }
    judge(state, q, &r);
    exact_answer(&r, out);
}

void ccdb_exact_linear(void *state, const double q[8][3], int vf, ccdb_result *out)
{
    exact_query(state, q, out, vf ? ccdb_truth_vf : ccdb_truth_ee);
}

static void exact_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)params;
    ccdb_exact_linear(state, q, 1, out);
}

static void exact_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)params;
    ccdb_exact_linear(state, q, 0, out);
}

static void exact_rigid_vf(void *state, const double q[8][3], const ccdb_params *params,
                           ccdb_result *out)
{
    (void)params;
    exact_query(state, q, out, ccdb_truth_rigid_vf);
}

static void exact_rigid_ee(void *state, const double q[8][3], const ccdb_params *params,
                           ccdb_result *out)
{
    (void)params;
    exact_query(state, q, out, ccdb_truth_rigid_ee);
}

static void exact_sweep_vf(void *state, const double q[8][3], const ccdb_params *params,
                           ccdb_result *out)
{
    (void)params;
    exact_query(state, q, out, ccdb_truth_sweep_vf);
}

static void exact_sweep_ee(void *state, const double q[8][3], const ccdb_params *params,
                           ccdb_result *out)
{
    (void)params;
    exact_query(state, q, out, ccdb_truth_sweep_ee);
}

const ccdb_solver ccdb_solver_exact = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "exact",
    .summary = "the exact ground truth (GMP decision, MPFR bracket), toi = lower bound",
    .reference = "ccdbench ground truth (docs/ground-truth.md)",
    .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI,
    .create = ccdb_exact_create,
    .destroy = ccdb_exact_destroy,
    .vertex_face = exact_vf,
    .edge_edge = exact_ee,
    .rigid_vertex_face = exact_rigid_vf,
    .rigid_edge_edge = exact_rigid_ee,
    .sweep_vertex_face = exact_sweep_vf,
    .sweep_edge_edge = exact_sweep_ee,
};
