/* filter.c — cheap stages before the exact path. Until the filters land, every query is passed on
 * (UNKNOWN is always sound: the exact path decides). */
#include "filter.h"

ccdb_filter_verdict ccdb_filter_box_vf(const double q[8][3]) { (void)q; return CCDB_FILTER_UNKNOWN; }
ccdb_filter_verdict ccdb_filter_box_ee(const double q[8][3]) { (void)q; return CCDB_FILTER_UNKNOWN; }
ccdb_filter_verdict ccdb_filter_fp_vf(const double q[8][3]) { (void)q; return CCDB_FILTER_UNKNOWN; }
ccdb_filter_verdict ccdb_filter_fp_ee(const double q[8][3]) { (void)q; return CCDB_FILTER_UNKNOWN; }
