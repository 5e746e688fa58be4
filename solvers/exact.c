/* exact.c — the exact ground truth as a solver (thin adapter over ground_truth/ccdb_truth.h).
 *
 * Method: whatever ccdb_truth_vf / ccdb_truth_ee decide, exactly (GMP rationals for the yes/no,
 * MPFR for a bracket toi_lo <= TOI <= toi_hi of the exact time of impact); the reported toi is
 * toi_lo, a lower bound. It is there as a reference point for speed (what exactness costs) and as
 * a self-check of the harness: it must score zero false negatives and zero false positives.
 * Follows: ccdbench's own ground truth (see docs/ground-truth.md).
 * Claims: conservative, reports TOI. It answers the closed-set question "do they touch" and
 * ignores min_separation and delta.
 * Parameters: none used. State: one ccdb_truth context per thread (create / destroy); a NULL
 * state (allocation failure) answers CCDB_FAILED.
 */
#include "ccdb_solver.h"
#include "ccdb_truth.h"

static void *exact_create(const ccdb_params *params)
{
    (void)params;
    return ccdb_truth_new();
}

static void exact_destroy(void *state)
{
    ccdb_truth_free(state);
}

static void exact_answer(const ccdb_truth_result *r, ccdb_result *out)
{
    out->state = r->hit ? CCDB_HIT : CCDB_MISS;
    out->toi = r->hit ? r->toi_lo : 0.0;
    out->work = 1;
}

static void exact_vf(void *state, const double q[8][3], const ccdb_params *params,
                     ccdb_result *out)
{
    (void)params;
    ccdb_truth_result r;
    if (!state) {
        out->state = CCDB_FAILED;
        out->toi = 0.0;
        out->work = 0;
        return;
    }
    ccdb_truth_vf(state, q, &r);
    exact_answer(&r, out);
}

static void exact_ee(void *state, const double q[8][3], const ccdb_params *params,
                     ccdb_result *out)
{
    (void)params;
    ccdb_truth_result r;
    if (!state) {
        out->state = CCDB_FAILED;
        out->toi = 0.0;
        out->work = 0;
        return;
    }
    ccdb_truth_ee(state, q, &r);
    exact_answer(&r, out);
}

const ccdb_solver ccdb_solver_exact = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "exact",
    .summary = "the exact ground truth (GMP decision, MPFR bracket), toi = lower bound",
    .reference = "ccdbench ground truth (docs/ground-truth.md)",
    .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI,
    .create = exact_create,
    .destroy = exact_destroy,
    .vertex_face = exact_vf,
    .edge_edge = exact_ee,
};
