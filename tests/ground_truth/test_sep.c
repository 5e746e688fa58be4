/* test_sep.c — the judge at a minimum separation d (ccdb_truth_vf_sep / _ee_sep):
 * d = 0 identical to the plain judge (every generator family, the public sample); hand-built
 * approaches to exactly d (face, edge, vertex, EE interiors and endpoints, parallel sliding at d,
 * one ulp outside d); and on random queries (small dyadic grids with many degeneracies, and
 * generic doubles), all in checking mode: monotone in d, the TOI checked by an independent exact
 * distance in mpq (not within d just before the bracket, within d at its upper end), and
 * invariant under translations, relabellings, power-of-two scalings of coordinates and d together,
 * and (hit/miss) time reversal. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_test.h"
#include "gt_witness.h" /* mpq vectors: vec, point_at, vsub, vdot, vcross, distances */
#include "ccdb_truth.h"
#include "gt_test_util.h"
#include "gt_rng.h"

static void sep_run(ccdb_truth *t, int ee, const double q[8][3], double d, ccdb_truth_result *r)
{
    if (ee)
        ccdb_truth_ee_sep(t, q, d, r);
    else
        ccdb_truth_vf_sep(t, q, d, r);
}

/* ---- an independent exact distance at a rational time (mpq; no polynomial in t) ------------ */

/* Squared distance between the primitives at time t. VF: if the projection of p onto the
 * triangle's plane lies inside (non-zero normal), the distance to the plane; else the nearest
 * edge. EE: if the closest points of the two lines lie inside both segments (non-parallel),
 * the distance of the lines; else the nearest endpoint-segment pair. */
static void dist2_at(mpq_t r, const double q[8][3], int ee, const mpq_t t)
{
    vec x[4], u, v, n, c;
    for (int i = 0; i < 4; i++) {
        vq_init(x[i]);
        point_at(x[i], q, i, t);
    }
    vq_init(u);
    vq_init(v);
    vq_init(n);
    vq_init(c);
    mpq_t nn, s, k;
    mpq_inits(nn, s, k, NULL);
    int first = 1;
    if (!ee) {
        vsub(u, x[2], x[1]);
        vsub(v, x[3], x[1]);
        vcross(n, u, v);
        vdot(nn, n, n);
        int inside = mpq_sgn(nn) > 0;
        for (int i = 0; i < 3 && inside; i++) {
            vsub(u, x[1 + (i + 1) % 3], x[1 + i]);
            vsub(v, x[0], x[1 + i]);
            vcross(c, u, v);
            vdot(s, n, c);
            inside = mpq_sgn(s) >= 0;
        }
        if (inside) {
            vsub(v, x[0], x[1]);
            vdot(s, n, v);
            mpq_mul(s, s, s);
            mpq_div(s, s, nn);
            vkeep_min(r, s, &first);
        }
        for (int i = 0; i < 3; i++) {
            vdist2_point_segment(s, x[0], x[1 + i], x[1 + (i + 1) % 3]);
            vkeep_min(r, s, &first);
        }
    } else {
        vec da, db, w;
        vq_init(da);
        vq_init(db);
        vq_init(w);
        vsub(da, x[1], x[0]);
        vsub(db, x[3], x[2]);
        vsub(w, x[2], x[0]);
        vcross(n, da, db);
        vdot(nn, n, n);
        if (mpq_sgn(nn) > 0) {
            vcross(c, w, db);
            vdot(s, c, n);
            vcross(c, w, da);
            vdot(k, c, n);
            if (mpq_sgn(s) >= 0 && mpq_cmp(s, nn) <= 0 && mpq_sgn(k) >= 0 && mpq_cmp(k, nn) <= 0) {
                vdot(s, w, n);
                mpq_mul(s, s, s);
                mpq_div(s, s, nn);
                vkeep_min(r, s, &first);
            }
        }
        vdist2_point_segment(s, x[0], x[2], x[3]);
        vkeep_min(r, s, &first);
        vdist2_point_segment(s, x[1], x[2], x[3]);
        vkeep_min(r, s, &first);
        vdist2_point_segment(s, x[2], x[0], x[1]);
        vkeep_min(r, s, &first);
        vdist2_point_segment(s, x[3], x[0], x[1]);
        vkeep_min(r, s, &first);
        vq_clear(da);
        vq_clear(db);
        vq_clear(w);
    }
    mpq_clears(nn, s, k, NULL);
    for (int i = 0; i < 4; i++)
        vq_clear(x[i]);
    vq_clear(u);
    vq_clear(v);
    vq_clear(n);
    vq_clear(c);
}

