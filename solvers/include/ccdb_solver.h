/* ccdb_solver.h — the solver vtable. A plugin author needs this header and nothing else.
 *
 * Contract: a solver answers one query at a time through `vertex_face` / `edge_edge`, writing a
 * well-formed ccdb_result (state set, since a state left unset is a contract violation; toi in
 * [0,1] when state is HIT or GAVE_UP, 0 otherwise; work >= 0), and never reads anything but its
 * arguments and its own state. It must answer every finite input, degenerate or huge or tiny,
 * without crashing or hanging: when its arithmetic cannot cope (NaN from overflow, say), the
 * honest answer is CCDB_FAILED, never a silent MISS.
 * The same query with the same parameters gives the same result (no hidden randomness or state
 * carried between queries). The query layout is the public benchmark's row order:
 *   VF: v_t0, f0_t0, f1_t0, f2_t0, v_t1, f0_t1, f1_t1, f2_t1
 *   EE: ea0_t0, ea1_t0, eb0_t0, eb1_t0, ea0_t1, ea1_t1, eb0_t1, eb1_t1
 * so q[i] moves linearly to q[i + 4] over the step t in [0,1].
 * Rigid queries (ABI 3, rigid_vertex_face / rigid_edge_edge; docs/rigid.md) use the same 8x3
 * layout: q[0..3] the four points at t = 0 in the fixed body's frame (VF: vertex, a, b, c;
 * EE: a0, a1, b0, b1), q[4] = c (a point of the axis), q[5] = w (the axis, |w| = tan(phi1 / 2)),
 * q[6] = s (the translation), q[7] = (0,0,0) when the first primitive (vertex / edge a) moves,
 * (1,0,0) when the second (triangle / edge b) moves. A moving point x0 is at
 * c + R(u) (x0 - c) + u s with u = tan(phi1 t / 2) / |w| (u = t when w = 0), R(u) the rotation
 * by 2 atan(u |w|) about w; the TOI answered is in t.
 * Sweeps (ABI 6, sweep_vertex_face / sweep_edge_edge; docs/sweep.md), the engines' motion, use
 * the same layout: q[0..3] the four points at t = 0, q[4] = O (the moving body's centre),
 * q[5] = w (its axis of turn, nonzero unless theta = 0), q[6] = v (the centre's displacement
 * over the step), q[7] = (moving, theta, 0) with moving 0 when the first primitive moves, 1 when
 * the second does, theta the angle turned over the step in radians. A moving point x0 is at
 * O + t v + R(theta t)(x0 - O), R(a) the rotation by a about w (right hand).
 *
 * ABI rules (as SQLite's sqlite3_vfs): abi_version is the first field, fields are only ever
 * appended (bumping CCDB_SOLVER_ABI), and the harness reads abi_version before any other field:
 * an entry newer than the harness is refused; an older one is accepted while still supported,
 * and fields it does not have are never read.
 *
 * A plugin is a shared library exporting
 *     const ccdb_solver *ccdb_solver_entry(void);
 * The header is valid C17 and C++17 (extern "C" inside). Designated initializers are not C++17:
 * from C++ (or from C, if you prefer), fill the entry with ccdb_solver_init() below.
 */
#ifndef CCDB_SOLVER_H
#define CCDB_SOLVER_H

