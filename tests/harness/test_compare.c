/* test_compare.c — a solver author's loop through the command line: the crashing query found
 * (a plugin that crashes or hangs on query 3: its earlier answers judged, the query in
 * crashes/ with a replay command that reproduces the crash), the findings table naming dataset
 * and index, summary.jsonl and findings.jsonl parsed back field by field against their CSV, and
 * `ccdbench compare` of two runs (no changed answers; a deliberately broken plugin's exact new
 * false negatives and --fail-on-new-fn; reports of different data refused). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_fixture.h"

TestSuite(compare, .init = cli_setup, .fini = cli_teardown);

/* The line of `text` holding all of `a` and `b` (NULL: none), as a new string. */
static char *line_with(const char *text, const char *a, const char *b)
{
    for (const char *p = text; p && *p;) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char *line = strndup(p, n);
        if (strstr(line, a) && (!b || strstr(line, b)))
            return line;
        free(line);
        p = eol ? eol + 1 : NULL;
    }
    return NULL;
}

/* The replay command of the findings table's line holding a and b (its last field: the
 * commands here hold no comma or quote). */
static char *replay_of(const char *table, const char *a, const char *b)
{
    char *line = line_with(table, a, b);
    cr_assert_not_null(line, "no line with %s and %s in\n%s", a, b ? b : "", table);
    char *cmd = strdup(strrchr(line, ',') + 1);
    free(line);
    cr_assert(!strncmp(cmd, "ccdbench replay ", 16), "%s", cmd);
    return cmd;
}

/* cli_points[1] (x = 5 > 0.5, no contact) is the first query testplugin_crash crashes on;
 * query 0 before it is a contact it answers MISS to. */
Test(compare, crash_keeps_earlier_answers_and_names_the_query)
{
    cr_assert_eq(cli_run("run --plugin '%s/testplugin_crash.so' --solvers testplugin_crash "
                         "--data '%s' -o rep",
                         CLI_PLUGINS, cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv"), f[64];
    cli_expect_status(csv, "testplugin_crash", "crashed");
    cr_assert_str_eq(cli_row_field(csv, "testplugin_crash", 8, f, sizeof f), "1",
                     "the miss of query 0, answered before the crash");
    cr_assert_str_eq(cli_row_field(csv, "testplugin_crash", 9, f, sizeof f), "0", "tn");
    cr_assert_str_eq(cli_row_field(csv, "testplugin_crash", 4, f, sizeof f), "4",
                     "the row's queries stay the dataset's");
    free(csv);
    char *table = cli_captured("rep/findings.csv");
    char *line = line_with(table, "crash,testplugin_crash,vf,", NULL);
    cr_assert_not_null(line, "%s", table);
    cr_assert(strstr(line, "/vertex-face/data.csv,1,"), "dataset and query index 1: %s", line);
    free(line);
    line = line_with(table, "miss,testplugin_crash,vf,", "data.csv,0,");
    cr_assert_not_null(line, "%s", table);
    free(line);
    cr_assert_null(line_with(table, "miss,testplugin_crash,vf,", "data.csv,2,"), "after it");
    char *cmd = replay_of(table, "crash,testplugin_crash", NULL);
    cr_assert(strstr(cmd, "/crashes/vertex-face/testplugin_crash.csv --index 0"), "%s", cmd);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "testplugin_crash: 1 crashing (or hanging) query in crashes/"), "%s",
              out);
    free(out);
    free(table);
    /* The replay command alone reproduces the crash, isolated (the plugin named beside the
     * file). */
    cr_assert_eq(cli_run("%s --isolate", cmd + strlen("ccdbench ")), 0);
    out = cli_captured("out.txt");
    cr_assert(strstr(out, "testplugin_crash") && strstr(out, "crashed"), "%s", out);
    free(out);
    free(cmd);
    /* The report folder, crashes/ and the findings table included, is the run's own: a second
     * run replaces it. */
    cr_assert_eq(cli_run("run --plugin '%s/testplugin_crash.so' --solvers testplugin_crash "
                         "--data '%s' -o rep",
                         CLI_PLUGINS, cli_data),
                 0);
}

