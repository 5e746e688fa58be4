/* cmd_list.c — `ccdbench list`: every solver (built-ins, then --plugin ones, then with --all the
 * plugins found by name) in a table with its claims, where it comes from and its summary. */
#include <stdio.h>
#include <string.h>

#include "ccdb_cli.h"
#include "ccdb_registry.h"
#include "ccdb_runner.h"
#include "ccdb_util.h"
#include "options.h"

static void list_usage(FILE *f)
{
    fputs("usage: ccdbench list [--all] [--plugin X.so]... [--references]\n"
          "\n"
          "Lists every solver: the built-ins, then those of the plugins given, with the claims\n"
          "the harness checks against the exact ground truth:\n"
          "  cons    conservative: never a false negative, reported TOI never after the true one\n"
          "  toi     reports a time of impact (not just yes/no)\n"
          "  minsep  honours the minimum separation distance (--min-sep): yes; or the separation\n"
          "          band LO..HI it declares (ABI 5: a hit for every query that comes within LO,\n"
          "          none for a query that never comes within HI; docs/harness.md)\n"
          "whether it counts its work (n/a: it has no work count), the query kinds it answers\n"
          "(vf, ee: linear motion; rigid-vf, rigid-ee: rigid motion, docs/rigid.md; sweep-vf,\n"
          "sweep-ee: the engines' motion, docs/sweep.md; run gives\n"
          "it no dataset of another kind), and where it comes from:\n"
          "  built-in, plugin (--plugin), plugin path ($CCDB_PLUGIN_PATH), peer (an upstream\n"
          "  solver built with ccdbench: cmake -DCCDB_PEERS_DIR=DIR, see docs/peers.md), engine\n"
          "  (a physics engine's own CCD built with ccdbench: CCDB_ENGINES=1, docs/engines.md)\n"
          "\n"
          "Plugins are also found by name (run/replay --solvers NAME) as NAME.so in a folder\n"
          "of $CCDB_PLUGIN_PATH (colon-separated), then in this build's peers folder: listed\n"
          "under the table without being loaded; --all loads them into the table.\n"
          "\n",
          f);
    ccdb_cli_print_options(f, CCDB_CMD_LIST);
}

/* The kinds the solver has an entry for, "vf,ee,rigid-vf,rigid-ee,sweep-vf,sweep-ee" at most. */
static void kinds_text(const ccdb_solver *s, char *buf, size_t len)
{
    buf[0] = '\0';
    for (int k = 0; k < CCDB_KIND_COUNT; k++)
        if (ccdb_solver_query_fn(s, (ccdb_kind)k)) {
            size_t used = strlen(buf);
            snprintf(buf + used, len - used, "%s%s", used ? "," : "", ccdb_kind_name((ccdb_kind)k));
        }
    if (!buf[0])
        snprintf(buf, len, "-");
}

/* The minsep cell: "yes" (--min-sep), the band "LO..HI" it declares, or "-". */
static void separation_text(const ccdb_solver *s, char *buf, size_t len)
{
    double lo, hi;
    char a[32], b[32];
    if (ccdb_solver_band(s, &lo, &hi))
        snprintf(buf, len, "%s..%s", ccdb_shortest_double(lo, a), ccdb_shortest_double(hi, b));
    else
        snprintf(buf, len, "%s", (s->flags & CCDB_CLAIM_MIN_SEPARATION) ? "yes" : "-");
}

typedef struct found_ctx {
    int width, count;
} found_ctx;

/* Plain `list`: the plugins found by name, shown without being loaded. */
static void print_found(const char *name, const char *path, ccdb_solver_origin origin, void *ctx)
{
    found_ctx *fc = ctx;
    if (!fc->count++)
        printf("\nfound by name, not loaded (--solvers NAME runs one; list --all loads and "
               "checks them):\n");
    printf("  %-*s  %-11s  %s\n", fc->width, name, ccdb_origin_name(origin), path);
}

