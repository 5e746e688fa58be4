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

int ccdb_mpi_work_start(ccdb_mpi *m, long long total, long long group, char *err, size_t errlen)
{
    (void)m, (void)total, (void)group;
    return ccdb_errorf(err, errlen, "this ccdbench was built without MPI");
}

long long ccdb_mpi_work_next(ccdb_mpi *m, long long held)
{
    (void)m, (void)held;
    return -1;
}

void ccdb_mpi_work_started(ccdb_mpi *m, long long unit)
{
    (void)m, (void)unit;
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

#include <fcntl.h>
#include <mpi.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "ccdb_runner.h"

/* The rank's stderr as it was at MPI_Init. An in-process solver runs with fd 2 pointed at its
 * capture file (solver_guard.c), and rank 0's watchdog thread may speak at that moment: written
 * to fd 2, its message would go into the capture file and be lost with the aborted job. */
static int message_fd = 2;

/* A diagnostic of the MPI layer, on the rank's own stderr (one write: lines stay whole). */
static void say(const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0 && write(message_fd, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1) < 0)
        fputs(line, stderr); /* nowhere better to go */
}

enum { TAG_REQUEST = 1, TAG_UNIT, TAG_SIZE, TAG_DATA };
/* What a rank > 0 tells rank 0 on TAG_REQUEST (one tag, so that they arrive in the order sent),
 * as {kind, value}: MSG_WANT: it wants its next batch of units (value: the group it holds, -1:
 * none), asked when it begins the first unit of a batch, so that the answer travels while it
 * works (a rank holds at most one batch besides its own); MSG_BEGIN: it begins a unit (value: the unit; its previous one is done); MSG_STARTED:
 * that unit's solver starts; MSG_DONE: it has finished its last unit. Rank 0 answers a MSG_WANT
 * on TAG_UNIT with {first unit, count} (count 0: none left). */
enum { MSG_WANT = 0, MSG_BEGIN, MSG_STARTED, MSG_DONE };
/* A rank > 0 gets whole groups (a chunk's units, every solver) at once while more than
 * BATCH_TAIL x ranks groups are fresh: one answer per chunk instead of per unit, whose cost is
 * rank 0's thread waking up (a nap of up to 1 ms, more on a loaded machine); in the tail it gets
 * units one by one, so that the ranks finish together. */
#define BATCH_TAIL     4
/* Messages larger than this go in pieces (MPI counts are int). */
#define PIECE          ((size_t)1 << 30)
/* A waiting rank sleeps between polls, from SLEEP_MIN_NS doubling up to SLEEP_MAX_NS: a blocking
 * MPI call would spin on its core, which is for the solvers. */
#define SLEEP_MIN_NS   20000L
#define SLEEP_MAX_NS   1000000L
#define LONG_WAIT_RULE "2 x --timeout + " CCDB_MPI_GRACE_TEXT
/* The units, grouped (a group: a chunk's units, one per solver): a rank is handed the next unit
 * of the group it holds, else a group nobody started, else (at the end) one left in another
 * rank's group, so that a chunk's truth is computed by one rank, not by every rank in turn. */
struct ccdb_mpi_dispatch {
    pthread_mutex_t lock;
    long long total, group, n_groups;
    long long *next_in; /* per group, its next unit's index in the group */
    long long fresh;    /* groups below it have been started */
    long long steal;    /* groups below it are exhausted */
    pthread_t thread;
    int thread_running;
    int size;
    double timeout_s;
    /* the watchdog's view of rank 0's own unit (its main thread works too) */
    atomic_ullong own_since;   /* ccdb_now_ns() + 1 when handed out; 0: none */
    atomic_ullong own_started; /* ccdb_now_ns() + 1 when its solver started; 0: not yet */
    atomic_llong own_unit;
    atomic_int own_done;
    /* rank > 0: its batch [batch_next, batch_end), and the answer to its last MSG_WANT, in
     * flight while it works on the batch */
    long long batch_next, batch_end;
    MPI_Request ahead;
    long long ahead_msg[2];
    int asked;
};

int ccdb_mpi_built(void)
{
    return 1;
}

