/* gen_degenerate.c — family degenerate_primitives: zero-area triangles (collinear or coincident
 * vertices), zero-length edges, coincident points. The degenerate primitive lies on the x axis
 * (its extent is [lo, hi]); the other one passes through the axis at t = d/P, along a direction
 * k with k.z != 0, or moves along the axis itself.
 *   VF: the triangle is a segment (three collinear vertices, or two coincident) or a point (all
 *       three coincident). The vertex crosses the axis at x = hi (twin: x = hi + 1, a miss), or
 *       inside [lo, hi] (twin: its whole path one step off in y, so it passes z = 0 at y = 1),
 *       or slides along the axis into hi (twin: on the parallel line y = 1). Also a vertex that
 *       coincides with a (non-degenerate) triangle's vertex at t = 0 (twin: one step above).
 *   EE: A is a point (a0 = a1) crossing segment B or point B (twins as for VF); or A and B are
 *       the same segment the whole step (twin: B one step above). */
#include "gen_internal.h"

typedef struct crossing {
    int64_t d, P, k[3];
    int m;
} crossing;

/* A path through (x, 0, 0) at t = d/P, direction k (k.z != 0); shifted by (0, dy, 0). */
static void cross_path(gen_case *c, int row, const crossing *cr, int64_t x, int64_t dy)
{
    gen_set(c, row, x - cr->d * cr->k[0], dy - cr->d * cr->k[1], -cr->d * cr->k[2]);
    gen_set(c, row + 4, x + (cr->P - cr->d) * cr->k[0], dy + (cr->P - cr->d) * cr->k[1],
            (cr->P - cr->d) * cr->k[2]);
}

static void draw_crossing(ccdb_prng *rng, crossing *cr)
{
    cr->m = (int)ccdb_prng_range(rng, 1, 6);
    cr->P = INT64_C(1) << cr->m;
    cr->d = ccdb_prng_range(rng, 1, cr->P - 1);
    cr->k[0] = 0; /* the path stays at x: the crossing point is what decides */
    cr->k[1] = ccdb_prng_range(rng, -3, 3);
    cr->k[2] = ccdb_prng_range(rng, 1, 3) * (ccdb_prng_chance(rng, 1, 2) ? 1 : -1);
}

/* The degenerate primitive's x coordinates (on the x axis): shape 0 collinear distinct,
 * 1 two coincident, 2 all coincident (a point). */
static void axis_points(ccdb_prng *rng, int64_t x[3], int64_t *lo, int64_t *hi)
{
    int shape = (int)ccdb_prng_below(rng, 3);
    int64_t L = ccdb_prng_range(rng, 1, 24), mid = ccdb_prng_range(rng, -8, 32);
    x[0] = 0;
    x[1] = shape == 0 ? L : 0;
    x[2] = shape == 2 ? 0 : mid;
    if (shape == 0 && (mid == 0 || mid == L))
        x[2] = L + 1; /* keep the three distinct */
    if (shape == 1 && mid == 0)
        x[2] = L;
    *lo = *hi = x[0];
    for (int i = 1; i < 3; i++) {
        if (x[i] < *lo)
            *lo = x[i];
        if (x[i] > *hi)
            *hi = x[i];
    }
}

/* What both kinds draw first: the degenerate primitive on the x axis (axis_points), a crossing
 * path, and an inner point of [lo, hi]. */
typedef struct degenerate_draw {
    int64_t x[3], lo, hi, inner;
    crossing cr;
} degenerate_draw;

static void draw_degenerate(ccdb_prng *rng, degenerate_draw *d)
{
    axis_points(rng, d->x, &d->lo, &d->hi);
    draw_crossing(rng, &d->cr);
    d->inner = ccdb_prng_range(rng, d->lo, d->hi);
}

/* The base case hits at num / 2^log2_den, its twin misses. */
static int answer(gen_case *c, int twin, int64_t num, int log2_den)
{
    if (twin)
        gen_miss(c);
    else
        gen_hit(c, 1, num, log2_den);
    return 0;
}

