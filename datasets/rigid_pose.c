/* rigid_pose.c — the poses of a rigid query at t = 0 and t = 1 in the linear layout, in doubles
 * (for pictures and people; never for a decision: the judge works on the exact motion). */
#include <math.h>
#include <string.h>

#include "ccdb_dataset.h"

/* x(1) = c + R (x0 - c) + s with R the rotation by phi1 = 2 atan(|w|) about w:
 * R y = y + sin(phi1) n x y + (1 - cos(phi1)) n x (n x y), n = w / |w|; with tau = |w|,
 * sin(phi1) = 2 / (tau + 1 / tau) and 1 - cos(phi1) = 2 / (1 + 1 / tau^2), which stay finite
 * for every finite tau. */
static void pose_at_1(const double q[8][3], const double x0[3], double out[3])
{
    double m = fmax(fabs(q[5][0]), fmax(fabs(q[5][1]), fabs(q[5][2])));
    double y[3], n[3] = { 0, 0, 0 }, a[3], b[3];
    for (int j = 0; j < 3; j++)
        y[j] = x0[j] - q[4][j];
    double sn = 0, vers = 0;
    if (m > 0) {
        double l = 0;
        for (int j = 0; j < 3; j++) {
            n[j] = q[5][j] / m;
            l += n[j] * n[j];
        }
        l = sqrt(l);
        double tau = m * l;
        for (int j = 0; j < 3; j++)
            n[j] /= l;
        sn = 2 / (tau + 1 / tau);
        vers = 2 / (1 + 1 / (tau * tau));
    }
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        a[j] = n[j1] * y[j2] - n[j2] * y[j1];
    }
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        b[j] = n[j1] * a[j2] - n[j2] * a[j1];
    }
    for (int j = 0; j < 3; j++)
        out[j] = q[4][j] + y[j] + sn * a[j] + vers * b[j] + q[6][j];
}

void ccdb_rigid_poses(const double q[8][3], ccdb_kind kind, double out[8][3])
{
    int second = q[7][0] != 0.0;
    int first_of_second = ccdb_kind_is_edge_edge(kind) ? 2 : 1;
    double p[8][3];
    for (int i = 0; i < 4; i++) {
        memcpy(p[i], q[i], sizeof p[i]);
        if ((i >= first_of_second) == second)
            pose_at_1(q, q[i], p[i + 4]);
        else
            memcpy(p[i + 4], q[i], sizeof p[i]);
    }
    memcpy(out, p, sizeof p);
}
