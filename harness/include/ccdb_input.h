/* ccdb_input.h — datasets as the harness holds them (queries, origin, truth, intent); --data. */
#ifndef CCDB_INPUT_H
#define CCDB_INPUT_H

#include <stddef.h>

#include "ccdb_dataset.h"
#include "ccdb_generators.h"
#include "ccdb_truth.h"

/* One dataset with everything the harness knows about it. */
typedef struct ccdb_input {
    ccdb_dataset ds;              /* the queries (owned) */
    char *family;                 /* generator family (built-in suite); NULL for files (owned) */
    char *source;                 /* the CSV file the queries came from; NULL when generated */
    ccdb_truth_result *truth;     /* exact result per query; NULL until computed (owned) */
    int truth_cached;             /* 1: truth came from the cache */
    ccdb_truth_result *truth_sep; /* run --min-sep D > 0: the truth at separation D, for the
                                     solvers that claim to honour it; else NULL (owned) */
    int truth_sep_cached;         /* 1: truth_sep came from the cache */
    double truth_sep_d;           /* the separation truth_sep is at (0: none) */
    double label_sep;        /* the separation its labels were made at: 0 (the contact truth; public
                         data), or the d that `gen --min-sep d` recorded (ccdb_labels_sep) */
    ccdb_gen_intent *intent; /* generated: what the generator built, per query, checked against
                                 the truth; NULL for files (owned) */
} ccdb_input;

void ccdb_input_free(ccdb_input *in);

/* Expands one --data PATH into CSV files: a file is itself; a folder is walked recursively for
 * *.csv files, in sorted order; the name of a fetched public dataset (no '/': ccdb_data_resolve)
 * is its folder. Appends strdup'ed paths to *files (realloc'ed array).
 * Returns 0, or -1 with err filled ("PATH: reason"). */
int ccdb_inputs_expand(const char *path, char ***files, size_t *nfiles, char *err, size_t errlen);
/* Keeps one spelling of each file in files[0..*nfiles) (a/./b, a//b, a link to it, a folder
 * and a file in it: the same device and inode): the first, in order; the others are freed and
 * named on `note` (`ccdbench run: note: ...`; NULL: silently). Returns 0, or -1 when out of memory (list unchanged). */
int ccdb_inputs_unique(char **files, size_t *nfiles, FILE *note);
/* The kind of the queries of the file at path: the one its path names (ccdb_kind_from_path: a
 * kind folder, or a <step><vf|ee>.csv name), else `forced` (--kind). `forced` where the path
 * names a kind is refused, agreeing or not: a kind folder is never read as another kind, and
 * --kind is only for files whose path names none. Returns the kind, or CCDB_KIND_UNKNOWN with err
 * filled (refused, or no kind at all). */
ccdb_kind ccdb_input_kind(const char *path, ccdb_kind forced, char *err, size_t errlen);
/* Reads one CSV file, 7 columns (labels from the truth column) or 6 (2023 layout: labels from
 * <scene>/mma_bool/<stem>_mma_bool.json when it exists, else in->ds.label is NULL: no published
 * labels); its kind from ccdb_input_kind(path, forced).
 * Returns 0, or -1 with err filled (the CSV or JSON error FILE:LINE, or the kind problem). */
int ccdb_input_read(const char *path, ccdb_kind forced, int round_inputs, ccdb_input *out,
                    char *err, size_t errlen);
/* The queries first..first+count-1 of a CSV file of `total` queries (ccdb_input_count), streamed
 * (ccdb_csv_open, skip, next): memory for those queries only, their published labels sliced
 * from the file's. Same rules and messages as ccdb_input_read for those lines. */
int ccdb_input_read_range(const char *path, ccdb_kind forced, int round_inputs, size_t first,
                          size_t count, size_t total, ccdb_input *out, char *err, size_t errlen);
/* How many queries a CSV file holds (a scan for line ends, no parsing). 0 or -1 with err. */
int ccdb_input_count(const char *path, size_t *count, char *err, size_t errlen);
/* The queries first..first+count-1 of an input held in memory (generated), with their intent,
 * as an input of their own (truth not copied). 0, or -1 (memory). */
int ccdb_input_slice(const ccdb_input *in, size_t first, size_t count, ccdb_input *out);

/* What the report says of a dataset and its truth ("how this run was made"); summed over the
 * chunks of a dataset by ccdb_input_stats_merge. */
typedef struct ccdb_input_stats {
    long long queries, rounded, disagree; /* disagree: labels against the truth at label_sep */
    long long stage[CCDB_STAGE_COUNT];    /* queries decided by each stage of the judge */
    int labelled;                         /* it has published labels (or a generator's) */
    double label_sep;    /* the separation its labels were made at (ccdb_input.label_sep) */
    int labels_unjudged; /* labelled at a separation the run has no truth at: not compared */
    int cached;          /* its truth came from the cache */
} ccdb_input_stats;
/* Of an input whose truth is known. Its labels are compared with the truth at their own
 * separation: the contact truth when label_sep is 0, truth_sep when it is at label_sep; else
 * they are not compared (labels_unjudged). */
void ccdb_input_stats_of(const ccdb_input *in, ccdb_input_stats *st);
/* Adds a later chunk's: labelled and cached only when every chunk is, labels unjudged when one
 * chunk's are. first: st is empty. */
void ccdb_input_stats_merge(ccdb_input_stats *st, const ccdb_input_stats *chunk, int first);

/* The dataset name used in rows, misses and messages: ds.name (the file path, or
 * "<family>/<kind>" for the built-in suite), "(unnamed)" when there is none. */
const char *ccdb_input_label(const ccdb_input *in);

#endif
