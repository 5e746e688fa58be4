/* example_aabb.c — example solver plugin (README "Write your own solver"): a hit whenever the
 * boxes swept by the two primitives over the step overlap. Conservative, many false positives. */
#include "ccdb_solver.h"

/* Points q[i] and q[i+4] with i % 4 < split form the first primitive, the rest the second. */
static void swept_boxes(const double q[8][3], const ccdb_params *p, ccdb_result *out, int split)
{
    out->state = CCDB_HIT, out->toi = 0.0, out->work = 1; /* toi 0: all a box can vouch for */
    for (int k = 0; k < 3; k++) {
        double lo[2] = { q[0][k], q[split][k] }, hi[2] = { q[0][k], q[split][k] };
        for (int i = 0; i < 8; i++) {
            int side = i % 4 >= split;
            lo[side] = q[i][k] < lo[side] ? q[i][k] : lo[side];
            hi[side] = q[i][k] > hi[side] ? q[i][k] : hi[side];
        }
        if (lo[0] > hi[1] + p->min_separation || lo[1] > hi[0] + p->min_separation)
            out->state = CCDB_MISS;
    }
}
static void vf(void *s, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)s;
    swept_boxes(q, p, out, 1);
}
static void ee(void *s, const double q[8][3], const ccdb_params *p, ccdb_result *out)
{
    (void)s;
    swept_boxes(q, p, out, 2);
}

const ccdb_solver *ccdb_solver_entry(void)
{
    static const ccdb_solver solver = {
        .abi_version = CCDB_SOLVER_ABI,
        .name = "example_aabb",
        .summary = "example plugin: swept bounding boxes overlap (toi 0)",
        .reference = "README, Write your own solver",
        .flags = CCDB_CLAIM_CONSERVATIVE | CCDB_CLAIM_MIN_SEPARATION,
        .vertex_face = vf,
        .edge_edge = ee,
    };
    return &solver;
}
