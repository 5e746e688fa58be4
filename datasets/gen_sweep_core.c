/* gen_sweep_core.c — what the sweep families share (gen_sweep.h): the exact rigid maps every
 * sweep case goes through, and the blade scene with its decision by exact orientations. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "gen_sweep.h"

const gen_sweep_dir gen_sweep_dirs[] = {
    { 1, 0, 1, INT64_C(0) },                      /* alpha = 0 exactly */
    { 4, 3, 5, INT64_C(707536951604) },           /* 0.64350111 */
    { 3, 4, 5, INT64_C(1019571874573) },          /* 0.92729522 */
    { 12, 5, 13, INT64_C(434077426652) },         /* 0.39479112 */
    { 5, 12, 13, INT64_C(1293031399526) },        /* 1.1760052 */
    { 15, 8, 17, INT64_C(538713777330) },         /* 0.48995733 */
    { 8, 15, 17, INT64_C(1188395048848) },        /* 1.080839 */
    { 24, 7, 25, INT64_C(312034922968) },         /* 0.28379411 */
    { 21, 20, 29, INT64_C(836742372155) },        /* 0.76101275 */
    { 20, 21, 29, INT64_C(890366454022) },        /* 0.80978357 */
    { 35, 12, 37, INT64_C(363165782258) },        /* 0.33029735 */
    { 120, 119, 169, INT64_C(858953972873) },     /* 0.78121409: pi/4 - 0.0042 */
    { 697, 696, 985, INT64_C(862765101216) },     /* 0.78468029: pi/4 - 0.00072 */
    { 119, 120, 169, INT64_C(868154853305) },     /* 0.78958224: pi/4 + 0.0042 */
    { 696, 697, 985, INT64_C(864343724962) },     /* 0.78611604: pi/4 + 0.00072 */
    { 63, 16, 65, INT64_C(273459524952) },        /* 0.24870999 */
    { 255, 32, 257, INT64_C(137260414764) },      /* 0.12483762 */
    { 1023, 64, 1025, INT64_C(68697120212) },     /* 0.062479667 */
    { 4095, 128, 4097, INT64_C(34356942574) },    /* 0.031247457 */
    { 16383, 256, 16385, INT64_C(17179519671) },  /* 0.015624682 */
    { 65535, 512, 65537, INT64_C(8589890901) },   /* 0.0078124603 */
    { 262143, 1024, 262145, INT64_C(4294961834) } /* 0.003906245 */
};

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* ---------------- the exact rigid maps ---------------- */

/* The determinant of the signed permutation final[perm[a]] = sign[a] canonical[a]. */
static int signed_perm_det(const int perm[3], const int sign[3])
{
    int inversions = (perm[0] > perm[1]) + (perm[0] > perm[2]) + (perm[1] > perm[2]);
    return (inversions % 2 ? -1 : 1) * sign[0] * sign[1] * sign[2];
}

void gen_sweep_finalize(ccdb_prng *rng, int ee, const gen_sweep_case *c, double q[8][3])
{
    int map[8], perm[3], sign[3];
    gen_random_relabel(rng, ee ? CCDB_KIND_EE : CCDB_KIND_VF, map);
    int moving_first = c->moving_first;
    if (ee && map[0] >= 2) /* the edges swapped: the other one moves */
        moving_first = !moving_first;
    gen_random_signed_perm(rng, perm, sign);
    if (c->in_xy) /* z stays z */
        for (int a = 0; a < 2; a++)
            if (perm[a] == 2) {
                perm[a] = perm[2];
                perm[2] = 2;
            }
    /* An axial vector: w turns with the map and its determinant (a mirror reverses the turn). */
    int64_t det = signed_perm_det(perm, sign), flip = ccdb_prng_chance(rng, 1, 2) ? -1 : 1;
    int64_t T[3], shift = INT64_C(1) << c->grid; /* one unit of length */
    for (int a = 0; a < 3; a++)
        T[a] = c->in_xy && a == 2 ? 0 : ccdb_prng_range(rng, -shift, shift);
    int64_t out[7][3];
    for (int a = 0; a < 3; a++) {
        for (int r = 0; r < 4; r++)
            out[map[r]][perm[a]] = sign[a] * c->p[r][a] + T[perm[a]];
        out[4][perm[a]] = sign[a] * c->O[a] + T[perm[a]];
        out[5][perm[a]] = flip * det * sign[a] * c->w[a];
        out[6][perm[a]] = sign[a] * c->v[a];
    }
    for (int r = 0; r < 7; r++)
        for (int a = 0; a < 3; a++) {
            assert(abs64(out[r][a]) < (INT64_C(1) << 53));
            q[r][a] = r == 5 ? (double)out[r][a] : ldexp((double)out[r][a], -c->grid); /* exact */
        }
    q[7][0] = moving_first ? 0.0 : 1.0;
    q[7][1] = (double)flip * ldexp((double)c->theta_num, -c->theta_bits);
    q[7][2] = 0.0;
}

