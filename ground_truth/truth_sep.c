/* truth_sep.c — the exact judge at a minimum separation d > 0: is the Euclidean distance between
 * the closed primitives <= d at some t in [0,1], and when first? Linear and rigid kinds.
 *
 * The distance to a closed convex polytope is attained on one of its faces, so dist(t) <= d iff
 * one of these sign conditions holds (all polynomials in t with integer coefficients in the
 * integer form of truth_core.c, d = D in the same scale, D2 = D^2):
 *   point P against the closed segment [A, B] (e = B - A, w = P - A):
 *     |w|^2 - D2 <= 0, or |P - B|^2 - D2 <= 0 (endpoints), or
 *     e.e > 0, w.e >= 0, e.e - w.e >= 0 and |w x e|^2 - D2 e.e <= 0 (interior; degree 4);
 *   VF face (n = (b-a) x (c-a), F = n.(p-a)): n.n > 0, the three edge sides
 *     n.((x_j - x_i) x (p - x_i)) >= 0 (degree 4) and F^2 - D2 n.n <= 0 (degree 6);
 *   EE interiors (da, db, w = b0 - a0, m = da x db): m.m > 0,
 *     0 <= (w x db).m <= m.m, 0 <= (w x da).m <= m.m and (w.m)^2 - D2 m.m <= 0 (degree 6);
 *   or a point-segment test: VF p against the three edges, EE each endpoint against the other
 *   segment.
 * Between two consecutive roots of these polynomials every sign is constant, so the set of
 * times with dist <= d (closed: dist is continuous) starts at t = 0 or at one of the roots: the
 * cell method (truth_core.c: gt_truth_roots01, gt_truth_sort_unique) decides it exactly.
 * docs/ground-truth.md ("Minimum separation") has the proof sketch.
 *
 * Rigid kinds (docs/rigid.md): the same conditions on the polynomials in u of gt_rigid_load_sep.
 * Every point there is D'(u) x(u) with D'(u) > 0 the common factor, and every condition above is
 * homogeneous of degree 2k in the points on its left and 2k - 2 on its right, so D2 becomes the
 * polynomial D^2 D'(u)^2 (the constant D^2 in the linear kinds). Rotation invariance leaves powers
 * of D' in many of the polynomials (|e|^2 = D'^2 |e0|^2 within a body, ...): they are divided
 * out (positive, so no sign changes), which brings the degree 14 of F^2 - D2 n.n down to 6. The
 * TOI found in u becomes t through gt_rigid_toi (u = t when w = 0). */
#include <assert.h>
#include <stdlib.h>

#include "filter.h"
#include "gt_poly.h"
#include "gt_rigid.h"
#include "truth_core.h"
#include "truth_sep.h"

/* Point-segment block: the point, the segment's ends (indices into c->P). */
enum { PS_VA, PS_VB, PS_DOT, PS_REST, PS_EE, PS_DIST, PS_E0, PS_SIZE = PS_E0 + 3 };
/* VF face block */
enum { FC_NN, FC_G0, FC_G1, FC_G2, FC_DIST, FC_N0, FC_SIZE = FC_N0 + 3 };
/* EE interior block */
enum { II_MM, II_U, II_UR, II_V, II_VR, II_DIST, II_M0, II_SIZE = II_M0 + 3 };
/* (PS_E0.., FC_N0.., II_M0..: the components of e, n, m, whose roots include those of the sums
 * of squares e.e, n.n, m.m: candidates of lower degree.) */

#define SEP_BLOCKS 4
#define SEP_POLYS  (SEP_BLOCKS * PS_SIZE + II_SIZE)

/* VF points: 0 = p, 1 = a, 2 = b, 3 = c; EE: 0 = a0, 1 = a1, 2 = b0, 3 = b1. */
static const int vf_blocks[3][3] = { { 0, 1, 2 }, { 0, 2, 3 }, { 0, 3, 1 } };
static const int ee_blocks[4][3] = { { 0, 2, 3 }, { 1, 2, 3 }, { 2, 0, 1 }, { 3, 0, 1 } };

struct gt_sep {
    gt_poly S[SEP_POLYS]; /* blocks, then the face (VF) / interior (EE) block */
    int n_polys, n_blocks;
    mpz_t D;
    gt_poly D2; /* D^2 D'(u)^2 (rigid), D^2 (linear) */
    gt_poly Dp; /* rigid: D'(u), then its primitive part; linear: 1 */
};

