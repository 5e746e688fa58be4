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

#define GT_FP_MAXDEG 6

typedef struct gt_fpoly {
    int deg;                     /* number of coefficients - 1 (>= 0; a ball may contain 0) */
    gt_ball c[GT_FP_MAXDEG + 1]; /* c[i]: coefficient of t^i */
} gt_fpoly;

/* Enclosure of p(x) (Horner). */
gt_ball gt_fpoly_eval(const gt_fpoly *p, double x);
/* Certified sign of p(x), or 0 when it cannot be certified. */
int gt_fpoly_sign_at(const gt_fpoly *p, double x);
/* Certified sign of p on the closed interval [a, b] (a < b, both doubles), or 0. */
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
    int top, nodes, max_depth, max_nodes;
    struct {
        gt_fpoly q; /* p on the piece, in the local variable y in [0, 1] */
        double a, b;
        int depth;
    } st[GT_FP_ISO_DEPTH + 2];
} gt_fpoly_iso;

void gt_fpoly_iso_init(gt_fpoly_iso *it, const gt_fpoly *p, double a, double b, int max_depth,
                       int max_nodes);
/* 1: *r is the next root (in increasing order); 0: no root left in [a, b]; -1: cannot tell
 * (a sign not certified, or the depth / piece budget exhausted). */
int gt_fpoly_iso_next(gt_fpoly_iso *it, gt_froot *r);

/* Halves r's interval by the certified sign at its midpoint; 0 if that sign is not certified
 * (or the midpoint is not exact). */
int gt_fpoly_root_halve(const gt_fpoly *p, gt_froot *r);
/* Shrinks r's interval to two adjacent doubles (a double Newton guess, each step checked by a
 * certified sign); 1 on success, 0 if some sign could not be certified (r then stays valid). */
int gt_fpoly_root_ulp(const gt_fpoly *p, gt_froot *r);

#endif