Test(compare, hang_keeps_earlier_answers_and_names_the_query)
{
    cr_assert_eq(cli_run("run --timeout 1 --plugin '%s/testplugin_hang.so' --solvers "
                         "testplugin_hang --data '%s' -o rep",
                         CLI_PLUGINS, cli_data),
                 0);
    char *csv = cli_captured("rep/summary.csv"), f[64];
    cli_expect_status(csv, "testplugin_hang", "timeout");
    cr_assert_str_eq(cli_row_field(csv, "testplugin_hang", 8, f, sizeof f), "1", "query 0");
    free(csv);
    char *table = cli_captured("rep/findings.csv");
    char *line = line_with(table, "crash,testplugin_hang,vf,", "/vertex-face/data.csv,1,");
    cr_assert_not_null(line, "%s", table);
    free(line);
    free(table);
}

/* ---- JSON Lines read back: a strict parser of the one shape written, an object of string
 * keys to strings, numbers and null per line. */

typedef struct json_field {
    char key[64];
    char value[4096]; /* a string unescaped; a number as written; "" for null */
    int is_null, is_string;
} json_field;

static const char *json_string(const char *p, char *out, size_t len)
{
    cr_assert_eq(*p, '"', "a string at: %.40s", p);
    size_t n = 0;
    for (p++; *p != '"'; p++) {
        cr_assert((unsigned char)*p >= 0x20, "a raw control character in a string");
        char c = *p;
        if (c == '\\') {
            p++;
            if (*p == 'u') {
                unsigned v;
                cr_assert_eq(sscanf(p + 1, "%4x", &v), 1);
                cr_assert(v < 0x80 || v == 0xfffd, "\\u%04x", v);
                c = v == 0xfffd ? '?' : (char)v;
                p += 4;
            } else {
                cr_assert(strchr("\"\\/bfnrt", *p), "escape \\%c", *p);
                c = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p == 'r' ? '\r' : *p;
            }
        }
        cr_assert(n + 1 < len);
        out[n++] = c;
    }
    out[n] = '\0';
    return p + 1;
}

/* Parses one line; returns the number of fields. */
static size_t json_object(const char *line, json_field *f, size_t max)
{
    const char *p = line;
    size_t n = 0;
    cr_assert_eq(*p++, '{', "%s", line);
    while (*p != '}') {
        cr_assert(n < max);
        if (n) {
            cr_assert_eq(*p, ',', "%s", line);
            p++;
        }
        p = json_string(p, f[n].key, sizeof f[n].key);
        cr_assert_eq(*p++, ':');
        f[n].is_null = f[n].is_string = 0;
        if (*p == '"') {
            f[n].is_string = 1;
            p = json_string(p, f[n].value, sizeof f[n].value);
        } else if (!strncmp(p, "null", 4)) {
            f[n].is_null = 1;
            f[n].value[0] = '\0';
            p += 4;
        } else {
            char *end;
            strtod(p, &end);
            cr_assert(end > p && (*p == '-' || (*p >= '0' && *p <= '9')), "a number: %.20s", p);
            cr_assert(!strchr("nNiI", p[*p == '-']), "no nan or inf: %.20s", p);
            snprintf(f[n].value, sizeof f[n].value, "%.*s", (int)(end - p), p);
            p = end;
        }
        n++;
    }
    cr_assert_str_eq(p, "}", "one object per line: %s", line);
    return n;
}

