/* test_random.c — exact invariances and an independent witness check on deterministic random
 * queries built from small dyadic coordinates, so that coincident points, collinear and
 * coplanar configurations, parallel edges and touching contacts happen often. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ccdb_truth.h"
#include "gt_test_util.h"

static uint64_t rng_state;
static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static int rnd(int n) { return (int)(splitmix64() % (uint64_t)n); }

static double coord(void)
{
    switch (rnd(3)) {
    case 0: return rnd(5) - 2;             /* -2..2 */
    case 1: return (rnd(17) - 8) / 4.0;     /* quarters */
    default: return (rnd(33) - 16) / 8.0;   /* eighths */
    }
}

/* A random query, biased towards degenerate configurations. */
static void gen(double q[8][3], int ee)
{
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++)
            q[i][j] = coord();
    if (rnd(3) == 0) /* everything in the plane z = 0: coplanar for the whole step */
        for (int i = 0; i < 8; i++)
            q[i][2] = 0;
    if (rnd(4) == 0) { /* coincident points */
        int a = rnd(8), b = rnd(8);
        memcpy(q[a], q[b], sizeof q[a]);
    }
    if (rnd(4) == 0) { /* a static point */
        int a = rnd(4);
        memcpy(q[a + 4], q[a], sizeof q[a]);
    }
    if (rnd(6) == 0) { /* collinear triangle / parallel edges: x2 - x1 = x1 - x0 or db = da */
        int h = 4 * rnd(2);
        for (int j = 0; j < 3; j++) {
            if (ee)
                q[h + 3][j] = q[h + 2][j] + (q[h + 1][j] - q[h][j]);
            else
                q[h + 3][j] = 2 * q[h + 2][j] - q[h + 1][j];
        }
    }
    if (rnd(8) == 0) /* near-coplanar or near-touching: one value moved by 2^-30 */
        q[rnd(8)][rnd(3)] += ldexp(1, -30);
    (void)ee;
}

/* ---- an independent exact check at one time t (mpq, no polynomials) ---------------------- */

typedef mpq_t vec[3];

static void vq_init(vec v) { mpq_inits(v[0], v[1], v[2], NULL); }
static void vq_clear(vec v) { mpq_clears(v[0], v[1], v[2], NULL); }

static void point_at(vec r, const double q[8][3], int i, const mpq_t t)
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

static void vsub(vec r, vec a, vec b)
{
    for (int j = 0; j < 3; j++)
        mpq_sub(r[j], a[j], b[j]);
}
static void vcross(vec r, vec a, vec b)
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
static void vdot(mpq_t r, vec a, vec b)
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
static int vzero(vec a) { return !mpq_sgn(a[0]) && !mpq_sgn(a[1]) && !mpq_sgn(a[2]); }

/* p on segment [a, b]: witness s with p = a + s (b - a), 0 <= s <= 1 */
static int on_seg(vec p, vec a, vec b)
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
static int touch_at(const double q[8][3], int ee, const mpq_t t)
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

static int touch_at_d(const double q[8][3], int ee, double t)
{
    mpq_t tq;
    mpq_init(tq);
    mpq_set_d(tq, t);
    int h = touch_at(q, ee, tq);
    mpq_clear(tq);
    return h;
}

static void same(const char *what, int i, const ccdb_truth_result *a, const ccdb_truth_result *b)
{
    cr_assert_eq(a->hit, b->hit, "query %d %s: hit %d vs %d", i, what, a->hit, b->hit);
    if (a->hit) {
        cr_assert(a->toi_lo == b->toi_lo && a->toi_hi == b->toi_hi,
                  "query %d %s: TOI [%.17g,%.17g] vs [%.17g,%.17g]", i, what, a->toi_lo, a->toi_hi,
                  b->toi_lo, b->toi_hi);
    }
    cr_assert_eq(a->flags, b->flags, "query %d %s: flags 0x%x vs 0x%x", i, what, a->flags, b->flags);
}