int ccdb_cmd_list(int argc, char **argv)
{
    ccdb_cli_args o;
    int rc = ccdb_cli_command_line(CCDB_CMD_LIST, argc, argv, list_usage, &o);
    if (rc >= 0)
        return rc;
    if (o.n_pos)
        return ccdb_cli_bad_usage("list", "unexpected argument '%s' (see ccdbench list --help)",
                                  o.pos[0]);
    const int refs = o.references, all = o.all;
    ccdb_registry *reg = ccdb_registry_new();
    if (!reg) {
        fprintf(stderr, "ccdbench list: out of memory\n");
        return 2;
    }
    for (size_t i = 0; i < o.n_plugins; i++) {
        char err[1024];
        if (ccdb_registry_load_plugin(reg, o.plugins[i], err, sizeof err) != 0) {
            fprintf(stderr, "ccdbench list: %s\n", err);
            ccdb_registry_free(reg);
            return 2;
        }
    }
    char err[1024];
    if (all && ccdb_registry_load_all(reg, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench list --all: %s\n", err);
        ccdb_registry_free(reg);
        return 2;
    }

    size_t n = ccdb_registry_count(reg), nbuiltin;
    ccdb_registry_builtin(&nbuiltin);
    /* column widths: the longest name, separation and kinds list */
    int w = (int)strlen("solver"), ws = (int)strlen("minsep"), wk = (int)strlen("kinds");
    for (size_t i = 0; i < n; i++) {
        char sep[96], kinds[64];
        int l = (int)strlen(ccdb_registry_at(reg, i)->name);
        if (l > w)
            w = l;
        separation_text(ccdb_registry_at(reg, i), sep, sizeof sep);
        if ((int)strlen(sep) > ws)
            ws = (int)strlen(sep);
        kinds_text(ccdb_registry_at(reg, i), kinds, sizeof kinds);
        if ((int)strlen(kinds) > wk)
            wk = (int)strlen(kinds);
    }
    printf("%-*s  %-4s  %-3s  %-*s  %-4s  %-*s  %-11s  %s\n", w, "solver", "cons", "toi", ws,
           "minsep", "work", wk, "kinds", "from", "summary");
    for (size_t i = 0; i < n; i++) {
        const ccdb_solver *s = ccdb_registry_at(reg, i);
        unsigned f = s->flags;
        char kinds[64], sep[96];
        kinds_text(s, kinds, sizeof kinds);
        separation_text(s, sep, sizeof sep);
        printf("%-*s  %-4s  %-3s  %-*s  %-4s  %-*s  %-11s  %s\n", w, s->name,
               (f & CCDB_CLAIM_CONSERVATIVE) ? "yes" : "-",
               (f & CCDB_CLAIM_REPORTS_TOI) ? "yes" : "-", ws, sep,
               (f & CCDB_SOLVER_NO_WORK_COUNT) ? "n/a" : "yes", wk, kinds,
               ccdb_origin_name(ccdb_registry_origin(reg, s, NULL)), s->summary ? s->summary : "");
        if (refs)
            printf("%-*s  %s\n", w + ws + wk + 34, "",
                   s->reference ? s->reference : "(no reference given)");
    }
    printf("\n%zu solvers (%zu built-in, %zu from plugins); solver ABI %d\n", n, nbuiltin,
           n - nbuiltin, CCDB_SOLVER_ABI);
    for (size_t i = nbuiltin; i < n; i++) {
        const char *path = NULL;
        ccdb_registry_origin(reg, ccdb_registry_at(reg, i), &path);
        printf("%s %-*s  %s\n", i == nbuiltin ? "plugin files:" : "             ", w,
               ccdb_registry_at(reg, i)->name, path ? path : "");
    }
    if (!all) {
        found_ctx fc = { w, 0 };
        if (ccdb_registry_each_unloaded(reg, print_found, &fc) < 0) {
            fprintf(stderr, "ccdbench list: out of memory\n");
            ccdb_registry_free(reg);
            return 2;
        }
    }
    ccdb_registry_free(reg);
    return fflush(stdout) == 0 ? 0 : 2;
}
