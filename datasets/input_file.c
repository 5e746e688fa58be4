/* input_file.c — opening an input file so that reading it cannot hang or run away.
 *
 * Only regular files are read. A FIFO with no writer blocks open() and read() forever, a device
 * such as /dev/zero never ends, and neither can be rewound: they are refused with a message
 * before a byte is read. The type is checked with stat() before opening (no open() side effect
 * on a device), and again with fstat() on the descriptor (the path may change in between);
 * O_NONBLOCK makes the open itself return at once even if a FIFO appears in between. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ccdb_dataset.h"

/* "" for a regular file, else what the file is instead, for the message. */
static const char *irregular(const struct stat *st)
{
    if (S_ISREG(st->st_mode))
        return "";
    if (S_ISFIFO(st->st_mode))
        return "a FIFO";
    if (S_ISCHR(st->st_mode))
        return "a character device";
    if (S_ISBLK(st->st_mode))
        return "a block device";
    return "not a regular file";
}

static int refuse(const struct stat *st, char *why, size_t whylen)
{
    if (S_ISDIR(st->st_mode))
        snprintf(why, whylen, "cannot read: %s", strerror(EISDIR));
    else
        snprintf(why, whylen,
                 "cannot read: %s: only regular files are read (a FIFO or a device may block "
                 "forever or never end)",
                 irregular(st));
    return -1;
}

int ccdb_file_open_regular(const char *path, char *why, size_t whylen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(why, whylen, "cannot open: %s", strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode))
        return refuse(&st, why, whylen);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, whylen, "cannot open: %s", strerror(errno));
        return -1;
    }
    int flags;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (flags = fcntl(fd, F_GETFL)) < 0 ||
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        int e = errno;
        if (S_ISREG(st.st_mode))
            snprintf(why, whylen, "cannot open: %s", strerror(e));
        else
            refuse(&st, why, whylen);
        close(fd);
        return -1;
    }
    return fd;
}
