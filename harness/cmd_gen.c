/* cmd_gen.c — `ccdbench gen --family F --kind K [--count N] [--seed S] -o FILE.csv` and
 * `ccdbench gen --list`.
 *
 * Generates a degenerate dataset, labels every query with the exact ground truth, and writes it
 * (canonical, atomic) with the truth column = exact hit. If the generator's intent disagrees with
 * the exact truth on any query, nothing is written and the exit status is 3 (an internal error:
 * a generator bug, distinct from bad usage). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_cli.h"
#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_suite.h"

#define GEN_DEFAULT_COUNT 1000
#define GEN_DEFAULT_SEED  1

static void gen_usage(FILE *f)
{
    fprintf(f,
            "usage: ccdbench gen --family F --kind K [--count N] [--seed S] -o FILE.csv\n"
            "       ccdbench gen --list\n"
            "\n"
            "Generates queries of one degenerate family, labels each with the exact ground truth\n"
            "and writes them in the public rational CSV format (truth column = exact hit).\n"
            "The same family, kind, count and seed give the same bytes on every machine.\n"
            "\n"
            "options:\n"
            "  --family F     generator family (see --list)\n"
            "  --kind K       vf, ee (linear), rigid-vf, rigid-ee (rigid motion)\n"
            "  --count N      number of queries, 1..%zu (default %d)\n"
            "  --seed S       unsigned 64-bit seed, decimal or 0x-hex (default %d)\n"
            "  -o FILE.csv    output file (written atomically)\n"
            "  --list         the families, their kinds and a one-line description\n"
            "  -h, --help     this text\n"
            "\n"
            "exit status: 0 success, 2 bad usage or I/O error, 3 the generator's intended answer\n"
            "disagrees with the exact ground truth (a generator bug; nothing is written)\n",
            CCDB_GEN_MAX_COUNT, GEN_DEFAULT_COUNT, GEN_DEFAULT_SEED);
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
}

/* Strict unsigned parse: digits only (or 0x-hex), no sign, no trailing text, no overflow. */
static int parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return -1;
    int base = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10;
    if (base == 16 && !s[2])
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, base);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int ccdb_cmd_gen(int argc, char **argv)
{
    const char *family = NULL, *output = NULL;
    ccdb_kind kind = CCDB_KIND_UNKNOWN;
    uint64_t count = GEN_DEFAULT_COUNT, seed = GEN_DEFAULT_SEED;
    int list = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            gen_usage(stdout);
            return 0;
        } else if (!strcmp(s, "--list")) {
            list = 1;
        } else if (!strcmp(s, "--family") || !strcmp(s, "--kind") || !strcmp(s, "--count") ||
                   !strcmp(s, "--seed") || !strcmp(s, "-o") || !strcmp(s, "--output")) {
            if (i + 1 >= argc)
                return ccdb_cli_bad_usage("gen", "%s needs a value", s);
            const char *v = argv[++i];
            if (!strcmp(s, "--family")) {
                if (family)
                    return ccdb_cli_bad_usage("gen", "--family given twice");
                family = v;
            } else if (!strcmp(s, "--kind")) {
                if (ccdb_kind_parse(v, &kind))
                    return ccdb_cli_bad_usage("gen", "--kind must be " CCDB_KIND_NAMES ", not '%s'",
                                              v);
            } else if (!strcmp(s, "--count")) {
                if (parse_u64(v, &count) || count < 1 || count > CCDB_GEN_MAX_COUNT)
                    return ccdb_cli_bad_usage("gen",
                                              "--count must be an integer in 1..%zu, not '%s'",
                                              CCDB_GEN_MAX_COUNT, v);
            } else if (!strcmp(s, "--seed")) {
                if (parse_u64(v, &seed))
                    return ccdb_cli_bad_usage(
                        "gen",
                        "--seed must be an unsigned 64-bit integer (decimal or 0x-hex), not '%s'",
                        v);
            } else {
                if (output)
                    return ccdb_cli_bad_usage("gen", "-o given twice");
                if (!*v)
                    return ccdb_cli_bad_usage("gen", "-o needs a file name");
                output = v;
            }
        } else {
            return ccdb_cli_bad_usage("gen", "unknown argument '%s'", s);
        }
    }
    if (list) {
        if (family || output)
            return ccdb_cli_bad_usage("gen", "--list takes no other options");
        list_families(stdout);
        return 0;
    }
    if (!family)
        return ccdb_cli_bad_usage("gen", "--family is required (see `ccdbench gen --list`)");
    const ccdb_gen_family *fam = ccdb_gen_family_find(family);
    if (!fam)
        return ccdb_cli_bad_usage("gen", "unknown family '%s' (see `ccdbench gen --list`)", family);
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
    if (ccdb_generate(family, kind, (size_t)count, seed, &ds, &intent, err, sizeof err)) {
        fprintf(stderr, "ccdbench gen: %s\n", err);
        return 2;
    }
    int status = 0;
    if (ccdb_gen_label(&ds, intent, err, sizeof err)) {
        fprintf(stderr, "ccdbench gen: internal error: %s\n", err);
        status = 3;
    } else {
        ccdb_csv_error cerr;
        if (ccdb_csv_write(output, &ds, &cerr)) {
            fprintf(stderr, "ccdbench gen: %s\n", cerr.message);
            status = 2;
        } else {
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
