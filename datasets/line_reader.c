/* line_reader.c — bounded buffered input for the CSV and JSON readers (see line_reader.h). */
#include "line_reader.h"

#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void line_reader_init_fd(line_reader *r, int fd)
{
    *r = (line_reader){ .fd = fd, .max_read = LINE_READER_CHUNK };
}

void line_reader_init_memory(line_reader *r, const char *text, size_t len)
{
    *r = (line_reader){ .fd = -1, .mem = text, .mem_len = text ? len : 0 };
    /* A small text needs no 1 MiB buffer. */
    r->max_read = r->mem_len < LINE_READER_CHUNK ? r->mem_len + 1 : LINE_READER_CHUNK;
}

void line_reader_limit_reads(line_reader *r, size_t bytes)
{
    r->max_read = bytes ? bytes : 1;
}

void line_reader_free(line_reader *r)
{
    free(r->buf);
    if (r->fd >= 0)
        close(r->fd);
    r->buf = NULL;
    r->fd = -1;
}

/* Reads up to n bytes at p from the source: the count, 0 at the end, -1 on error. */
static long source_read(line_reader *r, char *p, size_t n)
{
    if (r->fd < 0) {
        size_t k = r->mem_len - r->mem_pos < n ? r->mem_len - r->mem_pos : n;
        if (k)
            memcpy(p, r->mem + r->mem_pos, k);
        r->mem_pos += k;
        return (long)k;
    }
    for (;;) {
        ssize_t got = read(r->fd, p, n);
        if (got >= 0)
            return (long)got;
        if (errno != EINTR) {
            r->err_no = errno;
            return -1;
        }
    }
}

/* Appends at least one byte from the source to buf[beg, end), or sets eof. Keeps the unconsumed
 * bytes, moving them to the front or growing the buffer (a line longer than the buffer) when
 * there is no room. Returns 0, or -1 (err_no set). */
static int fill(line_reader *r)
{
    if (!r->buf) {
        if (!(r->buf = malloc(r->max_read))) {
            r->err_no = ENOMEM;
            return -1;
        }
        r->cap = r->max_read;
    }
    if (r->cap - r->end < r->max_read && r->beg > 0) { /* room for a full read: compact */
        memmove(r->buf, r->buf + r->beg, r->end - r->beg);
        r->end -= r->beg;
        r->scanned -= r->beg;
        r->beg = 0;
    }
    if (r->end == r->cap) { /* one line fills the buffer: grow */
        size_t cap = r->cap <= SIZE_MAX / 2 ? 2 * r->cap : 0;
        char *b = cap ? realloc(r->buf, cap) : NULL;
        if (!b) {
            r->err_no = ENOMEM;
            return -1;
        }
        r->buf = b;
        r->cap = cap;
    }
    size_t want = r->cap - r->end < r->max_read ? r->cap - r->end : r->max_read;
    long got = source_read(r, r->buf + r->end, want);
    if (got < 0)
        return -1;
    if (got == 0)
        r->eof = 1;
    r->end += (size_t)got;
    return 0;
}

int line_reader_line_refill(line_reader *r, const char **s, size_t *n)
{
    for (;;) {
        if (line_reader_buffered(r, s, n))
            return 1;
        if (r->eof) {
            if (r->beg == r->end)
                return 0;
            *s = r->buf + r->beg; /* the last line, without '\n' */
            *n = r->end - r->beg;
            r->beg = r->scanned = r->end;
            return 1;
        }
        if (fill(r) != 0)
            return -1;
    }
}

int line_reader_chunk(line_reader *r, const char **s, size_t *n)
{
    while (r->beg == r->end) {
        if (r->eof)
            return 0;
        r->beg = r->end = r->scanned = 0;
        if (fill(r) != 0)
            return -1;
    }
    *s = r->buf + r->beg;
    *n = r->end - r->beg;
    r->beg = r->scanned = r->end;
    return 1;
}

int line_reader_count_lines(line_reader *r, size_t *lines)
{
    assert(r->end == 0 && r->mem_pos == 0 && !r->eof);
    size_t newlines = 0, total = 0;
    char last = '\n';
    if (r->fd < 0) {
        for (const char *c = r->mem, *e = r->mem + r->mem_len;
             c < e && (c = memchr(c, '\n', (size_t)(e - c))); c++)
            newlines++;
        total = r->mem_len;
        last = total ? r->mem[total - 1] : '\n';
    } else {
        if (fill(r) != 0) /* allocates the buffer, reads the first chunk */
            return -1;
        for (;;) {
            for (const char *c = r->buf, *e = r->buf + r->end;
                 c < e && (c = memchr(c, '\n', (size_t)(e - c))); c++)
                newlines++;
            total += r->end;
            if (r->end)
                last = r->buf[r->end - 1];
            if (r->eof)
                break;
            r->beg = r->end = r->scanned = 0;
            if (fill(r) != 0)
                return -1;
        }
        if (lseek(r->fd, 0, SEEK_SET) != 0) {
            r->err_no = errno;
            return -1;
        }
        r->beg = r->end = r->scanned = 0;
        r->eof = 0;
    }
    *lines = newlines + (total > 0 && last != '\n');
    return 0;
}
