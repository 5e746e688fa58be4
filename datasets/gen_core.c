/* gen_core.c — the family table, ccdb_generate, and the exact maps every case goes through. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_util.h"
#include "gen_sweep.h"

static int gen_scaled(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c); /* below */

typedef void (*gen_direct)(ccdb_prng *rng, ccdb_kind kind, double q[8][3], ccdb_gen_intent *in);
static void gen_simulation_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3],
                                 ccdb_gen_intent *in); /* below */

typedef struct family_entry {
    ccdb_gen_family pub;
    gen_builder build;            /* linear families with twins; NULL for the others */
    gen_direct direct;            /* families that write each query directly (no twins) */
    gen_rigid_builder rigid;      /* rigid families (gen_rigid_*.c) */
    gen_sweep_builder sweep_case; /* sweep families with twins (gen_sweep_*.c) */
} family_entry;

#define BOTH  (CCDB_GEN_VF | CCDB_GEN_EE)
#define RIGID (CCDB_GEN_RIGID_VF | CCDB_GEN_RIGID_EE)
#define SWEEP (CCDB_GEN_SWEEP_VF | CCDB_GEN_SWEEP_EE)
static const family_entry families[] = {
    { { "coplanar_parallel",
        "all four points in one (possibly tilted) plane for the whole step: crossing, touching "
        "an edge or corner, passing by",
        BOTH },
      .build = gen_coplanar },
    { { "grazing",
        "touching without crossing: a double root of the coplanarity cubic at a point inside, on "
        "an edge, at a corner (EE: an endpoint), or one grid step outside",
        BOTH },
      .build = gen_grazing },
    { { "time_boundary",
        "first contact exactly at t=0 or t=1, or touching during the whole step; twins that "
        "stop one grid step short",
        BOTH },
      .build = gen_time_boundary },
    { { "degenerate_primitives",
        "zero-area triangles (collinear or coincident vertices), zero-length edges, coincident "
        "points",
        BOTH },
      .build = gen_degenerate },
    { { "parallel_edges",
        "EE only: parallel and collinear edges overlapping, touching at an end, one grid step "
        "or one ulp apart",
        CCDB_GEN_EE },
      .build = gen_parallel_edges },
    { { "near_miss",
        "pairs one ulp apart in one coordinate (nextafter): the exact touch is a hit, the "
        "nudged twin a miss",
        BOTH },
      .build = gen_near_miss },
    { { "multi_root",
        "two contacts of the coplanarity cubic within the step (enter and leave); the sign of "
        "the cubic is the same at t=0 and t=1, so parity tests fail",
        BOTH },
      .build = gen_multi_root },
    { { "scaled",
        "cases of the other families scaled by 2^-40..2^40 and translated far from the origin "
        "(exactly)",
        BOTH },
      .build = gen_scaled },
    { { "bullet",
        "a small fast vertex or edge crossing a thin static primitive within one step, both "
        "endpoints far away",
        BOTH },
      .build = gen_bullet },
    { { "planar_bullet",
        "the games' bullet in 2D: a small fast vertex or edge reaching a thin wall in the plane "
        "z = 0 (float coordinates), crossing, grazing a corner or arriving collinear, at t = "
        "j/2^m (0 and 1 included); twins one step beyond the wall",
        BOTH },
      .build = gen_planar_bullet },
    { { "random", "generic queries near each other with a few percent hits, for timing", BOTH },
      .direct = gen_random_query },
    { { "simulation",
        "what a simulation's broad phase hands over: 97% random-family pairs (about 3% of them "
        "hits), 3% cases of the degenerate families (about half hits)",
        BOTH },
      .direct = gen_simulation_query },
    /* --- rigid motion (gen_rigid_*.c) --- */
    { { "rigid_spin_through",
        "a plate (edge) turns through a still vertex (edge) that neither pose touches; the "
        "chords of the motion pass inside it: linear interpolation misses",
        RIGID },
      .rigid = gen_rigid_spin_through },
    { { "rigid_phantom",
        "the still vertex (edge) lies where the chords of the motion pass but the arc does "
        "not: linear interpolation reports a contact that never happens",
        RIGID },
      .rigid = gen_rigid_phantom },
    { { "rigid_translation", "w = 0: pure translation (the linear question), contact at h/D",
        RIGID },
      .rigid = gen_rigid_translation },
    { { "rigid_time_boundary",
        "the contact angle is 0 or exactly phi1: first contact at t = 0 or t = 1; twins one "
        "grid step off",
        RIGID },
      .rigid = gen_rigid_time_boundary },
    { { "rigid_half_turn", "|w| = 2^3..2^20: phi1 near pi, contact late in the turn", RIGID },
      .rigid = gen_rigid_half_turn },
    { { "rigid_grazing",
        "the moving vertex (edge) orbits the axis and touches the still triangle (edge) "
        "tangentially, without crossing; twin: the orbit one grid step short",
        RIGID },
      .rigid = gen_rigid_grazing },
    { { "rigid_in_plane",
        "rotation inside the plane of both primitives (coplanar for the whole step): radial "
        "segments, a vertex turning onto a triangle's edge; twins one step short",
        RIGID },
      .rigid = gen_rigid_in_plane },
    { { "planar_paddle",
        "rigid_in_plane kept in z = 0 itself (axis along z, s = 0, small integer coordinates): "
        "a turning paddle (edge) sweeping an edge, a turning vertex reaching a triangle; twins "
        "one step short",
        RIGID },
      .rigid = gen_rigid_planar_paddle },
    { { "rigid_tiny_angle",
        "|w| = 2^-40..2^-12: the tiny turn alone moves the landing point just inside or just "
        "outside the still primitive",
        RIGID },
      .rigid = gen_rigid_tiny_angle },
    { { "rigid_scaled",
        "rigid cases of the families above scaled by 2^-40..2^40 (exactly; w is scale-free)",
        RIGID },
      .rigid = gen_rigid_scaled },
    { { "rigid_random",
        "generic rigid queries near each other (a quarter pure translations) with a few percent "
        "hits, for timing",
        RIGID },
      .direct = gen_rigid_random_query },
    { { "sweep_random",
        "generic sweeps (the engines' motion: a centre on a line, a constant turn about it): "
        "both primitives moving, theta up to ~pi/2 on the 2^-8 grid, 1/8 with theta = 0, 1/8 "
        "FCL screws (v along w), 1/8 planar (w along z, all in z = 0); ~3% hits (the centre, a "
        "point of the moving primitive, on the still one at t = 1/3), misses by a separating "
        "plane",
        SWEEP },
      .direct = gen_sweep_random_query },
    /* --- sweeps: the games' and Catto's cases (gen_sweep_*.c; docs/sweep.md, "Families") --- */
    { { "sweep_thin_wall",
        "tunnelling: a vertex (edge) of a fast-turning body (theta > 2 alpha, O moving) crosses a "
        "thin wall mid-turn where the chord of the end poses misses it; half hits, twins stop "
        "short of the wall or pass beside it",
        SWEEP },
      .sweep_case = gen_sweep_thin_wall },
    { { "sweep_past_vertex",
        "a spinning triangle (edge) passes a still vertex (a still edge across its end) 2^-k "
        "inside or outside a side (k = 6..17): half hits, half near misses",
        SWEEP },
      .sweep_case = gen_sweep_past_vertex },
    { { "sweep_corner",
        "a fast body (theta 1.5..2.8, |v| up to half its radius) turns into a corner: the "
        "vertex 2^-k inside a corner of the triangle or behind it, the still edge's end 2^-k "
        "across the moving edge or short of it: half hits",
        SWEEP },
      .sweep_case = gen_sweep_corner },
    { { "sweep_planar",
        "the 2D engines' case (Box2D): all in z = 0, w along z; a turning vertex enters a "
        "triangle through its base, a turning edge sweeps onto a still edge's end; half hits, "
        "twins stop short or stay 2^-k out of reach",
        SWEEP },
      .sweep_case = gen_sweep_planar },
    { { "sweep_t0",
        "contacts at t = 0: touching at the start (inside, exactly on a side, through an end), "
        "turning either way (hits, TOI 0), or 2^-2..2^-8 rad away turning in (hits); twins a "
        "hair away turning away (misses): half hits",
        SWEEP },
      .sweep_case = gen_sweep_t0 },
    { { "sweep_near_tangent",
        "a turning vertex (edge), O moving along the axis, whose extreme point lies 2^-k past "
        "the still plane (hit: two roots ~2^-(k/2) apart) or 2^-k short of it (miss), k = "
        "10..44: half hits",
        SWEEP },
      .sweep_case = gen_sweep_near_tangent },
    { { "sweep_screw",
        "FCL's screws (v along w, pitch up to the body's size): the still primitive 2^-k inside "
        "or outside the moving one where the screw brings it (k = 6..17): half hits",
        SWEEP },
      .sweep_case = gen_sweep_screw },
    { { "sweep_turn_limit",
        "Bullet's turn limit: the contact angle alpha within 0.0043 of pi/4, theta 2^-20..2^-7 "
        "above it (hits, theta on both sides of pi/4: a turn clamped to pi/4 misses some) or "
        "below it (misses): half hits",
        SWEEP },
      .sweep_case = gen_sweep_turn_limit },
    { { "rigid_small_turn",
        "turns of 0.7 to 39.5 degrees (below Bullet's 45-degree clamp): a quarter planar (z = 0, "
        "floats), a half pure turns in 3D, a quarter screws with a small shift along the axis; "
        "twins one grid step off or a turn that stops just short of the contact angle",
        RIGID },
      .rigid = gen_rigid_small_turn },
};
#define NFAM (sizeof families / sizeof families[0])

