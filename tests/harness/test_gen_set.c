/* test_gen_set.c — `ccdbench gen --set DIR`: the public folder layout in files of --per-file
 * queries, 30% vertex-face without --kind, the same bytes for the same seed, each file labelled
 * with the exact truth; and the simulation family's mix (mostly misses, some hits); the set
 * replaced whole, never over other files, never left half-written by SIGINT. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ccdb_dataset.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_util.h"
#include "prng.h"

#include "cli_fixture.h"

TestSuite(gen_set, .init = cli_setup, .fini = cli_teardown);

/* Reads DIR/simulation/<folder>/<NNNNNN>.csv; returns its query count (-1: absent) and adds its
 * hits (truth column). */
static long count_file(const char *set, const char *folder, int f, long *hits)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/simulation/%s/%06d.csv", cli_dir, set, folder, f);
    FILE *probe = fopen(path, "r");
    if (!probe)
        return -1;
    fclose(probe);
    ccdb_dataset ds;
    ccdb_csv_error err;
    cr_assert_eq(ccdb_csv_read(path, CCDB_KIND_VF, NULL, &ds, &err), 0, "%s", err.message);
    for (size_t i = 0; i < ds.count; i++)
        *hits += ds.label[i];
    long n = (long)ds.count;
    ccdb_dataset_free(&ds);
    return n;
}

Test(gen_set, layout_split_and_determinism)
{
    cr_assert_eq(cli_run("gen --family simulation --set a --count 5000 --per-file 1000"), 0);
    cr_assert_eq(cli_run("gen --family simulation --set b --count 5000 --per-file 1000"), 0);
    cr_assert_eq(cli_run("gen --family simulation --set c --count 5000 --per-file 1000 --seed 2"),
                 0);
    /* 1500 vertex-face in 1000 + 500, 3500 edge-edge in 1000 x 3 + 500. */
    long hits = 0;
    cr_assert_eq(count_file("a", "vertex-face", 0, &hits), 1000);
    cr_assert_eq(count_file("a", "vertex-face", 1, &hits), 500);
    cr_assert_eq(count_file("a", "vertex-face", 2, &hits), -1);
    for (int f = 0; f < 3; f++)
        cr_assert_eq(count_file("a", "edge-edge", f, &hits), 1000);
    cr_assert_eq(count_file("a", "edge-edge", 3, &hits), 500);
    cr_assert_eq(count_file("a", "edge-edge", 4, &hits), -1);
    /* Mostly misses, some hits (about 3% random-family hits + half of 3% degenerate cases). */
    cr_assert(hits > 5000 / 100 && hits < 5000 / 10, "%ld hits of 5000", hits);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "diff -r '%s/a' '%s/b' >/dev/null", cli_dir, cli_dir);
    cr_assert_eq(system(cmd), 0, "same seed, different bytes");
    snprintf(cmd, sizeof cmd, "diff -r '%s/a' '%s/c' >/dev/null", cli_dir, cli_dir);
    cr_assert_neq(system(cmd), 0, "another seed, the same bytes");
}

Test(gen_set, one_kind_and_bad_usage)
{
    cr_assert_eq(cli_run("gen --family simulation --set e --kind ee --count 10"), 0);
    long hits = 0;
    cr_assert_eq(count_file("e", "edge-edge", 0, &hits), 10);
    cr_assert_eq(count_file("e", "vertex-face", 0, &hits), -1);
    cr_assert_eq(cli_run("gen --family simulation --set x -o y.csv --kind vf"), 2);
    cr_assert_eq(cli_run("gen --family simulation --set x --per-file 0"), 2);
    cr_assert_eq(cli_run("gen --family parallel_edges --set x --kind vf"), 2);
    cr_assert_eq(cli_run("gen --family simulation --kind vf --count 10000001 -o y.csv"), 2,
                 "more than one file holds: --set");
}

/* DIR/<family> is replaced whole (a smaller set leaves none of the larger one's files), never
 * when it holds a file gen did not write. */
