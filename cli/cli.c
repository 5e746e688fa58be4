/* cli.c — shared command-line helpers: usage text and the uniform bad-usage error. */
#include "ccdb_cli.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

void ccdb_cli_usage(FILE *f)
{
    fputs(
        "usage: ccdbench COMMAND [OPTIONS]\n"
        "\n"
        "Benchmark and validate continuous collision detection (CCD) solvers against an exact\n"
        "ground truth (GMP rationals for the decision, MPFR for the time-of-impact bracket).\n"
        "\n"
        "commands:\n"
        "  list                                        solvers, one line each, with their claims\n"
        "  gen --family F --kind K [--count N] [--seed S] -o FILE.csv\n"
        "                                              generate a degenerate dataset (gen --list)\n"
        "  gen --family F --set DIR [--count N] [--per-file Q]\n"
        "                                              a set in the public folder layout\n"
        "  truth FILE.csv [--kind K] [-o OUT.csv] [--stats] [--round-inputs]\n"
        "                                              exact ground truth per query:\n"
        "                                              index,hit,toi_lo,toi_hi,class\n"
        "  run [--solvers a,b] [--data PATH]... [--kind K] [--repeat R] [--threads T]\n"
        "      [--isolate [--timeout S]] [--fail-on-fn] [--delta D] [--max-iter N] [--min-sep D]\n"
        "      [--plugin X.so]... [--round-inputs] [--no-cache] [--chunk Q] [-o DIR]\n"
        "                                              run solvers, write DIR/summary.csv,\n"
        "                                              DIR/index.html and the false negatives in\n"
        "                                              "
        "DIR/misses/{vertex-face,edge-edge}/<solver>.csv\n"
        "  replay FILE.csv --index I [--kind K] [--solvers a,b] [--plugin X.so]...\n"
        "                                              one query: exact truth vs every solver\n"
        "  data list                                   the public datasets, fetched or not\n"
        "  data fetch NAME [--from REPO]               get one at its pinned commit (git); then\n"
        "                                              run --data NAME works from any folder\n"
        "  compare A B [--fail-on-new-fn] [--list N]   two reports of the same data, before and\n"
        "                                              after: changed answers per solver (with\n"
        "                                              replay commands), time ratio and spread\n"
        "\n"
        "  ccdbench COMMAND --help                     options of one command\n"
        "  ccdbench --version                          version, build and library versions\n"
        "\n"
        "exit status: 0 success, 1 a finding asked to fail on (--fail-on-fn, compare\n"
        "             --fail-on-new-fn), 2 bad usage or input,\n"
        "             3 internal consistency failure (a bug in ccdbench: please report it)\n",
        f);
}

int ccdb_cli_parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    /* ERANGE also flags a subnormal result (gradual underflow): keep it, it is a double like
     * any other; refuse an overflow and an underflow to 0 (the text is not 0) */
    int range = errno == ERANGE && !(v != 0 && fabs(v) < DBL_MIN);
    if (!*s || *end || range || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int ccdb_cli_bad_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "ccdbench%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    ccdb_cli_usage(stderr);
    return 2;
}
