/* gen_rigid_core.c — what the rigid families share: the turning half-plane scene with its exact
 * answer (gen_internal.h explains it), and the exact rigid maps every rigid case goes through. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "gen_internal.h"

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* Orientation of (a, b, p) in the (r, z) plane: the sign of the cross product (exact: inputs
 * far below 2^30). */
static int orient2(const int64_t a[2], const int64_t b[2], const int64_t p[2])
{
    int64_t d = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    return (d > 0) - (d < 0);
}

/* p on the closed segment ab, given that the three are collinear. */
static int on_segment(const int64_t a[2], const int64_t b[2], const int64_t p[2])
{
    for (int k = 0; k < 2; k++) {
        int64_t lo = a[k] < b[k] ? a[k] : b[k], hi = a[k] < b[k] ? b[k] : a[k];
        if (p[k] < lo || p[k] > hi)
            return 0;
    }
    return 1;
}

static int segments_touch(const int64_t a[2], const int64_t b[2], const int64_t c[2],
                          const int64_t d[2])
{
    int o1 = orient2(a, b, c), o2 = orient2(a, b, d), o3 = orient2(c, d, a), o4 = orient2(c, d, b);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return 1;
    return (o1 == 0 && on_segment(a, b, c)) || (o2 == 0 && on_segment(a, b, d)) ||
           (o3 == 0 && on_segment(c, d, a)) || (o4 == 0 && on_segment(c, d, b));
}

int gen_halfplane_touch(const gen_halfplane *h, int ee)
{
    if (ee)
        return segments_touch(h->mov[0], h->mov[1], h->still[0], h->still[1]);
    /* the vertex in the closed triangle (non-degenerate by construction) */
    int o1 = orient2(h->mov[0], h->mov[1], h->still[0]);
    int o2 = orient2(h->mov[1], h->mov[2], h->still[0]);
    int o3 = orient2(h->mov[2], h->mov[0], h->still[0]);
    return (o1 >= 0 && o2 >= 0 && o3 >= 0) || (o1 <= 0 && o2 <= 0 && o3 <= 0);
}

double gen_halfplane_lambda(const gen_halfplane *h)
{
    double m = (double)h->m, n = (double)h->n;
    return (n * n + m * m) / (n * n - m * m + 2.0 * m * n * h->k);
}

void gen_halfplane_build(const gen_halfplane *h, int ee, ccdb_prng *rng, gen_rigid_case *c)
{
    int64_t m = h->m, n = h->n, S = n * n + m * m, C = n * n - m * m, D = 2 * m * n;
    assert(m >= 0 && n > 0 && S < (INT64_C(1) << 42));
    int nmov = ee ? 2 : 3, nstill = ee ? 2 : 1;
    int mov_row = ee ? 0 : 1, still_row = ee ? 2 : 0;
    for (int i = 0; i < nmov; i++) {
        assert(h->mov[i][0] > 0);
        c->p[mov_row + i][0] = S * h->mov[i][0];
        c->p[mov_row + i][1] = 0;
        c->p[mov_row + i][2] = S * h->mov[i][1];
    }
    for (int i = 0; i < nstill; i++) {
        assert(h->still[i][0] > 0);
        c->p[still_row + i][0] = C * h->still[i][0];
        c->p[still_row + i][1] = D * h->still[i][0];
        c->p[still_row + i][2] = S * h->still[i][1];
    }
    /* any point of the z axis */
    c->c[0] = c->c[1] = 0;
    c->c[2] = ccdb_prng_range(rng, -8, 8);
    memset(c->s, 0, sizeof c->s);
    c->w[0] = c->w[1] = 0.0;
    c->w[2] = h->inverse ? -h->k : h->k;
    /* the primitive at angle 0 turns (VF: the triangle, EE: edge a) unless inverse */
    int first_is_mov = ee;
    c->moving_first = h->inverse ? !first_is_mov : first_is_mov;
    double nk = (double)n * h->k; /* exact: small integers times a power of two */
    c->intent.hit = (double)m <= nk && gen_halfplane_touch(h, ee);
    c->intent.toi_known = c->intent.hit && (m == 0 || (double)m == nk);
    c->intent.toi = c->intent.toi_known ? (m == 0 ? 0.0 : 1.0) : 0.0;
}

