/* filter_bench.c — how many sample queries each filter stage decides, and what each stage costs.
 *
 * Usage: ccdb_filter_bench [SAMPLE_ROOT] [--repeats N] [--dump-undecided FILE]
 * SAMPLE_ROOT defaults to CCDB_SHARED_DIR/datasets/sample-queries. Prints, per kind and label, the
 * queries decided by the box stage, by the fp stage's double pass and double-double pass, those
 * pass 1 proved in contact (passed on without pass 2), and the rest (passed on); ns/query of each stage (whole-loop timing, N repeats, median [min, max]); the exact
 * ground truth's cost (filters off) on each group, which is what a filter saves when it decides a
 * query; and why the undecided label-0 queries stay undecided (exact GMP classification of the
 * coplanarity cubic). Exit 1 if a filter rejects a published hit or a query the exact ground
 * truth calls a hit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ccdb_truth.h"
#include "exact_ref.h"
#include "filter.h"
#include "sample_io.h"

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef const double (*qptr)[3];

static ccdb_filter_verdict box(const sample_set *s, size_t i)
{
    return s->is_ee[i] ? ccdb_filter_box_ee((qptr)s->q[i]) : ccdb_filter_box_vf((qptr)s->q[i]);
}

static ccdb_filter_verdict pass(const sample_set *s, size_t i, int p)
{
    return s->is_ee[i] ? ccdb_filter_fp_pass_ee((qptr)s->q[i], p)
                       : ccdb_filter_fp_pass_vf((qptr)s->q[i], p);
}

static ccdb_filter_verdict fp(const sample_set *s, size_t i)
{
    return s->is_ee[i] ? ccdb_filter_fp_ee((qptr)s->q[i]) : ccdb_filter_fp_vf((qptr)s->q[i]);
}

/* which stage decided: box, fp pass 1, fp pass 2; or none (pass 1 proved a contact / passed on) */
enum { G_BOX, G_PASS1, G_PASS2, G_CONTACT, G_PASSED, G_N };

/* What a timed loop runs over a query. */
enum { W_BOX, W_FP, W_PASS1, W_PASS2, W_PIPE, W_EXACT, W_TRUTH };

typedef struct timing {
    const char *name;
    int what;
    int group; /* -1: all queries, -2: box-undecided, -3: left to pass 2 (G_PASS2 or G_PASSED) */
    int label; /* -1: any */
    double *ns;
    size_t n;
} timing;

static int in_group(int g, int want)
{
    if (want >= 0)
        return g == want;
    if (want == -1)
        return 1;
    return want == -2 ? g >= G_PASS1 : (g == G_PASS2 || g == G_PASSED);
}

