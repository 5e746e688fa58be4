/* inclusion_naive.c — multivariate inclusion-based bisection as usually taught, after Snyder,
 * "Interval Analysis for Computer Graphics", SIGGRAPH 1992 (the formulation Tight Inclusion
 * builds on), without any rounding-error bound.
 *
 * Method. The gap F(t,u,v) (VF: p - a - u(b-a) - v(c-a); EE: a0 + u(a1-a0) - b0 - v(b1-b0), all
 * points at time t) is multilinear, so its range over a box of (t,u,v) is the bounding box of its
 * values at the 8 corners, computed here in plain double (inclusion_common.h). Boxes are
 * bisected depth first, earlier t half first, always along the widest parameter; a box whose
 * inclusion excludes 0 is dropped, a box narrower than δ in every parameter whose inclusion
 * holds 0 is a hit at its lower t. For VF, boxes with u + v > 1 are dropped.
 *
 * Claims: none beyond REPORTS_TOI — NOT conservative: corner values rounded to double can
 * exclude 0 from a box that holds a contact (touching and grazing queries), and the depth-first
 * order finds the first contact in the first branch explored, not necessarily the earliest.
 *
 * Parameters (from ccdb_params): δ = params->delta (default 1e-6), the parameter-space width
 * below which a box is accepted; params->max_iterations (default 1e6) caps the boxes checked:
 * reaching it gives GAVE_UP at the current box's lower t; params->min_separation is ignored.
 * Non-finite coordinates -> FAILED.
 */
#include <stdlib.h>

#include "ccdb_solver.h"
#include "inclusion_common.h"

typedef struct in_stack {
    incl_box *a;
    size_t n, cap;
} in_stack;

static int in_push(in_stack *s, const incl_box *b)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 128;
        incl_box *a = realloc(s->a, cap * sizeof *a);
        if (!a)
            return -1;
        s->a = a;
        s->cap = cap;
    }
    s->a[s->n++] = *b;
    return 0;
}

static void *in_create(const ccdb_params *params)
{
    (void)params;
    return calloc(1, sizeof(in_stack));
}

static void in_destroy(void *state)
{
    in_stack *s = state;
    if (s) {
        free(s->a);
        free(s);
    }
}

static void in_solve(in_stack *st, const double q[8][3], const ccdb_params *params, int ee,
                     ccdb_result *out)
{
    const double delta = params->delta;
    const long long cap = params->max_iterations > 0 ? params->max_iterations : 1;
    if (!incl_begin(q, out))
        return;
    st->n = 0;
    incl_box root = { { 0, 0, 0 }, { 1, 1, 1 }, 0 };
    if (in_push(st, &root) != 0) {
        out->state = CCDB_FAILED;
        return;
    }
    long long checks = 0;
    while (st->n > 0) {
        incl_box b = st->a[--st->n];
        if (checks >= cap) {
            out->state = CCDB_GAVE_UP;
            out->toi = b.lo[0];
            out->work = checks;
            return;
        }
        ++checks;
        double mn[3], mx[3];
        incl_corner_range(q, ee, &b, mn, mx);
        if (mn[0] > 0 || mx[0] < 0 || mn[1] > 0 || mx[1] < 0 || mn[2] > 0 || mx[2] < 0)
            continue;
        int j = 0;
        for (int k = 1; k < 3; ++k)
            if (b.hi[k] - b.lo[k] > b.hi[j] - b.lo[j])
                j = k;
        double mid = 0.5 * (b.lo[j] + b.hi[j]);
        if (b.hi[j] - b.lo[j] <= delta || !(mid > b.lo[j] && mid < b.hi[j])) {
            out->state = CCDB_HIT;
            out->toi = b.lo[0];
            out->work = checks;
            return;
        }
        incl_box lo = b, hi = b;
        lo.hi[j] = mid;
        hi.lo[j] = mid;
        /* Push the later/upper half first so the lower half is explored first. */
        int keep_hi = ee || j == 0 || !(hi.lo[1] + hi.lo[2] > 1.0);
        if ((keep_hi && in_push(st, &hi) != 0) || in_push(st, &lo) != 0) {
            out->state = CCDB_FAILED;
            out->work = checks;
            return;
        }
    }
    out->work = checks;
}

INCL_ENTRIES(in, in_stack, in_solve)

const ccdb_solver ccdb_solver_inclusion_naive = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "inclusion_naive",
    .summary = "multivariate inclusion bisection, corner values in double, no rounding bound",
    .reference = "Snyder 1992, Interval Analysis for Computer Graphics (SIGGRAPH)",
    .flags = CCDB_CLAIM_REPORTS_TOI,
    .create = in_create,
    .destroy = in_destroy,
    .vertex_face = in_vf,
    .edge_edge = in_ee,
};
