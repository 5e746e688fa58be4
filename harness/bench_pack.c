/* bench_pack.c — a judged run as bytes, for MPI ranks sending their share to rank 0. Every rank
 * runs the same binary, so plain structs travel as their bytes: a field added to ccdb_judged,
 * ccdb_tally or ccdb_judged_finding travels without an edit here. */
#include <stdlib.h>
#include <string.h>

#include "ccdb_bench.h"

void ccdb_bytes_put(ccdb_bytes *b, const void *data, size_t n)
{
    if (b->failed)
        return;
    if (b->cap - b->n < n) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->n < n)
            cap *= 2;
        unsigned char *g = realloc(b->p, cap);
        if (!g) {
            b->failed = 1;
            return;
        }
        b->p = g;
        b->cap = cap;
    }
    if (n)
        memcpy(b->p + b->n, data, n);
    b->n += n;
}

void ccdb_bytes_get(ccdb_bytes_reader *r, void *data, size_t n)
{
    if (r->failed || r->n - r->at < n) {
        r->failed = 1;
        memset(data, 0, n);
        return;
    }
    memcpy(data, r->p + r->at, n);
    r->at += n;
}

void ccdb_bytes_free(ccdb_bytes *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

void ccdb_judged_pack(ccdb_bytes *b, const ccdb_judged *j)
{
    ccdb_judged head = *j;
    head.output = NULL;
    head.findings = NULL;
    head.cap_findings = 0;
    head.query_ns = NULL;
    head.query_cls = NULL;
    ccdb_bytes_put(b, &head, sizeof head);
    unsigned long long out_len = j->output ? strlen(j->output) : 0;
    unsigned char has_output = j->output != NULL;
    ccdb_bytes_put(b, &has_output, 1);
    ccdb_bytes_put(b, &out_len, sizeof out_len);
    ccdb_bytes_put(b, j->output, (size_t)out_len);
    ccdb_bytes_put(b, j->findings, j->n_findings * sizeof *j->findings);
    ccdb_bytes_put(b, j->query_ns, j->n_query_ns * sizeof *j->query_ns);
    ccdb_bytes_put(b, j->query_cls, j->n_query_ns);
}

int ccdb_judged_unpack(ccdb_bytes_reader *r, ccdb_judged *j)
{
    ccdb_bytes_get(r, j, sizeof *j);
    j->output = NULL;
    j->findings = NULL;
    j->cap_findings = 0;
    j->query_ns = NULL;
    j->query_cls = NULL;
    unsigned char has_output = 0;
    unsigned long long out_len = 0;
    ccdb_bytes_get(r, &has_output, 1);
    ccdb_bytes_get(r, &out_len, sizeof out_len);
    if (r->failed || out_len > r->n - r->at ||
        j->n_findings > (r->n - r->at - out_len) / sizeof *j->findings ||
        j->n_query_ns > (r->n - r->at - out_len - j->n_findings * sizeof *j->findings) /
                            (sizeof *j->query_ns + 1)) {
        r->failed = 1;
        j->n_findings = 0;
        j->n_query_ns = 0;
        return -1;
    }
    if (has_output) {
        if (!(j->output = malloc((size_t)out_len + 1)))
            goto oom;
        ccdb_bytes_get(r, j->output, (size_t)out_len);
        j->output[out_len] = '\0';
    }
    if (j->n_findings) {
        if (!(j->findings = malloc(j->n_findings * sizeof *j->findings)))
            goto oom;
        j->cap_findings = j->n_findings;
        ccdb_bytes_get(r, j->findings, j->n_findings * sizeof *j->findings);
    }
    if (j->n_query_ns) {
        if (!(j->query_ns = malloc(j->n_query_ns * sizeof *j->query_ns)) ||
            !(j->query_cls = malloc(j->n_query_ns)))
            goto oom;
        ccdb_bytes_get(r, j->query_ns, j->n_query_ns * sizeof *j->query_ns);
        ccdb_bytes_get(r, j->query_cls, j->n_query_ns);
    }
    return r->failed ? -1 : 0;
oom:
    r->failed = 1;
    ccdb_judged_free(j);
    return -1;
}
