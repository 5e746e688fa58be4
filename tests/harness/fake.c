/* fake.c — scripted fake solvers and truth for the harness tests (see fake.h). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "fake.h"

int fake_creates, fake_destroys;
long long fake_calls;

typedef struct fake_state {
    long long calls;
} fake_state;

static void *fake_create(const ccdb_params *p)
{
    (void)p;
    fake_state *s = calloc(1, sizeof *s);
    __atomic_add_fetch(&fake_creates, 1, __ATOMIC_SEQ_CST);
    return s;
}

static void fake_destroy(void *state)
{
    fake_state *s = state;
    __atomic_add_fetch(&fake_destroys, 1, __ATOMIC_SEQ_CST);
    __atomic_add_fetch(&fake_calls, s->calls, __ATOMIC_SEQ_CST);
    free(s);
}

static void answer(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)p;
    if (state)
        ((fake_state *)state)->calls++;
    out->state = (ccdb_state)(int)q[7][0];
    out->toi = q[7][1];
    out->work = (long long)q[7][2];
}

static void answer_or_die(void *state, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    if (q[6][0] == 1)
        raise(SIGSEGV);
    if (q[6][0] == 2) {
        volatile unsigned long spin = 0;
        for (;;)
            spin++;
    }
    answer(state, q, p, out);
}

const ccdb_solver fake_scripted = {
    CCDB_SOLVER_ABI,
    "fake_scripted",
    "scripted answers",
    "test double",
    CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_REPORTS_TOI,
    fake_create,
    fake_destroy,
    answer,
    answer,
    answer,
    answer,
    0.0, /* band_lo: no separation band */
    0.0,
    answer,
    answer,
};

const ccdb_solver fake_crash = {
    CCDB_SOLVER_ABI,
    "fake_crash",
    "crashes or hangs when told",
    "test double",
    0,
    NULL,
    NULL,
    answer_or_die,
    answer_or_die,
    answer_or_die,
    answer_or_die,
    0.0, /* band_lo: no separation band */
    0.0,
    answer_or_die,
    answer_or_die,
};

void fake_script(double q[8][3], ccdb_state state, double toi, long long work)
{
    q[7][0] = (double)state;
    q[7][1] = toi;
    q[7][2] = (double)work;
}

ccdb_truth_result fake_truth(int hit, double lo, double hi, ccdb_truth_class cls)
{
    ccdb_truth_result r;
    memset(&r, 0, sizeof r);
    r.hit = hit;
    r.toi_lo = lo;
    r.toi_hi = hi;
    r.cls = cls;
    r.flags = 1u << cls;
    r.stage = CCDB_STAGE_EXACT;
    return r;
}
