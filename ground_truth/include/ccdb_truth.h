/* ccdb_truth.h — the exact judge.
 *
 * Contract: for every finite input the result is the exact answer of the closed-set CCD
 * question (touching counts), with toi_lo <= TOI <= toi_hi rounded outward from the exact
 * time of impact; no epsilon is used anywhere. Linear motion (ccdb_truth_vf / _ee): the TOI is
 * algebraic and the bracket the tightest (adjacent doubles, or one double when the TOI is one).
 * Rigid motion (ccdb_truth_rigid_vf / _ee, docs/rigid.md): the TOI in t is transcendental in
 * general; the bracket is outward-rounded through atan from a tight exact bracket of u.
 *
 * Takes plain `const double q[8][3]` in the public benchmark's row order (see ccdb_dataset.h);
 * includes nothing else of the project. Not thread-safe per context: use one context per thread.
 */
#ifndef CCDB_TRUTH_H
#define CCDB_TRUTH_H

/* Bumped whenever any answer, bracket or class may change: part of the truth-cache key. */
#define CCDB_TRUTH_VERSION 4

/* Degeneracy class of a query: one primary label (highest precedence first) plus flags. */
typedef enum ccdb_truth_class {
    CCDB_CLASS_DEGENERATE_PRIMITIVE =
        0,                       /* zero-area triangle / zero-length edge / coincident pts */
    CCDB_CLASS_PARALLEL_EDGES,   /* EE: edges parallel (or collinear) */
    CCDB_CLASS_COPLANAR,         /* all four points coplanar for the whole step (cubic == 0) */
    CCDB_CLASS_CONTACT_T0,       /* first contact exactly at t = 0 */
    CCDB_CLASS_CONTACT_T1,       /* first contact exactly at t = 1 */
    CCDB_CLASS_TANGENT,          /* TOI is a multiple root of the coplanarity cubic */
    CCDB_CLASS_BOUNDARY,         /* contact on an edge/corner of the triangle, an edge end */
    CCDB_CLASS_PURE_TRANSLATION, /* rigid kinds: w = 0, no rotation (the linear motion) */
    CCDB_CLASS_GENERIC,
    /* Only at a separation d > 0 (ccdb_truth_*_sep): the feature holding the closest point at
     * the TOI (at a TOI > 0 the distance is exactly d there; at t = 0, where it may be < d,
     * the lowest-dimensional feature within d). Misses at d > 0 are generic. */
    CCDB_CLASS_SEP_VERTEX,   /* VF: a triangle vertex */
    CCDB_CLASS_SEP_EDGE,     /* VF: the interior of a triangle edge */
    CCDB_CLASS_SEP_FACE,     /* VF: the interior of the triangle */
    CCDB_CLASS_SEP_ENDPOINT, /* EE: an endpoint of one segment (against the other segment) */
    CCDB_CLASS_SEP_INTERIOR, /* EE: interior points of both segments */
    /* Sweeps only (ccdb_truth_sweep_*): the certified judge could not decide within its bounds
     * (precision cap, bisection depth). hit is 0 but means nothing: judged neither hit nor miss
     * for any solver, counted and reported on its own. */
    CCDB_CLASS_UNDECIDED,
    CCDB_CLASS_COUNT
} ccdb_truth_class;

/* Which stage decided the query (for the per-stage counts). */
typedef enum ccdb_truth_stage {
    CCDB_STAGE_BOX = 0,   /* exact bounding-box rejection */
    CCDB_STAGE_FILTER,    /* rigorous floating-point filter */
    CCDB_STAGE_EXACT,     /* exact GMP path */
    CCDB_STAGE_FP_ROOTS,  /* certified floating-point root isolation (hits and misses; runs
                            after FILTER, before EXACT) */
    CCDB_STAGE_SEP_PLANE, /* separation d > 0 only: exact proof that the vertex stays more than
                             d from the triangle's plane (VF) / the two lines more than d apart
                             (EE) at every t (misses) */
    CCDB_STAGE_SEP_FP,    /* separation d > 0 only: certified floating-point stage (hits and
                             misses; after BOX, before SEP_PLANE) */
    CCDB_STAGE_FP_RIGID,  /* rigid kinds only: certified floating-point stage (hits and misses;
                             before the exact bound filter BOX and EXACT) */
    CCDB_STAGE_SWEEP,     /* sweep kinds only (theta != 0, or a linear query not of doubles):
                             the certified interval judge (truth_sweep.c) */
    CCDB_STAGE_COUNT
} ccdb_truth_stage;

typedef struct ccdb_truth_result {
    int hit;               /* 1: they touch at some t in [0,1] */
    double toi_lo, toi_hi; /* hit only: toi_lo <= TOI <= toi_hi; equal when TOI is a double */
    ccdb_truth_class cls;  /* primary class */
    unsigned flags;        /* bit (1u << class) for every class that applies */
    ccdb_truth_stage stage;
} ccdb_truth_result;