void gt_sep_free(ccdb_truth *c)
{
    if (!c->sep)
        return;
    for (int i = 0; i < SEP_POLYS; i++)
        gt_poly_clear(&c->sep->S[i]);
    gt_poly_clear(&c->sep->D2);
    gt_poly_clear(&c->sep->Dp);
    mpz_clear(c->sep->D);
    free(c->sep);
    c->sep = NULL;
}

static struct gt_sep *sep_get(ccdb_truth *c)
{
    if (!c->sep) {
        struct gt_sep *s = calloc(1, sizeof *s);
        if (!s)
            abort(); /* as GMP does on exhausted memory */
        for (int i = 0; i < SEP_POLYS; i++)
            gt_poly_init(&s->S[i]);
        gt_poly_init(&s->D2);
        gt_poly_init(&s->Dp);
        mpz_init(s->D);
        c->sep = s;
    }
    return c->sep;
}

/* ---- polynomial vectors (scratch from the workspace) ---------------------------------------- */

static gt_poly *vec3(gt_ws *ws)
{
    gt_poly *v = gt_ws_poly(ws);
    gt_ws_poly(ws);
    gt_ws_poly(ws);
    return v;
}
/* r = a - D2 b (r may alias a; b must not alias r) */
static void sub_d2(gt_ws *ws, gt_poly *r, const gt_poly *a, const gt_poly *b, const gt_poly *D2)
{
    gt_poly *t = gt_ws_poly(ws);
    gt_poly_mul(t, b, D2);
    gt_poly_sub(r, a, t);
}

/* |x|^2 - D2 into r */
static void dist2(gt_ws *ws, gt_poly *r, const gt_poly x[3], const gt_poly *D2)
{
    gt_poly *t = gt_ws_poly(ws), *one = gt_ws_poly(ws);
    gt_vec_dot(t, x, x);
    mpz_set_ui(one->c[0], 1);
    one->deg = 0;
    sub_d2(ws, r, t, one, D2);
}

static void point_segment_block(ccdb_truth *c, gt_poly *B, const int ix[3], const gt_poly *D2)
{
    gt_ws *ws = &c->ws;
    gt_ws_mark mk = gt_ws_save(ws);
    gt_poly *e = vec3(ws), *w = vec3(ws), *wb = vec3(ws), *x = vec3(ws);
    gt_poly *t = gt_ws_poly(ws);
    gt_vec_sub(e, c->P[ix[2]], c->P[ix[1]]);
    gt_vec_sub(w, c->P[ix[0]], c->P[ix[1]]);
    gt_vec_sub(wb, c->P[ix[0]], c->P[ix[2]]);
    dist2(ws, &B[PS_VA], w, D2);
    dist2(ws, &B[PS_VB], wb, D2);
    gt_vec_dot(&B[PS_DOT], w, e);
    gt_vec_dot(&B[PS_EE], e, e);
    for (int j = 0; j < 3; j++)
        gt_poly_set(&B[PS_E0 + j], &e[j]);
    gt_poly_sub(&B[PS_REST], &B[PS_EE], &B[PS_DOT]);
    gt_vec_cross(x, w, e);
    gt_vec_dot(t, x, x);
    sub_d2(ws, &B[PS_DIST], t, &B[PS_EE], D2);
    gt_ws_restore(ws, mk);
}

static void face_block(ccdb_truth *c, gt_poly *B, const gt_poly *D2)
{
    gt_ws *ws = &c->ws;
    gt_ws_mark mk = gt_ws_save(ws);
    gt_poly(*P)[3] = c->P;
    gt_poly *n = vec3(ws), *u = vec3(ws), *v = vec3(ws), *x = vec3(ws), *F = gt_ws_poly(ws);
    gt_poly *F2 = gt_ws_poly(ws);
    gt_vec_sub(u, P[2], P[1]);
    gt_vec_sub(v, P[3], P[1]);
    gt_vec_cross(n, u, v);
    gt_vec_dot(&B[FC_NN], n, n);
    for (int j = 0; j < 3; j++)
        gt_poly_set(&B[FC_N0 + j], &n[j]);
    for (int i = 0; i < 3; i++) { /* edge (x_i, x_j): n.((x_j - x_i) x (p - x_i)) */
        const int a = 1 + i, b = 1 + (i + 1) % 3;
        gt_vec_sub(u, P[b], P[a]);
        gt_vec_sub(v, P[0], P[a]);
        gt_vec_cross(x, u, v);
        gt_vec_dot(&B[FC_G0 + i], n, x);
    }
    gt_vec_sub(v, P[0], P[1]);
    gt_vec_dot(F, n, v);
    gt_poly_mul(F2, F, F);
    sub_d2(ws, &B[FC_DIST], F2, &B[FC_NN], D2);
    gt_ws_restore(ws, mk);
}

