/* gen_sep_core.c — the separation families (gen_sep_*.c): registry, twins, exact final maps.
 *
 * A separation family builds each query in doubles in a canonical frame (gen_internal.h,
 * gen_sep_builder); the final frame comes from maps that keep every distance and every double
 * exact: a relabelling of the rows and a signed permutation of the axes. (No general integer
 * matrix, drift or translation as for the contact families: those change distances, or would add
 * an integer to a multiple of d, which rounds.) Queries come in twins 2j, 2j+1 sharing every
 * random draw: the twin is the one-ulp change that turns a hit at exactly d into a miss. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_util.h"
#include "gen_internal.h"

typedef struct sep_entry {
    ccdb_gen_family pub;
    gen_sep_builder build;
} sep_entry;

static const sep_entry families[] = {
    { { "sep_approach",
        "approach to exactly d (face, edge, vertex; EE interiors, endpoint-interior), twin one "
        "ulp outside d",
        CCDB_GEN_VF | CCDB_GEN_EE },
      gen_sep_approach },
    { { "sep_slide",
        "sliding parallel at exactly d into range (vertex over a face; parallel edges), twin one "
        "ulp further",
        CCDB_GEN_VF | CCDB_GEN_EE },
      gen_sep_slide },
    { { "sep_endpoint",
        "closest points at endpoints: a vertex to a triangle corner, endpoint to endpoint, to "
        "exactly d; twin one ulp outside",
        CCDB_GEN_VF | CCDB_GEN_EE },
      gen_sep_endpoint },
    { { "sep_corner",
        "grazing the d-sphere of a corner / edge end or the d-cylinder of an edge at exactly d at "
        "an interior time (or passing inside it); twin one ulp outside",
        CCDB_GEN_VF | CCDB_GEN_EE },
      gen_sep_corner },
};

#define N_FAMILIES (sizeof families / sizeof families[0])

size_t ccdb_gen_sep_family_count(void)
{
    return N_FAMILIES;
}

const ccdb_gen_family *ccdb_gen_sep_family_at(size_t i)
{
    return i < N_FAMILIES ? &families[i].pub : NULL;
}

static const sep_entry *find(const char *name)
{
    for (size_t i = 0; name && i < N_FAMILIES; i++)
        if (!strcmp(families[i].pub.name, name))
            return &families[i];
    return NULL;
}

const ccdb_gen_family *ccdb_gen_sep_family_find(const char *name)
{
    const sep_entry *e = find(name);
    return e ? &e->pub : NULL;
}

/* Relabelling and signed axis permutation: exact, and every distance is kept. */
static void finalize(ccdb_prng *rng, ccdb_kind kind, const double c[8][3], double q[8][3])
{
    int map[8], perm[3], sign[3];
    gen_random_relabel(rng, kind, map);
    gen_random_signed_perm(rng, perm, sign);
    for (int r = 0; r < 8; r++)
        for (int a = 0; a < 3; a++)
            q[map[r]][perm[a]] = sign[a] * c[r][a];
}

int ccdb_generate_sep(const char *family, ccdb_kind kind, size_t count, uint64_t seed, double d,
                      ccdb_dataset *out, ccdb_gen_intent **intent_out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (intent_out)
        *intent_out = NULL;
    const sep_entry *fe = find(family);
    if (!fe)
        return ccdb_errorf(err, errlen,
                           "unknown separation family '%s' (see `ccdbench gen --list`)",
                           family ? family : "(null)");
    if (kind != CCDB_KIND_VF && kind != CCDB_KIND_EE)
        return ccdb_errorf(err, errlen, "kind must be vf or ee");
    if (!(d > 0) || !(d <= 0x1p900))
        return ccdb_errorf(err, errlen, "family '%s' needs a separation d in (0, 2^900]", family);
    if (count == 0 || count > CCDB_GEN_MAX_COUNT)
        return ccdb_errorf(err, errlen, "count must be between 1 and %zu", CCDB_GEN_MAX_COUNT);
    char name[96];
    snprintf(name, sizeof name, "%s/%s", family, ccdb_kind_name(kind));
    ccdb_gen_intent *intent = calloc(count, sizeof *intent);
    if (!intent || ccdb_dataset_init(out, name, kind, count)) {
        free(intent);
        memset(out, 0, sizeof *out);
        return ccdb_errorf(err, errlen, "out of memory for %zu queries", count);
    }
    ccdb_prng master, sub;
    ccdb_prng_seed(&master, gen_stream_seed(family, kind, seed));
    uint64_t pair_seed = 0;
    for (size_t i = 0; i < count; i++) {
        if (i % 2 == 0)
            pair_seed = ccdb_prng_next(&master);
        ccdb_prng_seed(&sub, pair_seed);
        double c[8][3] = { { 0 } };
        fe->build(&sub, kind, (int)(i % 2), d, c, &intent[i]);
        finalize(&sub, kind, (const double(*)[3])c, out->q[i]);
        out->label[i] = (unsigned char)(intent[i].hit != 0);
    }
    if (intent_out)
        *intent_out = intent;
    else
        free(intent);
    return 0;
}
