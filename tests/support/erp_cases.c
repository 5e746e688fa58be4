/* erp_cases.c — the literal cases of exact root parity's own test suite
 * (../shared/peers/exact-root-parity-ccd/tests/test_ccd.cpp) as ccdbench queries, with the
 * answer that suite expects (see ccdb_test.h). The reader takes the values of the file's
 * GENERATE(...) lists (numbers and EPSILON = float epsilon, alone or added); the geometry that
 * combines them is the one of the file's three TEST_CASEs, written out below. */
#include <criterion/criterion.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_test.h"
#include "ccdb_test_fixtures.h"

#define ERP_LISTS    7  /* GENERATE lists in the file, in order */
#define ERP_LIST_MAX 16 /* values in one list */

typedef struct erp_list {
    double v[ERP_LIST_MAX];
    size_t n;
} erp_list;

/* One term: a decimal number or EPSILON (float epsilon, as the file defines it). */
static double erp_term(const char **p)
{
    while (**p == ' ' || **p == '\n')
        (*p)++;
    if (!strncmp(*p, "EPSILON", 7)) {
        *p += 7;
        return (double)FLT_EPSILON;
    }
    char *end;
    double v = strtod(*p, &end);
    cr_assert_neq(end, *p, "test_ccd.cpp: a GENERATE value is not a number: %.20s", *p);
    *p = end;
    return v;
}

/* One value: [-]term [(+|-) term], evaluated in double as the C++ does. */
static double erp_value(const char **p)
{
    while (**p == ' ' || **p == '\n')
        (*p)++;
    int neg = **p == '-';
    *p += neg;
    double v = erp_term(p);
    v = neg ? -v : v;
    while (**p == ' ' || **p == '\n')
        (*p)++;
    if (**p == '+' || **p == '-') {
        int minus = **p == '-';
        (*p)++;
        double w = erp_term(p);
        v = minus ? v - w : v + w;
    }
    return v;
}

/* The lists of the file, in order; a '-' just before GENERATE negates its list. */
static void erp_read_lists(const char *text, erp_list lists[ERP_LISTS])
{
    cr_assert_not_null(strstr(text, "EPSILON = std::numeric_limits<float>::epsilon()"),
                       "test_ccd.cpp: EPSILON is no longer float epsilon");
    size_t k = 0;
    for (const char *g = strstr(text, "GENERATE("); g; g = strstr(g + 1, "GENERATE(")) {
        cr_assert_lt(k, ERP_LISTS, "test_ccd.cpp: more than %d GENERATE lists", ERP_LISTS);
        const char *back = g;
        while (back > text && (back[-1] == ' ' || back[-1] == '\n'))
            back--;
        int negate = back > text && back[-1] == '-';
        const char *p = g + strlen("GENERATE(");
        erp_list *l = &lists[k++];
        for (l->n = 0;;) {
            cr_assert_lt(l->n, ERP_LIST_MAX, "test_ccd.cpp: a GENERATE list is too long");
            double v = erp_value(&p);
            l->v[l->n++] = negate ? -v : v;
            while (*p == ' ' || *p == '\n')
                p++;
            if (*p == ')')
                break;
            cr_assert_eq(*p, ',', "test_ccd.cpp: unexpected text in a GENERATE list: %.20s", p);
            p++;
        }
    }
    cr_assert_eq(k, ERP_LISTS, "test_ccd.cpp: %zu GENERATE lists, expected %d", k, ERP_LISTS);
}

static void set3(double p[3], double x, double y, double z)
{
    p[0] = x, p[1] = y, p[2] = z;
}

static void add3(double out[3], const double a[3], const double b[3])
{
    for (int c = 0; c < 3; c++)
        out[c] = a[c] + b[c];
}

/* "Test Point-Triangle Continuous Collision Detection": both sections (the triangle clockwise,
 * then with v1 and v2 swapped) over v0z x u0y x u0z x u1y. */
