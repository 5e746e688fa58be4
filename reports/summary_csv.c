/* summary_csv.c — placeholder until the reports issue lands. */
#include "ccdb_report.h"
