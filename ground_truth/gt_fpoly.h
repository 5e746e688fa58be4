/* gt_fpoly.h (internal to ground_truth/) — univariate polynomials with ball coefficients
 * (gt_ball.h): certified signs at doubles and on intervals, root isolation by Bernstein
 * (Descartes) bisection, and refinement of a simple root to two adjacent doubles.
 *
 * A gt_fpoly encloses every real polynomial whose coefficients lie in its balls; every answer
 * below holds for all of them (so for the exact one), or the function says it cannot tell.
 * The degree is a parameter (at most GT_FP_MAXDEG), not fixed to the cubic.
 */
#ifndef CCDB_GT_FPOLY_H
#define CCDB_GT_FPOLY_H

#include "gt_ball.h"

#define GT_FP_MAXDEG 7

typedef struct gt_fpoly {
    int deg;                     /* number of coefficients - 1 (>= 0; a ball may contain 0) */
    int dd;                      /* 1: double-double balls; 0: plain-double balls (lo == 0) */
    gt_ball c[GT_FP_MAXDEG + 1]; /* c[i]: coefficient of t^i */
} gt_fpoly;

/* Enclosure of p(x) (Horner). */
gt_ball gt_fpoly_eval(const gt_fpoly *p, double x);
/* Certified sign of p(x), or 0 when it cannot be certified. */
int gt_fpoly_sign_at(const gt_fpoly *p, double x);
/* Certified sign of p on the closed interval [a, b] ⊂ [0, 1] (a < b, doubles), or 0: by one
 * evaluation and a slope bound when the interval is narrow, else from the Bernstein
 * coefficients on [a, b]. */
int gt_fpoly_sign_on(const gt_fpoly *p, double a, double b);

/* A root of p: the only root of p in the closed interval [a, b], simple, strictly inside;
 * p(a) has the certified sign sa and p(b) the sign -sa. */
typedef struct gt_froot {
    double a, b;
    int sa;
} gt_froot;

/* Isolation of the roots of p in [a, b] (dyadic ends), in increasing order, by bisection of
 * the interval with Descartes' rule on the Bernstein coefficients. */
#define GT_FP_ISO_DEPTH 24
typedef struct gt_fpoly_iso {
    const gt_fpoly *p;
    /* optional: 1 if the caller proves that no root of p in [a, b] matters (then the piece is
     * skipped instead of halved when Descartes cannot settle it) */
    int (*skip)(void *ctx, double a, double b);
    void *ctx;
    int top, nodes, max_depth, max_nodes;
    double fail_a; /* after -1: every piece left of fail_a was settled (dyadic) */
    int last_v;    /* the variations of the last piece examined (-1: signs not certified) */
    struct {
        gt_fpoly q; /* p on the piece, in the local variable y in [0, 1] */
        double a, b;
        int depth;
    } st[GT_FP_ISO_DEPTH + 2];
} gt_fpoly_iso;

void gt_fpoly_iso_init(gt_fpoly_iso *it, const gt_fpoly *p, double a, double b, int max_depth,
                       int max_nodes, int (*skip)(void *ctx, double a, double b), void *ctx);
/* 1: *r is the next root (in increasing order); 0: no root left in [a, b] (but in skipped
 * pieces); -1: cannot tell (a sign not certified, or the depth / piece budget exhausted) about
 * the piece starting at it->fail_a, all pieces before it having been settled (no root, skipped,
 * or their root returned). */
int gt_fpoly_iso_next(gt_fpoly_iso *it, gt_froot *r);

/* The contact conditions on a piece [a, b], each times the sign sgn (of the normal component
 * they were divided by): -1 when one is proven negative there (the first such decides), 1 when
 * all n are proven positive, 0 otherwise (fp_roots.c, fp_rigid.c). */
int gt_fpoly_conditions_on(const gt_fpoly *cond, int n, int sgn, double a, double b);

/* The two-tier root search of the certified stages (fp_roots.c, fp_rigid.c): the roots of a
 * function in [0, 1] in increasing order, isolated in plain doubles (tier 0) and, from the piece
 * plain doubles cannot settle on, in double-doubles (tier 1: at most once), skipping the pieces
 * where no_contact proves that no time is a contact; the first root that contact does not rule
 * out ends it. */
typedef struct gt_fpoly_search {
    const gt_fpoly *(*poly)(void *ctx, int dd);               /* the function in tier dd */
    int (*no_contact)(void *ctx, int dd, double a, double b); /* 1: no contact in [a, b] */
    int (*contact)(void *ctx, int dd, gt_froot *r); /* < 0: r is no contact; else the answer */
    void *ctx;
    int max_depth, nodes, nodes_dd; /* gt_fpoly_iso's budgets, tier 0 and tier 1 */
    /* 1: no tier 1 when tier 0 ran out of budget on a piece of certified sign variations >= 2
     * (a multiple root, or roots closer than the budget could split: a tangent contact). Tier 1
     * restarts there with a smaller budget and sees the same signs; it could only still skip
     * the piece by its sharper contact conditions, which it never did on the rigid families of
     * the suite nor on rigid_random (docs/benchmarks.md). Only time depends on it, never an
     * answer: the query goes on to the exact path. */
    int no_dd_after_multiple;
} gt_fpoly_search;
/* 1 with *r and *c = contact's answer (>= 0) for the first root it does not rule out; 0 when it
 * rules out every root; -1 when even double-doubles cannot tell. */
int gt_fpoly_first_contact(const gt_fpoly_search *s, gt_froot *r, int *c);
/* The same over [lo, hi] (0 <= lo < hi <= 1, exact doubles) instead of [0, 1]: for a caller that
 * has proven no contact on the rest of [0, 1] (fp_rigid.c's ends). */
int gt_fpoly_first_contact_on(const gt_fpoly_search *s, double lo, double hi, gt_froot *r, int *c);

/* Shrinks r's interval to at most `ulps` steps between consecutive doubles (1: two adjacent
 * doubles), starting from guess (if inside r's interval, else a double Newton guess), each step
 * checked by a certified sign; 1 on success, 0 if some sign could not be certified first (r then
 * stays valid, maybe narrower). */
int gt_fpoly_root_narrow(const gt_fpoly *p, gt_froot *r, unsigned long long ulps, double guess);
/* A double guess of r from the centres of p (safeguarded Newton; only a guess). */
double gt_fpoly_guess(const gt_fpoly *p, const gt_froot *r);
/* As gt_fpoly_root_narrow to one ulp, from a precise enclosure pg of p(g) at a double g inside
 * r's interval and the Taylor coefficients of p at g (so p's own enclosure may be coarse: it
 * only carries the terms in x - g, which are small near g). */
int gt_fpoly_root_ulp_at(const gt_fpoly *p, gt_ball pg, double g, gt_froot *r);

#endif
