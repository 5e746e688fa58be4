/* cmd_compare.c — `ccdbench compare A B`: two report folders of the same data, before (A) and
 * after (B). The verdict first (which solvers changed answers), then per solver its new and
 * gone false negatives, false positives, TOI findings and crashes (read from each report's
 * findings.csv, with the replay commands), and its time ratio B/A with the spread of the
 * repeats (summary.csv's ns_min..ns_max). A and B must hold the same datasets, kinds, query
 * counts and classes; else it says what differs (exit 2). docs/reports.md, "compare". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_cli.h"
#include "csv_table.h"
#include "options.h"

static void compare_usage(FILE *f)
{
    fputs("usage: ccdbench compare A B [--fail-on-new-fn] [--list N]\n"
          "\n"
          "Compares two report folders of `ccdbench run -o` over the same data: A before, B\n"
          "after (a solver changed, rebuilt, given other parameters). First the verdict (which\n"
          "solvers changed answers), then one line per solver present in both: false negatives\n"
          "and false positives that are new in B or gone from A, TOI findings (late, not finite,\n"
          "outside [0,1]) new and gone, crashing queries, and the time ratio B/A (query-weighted\n"
          "over the datasets both timed) with its spread from the repeats: [min B / max A,\n"
          "max B / min A]; 'within spread' when that range holds 1. Then the changed queries,\n"
          "each with its dataset, query index and the replay command (B's findings files for\n"
          "what is new, A's for what is gone), and where a solver's TOI maxima changed (how\n"
          "early and how late its TOIs were at most: summary.csv's toi_err_max, toi_late_max),\n"
          "both values. Reads A and B's summary.csv and findings.csv.\n"
          "A and B must hold the same datasets, kinds, query counts and classes: otherwise it\n"
          "says what differs and exits 2.\n"
          "\n",
          f);
    ccdb_cli_print_options(f, CCDB_CMD_COMPARE);
    fputs("\n"
          "exit status: 0 compared, 1 new false negatives with --fail-on-new-fn, 2 bad usage,\n"
          "             unreadable reports, or A and B not of the same data\n",
          f);
}

/* A report folder as compare reads it. */
typedef struct report_in {
    const char *dir;
    ccdb_csv_table sum, find;
    int s_solver, s_dataset, s_kind, s_class, s_queries, s_status, s_sep, s_fn, s_fp, s_toi;
    int s_ns, s_ns_min, s_ns_max, s_err, s_late;
    int f_cat, f_solver, f_kind, f_dataset, f_index, f_replay;
} report_in;

static int need_col(const ccdb_csv_table *t, const char *path, const char *name, int *col)
{
    if ((*col = ccdb_csv_table_col(t, name)) >= 0)
        return 0;
    fprintf(
        stderr,
        "ccdbench compare: %s:1: no column '%s' (a report of an older ccdbench? run it again)\n",
        path, name);
    return -1;
}

