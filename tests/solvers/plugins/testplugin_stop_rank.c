/* testplugin_stop_rank.c — test plugin for the MPI watchdog: under mpirun, in the rank that
 * $CCDB_TEST_STOP_RANK names, its first query stops that rank with SIGSTOP (the rank itself when
 * the plugin runs in-process, the rank that forked it when isolated), as a user's Ctrl-Z or a
 * debugger would; then it answers MISS. Elsewhere it only answers MISS. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_solver.h"

static pid_t started_in; /* the process that loaded the plugin (the rank; a child inherits it) */

__attribute__((constructor)) static void remember_loader(void)
{
    started_in = getpid();
}

static void *stop_create(const ccdb_params *p)
{
    (void)p;
    return malloc(1);
}

static void stop_destroy(void *state)
{
    free(state);
}

static void stop_rank(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)state, (void)q, (void)p;
    const char *want = getenv("CCDB_TEST_STOP_RANK"), *rank = getenv("OMPI_COMM_WORLD_RANK");
    if (!rank)
        rank = getenv("PMI_RANK");
    if (want && rank && !strcmp(want, rank))
        kill(getpid() == started_in ? getpid() : getppid(), SIGSTOP);
    out->state = CCDB_MISS;
    out->toi = 0.0;
    out->work = 1;
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static const ccdb_solver s = {
        .abi_version = CCDB_SOLVER_ABI,
        .name = "testplugin_stop_rank",
        .summary = "test plugin: SIGSTOPs the MPI rank $CCDB_TEST_STOP_RANK, answers miss",
        .reference = "tests/solvers/plugins",
        .flags = 0,
        .create = stop_create,
        .destroy = stop_destroy,
        .vertex_face = stop_rank,
        .edge_edge = stop_rank,
    };
    return &s;
}
