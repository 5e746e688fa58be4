/* cmd_gen.c — `ccdbench gen --family F --kind K [--count N] [--seed S] -o FILE.csv` and
 * `ccdbench gen --list`.
 *
 * Generates a degenerate dataset, labels every query with the exact ground truth, and writes it
 * (canonical, atomic) with the truth column = exact hit. If the generator's intent disagrees with
 * the exact truth on any query, or the judge leaves one undecided, nothing is written and the
 * exit status is 3 (an internal error: a generator bug, distinct from bad usage). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_cli.h"
#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_suite.h"
#include "ccdb_truth_cache.h"
#include "ccdb_util.h"
#include "options.h"

/* --set without --kind: this share (in percent) of vertex-face queries, as in the public
 * benchmark (18 M vertex-face, 41 M edge-edge). */
#define GEN_SET_VF_PERCENT 30

static void gen_usage(FILE *f)
{
    fputs("usage: ccdbench gen --family F --kind K [--count N] [--seed S] [--min-sep D]\n"
          "                    -o FILE.csv\n"
          "       ccdbench gen --family F --set DIR [--kind K] [--count N] [--seed S]\n"
          "                    [--per-file Q] [--threads T]\n"
          "       ccdbench gen --list\n"
          "\n"
          "Generates queries of one degenerate family, labels each with the exact ground truth\n"
          "and writes them in the public rational CSV format (truth column = exact hit).\n"
          "The same family, kind, count and seed give the same bytes on every machine.\n"
          "\n",
          f);
    ccdb_cli_print_options(f, CCDB_CMD_GEN);
    fputs("\nexit status: 0 success, 2 bad usage or I/O error, 3 the generator's intended answer\n"
          "disagrees with the exact ground truth (a generator bug), or the judge left a query\n"
          "undecided (sweeps: a label it cannot give); nothing is written\n",
          f);
}

static void list_families(FILE *f)
{
    for (size_t i = 0; i < ccdb_gen_family_count(); i++) {
        const ccdb_gen_family *fam = ccdb_gen_family_at(i);
        char kinds[64] = "";
        for (int k = 0; k < CCDB_KIND_COUNT; k++)
            if (fam->kinds & (1u << k)) {
                size_t len = strlen(kinds);
                snprintf(kinds + len, sizeof kinds - len, "%s%s", len ? "," : "",
                         ccdb_kind_name((ccdb_kind)k));
            }
        fprintf(f, "%-22s %-6s %s\n", fam->name, kinds, fam->summary);
    }
    for (size_t i = 0; i < ccdb_gen_sep_family_count(); i++) { /* all vf and ee */
        const ccdb_gen_family *fam = ccdb_gen_sep_family_at(i);
        fprintf(f, "%-22s %-6s (--min-sep D) %s\n", fam->name, "vf,ee", fam->summary);
    }
}

/* One file of a set: generated from its own seed, labelled with the exact truth (intent
 * checked), written atomically. Returns 0, 2 (I/O) or 3 (intent vs truth). */
static int gen_set_file(const ccdb_gen_family *fam, ccdb_kind kind, size_t n, uint64_t seed,
                        int threads, const ccdb_atomic_dir *out, const char *path, size_t *hits)
{
    ccdb_dataset ds;
    ccdb_gen_intent *intent = NULL;
    ccdb_truth_result *truth = NULL;
    char err[1024];
    int status = 0;
    if (ccdb_generate(fam->name, kind, n, seed, &ds, &intent, err, sizeof err)) {
        fprintf(stderr, "ccdbench gen: %s\n", err);
        return 2;
    }
    if (!(truth = calloc(n, sizeof *truth)) || ccdb_truth_compute(&ds, threads, truth) != 0) {
        fprintf(stderr, "ccdbench gen: out of memory\n");
        status = 2;
    } else if (ccdb_gen_check(&ds, intent, truth, err, sizeof err)) {
        fprintf(stderr, "ccdbench gen: internal error: %s\n", err);
        status = 3;
    } else {
        ccdb_csv_error cerr;
        if (ccdb_csv_write(path, &ds, &cerr)) {
            ccdb_atomic_dir_final_names(out, cerr.message, sizeof cerr.message);
            fprintf(stderr, "ccdbench gen: %s\n", cerr.message);
            status = 2;
        }
        for (size_t i = 0; i < n; i++)
            *hits += ds.label[i];
    }
    free(truth);
    free(intent);
    ccdb_dataset_free(&ds);
    return status;
}

