/* tsan_threads.c — every threaded path of ccdbench under ThreadSanitizer (`./run-tests --tsan`,
 * CI step tsan). Criterion aborts under TSan, so this is a plain program: it prints one line per
 * check and exits non-zero when one fails; TSan itself (halt_on_error=1 in TSAN_OPTIONS, set by
 * run-tests) ends the process, or the child running a command, at the first race.
 *
 * The threaded paths: the exact truth over threads (ccdb_truth_compute, _sep), `gen --set
 * --threads`, and `run --threads` (the runner's workers, start gate and barrier) with built-ins
 * and an in-process plugin, in-process and isolated in child processes with a timeout. Each
 * command runs in a forked child (its globals fresh, as in the binary); results over several
 * threads are checked against one thread's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_cli.h"
#include "ccdb_generators.h"
#include "ccdb_truth_cache.h"
#include "ccdb_util.h"

static int failures;

static void check(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok" : "FAILED", what);
    fflush(stdout);
    if (!ok)
        failures++;
}

/* Runs `ccdbench ARGS...` (argv[0] is the command) in a forked child; its exit status, or -1. */
static int command(int (*cmd)(int, char **), char **argv)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        ccdb_signals_install();
        int rc = cmd(argc, argv);
        fflush(NULL);
        exit(rc); /* exit, not _exit: TSan reports and sets the status at exit */
    }
    int status;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

/* The truth of a generated dataset over 1 and over 3 threads (at d, or contact at d = 0). */
static void truth_over_threads(const char *family, ccdb_kind kind, double d)
{
    ccdb_dataset ds = { 0 };
    char err[256], what[160];
    int gen = d > 0 ? ccdb_generate_sep(family, kind, 60, 7, d, &ds, NULL, err, sizeof err)
                    : ccdb_generate(family, kind, 60, 7, &ds, NULL, err, sizeof err);
    snprintf(what, sizeof what, "truth of %s/%s at d=%g over 3 threads = over 1", family,
             ccdb_kind_name(kind), d);
    if (gen != 0) {
        fprintf(stderr, "%s\n", err);
        check(0, what);
        return;
    }
    ccdb_truth_result *one = calloc(ds.count, sizeof *one),
                      *three = calloc(ds.count, sizeof *three);
    int ok = one && three && ccdb_truth_compute_sep(&ds, 1, d, one) == 0 &&
             ccdb_truth_compute_sep(&ds, 3, d, three) == 0;
    for (size_t i = 0; ok && i < ds.count; i++)
        ok = one[i].hit == three[i].hit && one[i].cls == three[i].cls &&
             one[i].flags == three[i].flags && one[i].toi_lo == three[i].toi_lo &&
             one[i].toi_hi == three[i].toi_hi;
    check(ok, what);
    free(one);
    free(three);
    ccdb_dataset_free(&ds);
}

/* summary.csv of a report folder with its timing columns (ns_*, query_ns_*) and the column
 * `isolated` emptied; NULL when unreadable. */
static char *summary_untimed(const char *dir)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    char line[8192];
    unsigned long long timed = 0; /* bit c: column c is a timing column */
    for (int row = 0; o && fgets(line, sizeof line, f); row++) {
        int col = 0;
        for (char *p = line, *end; p; p = end ? end + 1 : NULL, col++) {
            end = strpbrk(p, ",\n");
            size_t n = end ? (size_t)(end - p) : strlen(p);
            if (row == 0 && col < 64 &&
                (!strncmp(p, "ns_", 3) || !strncmp(p, "query_ns_", 9) ||
                 !strncmp(p, "isolated,", 9)))
                timed |= 1ull << col;
            if (row == 0 || col >= 64 || !(timed >> col & 1))
                fwrite(p, 1, n, o);
            fputc(end ? *end : '\n', o);
            if (end && *end == '\n')
                break;
        }
    }
    fclose(f);
    if (o)
        fclose(o);
    return out;
}

static void same_summary(const char *a, const char *b, const char *what)
{
    char *x = summary_untimed(a), *y = summary_untimed(b);
    check(x && y && strcmp(x, y) == 0 && strstr(x, "example_aabb,"), what);
    free(x);
    free(y);
}

int main(void)
{
    truth_over_threads("simulation", CCDB_KIND_VF, 0);
    truth_over_threads("multi_root", CCDB_KIND_EE, 0);
    truth_over_threads("rigid_random", CCDB_KIND_RIGID_VF, 0);
    truth_over_threads("sep_approach", CCDB_KIND_EE, 0x1p-10);

    char dir[] = "/tmp/ccdb-tsan-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    char data[1100], one[1100], two[1100], iso[1100], cache[1100];
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(one, sizeof one, "%s/one", dir);
    snprintf(two, sizeof two, "%s/two", dir);
    snprintf(iso, sizeof iso, "%s/isolated", dir);
    snprintf(cache, sizeof cache, "%s/cache", dir);
    setenv("CCDB_CACHE_DIR", cache, 1);
    const char *plugin = CCDB_BINARY_DIR "/plugins/example_aabb.so";

    char *gen[] = { "gen", "--family",   "simulation", "--set",     data, "--count",
                    "90",  "--per-file", "45",         "--threads", "2",  NULL };
    check(command(ccdb_cmd_gen, gen) == 0, "gen --set --threads 2");

    /* Truth computed over threads on the first run (empty cache), read from it afterwards. */
    char *solvers = "null,cubic,conservative_advancement,tight_inclusion,exact,example_aabb";
    char *run_two[] = { "run",       "--data",   data,           "--solvers",
                        solvers,     "--plugin", (char *)plugin, "--no-isolate",
                        "--threads", "2",        "--repeat",     "1",
                        "--min-sep", "1e-3",     "-o",           two,
                        NULL };
    check(command(ccdb_cmd_run, run_two) == 0, "run --threads 2, in-process plugin");
    char *run_one[] = { "run",       "--data",   data,           "--solvers",
                        solvers,     "--plugin", (char *)plugin, "--no-isolate",
                        "--threads", "1",        "--repeat",     "1",
                        "--min-sep", "1e-3",     "-o",           one,
                        NULL };
    check(command(ccdb_cmd_run, run_one) == 0, "run --threads 1");
    char *run_iso[] = {
        "run",       "--data",    data,  "--solvers", solvers, "--plugin", (char *)plugin,
        "--isolate", "--timeout", "600", "--threads", "2",     "--repeat", "1",
        "--min-sep", "1e-3",      "-o",  iso,         NULL
    };
    check(command(ccdb_cmd_run, run_iso) == 0, "run --threads 2 --isolate --timeout 600");
    same_summary(one, two, "summary.csv over 2 threads = over 1 (timing aside)");
    same_summary(one, iso, "summary.csv isolated = in-process (timing aside)");

    /* The rigid kinds on the built-in suite's rigid families, over threads. */
    char rigid[1100];
    snprintf(rigid, sizeof rigid, "%s/rigid", dir);
    char *run_rigid[] = { "run",
                          "--only-kind",
                          "rigid-vf,rigid-ee",
                          "--solvers",
                          "null,exact,rigid_linearized,rigid_interval,"
                          "rigid_conservative_advancement,rigid_bisection",
                          "--threads",
                          "2",
                          "--repeat",
                          "1",
                          "--no-cache",
                          "-o",
                          rigid,
                          NULL };
    check(command(ccdb_cmd_run, run_rigid) == 0, "run --threads 2 on the rigid suite");

    ccdb_rmtree(dir);
    printf("%s\n", failures ? "tsan_threads: FAILED" : "tsan_threads: all checks passed");
    return failures ? 1 : 0;
}
