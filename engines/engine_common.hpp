/* engine_common.hpp — what the engine adapters (engines/engine_*.cpp) share: which queries an
 * engine's rigid-body motion can express, read off a ccdbench query. Our code: no engine header
 * here (exceptions and the floating-point environment are peers/peer_common.hpp's guarded()).
 *
 * The judge's two motions (ccdb_solver.h, docs/rigid.md):
 *   linear kinds  x_i(t) = x_i0 + t (x_i1 - x_i0), every point on its own line;
 *   rigid kinds   x(t) = c + R(u) (x0 - c) + u s, u = tan(phi1 t / 2) / |w|, phi1 = 2 atan |w|.
 * The engines move whole bodies: a body translates (every point the same displacement) or turns
 * about an axis with a constant angular velocity. The two coincide on
 *   - a translation: a linear query in which each primitive's points share one displacement
 *     (the primitive is a translating body; still is displacement 0), or a rigid query with
 *     w = 0 (u = t: the moving primitive translates by s);
 *   - a turn: a rigid query with s = 0 (u enters only through the angle phi1 t, uniform in t).
 * Everything else (per-vertex deformation, a screw with s != 0 whose shift s u(t) is not
 * uniform in t) is outside every engine's model. A displacement is used only when it is a
 * double exactly (the engine then moves the points the query moves, up to its own rounding). */
#ifndef CCDB_ENGINE_COMMON_HPP
#define CCDB_ENGINE_COMMON_HPP

#include <cmath>

#include "ccdb_solver.h"

namespace ccdb_engine
{

/* a - b when it is a finite double exactly (TwoSum error 0), else false. */
inline bool exact_sub(double a, double b, double *d)
{
    double s = a - b, bv = s - a, av = s - bv;
    double err = (a - av) + (-b - bv);
    *d = s;
    return std::isfinite(s) && err == 0.0;
}

/* One primitive's motion as a body: still, translating by d, or turning about the axis through
 * c along w (|w| = tan(phi1 / 2)), no axial shift. */
struct body_motion {
    enum { still, translation, turn } type;
    double d[3]; /* translation */
    double c[3], w[3];
};

/* A query the engines can express: the motions of the first primitive (the vertex, edge a) and
 * of the second (the triangle, edge b), and how many points the first one has (VF 1, EE 2). */
struct query_motion {
    body_motion first, second;
    int n_first;
};

/* Whether a query fits an engine's model: inside (m filled), outside (CCDB_OUTSIDE_MODEL), or
 * malformed (a coordinate not finite, a rigid row 8 other than (0,0,0) / (1,0,0): the honest
 * answer is CCDB_FAILED, as the built-in solvers give). */
enum model_fit { inside, outside, malformed };

inline bool finite_rows(const double q[8][3])
{
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 3; k++)
            if (!std::isfinite(q[r][k]))
                return false;
    return true;
}

/* Linear kinds: each primitive translating as a body (rows [0, n_first) and [n_first, 4)). */
inline model_fit linear_as_translations(const double q[8][3], bool vf, query_motion *m)
{
    if (!finite_rows(q))
        return malformed;
    m->n_first = vf ? 1 : 2;
    body_motion *b[2] = { &m->first, &m->second };
    for (int p = 0; p < 2; p++) {
        int lo = p == 0 ? 0 : m->n_first, hi = p == 0 ? m->n_first : 4;
        double d[3] = { 0, 0, 0 };
        for (int r = lo; r < hi; r++)
            for (int k = 0; k < 3; k++) {
                double dk;
                if (!exact_sub(q[r + 4][k], q[r][k], &dk))
                    return outside;
                if (r == lo)
                    d[k] = dk;
                else if (dk != d[k])
                    return outside;
            }
        bool moves = d[0] != 0.0 || d[1] != 0.0 || d[2] != 0.0;
        b[p]->type = moves ? body_motion::translation : body_motion::still;
        for (int k = 0; k < 3; k++)
            b[p]->d[k] = d[k] + 0.0; /* -0 as 0 */
    }
    return inside;
}

