/* suite.c — labels generated datasets with the exact truth (refusing any disagreement with the
 * generator's intent) and builds the built-in suite, with a verified on-disk cache. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_suite.h"
#include "ccdb_truth.h"
#include "ccdb_util.h"

int ccdb_gen_label(ccdb_dataset *ds, const ccdb_gen_intent *intent, char *err, size_t errlen)
{
    ccdb_truth *ctx = ccdb_truth_new();
    if (!ctx) {
        ccdb_errorf(err, errlen, "%s: cannot create the ground truth context", ds->name);
        return -1;
    }
    unsigned char *label = malloc(ds->count ? ds->count : 1);
    if (!label) {
        ccdb_truth_free(ctx);
        ccdb_errorf(err, errlen, "%s: out of memory", ds->name);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < ds->count; i++) {
        ccdb_truth_result r;
        if (ds->kind == CCDB_KIND_VF)
            ccdb_truth_vf(ctx, (const double(*)[3])ds->q[i], &r);
        else
            ccdb_truth_ee(ctx, (const double(*)[3])ds->q[i], &r);
        const ccdb_gen_intent *in = &intent[i];
        int bad_hit = (r.hit != 0) != (in->hit != 0);
        int bad_toi =
            !bad_hit && r.hit && in->toi_known && !(r.toi_lo <= in->toi && in->toi <= r.toi_hi);
        if (bad_hit || bad_toi) {
            char want[64] = "", got[96] = "";
            if (in->toi_known)
                snprintf(want, sizeof want, " at t=%.17g", in->toi);
            if (r.hit)
                snprintf(got, sizeof got, " at t in [%.17g, %.17g]", r.toi_lo, r.toi_hi);
            ccdb_errorf(err, errlen,
                        "%s: query %zu: the generator built %s%s but the exact ground truth says "
                        "%s%s (class %s): generator bug, nothing written",
                        ds->name, i, in->hit ? "a hit" : "a miss", want, r.hit ? "hit" : "miss",
                        got, ccdb_truth_class_name(r.cls));
            rc = -1;
            break;
        }
        label[i] = (unsigned char)(r.hit != 0);
    }
    if (rc == 0)
        memcpy(ds->label, label, ds->count);
    free(label);
    ccdb_truth_free(ctx);
    return rc;
}

/* ---------------- the suite's composition ---------------- */

#define SUITE_SEED 20260101u
#define SUITE_N    200
static const ccdb_suite_spec specs[] = {
    { "coplanar_parallel", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "coplanar_parallel", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "grazing", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "grazing", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "time_boundary", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "time_boundary", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "degenerate_primitives", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "degenerate_primitives", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "parallel_edges", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "near_miss", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "near_miss", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "multi_root", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "multi_root", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "scaled", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "scaled", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "bullet", CCDB_KIND_VF, SUITE_SEED, SUITE_N },
    { "bullet", CCDB_KIND_EE, SUITE_SEED, SUITE_N },
    { "random", CCDB_KIND_VF, SUITE_SEED, 500 },
    { "random", CCDB_KIND_EE, SUITE_SEED, 500 },
};
#define NSPEC (sizeof specs / sizeof specs[0])

size_t ccdb_suite_spec_count(void)
{
    return NSPEC;
}

/* ---------------- cache ---------------- */

/* Hash of a whole file; -1 if it cannot be read. */
static int file_hash(const char *path, uint64_t *out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    uint64_t h = CCDB_FNV1A64_BASIS;
    unsigned char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        h = ccdb_fnv1a64(h, buf, got);
    int bad = ferror(f);
    fclose(f);
    *out = h;
    return bad ? -1 : 0;
}

