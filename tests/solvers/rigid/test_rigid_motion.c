/* test_rigid_motion.c — solvers/rigid_motion.h: the screw motion in double against Rodrigues'
 * formula, the t <-> u maps, and the interval polynomials against exact values (small integer
 * inputs and dyadic u, where the double arithmetic below is exact). */
#include <criterion/criterion.h>
#include <math.h>
#include <mpfr.h>

#include "prng.h"
#include "rigid_motion.h"

/* double[8][3] -> const double[8][3] (ISO C before C2X wants the cast) */
#define CQ(q) ((const double(*)[3])(q))

/* A rigid VF query: p moving (moving_first) or the triangle moving. */
static void random_query(ccdb_prng *rng, double q[8][3], int moving_first, int lim, int wlim)
{
    for (int r = 0; r < 7; r++)
        for (int k = 0; k < 3; k++)
            q[r][k] = (double)ccdb_prng_range(rng, r == 5 ? -wlim : -lim, r == 5 ? wlim : lim);
    q[7][0] = moving_first ? 0.0 : 1.0;
    q[7][1] = q[7][2] = 0.0;
}

/* Rotation of v by angle a about the unit axis n (Rodrigues). */
static fg_vec rodrigues(fg_vec v, fg_vec n, double a)
{
    fg_vec r = fg_add(fg_scale(v, cos(a)), fg_scale(fg_cross(n, v), sin(a)));
    return fg_add(r, fg_scale(n, fg_dot(n, v) * (1.0 - cos(a))));
}

Test(rigid_motion, cayley_form_is_the_rotation_by_2_atan_u_w)
{
    ccdb_prng rng;
    ccdb_prng_seed(&rng, 11);
    for (int it = 0; it < 2000; it++) {
        double q[8][3];
        random_query(&rng, q, 1, 50, 6);
        rm_motion m;
        cr_assert_eq(rm_motion_init(CQ(q), 1, &m), 0);
        if (m.wn == 0.0)
            continue;
        double u = ldexp((double)ccdb_prng_range(&rng, 0, 64), -6);
        fg_vec n = fg_scale(fg_v(q[5]), 1.0 / m.wn), c = fg_v(q[4]);
        fg_vec want = fg_add(fg_add(c, rodrigues(fg_sub(fg_v(q[0]), c), n, 2.0 * atan(u * m.wn))),
                             fg_scale(fg_v(q[6]), u));
        fg_vec got = rm_point_at_u(CQ(q), &m, 0, u);
        cr_assert(fg_norm(fg_sub(got, want)) <= 1e-12 * (1.0 + fg_norm(want)), "it %d", it);
        /* the still triangle does not move */
        fg_vec a = rm_point_at_u(CQ(q), &m, 1, u);
        cr_assert(a.x == q[1][0] && a.y == q[1][1] && a.z == q[1][2]);
    }
}

Test(rigid_motion, t_and_u_maps)
{
    double q[8][3] = { { 0 } };
    rm_motion m;
    q[5][2] = 1.0; /* |w| = 1: a quarter turn */
    cr_assert_eq(rm_motion_init(CQ(q), 0, &m), 0);
    cr_assert_float_eq(m.phi1, 2.0 * atan(1.0), 1e-15);
    cr_assert_eq(rm_u_of_t(&m, 0.0), 0.0);
    cr_assert_float_eq(rm_u_of_t(&m, 1.0), 1.0, 1e-15);
    for (int i = 0; i <= 64; i++) {
        double t = i / 64.0, u = rm_u_of_t(&m, t);
        cr_assert(u >= 0.0 && u <= 1.0);
        cr_assert_float_eq(rm_t_of_u(&m, u), t, 1e-14);
        cr_assert(rm_t_of_u_lower(&m, u) <= rm_t_of_u(&m, u));
        iv U = rm_u_range(&m, t, t);
        cr_assert(U.lo <= u && u <= U.hi);
    }
    /* w = 0: u = t exactly */
    q[5][2] = 0.0;
    cr_assert_eq(rm_motion_init(CQ(q), 0, &m), 0);
    cr_assert_eq(rm_u_of_t(&m, 0.375), 0.375);
    cr_assert_eq(rm_t_of_u(&m, 0.375), 0.375);
    /* tiny angle: u ~ t */
    q[5][0] = 0x1p-40;
    cr_assert_eq(rm_motion_init(CQ(q), 0, &m), 0);
    cr_assert_float_eq(rm_u_of_t(&m, 0.5), 0.5, 1e-15);
}

