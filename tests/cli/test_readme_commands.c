/* test_readme_commands.c — what the README tells a user to run writes nothing into the checkout
 * but git-ignored folders (issue 22: its examples wrote `.so` files and `reports/mine` into it):
 * every output named in its ```sh blocks (after -o, --set, -B) is under build*, reports/latest/
 * or outside the checkout (/tmp, ~, $VAR); and the license the README names is there. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ccdb_test_fixtures.h"

/* Outputs allowed: the folders .gitignore ignores (/build*, /reports/latest/) or outside. */
static int outside_or_ignored(const char *path)
{
    static const char *const ok[] = { "build/", "build-", "reports/latest/", "/tmp/", "~/", "$" };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (!strncmp(path, ok[i], strlen(ok[i])))
            return 1;
    return !strcmp(path, "build");
}

Test(readme_commands, outputs_only_to_ignored_folders_or_outside)
{
    char *text = ccdb_test_slurp(CCDB_SOURCE_DIR "/README.md", NULL);
    cr_assert_not_null(text);
    size_t blocks = 0, outputs = 0;
    for (char *at = strstr(text, "\n```sh\n"); at; at = strstr(at, "\n```sh\n")) {
        at += strlen("\n```sh\n");
        char *end = strstr(at, "\n```");
        cr_assert_not_null(end, "an unclosed ```sh block");
        *end = '\0';
        blocks++;
        const char *prev = "";
        for (char *save = NULL, *tok = strtok_r(at, " \t\n", &save); tok;
             tok = strtok_r(NULL, " \t\n", &save)) {
            if (tok[0] == '#') /* a comment: the rest of the line */
                tok = strtok_r(NULL, "\n", &save);
            else if (!strcmp(prev, "-o") || !strcmp(prev, "--set") || !strcmp(prev, "-B")) {
                outputs++;
                cr_expect(outside_or_ignored(tok), "README writes '%s' into the checkout", tok);
            }
            prev = tok ? tok : "";
            if (!tok)
                break;
        }
        at = end + 1;
    }
    cr_expect_geq(blocks, 5, "the README's ```sh blocks were found");
    cr_expect_geq(outputs, 8, "the README's outputs were found (%zu)", outputs);
    free(text);
}

Test(readme_commands, the_license_is_there)
{
    char *readme = ccdb_test_slurp(CCDB_SOURCE_DIR "/README.md", NULL);
    char *license = ccdb_test_slurp(CCDB_SOURCE_DIR "/LICENSE", NULL);
    cr_assert_not_null(readme);
    cr_assert_not_null(license, "no LICENSE");
    cr_expect(strstr(readme, "MIT license (`LICENSE`)"), "the README names it");
    cr_expect(!strncmp(license, "MIT License", 11), "LICENSE is the MIT license");
    free(readme);
    free(license);
}
