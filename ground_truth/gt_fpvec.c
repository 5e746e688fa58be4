/* gt_fpvec.c — sums of products of ball polynomials and the vector operations built on them
 * (gt_fpvec.h), shared by the certified stages fp_sep.c and fp_rigid.c. */
#include <math.h>
#include <stddef.h>

#include "gt_fpvec.h"

/* r = the sum of the products t[m].a t[m].b, each negated if t[m].neg (r must not alias an
 * operand; every degree deg a + deg b <= GT_FP_MAXDEG). Double-doubles: gt_ball operations.
 * Plain doubles: each coefficient is a sum of n <= 32 products of centres (at most 4 terms of
 * degree <= GT_FP_MAXDEG = 7 here: at most 8 products each), computed in one pass
 * with one radius: the balls contribute sum (ra (|yb| + rb) + |xa| rb) (xa, yb the centres),
 * the rounding of the n products and n - 1 additions at most gamma_n sum |xa yb| <= 2 n u m,
 * m the computed sum of |fl(xa yb)| (Higham, lemma 3.4 and (3.4)), underflow GT_BALL_MU per
 * product. The radius' own roundings (fewer than 200, each losing a factor 1 - u, on
 * non-negative terms) and the factor between m and sum |xa yb| are paid for by 1 + 2^-40.
 * (Far less work than a gt_ball_mul1 and a gt_ball_add1 per term, and no intermediate
 * polynomials: a cross product's component, a dot product, F^2 - D2 n.n in one pass each.) */
static void psum_dd(gt_fpoly *r, const gt_fpterm *t, int n)
{
    for (int k = 0; k <= r->deg; k++) {
        gt_ball acc = gt_ball_d(0.0);
        int cnt = 0;
        for (int m = 0; m < n; m++) {
            const gt_fpoly *a = t[m].a, *b = t[m].b;
            const int lo = k > b->deg ? k - b->deg : 0, hi = k < a->deg ? k : a->deg;
            for (int i = lo; i <= hi; i++) {
                if (gt_ball_is_zero(a->c[i]) || gt_ball_is_zero(b->c[k - i]))
                    continue; /* an exact 0: adds nothing */
                const gt_ball p = gt_ball_mul(a->c[i], b->c[k - i]);
                const gt_ball sp = t[m].neg ? gt_ball_neg(p) : p;
                acc = cnt++ ? gt_ball_add(acc, sp) : sp;
            }
        }
        r->c[k] = acc;
    }
}

void gt_fp_psum(gt_fpoly *r, const gt_fpterm *t, int n)
{
    int deg = 0;
    for (int m = 0; m < n; m++)
        if (t[m].a->deg + t[m].b->deg > deg)
            deg = t[m].a->deg + t[m].b->deg;
    r->deg = deg;
    r->dd = t[0].a->dd;
    if (r->dd) {
        psum_dd(r, t, n);
        return;
    }
    double v[2 * GT_FP_MAXDEG + 1] = { 0.0 }, mag[2 * GT_FP_MAXDEG + 1] = { 0.0 },
                                rad[2 * GT_FP_MAXDEG + 1] = { 0.0 };
    int cnt[2 * GT_FP_MAXDEG + 1] = { 0 };
    for (int m = 0; m < n; m++) {
        const gt_fpoly *a = t[m].a, *b = t[m].b;
        const double sg = t[m].neg ? -1.0 : 1.0;
        for (int i = 0; i <= a->deg; i++) {
            const double xh = a->c[i].hi, xr = a->c[i].rad, ax = fabs(xh);
            if (xh == 0.0 && xr == 0.0) /* an exact 0 (lo is 0 in plain doubles) */
                continue;
            for (int j = 0; j <= b->deg; j++) {
                const double yh = b->c[j].hi, yr = b->c[j].rad;
                if (yh == 0.0 && yr == 0.0)
                    continue;
                const double p = xh * yh;
                v[i + j] += sg * p;
                mag[i + j] += fabs(p);
                rad[i + j] += xr * (fabs(yh) + yr) + ax * yr;
                cnt[i + j]++;
            }
        }
    }
    for (int k = 0; k <= deg; k++)
        r->c[k] =
            (gt_ball){ v[k], 0.0,
                       cnt[k] ? (rad[k] + (2.0 * cnt[k] * 0x1p-53) * mag[k]) * (1.0 + 0x1p-40) +
                                    cnt[k] * GT_BALL_MU
                              : 0.0 };
}

/* r = a + sign b (r may alias a or b) */
void gt_fp_padd(gt_fpoly *r, const gt_fpoly *a, const gt_fpoly *b, int sign)
{
    const int dd = a->dd, n = a->deg > b->deg ? a->deg : b->deg;
    for (int k = 0; k <= n; k++) {
        const gt_ball y = sign < 0 ? gt_ball_neg(b->c[k]) : b->c[k];
        r->c[k] = k > b->deg ? a->c[k] : k > a->deg ? y : gt_ball_addp(a->c[k], y, dd);
    }
    r->deg = n;
    r->dd = dd;
}

void gt_fp_vcross(gt_fpoly r[3], const gt_fpoly a[3], const gt_fpoly b[3])
{
    for (int k = 0; k < 3; k++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        const gt_fpterm t[2] = { { &a[k1], &b[k2], 0 }, { &a[k2], &b[k1], 1 } };
        gt_fp_psum(&r[k], t, 2);
    }
}

/* r = a.b, or a.b - D2 c (c != NULL) */
void gt_fp_vdot_d2(gt_fpoly *r, const gt_fpoly a[3], const gt_fpoly b[3], const gt_fpoly *c,
                   const gt_fpoly *D2)
{
    const gt_fpterm t[4] = {
        { &a[0], &b[0], 0 }, { &a[1], &b[1], 0 }, { &a[2], &b[2], 0 }, { c, D2, 1 }
    };
    gt_fp_psum(r, t, c ? 4 : 3);
}

void gt_fp_vdot(gt_fpoly *r, const gt_fpoly a[3], const gt_fpoly b[3])
{
    gt_fp_vdot_d2(r, a, b, NULL, NULL);
}
