/* float_geom.h — plain double-precision geometry shared by the floating-point solvers (private to
 * solvers/; not part of the plugin ABI): vectors, vertex positions at time t, closest distances
 * (point-segment, point-triangle, segment-segment) and the coplanarity cubic.
 *
 * Everything is ordinary IEEE double arithmetic (no FMA contraction: -ffp-contract=off), written so
 * that degenerate primitives (zero-length edges, zero-area triangles, coincident points) never
 * divide by zero. Overflow is not hidden: a NaN result means the arithmetic broke down, and the
 * caller decides what that means (our solvers answer CCDB_FAILED).
 */
#ifndef CCDB_FLOAT_GEOM_H
#define CCDB_FLOAT_GEOM_H

#include <math.h>

typedef struct fg_vec {
    double x, y, z;
} fg_vec;

static inline fg_vec fg_v(const double p[3])
{
    fg_vec r = { p[0], p[1], p[2] };
    return r;
}
static inline fg_vec fg_sub(fg_vec a, fg_vec b)
{
    fg_vec r = { a.x - b.x, a.y - b.y, a.z - b.z };
    return r;
}
static inline fg_vec fg_add(fg_vec a, fg_vec b)
{
    fg_vec r = { a.x + b.x, a.y + b.y, a.z + b.z };
    return r;
}
static inline fg_vec fg_scale(fg_vec a, double s)
{
    fg_vec r = { a.x * s, a.y * s, a.z * s };
    return r;
}
static inline double fg_dot(fg_vec a, fg_vec b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
static inline fg_vec fg_cross(fg_vec a, fg_vec b)
{
    fg_vec r = { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
    return r;
}
static inline double fg_norm(fg_vec a)
{
    return sqrt(fg_dot(a, a));
}

/* Vertex i of the query (0..3) at time t: (1-t) q[i] + t q[i+4]; exactly q[i] at t = 0 and
 * exactly q[i+4] at t = 1. */
static inline fg_vec fg_at(const double q[8][3], int i, double t)
{
    double s = 1.0 - t;
    fg_vec r = { s * q[i][0] + t * q[i + 4][0], s * q[i][1] + t * q[i + 4][1],
                 s * q[i][2] + t * q[i + 4][2] };
    return r;
}

/* The four vertices at time t. */
static inline void fg_at4(const double q[8][3], double t, fg_vec x[4])
{
    for (int i = 0; i < 4; i++)
        x[i] = fg_at(q, i, t);
}

/* Distance from p to segment [a, b]; a zero-length segment is the point a. */
static inline double fg_dist_point_segment(fg_vec p, fg_vec a, fg_vec b)
{
    fg_vec ab = fg_sub(b, a);
    double ll = fg_dot(ab, ab);
    double s = 0.0;
    if (ll > 0.0) {
        s = fg_dot(fg_sub(p, a), ab) / ll;
        if (!(s > 0.0)) /* also catches NaN (inf / inf) */
            s = 0.0;
        else if (s > 1.0)
            s = 1.0;
    }
    return fg_norm(fg_sub(p, fg_add(a, fg_scale(ab, s))));
}

/* Distance from p to the closed triangle abc. The edge distances are always taken, so a wrong
 * inside/outside decision near an edge (rounding) costs nothing; a degenerate triangle has no
 * plane and is the union of its edges. */
static inline double fg_dist_point_triangle(fg_vec p, fg_vec a, fg_vec b, fg_vec c)
{
    double d = fg_dist_point_segment(p, a, b);
    double e = fg_dist_point_segment(p, b, c);
    double f = fg_dist_point_segment(p, c, a);
    if (e < d || isnan(e))
        d = e;
    if (f < d || isnan(f))
        d = f;
    fg_vec n = fg_cross(fg_sub(b, a), fg_sub(c, a));
    double nn = fg_dot(n, n);
    if (nn > 0.0 && isfinite(nn)) {
        /* inside the prism over the triangle: the three edge half-planes agree with n */
        double sa = fg_dot(n, fg_cross(fg_sub(b, a), fg_sub(p, a)));
        double sb = fg_dot(n, fg_cross(fg_sub(c, b), fg_sub(p, b)));
        double sc = fg_dot(n, fg_cross(fg_sub(a, c), fg_sub(p, c)));
        if (sa >= 0.0 && sb >= 0.0 && sc >= 0.0) {
            double h = fabs(fg_dot(n, fg_sub(p, a))) / sqrt(nn);
            if (h < d)
                d = h;
        }
    }
    return d;
}

/* Distance between segments [p1, q1] and [p2, q2] (Ericson, Real-Time Collision Detection,
 * 5.1.9, with exact-zero tests instead of an epsilon), then the minimum with the four
 * endpoint-segment distances, which are exact where the interior solution is ill-conditioned
 * (nearly parallel segments). */
static inline double fg_dist_segment_segment(fg_vec p1, fg_vec q1, fg_vec p2, fg_vec q2)
{
    fg_vec d1 = fg_sub(q1, p1), d2 = fg_sub(q2, p2), r = fg_sub(p1, p2);
    double a = fg_dot(d1, d1), e = fg_dot(d2, d2), f = fg_dot(d2, r);
    double s = 0.0, t = 0.0;
    if (a > 0.0 && e > 0.0) {
        double c = fg_dot(d1, r), b = fg_dot(d1, d2);
        double denom = a * e - b * b;
        if (denom > 0.0) {
            s = (b * f - c * e) / denom;
            s = s > 0.0 ? (s < 1.0 ? s : 1.0) : 0.0; /* NaN -> 0 */
        }
        t = (b * s + f) / e;
        if (t < 0.0) {
            t = 0.0;
            s = -c / a;
        } else if (t > 1.0) {
            t = 1.0;
            s = (b - c) / a;
        }
        s = s > 0.0 ? (s < 1.0 ? s : 1.0) : 0.0;
        t = t > 0.0 ? (t < 1.0 ? t : 1.0) : 0.0;
    }
    double best = fg_norm(fg_sub(fg_add(p1, fg_scale(d1, s)), fg_add(p2, fg_scale(d2, t))));
    double cand[4] = { fg_dist_point_segment(p1, p2, q2), fg_dist_point_segment(q1, p2, q2),
                       fg_dist_point_segment(p2, p1, q1), fg_dist_point_segment(q2, p1, q1) };
    for (int i = 0; i < 4; i++)
        if (cand[i] < best || isnan(cand[i]))
            best = cand[i];
    return best;
}

/* Distance between the two primitives of a query at time t (vf: point q[0] vs triangle q[1..3];
 * otherwise edge q[0]q[1] vs edge q[2]q[3]). NaN when the arithmetic overflowed. */
static inline double fg_query_distance(const double q[8][3], int vf, double t)
{
    fg_vec x[4];
    fg_at4(q, t, x);
    return vf ? fg_dist_point_triangle(x[0], x[1], x[2], x[3])
              : fg_dist_segment_segment(x[0], x[1], x[2], x[3]);
}

/* The coplanarity function f(t) = (x1-x0) . ((x2-x0) x (x3-x0)) evaluated directly from the
 * positions at t (more accurate than the expanded polynomial). */
static inline double fg_coplanarity(const double q[8][3], double t)
{
    fg_vec x[4];
    fg_at4(q, t, x);
    return fg_dot(fg_sub(x[1], x[0]), fg_cross(fg_sub(x[2], x[0]), fg_sub(x[3], x[0])));
}

/* Coefficients of the same f as a polynomial: f(t) = c[3] t^3 + c[2] t^2 + c[1] t + c[0]. With
 * p_i = x_i(0) - x_0(0) and v_i their velocities relative to x_0, f = p1' . (p2' x p3'). */
static inline void fg_coplanarity_cubic(const double q[8][3], double c[4])
{
    fg_vec o0 = fg_v(q[0]), o1 = fg_v(q[4]);
    fg_vec vo = fg_sub(o1, o0);
    fg_vec p[3], v[3];
    for (int i = 0; i < 3; i++) {
        p[i] = fg_sub(fg_v(q[i + 1]), o0);
        v[i] = fg_sub(fg_sub(fg_v(q[i + 5]), fg_v(q[i + 1])), vo);
    }
    c[0] = fg_dot(p[0], fg_cross(p[1], p[2]));
    c[1] = fg_dot(v[0], fg_cross(p[1], p[2])) + fg_dot(p[0], fg_cross(v[1], p[2])) +
           fg_dot(p[0], fg_cross(p[1], v[2]));
    c[2] = fg_dot(p[0], fg_cross(v[1], v[2])) + fg_dot(v[0], fg_cross(v[1], p[2])) +
           fg_dot(v[0], fg_cross(p[1], v[2]));
    c[3] = fg_dot(v[0], fg_cross(v[1], v[2]));
}

/* Largest displacement over the whole step of a vertex of one primitive relative to a vertex of
 * the other (vf: q[0] vs q[1..3]; ee: q[0..1] vs q[2..3]). Every point of a primitive is a convex
 * combination of its vertices, so the distance between the primitives changes by at most this
 * much per unit of t. NaN when the arithmetic overflowed. */
static inline double fg_motion_bound(const double q[8][3], int vf)
{
    double best = 0.0;
    int na = vf ? 1 : 2;
    for (int i = 0; i < na; i++)
        for (int j = na; j < 4; j++) {
            fg_vec di = fg_sub(fg_v(q[i + 4]), fg_v(q[i]));
            fg_vec dj = fg_sub(fg_v(q[j + 4]), fg_v(q[j]));
            double l = fg_norm(fg_sub(di, dj));
            if (!(l <= best)) /* NaN propagates */
                best = l;
        }
    return best;
}

/* Largest absolute coordinate of the query (0 for all zeros). */
static inline double fg_max_abs(const double q[8][3])
{
    double m = 0.0;
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            if (fabs(q[i][k]) > m)
                m = fabs(q[i][k]);
    return m;
}

#endif
