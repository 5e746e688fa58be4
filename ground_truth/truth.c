/* truth.c — the exact judge: integer form of a query, the static contact predicates as signs
 * of polynomials in t, the decision over [0,1] (roots of the coplanarity cubic, or the general
 * candidate method when the cubic vanishes identically), the TOI bracket and the class.
 * See docs/ground-truth.md for the method and the exact class definitions.
 * Rigid queries (docs/rigid.md) take the same path on polynomials in u (gt_rigid.h: every
 * point times one positive polynomial, which keeps every sign); only the loading, the
 * coincident-point test and the TOI bracket (u to t) differ. */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "ccdb_truth.h"
#include "filter.h"
#include "gt_poly.h"
#include "gt_rigid.h"
#include "truth_core.h"
#include "truth_sep.h"
#include "truth_sweep.h"

#define CHECK_ENV      "CCDB_TRUTH_CHECK"
#define SWEEP_BITS_ENV "CCDB_TRUTH_SWEEP_BITS"

/* The segments (point; end0, end1) whose point-on-segment tests make up the degenerate branch. */
static const int vf_seg[3][3] = { { 0, 1, 2 }, { 0, 2, 3 }, { 0, 3, 1 } };
static const int ee_seg[4][3] = { { 0, 2, 3 }, { 1, 2, 3 }, { 2, 0, 1 }, { 3, 0, 1 } };

ccdb_truth *ccdb_truth_new(void)
{
    ccdb_truth *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    gt_ws_init(&c->ws);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            gt_poly_init(&c->P[i][j]);
    for (int i = 0; i < T_COUNT; i++)
        gt_poly_init(&c->T[i]);
    for (int i = 0; i < N_CAND; i++)
        gt_alg_init(&c->cand[i]);
    gt_alg_init(&c->sample);
    gt_alg_init(&c->toi2);
    gt_poly_init(&c->sqf);
    mpz_init(c->tnum);
    const char *e = getenv(CHECK_ENV);
    c->check = e && *e && *e != '0';
    /* Tests only: the sweep judge's precision cap (ccdb_truth_set_sweep_bits). */
    const char *bits = getenv(SWEEP_BITS_ENV);
    c->sweep_bits = bits && *bits ? strtoul(bits, NULL, 10) : 0;
    c->filters = 1;
    return c;
}

void ccdb_truth_free(ccdb_truth *c)
{
    if (!c)
        return;
    gt_ws_clear(&c->ws);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            gt_poly_clear(&c->P[i][j]);
    for (int i = 0; i < T_COUNT; i++)
        gt_poly_clear(&c->T[i]);
    for (int i = 0; i < N_CAND; i++)
        gt_alg_clear(&c->cand[i]);
    gt_alg_clear(&c->sample);
    gt_alg_clear(&c->toi2);
    gt_poly_clear(&c->sqf);
    mpz_clear(c->tnum);
    gt_sep_free(c);
    gt_sweep_free(c);
    free(c);
    /* MPFR keeps constants (pi, for the rigid kinds' atan) in caches local to the calling
     * thread; a context is freed by the thread that used it (one per thread, truth_compute.c),
     * so this frees them before that thread ends instead of leaking them with it. */
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
}

void ccdb_truth_set_checking(ccdb_truth *c, int on)
{
    c->check = on;
}
void ccdb_truth_set_filters(ccdb_truth *c, int on)
{
    c->filters = on;
}

const ccdb_truth_stats *ccdb_truth_get_stats(const ccdb_truth *c)
{
    return &c->stats;
}
void ccdb_truth_reset_stats(ccdb_truth *c)
{
    for (int i = 0; i < CCDB_STAGE_COUNT; i++)
        c->stats.decided[i] = 0;
}

/* The current query as polynomials P (in t, or in u for a rigid one: c->rigid). */
static void load(ccdb_truth *c, const double q[8][3], int ee)
{
    if (c->rigid) {
        c->pure = gt_rigid_load(&c->ws, c->P, q, !ee, &c->apart);
        memset(c->have, 0, sizeof c->have);
        c->ee = ee;
    } else {
        gt_truth_load(c, q, ee, 0.0, NULL);
    }
}

/* ---- polynomial vectors ------------------------------------------------------------------ */

/* Three consecutive scratch polynomials. */
static gt_poly *vec3(gt_ws *ws)
{
    gt_poly *v = gt_ws_poly(ws);
    gt_ws_poly(ws);
    gt_ws_poly(ws);
    return v;
}