static int load_report(const char *dir, report_in *r)
{
    memset(r, 0, sizeof *r);
    r->dir = dir;
    char path[4200], err[4600];
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (ccdb_csv_table_read(path, &r->sum, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench compare: %s\n", err);
        return -1;
    }
    const struct {
        const char *name;
        int *col;
    } sc[] = { { "solver", &r->s_solver },
               { "dataset", &r->s_dataset },
               { "kind", &r->s_kind },
               { "class", &r->s_class },
               { "queries", &r->s_queries },
               { "status", &r->s_status },
               { "truth_min_sep", &r->s_sep },
               { "fn", &r->s_fn },
               { "fp", &r->s_fp },
               { "toi_violations", &r->s_toi },
               { "ns_median", &r->s_ns },
               { "ns_min", &r->s_ns_min },
               { "ns_max", &r->s_ns_max },
               { "toi_err_max", &r->s_err },
               { "toi_late_max", &r->s_late } };
    for (size_t i = 0; i < sizeof sc / sizeof *sc; i++)
        if (need_col(&r->sum, path, sc[i].name, sc[i].col) != 0)
            return -1;
    snprintf(path, sizeof path, "%s/findings.csv", dir);
    if (ccdb_csv_table_read(path, &r->find, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench compare: %s\n", err);
        return -1;
    }
    const struct {
        const char *name;
        int *col;
    } fc[] = {
        { "category", &r->f_cat },    { "solver", &r->f_solver }, { "kind", &r->f_kind },
        { "dataset", &r->f_dataset }, { "index", &r->f_index },   { "replay", &r->f_replay }
    };
    for (size_t i = 0; i < sizeof fc / sizeof *fc; i++)
        if (need_col(&r->find, path, fc[i].name, fc[i].col) != 0)
            return -1;
    return 0;
}

static const char *cell(const ccdb_csv_table *t, size_t row, int col)
{
    return ccdb_csv_table_cell(t, row, col);
}

/* ---- the same data: datasets x kinds with their query counts, and their classes */

typedef struct data_key {
    const char *dataset, *kind, *cls; /* cls NULL: the dataset's "all" row */
    long long queries;
} data_key;

static int cmp_str(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "");
}

static int cmp_data_key(const void *pa, const void *pb)
{
    const data_key *a = pa, *b = pb;
    int c = cmp_str(a->dataset, b->dataset);
    if (!c)
        c = cmp_str(a->kind, b->kind);
    if (!c)
        c = cmp_str(a->cls, b->cls);
    return c;
}

/* The report's datasets x kinds (every "all" row) and classes (class rows of runs that ended
 * ok, judged by the contact truth: the same for every solver), sorted, each once. NULL: memory. */
static data_key *data_keys(const report_in *r, size_t *n)
{
    data_key *k = malloc((r->sum.n_rows ? r->sum.n_rows : 1) * sizeof *k);
    if (!k)
        return NULL;
    size_t m = 0;
    for (size_t i = 1; i < r->sum.n_rows; i++) {
        const char *cls = cell(&r->sum, i, r->s_class);
        int all = !strcmp(cls, "all");
        if (!all && (strcmp(cell(&r->sum, i, r->s_status), "ok") ||
                     strcmp(cell(&r->sum, i, r->s_sep), "0")))
            continue;
        k[m++] = (data_key){ cell(&r->sum, i, r->s_dataset), cell(&r->sum, i, r->s_kind),
                             all ? NULL : cls, atoll(cell(&r->sum, i, r->s_queries)) };
    }
    qsort(k, m, sizeof *k, cmp_data_key);
    size_t u = 0;
    for (size_t i = 0; i < m; i++)
        if (!u || cmp_data_key(&k[u - 1], &k[i]))
            k[u++] = k[i];
    *n = u;
    return k;
}

/* 1 when keys[0..n) list the dataset x kind of k with classes (a class of k seen on one side
 * only differs then; where one side has no class rows for it, classes are not compared). */
static int has_classes(const data_key *keys, size_t n, const data_key *k)
{
    int dataset = 0, classes = 0;
    for (size_t x = 0; x < n; x++)
        if (!cmp_str(keys[x].dataset, k->dataset) && !cmp_str(keys[x].kind, k->kind)) {
            dataset |= !keys[x].cls;
            classes |= keys[x].cls != NULL;
        }
    return dataset && classes;
}

/* 0 when A and B hold the same data; else prints what differs (at most 10 lines) and returns
 * -1. Classes are compared where both reports have them for a dataset. */
static int same_data(const report_in *a, const report_in *b, long long *datasets,
                     long long *queries)
{
    size_t na, nb;
    data_key *ka = data_keys(a, &na), *kb = data_keys(b, &nb);
    int differs = 0;
    if (!ka || !kb) {
        fprintf(stderr, "ccdbench compare: out of memory\n");
        free(ka);
        free(kb);
        return -1;
    }
    *datasets = *queries = 0;
    size_t i = 0, j = 0;
    while (i < na || j < nb) {
        int c = i == na ? 1 : j == nb ? -1 : cmp_data_key(&ka[i], &kb[j]);
        const data_key *k = c <= 0 ? &ka[i] : &kb[j];
        char line[8400] = "";
        if (c == 0 && ka[i].queries != kb[j].queries)
            snprintf(line, sizeof line, "%lld queries in A, %lld in B", ka[i].queries,
                     kb[j].queries);
        else if (c != 0 && !k->cls)
            snprintf(line, sizeof line, "only in %s", c < 0 ? "A" : "B");
        else if (c != 0 && has_classes(c < 0 ? kb : ka, c < 0 ? nb : na, k))
            snprintf(line, sizeof line, "class %s: %lld queries in %s, none in %s", k->cls,
                     k->queries, c < 0 ? "A" : "B", c < 0 ? "B" : "A");
        const char *what = line[0] ? line : NULL;
        if (what) {
            if (differs < 10)
                fprintf(stderr, "ccdbench compare: not the same data: %s (%s)%s%s: %s\n",
                        k->dataset, k->kind, k->cls && c == 0 ? " class " : "",
                        k->cls && c == 0 ? k->cls : "", what);
            differs++;
        } else if (c == 0 && !k->cls) {
            (*datasets)++;
            *queries += k->queries;
        }
        if (c <= 0)
            i++;
        if (c >= 0)
            j++;
    }
    if (differs > 10)
        fprintf(stderr, "ccdbench compare: ... %d differences in all\n", differs);
    free(ka);
    free(kb);
    return differs ? -1 : 0;
}

/* ---- per solver: findings new and gone, times */

enum { CAT_MISS, CAT_FP, CAT_TOI, CAT_CRASH, N_CATS };
static const char *const cat_name[N_CATS] = { "miss", "false-positive", "bad-toi", "crash" };
static const char *const cat_title[N_CATS] = { "false negatives", "false positives", "TOI findings",
                                               "crashing queries" };

typedef struct finding_key {
    const char *solver, *kind, *dataset, *replay;
    int cat;
    long long index;
} finding_key;

static int cmp_finding(const void *pa, const void *pb)
{
    const finding_key *a = pa, *b = pb;
    int c = cmp_str(a->solver, b->solver);
    if (!c)
        c = (a->cat > b->cat) - (a->cat < b->cat);
    if (!c)
        c = cmp_str(a->dataset, b->dataset);
    if (!c)
        c = cmp_str(a->kind, b->kind);
    if (!c)
        c = (a->index > b->index) - (a->index < b->index);
    return c;
}

/* The report's findings (categories compare knows), sorted. NULL: memory. */
static finding_key *finding_keys(const report_in *r, size_t *n)
{
    finding_key *k = malloc((r->find.n_rows ? r->find.n_rows : 1) * sizeof *k);
    if (!k)
        return NULL;
    size_t m = 0;
    for (size_t i = 1; i < r->find.n_rows; i++) {
        int cat = -1;
        for (int c = 0; c < N_CATS; c++)
            if (!strcmp(cell(&r->find, i, r->f_cat), cat_name[c]))
                cat = c;
        if (cat < 0)
            continue;
        k[m++] = (finding_key){ cell(&r->find, i, r->f_solver),
                                cell(&r->find, i, r->f_kind),
                                cell(&r->find, i, r->f_dataset),
                                cell(&r->find, i, r->f_replay),
                                cat,
                                atoll(cell(&r->find, i, r->f_index)) };
    }
    qsort(k, m, sizeof *k, cmp_finding);
    *n = m;
    return k;
}

/* One solver's comparison. */
typedef struct solver_cmp {
    const char *name;
    int in_a, in_b;
    long long added[N_CATS], gone[N_CATS];
    double t_a, t_b, lo_a, hi_a, lo_b, hi_b; /* query-weighted sums over datasets timed in both */
    long long timed;                         /* datasets behind them */
    /* The TOI maxima over its datasets that ended ok (summary.csv): how early (toi_err_max) and
     * how late (toi_late_max) its TOIs were at most, per side; NaN: none. */
    double err[2], late[2];
} solver_cmp;

static solver_cmp *find_solver(solver_cmp *s, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(s[i].name, name))
            return &s[i];
    return NULL;
}