/* dist(t) <= d, exactly, at the double time t. */
static int within_at(const double q[8][3], int ee, double t, double d)
{
    mpq_t tt, r, dd;
    mpq_inits(tt, r, dd, NULL);
    mpq_set_d(tt, t);
    mpq_set_d(dd, d);
    mpq_mul(dd, dd, dd);
    dist2_at(r, q, ee, tt);
    int in = mpq_cmp(r, dd) <= 0;
    mpq_clears(tt, r, dd, NULL);
    return in;
}

/* ---- checks shared by the random tests ------------------------------------------------------ */

typedef struct tally {
    long queries, hits, witnessed_hi;
} tally;

/* The bracket and the exact distance: nothing within d at a double before the TOI; within d at
 * the TOI when it is a double; within d at toi_hi when strict (required only if must_hi). */
static void check_witness(const double q[8][3], int ee, double d, const ccdb_truth_result *r,
                          int must_hi, tally *ty, const char *what)
{
    ty->queries++;
    if (!r->hit) {
        cr_assert(!within_at(q, ee, 0.0, d) && !within_at(q, ee, 1.0, d),
                  "%s: miss, but within d at t = 0 or 1", what);
        return;
    }
    ty->hits++;
    cr_assert(gt_tight(r), "%s: bracket [%.17g, %.17g] not tight", what, r->toi_lo, r->toi_hi);
    cr_assert(r->toi_lo >= 0 && r->toi_hi <= 1, "%s: bracket outside [0,1]", what);
    if (r->toi_lo == r->toi_hi) {
        cr_assert(within_at(q, ee, r->toi_lo, d), "%s: not within d at the TOI %.17g", what,
                  r->toi_lo);
        if (r->toi_lo > 0)
            cr_assert(!within_at(q, ee, nextafter(r->toi_lo, -1.0), d),
                      "%s: within d one ulp before the TOI %.17g", what, r->toi_lo);
        return;
    }
    cr_assert(!within_at(q, ee, r->toi_lo, d), "%s: within d at toi_lo %.17g < TOI", what,
              r->toi_lo);
    int in = within_at(q, ee, r->toi_hi, d);
    ty->witnessed_hi += in;
    cr_assert(in || !must_hi, "%s: not within d at toi_hi %.17g", what, r->toi_hi);
}

static void same_result(const ccdb_truth_result *x, const ccdb_truth_result *y, const char *what)
{
    cr_assert(x->hit == y->hit && x->toi_lo == y->toi_lo && x->toi_hi == y->toi_hi &&
                  x->cls == y->cls && x->flags == y->flags && x->stage == y->stage,
              "%s: d = 0 differs from the plain judge", what);
}

static void same(const ccdb_truth_result *a, const ccdb_truth_result *b, const char *what)
{
    cr_assert_eq(a->hit, b->hit, "%s: hit %d vs %d", what, a->hit, b->hit);
    cr_assert(a->toi_lo == b->toi_lo && a->toi_hi == b->toi_hi,
              "%s: bracket [%.17g, %.17g] vs [%.17g, %.17g]", what, a->toi_lo, a->toi_hi, b->toi_lo,
              b->toi_hi);
}

/* Relabellings that keep the question: VF rotates / mirrors the triangle, EE swaps ends and
 * edges. */
static void permute(double out[8][3], const double q[8][3], int ee, int p)
{
    static const int vf[6][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 },
                                  { 0, 1, 3, 2 }, { 0, 3, 2, 1 }, { 0, 2, 1, 3 } };
    static const int eep[6][4] = { { 0, 1, 2, 3 }, { 1, 0, 2, 3 }, { 0, 1, 3, 2 },
                                   { 2, 3, 0, 1 }, { 3, 2, 1, 0 }, { 2, 3, 1, 0 } };
    const int *m = ee ? eep[p % 6] : vf[p % 6];
    for (int h = 0; h < 2; h++)
        for (int i = 0; i < 4; i++)
            memcpy(out[4 * h + i], q[4 * h + m[i]], sizeof out[0]);
}

