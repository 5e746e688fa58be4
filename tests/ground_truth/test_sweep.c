/* test_sweep.c — the sweep judge (ccdb_truth_sweep_vf / _ee, docs/sweep.md):
 * - a numeric witness on sweep_random queries: positions at double times from MPFR at 256 bits
 *   (the motion's own formula, X0 rotated by Rodrigues' formula), exact squared distances of
 *   those positions (gt_dist2): at toi_hi of every hit the primitives are within 1e-9 (relative
 *   to the query's size); on a grid of G + 1 times before toi_lo (over all of [0, 1] for a
 *   miss) the distance is positive and no crossing shows (the coplanarity changing sign between
 *   two grid times with the contact's strict inside conditions at both). G = 64 and 400 queries
 *   per kind here; CCDB_SWEEP_CHECK_N=10000 CCDB_SWEEP_CHECK_GRID=256 run the large check
 *   (docs/benchmarks.md). Undecided must be 0;
 * - invariance: the same sweep written about another point of its axis (O + lambda w, v
 *   unchanged: the same motion) gives the same answers;
 * - theta = 0 is the linear judge: every linear family's queries written as a sweep of their
 *   first primitive (v its first point's displacement, the second primitive still) give exactly
 *   the linear judge's answer on the equivalent linear query; and the numeric path on them
 *   (gt_sweep_run_numeric, no routing) agrees with it wherever it decides;
 * - the class undecided: a crafted grazing sweep (the vertex's lowest point 2^-81 below the
 *   triangle's plane) is a hit at the default precision cap and undecided at a cap of 64 bits;
 * - known answers of small hand-made sweeps. */
#include <criterion/criterion.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_truth.h"
#include "gt_witness.h"
#include "sweep_witness.h"
#include "truth_sweep.h"

#define WPREC 256

static size_t env_count(const char *name, size_t dflt)
{
    const char *e = getenv(name);
    return e && *e ? (size_t)strtoull(e, NULL, 10) : dflt;
}

/* Point i of the sweep q at time t, from MPFR at WPREC bits. */
static void sweep_position(vec x, const double q[8][3], int ee, int i, double t)
{
    int moving = (ee ? i < 2 : i < 1) == (q[7][0] == 0.0);
    for (int j = 0; j < 3; j++)
        mpq_set_d(x[j], q[i][j]);
    if (!moving)
        return;
    mpfr_t d[3], w[3], k1[3], k2[3], W, nrm, c, s, a, b;
    for (int j = 0; j < 3; j++)
        mpfr_inits2(WPREC, d[j], w[j], k1[j], k2[j], (mpfr_ptr)0);
    mpfr_inits2(WPREC, W, nrm, c, s, a, b, (mpfr_ptr)0);
    for (int j = 0; j < 3; j++) {
        mpfr_set_d(d[j], q[i][j], MPFR_RNDN);
        mpfr_sub_d(d[j], d[j], q[4][j], MPFR_RNDN);
        mpfr_set_d(w[j], q[5][j], MPFR_RNDN);
    }
    for (int j = 0; j < 3; j++) { /* k1 = w x d */
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        mpfr_mul(a, w[j1], d[j2], MPFR_RNDN);
        mpfr_mul(b, w[j2], d[j1], MPFR_RNDN);
        mpfr_sub(k1[j], a, b, MPFR_RNDN);
    }
    for (int j = 0; j < 3; j++) { /* k2 = w x k1 */
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        mpfr_mul(a, w[j1], k1[j2], MPFR_RNDN);
        mpfr_mul(b, w[j2], k1[j1], MPFR_RNDN);
        mpfr_sub(k2[j], a, b, MPFR_RNDN);
    }
    double theta = q[7][1];
    mpfr_set_zero(W, 1);
    for (int j = 0; j < 3; j++)
        mpfr_fma(W, w[j], w[j], W, MPFR_RNDN);
    mpfr_set_d(a, theta, MPFR_RNDN);
    mpfr_mul_d(a, a, t, MPFR_RNDN);
    mpfr_sin_cos(s, c, a, MPFR_RNDN);
    mpfr_sqrt(nrm, W, MPFR_RNDN);
    mpq_t r;
    mpq_init(r);
    for (int j = 0; j < 3; j++) {
        /* x = O + t v + d + sin/|w| k1 + (1 - cos)/|w|^2 k2 */
        mpfr_set_d(a, q[6][j], MPFR_RNDN);
        mpfr_mul_d(a, a, t, MPFR_RNDN);
        mpfr_add_d(a, a, q[4][j], MPFR_RNDN);
        mpfr_add(a, a, d[j], MPFR_RNDN);
        if (theta != 0) {
            mpfr_mul(b, s, k1[j], MPFR_RNDN);
            mpfr_div(b, b, nrm, MPFR_RNDN);
            mpfr_add(a, a, b, MPFR_RNDN);
            mpfr_ui_sub(b, 1, c, MPFR_RNDN);
            mpfr_mul(b, b, k2[j], MPFR_RNDN);
            mpfr_div(b, b, W, MPFR_RNDN);
            mpfr_add(a, a, b, MPFR_RNDN);
        }
        mpfr_get_q(r, a);
        mpq_set(x[j], r);
    }
    mpq_clear(r);
    for (int j = 0; j < 3; j++)
        mpfr_clears(d[j], w[j], k1[j], k2[j], (mpfr_ptr)0);
    mpfr_clears(W, nrm, c, s, a, b, (mpfr_ptr)0);
}

