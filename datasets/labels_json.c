/* labels_json.c — the 2023 dataset's labels: a strict reader of one JSON array of booleans.
 *
 * Grammar (RFC 8259 restricted to what the files hold): ws '[' ws ( bool ( ws ',' ws bool )* )?
 * ws ']' ws, where ws is space, tab, CR, LF and bool is `true` or `false`. Nothing else is
 * accepted (no byte-order mark, null, numbers, strings, nesting, trailing comma, trailing data),
 * and the array must hold exactly one label per query. A byte-at-a-time state machine over the
 * chunks of a line_reader: memory stays one read buffer plus the labels, whatever the file. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_dataset.h"
#include "labels_json.h"
#include "line_reader.h"
#include "read_error.h"

typedef enum stage {
    BEFORE_ARRAY, /* expecting '[' */
    FIRST_VALUE,  /* after '[': a boolean or ']' */
    NEXT_VALUE,   /* after ',': a boolean */
    IN_LITERAL,   /* inside `true` or `false` */
    AFTER_VALUE,  /* ',' or ']' */
    AFTER_ARRAY   /* only whitespace */
} stage;

typedef struct labels_parser {
    const char *name, *queries;
    ccdb_csv_error *err;
    unsigned char *labels;
    size_t count; /* labels expected (one per query) */
    size_t found; /* labels read so far (beyond count they are counted, not stored) */
    stage st;
    const char *lit; /* "true" or "false" being matched, lit_pos bytes so far */
    size_t lit_pos;
    size_t line;     /* line of the current byte, from 1 */
    uint64_t byte;   /* the current byte, from 1 */
    size_t tok_line; /* where the literal began */
    uint64_t tok_byte;
    /* An error found, waiting for the rest of its token (which may be in the next read):
     * "byte B: <what> '<tok>'" at err_line. */
    int collecting;
    char what[200];
    size_t err_line;
    uint64_t err_byte;
    char tok[48];
    size_t ntok;
} labels_parser;

/* Bytes of the offending token shown: one more than read_show prints, so it adds "...". */
#define TOKEN_SHOWN 41

static int is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int is_delim(char c)
{
    return is_ws(c) || c == ',' || c == '[' || c == ']';
}

/* Starts an error at the current byte c: `what`, then the token, which begins with the part of
 * a literal already matched (prefix), then c, then what follows up to a delimiter (a stray
 * delimiter is shown alone). The message is complete when end_error runs. */
static void start_error(labels_parser *p, size_t line, uint64_t byte, const char *what,
                        const char *prefix, size_t nprefix, char c)
{
    p->collecting = 1;
    snprintf(p->what, sizeof p->what, "%s", what);
    p->err_line = line;
    p->err_byte = byte;
    memcpy(p->tok, prefix, nprefix);
    p->ntok = nprefix;
    p->tok[p->ntok++] = c;
    if (is_delim(c))
        p->collecting = 2; /* complete */
}

static int end_error(labels_parser *p)
{
    char shown[READ_SHOW_MAX];
    return read_fail(p->err, p->name, p->err_line, "byte %llu: %s '%s'",
                     (unsigned long long)p->err_byte, p->what, read_show(shown, p->tok, p->ntok));
}

static void unexpected(labels_parser *p, char c)
{
    char what[200];
    switch (p->st) {
    case BEFORE_ARRAY:
        snprintf(what, sizeof what, "expected '[' (the labels are a JSON array of booleans), got");
        break;
    case FIRST_VALUE:
        snprintf(what, sizeof what, "label 0: expected true, false or ']', got");
        break;
    case NEXT_VALUE:
        snprintf(what, sizeof what, "label %zu: expected true or false, got", p->found);
        break;
    case AFTER_VALUE:
        snprintf(what, sizeof what, "after label %zu: expected ',' or ']', got", p->found - 1);
        break;
    default: snprintf(what, sizeof what, "unexpected data after the array's closing ']':"); break;
    }
    start_error(p, p->line, p->byte, what, "", 0, c);
}

static int close_array(labels_parser *p)
{
    p->st = AFTER_ARRAY;
    if (p->found == p->count)
        return 0;
    return read_fail(p->err, p->name, p->line,
                     "byte %llu: the array closes with %zu labels, but %s has %zu queries (one "
                     "label per query)",
                     (unsigned long long)p->byte, p->found, p->queries, p->count);
}

