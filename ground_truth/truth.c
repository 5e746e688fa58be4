/* truth.c — the exact judge: integer form of a query, the static contact predicates as signs
 * of polynomials in t, the decision over [0,1] (roots of the coplanarity cubic, or the general
 * candidate method when the cubic vanishes identically), the TOI bracket and the class.
 * See docs/ground-truth.md for the method and the exact class definitions. */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "ccdb_truth.h"
#include "filter.h"
#include "gt_poly.h"

/* Polynomial table. VF points: 0 = p, 1 = a, 2 = b, 3 = c. EE: 0 = a0, 1 = a1, 2 = b0, 3 = b1. */
enum {
    T_F = 0,  /* coplanarity cubic: VF n.(p-a), EE m.(b0-a0) */
    T_N0 = 1, /* VF n = (b-a)x(c-a), EE m = (a1-a0)x(b1-b0): three components */
    /* VF */
    T_E0 = 4, /* n.((x_j-x_i)x(p-x_i)) for the edges ab, bc, ca */
    T_VSEG = 7,
    /* EE */
    T_S = 4,  /* (w x db).m */
    T_S2 = 5, /* m.m - (w x db).m */
    T_U = 6,  /* (w x da).m */
    T_U2 = 7, /* m.m - (w x da).m */
    T_MM = 8, /* m.m */
    T_ESEG = 9,
    /* point-on-segment block: d (3), w (3), d x w (3), d.w, d.d - d.w */
    SEG_D = 0, SEG_W = 3, SEG_X = 6, SEG_DOT = 9, SEG_REST = 10, SEG_SIZE = 11,
    T_COUNT = T_ESEG + 4 * SEG_SIZE
};

#define N_CAND 256
#define CHECK_ENV "CCDB_TRUTH_CHECK"

/* The segments (point; end0, end1) whose point-on-segment tests make up the degenerate branch. */
static const int vf_seg[3][3] = { { 0, 1, 2 }, { 0, 2, 3 }, { 0, 3, 1 } };
static const int ee_seg[4][3] = { { 0, 2, 3 }, { 1, 2, 3 }, { 2, 0, 1 }, { 3, 0, 1 } };

struct ccdb_truth {
    gt_ws ws;
    mpz_t X[8][3];    /* integer coordinates (all 24 scaled by one power of two) */
    gt_poly P[4][3];  /* point i, axis j, as a polynomial in t */
    gt_poly T[T_COUNT];
    unsigned char have[8]; /* which groups of T are computed for the current query */
    int ee;                /* current kind */
    gt_alg cand[N_CAND];
    gt_alg sample, toi2;
    gt_poly sqf;
    mpz_t tnum;
    ccdb_truth_stats stats;
    int check;   /* self-checking mode (tests): run both methods, test open intervals */
    int filters; /* 0: force the exact path */
};

ccdb_truth *ccdb_truth_new(void)
{
    ccdb_truth *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    gt_ws_init(&c->ws);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++)
            mpz_init(c->X[i][j]);
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
    c->filters = 1;
    return c;
}

void ccdb_truth_free(ccdb_truth *c)
{
    if (!c)
        return;
    gt_ws_clear(&c->ws);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++)
            mpz_clear(c->X[i][j]);
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
    free(c);
}

void ccdb_truth_set_checking(ccdb_truth *c, int on) { c->check = on; }
void ccdb_truth_set_filters(ccdb_truth *c, int on) { c->filters = on; }

const ccdb_truth_stats *ccdb_truth_get_stats(const ccdb_truth *c) { return &c->stats; }
void ccdb_truth_reset_stats(ccdb_truth *c)
{
    for (int i = 0; i < CCDB_STAGE_COUNT; i++)
        c->stats.decided[i] = 0;
}

/* ---- integer form ---------------------------------------------------------------------- */