size_t ccdb_gen_family_count(void)
{
    return NFAM;
}

const ccdb_gen_family *ccdb_gen_family_at(size_t i)
{
    return i < NFAM ? &families[i].pub : NULL;
}

static const family_entry *find_entry(const char *name)
{
    for (size_t i = 0; i < NFAM; i++)
        if (!strcmp(families[i].pub.name, name))
            return &families[i];
    return NULL;
}

const ccdb_gen_family *ccdb_gen_family_find(const char *name)
{
    const family_entry *e = name ? find_entry(name) : NULL;
    return e ? &e->pub : NULL;
}

/* ---------------- helpers for builders ---------------- */

void gen_case_clear(gen_case *c)
{
    memset(c, 0, sizeof *c);
}

void gen_set(gen_case *c, int row, int64_t x, int64_t y, int64_t z)
{
    assert(row >= 0 && row < 8);
    c->p[row][0] = x;
    c->p[row][1] = y;
    c->p[row][2] = z;
}

void gen_set_static(gen_case *c, int row, int64_t x, int64_t y, int64_t z)
{
    gen_set(c, row, x, y, z);
    gen_set(c, row + 4, x, y, z);
}

void gen_hit(gen_case *c, int known, int64_t num, int log2_den)
{
    c->intent.hit = 1;
    c->intent.toi_known = known;
    c->intent.toi = 0.0;
    if (known) {
        assert(log2_den >= 0 && log2_den < 60 && num >= 0 && num <= (INT64_C(1) << log2_den));
        c->intent.toi = ldexp((double)num, -log2_den); /* exact: num < 2^53, power of two */
    }
}

