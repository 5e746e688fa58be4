/* inclusion_cases.h — shared helpers for the inclusion-solver tests: finding a built-in solver
 * by name and running one query through it. Hand-made queries use dyadic coordinates so that the
 * exact TOI stated next to each is exact. */
#ifndef INCLUSION_CASES_H
#define INCLUSION_CASES_H

#include <criterion/criterion.h>
#include <string.h>

#include "ccdb_registry.h"
#include "ccdb_solver.h"

static inline const ccdb_solver *find_solver(const char *name)
{
    size_t n;
    const ccdb_solver *const *t = ccdb_registry_builtin(&n);
    for (size_t i = 0; i < n; ++i)
        if (strcmp(t[i]->name, name) == 0)
            return t[i];
    cr_assert_fail("solver %s is not registered", name);
    return NULL;
}

/* Runs one query (ee = 0: vertex-face, 1: edge-edge) with the given parameters. qv points to
 * a double[8][3] (const or not: C17 does not convert between the two array-pointer types). */
static inline ccdb_result run_query(const ccdb_solver *s, int ee, const void *qv,
                                    const ccdb_params *p)
{
    const double(*q)[3] = (const double(*)[3])qv;
    void *st = s->create ? s->create(p) : NULL;
    ccdb_result r = { CCDB_FAILED, -1.0, 0 };
    (ee ? s->edge_edge : s->vertex_face)(st, q, p, &r);
    if (s->destroy)
        s->destroy(st);
    return r;
}

static inline int is_hit(const ccdb_result *r)
{
    return r->state == CCDB_HIT || r->state == CCDB_GAVE_UP;
}

/* A result must be well-formed: toi in [0,1] for hits. */
static inline void assert_well_formed(const ccdb_result *r, const char *what)
{
    cr_assert(r->state == CCDB_MISS || r->state == CCDB_HIT || r->state == CCDB_GAVE_UP ||
                  r->state == CCDB_FAILED,
              "%s: bad state %d", what, (int)r->state);
    if (is_hit(r))
        cr_assert(r->toi >= 0.0 && r->toi <= 1.0, "%s: toi %.17g outside [0,1]", what, r->toi);
}

/* A hand-made query with its exact answer. */
typedef struct known_case {
    const char *name;
    int ee;
    double q[8][3];
    int hit;
    double toi; /* exact TOI when hit */
} known_case;

/* VF rows: p, a, b, c at t=0 then t=1. EE rows: a0, a1, b0, b1 at t=0 then t=1.
 * The triangle (0,0,0), (1,0,0), (0,1,0) and moves of the vertex through it, unless stated. */
#define TRI0                  \
    { 0, 0, 0 }, { 1, 0, 0 }, \
    {                         \
        0, 1, 0               \
    }
