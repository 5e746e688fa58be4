/* solver_cases.c — the queries shared by the solver tests (see solver_cases.h). */
#include "solver_cases.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "prng.h" /* ccdb_splitmix64 */

static void set(double q[8][3], int i, double x, double y, double z)
{
    q[i][0] = x;
    q[i][1] = y;
    q[i][2] = z;
}

/* VF: static triangle (0,0,0) (1,0,0) (0,1,0); the point at (0.25, 0.25) moves in z from z0
 * to z1. EE: static edge (-1,0,0)-(1,0,0); the edge (0,-1,z)-(0,1,z) moves from z0 to z1. */
static void vf_case(double q[8][3], double z0, double z1, double dx)
{
    set(q, 0, 0.25, 0.25, z0);
    set(q, 1, 0, 0, 0);
    set(q, 2, 1, 0, 0);
    set(q, 3, 0, 1, 0);
    set(q, 4, 0.25 + dx, 0.25 + dx, z1);
    set(q, 5, 0, 0, 0);
    set(q, 6, 1, 0, 0);
    set(q, 7, 0, 1, 0);
}

static void ee_case(double q[8][3], double z0, double z1, double dx)
{
    set(q, 0, -1, 0, 0);
    set(q, 1, 1, 0, 0);
    set(q, 2, dx * 0, -1, z0);
    set(q, 3, dx * 0, 1, z0);
    set(q, 4, -1, 0, 0);
    set(q, 5, 1, 0, 0);
    set(q, 6, dx, -1 + dx, z1);
    set(q, 7, dx, 1 + dx, z1);
}

size_t known_cases(known_case *c, size_t max)
{
    size_t n = 0;
    /* name, z0, z1, dx, hit, toi, min_sep; all TOIs are exact doubles by construction */
    static const struct {
        const char *name;
        double z0, z1, dx;
        int hit;
        double toi, min_sep;
        int at_ends;
    } spec[] = {
        { "bullet through thin wall", 1000, -1000, 0, 1, 0.5, 0, 0 },
        { "mid-step hit", 1, -3, 0, 1, 0.25, 0, 0 },
        { "clear miss", 5, 6, 1, 0, 0, 0, 0 },
        { "touches at t=1", 1, 0, 0, 1, 1.0, 0, 1 },
        { "touching at t=0", 0, 1, 0, 1, 0.0, 0, 1 },
        { "passes 0.25 away", 1, 0.25, 0, 0, 0, 0, 0 },
        /* distance 1 - 0.75 t reaches 0.5 at t = 2/3 (not a double: checked with tolerance) */
        { "within min separation 0.5", 1, 0.25, 0, 1, 2.0 / 3.0, 0.5, 1 },
    };
    for (size_t i = 0; i < sizeof spec / sizeof spec[0]; i++)
        for (int vf = 1; vf >= 0; vf--) {
            if (n >= max)
                return n;
            known_case *k = &c[n++];
            memset(k, 0, sizeof *k);
            k->name = spec[i].name;
            k->vf = vf;
            if (vf)
                vf_case(k->q, spec[i].z0, spec[i].z1, spec[i].dx);
            else
                ee_case(k->q, spec[i].z0, spec[i].z1, spec[i].dx);
            k->hit = spec[i].hit;
            k->toi = spec[i].toi;
            k->min_sep = spec[i].min_sep;
            k->at_ends = spec[i].at_ends;
        }
    return n;
}

size_t degenerate_queries(double (*q)[8][3], const char **names, size_t max)
{
    size_t n = 0;
#define ADD(label) (names[n] = (label), memset(q[n], 0, sizeof q[n]), q[n++])
    double(*p)[3];
    if (n + 16 > max)
        return 0;

    ADD("all zeros");

    p = ADD("identical points");
    for (int i = 0; i < 8; i++)
        set(p, i, 1, 2, 3);

    p = ADD("zero-length edges / point-like triangle, crossing");
    for (int i = 0; i < 4; i++) {
        set(p, i, i < 2 ? 0.0 : 1.0, 0, i < 2 ? 1.0 : 0.0);
        set(p, i + 4, i < 2 ? 1.0 : 0.0, 0, i < 2 ? 0.0 : 1.0);
    }

    p = ADD("zero-area triangle (collinear), point through its line");
    set(p, 0, 0.5, 0, 1);
    set(p, 1, 0, 0, 0);
    set(p, 2, 1, 0, 0);
    set(p, 3, 2, 0, 0);
    set(p, 4, 0.5, 0, -1);
    set(p, 5, 0, 0, 0);
    set(p, 6, 1, 0, 0);
    set(p, 7, 2, 0, 0);

    p = ADD("coplanar motion through the triangle (f identically 0)");
    set(p, 0, -1, 0.25, 0);
    set(p, 1, 0, 0, 0);
    set(p, 2, 1, 0, 0);
    set(p, 3, 0, 1, 0);
    set(p, 4, 2, 0.25, 0);
    set(p, 5, 0, 0, 0);
    set(p, 6, 1, 0, 0);
    set(p, 7, 0, 1, 0);

    p = ADD("mid-step hit scaled by 1e-300");
    vf_case(p, 1e-300, -3e-300, 0);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 2; k++)
            p[i][k] *= 1e-300;

    p = ADD("subnormal coordinates");
    for (int i = 0; i < 8; i++)
        set(p, i, (i & 1) ? 4.9406564584124654e-324 : -1e-310, (i & 2) ? 2.5e-320 : 0,
            (i & 4) ? -4.9406564584124654e-324 : 1e-315);

    p = ADD("mid-step hit scaled by 1e300");
    vf_case(p, 1e300, -3e300, 0);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 2; k++)
            p[i][k] *= 1e300;

    p = ADD("largest finite doubles, mixed signs");
    for (int i = 0; i < 8; i++)
        set(p, i, (i & 1) ? DBL_MAX : -DBL_MAX, (i & 2) ? DBL_MAX : -DBL_MAX,
            (i & 4) ? -DBL_MAX : DBL_MAX);

    p = ADD("DBL_MAX crossing to -DBL_MAX");
    vf_case(p, DBL_MAX, -DBL_MAX, 0);

    p = ADD("all at DBL_MAX");
    for (int i = 0; i < 8; i++)
        set(p, i, DBL_MAX, DBL_MAX, DBL_MAX);

    p = ADD("mixed magnitudes 1e-300 .. 1e300");
    for (int i = 0; i < 8; i++)
        set(p, i, (i % 3 == 0) ? 1e300 : 1e-300, (i % 3 == 1) ? -1e300 : 1.0,
            (i % 3 == 2) ? 1e-300 : -1e300);

    p = ADD("tiny motion near huge coordinates");
    vf_case(p, 1e-10, -1e-10, 0);
    for (int i = 0; i < 8; i++)
        p[i][0] += 1e15;

    p = ADD("near miss, distance 1e-9 at closest");
    vf_case(p, 1, 1e-9, 0);

    p = ADD("parallel edges, sliding (EE), point on triangle plane (VF)");
    set(p, 0, 0, 0, 0);
    set(p, 1, 1, 0, 0);
    set(p, 2, -1, 1e-12, 0);
    set(p, 3, 2, 1e-12, 0);
    set(p, 4, 0.5, 0, 0);
    set(p, 5, 1.5, 0, 0);
    set(p, 6, -1, 1e-12, 0);
    set(p, 7, 2, 1e-12, 0);

    p = ADD("negative zero and zero");
    for (int i = 0; i < 8; i++)
        set(p, i, (i & 1) ? -0.0 : 0.0, (i & 2) ? -0.0 : 0.0, 0.0);
