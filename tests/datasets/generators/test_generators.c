/* test_generators.c — the generators alone: determinism, no global state, both answers in every
 * family, twins that flip, exact geometric claims that integer arithmetic can check here. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_generators.h"

static const uint64_t seeds[] = { 1, 2, 0xdeadbeefu };

typedef struct gen_out {
    ccdb_dataset ds;
    ccdb_gen_intent *in;
} gen_out;

static void gen(const char *fam, ccdb_kind kind, size_t n, uint64_t seed, gen_out *o)
{
    char err[256];
    int rc = ccdb_generate(fam, kind, n, seed, &o->ds, &o->in, err, sizeof err);
    cr_assert_eq(rc, 0, "%s/%s: %s", fam, ccdb_kind_name(kind), err);
    cr_assert_eq(o->ds.count, n);
}

static void drop(gen_out *o)
{
    ccdb_dataset_free(&o->ds);
    free(o->in);
}

static int supports(const ccdb_gen_family *f, ccdb_kind k)
{
    return (f->kinds >> k) & 1u;
}

Test(generators, family_table)
{
    size_t n = ccdb_gen_family_count();
    cr_assert_geq(n, 10);
    for (size_t i = 0; i < n; i++) {
        const ccdb_gen_family *f = ccdb_gen_family_at(i);
        cr_assert(f && f->name && f->summary && f->kinds);
        cr_assert_eq(ccdb_gen_family_find(f->name), f);
    }
    cr_assert_null(ccdb_gen_family_at(n));
    cr_assert_null(ccdb_gen_family_find("nope"));
    cr_assert_not(supports(ccdb_gen_family_find("parallel_edges"), CCDB_KIND_VF));
}

Test(generators, bad_requests)
{
    ccdb_dataset ds;
    ccdb_gen_intent *in = (ccdb_gen_intent *)1;
    char err[256];
    cr_assert_eq(ccdb_generate("nope", CCDB_KIND_VF, 10, 1, &ds, &in, err, sizeof err), -1);
    cr_assert_null(in);
    cr_assert(strstr(err, "nope"));
    cr_assert_eq(ccdb_generate("parallel_edges", CCDB_KIND_VF, 10, 1, &ds, &in, err, sizeof err),
                 -1);
    cr_assert_eq(ccdb_generate("random", CCDB_KIND_EE, 0, 1, &ds, &in, err, sizeof err), -1);
    cr_assert_eq(ccdb_generate("random", CCDB_KIND_UNKNOWN, 5, 1, &ds, &in, err, sizeof err), -1);
    cr_assert_null(ds.q);
}

/* Every family and kind, several seeds: finite coordinates, both answers, consistent intents,
 * labels = intended hit, name "<family>/<kind>". */
Test(generators, every_family_both_answers)
{
    for (size_t f = 0; f < ccdb_gen_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(f);
        for (int k = 0; k < CCDB_KIND_COUNT; k++) {
            if (!supports(fam, (ccdb_kind)k))
                continue;
            for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
                gen_out o;
                gen(fam->name, (ccdb_kind)k, 400, seeds[s], &o);
                char want[64];
                snprintf(want, sizeof want, "%s/%s", fam->name, ccdb_kind_name((ccdb_kind)k));
                cr_assert_str_eq(o.ds.name, want);
                cr_assert_eq(o.ds.kind, (ccdb_kind)k);
                size_t hits = 0;
                for (size_t i = 0; i < o.ds.count; i++) {
                    for (int r = 0; r < 8; r++)
                        for (int a = 0; a < 3; a++)
                            cr_assert(isfinite(o.ds.q[i][r][a]), "%s #%zu", want, i);
                    cr_assert(o.in[i].hit == 0 || o.in[i].hit == 1);
                    cr_assert_eq(o.ds.label[i], o.in[i].hit);
                    if (o.in[i].toi_known) {
                        cr_assert(o.in[i].hit, "%s #%zu: TOI claimed for a miss", want, i);
                        cr_assert(o.in[i].toi >= 0.0 && o.in[i].toi <= 1.0);
                    }
                    hits += (size_t)o.in[i].hit;
                }
                cr_assert(hits > 0 && hits < o.ds.count, "%s seed %llu: %zu hits of %zu", want,
                          (unsigned long long)seeds[s], hits, o.ds.count);
                drop(&o);
            }
        }
    }
}