static void interior_block(ccdb_truth *c, gt_poly *B, const gt_poly *D2)
{
    gt_ws *ws = &c->ws;
    gt_ws_mark mk = gt_ws_save(ws);
    gt_poly(*P)[3] = c->P;
    gt_poly *da = vec3(ws), *db = vec3(ws), *w = vec3(ws), *m = vec3(ws), *x = vec3(ws);
    gt_poly *F = gt_ws_poly(ws), *F2 = gt_ws_poly(ws);
    gt_vec_sub(da, P[1], P[0]);
    gt_vec_sub(db, P[3], P[2]);
    gt_vec_sub(w, P[2], P[0]);
    gt_vec_cross(m, da, db);
    gt_vec_dot(&B[II_MM], m, m);
    for (int j = 0; j < 3; j++)
        gt_poly_set(&B[II_M0 + j], &m[j]);
    gt_vec_cross(x, w, db); /* u m.m = (w x db).m */
    gt_vec_dot(&B[II_U], x, m);
    gt_poly_sub(&B[II_UR], &B[II_MM], &B[II_U]);
    gt_vec_cross(x, w, da); /* v m.m = (w x da).m */
    gt_vec_dot(&B[II_V], x, m);
    gt_poly_sub(&B[II_VR], &B[II_MM], &B[II_V]);
    gt_vec_dot(F, w, m);
    gt_poly_mul(F2, F, F);
    sub_d2(ws, &B[II_DIST], F2, &B[II_MM], D2);
    gt_ws_restore(ws, mk);
}

/* The positive factor D' (rigid, w != 0) divided out of the n polynomials at p. */
static void strip(ccdb_truth *c, struct gt_sep *s, gt_poly *p, int n)
{
    if (s->Dp.deg >= 1)
        for (int i = 0; i < n; i++)
            gt_poly_divide_out(&c->ws, &p[i], &s->Dp);
}

/* The face (VF) / interiors (EE) block: first, for the plane stage. */
static void build_plane(ccdb_truth *c, struct gt_sep *s, int ee)
{
    gt_ws_mark mk = gt_ws_save(&c->ws);
    gt_poly *sq = gt_ws_poly(&c->ws), *dd = gt_ws_poly(&c->ws);
    gt_poly_mul(sq, &s->Dp, &s->Dp);
    mpz_mul(dd->c[0], s->D, s->D);
    dd->deg = 0;
    gt_poly_mul(&s->D2, sq, dd);
    gt_ws_restore(&c->ws, mk);
    gt_poly_primitive(&c->ws, &s->Dp);
    s->n_blocks = ee ? 4 : 3;
    gt_poly *B = &s->S[s->n_blocks * PS_SIZE];
    if (ee)
        interior_block(c, B, &s->D2);
    else
        face_block(c, B, &s->D2);
    s->n_polys = s->n_blocks * PS_SIZE + (ee ? II_SIZE : FC_SIZE);
    strip(c, s, B, s->n_polys - s->n_blocks * PS_SIZE);
}

/* The point-segment blocks (after build_plane). */
static void build_rest(ccdb_truth *c, struct gt_sep *s, int ee)
{
    for (int i = 0; i < s->n_blocks; i++) {
        point_segment_block(c, &s->S[i * PS_SIZE], ee ? ee_blocks[i] : vf_blocks[i], &s->D2);
        strip(c, s, &s->S[i * PS_SIZE], PS_SIZE);
    }
}

/* Stage SEP_PLANE: G = F^2 - D2 n.n (VF; EE: (w.m)^2 - D2 m.m) > 0 on all of [0,1] means the
 * vertex is more than d from the triangle's plane (EE: the lines are more than d apart) at every
 * t, so more than d from the triangle (the segments). Where n = 0 (m = 0) G = 0, so a degenerate
 * time never passes. Proven exactly: G(0) > 0, G(1) > 0 and Descartes' bound 0 on (0,1). */
