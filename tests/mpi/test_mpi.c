/* test_mpi.c — `mpirun -n K ccdbench run` against the single-process run of the same command:
 * summary.csv identical but for the timing columns, findings files identical byte for byte, on
 * the built-in suite and on the public sample, with datasets split into chunks or whole, with
 * --isolate per rank. Built only when ccdbench has MPI (CCDB_HAVE_MPI). */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_test.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_util.h"

#define BIN    CCDB_BINARY_DIR "/cli/ccdbench"
#define MPIRUN "mpirun --oversubscribe --allow-run-as-root"

static char dir[256];

static void setup(void)
{
    ccdb_test_mkdtemp(dir, sizeof dir, "test-mpi");
}

static void teardown(void)
{
    ccdb_rmtree(dir);
}

/* A failed command's own output (the log is deleted with the test's folder), from byte `from`,
 * at most its last 6000 bytes, so that a failure in CI says why. */
static void print_log_from(const char *log, size_t from, const char *cmd)
{
    size_t len = 0;
    char *text = ccdb_test_slurp(log, &len);
    if (!text)
        return;
    if (from > len)
        from = len;
    if (len - from > 6000)
        from = len - 6000;
    fprintf(stderr, "---- output of: %s\n%s---- end of output\n", cmd, text + from);
    free(text);
}

/* Runs a shell command in dir with the truth cache in dir/cache; returns its exit status. */
static int sh(const char *fmt, ...)
{
    char cmd[8192], line[9000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    snprintf(line, sizeof line,
             "cd '%s' && export CCDB_CACHE_DIR='%s/cache' ASAN_OPTIONS=detect_leaks=0 && "
             "{ %s; } >>log.txt 2>&1",
             dir, dir, cmd);
    char log[512];
    snprintf(log, sizeof log, "%s/log.txt", dir);
    struct stat before;
    size_t from = stat(log, &before) == 0 ? (size_t)before.st_size : 0;
    int st = system(line);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        print_log_from(log, from, cmd);
    cr_assert(WIFEXITED(st), "%s: did not exit", cmd);
    return WEXITSTATUS(st);
}

static char *slurp(const char *path)
{
    char *text = ccdb_test_slurp(path, NULL);
    cr_assert_not_null(text, "%s: cannot read", path);
    return text;
}

/* Splits one CSV line (RFC 4180 quoting) into at most max fields, in place; returns the count. */
static int split(char *line, char **field, int max)
{
    int n = 0;
    char *w = line, *r = line;
    while (n < max) {
        field[n++] = w;
        int quoted = *r == '"';
        if (quoted)
            r++;
        for (;;) {
            if (quoted && *r == '"' && r[1] == '"') {
                *w++ = '"';
                r += 2;
            } else if (quoted && *r == '"') {
                quoted = 0;
                r++;
            } else if (!*r || (!quoted && *r == ',')) {
                break;
            } else {
                *w++ = *r++;
            }
        }
        int end = !*r;
        *w++ = '\0';
        if (end)
            return n;
        r++;
    }
    return n;
}

/* A timing column (docs/reports.md): its value depends on the machine, not on the answers. */
static int timing_column(const char *name)
{
    return !strncmp(name, "ns_", 3) || strstr(name, "_ns_") != NULL;
}

/* summary.csv without its timing columns, one line per row. */
static char *without_timing(const char *path)
{
    char *text = slurp(path), *out = malloc(strlen(text) + 1), *o = out;
    cr_assert_not_null(out);
    int skip[256] = { 0 }, first = 1;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *field[256];
        int n = split(line, field, 256);
        for (int i = 0; i < n; i++) {
            if (first)
                skip[i] = timing_column(field[i]);
            if (skip[i])
                continue;
            o += sprintf(o, "%s\x1f", field[i]);
        }
        *o++ = '\n';
        first = 0;
    }
    *o = '\0';
    cr_assert(!skip[0], "the first column is no timing column");
    free(text);
    return out;
}