static int poly_count(const ccdb_truth *c)
{
    return c->ee ? T_ESEG + 4 * SEG_SIZE : T_VSEG + 3 * SEG_SIZE;
}

static const gt_poly *poly(ccdb_truth *c, int id);

/* r = (a x b)_j */
static void cross1(gt_poly *r, const gt_poly *a, const gt_poly *b, int j)
{
    int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
    gt_poly_mul(r, &a[j1], &b[j2]);
    gt_poly_submul(r, &a[j2], &b[j1]);
}

/* Computes T[id] (and what is computed with it) for the current query. Lazy, per polynomial:
 * a miss usually needs F, one normal component and one or two cross-product components. */
static void compute(ccdb_truth *c, int id)
{
    gt_ws *ws = &c->ws;
    gt_ws_mark mk = gt_ws_save(ws);
    gt_poly(*P)[3] = c->P;
    gt_poly *T = c->T;
    int base = c->ee ? T_ESEG : T_VSEG;
    if (id < 4) { /* F and n (VF) / m (EE) */
        gt_poly *d = vec3(ws), *e = vec3(ws), *w = vec3(ws);
        int o = c->ee ? 0 : 1; /* VF: b-a, c-a, p-a; EE: a1-a0, b1-b0, b0-a0 */
        gt_vec_sub(d, P[c->ee ? 1 : 2], P[o]);
        gt_vec_sub(e, P[3], P[c->ee ? 2 : 1]);
        gt_vec_sub(w, P[c->ee ? 2 : 0], P[o]);
        gt_vec_cross(&T[T_N0], d, e);
        gt_vec_dot(&T[T_F], &T[T_N0], w);
        memset(c->have, 1, 4);
    } else if (id < base) { /* EE: (w x db)_k, (m - w x db)_k or (w x da)_k, (m - w x da)_k */
        int blk = (id - T_A0) / 3, k = (id - T_A0) % 3;
        const gt_poly *w = poly(c, T_ESEG + 2 * SEG_SIZE + SEG_W);  /* b0 - a0 */
        const gt_poly *db = poly(c, T_ESEG + 0 * SEG_SIZE + SEG_D); /* b1 - b0 */
        const gt_poly *da = poly(c, T_ESEG + 2 * SEG_SIZE + SEG_D); /* a1 - a0 */
        const gt_poly *m = poly(c, T_N0 + k);
        int x = blk < 2 ? T_A0 : T_B0, xr = blk < 2 ? T_AR0 : T_BR0;
        cross1(&T[x + k], w, blk < 2 ? db : da, k);
        gt_poly_sub(&T[xr + k], m, &T[x + k]);
        c->have[x + k] = c->have[xr + k] = 1;
    } else {
        int i = (id - base) / SEG_SIZE, o = (id - base) % SEG_SIZE;
        const int *sg3 = c->ee ? ee_seg[i] : vf_seg[i];
        gt_poly *B = &T[base + i * SEG_SIZE];
        if (o < SEG_X) {
            gt_vec_sub(B + SEG_D, P[sg3[2]], P[sg3[1]]);
            gt_vec_sub(B + SEG_W, P[sg3[0]], P[sg3[1]]);
            memset(c->have + base + i * SEG_SIZE, 1, 6);
        } else {
            poly(c, base + i * SEG_SIZE + SEG_D);
            if (o < SEG_DOT) {
                cross1(&T[id], B + SEG_D, B + SEG_W, o - SEG_X);
                c->have[id] = 1;
            } else {
                gt_poly *tmp = gt_ws_poly(ws);
                gt_vec_dot(B + SEG_DOT, B + SEG_D, B + SEG_W);
                gt_vec_dot(tmp, B + SEG_D, B + SEG_D);
                gt_poly_sub(B + SEG_REST, tmp, B + SEG_DOT);
                c->have[base + i * SEG_SIZE + SEG_DOT] = c->have[base + i * SEG_SIZE + SEG_REST] =
                    1;
            }
        }
    }
    assert(c->have[id]);
    gt_ws_restore(ws, mk);
}

static const gt_poly *poly(ccdb_truth *c, int id)
{
    if (!c->have[id])
        compute(c, id);
    return &c->T[id];
}

static int sg(ccdb_truth *c, int id, gt_alg *r)
{
    return gt_alg_sign(&c->ws, poly(c, id), r);
}

/* ---- static predicates at an algebraic time r ---------------------------------------------- */

