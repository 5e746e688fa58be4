/* test_fp_rigid.c — the certified floating-point stage of the rigid kinds (fp_rigid, with its
 * per-axis bound counted as box) against the exact path: every rigid generator family (spins
 * through, phantoms, pure translations, contacts at t = 0 and 1, half turns, tangent and in-plane
 * contacts, tiny angles, scaled cases, planar paddles) and rigid_random, as generated and
 * perturbed by one to three ulps, by a relative 2^-20..2^-50 (rows 0-6: points, c, w, s), by a
 * far translation of the points and c, by a power-of-two scaling of the lengths to
 * 2^-1000..2^1000, by w scaled past the stage's range. The judge with its cheap stages must give
 * exactly the exact path's hit, bracket and flags on every query (a third context in checking
 * mode re-derives each cheap answer internally), and the stage must decide the share the issue
 * asks of rigid_random. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_truth.h"
#include "gt_rng.h"

typedef struct rcounts {
    int queries, fp_hits, fp_misses, box, exact, hits;
    int linear, linear_hits; /* pure translations decided by the linear judge's fp_roots */
} rcounts;

typedef struct rjudges {
    ccdb_truth *fast, *exact, *checked;
} rjudges;

static void judge(ccdb_truth *t, int ee, const double q[8][3], ccdb_truth_result *r)
{
    if (ee)
        ccdb_truth_rigid_ee(t, q, r);
    else
        ccdb_truth_rigid_vf(t, q, r);
}

static void check_rigid(rjudges *j, int ee, const double q[8][3], const char *what, size_t i,
                        int pert, rcounts *c)
{
    ccdb_truth_result f, e;
    judge(j->fast, ee, q, &f);
    judge(j->exact, ee, q, &e);
    const char *st = ccdb_truth_stage_name(f.stage);
    cr_assert_eq(f.hit, e.hit, "%s #%zu/%d: hit %d, exact %d (%s)", what, i, pert, f.hit, e.hit,
                 st);
    cr_assert(f.toi_lo == e.toi_lo && f.toi_hi == e.toi_hi,
              "%s #%zu/%d: [%.17g, %.17g], exact [%.17g, %.17g] (%s)", what, i, pert, f.toi_lo,
              f.toi_hi, e.toi_lo, e.toi_hi, st);
    cr_assert_eq(f.flags, e.flags, "%s #%zu/%d: flags 0x%x, exact 0x%x (%s)", what, i, pert,
                 f.flags, e.flags, st);
    cr_assert_eq(f.cls, e.cls, "%s #%zu/%d (%s)", what, i, pert, st);
    c->queries++;
    c->hits += f.hit;
    if (f.stage == CCDB_STAGE_FP_RIGID) {
        c->fp_hits += f.hit;
        c->fp_misses += !f.hit;
    } else if (f.stage == CCDB_STAGE_BOX) {
        c->box++;
        cr_assert(!f.hit);
    } else if (f.stage == CCDB_STAGE_FP_ROOTS) { /* only a pure translation, as the linear query */
        cr_assert(q[5][0] == 0 && q[5][1] == 0 && q[5][2] == 0, "%s #%zu/%d: fp_roots", what, i,
                  pert);
        c->linear++;
        c->linear_hits += f.hit;
    } else {
        cr_assert_eq(f.stage, CCDB_STAGE_EXACT, "%s: a rigid query decided by %s", what, st);
        c->exact++;
    }
    if (c->queries % 5 == 0) { /* checking mode re-derives the cheap answers (asserts inside) */
        ccdb_truth_result k;
        judge(j->checked, ee, q, &k);
        cr_assert(k.hit == e.hit && k.toi_lo == e.toi_lo && k.toi_hi == e.toi_hi &&
                      k.flags == e.flags,
                  "%s #%zu", what, i);
    }
}

/* The perturbations of a rigid query (0: none; row 7, which body moves, is never touched).
 * Returns 0 when one does not apply. */
