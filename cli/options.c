/* options.c — the one table of command-line options, its parser and its --help printer
 * (options.h). A default is written once, in its row: ccdb_cli_defaults parses it with the row's
 * own parser, and --help prints it from the same text. */
#include "options.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_cli.h"
#include "ccdb_generators.h"

/* --- value parsers: one per option, each refusing bad values with the usage error of cmd --- */

static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno == ERANGE || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Strict unsigned parse: digits only (or 0x-hex), no sign, no trailing text, no overflow. */
static int parse_u64(const char *s, uint64_t *out)
{
    if (!*s || *s == '-' || *s == '+' || *s == ' ')
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

/* "vf,ee,...": a bit per kind into *mask. 0, or -1 (an unknown or empty name). */
static int parse_kinds(const char *text, unsigned *mask)
{
    char copy[128];
    if (!*text || strlen(text) >= sizeof copy)
        return -1;
    snprintf(copy, sizeof copy, "%s", text);
    *mask = 0;
    for (char *save = NULL, *name = strtok_r(copy, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        ccdb_kind k;
        if (ccdb_kind_parse(name, &k) != 0)
            return -1;
        *mask |= 1u << k;
    }
    return *mask ? 0 : -1;
}

static int opt_help(const char *cmd, const char *v, ccdb_cli_args *a)
{
    (void)cmd, (void)v;
    a->help = 1;
    return 0;
}

/* The flags: each sets its field. */
#define FLAG_PARSER(fn, field)                                      \
    static int fn(const char *cmd, const char *v, ccdb_cli_args *a) \
    {                                                               \
        (void)cmd, (void)v;                                         \
        a->field = 1;                                               \
        return 0;                                                   \
    }
FLAG_PARSER(opt_isolate, isolate)
FLAG_PARSER(opt_no_isolate, no_isolate)
FLAG_PARSER(opt_fail_on_fn, fail_on_fn)
FLAG_PARSER(opt_round_inputs, round_inputs)
FLAG_PARSER(opt_no_cache, no_cache)
FLAG_PARSER(opt_stats, stats)
FLAG_PARSER(opt_list_families, list_families)
FLAG_PARSER(opt_all, all)
FLAG_PARSER(opt_references, references)
FLAG_PARSER(opt_fail_on_new_fn, fail_on_new_fn)

static int opt_solvers(const char *cmd, const char *v, ccdb_cli_args *a)
{
    (void)cmd;
    a->solvers = v;
    return 0;
}

static int opt_plugin(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (!*v)
        return ccdb_cli_bad_usage(cmd, "--plugin needs a path (--plugin X.so)");
    if (a->n_plugins == CCDB_CLI_MAX_LIST)
        return ccdb_cli_bad_usage(cmd, "too many --plugin options");
    a->plugins[a->n_plugins++] = v;
    return 0;
}

static int opt_data(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (a->n_data == CCDB_CLI_MAX_LIST)
        return ccdb_cli_bad_usage(cmd, "too many --data options");
    a->data[a->n_data++] = v;
    return 0;
}

static int opt_kind(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (ccdb_kind_parse(v, &a->kind) != 0)
        return ccdb_cli_bad_usage(cmd, "--kind must be " CCDB_KIND_NAMES ", not '%s'", v);
    return 0;
}

static int opt_only_kind(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (parse_kinds(v, &a->only_kinds) != 0)
        return ccdb_cli_bad_usage(
            cmd, "--only-kind must be a comma list of " CCDB_KIND_NAMES ", not '%s'", v);
    return 0;
}

static int opt_repeat(const char *cmd, const char *v, ccdb_cli_args *a)
{
    long l;
    if (parse_long(v, 1, 1000000, &l) != 0)
        return ccdb_cli_bad_usage(cmd, "--repeat must be an integer >= 1, not '%s'", v);
    a->repeat = (int)l;
    return 0;
}

static int opt_threads(const char *cmd, const char *v, ccdb_cli_args *a)
{
    long l;
    if (parse_long(v, 1, 1024, &l) != 0)
        return ccdb_cli_bad_usage(cmd, "--threads must be an integer in 1..1024, not '%s'", v);
    a->threads = (int)l;
    return 0;
}

/* Below CCDB_CLI_TIMEOUT_MIN the limit would round to 0 ns, which means none. */
static int opt_timeout(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (ccdb_cli_parse_double(v, &a->timeout_s) != 0 || !(a->timeout_s >= CCDB_CLI_TIMEOUT_MIN))
        return ccdb_cli_bad_usage(cmd,
                                  "--timeout must be a number of seconds >= %g (the limit is "
                                  "counted in nanoseconds), not '%s'",
                                  CCDB_CLI_TIMEOUT_MIN, v);
    return 0;
}

static int opt_delta(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (ccdb_cli_parse_double(v, &a->params.delta) != 0 || !(a->params.delta > 0))
        return ccdb_cli_bad_usage(cmd, "--delta must be a number > 0, not '%s'", v);
    return 0;
}

static int opt_max_iter(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (parse_long(v, 1, 0x7fffffffL, &a->params.max_iterations) != 0)
        return ccdb_cli_bad_usage(cmd, "--max-iter must be an integer >= 1, not '%s'", v);
    return 0;
}

/* --min-sep D: a finite double >= 0 (subnormals included: the judge takes any such d exactly;
 * -0 becomes 0); gen's sep_* families want D in (0, 2^900]. */
static int opt_min_sep(const char *cmd, const char *v, ccdb_cli_args *a)
{
    double *d = &a->params.min_separation;
    if (!strcmp(cmd, "gen")) {
        if (ccdb_cli_parse_double(v, d) != 0 || !(*d > 0) || !(*d <= 0x1p900))
            return ccdb_cli_bad_usage(cmd, "--min-sep must be a number in (0, 2^900], not '%s'", v);
        return 0;
    }
    if (ccdb_cli_parse_double(v, d) != 0 || !(*d >= 0))
        return ccdb_cli_bad_usage(cmd,
                                  "--min-sep must be a finite number >= 0 (0, or at least the "
                                  "smallest double, 4.9e-324), not '%s'",
                                  v);
    *d = *d + 0.0; /* -0 is 0 */
    return 0;
}

static int opt_chunk(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (parse_long(v, 1, 1L << 30, &a->chunk) != 0)
        return ccdb_cli_bad_usage(cmd, "--chunk must be an integer in 1..2^30, not '%s'", v);
    return 0;
}

static int opt_out(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (!*v)
        return ccdb_cli_bad_usage(cmd, "-o needs a %s",
                                  strcmp(cmd, "run") ? "file name" : "folder");
    a->out = v;
    return 0;
}

static int opt_index(const char *cmd, const char *v, ccdb_cli_args *a)
{
    char *end;
    errno = 0;
    a->index = strtoll(v, &end, 10);
    if (!*v || *end || errno || a->index < 0)
        return ccdb_cli_bad_usage(cmd, "--index must be an integer >= 0, not '%s'", v);
    return 0;
}

static int opt_family(const char *cmd, const char *v, ccdb_cli_args *a)
{
    (void)cmd;
    a->family = v;
    return 0;
}

static int opt_count(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (parse_u64(v, &a->count) || a->count < 1 || a->count > CCDB_CLI_GEN_SET_MAX_COUNT)
        return ccdb_cli_bad_usage(cmd,
                                  "--count must be an integer in 1..%zu (--set: 1..%llu), not '%s'",
                                  CCDB_GEN_MAX_COUNT, CCDB_CLI_GEN_SET_MAX_COUNT, v);
    return 0;
}

static int opt_seed(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (parse_u64(v, &a->seed))
        return ccdb_cli_bad_usage(
            cmd, "--seed must be an unsigned 64-bit integer (decimal or 0x-hex), not '%s'", v);
    return 0;
}

static int opt_set(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (!*v)
        return ccdb_cli_bad_usage(cmd, "--set needs a folder");
    a->set = v;
    return 0;
}

static int opt_per_file(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (parse_u64(v, &a->per_file) || a->per_file < 1 || a->per_file > CCDB_GEN_MAX_COUNT)
        return ccdb_cli_bad_usage(cmd, "--per-file must be an integer in 1..%zu, not '%s'",
                                  CCDB_GEN_MAX_COUNT, v);
    return 0;
}

static int opt_from(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (!*v)
        return ccdb_cli_bad_usage(cmd, "--from needs a repository (path or URL)");
    a->from = v;
    return 0;
}

static int opt_list_n(const char *cmd, const char *v, ccdb_cli_args *a)
{
    if (parse_long(v, 0, 1000000, &a->list_n) != 0)
        return ccdb_cli_bad_usage(cmd, "--list must be an integer in 0..1000000, not '%s'", v);
    return 0;
}

/* --- the table --- */

#define RUN      CCDB_CMD_RUN
#define REPLAY   CCDB_CMD_REPLAY
#define TRUTH    CCDB_CMD_TRUTH
#define GEN      CCDB_CMD_GEN
#define LIST     CCDB_CMD_LIST
#define DATA     CCDB_CMD_DATA
#define COMPARE  CCDB_CMD_COMPARE
#define KIND_SET "vf, ee (linear motion), rigid-vf, rigid-ee (rigid motion,\ndocs/rigid.md), "

static const ccdb_cli_option table[] = {
    /* run and replay */
    { CCDB_OPT_SOLVERS, "--solvers", NULL, "a,b", NULL, RUN | REPLAY, 0,
      "solvers to run (default: every registered one: the built-ins\nand the --plugin ones); "
      "a name that is neither is loaded as\nNAME.so from a folder of $CCDB_PLUGIN_PATH, else "
      "from this\nbuild's peers folder",
      opt_solvers },
    { CCDB_OPT_PLUGIN, "--plugin", NULL, "X.so", NULL, RUN | REPLAY | LIST, 0,
      "load a solver plugin (repeatable; a bare name means ./X.so)", opt_plugin },
    { CCDB_OPT_DATA, "--data", NULL, "PATH", NULL, RUN, 0,
      "a CSV file, or a folder searched for *.csv (repeatable): 7-column\nfiles (2021 "
      "benchmark), or 6-column ones (2023 dataset) with their\nlabels from <scene>/mma_bool/ "
      "when present (docs/csv-format.md);\nor the name of a public dataset fetched with "
      "`ccdbench data fetch`\n(./NAME for a folder of that name here); one file reached "
      "several\nways (a link, a folder holding it) is read once; default: the\nbuilt-in suite "
      "(every generator family, fixed seeds)",
      opt_data },
    { CCDB_OPT_KIND, "--kind", NULL, "K", NULL, RUN | REPLAY, 0,
      "query kind (vf, ee, rigid-vf, rigid-ee, sweep-vf, sweep-ee) of\nfiles whose path names "
      "none: no kind folder (vertex-face/,\nedge-edge/, rigid-vertex-face/, rigid-edge-edge/,\n"
      "sweep-vertex-face/, sweep-edge-edge/), no <step><vf|ee>.csv name;\nrefused for a file "
      "whose path names a kind, and (run) without --data",
      opt_kind },
    { CCDB_OPT_ONLY_KIND, "--only-kind", NULL, "K,..", NULL, RUN, 0,
      "run only the datasets of these kinds (the built-in suite's, or\n--data's), dropping the "
      "others",
      opt_only_kind },
    { CCDB_OPT_REPEAT, "--repeat", NULL, "R", "3", RUN, 0,
      "timed passes of the whole query loop (default {}; median reported)", opt_repeat },
    { CCDB_OPT_THREADS, "--threads", NULL, "T", "1", RUN, 0,
      "split each dataset into T contiguous chunks (default {})", opt_threads },
    { CCDB_OPT_ISOLATE, "--isolate", NULL, NULL, NULL, RUN | REPLAY, 0,
      "run every solver in a child process (run: per dataset; default:\nonly solvers from "
      "plugins; built-ins run in-process)",
      opt_isolate },
    { CCDB_OPT_NO_ISOLATE, "--no-isolate", NULL, NULL, NULL, RUN | REPLAY, 0,
      "run plugins in-process too (a crash then ends the run)", opt_no_isolate },
    { CCDB_OPT_TIMEOUT, "--timeout", NULL, "S", "300", RUN | REPLAY, 0,
      "wall-clock limit per isolated solver x dataset (default {};\nat least 1e-9: the limit "
      "is counted in nanoseconds); under\nmpirun it is the watchdog's too: a rank whose work "
      "unit\ntakes more than S to read its chunk and truth, or more than\nS + 5 s to run its "
      "solver and judge it, aborts the job\n(docs/mpi.md)",
      opt_timeout },
    { CCDB_OPT_FAIL_ON_FN, "--fail-on-fn", NULL, NULL, NULL, RUN, 0,
      "exit 1 when a solver claiming to be conservative has a false\nnegative or reports a TOI "
      "later than the exact one",
      opt_fail_on_fn },
    { CCDB_OPT_DELTA, "--delta", NULL, "D", "1e-6", RUN | REPLAY, 0,
      "the solvers' numerical tolerance (default {})", opt_delta },
    { CCDB_OPT_MAX_ITER, "--max-iter", NULL, "N", "1000000", RUN | REPLAY, 0,
      "the solvers' iteration cap (default {})", opt_max_iter },
    { CCDB_OPT_MIN_SEP, "--min-sep", NULL, "D", "0", RUN | REPLAY, 0,
      "minimum separation (default {}): with D > 0, the solvers that claim\nminimum separation "
      "(`ccdbench list`, column minsep) are judged by\nthe exact truth at separation D "
      "(distance <= D counts as a\ncontact), every other solver by the contact truth (D = 0);\n"
      "summary.csv's column truth_min_sep and the report's claims say\nwhich; a solver's band "
      "LO..HI (list) is judged at LO and HI\n(docs/harness.md)",
      opt_min_sep },
    { CCDB_OPT_ROUND_INPUTS, "--round-inputs", NULL, NULL, NULL, RUN | REPLAY, 0,
      "round CSV values that are not doubles (the report says so)", opt_round_inputs },
    { CCDB_OPT_NO_CACHE, "--no-cache", NULL, NULL, NULL, RUN, 0,
      "neither read nor write the truth cache ($CCDB_CACHE_DIR, else\n$XDG_CACHE_HOME/ccdbench, "
      "else ~/.cache/ccdbench; used only when\nit is yours and no one else can write into it)",
      opt_no_cache },
    { CCDB_OPT_CHUNK, "--chunk", NULL, "Q", NULL, RUN, 0,
      "under mpirun/srun (docs/mpi.md): queries per work unit (a chunk\nx one solver), handed "
      "out to ranks on demand; default 65536 for\nfiles, 20 for the built-in suite; smaller for "
      "slow solvers",
      opt_chunk },
    { CCDB_OPT_OUT, "-o", NULL, "DIR", "reports/latest", RUN, 0,
      "report folder (default {}), replaced as a whole when\nthe run ends: summary.csv and "
      ".jsonl, index.html, findings.csv and\n.jsonl (every finding: its dataset, query index, "
      "replay command),\nmisses/, bad-toi/, false-positives/, crashes/, undecided/\n(refused when "
      "it holds "
      "anything else, at any depth)",
      opt_out },
    { CCDB_OPT_INDEX, "--index", NULL, "I", NULL, REPLAY, 1,
      "the query (0-based) of FILE.csv to replay (required)", opt_index },
    /* truth */
    { CCDB_OPT_KIND, "--kind", NULL, "K", NULL, TRUTH, 0,
      KIND_SET "sweep-vf, sweep-ee (the engines' motion,\ndocs/sweep.md: class undecided when "
               "the certified judge cannot\ndecide); default: from a vertex-face, edge-edge, "
               "rigid-vertex-face,\nrigid-edge-edge, sweep-vertex-face or sweep-edge-edge folder "
               "in\nthe path of FILE.csv, or a <step><vf|ee>.csv file name; refused\nwhen the "
               "path names a kind (a kind folder is never read as\nanother kind)",
      opt_kind },
    { CCDB_OPT_OUT, "--output", "-o", "OUT.csv", NULL, TRUTH, 1,
      "write there (atomically: temporary file, then rename); default stdout", opt_out },
    { CCDB_OPT_STATS, "--stats", NULL, NULL, NULL, TRUTH, 0,
      "to stderr: queries, hits, queries decided per stage (sweep, fp_rigid,\nbox, filter, "
      "sep_fp, plane, fp_roots, exact: count and share;\nfp_rigid on rigid kinds at D = 0 "
      "only, sep_fp on linear kinds\nat D > 0 only, plane at D > 0 only, fp_roots on linear "
      "kinds and\nrigid pure translations at D = 0 only) and mean time per query over the\ntruth "
      "loop",
      opt_stats },
    { CCDB_OPT_ROUND_INPUTS, "--round-inputs", NULL, NULL, NULL, TRUTH, 0,
      "accept values that are not exactly doubles, rounding them to nearest\n(the count is "
      "reported on stderr); default: such values are errors",
      opt_round_inputs },
    { CCDB_OPT_MIN_SEP, "--min-sep", NULL, "D", "0", TRUTH, 0,
      "judge at the minimum separation D (a number >= 0, taken exactly as\nthe double it parses "
      "to): the earliest t with distance <= D,\nevery kind (rigid: between the moving and the "
      "still primitive).\nD = {} (the default) is the contact judge, output unchanged",
      opt_min_sep },
    /* gen */
    { CCDB_OPT_FAMILY, "--family", NULL, "F", NULL, GEN, 1, "generator family (see --list)",
      opt_family },
    { CCDB_OPT_KIND, "--kind", NULL, "K", NULL, GEN, 0,
      KIND_SET "sweep-vf,\nsweep-ee (the engines' motion, docs/sweep.md: the sweep_* families)",
      opt_kind },
    { CCDB_OPT_COUNT, "--count", NULL, "N", "1000", GEN, 0,
      "number of queries, 1..10000000 (default {})", opt_count },
    { CCDB_OPT_SEED, "--seed", NULL, "S", "1", GEN, 0,
      "unsigned 64-bit seed, decimal or 0x-hex (default {})", opt_seed },
    { CCDB_OPT_MIN_SEP, "--min-sep", NULL, "D", NULL, GEN, 0,
      "the separation of the sep_* families (required by them, a number\n> 0 taken exactly as "
      "the double it parses to): hits come to exactly\nD (sep_corner: or pass inside it), "
      "misses stay one ulp outside it;\nlabels are the exact truth at D (`ccdbench truth "
      "--min-sep D`),\nD recorded in FILE.csv.min-sep: `run` compares the labels with\nthe "
      "truth at D",
      opt_min_sep },
    { CCDB_OPT_OUT, "--output", "-o", "FILE.csv", NULL, GEN, 1,
      "output file (written atomically; without --min-sep an earlier\nFILE.csv.min-sep is "
      "removed)",
      opt_out },
    { CCDB_OPT_SET, "--set", NULL, "DIR", NULL, GEN, 1,
      "a data set in the public layout instead of one file:\nDIR/F/{vertex-face,edge-edge}/"
      "NNNNNN.csv, files of Q queries\n(--per-file), each from its own seed; without\n--kind, "
      "30% vertex-face and 70% edge-edge as in the public\nbenchmark; --count up to 10^10 "
      "(memory: one file at a time);\nDIR/F is written beside it and replaced whole at the end",
      opt_set },
    { CCDB_OPT_PER_FILE, "--per-file", NULL, "Q", "100000", GEN, 0,
      "--set: queries per file (default {})", opt_per_file },
    { CCDB_OPT_THREADS, "--threads", NULL, "T", "1", GEN, 0,
      "--set: threads for the exact truth of each file (default {})", opt_threads },
    { CCDB_OPT_LIST_FAMILIES, "--list", NULL, NULL, NULL, GEN, 0,
      "the families, their kinds and a one-line description", opt_list_families },
    /* list */
    { CCDB_OPT_ALL, "--all", NULL, NULL, NULL, LIST, 0,
      "also every plugin found in $CCDB_PLUGIN_PATH and the peers folder", opt_all },
    { CCDB_OPT_REFERENCES, "--references", NULL, NULL, NULL, LIST, 0,
      "also print the paper or source each solver follows", opt_references },
    /* data */
    { CCDB_OPT_FROM, "--from", NULL, "REPO", NULL, DATA, 0,
      "fetch from this git repository (a path or URL holding the pinned\ncommit: a mirror) "
      "instead of the upstream one",
      opt_from },
    /* compare */
    { CCDB_OPT_FAIL_ON_NEW_FN, "--fail-on-new-fn", NULL, NULL, NULL, COMPARE, 0,
      "exit 1 when a solver has a false negative in B that it did not\nhave in A",
      opt_fail_on_new_fn },
    { CCDB_OPT_LIST_N, "--list", NULL, "N", "10", COMPARE, 0,
      "changed queries listed per solver and category (default {}; 0:\nnone, counts only; the "
      "findings.csv files hold all of them)",
      opt_list_n },
    /* every command */
    { CCDB_OPT_HELP, "--help", "-h", NULL, NULL, CCDB_CMD_ALL, 0, "this text", opt_help },
};

const ccdb_cli_option *ccdb_cli_option_at(size_t i)
{
    return i < sizeof table / sizeof *table ? &table[i] : NULL;
}

size_t ccdb_cli_option_count(void)
{
    return sizeof table / sizeof *table;
}

static const char *const cmd_names[] = {
    "run", "replay", "truth", "gen", "list", "data", "compare"
};

const char *ccdb_cli_cmd_name(ccdb_cli_cmd cmd)
{
    for (size_t i = 0; i < sizeof cmd_names / sizeof *cmd_names; i++)
        if (cmd == 1u << i)
            return cmd_names[i];
    return "?";
}

ccdb_cli_cmd ccdb_cli_cmd_of(const char *name)
{
    for (size_t i = 0; i < sizeof cmd_names / sizeof *cmd_names; i++)
        if (!strcmp(name, cmd_names[i]))
            return (ccdb_cli_cmd)(1u << i);
    return (ccdb_cli_cmd)0;
}

ccdb_cli_args ccdb_cli_defaults(ccdb_cli_cmd cmd)
{
    ccdb_cli_args a;
    memset(&a, 0, sizeof a);
    a.kind = CCDB_KIND_UNKNOWN;
    a.index = -1;
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if ((table[i].commands & cmd) && table[i].def) {
            int bad = table[i].parse(ccdb_cli_cmd_name(cmd), table[i].def, &a);
            assert(!bad && "a default of the option table is refused by its own parser");
            (void)bad;
        }
    return a;
}

/* The row of cmd named by arg ("--name", its alias, or "--name=..."). */
static const ccdb_cli_option *find_row(ccdb_cli_cmd cmd, const char *arg)
{
    size_t len = arg[1] == '-' ? strcspn(arg, "=") : strlen(arg); /* "--name=VALUE" */
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        const ccdb_cli_option *r = &table[i];
        if (!(r->commands & cmd))
            continue;
        if ((strlen(r->name) == len && !strncmp(arg, r->name, len)) ||
            (r->alias && !strcmp(arg, r->alias)))
            return r;
    }
    return NULL;
}

int ccdb_cli_parse(ccdb_cli_cmd cmd, int argc, char **argv, ccdb_cli_args *a)
{
    const char *name = ccdb_cli_cmd_name(cmd);
    int only_positional = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (only_positional || s[0] != '-' || !s[1]) { /* "-" is a file name: stdin */
            if (a->n_pos == CCDB_CLI_MAX_POS)
                return ccdb_cli_bad_usage(name, "too many arguments ('%s')", s);
            a->pos[a->n_pos++] = s;
            continue;
        }
        if (!strcmp(s, "--")) {
            only_positional = 1;
            continue;
        }
        const ccdb_cli_option *r = find_row(cmd, s);
        if (!r)
            return ccdb_cli_bad_usage(name, "unknown option '%s' (see ccdbench %s --help)", s,
                                      name);
        const char *eq = strchr(s, '=');
        const char *v = NULL;
        if (r->arg) {
            v = eq && s[1] == '-' ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
            if (!v)
                return ccdb_cli_bad_usage(name, "%s needs a value", s);
        } else if (eq && s[1] == '-') {
            return ccdb_cli_bad_usage(name, "%s takes no value", r->name);
        }
        if (r->once && a->given[r->id])
            return ccdb_cli_bad_usage(name, "%s given twice", r->alias ? r->alias : r->name);
        if (a->given[r->id] < 255)
            a->given[r->id]++;
        if (r->parse(name, v, a) != 0)
            return 2;
        if (a->help)
            return 0;
    }
    return 0;
}

