/* requirements.c — the one gate of the tests that need root (see ccdb_test.h). */
#include <criterion/criterion.h>
#include <unistd.h>

#include "ccdb_test.h"

void ccdb_test_require_root(const char *why)
{
    if (geteuid() == 0)
        return;
    if (ccdb_test_shared_required())
        cr_assert_fail("this test needs root (%s), and CCDB_REQUIRE_SHARED is set (CI runs as "
                       "root): it must run",
                       why);
    cr_skip_test("needs root: %s", why);
}
