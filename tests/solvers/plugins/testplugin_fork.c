/* testplugin_fork.c — test plugin: in its first call it forks a child that sleeps for 60 s
 * (holding every file descriptor it inherited, the result pipe of an isolated run included),
 * writes the child's pid to the file named by $CCDB_TEST_FORK_PIDFILE (when set), and then
 * answers MISS to every query. The harness must use the answers that arrived (not wait for
 * the child to close the pipe) and kill the child with the solver's process group. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "testplugin.h"

static int forked;

static void fork_once(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state;
    (void)q;
    (void)p;
    if (!__atomic_exchange_n(&forked, 1, __ATOMIC_SEQ_CST)) {
        pid_t pid = fork();
        if (pid == 0) {
            sleep(60);
            _exit(0);
        }
        const char *file = getenv("CCDB_TEST_FORK_PIDFILE");
        FILE *f = file && pid > 0 ? fopen(file, "w") : NULL;
        if (f) {
            fprintf(f, "%ld\n", (long)pid);
            fclose(f);
        }
    }
    testplugin_answer(out, CCDB_MISS, 0.0, 1);
}

TESTPLUGIN_ENTRY("testplugin_fork", "test plugin: forks a long-lived child, then answers miss", 0,
                 fork_once, fork_once)
