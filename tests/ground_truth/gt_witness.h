/* gt_witness.h — an independent exact contact test at one rational time t, for the tests:
 * positions in mpq, the witness (u, v) solved directly (Cramer with the normal, or the
 * point-on-segment parameter in degenerate cases) and the contact equations verified exactly.
 * No polynomial in t, no code shared with ground_truth/. */
#ifndef CCDB_GT_WITNESS_H
#define CCDB_GT_WITNESS_H

#include <gmp.h>

typedef mpq_t vec[3];

static inline void vq_init(vec v)
{
    mpq_inits(v[0], v[1], v[2], NULL);
}
static inline void vq_clear(vec v)
{
    mpq_clears(v[0], v[1], v[2], NULL);
}

static inline void point_at(vec r, const double q[8][3], int i, const mpq_t t)
{
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    for (int j = 0; j < 3; j++) {
        mpq_set_d(a, q[i][j]);
        mpq_set_d(b, q[i + 4][j]);
        mpq_sub(b, b, a);
        mpq_mul(b, b, t);
        mpq_add(r[j], a, b);
    }
    mpq_clears(a, b, NULL);
}

static inline void vsub(vec r, vec a, vec b)
{
    for (int j = 0; j < 3; j++)
        mpq_sub(r[j], a[j], b[j]);
}
static inline void vcross(vec r, vec a, vec b)
{
    mpq_t x;
    mpq_init(x);
    vec t;
    vq_init(t);
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        mpq_mul(t[j], a[j1], b[j2]);
        mpq_mul(x, a[j2], b[j1]);
        mpq_sub(t[j], t[j], x);
    }
    for (int j = 0; j < 3; j++)
        mpq_set(r[j], t[j]);
    vq_clear(t);
    mpq_clear(x);
}
static inline void vdot(mpq_t r, vec a, vec b)
{
    mpq_t x;
    mpq_init(x);
    mpq_mul(r, a[0], b[0]);
    for (int j = 1; j < 3; j++) {
        mpq_mul(x, a[j], b[j]);
        mpq_add(r, r, x);
    }
    mpq_clear(x);
}
static inline int vzero(vec a)
{
    return !mpq_sgn(a[0]) && !mpq_sgn(a[1]) && !mpq_sgn(a[2]);
}

/* p on segment [a, b]: witness s with p = a + s (b - a), 0 <= s <= 1 */
static inline int on_seg(vec p, vec a, vec b)
{
    vec d, w, x;
    vq_init(d);
    vq_init(w);
    vq_init(x);
    mpq_t s, dd;
    mpq_inits(s, dd, NULL);
    vsub(d, b, a);
    vsub(w, p, a);
    int ok;
    if (vzero(d)) {
        ok = vzero(w);
    } else {
        vdot(s, d, w);
        vdot(dd, d, d);
        mpq_div(s, s, dd);
        ok = mpq_sgn(s) >= 0 && mpq_cmp_ui(s, 1, 1) <= 0;
        for (int j = 0; j < 3 && ok; j++) { /* a + s d == p exactly */
            mpq_mul(dd, s, d[j]);
            mpq_add(dd, dd, a[j]);
            ok = mpq_equal(dd, p[j]);
        }
    }
    mpq_clears(s, dd, NULL);
    vq_clear(d);
    vq_clear(w);
    vq_clear(x);
    return ok;
}

/* Do the primitives touch at the rational time t? Solves for the witness (u, v) exactly. */
static inline int touch_at(const double q[8][3], int ee, const mpq_t t)
{
    vec P[4], e1, e2, w, n, x;
    for (int i = 0; i < 4; i++) {
        vq_init(P[i]);
        point_at(P[i], q, i, t);
    }
    vq_init(e1);
    vq_init(e2);
    vq_init(w);
    vq_init(n);
    vq_init(x);
    mpq_t u, v, nn, tmp;
    mpq_inits(u, v, nn, tmp, NULL);
    int hit = 0;
    if (!ee) { /* p = a + u (b - a) + v (c - a) */
        vsub(e1, P[2], P[1]);
        vsub(e2, P[3], P[1]);
        vsub(w, P[0], P[1]);
        vcross(n, e1, e2);
        if (!vzero(n)) {
            vdot(nn, n, n);
            vcross(x, w, e2);
            vdot(u, x, n);
            mpq_div(u, u, nn);
            vcross(x, e1, w);
            vdot(v, x, n);
            mpq_div(v, v, nn);
            mpq_add(tmp, u, v);
            hit = mpq_sgn(u) >= 0 && mpq_sgn(v) >= 0 && mpq_cmp_ui(tmp, 1, 1) <= 0;
            for (int j = 0; j < 3 && hit; j++) {
                mpq_mul(tmp, u, e1[j]);
                mpq_mul(nn, v, e2[j]);
                mpq_add(tmp, tmp, nn);
                mpq_add(tmp, tmp, P[1][j]);
                hit = mpq_equal(tmp, P[0][j]);
            }
        } else {
            hit = on_seg(P[0], P[1], P[2]) || on_seg(P[0], P[2], P[3]) || on_seg(P[0], P[3], P[1]);
        }
    } else { /* a0 + u (a1 - a0) = b0 + v (b1 - b0) */
        vsub(e1, P[1], P[0]);
        vsub(e2, P[3], P[2]);
        vsub(w, P[2], P[0]);
        vcross(n, e1, e2);
        if (!vzero(n)) {
            vdot(nn, n, n);
            vcross(x, w, e2);
            vdot(u, x, n);
            mpq_div(u, u, nn);
            vcross(x, w, e1);
            vdot(v, x, n);
            mpq_div(v, v, nn);
            hit = mpq_sgn(u) >= 0 && mpq_sgn(v) >= 0 && mpq_cmp_ui(u, 1, 1) <= 0 &&
                  mpq_cmp_ui(v, 1, 1) <= 0;
            for (int j = 0; j < 3 && hit; j++) {
                mpq_mul(tmp, u, e1[j]);
                mpq_add(tmp, tmp, P[0][j]);
                mpq_mul(nn, v, e2[j]);
                mpq_add(nn, nn, P[2][j]);
                hit = mpq_equal(tmp, nn);
            }
        } else {
            hit = on_seg(P[0], P[2], P[3]) || on_seg(P[1], P[2], P[3]) ||
                  on_seg(P[2], P[0], P[1]) || on_seg(P[3], P[0], P[1]);
        }
    }
    mpq_clears(u, v, nn, tmp, NULL);
    for (int i = 0; i < 4; i++)
        vq_clear(P[i]);
    vq_clear(e1);
    vq_clear(e2);
    vq_clear(w);
    vq_clear(n);
    vq_clear(x);
    return hit;
}

