/* truth_core.h (internal to ground_truth/) — the judge's context, shared by truth.c (the
 * contact judge, d = 0) and truth_sep.c (the judge at a minimum separation d > 0), and the
 * pieces of the exact method both use (truth_core.c): the integer form, roots in [0,1], exact
 * sorting. */
#ifndef CCDB_GT_TRUTH_CORE_H
#define CCDB_GT_TRUTH_CORE_H

#include "ccdb_truth.h"
#include "gt_poly.h"

/* Polynomial table. VF points: 0 = p, 1 = a, 2 = b, 3 = c. EE: 0 = a0, 1 = a1, 2 = b0, 3 = b1.
 * Every polynomial has degree <= 3 (F) or <= 2 (all others) in the linear kinds; <= 7 and
 * <= 5 in the rigid ones (points of degree <= 3, differences within a body of degree <= 2). */
enum {
    T_F = 0,  /* coplanarity cubic: VF n.(p-a), EE m.(b0-a0) */
    T_N0 = 1, /* VF n = (b-a)x(c-a), EE m = (a1-a0)x(b1-b0): three components */
    /* VF: only point-on-segment blocks; the edge tests use their cross products (see touch) */
    T_VSEG = 4,
    /* EE, with w = b0-a0: u m = w x db and v m = w x da when the edges meet (see touch) */
    T_A0 = 4,   /* w x db (three components) */
    T_AR0 = 7,  /* m - w x db */
    T_B0 = 10,  /* w x da */
    T_BR0 = 13, /* m - w x da */
    T_ESEG = 16,
    /* point-on-segment block: d (3), w (3), d x w (3), d.w, d.d - d.w */
    SEG_D = 0,
    SEG_W = 3,
    SEG_X = 6,
    SEG_DOT = 9,
    SEG_REST = 10,
    SEG_SIZE = 11,
    T_COUNT = T_ESEG + 4 * SEG_SIZE
};

#define N_CAND 256

struct ccdb_truth {
    gt_ws ws;
    gt_poly P[4][3]; /* point i, axis j, as a polynomial in t */
    gt_poly T[T_COUNT];
    unsigned char have[T_COUNT]; /* which polynomials of T are computed for the current query */
    int ee;                      /* current kind */
    int rigid;                   /* rigid motion: P in u (gt_rigid.h) */
    int pure;                    /* rigid with w = 0: a pure translation, t = u */
    int apart;                   /* rigid: the bound filter proved a miss (gt_rigid_load) */
    gt_alg cand[N_CAND];
    gt_alg sample, toi2;
    gt_poly sqf;
    mpz_t tnum;
    ccdb_truth_stats stats;
    int check;     /* self-checking mode (tests): run both methods, test open intervals */
    int filters;   /* 0: force the exact path */
    int boundary;  /* set by a successful touch with n != 0: contact on the boundary; else -1 */
    int root_of_F; /* the candidates under test are roots of F (the cubic shortcut) */
    struct gt_sep *sep;       /* the judge at a separation d > 0 (truth_sep.c), made on first use */
    struct gt_sweep *sweep;   /* the sweep judge's balls (truth_sweep.c), made on first use */
    unsigned long sweep_bits; /* the sweep judge's precision cap in bits (default 1024) */
};

/* Integer form of q (ee: the kind) into c->P. With D != NULL, the finite double d >= 0 takes part
 * in the common scale too and D receives it as an integer in that scale (d = D 2^Emin). */
void gt_truth_load(ccdb_truth *c, const double q[8][3], int ee, double d, mpz_ptr D);
/* Roots of p (non-zero) in [0,1] into out[0..], increasing; returns their number (<= cap). */
int gt_truth_roots01(ccdb_truth *c, const gt_poly *p, gt_alg *out, int cap);
/* Sorts c->cand[0..*n) exactly and merges equal values. */
void gt_truth_sort_unique(ccdb_truth *c, int *n);

#endif