/* Rigid kinds: a translation (w = 0) or a turn without shift (s = 0, w != 0) of the moving
 * primitive; the other one is still. A turn is inside only when |w|^2 <= max_w2 (Bullet clamps
 * larger turns; others pass infinity). */
inline model_fit rigid_as_body(const double q[8][3], bool vf, double max_w2, query_motion *m)
{
    if (!finite_rows(q))
        return malformed;
    if (q[7][1] != 0.0 || q[7][2] != 0.0 || (q[7][0] != 0.0 && q[7][0] != 1.0))
        return malformed;
    m->n_first = vf ? 1 : 2;
    bool first_moves = q[7][0] == 0.0;
    body_motion *moving = first_moves ? &m->first : &m->second;
    body_motion *still = first_moves ? &m->second : &m->first;
    still->type = body_motion::still;
    bool w0 = q[5][0] == 0.0 && q[5][1] == 0.0 && q[5][2] == 0.0;
    bool s0 = q[6][0] == 0.0 && q[6][1] == 0.0 && q[6][2] == 0.0;
    for (int k = 0; k < 3; k++) {
        still->d[k] = 0.0;
        moving->d[k] = q[6][k] + 0.0;
        moving->c[k] = q[4][k];
        moving->w[k] = q[5][k];
    }
    if (w0) {
        moving->type = s0 ? body_motion::still : body_motion::translation;
        return inside;
    }
    if (!s0)
        return outside;
    double w2 = q[5][0] * q[5][0] + q[5][1] * q[5][1] + q[5][2] * q[5][2];
    if (!(w2 <= max_w2))
        return outside;
    moving->type = body_motion::turn;
    return inside;
}

/* The rotation matrix of a turn (Cayley form of w = tan(phi1 / 2) n, rounded):
 * R = I + 2 (K + K^2) / (1 + |w|^2), K = [w]x. */
inline void turn_matrix(const double w[3], double R[3][3])
{
    const double K[3][3] = { { 0, -w[2], w[1] }, { w[2], 0, -w[0] }, { -w[1], w[0], 0 } };
    double f = 2.0 / (1.0 + w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double k2 = K[i][0] * K[0][j] + K[i][1] * K[1][j] + K[i][2] * K[2][j];
            R[i][j] = (i == j ? 1.0 : 0.0) + f * (K[i][j] + k2);
        }
}

/* phi1 = 2 atan |w|, the angle turned over the step (rounded). */
inline double turn_angle(const double w[3])
{
    return 2.0 * std::atan(std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]));
}

/* The answer when a query does not fit (f != inside): outside the model (ABI 4), or failed. */
inline void not_inside(model_fit f, ccdb_result *out)
{
    out->state = f == malformed ? CCDB_FAILED : CCDB_OUTSIDE_MODEL;
    out->toi = 0.0;
    out->work = 0;
}

/* The entries of an engine plugin whose Engine::collide(q, m, out) answers a query given as
 * the motions of its two bodies: the linear kinds as translations, the rigid kinds as one body
 * motion each, turns up to |w|^2 <= Engine::max_w2 (INFINITY: any); what does not fit is
 * answered by not_inside. */
template <class Engine, bool VF>
void linear_entry(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    query_motion m;
    model_fit f = linear_as_translations(q, VF, &m);
    if (f != inside)
        return not_inside(f, out);
    Engine::collide(q, m, out);
}

template <class Engine, bool VF>
void rigid_entry(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    query_motion m;
    model_fit f = rigid_as_body(q, VF, Engine::max_w2, &m);
    if (f != inside)
        return not_inside(f, out);
    Engine::collide(q, m, out);
}

/* Sweeps (ABI 6, docs/sweep.md): the points of the moving primitive (rows [lo, hi): the first
 * primitive when row 8's flag is 0, the second when it is 1) move as
 *     X(t) = O + t v + R(theta t)(X0 - O),   R(a) the right-hand rotation by a about w,
 * the other primitive is still. This is the engines' own motion (a centre on a line, a constant
 * angular velocity about it): each adapter's Engine::sweep gives it to its engine as it is, or
 * answers CCDB_OUTSIDE_MODEL where the engine cannot be given exactly this motion. */
