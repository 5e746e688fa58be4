/* test_kind.c — VF/EE kind parsing and detection from the public folder layout. */
#include <criterion/criterion.h>

#include "ccdb_dataset.h"

Test(kind, parse_names)
{
    ccdb_kind k = CCDB_KIND_UNKNOWN;
    cr_assert_eq(ccdb_kind_parse("vf", &k), 0);
    cr_assert_eq(k, CCDB_KIND_VF);
    cr_assert_eq(ccdb_kind_parse("ee", &k), 0);
    cr_assert_eq(k, CCDB_KIND_EE);
    cr_assert_neq(ccdb_kind_parse("VF", &k), 0);
    cr_assert_neq(ccdb_kind_parse("", &k), 0);
    cr_assert_str_eq(ccdb_kind_name(CCDB_KIND_EE), "ee");
}

Test(kind, from_public_layout)
{
    cr_assert_eq(ccdb_kind_from_path("a/scene/vertex-face/data_0_0.csv"), CCDB_KIND_VF);
    cr_assert_eq(ccdb_kind_from_path("edge-edge/x.csv"), CCDB_KIND_EE);
    cr_assert_eq(ccdb_kind_from_path("a/my-vertex-face/x.csv"), CCDB_KIND_UNKNOWN);
    cr_assert_eq(ccdb_kind_from_path("vertex-face/edge-edge/x.csv"), CCDB_KIND_UNKNOWN);
    cr_assert_eq(ccdb_kind_from_path("x.csv"), CCDB_KIND_UNKNOWN);
}