static int on_segment(ccdb_truth *c, int i, gt_alg *r)
{
    int B = (c->ee ? T_ESEG : T_VSEG) + i * SEG_SIZE;
    if (sg(c, B + SEG_D, r) || sg(c, B + SEG_D + 1, r) || sg(c, B + SEG_D + 2, r))
        return sg(c, B + SEG_X, r) == 0 && sg(c, B + SEG_X + 1, r) == 0 &&
               sg(c, B + SEG_X + 2, r) == 0 && sg(c, B + SEG_DOT, r) >= 0 &&
               sg(c, B + SEG_REST, r) >= 0;
    return sg(c, B + SEG_W, r) == 0 && sg(c, B + SEG_W + 1, r) == 0 && sg(c, B + SEG_W + 2, r) == 0;
}

static int any_on_segment(ccdb_truth *c, gt_alg *r)
{
    int n = c->ee ? 4 : 3;
    for (int i = 0; i < n; i++)
        if (on_segment(c, i, r))
            return 1;
    return 0;
}

/* Do the primitives touch at time r?
 * If the normal n (VF) / m (EE) is non-zero at r, pick a component k with n_k(r) != 0. When
 * F(r) = 0 all vectors below lie in one plane, so each cross product X of two in-plane vectors
 * is lambda n, and sign(n.X) = sign(n_k) sign(X_k): the degree-4 edge tests n.X >= 0 of the
 * design reduce to degree-2 signs. EE: u m = w x db and v m = w x da, so 0 <= u <= 1 iff
 * sign(n_k) (w x db)_k >= 0 and sign(n_k) (m - w x db)_k >= 0 (same for v).
 * If n(r) = 0, the triangle is the union of its edges / parallel segments meet iff an endpoint
 * lies on the other segment. */
static int touch(ccdb_truth *c, gt_alg *r)
{
    int k, sn = 0;
    for (k = 0; k < 3 && sn == 0; k++)
        sn = sg(c, T_N0 + k, r);
    c->boundary = -1;
    if (sn == 0)
        return any_on_segment(c, r);
    k--;
    if (!c->root_of_F && sg(c, T_F, r) != 0)
        return 0;
    /* On contact, a zero sign means: VF p on the line of that edge (so on the edge), EE u or v
     * is 0 or 1 (an endpoint is the unique contact point): the boundary class. */
    int zero = 0;
    if (!c->ee) {
        for (int i = 0; i < 3; i++) {
            int x = sn * sg(c, T_VSEG + i * SEG_SIZE + SEG_X + k, r);
            if (x < 0)
                return 0;
            zero |= x == 0;
        }
    } else {
        static const int blocks[4] = { T_A0, T_AR0, T_B0, T_BR0 };
        for (int i = 0; i < 4; i++) {
            int x = sn * sg(c, blocks[i] + k, r);
            if (x < 0)
                return 0;
            zero |= x == 0;
        }
    }
    c->boundary = zero;
    return 1;
}

/* ---- decision over [0,1] ---------------------------------------------------------------- */

/* Shortcut (F not identically zero): contact needs F(t) = 0, so the candidates are the roots
 * of F in [0,1]; returns the index of the first that touches, or -1. */
static int decide_cubic(ccdb_truth *c)
{
    int n = gt_truth_roots01(c, poly(c, T_F), c->cand, N_CAND), found = -1;
    c->root_of_F = 1;
    for (int i = 0; i < n && found < 0; i++)
        if (touch(c, &c->cand[i]))
            found = i;
    c->root_of_F = 0;
    return found;
}

/* General method: candidates are 0, 1 and every root in [0,1] of the polynomials the
 * predicate may ask about; the earliest touching candidate is the TOI (the contact set is
 * closed). In checking mode also test one point of each open interval before the TOI.
 * Reduced set (full = 0), valid when n (VF) / m (EE) is not identically zero: the normal's
 * components and the degree-2 inside polynomials (VF: the cross products X of the three
 * segment blocks; EE: w x db, m - w x db, w x da, m - w x da). On an open interval free of
 * their roots n != 0 throughout, the chosen component k is the same and every sign touch asks
 * is constant; the points where n = 0 are roots of n's components, hence candidates, where the
 * degenerate branch is evaluated exactly. Full set (full = 1, or n identically zero): every
 * polynomial of the table. */
