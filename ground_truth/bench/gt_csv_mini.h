/* gt_csv_mini.h — a tiny strict reader of the public rational CSV (8 rows per query, columns
 * x_num,x_den,y_num,y_den,z_num,z_den,truth), private to the ground-truth benchmark, which
 * like all of ground_truth/ may not depend on datasets/ (the product's reader is datasets/).
 * Returns the number of queries, -1 on any error; every value must be exactly a double. */
#ifndef CCDB_GT_CSV_MINI_H
#define CCDB_GT_CSV_MINI_H

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long gt_csv_mini_read(const char *path, double (**q)[8][3], unsigned char **label)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t cap = 0, n = 0, row = 0;
    double (*Q)[8][3] = NULL;
    unsigned char *L = NULL;
    char line[8192];
    mpq_t v, back;
    mpq_init(v);
    mpq_init(back);
    long ret = -1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '\n' || line[0] == '\0')
            continue;
        if (row % 8 == 0) {
            if (n == cap) {
                cap = cap ? 2 * cap : 256;
                Q = realloc(Q, cap * sizeof *Q);
                L = realloc(L, cap);
                if (!Q || !L)
                    goto out;
            }
            n++;
        }
        char *save = NULL, *tok = strtok_r(line, ",\r\n", &save);
        for (int j = 0; j < 3; j++) {
            char buf[4200];
            char *num = tok, *den = tok ? strtok_r(NULL, ",\r\n", &save) : NULL;
            if (!num || !den || strlen(num) + strlen(den) + 2 > sizeof buf)
                goto out;
            size_t ln = strlen(num);
            memcpy(buf, num, ln);
            buf[ln] = '/';
            memcpy(buf + ln + 1, den, strlen(den) + 1);
            if (mpq_set_str(v, buf, 10) != 0 || mpz_sgn(mpq_denref(v)) == 0)
                goto out;
            mpq_canonicalize(v);
            double d = mpq_get_d(v);
            mpq_set_d(back, d);
            if (!mpq_equal(back, v))
                goto out; /* not a double */
            Q[n - 1][row % 8][j] = d;
            tok = strtok_r(NULL, ",\r\n", &save);
        }
        if (!tok || (strcmp(tok, "0") != 0 && strcmp(tok, "1") != 0))
            goto out;
        L[n - 1] = (unsigned char)(tok[0] - '0');
        row++;
    }
    if (row % 8 == 0)
        ret = (long)n;
out:
    fclose(f);
    mpq_clear(v);
    mpq_clear(back);
    if (ret < 0) {
        free(Q);
        free(L);
        Q = NULL;
        L = NULL;
    }
    *q = Q;
    *label = L;
    return ret;
}

#endif
