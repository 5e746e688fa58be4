/* cubic_bracketed.c — the coplanarity cubic with bracketed root finding.
 *
 * Method: the same f(t) as `cubic` (the four points are coplanar), but its roots are found
 * robustly: the cubic's critical points (roots of the derivative's quadratic) split [0,1] into
 * pieces on which f is monotone; on each piece, earliest first, a sign change brackets exactly one
 * root, found by alternating a false-position step and a bisection step (each iteration shrinks
 * the bracket) until the bracket is so narrow that no vertex moves more than delta/2 across it, or
 * f evaluates to exactly 0. f is evaluated directly from the vertex positions at t (not from the
 * expanded polynomial). An endpoint where f is exactly 0 is a candidate too. Each candidate is
 * checked with the static distance <= delta at the bracket's ends; the first that passes gives the
 * TOI (the bracket's lower end).
 * Follows: E. Catto, "Continuous collision" (GDC 2013) and Box2D's b2TimeOfImpact root finder
 * (bilateral advancement: bisection alternated with false position); Provot 1997 for f.
 * Claims: reports TOI. Not conservative: f is evaluated in double (a sign can be wrong near a
 * root), a root where f touches zero without changing sign is missed, and when all four points
 * stay coplanar f is identically zero, so only the endpoints are checked.
 * Parameters: delta (distance tolerance, also sets the bracket width), max_iterations (cap on
 * root-finding steps per query; reaching it gives GAVE_UP at the bracket's lower end).
 * min_separation is ignored. Failure: CCDB_FAILED when f or a distance comes out NaN.
 */
#include <math.h>

#include "ccdb_solver.h"
#include "float_geom.h"

typedef struct query_ctx {
    const double (*q)[3];
    const ccdb_params *params;
    ccdb_result *out;
    int vf;
    double bound;
    long long steps;
} query_ctx;

/* 1: contact at the candidate bracket [lo, hi] (out is set), 0: no contact, -1: NaN. */
static int check(query_ctx *c, double lo, double hi)
{
    double d = fg_query_distance(c->q, c->vf, lo);
    double e = hi != lo ? fg_query_distance(c->q, c->vf, hi) : d;
    c->out->work++;
    if (isnan(d) || isnan(e))
        return -1;
    if (d <= c->params->delta || e <= c->params->delta) {
        c->out->state = CCDB_HIT;
        c->out->toi = lo;
        return 1;
    }
    return 0;
}

/* Root of f in (lo, hi) with f(lo), f(hi) of opposite signs. Returns 1 with [*plo, *phi] the
 * final bracket, 0 when the cap was reached (the bracket so far is returned too), -1 on NaN. */
static int bracket_root(query_ctx *c, double lo, double hi, double flo, double fhi, double *plo,
                        double *phi)
{
    double width = c->bound > 0.0 ? 0.5 * c->params->delta / c->bound : 0.0;
    for (long long it = 0;; it++) {
        *plo = lo;
        *phi = hi;
        if (hi - lo <= width)
            return 1;
        if (c->steps >= c->params->max_iterations)
            return 0;
        double m = lo + 0.5 * (hi - lo);
        if (it % 2 == 0) { /* false position, unless it leaves the open bracket */
            double fp = lo - flo * (hi - lo) / (fhi - flo);
            if (fp > lo && fp < hi)
                m = fp;
        }
        if (!(m > lo && m < hi)) /* lo and hi are adjacent doubles */
            return 1;
        double fm = fg_coplanarity(c->q, m);
        c->steps++;
        c->out->work++;
        if (isnan(fm))
            return -1;
        if (fm == 0.0) {
            *plo = *phi = m;
            return 1;
        }
        if ((fm < 0.0) == (flo < 0.0)) {
            lo = m;
            flo = fm;
        } else {
            hi = m;
            fhi = fm;
        }
    }
}

static void bracketed_query(const double q[8][3], const ccdb_params *params, ccdb_result *out,
                            int vf)
{
    query_ctx c = { q, params, out, vf, fg_motion_bound(q, vf), 0 };
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 0;
    double k[4];
    fg_coplanarity_cubic(q, k);
    if (isnan(c.bound) || isnan(k[0]) || isnan(k[1]) || isnan(k[2]) || isnan(k[3])) {
        out->state = CCDB_FAILED;
        return;
    }
    /* pieces: [0, critical points in (0,1) ascending, 1] */
    double cut[4];
    int n = 0;
    cut[n++] = 0.0;
    double a = 3.0 * k[3], b = 2.0 * k[2], cc = k[1], r[2];
    int nr = 0;
    if (a == 0.0) {
        if (b != 0.0)
            r[nr++] = -cc / b;
    } else {
        double disc = b * b - 4.0 * a * cc;
        if (disc > 0.0 && isfinite(disc)) {
            double qq = -0.5 * (b + copysign(sqrt(disc), b));
            r[nr++] = qq / a;
            if (qq != 0.0)
                r[nr++] = cc / qq;
        }
    }
    if (nr == 2 && r[1] < r[0]) {
        double x = r[0];
        r[0] = r[1];
        r[1] = x;
    }
    for (int i = 0; i < nr; i++)
        if (r[i] > cut[n - 1] && r[i] < 1.0)
            cut[n++] = r[i];
    cut[n++] = 1.0;

    double fl = fg_coplanarity(q, 0.0);
    out->work++;
    for (int i = 0; i + 1 < n; i++) {
        double l = cut[i], h = cut[i + 1];
        double fh = fg_coplanarity(q, h);
        out->work++;
        if (isnan(fl) || isnan(fh)) {
            out->state = CCDB_FAILED;
            return;
        }
        int got = 0;
        if (fl == 0.0) {
            got = check(&c, l, l);
        } else if (fh != 0.0 && (fl < 0.0) != (fh < 0.0)) {
            double lo, hi;
            int rc = bracket_root(&c, l, h, fl, fh, &lo, &hi);
            if (rc == 0) {
                out->state = CCDB_GAVE_UP;
                out->toi = lo;
                return;
            }
            got = rc < 0 ? -1 : check(&c, lo, hi);
        }
        if (got == 0 && fh == 0.0 && i + 2 == n)
            got = check(&c, h, h); /* the last piece's end (others are the next piece's start) */
        if (got < 0) {
            out->state = CCDB_FAILED;
            out->toi = 0.0;
            return;
        }
        if (got > 0)
            return;
        fl = fh;
    }
}

static void bracketed_vf(void *state, const double q[8][3], const ccdb_params *params,
                         ccdb_result *out)
{
    (void)state;
    bracketed_query(q, params, out, 1);
}

static void bracketed_ee(void *state, const double q[8][3], const ccdb_params *params,
                         ccdb_result *out)
{
    (void)state;
    bracketed_query(q, params, out, 0);
}

const ccdb_solver ccdb_solver_cubic_bracketed = {
    .abi_version = CCDB_SOLVER_ABI,
    .name = "cubic_bracketed",
    .summary = "coplanarity cubic, monotone pieces, bisection alternated with false position",
    .reference = "Catto, Continuous Collision, GDC 2013 (Box2D b2TimeOfImpact); Provot 1997",
    .flags = CCDB_CLAIM_REPORTS_TOI,
    .vertex_face = bracketed_vf,
    .edge_edge = bracketed_ee,
};