static int is_candidate_poly(const ccdb_truth *c, int id, int full)
{
    if (full || id < T_N0 + 3)
        return 1;
    if (c->ee)
        return id < T_ESEG;
    int o = (id - T_VSEG) % SEG_SIZE;
    return o >= SEG_X && o < SEG_X + 3;
}

static int decide_general(ccdb_truth *c, int full)
{
    int np = poly_count(c);
    if (gt_poly_is_zero(poly(c, T_N0)) && gt_poly_is_zero(poly(c, T_N0 + 1)) &&
        gt_poly_is_zero(poly(c, T_N0 + 2)))
        full = 1;
    for (int id = 0; id < np; id++)
        if (is_candidate_poly(c, id, full))
            poly(c, id);
    int n = 0;
    gt_alg_set_ui(&c->cand[n++], 0);
    gt_alg_set_ui(&c->cand[n++], 1);
    for (int id = 0; id < np; id++) {
        const gt_poly *p = &c->T[id];
        if (!is_candidate_poly(c, id, full) || p->deg < 1)
            continue;
        int dup = 0; /* identical polynomials have identical roots */
        for (int j = 0; j < id && !dup; j++)
            dup = is_candidate_poly(c, j, full) && gt_poly_equal(p, &c->T[j]);
        if (dup)
            continue;
        n += gt_truth_roots01(c, p, c->cand + n, N_CAND - n);
    }
    gt_truth_sort_unique(c, &n);
    for (int i = 0; i < n; i++) {
        if (c->check && i > 0) {
            long k;
            gt_alg_between(&c->ws, &c->cand[i - 1], &c->cand[i], c->tnum, &k);
            gt_alg_set_ui(&c->sample, 0);
            mpz_set(c->sample.num, c->tnum);
            c->sample.k = k;
            /* closed contact set: an open interval cannot touch unless its left end does */
            int touches = touch(c, &c->sample);
            assert(!touches);
            (void)touches;
        }
        if (touch(c, &c->cand[i]))
            return i;
    }
    return -1;
}

/* ---- classification ------------------------------------------------------------------- */

static int same_point(const double a[3], const double b[3])
{
    return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

/* n (VF) or m (EE) vanishes at t = 0 / t = 1. */
static int normal_zero_at(ccdb_truth *c, int at1)
{
    const gt_poly *n = poly(c, T_N0);
    gt_ws_mark mk = gt_ws_save(&c->ws);
    mpz_ptr s = gt_ws_int(&c->ws);
    int zero = 1;
    for (int j = 0; j < 3 && zero; j++) {
        mpz_set_ui(s, 0);
        if (n[j].deg >= 0) {
            if (at1)
                for (int i = 0; i <= n[j].deg; i++)
                    mpz_add(s, s, n[j].c[i]);
            else
                mpz_set(s, n[j].c[0]);
        }
        zero = mpz_sgn(s) == 0;
    }
    gt_ws_restore(&c->ws, mk);
    return zero;
}

/* Coincident points at t = 0 or t = 1: VF vertex on a triangle vertex; EE a zero-length edge or
 * an endpoint of one edge on an endpoint of the other. (Coincident triangle vertices make a
 * zero-area triangle, found by the normal test.) Exact double compares. */
static int coincident_points(const double q[8][3], int ee)
{
    int degenerate = 0;
    for (int h = 0; h < 2; h++) {
        const double(*x)[3] = q + 4 * h;
        if (!ee) {
            degenerate |=
                same_point(x[0], x[1]) || same_point(x[0], x[2]) || same_point(x[0], x[3]);
        } else {
            degenerate |= same_point(x[0], x[1]) || same_point(x[2], x[3]);
            degenerate |= same_point(x[0], x[2]) || same_point(x[0], x[3]) ||
                          same_point(x[1], x[2]) || same_point(x[1], x[3]);
        }
    }
    return degenerate;
}

/* ---- cheap classification of a query a filter proved a miss ------------------------------
 * A miss needs only the hit-independent flags: coincident points, n (VF) / m (EE) zero at t = 0
 * or 1, F identically zero. Each "non-zero" is proven in doubles with a static error bound
 * (Shewchuk's orient2d / orient3d bounds, taken with a margin: 8 eps and 16 eps) that is valid
 * when no intermediate underflows or overflows, which the range check guarantees: non-zero
 * inputs in [2^-200, 2^300] are multiples of 2^-252, so non-zero differences and their
 * products of up to three factors stay normal. Anything not proven goes to the exact test. */
#define GT_EPS 0x1p-53

static int in_safe_range(const double q[8][3])
{
    int bad = 0; /* branch-free: every coordinate is tested */
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++) {
            const double a = fabs(q[i][j]);
            bad |= (a != 0) & ((a < 0x1p-200) | (a > 0x1p300));
        }
    return !bad;
}