/* The coplanarity's sign and whether the contact's inside conditions hold strictly (VF: the
 * vertex on the inner side of every edge about the normal; EE: both line parameters of the
 * closest points strictly inside (0, 1)), at positions P. */
static void crossing_state(vec P[4], int ee, int *cop, int *inside)
{
    vec e1, e2, n, dv, c;
    vq_init(e1);
    vq_init(e2);
    vq_init(n);
    vq_init(dv);
    vq_init(c);
    mpq_t x, nn;
    mpq_inits(x, nn, NULL);
    vsub(e1, P[ee ? 1 : 2], P[ee ? 0 : 1]);
    vsub(e2, P[3], P[ee ? 2 : 1]);
    vcross(n, e1, e2);
    vsub(dv, P[ee ? 2 : 0], P[ee ? 0 : 1]);
    vdot(x, n, dv);
    *cop = mpq_sgn(x);
    vdot(nn, n, n);
    *inside = mpq_sgn(nn) > 0;
    if (ee) { /* u n.n = (d x eb).n, v n.n = (d x ea).n */
        vec *e[2] = { &e2, &e1 };
        for (int k = 0; k < 2 && *inside; k++) {
            vcross(c, dv, *e[k]);
            vdot(x, c, n);
            *inside = mpq_sgn(x) > 0 && mpq_cmp(x, nn) < 0;
        }
    } else {
        static const int edge[3][2] = { { 1, 2 }, { 2, 3 }, { 3, 1 } };
        for (int k = 0; k < 3 && *inside; k++) {
            vsub(e1, P[edge[k][1]], P[edge[k][0]]);
            vsub(e2, P[0], P[edge[k][0]]);
            vcross(c, e1, e2);
            vdot(x, c, n);
            *inside = mpq_sgn(x) > 0;
        }
    }
    mpq_clears(x, nn, NULL);
    vq_clear(e1);
    vq_clear(e2);
    vq_clear(n);
    vq_clear(dv);
    vq_clear(c);
}

static double query_scale(const double q[8][3])
{
    double m = 0;
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 3; j++)
            if (i != 5)
                m = fmax(m, fabs(q[i][j]));
    return m > 0 ? m : 1;
}

int sweep_witness_contradictions(const double q[8][3], int ee, const ccdb_truth_result *r, int grid)
{
    int bad = 0;
    double S = query_scale(q);
    vec P[4];
    for (int i = 0; i < 4; i++)
        vq_init(P[i]);
    mpq_t d2, tol;
    mpq_inits(d2, tol, NULL);
    if (r->hit) {
        for (int i = 0; i < 4; i++)
            sweep_position(P[i], q, ee, i, r->toi_hi);
        gt_dist2(d2, P, ee);
        mpq_set_d(tol, 1e-9 * S);
        mpq_mul(tol, tol, tol);
        if (mpq_cmp(d2, tol) > 0) {
            cr_log_error("%s: no contact at toi_hi %.17g: distance^2 %g", ee ? "EE" : "VF",
                         r->toi_hi, mpq_get_d(d2));
            bad++;
        }
    }
    mpq_set_d(tol, ldexp(S, -200));
    mpq_mul(tol, tol, tol);
    int prev_cop = 0, prev_in = 0;
    for (int k = 0; k <= grid; k++) {
        double t = (double)k / grid;
        if (r->hit && t >= r->toi_lo)
            break;
        for (int i = 0; i < 4; i++)
            sweep_position(P[i], q, ee, i, t);
        gt_dist2(d2, P, ee);
        int cop, in;
        crossing_state(P, ee, &cop, &in);
        if (mpq_cmp(d2, tol) <= 0) {
            cr_log_error("%s: contact at t = %.17g before toi_lo (hit %d)", ee ? "EE" : "VF", t,
                         r->hit);
            bad++;
        }
        if (k > 0 && cop * prev_cop < 0 && in && prev_in) {
            cr_log_error("%s: crossing in (%.17g, %.17g) (hit %d, toi_lo %.17g)", ee ? "EE" : "VF",
                         (double)(k - 1) / grid, t, r->hit, r->toi_lo);
            bad++;
        }
        prev_cop = cop;
        prev_in = in;
    }
    mpq_clears(d2, tol, NULL);
    for (int i = 0; i < 4; i++)
        vq_clear(P[i]);
    return bad;
}