int ccdb_cli_command_line(ccdb_cli_cmd cmd, int argc, char **argv, void (*usage)(FILE *),
                          ccdb_cli_args *a)
{
    *a = ccdb_cli_defaults(cmd);
    if (ccdb_cli_parse(cmd, argc, argv, a) != 0)
        return 2;
    if (a->help) {
        usage(stdout);
        return 0;
    }
    return -1;
}

/* A row's help text, each line indented to the column, "{}" replaced by the default. */
static void print_help_text(FILE *f, const ccdb_cli_option *r, int column)
{
    for (const char *p = r->help; *p; p++) {
        if (p[0] == '{' && p[1] == '}' && r->def) {
            fputs(r->def, f);
            p++;
        } else {
            fputc(*p, f);
            if (*p == '\n')
                fprintf(f, "%*s", column, "");
        }
    }
    fputc('\n', f);
}

void ccdb_cli_print_options(FILE *f, ccdb_cli_cmd cmd)
{
    enum { COLUMN = 20 };
    fputs("options:\n", f);
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        const ccdb_cli_option *r = &table[i];
        if (!(r->commands & cmd))
            continue;
        char label[64];
        snprintf(label, sizeof label, "%s%s%s%s%s", r->alias ? r->alias : "", r->alias ? ", " : "",
                 r->name, r->arg ? " " : "", r->arg ? r->arg : "");
        int n = fprintf(f, "  %s", label);
        if (n >= COLUMN)
            fprintf(f, "\n%*s", COLUMN, "");
        else
            fprintf(f, "%*s", COLUMN - n, "");
        print_help_text(f, r, COLUMN);
    }
}