static int plane_miss(ccdb_truth *c, struct gt_sep *s, int ee)
{
    const gt_poly *G = &s->S[s->n_blocks * PS_SIZE + (ee ? II_DIST : FC_DIST)];
    if (G->deg < 0 || mpz_sgn(G->c[0]) <= 0)
        return 0;
    gt_ws *ws = &c->ws;
    gt_ws_mark mk = gt_ws_save(ws);
    mpz_ptr sum = gt_ws_int(ws), zero = gt_ws_int(ws), one = gt_ws_int(ws);
    mpz_set_ui(sum, 0);
    for (int i = 0; i <= G->deg; i++)
        mpz_add(sum, sum, G->c[i]);
    mpz_set_ui(zero, 0);
    mpz_set_ui(one, 1);
    int miss = mpz_sgn(sum) > 0 && gt_poly_descartes(ws, G, zero, one, 0) == 0;
    gt_ws_restore(ws, mk);
    return miss;
}

/* ---- the static predicate at an algebraic time r ----------------------------------------- */

static int sg(ccdb_truth *c, const gt_poly *p, gt_alg *r)
{
    return gt_alg_sign(&c->ws, p, r);
}

/* Which feature is within d at r (the lowest-dimensional one: at a TOI > 0 it holds the closest
 * point), or -1. */
static int within(ccdb_truth *c, struct gt_sep *s, int ee, gt_alg *r)
{
    for (int i = 0; i < s->n_blocks; i++) {
        const gt_poly *B = &s->S[i * PS_SIZE];
        if (sg(c, &B[PS_VA], r) <= 0 || sg(c, &B[PS_VB], r) <= 0)
            return ee ? CCDB_CLASS_SEP_ENDPOINT : CCDB_CLASS_SEP_VERTEX;
    }
    for (int i = 0; i < s->n_blocks; i++) {
        const gt_poly *B = &s->S[i * PS_SIZE];
        if (sg(c, &B[PS_EE], r) > 0 && sg(c, &B[PS_DOT], r) >= 0 && sg(c, &B[PS_REST], r) >= 0 &&
            sg(c, &B[PS_DIST], r) <= 0)
            return ee ? CCDB_CLASS_SEP_ENDPOINT : CCDB_CLASS_SEP_EDGE;
    }
    const gt_poly *B = &s->S[s->n_blocks * PS_SIZE];
    if (!ee) {
        if (sg(c, &B[FC_NN], r) > 0 && sg(c, &B[FC_G0], r) >= 0 && sg(c, &B[FC_G1], r) >= 0 &&
            sg(c, &B[FC_G2], r) >= 0 && sg(c, &B[FC_DIST], r) <= 0)
            return CCDB_CLASS_SEP_FACE;
    } else {
        if (sg(c, &B[II_MM], r) > 0 && sg(c, &B[II_U], r) >= 0 && sg(c, &B[II_UR], r) >= 0 &&
            sg(c, &B[II_V], r) >= 0 && sg(c, &B[II_VR], r) >= 0 && sg(c, &B[II_DIST], r) <= 0)
            return CCDB_CLASS_SEP_INTERIOR;
    }
    return -1;
}

/* ---- decision over [0,1]: the cell method --------------------------------------------------- */

/* Candidates 0, 1 and every root in [0,1] of every non-constant polynomial of the table; the
 * first candidate within d is the TOI (the set is closed, so it starts at a candidate). Returns
 * the candidate's index, *feature its class, or -1. */