/* One query at three separations d1 < d2 < d3: witnesses, monotonicity, invariances. */
static void check_query(ccdb_truth *t, const double q[8][3], int ee, const double d[3], int must_hi,
                        int grid, tally *ty, const char *what)
{
    ccdb_truth_result r[3];
    for (int i = 0; i < 3; i++) {
        sep_run(t, ee, q, d[i], &r[i]);
        check_witness(q, ee, d[i], &r[i], must_hi, ty, what);
        cr_assert(!r[i].hit || (r[i].flags & (1u << r[i].cls)), "%s: class not among flags", what);
        if (i > 0 && r[i - 1].hit) {
            cr_assert(r[i].hit, "%s: hit at d = %g, miss at d = %g", what, d[i - 1], d[i]);
            cr_assert(r[i].toi_lo <= r[i - 1].toi_lo && r[i].toi_hi <= r[i - 1].toi_hi,
                      "%s: TOI grows from d = %g to %g", what, d[i - 1], d[i]);
        }
    }
    double x[8][3], dd;
    ccdb_truth_result s;
    for (int p = 1; p < 6; p++) { /* relabelling */
        permute(x, q, ee, p);
        sep_run(t, ee, (const double(*)[3])x, d[1], &s);
        same(&s, &r[1], what);
    }
    for (int e = -3; e <= 3; e += 6) { /* power-of-two scaling of coordinates and d */
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 3; j++)
                x[i][j] = ldexp(q[i][j], e * 97);
        dd = ldexp(d[1], e * 97);
        sep_run(t, ee, (const double(*)[3])x, dd, &s);
        same(&s, &r[1], what);
    }
    if (grid) { /* translation by integers: exact on the dyadic grid */
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 3; j++)
                x[i][j] = q[i][j] + (double)(j + 1) * 3.0;
        sep_run(t, ee, (const double(*)[3])x, d[1], &s);
        same(&s, &r[1], what);
    }
    for (int i = 0; i < 4; i++) { /* time reversal: the same hit/miss */
        memcpy(x[i], q[i + 4], sizeof x[0]);
        memcpy(x[i + 4], q[i], sizeof x[0]);
    }
    sep_run(t, ee, (const double(*)[3])x, d[1], &s);
    cr_assert_eq(s.hit, r[1].hit, "%s: time reversal changes hit", what);
}

/* ---- tests ------------------------------------------------------------------------------- */

Test(sep, d0_is_the_plain_judge_on_every_family)
{
    ccdb_truth *a = ccdb_truth_new(), *b = ccdb_truth_new();
    long n = 0;
    for (size_t f = 0; f < ccdb_gen_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(f);
        for (int ee = 0; ee < 2; ee++) {
            if (!(fam->kinds & (1u << (ee ? CCDB_KIND_EE : CCDB_KIND_VF))))
                continue;
            ccdb_dataset ds;
            char err[256];
            cr_assert_eq(ccdb_generate(fam->name, ee ? CCDB_KIND_EE : CCDB_KIND_VF, 150, 7 + f, &ds,
                                       NULL, err, sizeof err),
                         0, "%s", err);
            for (size_t i = 0; i < ds.count; i++, n++) {
                ccdb_truth_result x, y;
                gt_run(a, ee, (const double(*)[3])ds.q[i], &x);
                sep_run(b, ee, (const double(*)[3])ds.q[i], 0.0, &y);
                same_result(&x, &y, fam->name);
            }
            ccdb_dataset_free(&ds);
        }
    }
    cr_assert_gt(n, 1000);
    ccdb_truth_free(a);
    ccdb_truth_free(b);
}

Test(sep, d0_is_the_plain_judge_on_the_public_sample)
{
    static ccdb_test_sample_file files[64];
    const size_t nf = ccdb_test_sample_files(files, 64);
    ccdb_truth *a = ccdb_truth_new(), *b = ccdb_truth_new();
    long n = 0;
    for (size_t f = 0; f < nf; f++) {
        const int ee = files[f].ee;
        ccdb_dataset ds;
        ccdb_csv_error err;
        cr_assert_eq(
            ccdb_csv_read(files[f].path, ee ? CCDB_KIND_EE : CCDB_KIND_VF, NULL, &ds, &err), 0,
            "%s: %s", files[f].path, err.message);
        for (size_t i = 0; i < ds.count; i++, n++) {
            ccdb_truth_result x, y;
            gt_run(a, ee, (const double(*)[3])ds.q[i], &x);
            sep_run(b, ee, (const double(*)[3])ds.q[i], 0.0, &y);
            same_result(&x, &y, files[f].path);
        }
        ccdb_dataset_free(&ds);
    }
    cr_assert_eq(n, 3000);
    ccdb_truth_free(a);
    ccdb_truth_free(b);
}

