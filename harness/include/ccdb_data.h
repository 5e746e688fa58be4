/* ccdb_data.h — the public datasets by name: the catalogue (upstream git repository and pinned
 * commit of each), the user's data folder, `ccdbench data fetch` and `--data NAME`
 * (docs/datasets.md, "Public datasets by name"). */
#ifndef CCDB_DATA_H
#define CCDB_DATA_H

#include <stddef.h>

#define CCDB_DATA_NAME_MAX 64
#define CCDB_DATA_URL_MAX  1024

/* One dataset of the catalogue. The descriptive fields are NULL for the entries of a catalogue
 * file ($CCDB_DATA_CATALOG). */
typedef struct ccdb_data_entry {
    char name[CCDB_DATA_NAME_MAX]; /* [a-z0-9._-], not starting with '.' */
    char commit[41];               /* the pinned commit: 40 lowercase hex digits */
    char url[CCDB_DATA_URL_MAX];   /* the upstream git repository */
    const char *what, *size, *license, *paper;
} ccdb_data_entry;

typedef struct ccdb_data_catalog {
    ccdb_data_entry *entries;
    size_t count;
    const char *file; /* the catalogue file ($CCDB_DATA_CATALOG), NULL for the built-in one */
} ccdb_data_catalog;

/* The built-in catalogue, or the one in the file named by $CCDB_DATA_CATALOG when it is set and
 * not empty (for tests and mirrors: one dataset per line, "NAME COMMIT URL", '#' comments).
 * Returns 0, or -1 with err filled ("FILE:LINE: what" for a bad catalogue file). */
int ccdb_data_catalog_load(ccdb_data_catalog *out, char *err, size_t errlen);
void ccdb_data_catalog_free(ccdb_data_catalog *c);
const ccdb_data_entry *ccdb_data_find(const ccdb_data_catalog *c, const char *name);

/* The folder datasets are fetched into: $XDG_DATA_HOME/ccdbench/datasets, or
 * $HOME/.local/share/ccdbench/datasets (a relative $XDG_DATA_HOME is ignored, as the XDG spec
 * asks). Returns 0, or -1 with err filled (neither variable usable). */
int ccdb_data_dir(char *buf, size_t len, char *err, size_t errlen);

/* The name of the file a fetch leaves in the dataset's folder (hidden: `run` never reads it):
 * "NAME COMMIT\n". */
#define CCDB_DATA_MARKER ".ccdbench-dataset"

/* Whether the dataset is fetched in dir at its pinned commit: 1 yes; 0 no, with why (absent,
 * another commit, not a fetched dataset) in err. */
int ccdb_data_is_fetched(const ccdb_data_entry *e, const char *dir, char *err, size_t errlen);

/* Fetches e at its pinned commit with git from `from` (a git repository path or URL; NULL:
 * e->url) into ccdb_data_dir()/NAME: into a temporary folder beside it, checked to be the pinned
 * commit, then renamed into place; an older fetch (another commit) is replaced in one step.
 * Nothing is done when it is already fetched at that commit (*already = 1). Folders left by an
 * interrupted fetch are removed first (under a lock on the dataset). `dest` gets the folder.
 * Returns 0, or -1 with err filled (git missing, the fetch failed: no network or the repository
 * lacks the commit, ...), the data folder unchanged. */
int ccdb_data_fetch(const ccdb_data_entry *e, const char *from, int *already, char *dest,
                    size_t destlen, char *err, size_t errlen);

/* `--data ARG`: an argument without '/' that names a catalogue dataset is its fetched folder
 * (an error when it is not fetched at the pinned commit: the message says how to fetch it, and
 * that ./NAME names a folder of that name here); anything else is a path, copied as it is.
 * Returns 0, or -1 with err filled. */
int ccdb_data_resolve(const char *arg, char *buf, size_t len, char *err, size_t errlen);

#endif