Test(rigid_motion, bad_rows_are_refused)
{
    double q[8][3] = { { 0 } };
    rm_motion m;
    q[7][0] = 2.0;
    cr_assert_eq(rm_motion_init(CQ(q), 1, &m), -1);
    q[7][0] = 1.0;
    q[7][2] = 1.0;
    cr_assert_eq(rm_motion_init(CQ(q), 1, &m), -1);
    q[7][2] = 0.0;
    q[3][1] = NAN;
    cr_assert_eq(rm_motion_init(CQ(q), 1, &m), -1);
    q[3][1] = 0.0;
    cr_assert_eq(rm_motion_init(CQ(q), 1, &m), 0);
    cr_assert_eq(m.moving_first, 0);
    cr_assert(rm_row_moves(&m, 1) && rm_row_moves(&m, 3) && !rm_row_moves(&m, 0));
    cr_assert_eq(rm_motion_init(CQ(q), 0, &m), 0);
    cr_assert(rm_row_moves(&m, 2) && !rm_row_moves(&m, 1));
}

/* D(u) (x_j(u) - x_i(u)) in double: exact for small integers and u = k/16. */
static fg_vec scaled_diff(const double q[8][3], const rm_motion *m, int i, int j, double u)
{
    double d = 1.0 + u * u * fg_dot(fg_v(q[5]), fg_v(q[5]));
    fg_vec x[2];
    int rows[2] = { i, j };
    for (int e = 0; e < 2; e++) {
        fg_vec x0 = fg_v(q[rows[e]]);
        if (!rm_row_moves(m, rows[e])) {
            x[e] = fg_scale(x0, d);
            continue;
        }
        fg_vec c = fg_v(q[4]), w = fg_v(q[5]), v = fg_sub(x0, c);
        fg_vec kv = fg_cross(w, v), kkv = fg_cross(w, kv);
        fg_vec r = fg_scale(fg_add(fg_add(c, v), fg_scale(fg_v(q[6]), u)), d);
        x[e] = fg_add(r, fg_scale(fg_add(fg_scale(kv, u), fg_scale(kkv, u * u)), 2.0));
    }
    return fg_sub(x[1], x[0]);
}

static int iv_has(iv a, double x)
{
    return a.lo <= x && x <= a.hi;
}

Test(rigid_motion, interval_polynomials_enclose_the_exact_values)
{
    ccdb_prng rng;
    ccdb_prng_seed(&rng, 12);
    for (int it = 0; it < 3000; it++) {
        double q[8][3];
        int vf = it % 2, mf = (it / 2) % 2;
        random_query(&rng, q, mf, 8, 3);
        rm_motion m;
        cr_assert_eq(rm_motion_init(CQ(q), vf, &m), 0);
        rm_polys ps;
        rm_polys_init(CQ(q), &m, &ps);
        double u = ccdb_prng_range(&rng, 0, 16) / 16.0;
        iv U = { u > 1.0 / 32 ? u - 1.0 / 32 : 0.0, u < 1.0 - 1.0 / 32 ? u + 1.0 / 32 : 1.0 };
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) {
                if (i == j)
                    continue;
                fg_vec want = scaled_diff(CQ(q), &m, i, j, u);
                double wv[3] = { want.x, want.y, want.z };
                iv3 point = rm_iv_diff(&ps, i, j, (iv){ u, u }), wide = rm_iv_diff(&ps, i, j, U);
                for (int k = 0; k < 3; k++) {
                    cr_assert(iv_has(point.x[k], wv[k]), "it %d pair %d %d axis %d", it, i, j, k);
                    cr_assert(iv_has(wide.x[k], wv[k]));
                    cr_assert(point.x[k].hi - point.x[k].lo <= 1e-9 * (1.0 + fabs(wv[k])));
                }
            }
        /* the scaled difference over D(u) is the difference of the double positions */
        double d = 1.0 + u * u * m.wn * m.wn;
        fg_vec diff = fg_sub(rm_point_at_u(CQ(q), &m, 0, u), rm_point_at_u(CQ(q), &m, 2, u));
        fg_vec sd = fg_scale(scaled_diff(CQ(q), &m, 2, 0, u), 1.0 / d);
        cr_assert(fg_norm(fg_sub(diff, sd)) <= 1e-12 * (1.0 + fg_norm(sd)));
    }
}

