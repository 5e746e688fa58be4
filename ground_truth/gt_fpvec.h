/* gt_fpvec.h (internal to ground_truth/) — polynomials with ball coefficients (gt_fpoly.h)
 * combined: sums of products in one pass, sums, and the cross and dot products of vectors of
 * them (gt_fpvec.c has the error argument). Shared by the certified stages fp_sep.c and
 * fp_rigid.c. */
#ifndef CCDB_GT_FPVEC_H
#define CCDB_GT_FPVEC_H

#include "gt_fpoly.h"

/* One product a b of a sum, negated when neg. */
typedef struct gt_fpterm {
    const gt_fpoly *a, *b;
    int neg;
} gt_fpterm;

/* r = the sum of the n products t[m].a t[m].b (r must not alias an operand; every degree
 * deg a + deg b <= GT_FP_MAXDEG; the precision of t[0].a). */
void gt_fp_psum(gt_fpoly *r, const gt_fpterm *t, int n);
/* r = a + sign b (r may alias a or b). */
void gt_fp_padd(gt_fpoly *r, const gt_fpoly *a, const gt_fpoly *b, int sign);
/* r = a x b. */
void gt_fp_vcross(gt_fpoly r[3], const gt_fpoly a[3], const gt_fpoly b[3]);
/* r = a.b, or a.b - D2 c (c != NULL). */
void gt_fp_vdot_d2(gt_fpoly *r, const gt_fpoly a[3], const gt_fpoly b[3], const gt_fpoly *c,
                   const gt_fpoly *D2);
/* r = a.b. */
void gt_fp_vdot(gt_fpoly *r, const gt_fpoly a[3], const gt_fpoly b[3]);

#endif