/* ---------------- the blade scene ---------------- */

/* (b - a) x (p - a) in the (r, z) plane: exact, inputs far below 2^30. */
static int64_t orient2(const int64_t a[2], const int64_t b[2], const int64_t p[2])
{
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
}

void gen_blade_moving(ccdb_prng *rng, gen_blade *b, int n_mov)
{
    const int64_t L = gen_sweep_dirs[b->dir].L;
    int64_t base = ((INT64_C(1) << 16) + L - 1) / L; /* r = 16 base L >= 2^20 */
    base = base < 4 ? 4 : base;
    int64_t rho = 16 * (base + ccdb_prng_range(rng, 0, base / 4)), r = rho * L;
    int64_t z0 = 16 * ccdb_prng_range(rng, -r / 64, r / 64);
    int64_t h = 16 * ccdb_prng_range(rng, r / 256, r / 64); /* half height ~r/16..r/4 */
    int64_t dr = 16 * ccdb_prng_range(rng, base / 8 > 1 ? base / 8 : 1, base / 4); /* r/8..r/4 */
    int64_t zc = 16 * ccdb_prng_range(rng, -r / 128, r / 128);
    b->n_mov = n_mov;
    b->n_still = 4 - n_mov;
    for (int i = 0; i < 3; i++)
        b->rho[i] = rho;
    b->mov[0][1] = z0;
    if (n_mov >= 2) { /* a vertical edge (z0 - h, z0 + h) at radius r */
        b->mov[0][1] = z0 - h;
        b->mov[1][1] = z0 + h;
    }
    if (n_mov == 3) { /* and a third point off it: a triangle in the (r, z) plane */
        b->rho[2] = ccdb_prng_chance(rng, 1, 2) ? rho + dr : rho - dr;
        b->mov[2][1] = zc;
    }
    for (int i = 0; i < n_mov; i++)
        b->mov[i][0] = b->rho[i] * L;
}

void gen_blade_shift(const gen_blade *b, int64_t box[2][2])
{
    const gen_sweep_dir *d = &gen_sweep_dirs[b->dir];
    double theta = ldexp((double)b->theta_num, -b->theta_bits);
    double t_lo = ldexp((double)d->alpha_lo, -40) / theta;
    double t_hi = ldexp((double)(d->alpha_lo + 1), -40) / theta;
    for (int k = 0; k < 2; k++) {
        if (b->dir == SWEEP_DIR_ZERO) { /* t* = 0 exactly */
            box[k][0] = box[k][1] = 0;
            continue;
        }
        /* v t for t in [t_lo, t_hi]: the rounding errors (relative 2^-52 of numbers below
         * 2^40) are far inside the one unit added on each side */
        double a = (double)b->v[k] * t_lo, e = (double)b->v[k] * t_hi;
        box[k][0] = (int64_t)floor(a < e ? a : e) - 1;
        box[k][1] = (int64_t)ceil(a < e ? e : a) + 1;
    }
}

/* +1 / -1 when every value is strictly positive / negative, else 0. */
static int sign_all(const int64_t v[4])
{
    int pos = 1, neg = 1;
    for (int k = 0; k < 4; k++) {
        pos &= v[k] > 0;
        neg &= v[k] < 0;
    }
    return pos - neg;
}

/* The two-dimensional question at t*, at the four corners of the shift box (every condition is
 * linear in the shift, so a sign shared by the corners holds in the whole box). */
