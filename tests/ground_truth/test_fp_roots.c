/* test_fp_roots.c — the certified floating-point stage (fp_roots) against the exact path, on
 * queries aimed at its edges: every generator family (roots at 0 and 1, TOIs that are doubles,
 * double roots, boundary contacts, parallel and degenerate primitives, ...) as generated and
 * perturbed by one to three ulps, by relative 2^-20..2^-50 and by far translations (which split
 * double roots into roots closer than an ulp, or make them vanish), scaled by 2^-1070..2^1000
 * (subnormal and huge coordinates), time-reversed; and generic floating-point queries (crossing
 * and near-missing). The judge with its cheap stages must give exactly the exact path's hit,
 * bracket and flags on every query (and a third context in checking mode re-derives each cheap
 * answer internally); the stage must actually decide a good share of them. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ccdb_generators.h"
#include "ccdb_truth.h"
#include "gt_test_util.h"

static uint64_t rng;
static uint64_t next64(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static int rnd(int n)
{
    return (int)(next64() % (uint64_t)n);
}
static double unit(void) /* [0, 1), 53 random bits */
{
    return (double)(next64() >> 11) * 0x1p-53;
}

typedef struct counts {
    int queries, fp_hits, fp_misses, exact;
} counts;

typedef struct judges {
    ccdb_truth *fast, *exact, *checked;
} judges;

static judges judges_new(void)
{
    judges j = { ccdb_truth_new(), ccdb_truth_new(), ccdb_truth_new() };
    ccdb_truth_set_checking(j.fast, 0);
    ccdb_truth_set_checking(j.exact, 0);
    ccdb_truth_set_filters(j.exact, 0);
    ccdb_truth_set_checking(j.checked, 1);
    return j;
}

static void judges_free(judges *j)
{
    ccdb_truth_free(j->fast);
    ccdb_truth_free(j->exact);
    ccdb_truth_free(j->checked);
}

/* One query: the pipeline's answer must be the exact path's, bit for bit. */
static void check_query(judges *j, int ee, const double q[8][3], const char *what, counts *c)
{
    ccdb_truth_result f, e;
    gt_run(j->fast, ee, q, &f);
    gt_run(j->exact, ee, q, &e);
    cr_assert_eq(f.hit, e.hit, "%s: hit %d, exact %d (stage %s)", what, f.hit, e.hit,
                 ccdb_truth_stage_name(f.stage));
    cr_assert(f.toi_lo == e.toi_lo && f.toi_hi == e.toi_hi,
              "%s: bracket [%.17g, %.17g], exact [%.17g, %.17g] (stage %s)", what, f.toi_lo,
              f.toi_hi, e.toi_lo, e.toi_hi, ccdb_truth_stage_name(f.stage));
    cr_assert_eq(f.flags, e.flags, "%s: flags 0x%x, exact 0x%x (stage %s)", what, f.flags, e.flags,
                 ccdb_truth_stage_name(f.stage));
    c->queries++;
    if (f.stage == CCDB_STAGE_FP_ROOTS) {
        c->fp_hits += f.hit;
        c->fp_misses += !f.hit;
        cr_assert(!f.hit || nextafter(f.toi_lo, 2.0) == f.toi_hi, "%s: fp_roots bracket", what);
    } else if (f.stage == CCDB_STAGE_EXACT) {
        c->exact++;
    }
    if (c->queries % 7 == 0) { /* checking mode re-derives the cheap answers (asserts inside) */
        ccdb_truth_result k;
        gt_run(j->checked, ee, q, &k);
        cr_assert(k.hit == e.hit && k.toi_lo == e.toi_lo && k.toi_hi == e.toi_hi, "%s", what);
    }
}

/* The perturbations applied to a query (0: none). Returns 0 if it does not apply. */
static int perturb(double q[8][3], int kind)
{
    switch (kind) {
    case 0: return 1;
    case 1: { /* one coordinate, one to three ulps */
        double *x = &q[rnd(8)][rnd(3)];
        for (int s = 1 + rnd(3), dir = rnd(2); s > 0; s--)
            *x = nextafter(*x, dir ? INFINITY : -INFINITY);
        return 1;
    }
    case 2: { /* every coordinate by a relative 2^-20 .. 2^-50 (rounded) */
        const int e = 20 + rnd(31);
        for (int i = 0; i < 8; i++)
            for (int k = 0; k < 3; k++)
                q[i][k] += q[i][k] * ldexp(unit() - 0.5, -e);
        return 1;
    }
    case 3: { /* a far translation: rounds every coordinate */
        const double off = ldexp(1.0 + unit(), rnd(12)) * (rnd(2) ? 1 : -1) / 3.0;
        for (int i = 0; i < 8; i++)
            for (int k = 0; k < 3; k++)
                q[i][k] += off;
        return 1;
    }
    case 4: { /* an exact power-of-two scaling, to the subnormal range or near the top */
        const int e = rnd(2) ? -1070 + rnd(60) : 900 + rnd(100);
        for (int i = 0; i < 8; i++)
            for (int k = 0; k < 3; k++) {
                const double x = ldexp(q[i][k], e);
                if (!isfinite(x) || ldexp(x, -e) != q[i][k])
                    return 0;
                q[i][k] = x;
            }
        return 1;
    }
    default: { /* time reversal */
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++) {
                const double t = q[i][k];
                q[i][k] = q[i + 4][k];
                q[i + 4][k] = t;
            }
        return 1;
    }
    }
}