/* The solvers of B in order of appearance, then those only in A. */
static solver_cmp *solver_list(const report_in *a, const report_in *b, size_t *n)
{
    size_t cap = a->sum.n_rows + b->sum.n_rows + 1, m = 0;
    solver_cmp *s = calloc(cap, sizeof *s);
    if (!s)
        return NULL;
    const report_in *r[2] = { b, a };
    for (int side = 0; side < 2; side++)
        for (size_t i = 1; i < r[side]->sum.n_rows; i++) {
            const char *name = cell(&r[side]->sum, i, r[side]->s_solver);
            solver_cmp *x = find_solver(s, m, name);
            if (!x) {
                x = &s[m++];
                x->name = name;
                x->err[0] = x->err[1] = x->late[0] = x->late[1] = NAN;
            }
            if (side == 0)
                x->in_b = 1;
            else
                x->in_a = 1;
        }
    *n = m;
    return s;
}

/* Times of the "all" rows that ended ok on both sides, summed per solver. */
static void add_times(const report_in *a, const report_in *b, solver_cmp *s, size_t n)
{
    for (size_t i = 1; i < b->sum.n_rows; i++) {
        if (strcmp(cell(&b->sum, i, b->s_class), "all") ||
            strcmp(cell(&b->sum, i, b->s_status), "ok"))
            continue;
        const char *solver = cell(&b->sum, i, b->s_solver);
        for (size_t j = 1; j < a->sum.n_rows; j++) {
            if (strcmp(cell(&a->sum, j, a->s_class), "all") ||
                strcmp(cell(&a->sum, j, a->s_status), "ok") ||
                strcmp(cell(&a->sum, j, a->s_solver), solver) ||
                strcmp(cell(&a->sum, j, a->s_dataset), cell(&b->sum, i, b->s_dataset)) ||
                strcmp(cell(&a->sum, j, a->s_kind), cell(&b->sum, i, b->s_kind)))
                continue;
            double q = atof(cell(&b->sum, i, b->s_queries));
            double ta = atof(cell(&a->sum, j, a->s_ns)), tb = atof(cell(&b->sum, i, b->s_ns));
            double la = atof(cell(&a->sum, j, a->s_ns_min)),
                   ha = atof(cell(&a->sum, j, a->s_ns_max));
            double lb = atof(cell(&b->sum, i, b->s_ns_min)),
                   hb = atof(cell(&b->sum, i, b->s_ns_max));
            solver_cmp *x = find_solver(s, n, solver);
            if (!x || q <= 0 || !(ta > 0) || !(tb > 0))
                break;
            x->t_a += ta * q, x->t_b += tb * q;
            x->lo_a += la * q, x->hi_a += ha * q;
            x->lo_b += lb * q, x->hi_b += hb * q;
            x->timed++;
            break;
        }
    }
}