static void assert_same(const gen_out *a, const gen_out *b, const char *what)
{
    cr_assert_eq(a->ds.count, b->ds.count);
    cr_assert_eq(memcmp(a->ds.q, b->ds.q, a->ds.count * sizeof *a->ds.q), 0, "%s: q differ", what);
    cr_assert_eq(memcmp(a->ds.label, b->ds.label, a->ds.count), 0, "%s", what);
    for (size_t i = 0; i < a->ds.count; i++) {
        cr_assert_eq(a->in[i].hit, b->in[i].hit);
        cr_assert_eq(a->in[i].toi_known, b->in[i].toi_known);
        cr_assert_eq(a->in[i].toi, b->in[i].toi);
    }
}

/* Same seed, same bytes; no hidden state: another family generated in between changes nothing,
 * and a prefix of a longer run equals the shorter run. Different seeds differ. */
Test(generators, deterministic_without_global_state)
{
    for (size_t f = 0; f < ccdb_gen_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(f);
        ccdb_kind k = CCDB_KIND_VF;
        while (!supports(fam, k)) /* its first kind */
            k = (ccdb_kind)(k + 1);
        gen_out a, b, c, other, longer;
        gen(fam->name, k, 64, 7, &a);
        gen("random", CCDB_KIND_EE, 33, 99, &other);
        gen("grazing", CCDB_KIND_VF, 17, 5, &c);
        drop(&c);
        gen(fam->name, k, 64, 7, &b);
        assert_same(&a, &b, fam->name);
        gen(fam->name, k, 100, 7, &longer);
        longer.ds.count = 64;
        assert_same(&a, &longer, fam->name);
        drop(&b);
        gen(fam->name, k, 64, 8, &b);
        cr_assert_neq(memcmp(a.ds.q, b.ds.q, 64 * sizeof *a.ds.q), 0, "%s: seed ignored",
                      fam->name);
        drop(&a);
        drop(&b);
        drop(&other);
        drop(&longer);
    }
}

/* Paired families come as twins (2j, 2j+1) with opposite intended answers. */
Test(generators, twins_flip)
{
    for (size_t f = 0; f < ccdb_gen_family_count(); f++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(f);
        if (!strcmp(fam->name, "random") || !strcmp(fam->name, "simulation") ||
            !strcmp(fam->name, "rigid_random") || !strcmp(fam->name, "sweep_random"))
            continue; /* no twins: one query per draw */
        for (int k = 0; k < CCDB_KIND_COUNT; k++) {
            if (!supports(fam, (ccdb_kind)k))
                continue;
            gen_out o;
            gen(fam->name, (ccdb_kind)k, 200, 3, &o);
            for (size_t i = 0; i + 1 < o.ds.count; i += 2)
                cr_assert_neq(o.in[i].hit, o.in[i + 1].hit, "%s/%d twins %zu", fam->name, k, i);
            drop(&o);
        }
    }
}

/* near_miss twins differ in exactly one double, by one ulp. */
Test(generators, near_miss_one_ulp)
{
    for (int k = 0; k < 2; k++) {
        gen_out o;
        gen("near_miss", (ccdb_kind)k, 300, 11, &o);
        for (size_t i = 0; i + 1 < o.ds.count; i += 2) {
            int diffs = 0;
            for (int r = 0; r < 8; r++)
                for (int a = 0; a < 3; a++) {
                    double x = o.ds.q[i][r][a], y = o.ds.q[i + 1][r][a];
                    if (x != y) {
                        diffs++;
                        cr_assert(nextafter(x, y) == y, "not one ulp apart");
                    }
                }
            cr_assert_eq(diffs, 1, "near_miss twins %zu differ in %d values", i, diffs);
        }
        drop(&o);
    }
}

/* Integer determinant of four points at time k/4 (coordinates are small integers). */
static long long det_at(double q[8][3], int k)
{
    long long p[4][3];
    for (int i = 0; i < 4; i++)
        for (int a = 0; a < 3; a++) {
            double v = (4 - k) * q[i][a] + k * q[i + 4][a];
            cr_assert(v == floor(v) && fabs(v) < 1e6);
            p[i][a] = (long long)v;
        }
    long long u[3], w[3], x[3];
    for (int a = 0; a < 3; a++) {
        u[a] = p[1][a] - p[0][a];
        w[a] = p[2][a] - p[0][a];
        x[a] = p[3][a] - p[0][a];
    }
    return u[0] * (w[1] * x[2] - w[2] * x[1]) - u[1] * (w[0] * x[2] - w[2] * x[0]) +
           u[2] * (w[0] * x[1] - w[1] * x[0]);
}