/* 1 if (u1-u0) x (v1-v0) is proven non-zero. */
static int cross_nonzero(const double *u0, const double *u1, const double *v0, const double *v1)
{
    double u[3], v[3];
    for (int j = 0; j < 3; j++) {
        u[j] = u1[j] - u0[j];
        v[j] = v1[j] - v0[j];
    }
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        double l = u[j1] * v[j2], r = u[j2] * v[j1];
        if (fabs(l - r) > 8 * GT_EPS * (fabs(l) + fabs(r)))
            return 1;
    }
    return 0;
}

/* 1 if det(u1-u0, v1-v0, w1-w0) is proven non-zero. */
static int det_nonzero(const double *u0, const double *u1, const double *v0, const double *v1,
                       const double *w0, const double *w1)
{
    double u[3], v[3], w[3], det = 0, perm = 0;
    for (int j = 0; j < 3; j++) {
        u[j] = u1[j] - u0[j];
        v[j] = v1[j] - v0[j];
        w[j] = w1[j] - w0[j];
    }
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        double l = v[j1] * w[j2], r = v[j2] * w[j1];
        det += u[j] * (l - r);
        perm += fabs(u[j]) * (fabs(l) + fabs(r));
    }
    return fabs(det) > 16 * GT_EPS * perm;
}

/* Flags without the exact path of a miss, or of a hit whose TOI is a simple root of F in (0, 1)
 * with a strict interior contact (stage 3: then it is neither coplanar, contact_t0/t1, tangent,
 * boundary, nor parallel at the TOI); returns 0 when something is not proven. */
static int classify_fast(const double q[8][3], int ee, unsigned *flags)
{
    if (!in_safe_range(q))
        return 0;
    for (int h = 0; h < 2; h++) {
        const double(*x)[3] = q + 4 * h;
        /* VF: n = (b-a)x(c-a), F = det(b-a, c-a, p-a); EE: m = (a1-a0)x(b1-b0), F = det(.., b0-a0) */
        if (!ee ? !cross_nonzero(x[1], x[2], x[1], x[3]) : !cross_nonzero(x[0], x[1], x[2], x[3]))
            return 0;
    }
    int fnz = 0;
    for (int h = 0; h < 2 && !fnz; h++) {
        const double(*x)[3] = q + 4 * h;
        fnz = !ee ? det_nonzero(x[1], x[2], x[1], x[3], x[1], x[0])
                  : det_nonzero(x[0], x[1], x[2], x[3], x[0], x[2]);
    }
    if (!fnz)
        return 0;
    *flags =
        coincident_points(q, ee) ? 1u << CCDB_CLASS_DEGENERATE_PRIMITIVE : 1u << CCDB_CLASS_GENERIC;
    return 1;
}

/* coincident_points on the polynomials at t = 0 and t = 1 (u = 0 and 1 for a rigid query, where
 * the positions are not doubles in general; every point carries the same positive factor). */
static int coincident_points_poly(ccdb_truth *c)
{
    static const int vf_pairs[3][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 } };
    static const int ee_pairs[6][2] = {
        { 0, 1 }, { 2, 3 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }
    };
    const int(*pairs)[2] = c->ee ? ee_pairs : vf_pairs;
    const int np = c->ee ? 6 : 3;
    gt_ws_mark mk = gt_ws_save(&c->ws);
    mpz_ptr v[4][3];
    int degenerate = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            v[i][j] = gt_ws_int(&c->ws);
    for (int at1 = 0; at1 < 2 && !degenerate; at1++) {
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 3; j++) {
                const gt_poly *p = &c->P[i][j];
                mpz_set_ui(v[i][j], 0);
                for (int d = 0; d <= p->deg && (at1 || d == 0); d++)
                    mpz_add(v[i][j], v[i][j], p->c[d]);
            }
        for (int k = 0; k < np && !degenerate; k++) {
            int a = pairs[k][0], b = pairs[k][1];
            degenerate = !mpz_cmp(v[a][0], v[b][0]) && !mpz_cmp(v[a][1], v[b][1]) &&
                         !mpz_cmp(v[a][2], v[b][2]);
        }
    }
    gt_ws_restore(&c->ws, mk);
    return degenerate;
}

