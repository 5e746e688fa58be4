/* exact_ref.c — exact GMP references for the filter tests (see exact_ref.h). */
#include "exact_ref.h"

#include <assert.h>

typedef struct {
    mpq_t x[3];
} qv3;

static void qv_init(qv3 *v)
{
    for (int k = 0; k < 3; ++k)
        mpq_init(v->x[k]);
}
static void qv_clear(qv3 *v)
{
    for (int k = 0; k < 3; ++k)
        mpq_clear(v->x[k]);
}

static void qv_diff(qv3 *out, const double a[3], const double b[3]) /* a - b */
{
    mpq_t t;
    mpq_init(t);
    for (int k = 0; k < 3; ++k) {
        mpq_set_d(out->x[k], a[k]);
        mpq_set_d(t, b[k]);
        mpq_sub(out->x[k], out->x[k], t);
    }
    mpq_clear(t);
}

/* out += (a x b) . c */
static void add_triple(mpq_t out, const qv3 *a, const qv3 *b, const qv3 *c)
{
    mpq_t t, s;
    mpq_inits(t, s, NULL);
    for (int k = 0; k < 3; ++k) {
        const int i = (k + 1) % 3, j = (k + 2) % 3;
        mpq_mul(t, a->x[i], b->x[j]);
        mpq_mul(s, a->x[j], b->x[i]);
        mpq_sub(t, t, s);
        mpq_mul(t, t, c->x[k]);
        mpq_add(out, out, t);
    }
    mpq_clears(t, s, NULL);
}

void exact_cubic_bernstein(const double q[8][3], int is_ee, mpq_t out[4])
{
    static const int vf[4] = { 1, 2, 3, 0 }, ee[4] = { 0, 1, 2, 3 };
    const int *o = is_ee ? ee : vf;
    qv3 e1[2], e2[2], w[2];
    for (int s = 0; s < 2; ++s) {
        qv_init(&e1[s]);
        qv_init(&e2[s]);
        qv_init(&w[s]);
        qv_diff(&e1[s], q[4 * s + o[1]], q[4 * s + o[0]]);
        qv_diff(&e2[s], q[4 * s + o[2]], q[4 * s + o[0]]);
        qv_diff(&w[s], q[4 * s + o[3]], q[4 * s + o[0]]);
    }
    for (int i = 0; i < 4; ++i)
        mpq_set_ui(out[i], 0, 1);
    /* blossom: coefficient i = sum over index triples with i ones */
    for (int m = 0; m < 8; ++m) {
        const int i = m & 1, j = (m >> 1) & 1, k = (m >> 2) & 1;
        add_triple(out[i + j + k], &e1[i], &e2[j], &w[k]);
    }
    for (int s = 0; s < 2; ++s) {
        qv_clear(&e1[s]);
        qv_clear(&e2[s]);
        qv_clear(&w[s]);
    }
}

static int deg_of(mpq_t *p, int n)
{
    int d = n - 1;
    while (d >= 0 && mpq_sgn(p[d]) == 0)
        --d;
    return d;
}

static int sign_at(mpq_t *p, int d, const mpq_t x)
{
    mpq_t acc;
    mpq_init(acc);
    for (int i = d; i >= 0; --i) {
        mpq_mul(acc, acc, x);
        mpq_add(acc, acc, p[i]);
    }
    const int s = mpq_sgn(acc);
    mpq_clear(acc);
    return s;
}

/* r = a mod b (degrees da >= db >= 0), in place into a; returns degree of the remainder. */
static int poly_rem(mpq_t *a, int da, mpq_t *b, int db)
{
    mpq_t f, t;
    mpq_inits(f, t, NULL);
    for (int i = da; i >= db; --i) {
        if (mpq_sgn(a[i]) == 0)
            continue;
        mpq_div(f, a[i], b[db]);
        for (int j = 0; j <= db; ++j) {
            mpq_mul(t, f, b[j]);
            mpq_sub(a[i - db + j], a[i - db + j], t);
        }
    }
    mpq_clears(f, t, NULL);
    return deg_of(a, db);
}

#define MAXN 8

