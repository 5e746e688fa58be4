/* report_status.c — the stable names of a run's end (ccdb_report.h), as summary.csv and
 * index.html both write them. A leaf. */
#include "ccdb_report.h"

const char *ccdb_report_status_name(ccdb_report_status s)
{
    switch (s) {
    case CCDB_REPORT_OK: return "ok";
    case CCDB_REPORT_CRASHED: return "crashed";
    case CCDB_REPORT_TIMEOUT: return "timeout";
    case CCDB_REPORT_UNSUPPORTED: return "unsupported";
    }
    return "unknown";
}