/* What DIR/<family> of a set holds: gen --set replaces nothing else (ccdb_atomic_dir). */
static const char *const set_entries[] = { "vertex-face/", "vertex-face/*.csv", "edge-edge/",
                                           "edge-edge/*.csv", NULL };

/* gen --set: DIR/<family>/{vertex-face,edge-edge}/NNNNNN.csv. File f of kind k has the seed
 * FNV-1a64 of the three 64-bit words (seed, k, f): files are independent streams, each the same
 * whatever the count of the others. */
static int gen_set(const ccdb_gen_family *fam, ccdb_kind only, uint64_t count, uint64_t seed,
                   size_t per_file, int threads, const char *dir)
{
    uint64_t n_kind[2];
    if (only != CCDB_KIND_UNKNOWN) {
        if (!(fam->kinds & (1u << only)))
            return ccdb_cli_bad_usage("gen", "family '%s' has no %s queries", fam->name,
                                      ccdb_kind_name(only));
        n_kind[only] = count;
        n_kind[1 - only] = 0;
    } else if (fam->kinds != (CCDB_GEN_VF | CCDB_GEN_EE)) {
        ccdb_kind k = (fam->kinds & CCDB_GEN_VF) ? CCDB_KIND_VF : CCDB_KIND_EE;
        n_kind[k] = count;
        n_kind[1 - k] = 0;
    } else {
        n_kind[CCDB_KIND_VF] = count * GEN_SET_VF_PERCENT / 100;
        n_kind[CCDB_KIND_EE] = count - n_kind[CCDB_KIND_VF];
    }
    /* DIR/<family> is written like a report: into a temporary folder beside it, put in place
     * whole at the end (an interrupted or failed run leaves the previous set, or none). */
    char top[4096], err[4400];
    if (snprintf(top, sizeof top, "%s/%s", dir, fam->name) >= (int)sizeof top) {
        fprintf(stderr, "ccdbench gen: --set %s: path too long\n", dir);
        return 2;
    }
    ccdb_atomic_dir out;
    if (ccdb_atomic_dir_open(&out, top, set_entries, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench gen: --set %s\n", err);
        return 2;
    }
    size_t hits = 0, files = 0;
    int st = 0;
    for (int k = 0; k < 2 && !st; k++) {
        const char *folder = k == CCDB_KIND_VF ? "vertex-face" : "edge-edge";
        char sub[4200], path[4300];
        if (!n_kind[k])
            continue;
        snprintf(sub, sizeof sub, "%s/%s", out.tmp, folder);
        if (mkdir(sub, 0777) != 0) {
            fprintf(stderr, "ccdbench gen: %s/%s: cannot create: %s\n", top, folder,
                    strerror(errno));
            st = 2;
        }
        for (uint64_t at = 0, f = 0; at < n_kind[k] && !st; at += per_file, f++) {
            size_t n = n_kind[k] - at < per_file ? (size_t)(n_kind[k] - at) : per_file;
            uint64_t words[3] = { seed, (uint64_t)k, f };
            uint64_t file_seed = ccdb_fnv1a64(CCDB_FNV1A64_BASIS, words, sizeof words);
            snprintf(path, sizeof path, "%s/%06llu.csv", sub, (unsigned long long)f);
            st = gen_set_file(fam, (ccdb_kind)k, n, file_seed, threads, &out, path, &hits);
            files++;
        }
    }
    if (!st && ccdb_atomic_dir_commit(&out, err, sizeof err) != 0) {
        fprintf(stderr, "ccdbench gen: --set %s\n", err);
        st = 2;
    }
    ccdb_atomic_dir_abort(&out);
    if (st)
        return st;
    fprintf(stderr,
            "ccdbench gen: wrote %llu queries of %s (%llu vf, %llu ee; %zu hits; seed %llu) in "
            "%zu files under %s/%s\n",
            (unsigned long long)count, fam->name, (unsigned long long)n_kind[0],
            (unsigned long long)n_kind[1], hits, (unsigned long long)seed, files, dir, fam->name);
    return 0;
}

/* The labels' separation beside a written -o FILE (ccdb_labels_sep_write: FILE.min-sep when
 * min_sep > 0, an earlier record removed otherwise), so that `run` compares them with the truth
 * at their own d. A special file (/dev/stdout) gets no record. If the record cannot be written,
 * FILE goes too: never labels at d without their d. Returns 0 or 2. */
static int record_label_sep(const char *output, double min_sep)
{
    struct stat st;
    ccdb_csv_error cerr;
    if (stat(output, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (min_sep > 0)
            fprintf(stderr,
                    "ccdbench gen: note: %s is not a regular file: the labels' separation "
                    "(%.17g) is not recorded beside it\n",
                    output, min_sep);
        return 0;
    }
    if (ccdb_labels_sep_write(output, min_sep, &cerr) == 0)
        return 0;
    fprintf(stderr, "ccdbench gen: %s (%s removed)\n", cerr.message,
            unlink(output) == 0 ? output : "could not be");
    return 2;
}

int ccdb_cmd_gen(int argc, char **argv)
{
    ccdb_cli_args o;
    int rc = ccdb_cli_command_line(CCDB_CMD_GEN, argc, argv, gen_usage, &o);
    if (rc >= 0)
        return rc;
    if (o.n_pos)
        return ccdb_cli_bad_usage("gen", "unknown argument '%s'", o.pos[0]);
    const char *family = o.family, *output = o.out, *set = o.set;
    const ccdb_kind kind = o.kind;
    const uint64_t count = o.count, seed = o.seed, per_file = o.per_file;
    const int threads = o.threads, list = o.list_families;
    const double min_sep = o.params.min_separation;
    if (list) {
        if (family || output)
            return ccdb_cli_bad_usage("gen", "--list takes no other options");
        list_families(stdout);
        return 0;
    }
    if (!family)
        return ccdb_cli_bad_usage("gen", "--family is required (see `ccdbench gen --list`)");
    const ccdb_gen_family *fam = ccdb_gen_family_find(family);
    const int sep = !fam && (fam = ccdb_gen_sep_family_find(family)) != NULL;
    if (fam && sep && !(min_sep > 0))
        return ccdb_cli_bad_usage("gen", "family '%s' needs --min-sep D", family);
    if (fam && !sep && min_sep > 0)
        return ccdb_cli_bad_usage("gen", "--min-sep applies to the sep_* families only");
    if (!fam)
        return ccdb_cli_bad_usage("gen", "unknown family '%s' (see `ccdbench gen --list`)", family);
    if (set) {
        if (output)
            return ccdb_cli_bad_usage("gen", "--set and -o: one or the other");
        return gen_set(fam, kind, count, seed, (size_t)per_file, (int)threads, set);
    }
    if (count > CCDB_GEN_MAX_COUNT)
        return ccdb_cli_bad_usage("gen", "--count must be at most %zu (more: --set DIR)",
                                  CCDB_GEN_MAX_COUNT);
    if (kind == CCDB_KIND_UNKNOWN)
        return ccdb_cli_bad_usage("gen", "--kind " CCDB_KIND_NAMES " is required");
    if (!(fam->kinds & (1u << kind)))
        return ccdb_cli_bad_usage("gen", "family '%s' has no %s queries", family,
                                  ccdb_kind_name(kind));
    if (!output)
        return ccdb_cli_bad_usage("gen", "-o FILE.csv is required");

    ccdb_dataset ds;
    ccdb_gen_intent *intent = NULL;
    char err[1024];
    if (sep ? ccdb_generate_sep(family, kind, (size_t)count, seed, min_sep, &ds, &intent, err,
                                sizeof err)
            : ccdb_generate(family, kind, (size_t)count, seed, &ds, &intent, err, sizeof err)) {
        fprintf(stderr, "ccdbench gen: %s\n", err);
        return 2;
    }
    int status = 0;
    if (ccdb_gen_label_sep(&ds, intent, min_sep, err, sizeof err)) {
        fprintf(stderr, "ccdbench gen: internal error: %s\n", err);
        status = 3;
    } else {
        ccdb_csv_error cerr;
        if (ccdb_csv_write(output, &ds, &cerr)) {
            fprintf(stderr, "ccdbench gen: %s\n", cerr.message);
            status = 2;
        } else if ((status = record_label_sep(output, min_sep)) == 0) {
            size_t hits = 0;
            for (size_t i = 0; i < ds.count; i++)
                hits += ds.label[i];
            fprintf(stderr,
                    "ccdbench gen: wrote %zu %s queries of %s (%zu hits, seed %llu) to %s\n",
                    ds.count, ccdb_kind_name(kind), family, hits, (unsigned long long)seed, output);
        }
    }
    free(intent);
    ccdb_dataset_free(&ds);
    return status;
}