typedef struct ccdb_truth_stats {
    unsigned long long decided[CCDB_STAGE_COUNT];
} ccdb_truth_stats;

typedef struct ccdb_truth ccdb_truth; /* scratch space (GMP/MPFR temporaries) and stats */

ccdb_truth *ccdb_truth_new(void);
void ccdb_truth_free(ccdb_truth *ctx);

void ccdb_truth_vf(ccdb_truth *ctx, const double q[8][3], ccdb_truth_result *out);
void ccdb_truth_ee(ccdb_truth *ctx, const double q[8][3], ccdb_truth_result *out);
/* Rigid motion (rows: the four points at t = 0, axis point c, axis w, translation s, which
 * primitive moves; docs/rigid.md). Stages: BOX (an exact bound proves the miss) or EXACT. */
void ccdb_truth_rigid_vf(ccdb_truth *ctx, const double q[8][3], ccdb_truth_result *out);
void ccdb_truth_rigid_ee(ccdb_truth *ctx, const double q[8][3], ccdb_truth_result *out);

/* Sweeps, the engines' motion (rows: the four points at t = 0, the centre O, the axis w, the
 * centre's displacement v, (moving, theta, 0); docs/sweep.md). theta = 0 with every moved
 * point a double: the linear judge's answer on the linear query, exactly as it gives it.
 * Otherwise stage SWEEP: certified interval root isolation at increasing precision up to a cap;
 * what it cannot certify is the class undecided (hit 0, meaning nothing). The bracket is two
 * adjacent doubles (or 0, 0 for a contact at t = 0). */
void ccdb_truth_sweep_vf(ccdb_truth *ctx, const double q[8][3], ccdb_truth_result *out);
void ccdb_truth_sweep_ee(ccdb_truth *ctx, const double q[8][3], ccdb_truth_result *out);
/* Tests only: the sweep judge's precision cap in bits (>= 64; 0: the default, 1024); a new
 * context takes it from the environment variable CCDB_TRUTH_SWEEP_BITS when set (never set it
 * with the truth cache on: run --no-cache). */
void ccdb_truth_set_sweep_bits(ccdb_truth *ctx, unsigned long bits);

/* The judge at a minimum separation d (a finite double >= 0, taken exactly): hit iff the
 * Euclidean distance between the closed primitives is <= d at some t in [0,1]; the bracket
 * encloses the earliest such t (same rules as above). d = 0 is exactly ccdb_truth_vf / _ee.
 * For d > 0 the flags are contact_t0 (the TOI is 0) and one of the sep_* features above for a
 * hit, generic for a miss; the primary class is the first set (so contact_t0 before the
 * feature). */
void ccdb_truth_vf_sep(ccdb_truth *ctx, const double q[8][3], double d, ccdb_truth_result *out);
void ccdb_truth_ee_sep(ccdb_truth *ctx, const double q[8][3], double d, ccdb_truth_result *out);
/* The same for the rigid kinds (distance between the moving and the still primitive, the
 * stages BOX (the exact bound, inflated by d), SEP_PLANE or EXACT, the TOI in t as for
 * ccdb_truth_rigid_vf / _ee). d = 0 is exactly ccdb_truth_rigid_vf / _ee; for d > 0 the flags are
 * those of the linear judge at d (no pure_translation: a query with w = 0 gets exactly the linear
 * judge's answer at d). */
void ccdb_truth_rigid_vf_sep(ccdb_truth *ctx, const double q[8][3], double d,
                             ccdb_truth_result *out);
void ccdb_truth_rigid_ee_sep(ccdb_truth *ctx, const double q[8][3], double d,
                             ccdb_truth_result *out);

/* Testing / benchmarking knobs (default: checking off unless the environment variable
 * CCDB_TRUTH_CHECK is set to a non-zero value; filters on).
 * Checking: the general candidate method also runs when the cubic shortcut applies and must
 * agree, and one point inside every open interval between candidates is asserted not to touch.
 * Filters off: every query takes the exact path (stage EXACT). */
void ccdb_truth_set_checking(ccdb_truth *ctx, int on);
void ccdb_truth_set_filters(ccdb_truth *ctx, int on);

const ccdb_truth_stats *ccdb_truth_get_stats(const ccdb_truth *ctx);
void ccdb_truth_reset_stats(ccdb_truth *ctx);

/* "generic", "coplanar", ... (stable names used in CSV output and reports). */
const char *ccdb_truth_class_name(ccdb_truth_class cls);
const char *ccdb_truth_stage_name(ccdb_truth_stage stage);
/* The i-th stage in pipeline order (i < CCDB_STAGE_COUNT), for listings of per-stage counts. */
ccdb_truth_stage ccdb_truth_stage_in_order(int i);
/* "GMP x.y.z, MPFR a.b.c" */
const char *ccdb_truth_library_versions(void);

#endif
