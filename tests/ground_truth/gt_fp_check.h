/* gt_fp_check.h — shared by the tests of the certified floating-point stages (test_fp_roots.c
 * at d = 0, test_fp_sep.c at d > 0): a seeded generator, three judges (the pipeline, the exact
 * path, checking mode), the bit-for-bit comparison of one query, the perturbations aimed at the
 * stages' edges, and generic floating-point queries. */
#ifndef CCDB_GT_FP_CHECK_H
#define CCDB_GT_FP_CHECK_H

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "ccdb_truth.h"
#include "gt_rng.h"

typedef struct counts {
    int queries, fp_hits, fp_misses, exact;
} counts;

/* The judge at separation d (d = 0: the contact judge). */
static void run_at(ccdb_truth *t, int ee, const double q[8][3], double d, ccdb_truth_result *r)
{
    if (ee)
        ccdb_truth_ee_sep(t, q, d, r);
    else
        ccdb_truth_vf_sep(t, q, d, r);
}

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

/* One query at separation d: the pipeline's answer must be the exact path's, bit for bit. The
 * certified stage is fp_roots at d = 0, sep_fp at d > 0; a hit it decides has a one-ulp
 * bracket (or TOI 0 exactly, at d > 0). */
static void check_query(judges *j, int ee, const double q[8][3], double d, const char *what,
                        counts *c)
{
    ccdb_truth_result f, e;
    run_at(j->fast, ee, q, d, &f);
    run_at(j->exact, ee, q, d, &e);
    cr_assert_eq(f.hit, e.hit, "%s: hit %d, exact %d (stage %s)", what, f.hit, e.hit,
                 ccdb_truth_stage_name(f.stage));
    cr_assert(f.toi_lo == e.toi_lo && f.toi_hi == e.toi_hi,
              "%s: bracket [%.17g, %.17g], exact [%.17g, %.17g] (stage %s)", what, f.toi_lo,
              f.toi_hi, e.toi_lo, e.toi_hi, ccdb_truth_stage_name(f.stage));
    cr_assert_eq(f.flags, e.flags, "%s: flags 0x%x, exact 0x%x (stage %s)", what, f.flags, e.flags,
                 ccdb_truth_stage_name(f.stage));
    cr_assert_eq(f.cls, e.cls, "%s: class %d, exact %d (stage %s)", what, f.cls, e.cls,
                 ccdb_truth_stage_name(f.stage));
    c->queries++;
    if (f.stage == CCDB_STAGE_FP_ROOTS || f.stage == CCDB_STAGE_SEP_FP) {
        c->fp_hits += f.hit;
        c->fp_misses += !f.hit;
        cr_assert(!f.hit || nextafter(f.toi_lo, 2.0) == f.toi_hi ||
                      (d > 0 && f.toi_lo == 0 && f.toi_hi == 0),
                  "%s: %s bracket", what, ccdb_truth_stage_name(f.stage));
    } else if (f.stage == CCDB_STAGE_EXACT) {
        c->exact++;
    }
    if (c->queries % 7 == 0) { /* checking mode re-derives the cheap answers (asserts inside) */
        ccdb_truth_result k;
        run_at(j->checked, ee, q, d, &k);
        cr_assert(k.hit == e.hit && k.toi_lo == e.toi_lo && k.toi_hi == e.toi_hi, "%s", what);
    }
}

/* The perturbations applied to a query (0: none); a power-of-two scaling scales the separation
 * *d too (d may be NULL at d = 0). Returns 0 if it does not apply. */
static int perturb(double q[8][3], int kind, double *d)
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
        if (d && *d > 0) {
            const double x = ldexp(*d, e);
            if (!(x >= 0x1p-1022 && x <= 0x1p1000) || ldexp(x, -e) != *d)
                return 0;
            *d = x;
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

/* max |coordinate| (> 0 for the queries used here) */
static double size_of(const double q[8][3])
{
    double m = 0;
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            m = fabs(q[i][k]) > m ? fabs(q[i][k]) : m;
    return m;
}

/* Query i of ds under the six perturbations, at separation d (the perturbation may scale d). */
static void check_perturbed(judges *j, int ee, const double q0[8][3], double d0, const char *name,
                            size_t i, counts *c)
{
    char what[200];
    for (int p = 0; p < 6; p++) {
        double q[8][3], d = d0;
        memcpy(q, q0, sizeof q);
        if (!perturb(q, p, &d))
            continue;
        snprintf(what, sizeof what, "%s/%s query %zu perturbation %d at d = %a", name,
                 ee ? "ee" : "vf", i, p, d);
        check_query(j, ee, (const double(*)[3])q, d, what, c);
    }
}

/* n generic queries (VF and EE in turn), each at the separation rel[rnd(4)] times its size (rel
 * NULL: d = 0), and every fourth once more, perturbed. */
static void check_generic(judges *j, int n, const double rel[4], counts *c)
{
    char what[120];
    for (int i = 0; i < n; i++) {
        const int ee = i & 1;
        double q[8][3];
        generic_query(q, ee);
        double d = rel ? rel[rnd(4)] * size_of((const double(*)[3])q) : 0.0;
        snprintf(what, sizeof what, "generic %s query %d at d = %a", ee ? "ee" : "vf", i, d);
        check_query(j, ee, (const double(*)[3])q, d, what, c);
        if (i % 4 == 0 && perturb(q, 1 + rnd(5), &d)) {
            snprintf(what, sizeof what, "generic %s query %d perturbed, d = %a", ee ? "ee" : "vf",
                     i, d);
            check_query(j, ee, (const double(*)[3])q, d, what, c);
        }
    }
}

#endif