static unsigned classify(ccdb_truth *c, const double q[8][3], int hit, gt_alg *toi)
{
    unsigned f = 0;
    int degenerate = c->rigid ? coincident_points_poly(c) : coincident_points(q, c->ee);
    int n0 = normal_zero_at(c, 0), n1 = normal_zero_at(c, 1);
    if (!c->ee && (n0 || n1))
        degenerate = 1;
    if (degenerate)
        f |= 1u << CCDB_CLASS_DEGENERATE_PRIMITIVE;
    if (c->ee) {
        int par = n0 || n1;
        if (hit && !par)
            par = !sg(c, T_N0, toi) && !sg(c, T_N0 + 1, toi) && !sg(c, T_N0 + 2, toi);
        if (par)
            f |= 1u << CCDB_CLASS_PARALLEL_EDGES;
    }
    const gt_poly *F = poly(c, T_F);
    if (gt_poly_is_zero(F))
        f |= 1u << CCDB_CLASS_COPLANAR;
    if (hit) {
        mpz_set_ui(c->tnum, 0);
        if (gt_alg_is_dyadic(&c->ws, toi, c->tnum, 0))
            f |= 1u << CCDB_CLASS_CONTACT_T0;
        mpz_set_ui(c->tnum, 1);
        if (gt_alg_is_dyadic(&c->ws, toi, c->tnum, 0))
            f |= 1u << CCDB_CLASS_CONTACT_T1;
        if (!gt_poly_is_zero(F)) {
            gt_ws_mark mk = gt_ws_save(&c->ws);
            gt_poly *d = gt_ws_poly(&c->ws);
            gt_poly_deriv(d, F);
            if (gt_alg_sign(&c->ws, d, toi) == 0)
                f |= 1u << CCDB_CLASS_TANGENT;
            gt_ws_restore(&c->ws, mk);
        }
        int b = c->boundary; /* from the touch at the TOI, when n(TOI) != 0 */
        if (b < 0 || c->check)
            b = any_on_segment(c, toi);
        if (c->check && c->boundary >= 0)
            assert(b == c->boundary);
        if (b)
            f |= 1u << CCDB_CLASS_BOUNDARY;
    }
    if (c->rigid && c->pure)
        f |= 1u << CCDB_CLASS_PURE_TRANSLATION;
    if (f == 0)
        f = 1u << CCDB_CLASS_GENERIC;
    return f;
}

/* ---- entry points --------------------------------------------------------------------- */

static unsigned primary(unsigned flags)
{
    int cls = 0;
    while (!(flags & (1u << cls)))
        cls++;
    return (unsigned)cls;
}

/* The exact path: decision, bracket and class (stage EXACT). */
static void exact_loaded(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out);

static void exact_path(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out)
{
    load(c, q, ee);
    exact_loaded(c, q, out);
}

/* The exact path on the query load() set up. */
static void exact_loaded(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out)
{
    int idx;
    if (!gt_poly_is_zero(poly(c, T_F)))
        idx = decide_cubic(c);
    else
        idx = decide_general(c, 0);
    if (c->check) {
        /* the general method on every polynomial must agree with the shortcut used */
        int hit1 = idx >= 0;
        if (hit1)
            gt_alg_set(&c->toi2, &c->cand[idx]);
        int j = decide_general(c, 1);
        assert((j >= 0) == hit1);
        if (hit1)
            assert(gt_alg_cmp(&c->ws, &c->toi2, &c->cand[j]) == 0);
        idx = j;
    }
    out->hit = idx >= 0;
    out->stage = CCDB_STAGE_EXACT;
    gt_alg *toi = NULL;
    if (out->hit) {
        toi = &c->cand[idx];
        if (c->rigid && !c->pure) /* t = atan(u |w|) / atan(|w|) */
            gt_rigid_toi(&c->ws, toi, q, c->check, &out->toi_lo, &out->toi_hi);
        else /* t = u */
            gt_alg_bracket(&c->ws, toi, &out->toi_lo, &out->toi_hi);
    } else {
        out->toi_lo = out->toi_hi = 0;
    }
    out->flags = classify(c, q, out->hit, toi);
    out->cls = (ccdb_truth_class)primary(out->flags);
}

/* The cheap stages (filter.h): BOX for a proven miss, FP_ROOTS with *fr for a certified
 * decision, EXACT when neither could decide. (Stage FILTER, the subdivision filter of
 * filter_fp.c, is not run: fp_roots decides all it decides; docs/filters.md.) */
