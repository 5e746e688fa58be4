/* fnv.c — FNV-1a 64 (Fowler, Noll, Vo): the checksum of the truth cache and the generators'
 * per-family stream seeds. */
#include "ccdb_util.h"

uint64_t ccdb_fnv1a64(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    return h;
}
