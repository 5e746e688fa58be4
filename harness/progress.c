/* progress.c — one self-overwriting progress line on stderr, only when stderr is a terminal
 * (so logs and pipes stay clean). */
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "ccdb_run_meta.h"

static int shown;

static int enabled(void)
{
    static int state = -1;
    if (state < 0)
        state = isatty(fileno(stderr)) ? 1 : 0;
    return state;
}

void ccdb_progress(const char *fmt, ...)
{
    if (!enabled())
        return;
    char line[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    /* \r plus "erase to end of line" keeps one line that updates in place. */
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
    shown = 1;
}

void ccdb_progress_done(void)
{
    if (shown && enabled()) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    shown = 0;
}