static void expect_same_report(const char *a, const char *b)
{
    char pa[512], pb[512];
    snprintf(pa, sizeof pa, "%s/%s/summary.csv", dir, a);
    snprintf(pb, sizeof pb, "%s/%s/summary.csv", dir, b);
    char *x = without_timing(pa), *y = without_timing(pb);
    cr_assert(strchr(x, '\n') != strrchr(x, '\n'), "%s has rows", pa);
    cr_assert_str_eq(x, y, "%s and %s differ beyond timing", pa, pb);
    free(x);
    free(y);
    /* The findings files and the undecided queries: same names, same bytes (diff exits 0 only
     * then). */
    cr_assert_eq(sh("for f in misses bad-toi undecided; do if [ -e %s/$f ] || [ -e %s/$f ]; then "
                    "diff -r %s/$f %s/$f || exit 1; fi; done",
                    a, b, a, b),
                 0, "findings files of %s and %s differ", a, b);
}

TestSuite(mpi, .init = setup, .fini = teardown);

/* Fast solvers with misses and TOI findings (cubic), a conservative one, the judge itself. */
#define SOLVERS "--solvers cubic,discrete,exact,tight_inclusion --repeat 1"

Test(mpi, suite_1_2_4_ranks_match_one_process)
{
    cr_assert_eq(sh(BIN " run " SOLVERS " -o single"), 0);
    cr_assert_eq(sh(MPIRUN " -n 1 " BIN " run " SOLVERS " -o n1"), 0);
    /* Whole datasets, then chunks of 97 queries (every dataset split, unevenly). */
    cr_assert_eq(sh(MPIRUN " -n 2 " BIN " run " SOLVERS " -o n2"), 0);
    cr_assert_eq(sh(MPIRUN " -n 4 " BIN " run " SOLVERS " --chunk 97 -o n4"), 0);
    cr_assert_eq(sh("test -s single/misses/vertex-face/cubic.csv"), 0, "cubic misses nothing");
    expect_same_report("single", "n1");
    expect_same_report("single", "n2");
    expect_same_report("single", "n4");
    /* Rank 0 says how the run was made: ranks, busy time. */
    char *html = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/n4/index.html"));
    cr_assert(strstr(html, "4 rank(s)") && strstr(html, "up to 97 queries") &&
                  strstr(html, "imbalance"),
              "n4/index.html: no MPI lines");
    free(html);
    /* The suite's default units: chunks of 20 queries. */
    html = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/n2/index.html"));
    cr_assert(strstr(html, "up to 20 queries"), "n2: not the suite's default chunk");
    free(html);
}

Test(mpi, isolate_per_rank)
{
    cr_assert_eq(sh(BIN " run --solvers cubic,exact --repeat 1 --isolate -o single"), 0);
    cr_assert_eq(
        sh(MPIRUN " -n 2 " BIN " run --solvers cubic,exact --repeat 1 --isolate --chunk 150 -o n2"),
        0);
    expect_same_report("single", "n2");
}

/* A plugin that crashes on some queries only: the chunk that holds one crashes, and the
 * dataset's row says `crashed` with no counts, as when the whole dataset ran in one child. */
Test(mpi, a_crash_in_one_chunk_is_the_dataset_crashed)
{
#define CRASH \
    "--plugin " CCDB_BINARY_DIR "/plugins/testplugin_crash.so --solvers testplugin_crash,exact"
    cr_assert_eq(sh(BIN " run " CRASH " --repeat 1 -o single"), 0);
    cr_assert_eq(sh(MPIRUN " -n 2 " BIN " run " CRASH " --repeat 1 -o n2"), 0);
    expect_same_report("single", "n2");
    char *csv = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/n2/summary.csv"));
    cr_assert(strstr(csv, ",crashed,"), "the plugin crashed nowhere: the test tests nothing");
    free(csv);
#undef CRASH
}