int exact_has_root01(mpq_t *c, int n)
{
    assert(n <= MAXN);
    const int d0 = deg_of(c, n);
    assert(d0 >= 0);
    mpq_t zero, one;
    mpq_inits(zero, one, NULL);
    mpq_set_ui(one, 1, 1);
    int root = sign_at(c, d0, zero) == 0 || sign_at(c, d0, one) == 0;
    if (!root && d0 >= 1) {
        /* Sturm sequence p, p', -rem(...): with p(0), p(1) != 0 the number of distinct roots
         * in (0, 1) is V(0) - V(1) (also for polynomials with multiple roots). */
        mpq_t seq[MAXN + 1][MAXN];
        int deg[MAXN + 1];
        for (int i = 0; i <= MAXN; ++i)
            for (int j = 0; j < MAXN; ++j)
                mpq_init(seq[i][j]);
        for (int j = 0; j <= d0; ++j)
            mpq_set(seq[0][j], c[j]);
        deg[0] = d0;
        mpq_t jq;
        mpq_init(jq);
        for (int j = 1; j <= d0; ++j) { /* derivative */
            mpq_set_si(jq, j, 1);
            mpq_mul(seq[1][j - 1], seq[0][j], jq);
        }
        mpq_clear(jq);
        deg[1] = d0 - 1;
        int len = 2;
        while (deg[len - 1] > 0) {
            for (int j = 0; j <= deg[len - 2]; ++j)
                mpq_set(seq[len][j], seq[len - 2][j]);
            const int dr = poly_rem(seq[len], deg[len - 2], seq[len - 1], deg[len - 1]);
            if (dr < 0)
                break;
            for (int j = 0; j <= dr; ++j)
                mpq_neg(seq[len][j], seq[len][j]);
            deg[len] = dr;
            ++len;
        }
        int var[2];
        for (int e = 0; e < 2; ++e) {
            int last = 0, v = 0;
            for (int i = 0; i < len; ++i) {
                const int s = sign_at(seq[i], deg[i], e ? one : zero);
                if (s == 0)
                    continue;
                if (last != 0 && s != last)
                    ++v;
                last = s;
            }
            var[e] = v;
        }
        root = var[0] - var[1] > 0;
        for (int i = 0; i <= MAXN; ++i)
            for (int j = 0; j < MAXN; ++j)
                mpq_clear(seq[i][j]);
    }
    mpq_clears(zero, one, NULL);
    return root;
}

exact_cubic_kind exact_cubic_roots01(const double q[8][3], int is_ee)
{
    mpq_t b[4], c[4], t;
    for (int i = 0; i < 4; ++i) {
        mpq_init(b[i]);
        mpq_init(c[i]);
    }
    mpq_init(t);
    exact_cubic_bernstein(q, is_ee, b);
    /* to monomial: c0 = B0, c1 = B1 - 3B0, c2 = 3B0 - 2B1 + B2, c3 = B3 - B2 + B1 - B0 */
    mpq_set(c[0], b[0]);
    mpq_set_si(t, 3, 1);
    mpq_mul(t, t, b[0]);
    mpq_sub(c[1], b[1], t);
    mpq_set(c[2], t);
    mpq_sub(c[2], c[2], b[1]);
    mpq_sub(c[2], c[2], b[1]);
    mpq_add(c[2], c[2], b[2]);
    mpq_sub(c[3], b[3], b[2]);
    mpq_add(c[3], c[3], b[1]);
    mpq_sub(c[3], c[3], b[0]);
    exact_cubic_kind r;
    if (deg_of(c, 4) < 0)
        r = EXACT_CUBIC_ZERO;
    else
        r = exact_has_root01(c, 4) ? EXACT_CUBIC_ROOT : EXACT_CUBIC_NO_ROOT;
    for (int i = 0; i < 4; ++i) {
        mpq_clear(b[i]);
        mpq_clear(c[i]);
    }
    mpq_clear(t);
    return r;
}

/* ---- exact polynomials in t (degree <= 4) and the MISS certificate ---- */

#define PN 5
typedef struct poly {
    mpq_t c[PN];
} poly;
typedef struct pvec {
    poly x[3];
} pvec;

static void poly_init(poly *p)
{
    for (int i = 0; i < PN; ++i)
        mpq_init(p->c[i]);
}
static void poly_clear(poly *p)
{
    for (int i = 0; i < PN; ++i)
        mpq_clear(p->c[i]);
}
static void pvec_init(pvec *v)
{
    for (int k = 0; k < 3; ++k)
        poly_init(&v->x[k]);
}
static void pvec_clear(pvec *v)
{
    for (int k = 0; k < 3; ++k)
        poly_clear(&v->x[k]);
}

