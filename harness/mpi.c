/* mpi.c — the MPI transport of `ccdbench run` (ccdb_mpi.h): launch detection, on-demand work
 * units (a counter on rank 0, served by a thread), bytes to rank 0. Stubs without MPI. */
#include <stdlib.h>
#include <string.h>

#include "ccdb_mpi.h"
#include "ccdb_util.h"

int ccdb_mpi_launched(void)
{
    /* Open MPI's mpirun, MPICH's hydra (and Slurm's PMI-2), PMIx (srun --mpi=pmix). */
    static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK" };
    if (!ccdb_mpi_built())
        return 0;
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return 1;
    }
    return 0;
}

#ifndef CCDB_HAVE_MPI

int ccdb_mpi_built(void)
{
    return 0;
}

int ccdb_mpi_init(ccdb_mpi *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    return ccdb_errorf(err, errlen, "this ccdbench was built without MPI");
}

void ccdb_mpi_finalize(ccdb_mpi *m)
{
    (void)m;
}

int ccdb_mpi_bcast(ccdb_mpi *m, void *data, size_t n)
{
    (void)m, (void)data, (void)n;
    return -1;
}

int ccdb_mpi_work_start(ccdb_mpi *m, long long total, char *err, size_t errlen)
{
    (void)m, (void)total;
    return ccdb_errorf(err, errlen, "this ccdbench was built without MPI");
}

long long ccdb_mpi_work_next(ccdb_mpi *m)
{
    (void)m;
    return -1;
}

void ccdb_mpi_work_stop(ccdb_mpi *m)
{
    (void)m;
}

int ccdb_mpi_send_to_root(ccdb_mpi *m, const void *data, size_t n)
{
    (void)m, (void)data, (void)n;
    return -1;
}

int ccdb_mpi_recv_from(ccdb_mpi *m, int rank, unsigned char **data, size_t *n)
{
    (void)m, (void)rank, (void)data, (void)n;
    return -1;
}

void ccdb_mpi_abort(ccdb_mpi *m, int status)
{
    (void)m;
    exit(status);
}

#else

#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

enum { TAG_REQUEST = 1, TAG_UNIT, TAG_SIZE, TAG_DATA };
/* Messages larger than this go in pieces (MPI counts are int). */
#define PIECE ((size_t)1 << 30)

struct ccdb_mpi_dispatch {
    atomic_llong next; /* rank 0: the next unit to hand out */
    long long total;
    pthread_t thread;
    int thread_running;
    int size;
};

int ccdb_mpi_built(void)
{
    return 1;
}

int ccdb_mpi_init(ccdb_mpi *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    int provided = 0;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS)
        return ccdb_errorf(err, errlen, "MPI_Init_thread failed");
    if (provided < MPI_THREAD_SERIALIZED) {
        MPI_Finalize();
        return ccdb_errorf(err, errlen,
                           "the MPI library does not support MPI_THREAD_SERIALIZED (rank 0 hands "
                           "out work from a second thread)");
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m->size);
    int len = 0;
    char name[MPI_MAX_PROCESSOR_NAME];
    if (MPI_Get_processor_name(name, &len) == MPI_SUCCESS && len > 0)
        snprintf(m->host, sizeof m->host, "%.*s", len, name);
    else
        snprintf(m->host, sizeof m->host, "?");
    return 0;
}

void ccdb_mpi_finalize(ccdb_mpi *m)
{
    (void)m;
    MPI_Finalize();
}

void ccdb_mpi_abort(ccdb_mpi *m, int status)
{
    (void)m;
    MPI_Abort(MPI_COMM_WORLD, status);
    exit(status);
}