#ifdef __cplusplus
extern "C" {
#endif

/* ABI 2: the CCDB_SOLVER_NO_WORK_COUNT flag. ABI 3: the rigid-motion entries rigid_vertex_face
 * and rigid_edge_edge (ABI 1 and 2 entries are still accepted: "not supported" on rigid data).
 * ABI 4: the state CCDB_OUTSIDE_MODEL (from an older entry, state 4 breaks the contract).
 * ABI 5: the separation band (CCDB_CLAIM_SEPARATION_BAND, band_lo, band_hi).
 * ABI 6: the sweep entries sweep_vertex_face and sweep_edge_edge (older entries: "not
 * supported" on sweep data). */
#define CCDB_SOLVER_ABI 6

/* Parameters every solver receives (a solver ignores what it has no use for). */
typedef struct ccdb_params {
    double delta;          /* numerical tolerance; default 1e-6 */
    long max_iterations;   /* iteration / check cap; default 1000000 */
    double min_separation; /* minimum separation distance d; default 0 */
} ccdb_params;

#define CCDB_DEFAULT_DELTA          1e-6
#define CCDB_DEFAULT_MAX_ITERATIONS 1000000L
#define CCDB_DEFAULT_MIN_SEPARATION 0.0

typedef enum ccdb_state {
    CCDB_MISS = 0,    /* no collision in [0,1] */
    CCDB_HIT = 1,     /* collision; toi is the reported time of impact */
    CCDB_GAVE_UP = 2, /* iteration cap reached; counted as a hit at toi */
    CCDB_FAILED = 3,  /* the solver could not answer (counted separately, never as a miss) */
    /* ABI 4 on: this query is outside the motion model the solver implements (an engine whose
     * motion cannot express it: a turn, a screw, a point off the plane). Tallied in its own
     * column, never a hit, miss, failure or contract violation; toi 0. Valid only from an
     * entry with abi_version >= 4. */
    CCDB_OUTSIDE_MODEL = 4
} ccdb_state;
#define CCDB_STATE_COUNT 5

typedef struct ccdb_result {
    ccdb_state state;
    double toi;     /* meaningful for HIT and GAVE_UP; in [0,1] */
    long long work; /* the solver's own work count (boxes, roots, steps...) */
} ccdb_result;

/* Claims a solver makes (flags), checked by the harness against the exact truth. */
#define CCDB_CLAIM_CONSERVATIVE   0x1u /* never a false negative; reported TOI <= true TOI */
#define CCDB_CLAIM_REPORTS_TOI    0x2u /* toi is meaningful (not just 0 for hits) */
#define CCDB_CLAIM_MIN_SEPARATION 0x4u /* honours params->min_separation */
/* Not a claim (ABI >= 2): the solver has no work count; `work` is ignored and reports say "n/a"
 * instead of showing 0 as if no work had been done. */
#define CCDB_SOLVER_NO_WORK_COUNT 0x8u
/* ABI >= 5: the solver reports contact within a separation band [band_lo, band_hi] (an engine
 * that stops at a distance, within a tolerance; docs/harness.md, "Separation bands"): a hit, with a
 * TOI no later than the exact first time at distance band_lo, for every query that comes within
 * band_lo; no hit for a query that never comes within band_hi; either answer for the others
 * ("in band"). 0 <= band_lo <= band_hi, band_hi > 0, both finite. It takes the place of
 * CCDB_CLAIM_MIN_SEPARATION: the band is the solver's own, whatever --min-sep says. */
#define CCDB_CLAIM_SEPARATION_BAND 0x10u

typedef struct ccdb_solver {
    int abi_version;       /* first, always: CCDB_SOLVER_ABI at build time of the solver */
    const char *name;      /* unique, [a-z0-9_]+ */
    const char *summary;   /* one line */
    const char *reference; /* paper or source followed */
    unsigned flags;        /* CCDB_CLAIM_*, CCDB_SOLVER_NO_WORK_COUNT */
    /* Per-thread state; create may be NULL (state is then NULL), destroy may be NULL. */
    void *(*create)(const ccdb_params *params);
    void (*destroy)(void *state);
    void (*vertex_face)(void *state, const double q[8][3], const ccdb_params *params,
                        ccdb_result *out);
    void (*edge_edge)(void *state, const double q[8][3], const ccdb_params *params,
                      ccdb_result *out);
    /* ABI 1 and 2 end here. */
    /* ABI 3: rigid motion (q as above). NULL: not supported. */
    void (*rigid_vertex_face)(void *state, const double q[8][3], const ccdb_params *params,
                              ccdb_result *out);
    void (*rigid_edge_edge)(void *state, const double q[8][3], const ccdb_params *params,
                            ccdb_result *out);
    /* ABI 3 ends here (ABI 4 added no field). */
    /* ABI 5, separation band (read only with CCDB_CLAIM_SEPARATION_BAND in flags): the
     * distances of the band, in the query's units. */
    double band_lo;
    double band_hi;
    /* ABI 5 separation band ends here. */
    /* ABI 6, sweeps (q as above): the engines' motion. NULL: not supported. */
    void (*sweep_vertex_face)(void *state, const double q[8][3], const ccdb_params *params,
                              ccdb_result *out);
    void (*sweep_edge_edge)(void *state, const double q[8][3], const ccdb_params *params,
                            ccdb_result *out);
    /* ABI 6 ends here. Append new fields below, bump CCDB_SOLVER_ABI. */
} ccdb_solver;

typedef const ccdb_solver *(*ccdb_solver_entry_fn)(void);

/* What a plugin exports (the harness looks the symbol up by this name). CCDB_SOLVER_EXPORT keeps
 * it visible when a plugin is built with -fvisibility=hidden: the declaration below carries it,
 * so a definition after including this header needs nothing more (writing CCDB_SOLVER_EXPORT on
 * the definition too is harmless). From C++ the declaration also gives it C linkage. */
#if defined(__GNUC__) || defined(__clang__)
#define CCDB_SOLVER_EXPORT __attribute__((visibility("default")))
#else
#define CCDB_SOLVER_EXPORT
#endif
CCDB_SOLVER_EXPORT const ccdb_solver *ccdb_solver_entry(void);

typedef void (*ccdb_query_fn)(void *state, const double q[8][3], const ccdb_params *params,
                              ccdb_result *out);

/* Fills an entry field by field, valid in C17 and C++17 alike: abi_version = CCDB_SOLVER_ABI,
 * the fields given, create, destroy, rigid_vertex_face, rigid_edge_edge, sweep_vertex_face and
 * sweep_edge_edge NULL (set them afterwards if the solver has state or answers rigid queries or
 * sweeps), band_lo and band_hi 0 (set them with CCDB_CLAIM_SEPARATION_BAND).
 * Returns s:
 *     const ccdb_solver *ccdb_solver_entry(void)
 *     {
 *         static ccdb_solver s;
 *         return ccdb_solver_init(&s, "my_solver", "one line", "paper", CCDB_CLAIM_REPORTS_TOI,
 *                                 my_vf, my_ee);
 *     }
 */
static inline const ccdb_solver *ccdb_solver_init(ccdb_solver *s, const char *name,
                                                  const char *summary, const char *reference,
                                                  unsigned flags, ccdb_query_fn vertex_face,
                                                  ccdb_query_fn edge_edge)
{
    s->abi_version = CCDB_SOLVER_ABI;
    s->name = name;
    s->summary = summary;
    s->reference = reference;
    s->flags = flags;
    s->create = 0;
    s->destroy = 0;
    s->vertex_face = vertex_face;
    s->edge_edge = edge_edge;
    s->rigid_vertex_face = 0;
    s->rigid_edge_edge = 0;
    s->band_lo = 0.0;
    s->band_hi = 0.0;
    s->sweep_vertex_face = 0;
    s->sweep_edge_edge = 0;
    return s;
}

static inline ccdb_params ccdb_params_default(void)
{
    ccdb_params p = { CCDB_DEFAULT_DELTA, CCDB_DEFAULT_MAX_ITERATIONS,
                      CCDB_DEFAULT_MIN_SEPARATION };
    return p;
}

/* -1 is never a state, now or in a later ABI (states are 0 .. CCDB_STATE_COUNT - 1): the
 * harness writes it into every result's state before each call, so that a state left unset is
 * reported as a contract violation, not read as a miss. */

#ifdef __cplusplus
}
#endif

#endif