typedef struct hand_case {
    const char *name;
    int ee;
    double q[8][3];
    double d;
    int hit;
    double lo, hi;
    ccdb_truth_class cls;
} hand_case;

/* Triangle a = (0,0,0), b = (4,0,0), c = (0,4,0) (static) in rows 1..3 and 5..7. */
#define TRI                   \
    { 0, 0, 0 }, { 4, 0, 0 }, \
    {                         \
        0, 4, 0               \
    }
#define NEAR 0x1.5555555555555p-3 /* RNDD(1/6) */

static const hand_case cases[] = {
    /* p falls onto the face: z = 1 - 2t reaches d = 1/4 at t = 3/8 */
    { "vf_face_approach",
      0,
      { { 1, 1, 1 }, TRI, { 1, 1, -1 }, TRI },
      0.25,
      1,
      0.375,
      0.375,
      CCDB_CLASS_SEP_FACE },
    /* slides at height exactly d over the face from the start */
    { "vf_face_slide_at_d",
      0,
      { { 1, 1, 0.25 }, TRI, { 2, 1, 0.25 }, TRI },
      0.25,
      1,
      0,
      0,
      CCDB_CLASS_CONTACT_T0 },
    /* one ulp above d: never within d */
    { "vf_face_slide_one_ulp_out",
      0,
      { { 1, 1, 0x1.0000000000001p-2 }, TRI, { 2, 1, 0x1.0000000000001p-2 }, TRI },
      0.25,
      0,
      0,
      0,
      CCDB_CLASS_GENERIC },
    /* slides in at height d from x = -1: within d from x = 0 on, t = 1/6 (edge c-a) */
    { "vf_edge_entry",
      0,
      { { -1, 1, 0.25 }, TRI, { 5, 1, 0.25 }, TRI },
      0.25,
      1,
      NEAR,
      0x1.5555555555556p-3,
      CCDB_CLASS_SEP_EDGE },
    /* along the line of edge a-b towards a: |x| = 1/4 at t = 11/16 (vertex a) */
    { "vf_vertex_approach",
      0,
      { { -3, 0, 0 }, TRI, { 1, 0, 0 }, TRI },
      0.25,
      1,
      0.6875,
      0.6875,
      CCDB_CLASS_SEP_VERTEX },
    /* passes the vertex a on a tangent of the d-sphere, d = 5/16, touching it at
     * (-3/16, -4/16, 0) at t = 1/2 only */
    { "vf_vertex_graze",
      0,
      { { -1.1875, 0.5, 0 }, TRI, { 0.8125, -1, 0 }, TRI },
      0.3125,
      1,
      0.5,
      0.5,
      CCDB_CLASS_SEP_VERTEX },
    /* the same with d one ulp smaller: miss */
    { "vf_vertex_graze_one_ulp_out",
      0,
      { { -1.1875, 0.5, 0 }, TRI, { 0.8125, -1, 0 }, TRI },
      0x1.3ffffffffffffp-2,
      0,
      0,
      0,
      CCDB_CLASS_GENERIC },
    /* EE: crossing segments, z = 1 - 2t reaches 1/4 at t = 3/8 (interiors) */
    { "ee_interior_approach",
      1,
      { { -1, 0, 0 },
        { 1, 0, 0 },
        { 0, -1, 1 },
        { 0, 1, 1 },
        { -1, 0, 0 },
        { 1, 0, 0 },
        { 0, -1, -1 },
        { 0, 1, -1 } },
      0.25,
      1,
      0.375,
      0.375,
      CCDB_CLASS_SEP_INTERIOR },
    /* EE: b moves towards the end a1 = (1,0,0): x = 3/2 - t reaches 5/4 at t = 1/4 */
    { "ee_endpoint_approach",
      1,
      { { 0, 0, 0 },
        { 1, 0, 0 },
        { 1.5, -1, 0 },
        { 1.5, 1, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.5, -1, 0 },
        { 0.5, 1, 0 } },
      0.25,
      1,
      0.25,
      0.25,
      CCDB_CLASS_SEP_ENDPOINT },
    /* EE: parallel segments sliding at distance exactly d, overlapping from the start */
    { "ee_parallel_slide_at_d",
      1,
      { { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.5, 0.25, 0 },
        { 1.5, 0.25, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 2.5, 0.25, 0 },
        { 3.5, 0.25, 0 } },
      0.25,
      1,
      0,
      0,
      CCDB_CLASS_CONTACT_T0 },
    /* EE: the same one ulp further apart: miss */
    { "ee_parallel_one_ulp_out",
      1,
      { { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.5, 0x1.0000000000001p-2, 0 },
        { 1.5, 0x1.0000000000001p-2, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 2.5, 0x1.0000000000001p-2, 0 },
        { 3.5, 0x1.0000000000001p-2, 0 } },
      0.25,
      0,
      0,
      0,
      CCDB_CLASS_GENERIC },
};