int ccdb_mpi_init(ccdb_mpi *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    /* Open MPI: what is left blocking (MPI_Finalize) yields its core rather than spin, set here
     * so that nobody has to know the launcher flag; a value the user set is kept. */
    setenv("OMPI_MCA_mpi_yield_when_idle", "1", 0);
    int provided = 0;
    int fd = fcntl(2, F_DUPFD_CLOEXEC, 3); /* before any solver's capture (message_fd) */
    if (fd >= 0)
        message_fd = fd;
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

/* Ends the job: the rank's message is out first (say() writes it at once), and mpirun, which
 * forwards a rank's output on its own schedule and kills the job on MPI_Abort, is given a second
 * to pass it on. */
static _Noreturn void abort_job(int status)
{
    fflush(stdout);
    fflush(stderr);
    nanosleep(&(struct timespec){ .tv_sec = 1 }, NULL);
    MPI_Abort(MPI_COMM_WORLD, status);
    exit(status);
}

void ccdb_mpi_abort(ccdb_mpi *m, int status)
{
    (void)m;
    abort_job(status);
}

/* The run's --timeout S, from which every limit of the watchdog follows (ccdb_mpi.h). */
static double timeout_of(const ccdb_mpi *m)
{
    return m->timeout_s > 0 ? m->timeout_s : CCDB_MPI_TIMEOUT_DEFAULT_S;
}

/* The limit of the waits that span another rank's whole unit or more (the results, the
 * broadcasts): a unit's two steps, S + (S + grace). */
static double long_wait_of(const ccdb_mpi *m)
{
    return 2 * timeout_of(m) + CCDB_MPI_GRACE_S;
}

static uint64_t ns_of(double s)
{
    return s >= 1.8e10 ? UINT64_MAX : (uint64_t)(s * 1e9);
}

static void nap(long *sleep_ns)
{
    struct timespec ts = { 0, *sleep_ns };
    nanosleep(&ts, NULL);
    *sleep_ns = *sleep_ns * 2 < SLEEP_MAX_NS ? *sleep_ns * 2 : SLEEP_MAX_NS;
}

/* Waits for req, napping between tests; aborts the job when it has not completed within
 * limit_s (the loop ends there at the latest): `peer` stopped or hung. */
static void wait_for(ccdb_mpi *m, MPI_Request *req, MPI_Status *st, int peer, const char *what,
                     double limit_s, const char *rule)
{
    uint64_t start = ccdb_now_ns(), limit = ns_of(limit_s);
    long sleep_ns = SLEEP_MIN_NS;
    for (;;) {
        int done = 0;
        if (MPI_Test(req, &done, st) != MPI_SUCCESS) {
            say("ccdbench run: rank %d: MPI failed while waiting for %s\n", m->rank, what);
            ccdb_mpi_abort(m, 2);
        }
        if (done)
            return;
        if (ccdb_now_ns() - start >= limit) {
            say("ccdbench run: rank %d: waited %g s for %s from rank %d (stopped or hung?): "
                "aborting the job (the limit is %s)\n",
                m->rank, limit_s, what, peer, rule);
            ccdb_mpi_abort(m, 2);
        }
        nap(&sleep_ns);
    }
}

int ccdb_mpi_bcast(ccdb_mpi *m, void *data, size_t n)
{
    for (size_t at = 0; at < n; at += PIECE) {
        size_t k = n - at < PIECE ? n - at : PIECE;
        MPI_Request req;
        if (MPI_Ibcast((char *)data + at, (int)k, MPI_BYTE, 0, MPI_COMM_WORLD, &req) != MPI_SUCCESS)
            return -1;
        wait_for(m, &req, MPI_STATUS_IGNORE, 0, "a broadcast", long_wait_of(m), LONG_WAIT_RULE);
    }
    return 0;
}

/* The next unit for a rank holding group `held` (-1: none), or -1 when none is left. */
static long long next_unit(struct ccdb_mpi_dispatch *d, long long held)
{
    long long unit = -1;
    pthread_mutex_lock(&d->lock);
    long long g = -1;
    if (held >= 0 && held < d->n_groups && d->next_in[held] < d->group)
        g = held;
    else if (d->fresh < d->n_groups)
        g = d->fresh++;
    else {
        while (d->steal < d->n_groups && d->next_in[d->steal] >= d->group)
            d->steal++;
        if (d->steal < d->n_groups)
            g = d->steal;
    }
    if (g >= 0) {
        unit = g * d->group + d->next_in[g]++;
        if (unit >= d->total) /* the last group may be short (never: total = groups x group) */
            unit = -1;
    }
    pthread_mutex_unlock(&d->lock);
    return unit;
}

/* A batch for a rank > 0 holding group `held`: while more than BATCH_TAIL x ranks groups are
 * fresh, a whole fresh group; then one unit (next_unit). Its first unit, *count units (0: none
 * left). */
static long long next_batch(struct ccdb_mpi_dispatch *d, long long held, long long *count)
{
    pthread_mutex_lock(&d->lock);
    if (d->n_groups - d->fresh > BATCH_TAIL * (long long)d->size) {
        long long g = d->fresh++, first = g * d->group; /* a fresh group: nothing taken yet */
        d->next_in[g] = d->group;
        pthread_mutex_unlock(&d->lock);
        *count = d->group;
        return first;
    }
    pthread_mutex_unlock(&d->lock);
    long long unit = next_unit(d, held);
    *count = unit >= 0;
    return unit;
}

/* The watchdog, on a unit handed out to `rank` at `since` (ns + 1; 0: none) whose solver started
 * at `started` (ns + 1; 0: not yet): reading its chunk and getting its truth must take at most
 * --timeout S, its solver's passes and judging at most S + the grace (an isolated solver is
 * stopped at S by its own limit); else the rank is stopped or hung and the job is aborted. */
static void watch(const struct ccdb_mpi_dispatch *d, int rank, uint64_t since, uint64_t started,
                  long long unit, uint64_t now)
{
    if (!since)
        return;
    double limit = started ? d->timeout_s + CCDB_MPI_GRACE_S : d->timeout_s;
    uint64_t from = (started ? started : since) - 1;
    /* now is read after the stamps were (rank 0's own unit is stamped by its main thread: with
     * now read first, a later stamp made the unsigned now - from wrap to centuries and abort a
     * healthy job; CI, 1 run in 12 under load); the test keeps that from ever coming back. */
    if (from >= now || now - from < ns_of(limit))
        return;
    say("ccdbench run: rank %d has not finished work unit %lld: %s for more than %g s (%s; "
        "stopped or hung?): aborting the job\n",
        rank, unit, started ? "its solver has run" : "reading its chunk and its truth took", limit,
        started ? "--timeout + " CCDB_MPI_GRACE_TEXT : "--timeout");
    abort_job(2);
}

/* Rank 0's second thread: answers each other rank's requests (the group it holds) with its next
 * unit (-1: none left) until every one has been told -1 and rank 0's own work is done, notes when
 * each unit's solver starts, and watches every rank's unit. It polls with naps rather than block
 * in MPI_Recv, which spins. */
static void *serve(void *arg)
{
    struct ccdb_mpi_dispatch *d = arg;
    int waiting = d->size - 1;
    /* per rank: the unit it works on (unit_of, begun at since, its solver started at started) */
    uint64_t *since = calloc((size_t)d->size, sizeof *since);
    uint64_t *started = calloc((size_t)d->size, sizeof *started);
    long long *unit_of = calloc((size_t)d->size, sizeof *unit_of);
    if (!since || !started || !unit_of) {
        say("ccdbench run: rank 0: out of memory in the work dispatcher\n");
        abort_job(2);
    }
    long long msg[2] = { 0 };
    MPI_Request req = MPI_REQUEST_NULL;
    long sleep_ns = SLEEP_MIN_NS;
    while (waiting > 0 || !atomic_load(&d->own_done)) {
        if (waiting > 0 && req == MPI_REQUEST_NULL)
            MPI_Irecv(msg, 2, MPI_LONG_LONG, MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, &req);
        int done = 0;
        MPI_Status st;
        if (req != MPI_REQUEST_NULL)
            MPI_Test(&req, &done, &st); /* a completed request becomes MPI_REQUEST_NULL */
        uint64_t now = ccdb_now_ns();
        if (done) {
            int r = st.MPI_SOURCE;
            sleep_ns = SLEEP_MIN_NS; /* busy: the next message may be close */
            if (msg[0] == MSG_WANT) {
                long long answer[2];
                answer[0] = next_batch(d, msg[1], &answer[1]);
                MPI_Send(answer, 2, MPI_LONG_LONG, r, TAG_UNIT, MPI_COMM_WORLD);
            } else if (msg[0] == MSG_BEGIN) {
                unit_of[r] = msg[1];
                since[r] = now + 1;
                started[r] = 0;
            } else if (msg[0] == MSG_STARTED) {
                if (msg[1] == unit_of[r] && since[r])
                    started[r] = now + 1;
            } else { /* MSG_DONE */
                unit_of[r] = -1;
                since[r] = started[r] = 0;
                waiting--;
            }
            continue;
        }
        for (int r = 1; r < d->size; r++)
            watch(d, r, since[r], started[r], unit_of[r], now);
        uint64_t own_since = atomic_load(&d->own_since), own_started = atomic_load(&d->own_started);
        watch(d, 0, own_since, own_started, atomic_load(&d->own_unit), ccdb_now_ns());
        nap(&sleep_ns);
    }
    free(since), free(started), free(unit_of);
    return NULL;
}

int ccdb_mpi_work_start(ccdb_mpi *m, long long total, long long group, char *err, size_t errlen)
{
    struct ccdb_mpi_dispatch *d = calloc(1, sizeof *d);
    if (!d)
        return ccdb_errorf(err, errlen, "out of memory");
    d->group = group > 0 ? group : 1;
    d->n_groups = (total + d->group - 1) / d->group;
    d->total = total;
    d->size = m->size;
    d->timeout_s = timeout_of(m);
    atomic_init(&d->own_since, 0);
    atomic_init(&d->own_started, 0);
    atomic_init(&d->own_unit, -1);
    atomic_init(&d->own_done, 0);
    m->dispatch = d;
    if (pthread_mutex_init(&d->lock, NULL) != 0)
        return ccdb_errorf(err, errlen, "cannot create the work dispatcher's lock");
    if (m->rank == 0 && !(d->next_in = calloc((size_t)d->n_groups + 1, sizeof *d->next_in)))
        return ccdb_errorf(err, errlen, "out of memory");
    if (m->rank == 0 && m->size > 1) {
        if (pthread_create(&d->thread, NULL, serve, d) != 0)
            return ccdb_errorf(err, errlen, "cannot start the work dispatcher thread");
        d->thread_running = 1;
    }
    return 0;
}

/* Rank > 0: a message {kind, value} to rank 0 (waited for like the rest: a blocking send to a
 * stopped rank 0 whose queue is full would hang). */
static void tell_root(ccdb_mpi *m, long long kind, long long value)
{
    long long msg[2] = { kind, value };
    MPI_Request req;
    if (MPI_Isend(msg, 2, MPI_LONG_LONG, 0, TAG_REQUEST, MPI_COMM_WORLD, &req) != MPI_SUCCESS) {
        say("ccdbench run: rank %d: MPI failed sending to rank 0\n", m->rank);
        ccdb_mpi_abort(m, 2);
    }
    wait_for(m, &req, MPI_STATUS_IGNORE, 0, "a message to be taken", timeout_of(m), "--timeout");
}

/* Rank > 0: MSG_WANT, and the answer's receive posted (waited for by ccdb_mpi_work_next). */
static void ask_ahead(ccdb_mpi *m, long long held)
{
    struct ccdb_mpi_dispatch *d = m->dispatch;
    tell_root(m, MSG_WANT, held);
    d->ahead_msg[0] = -1, d->ahead_msg[1] = 0;
    if (MPI_Irecv(d->ahead_msg, 2, MPI_LONG_LONG, 0, TAG_UNIT, MPI_COMM_WORLD, &d->ahead) !=
        MPI_SUCCESS) {
        say("ccdbench run: rank %d: MPI failed receiving from rank 0\n", m->rank);
        ccdb_mpi_abort(m, 2);
    }
    d->asked = 1;
}

long long ccdb_mpi_work_next(ccdb_mpi *m, long long held)
{
    struct ccdb_mpi_dispatch *d = m->dispatch;
    if (m->rank == 0) {
        long long unit = next_unit(d, held);
        atomic_store(&d->own_since, 0); /* the previous one is done */
        atomic_store(&d->own_started, 0);
        atomic_store(&d->own_unit, unit);
        if (unit >= 0)
            atomic_store(&d->own_since, ccdb_now_ns() + 1);
        else
            atomic_store(&d->own_done, 1);
        return unit;
    }
    if (d->batch_next == d->batch_end) { /* its batch is done: the next one */
        if (!d->asked)
            ask_ahead(m, held);
        wait_for(m, &d->ahead, MPI_STATUS_IGNORE, 0, "the next work unit", timeout_of(m),
                 "--timeout");
        d->asked = 0;
        if (d->ahead_msg[1] <= 0) {
            tell_root(m, MSG_DONE, -1);
            return -1;
        }
        d->batch_next = d->ahead_msg[0];
        d->batch_end = d->ahead_msg[0] + d->ahead_msg[1];
        tell_root(m, MSG_BEGIN, d->batch_next);
        ask_ahead(m, d->batch_next / d->group); /* the answer comes while it works on this batch */
        return d->batch_next++;
    }
    tell_root(m, MSG_BEGIN, d->batch_next);
    return d->batch_next++;
}

void ccdb_mpi_work_started(ccdb_mpi *m, long long unit)
{
    struct ccdb_mpi_dispatch *d = m->dispatch;
    if (m->rank == 0) {
        atomic_store(&d->own_started, ccdb_now_ns() + 1);
        return;
    }
    tell_root(m, MSG_STARTED, unit);
}

void ccdb_mpi_work_stop(ccdb_mpi *m)
{
    struct ccdb_mpi_dispatch *d = m->dispatch;
    if (!d)
        return;
    if (d->thread_running)
        pthread_join(d->thread, NULL);
    pthread_mutex_destroy(&d->lock);
    free(d->next_in);
    free(d);
    m->dispatch = NULL;
}

int ccdb_mpi_send_to_root(ccdb_mpi *m, const void *data, size_t n)
{
    unsigned long long size = n;
    MPI_Request req;
    if (MPI_Isend(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, TAG_SIZE, MPI_COMM_WORLD, &req) !=
        MPI_SUCCESS)
        return -1;
    wait_for(m, &req, MPI_STATUS_IGNORE, 0, "the results to be taken", long_wait_of(m),
             LONG_WAIT_RULE);
    for (size_t at = 0; at < n; at += PIECE) {
        size_t k = n - at < PIECE ? n - at : PIECE;
        if (MPI_Isend((const char *)data + at, (int)k, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD,
                      &req) != MPI_SUCCESS)
            return -1;
        wait_for(m, &req, MPI_STATUS_IGNORE, 0, "the results to be taken", long_wait_of(m),
                 LONG_WAIT_RULE);
    }
    return 0;
}

int ccdb_mpi_recv_from(ccdb_mpi *m, int rank, unsigned char **data, size_t *n)
{
    unsigned long long size = 0;
    MPI_Request req;
    *data = NULL;
    *n = 0;
    if (MPI_Irecv(&size, 1, MPI_UNSIGNED_LONG_LONG, rank, TAG_SIZE, MPI_COMM_WORLD, &req) !=
        MPI_SUCCESS)
        return -1;
    wait_for(m, &req, MPI_STATUS_IGNORE, rank, "its results", long_wait_of(m), LONG_WAIT_RULE);
    unsigned char *buf = malloc(size ? (size_t)size : 1);
    if (!buf)
        return -1; /* the caller ends the run (MPI_Abort): the sender is not left waiting */
    for (size_t at = 0; at < size; at += PIECE) {
        size_t k = size - at < PIECE ? (size_t)size - at : PIECE;
        if (MPI_Irecv(buf + at, (int)k, MPI_BYTE, rank, TAG_DATA, MPI_COMM_WORLD, &req) !=
            MPI_SUCCESS) {
            free(buf);
            return -1;
        }
        wait_for(m, &req, MPI_STATUS_IGNORE, rank, "its results", long_wait_of(m), LONG_WAIT_RULE);
    }
    *data = buf;
    *n = (size_t)size;
    return 0;
}

#endif