static int decide_2d(const gen_blade *b, int64_t box[2][2])
{
    int64_t m[4][3][2]; /* the moving points at each corner */
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < b->n_mov; i++) {
            m[k][i][0] = b->mov[i][0] + box[0][k & 1];
            m[k][i][1] = b->mov[i][1] + box[1][k >> 1];
        }
    if (b->n_mov == 2) { /* EE: proper crossing, or both ends of one strictly on one side */
        int64_t oc[4], od[4], oa[4], ob[4];
        for (int k = 0; k < 4; k++) {
            oc[k] = orient2(m[k][0], m[k][1], b->still[0]);
            od[k] = orient2(m[k][0], m[k][1], b->still[1]);
            oa[k] = orient2(b->still[0], b->still[1], m[k][0]);
            ob[k] = orient2(b->still[0], b->still[1], m[k][1]);
        }
        int sc = sign_all(oc), sd = sign_all(od), sa = sign_all(oa), sb = sign_all(ob);
        if (sc * sd == -1 && sa * sb == -1)
            return 1;
        return (sc != 0 && sc == sd) || (sa != 0 && sa == sb) ? -1 : 0;
    }
    /* VF: the point strictly inside the triangle, or strictly outside one of its sides */
    int hit = 1;
    for (int e = 0; e < 3; e++) {
        int64_t o[4];
        for (int k = 0; k < 4; k++) {
            const int64_t(*tri)[2] = b->n_mov == 3 ? (const int64_t(*)[2])m[k] : b->still;
            const int64_t *pt = b->n_mov == 3 ? b->still[0] : m[k][0];
            int64_t area = orient2(tri[0], tri[1], tri[2]);
            assert(area != 0);
            o[k] = orient2(tri[e], tri[(e + 1) % 3], pt) * (area > 0 ? 1 : -1);
        }
        int s = sign_all(o);
        if (s < 0)
            return -1;
        hit &= s > 0;
    }
    return hit ? 1 : 0;
}

int gen_blade_decide(const gen_blade *b)
{
    const gen_sweep_dir *d = &gen_sweep_dirs[b->dir];
    assert(b->theta_num > 0 && b->theta_bits <= 40);
    int64_t th40 = b->theta_num * (INT64_C(1) << (40 - b->theta_bits)); /* theta 2^40 */
    if (b->dir != SWEEP_DIR_ZERO && th40 <= d->alpha_lo)
        return -1; /* theta < alpha: the moving primitive never reaches the still one's plane */
    if (b->dir != SWEEP_DIR_ZERO && th40 <= d->alpha_lo + 1)
        return 0;
    int64_t box[2][2];
    gen_blade_shift(b, box);
    return decide_2d(b, box);
}

void gen_blade_theta_above(ccdb_prng *rng, gen_blade *b, int64_t k_margin, int64_t k_max)
{
    int64_t k_min = (gen_sweep_dirs[b->dir].alpha_lo + 1) / (INT64_C(1) << 32) + 1 + k_margin;
    b->theta_bits = 8;
    b->theta_num = ccdb_prng_range(rng, k_min, k_max > k_min ? k_max : k_min);
}

/* The axis-aligned unit direction closest to the inside normal of the side a -> b of a shape
 * whose interior is on the side of `inner` (its cross product with b - a has the sign of
 * orient2(a, b, inner)). */
static void inward_axis(const int64_t a[2], const int64_t b[2], const int64_t inner[2],
                        int64_t e[2])
{
    int64_t dx = b[0] - a[0], dz = b[1] - a[1], s = orient2(a, b, inner) > 0 ? 1 : -1;
    /* cross((dx, dz), e): e = (1, 0) gives -dz, e = (0, 1) gives dx */
    if (abs64(dx) >= abs64(dz)) {
        e[0] = 0;
        e[1] = (dx > 0 ? 1 : -1) * s;
    } else {
        e[0] = (dz > 0 ? -1 : 1) * s;
        e[1] = 0;
    }
}

int64_t gen_gap_try(int64_t gap, int i)
{
    static const int steps[GEN_GAP_TRIES] = { 0, 1, 2, 3, -1, -2, -3, -4 };
    int64_t g = steps[i] >= 0 ? gap << steps[i] : gap >> -steps[i];
    return g > 0 ? g : 1;
}

/* One attempt of gen_blade_near at a given gap; the random choices are in `pick`. */
typedef struct near_pick {
    int side, j;      /* the moving triangle's side and position j/16 along it; EE: top end */
    int64_t u[2], u2; /* the still edge's direction and its other half (quarters) */
} near_pick;

