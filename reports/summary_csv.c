/* summary_csv.c — summary.csv and summary.jsonl: one record per ccdb_report_row, the same
 * fields in both; columns only ever appended (their meaning is documented in docs/reports.md). */
#include "ccdb_report.h"
#include "report_fields.h"
#include "report_util.h"
#include "ccdb_util.h"

#include <stdio.h>
#include <string.h>

#define SUMMARY_FIELDS 36

/* Append new fields at the end only: scripts read summary.csv by position as well as by name. */
static void row_fields(const ccdb_report_row *w, ccdb_field f[SUMMARY_FIELDS])
{
    size_t k = 0;
    f[k++] = CCDB_FIELD_S("solver", w->solver);
    f[k++] = CCDB_FIELD_S("dataset", w->dataset);
    f[k++] = CCDB_FIELD_S("kind", w->kind);
    f[k++] = CCDB_FIELD_S("class", w->family);
    f[k++] = CCDB_FIELD_I("queries", w->queries);
    f[k++] = CCDB_FIELD_I("positives", w->positives);
    f[k++] = CCDB_FIELD_I("tp", w->tp);
    f[k++] = CCDB_FIELD_I("fp", w->fp);
    f[k++] = CCDB_FIELD_I("fn", w->fn);
    f[k++] = CCDB_FIELD_I("tn", w->tn);
    f[k++] = CCDB_FIELD_I("toi_violations", w->toi_violations);
    f[k++] = CCDB_FIELD_D("toi_err_max", w->toi_err_max);
    f[k++] = CCDB_FIELD_D("ns_median", w->ns_median);
    f[k++] = CCDB_FIELD_D("ns_min", w->ns_min);
    f[k++] = CCDB_FIELD_D("ns_max", w->ns_max);
    f[k++] = CCDB_FIELD_I("gave_up", w->gave_up);
    f[k++] = CCDB_FIELD_I("failed", w->failed);
    f[k++] = CCDB_FIELD_IN("work", w->work); /* -1: no work count */
    f[k++] = CCDB_FIELD_I("claims", (long long)w->claims);
    f[k++] = CCDB_FIELD_I("conservative", w->conservative ? 1 : 0);
    f[k++] = CCDB_FIELD_S("status", ccdb_report_status_name(w->status));
    f[k++] = CCDB_FIELD_I("contract_violations", w->contract_violations);
    f[k++] = CCDB_FIELD_I("isolated", w->isolated ? 1 : 0);
    f[k++] = CCDB_FIELD_D("query_ns_p50", w->query_ns_p50);
    f[k++] = CCDB_FIELD_D("query_ns_p90", w->query_ns_p90);
    f[k++] = CCDB_FIELD_D("query_ns_p99", w->query_ns_p99);
    f[k++] = CCDB_FIELD_D("query_ns_max", w->query_ns_max);
    f[k++] = CCDB_FIELD_D("truth_min_sep", w->truth_min_sep + 0.0); /* "0" for the contact truth */
    f[k++] = CCDB_FIELD_I("outside_model", w->outside_model);
    f[k++] = CCDB_FIELD_D("toi_late_max", w->toi_late_max);
    f[k++] = CCDB_FIELD_IN("toi_late_ulps_max", w->toi_late_ulps_max); /* -1: none measured */
    f[k++] = CCDB_FIELD_IN("toi_late_ulps_p90", w->toi_late_ulps_p90);
    f[k++] = CCDB_FIELD_I("in_band", w->in_band);
    f[k++] = CCDB_FIELD_D("truth_band_hi", w->truth_band_hi + 0.0); /* "0": no band */
    f[k++] = CCDB_FIELD_S("origin", w->origin ? w->origin : "");
    f[k++] = CCDB_FIELD_I("undecided", w->undecided);
}

/* json = 0: summary.csv (a header line, then a record per row); 1: summary.jsonl (an object
 * per row). */
static int write_summary(const ccdb_report *r, const char *path, int json, char *err, size_t errlen)
{
    if (!r || !path)
        return ccdb_errorf(err, errlen, "summary: no report or no path given");
    if (r->n_rows && !r->rows)
        return ccdb_errorf(err, errlen, "%s: %zu rows announced but none given", path, r->n_rows);
    ccdb_rbuf b = { 0 };
    ccdb_field f[SUMMARY_FIELDS];
    if (!json) {
        ccdb_report_row none;
        memset(&none, 0, sizeof none);
        row_fields(&none, f);
        ccdb_fields_csv_header(&b, f, SUMMARY_FIELDS);
    }
    for (size_t i = 0; i < r->n_rows; i++) {
        row_fields(&r->rows[i], f);
        if (json)
            ccdb_fields_json(&b, f, SUMMARY_FIELDS);
        else
            ccdb_fields_csv(&b, f, SUMMARY_FIELDS);
    }
    int rc = ccdb_report_write_atomic(&b, path, err, errlen);
    ccdb_rbuf_free(&b);
    return rc;
}

int ccdb_report_write_summary_csv(const ccdb_report *r, const char *path, char *err, size_t errlen)
{
    return write_summary(r, path, 0, err, errlen);
}

int ccdb_report_write_summary_jsonl(const ccdb_report *r, const char *path, char *err,
                                    size_t errlen)
{
    return write_summary(r, path, 1, err, errlen);
}