int main(int argc, char **argv)
{
    const char *root = CCDB_SHARED_DIR "/datasets/sample-queries";
    int repeats = 5;
    const char *dump = NULL; /* file to write the undecided label-0 queries to (%a, one per line) */
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--repeats") == 0 && i + 1 < argc)
            repeats = atoi(argv[++i]);
        else if (strcmp(argv[i], "--dump-undecided") == 0 && i + 1 < argc)
            dump = argv[++i];
        else if (argv[i][0] != '-')
            root = argv[i];
        else {
            fprintf(stderr, "usage: %s [SAMPLE_ROOT] [--repeats N] [--dump-undecided FILE]\n",
                    argv[0]);
            return 2;
        }
    }
    if (repeats < 1 || repeats > 1000) {
        fprintf(stderr, "--repeats must be in 1..1000\n");
        return 2;
    }
    sample_set s;
    if (sample_load(root, &s) != 0)
        return 2;
    FILE *df = dump ? fopen(dump, "w") : NULL;
    if (dump && !df) {
        fprintf(stderr, "%s: cannot write\n", dump);
        return 2;
    }
    ccdb_truth *exact = ccdb_truth_new(), *truth = ccdb_truth_new();
    ccdb_truth_set_filters(exact, 0);

    /* classification */
    unsigned char *group = malloc(s.count);
    size_t cnt[2][2][G_N] = { { { 0 } } };
    size_t why[2][3] = { { 0 } }; /* undecided label 0: [kind][exact cubic kind] */
    int unsound = 0;
    for (size_t i = 0; i < s.count; ++i) {
        const int k = s.is_ee[i], l = s.label[i];
        int g = G_PASSED;
        ccdb_filter_verdict v1 = CCDB_FILTER_UNKNOWN;
        if (box(&s, i) == CCDB_FILTER_MISS)
            g = G_BOX;
        else if ((v1 = pass(&s, i, 1)) == CCDB_FILTER_MISS)
            g = G_PASS1;
        else if (v1 == CCDB_FILTER_CONTACT)
            g = G_CONTACT;
        else if (pass(&s, i, 2) == CCDB_FILTER_MISS)
            g = G_PASS2;
        if ((g >= G_PASS1 && g != G_PASSED) != (g != G_BOX && fp(&s, i) == CCDB_FILTER_MISS) &&
            g != G_CONTACT) {
            fprintf(stderr, "query %zu: the fp stage disagrees with its passes\n", i);
            return 2;
        }
        group[i] = (unsigned char)g;
        cnt[k][l][g]++;
        ccdb_truth_result r;
        (k ? ccdb_truth_ee : ccdb_truth_vf)(exact, (qptr)s.q[i], &r);
        if (g == G_CONTACT && !r.hit) {
            fprintf(stderr, "WRONG: query %zu (%s): pass 1 proved a contact, exact says no\n", i,
                    k ? "ee" : "vf");
            unsound = 1;
        }
        if (g != G_PASSED && g != G_CONTACT && (l == 1 || r.hit)) {
            fprintf(stderr,
                    "UNSOUND: query %zu (%s, label %d, exact hit %d) rejected by stage %d\n", i,
                    k ? "ee" : "vf", l, r.hit, g);
            unsound = 1;
        }
        if ((g == G_PASSED || g == G_CONTACT) && l == 0) {
            why[k][exact_cubic_roots01((qptr)s.q[i], k)]++;
            if (df) {
                fprintf(df, "%zu %s", i, k ? "ee" : "vf");
                for (int row = 0; row < 8; ++row)
                    for (int c = 0; c < 3; ++c)
                        fprintf(df, " %a", s.q[i][row][c]);
                fputc('\n', df);
            }
        }
    }
    if (df)
        fclose(df);

    timing tm[] = {
        { "box stage (all queries)", W_BOX, -1, -1, NULL, 0 },
        { "fp stage, both passes (box-undecided)", W_FP, -2, -1, NULL, 0 },
        { "fp pass 1 (box-undecided)", W_PASS1, -2, -1, NULL, 0 },
        { "  on queries it decides", W_PASS1, G_PASS1, -1, NULL, 0 },
        { "  on queries it proves in contact", W_PASS1, G_CONTACT, -1, NULL, 0 },
        { "  on queries it leaves to pass 2", W_PASS1, -3, -1, NULL, 0 },
        { "fp pass 2 (left by pass 1)", W_PASS2, -3, -1, NULL, 0 },
        { "  on queries it decides", W_PASS2, G_PASS2, -1, NULL, 0 },
        { "  on queries it passes on", W_PASS2, G_PASSED, -1, NULL, 0 },
        { "box + fp pipeline (all queries)", W_PIPE, -1, -1, NULL, 0 },
        { "exact, filters off: all queries", W_EXACT, -1, -1, NULL, 0 },
        { "  box-decided", W_EXACT, G_BOX, -1, NULL, 0 },
        { "  pass-1-decided", W_EXACT, G_PASS1, -1, NULL, 0 },
        { "  pass-2-decided", W_EXACT, G_PASS2, -1, NULL, 0 },
        { "  proven contacts (pass 1)", W_EXACT, G_CONTACT, -1, NULL, 0 },
        { "  passed on, label 0", W_EXACT, G_PASSED, 0, NULL, 0 },
        { "  passed on, label 1", W_EXACT, G_PASSED, 1, NULL, 0 },
        { "ground truth, filters on (all)", W_TRUTH, -1, -1, NULL, 0 },
    };
    const int ntm = (int)(sizeof tm / sizeof tm[0]);
    for (int m = 0; m < ntm; ++m) {
        tm[m].ns = malloc(sizeof(double) * (size_t)repeats);
        for (size_t i = 0; i < s.count; ++i)
            tm[m].n +=
                in_group(group[i], tm[m].group) && (tm[m].label < 0 || s.label[i] == tm[m].label);
    }
    volatile unsigned sink = 0;
    for (int r = 0; r < repeats; ++r)
        for (int m = 0; m < ntm; ++m) {
            unsigned acc = 0;
            ccdb_truth_result res;
            const double t0 = now_ns();
            for (size_t i = 0; i < s.count; ++i) {
                if (!in_group(group[i], tm[m].group) ||
                    (tm[m].label >= 0 && s.label[i] != tm[m].label))
                    continue;
                const int ee = s.is_ee[i];
                switch (tm[m].what) {
                case W_BOX: acc += box(&s, i); break;
                case W_FP: acc += fp(&s, i); break;
                case W_PASS1: acc += pass(&s, i, 1); break;
                case W_PASS2: acc += pass(&s, i, 2); break;
                case W_PIPE: acc += box(&s, i) == CCDB_FILTER_MISS ? 1u : fp(&s, i); break;
                case W_EXACT:
                    (ee ? ccdb_truth_ee : ccdb_truth_vf)(exact, (qptr)s.q[i], &res);
                    acc += (unsigned)res.hit;
                    break;
                default:
                    (ee ? ccdb_truth_ee : ccdb_truth_vf)(truth, (qptr)s.q[i], &res);
                    acc += (unsigned)res.hit;
                    break;
                }
            }
            const double t1 = now_ns();
            tm[m].ns[r] = tm[m].n ? (t1 - t0) / (double)tm[m].n : 0.0;
            sink += acc;
        }
    (void)sink;

    printf("sample queries: %zu from %s\n", s.count, root);
    static const char *const kn[2] = { "vf", "ee" };
    printf("%-4s %-6s %7s %9s %9s %9s %9s %9s\n", "kind", "label", "total", "box", "fp-pass1",
           "fp-pass2", "contact", "passed");
    size_t tot[G_N] = { 0 }, all = 0;
    for (int k = 0; k < 2; ++k)
        for (int l = 0; l < 2; ++l) {
            size_t n = 0;
            for (int g = 0; g < G_N; ++g) {
                n += cnt[k][l][g];
                tot[g] += cnt[k][l][g];
            }
            all += n;
            printf("%-4s %-6d %7zu %9zu %9zu %9zu %9zu %9zu\n", kn[k], l, n, cnt[k][l][G_BOX],
                   cnt[k][l][G_PASS1], cnt[k][l][G_PASS2], cnt[k][l][G_CONTACT],
                   cnt[k][l][G_PASSED]);
        }
    printf("all         %7zu", all);
    for (int g = 0; g < G_N; ++g)
        printf(" %8.1f%%", 100.0 * (double)tot[g] / (double)all);
    printf("\n");
    for (int k = 0; k < 2; ++k)
        printf("undecided label-0 %s: %zu (exact cubic: %zu identically zero, %zu with a root in "
               "[0,1], %zu without root)\n",
               kn[k], why[k][0] + why[k][1] + why[k][2], why[k][EXACT_CUBIC_ZERO],
               why[k][EXACT_CUBIC_ROOT], why[k][EXACT_CUBIC_NO_ROOT]);
    printf(
        "ns/query over %d repeats, whole-loop timing (median [min, max]), queries in the loop:\n",
        repeats);
    for (int m = 0; m < ntm; ++m) {
        qsort(tm[m].ns, (size_t)repeats, sizeof(double), cmp_d);
        printf("  %-34s %10.1f [%.1f, %.1f]  n=%zu\n", tm[m].name, tm[m].ns[repeats / 2],
               tm[m].ns[0], tm[m].ns[repeats - 1], tm[m].n);
        free(tm[m].ns);
    }
    ccdb_truth_free(exact);
    ccdb_truth_free(truth);
    free(group);
    sample_free(&s);
    if (unsound)
        fprintf(stderr, "a filter rejected a contact\n");
    return unsound;
}