static ccdb_truth_stage cheap_stages(const double q[8][3], int ee, ccdb_fp_roots_result *fr)
{
    if ((ee ? ccdb_filter_box_ee(q) : ccdb_filter_box_vf(q)) == CCDB_FILTER_MISS)
        return CCDB_STAGE_BOX;
    if (ee ? ccdb_fp_roots_ee(q, fr) : ccdb_fp_roots_vf(q, fr))
        return CCDB_STAGE_FP_ROOTS;
    return CCDB_STAGE_EXACT;
}

static void run(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out)
{
    ccdb_truth_stage stage = CCDB_STAGE_EXACT;
    ccdb_fp_roots_result fr = { 0, 0, 0.0, 0.0, 0, 0 };
    if (c->filters)
        stage = cheap_stages(q, ee, &fr);
    unsigned flags = 0;
    int classified = 0;
    if (stage == CCDB_STAGE_FP_ROOTS && fr.classified) { /* the stage's own class facts */
        flags = coincident_points(q, ee) ? 1u << CCDB_CLASS_DEGENERATE_PRIMITIVE : 0u;
        if (fr.coplanar)
            flags |= 1u << CCDB_CLASS_COPLANAR;
        if (!flags)
            flags = 1u << CCDB_CLASS_GENERIC;
        classified = 1;
    } else if (stage != CCDB_STAGE_EXACT) {
        classified = classify_fast(q, ee, &flags);
    }
    if (classified && fr.hit && fr.boundary) /* (fr is zero unless stage FP_ROOTS) */
        flags = (flags & ~(1u << CCDB_CLASS_GENERIC)) | 1u << CCDB_CLASS_BOUNDARY;
    if (classified) {
        out->hit = fr.hit;
        out->toi_lo = fr.toi_lo;
        out->toi_hi = fr.toi_hi;
        out->flags = flags;
        out->cls = (ccdb_truth_class)primary(flags);
        out->stage = stage;
        c->stats.decided[stage]++;
        if (c->check) { /* every cheap answer re-derived by the exact path */
            ccdb_truth_result ex;
            exact_path(c, q, ee, &ex);
            assert(ex.hit == out->hit && ex.flags == out->flags);
            assert(ex.toi_lo == out->toi_lo && ex.toi_hi == out->toi_hi);
        }
        return;
    }
    if (stage == CCDB_STAGE_FP_ROOTS && fr.hit) /* flags not proven cheaply: exact path for all */
        stage = CCDB_STAGE_EXACT;
    if (stage == CCDB_STAGE_EXACT) {
        exact_path(c, q, ee, out);
    } else { /* a proven miss whose class needs the exact polynomials */
        gt_truth_load(c, q, ee, 0.0, NULL);
        out->hit = 0;
        out->toi_lo = out->toi_hi = 0;
        out->flags = classify(c, q, 0, NULL);
        out->cls = (ccdb_truth_class)primary(out->flags);
        if (c->check) {
            ccdb_truth_result ex;
            exact_path(c, q, ee, &ex);
            assert(ex.hit == 0 && ex.flags == out->flags);
        }
    }
    out->stage = stage;
    c->stats.decided[stage]++;
}

void ccdb_truth_vf(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out)
{
    c->rigid = 0;
    run(c, q, 0, out);
}
void ccdb_truth_ee(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out)
{
    c->rigid = 0;
    run(c, q, 1, out);
}

/* d = 0 is today's judge, unchanged (same answers, same cost). */
void ccdb_truth_vf_sep(ccdb_truth *c, const double q[8][3], double d, ccdb_truth_result *out)
{
    assert(isfinite(d) && d >= 0);
    if (d == 0)
        run(c, q, 0, out);
    else
        gt_sep_run(c, q, 0, d, out);
}
void ccdb_truth_ee_sep(ccdb_truth *c, const double q[8][3], double d, ccdb_truth_result *out)
{
    assert(isfinite(d) && d >= 0);
    if (d == 0)
        run(c, q, 1, out);
    else
        gt_sep_run(c, q, 1, d, out);
}

/* A pure translation whose positions at t = 1 are doubles (gt_rigid_as_linear): the linear
 * judge's stages on the linear query lin it is, and class pure_translation added (generic
 * dropped), which is the rigid exact path's answer: the same polynomials times a positive
 * constant, t = u, and the same class tests. Checking mode re-derives it by the rigid exact
 * path. */