Test(mpi, public_sample_2_and_4_ranks)
{
    const char *data = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    cr_assert_eq(sh(BIN " run " SOLVERS " --data '%s' -o single", data), 0);
    cr_assert_eq(sh(MPIRUN " -n 2 " BIN " run " SOLVERS " --data '%s' -o n2", data), 0);
    cr_assert_eq(sh(MPIRUN " -n 4 " BIN " run " SOLVERS " --data '%s' --chunk 1000 -o n4", data),
                 0);
    expect_same_report("single", "n2");
    expect_same_report("single", "n4");
}

Test(mpi, bad_input_fails_on_every_rank_and_writes_nothing)
{
    char path[512];
    cr_assert_eq(sh("mkdir -p d/vertex-face"), 0);
    snprintf(path, sizeof path, "%s/d/vertex-face/bad.csv", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("1,1,0,1\n", f);
    cr_assert_eq(fclose(f), 0);
    int rc = sh(MPIRUN " -n 2 " BIN " run --solvers exact --data d -o out");
    cr_assert_eq(rc, 2, "exit %d", rc);
    cr_assert_neq(sh("test -e out"), 0, "a report was written");
    cr_assert_eq(sh("ls -A >ls.txt; ! grep -q tmp ls.txt"), 0,
                 "a temporary report folder was left behind");
    snprintf(path, sizeof path, "%s/log.txt", dir);
    char *log = slurp(path);
    cr_assert(strstr(log, "bad.csv:1:"), "no FILE:LINE message: %s", log);
    free(log);
}

/* Field truth_min_sep (column 28; columns are appended after it) of the first summary.csv row
 * of `solver` (or of "solver,dataset": that solver's first row on that dataset; the names in
 * these tests hold no comma). */
static void truth_min_sep_of(const char *csv, const char *solver, char *out, size_t len)
{
    char key[512];
    snprintf(key, sizeof key, "\n%s,", solver);
    const char *row = strstr(csv, key);
    cr_assert_not_null(row, "no row of %s", solver);
    const char *end = strchr(row + 1, '\n'), *field = row + 1;
    cr_assert_not_null(end);
    for (int c = 0; c < 27; c++) {
        field = strchr(field, ',');
        cr_assert(field && field < end, "row of %s too short", solver);
        field++;
    }
    snprintf(out, len, "%.*s", (int)strcspn(field, ",\n"), field);
}

/* --min-sep D with solvers claiming minimum separation (discrete, tight_inclusion: judged by
 * the truth at D, which each rank computes per chunk) and others (cubic, exact: by the contact
 * truth): the same summary and findings as one process, on data built at separation D (hits
 * at exactly D, misses one ulp outside; discrete misses some of the sliding ones). */
#define SEP_SOLVERS "--solvers discrete,tight_inclusion,cubic,exact --repeat 1 --min-sep 1e-3"

Test(mpi, min_sep_1_2_4_ranks_match_one_process)
{
    cr_assert_eq(sh("mkdir -p d/vertex-face d/edge-edge && "
                    "for f in sep_approach sep_slide; do for k in vf ee; do "
                    "if [ $k = vf ]; then o=vertex-face; else o=edge-edge; fi; " BIN
                    " gen --family $f --kind $k --count 200 --min-sep 1e-3 -o d/$o/$f.csv "
                    "|| exit 1; done; done"),
                 0);
    cr_assert_eq(sh(BIN " run " SEP_SOLVERS " --data d -o single"), 0);
    cr_assert_eq(sh(MPIRUN " -n 1 " BIN " run " SEP_SOLVERS " --data d -o n1"), 0);
    /* Whole files: the entries of the single run, at 0 and at D (4 files x 2). */
    cr_assert_eq(sh("test $(ls cache/truth | wc -l) -eq 8"), 0, "not 8 truth cache entries");
    cr_assert_eq(sh(MPIRUN " -n 2 " BIN " run " SEP_SOLVERS " --data d --chunk 37 -o n2"), 0);
    /* Chunks of 37: 6 per file, each with its entry at 0 and its entry at D. */
    cr_assert_eq(sh("test $(ls cache/truth | wc -l) -eq $((8 + 4 * 6 * 2))"), 0,
                 "not one truth cache entry per chunk at 0 and at D");
    cr_assert_eq(sh(MPIRUN " -n 4 " BIN " run " SEP_SOLVERS " --data d --chunk 37 -o n4"), 0);
    /* A solver judged at D has false negatives there (written with the truth at D). */
    cr_assert_eq(sh("test -s single/misses/vertex-face/discrete.csv"), 0,
                 "discrete misses nothing at D: the test tests nothing");
    expect_same_report("single", "n1");
    expect_same_report("single", "n2");
    expect_same_report("single", "n4");
    char *csv = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/n4/summary.csv")), sep[64];
    truth_min_sep_of(csv, "discrete", sep, sizeof sep);
    cr_assert_str_eq(sep, "0.001");
    truth_min_sep_of(csv, "tight_inclusion", sep, sizeof sep);
    cr_assert_str_eq(sep, "0.001");
    truth_min_sep_of(csv, "cubic", sep, sizeof sep);
    cr_assert_str_eq(sep, "0");
    free(csv);
    char *html = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/n4/index.html"));
    cr_assert(strstr(html, "judged at min-sep 0.001"), "n4/index.html: no min-sep claim tag");
    /* The files' labels (made at D, gen records it) are compared with the truth at D, chunk by
     * chunk as in one process: no disagreement (issue 22). */
    cr_assert(strstr(html, "<td>0 queries whose published label"), "n4: labels disagree");
    free(html);
    html = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/single/index.html"));
    cr_assert(strstr(html, "<td>0 queries whose published label"), "single: labels disagree");
    free(html);
    /* The chunks' truths at D are cached under keys of their own: a second run reads them
     * (no new entry) and judges alike. */
    cr_assert_eq(sh(MPIRUN " -n 2 " BIN " run " SEP_SOLVERS " --data d --chunk 37 -o n2b"), 0);
    cr_assert_eq(sh("test $(ls cache/truth | wc -l) -eq $((8 + 4 * 6 * 2))"), 0,
                 "the second run added truth cache entries");
    expect_same_report("single", "n2b");
}

/* Labels made at D (gen --min-sep D records it) with no solver judged at D: each rank gets the
 * chunk's truth at D for the labels alone, as one process does (issue 22): no disagreement,
 * and the same report. */
Test(mpi, labels_at_their_separation_2_ranks)
{
    cr_assert_eq(sh("mkdir -p d/vertex-face && " BIN " gen --family sep_slide --kind vf --count 60 "
                    "--min-sep 1e-3 -o d/vertex-face/s.csv"),
                 0);
    cr_assert_eq(sh(BIN " run --solvers cubic,exact --repeat 1 --data d -o single"), 0);
    cr_assert_eq(sh(MPIRUN " -n 2 " BIN " run --solvers cubic,exact --repeat 1 --data d "
                           "--chunk 7 -o n2"),
                 0);
    expect_same_report("single", "n2");
    const char *names[] = { "/single/index.html", "/n2/index.html" };
    for (int i = 0; i < 2; i++) {
        char *html = slurp(strcat(strcpy((char[512]){ 0 }, dir), names[i]));
        cr_expect(strstr(html, "<td>0 queries whose published label"), "%s: labels disagree",
                  names[i]);
        cr_expect(strstr(html, "<td>1 dataset(s) labelled at a minimum separation"), "%s",
                  names[i]);
        free(html);
    }
}

/* --min-sep D on data mixing linear and rigid datasets: the ranks choose the truth of each unit
 * as one process does (the truth at D for the claimers of both kinds: rigid_conservative_advancement
 * on the rigid chunks too), with the same report. */
#define MIX_SOLVERS                                                                             \
    "--solvers tight_inclusion,rigid_conservative_advancement,rigid_interval,cubic --repeat 1 " \
    "--min-sep 1e-3"

Test(mpi, min_sep_rigid_mix_2_ranks_match_one_process)
{
    cr_assert_eq(sh("mkdir -p d/vertex-face d/rigid-vertex-face && " BIN
                    " gen --family sep_approach --kind vf --count 100 --min-sep 1e-3 "
                    "-o d/vertex-face/sep.csv && " BIN
                    " gen --family rigid_spin_through --kind rigid-vf --count 100 "
                    "-o d/rigid-vertex-face/spin.csv"),
                 0);
    cr_assert_eq(sh(BIN " run " MIX_SOLVERS " --data d -o single"), 0);
    /* Whole files: both at 0 and at D. */
    cr_assert_eq(sh("test $(ls cache/truth | wc -l) -eq 4"), 0, "not 4 truth cache entries");
    cr_assert_eq(sh(MPIRUN " -n 2 " BIN " run " MIX_SOLVERS " --data d --chunk 37 -o n2"), 0);
    /* Chunks of 37: 3 per file, at 0 and D for both. */
    cr_assert_eq(sh("test $(ls cache/truth | wc -l) -eq $((4 + 3 * 2 + 3 * 2))"), 0,
                 "not one truth cache entry per chunk at 0 and at D");
    expect_same_report("single", "n2");
    char *csv = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/n2/summary.csv")), sep[64];
    truth_min_sep_of(csv, "tight_inclusion,d/vertex-face/sep.csv", sep, sizeof sep);
    cr_assert_str_eq(sep, "0.001");
    truth_min_sep_of(csv, "tight_inclusion,d/rigid-vertex-face/spin.csv", sep, sizeof sep);
    cr_assert_str_eq(sep, "0");
    truth_min_sep_of(csv, "rigid_conservative_advancement,d/rigid-vertex-face/spin.csv", sep,
                     sizeof sep);
    cr_assert_str_eq(sep, "0.001");
    cr_assert(strstr(csv, "\nrigid_conservative_advancement,d/rigid-vertex-face/spin.csv,rigid-vf,"
                          "all,100,50,"),
              "the claimer did not run on the rigid file");
    free(csv);
    char *html = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/n2/index.html"));
    cr_assert(!strstr(html, "rigid datasets judged at min-sep 0"),
              "n2/index.html: an outdated note on the rigid datasets' truth");
    free(html);
}

Test(mpi, min_sep_public_sample_2_ranks)
{
    const char *data = ccdb_test_shared_path(CCDB_TEST_SAMPLE_QUERIES);
    cr_assert_eq(sh(BIN " run " SEP_SOLVERS " --data '%s' -o single", data), 0);
    cr_assert_eq(sh(MPIRUN " -n 2 " BIN " run " SEP_SOLVERS " --data '%s' --chunk 100 -o n2", data),
                 0);
    cr_assert_eq(sh("test -s single/misses/edge-edge/discrete.csv"), 0,
                 "discrete misses nothing at D on the sample: the test tests nothing");
    expect_same_report("single", "n2");
}

/* Issue 20: a rank stopped with SIGSTOP mid-unit (a test plugin stops the rank it runs for)
 * does not hang the job: rank 0's watchdog aborts it once the unit's solver has run for
 * --timeout + 5 s, naming the rank; nothing is written. The limits follow from the run's own
 * --timeout (3 s here, far above what an honest unit of 20 queries needs even on a loaded
 * machine): the test measures no time itself. */
Test(mpi, a_stopped_rank_aborts_the_job_naming_it)
{
#define STOP                                                                  \
    "--plugin " CCDB_BINARY_DIR "/plugins/testplugin_stop_rank.so --solvers " \
    "testplugin_stop_rank,exact --timeout 3 --repeat 1"
    int rc = sh("CCDB_TEST_STOP_RANK=1 " MPIRUN " -n 2 " BIN " run " STOP " -o out");
    cr_assert_neq(rc, 0, "the job ended well with a rank stopped");
    char path[512];
    snprintf(path, sizeof path, "%s/log.txt", dir);
    char *log = slurp(path);
    bool named = strstr(log, "rank 1 has not finished work unit") &&
                 strstr(log, "its solver has run for more than 8 s (--timeout + 5 s");
    if (!named)
        cr_log_error("the job's output:\n%s", log);
    free(log); /* before the assert: a failed one leaves the test without freeing */
    cr_assert(named, "no watchdog message (the job's output above)");
    cr_assert_neq(sh("test -e out"), 0, "a report was written");
    /* rank 0 stopped (its dispatcher with it): rank 1, waiting for a unit, names it */
    cr_assert_eq(sh("rm -f log.txt"), 0);
    rc = sh("CCDB_TEST_STOP_RANK=0 " MPIRUN " -n 2 " BIN " run " STOP " -o out");
    cr_assert_neq(rc, 0, "the job ended well with rank 0 stopped");
    log = slurp(path);
    named = strstr(log, "rank 1: waited") && strstr(log, "from rank 0 (stopped or hung?)");
    if (!named)
        cr_log_error("the job's output:\n%s", log);
    free(log);
    cr_assert(named, "no watchdog message (the job's output above)");
    cr_assert_neq(sh("test -e out"), 0, "a report was written");
#undef STOP
}

/* A sweep the judge cannot certify (the vertex grazes the triangle's plane 2^-81 deep, judged
 * under a 64-bit precision cap, CCDB_TRUTH_SWEEP_BITS: tests only; tests/cli's
 * sweep_undecided_counted_and_reported) in the middle of generated sweeps, split into chunks of
 * 7: the rank that holds it carries the class to rank 0, and the report (summary.csv's undecided
 * column, undecided/ with its query) is the single process's. */
Test(mpi, an_undecided_sweep_in_a_chunk_is_reported_as_in_one_process)
{
    cr_assert_eq(
        sh("mkdir -p d/sweep-vertex-face && " BIN " gen --family sweep_random --kind "
           "sweep-vf --count 40 --seed 3 -o a.csv && head -n 160 a.csv >d/sweep-vertex-face/"
           "g.csv && printf '%%s\\n' 0,1,-1,1,1099511627777,1099511627776,1 "
           "-4,1,-4,1,0,1,1 4,1,-4,1,0,1,1 0,1,4,1,0,1,1 0,1,0,1,1,1,1 1,1,0,1,0,1,1 "
           "0,1,0,1,0,1,1 0,1,3,1,0,1,1 >>d/sweep-vertex-face/g.csv && tail -n 160 a.csv "
           ">>d/sweep-vertex-face/g.csv"),
        0);
#define UNDECIDED     "CCDB_TRUTH_SWEEP_BITS=64 "
#define SWEEP_SOLVERS "--solvers exact,rigid_bisection --repeat 1 --no-cache --data d"
    cr_assert_eq(sh(UNDECIDED BIN " run " SWEEP_SOLVERS " -o single"), 0);
    cr_assert_eq(sh(UNDECIDED MPIRUN " -n 2 " BIN " run " SWEEP_SOLVERS " --chunk 7 -o n2"), 0);
    cr_assert_eq(sh("test -s single/undecided/sweep-vertex-face/*.csv"), 0,
                 "no undecided query: the test tests nothing");
    expect_same_report("single", "n2");
    char *csv = slurp(strcat(strcpy((char[512]){ 0 }, dir), "/n2/summary.csv"));
    cr_assert(strstr(csv, ",sweep-vf,all,41,"), "not 41 queries: %s", csv);
    cr_assert(strstr(csv, ",1\n"), "no row with 1 undecided: %s", csv);
    free(csv);
#undef UNDECIDED
#undef SWEEP_SOLVERS
}