/* coplanar_parallel: the coplanarity cubic vanishes at four times, so identically. */
Test(generators, coplanar_is_coplanar)
{
    for (int k = 0; k < 2; k++) {
        gen_out o;
        gen("coplanar_parallel", (ccdb_kind)k, 200, 4, &o);
        for (size_t i = 0; i < o.ds.count; i++)
            for (int t = 0; t <= 4; t++)
                cr_assert_eq(det_at(o.ds.q[i], t), 0, "query %zu not coplanar at t=%d/4", i, t);
        drop(&o);
    }
}

/* multi_root: the cubic is zero at t = 1/4 and 3/4 but not identically; the two-root queries
 * (zero only there) have the same sign at t = 0 and t = 1; some queries have a third root at
 * t = 1/2. */
Test(generators, multi_root_roots)
{
    for (int k = 0; k < 2; k++) {
        gen_out o;
        size_t two = 0, three = 0;
        gen("multi_root", (ccdb_kind)k, 200, 4, &o);
        for (size_t i = 0; i < o.ds.count; i++) {
            long long d0 = det_at(o.ds.q[i], 0), d4 = det_at(o.ds.q[i], 4);
            cr_assert(d0 != 0, "query %zu", i);
            cr_assert_eq(det_at(o.ds.q[i], 1), 0);
            cr_assert_eq(det_at(o.ds.q[i], 3), 0);
            if (det_at(o.ds.q[i], 2) == 0) {
                three++;
                cr_assert((d0 > 0) != (d4 > 0));
            } else {
                two++;
                cr_assert((d0 > 0) == (d4 > 0), "query %zu: parity sees a root", i);
            }
        }
        cr_assert(two > 0 && three > 0);
        drop(&o);
    }
}

/* scaled really reaches tiny and huge extents, and offsets far from the origin. */
Test(generators, scaled_spans_magnitudes)
{
    gen_out o;
    gen("scaled", CCDB_KIND_VF, 400, 1, &o);
    double lo = INFINITY, hi = 0, far = 0;
    for (size_t i = 0; i < o.ds.count; i++) {
        double ext = 0, mag = 0;
        for (int a = 0; a < 3; a++) {
            double mn = INFINITY, mx = -INFINITY;
            for (int r = 0; r < 8; r++) {
                double v = o.ds.q[i][r][a];
                mn = v < mn ? v : mn;
                mx = v > mx ? v : mx;
                mag = fabs(v) > mag ? fabs(v) : mag;
            }
            ext = mx - mn > ext ? mx - mn : ext;
        }
        lo = ext > 0 && ext < lo ? ext : lo;
        hi = ext > hi ? ext : hi;
        if (ext < 1e3 && mag > far) /* a small query far from the origin */
            far = mag;
    }
    cr_assert_lt(lo, 1e-9);
    cr_assert_gt(hi, 1e9);
    cr_assert_gt(far, 1e7);
    drop(&o);
}

/* planar_bullet: what a 2D float engine needs, checked on every query: every point in z = 0,
 * every coordinate a float exactly, each primitive translating as a body (the same exact
 * displacement for its points), and contact times 0 and 1 among the intents. */
