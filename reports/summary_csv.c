/* summary_csv.c — summary.csv: one row per ccdb_report_row, columns only ever appended
 * (their meaning is documented in docs/reports.md). */
#include "ccdb_report.h"
#include "report_util.h"
#include "ccdb_util.h"

#include <stdio.h>
#include <string.h>

/* Append new columns at the end only: scripts read this file by position as well as by name. */
static const char *const csv_header =
    "solver,dataset,kind,class,queries,positives,tp,fp,fn,tn,toi_violations,toi_err_max,"
    "ns_median,ns_min,ns_max,gave_up,failed,work,claims,conservative,status,contract_violations,"
    "isolated,query_ns_p50,query_ns_p90,query_ns_p99,query_ns_max,truth_min_sep,outside_model,"
    "toi_late_max,toi_late_ulps_max,toi_late_ulps_p90,undecided\n";

int ccdb_report_write_summary_csv(const ccdb_report *r, const char *path, char *err, size_t errlen)
{
    if (!r || !path)
        return ccdb_errorf(err, errlen, "summary.csv: no report or no path given");
    if (r->n_rows && !r->rows)
        return ccdb_errorf(err, errlen, "%s: %zu rows announced but none given", path, r->n_rows);
    ccdb_rbuf b = { 0 };
    ccdb_rbuf_puts(&b, csv_header);
    for (size_t i = 0; i < r->n_rows; i++) {
        const ccdb_report_row *w = &r->rows[i];
        ccdb_rbuf_csv_str(&b, w->solver);
        ccdb_rbuf_puts(&b, ",");
        ccdb_rbuf_csv_str(&b, w->dataset);
        ccdb_rbuf_puts(&b, ",");
        ccdb_rbuf_csv_str(&b, w->kind);
        ccdb_rbuf_puts(&b, ",");
        ccdb_rbuf_csv_str(&b, w->family);
        ccdb_rbuf_printf(&b, ",%lld,%lld,%lld,%lld,%lld,%lld,%lld,", w->queries, w->positives,
                         w->tp, w->fp, w->fn, w->tn, w->toi_violations);
        ccdb_rbuf_csv_double(&b, w->toi_err_max);
        ccdb_rbuf_puts(&b, ",");
        ccdb_rbuf_csv_double(&b, w->ns_median);
        ccdb_rbuf_puts(&b, ",");
        ccdb_rbuf_csv_double(&b, w->ns_min);
        ccdb_rbuf_puts(&b, ",");
        ccdb_rbuf_csv_double(&b, w->ns_max);
        ccdb_rbuf_printf(&b, ",%lld,%lld,", w->gave_up, w->failed);
        if (w->work >= 0) /* -1: no work count, an empty cell as for "not applicable" */
            ccdb_rbuf_printf(&b, "%lld", w->work);
        ccdb_rbuf_printf(&b, ",%u,%d,%s,%lld,%d", w->claims, w->conservative ? 1 : 0,
                         ccdb_report_status_name(w->status), w->contract_violations,
                         w->isolated ? 1 : 0);
        const double q[4] = { w->query_ns_p50, w->query_ns_p90, w->query_ns_p99, w->query_ns_max };
        for (int k = 0; k < 4; k++) {
            ccdb_rbuf_puts(&b, ",");
            ccdb_rbuf_csv_double(&b, q[k]);
        }
        ccdb_rbuf_puts(&b, ",");
        ccdb_rbuf_csv_double(&b, w->truth_min_sep + 0.0); /* "0" for the contact truth */
        ccdb_rbuf_printf(&b, ",%lld", w->outside_model);
        ccdb_rbuf_puts(&b, ",");
        ccdb_rbuf_csv_double(&b, w->toi_late_max);
        ccdb_rbuf_puts(&b, ",");
        if (w->toi_late_ulps_max >= 0) /* -1: no late TOI measured, an empty cell */
            ccdb_rbuf_printf(&b, "%lld", w->toi_late_ulps_max);
        ccdb_rbuf_puts(&b, ",");
        if (w->toi_late_ulps_p90 >= 0)
            ccdb_rbuf_printf(&b, "%lld", w->toi_late_ulps_p90);
        ccdb_rbuf_printf(&b, ",%lld\n", w->undecided);
    }
    int rc = ccdb_report_write_atomic(&b, path, err, errlen);
    ccdb_rbuf_free(&b);
    return rc;
}
