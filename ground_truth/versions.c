/* versions.c — library versions and stable names for the ground truth's enums. */
#include <gmp.h>
#include <mpfr.h>
#include <stdio.h>

#include "ccdb_truth.h"

const char *ccdb_truth_library_versions(void)
{
    static char buf[96];
    if (!buf[0])
        snprintf(buf, sizeof buf, "GMP %s, MPFR %s", gmp_version, mpfr_get_version());
    return buf;
}

const char *ccdb_truth_class_name(ccdb_truth_class cls)
{
    static const char *const names[CCDB_CLASS_COUNT] = {
        "degenerate_primitive", "parallel_edges", "coplanar", "contact_t0",
        "contact_t1",           "tangent",        "boundary", "generic",
    };
    return (unsigned)cls < CCDB_CLASS_COUNT ? names[cls] : "invalid";
}

const char *ccdb_truth_stage_name(ccdb_truth_stage stage)
{
    static const char *const names[CCDB_STAGE_COUNT] = { "box", "filter", "exact", "fp_roots" };
    return (unsigned)stage < CCDB_STAGE_COUNT ? names[stage] : "invalid";
}