static void judge(ccdb_truth *t, int ee, const double q[8][3], ccdb_truth_result *r)
{
    (ee ? ccdb_truth_sweep_ee : ccdb_truth_sweep_vf)(t, q, r);
}

static void numeric_check(ccdb_kind kind)
{
    int ee = ccdb_kind_is_edge_edge(kind);
    size_t n = env_count("CCDB_SWEEP_CHECK_N", 400);
    int grid = (int)env_count("CCDB_SWEEP_CHECK_GRID", 64);
    ccdb_dataset ds;
    ccdb_gen_intent *intent;
    char err[256];
    cr_assert_eq(ccdb_generate("sweep_random", kind, n, 25, &ds, &intent, err, sizeof err), 0, "%s",
                 err);
    ccdb_truth *t = ccdb_truth_new();
    long hits = 0, undecided = 0, bad = 0;
    for (size_t i = 0; i < n; i++) {
        ccdb_truth_result r;
        judge(t, ee, (const double(*)[3])ds.q[i], &r);
        if (r.cls == CCDB_CLASS_UNDECIDED) {
            undecided++;
            continue;
        }
        hits += r.hit;
        cr_expect_eq(r.hit, intent[i].hit, "query %zu: judge %d, built %d", i, r.hit,
                     intent[i].hit);
        int b = sweep_witness_contradictions((const double(*)[3])ds.q[i], ee, &r, grid);
        if (b)
            cr_log_error("query %zu of sweep_random/%s (seed 25)", i, ccdb_kind_name(kind));
        bad += b;
    }
    cr_log_info("%s: %zu sweeps, %ld hits, %ld undecided, %ld contradictions (grid %d)",
                ccdb_kind_name(kind), n, hits, undecided, bad, grid);
    fprintf(stderr,
            "sweep numeric check %s: %zu sweeps, %ld hits, %ld undecided, %ld "
            "contradictions (grid %d)\n",
            ccdb_kind_name(kind), n, hits, undecided, bad, grid);
    cr_expect_eq(bad, 0);
    cr_expect_eq(undecided, 0);
    cr_expect_gt(hits, 0);
    ccdb_truth_free(t);
    free(intent);
    ccdb_dataset_free(&ds);
}

Test(sweep, numeric_witness_vf, .disabled = 0)
{
    numeric_check(CCDB_KIND_SWEEP_VF);
}
Test(sweep, numeric_witness_ee)
{
    numeric_check(CCDB_KIND_SWEEP_EE);
}

static int same_answer(const ccdb_truth_result *a, const ccdb_truth_result *b)
{
    return a->hit == b->hit && a->toi_lo == b->toi_lo && a->toi_hi == b->toi_hi &&
           a->cls == b->cls && a->flags == b->flags;
}

/* a + b is exact in doubles. */
static int sum_exact(double a, double b)
{
    double x = a + b, bv = x - a, av = x - bv;
    return isfinite(x) && (a - av) + (b - bv) == 0.0;
}