#undef ADD
    return n;
}

void random_queries(double (*q)[8][3], size_t n, uint64_t seed)
{
    static const int exps[] = {
        -1074, -1030, -1000, -300, -150, -20, -1, 0, 1, 20, 150, 300, 1023
    };
    const size_t ne = sizeof exps / sizeof exps[0];
    for (size_t j = 0; j < n; j++) {
        /* one magnitude per query most of the time, a mix in the rest */
        int mix = ccdb_splitmix64(&seed) % 4 == 0;
        int e0 = exps[ccdb_splitmix64(&seed) % ne];
        for (int i = 0; i < 8; i++)
            for (int k = 0; k < 3; k++) {
                int e = mix ? exps[ccdb_splitmix64(&seed) % ne] : e0;
                double m = (double)(ccdb_splitmix64(&seed) >> 11) / 9007199254740992.0; /* [0,1) */
                double v = ldexp(m, e);
                if (ccdb_splitmix64(&seed) & 1)
                    v = -v;
                q[j][i][k] = isfinite(v) ? v : DBL_MAX;
            }
        if (ccdb_splitmix64(&seed) % 5 == 0) /* repeated points */
            memcpy(q[j][1], q[j][0], sizeof q[j][0]);
        if (ccdb_splitmix64(&seed) % 5 == 0) /* static vertices */
            memcpy(q[j][4], q[j][0], sizeof q[j][0]);
    }
}

ccdb_result run_query(const ccdb_solver *s, void *state, int vf, const double q[8][3],
                      const ccdb_params *p)
{
    ccdb_result r;
    memset(&r, 0, sizeof r);
    r.state = (ccdb_state)77; /* poison: the solver must set every field */
    r.toi = NAN;
    r.work = -1;
    (vf ? s->vertex_face : s->edge_edge)(state, q, p, &r);
    return r;
}

const char *result_problem(const ccdb_result *r)
{
    static char buf[160];
    buf[0] = '\0';
    if (r->state != CCDB_MISS && r->state != CCDB_HIT && r->state != CCDB_GAVE_UP &&
        r->state != CCDB_FAILED)
        snprintf(buf, sizeof buf, "invalid state %d", (int)r->state);
    else if (isnan(r->toi))
        snprintf(buf, sizeof buf, "toi is NaN (state %s)", ccdb_state_name(r->state));
    else if ((r->state == CCDB_HIT || r->state == CCDB_GAVE_UP) && !(r->toi >= 0 && r->toi <= 1))
        snprintf(buf, sizeof buf, "toi %.17g outside [0,1] (state %s)", r->toi,
                 ccdb_state_name(r->state));
    else if (r->work < 0)
        snprintf(buf, sizeof buf, "work %lld < 0 (unset?)", r->work);
    return buf;
}

int same_result(const ccdb_result *a, const ccdb_result *b)
{
    return a->state == b->state && memcmp(&a->toi, &b->toi, sizeof a->toi) == 0 &&
           a->work == b->work;
}

void hang_guard(unsigned seconds)
{
    alarm(seconds);
}

#define MAX_SOLVERS 64

struct criterion_test_params every_builtin_solver(void)
{
    static size_t idx[MAX_SOLVERS];
    size_t n;
    ccdb_registry_builtin(&n);
    cr_assert(n <= MAX_SOLVERS, "raise MAX_SOLVERS in tests/solvers/solver_cases.c");
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (ccdb_registry_builtin(&n)[i]->vertex_face) /* the linear ones (not rigid-only) */
            idx[m++] = i;
    return cr_make_param_array(size_t, idx, m);
}
