/* data_catalog.c — the public datasets by name (ccdb_data.h): the built-in catalogue (the
 * upstream repositories and pinned commits of ../shared/datasets/README.md), the catalogue file
 * that replaces it ($CCDB_DATA_CATALOG: tests and mirrors), the user's data folder (XDG) and
 * `--data NAME`. The fetch itself is data_fetch.c. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_data.h"
#include "ccdb_util.h"

static const ccdb_data_entry builtin[] = {
    { .name = "sample-queries",
      .commit = "a744562c7a842e9eee033fcea290e75a4a8e7b4e",
      .url = "https://github.com/Continuous-Collision-Detection/Sample-Queries",
      .what = "the 2021 large-scale CCD benchmark's sample: handcrafted degenerate scenes (the "
              "Erleben test set) and simulation scenes, vertex-face and edge-edge, 7-column CSV "
              "with symbolic labels",
      .size = "the six Erleben scenes alone are 3,000 queries (24 files, 2.3 MB); the whole "
              "repository is larger: `data list` gives the size on disk once fetched",
      .license = "MIT",
      .paper = "B. Wang, Z. Ferguson, T. Schneider, X. Jiang, M. Attene, D. Panozzo: A Large Scale "
               "Benchmark and an Inclusion-Based Algorithm for Continuous Collision Detection, "
               "ACM Transactions on Graphics 40(5), 2021" },
    { .name = "scalable-ccd-sample",
      .commit = "d1de594b017d98b37be67f02f74e541e74804109",
      .url = "https://github.com/Continuous-Collision-Detection/Sample-Scalable-CCD-Data",
      .what = "the 2023 time-of-impact dataset's sample: simulation steps (cloth-funnel, "
              "rod-twist), 6-column CSV with the labels in mma_bool/*.json; almost every query "
              "a hit",
      .size = "cloth-funnel step 227 and rod-twist step 3036 are 5,526 queries (4.4 MB); the "
              "repository also holds the symbolic times of impact (roots/*.tar.gz): `data list` "
              "gives the size on disk once fetched",
      .license = "Apache-2.0",
      .paper = "D. Belgrod et al.: Time of Impact Dataset for Continuous Collision Detection and a "
               "Scalable Conservative Algorithm, 2023" },
};

static int valid_name(const char *s)
{
    if (!*s || *s == '.' || strlen(s) >= CCDB_DATA_NAME_MAX)
        return 0;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || strchr("._-", *s)))
            return 0;
    return 1;
}

static int valid_commit(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (!isxdigit((unsigned char)s[n]) || isupper((unsigned char)s[n]))
            return 0;
    return n == 40;
}

/* One line "NAME COMMIT URL" of a catalogue file into e; 1 an entry, 0 a blank or comment line,
 * -1 an error (err "FILE:LINE: what"). */
static int parse_line(char *line, const char *file, size_t lineno, ccdb_data_entry *e, char *err,
                      size_t errlen)
{
    char *fields[4] = { 0 };
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(line, " \t\r\n", &save); tok;
         tok = strtok_r(NULL, " \t\r\n", &save)) {
        if (n == 0 && tok[0] == '#')
            return 0;
        if (n == 4)
            break;
        fields[n++] = tok;
    }
    if (n == 0)
        return 0;
    if (n != 3)
        return ccdb_errorf(err, errlen, "%s:%zu: expected 3 fields NAME COMMIT URL, found %s", file,
                           lineno, n < 3 ? "fewer" : "more");
    if (!valid_name(fields[0]))
        return ccdb_errorf(err, errlen,
                           "%s:%zu: bad dataset name '%s' (lowercase letters, digits, '.', '_', "
                           "'-', not starting with '.', at most %d characters)",
                           file, lineno, fields[0], CCDB_DATA_NAME_MAX - 1);
    if (!valid_commit(fields[1]))
        return ccdb_errorf(err, errlen, "%s:%zu: bad commit '%s' (40 lowercase hexadecimal digits)",
                           file, lineno, fields[1]);
    if (strlen(fields[2]) >= CCDB_DATA_URL_MAX)
        return ccdb_errorf(err, errlen, "%s:%zu: repository too long", file, lineno);
    *e = (ccdb_data_entry){ 0 };
    snprintf(e->name, sizeof e->name, "%s", fields[0]);
    snprintf(e->commit, sizeof e->commit, "%s", fields[1]);
    snprintf(e->url, sizeof e->url, "%s", fields[2]);
    return 1;
}