Test(sweep, invariant_along_the_axis)
{
    static const double lambdas[3] = { 0.5, -3.0, 0.0078125 };
    for (int ee = 0; ee < 2; ee++) {
        ccdb_kind kind = ee ? CCDB_KIND_SWEEP_EE : CCDB_KIND_SWEEP_VF;
        ccdb_dataset ds;
        char err[256];
        cr_assert_eq(ccdb_generate("sweep_random", kind, 300, 3, &ds, NULL, err, sizeof err), 0);
        ccdb_truth *t = ccdb_truth_new();
        long compared = 0, hits = 0;
        for (size_t i = 0; i < ds.count; i++) {
            double(*q)[3] = ds.q[i];
            ccdb_truth_result a, b;
            judge(t, ee, (const double(*)[3])q, &a);
            for (int l = 0; l < 3; l++) {
                double q2[8][3];
                memcpy(q2, q, sizeof q2);
                int exact = 1;
                for (int j = 0; j < 3; j++) {
                    exact &= sum_exact(q[4][j], lambdas[l] * q[5][j]);
                    q2[4][j] = q[4][j] + lambdas[l] * q[5][j];
                }
                if (!exact)
                    continue;
                judge(t, ee, (const double(*)[3])q2, &b);
                cr_expect(same_answer(&a, &b),
                          "%s query %zu, O + %g w: %d [%.17g, %.17g] %s vs %d [%.17g, %.17g] %s",
                          ee ? "EE" : "VF", i, lambdas[l], a.hit, a.toi_lo, a.toi_hi,
                          ccdb_truth_class_name(a.cls), b.hit, b.toi_lo, b.toi_hi,
                          ccdb_truth_class_name(b.cls));
                compared++;
                hits += a.hit;
            }
        }
        cr_log_info("%s: %ld sweeps compared about another axis point, %ld hits", ee ? "EE" : "VF",
                    compared, hits);
        cr_expect_gt(compared, 600);
        cr_expect_gt(hits, 10);
        ccdb_truth_free(t);
        ccdb_dataset_free(&ds);
    }
}

/* The sweep of q's first primitive by its first point's displacement (theta = 0, the second
 * primitive still) and the equivalent linear query; 0 when some x0 + v is not a double. */
static int linear_pair(const double q[8][3], int ee, double sw[8][3], double lin[8][3])
{
    int nmov = ee ? 2 : 1;
    double v[3];
    for (int j = 0; j < 3; j++)
        v[j] = q[4][j] - q[0][j];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            double d = i < nmov ? v[j] : 0.0;
            if (!sum_exact(q[i][j], d) || (i == 0 && q[0][j] + v[j] != q[4][j]))
                return 0;
            sw[i][j] = lin[i][j] = q[i][j];
            lin[i + 4][j] = q[i][j] + d;
        }
    for (int j = 0; j < 3; j++) {
        sw[4][j] = 0.25 * j;
        sw[5][j] = 0.0;
        sw[6][j] = v[j];
        sw[7][j] = 0.0;
    }
    return 1;
}

Test(sweep, theta_zero_is_the_linear_judge)
{
    ccdb_truth *t = ccdb_truth_new(), *tn = ccdb_truth_new();
    ccdb_truth_set_sweep_bits(tn, 128); /* the degenerate families' undecided cases stop early */
    long pairs = 0, numeric = 0, families = 0;
    for (size_t f = 0; f < ccdb_gen_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(f);
        for (int ee = 0; ee < 2; ee++) {
            ccdb_kind kind = ee ? CCDB_KIND_EE : CCDB_KIND_VF;
            if (!(fam->kinds & (1u << kind)))
                continue;
            ccdb_dataset ds;
            char err[256];
            cr_assert_eq(ccdb_generate(fam->name, kind, 40, 11, &ds, NULL, err, sizeof err), 0);
            families++;
            for (size_t i = 0; i < ds.count; i++) {
                double sw[8][3], lin[8][3];
                if (!linear_pair((const double(*)[3])ds.q[i], ee, sw, lin))
                    continue;
                ccdb_truth_result a, b, c;
                judge(t, ee, (const double(*)[3])sw, &a);
                (ee ? ccdb_truth_ee : ccdb_truth_vf)(t, (const double(*)[3])lin, &b);
                cr_expect(same_answer(&a, &b) && a.stage == b.stage, "%s %s query %zu", fam->name,
                          ccdb_kind_name(kind), i);
                pairs++;
                gt_sweep_run_numeric(tn, (const double(*)[3])sw, ee, &c);
                if (c.cls == CCDB_CLASS_UNDECIDED)
                    continue;
                numeric++;
                cr_expect_eq(c.hit, b.hit, "numeric path: %s %s query %zu: %d vs %d", fam->name,
                             ccdb_kind_name(kind), i, c.hit, b.hit);
                if (c.hit && b.hit) /* both brackets hold the TOI: they meet */
                    cr_expect(c.toi_lo <= b.toi_hi && b.toi_lo <= c.toi_hi,
                              "numeric path: %s %s query %zu: [%.17g, %.17g] vs [%.17g, %.17g]",
                              fam->name, ccdb_kind_name(kind), i, c.toi_lo, c.toi_hi, b.toi_lo,
                              b.toi_hi);
            }
            ccdb_dataset_free(&ds);
        }
    }
    cr_log_info("theta = 0: %ld families, %ld sweeps, %ld decided by the numeric path too",
                families, pairs, numeric);
    cr_expect_gt(families, 10);
    cr_expect_gt(pairs, 300);
    cr_expect_gt(numeric, pairs / 4);
    ccdb_truth_free(t);
    ccdb_truth_free(tn);
}