/* Feeds the bytes s[0..n). Returns 0, or -1 with the error. */
static int feed(labels_parser *p, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (p->collecting == 1) { /* the rest of an offending token */
            if (is_delim(c) || p->ntok == TOKEN_SHOWN)
                return end_error(p);
            p->tok[p->ntok++] = c;
            continue;
        }
        p->byte++;
        if (p->st == IN_LITERAL) {
            if (c != p->lit[p->lit_pos]) {
                char what[200];
                snprintf(what, sizeof what, "label %zu: expected true or false, got", p->found);
                start_error(p, p->tok_line, p->tok_byte, what, p->lit, p->lit_pos, c);
            } else if (p->lit[++p->lit_pos] == '\0') {
                if (p->found < p->count)
                    p->labels[p->found] = p->lit[0] == 't';
                p->found++;
                p->st = AFTER_VALUE;
            }
        } else if (is_ws(c)) {
            if (c == '\n')
                p->line++;
        } else if (p->st == BEFORE_ARRAY && c == '[') {
            p->st = FIRST_VALUE;
        } else if ((p->st == FIRST_VALUE || p->st == NEXT_VALUE) && (c == 't' || c == 'f')) {
            p->st = IN_LITERAL;
            p->lit = c == 't' ? "true" : "false";
            p->lit_pos = 1;
            p->tok_line = p->line;
            p->tok_byte = p->byte;
        } else if (p->st == AFTER_VALUE && c == ',') {
            p->st = NEXT_VALUE;
        } else if ((p->st == AFTER_VALUE || p->st == FIRST_VALUE) && c == ']') {
            if (close_array(p) != 0)
                return -1;
        } else {
            unexpected(p, c);
        }
        if (p->collecting == 2)
            return end_error(p);
    }
    return 0;
}

/* At the end of the input. */
static int finish(labels_parser *p)
{
    if (p->collecting)
        return end_error(p);
    switch (p->st) {
    case AFTER_ARRAY: return 0;
    case BEFORE_ARRAY:
        return read_fail(p->err, p->name, p->line,
                         "the file ends before the array (expected '[': the labels are a JSON "
                         "array of booleans)");
    case IN_LITERAL:
        return read_fail(p->err, p->name, p->line,
                         "label %zu: the file ends inside '%.*s' (expected true or false)",
                         p->found, (int)p->lit_pos, p->lit);
    default:
        return read_fail(p->err, p->name, p->line,
                         "the file ends inside the array, after %zu labels (no closing ']')",
                         p->found);
    }
}

static int parse(line_reader *in, const char *name, const char *queries, size_t count,
                 unsigned char *labels, ccdb_csv_error *err)
{
    labels_parser p = { .name = name,
                        .queries = queries ? queries : "the queries file",
                        .err = err,
                        .labels = labels,
                        .count = count,
                        .line = 1 };
    if (err)
        err->message[0] = '\0';
    for (;;) {
        const char *s;
        size_t n;
        int rc = line_reader_chunk(in, &s, &n);
        if (rc < 0)
            return read_fail(err, name, 0, "cannot read: %s", strerror(in->err_no));
        if (rc == 0)
            return finish(&p);
        if (feed(&p, s, n) != 0)
            return -1;
    }
}

int labels_parse_in_reads(const char *name, const char *text, size_t len, const char *queries,
                          size_t count, unsigned char *labels, size_t bytes, ccdb_csv_error *err)
{
    line_reader in;
    line_reader_init_memory(&in, text, len);
    line_reader_limit_reads(&in, bytes);
    int rc = parse(&in, name ? name : "(memory)", queries, count, labels, err);
    line_reader_free(&in);
    return rc;
}

int ccdb_labels_parse(const char *name, const char *text, size_t len, const char *queries,
                      size_t count, unsigned char *labels, ccdb_csv_error *err)
{
    line_reader in;
    line_reader_init_memory(&in, text, len);
    int rc = parse(&in, name ? name : "(memory)", queries, count, labels, err);
    line_reader_free(&in);
    return rc;
}

int ccdb_labels_read(const char *path, const char *queries, size_t count, unsigned char *labels,
                     ccdb_csv_error *err)
{
    char why[300];
    int fd = ccdb_file_open_regular(path, why, sizeof why);
    if (fd < 0)
        return read_fail(err, path, 0, "%s", why);
    line_reader in;
    line_reader_init_fd(&in, fd);
    int rc = parse(&in, path, queries, count, labels, err);
    line_reader_free(&in);
    return rc;
}

int ccdb_labels_published(const char *queries, size_t count, unsigned char **labels,
                          ccdb_csv_error *err)
{
    char path[4096];
    struct stat st;
    *labels = NULL;
    if (ccdb_labels_path(queries, path, sizeof path) != 0)
        return 0;
    if (lstat(path, &st) != 0) { /* (a dangling link exists: reading it reports it) */
        if (errno == ENOENT || errno == ENOTDIR)
            return 0; /* no published labels */
        snprintf(err->message, sizeof err->message, "%.400s: cannot access: %s", path,
                 strerror(errno));
        return -1;
    }
    unsigned char *l = malloc(count ? count : 1);
    if (!l) {
        snprintf(err->message, sizeof err->message, "%.400s: out of memory", path);
        return -1;
    }
    if (ccdb_labels_read(path, queries, count, l, err) != 0) {
        free(l);
        return -1;
    }
    *labels = l;
    return 0;
}
