/* summary_table.c — the one-screen table printed on stdout at the end of `run`. */
#include <stdio.h>
#include <string.h>

#include "ccdb_bench.h"

/* "label: a, b, c\n" over the solvers for which pick() is true; nothing when there is none. */
static void name_list(FILE *f, const ccdb_bench *b, const char *label,
                      int (*pick)(const ccdb_solver_summary *))
{
    int any = 0;
    for (size_t i = 0; i < b->n_solvers; i++)
        if (pick(&b->solvers[i])) {
            fprintf(f, "%s%s", any ? ", " : label, b->solvers[i].solver->name);
            any = 1;
        }
    if (any)
        fputc('\n', f);
}

static int isolated(const ccdb_solver_summary *s)
{
    return s->isolated;
}

static int in_process(const ccdb_solver_summary *s)
{
    return !s->isolated;
}

void ccdb_print_summary(FILE *f, const ccdb_bench *b)
{
    int w = 24; /* the name column: as wide as the longest name */
    for (size_t i = 0; i < b->n_solvers; i++) {
        size_t len = strlen(b->solvers[i].solver->name);
        if ((int)len > w)
            w = (int)len;
    }
    fprintf(f, "%-*s %10s %8s %8s %8s %8s %10s %12s  %s\n", w, "solver", "queries", "FN", "FP",
            "TOI-late", "failed", "violations", "ns/query", "status");
    for (size_t i = 0; i < b->n_solvers; i++) {
        const ccdb_solver_summary *s = &b->solvers[i];
        char ns[32] = "-", status[160] = "ok";
        if (s->timed_queries)
            snprintf(ns, sizeof ns, "%.1f", s->ns_total / (double)s->timed_queries);
        if (s->crashed || s->timeouts)
            snprintf(status, sizeof status, "%d crashed, %d timeout", s->crashed, s->timeouts);
        else if ((s->solver->flags & CCDB_CLAIM_CONSERVATIVE) && (s->fn || s->toi_violations))
            snprintf(status, sizeof status, "CLAIM BROKEN (conservative)");
        else if (s->violations)
            snprintf(status, sizeof status, "CONTRACT BROKEN");
        if (s->outside) { /* its own answer: those queries are in no other column */
            size_t len = strlen(status);
            snprintf(status + len, sizeof status - len, " (%lld outside its model)", s->outside);
        }
        if (s->in_band) { /* right either way: in no other column */
            size_t len = strlen(status);
            snprintf(status + len, sizeof status - len, " (%lld in its band)", s->in_band);
        }
        if (s->unsupported) { /* not run there: its queries are counted elsewhere */
            size_t len = strlen(status);
            snprintf(status + len, sizeof status - len, " (%d dataset%s not supported)",
                     s->unsupported, s->unsupported == 1 ? "" : "s");
        }
        fprintf(f, "%-*s %10lld %8lld %8lld %8lld %8lld %10lld %12s  %s\n", w, s->solver->name,
                s->queries, s->fn, s->fp, s->toi_violations, s->failed, s->violations, ns, status);
    }
    name_list(f, b, "isolated (a child process per dataset): ", isolated);
    int any_isolated = 0;
    for (size_t i = 0; i < b->n_solvers; i++)
        any_isolated |= b->solvers[i].isolated;
    if (any_isolated)
        name_list(f, b, "in-process: ", in_process);
    for (size_t i = 0; i < b->n_outputs; i++)
        fprintf(f, "%s printed %lld bytes on stdout/stderr (captured; excerpt in the report)\n",
                b->outputs[i].solver, b->outputs[i].bytes);
    for (size_t i = 0; i < b->n_solvers; i++) {
        long long crashes = 0;
        for (int k = 0; k < CCDB_KIND_COUNT; k++)
            crashes += b->solvers[i].crashes[k];
        if (crashes)
            fprintf(f,
                    "%s: %lld crashing (or hanging) quer%s in " CCDB_CRASHES_FOLDER
                    "/ (dataset, index, replay command in " CCDB_FINDINGS_TABLE ".csv)\n",
                    b->solvers[i].solver->name, crashes, crashes == 1 ? "y" : "ies");
    }
}