/* The outward margins of the t <-> u maps against MPFR at 256 bits, from tiny to near-half
 * turns: u([ta, tb]) lies inside rm_u_range, and rm_t_of_u_lower is below t(u). */
Test(rigid_motion, u_range_and_lowered_t_hold_against_mpfr)
{
    static const double ws[] = { 0x1p-40, 0x1p-10, 0.375, 1.0, 3.0, 0x1p10, 0x1p20, 0x1p26 };
    mpfr_t wn, a, x, u;
    mpfr_inits2(256, wn, a, x, u, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++) {
        double q[8][3] = { { 0 } };
        q[5][0] = ws[i] * 0.6, q[5][1] = ws[i] * 0.8; /* |w| = ws[i] up to rounding */
        rm_motion m;
        cr_assert_eq(rm_motion_init(CQ(q), 1, &m), 0);
        /* the exact |w| of the doubles q[5] */
        mpfr_set_d(wn, q[5][0], MPFR_RNDN);
        mpfr_sqr(wn, wn, MPFR_RNDN);
        mpfr_set_d(x, q[5][1], MPFR_RNDN);
        mpfr_sqr(x, x, MPFR_RNDN);
        mpfr_add(wn, wn, x, MPFR_RNDN);
        mpfr_sqrt(wn, wn, MPFR_RNDN);
        mpfr_atan(a, wn, MPFR_RNDN);
        for (int k = 0; k <= 256; k++) {
            double t = k / 256.0;
            mpfr_mul_d(x, a, t, MPFR_RNDN); /* u(t) = tan(atan(|w|) t) / |w| */
            mpfr_tan(u, x, MPFR_RNDN);
            mpfr_div(u, u, wn, MPFR_RNDN);
            if (mpfr_cmp_ui(u, 1) > 0) /* u(t) <= u(1) = 1: only the 256-bit rounding is above */
                mpfr_set_ui(u, 1, MPFR_RNDN);
            iv U = rm_u_range(&m, t, t);
            cr_assert(mpfr_cmp_d(u, U.lo) >= 0 && mpfr_cmp_d(u, U.hi) <= 0,
                      "|w| %g t %g: u %.17g outside [%.17g, %.17g]", ws[i], t,
                      mpfr_get_d(u, MPFR_RNDN), U.lo, U.hi);
            /* t(u) for the double u nearest: atan(u |w|) / atan(|w|) */
            double ud = mpfr_get_d(u, MPFR_RNDN);
            mpfr_mul_d(x, wn, ud, MPFR_RNDN);
            mpfr_atan(x, x, MPFR_RNDN);
            mpfr_div(x, x, a, MPFR_RNDN);
            cr_assert(mpfr_cmp_d(x, rm_t_of_u_lower(&m, ud)) >= 0, "|w| %g u %g", ws[i], ud);
        }
    }
    mpfr_clears(wn, a, x, u, (mpfr_ptr)0);
}
