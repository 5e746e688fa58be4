/* test_cache_owner.c — the truth cache belongs to its user: a link put back at an entry's name
 * at the moment of writing is replaced, never written through; an entry of another user is
 * never read; a cache folder another user owns or can write into is not used, and a run says so.
 * (docs/harness.md, "Guarantees".) */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_test.h"
#include "ccdb_test_fixtures.h"
#include "ccdb_truth_cache.h"
#include "cli_fixture.h"
#include "fake.h"

enum { N = 5 };
static char dir[256], cache[300], victim[300];
static const unsigned char key[32] = { 0xca, 0xfe };

static void make_dir(void)
{
    ccdb_test_mkdtemp(dir, sizeof dir, "cache-owner");
    snprintf(cache, sizeof cache, "%s/cache", dir);
    snprintf(victim, sizeof victim, "%s/victim", dir);
    ccdb_test_write_file(victim, "secret", 6);
    cr_assert_eq(chmod(victim, 0600), 0);
    ccdb_truth_cache_test_uid = -1;
    ccdb_truth_cache_test_before_write = NULL;
}

static void remove_dir(void)
{
    ccdb_truth_cache_test_uid = -1;
    ccdb_truth_cache_test_before_write = NULL;
    ccdb_test_rmtree(dir);
}

TestSuite(cache_owner, .init = make_dir, .fini = remove_dir);

static void sample(ccdb_truth_result *t)
{
    for (size_t i = 0; i < N; i++)
        t[i] = fake_truth(i % 2 == 0, 0.5, 0.5, CCDB_CLASS_GENERIC);
}

static int load(char *why, size_t whylen)
{
    ccdb_truth_result out[N];
    return ccdb_truth_cache_load(cache, key, N, out, why, whylen);
}

static int store(char *why, size_t whylen)
{
    ccdb_truth_result in[N];
    sample(in);
    return ccdb_truth_cache_store(cache, key, N, in, why, whylen);
}

static void expect_victim_intact(void)
{
    size_t len = 0;
    char *text = ccdb_test_slurp(victim, &len);
    cr_assert_not_null(text);
    cr_assert(len == 6 && !memcmp(text, "secret", 6), "the victim file was written through");
    free(text);
    struct stat st;
    cr_assert_eq(stat(victim, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600, "the victim's mode changed to %03o",
                 (unsigned)(st.st_mode & 0777));
}

/* The attack of issue 20, defect 1: whatever is at the entry's name (a damaged entry) is
 * replaced by a link to another file just when the new entry is being written. */
static void plant_link(const char *entry)
{
    (void)unlink(entry);
    cr_assert_eq(symlink(victim, entry), 0, "%s", strerror(errno));
}

Test(cache_owner, a_link_put_back_at_the_moment_of_writing_is_replaced_not_followed)
{
    char why[4400], entry[4200];
    cr_assert_eq(store(why, sizeof why), 0, "%s", why);
    ccdb_truth_cache_path(cache, key, entry, sizeof entry);
    ccdb_test_write_file(entry, "damaged", 7); /* to be rebuilt */
    ccdb_truth_cache_test_before_write = plant_link;
    cr_assert_eq(store(why, sizeof why), 0, "%s", why);
    ccdb_truth_cache_test_before_write = NULL;
    expect_victim_intact();
    struct stat st;
    cr_assert_eq(lstat(entry, &st), 0);
    cr_assert(S_ISREG(st.st_mode), "the entry is a regular file again");
    cr_assert_eq(st.st_mode & 0777, 0600, "entries are private: %03o", st.st_mode & 0777);
    cr_assert_eq(load(why, sizeof why), 1, "%s", why);

    /* A link found at the name is never followed when reading either. */
    plant_link(entry);
    cr_assert_eq(load(why, sizeof why), -1);
    cr_assert_not_null(strstr(why, "symbolic link"), "%s", why);
    cr_assert_eq(store(why, sizeof why), 0, "%s", why);
    expect_victim_intact();
    cr_assert_eq(load(why, sizeof why), 1, "%s", why);
}

/* Runs as any user: the cache is told that entries must belong to another user id, so the
 * entries this process wrote are foreign to it. */
Test(cache_owner, an_entry_of_another_user_is_never_read)
{
    char why[4400];
    cr_assert_eq(store(why, sizeof why), 0, "%s", why);
    ccdb_truth_cache_test_uid = (long)geteuid() + 1;
    cr_assert_eq(load(why, sizeof why), -1, "a foreign entry is read");
    cr_assert_not_null(strstr(why, "owned by another user"), "%s", why);
    ccdb_truth_cache_test_uid = -1;
    cr_assert_eq(load(why, sizeof why), 1, "%s", why);
}

/* The same with a real other user (nobody, 65534): an entry planted in the cache folder. */
Test(cache_owner, an_entry_planted_by_nobody_is_never_read)
{
    ccdb_test_require_root("giving a cache entry to another user (chown 65534)");
    char why[4400], entry[4200];
    cr_assert_eq(store(why, sizeof why), 0, "%s", why);
    ccdb_truth_cache_path(cache, key, entry, sizeof entry);
    cr_assert_eq(chown(entry, 65534, 65534), 0, "%s", strerror(errno));
    cr_assert_eq(load(why, sizeof why), -1, "an entry of nobody's is read");
    cr_assert_not_null(strstr(why, "owned by another user"), "%s", why);
    cr_assert_eq(store(why, sizeof why), 0, "%s", why); /* rebuilt: the user's own again */
    cr_assert_eq(load(why, sizeof why), 1, "%s", why);
}

/* A folder (the cache's or its truth/) that group or others can write into: not used at all. */
Test(cache_owner, a_cache_folder_others_can_write_into_is_not_used)
{
    char why[4400], sub[320], entry[4200];
    cr_assert_eq(ccdb_truth_cache_prepare(cache, why, sizeof why), 0, "%s", why);
    struct stat st;
    cr_assert_eq(stat(cache, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0700, "created private: %03o", st.st_mode & 0777);
    cr_assert_eq(store(why, sizeof why), 0, "%s", why);
    snprintf(sub, sizeof sub, "%s/truth", cache);
    static const mode_t modes[] = { 0777, 0770, 0702 };
    for (size_t f = 0; f < 2; f++)
        for (size_t m = 0; m < 3; m++) {
            const char *folder = f ? sub : cache;
            cr_assert_eq(chmod(folder, modes[m]), 0);
            cr_assert_eq(ccdb_truth_cache_prepare(cache, why, sizeof why), -1);
            cr_assert_not_null(strstr(why, "others can write"), "%s", why);
            cr_assert_not_null(strstr(why, folder), "%s", why);
            cr_assert_eq(load(why, sizeof why), -1, "an entry is read from %s at %03o", folder,
                         (unsigned)modes[m]);
            ccdb_truth_cache_path(cache, key, entry, sizeof entry);
            cr_assert_eq(unlink(entry), 0);
            cr_assert_eq(store(why, sizeof why), -1, "an entry is written into %s", folder);
            cr_assert_neq(access(entry, F_OK), 0);
            cr_assert_eq(chmod(folder, 0700), 0);
            cr_assert_eq(store(why, sizeof why), 0, "%s", why);
        }
}

Test(cache_owner, a_cache_folder_of_another_user_is_not_used)
{
    ccdb_test_require_root("giving the cache folder to another user (chown 65534)");
    char why[4400];
    cr_assert_eq(ccdb_truth_cache_prepare(cache, why, sizeof why), 0, "%s", why);
    cr_assert_eq(store(why, sizeof why), 0, "%s", why);
    cr_assert_eq(chown(cache, 65534, 65534), 0);
    cr_assert_eq(ccdb_truth_cache_prepare(cache, why, sizeof why), -1);
    cr_assert_not_null(strstr(why, "owned by user 65534"), "%s", why);
    cr_assert_eq(load(why, sizeof why), -1);
    cr_assert_eq(store(why, sizeof why), -1);
}

/* The location when CCDB_CACHE_DIR is not set: the user's XDG cache folder. */
Test(cache_owner, the_default_location_is_the_users_cache_folder)
{
    char want[600];
    setenv("HOME", dir, 1);
    unsetenv("CCDB_CACHE_DIR");
    setenv("XDG_CACHE_HOME", cache, 1);
    snprintf(want, sizeof want, "%s/ccdbench", cache);
    cr_assert_str_eq(ccdb_truth_cache_dir(), want);
    setenv("XDG_CACHE_HOME", "relative/ignored", 1);
    snprintf(want, sizeof want, "%s/.cache/ccdbench", dir);
    cr_assert_str_eq(ccdb_truth_cache_dir(), want);
    unsetenv("XDG_CACHE_HOME");
    cr_assert_str_eq(ccdb_truth_cache_dir(), want);
    setenv("CCDB_CACHE_DIR", cache, 1);
    cr_assert_str_eq(ccdb_truth_cache_dir(), cache);
    unsetenv("CCDB_CACHE_DIR");
    unsetenv("HOME");
    cr_assert_null(ccdb_truth_cache_dir());
}

/* ---- the same seen from the command line ---------------------------------------------------- */

TestSuite(cache_owner_cli, .init = cli_setup, .fini = cli_teardown);

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p++)
        n++;
    return n;
}

