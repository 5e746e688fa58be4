/* kind.c — the query kinds (names, folders, row meanings), and what the public layouts' paths
 * say: the kind (from a kind folder, 2021, or from a `<step><vf|ee>.csv` file name, 2023) and
 * where a 2023 queries file keeps its labels (`<scene>/mma_bool/<stem>_mma_bool.json`). */
#include <stdio.h>
#include <string.h>

#include "ccdb_dataset.h"

/* One row per known kind, in enum order: everything a kind means for its rows. */
static const struct kind_info {
    const char *name, *folder;
    int rigid, sweep, edge_edge;
    const char *rows[8];
} kinds[CCDB_KIND_COUNT] = {
    { "vf",
      "vertex-face",
      0,
      0,
      0,
      { "v_t0", "f0_t0", "f1_t0", "f2_t0", "v_t1", "f0_t1", "f1_t1", "f2_t1" } },
    { "ee",
      "edge-edge",
      0,
      0,
      1,
      { "ea0_t0", "ea1_t0", "eb0_t0", "eb1_t0", "ea0_t1", "ea1_t1", "eb0_t1", "eb1_t1" } },
    { "rigid-vf",
      "rigid-vertex-face",
      1,
      0,
      0,
      { "v_t0", "f0_t0", "f1_t0", "f2_t0", "c", "w", "s", "moving" } },
    { "rigid-ee",
      "rigid-edge-edge",
      1,
      0,
      1,
      { "ea0_t0", "ea1_t0", "eb0_t0", "eb1_t0", "c", "w", "s", "moving" } },
    { "sweep-vf",
      "sweep-vertex-face",
      0,
      1,
      0,
      { "v_t0", "f0_t0", "f1_t0", "f2_t0", "O", "w", "v", "moving_theta" } },
    { "sweep-ee",
      "sweep-edge-edge",
      0,
      1,
      1,
      { "ea0_t0", "ea1_t0", "eb0_t0", "eb1_t0", "O", "w", "v", "moving_theta" } },
};

static const struct kind_info *info(ccdb_kind kind)
{
    return (unsigned)kind < CCDB_KIND_COUNT ? &kinds[kind] : NULL;
}

const char *ccdb_kind_name(ccdb_kind kind)
{
    return info(kind) ? info(kind)->name : "unknown";
}

const char *ccdb_kind_folder(ccdb_kind kind)
{
    return info(kind) ? info(kind)->folder : "unknown";
}

int ccdb_kind_is_rigid(ccdb_kind kind)
{
    return info(kind) ? info(kind)->rigid : 0;
}

int ccdb_kind_is_sweep(ccdb_kind kind)
{
    return info(kind) ? info(kind)->sweep : 0;
}

int ccdb_kind_is_edge_edge(ccdb_kind kind)
{
    return info(kind) ? info(kind)->edge_edge : 0;
}

const char *ccdb_kind_row_meaning(ccdb_kind kind, int r)
{
    return info(kind) && r >= 0 && r < 8 ? info(kind)->rows[r] : "?";
}

int ccdb_kind_parse(const char *text, ccdb_kind *out)
{
    for (int k = 0; k < CCDB_KIND_COUNT; k++)
        if (!strcmp(text, kinds[k].name)) {
            *out = (ccdb_kind)k;
            return 0;
        }
    return -1;
}

int ccdb_sweep_check(const double q[8][3], char *why, size_t whylen)
{
    const double *m = q[7], *w = q[5];
    if (!(m[0] == 0.0 || m[0] == 1.0) || m[2] != 0.0) {
        snprintf(why, whylen,
                 "row 8 of a sweep must be (moving, theta, 0) with moving 0 (the first primitive "
                 "moves) or 1 (the second), not (%.17g, %.17g, %.17g)",
                 m[0], m[1], m[2]);
        return -1;
    }
    if (m[1] != 0.0 && w[0] == 0.0 && w[1] == 0.0 && w[2] == 0.0) {
        snprintf(why, whylen, "the axis w (row 6) of a sweep is 0 while theta = %.17g is not",
                 m[1]);
        return -1;
    }
    return 0;
}

