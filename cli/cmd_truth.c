/* cmd_truth.c — `ccdbench truth FILE.csv [--kind K] [-o OUT.csv] [--stats] [--round-inputs]
 *                                  [--min-sep D]`
 *
 * Reads one dataset strictly, runs the exact ground truth on every query and writes
 *     index,hit,toi_lo,toi_hi,class
 * (index 0-based; toi_* with %.17g, empty when hit = 0) to stdout or, atomically, to OUT.csv.
 * --stats prints to stderr how many queries each stage decided (count, share) and the mean time
 * per query over the whole truth loop (one clock reading before and after it, none per query). */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_cli.h"
#include "ccdb_dataset.h"
#include "ccdb_runner.h"
#include "ccdb_truth.h"
#include "ccdb_truth_cache.h"
#include "ccdb_util.h"

static void truth_usage(FILE *f)
{
    fputs(
        "usage: ccdbench truth FILE.csv [--kind K] [-o OUT.csv] [--stats] [--round-inputs]\n"
        "                               [--min-sep D]\n"
        "\n"
        "Exact ground truth of every query of FILE.csv (the public rational CSV format:\n"
        "8 rows per query, x_num,x_den,y_num,y_den,z_num,z_den[,truth]).\n"
        "Writes CSV with the header  index,hit,toi_lo,toi_hi,class\n"
        "  index   0-based query index in FILE.csv\n"
        "  hit     1 if the primitives touch at some t in [0,1] (with --min-sep D: come\n"
        "          within Euclidean distance D), else 0\n"
        "  toi_lo, toi_hi  doubles (%.17g) with toi_lo <= time of impact <= toi_hi; empty if "
        "hit=0\n"
        "  class   degeneracy class of the query (generic, coplanar, ...); with D > 0:\n"
        "          contact_t0 or the feature holding the closest point at the TOI (sep_vertex,\n"
        "          sep_edge, sep_face for vf; sep_endpoint, sep_interior for ee), generic for\n"
        "          a miss\n"
        "\n"
        "options:\n"
        "  --kind K         vf, ee (linear motion), rigid-vf, rigid-ee (rigid motion,\n"
        "                   docs/rigid.md), sweep-vf, sweep-ee (the engines' motion,\n"
        "                   docs/sweep.md: class undecided when the certified judge cannot\n"
        "                   decide); default: from a vertex-face, edge-edge, rigid-vertex-face,\n"
        "                   rigid-edge-edge, sweep-vertex-face or sweep-edge-edge folder in\n"
        "                   the path of FILE.csv, or a <step><vf|ee>.csv file name; refused\n"
        "                   when the path names a kind (a kind folder is never read as\n"
        "                   another kind)\n"
        "  -o OUT.csv       write there (atomically: temporary file, then rename); default stdout\n"
        "  --stats          to stderr: queries, hits, queries decided per stage (sweep, fp_rigid,\n"
        "                   box, filter, sep_fp, plane, fp_roots, exact: count and share;\n"
        "                   fp_rigid on rigid kinds at D = 0 only, sep_fp on linear kinds\n"
        "                   at D > 0 only, plane at D > 0 only, fp_roots on linear kinds and\n"
        "                   rigid pure translations at D = 0 only) and mean time per query\n"
        "                   over the truth loop\n"
        "  --round-inputs   accept values that are not exactly doubles, rounding them to nearest\n"
        "                   (the count is reported on stderr); default: such values are errors\n"
        "  --min-sep D      judge at the minimum separation D (a number >= 0, taken exactly as\n"
        "                   the double it parses to): the earliest t with distance <= D,\n"
        "                   every kind (rigid: between the moving and the still primitive).\n"
        "                   D = 0 (the default) is the contact judge, output unchanged\n"
        "  -h, --help       this text\n"
        "\n"
        "exit status: 0 success, 2 bad usage or bad input (the message names FILE:LINE)\n",
        f);
}

typedef struct truth_args {
    const char *input, *output;
    ccdb_kind kind;
    int stats, round_inputs;
    double min_sep;
} truth_args;

/* Returns -1 to go on, else the exit status (0 for --help, 2 after a usage error). */
static int parse_args(int argc, char **argv, truth_args *a)
{
    int kind_given = 0, only_files = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!only_files && s[0] == '-' && s[1] != '\0') {
            if (!strcmp(s, "--")) {
                only_files = 1;
            } else if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
                truth_usage(stdout);
                return 0;
            } else if (!strcmp(s, "--stats")) {
                a->stats = 1;
            } else if (!strcmp(s, "--round-inputs")) {
                a->round_inputs = 1;
            } else if (!strcmp(s, "--kind") || !strcmp(s, "-o") || !strcmp(s, "--output") ||
                       !strcmp(s, "--min-sep")) {
                if (i + 1 >= argc)
                    return ccdb_cli_bad_usage("truth", "%s needs a value", s);
                const char *v = argv[++i];
                if (!strcmp(s, "--min-sep")) {
                    if (ccdb_cli_parse_min_sep("truth", v, &a->min_sep) != 0)
                        return 2;
                } else if (!strcmp(s, "--kind")) {
                    if (ccdb_kind_parse(v, &a->kind))
                        return ccdb_cli_bad_usage(
                            "truth", "--kind must be " CCDB_KIND_NAMES ", not '%s'", v);
                    kind_given = 1;
                } else {
                    if (a->output)
                        return ccdb_cli_bad_usage("truth", "-o given twice");
                    if (!*v)
                        return ccdb_cli_bad_usage("truth", "-o needs a file name");
                    a->output = v;
                }
            } else {
                return ccdb_cli_bad_usage("truth", "unknown option '%s'", s);
            }
        } else if (a->input) {
            return ccdb_cli_bad_usage("truth", "one FILE.csv only ('%s' and '%s' given)", a->input,
                                      s);
        } else {
            a->input = s;
        }
    }
    if (!a->input)
        return ccdb_cli_bad_usage("truth", "missing FILE.csv");
    char err[4400];
    a->kind = ccdb_input_kind(a->input, kind_given ? a->kind : CCDB_KIND_UNKNOWN, err, sizeof err);
    if (a->kind == CCDB_KIND_UNKNOWN)
        return ccdb_cli_bad_usage("truth", "%s", err);
    return -1;
}