static void random_suite(int ee, uint64_t seed, int count)
{
    ccdb_truth *chk = ccdb_truth_new(), *t = ccdb_truth_new();
    ccdb_truth_set_checking(chk, 1);
    ccdb_truth_set_checking(t, 0);
    rng_state = seed;
    int hits = 0, witnessed = 0, classes = 0;
    for (int i = 0; i < count; i++) {
        double q[8][3], q2[8][3];
        gen(q, ee);
        ccdb_truth_result r, r2;
        gt_run(chk, ee, (const double(*)[3])q, &r); /* checking mode: both methods agree */
        hits += r.hit;
        classes |= (int)r.flags;
        if (r.hit) {
            cr_assert(gt_tight(&r) && r.toi_lo >= 0 && r.toi_hi <= 1, "query %d: bracket", i);
            /* at the TOI (when a double) they touch; just before it they do not */
            if (r.toi_lo == r.toi_hi) {
                cr_assert(touch_at_d((const double(*)[3])q, ee, r.toi_lo),
                          "query %d: no witness at TOI %.17g", i, r.toi_lo);
                witnessed++;
            }
            if (r.toi_lo > 0)
                cr_assert(!touch_at_d((const double(*)[3])q, ee, nextafter(r.toi_lo, -1.0)),
                          "query %d: contact before the TOI %.17g", i, r.toi_lo);
        } else {
            static const double ts[] = { 0, 0.125, 0.25, 1.0 / 3, 0.5, 0.75, 1 };
            for (size_t k = 0; k < sizeof ts / sizeof ts[0]; k++)
                cr_assert(!touch_at_d((const double(*)[3])q, ee, ts[k]),
                          "query %d: miss but contact at t = %g", i, ts[k]);
        }
        /* permutations */
        int nperm = ee ? 8 : 6;
        static const int pv[6][4] = { { 0, 1, 2, 3 }, { 0, 1, 3, 2 }, { 0, 2, 1, 3 },
                                      { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 0, 3, 2, 1 } };
        static const int pe[8][4] = { { 0, 1, 2, 3 }, { 1, 0, 2, 3 }, { 0, 1, 3, 2 },
                                      { 1, 0, 3, 2 }, { 2, 3, 0, 1 }, { 3, 2, 0, 1 },
                                      { 2, 3, 1, 0 }, { 3, 2, 1, 0 } };
        for (int p = 1; p < nperm; p++) {
            const int *m = ee ? pe[p] : pv[p];
            for (int h = 0; h < 2; h++)
                for (int j = 0; j < 4; j++)
                    memcpy(q2[4 * h + j], q[4 * h + m[j]], sizeof q2[0]);
            gt_run(t, ee, (const double(*)[3])q2, &r2);
            same("permuted", i, &r, &r2);
        }
        /* translation by an exact offset (small dyadics stay exact), scaling by 2^k */
        double off[3] = { coord() * 64, coord() * 1024, coord() };
        for (int a = 0; a < 8; a++)
            for (int j = 0; j < 3; j++)
                q2[a][j] = q[a][j] + off[j];
        gt_run(t, ee, (const double(*)[3])q2, &r2);
        same("translated", i, &r, &r2);
        int e = rnd(200) - 100;
        for (int a = 0; a < 8; a++)
            for (int j = 0; j < 3; j++)
                q2[a][j] = ldexp(q[a][j], e);
        gt_run(t, ee, (const double(*)[3])q2, &r2);
        same("scaled", i, &r, &r2);
        /* time reversal: same hit; the reversed TOI is 1 - (last contact) <= 1 - TOI */
        for (int a = 0; a < 4; a++) {
            memcpy(q2[a], q[a + 4], sizeof q2[0]);
            memcpy(q2[a + 4], q[a], sizeof q2[0]);
        }
        gt_run(t, ee, (const double(*)[3])q2, &r2);
        cr_assert_eq(r.hit, r2.hit, "query %d reversed: hit", i);
        if (r.hit) {
            mpq_t s, x;
            mpq_inits(s, x, NULL);
            mpq_set_d(s, r.toi_lo);
            mpq_set_d(x, r2.toi_lo);
            mpq_add(s, s, x);
            cr_assert(mpq_cmp_ui(s, 1, 1) <= 0, "query %d reversed: TOI %.17g + %.17g > 1", i,
                      r.toi_lo, r2.toi_lo);
            mpq_clears(s, x, NULL);
            if (r2.toi_lo == r2.toi_hi) /* the last contact time is a contact */
                cr_assert(touch_at_d((const double(*)[3])q2, ee, r2.toi_lo), "query %d rev", i);
        }
    }
    cr_log_info("%s: %d queries, %d hits, %d witnessed, class flags seen 0x%x", ee ? "ee" : "vf",
                count, hits, witnessed, classes);
    cr_assert_gt(hits, count / 20, "too few hits to mean anything");
    cr_assert_gt(witnessed, hits / 4);
    ccdb_truth_free(chk);
    ccdb_truth_free(t);
}

Test(random, vf_invariances_and_witness, .timeout = 600) { random_suite(0, 0x5eed0001ull, 3000); }
Test(random, ee_invariances_and_witness, .timeout = 600) { random_suite(1, 0x5eed0002ull, 3000); }