static const known_case known_cases[] = {
    { "vf bullet through a thin triangle",
      0,
      { { 0.5, 0x1p-11, 1024 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.5, 0x1p-10, 0 },
        { 0.5, 0x1p-11, -1024 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.5, 0x1p-10, 0 } },
      1,
      0.5 },
    { "vf clear miss", 0, { { 2, 2, 1 }, TRI0, { 2, 2, -1 }, TRI0 }, 0, 0 },
    { "vf miss passing beside the triangle",
      0,
      { { 0.75, 0.75, 1 }, TRI0, { 0.75, 0.75, -1 }, TRI0 },
      0,
      0 },
    { "vf mid-step hit, toi 0.375",
      0,
      { { 0.25, 0.25, 0.375 }, TRI0, { 0.25, 0.25, -0.625 }, TRI0 },
      1,
      0.375 },
    { "vf touching at t=0", 0, { { 0.25, 0.25, 0 }, TRI0, { 0.25, 0.25, 1 }, TRI0 }, 1, 0.0 },
    { "vf touching at t=1", 0, { { 0.25, 0.25, 1 }, TRI0, { 0.25, 0.25, 0 }, TRI0 }, 1, 1.0 },
    { "vf coplanar sliding inside the face for the whole step",
      0,
      { { 0.125, 0.125, 0 }, TRI0, { 0.25, 0.5, 0 }, TRI0 },
      1,
      0.0 },
    { "vf coplanar sliding, enters the face at t=0.5",
      0,
      { { -0.5, 0.25, 0 }, TRI0, { 0.5, 0.25, 0 }, TRI0 },
      1,
      0.5 },
    { "vf coplanar sliding outside the face (miss)",
      0,
      { { 1, 1, 0 }, TRI0, { 2, 0.5, 0 }, TRI0 },
      0,
      0 },
    { "vf face moving onto a static vertex, toi 0.25",
      0,
      { { 0.25, 0.25, 0 },
        { 0, 0, 1 },
        { 1, 0, 1 },
        { 0, 1, 1 },
        { 0.25, 0.25, 0 },
        { 0, 0, -3 },
        { 1, 0, -3 },
        { 0, 1, -3 } },
      1,
      0.25 },
    { "ee crossing, toi 0.5",
      1,
      { { 0, 0, 1 },
        { 1, 0, 1 },
        { 0.5, -0.5, 0 },
        { 0.5, 0.5, 0 },
        { 0, 0, -1 },
        { 1, 0, -1 },
        { 0.5, -0.5, 0 },
        { 0.5, 0.5, 0 } },
      1,
      0.5 },
    { "ee passing beside, miss",
      1,
      { { 0, 0, 1 },
        { 1, 0, 1 },
        { 1.5, -0.5, 0 },
        { 1.5, 0.5, 0 },
        { 0, 0, -1 },
        { 1, 0, -1 },
        { 1.5, -0.5, 0 },
        { 1.5, 0.5, 0 } },
      0,
      0 },
    { "ee parallel overlapping, toi 0.5",
      1,
      { { 0, 0, 1 },
        { 1, 0, 1 },
        { 0.5, 0, 0 },
        { 1.5, 0, 0 },
        { 0, 0, -1 },
        { 1, 0, -1 },
        { 0.5, 0, 0 },
        { 1.5, 0, 0 } },
      1,
      0.5 },
    { "ee parallel not overlapping, miss",
      1,
      { { 0, 0, 1 },
        { 1, 0, 1 },
        { 1.5, 0, 0 },
        { 2.5, 0, 0 },
        { 0, 0, -1 },
        { 1, 0, -1 },
        { 1.5, 0, 0 },
        { 2.5, 0, 0 } },
      0,
      0 },
    { "ee collinear sliding overlap for the whole step",
      1,
      { { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.5, 0, 0 },
        { 1.5, 0, 0 },
        { 0.25, 0, 0 },
        { 1.25, 0, 0 },
        { 0.5, 0, 0 },
        { 1.5, 0, 0 } },
      1,
      0.0 },
    { "ee touching at t=1 at endpoints",
      1,
      { { 0, 0, 1 },
        { 1, 0, 1 },
        { 1, 0, 0 },
        { 1, 1, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 1, 0, 0 },
        { 1, 1, 0 } },
      1,
      1.0 },
};
#define N_KNOWN (sizeof known_cases / sizeof known_cases[0])

