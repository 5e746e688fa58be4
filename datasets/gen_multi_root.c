/* gen_multi_root.c — family multi_root: several contacts of the coplanarity cubic in one step.
 *
 * Two-root template: the coplanarity cubic has two roots in the step,
 * t = 1/4 and t = 3/4 (it is -s^2 L 16 (t - 1/4)(t - 3/4) up to a positive factor), so it has
 * the same sign at t = 0 and t = 1 and a parity (sign-change) test sees nothing. At each root
 * the primitives touch or not depending on x0 (the moving vertex's / edge's x, which drifts by
 * 4 k s over the step); base and twin sit on either side of one end of the set of x0 that
 * touch, one grid step apart. Built at scale s (a positive integer), optionally time-reversed.
 *   VF: a (0,0,0), b (16s,0,0), c(t) = (0,16s,(3+4t)s), p(t) = (x0 + 4ks t, (1+4t)s, 2ts):
 *       the plane tilts about edge ab; at t = 1/4 p = (x0+ks, 2s, s/2), at 3/4 (x0+3ks, 4s, 3s/2).
 *       Touch at r iff X(r) >= 0 and X(r) + y(r) <= 16s.
 *   EE: a0 (0,0,0), a1 (16s,0,0); b0(t) = (X(t), 16s, (3+4t)s), b1(t) = (X(t), -(1+4t)s, -2ts):
 *       B's line crosses A's line at both roots (at fractions 8/9 and 4/5 of B);
 *       touch at r iff 0 <= X(r) <= 16s.
 * Besides the two ends of the touching set of x0, the base may sit inside it (twin: one step
 * below its lower end).
 *
 * Three-root template: with a (or a0) still at the origin and the other three points' offsets
 * as the columns of M(t) = M0 + 4 det(S) t I, M0 = -S diag(1,2,3) adj(S) for an integer matrix
 * S, det M(t) = det(S)^3 (4t-1)(4t-2)(4t-3): roots 1/4, 1/2, 3/4, and at the root (i+1)/4 the
 * null vector of M is column i of S, n. VF: p = -(n0 b + n1 c)/n2, so p touches iff
 * -n0/n2 >= 0, -n1/n2 >= 0, -(n0+n1)/n2 <= 1. EE (a1, b0, b1 the columns): the lines meet at
 * s = -n0/(n1+n2) on A and w = n2/(n1+n2) on B; touch iff both are in [0,1]. S is redrawn until
 * every n2 (VF) or n1+n2 (EE) is non-zero (no degenerate primitive, no parallel edges at a root)
 * and the pattern of touches is the wanted one: base touching at least once, twin never. */
#include "gen_internal.h"

/* Contact at each root for matrix S (columns = null vectors); -1 if S is unusable. */
static int three_root_contacts(ccdb_kind kind, int64_t S[3][3], int touch[3])
{
    for (int i = 0; i < 3; i++) {
        int64_t n0 = S[0][i], n1 = S[1][i], n2 = S[2][i];
        if (kind == CCDB_KIND_VF) {
            if (n2 == 0)
                return -1;
            if (n2 < 0) {
                n0 = -n0;
                n1 = -n1;
                n2 = -n2;
            }
            touch[i] = n0 <= 0 && n1 <= 0 && -(n0 + n1) <= n2;
        } else {
            int64_t m = n1 + n2;
            if (m == 0)
                return -1;
            if (m < 0) {
                n0 = -n0;
                n1 = -n1;
                n2 = -n2;
                m = -m;
            }
            touch[i] = -n0 >= 0 && -n0 <= m && n2 >= 0 && n2 <= m;
        }
    }
    return 0;
}