/* The larger of *m and the number in text (an empty cell: nothing). */
static void take_max(double *m, const char *text)
{
    if (!*text)
        return;
    double v = atof(text);
    if (isnan(*m) || v > *m)
        *m = v;
}

/* The TOI maxima of each solver on side `side` (0: A, 1: B). */
static void add_toi_maxima(const report_in *r, int side, solver_cmp *s, size_t n)
{
    for (size_t i = 1; i < r->sum.n_rows; i++) {
        if (strcmp(cell(&r->sum, i, r->s_class), "all") ||
            strcmp(cell(&r->sum, i, r->s_status), "ok"))
            continue;
        solver_cmp *x = find_solver(s, n, cell(&r->sum, i, r->s_solver));
        if (!x)
            continue;
        take_max(&x->err[side], cell(&r->sum, i, r->s_err));
        take_max(&x->late[side], cell(&r->sum, i, r->s_late));
    }
}

/* 1 when the TOI maxima differ between A and B (NaN = NaN: none on both sides). */
static int toi_maxima_changed(const solver_cmp *x)
{
    for (int k = 0; k < 2; k++) {
        const double *v = k ? x->late : x->err;
        if (isnan(v[0]) != isnan(v[1]) || (!isnan(v[0]) && v[0] != v[1]))
            return 1;
    }
    return 0;
}