static int decide(ccdb_truth *c, struct gt_sep *s, int ee, int *feature)
{
    int n = 0;
    gt_alg_set_ui(&c->cand[n++], 0);
    gt_alg_set_ui(&c->cand[n++], 1);
    for (int id = 0; id < s->n_polys; id++) {
        const gt_poly *p = &s->S[id];
        if (p->deg < 1)
            continue;
        int dup = 0; /* identical polynomials have identical roots */
        for (int j = 0; j < id && !dup; j++)
            dup = gt_poly_equal(p, &s->S[j]);
        if (!dup)
            n += gt_truth_roots01(c, p, c->cand + n, N_CAND - n);
    }
    gt_truth_sort_unique(c, &n);
    for (int i = 0; i < n; i++) {
        if (c->check &&
            i > 0) { /* closed set: an open cell is not within d unless its left end is */
            long k;
            gt_alg_between(&c->ws, &c->cand[i - 1], &c->cand[i], c->tnum, &k);
            gt_alg_set_ui(&c->sample, 0);
            mpz_set(c->sample.num, c->tnum);
            c->sample.k = k;
            assert(within(c, s, ee, &c->sample) < 0);
        }
        int f = within(c, s, ee, &c->cand[i]);
        if (f >= 0) {
            *feature = f;
            return i;
        }
    }
    return -1;
}

/* ---- decision, feature by feature --------------------------------------------------------
 * The set U = {t : dist(t) <= d} is the union of the feature sets F_i (one conjunction of sign
 * conditions each: a vertex / endpoint pair, an edge / point-segment interior, the face / the
 * two interiors). U is closed, and so its minimum lies in some F_j and is the minimum of F_j.
 * The earliest point of F_j, when F_j has one, is 0 or a root of one of F_j's own polynomials
 * (else every sign is constant around it and earlier points would be in F_j too). So the TOI
 * is the smallest over the features of "the first candidate of the feature (0 and the roots of
 * its polynomials) where its conjunction holds": every such candidate lies in U, and the
 * feature holding min U yields min U itself. (A feature set with a strict condition, e.e > 0,
 * n.n > 0, m.m > 0, need not contain its infimum; then its first candidate may come later, but
 * the minimum is found through the feature that holds it.) Far fewer candidates than the cell
 * method over all polynomials at once, which checking mode runs as well and compares. */

enum { LE0, GE0, GT0 };
typedef struct feature {
    int n;
    int id[6], need[6]; /* the first polynomial is the distance condition (LE0) */
    int cls;
    int comp; /* the GT0 condition |v|^2 > 0: v's first component in the table, or -1 */
} feature;

static int holds(ccdb_truth *c, struct gt_sep *s, const feature *f, gt_alg *r)
{
    for (int i = 0; i < f->n; i++) {
        int v = sg(c, &s->S[f->id[i]], r);
        if (f->need[i] == LE0 ? v > 0 : f->need[i] == GE0 ? v < 0 : v <= 0)
            return 0;
    }
    return 1;
}

static int features(int ee, feature *out)
{
    int n = 0;
    const int nb = ee ? 4 : 3;
    for (int b = 0; b < (ee ? 2 : 3); b++) /* vertices / endpoint pairs */
        for (int v = 0; v < (ee ? 2 : 1); v++)
            out[n++] = (feature){ 1,
                                  { b * PS_SIZE + (v ? PS_VB : PS_VA) },
                                  { LE0 },
                                  ee ? CCDB_CLASS_SEP_ENDPOINT : CCDB_CLASS_SEP_VERTEX,
                                  -1 };
    for (int b = 0; b < nb; b++) {
        const int o = b * PS_SIZE;
        out[n++] = (feature){ 4,
                              { o + PS_DIST, o + PS_EE, o + PS_DOT, o + PS_REST },
                              { LE0, GT0, GE0, GE0 },
                              ee ? CCDB_CLASS_SEP_ENDPOINT : CCDB_CLASS_SEP_EDGE,
                              o + PS_E0 };
    }
    const int o = nb * PS_SIZE;
    if (!ee)
        out[n++] = (feature){ 5,
                              { o + FC_DIST, o + FC_NN, o + FC_G0, o + FC_G1, o + FC_G2 },
                              { LE0, GT0, GE0, GE0, GE0 },
                              CCDB_CLASS_SEP_FACE,
                              o + FC_N0 };
    else
        out[n++] = (feature){ 6,
                              { o + II_DIST, o + II_MM, o + II_U, o + II_UR, o + II_V, o + II_VR },
                              { LE0, GT0, GE0, GE0, GE0, GE0 },
                              CCDB_CLASS_SEP_INTERIOR,
                              o + II_M0 };
    return n;
}

/* 1 when a >= b follows from their dyadic bounds alone (a's lower end >= b's upper end), 0 when
 * that does not settle it. Cheaper than gt_alg_cmp, which proves equality with a gcd; enough for
 * pruning, where "not settled" only means the work is done. */
