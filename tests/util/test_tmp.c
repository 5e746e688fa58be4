/* test_tmp.c — util/: the run's temporaries (names, removal by a stop signal, removal of dead
 * writers' leftovers), SIGXFSZ, the umask, and a report folder holding a stranger deep down. */
#define _GNU_SOURCE /* WCOREDUMP, setrlimit */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_test_fixtures.h"
#include "ccdb_test.h"
#include "ccdb_util.h"

static char dir[64];

static void make_dir(void)
{
    ccdb_test_mkdtemp(dir, sizeof dir, "tmp");
}

static void remove_dir(void)
{
    ccdb_test_rmtree(dir);
}

TestSuite(tmp, .init = make_dir, .fini = remove_dir);

/* Entries of path other than . and .. */
static int entries(const char *path)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", path);
    FILE *p = popen(cmd, "r");
    int n = -1;
    cr_assert_eq(fscanf(p, "%d", &n), 1);
    pclose(p);
    return n;
}

static mode_t mode_of(const char *path)
{
    struct stat st;
    cr_assert_eq(lstat(path, &st), 0, "%s", path);
    return st.st_mode & 07777;
}

/* A pid that is certainly dead: a child that exited and was reaped. */
static pid_t dead_pid(void)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0)
        _exit(0);
    cr_assert_eq(waitpid(pid, NULL, 0), pid);
    return pid;
}

static const char *const owned[] = { "a.txt", "sub/", "sub/*.txt", NULL };

Test(tmp, a_folder_with_a_stranger_at_any_depth_is_never_replaced)
{
    char dest[160], path[260], err[512] = "";
    snprintf(dest, sizeof dest, "%s/report", dir);
    snprintf(path, sizeof path, "%s/sub", dest);
    cr_assert_eq(ccdb_mkdir_p(path), 0);
    snprintf(path, sizeof path, "%s/a.txt", dest);
    ccdb_test_write_file(path, "a", 1);
    snprintf(path, sizeof path, "%s/sub/b.txt", dest);
    ccdb_test_write_file(path, "b", 1);
    snprintf(path, sizeof path, "%s/sub/notes.md", dest);
    ccdb_test_write_file(path, "mine", 4);
    snprintf(path, sizeof path, "%s/sub/zz.md", dest);
    ccdb_test_write_file(path, "mine too", 8);
    ccdb_atomic_dir ad;
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, "'sub/notes.md'"), "the first stranger in name order: %s", err);
    cr_assert_null(ad.tmp);
    cr_assert_eq(entries(dir), 1, "no temporary folder made");
    snprintf(path, sizeof path, "%s/sub/notes.md", dest);
    cr_assert_eq(unlink(path), 0);
    snprintf(path, sizeof path, "%s/sub/zz.md", dest);
    cr_assert_eq(unlink(path), 0);

    /* A link is never what a report writes, even under an owned name. */
    snprintf(path, sizeof path, "%s/sub/c.txt", dest);
    cr_assert_eq(symlink("/etc/passwd", path), 0);
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, "'sub/c.txt'"), "%s", err);
    cr_assert_eq(unlink(path), 0);

    /* A folder where a file is expected, and the reverse. */
    snprintf(path, sizeof path, "%s/sub/d.txt", dest);
    cr_assert_eq(mkdir(path, 0777), 0);
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, "'sub/d.txt'"), "%s", err);
    cr_assert_eq(rmdir(path), 0);

    /* Only what owned describes: replaced. */
    cr_assert_eq(ccdb_atomic_dir_open(&ad, dest, owned, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ccdb_atomic_dir_commit(&ad, err, sizeof err), 0, "%s", err);
    cr_assert_eq(entries(dest), 0);
}

Test(tmp, outputs_get_the_mode_the_umask_gives)
{
    char path[160], err[256] = "";
    static const mode_t masks[] = { 022, 027, 077, 0 };
    for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++) {
        mode_t old = umask(masks[i]);
        snprintf(path, sizeof path, "%s/file%zu", dir, i);
        cr_assert_eq(ccdb_write_file_atomic(path, "x", 1, err, sizeof err), 0, "%s", err);
        /* Replacing an existing file too. */
        cr_assert_eq(ccdb_write_file_atomic(path, "y", 1, err, sizeof err), 0, "%s", err);
        snprintf(path, sizeof path, "%s/folder%zu", dir, i);
        ccdb_atomic_dir ad;
        cr_assert_eq(ccdb_atomic_dir_open(&ad, path, owned, err, sizeof err), 0, "%s", err);
        cr_assert_eq(ccdb_atomic_dir_commit(&ad, err, sizeof err), 0, "%s", err);
        umask(old);
        cr_assert_eq(mode_of(path), 0777 & ~masks[i], "folder, umask %03o", (unsigned)masks[i]);
        snprintf(path, sizeof path, "%s/file%zu", dir, i);
        cr_assert_eq(mode_of(path), 0666 & ~masks[i], "file, umask %03o", (unsigned)masks[i]);
    }
}