Test(sep, hand_built)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const hand_case *c = &cases[i];
        ccdb_truth_result r;
        sep_run(t, c->ee, c->q, c->d, &r);
        cr_expect_eq(r.hit, c->hit, "%s: hit %d", c->name, r.hit);
        if (c->hit)
            cr_expect(r.toi_lo == c->lo && r.toi_hi == c->hi, "%s: bracket [%a, %a]", c->name,
                      r.toi_lo, r.toi_hi);
        cr_expect_eq(r.cls, c->cls, "%s: class %s", c->name, ccdb_truth_class_name(r.cls));
        tally ty = { 0, 0, 0 };
        check_witness(c->q, c->ee, c->d, &r, 0, &ty, c->name);
    }
    ccdb_truth_free(t);
}

/* Queries on a dyadic grid (multiples of 1/4 in [-2, 2]) with d in {1/8, 1/4, 1/2}: many
 * parallel, coplanar, degenerate and tangent configurations. Not every TOI has a rational time
 * within d after it (an isolated tangent approach at an irrational time), so the witness at
 * toi_hi is counted, not required. */
Test(sep, random_grid)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    rng = 12;
    tally ty = { 0, 0, 0 };
    const double d[3] = { 0.125, 0.25, 0.5 };
    for (int n = 0; n < 1200; n++) {
        double q[8][3];
        int ee = n & 1;
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 3; j++)
                q[i][j] = (rnd(17) - 8) * 0.25;
        if (n % 3 == 0) /* static second half: more contacts at t = 0 and coplanar motion */
            for (int i = 1; i < 4; i++)
                memcpy(q[i + 4], q[i], sizeof q[0]);
        char what[64];
        snprintf(what, sizeof what, "grid %s %d", ee ? "ee" : "vf", n);
        check_query(t, (const double(*)[3])q, ee, d, 0, 1, &ty, what);
    }
    cr_assert_gt(ty.hits, 300);
    cr_assert_gt(ty.queries - ty.hits, 300);
    ccdb_truth_free(t);
}

/* Generic doubles: two primitives in the unit cube passing near each other; d from 1e-3 to
 * 1e-1. Here the witness at toi_hi is required. */
Test(sep, random_float)
{
    ccdb_truth *t = ccdb_truth_new();
    ccdb_truth_set_checking(t, 1);
    rng = 99;
    tally ty = { 0, 0, 0 };
    const double d[3] = { 1e-3, 1e-2, 0.1 };
    for (int n = 0; n < 600; n++) {
        double q[8][3];
        int ee = n & 1;
        double shift[3];
        for (int j = 0; j < 3; j++)
            shift[j] = (unit() - 0.5) * 0.6;
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 3; j++) {
                double base = unit();
                int moving = ee ? i >= 2 : i == 0; /* the vertex / the second edge moves */
                q[i][j] = base * 0.5 + (moving && i >= 4 ? shift[j] : 0);
            }
        for (int i = 0; i < 4; i++) /* the static primitive keeps its place */
            if (ee ? i < 2 : i > 0)
                memcpy(q[i + 4], q[i], sizeof q[0]);
        char what[64];
        snprintf(what, sizeof what, "float %s %d", ee ? "ee" : "vf", n);
        check_query(t, (const double(*)[3])q, ee, d, 1, 0, &ty, what);
    }
    cr_assert_gt(ty.hits, 300);
    cr_assert_gt(ty.queries - ty.hits, 300);
    ccdb_truth_free(t);
}