/* The next CSV field of *p (quoted or not) into out; *p moves past its comma or line end. */
static void csv_field(const char **p, char *out, size_t len)
{
    size_t n = 0;
    const char *s = *p;
    if (*s == '"') {
        for (s++;; s++) {
            if (*s == '"' && s[1] == '"')
                s++;
            else if (*s == '"') {
                s++;
                break;
            }
            cr_assert(n + 1 < len);
            out[n++] = *s;
        }
    } else {
        while (*s && *s != ',' && *s != '\n')
            out[n++] = *s++;
    }
    out[n] = '\0';
    if (*s == ',')
        s++;
    *p = s;
}

/* Every line of JSONL holds the CSV record of the same rank: the same names, in order, and the
 * same values (null for an empty cell; a string's CSV cell may carry the ' of the formula
 * guard). Returns the number of records. */
static size_t assert_jsonl_matches_csv(const char *csv_name, const char *jsonl_name)
{
    char *csv = cli_captured(csv_name), *jsonl = cli_captured(jsonl_name);
    static char names[64][64], cellv[4096];
    static json_field f[64];
    const char *p = csv;
    size_t cols = 0, records = 0;
    while (*p != '\n')
        csv_field(&p, names[cols++], sizeof names[0]);
    for (char *line = strtok(jsonl, "\n"); line; line = strtok(NULL, "\n")) {
        cr_assert_eq(*p, '\n', "%s: more JSON lines than CSV records", jsonl_name);
        p++;
        size_t n = json_object(line, f, 64);
        cr_assert_eq(n, cols, "%s: %zu fields, the CSV %zu", jsonl_name, n, cols);
        for (size_t k = 0; k < n; k++) {
            cr_assert_str_eq(f[k].key, names[k]);
            csv_field(&p, cellv, sizeof cellv);
            cr_assert_eq(f[k].is_null, cellv[0] == '\0' && !f[k].is_string, "%s: %s", names[k],
                         line);
            cr_assert_str_eq(f[k].value, cellv, "%s of record %zu", names[k], records);
        }
        records++;
    }
    cr_assert_str_eq(p, "\n", "as many JSON lines as CSV records");
    free(csv);
    free(jsonl);
    return records;
}

Test(compare, json_lines_hold_the_csv_fields)
{
    /* null misses every contact: findings; the crash plugin adds a crash row and a crashed
     * summary row (empty cells, null in JSON). */
    cr_assert_eq(cli_run("run --plugin '%s/testplugin_crash.so' --solvers "
                         "null,testplugin_crash,exact --data '%s' -o rep",
                         CLI_PLUGINS, cli_data),
                 0);
    cr_assert(assert_jsonl_matches_csv("rep/summary.csv", "rep/summary.jsonl") >= 3);
    cr_assert_eq(assert_jsonl_matches_csv("rep/findings.csv", "rep/findings.jsonl"), 5,
                 "null: misses 0, 2, 3; testplugin_crash: miss 0, crash 1");
}

/* ---- compare */

/* The plugin's child inherits the environment: CCDB_TESTPLUGIN_BREAK breaks it. */
static void run_breakable(const char *out, int broken)
{
    if (broken)
        cr_assert_eq(setenv("CCDB_TESTPLUGIN_BREAK", "1", 1), 0);
    cr_assert_eq(cli_run("run --plugin '%s/testplugin_breakable.so' --solvers "
                         "testplugin_breakable,null --repeat 3 --data '%s' -o %s",
                         CLI_PLUGINS, cli_data, out),
                 0);
    cr_assert_eq(unsetenv("CCDB_TESTPLUGIN_BREAK"), 0);
}

Test(compare, two_runs_of_the_same_build_change_no_answer)
{
    run_breakable("a", 0);
    run_breakable("b", 0);
    cr_assert_eq(cli_run("compare a b --fail-on-new-fn"), 0);
    char *out = cli_captured("out.txt");
    cr_assert(strstr(out, "verdict: no changed answers (2 solvers in both)"), "%s", out);
    char *line = line_with(out, "testplugin_breakable ", "+0/-0");
    cr_assert_not_null(line, "%s", out);
    free(line);
    cr_assert_null(strstr(out, "new false negatives"), "%s", out);
    cr_assert_null(strstr(out, "TOI maxima"), "the same TOIs: %s", out);
    free(out);
    /* A report against itself: the times are the same, ratio 1 within the spread. */
    cr_assert_eq(cli_run("compare a a"), 0);
    out = cli_captured("out.txt");
    line = line_with(out, "testplugin_breakable ", "1.000 [");
    cr_assert_not_null(line, "%s", out);
    cr_assert(strstr(line, "within spread"), "%s", line);
    free(line);
    free(out);
}