/* 1 if the cached file at path is intact and holds exactly `fresh` with the intended labels. */
static int cache_valid(const char *path, const ccdb_dataset *fresh, const ccdb_gen_intent *in)
{
    char side[4200];
    snprintf(side, sizeof side, "%s.fnv64", path);
    FILE *f = fopen(side, "r");
    if (!f)
        return 0;
    char text[32] = "";
    int ok = fgets(text, sizeof text, f) != NULL;
    fclose(f);
    uint64_t want = 0, have = 0;
    if (!ok || sscanf(text, "%16" SCNx64, &want) != 1 || file_hash(path, &have) || want != have)
        return 0;
    ccdb_dataset ds;
    ccdb_csv_error e;
    if (ccdb_csv_read(path, fresh->kind, NULL, &ds, &e))
        return 0;
    int same = ds.count == fresh->count && !memcmp(ds.q, fresh->q, fresh->count * sizeof *fresh->q);
    for (size_t i = 0; same && i < ds.count; i++)
        same = ds.label[i] == (unsigned char)(in[i].hit != 0);
    if (same)
        memcpy((unsigned char *)fresh->label, ds.label, ds.count);
    ccdb_dataset_free(&ds);
    return same;
}

/* Writes the CSV, then its hash beside it (atomically); returns 0 or -1. */
static int cache_write(const char *path, const ccdb_dataset *ds)
{
    ccdb_csv_error e;
    if (ccdb_csv_write(path, ds, &e))
        return -1;
    uint64_t h;
    if (file_hash(path, &h))
        return -1;
    char side[4200], text[32];
    snprintf(side, sizeof side, "%s.fnv64", path);
    int n = snprintf(text, sizeof text, "%016" PRIx64 "\n", h);
    return ccdb_write_file_atomic(side, text, (size_t)n, NULL, 0);
}

void ccdb_suite_free(ccdb_suite_set *sets, size_t n)
{
    if (!sets)
        return;
    for (size_t i = 0; i < n; i++) {
        ccdb_dataset_free(&sets[i].ds);
        free(sets[i].path);
    }
    free(sets);
}

int ccdb_suite_load(const char *cache_dir, ccdb_suite_set **sets_out, size_t *n_out, char *err,
                    size_t errlen)
{
    *sets_out = NULL;
    *n_out = 0;
    ccdb_suite_set *sets = calloc(NSPEC, sizeof *sets);
    if (!sets) {
        ccdb_errorf(err, errlen, "suite: out of memory");
        return -1;
    }
    char dir[4096] = "";
    int use_cache = 0;
    if (cache_dir) {
        int w = snprintf(dir, sizeof dir, "%s/g%d-t%d", cache_dir, CCDB_GEN_VERSION,
                         CCDB_TRUTH_VERSION);
        use_cache = w > 0 && w < (int)sizeof dir - 256 && ccdb_mkdir_p(dir) == 0;
    }
    for (size_t i = 0; i < NSPEC; i++) {
        const ccdb_suite_spec *sp = &specs[i];
        ccdb_suite_set *s = &sets[i];
        ccdb_gen_intent *in = NULL;
        s->family = sp->family;
        s->seed = sp->seed;
        if (ccdb_generate(sp->family, sp->kind, sp->count, sp->seed, &s->ds, &in, err, errlen)) {
            ccdb_suite_free(sets, NSPEC);
            return -1;
        }
        char path[4400] = "";
        if (use_cache)
            snprintf(path, sizeof path, "%s/%s-%s-%" PRIu64 "-%zu.csv", dir, sp->family,
                     ccdb_kind_name(sp->kind), sp->seed, sp->count);
        if (use_cache && cache_valid(path, &s->ds, in)) {
            s->from_cache = 1;
        } else {
            if (ccdb_gen_label(&s->ds, in, err, errlen)) {
                free(in);
                ccdb_suite_free(sets, NSPEC);
                return -1;
            }
            if (use_cache && cache_write(path, &s->ds))
                path[0] = '\0'; /* not fatal: the labelled set is in memory */
        }
        free(in);
        if (use_cache && path[0]) {
            s->path = malloc(strlen(path) + 1);
            if (s->path)
                strcpy(s->path, path);
        }
    }
    *sets_out = sets;
    *n_out = NSPEC;
    return 0;
}