static int vf(ccdb_prng *rng, int twin, gen_case *c)
{
    degenerate_draw d;
    draw_degenerate(rng, &d);
    int64_t L = ccdb_prng_range(rng, 2, 16), H = ccdb_prng_range(rng, 2, 16);
    int64_t rx = ccdb_prng_range(rng, -8, 24), ry = ccdb_prng_range(rng, -8, 24),
            hz = ccdb_prng_range(rng, 1, 16);
    int variant = (int)ccdb_prng_below(rng, 4);

    if (variant == 3) { /* coincident points at t = 0 with a proper triangle */
        gen_set_static(c, 1, 0, 0, 0);
        gen_set_static(c, 2, L, 0, 0);
        gen_set_static(c, 3, 0, H, 0);
        gen_set(c, 0, 0, 0, twin);
        gen_set(c, 4, rx, ry, hz);
        return answer(c, twin, 0, 0);
    }
    for (int i = 0; i < 3; i++)
        gen_set_static(c, 1 + i, d.x[i], 0, 0);
    switch (variant) {
    case 0: /* through the end hi of the degenerate triangle; twin one step beyond */
        cross_path(c, 0, &d.cr, d.hi + twin, 0);
        break;
    case 1: /* through an inner point; twin's path one step off in y */
        cross_path(c, 0, &d.cr, d.inner, twin);
        break;
    default: /* along the axis into hi; twin along y = 1 */
        gen_set(c, 0, d.hi + d.cr.d, twin, 0);
        gen_set(c, 4, d.hi + d.cr.d - d.cr.P, twin, 0);
        break;
    }
    return answer(c, twin, d.cr.d, d.cr.m);
}

static int ee(ccdb_prng *rng, int twin, gen_case *c)
{
    degenerate_draw d;
    draw_degenerate(rng, &d);
    int64_t w[3];
    for (int i = 0; i < 3; i++)
        w[i] = ccdb_prng_range(rng, -6, 6);
    int variant = (int)ccdb_prng_below(rng, 4);

    /* B is the segment (or point) [lo, hi] on the x axis: a zero-length edge when lo == hi. */
    gen_set_static(c, 2, d.lo, 0, 0);
    gen_set_static(c, 3, d.hi, 0, 0);
    switch (variant) {
    case 0: /* point A through B's end hi; twin one step beyond */
        cross_path(c, 0, &d.cr, d.hi + twin, 0);
        cross_path(c, 1, &d.cr, d.hi + twin, 0);
        break;
    case 1: /* point A through an inner point of B; twin one step off in y */
        cross_path(c, 0, &d.cr, d.inner, twin);
        cross_path(c, 1, &d.cr, d.inner, twin);
        break;
    case 2: /* point A along the axis into hi; twin along y = 1 */
        gen_set(c, 0, d.hi + d.cr.d, twin, 0);
        gen_set(c, 4, d.hi + d.cr.d - d.cr.P, twin, 0);
        gen_set(c, 1, d.hi + d.cr.d, twin, 0);
        gen_set(c, 5, d.hi + d.cr.d - d.cr.P, twin, 0);
        break;
    default: /* A and B the same segment (or point), moving together; twin: B one step above */
        gen_set(c, 0, d.lo, 0, 0);
        gen_set(c, 1, d.hi, 0, 0);
        gen_set(c, 4, d.lo + w[0], w[1], w[2]);
        gen_set(c, 5, d.hi + w[0], w[1], w[2]);
        gen_set(c, 2, d.lo, 0, twin);
        gen_set(c, 3, d.hi, 0, twin);
        gen_set(c, 6, d.lo + w[0], w[1], w[2] + twin);
        gen_set(c, 7, d.hi + w[0], w[1], w[2] + twin);
        return answer(c, twin, 0, 0);
    }
    return answer(c, twin, d.cr.d, d.cr.m);
}

int gen_degenerate(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    return kind == CCDB_KIND_VF ? vf(rng, twin, c) : ee(rng, twin, c);
}