void gen_miss(gen_case *c)
{
    c->intent.hit = 0;
    c->intent.toi_known = 0;
    c->intent.toi = 0.0;
}

int gen_twin_is_miss(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c, gen_kind_builder vf,
                     gen_kind_builder ee)
{
    const int rc = kind == CCDB_KIND_VF ? vf(rng, twin, c) : ee(rng, twin, c);
    if (twin)
        gen_miss(c);
    return rc;
}

void gen_add_nudge(gen_case *c, int row, int axis, int dir)
{
    assert(c->nnudge < 4 && row >= 0 && row < 8 && axis >= 0 && axis < 3 &&
           (dir == 1 || dir == -1));
    c->nudge[c->nnudge++] = (gen_nudge){ row, axis, dir };
    c->flags |= GEN_NO_MATRIX;
}

int64_t gen_cross2(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return ax * by - ay * bx;
}

int64_t gen_det3(const int64_t a[3], const int64_t b[3], const int64_t c[3])
{
    return a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
           a[2] * (b[0] * c[1] - b[1] * c[0]);
}

/* ---------------- exact maps ---------------- */

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* Random invertible integer matrix with entries in [-2, 2]: tilts planes and edges into
 * general position while keeping integer coordinates (affine maps preserve the answer). */
static void random_matrix(ccdb_prng *rng, int64_t m[3][3])
{
    for (;;) {
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                m[i][j] = ccdb_prng_range(rng, -2, 2);
        if (gen_det3(m[0], m[1], m[2]) != 0)
            return;
    }
}