/* Constructed degenerate hits: every one is a contact (exact TOI given). */
static const known_case degenerate_hits[] = {
    { "vf vertex hits the triangle's edge",
      0,
      { { 0.5, 0, 1 }, TRI0, { 0.5, 0, -1 }, TRI0 },
      1,
      0.5 },
    { "vf vertex hits the triangle's corner",
      0,
      { { 1, 0, 1 }, TRI0, { 1, 0, -1 }, TRI0 },
      1,
      0.5 },
    { "vf vertex hits the hypotenuse",
      0,
      { { 0.5, 0.5, 1 }, TRI0, { 0.5, 0.5, -1 }, TRI0 },
      1,
      0.5 },
    { "vf grazing: vertex slides along the edge in the plane",
      0,
      { { -1, 0, 0 }, TRI0, { 2, 0, 0 }, TRI0 },
      1,
      1.0 / 3.0 },
    { "vf zero-area triangle (collinear) hit on its edge",
      0,
      { { 0.5, 0, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.25, 0, 0 },
        { 0.5, 0, -1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.25, 0, 0 } },
      1,
      0.5 },
    { "vf collapsed triangle (one point) hit",
      0,
      { { 0.5, 0.5, 1 },
        { 0.5, 0.5, 0 },
        { 0.5, 0.5, 0 },
        { 0.5, 0.5, 0 },
        { 0.5, 0.5, -1 },
        { 0.5, 0.5, 0 },
        { 0.5, 0.5, 0 },
        { 0.5, 0.5, 0 } },
      1,
      0.5 },
    { "vf vertex touches at t=1 only, at a corner",
      0,
      { { 0, 1, 1 }, TRI0, { 0, 1, 0 }, TRI0 },
      1,
      1.0 },
    { "vf coplanar: the face sweeps over a vertex in its plane",
      0,
      { { 0.25, 0.25, 0 },
        { -2, 0, 0 },
        { -1, 0, 0 },
        { -2, 1, 0 },
        { 0.25, 0.25, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0, 1, 0 } },
      1,
      0.75 },
    { "ee endpoint touches endpoint, mid-step",
      1,
      { { 0, 0, 1 },
        { 1, 0, 1 },
        { 1, 0, 0 },
        { 2, 0, 0 },
        { 0, 0, -1 },
        { 1, 0, -1 },
        { 1, 0, 0 },
        { 2, 0, 0 } },
      1,
      0.5 },
    { "ee zero-length edge (a point) hits an edge",
      1,
      { { 0.5, 0, 1 },
        { 0.5, 0, 1 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.5, 0, -1 },
        { 0.5, 0, -1 },
        { 0, 0, 0 },
        { 1, 0, 0 } },
      1,
      0.5 },
    { "ee T-contact: endpoint onto the middle of the other edge",
      1,
      { { 0.5, 0, 1 },
        { 0.5, 0, 2 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 0.5, 0, -1 },
        { 0.5, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 } },
      1,
      0.5 },
    { "ee coplanar crossing edges sliding in the plane",
      1,
      { { -2, 0.5, 0 },
        { -1, 0.5, 0 },
        { 0, 0, 0 },
        { 0, 1, 0 },
        { 1, 0.5, 0 },
        { 2, 0.5, 0 },
        { 0, 0, 0 },
        { 0, 1, 0 } },
      1,
      1.0 / 3.0 },
    { "ee parallel edges touching at one point at t=1",
      1,
      { { 0, 0, 1 },
        { 1, 0, 1 },
        { 1, 0, 0 },
        { 2, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 },
        { 1, 0, 0 },
        { 2, 0, 0 } },
      1,
      1.0 },
    { "ee tiny coordinates crossing",
      1,
      { { 0, 0, 0x1p-40 },
        { 0x1p-40, 0, 0x1p-40 },
        { 0x1p-41, -0x1p-41, 0 },
        { 0x1p-41, 0x1p-41, 0 },
        { 0, 0, -0x1p-40 },
        { 0x1p-40, 0, -0x1p-40 },
        { 0x1p-41, -0x1p-41, 0 },
        { 0x1p-41, 0x1p-41, 0 } },
      1,
      0.5 },
    { "vf large coordinates, hit",
      0,
      { { 1024.25, 1024.25, 1 },
        { 1024, 1024, 0 },
        { 1025, 1024, 0 },
        { 1024, 1025, 0 },
        { 1024.25, 1024.25, -1 },
        { 1024, 1024, 0 },
        { 1025, 1024, 0 },
        { 1024, 1025, 0 } },
      1,
      0.5 },
};
#define N_DEGENERATE (sizeof degenerate_hits / sizeof degenerate_hits[0])

#endif
