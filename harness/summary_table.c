/* summary_table.c — the one-screen table printed on stdout at the end of `run`. */
#include <stdio.h>

#include "ccdb_bench.h"

void ccdb_print_summary(FILE *f, const ccdb_bench *b)
{
    fprintf(f, "%-24s %10s %8s %8s %8s %8s %12s  %s\n", "solver", "queries", "FN", "FP", "TOI-late",
            "failed", "ns/query", "status");
    for (size_t i = 0; i < b->n_solvers; i++) {
        const ccdb_solver_summary *s = &b->solvers[i];
        char ns[32] = "-", status[64] = "ok";
        if (s->timed_queries)
            snprintf(ns, sizeof ns, "%.1f", s->ns_total / (double)s->timed_queries);
        if (s->crashed || s->timeouts)
            snprintf(status, sizeof status, "%d crashed, %d timeout", s->crashed, s->timeouts);
        else if ((s->solver->flags & CCDB_CLAIM_CONSERVATIVE) && (s->fn || s->toi_violations))
            snprintf(status, sizeof status, "CLAIM BROKEN (conservative)");
        fprintf(f, "%-24s %10lld %8lld %8lld %8lld %8lld %12s  %s\n", s->solver->name, s->queries,
                s->fn, s->fp, s->toi_violations, s->failed, ns, status);
    }
}