static void poly_addsub(poly *out, const poly *a, const poly *b, int sub)
{
    for (int i = 0; i < PN; ++i)
        (sub ? mpq_sub : mpq_add)(out->c[i], a->c[i], b->c[i]);
}

/* out += a * b (degrees must fit) */
static void poly_addmul(poly *out, const poly *a, const poly *b, int sub)
{
    mpq_t t;
    mpq_init(t);
    for (int i = 0; i < PN; ++i)
        for (int j = 0; j < PN; ++j) {
            if (mpq_sgn(a->c[i]) == 0 || mpq_sgn(b->c[j]) == 0)
                continue;
            assert(i + j < PN);
            mpq_mul(t, a->c[i], b->c[j]);
            (sub ? mpq_sub : mpq_add)(out->c[i + j], out->c[i + j], t);
        }
    mpq_clear(t);
}

static void pvec_sub(pvec *out, const pvec *a, const pvec *b)
{
    for (int k = 0; k < 3; ++k)
        poly_addsub(&out->x[k], &a->x[k], &b->x[k], 1);
}

static void pvec_cross(pvec *out, const pvec *a, const pvec *b)
{
    for (int k = 0; k < 3; ++k) {
        const int i = (k + 1) % 3, j = (k + 2) % 3;
        for (int d = 0; d < PN; ++d)
            mpq_set_ui(out->x[k].c[d], 0, 1);
        poly_addmul(&out->x[k], &a->x[i], &b->x[j], 0);
        poly_addmul(&out->x[k], &a->x[j], &b->x[i], 1);
    }
}

static void pvec_dot(poly *out, const pvec *a, const pvec *b)
{
    for (int d = 0; d < PN; ++d)
        mpq_set_ui(out->c[d], 0, 1);
    for (int k = 0; k < 3; ++k)
        poly_addmul(out, &a->x[k], &b->x[k], 0);
}

/* Sturm sequence of a polynomial, built once, queried on many intervals. */
typedef struct sturm {
    int zero; /* identically zero */
    int len, deg[PN + 1];
    mpq_t s[PN + 1][PN];
} sturm;

static void sturm_build(sturm *st, const poly *p)
{
    for (int i = 0; i <= PN; ++i)
        for (int j = 0; j < PN; ++j)
            mpq_init(st->s[i][j]);
    for (int j = 0; j < PN; ++j)
        mpq_set(st->s[0][j], p->c[j]);
    st->deg[0] = deg_of(st->s[0], PN);
    st->zero = st->deg[0] < 0;
    st->len = 1;
    if (st->deg[0] < 1)
        return;
    mpq_t jq;
    mpq_init(jq);
    for (int j = 1; j <= st->deg[0]; ++j) {
        mpq_set_si(jq, j, 1);
        mpq_mul(st->s[1][j - 1], st->s[0][j], jq);
    }
    mpq_clear(jq);
    st->deg[1] = st->deg[0] - 1;
    st->len = 2;
    while (st->deg[st->len - 1] > 0) {
        const int l = st->len;
        for (int j = 0; j <= st->deg[l - 2]; ++j)
            mpq_set(st->s[l][j], st->s[l - 2][j]);
        const int dr = poly_rem(st->s[l], st->deg[l - 2], st->s[l - 1], st->deg[l - 1]);
        if (dr < 0)
            break;
        for (int j = 0; j <= dr; ++j)
            mpq_neg(st->s[l][j], st->s[l][j]);
        st->deg[l] = dr;
        st->len = l + 1;
    }
}

static void sturm_clear(sturm *st)
{
    for (int i = 0; i <= PN; ++i)
        for (int j = 0; j < PN; ++j)
            mpq_clear(st->s[i][j]);
}

static int sturm_var(sturm *st, const mpq_t x)
{
    int last = 0, v = 0;
    for (int i = 0; i < st->len; ++i) {
        const int s = sign_at(st->s[i], st->deg[i], x);
        if (s == 0)
            continue;
        if (last != 0 && s != last)
            ++v;
        last = s;
    }
    return v;
}

/* -1: negative on all of [lo, hi]; +1: positive on all; 0: has a root there (or is zero). */
static int sturm_sign_on(sturm *st, const mpq_t lo, const mpq_t hi)
{
    if (st->zero)
        return 0;
    const int slo = sign_at(st->s[0], st->deg[0], lo), shi = sign_at(st->s[0], st->deg[0], hi);
    if (slo == 0 || shi == 0)
        return 0;
    if (st->deg[0] >= 1 && sturm_var(st, lo) - sturm_var(st, hi) > 0)
        return 0;
    return slo;
}

