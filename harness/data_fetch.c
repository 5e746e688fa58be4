/* data_fetch.c — `ccdbench data fetch NAME [--from REPO]` (ccdb_data.h): one dataset at its
 * pinned commit, fetched with git into a temporary folder beside its final place, checked to be
 * that commit (git verifies every object's hash as it receives it, and the commit's hash covers
 * the whole tree: the pinned commit is the checksum), then put in place in one step. A lock on
 * the dataset serialises fetches; under it, what an interrupted fetch left is removed first. */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* flock */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ccdb_data.h"
#include "ccdb_util.h"

/* Runs git with args (NULL-terminated, without "git"); its stderr is ours (git says what went
 * wrong, e.g. "Could not resolve host"), its stdout into out[0..outlen) when out is not NULL
 * (else /dev/null). Returns git's exit status, or -1 with err filled when it could not run. */
static int git(const char *const *args, char *out, size_t outlen, char *err, size_t errlen)
{
    const char *argv[16] = { "git" };
    size_t n = 1;
    for (; args[n - 1]; n++) {
        if (n + 1 >= sizeof argv / sizeof argv[0])
            return ccdb_errorf(err, errlen, "internal error: too many git arguments");
        argv[n] = args[n - 1];
    }
    argv[n] = NULL;
    int fd[2];
    if (pipe(fd) != 0)
        return ccdb_errorf(err, errlen, "cannot run git: %s", strerror(errno));
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(fd[0]);
        close(fd[1]);
        return ccdb_errorf(err, errlen, "cannot run git: %s", strerror(e));
    }
    if (pid == 0) {
        /* Never ask for a password (a mistyped URL must fail, not wait), and no repository of
         * the caller's environment. */
        setenv("GIT_TERMINAL_PROMPT", "0", 1);
        const char *unset[] = { "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE",
                                "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES" };
        for (size_t i = 0; i < sizeof unset / sizeof unset[0]; i++)
            unsetenv(unset[i]);
        close(fd[0]);
        int o = out ? fd[1] : open("/dev/null", O_WRONLY);
        if (o < 0 || dup2(o, 1) < 0)
            _exit(126);
        close(o);
        if (o != fd[1])
            close(fd[1]);
        execvp("git", (char *const *)argv);
        fprintf(stderr, "ccdbench: cannot run git: %s\n", strerror(errno));
        _exit(errno == ENOENT ? 127 : 126);
    }
    close(fd[1]);
    size_t used = 0;
    char sink[256];
    for (;;) {
        char *to = out && used + 1 < outlen ? out + used : sink;
        size_t room = out && used + 1 < outlen ? outlen - 1 - used : sizeof sink;
        ssize_t got = read(fd[0], to, room);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        if (to != sink)
            used += (size_t)got;
    }
    close(fd[0]);
    if (out && outlen)
        out[used] = '\0';
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return ccdb_errorf(err, errlen, "cannot wait for git: %s", strerror(errno));
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        return ccdb_errorf(err, errlen,
                           "git is not installed (Debian: apt-get install git): it fetches the "
                           "datasets");
    if (!WIFEXITED(status))
        return ccdb_errorf(err, errlen, "git was killed by signal %d", WTERMSIG(status));
    return WEXITSTATUS(status);
}

/* Removes what an interrupted fetch of `name` left in dir: ".NAME.tmp.*" folders (ccdb_atomic_dir
 * temporaries) and "NAME.old.*" (an old copy moved aside). Called under the dataset's lock. */
static void remove_leftovers(const char *dir, const char *name)
{
    char tmp[CCDB_DATA_NAME_MAX + 8], old[CCDB_DATA_NAME_MAX + 8];
    snprintf(tmp, sizeof tmp, ".%s.tmp.", name);
    snprintf(old, sizeof old, "%s.old.", name);
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *ent; (ent = readdir(d));) {
        if (strncmp(ent->d_name, tmp, strlen(tmp)) && strncmp(ent->d_name, old, strlen(old)))
            continue;
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        (void)ccdb_rmtree(path);
    }
    closedir(d);
}

/* The names in an earlier fetch's folder (it may be replaced: they are all ours), or NULL for an
 * absent folder (*names stays NULL). -1 with err filled when dest is something else. */
static int earlier_fetch(const ccdb_data_entry *e, const char *dest, char ***names, char *err,
                         size_t errlen)
{
    *names = NULL;
    char marker[4400], line[256], name[CCDB_DATA_NAME_MAX];
    snprintf(marker, sizeof marker, "%s/" CCDB_DATA_MARKER, dest);
    struct stat st;
    if (lstat(dest, &st) != 0 && errno == ENOENT)
        return 0;
    FILE *f = fopen(marker, "r");
    int ours = f && fgets(line, sizeof line, f) && sscanf(line, "%63s", name) == 1 &&
               !strcmp(name, e->name);
    if (f)
        fclose(f);
    if (!ours)
        return ccdb_errorf(err, errlen,
                           "%s: exists and is not a dataset ccdbench fetched: move it away first",
                           dest);
    DIR *d = opendir(dest);
    if (!d)
        return ccdb_errorf(err, errlen, "%s: %s", dest, strerror(errno));
    size_t n = 0;
    int rc = 0;
    for (struct dirent *ent; (ent = readdir(d)) && !rc;) {
        char **grown = realloc(*names, (n + 2) * sizeof *grown);
        if (!grown || !(grown[n] = strdup(ent->d_name))) {
            if (grown)
                *names = grown;
            rc = ccdb_errorf(err, errlen, "out of memory");
            break;
        }
        *names = grown;
        grown[++n] = NULL;
    }
    closedir(d);
    return rc;
}