Test(compare, a_broken_solver_shows_exactly_its_new_false_negatives)
{
    run_breakable("a", 0);
    run_breakable("b", 1);
    /* Broken: query 3 (x = 0.75, a contact) now missed, the one new false negative; query 1
     * (x = 5, no contact) was a false positive and is now a true negative (one gone). */
    cr_assert_eq(cli_run("compare a b --list 5"), 0);
    char *out = cli_captured("out.txt");
    cr_assert(!strncmp(out, "compare A = a, B = b: the same data", 35), "verdict first: %s", out);
    cr_assert(strstr(out, "NEW FALSE NEGATIVES: testplugin_breakable (+1)"), "%s", out);
    char *line = line_with(out, "testplugin_breakable ", "+1/-0     +0/-1");
    cr_assert_not_null(line, "%s", out);
    free(line);
    line = line_with(out, "null ", "+0/-0     +0/-0");
    cr_assert_not_null(line, "null unchanged: %s", out);
    free(line);
    cr_assert(strstr(out, "TOI maxima changed for 1 solver (below)"), "%s", out);
    cr_assert(strstr(out, "  TOI maxima: earliest by 0.5 in A, 0.25 in B; latest late TOI late "
                          "by nan in A, nan in B"),
              "%s", out);
    line = line_with(out, "new false negatives (replay from B): 1", NULL);
    cr_assert_not_null(line, "%s", out);
    free(line);
    line = line_with(
        out, "vf query 3: ccdbench replay b/misses/vertex-face/testplugin_breakable.csv --index 0",
        NULL);
    cr_assert_not_null(line, "%s", out);
    free(line);
    free(out);
    cr_assert_eq(cli_run("compare a b --fail-on-new-fn"), 1);
    cr_assert_eq(cli_run("compare b a --fail-on-new-fn"), 0, "B -> A: that miss is gone");
}

Test(compare, different_data_is_refused_saying_what_differs)
{
    run_breakable("a", 0);
    cr_assert_eq(cli_run("gen --family random --kind vf --count 3 --seed 1 -o other.csv"), 0);
    cr_assert_eq(cli_run("run --solvers null --data other.csv --kind vf -o b"), 0);
    cr_assert_eq(cli_run("compare a b"), 2);
    char *err = cli_captured("err.txt");
    cr_assert(strstr(err, "not the same data"), "%s", err);
    cr_assert(strstr(err, "data.csv (vf): only in A"), "%s", err);
    cr_assert(strstr(err, "other.csv (vf): only in B"), "%s", err);
    free(err);
    cr_assert_eq(cli_run("compare a"), 2, "two folders needed");
    cr_assert_eq(cli_run("compare a missing"), 2);
    err = cli_captured("err.txt");
    cr_assert(strstr(err, "missing/summary.csv"), "%s", err);
    free(err);
    /* A damaged findings table: FILE:LINE: what. */
    char sh[1024];
    snprintf(sh, sizeof sh,
             "cd '%s' && mkdir c && cp a/summary.csv c/ && printf 'category,solver\nmiss,\"x\n' "
             "> c/findings.csv",
             cli_dir);
    cr_assert_eq(system(sh), 0);
    cr_assert_eq(cli_run("compare a c"), 2);
    err = cli_captured("err.txt");
    cr_assert(strstr(err, "c/findings.csv:2: a quoted field is never closed"), "%s", err);
    free(err);
}