static void near_build(gen_blade *b, const near_pick *pk, int want_hit, int64_t gap)
{
    int64_t box[2][2], sm[2], in = want_hit ? 1 : -1;
    gen_blade_shift(b, box);
    for (int k = 0; k < 2; k++)
        sm[k] = (box[k][0] + box[k][1]) / 2;
    if (b->n_mov == 3) { /* the still vertex gap inside / outside side pk->side */
        int64_t m[3][2], e[2];
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 2; k++)
                m[i][k] = b->mov[i][k] + sm[k];
        const int64_t *a = m[pk->side], *c = m[(pk->side + 1) % 3], *o = m[(pk->side + 2) % 3];
        inward_axis(a, c, o, e);
        for (int k = 0; k < 2; k++)
            b->still[0][k] = a[k] + (c[k] - a[k]) / 16 * pk->j + in * gap * e[k];
        return;
    }
    /* VF vertex moving: a still side through the vertex's place, moved by gap; EE: the still
     * edge across the moving edge's top end, gap below (crossing it) or above */
    int64_t pt[2] = { b->mov[b->n_mov - 1][0] + sm[0], b->mov[b->n_mov - 1][1] + sm[1] };
    int64_t a[2], c[2];
    for (int k = 0; k < 2; k++) {
        a[k] = pt[k] + pk->u[k];
        c[k] = pt[k] - pk->u[k] / 4 * pk->u2;
    }
    if (b->n_mov == 2) {
        for (int k = 0; k < 2; k++) {
            b->still[0][k] = a[k] - (k == 1 ? in * gap : 0);
            b->still[1][k] = c[k] - (k == 1 ? in * gap : 0);
        }
        return;
    }
    int64_t nrm[2] = { -pk->u[1], pk->u[0] }, e[2]; /* the triangle's apex side */
    int64_t apex[2] = { pt[0] + nrm[0], pt[1] + nrm[1] };
    inward_axis(a, c, apex, e);
    for (int k = 0; k < 2; k++) { /* moving the side outward by gap puts the vertex inside */
        b->still[0][k] = a[k] - in * gap * e[k];
        b->still[1][k] = c[k] - in * gap * e[k];
        b->still[2][k] = apex[k];
    }
}

int gen_blade_near(ccdb_prng *rng, gen_blade *b, int want_hit, int64_t gap)
{
    assert(gap >= 0);
    near_pick pk;
    int64_t r = b->mov[0][0];
    pk.side = (int)ccdb_prng_below(rng, 3);
    pk.j = (int)ccdb_prng_range(rng, 3, 13);
    pk.u2 = ccdb_prng_range(rng, 2, 4);
    pk.u[0] = 4 * ccdb_prng_range(rng, r / 64, r / 32); /* ~r/8, mostly along r */
    pk.u[1] = 4 * ccdb_prng_range(rng, -r / 128, r / 128);
    if (ccdb_prng_chance(rng, 1, 2))
        pk.u[0] = -pk.u[0];
    if (gap == 0) { /* exactly on the side / through the end: a contact, no decision */
        assert(want_hit);
        near_build(b, &pk, 1, 0);
        return 1;
    }
    int want = want_hit ? 1 : -1, got = 0;
    for (int i = 0; i < GEN_GAP_TRIES && got != want; i++) {
        near_build(b, &pk, want_hit, gen_gap_try(gap, i));
        got = gen_blade_decide(b);
    }
    assert(got == want);
    return got;
}

void gen_blade_case(ccdb_prng *rng, const gen_blade *b, int hit, gen_sweep_case *c)
{
    const gen_sweep_dir *d = &gen_sweep_dirs[b->dir];
    memset(c, 0, sizeof *c);
    /* VF with the triangle moving: row 0 is the still vertex */
    int mov0 = b->n_mov == 3 ? 1 : 0, still0 = b->n_mov == 3 ? 0 : b->n_mov;
    for (int i = 0; i < b->n_mov; i++) {
        c->p[mov0 + i][0] = b->rho[i] * d->c;
        c->p[mov0 + i][1] = -b->rho[i] * d->s;
        c->p[mov0 + i][2] = b->mov[i][1];
    }
    for (int i = 0; i < b->n_still; i++) {
        assert(b->still[i][0] > abs64(b->v[0])); /* in x > 0, away from the moving axis */
        c->p[still0 + i][0] = b->still[i][0];
        c->p[still0 + i][1] = 0;
        c->p[still0 + i][2] = b->still[i][1];
    }
    int64_t r = b->mov[0][0];
    c->O[2] = ccdb_prng_range(rng, -r, r); /* any point of the axis */
    c->w[2] = ccdb_prng_range(rng, 1, 8);
    c->v[0] = b->v[0];
    c->v[2] = b->v[1];
    c->theta_num = b->theta_num;
    c->theta_bits = b->theta_bits;
    c->grid = GEN_SWEEP_GRID;
    c->moving_first = b->n_mov != 3;
    c->intent.hit = hit;
}