static int load_file(const char *file, ccdb_data_catalog *out, char *err, size_t errlen)
{
    FILE *f = fopen(file, "r");
    if (!f)
        return ccdb_errorf(err, errlen,
                           "%s: cannot read the dataset catalogue ($CCDB_DATA_CATALOG): %s", file,
                           strerror(errno));
    char line[4096];
    size_t lineno = 0;
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            rc = ccdb_errorf(err, errlen, "%s:%zu: line too long", file, lineno);
            break;
        }
        ccdb_data_entry e;
        int got = parse_line(line, file, lineno, &e, err, errlen);
        if (got < 0) {
            rc = -1;
        } else if (got) {
            if (ccdb_data_find(out, e.name)) {
                rc = ccdb_errorf(err, errlen, "%s:%zu: dataset '%s' listed twice", file, lineno,
                                 e.name);
                break;
            }
            ccdb_data_entry *grown = realloc(out->entries, (out->count + 1) * sizeof *grown);
            if (!grown) {
                rc = ccdb_errorf(err, errlen, "out of memory");
                break;
            }
            out->entries = grown;
            out->entries[out->count++] = e;
        }
    }
    if (!rc && ferror(f))
        rc = ccdb_errorf(err, errlen, "%s: cannot read: %s", file, strerror(errno));
    fclose(f);
    return rc;
}

int ccdb_data_catalog_load(ccdb_data_catalog *out, char *err, size_t errlen)
{
    *out = (ccdb_data_catalog){ 0 };
    const char *file = getenv("CCDB_DATA_CATALOG");
    if (file && *file) {
        out->file = file;
        if (load_file(file, out, err, errlen) != 0) {
            ccdb_data_catalog_free(out);
            return -1;
        }
        return 0;
    }
    size_t n = sizeof builtin / sizeof builtin[0];
    if (!(out->entries = malloc(sizeof builtin)))
        return ccdb_errorf(err, errlen, "out of memory");
    memcpy(out->entries, builtin, sizeof builtin);
    out->count = n;
    return 0;
}

void ccdb_data_catalog_free(ccdb_data_catalog *c)
{
    free(c->entries);
    *c = (ccdb_data_catalog){ 0 };
}

const ccdb_data_entry *ccdb_data_find(const ccdb_data_catalog *c, const char *name)
{
    for (size_t i = 0; i < c->count; i++)
        if (!strcmp(c->entries[i].name, name))
            return &c->entries[i];
    return NULL;
}

int ccdb_data_dir(char *buf, size_t len, char *err, size_t errlen)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, len, "%s/ccdbench/datasets", xdg);
    else if (home && home[0] == '/')
        n = snprintf(buf, len, "%s/.local/share/ccdbench/datasets", home);
    else
        return ccdb_errorf(err, errlen,
                           "no data folder: set XDG_DATA_HOME or HOME to an absolute path");
    if (n < 0 || (size_t)n >= len)
        return ccdb_errorf(err, errlen, "the data folder's path is too long");
    return 0;
}

int ccdb_data_is_fetched(const ccdb_data_entry *e, const char *dir, char *err, size_t errlen)
{
    char marker[4200], line[256], name[CCDB_DATA_NAME_MAX], commit[64];
    snprintf(marker, sizeof marker, "%s/" CCDB_DATA_MARKER, dir);
    FILE *f = fopen(marker, "r");
    if (!f) {
        if (errno == ENOENT)
            ccdb_errorf(err, errlen, "%s: absent", dir);
        else
            ccdb_errorf(err, errlen, "%s: cannot read: %s", marker, strerror(errno));
        return 0;
    }
    int ok = fgets(line, sizeof line, f) && sscanf(line, "%63s %63s", name, commit) == 2;
    fclose(f);
    if (!ok || strcmp(name, e->name)) {
        ccdb_errorf(err, errlen, "%s: not a fetched copy of '%s' (bad %s)", dir, e->name,
                    CCDB_DATA_MARKER);
        return 0;
    }
    if (strcmp(commit, e->commit)) {
        ccdb_errorf(err, errlen, "%s: holds commit %s, the catalogue pins %s", dir, commit,
                    e->commit);
        return 0;
    }
    return 1;
}

int ccdb_data_resolve(const char *arg, char *buf, size_t len, char *err, size_t errlen)
{
    if (strchr(arg, '/') || !valid_name(arg)) {
        if ((size_t)snprintf(buf, len, "%s", arg) >= len)
            return ccdb_errorf(err, errlen, "%s: path too long", arg);
        return 0;
    }
    ccdb_data_catalog cat;
    if (ccdb_data_catalog_load(&cat, err, errlen) != 0)
        return -1;
    const ccdb_data_entry *e = ccdb_data_find(&cat, arg);
    int rc = 0;
    if (!e) {
        if ((size_t)snprintf(buf, len, "%s", arg) >= len)
            rc = ccdb_errorf(err, errlen, "%s: path too long", arg);
    } else if (ccdb_data_dir(buf, len, err, errlen) != 0) {
        rc = -1;
    } else {
        size_t used = strlen(buf);
        char why[4400];
        if ((size_t)snprintf(buf + used, len - used, "/%s", e->name) >= len - used)
            rc = ccdb_errorf(err, errlen, "the data folder's path is too long");
        else if (!ccdb_data_is_fetched(e, buf, why, sizeof why))
            rc = ccdb_errorf(err, errlen,
                             "dataset '%s' is not ready (%s): run `ccdbench data fetch %s` "
                             "(for a folder of that name here, write ./%s)",
                             e->name, why, e->name, e->name);
    }
    ccdb_data_catalog_free(&cat);
    return rc;
}
