/* shell_quote.c — a word spelled so that a POSIX shell reads it back unchanged (for the replay
 * commands and the command line in the reports). */
#include <stdio.h>
#include <string.h>

#include "ccdb_run_meta.h"

void ccdb_shell_quote(char *buf, size_t len, const char *s)
{
    size_t at = strlen(buf);
    int plain = *s != '\0';
    for (const char *p = s; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+", *p))
            plain = 0;
    if (plain) {
        snprintf(buf + at, len > at ? len - at : 0, "%s", s);
        return;
    }
    /* 'it'\''s' */
    if (at + 1 < len)
        buf[at++] = '\'';
    for (const char *p = s; *p && at + 5 < len; p++) {
        if (*p == '\'') {
            memcpy(buf + at, "'\\''", 4);
            at += 4;
        } else {
            buf[at++] = *p;
        }
    }
    if (at + 1 < len)
        buf[at++] = '\'';
    buf[at < len ? at : len - 1] = '\0';
}