Test(tmp, temporaries_of_dead_writers_on_this_host_are_removed)
{
    char tmpl[200], mine[200], path[300], name[200];
    /* This process's tag, from a template: PREFIX.tmp.PID-HOST.XXXXXX */
    cr_assert_eq(ccdb_tmp_template(tmpl, sizeof tmpl, "x"), 0);
    const char *host = strchr(tmpl + strlen("x.tmp."), '-') + 1;
    char hosthex[9];
    memcpy(hosthex, host, 8);
    hosthex[8] = '\0';
    pid_t dead = dead_pid();

    /* dead writer: file and folder (with contents) go; live writer, other host, other names and
     * a malformed tag stay. */
    snprintf(name, sizeof name, "%s/a.csv.tmp.%ld-%s.Ab12Cd", dir, (long)dead, hosthex);
    ccdb_test_write_file(name, "x", 1);
    snprintf(name, sizeof name, "%s/.report.tmp.%ld-%s.zzzzzz", dir, (long)dead, hosthex);
    cr_assert_eq(mkdir(name, 0777), 0);
    snprintf(path, sizeof path, "%s/summary.csv", name);
    ccdb_test_write_file(path, "x", 1);
    snprintf(mine, sizeof mine, "%s/b.csv.tmp.%ld-%s.Ab12Cd", dir, (long)getppid(), hosthex);
    ccdb_test_write_file(mine, "alive", 5);
    snprintf(name, sizeof name, "%s/c.csv.tmp.%ld-%s.Ab12Cd", dir, (long)dead,
             strcmp(hosthex, "00000000") ? "00000000" : "00000001");
    ccdb_test_write_file(name, "other host", 10);
    snprintf(name, sizeof name, "%s/d.csv.tmp.%ld.Ab12Cd", dir, (long)dead);
    ccdb_test_write_file(name, "old style", 9);
    snprintf(name, sizeof name, "%s/notes.txt", dir);
    ccdb_test_write_file(name, "mine", 4);

    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    cr_assert_geq(fd, 0);
    cr_assert_eq(ccdb_tmp_remove_stale(fd, ".report"), 1, "the prefix selects");
    cr_assert_eq(ccdb_tmp_remove_stale(fd, ""), 1);
    cr_assert_eq(ccdb_tmp_remove_stale(fd, ""), 0);
    close(fd);
    cr_assert_eq(entries(dir), 4);
    cr_assert_eq(access(mine, F_OK), 0, "a live writer's temporary stays");
}

/* In a child: ccdbench's signal setup, a report folder and a file being written (both
 * temporaries), then the signal. */
static void interrupted_writer(const char *where, int sig)
{
    ccdb_signals_install();
    char path[200], err[256];
    snprintf(path, sizeof path, "%s/report", where);
    ccdb_atomic_dir ad;
    if (ccdb_atomic_dir_open(&ad, path, owned, err, sizeof err) != 0)
        _exit(10);
    snprintf(path, sizeof path, "%s/a.txt", ad.tmp);
    if (ccdb_write_file_atomic(path, "a", 1, err, sizeof err) != 0)
        _exit(11);
    snprintf(path, sizeof path, "%s/file.csv", where);
    ccdb_atomic_file af;
    if (ccdb_atomic_open(&af, path, err, sizeof err) != 0)
        _exit(12);
    fputs("half", af.f);
    fflush(af.f);
    raise(sig);
    _exit(13); /* not reached: the signal ends the process */
}

Test(tmp, a_stop_signal_removes_the_temporaries_and_ends_with_the_signal)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        pid_t pid = fork();
        cr_assert_geq(pid, 0);
        if (pid == 0)
            interrupted_writer(dir, sigs[i]);
        int status;
        cr_assert_eq(waitpid(pid, &status, 0), pid);
        cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == sigs[i], "status %#x for %s", status,
                  strsignal(sigs[i]));
        cr_assert_eq(entries(dir), 0, "no temporary left after %s", strsignal(sigs[i]));
    }
}

Test(tmp, a_file_size_limit_is_a_write_error_not_a_silent_death)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        ccdb_signals_install(); /* what main does; the test itself ignores nothing */
        struct rlimit rl = { 4096, 4096 };
        char path[200], err[256] = "";
        static char big[65536];
        snprintf(path, sizeof path, "%s/big.bin", dir);
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            _exit(10);
        int rc = ccdb_write_file_atomic(path, big, sizeof big, err, sizeof err);
        _exit(rc == -1 && strstr(err, strerror(EFBIG)) && strstr(err, path) ? 0 : 11);
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %#x", status);
    cr_assert_eq(entries(dir), 0, "nothing left behind");
}