static int perturb_rigid(double q[8][3], int kind)
{
    switch (kind) {
    case 0: return 1;
    case 1: { /* one value of rows 0-6, one to three ulps */
        double *x = &q[rnd(7)][rnd(3)];
        for (int s = 1 + rnd(3), dir = rnd(2); s > 0; s--)
            *x = nextafter(*x, dir ? INFINITY : -INFINITY);
        return 1;
    }
    case 2: { /* every value of rows 0-6 by a relative 2^-20 .. 2^-50 (rounded) */
        const int e = 20 + rnd(31);
        for (int i = 0; i < 7; i++)
            for (int k = 0; k < 3; k++)
                q[i][k] += q[i][k] * ldexp(unit() - 0.5, -e);
        return 1;
    }
    case 3: { /* a far translation of the points and the axis point: rounds them */
        const double off = ldexp(1.0 + unit(), rnd(12)) * (rnd(2) ? 1 : -1) / 3.0;
        for (int i = 0; i < 5; i++)
            for (int k = 0; k < 3; k++)
                q[i][k] += off;
        return 1;
    }
    case 4: { /* the lengths scaled by a power of two, near underflow or overflow */
        static const int rows[6] = { 0, 1, 2, 3, 4, 6 };
        const int e = rnd(2) ? -1000 + rnd(40) : 950 + rnd(50);
        for (int r = 0; r < 6; r++)
            for (int k = 0; k < 3; k++) {
                const double x = ldexp(q[rows[r]][k], e);
                if (!isfinite(x) || ldexp(x, -e) != q[rows[r]][k])
                    return 0;
                q[rows[r]][k] = x;
            }
        return 1;
    }
    default: { /* w scaled by 2^21 .. 2^30: past the stage's |w_j| <= 2^20 (a near half turn) */
        const int e = 21 + rnd(10);
        for (int k = 0; k < 3; k++)
            q[5][k] = ldexp(q[5][k], e);
        return 1;
    }
    }
}

static const char *const families[] = {
    "rigid_spin_through", "rigid_phantom", "rigid_translation", "rigid_time_boundary",
    "rigid_half_turn",    "rigid_grazing", "rigid_in_plane",    "rigid_tiny_angle",
    "rigid_scaled",       "planar_paddle", "rigid_random"
};

static void check_family(rjudges *j, const char *fam, int ee, size_t n, uint64_t seed, int npert,
                         rcounts *c)
{
    char err[256];
    ccdb_dataset ds;
    cr_assert_eq(ccdb_generate(fam, ee ? CCDB_KIND_RIGID_EE : CCDB_KIND_RIGID_VF, n, seed, &ds,
                               NULL, err, sizeof err),
                 0, "%s", err);
    for (size_t i = 0; i < ds.count; i++)
        for (int p = 0; p < npert; p++) {
            double q[8][3];
            memcpy(q, ds.q[i], sizeof q);
            if (perturb_rigid(q, p))
                check_rigid(j, ee, (const double(*)[3])q, fam, i, p, c);
        }
    ccdb_dataset_free(&ds);
}

static rjudges rjudges_new(void)
{
    rjudges j = { ccdb_truth_new(), ccdb_truth_new(), ccdb_truth_new() };
    ccdb_truth_set_filters(j.exact, 0);
    ccdb_truth_set_checking(j.checked, 1);
    return j;
}

static void rjudges_free(rjudges *j)
{
    ccdb_truth_free(j->fast);
    ccdb_truth_free(j->exact);
    ccdb_truth_free(j->checked);
}

Test(fp_rigid, families_perturbed)
{
    rjudges j = rjudges_new();
    rcounts c = { 0 };
    rng = 0x71d;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (int ee = 0; ee < 2; ee++)
            check_family(&j, families[f], ee, 60, 0x5eed + f, 6, &c);
    cr_log_info("rigid families: %d queries (%d hits), fp_rigid decided %d hits and %d misses, "
                "box %d, pure translations by fp_roots %d, exact %d",
                c.queries, c.hits, c.fp_hits, c.fp_misses, c.box, c.linear, c.exact);
    cr_assert_gt(c.linear, 100, "pure translations must reach the linear judge's stages");
    cr_assert_gt(c.fp_hits, 200, "the stage must be exercised on hits");
    cr_assert_gt(c.fp_misses, 500, "the stage must be exercised on misses");
    cr_assert_gt(c.box, 200, "the per-axis bound must be exercised");
    cr_assert_gt(c.exact, 500, "the edges of the stage must reach the exact path");
    rjudges_free(&j);
}