/* Signed axis permutation M: (M x)[perm[a]] = sign[a] x[a]; returns det M. */
static int random_signed_perm(ccdb_prng *rng, int perm[3], int sign[3])
{
    static const int perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                     { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    static const int parity[6] = { 1, -1, -1, 1, 1, -1 };
    int i = (int)ccdb_prng_below(rng, 6), det = parity[i];
    for (int a = 0; a < 3; a++) {
        perm[a] = perms[i][a];
        sign[a] = ccdb_prng_chance(rng, 1, 2) ? -1 : 1;
        det *= sign[a];
    }
    return det;
}

/* Relabelling that keeps the answer: VF permutes the triangle, EE swaps each edge's endpoints
 * and the edges (then the other primitive is the moving one). map[old row] = new row. */
static int random_relabel(ccdb_prng *rng, int ee, int map[4])
{
    if (!ee) {
        static const int perms[6][3] = { { 1, 2, 3 }, { 1, 3, 2 }, { 2, 1, 3 },
                                         { 2, 3, 1 }, { 3, 1, 2 }, { 3, 2, 1 } };
        const int *p = perms[ccdb_prng_below(rng, 6)];
        map[0] = 0;
        for (int i = 0; i < 3; i++)
            map[1 + i] = p[i];
        return 0;
    }
    int swap_edges = ccdb_prng_chance(rng, 1, 2);
    int swap_a = ccdb_prng_chance(rng, 1, 2), swap_b = ccdb_prng_chance(rng, 1, 2);
    int off = swap_edges ? 2 : 0;
    map[0] = (swap_a ? 1 : 0) + off;
    map[1] = (swap_a ? 0 : 1) + off;
    map[2] = (swap_b ? 3 : 2) - off;
    map[3] = (swap_b ? 2 : 3) - off;
    return swap_edges;
}

/* M x + t (t may be NULL) written as exact doubles scaled by 2^e. */
static void map_point(const int64_t x[3], const int perm[3], const int sign[3], const int64_t *t,
                      int e, double out[3])
{
    int64_t y[3];
    for (int a = 0; a < 3; a++) {
        assert(abs64(x[a]) < (INT64_C(1) << 50)); /* half turns reach 2^47 */
        y[perm[a]] = sign[a] * x[a];
    }
    for (int a = 0; a < 3; a++) {
        int64_t v = y[a] + (t ? t[a] : 0);
        assert(abs64(v) < (INT64_C(1) << 53));
        out[a] = ldexp((double)v, e);
        assert(isfinite(out[a]) && ldexp(out[a], -e) == (double)v);
    }
}

void gen_rigid_finalize(ccdb_prng *rng, int ee, const gen_rigid_case *c, double q[8][3])
{
    int map[4];
    int flip = random_relabel(rng, ee, map);
    int perm[3], sign[3];
    int det = random_signed_perm(rng, perm, sign);
    int64_t t[3];
    for (int a = 0; a < 3; a++)
        t[a] = ccdb_prng_range(rng, -16, 16);
    if (c->in_xy) { /* z stays z: x and y permuted among themselves, no z translation */
        for (int a = 0; a < 2; a++)
            if (perm[a] == 2) {
                perm[a] = perm[2];
                perm[2] = 2;
            }
        det = (perm[0] == 0 ? 1 : -1) * sign[0] * sign[1] * sign[2];
        t[2] = 0;
    }
    for (int r = 0; r < 4; r++)
        map_point(c->p[r], perm, sign, t, c->exp2, q[map[r]]);
    map_point(c->c, perm, sign, t, c->exp2, q[4]);
    map_point(c->s, perm, sign, NULL, c->exp2, q[6]);
    /* w turns with M and changes sign under a reflection: M [w]x M^T = det(M) [M w]x */
    for (int a = 0; a < 3; a++)
        q[5][perm[a]] = det * sign[a] * c->w[a];
    int moving_first = flip ? !c->moving_first : c->moving_first;
    q[7][0] = moving_first ? 0.0 : 1.0;
    q[7][1] = q[7][2] = 0.0;
    for (int r = 0; r < 8; r++)
        for (int a = 0; a < 3; a++)
            if (q[r][a] == 0.0)
                q[r][a] = 0.0; /* no -0 (the CSV writes zero as 0,1 either way) */
}