static void load(ccdb_truth *c, const double q[8][3], int ee)
{
    int64_t man[8][3];
    long ex[8][3];
    long emin = LONG_MAX;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++) {
            double x = q[i][j];
            assert(isfinite(x)); /* precondition: finite input (the CSV layer rejects others) */
            if (x == 0) {
                man[i][j] = 0;
                ex[i][j] = 0;
                continue;
            }
            int e;
            double fr = frexp(x, &e);
            int64_t m = (int64_t)ldexp(fr, 53); /* exact: 53-bit integer */
            long E = (long)e - 53;
            while ((m & 1) == 0) { /* odd mantissa keeps the integers small */
                m /= 2;
                E++;
            }
            man[i][j] = m;
            ex[i][j] = E;
            if (E < emin)
                emin = E;
        }
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++) {
            mpz_set_si(c->X[i][j], (long)man[i][j]);
            if (man[i][j] != 0)
                mpz_mul_2exp(c->X[i][j], c->X[i][j], (mp_bitcnt_t)(ex[i][j] - emin));
        }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            gt_poly_set_lin(&c->P[i][j], c->X[i][j], c->X[i + 4][j]);
    for (int g = 0; g < 8; g++)
        c->have[g] = 0;
    c->ee = ee;
}

/* ---- polynomial vectors ------------------------------------------------------------------ */

static void vsub(gt_poly r[3], const gt_poly a[3], const gt_poly b[3])
{
    for (int j = 0; j < 3; j++)
        gt_poly_sub(&r[j], &a[j], &b[j]);
}

static void cross(gt_poly r[3], const gt_poly a[3], const gt_poly b[3])
{
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        gt_poly_mul(&r[j], &a[j1], &b[j2]);
        gt_poly_submul(&r[j], &a[j2], &b[j1]);
    }
}

static void dot(gt_poly *r, const gt_poly a[3], const gt_poly b[3])
{
    gt_poly_mul(r, &a[0], &b[0]);
    gt_poly_addmul(r, &a[1], &b[1]);
    gt_poly_addmul(r, &a[2], &b[2]);
}

/* Three consecutive scratch polynomials. */
static gt_poly *vec3(gt_ws *ws)
{
    gt_poly *v = gt_ws_poly(ws);
    gt_ws_poly(ws);
    gt_ws_poly(ws);
    return v;
}

/* Groups of T, computed on demand: 0 = F and n/m; 1 = edge tests (VF) or S/U block (EE);
 * 2 + i = point-on-segment block i. */
static void compute_group(ccdb_truth *c, int g)
{
    gt_ws *ws = &c->ws;
    gt_ws_mark mk = gt_ws_save(ws);
    gt_poly *d = vec3(ws), *e = vec3(ws), *w = vec3(ws), *x = vec3(ws), *tmp = gt_ws_poly(ws);
    gt_poly(*P)[3] = c->P;
    if (g == 0) {
        if (!c->ee) {
            vsub(d, P[2], P[1]);
            vsub(e, P[3], P[1]);
            cross(&c->T[T_N0], d, e);
            vsub(w, P[0], P[1]);
        } else {
            vsub(d, P[1], P[0]);
            vsub(e, P[3], P[2]);
            cross(&c->T[T_N0], d, e);
            vsub(w, P[2], P[0]);
        }
        dot(&c->T[T_F], &c->T[T_N0], w);
    } else if (g == 1) {
        if (!c->have[0])
            compute_group(c, 0);
        if (!c->ee) {
            for (int i = 0; i < 3; i++) {
                const int *s = vf_seg[i];
                vsub(d, P[s[2]], P[s[1]]);
                vsub(w, P[s[0]], P[s[1]]);
                cross(x, d, w);
                dot(&c->T[T_E0 + i], &c->T[T_N0], x);
            }
        } else {
            gt_poly *m = &c->T[T_N0];
            vsub(d, P[1], P[0]);
            vsub(e, P[3], P[2]);
            vsub(w, P[2], P[0]);
            dot(&c->T[T_MM], m, m);
            cross(x, w, e);
            dot(&c->T[T_S], x, m);
            gt_poly_sub(&c->T[T_S2], &c->T[T_MM], &c->T[T_S]);
            cross(x, w, d);
            dot(&c->T[T_U], x, m);
            gt_poly_sub(&c->T[T_U2], &c->T[T_MM], &c->T[T_U]);
        }
    } else {
        int i = g - 2;
        const int *s = c->ee ? ee_seg[i] : vf_seg[i];
        gt_poly *B = &c->T[(c->ee ? T_ESEG : T_VSEG) + i * SEG_SIZE];
        vsub(B + SEG_D, P[s[2]], P[s[1]]);
        vsub(B + SEG_W, P[s[0]], P[s[1]]);
        cross(B + SEG_X, B + SEG_D, B + SEG_W);
        dot(B + SEG_DOT, B + SEG_D, B + SEG_W);
        dot(tmp, B + SEG_D, B + SEG_D);
        gt_poly_sub(B + SEG_REST, tmp, B + SEG_DOT);
    }
    c->have[g] = 1;
    gt_ws_restore(ws, mk);
}