static void run_pure_translation(ccdb_truth *c, const double q[8][3], const double lin[8][3],
                                 int ee, ccdb_truth_result *out)
{
    c->rigid = 0;
    run(c, lin, ee, out);
    out->flags = (out->flags & ~(1u << CCDB_CLASS_GENERIC)) | 1u << CCDB_CLASS_PURE_TRANSLATION;
    out->cls = (ccdb_truth_class)primary(out->flags);
    if (c->check) {
        ccdb_truth_result ex;
        c->rigid = 1;
        exact_path(c, q, ee, &ex);
        c->rigid = 0;
        assert(ex.hit == out->hit && ex.flags == out->flags);
        assert(ex.toi_lo == out->toi_lo && ex.toi_hi == out->toi_hi);
    }
}

/* Rigid queries: the certified floating-point stage (fp_rigid.c, stage FP_RIGID: hits with their
 * bracket and class, misses; its per-axis bound counted as stage BOX), then the exact bound filter of gt_rigid_load (stage BOX: a proven
 * miss, classified on the exact polynomials), else the exact path. Checking mode re-derives
 * every answer of the first two by the exact path. */
static void run_rigid(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out)
{
    double lin[8][3];
    if (c->filters && gt_rigid_as_linear(q, !ee, lin)) {
        run_pure_translation(c, q, (const double(*)[3])lin, ee, out);
        return;
    }
    c->rigid = 1;
    ccdb_fp_rigid_result fr;
    if (c->filters && (ee ? ccdb_fp_rigid_ee(q, &fr) : ccdb_fp_rigid_vf(q, &fr))) {
        out->hit = fr.hit;
        out->toi_lo = fr.toi_lo;
        out->toi_hi = fr.toi_hi;
        out->flags = fr.flags;
        out->cls = (ccdb_truth_class)primary(fr.flags);
        out->stage = fr.boxed ? CCDB_STAGE_BOX : CCDB_STAGE_FP_RIGID;
        if (c->check) {
            ccdb_truth_result ex;
            exact_path(c, q, ee, &ex);
            assert(ex.hit == out->hit && ex.flags == out->flags);
            assert(ex.toi_lo == out->toi_lo && ex.toi_hi == out->toi_hi);
        }
        c->rigid = 0;
        c->stats.decided[out->stage]++;
        return;
    }
    load(c, q, ee);
    if (c->filters && c->apart) {
        out->hit = 0;
        out->toi_lo = out->toi_hi = 0;
        out->flags = classify(c, q, 0, NULL);
        out->cls = (ccdb_truth_class)primary(out->flags);
        out->stage = CCDB_STAGE_BOX;
        if (c->check) {
            ccdb_truth_result ex;
            exact_path(c, q, ee, &ex);
            assert(ex.hit == 0 && ex.flags == out->flags);
        }
    } else {
        exact_loaded(c, q, out);
    }
    c->rigid = 0;
    c->stats.decided[out->stage]++;
}
void ccdb_truth_rigid_vf(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out)
{
    run_rigid(c, q, 0, out);
}
void ccdb_truth_rigid_ee(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out)
{
    run_rigid(c, q, 1, out);
}

/* d = 0 is the rigid judge above, unchanged; d > 0 the judge at d (truth_sep.c) in u. */
static void run_rigid_sep(ccdb_truth *c, const double q[8][3], int ee, double d,
                          ccdb_truth_result *out)
{
    assert(isfinite(d) && d >= 0);
    if (d == 0) {
        run_rigid(c, q, ee, out);
        return;
    }
    c->rigid = 1;
    gt_sep_run(c, q, ee, d, out);
    c->rigid = 0;
}
void ccdb_truth_rigid_vf_sep(ccdb_truth *c, const double q[8][3], double d, ccdb_truth_result *out)
{
    run_rigid_sep(c, q, 0, d, out);
}
void ccdb_truth_rigid_ee_sep(ccdb_truth *c, const double q[8][3], double d, ccdb_truth_result *out)
{
    run_rigid_sep(c, q, 1, d, out);
}

void ccdb_truth_sweep_vf(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out)
{
    gt_sweep_run(c, q, 0, out);
}
void ccdb_truth_sweep_ee(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out)
{
    gt_sweep_run(c, q, 1, out);
}
void ccdb_truth_set_sweep_bits(ccdb_truth *c, unsigned long bits)
{
    c->sweep_bits = bits;
}
