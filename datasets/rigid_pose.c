/* rigid_pose.c — where the points of a rigid query are at a time t, in doubles (for pictures
 * and people; never for a decision: the judge works on the exact motion). */
#include <math.h>
#include <string.h>

#include "ccdb_dataset.h"

/* x(t) = c + R(theta) (x0 - c) + u s, theta = t phi1 = 2 t atan(|w|), u = tan(theta / 2) / |w|
 * (u = t when w = 0), R by Rodrigues' formula about n = w / |w|:
 * R y = y + sin(theta) n x y + (1 - cos(theta)) n x (n x y), with 1 - cos = 2 sin^2(theta / 2). */
static void pose_at(const double q[8][3], const double x0[3], double t, double out[3])
{
    double m = fmax(fabs(q[5][0]), fmax(fabs(q[5][1]), fabs(q[5][2])));
    double y[3], n[3] = { 0, 0, 0 }, a[3], b[3];
    for (int j = 0; j < 3; j++)
        y[j] = x0[j] - q[4][j];
    double sn = 0, vers = 0, u = t;
    if (m > 0) {
        double l = 0;
        for (int j = 0; j < 3; j++) {
            n[j] = q[5][j] / m; /* scaled first: no overflow or underflow in the norm */
            l += n[j] * n[j];
        }
        l = sqrt(l);
        double tau = m * l, half = t * atan(tau);
        for (int j = 0; j < 3; j++)
            n[j] /= l;
        sn = sin(2 * half);
        vers = 2 * sin(half) * sin(half);
        u = t == 1 ? 1 : fmin(1, fmax(0, tan(half) / tau));
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
        out[j] = q[4][j] + y[j] + sn * a[j] + vers * b[j] + u * q[6][j];
}

void ccdb_rigid_pose_at(const double q[8][3], ccdb_kind kind, double t, double out[4][3])
{
    int second = q[7][0] != 0.0;
    int first_of_second = ccdb_kind_is_edge_edge(kind) ? 2 : 1;
    double p[4][3];
    for (int i = 0; i < 4; i++) {
        if ((i >= first_of_second) == second && t != 0)
            pose_at(q, q[i], t, p[i]);
        else
            memcpy(p[i], q[i], sizeof p[i]);
    }
    memcpy(out, p, sizeof p);
}

void ccdb_rigid_poses(const double q[8][3], ccdb_kind kind, double out[8][3])
{
    double p[8][3];
    ccdb_rigid_pose_at(q, kind, 0, p);
    ccdb_rigid_pose_at(q, kind, 1, p + 4);
    memcpy(out, p, sizeof p);
}