static int surely_geq(gt_ws *ws, const gt_alg *a, const gt_alg *b)
{
    gt_ws_mark mk = gt_ws_save(ws);
    mpz_ptr x = gt_ws_int(ws), y = gt_ws_int(ws);
    const long K = a->k > b->k ? a->k : b->k;
    mpz_mul_2exp(x, a->num, (mp_bitcnt_t)(K - a->k)); /* a's lower end */
    mpz_add_ui(y, b->num, b->exact ? 0 : 1);          /* b's upper end */
    mpz_mul_2exp(y, y, (mp_bitcnt_t)(K - b->k));
    const int geq = mpz_cmp(x, y) >= 0;
    gt_ws_restore(ws, mk);
    return geq;
}

/* The TOI into c->toi2 (returns 1), or 0 for a miss. */
static int decide_by_feature(ccdb_truth *c, struct gt_sep *s, int ee)
{
    feature fs[16];
    const int nf = features(ee, fs);
    int found = 0;
    gt_alg *cand = c->cand;
    for (int fi = 0; fi < nf; fi++) {
        const feature *f = &fs[fi];
        const gt_poly *dist = &s->S[f->id[0]];
        int n = 0;
        gt_alg_set_ui(&cand[n++], 0);
        if (!gt_poly_is_zero(dist))
            n += gt_truth_roots01(c, dist, cand + n, N_CAND - n);
        /* The distance condition holds first at 0 or at its first root (roots01 gives them in
         * increasing order after 0); never, or not before the best TOI so far: skip. */
        const int first = sg(c, dist, &cand[0]) <= 0 ? 0 : 1;
        if (first == n || (found && surely_geq(&c->ws, &cand[first], &c->toi2)))
            continue;
        for (int i = 1; i < f->n; i++) {
            const gt_poly *p = &s->S[f->id[i]];
            if (f->need[i] == GT0 && f->comp >= 0) {
                /* |v|^2 vanishes only where every component does: the roots of one component
                 * not identically zero cover its roots; a non-zero constant one: none */
                const gt_poly *v = &s->S[f->comp];
                p = NULL;
                for (int j = 0; j < 3; j++, v++)
                    if (v->deg == 0 ||
                        (v->deg > 0 && (!p || p->deg > 0) && (!p || v->deg < p->deg)))
                        p = v;
                if (!p)
                    continue; /* v identically zero: |v|^2 = 0, no root to add */
            }
            if (p->deg >= 1)
                n += gt_truth_roots01(c, p, cand + n, N_CAND - n);
        }
        gt_truth_sort_unique(c, &n);
        for (int i = 0; i < n; i++) {
            if (found && surely_geq(&c->ws, &cand[i], &c->toi2))
                break;
            if (holds(c, s, f, &cand[i])) { /* the exact comparison only here */
                if (!found || gt_alg_cmp(&c->ws, &cand[i], &c->toi2) < 0)
                    gt_alg_set(&c->toi2, &cand[i]);
                found = 1;
                break;
            }
        }
    }
    return found;
}

static void set_miss(ccdb_truth_result *out, ccdb_truth_stage stage)
{
    out->hit = 0;
    out->toi_lo = out->toi_hi = 0;
    out->flags = 1u << CCDB_CLASS_GENERIC;
    out->cls = CCDB_CLASS_GENERIC;
    out->stage = stage;
}

static int box_miss(const double q[8][3], int ee, double d)
{
    return (ee ? ccdb_filter_box_sep_ee(q, d) : ccdb_filter_box_sep_vf(q, d)) == CCDB_FILTER_MISS;
}

