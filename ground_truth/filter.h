/* filter.h (internal to ground_truth/) — the cheap stages before the exact path.
 * Each function either proves the answer or says it cannot; it never guesses.
 */
#ifndef CCDB_GT_FILTER_H
#define CCDB_GT_FILTER_H

typedef enum ccdb_filter_verdict {
    CCDB_FILTER_UNKNOWN = 0, /* pass the query on */
    CCDB_FILTER_MISS = 1,    /* proven: no contact for any t in [0,1] */
    CCDB_FILTER_CONTACT = 2  /* only from ccdb_filter_fp_pass_*: a contact is proven, so no MISS is
                                possible (the stage functions answer UNKNOWN then) */
} ccdb_filter_verdict;

/* Stage 1: exact per-axis separation at every t (checked at t = 0 and t = 1, which suffices by
 * convexity); a superset of swept bounding-box rejection. Double comparisons only. */
ccdb_filter_verdict ccdb_filter_box_vf(const double q[8][3]);
ccdb_filter_verdict ccdb_filter_box_ee(const double q[8][3]);
/* The same at a separation d >= 0 (a finite double): proves that along some axis the primitives
 * stay more than d apart at every t, so their Euclidean distance is > d (filter.c). */
ccdb_filter_verdict ccdb_filter_box_sep_vf(const double q[8][3], double d);
ccdb_filter_verdict ccdb_filter_box_sep_ee(const double q[8][3], double d);

/* Stage 2: rigorous floating-point filter (static error bounds), see filter_fp.c and
 * docs/filters.md. */
ccdb_filter_verdict ccdb_filter_fp_vf(const double q[8][3]);
ccdb_filter_verdict ccdb_filter_fp_ee(const double q[8][3]);

/* Stage 2 has two passes over the same algorithm: pass 1 in doubles, pass 2 in double-doubles
 * (more precise, about 20 times slower). ccdb_filter_fp_* run pass 1, and pass 2 only when pass 1
 * neither decided nor proved a contact. These run one pass (1 or 2) alone (for measurements and
 * tests); they may also answer CCDB_FILTER_CONTACT. */
ccdb_filter_verdict ccdb_filter_fp_pass_vf(const double q[8][3], int pass);
ccdb_filter_verdict ccdb_filter_fp_pass_ee(const double q[8][3], int pass);

/* Certified floating-point root isolation (fp_roots.c, docs/ground-truth.md), run after the box
 * stage. Returns 1 when it decided: out->hit, and for a hit the exact bracket
 * toi_lo < TOI < toi_hi (adjacent doubles; this stage never decides a TOI that is a double).
 * The TOI of a hit it decides is a simple root of the coplanarity cubic in (0, 1) where n (VF) /
 * m (EE) is non-zero and the primitives touch inside (VF: p in the closed triangle; EE:
 * 0 <= u, v <= 1), strictly inside unless out->boundary (then a contact condition vanishes
 * identically: p on an edge's line for the whole step, an edge end on the other edge's line).
 * Returns 0 to pass the query on. */
typedef struct ccdb_fp_roots_result {
    int hit;
    int boundary; /* hit on the boundary (class flag boundary) */
    double toi_lo, toi_hi;
    int classified; /* 1: n (VF) / m (EE) is certified non-zero at t = 0 and t = 1, and F is
                       certified not identically zero or identically zero (coplanar), so the
                       flags are degenerate_primitive (coincident points), coplanar, boundary,
                       or generic */
    int coplanar;   /* (classified) F is identically zero: a miss of class coplanar */
} ccdb_fp_roots_result;
int ccdb_fp_roots_vf(const double q[8][3], ccdb_fp_roots_result *out);
int ccdb_fp_roots_ee(const double q[8][3], ccdb_fp_roots_result *out);

/* Certified floating-point stage of the rigid kinds (fp_rigid.c, docs/ground-truth.md, "The
 * certified stage of the rigid kinds"), run before the exact path of a rigid query (rows as in
 * docs/rigid.md). Returns 1 when it decided: out->hit, for a hit the exact bracket in t (the
 * doubles the exact path gives), and out->flags, the set of ccdb_truth_class bits the exact path
 * gives (truth.c's classify). The TOI of a hit it decides is a simple root in (0, 1) of the
 * coplanarity polynomial in u with n (VF) / m (EE) non-zero and the contact strictly inside.
 * Returns 0 to pass the query on. */
typedef struct ccdb_fp_rigid_result {
    int hit;
    double toi_lo, toi_hi;
    unsigned flags;
    int boxed; /* a miss proven by the per-axis bound alone (counted as stage BOX) */
} ccdb_fp_rigid_result;
int ccdb_fp_rigid_vf(const double q[8][3], ccdb_fp_rigid_result *out);
int ccdb_fp_rigid_ee(const double q[8][3], ccdb_fp_rigid_result *out);

/* Certified floating-point stage at a separation d > 0 (fp_sep.c, docs/ground-truth.md), run
 * after the box stage. Returns 1 when it decided: out->hit, and for a hit the exact bracket
 * (toi_lo = toi_hi = 0 for a TOI of 0, else adjacent doubles toi_lo < TOI < toi_hi: it never
 * decides another TOI that is a double) and in out->cls the ccdb_truth_class of the feature within
 * d at the TOI (sep_vertex, sep_edge, sep_face; EE sep_endpoint, sep_interior), the class
 * truth_sep.c gives. Returns 0 to pass the query on. */
typedef struct ccdb_fp_sep_result {
    int hit;
    double toi_lo, toi_hi;
    int cls;
} ccdb_fp_sep_result;
int ccdb_fp_sep_vf(const double q[8][3], double d, ccdb_fp_sep_result *out);
int ccdb_fp_sep_ee(const double q[8][3], double d, ccdb_fp_sep_result *out);

/* The fp stage splits [0,1] into dyadic pieces no narrower than 2^-CCDB_FILTER_FP_MAX_DEPTH;
 * on each it proves the cubic's sign or a violated contact condition (see filter_fp.c). */
#define CCDB_FILTER_FP_MAX_DEPTH 4

#endif