Test(gen_set, the_set_is_replaced_whole_and_never_over_other_files)
{
    long hits = 0;
    cr_assert_eq(cli_run("gen --family simulation --set a --kind vf --count 3000 --per-file 1000"),
                 0);
    cr_assert_eq(count_file("a", "vertex-face", 2, &hits), 1000);
    cr_assert_eq(cli_run("gen --family simulation --set a --kind vf --count 1000 --per-file 1000"),
                 0);
    cr_assert_eq(count_file("a", "vertex-face", 0, &hits), 1000);
    cr_assert_eq(count_file("a", "vertex-face", 1, &hits), -1, "a file of the old set is left");
    char notes[600];
    snprintf(notes, sizeof notes, "%s/a/simulation/vertex-face/notes.txt", cli_dir);
    ccdb_test_write_file(notes, "keep", 4);
    cr_assert_eq(cli_run("gen --family simulation --set a --kind vf --count 10"), 2);
    char *err = cli_captured("err.txt");
    cr_assert_not_null(strstr(err, "'vertex-face/notes.txt'"), "%s", err);
    free(err);
    cr_assert_eq(count_file("a", "vertex-face", 0, &hits), 1000, "the set is untouched");
    char *kept = ccdb_test_slurp(notes, NULL);
    cr_assert_str_eq(kept, "keep");
    free(kept);
}

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Issue 20, defect 5: SIGINT during gen --set leaves the previous set (or none), never a part of
 * one, and no temporary. Five seeded moments over about a run's length. */
/* Contents of every file under cli_dir/set, in name order, as a cksum line into out. */
static void set_digest(const char *set, char *out, size_t len)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cd '%s/%s' && find . -type f | LC_ALL=C sort | xargs cat | cksum",
             cli_dir, set);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    cr_assert_not_null(fgets(out, (int)len, p));
    pclose(p);
}

Test(gen_set, an_interrupted_set_leaves_the_previous_one_and_no_temporary)
{
#define GEN_ARGS "--family", "simulation", "--set", "s", "--count", "20000", "--per-file", "2000"
    /* The whole sets of seeds 7 and 8, for reference. */
    char whole[2][256], before[256], after[256], temps[1200];
    cr_assert_eq(cli_run("gen --family simulation --set r7 --count 20000 --per-file 2000 --seed 7"),
                 0);
    long long t0 = now_ns();
    cr_assert_eq(cli_run("gen --family simulation --set r8 --count 20000 --per-file 2000 --seed 8"),
                 0);
    long long length = now_ns() - t0;
    set_digest("r7", whole[1], sizeof whole[1]);
    set_digest("r8", whole[0], sizeof whole[0]);
    cr_assert_eq(cli_run("gen --family simulation --set s --count 20000 --per-file 2000"), 0);
    set_digest("s", before, sizeof before);
    uint64_t seed = 5;
    for (int k = 0; k < 5; k++) {
        long long delay = (long long)(ccdb_splitmix64(&seed) % (uint64_t)(length + 1));
        pid_t pid = fork();
        cr_assert_geq(pid, 0);
        if (pid == 0) {
            signal(SIGINT, SIG_DFL);
            if (chdir(cli_dir) != 0 || !freopen("/dev/null", "w", stderr))
                _exit(126);
            execl(CLI_BIN, "ccdbench", "gen", GEN_ARGS, "--seed", k % 2 ? "7" : "8", (char *)NULL);
            _exit(127);
        }
        struct timespec wait = { (time_t)(delay / 1000000000LL), (long)(delay % 1000000000LL) };
        nanosleep(&wait, NULL);
        kill(pid, SIGINT);
        int st;
        cr_assert_eq(waitpid(pid, &st, 0), pid);
        cr_assert(WIFSIGNALED(st) ? WTERMSIG(st) == SIGINT : WEXITSTATUS(st) == 0,
                  "moment %d: status %#x", k, st);
        set_digest("s", after, sizeof after);
        /* The previous set, or (finished, or put in place just before the signal) the whole
         * new one: never a mix. */
        cr_assert(!strcmp(after, before) || !strcmp(after, whole[k % 2]),
                  "moment %d (%lld ns): the set is part old, part new", k, delay);
        cr_assert(WIFSIGNALED(st) || !strcmp(after, whole[k % 2]), "moment %d", k);
        snprintf(before, sizeof before, "%s", after);
        snprintf(temps, sizeof temps, "ls -A '%s/s' | grep -c tmp", cli_dir);
        FILE *q = popen(temps, "r");
        int n = -1;
        cr_assert_eq(fscanf(q, "%d", &n), 1);
        pclose(q);
        cr_assert_eq(n, 0, "moment %d: a temporary is left in the set's folder", k);
    }
}