static void free_names(char **names)
{
    for (size_t i = 0; names && names[i]; i++)
        free(names[i]);
    free(names);
}

/* git init, fetch the one commit, check it out, check HEAD, drop .git, leave the marker. */
static int fetch_into(const ccdb_data_entry *e, const char *from, const char *tmp, char *err,
                      size_t errlen)
{
    char head[128];
    const char *init[] = { "-c", "init.defaultBranch=main", "init", "-q", tmp, NULL };
    const char *fetch[] = { "-C", tmp,         "fetch", "-q",      "--depth",
                            "1",  "--no-tags", from,    e->commit, NULL };
    const char *checkout[] = { "-C",       tmp,  "-c",       "advice.detachedHead=false",
                               "checkout", "-q", "--detach", e->commit,
                               NULL };
    const char *rev[] = { "-C", tmp, "rev-parse", "--verify", "HEAD^{commit}", NULL };
    int rc = git(init, NULL, 0, err, errlen);
    if (rc > 0)
        return ccdb_errorf(err, errlen, "git init %s failed (status %d)", tmp, rc);
    if (rc == 0 && (rc = git(fetch, NULL, 0, err, errlen)) > 0)
        return ccdb_errorf(err, errlen,
                           "cannot fetch commit %s of '%s' from %s (git fetch: status %d, its "
                           "message above): no network, or that repository does not hold the "
                           "pinned commit",
                           e->commit, e->name, from, rc);
    if (rc == 0 && (rc = git(checkout, NULL, 0, err, errlen)) > 0)
        return ccdb_errorf(err, errlen, "cannot check out commit %s of '%s' (git: status %d)",
                           e->commit, e->name, rc);
    if (rc == 0 && (rc = git(rev, head, sizeof head, err, errlen)) > 0)
        return ccdb_errorf(err, errlen, "git rev-parse HEAD failed in %s (status %d)", tmp, rc);
    if (rc < 0)
        return -1;
    head[strcspn(head, "\r\n")] = '\0';
    if (strcmp(head, e->commit))
        return ccdb_errorf(err, errlen, "'%s' from %s: got commit %s, not the pinned %s", e->name,
                           from, head, e->commit);
    char path[4400], text[CCDB_DATA_NAME_MAX + 48];
    snprintf(path, sizeof path, "%s/.git", tmp);
    if (ccdb_rmtree(path) != 0)
        return ccdb_errorf(err, errlen, "%s: cannot remove: %s", path, strerror(errno));
    snprintf(path, sizeof path, "%s/" CCDB_DATA_MARKER, tmp);
    int n = snprintf(text, sizeof text, "%s %s\n", e->name, e->commit);
    return ccdb_write_file_atomic(path, text, (size_t)n, err, errlen);
}

int ccdb_data_fetch(const ccdb_data_entry *e, const char *from, int *already, char *dest,
                    size_t destlen, char *err, size_t errlen)
{
    char dir[4096], lock[4200];
    *already = 0;
    if (ccdb_data_dir(dir, sizeof dir, err, errlen) != 0)
        return -1;
    if ((size_t)snprintf(dest, destlen, "%s/%s", dir, e->name) >= destlen)
        return ccdb_errorf(err, errlen, "the data folder's path is too long");
    if (ccdb_mkdir_p(dir) != 0)
        return ccdb_errorf(err, errlen, "%s: cannot create: %s", dir, strerror(errno));
    snprintf(lock, sizeof lock, "%s/.%s.lock", dir, e->name);
    int lfd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lfd < 0)
        return ccdb_errorf(err, errlen, "%s: cannot create: %s", lock, strerror(errno));
    if (flock(lfd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "ccdbench: waiting for another fetch of '%s' to end\n", e->name);
        while (flock(lfd, LOCK_EX) != 0)
            if (errno != EINTR) {
                int e2 = errno;
                close(lfd);
                return ccdb_errorf(err, errlen, "%s: cannot lock: %s", lock, strerror(e2));
            }
    }
    remove_leftovers(dir, e->name);
    char why[16];
    int rc = 0;
    char **names = NULL;
    if (ccdb_data_is_fetched(e, dest, why, sizeof why)) {
        *already = 1;
    } else if ((rc = earlier_fetch(e, dest, &names, err, errlen)) == 0) {
        /* An earlier fetch (its marker checked): every entry is ours, at every depth. */
        static const char *const anything[] = {
            "*",           "*/",           "*/*",           "*/*/",           "*/*/*",
            "*/*/*/",      "*/*/*/*",      "*/*/*/*/",      "*/*/*/*/*",      "*/*/*/*/*/",
            "*/*/*/*/*/*", "*/*/*/*/*/*/", "*/*/*/*/*/*/*", "*/*/*/*/*/*/*/", NULL
        };
        ccdb_atomic_dir ad;
        rc = ccdb_atomic_dir_open(&ad, dest, names ? anything : NULL, err, errlen);
        if (rc == 0 && (rc = fetch_into(e, from ? from : e->url, ad.tmp, err, errlen)) != 0)
            ccdb_atomic_dir_abort(&ad);
        else if (rc == 0)
            rc = ccdb_atomic_dir_commit(&ad, err, errlen);
    }
    free_names(names);
    close(lfd); /* releases the lock */
    return rc;
}
