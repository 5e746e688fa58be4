/* solver_cases.h — queries shared by the solver tests: known-answer cases built from a few
 * lines of geometry, degenerate inputs, and a deterministic pseudo-random stress set. */
#ifndef SOLVER_CASES_H
#define SOLVER_CASES_H

#include <stddef.h>
#include <stdint.h>

#include <criterion/parameterized.h>

#include "ccdb_registry.h"

/* A known-answer case: the same 8 points read as VF (point q[0], triangle q[1..3]) or EE. */
typedef struct known_case {
    const char *name;
    int vf;
    double q[8][3];
    int hit;        /* exact answer (by construction) */
    double toi;     /* exact TOI when hit */
    double min_sep; /* parameter to run it with (0: default) */
    int at_ends;    /* in contact at t = 0 or t = 1 (what a discrete test can see) */
} known_case;

/* Fills cases[] (at most max); returns the count. */
size_t known_cases(known_case *cases, size_t max);

/* Degenerate and extreme queries (no expected answer; each is run as VF and as EE). */
size_t degenerate_queries(double (*q)[8][3], const char **names, size_t max);

/* n pseudo-random queries from a fixed seed, coordinates of wildly mixed magnitudes. */
void random_queries(double (*q)[8][3], size_t n, uint64_t seed);

/* Runs one query with a pre-poisoned result; returns what the solver wrote. */
ccdb_result run_query(const ccdb_solver *s, void *state, int vf, const double q[8][3],
                      const ccdb_params *p);

/* Empty string when r is well-formed; otherwise what is wrong (static buffer). */
const char *result_problem(const ccdb_result *r);

/* Hang guard: the calling test process is killed by SIGALRM after `seconds` (Criterion reports
 * it as crashed, naming the signal). Not a speed threshold: set far above any honest run time.
 * (Criterion's own `.timeout` would do, but in Criterion 2.4.1 it leaks in the runner, which
 * fails the AddressSanitizer build.) */
void hang_guard(unsigned seconds);

/* Criterion parameters for a ParameterizedTest over solvers: the index (size_t) of every
 * built-in solver with linear entries (rigid-only ones are left out), so solvers added later
 * are covered automatically. */
struct criterion_test_params every_builtin_solver(void);

/* 1 when two results are identical (state, bit pattern of toi, work). */
int same_result(const ccdb_result *a, const ccdb_result *b);

#endif
