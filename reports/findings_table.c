/* findings_table.c — the findings table of a run (findings.csv, findings.jsonl): one row per
 * query of the findings files, naming its dataset and index there. Written row by row as the
 * run goes (a run may have millions of findings), the same fields in both forms. */
#include <math.h>
#include <stdio.h>

#include "ccdb_report.h"
#include "report_fields.h"
#include "report_util.h"

#define FINDING_FIELDS 16

/* Append new fields at the end only. */
static void finding_fields(const ccdb_report_finding_row *r, ccdb_field f[FINDING_FIELDS])
{
    size_t k = 0;
    f[k++] = CCDB_FIELD_S("category", r->category);
    f[k++] = CCDB_FIELD_S("solver", r->solver);
    f[k++] = CCDB_FIELD_S("kind", r->kind);
    f[k++] = CCDB_FIELD_S("dataset", r->dataset);
    f[k++] = CCDB_FIELD_I("index", r->index);
    f[k++] = CCDB_FIELD_S("class", r->family);
    f[k++] = r->state ? CCDB_FIELD_S("state", r->state) : CCDB_FIELD_NA("state");
    f[k++] = CCDB_FIELD_D("toi", r->toi);
    f[k++] = CCDB_FIELD_I("hit", r->hit ? 1 : 0);
    f[k++] = CCDB_FIELD_D("toi_lo", r->toi_lo);
    f[k++] = CCDB_FIELD_D("toi_hi", r->toi_hi);
    f[k++] = CCDB_FIELD_D("toi_late", r->late);
    f[k++] = CCDB_FIELD_IN("toi_late_ulps", r->late_ulps);
    f[k++] = CCDB_FIELD_S("file", r->file);
    f[k++] = CCDB_FIELD_I("file_index", r->file_index);
    f[k++] = CCDB_FIELD_S("replay", r->replay);
}

static int put(FILE *to, const ccdb_rbuf *b)
{
    return !to || b->oom || fwrite(b->data, 1, b->len, to) == b->len ? (b->oom ? -1 : 0) : -1;
}

int ccdb_report_findings_csv_header(FILE *csv)
{
    ccdb_report_finding_row none = { 0 };
    ccdb_field f[FINDING_FIELDS];
    finding_fields(&none, f);
    ccdb_rbuf b = { 0 };
    ccdb_fields_csv_header(&b, f, FINDING_FIELDS);
    int rc = put(csv, &b);
    ccdb_rbuf_free(&b);
    return rc;
}

int ccdb_report_findings_write(FILE *csv, FILE *jsonl, const ccdb_report_finding_row *r)
{
    ccdb_field f[FINDING_FIELDS];
    finding_fields(r, f);
    ccdb_rbuf a = { 0 }, j = { 0 };
    if (csv)
        ccdb_fields_csv(&a, f, FINDING_FIELDS);
    if (jsonl)
        ccdb_fields_json(&j, f, FINDING_FIELDS);
    int rc = put(csv, &a) == 0 && put(jsonl, &j) == 0 ? 0 : -1;
    ccdb_rbuf_free(&a);
    ccdb_rbuf_free(&j);
    return rc;
}
