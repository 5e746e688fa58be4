/* test_rigid_ca_regressions.c — rigid_conservative_advancement keeps its claim in floating
 * point. The queries below are the built-in suite's (`rigid_half_turn`: |w| up to 2^20 and
 * coordinates up to 2^50; `rigid_scaled`: lengths scaled up to 2^40) on which the plain-double
 * version (advancing in t with the bound |s| g'(1) + phi1 r on rounded positions) missed a
 * contact (16) or reported a TOI after the exact one (2). Each must now be a hit (or GAVE_UP)
 * at or before the exact TOI; the claim is made. */
#include <criterion/criterion.h>
#include <string.h>

#include "ccdb_solver.h"
#include "ccdb_truth.h"

extern const ccdb_solver ccdb_solver_rigid_conservative_advancement;
extern const ccdb_solver ccdb_solver_rigid_interval;

typedef struct rca_case {
    int vf;
    double q[8][3];
} rca_case;

static const rca_case missed[] = {
    /* VF, missed */
    { 1,
      { { 8767613855289, -35035194, -1252516265034 },
        { -9018117108351, 16, -3006039036104 },
        { -9018117108351, 16, 3006039036136 },
        { -5010065060191, 16, -3006039036104 },
        { 9, 16, 17 },
        { 0, 0, -524288 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* VF, missed */
    { 1,
      { { 10054473993, 4311703, 108085595291 },
        { -40217895947, 7, -110599213862 },
        { 40217895957, 7, -110599213862 },
        { 40217895957, 7, -40217895946 },
        { 3, 7, 6 },
        { -65536, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* VF, missed */
    { 1,
      { { -201760100628, -7130456, -48038119244 },
        { 76860990780, 10, -64050825654 },
        { 204962642060, 10, 64050825626 },
        { 204962642060, 10, -64050825654 },
        { 12, 10, -17 },
        { 0, 0, 65536 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* VF, missed */
    { 1,
      { { 963721941745664, 220177203462144, -1810620773040128 },
        { -2097318429982720, 294943994150912, 3573412790272 },
        { -2097318429982720, -303190331359232, 3573412790272 },
        { -601982616207360, 294943994150912, 3573412790272 },
        { -3848290697216, -4398046511104, 3573412790272 },
        { 0, -2, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 } } },
    /* VF, a TOI after the exact one */
    { 1,
      { { -667201933457, -4253412325673, 29456685 },
        { -2001605800369, 1668004833647, 3 },
        { -2001605800369, 4336812567471, 3 },
        { 2001605800367, 4336812567471, 3 },
        { -3, 7, 3 },
        { -524288, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { 3049248416, -2816210, 38877917052 },
        { 3049248416, -2374450, 32779420260 },
        { 6098496820, 10, -33541732441 },
        { -6098496796, 10, -33541732441 },
        { 12, 10, 3 },
        { 32768, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { -29151217172, -4484802647, 14 },
        { -29151217172, 4484802633, 14 },
        { 39802623276, 3924202303, 3362148 },
        { 28590616716, 3924202303, 2415068 },
        { -12, -15, 14 },
        { 0, 32768, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { -10, -7647198634256, -2352984195165 },
        { -10, -7647198634256, 2352984195139 },
        { 39115562, 7500137121933, 2205922682942 },
        { 60590778, 11617859463393, 2205922682942 },
        { -10, -12, -10 },
        { 0, 0, 524288 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { 18841627319681, -15, -5797423790667 },
        { 18841627319681, -15, 5797423790677 },
        { -21378000227988, -71029643, -4348067842999 },
        { -18479288332668, -61398507, -4348067842999 },
        { -3, -15, 12 },
        { 0, 0, -1048576 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { 210277273625, 630831820856, 12 },
        { -210277273607, 630831820856, 12 },
        { 197134944024, -985674719917, 17196012 },
        { 197134944024, -617689491145, 10776172 },
        { 10, 8, 12 },
        { 131072, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { -4146204609190, 209934410615, -36196688 },
        { -3096532556230, 209934410615, -27032968 },
        { 3149016159002, 419868821215, 6 },
        { 3149016159002, -419868821185, 6 },
        { 2, 23, 6 },
        { 0, 262144, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { -48049946624, -33822867456, 14763950080 },
        { -35165044736, -24159191040, 14763950080 },
        { 2415919104, -44291850240, -14763950080 },
        { 2415919104, -44291850240, 17448304640 },
        { 2415919104, 4026531840, 0 },
        { 0, 0, -0.5 },
        { 0, 0, 0 },
        { 1, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { -13421772800, -67645734912, 108447924224 },
        { -13421772800, -106300440576, 159987531776 },
        { 13421772800, 136902082560, 7516192768 },
        { -29527900160, 136902082560, 7516192768 },
        { -5368709120, 8053063680, 7516192768 },
        { 2, 0, 0 },
        { 0, 0, 0 },
        { 1, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { 366687127863296, -1236950581248, -1214685470785536 },
        { -362289081352192, -1236950581248, -1214685470785536 },
        { 2199023255552, 345109212168192, 423311976693760 },
        { 2199023255552, 787662642348032, 963859380699136 },
        { 2336462209024, -1236950581248, 274877906944 },
        { 4, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { 43486543872, 335544320, -8321499136 },
        { 43486543872, 335544320, 8858370048 },
        { 536870912, 6777995264, 268435456 },
        { 536870912, 44358959104, 268435456 },
        { 536870912, 335544320, 469762048 },
        { 0, 0, 4 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { 26663156973568, -3023656976384, -51677046505472 },
        { -28312424415232, -3023656976384, -51677046505472 },
        { 18416819765248, -54700703481856, -40956808134656 },
        { 18416819765248, -41506563948544, -31061203484672 },
        { -2748779069440, -3023656976384, -2199023255552 },
        { -0.5, 0, 0 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, missed */
    { 0,
      { { -218103808, -35517366272, -14310965248 },
        { -218103808, -35517366272, 14143193088 },
        { 12465471488, 20434649088, -83886080 },
        { 19042140160, 31004295168, -83886080 },
        { -218103808, 50331648, -16777216 },
        { 0, 0, 4 },
        { 0, 0, 0 },
        { 0, 0, 0 } } },
    /* EE, a TOI after the exact one */
    { 0,
      { { -12046041088, -8120172544, 2281701376 },
        { -18488492032, -12952010752, 2281701376 },
        { -15267266560, 536870912, -4429185024 },
        { -15267266560, 536870912, 3623878656 },
        { -503316480, 536870912, -369098752 },
        { 0, 0, 0.5 },
        { 0, 0, 0 },
        { 1, 0, 0 } } },
};

#define NCASES (sizeof missed / sizeof missed[0])

Test(rigid_ca_regressions, claims_conservative)
{
    cr_assert(ccdb_solver_rigid_conservative_advancement.flags & CCDB_CLAIM_CONSERVATIVE);
}

Test(rigid_ca_regressions, former_misses_are_hits_not_late)
{
    const ccdb_solver *s = &ccdb_solver_rigid_conservative_advancement;
    ccdb_truth *judge = ccdb_truth_new();
    cr_assert_not_null(judge);
    ccdb_params p = ccdb_params_default();
    int vf_cases = 0;
    for (size_t i = 0; i < NCASES; i++) {
        const rca_case *c = &missed[i];
        vf_cases += c->vf;
        ccdb_truth_result t;
        (c->vf ? ccdb_truth_rigid_vf : ccdb_truth_rigid_ee)(judge, c->q, &t);
        cr_assert(t.hit, "case %zu: the exact judge says hit", i);
        ccdb_result r;
        memset(&r, 0, sizeof r);
        (c->vf ? s->rigid_vertex_face : s->rigid_edge_edge)(NULL, c->q, &p, &r);
        cr_assert(r.state == CCDB_HIT || r.state == CCDB_GAVE_UP, "case %zu: state %d", i,
                  (int)r.state);
        cr_assert(r.toi >= 0.0 && r.toi <= t.toi_hi,
                  "case %zu: toi %.17g after the exact [%.17g, %.17g]", i, r.toi, t.toi_lo,
                  t.toi_hi);
    }
    cr_assert(vf_cases == 5 && NCASES == 18, "the 5 VF and 13 EE cases of the suite");
    ccdb_truth_free(judge);
}

/* |w| = 2^-1074 (the smallest subnormal): a vertex translates by s = (0, 0, -4) from z = 3
 * onto the still triangle z = 0 at u = 3/4, and t(u) = u to within 2^-2000. The rounded time
 * map atan(u |w|) / atan(|w|) gives t = 1 there (3/4 * 2^-1074 rounds to 2^-1074); the answer
 * must use t(u) >= u instead and not be late. Both solvers that map a u to t through
 * rm_t_of_u_lower (rigid_interval gave t = 1 - 2^-40 here before it was fixed). */
Test(rigid_ca_regressions, subnormal_turn_is_not_late)
{
    const ccdb_solver *solvers[] = { &ccdb_solver_rigid_conservative_advancement,
                                     &ccdb_solver_rigid_interval };
    const double q[8][3] = { { 0.25, 0.25, 3 }, { 0, 0, 0 },         { 1, 0, 0 },  { 0, 1, 0 },
                             { 0, 0, 0 },       { 0, 0, 0x1p-1074 }, { 0, 0, -4 }, { 0, 0, 0 } };
    ccdb_truth *judge = ccdb_truth_new();
    cr_assert_not_null(judge);
    ccdb_truth_result t;
    ccdb_truth_rigid_vf(judge, q, &t);
    cr_assert(t.hit && t.toi_lo <= 0.75 && t.toi_hi >= 0.75, "exact [%.17g, %.17g]", t.toi_lo,
              t.toi_hi);
    for (size_t i = 0; i < sizeof solvers / sizeof *solvers; i++) {
        const ccdb_solver *s = solvers[i];
        ccdb_params p = ccdb_params_default();
        ccdb_result r;
        memset(&r, 0, sizeof r);
        s->rigid_vertex_face(NULL, q, &p, &r);
        cr_assert_eq(r.state, CCDB_HIT, "%s", s->name);
        cr_assert(r.toi <= t.toi_hi && r.toi > 0.75 - 1e-5, "%s: toi %.17g, exact [%.17g, %.17g]",
                  s->name, r.toi, t.toi_lo, t.toi_hi);
    }
    ccdb_truth_free(judge);
}