/* True if `comp` appears in `path` as a whole path component. */
static int has_component(const char *path, const char *comp)
{
    size_t n = strlen(comp);
    for (const char *p = strstr(path, comp); p; p = strstr(p + 1, comp)) {
        int starts = p == path || p[-1] == '/';
        int ends = p[n] == '\0' || p[n] == '/';
        if (starts && ends)
            return 1;
    }
    return 0;
}

/* The file name of path (after the last '/') and the length of its stem (without ".csv"). */
static const char *file_name(const char *path, size_t *stem_len)
{
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    size_t n = strlen(name);
    *stem_len = n >= 4 && !strcmp(name + n - 4, ".csv") ? n - 4 : n;
    return name;
}

/* The 2023 file name rule: the stem is [0-9]*(vf|ee). */
static ccdb_kind kind_from_stem(const char *path)
{
    size_t n;
    const char *stem = file_name(path, &n);
    if (n < 2)
        return CCDB_KIND_UNKNOWN;
    for (size_t i = 0; i + 2 < n; i++)
        if (stem[i] < '0' || stem[i] > '9')
            return CCDB_KIND_UNKNOWN;
    if (!strncmp(stem + n - 2, "vf", 2))
        return CCDB_KIND_VF;
    if (!strncmp(stem + n - 2, "ee", 2))
        return CCDB_KIND_EE;
    return CCDB_KIND_UNKNOWN;
}

ccdb_kind ccdb_kind_from_path(const char *path)
{
    int found = 0;
    ccdb_kind kind = CCDB_KIND_UNKNOWN;
    for (int k = 0; k < CCDB_KIND_COUNT; k++)
        if (has_component(path, kinds[k].folder)) {
            found++;
            kind = (ccdb_kind)k;
        }
    if (found == 1)
        return kind;
    if (found > 1) /* two kind folders: ambiguous */
        return CCDB_KIND_UNKNOWN;
    return kind_from_stem(path);
}

int ccdb_labels_path(const char *queries_path, char *buf, size_t len)
{
    size_t stem_len;
    const char *name = file_name(queries_path, &stem_len);
    /* The file's folder, without trailing slashes ("." when the path has none). */
    size_t dir_len = (size_t)(name - queries_path);
    while (dir_len > 1 && queries_path[dir_len - 1] == '/')
        dir_len--;
    const char *dir = dir_len ? queries_path : ".";
    if (!dir_len)
        dir_len = 1;
    /* Its parent: the folder minus its last component, spelled out when that component is "."
     * or ".." or the folder is "/" (then "<folder>/.."). */
    size_t last = dir_len;
    while (last > 0 && dir[last - 1] != '/')
        last--;
    const char *comp = dir + last;
    size_t comp_len = dir_len - last;
    int n;
    if ((comp_len == 1 && comp[0] == '.') || (comp_len == 2 && !strncmp(comp, "..", 2)) ||
        comp_len == 0) {
        n = snprintf(buf, len, "%.*s/../mma_bool/%.*s_mma_bool.json", (int)dir_len, dir,
                     (int)stem_len, name);
    } else {
        size_t parent_len = last;
        while (parent_len > 1 && dir[parent_len - 1] == '/')
            parent_len--;
        if (parent_len == 0) /* "queries" -> the current folder */
            n = snprintf(buf, len, "mma_bool/%.*s_mma_bool.json", (int)stem_len, name);
        else if (parent_len == 1 && dir[0] == '/') /* "/queries" */
            n = snprintf(buf, len, "/mma_bool/%.*s_mma_bool.json", (int)stem_len, name);
        else
            n = snprintf(buf, len, "%.*s/mma_bool/%.*s_mma_bool.json", (int)parent_len, dir,
                         (int)stem_len, name);
    }
    return n >= 0 && (size_t)n < len ? 0 : -1;
}
