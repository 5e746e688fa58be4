/* cubic.c — Provot's coplanarity-cubic CCD in double precision.
 *
 * Method: the four points of the query are coplanar exactly when
 *   f(t) = (x1(t)-x0(t)) . ((x2(t)-x0(t)) x (x3(t)-x0(t)))
 * vanishes, a cubic in t. Its coefficients are computed in double, its real roots by the closed
 * form (Cardano / trigonometric, Numerical Recipes 5.6 style; the degree is reduced when the
 * leading coefficient is below eps times the sum of the others' magnitudes, i.e. negligible on
 * [0,1]; quadratic fallback when the normalised coefficients overflow; two Newton polishing
 * steps on the full cubic).
 * Each root in [0,1] (widened by 1e-9 and clamped) is a candidate, checked in increasing order
 * with the static distance at that time (point-triangle / segment-segment) <= delta; the first
 * candidate that passes is the time of impact.
 * Follows: X. Provot, "Collision and self-collision handling in cloth model dedicated to design
 * garments", Graphics Interface 1997 (also Bridson, Fedkiw, Anderson, SIGGRAPH 2002).
 * Claims: reports TOI. Not conservative: roots are rounded, the distance check uses a fixed
 * tolerance, and when all four points stay coplanar f is identically zero and has no isolated
 * root, so the collision is missed (the classic false negative this benchmark looks for).
 * Parameters: delta (distance tolerance of the check, default 1e-6). min_separation is ignored.
 * Failure: CCDB_FAILED when the coefficients or a distance come out NaN (overflow).
 */
#include <math.h>

#include "ccdb_solver.h"
#include "float_geom.h"

#define ROOT_SLACK 1e-9

/* Real roots of a x^2 + b x + c; returns the count, or -1 when the polynomial is identically 0. */
static int solve_quadratic(double a, double b, double c, double r[])
{
    if (fabs(a) <= 2.220446049250313e-16 * (fabs(b) + fabs(c))) { /* same on [0,1] */
        if (b == 0.0)
            return c == 0.0 ? -1 : 0;
        r[0] = -c / b;
        return 1;
    }
    double disc = b * b - 4.0 * a * c;
    if (disc < 0.0)
        return 0;
    double qq = -0.5 * (b + copysign(sqrt(disc), b));
    if (qq == 0.0) {
        r[0] = 0.0;
        return 1;
    }
    r[0] = qq / a;
    r[1] = c / qq;
    return 2;
}

/* Real roots of c[0] + c[1] x + c[2] x^2 + c[3] x^3 (unordered; a nearly-double root may be
 * listed through the real part of a nearly-real complex pair); returns the count, or -1 when
 * the polynomial is identically 0. */
static int solve_cubic(const double c[4], double r[4])
{
    /* On [0,1] a leading term below the rounding error of the others is noise: normalising by
     * it would scale everything else up to 1/eps and wreck the small roots. */
    const double eps = 2.220446049250313e-16;
    if (fabs(c[3]) <= eps * (fabs(c[2]) + fabs(c[1]) + fabs(c[0])))
        return solve_quadratic(c[2], c[1], c[0], r);
    double A = c[2] / c[3], B = c[1] / c[3], C = c[0] / c[3];
    double Q = (A * A - 3.0 * B) / 9.0;
    double R = (2.0 * A * A * A - 9.0 * A * B + 27.0 * C) / 54.0;
    double R2 = R * R, Q3 = Q * Q * Q;
    if (!isfinite(Q) || !isfinite(R) || !isfinite(R2) || !isfinite(Q3))
        return solve_quadratic(c[2], c[1], c[0], r); /* leading coefficient negligible */
    if (R2 < Q3) {
        double x = R / sqrt(Q3);
        x = x < -1.0 ? -1.0 : (x > 1.0 ? 1.0 : x);
        double th = acos(x), m = -2.0 * sqrt(Q);
        const double pi = 3.14159265358979323846;
        r[0] = m * cos(th / 3.0) - A / 3.0;
        r[1] = m * cos((th + 2.0 * pi) / 3.0) - A / 3.0;
        r[2] = m * cos((th - 2.0 * pi) / 3.0) - A / 3.0;
        return 3;
    }
    double s = sqrt(R2 - Q3);
    double AA = -copysign(cbrt(fabs(R) + s), R);
    double BB = AA != 0.0 ? Q / AA : 0.0;
    r[0] = (AA + BB) - A / 3.0;
    /* a double root (discriminant ~ 0) shows up as the real part of a nearly-real pair */
    if (R2 - Q3 <= 64.0 * 2.220446049250313e-16 * R2) {
        r[1] = -0.5 * (AA + BB) - A / 3.0;
        return 2;
    }
    return 1;
}

static double polish(const double c[4], double t)
{
    for (int k = 0; k < 2; k++) {
        double f = ((c[3] * t + c[2]) * t + c[1]) * t + c[0];
        double df = (3.0 * c[3] * t + 2.0 * c[2]) * t + c[1];
        if (f == 0.0 || df == 0.0)
            break;
        double tn = t - f / df;
        if (!isfinite(tn))
            break;
        t = tn;
    }
    return t;
}

static void cubic_query(const double q[8][3], const ccdb_params *params, ccdb_result *out, int vf)
{
    double c[4], r[4];
    out->toi = 0.0;
    out->work = 0;
    fg_coplanarity_cubic(q, c);
    if (isnan(c[0]) || isnan(c[1]) || isnan(c[2]) || isnan(c[3])) {
        out->state = CCDB_FAILED;
        return;
    }
    int n = solve_cubic(c, r);
    double cand[4];
    int m = 0;
    for (int i = 0; i < n; i++) {
        double t = polish(c, r[i]);
        if (!(t >= -ROOT_SLACK && t <= 1.0 + ROOT_SLACK))
            continue;
        cand[m++] = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    }
    for (int i = 1; i < m; i++) /* insertion sort: earliest first */
        for (int j = i; j > 0 && cand[j] < cand[j - 1]; j--) {
            double x = cand[j];
            cand[j] = cand[j - 1];
            cand[j - 1] = x;
        }
    for (int i = 0; i < m; i++) {
        double d = fg_query_distance(q, vf, cand[i]);
        out->work++;
        if (isnan(d)) {
            out->state = CCDB_FAILED;
            return;
        }
        if (d <= params->delta) {
            out->state = CCDB_HIT;
            out->toi = cand[i];
            return;
        }
    }
    out->state = CCDB_MISS;
}

static void cubic_vf(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    cubic_query(q, params, out, 1);
}

static void cubic_ee(void *state, const double q[8][3], const ccdb_params *params, ccdb_result *out)
{
    (void)state;
    cubic_query(q, params, out, 0);
}

const ccdb_solver ccdb_solver_cubic = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "cubic",
    .summary = "coplanarity cubic, closed-form roots in double, distance check at each root",
    .reference = "Provot, Graphics Interface 1997; Bridson et al., SIGGRAPH 2002",
    .flags = CCDB_CLAIM_REPORTS_TOI,
    .vertex_face = cubic_vf,
    .edge_edge = cubic_ee,
};
