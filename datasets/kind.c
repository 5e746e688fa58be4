/* kind.c — VF/EE kind names, and what the public layouts' paths say: the kind (from a
 * vertex-face / edge-edge folder, 2021, or from a `<step><vf|ee>.csv` file name, 2023) and where
 * a 2023 queries file keeps its labels (`<scene>/mma_bool/<stem>_mma_bool.json`). */
#include <stdio.h>
#include <string.h>

#include "ccdb_dataset.h"

const char *ccdb_kind_name(ccdb_kind kind)
{
    return kind == CCDB_KIND_VF ? "vf" : kind == CCDB_KIND_EE ? "ee" : "unknown";
}

int ccdb_kind_parse(const char *text, ccdb_kind *out)
{
    if (!strcmp(text, "vf"))
        *out = CCDB_KIND_VF;
    else if (!strcmp(text, "ee"))
        *out = CCDB_KIND_EE;
    else
        return -1;
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
    int vf = has_component(path, "vertex-face"), ee = has_component(path, "edge-edge");
    if (vf != ee)
        return vf ? CCDB_KIND_VF : CCDB_KIND_EE;
    if (vf) /* both folders: ambiguous */
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