static size_t erp_point_triangle(const erp_list *l, ccdb_test_erp_case *out, size_t cap)
{
    size_t n = 0;
    for (int section = 0; section < 2; section++)
        for (size_t a = 0; a < l[0].n; a++)
            for (size_t b = 0; b < l[1].n; b++)
                for (size_t c = 0; c < l[2].n; c++)
                    for (size_t d = 0; d < l[3].n; d++) {
                        cr_assert_lt(n, cap, "more point-triangle cases than room");
                        double v0z = l[0].v[a], u0y = l[1].v[b], u0z = l[2].v[c];
                        double u1y = l[3].v[d], v[4][3], u0[3], u1[3];
                        set3(v[0], 0, 1, v0z);
                        set3(v[1], -1, 0, 1);
                        set3(v[2], 1, 0, 1);
                        set3(v[3], 0, 0, -1);
                        if (section)
                            for (int k = 0; k < 3; k++) {
                                double t = v[1][k];
                                v[1][k] = v[2][k], v[2][k] = t;
                            }
                        set3(u0, 0, u0y, u0z);
                        set3(u1, 0, u1y, 0);
                        ccdb_test_erp_case *q = &out[n++];
                        for (int k = 0; k < 4; k++) {
                            memcpy(q->q[k], v[k], sizeof v[k]);
                            add3(q->q[4 + k], v[k], k ? u1 : u0);
                        }
                        q->expect_hit = (-u0y + u1y >= 1) && (v0z + u0z >= v[3][2]);
                    }
    return n;
}

/* "Zhongshi test case": the point (0, qy, 0) at rest, the triangle lifted from z = 0 to 1. */
static size_t erp_zhongshi(const erp_list *l, ccdb_test_erp_case *out, size_t cap)
{
    size_t n = 0;
    for (size_t a = 0; a < l->n; a++) {
        cr_assert_lt(n, cap, "more point-triangle cases than room");
        double qy = l->v[a];
        ccdb_test_erp_case *q = &out[n++];
        const double pts[8][3] = { { 0, qy, 0 }, { 0, 0, 0 }, { 0, 1, 0 }, { 1, 0, 0 },
                                   { 0, qy, 0 }, { 0, 0, 1 }, { 0, 1, 1 }, { 1, 0, 1 } };
        memcpy(q->q, pts, sizeof pts);
        q->expect_hit = qy >= 0;
    }
    return n;
}

/* "Test Edge-Edge Continuous Collision Detection": over e1x x y_displacement. */
static size_t erp_edge_edge(const erp_list *l, ccdb_test_erp_case *out, size_t cap)
{
    size_t n = 0;
    for (size_t a = 0; a < l[0].n; a++)
        for (size_t b = 0; b < l[1].n; b++) {
            cr_assert_lt(n, cap, "more edge-edge cases than room");
            double e1x = l[0].v[a], y = l[1].v[b], v[4][3], u0[3], u1[3];
            set3(v[0], -1, -1, 0);
            set3(v[1], 1, -1, 0);
            set3(v[2], e1x, 1, -1);
            set3(v[3], e1x, 1, 1);
            set3(u0, 0, y, 0);
            set3(u1, 0, -y, 0);
            ccdb_test_erp_case *q = &out[n++];
            for (int k = 0; k < 4; k++) {
                memcpy(q->q[k], v[k], sizeof v[k]);
                add3(q->q[4 + k], v[k], k < 2 ? u0 : u1);
            }
            q->expect_hit = y >= 1.0 && e1x >= -1 && e1x <= 1;
        }
    return n;
}

void ccdb_test_erp_cases(ccdb_test_erp_case *vf, size_t vf_cap, size_t *n_vf,
                         ccdb_test_erp_case *ee, size_t ee_cap, size_t *n_ee)
{
    const char *path = ccdb_test_shared_path(CCDB_TEST_ERP_TESTS);
    char *text = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(text, "cannot read %s", path);
    erp_list lists[ERP_LISTS];
    erp_read_lists(text, lists);
    free(text);
    /* lists 0-3: point-triangle (v0z, u0y, u0z, u1y); 4-5: edge-edge; 6: Zhongshi's qy */
    *n_vf = erp_point_triangle(lists, vf, vf_cap);
    *n_vf += erp_zhongshi(&lists[6], vf + *n_vf, vf_cap - *n_vf);
    *n_ee = erp_edge_edge(&lists[4], ee, ee_cap);
}
