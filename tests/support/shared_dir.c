/* shared_dir.c — the one gate of the tests that read ../shared (see ccdb_test.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdb_test.h"

int ccdb_test_shared_required(void)
{
    const char *v = getenv("CCDB_REQUIRE_SHARED");
    return v && *v && strcmp(v, "0") != 0;
}

const char *ccdb_test_shared_path(const char *relative)
{
    static char path[4096];
    const int n = snprintf(path, sizeof path, "%s/%s", CCDB_SHARED_DIR, relative);
    cr_assert(n > 0 && (size_t)n < sizeof path, "path too long: %s/%s", CCDB_SHARED_DIR, relative);
    if (access(path, R_OK) == 0)
        return path;
    if (ccdb_test_shared_required())
        cr_assert_fail("%s is absent, and CCDB_REQUIRE_SHARED is set: this test must run", path);
    cr_skip_test("%s is absent (no ../shared beside the checkout): test skipped", path);
}
