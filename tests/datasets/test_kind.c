/* test_kind.c — kind names, folders, row names, parsing and detection from the folder layout. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

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

Test(kind, rigid_names_folders_and_rows)
{
    const struct {
        const char *name, *folder;
        ccdb_kind kind;
        int rigid, ee;
    } all[] = { { "vf", "vertex-face", CCDB_KIND_VF, 0, 0 },
                { "ee", "edge-edge", CCDB_KIND_EE, 0, 1 },
                { "rigid-vf", "rigid-vertex-face", CCDB_KIND_RIGID_VF, 1, 0 },
                { "rigid-ee", "rigid-edge-edge", CCDB_KIND_RIGID_EE, 1, 1 },
                { "sweep-vf", "sweep-vertex-face", CCDB_KIND_SWEEP_VF, 0, 0 },
                { "sweep-ee", "sweep-edge-edge", CCDB_KIND_SWEEP_EE, 0, 1 } };
    cr_assert_eq(sizeof all / sizeof all[0], CCDB_KIND_COUNT);
    for (int i = 0; i < CCDB_KIND_COUNT; i++) {
        ccdb_kind k = CCDB_KIND_UNKNOWN;
        cr_expect_eq(ccdb_kind_parse(all[i].name, &k), 0, "%s", all[i].name);
        cr_expect_eq(k, all[i].kind);
        cr_expect_str_eq(ccdb_kind_name(all[i].kind), all[i].name);
        cr_expect_str_eq(ccdb_kind_folder(all[i].kind), all[i].folder);
        cr_expect_eq(ccdb_kind_is_rigid(all[i].kind), all[i].rigid);
        cr_expect_eq(ccdb_kind_is_edge_edge(all[i].kind), all[i].ee);
        char path[128];
        snprintf(path, sizeof path, "data/%s/q.csv", all[i].folder);
        cr_expect_eq(ccdb_kind_from_path(path), all[i].kind, "%s", path);
        cr_expect(strstr(CCDB_KIND_NAMES, all[i].name) != NULL);
    }
    cr_expect_str_eq(ccdb_kind_row_meaning(CCDB_KIND_RIGID_VF, 0), "v_t0");
    cr_expect_str_eq(ccdb_kind_row_meaning(CCDB_KIND_RIGID_EE, 5), "w");
    cr_expect_str_eq(ccdb_kind_row_meaning(CCDB_KIND_RIGID_EE, 7), "moving");
    cr_expect_str_eq(ccdb_kind_row_meaning(CCDB_KIND_VF, 4), "v_t1");
    cr_expect_str_eq(ccdb_kind_row_meaning(CCDB_KIND_SWEEP_EE, 4), "O");
    cr_expect_str_eq(ccdb_kind_row_meaning(CCDB_KIND_SWEEP_VF, 7), "moving_theta");
    cr_expect_eq(ccdb_kind_is_sweep(CCDB_KIND_SWEEP_VF), 1);
    cr_expect_eq(ccdb_kind_is_sweep(CCDB_KIND_RIGID_VF), 0);
    cr_expect_str_eq(ccdb_kind_row_meaning(CCDB_KIND_UNKNOWN, 0), "?");
    cr_expect_str_eq(ccdb_kind_name(CCDB_KIND_UNKNOWN), "unknown");
    cr_expect_eq(ccdb_kind_is_rigid(CCDB_KIND_UNKNOWN), 0);
    ccdb_kind k;
    cr_expect_neq(ccdb_kind_parse("rigid", &k), 0);
    cr_expect_neq(ccdb_kind_parse("rigid-VF", &k), 0);
    /* "rigid-vertex-face" is not the component "vertex-face"; two kind folders are ambiguous. */
    cr_expect_eq(ccdb_kind_from_path("rigid-vertex-face/vertex-face/x.csv"), CCDB_KIND_UNKNOWN);
    cr_expect_eq(ccdb_kind_from_path("a/rigid-edge-edge-x/x.csv"), CCDB_KIND_UNKNOWN);
    cr_expect_eq(ccdb_kind_from_path("rigid-edge-edge/12ee.csv"), CCDB_KIND_RIGID_EE);
}