/* a + b with the rounding error (Knuth's TwoSum; exact without FMA contraction). */
static double two_sum_err(double a, double b, double *sum)
{
    double s = a + b, bb = s - a, err = (a - (s - bb)) + (b - bb);
    *sum = s;
    return err;
}

/* Power-of-two scaling and a translation that stays exact: the offset is a multiple of the
 * coordinates' grid and small enough that every sum fits in 53 bits of that grid. */
static void scale_translate(ccdb_prng *rng, double q[8][3], int k)
{
    for (int r = 0; r < 8; r++)
        for (int a = 0; a < 3; a++) {
            double s = ldexp(q[r][a], k);
            assert(ldexp(s, -k) == q[r][a] && isfinite(s)); /* no overflow, no underflow */
            q[r][a] = s;
        }
    /* Offsets up to 2^26 (~6.7e7) in magnitude where the grid 2^k allows it. */
    int e = 51 + k - 1 < 26 ? 51 + k - 1 : 26;
    int g = e - 12 > k ? e - 12 : k;
    for (int a = 0; a < 3; a++) {
        int64_t rr = ccdb_prng_range(rng, -4096, 4096);
        double off = ldexp((double)rr, g);
        for (int r = 0; r < 8; r++) {
            double s, err = two_sum_err(q[r][a], off, &s);
            assert(err == 0.0 && isfinite(s)); /* translation is exact */
            q[r][a] = s;
        }
    }
}

