/* report_dir.c — the report's files: DIR/summary.csv, DIR/summary.jsonl, then DIR/index.html. */
#include "ccdb_report.h"
#include "ccdb_util.h"

#include <stdio.h>
#include <string.h>

int ccdb_report_write_dir(const ccdb_report *r, const char *dir, char *err, size_t errlen)
{
    if (!dir)
        return ccdb_errorf(err, errlen, "report: no output folder given");
    size_t n = strlen(dir) + 32;
    char path[4096];
    if (n > sizeof path)
        return ccdb_errorf(err, errlen, "%s: output folder path too long", dir);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (ccdb_report_write_summary_csv(r, path, err, errlen) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/summary.jsonl", dir);
    if (ccdb_report_write_summary_jsonl(r, path, err, errlen) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/index.html", dir);
    return ccdb_report_write_html(r, path, err, errlen);
}
