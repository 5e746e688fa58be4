/* cmd_data.c — `ccdbench data list` and `ccdbench data fetch NAME [--from REPO]`: the public
 * datasets by name (ccdb_data.h; docs/datasets.md, "Public datasets by name"). */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "ccdb_cli.h"
#include "ccdb_data.h"
#include "options.h"

static void data_usage(FILE *f)
{
    fputs("usage: ccdbench data list\n"
          "       ccdbench data fetch NAME [--from REPO]\n"
          "\n"
          "The public datasets by name. `list` names each with its upstream git repository, the\n"
          "commit ccdbench pins, what it holds, its size, license and paper, and whether it is\n"
          "fetched. `fetch NAME` gets it at the pinned commit with git into the data folder,\n"
          "$XDG_DATA_HOME/ccdbench/datasets/NAME (default ~/.local/share/ccdbench/datasets):\n"
          "into a temporary folder, checked to be the pinned commit (git's hashes are the\n"
          "checksum), then renamed into place; fetching it again does nothing. After that,\n"
          "`ccdbench run --data NAME` works from any folder (./NAME names a folder here).\n"
          "\n",
          f);
    ccdb_cli_print_options(f, CCDB_CMD_DATA);
    fputs("\n"
          "environment:\n"
          "  CCDB_DATA_CATALOG=FILE   a catalogue replacing the built-in one (for tests and\n"
          "                           mirrors): one dataset per line, NAME COMMIT URL; '#' "
          "comments\n",
          f);
}

static uintmax_t du_bytes;

static int add_size(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)path, (void)ftw;
    if (type == FTW_F)
        du_bytes += (uintmax_t)st->st_blocks * 512u;
    return 0;
}

static void print_entry(const ccdb_data_entry *e, const char *dir)
{
    char path[4200], why[4400];
    snprintf(path, sizeof path, "%s/%s", dir, e->name);
    printf("%s\n", e->name);
    printf("  repository  %s\n", e->url);
    printf("  commit      %s\n", e->commit);
    if (e->what)
        printf("  holds       %s\n", e->what);
    if (e->size)
        printf("  size        %s\n", e->size);
    if (e->license)
        printf("  license     %s\n", e->license);
    if (e->paper)
        printf("  paper       %s\n", e->paper);
    if (ccdb_data_is_fetched(e, path, why, sizeof why)) {
        du_bytes = 0;
        (void)nftw(path, add_size, 16, FTW_PHYS);
        printf("  fetched     %s (%.1f MB on disk)\n", path, (double)du_bytes / 1e6);
    } else {
        printf("  fetched     no (%s): ccdbench data fetch %s\n", why, e->name);
    }
}

static int data_list(void)
{
    char err[4400], dir[4096];
    ccdb_data_catalog cat;
    if (ccdb_data_catalog_load(&cat, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench data: %s\n", err);
        return 2;
    }
    if (ccdb_data_dir(dir, sizeof dir, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench data: %s\n", err);
        ccdb_data_catalog_free(&cat);
        return 2;
    }
    if (cat.file)
        printf("catalogue: %s ($CCDB_DATA_CATALOG)\n", cat.file);
    printf("data folder: %s\n\n", dir);
    for (size_t i = 0; i < cat.count; i++) {
        print_entry(&cat.entries[i], dir);
        printf("\n");
    }
    printf("then: ccdbench run --data NAME (a fetched dataset, from any folder)\n");
    ccdb_data_catalog_free(&cat);
    return 0;
}

static int data_fetch(const char *name, const char *from)
{
    char err[4400], dest[4200];
    ccdb_data_catalog cat;
    if (ccdb_data_catalog_load(&cat, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench data: %s\n", err);
        return 2;
    }
    const ccdb_data_entry *e = ccdb_data_find(&cat, name);
    int rc = 0, already = 0;
    if (!e) {
        char names[1024] = "";
        for (size_t i = 0; i < cat.count; i++) {
            size_t used = strlen(names);
            snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", cat.entries[i].name);
        }
        rc = ccdb_cli_bad_usage("data", "unknown dataset '%s' (known: %s)", name, names);
    } else if (ccdb_data_fetch(e, from, &already, dest, sizeof dest, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench data fetch: %s\n", err);
        rc = 2;
    } else {
        printf("%s: %s at commit %s in %s\n", e->name, already ? "already fetched" : "fetched",
               e->commit, dest);
    }
    ccdb_data_catalog_free(&cat);
    return rc;
}

int ccdb_cmd_data(int argc, char **argv)
{
    ccdb_cli_args o;
    int rc = ccdb_cli_command_line(CCDB_CMD_DATA, argc, argv, data_usage, &o);
    if (rc >= 0)
        return rc;
    if (!o.n_pos)
        return ccdb_cli_bad_usage("data", "missing 'list' or 'fetch NAME'");
    if (o.n_pos > 2)
        return ccdb_cli_bad_usage("data", "unexpected argument '%s'", o.pos[2]);
    const char *sub = o.pos[0], *name = o.n_pos > 1 ? o.pos[1] : NULL, *from = o.from;
    if (!strcmp(sub, "list")) {
        if (name || from)
            return ccdb_cli_bad_usage("data", "list takes no arguments");
        return data_list();
    }
    if (!strcmp(sub, "fetch")) {
        if (!name)
            return ccdb_cli_bad_usage("data", "fetch needs a dataset name (ccdbench data list)");
        return data_fetch(name, from);
    }
    return ccdb_cli_bad_usage("data", "unknown subcommand '%s' (list, fetch)", sub);
}
