/* solver_list.c — `--solvers a,b` resolved against the registry, for run and replay. */
#include "solver_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_cli.h"

int ccdb_cli_select_solvers(const char *cmd, ccdb_registry *reg, const char *list,
                            const ccdb_solver ***out, size_t *n)
{
    *out = NULL;
    *n = 0;
    char *copy = list ? strdup(list) : NULL;
    if (list && !copy) {
        fprintf(stderr, "ccdbench %s: out of memory\n", cmd);
        return 2;
    }
    /* First load what the list names, so the registry has its final size. */
    int rc = 0;
    char *save = NULL, err[2048];
    for (char *name = copy ? strtok_r(copy, ",", &save) : NULL; name && !rc;
         name = strtok_r(NULL, ",", &save))
        if (!ccdb_registry_find_or_load(reg, name, err, sizeof err)) {
            fprintf(stderr, "ccdbench %s: --solvers: %s\nregistered:", cmd, err);
            for (size_t i = 0; i < ccdb_registry_count(reg); i++)
                fprintf(stderr, " %s", ccdb_registry_at(reg, i)->name);
            fputc('\n', stderr);
            rc = 2;
        }
    free(copy);
    size_t total = ccdb_registry_count(reg);
    if (!rc && !(*out = calloc(total ? total : 1, sizeof **out))) {
        fprintf(stderr, "ccdbench %s: out of memory\n", cmd);
        rc = 2;
    }
    if (rc)
        return rc;
    if (!list) {
        for (size_t i = 0; i < total; i++)
            (*out)[(*n)++] = ccdb_registry_at(reg, i);
        if (!*n) {
            fprintf(stderr, "ccdbench %s: no solvers registered\n", cmd);
            return 2;
        }
        return 0;
    }
    if (!(copy = strdup(list)))
        return 2;
    save = NULL;
    for (char *name = strtok_r(copy, ",", &save); name && !rc; name = strtok_r(NULL, ",", &save)) {
        const ccdb_solver *s = ccdb_registry_find(reg, name);
        for (size_t j = 0; j < *n; j++)
            if ((*out)[j] == s) {
                rc = ccdb_cli_bad_usage(cmd, "solver '%s' listed twice", name);
                break;
            }
        if (!rc)
            (*out)[(*n)++] = s; /* distinct registered solvers: *n <= total */
    }
    free(copy);
    if (!rc && !*n)
        rc = ccdb_cli_bad_usage(cmd, "--solvers names no solver");
    return rc;
}