Test(fp_roots, generator_families_perturbed)
{
    judges j = judges_new();
    counts c = { 0 };
    rng = 0xf00d;
    char what[160], err[256];
    for (size_t fi = 0; fi < ccdb_gen_family_count(); fi++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(fi);
        for (int kind = 0; kind < 2; kind++) {
            if (!(fam->kinds & (kind ? CCDB_GEN_EE : CCDB_GEN_VF)))
                continue;
            ccdb_dataset ds;
            cr_assert_eq(ccdb_generate(fam->name, kind ? CCDB_KIND_EE : CCDB_KIND_VF, 120,
                                       0x5eed + fi, &ds, NULL, err, sizeof err),
                         0, "%s", err);
            for (size_t i = 0; i < ds.count; i++)
                for (int p = 0; p < 6; p++) {
                    double q[8][3];
                    memcpy(q, ds.q[i], sizeof q);
                    if (!perturb(q, p))
                        continue;
                    snprintf(what, sizeof what, "%s/%s query %zu perturbation %d", fam->name,
                             kind ? "ee" : "vf", i, p);
                    check_query(&j, kind, (const double(*)[3])q, what, &c);
                }
            ccdb_dataset_free(&ds);
        }
    }
    cr_log_info("families: %d queries, fp_roots decided %d hits and %d misses, exact %d", c.queries,
                c.fp_hits, c.fp_misses, c.exact);
    cr_assert_gt(c.fp_hits, 500, "the stage must be exercised on hits");
    cr_assert_gt(c.fp_misses, 500, "the stage must be exercised on misses");
    judges_free(&j);
}

/* A point inside the unit box, full 53-bit coordinates. */
static void rpoint(double p[3], double s)
{
    for (int k = 0; k < 3; k++)
        p[k] = s * (2 * unit() - 1);
}

/* Generic floating-point queries: a triangle (VF) or an edge (EE) and the other primitive
 * crossing its plane near, inside or just outside it, with motions of every size. */
static void generic_query(double q[8][3], int ee)
{
    const double mv = ldexp(1.0, -rnd(25)); /* motion size */
    for (int i = 0; i < 8; i++)
        rpoint(q[i], 1.0);
    /* the first primitive moves little; the second crosses its span at an interior point */
    double w[3], u = unit(), v = unit() * (1 - u);
    const double margin = rnd(3) == 0 ? ldexp(unit() - 0.5, -rnd(50)) : 0; /* near the edge */
    if (!ee) { /* p crosses the triangle (rows 1..3) at a + u (b - a) + v (c - a) */
        for (int k = 0; k < 3; k++) {
            for (int i = 1; i < 4; i++)
                q[i + 4][k] = q[i][k] + mv * (2 * unit() - 1);
            w[k] = q[1][k] + (u + margin) * (q[2][k] - q[1][k]) + v * (q[3][k] - q[1][k]);
        }
        double n[3];
        for (int k = 0; k < 3; k++)
            n[k] =
                (q[2][(k + 1) % 3] - q[1][(k + 1) % 3]) * (q[3][(k + 2) % 3] - q[1][(k + 2) % 3]) -
                (q[2][(k + 2) % 3] - q[1][(k + 2) % 3]) * (q[3][(k + 1) % 3] - q[1][(k + 1) % 3]);
        const double h0 = mv * unit(), h1 = mv * unit();
        for (int k = 0; k < 3; k++) {
            q[0][k] = w[k] + h0 * n[k];
            q[4][k] = w[k] - h1 * n[k];
        }
    } else { /* edge b (rows 2, 3) crosses edge a (rows 0, 1) */
        for (int k = 0; k < 3; k++) {
            q[4][k] = q[0][k] + mv * (2 * unit() - 1);
            q[5][k] = q[1][k] + mv * (2 * unit() - 1);
            w[k] = q[0][k] + (u + margin) * (q[1][k] - q[0][k]);
        }
        double d[3], s = 0.3 + unit();
        rpoint(d, 1.0);
        const double h = mv * (2 * unit() - 1);
        for (int k = 0; k < 3; k++) {
            const double off = k == 2 ? h : 0;
            q[2][k] = w[k] - v * s * d[k] + off;
            q[3][k] = w[k] + (1 - v) * s * d[k] + off;
            q[6][k] = q[2][k] - 2 * off + mv * 0x1p-10 * (2 * unit() - 1);
            q[7][k] = q[3][k] - 2 * off + mv * 0x1p-10 * (2 * unit() - 1);
        }
    }
}

Test(fp_roots, generic_floating_point_queries)
{
    judges j = judges_new();
    counts c = { 0 };
    rng = 0x9e11;
    char what[96];
    for (int i = 0; i < 12000; i++) {
        const int ee = i & 1;
        double q[8][3];
        generic_query(q, ee);
        snprintf(what, sizeof what, "generic %s query %d", ee ? "ee" : "vf", i);
        check_query(&j, ee, (const double(*)[3])q, what, &c);
        if (i % 4 == 0 && perturb(q, 1 + rnd(5))) {
            snprintf(what, sizeof what, "generic %s query %d perturbed", ee ? "ee" : "vf", i);
            check_query(&j, ee, (const double(*)[3])q, what, &c);
        }
    }
    cr_log_info("generic: %d queries, fp_roots decided %d hits and %d misses, exact %d", c.queries,
                c.fp_hits, c.fp_misses, c.exact);
    cr_assert_gt(c.fp_hits, 3000);
    cr_assert_gt(c.fp_misses, 1000);
    cr_assert_lt(c.exact, c.queries / 10, "the stage should decide generic queries");
    judges_free(&j);
}
