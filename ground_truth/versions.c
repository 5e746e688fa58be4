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
        "degenerate_primitive",
        "parallel_edges",
        "coplanar",
        "contact_t0",
        "contact_t1",
        "tangent",
        "boundary",
        "pure_translation",
        "generic",
        "sep_vertex",
        "sep_edge",
        "sep_face",
        "sep_endpoint",
        "sep_interior",
        "undecided",
    };
    return (unsigned)cls < CCDB_CLASS_COUNT ? names[cls] : "invalid";
}

const char *ccdb_truth_stage_name(ccdb_truth_stage stage)
{
    static const char *const names[CCDB_STAGE_COUNT] = { "box",   "filter", "exact",    "fp_roots",
                                                         "plane", "sep_fp", "fp_rigid", "sweep" };
    return (unsigned)stage < CCDB_STAGE_COUNT ? names[stage] : "invalid";
}

ccdb_truth_stage ccdb_truth_stage_in_order(int i)
{
    /* filter: not run by the default pipeline, listed for completeness */
    static const ccdb_truth_stage order[] = { CCDB_STAGE_SWEEP,    CCDB_STAGE_FP_RIGID,
                                              CCDB_STAGE_BOX,      CCDB_STAGE_FILTER,
                                              CCDB_STAGE_SEP_FP,   CCDB_STAGE_SEP_PLANE,
                                              CCDB_STAGE_FP_ROOTS, CCDB_STAGE_EXACT };
    _Static_assert(sizeof order / sizeof order[0] == CCDB_STAGE_COUNT, "every stage listed");
    return i >= 0 && i < CCDB_STAGE_COUNT ? order[i] : CCDB_STAGE_EXACT;
}