/* The share: at least 90% of random rigid queries decided without the exact path, and
 * here most of the hits too (they are 3%; the pure translations' by the linear judge's stages). */
Test(fp_rigid, rigid_random_share)
{
    rjudges j = rjudges_new();
    for (int ee = 0; ee < 2; ee++) {
        rcounts c = { 0 };
        check_family(&j, "rigid_random", ee, 4000, 0xabc + (uint64_t)ee, 1, &c);
        cr_log_info("rigid_random %s: %d queries (%d hits), fp_rigid %d hits %d misses, box %d, "
                    "pure translations by fp_roots %d (%d hits), exact %d",
                    ee ? "ee" : "vf", c.queries, c.hits, c.fp_hits, c.fp_misses, c.box, c.linear,
                    c.linear_hits, c.exact);
        cr_assert_eq(c.queries, 4000);
        cr_assert_geq(c.fp_hits + c.fp_misses + c.box + c.linear, 9 * c.queries / 10);
        cr_assert_gt(c.hits, 40);
        cr_assert_geq(c.fp_hits + c.linear_hits, 8 * c.hits / 10, "%d + %d of %d hits", c.fp_hits,
                      c.linear_hits, c.hits);
        cr_assert_gt(c.box, c.queries / 2);
    }
    rjudges_free(&j);
}

/* A vertex in the still triangle's plane (x = 0) at t = 0 or at t = 1 (a quarter turn about z
 * through the origin takes (r, 0, z) to (0, r, z)): F vanishes at an end of [0, 1], where the
 * stage's root isolation cannot separate the root from the end. Outside the triangle (a miss at
 * that end) the stage cuts the end off and decides, unless the vertex is so close to the triangle
 * that no contact condition is certified violated on the cut piece; inside (contact_t0 /
 * contact_t1, never certified by the stage) the query goes on to the exact path. Every answer
 * must be the exact path's. */
Test(fp_rigid, roots_at_the_ends)
{
    rjudges j = rjudges_new();
    rcounts c = { 0 };
    int t0 = 0, t1 = 0;
    rng = 0xe4d5;
    for (int n = 0; n < 1200; n++) {
        double q[8][3] = { { 0 }, { 0, -1, -1 }, { 0, 5, -1 }, { 0, -1, 5 }, { 0 }, { 0, 0, 1 } };
        /* the vertex's in-plane coordinates: inside, on the boundary, or outside (also by a
         * tiny dyadic step, below and above the cut's reach) */
        const double y =
            (rnd(97) - 30) / 8.0 + (rnd(3) == 0 ? ldexp(rnd(2) ? 1 : -1, -rnd(40)) : 0);
        const double z = (rnd(97) - 30) / 8.0;
        const int at1 = n % 2;
        q[0][0] = at1 ? y : 0; /* at t = 1 the turn brings (y, 0, z) to (0, y, z) */
        q[0][1] = at1 ? 0 : y;
        q[0][2] = z;
        if (n % 3 == 0) /* and a translation along z, which keeps the plane crossing at the end */
            q[6][2] = (rnd(9) - 4) / 4.0;
        check_rigid(&j, 0, (const double(*)[3])q,
                    at1 ? "vertex reaches x = 0 at t = 1" : "vertex at x = 0 at t = 0", (size_t)n,
                    0, &c);
        ccdb_truth_result r;
        judge(j.fast, 0, (const double(*)[3])q, &r);
        t0 += (r.flags >> CCDB_CLASS_CONTACT_T0) & 1u;
        t1 += (r.flags >> CCDB_CLASS_CONTACT_T1) & 1u;
    }
    cr_log_info("roots at the ends: %d queries (%d hits: %d at t = 0, %d at t = 1), fp_rigid "
                "decided %d hits and %d misses, box %d, exact %d",
                c.queries, c.hits, t0, t1, c.fp_hits, c.fp_misses, c.box, c.exact);
    cr_assert_gt(t0, 50, "contacts at t = 0 must be exercised");
    cr_assert_gt(t1, 50, "contacts at t = 1 must be exercised");
    cr_assert_gt(c.fp_misses, 300, "misses with F = 0 at an end must be decided by the stage");
    cr_assert_gt(c.exact, 100, "contacts at an end must reach the exact path");
    rjudges_free(&j);
}