static int write_results(FILE *f, const ccdb_truth_result *r, size_t count)
{
    if (fputs("index,hit,toi_lo,toi_hi,class\n", f) < 0)
        return -1;
    for (size_t i = 0; i < count; i++) {
        const char *cls = ccdb_truth_class_name(r[i].cls);
        int n = r[i].hit ? fprintf(f, "%zu,1,%.17g,%.17g,%s\n", i, r[i].toi_lo, r[i].toi_hi, cls)
                         : fprintf(f, "%zu,0,,,%s\n", i, cls);
        if (n < 0)
            return -1;
    }
    return 0;
}

/* To OUT atomically (ccdb_atomic_file): nothing half-written, a previous OUT kept on failure. */
static int write_atomic(const char *path, const ccdb_truth_result *r, size_t count)
{
    char err[4200];
    ccdb_atomic_file af;
    if (ccdb_atomic_open(&af, path, err, sizeof err) == 0) {
        (void)write_results(af.f, r, count); /* a failed write is reported by commit */
        if (ccdb_atomic_commit(&af, err, sizeof err) == 0)
            return 0;
    }
    fprintf(stderr, "ccdbench truth: %s\n", err);
    return -1;
}

static void print_stats(const truth_args *a, const ccdb_dataset *ds, const ccdb_truth_result *r,
                        const ccdb_truth_stats *st, double seconds)
{
    size_t hits = 0;
    for (size_t i = 0; i < ds->count; i++)
        hits += r[i].hit != 0;
    unsigned long long decided = 0;
    for (int s = 0; s < CCDB_STAGE_COUNT; s++)
        decided += st->decided[s];
    fprintf(stderr, "ccdbench truth: %s (%s): %zu queries, %zu hits", a->input,
            ccdb_kind_name(ds->kind), ds->count, hits);
    if (a->min_sep > 0)
        fprintf(stderr, " within %.17g", a->min_sep);
    fputc('\n', stderr);
    for (int i = 0; i < CCDB_STAGE_COUNT; i++) {
        const ccdb_truth_stage s = ccdb_truth_stage_in_order(i);
        fprintf(stderr, "  decided by %-8s %10llu  (%5.1f%%)\n", ccdb_truth_stage_name(s),
                st->decided[s], decided ? 100.0 * (double)st->decided[s] / (double)decided : 0.0);
    }
    if (ds->count)
        fprintf(stderr,
                "  time: %.3f us/query = %.0f ns/query (mean over one timed loop of %zu queries, "
                "%.3f ms)\n",
                seconds * 1e6 / (double)ds->count, seconds * 1e9 / (double)ds->count, ds->count,
                seconds * 1e3);
}

int ccdb_cmd_truth(int argc, char **argv)
{
    truth_args a = { .kind = CCDB_KIND_UNKNOWN };
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;

    ccdb_csv_options opt = { .round_inputs = a.round_inputs, .columns = CCDB_CSV_COLUMNS_ANY };
    ccdb_dataset ds;
    ccdb_csv_error err;
    if (ccdb_csv_read(a.input, a.kind, &opt, &ds, &err)) {
        fprintf(stderr, "%s\n", err.message);
        return 2;
    }
    if (ds.rounded_values)
        fprintf(stderr,
                "ccdbench truth: %s: %zu values were not doubles and were rounded to "
                "nearest (--round-inputs)\n",
                a.input, ds.rounded_values);

    ccdb_truth_result *res = calloc(ds.count ? ds.count : 1, sizeof *res);
    ccdb_truth *ctx = ccdb_truth_new();
    if (!res || !ctx) {
        fprintf(stderr, "ccdbench truth: out of memory\n");
        free(res);
        if (ctx)
            ccdb_truth_free(ctx);
        ccdb_dataset_free(&ds);
        return 2;
    }
    uint64_t t0 = ccdb_now_ns();
    for (size_t i = 0; i < ds.count; i++)
        if (ccdb_truth_of(ctx, ds.kind, (const double(*)[3])ds.q[i], a.min_sep, &res[i]) != 0) {
            fprintf(stderr, "ccdbench truth: no exact judge for %s queries%s\n",
                    ccdb_kind_name(ds.kind), a.min_sep > 0 ? " at a minimum separation" : "");
            free(res);
            ccdb_truth_free(ctx);
            ccdb_dataset_free(&ds);
            return 2;
        }
    double seconds = 1e-9 * (double)(ccdb_now_ns() - t0);
    for (size_t i = 0; i < ds.count; i++)
        assert(!res[i].hit || res[i].toi_lo <= res[i].toi_hi); /* the judge's own contract */

    rc = 0;
    if (a.output) {
        if (write_atomic(a.output, res, ds.count))
            rc = 2;
    } else if (write_results(stdout, res, ds.count) || fflush(stdout) != 0) {
        fprintf(stderr, "ccdbench truth: cannot write to standard output: %s\n", strerror(errno));
        rc = 2;
    }
    if (a.stats)
        print_stats(&a, &ds, res, ccdb_truth_get_stats(ctx), seconds);
    ccdb_truth_free(ctx);
    free(res);
    ccdb_dataset_free(&ds);
    return rc;
}