/* "1.03 [0.97-1.10], within spread", or why there is no ratio. */
static void time_text(const solver_cmp *x, char *buf, size_t len)
{
    if (!x->timed) {
        snprintf(buf, len, "not timed in both");
        return;
    }
    double ratio = x->t_b / x->t_a, lo = x->lo_b / x->hi_a, hi = x->hi_b / x->lo_a;
    const char *where = lo <= 1.0 && 1.0 <= hi ? "within spread"
                        : lo == hi             ? "no spread (one repeat: run with --repeat R)"
                        : lo > 1.0             ? "slower beyond spread"
                                               : "faster beyond spread";
    snprintf(buf, len, "%.3f [%.3f-%.3f] %s", ratio, lo, hi, where);
}

static long long changes(const solver_cmp *x)
{
    long long c = 0;
    for (int k = 0; k < N_CATS; k++)
        c += x->added[k] + x->gone[k];
    return c;
}

/* Lists the changed queries of solver `name` in category cat (added: new in B; else gone from
 * A), at most `list` of them. */
static void list_changes(const finding_key *ka, size_t na, const finding_key *kb, size_t nb,
                         const char *name, int cat, int added, long long count, long list)
{
    if (!count || list <= 0)
        return;
    printf("  %s %s (%s): %lld\n", added ? "new" : "gone", cat_title[cat],
           added ? "replay from B" : "replay from A", count);
    const finding_key *mine = added ? kb : ka, *other = added ? ka : kb;
    size_t n_mine = added ? nb : na, n_other = added ? na : nb, j = 0;
    long shown = 0;
    for (size_t i = 0; i < n_mine && shown < list; i++) {
        if (strcmp(mine[i].solver, name) || mine[i].cat != cat)
            continue;
        while (j < n_other && cmp_finding(&other[j], &mine[i]) < 0)
            j++;
        if (j < n_other && !cmp_finding(&other[j], &mine[i]))
            continue;
        printf("    %s %s query %lld: %s\n", mine[i].dataset, mine[i].kind, mine[i].index,
               mine[i].replay);
        shown++;
    }
    if (count > shown)
        printf("    ... and %lld more (%s/findings.csv)\n", count - shown, added ? "B" : "A");
}