/* After load and build_plane: decision, bracket and class (stage EXACT). */
static void exact(ccdb_truth *c, const double q[8][3], int ee, ccdb_truth_result *out)
{
    struct gt_sep *s = c->sep;
    build_rest(c, s, ee);
    out->hit = decide_by_feature(c, s, ee);
    if (c->check) { /* the cell method over every polynomial at once must agree */
        int feature;
        int idx = decide(c, s, ee, &feature);
        assert((idx >= 0) == out->hit);
        if (out->hit)
            assert(gt_alg_cmp(&c->ws, &c->cand[idx], &c->toi2) == 0);
    }
    out->stage = CCDB_STAGE_EXACT;
    out->toi_lo = out->toi_hi = 0;
    out->flags = 1u << CCDB_CLASS_GENERIC;
    if (out->hit) {
        gt_alg *toi = &c->toi2;
        if (c->rigid && !c->pure) /* t = atan(u |w|) / atan(|w|) */
            gt_rigid_toi(&c->ws, toi, q, &out->toi_lo, &out->toi_hi);
        else /* t = u */
            gt_alg_bracket(&c->ws, toi, &out->toi_lo, &out->toi_hi);
        const int feature = within(c, s, ee, toi);
        assert(feature >= 0);
        out->flags = 1u << feature;
        mpz_set_ui(c->tnum, 0);
        if (gt_alg_is_dyadic(&c->ws, toi, c->tnum, 0))
            out->flags |= 1u << CCDB_CLASS_CONTACT_T0;
    }
    int cls = 0;
    while (!(out->flags & (1u << cls)))
        cls++;
    out->cls = (ccdb_truth_class)cls;
}

/* Flags and primary class of a decided query (as exact() sets them). */
static void set_class(ccdb_truth_result *out, int feature)
{
    out->flags = 1u << CCDB_CLASS_GENERIC;
    if (out->hit) {
        out->flags = 1u << feature;
        if (out->toi_lo == 0.0 && out->toi_hi == 0.0)
            out->flags |= 1u << CCDB_CLASS_CONTACT_T0;
    }
    int cls = 0;
    while (!(out->flags & (1u << cls)))
        cls++;
    out->cls = (ccdb_truth_class)cls;
}

/* The query as polynomials in c->P (in t, or in u when c->rigid), d as s->D in their scale, the
 * common positive factor in s->Dp. Rigid: 1 when the exact bound proves that nothing comes
 * within d (stage BOX), else 0. */
static int load(ccdb_truth *c, struct gt_sep *s, const double q[8][3], int ee, double d)
{
    if (!c->rigid) {
        gt_truth_load(c, q, ee, d, s->D);
        mpz_set_ui(s->Dp.c[0], 1);
        s->Dp.deg = 0;
        return 0;
    }
    c->pure = gt_rigid_load_sep(&c->ws, c->P, q, !ee, d, s->D, &s->Dp, &c->apart);
    c->ee = ee;
    return c->apart;
}

void gt_sep_run(ccdb_truth *c, const double q[8][3], int ee, double d, ccdb_truth_result *out)
{
    ccdb_truth_stage stage = CCDB_STAGE_EXACT;
    ccdb_fp_sep_result fs;
    /* the box and floating-point stages are the linear motion's */
    if (c->filters && !c->rigid && box_miss(q, ee, d))
        stage = CCDB_STAGE_BOX;
    else if (c->filters && !c->rigid &&
             (ee ? ccdb_fp_sep_ee(q, d, &fs) : ccdb_fp_sep_vf(q, d, &fs)))
        stage = CCDB_STAGE_SEP_FP;
    struct gt_sep *s = sep_get(c);
    if (stage == CCDB_STAGE_EXACT || c->check) {
        if (load(c, s, q, ee, d) && c->filters && stage == CCDB_STAGE_EXACT)
            stage = CCDB_STAGE_BOX;
        build_plane(c, s, ee);
        if (c->filters && stage == CCDB_STAGE_EXACT && plane_miss(c, s, ee))
            stage = CCDB_STAGE_SEP_PLANE;
    }
    if (stage == CCDB_STAGE_EXACT) {
        exact(c, q, ee, out);
    } else if (stage == CCDB_STAGE_SEP_FP) {
        out->hit = fs.hit;
        out->toi_lo = fs.toi_lo;
        out->toi_hi = fs.toi_hi;
        set_class(out, fs.cls);
        if (c->check) { /* re-derived by the exact path */
            ccdb_truth_result ex;
            exact(c, q, ee, &ex);
            assert(ex.hit == out->hit && ex.flags == out->flags && ex.cls == out->cls);
            assert(ex.toi_lo == out->toi_lo && ex.toi_hi == out->toi_hi);
        }
    } else {
        set_miss(out, stage);
        if (c->check) { /* re-derived by the exact path */
            ccdb_truth_result ex;
            exact(c, q, ee, &ex);
            assert(!ex.hit);
        }
    }
    out->stage = stage;
    c->stats.decided[stage]++;
}