static int three_roots(ccdb_prng *vr, ccdb_kind kind, int twin, gen_case *c)
{
    int64_t S[3][3], adj[3][3], det;
    int touch[3];
    for (;;) {
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                S[i][j] = ccdb_prng_range(vr, -3, 3);
        det = gen_det3(S[0], S[1], S[2]); /* rows; det of the transpose is the same */
        if (det == 0 || three_root_contacts(kind, S, touch))
            continue;
        int any = touch[0] || touch[1] || touch[2];
        if (any != !twin)
            continue;
        break;
    }
    for (int i = 0; i < 3; i++) /* adj(S)[i][j] = cofactor(j, i) */
        for (int j = 0; j < 3; j++) {
            int r0 = (j + 1) % 3, r1 = (j + 2) % 3, c0 = (i + 1) % 3, c1 = (i + 2) % 3;
            adj[i][j] = S[r0][c0] * S[r1][c1] - S[r0][c1] * S[r1][c0];
        }
    int64_t M0[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int64_t v = 0;
            for (int k = 0; k < 3; k++)
                v += S[i][k] * (k + 1) * adj[k][j];
            M0[i][j] = -v;
        }
    int base = kind == CCDB_KIND_VF ? 1 : 0;
    static const int vf_cols[3] = { 2, 3, 0 }, ee_cols[3] = { 1, 2, 3 };
    const int *cols = kind == CCDB_KIND_VF ? vf_cols : ee_cols;
    gen_set_static(c, base, 0, 0, 0);
    for (int j = 0; j < 3; j++) {
        int r = cols[j];
        gen_set(c, r, M0[0][j], M0[1][j], M0[2][j]);
        gen_set(c, r + 4, M0[0][j] + (j == 0) * 4 * det, M0[1][j] + (j == 1) * 4 * det,
                M0[2][j] + (j == 2) * 4 * det);
    }
    if (touch[0])
        gen_hit(c, 1, 1, 2);
    else if (touch[1])
        gen_hit(c, 1, 1, 1);
    else if (touch[2])
        gen_hit(c, 1, 3, 2);
    else
        gen_miss(c);
    return 0;
}

static int build(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    int64_t s = ccdb_prng_range(rng, 1, 4), k = ccdb_prng_range(rng, -3, 3);
    int where = (int)ccdb_prng_below(rng, 3), reverse = (int)ccdb_prng_below(rng, 2);
    int three = (int)ccdb_prng_below(rng, 2);
    uint64_t vseed = ccdb_prng_next(rng);
    if (three) {
        ccdb_prng vr;
        ccdb_prng_seed(&vr, vseed);
        return three_roots(&vr, kind, twin, c);
    }

    /* Touching intervals of x0 at r = 1/4 (X = x0 + ks) and r = 3/4 (X = x0 + 3ks). */
    int64_t hi1, hi2;
    if (kind == CCDB_KIND_VF) {
        hi1 = 14 * s; /* X + 2s <= 16s */
        hi2 = 12 * s; /* X + 4s <= 16s */
    } else {
        hi1 = hi2 = 16 * s;
    }
    int64_t lo_a = -k * s, hi_a = hi1 - k * s, lo_b = -3 * k * s, hi_b = hi2 - 3 * k * s;
    int64_t lo = lo_a < lo_b ? lo_a : lo_b, hi = hi_a > hi_b ? hi_a : hi_b;
    int64_t x0 = where == 0   ? lo - twin
                 : where == 1 ? hi + twin
                 : twin       ? lo - 1
                              : (lo_a + hi_a) / 2;
    int64_t X1 = x0 + k * s, X3 = x0 + 3 * k * s; /* x at t = 1/4 and t = 3/4 */
    int touch1 = X1 >= 0 && X1 <= hi1, touch3 = X3 >= 0 && X3 <= hi2;

    int r0 = reverse ? 4 : 0, r1 = reverse ? 0 : 4; /* rows of t0 and t1 */
    if (kind == CCDB_KIND_VF) {
        gen_set_static(c, 1, 0, 0, 0);
        gen_set_static(c, 2, 16 * s, 0, 0);
        gen_set(c, 3 + r0, 0, 16 * s, 3 * s);
        gen_set(c, 3 + r1, 0, 16 * s, 7 * s);
        gen_set(c, 0 + r0, x0, s, 0);
        gen_set(c, 0 + r1, x0 + 4 * k * s, 5 * s, 2 * s);
    } else {
        gen_set_static(c, 0, 0, 0, 0);
        gen_set_static(c, 1, 16 * s, 0, 0);
        gen_set(c, 2 + r0, x0, 16 * s, 3 * s);
        gen_set(c, 2 + r1, x0 + 4 * k * s, 16 * s, 7 * s);
        gen_set(c, 3 + r0, x0, -s, 0);
        gen_set(c, 3 + r1, x0 + 4 * k * s, -5 * s, -2 * s);
    }
    /* Contact times in the generated time direction. */
    int first = reverse ? touch3 : touch1, second = reverse ? touch1 : touch3;
    if (first)
        gen_hit(c, 1, 1, 2);
    else if (second)
        gen_hit(c, 1, 3, 2);
    else
        gen_miss(c);
    return 0;
}

int gen_multi_root(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    return build(rng, kind, twin, c);
}