static int certify_rec(sturm *f, sturm *g, int ng, mpq_t lo, mpq_t hi, int depth, int max_depth)
{
    int ok = sturm_sign_on(f, lo, hi) != 0;
    for (int i = 0; i < ng && !ok; ++i)
        ok = sturm_sign_on(&g[i], lo, hi) < 0;
    if (ok)
        return 1;
    if (depth >= max_depth)
        return 0;
    mpq_t mid;
    mpq_init(mid);
    mpq_add(mid, lo, hi);
    mpq_div_2exp(mid, mid, 1);
    ok = certify_rec(f, g, ng, lo, mid, depth + 1, max_depth) &&
         certify_rec(f, g, ng, mid, hi, depth + 1, max_depth);
    mpq_clear(mid);
    return ok;
}

int exact_certify_miss(const double q[8][3], int is_ee, int max_depth)
{
    static const int vf[4] = { 1, 2, 3, 0 }, ee[4] = { 0, 1, 2, 3 };
    const int *o = is_ee ? ee : vf;
    pvec x[4], d1, d2, d3, n, h, c, mc, da, db, w;
    poly f, g[4];
    for (int i = 0; i < 4; ++i) {
        pvec_init(&x[i]);
        poly_init(&g[i]);
        for (int k = 0; k < 3; ++k) { /* x(t) = x0 + t (x1 - x0) */
            mpq_set_d(x[i].x[k].c[0], q[o[i]][k]);
            mpq_set_d(x[i].x[k].c[1], q[4 + o[i]][k]);
            mpq_sub(x[i].x[k].c[1], x[i].x[k].c[1], x[i].x[k].c[0]);
        }
    }
    pvec_init(&d1);
    pvec_init(&d2);
    pvec_init(&d3);
    pvec_init(&n);
    pvec_init(&h);
    pvec_init(&c);
    pvec_init(&mc);
    pvec_init(&da);
    pvec_init(&db);
    pvec_init(&w);
    poly_init(&f);
    pvec_sub(&d1, &x[1], &x[0]);
    pvec_sub(&d2, &x[2], &x[0]);
    pvec_sub(&d3, &x[3], &x[0]);
    pvec_cross(&n, &d1, &d2);
    pvec_dot(&f, &n, &d3);
    int ng;
    if (!is_ee) {
        static const int edge[3][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 } };
        for (int e = 0; e < 3; ++e) {
            pvec_sub(&d1, &x[edge[e][1]], &x[edge[e][0]]);
            pvec_sub(&d2, &x[3], &x[edge[e][0]]);
            pvec_cross(&h, &d1, &d2);
            pvec_dot(&g[e], &n, &h);
        }
        ng = 3;
    } else {
        pvec_sub(&da, &x[1], &x[0]);
        pvec_sub(&db, &x[3], &x[2]);
        pvec_sub(&w, &x[2], &x[0]);
        pvec_cross(&n, &da, &db); /* m */
        for (int side = 0; side < 2; ++side) {
            pvec_cross(&c, &w, side == 0 ? &db : &da);
            pvec_dot(&g[2 * side], &n, &c);
            pvec_sub(&mc, &n, &c);
            pvec_dot(&g[2 * side + 1], &n, &mc);
        }
        ng = 4;
    }
    sturm sf, sg[4];
    sturm_build(&sf, &f);
    for (int i = 0; i < ng; ++i)
        sturm_build(&sg[i], &g[i]);
    mpq_t lo, hi;
    mpq_inits(lo, hi, NULL);
    mpq_set_ui(hi, 1, 1);
    const int ok = certify_rec(&sf, sg, ng, lo, hi, 0, max_depth);
    mpq_clears(lo, hi, NULL);
    sturm_clear(&sf);
    for (int i = 0; i < ng; ++i)
        sturm_clear(&sg[i]);
    for (int i = 0; i < 4; ++i) {
        pvec_clear(&x[i]);
        poly_clear(&g[i]);
    }
    pvec_clear(&d1);
    pvec_clear(&d2);
    pvec_clear(&d3);
    pvec_clear(&n);
    pvec_clear(&h);
    pvec_clear(&c);
    pvec_clear(&mc);
    pvec_clear(&da);
    pvec_clear(&db);
    pvec_clear(&w);
    poly_clear(&f);
    return ok;
}
