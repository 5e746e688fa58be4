/* miss_picture.c — the positions a miss's picture draws (miss_picture.h). */
#include "miss_picture.h"

#include <math.h>
#include <string.h>

void ccdb_sweep_pose_at(const double q[8][3], ccdb_kind kind, double t, double out[4][3])
{
    int first_moves = q[7][0] == 0.0, ee = ccdb_kind_is_edge_edge(kind);
    double phi = q[7][1] * t, c = cos(phi), s = sin(phi), wn = 0, k[3] = { 0, 0, 0 };
    for (int j = 0; j < 3; j++)
        wn += q[5][j] * q[5][j];
    wn = sqrt(wn);
    for (int j = 0; phi != 0 && wn > 0 && j < 3; j++)
        k[j] = q[5][j] / wn;
    double p[4][3];
    for (int i = 0; i < 4; i++) {
        if ((ee ? i < 2 : i < 1) != first_moves) {
            memcpy(p[i], q[i], sizeof p[i]);
            continue;
        }
        /* Rodrigues: d cos + (k x d) sin + k (k.d)(1 - cos), d = X0 - O, k = w / |w| */
        double d[3], kd = 0;
        for (int j = 0; j < 3; j++) {
            d[j] = q[i][j] - q[4][j];
            kd += k[j] * d[j];
        }
        for (int j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            double kxd = k[j1] * d[j2] - k[j2] * d[j1];
            double r = phi == 0 ? d[j] : d[j] * c + kxd * s + k[j] * kd * (1 - c);
            p[i][j] = q[4][j] + t * q[6][j] + r;
        }
    }
    memcpy(out, p, sizeof p);
}

/* The pose of a rigid or sweep query at t. */
static void pose_at(const double q[8][3], ccdb_kind kind, double t, double out[4][3])
{
    if (ccdb_kind_is_sweep(kind))
        ccdb_sweep_pose_at(q, kind, t, out);
    else
        ccdb_rigid_pose_at(q, kind, t, out);
}

void ccdb_miss_picture(ccdb_report_miss *m, const double q[8][3], ccdb_kind kind,
                       const ccdb_truth_result *t)
{
    if (!ccdb_kind_is_rigid(kind) && !ccdb_kind_is_sweep(kind)) {
        memcpy(m->q, q, sizeof m->q); /* straight paths between the query's rows */
        m->arc = 0;
        return;
    }
    double p[8][3];
    pose_at(q, kind, 0, p);
    pose_at(q, kind, 1, p + 4);
    m->arc = 1;
    for (int k = 0; k < CCDB_REPORT_ARC_STEPS; k++)
        pose_at(q, kind, (double)(k + 1) / (CCDB_REPORT_ARC_STEPS + 1), m->path[k]);
    pose_at(q, kind, t->toi_lo / 2 + t->toi_hi / 2, m->at_toi);
    memcpy(m->q, p, sizeof m->q);
}