void gen_finalize(ccdb_prng *rng, ccdb_kind kind, const gen_case *c, const gen_scale *sc,
                  double q[8][3])
{
    int map[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    int64_t p[8][3];
    if (!(c->flags & GEN_NO_RELABEL))
        gen_random_relabel(rng, kind, map);
    for (int r = 0; r < 8; r++)
        for (int a = 0; a < 3; a++) {
            assert(abs64(c->p[r][a]) < (INT64_C(1) << 30));
            p[map[r]][a] = c->p[r][a];
        }

    if (!(c->flags & GEN_NO_DRIFT)) { /* the same extra motion for every point */
        int64_t w[3];
        for (int a = 0; a < 3; a++)
            w[a] = ccdb_prng_range(rng, -8, 8);
        if (c->flags & (GEN_PLANAR_Z | GEN_IN_XY))
            w[2] = 0;
        for (int r = 4; r < 8; r++)
            for (int a = 0; a < 3; a++)
                p[r][a] += w[a];
    }

    int perm[3] = { 0, 1, 2 }, sign[3] = { 1, 1, 1 };
    int use_matrix = !(c->flags & GEN_NO_MATRIX) && ccdb_prng_chance(rng, 1, 2);
    int64_t m[3][3] = { { 0 } }; /* set when use_matrix (GCC -O3 cannot see it) */
    if (use_matrix)
        random_matrix(rng, m);
    else
        gen_random_signed_perm(rng, perm, sign);
    int64_t t[3];
    for (int a = 0; a < 3; a++)
        t[a] = ccdb_prng_range(rng, -16, 16);
    if (c->flags & GEN_IN_XY) { /* z stays z (its sign is moot at 0), no z translation */
        assert(!use_matrix);
        for (int a = 0; a < 2; a++)
            if (perm[a] == 2) {
                perm[a] = perm[2];
                perm[2] = 2;
            }
        t[2] = 0;
    }
    for (int r = 0; r < 8; r++) {
        int64_t out[3];
        for (int i = 0; i < 3; i++)
            out[i] = 0;
        if (use_matrix) {
            for (int i = 0; i < 3; i++)
                out[i] = m[i][0] * p[r][0] + m[i][1] * p[r][1] + m[i][2] * p[r][2];
        } else {
            for (int a = 0; a < 3; a++)
                out[perm[a]] = sign[a] * p[r][a];
        }
        for (int i = 0; i < 3; i++) {
            out[i] += t[i];
            assert(abs64(out[i]) < GEN_COORD_LIMIT);
            q[r][i] = (double)out[i]; /* exact: below 2^53 */
        }
    }

    if (sc && sc->enabled)
        scale_translate(rng, q, sc->exp2);

    for (int i = 0; i < c->nnudge; i++) {
        const gen_nudge *n = &c->nudge[i];
        assert(!use_matrix);
        int r = map[n->row], a = perm[n->axis], dir = n->dir * sign[n->axis];
        q[r][a] = nextafter(q[r][a], dir > 0 ? INFINITY : -INFINITY);
    }
    for (int r = 0; r < 8; r++)
        for (int a = 0; a < 3; a++)
            assert(isfinite(q[r][a]));
}

/* ---------------- scaled: other families' cases at extreme scales ---------------- */

static const gen_builder scaled_bases[] = {
    gen_coplanar,       gen_grazing,   gen_time_boundary, gen_degenerate,
    gen_parallel_edges, gen_near_miss, gen_multi_root,    gen_bullet,
};

/* Thread-unsafe state is avoided: the chosen exponent travels in the case via this helper. */
static int scaled_pick(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c, int *exp2)
{
    size_t nb = sizeof scaled_bases / sizeof scaled_bases[0];
    for (;;) {
        gen_builder b = scaled_bases[ccdb_prng_below(rng, nb)];
        int k = (int)ccdb_prng_range(rng, -40, 40);
        gen_case_clear(c);
        if (b(rng, kind, twin, c) == 0) {
            *exp2 = k;
            return 0;
        }
    }
}

static int gen_scaled(ccdb_prng *rng, ccdb_kind kind, int twin, gen_case *c)
{
    int k;
    return scaled_pick(rng, kind, twin, c, &k);
}

/* The simulation family: per query, SIM_DEGENERATE_PER_MILLE in 1000 are a case (base or twin,
 * at random) of one of the degenerate families (those `scaled` draws from), the others a pair of
 * the random family. Every draw comes from rng, so the stream is deterministic. */
#define SIM_DEGENERATE_PER_MILLE 30

static void gen_simulation_query(ccdb_prng *rng, ccdb_kind kind, double q[8][3],
                                 ccdb_gen_intent *in)
{
    if (ccdb_prng_below(rng, 1000) >= SIM_DEGENERATE_PER_MILLE) {
        gen_random_query(rng, kind, q, in);
        return;
    }
    ccdb_prng sub;
    ccdb_prng_seed(&sub, ccdb_prng_next(rng));
    int twin = (int)ccdb_prng_below(rng, 2);
    size_t nb = sizeof scaled_bases / sizeof scaled_bases[0];
    gen_case c;
    gen_scale sc = { 0, 0 };
    for (;;) { /* a family without this kind declines: draw another */
        gen_builder b = scaled_bases[ccdb_prng_below(&sub, nb)];
        gen_case_clear(&c);
        if (b(&sub, kind, twin, &c) == 0)
            break;
    }
    gen_finalize(&sub, kind, &c, &sc, q);
    *in = c.intent;
}

/* ---------------- ccdb_generate ---------------- */

/* Independent stream per (family, kind, seed): FNV-1a of the name mixed into the seed. */
uint64_t gen_stream_seed(const char *family, ccdb_kind kind, uint64_t seed)
{
    unsigned char kind_byte = (unsigned char)kind;
    uint64_t h = ccdb_fnv1a64(CCDB_FNV1A64_BASIS, family, strlen(family));
    h = ccdb_fnv1a64(h, &kind_byte, 1);
    uint64_t st = seed ^ h;
    return ccdb_splitmix64(&st);
}

int ccdb_generate(const char *family, ccdb_kind kind, size_t count, uint64_t seed,
                  ccdb_dataset *out, ccdb_gen_intent **intent_out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (intent_out)
        *intent_out = NULL;
    const family_entry *fe = family ? find_entry(family) : NULL;
    if (!fe) {
        ccdb_errorf(err, errlen, "unknown family '%s' (see `ccdbench gen --list`)",
                    family ? family : "(null)");
        return -1;
    }
    if ((unsigned)kind >= CCDB_KIND_COUNT) {
        ccdb_errorf(err, errlen, "kind must be one of " CCDB_KIND_NAMES);
        return -1;
    }
    if (!(fe->pub.kinds & (1u << kind))) {
        ccdb_errorf(err, errlen, "family '%s' does not support kind %s", family,
                    ccdb_kind_name(kind));
        return -1;
    }
    if (count == 0 || count > CCDB_GEN_MAX_COUNT) {
        ccdb_errorf(err, errlen, "count must be between 1 and %zu", CCDB_GEN_MAX_COUNT);
        return -1;
    }

    char name[96];
    snprintf(name, sizeof name, "%s/%s", family, ccdb_kind_name(kind));
    ccdb_gen_intent *intent = calloc(count, sizeof *intent);
    if (!intent || ccdb_dataset_init(out, name, kind, count)) {
        free(intent);
        memset(out, 0, sizeof *out);
        ccdb_errorf(err, errlen, "out of memory for %zu queries", count);
        return -1;
    }

    ccdb_prng master;
    ccdb_prng_seed(&master, gen_stream_seed(family, kind, seed));
    uint64_t pair_seed = 0;
    for (size_t i = 0; i < count; i++) {
        if (fe->rigid) { /* in twins as below, through the exact rigid maps */
            if (i % 2 == 0)
                pair_seed = ccdb_prng_next(&master);
            ccdb_prng sub;
            ccdb_prng_seed(&sub, pair_seed);
            gen_rigid_case rc;
            memset(&rc, 0, sizeof rc);
            int ee = ccdb_kind_is_edge_edge(kind);
            int rc_ok = fe->rigid(&sub, ee, (int)(i % 2), &rc);
            assert(rc_ok == 0);
            (void)rc_ok;
            gen_rigid_finalize(&sub, ee, &rc, out->q[i]);
            intent[i] = rc.intent;
        } else if (
            fe->sweep_case) { /* in twins, through the exact rigid maps of gen_sweep_core.c */
            if (i % 2 == 0)
                pair_seed = ccdb_prng_next(&master);
            ccdb_prng sub;
            ccdb_prng_seed(&sub, pair_seed);
            gen_sweep_case sc;
            int ee = ccdb_kind_is_edge_edge(kind);
            int sc_ok = fe->sweep_case(&sub, ee, (int)(i % 2), &sc);
            assert(sc_ok == 0);
            (void)sc_ok;
            gen_sweep_finalize(&sub, ee, &sc, out->q[i]);
            intent[i] = sc.intent;
        } else if (fe->direct) {
            fe->direct(&master, kind, out->q[i], &intent[i]);
        } else {
            /* Queries come in twins: 2j and 2j+1 share every random draw; the twin applies the
             * smallest change that flips the answer. */
            if (i % 2 == 0)
                pair_seed = ccdb_prng_next(&master);
            ccdb_prng sub;
            ccdb_prng_seed(&sub, pair_seed);
            gen_case c;
            gen_scale sc = { 0, 0 };
            gen_case_clear(&c);
            int rc;
            if (fe->build == gen_scaled) {
                rc = scaled_pick(&sub, kind, (int)(i % 2), &c, &sc.exp2);
                sc.enabled = 1;
            } else {
                rc = fe->build(&sub, kind, (int)(i % 2), &c);
            }
            assert(rc == 0);
            gen_finalize(&sub, kind, &c, &sc, out->q[i]);
            intent[i] = c.intent;
        }
        out->label[i] = (unsigned char)(intent[i].hit != 0);
    }
    if (intent_out)
        *intent_out = intent;
    else
        free(intent);
    return 0;
}