int ccdb_mpi_bcast(ccdb_mpi *m, void *data, size_t n)
{
    (void)m;
    for (size_t at = 0; at < n; at += PIECE) {
        size_t k = n - at < PIECE ? n - at : PIECE;
        if (MPI_Bcast((char *)data + at, (int)k, MPI_BYTE, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
            return -1;
    }
    return 0;
}

/* Rank 0's second thread: answers each other rank's requests with the next unit (-1: none
 * left) until every one has been told -1. It polls with a short sleep rather than blocking in
 * MPI_Recv, which spins: the cores are for the solvers. */
static void *serve(void *arg)
{
    struct ccdb_mpi_dispatch *d = arg;
    int waiting = d->size - 1;
    while (waiting > 0) {
        int dummy = 0, done = 0;
        MPI_Request req;
        MPI_Status st;
        MPI_Irecv(&dummy, 1, MPI_INT, MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, &req);
        for (;;) {
            MPI_Test(&req, &done, &st);
            if (done)
                break;
            struct timespec ts = { 0, 200000 }; /* 0.2 ms */
            nanosleep(&ts, NULL);
        }
        long long unit = atomic_fetch_add(&d->next, 1);
        if (unit >= d->total) {
            unit = -1;
            waiting--;
        }
        MPI_Send(&unit, 1, MPI_LONG_LONG, st.MPI_SOURCE, TAG_UNIT, MPI_COMM_WORLD);
    }
    return NULL;
}

int ccdb_mpi_work_start(ccdb_mpi *m, long long total, char *err, size_t errlen)
{
    struct ccdb_mpi_dispatch *d = calloc(1, sizeof *d);
    if (!d)
        return ccdb_errorf(err, errlen, "out of memory");
    atomic_init(&d->next, 0);
    d->total = total;
    d->size = m->size;
    m->dispatch = d;
    if (m->rank == 0 && m->size > 1) {
        if (pthread_create(&d->thread, NULL, serve, d) != 0)
            return ccdb_errorf(err, errlen, "cannot start the work dispatcher thread");
        d->thread_running = 1;
    }
    return 0;
}

long long ccdb_mpi_work_next(ccdb_mpi *m)
{
    struct ccdb_mpi_dispatch *d = m->dispatch;
    if (m->rank == 0) {
        long long unit = atomic_fetch_add(&d->next, 1);
        return unit < d->total ? unit : -1;
    }
    int dummy = 0;
    long long unit = -1;
    if (MPI_Send(&dummy, 1, MPI_INT, 0, TAG_REQUEST, MPI_COMM_WORLD) != MPI_SUCCESS ||
        MPI_Recv(&unit, 1, MPI_LONG_LONG, 0, TAG_UNIT, MPI_COMM_WORLD, MPI_STATUS_IGNORE) !=
            MPI_SUCCESS)
        return -1;
    return unit;
}

void ccdb_mpi_work_stop(ccdb_mpi *m)
{
    struct ccdb_mpi_dispatch *d = m->dispatch;
    if (d && d->thread_running)
        pthread_join(d->thread, NULL);
    free(d);
    m->dispatch = NULL;
}

int ccdb_mpi_send_to_root(ccdb_mpi *m, const void *data, size_t n)
{
    (void)m;
    unsigned long long size = n;
    if (MPI_Send(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, TAG_SIZE, MPI_COMM_WORLD) != MPI_SUCCESS)
        return -1;
    for (size_t at = 0; at < n; at += PIECE) {
        size_t k = n - at < PIECE ? n - at : PIECE;
        if (MPI_Send((const char *)data + at, (int)k, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD) !=
            MPI_SUCCESS)
            return -1;
    }
    return 0;
}

int ccdb_mpi_recv_from(ccdb_mpi *m, int rank, unsigned char **data, size_t *n)
{
    (void)m;
    unsigned long long size = 0;
    *data = NULL;
    *n = 0;
    if (MPI_Recv(&size, 1, MPI_UNSIGNED_LONG_LONG, rank, TAG_SIZE, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE) != MPI_SUCCESS)
        return -1;
    unsigned char *buf = malloc(size ? (size_t)size : 1);
    if (!buf)
        return -1; /* the caller ends the run (MPI_Abort): the sender is not left waiting */
    for (size_t at = 0; at < size; at += PIECE) {
        size_t k = size - at < PIECE ? (size_t)size - at : PIECE;
        if (MPI_Recv(buf + at, (int)k, MPI_BYTE, rank, TAG_DATA, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE) != MPI_SUCCESS) {
            free(buf);
            return -1;
        }
    }
    *data = buf;
    *n = (size_t)size;
    return 0;
}

#endif