/* The vertex turns about the x axis through (0, 0, 1) at radius sqrt(1 + 2^-80): its lowest
 * point is about 2^-81 below the triangle's plane z = 0 (inside it). */
static const double grazing[8][3] = {
    { 0, -1, 1 + 0x1p-40 },
    { -4, -4, 0 },
    { 4, -4, 0 },
    { 0, 4, 0 },
    { 0, 0, 1 },
    { 1, 0, 0 },
    { 0, 0, 0 },
    { 0, 3, 0 },
};

Test(sweep, undecided_below_a_precision_cap)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_result r;
    ccdb_truth_sweep_vf(t, grazing, &r);
    cr_expect_eq(r.cls, CCDB_CLASS_GENERIC, "%s", ccdb_truth_class_name(r.cls));
    cr_expect_eq(r.hit, 1);
    cr_expect(r.toi_lo > 0.5 && r.toi_hi < 0.53 && nextafter(r.toi_lo, 1) == r.toi_hi);
    ccdb_truth_set_sweep_bits(t, 64);
    ccdb_truth_sweep_vf(t, grazing, &r);
    cr_expect_eq(r.cls, CCDB_CLASS_UNDECIDED, "%s", ccdb_truth_class_name(r.cls));
    cr_expect_eq(r.hit, 0);
    cr_expect_eq(r.flags, 1u << CCDB_CLASS_UNDECIDED);
    cr_expect_str_eq(ccdb_truth_class_name(r.cls), "undecided");
    ccdb_truth_free(t);
}

/* Hand-made sweeps with known answers. */
Test(sweep, known_answers)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_result r;
    /* The vertex falls through the triangle's plane at t = 1/2 while turning about the
     * vertical through (0, 0, 1): at (0.25 (cos - sin), 0.25 (sin + cos), 0)(3/4): inside. */
    double vf[8][3] = { { 0.25, 0.25, 1 }, { 0, 0, 0 }, { 1, 0, 0 },  { 0, 1, 0 },
                        { 0, 0, 1 },       { 0, 0, 1 }, { 0, 0, -2 }, { 0, 1.5, 0 } };
    ccdb_truth_sweep_vf(t, (const double(*)[3])vf, &r);
    cr_expect(r.hit && r.toi_lo == 0.5 && r.toi_hi == 0.5);
    vf[6][2] = -0.5; /* stops at z = 1/2 */
    ccdb_truth_sweep_vf(t, (const double(*)[3])vf, &r);
    cr_expect(!r.hit && r.cls == CCDB_CLASS_GENERIC);
    /* Planar: the triangle turns by 1 rad about the origin in z = 0 into the still vertex
     * (3/4, 1/2): the edge from (1, 0) to (0, 1) reaches it when cos(a) + sin(a) = ... */
    double pl[8][3] = { { 0.75, 0.5, 0 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
                        { 0, 0, 0 },      { 0, 0, 1 }, { 0, 0, 0 }, { 1, 1, 0 } };
    ccdb_truth_sweep_vf(t, (const double(*)[3])pl, &r);
    cr_expect(r.hit && r.cls == CCDB_CLASS_COPLANAR && r.toi_lo > 0 && r.toi_hi < 1);
    /* Contact at t = 0. */
    pl[0][1] = 0.125;
    ccdb_truth_sweep_vf(t, (const double(*)[3])pl, &r);
    cr_expect(r.hit && r.cls == CCDB_CLASS_CONTACT_T0 && r.toi_lo == 0 && r.toi_hi == 0);
    ccdb_truth_free(t);
}