Test(generators, planar_bullet_is_planar_float_and_rigid)
{
    for (int k = 0; k < 2; k++) {
        ccdb_kind kind = k ? CCDB_KIND_EE : CCDB_KIND_VF;
        gen_out o;
        gen("planar_bullet", kind, 400, 7, &o);
        int at0 = 0, at1 = 0, misses = 0;
        for (size_t i = 0; i < o.ds.count; i++) {
            const double(*q)[3] = (const double(*)[3])o.ds.q[i];
            for (int r = 0; r < 8; r++) {
                cr_assert_eq(q[r][2], 0.0, "query %zu row %d leaves z = 0", i, r);
                for (int a = 0; a < 2; a++)
                    cr_assert_eq((double)(float)q[r][a], q[r][a], "query %zu: not a float", i);
            }
            int n_first = kind == CCDB_KIND_VF ? 1 : 2;
            for (int r = 0; r < 4; r++) {
                int lead = r < n_first ? 0 : n_first;
                for (int a = 0; a < 2; a++) /* integers below 2^25: differences exact */
                    cr_assert_eq(q[r + 4][a] - q[r][a], q[lead + 4][a] - q[lead][a],
                                 "query %zu: row %d does not translate with row %d", i, r, lead);
            }
            misses += !o.in[i].hit;
            at0 += o.in[i].hit && o.in[i].toi_known && o.in[i].toi == 0.0;
            at1 += o.in[i].hit && o.in[i].toi_known && o.in[i].toi == 1.0;
        }
        cr_assert(misses > 0 && misses < (int)o.ds.count);
        cr_assert(at0 > 0 && at1 > 0, "%s: contacts at t = 0 (%d) and 1 (%d)", ccdb_kind_name(kind),
                  at0, at1);
        drop(&o);
    }
}

/* planar_paddle: a turn about an axis along z with no shift, every point in z = 0, floats. */
Test(generators, planar_paddle_turns_in_the_plane)
{
    for (int k = 0; k < 2; k++) {
        ccdb_kind kind = k ? CCDB_KIND_RIGID_EE : CCDB_KIND_RIGID_VF;
        gen_out o;
        gen("planar_paddle", kind, 200, 7, &o);
        int misses = 0;
        for (size_t i = 0; i < o.ds.count; i++) {
            const double(*q)[3] = (const double(*)[3])o.ds.q[i];
            for (int r = 0; r < 4; r++) {
                cr_assert_eq(q[r][2], 0.0, "query %zu row %d leaves z = 0", i, r);
                for (int a = 0; a < 2; a++)
                    cr_assert_eq((double)(float)q[r][a], q[r][a], "query %zu: not a float", i);
            }
            cr_assert(q[5][0] == 0.0 && q[5][1] == 0.0 && q[5][2] != 0.0, "query %zu: w", i);
            cr_assert(q[6][0] == 0.0 && q[6][1] == 0.0 && q[6][2] == 0.0, "query %zu: s", i);
            cr_assert_eq((double)(float)q[4][0], q[4][0]);
            cr_assert_eq((double)(float)q[4][1], q[4][1]);
            misses += !o.in[i].hit;
        }
        cr_assert(misses > 0 && misses < (int)o.ds.count);
        drop(&o);
    }
}

/* rigid_random: a few percent hits, about a quarter pure translations, either primitive moving,
 * dyadic data (lengths on the 2^-28 grid near the origin, w on the 2^-10 grid, |w_j| <= 1/8). */
Test(generators, rigid_random_mix)
{
    for (int k = CCDB_KIND_RIGID_VF; k <= CCDB_KIND_RIGID_EE; k++) {
        gen_out o;
        const size_t n = 4000;
        gen("rigid_random", (ccdb_kind)k, n, 5, &o);
        size_t hits = 0, pure = 0, second = 0;
        for (size_t i = 0; i < n; i++) {
            double(*q)[3] = o.ds.q[i];
            hits += o.in[i].hit != 0;
            pure += q[5][0] == 0 && q[5][1] == 0 && q[5][2] == 0;
            second += q[7][0] != 0;
            for (int a = 0; a < 3; a++) {
                for (int r = 0; r < 7; r++) {
                    double v = ldexp(q[r][a], r == 5 ? 10 : 28);
                    cr_assert_eq(v, floor(v), "query %zu row %d not on its grid", i, r);
                    cr_assert(fabs(q[r][a]) <= (r == 5 ? 0.125 : 4.0), "query %zu row %d", i, r);
                }
                cr_assert(q[7][a] == (a == 0 ? q[7][0] : 0.0));
            }
            cr_assert(q[7][0] == 0.0 || q[7][0] == 1.0);
        }
        cr_assert(hits >= n / 100 && hits <= 6 * n / 100, "%zu hits of %zu", hits, n);
        cr_assert(pure >= n / 5 && pure <= 3 * n / 10, "%zu translations of %zu", pure, n);
        cr_assert(second >= 2 * n / 5 && second <= 3 * n / 5, "%zu", second);
        drop(&o);
    }
}