static int n_groups(const ccdb_truth *c) { return c->ee ? 6 : 5; }

static int group_of(const ccdb_truth *c, int id)
{
    if (id < 4)
        return 0;
    int base = c->ee ? T_ESEG : T_VSEG;
    if (id < base)
        return 1;
    return 2 + (id - base) / SEG_SIZE;
}

static int n_polys(const ccdb_truth *c) { return c->ee ? T_ESEG + 4 * SEG_SIZE : T_VSEG + 3 * SEG_SIZE; }

static const gt_poly *poly(ccdb_truth *c, int id)
{
    int g = group_of(c, id);
    if (!c->have[g])
        compute_group(c, g);
    return &c->T[id];
}

static int sg(ccdb_truth *c, int id, gt_alg *r) { return gt_alg_sign(&c->ws, poly(c, id), r); }

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

/* Do the primitives touch at time r? */
static int touch(ccdb_truth *c, gt_alg *r)
{
    if (sg(c, T_N0, r) || sg(c, T_N0 + 1, r) || sg(c, T_N0 + 2, r)) {
        if (sg(c, T_F, r) != 0)
            return 0;
        if (!c->ee)
            return sg(c, T_E0, r) >= 0 && sg(c, T_E0 + 1, r) >= 0 && sg(c, T_E0 + 2, r) >= 0;
        return sg(c, T_S, r) >= 0 && sg(c, T_S2, r) >= 0 && sg(c, T_U, r) >= 0 &&
               sg(c, T_U2, r) >= 0;
    }
    return any_on_segment(c, r);
}

/* ---- decision over [0,1] ---------------------------------------------------------------- */