#define RUN "run --solvers discrete --repeat 1 --data '%s' -o rep"

Test(cache_owner_cli, a_cache_others_can_write_into_is_not_used_and_the_run_says_so)
{
    char path[600];
    cr_assert_eq(cli_run(RUN, cli_data), 0);
    snprintf(path, sizeof path, "%s/cache", cli_dir);
    cr_assert_eq(chmod(path, 0777), 0);
    cr_assert_eq(cli_run(RUN, cli_data), 0, "the run goes on without the cache");
    char *err = cli_captured("err.txt");
    cr_assert_eq(count(err, "warning: the truth cache is not used"), 1, "%s", err);
    cr_assert_not_null(strstr(err, "others can write into it (mode 777"), "%s", err);
    free(err);
    char *html = cli_captured("rep/index.html");
    cr_assert_not_null(strstr(html, "off (not usable) (0 of 1 datasets from the cache)"),
                       "the report does not say the cache was off");
    free(html);
    cr_assert_eq(chmod(path, 0700), 0);
    cr_assert_eq(cli_run(RUN, cli_data), 0);
    html = cli_captured("rep/index.html");
    cr_assert_not_null(strstr(html, "(1 of 1 datasets from the cache)"), "the entry is used again");
    free(html);
}

Test(cache_owner_cli, entries_planted_by_another_user_are_never_read)
{
    ccdb_test_require_root("giving cache entries to another user (chown 65534)");
    char cmd[1200];
    cr_assert_eq(cli_run(RUN, cli_data), 0);
    snprintf(cmd, sizeof cmd, "chown 65534:65534 '%s'/cache/truth/*.bin", cli_dir);
    cr_assert_eq(system(cmd), 0);
    cr_assert_eq(cli_run(RUN, cli_data), 0);
    char *err = cli_captured("err.txt");
    cr_assert_not_null(strstr(err, "owned by another user: ignored"), "%s", err);
    free(err);
    char *html = cli_captured("rep/index.html");
    cr_assert_not_null(strstr(html, "(0 of 1 datasets from the cache)"), "a planted entry is read");
    free(html);
}