struct sweep_query {
    int n_first; /* VF 1, EE 2 */
    int lo, hi;  /* the moving primitive's rows */
    double O[3], w[3], v[3], theta;
};

/* A sweep read off q; malformed (CCDB_FAILED) when a coordinate is not finite, row 8 is not
 * (0 or 1, theta, 0), or w = 0 while theta != 0 (the reader refuses these too). */
inline model_fit sweep_of(const double q[8][3], bool vf, sweep_query *s)
{
    if (!finite_rows(q))
        return malformed;
    if (q[7][2] != 0.0 || (q[7][0] != 0.0 && q[7][0] != 1.0))
        return malformed;
    s->n_first = vf ? 1 : 2;
    s->lo = q[7][0] == 0.0 ? 0 : s->n_first;
    s->hi = q[7][0] == 0.0 ? s->n_first : 4;
    s->theta = q[7][1] + 0.0;
    for (int k = 0; k < 3; k++) {
        s->O[k] = q[4][k];
        s->w[k] = q[5][k];
        s->v[k] = q[6][k] + 0.0;
    }
    if (s->theta != 0.0 && s->w[0] == 0.0 && s->w[1] == 0.0 && s->w[2] == 0.0)
        return malformed;
    return inside;
}

/* Whether a body frame with its origin at O holds the sweep exactly: every moving point X0 - O
 * and the end of the centre O + v are doubles exactly (a frame at O then moves by v exactly and
 * its shape's coordinates are the query's). */
inline bool centre_frame_exact(const double q[8][3], const sweep_query &s)
{
    double d;
    for (int k = 0; k < 3; k++) {
        if (!exact_sub(s.O[k], -s.v[k], &d))
            return false;
        for (int r = s.lo; r < s.hi; r++)
            if (!exact_sub(q[r][k], s.O[k], &d))
                return false;
    }
    return true;
}

/* R(theta) about w / |w| (Rodrigues' formula, rounded): the end pose's rotation. */
inline void sweep_rotation(const sweep_query &s, double R[3][3])
{
    double len = std::sqrt(s.w[0] * s.w[0] + s.w[1] * s.w[1] + s.w[2] * s.w[2]);
    double n[3] = { 0, 0, 0 };
    if (len > 0.0)
        for (int k = 0; k < 3; k++)
            n[k] = s.w[k] / len;
    const double K[3][3] = { { 0, -n[2], n[1] }, { n[2], 0, -n[0] }, { -n[1], n[0], 0 } };
    double sn = std::sin(s.theta), c1 = 1.0 - std::cos(s.theta);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double k2 = K[i][0] * K[0][j] + K[i][1] * K[1][j] + K[i][2] * K[2][j];
            R[i][j] = (i == j ? 1.0 : 0.0) + sn * K[i][j] + c1 * k2;
        }
}

template <class Engine, bool VF>
void sweep_entry(void *, const double q[8][3], const ccdb_params *, ccdb_result *out)
{
    sweep_query s;
    model_fit f = sweep_of(q, VF, &s);
    if (f != inside)
        return not_inside(f, out);
    Engine::sweep(q, s, out);
}

/* The two sweep entries of an engine with Engine::sweep(q, s, out) (ABI 6). */
template <class Engine> void add_sweeps(ccdb_solver *s)
{
    s->sweep_vertex_face = sweep_entry<Engine, true>;
    s->sweep_edge_edge = sweep_entry<Engine, false>;
}

/* Fills s with the four entries above: claims, reports a TOI; no work count. */
template <class Engine>
const ccdb_solver *motion_solver(ccdb_solver *s, const char *name, const char *summary,
                                 const char *reference)
{
    ccdb_solver_init(s, name, summary, reference,
                     CCDB_CLAIM_REPORTS_TOI | CCDB_SOLVER_NO_WORK_COUNT, linear_entry<Engine, true>,
                     linear_entry<Engine, false>);
    s->rigid_vertex_face = rigid_entry<Engine, true>;
    s->rigid_edge_edge = rigid_entry<Engine, false>;
    return s;
}

} // namespace ccdb_engine

#endif