static void sort_unique(ccdb_truth *c, int *n)
{
    gt_alg *a = c->cand;
    for (int i = 1; i < *n; i++)
        for (int j = i; j > 0 && gt_alg_cmp(&c->ws, &a[j - 1], &a[j]) > 0; j--) {
            gt_alg t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    int m = 0;
    for (int i = 0; i < *n; i++) {
        if (m > 0 && gt_alg_cmp(&c->ws, &a[m - 1], &a[i]) == 0)
            continue;
        if (m != i) {
            gt_alg t = a[m];
            a[m] = a[i];
            a[i] = t;
        }
        m++;
    }
    *n = m;
}

/* Shortcut (F not identically zero): contact needs F(t) = 0, so the candidates are the roots
 * of F in [0,1]; returns the index of the first that touches, or -1. */
static int decide_cubic(ccdb_truth *c)
{
    gt_poly_squarefree(&c->ws, &c->sqf, poly(c, T_F));
    int n = gt_isolate(&c->ws, &c->sqf, c->cand, N_CAND);
    for (int i = 0; i < n; i++)
        if (touch(c, &c->cand[i]))
            return i;
    return -1;
}

/* General method: candidates are 0, 1 and every root in [0,1] of every non-zero polynomial
 * the predicate may ask about; the earliest touching candidate is the TOI (the contact set is
 * closed). In checking mode also test one point of each open interval before the TOI. */
static int decide_general(ccdb_truth *c)
{
    for (int g = 0; g < n_groups(c); g++)
        if (!c->have[g])
            compute_group(c, g);
    int n = 0;
    gt_alg_set_ui(&c->cand[n++], 0);
    gt_alg_set_ui(&c->cand[n++], 1);
    int np = n_polys(c);
    for (int id = 0; id < np; id++) {
        const gt_poly *p = &c->T[id];
        if (p->deg < 1)
            continue;
        int dup = 0; /* identical polynomials have identical roots */
        for (int j = 0; j < id && !dup; j++)
            dup = gt_poly_equal(p, &c->T[j]);
        if (dup)
            continue;
        gt_poly_squarefree(&c->ws, &c->sqf, p);
        n += gt_isolate(&c->ws, &c->sqf, c->cand + n, N_CAND - n);
    }
    sort_unique(c, &n);
    for (int i = 0; i < n; i++) {
        if (c->check && i > 0) {
            long k;
            gt_alg_between(&c->ws, &c->cand[i - 1], &c->cand[i], c->tnum, &k);
            gt_alg_set_ui(&c->sample, 0);
            mpz_set(c->sample.num, c->tnum);
            c->sample.k = k;
            /* closed contact set: an open interval cannot touch unless its left end does */
            assert(!touch(c, &c->sample));
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

static unsigned classify(ccdb_truth *c, const double q[8][3], int hit, gt_alg *toi)
{
    unsigned f = 0;
    int degenerate = 0;
    for (int h = 0; h < 2; h++) {
        const double(*x)[3] = q + 4 * h;
        if (!c->ee) {
            degenerate |= same_point(x[0], x[1]) || same_point(x[0], x[2]) || same_point(x[0], x[3]);
        } else {
            degenerate |= same_point(x[0], x[1]) || same_point(x[2], x[3]);
            degenerate |= same_point(x[0], x[2]) || same_point(x[0], x[3]) ||
                          same_point(x[1], x[2]) || same_point(x[1], x[3]);
        }
    }
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
        if (any_on_segment(c, toi))
            f |= 1u << CCDB_CLASS_BOUNDARY;
    }
    if (f == 0)
        f = 1u << CCDB_CLASS_GENERIC;
    return f;
}

/* ---- entry points --------------------------------------------------------------------- */

static void run(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out)
{
    ccdb_filter_verdict v = CCDB_FILTER_UNKNOWN;
    ccdb_truth_stage stage = CCDB_STAGE_EXACT;
    if (c->filters) {
        v = ee ? ccdb_filter_box_ee(q) : ccdb_filter_box_vf(q);
        if (v == CCDB_FILTER_MISS) {
            stage = CCDB_STAGE_BOX;
        } else {
            v = ee ? ccdb_filter_fp_ee(q) : ccdb_filter_fp_vf(q);
            if (v == CCDB_FILTER_MISS)
                stage = CCDB_STAGE_FILTER;
        }
    }
    load(c, q, ee);
    int idx = -1;
    if (stage == CCDB_STAGE_EXACT) {
        if (!gt_poly_is_zero(poly(c, T_F)))
            idx = decide_cubic(c);
        else
            idx = decide_general(c);
        if (c->check && !gt_poly_is_zero(poly(c, T_F))) {
            /* the general method must agree with the cubic shortcut */
            int hit1 = idx >= 0;
            if (hit1)
                gt_alg_set(&c->toi2, &c->cand[idx]);
            int j = decide_general(c);
            assert((j >= 0) == hit1);
            if (hit1)
                assert(gt_alg_cmp(&c->ws, &c->toi2, &c->cand[j]) == 0);
            idx = j;
        }
    }
    out->hit = idx >= 0;
    out->stage = stage;
    c->stats.decided[stage]++;
    gt_alg *toi = NULL;
    if (out->hit) {
        toi = &c->cand[idx];
        gt_alg_bracket(&c->ws, toi, &out->toi_lo, &out->toi_hi);
    } else {
        out->toi_lo = out->toi_hi = 0;
    }
    out->flags = classify(c, q, out->hit, toi);
    int cls = 0;
    while (!(out->flags & (1u << cls)))
        cls++;
    out->cls = (ccdb_truth_class)cls;
}

void ccdb_truth_vf(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out) { run(c, q, 0, out); }
void ccdb_truth_ee(ccdb_truth *c, const double q[8][3], ccdb_truth_result *out) { run(c, q, 1, out); }