static inline int touch_at_d(const double q[8][3], int ee, double t)
{
    mpq_t tq;
    mpq_init(tq);
    mpq_set_d(tq, t);
    int h = touch_at(q, ee, tq);
    mpq_clear(tq);
    return h;
}

/* r = squared distance from p to the closed segment [a, b] (the projection parameter clamped to
 * [0, 1]; a point when a = b). */
static inline void vdist2_point_segment(mpq_t r, vec p, vec a, vec b)
{
    vec d, w;
    vq_init(d);
    vq_init(w);
    mpq_t s, dd;
    mpq_inits(s, dd, NULL);
    vsub(d, b, a);
    vsub(w, p, a);
    vdot(dd, d, d);
    if (mpq_sgn(dd) != 0) {
        vdot(s, d, w);
        mpq_div(s, s, dd);
        if (mpq_sgn(s) < 0)
            mpq_set_ui(s, 0, 1);
        if (mpq_cmp_ui(s, 1, 1) > 0)
            mpq_set_ui(s, 1, 1);
        for (int j = 0; j < 3; j++) { /* w - s d */
            mpq_mul(dd, s, d[j]);
            mpq_sub(w[j], w[j], dd);
        }
    }
    vdot(r, w, w);
    mpq_clears(s, dd, NULL);
    vq_clear(d);
    vq_clear(w);
}

/* m = min(m, x); the first call (*first set) takes x. */
static inline void vkeep_min(mpq_t m, const mpq_t x, int *first)
{
    if (*first || mpq_cmp(x, m) < 0)
        mpq_set(m, x);
    *first = 0;
}

/* Squared distance between the primitives at positions P: the minimum of a convex quadratic over
 * the parameter domain is at the interior critical point (when it is inside) or on the domain's
 * boundary, that is on a point-segment pair. */
static inline void gt_dist2(mpq_t r, vec P[4], int ee)
{
    mpq_t x, u, v, nn, tmp;
    mpq_inits(x, u, v, nn, tmp, NULL);
    vec e1, e2, w, n, c;
    vq_init(e1);
    vq_init(e2);
    vq_init(w);
    vq_init(n);
    vq_init(c);
    int first = 1;
    static const int vf_pairs[3][3] = { { 0, 1, 2 }, { 0, 2, 3 }, { 0, 3, 1 } };
    static const int ee_pairs[4][3] = { { 0, 2, 3 }, { 1, 2, 3 }, { 2, 0, 1 }, { 3, 0, 1 } };
    for (int k = 0; k < (ee ? 4 : 3); k++) {
        const int *p = ee ? ee_pairs[k] : vf_pairs[k];
        vdist2_point_segment(x, P[p[0]], P[p[1]], P[p[2]]);
        vkeep_min(r, x, &first);
    }
    vsub(e1, P[ee ? 1 : 2], P[ee ? 0 : 1]);
    vsub(e2, P[3], P[ee ? 2 : 1]);
    vsub(w, P[ee ? 2 : 0], P[ee ? 0 : 1]);
    vcross(n, e1, e2);
    if (!vzero(n)) {
        vdot(nn, n, n);
        vcross(c, w, e2);
        vdot(u, c, n);
        mpq_div(u, u, nn);
        vcross(c, ee ? w : e1, ee ? e1 : w);
        vdot(v, c, n);
        mpq_div(v, v, nn);
        int inside;
        if (ee) {
            inside = mpq_sgn(u) >= 0 && mpq_sgn(v) >= 0 && mpq_cmp_ui(u, 1, 1) <= 0 &&
                     mpq_cmp_ui(v, 1, 1) <= 0;
        } else {
            mpq_add(tmp, u, v);
            inside = mpq_sgn(u) >= 0 && mpq_sgn(v) >= 0 && mpq_cmp_ui(tmp, 1, 1) <= 0;
        }
        if (inside) { /* (w . n)^2 / (n . n): the distance along the common normal */
            vdot(x, w, n);
            mpq_mul(x, x, x);
            mpq_div(x, x, nn);
            vkeep_min(r, x, &first);
        }
    }
    mpq_clears(x, u, v, nn, tmp, NULL);
    vq_clear(e1);
    vq_clear(e2);
    vq_clear(w);
    vq_clear(n);
    vq_clear(c);
}

#endif
