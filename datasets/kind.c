/* kind.c — VF/EE kind names and detection from the public folder layout. */
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

ccdb_kind ccdb_kind_from_path(const char *path)
{
    int vf = has_component(path, "vertex-face"), ee = has_component(path, "edge-edge");
    if (vf == ee)
        return CCDB_KIND_UNKNOWN;
    return vf ? CCDB_KIND_VF : CCDB_KIND_EE;
}