int ccdb_cmd_compare(int argc, char **argv)
{
    ccdb_cli_args o;
    int rc = ccdb_cli_command_line(CCDB_CMD_COMPARE, argc, argv, compare_usage, &o);
    if (rc >= 0)
        return rc;
    if (o.n_pos > 2)
        return ccdb_cli_bad_usage("compare", "too many report folders ('%s'): give two, A and B",
                                  o.pos[2]);
    const char *dirs[2] = { o.n_pos > 0 ? o.pos[0] : NULL, o.n_pos > 1 ? o.pos[1] : NULL };
    const int fail_on_new_fn = o.fail_on_new_fn;
    const long list = o.list_n;
    if (!dirs[1])
        return ccdb_cli_bad_usage("compare", "give two report folders, A (before) and B (after)");

    report_in a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    rc = 2;
    finding_key *ka = NULL, *kb = NULL;
    solver_cmp *s = NULL;
    size_t na = 0, nb = 0, n = 0;
    long long datasets, queries;
    if (load_report(dirs[0], &a) != 0 || load_report(dirs[1], &b) != 0)
        goto done;
    if (same_data(&a, &b, &datasets, &queries) != 0) {
        fprintf(stderr, "ccdbench compare: %s and %s are not reports of the same data\n", dirs[0],
                dirs[1]);
        goto done;
    }
    if (!(ka = finding_keys(&a, &na)) || !(kb = finding_keys(&b, &nb)) ||
        !(s = solver_list(&a, &b, &n))) {
        fprintf(stderr, "ccdbench compare: out of memory\n");
        goto done;
    }
    /* Merge the sorted findings: in B only = new, in A only = gone. */
    for (size_t i = 0, j = 0; i < na || j < nb;) {
        int c = i == na ? 1 : j == nb ? -1 : cmp_finding(&ka[i], &kb[j]);
        const finding_key *k = c < 0 ? &ka[i] : &kb[j];
        solver_cmp *x = find_solver(s, n, k->solver);
        if (x && c < 0)
            x->gone[k->cat]++;
        else if (x && c > 0)
            x->added[k->cat]++;
        i += c <= 0;
        j += c >= 0;
    }
    add_times(&a, &b, s, n);
    add_toi_maxima(&a, 0, s, n);
    add_toi_maxima(&b, 1, s, n);

    /* The verdict first. */
    size_t both = 0, changed = 0, new_fn = 0, toi_changed = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i].in_a && s[i].in_b) {
            both++;
            changed += changes(&s[i]) != 0;
            new_fn += s[i].added[CAT_MISS] != 0;
            toi_changed += toi_maxima_changed(&s[i]);
        }
    printf("compare A = %s, B = %s: the same data (%lld datasets x kinds, %lld queries)\n", dirs[0],
           dirs[1], datasets, queries);
    if (!changed)
        printf("verdict: no changed answers (%zu solvers in both)\n", both);
    else
        printf("verdict: %zu of %zu solvers changed answers; %zu with new false negatives\n",
               changed, both, new_fn);
    for (size_t i = 0; i < n; i++)
        if (s[i].in_a && s[i].in_b && s[i].added[CAT_MISS])
            printf("  NEW FALSE NEGATIVES: %s (+%lld)\n", s[i].name, s[i].added[CAT_MISS]);
    if (toi_changed)
        printf("TOI maxima changed for %zu solver%s (below)\n", toi_changed,
               toi_changed == 1 ? "" : "s");
    printf("\n%-30s %9s %9s %9s %9s  %s\n", "solver", "FN +/-", "FP +/-", "TOI +/-", "crash +/-",
           "time B/A [spread]");
    for (size_t i = 0; i < n; i++) {
        const solver_cmp *x = &s[i];
        if (!x->in_a || !x->in_b) {
            printf("%-30s only in %s: not compared\n", x->name, x->in_a ? "A" : "B");
            continue;
        }
        char cols[N_CATS][32], t[128];
        for (int k = 0; k < N_CATS; k++)
            snprintf(cols[k], sizeof cols[k], "+%lld/-%lld", x->added[k], x->gone[k]);
        time_text(x, t, sizeof t);
        printf("%-30s %9s %9s %9s %9s  %s\n", x->name, cols[CAT_MISS], cols[CAT_FP], cols[CAT_TOI],
               cols[CAT_CRASH], t);
    }
    for (size_t i = 0; i < n; i++) {
        const solver_cmp *x = &s[i];
        if (!x->in_a || !x->in_b || (!toi_maxima_changed(x) && (!changes(x) || list <= 0)))
            continue;
        printf("\n%s\n", x->name);
        if (toi_maxima_changed(x))
            printf("  TOI maxima: earliest by %.17g in A, %.17g in B; latest late TOI late by "
                   "%.17g in A, %.17g in B (nan: none)\n",
                   x->err[0], x->err[1], x->late[0], x->late[1]);
        for (int k = 0; k < N_CATS; k++) {
            list_changes(ka, na, kb, nb, x->name, k, 1, x->added[k], list);
            list_changes(ka, na, kb, nb, x->name, k, 0, x->gone[k], list);
        }
    }
    rc = fail_on_new_fn && new_fn ? 1 : 0;
done:
    free(ka);
    free(kb);
    free(s);
    ccdb_csv_table_free(&a.sum);
    ccdb_csv_table_free(&a.find);
    ccdb_csv_table_free(&b.sum);
    ccdb_csv_table_free(&b.find);
    return rc;
}
