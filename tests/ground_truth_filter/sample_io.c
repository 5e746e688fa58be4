/* sample_io.c — minimal reader of the public sample queries (see sample_io.h). Values are exact
 * rationals; each must be exactly a double (checked with GMP). */
#include "sample_io.h"

#include <dirent.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted list of entries of dir (without . and ..); returns count or -1. */
static int list_dir(const char *dir, char ***names)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0, cap = 16;
    char **v = malloc(sizeof *v * (size_t)cap);
    struct dirent *e;
    while (v && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap *= 2;
            char **nv = realloc(v, sizeof *v * (size_t)cap);
            if (!nv)
                break;
            v = nv;
        }
        v[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (!v)
        return -1;
    qsort(v, (size_t)n, sizeof *v, cmp_str);
    *names = v;
    return n;
}

static void free_list(char **v, int n)
{
    for (int i = 0; i < n; ++i)
        free(v[i]);
    free(v);
}

static int push(sample_set *s, size_t *cap, const double q[8][3], int label, int ee)
{
    if (s->count == *cap) {
        size_t nc = *cap ? *cap * 2 : 1024;
        void *a = realloc(s->q, nc * sizeof *s->q);
        if (!a)
            return -1;
        s->q = a;
        void *b = realloc(s->label, nc);
        if (!b)
            return -1;
        s->label = b;
        void *c = realloc(s->is_ee, nc);
        if (!c)
            return -1;
        s->is_ee = c;
        *cap = nc;
    }
    memcpy(s->q[s->count], q, sizeof(double[8][3]));
    s->label[s->count] = (unsigned char)label;
    s->is_ee[s->count] = (unsigned char)ee;
    s->count++;
    return 0;
}

static int load_file(const char *path, int ee, sample_set *s, size_t *cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return -1;
    }
    char line[1024], buf[512];
    double q[8][3];
    int row = 0, label = -1, lineno = 0, rc = 0;
    mpq_t r, back;
    mpq_inits(r, back, NULL);
    while (fgets(line, sizeof line, f)) {
        ++lineno;
        char *fields[7];
        int nf = 0;
        char *save = NULL;
        for (char *tok = strtok_r(line, ",\r\n", &save); tok && nf < 7;
             tok = strtok_r(NULL, ",\r\n", &save))
            fields[nf++] = tok;
        if (nf != 7) {
            fprintf(stderr, "%s:%d: expected 7 fields\n", path, lineno);
            rc = -1;
            break;
        }
        for (int k = 0; k < 3 && rc == 0; ++k) {
            snprintf(buf, sizeof buf, "%s/%s", fields[2 * k], fields[2 * k + 1]);
            if (mpq_set_str(r, buf, 10) != 0 || mpz_sgn(mpq_denref(r)) == 0) {
                fprintf(stderr, "%s:%d: bad rational %s\n", path, lineno, buf);
                rc = -1;
                break;
            }
            mpq_canonicalize(r);
            const double d = mpq_get_d(r);
            mpq_set_d(back, d);
            if (!mpq_equal(r, back)) {
                fprintf(stderr, "%s:%d: %s is not a double\n", path, lineno, buf);
                rc = -1;
                break;
            }
            q[row][k] = d;
        }
        if (rc)
            break;
        const int lab = atoi(fields[6]);
        if (row == 0)
            label = lab;
        else if (lab != label) {
            fprintf(stderr, "%s:%d: truth differs within a query\n", path, lineno);
            rc = -1;
            break;
        }
        if (++row == 8) {
            if (push(s, cap, (const double(*)[3])q, label, ee) != 0) {
                rc = -1;
                break;
            }
            row = 0;
        }
    }
    if (rc == 0 && row != 0) {
        fprintf(stderr, "%s: row count not a multiple of 8\n", path);
        rc = -1;
    }
    mpq_clears(r, back, NULL);
    fclose(f);
    return rc;
}

int sample_load(const char *root, sample_set *out)
{
    memset(out, 0, sizeof *out);
    size_t cap = 0;
    char **scenes = NULL;
    const int ns = list_dir(root, &scenes);
    if (ns < 0) {
        fprintf(stderr, "%s: cannot list\n", root);
        return -1;
    }
    int rc = 0;
    static const char *const kinds[2] = {"vertex-face", "edge-edge"};
    char dir[4096], path[8192];
    for (int i = 0; i < ns && rc == 0; ++i)
        for (int k = 0; k < 2 && rc == 0; ++k) {
            snprintf(dir, sizeof dir, "%s/%s/%s", root, scenes[i], kinds[k]);
            char **files = NULL;
            const int nfile = list_dir(dir, &files);
            if (nfile < 0)
                continue; /* e.g. the LICENSE file, or a scene without this kind */
            for (int j = 0; j < nfile && rc == 0; ++j) {
                const size_t len = strlen(files[j]);
                if (len < 4 || strcmp(files[j] + len - 4, ".csv") != 0)
                    continue;
                snprintf(path, sizeof path, "%s/%s", dir, files[j]);
                rc = load_file(path, k, out, &cap);
            }
            free_list(files, nfile);
        }
    free_list(scenes, ns);
    if (rc)
        sample_free(out);
    return rc;
}

void sample_free(sample_set *s)
{
    free(s->q);
    free(s->label);
    free(s->is_ee);
    memset(s, 0, sizeof *s);
}
