/* registry.c — the one table of built-in solvers, in display order. Adding a built-in solver:
 * one extern line and one table row here, one file under solvers/. */
#include "ccdb_registry.h"

/* --- baseline and floating-point solvers --- */
extern const ccdb_solver ccdb_solver_null;
extern const ccdb_solver ccdb_solver_discrete;
extern const ccdb_solver ccdb_solver_cubic;
extern const ccdb_solver ccdb_solver_cubic_bracketed;
extern const ccdb_solver ccdb_solver_conservative_advancement;
extern const ccdb_solver ccdb_solver_swept_bisection;
extern const ccdb_solver ccdb_solver_exact;

/* --- inclusion-based solvers --- */
extern const ccdb_solver ccdb_solver_interval_univariate;
extern const ccdb_solver ccdb_solver_inclusion_naive;
extern const ccdb_solver ccdb_solver_tight_inclusion;

/* --- rigid-motion solvers (rigid kinds; three of them sweeps too) --- */
extern const ccdb_solver ccdb_solver_rigid_linearized;
extern const ccdb_solver ccdb_solver_rigid_interval;
extern const ccdb_solver ccdb_solver_rigid_conservative_advancement;
extern const ccdb_solver ccdb_solver_rigid_bisection;

static const ccdb_solver *const builtin[] = {
    /* --- baseline and floating-point solvers --- */
    &ccdb_solver_null, &ccdb_solver_discrete, &ccdb_solver_cubic, &ccdb_solver_cubic_bracketed,
    &ccdb_solver_conservative_advancement, &ccdb_solver_swept_bisection, &ccdb_solver_exact,

    /* --- inclusion-based solvers --- */
    &ccdb_solver_interval_univariate, &ccdb_solver_inclusion_naive, &ccdb_solver_tight_inclusion,

    /* --- rigid-motion solvers (rigid kinds; three of them sweeps too) --- */
    &ccdb_solver_rigid_linearized, &ccdb_solver_rigid_interval,
    &ccdb_solver_rigid_conservative_advancement, &ccdb_solver_rigid_bisection,

    0 /* sentinel, not counted */
};

const ccdb_solver *const *ccdb_registry_builtin(size_t *count)
{
    *count = sizeof builtin / sizeof builtin[0] - 1;
    return builtin;
}

int ccdb_registry_is_builtin(const ccdb_solver *s)
{
    for (const ccdb_solver *const *b = builtin; *b; b++)
        if (*b == s)
            return 1;
    return 0;
}
