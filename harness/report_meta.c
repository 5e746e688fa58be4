/* report_meta.c — "how this run was made" for the report: date, git revision, compiler and
 * flags (from the generated ccdb_build_info.h), GMP/MPFR versions, CPU model. The run's own
 * parameters are added by cmd_run.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ccdb_build_info.h"
#include "ccdb_run_meta.h"
#include "ccdb_truth.h"

void ccdb_meta_add(ccdb_meta *m, const char *key, const char *fmt, ...)
{
    if (m->n >= CCDB_META_MAX)
        return; /* a fixed, generous cap: the keys are known in advance */
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *v = strdup(buf);
    if (!v)
        return;
    m->kv[m->n].key = key;
    m->kv[m->n].value = v;
    m->n++;
}

void ccdb_meta_free(ccdb_meta *m)
{
    for (size_t i = 0; i < m->n; i++)
        free((char *)m->kv[i].value);
    m->n = 0;
}

/* "model name" from /proc/cpuinfo, or "unknown". */
static void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0)
            continue;
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        char *v = colon + 1;
        while (*v == ' ' || *v == '\t')
            v++;
        v[strcspn(v, "\n")] = '\0';
        snprintf(buf, len, "%s", v);
        break;
    }
    fclose(f);
}

void ccdb_meta_add_build(ccdb_meta *m)
{
    char date[64] = "unknown", cpu[256];
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    cpu_model(cpu, sizeof cpu);
    ccdb_meta_add(m, "date", "%s", date);
    ccdb_meta_add(m, "ccdbench", "%s (git %s)", CCDB_VERSION_STRING, CCDB_GIT_REVISION);
    ccdb_meta_add(m, "build type", "%s%s", CCDB_BUILD_TYPE, CCDB_SANITIZED ? " (sanitized)" : "");
    ccdb_meta_add(m, "compiler", "%s", CCDB_C_COMPILER);
    ccdb_meta_add(m, "flags", "%s", CCDB_C_FLAGS);
    ccdb_meta_add(m, "libraries", "%s", ccdb_truth_library_versions());
    ccdb_meta_add(m, "ground truth version", "%d", CCDB_TRUTH_VERSION);
    ccdb_meta_add(m, "cpu", "%s", cpu);
}

const char *ccdb_build_warning(void)
{
    if (CCDB_SANITIZED)
        return "sanitizer build: timings are not representative";
    if (!strcasecmp(CCDB_BUILD_TYPE, "Debug"))
        return "debug build (no optimization): timings are not representative";
    return NULL;
}
