/* line_reader.h — internal to datasets/: buffered input from a file descriptor or a memory block,
 * delivered as lines (CSV) or as raw chunks (JSON labels), with a bounded buffer.
 *
 * The buffer holds at most one read's worth of text plus the line being assembled: memory stays
 * at LINE_READER_CHUNK bytes unless a single line is longer (then it grows to that line). Memory
 * sources go through the same buffer (one copy), so the boundary logic is the same code for both
 * and the tests and fuzzers reach it by limiting the bytes per read. Not part of the public API. */
#ifndef CCDB_LINE_READER_H
#define CCDB_LINE_READER_H

#include <stddef.h>
#include <string.h>

#define LINE_READER_CHUNK ((size_t)1 << 20) /* bytes per read(2) */

typedef struct line_reader {
    int fd;          /* -1: memory source */
    const char *mem; /* memory source: the text, its length, how much was handed out */
    size_t mem_len, mem_pos;
    char *buf;
    size_t cap;      /* allocated bytes of buf */
    size_t beg, end; /* unconsumed bytes are buf[beg, end) */
    size_t scanned;  /* buf[beg, scanned) holds no '\n' (not searched again) */
    size_t max_read; /* bytes asked per read: LINE_READER_CHUNK, or less (tests) */
    int eof;         /* the source has no more bytes */
    int err_no;      /* errno of the failure when a call returned -1 */
} line_reader;

/* The reader takes ownership of fd (closed by line_reader_free). */
void line_reader_init_fd(line_reader *r, int fd);
/* text[0..len) must outlive the reader (text may be NULL when len is 0). */
void line_reader_init_memory(line_reader *r, const char *text, size_t len);
/* Bytes asked per read from now on (>= 1): tests use tiny reads to cross every boundary. */
void line_reader_limit_reads(line_reader *r, size_t bytes);

/* The next line, its '\n' excluded (a '\r' before it is left in): returns 1 with *s, *n (valid
 * until the next call), 0 at the end of the input, -1 on a read error or when memory runs out
 * (err_no set). A last line without '\n' is a line; an input ending with '\n' has no empty line
 * after it. */
static inline int line_reader_line(line_reader *r, const char **s, size_t *n);
/* line_reader_line when the buffer holds no whole line: reads more. */
int line_reader_line_refill(line_reader *r, const char **s, size_t *n);
/* The next raw bytes (at most max_read): 1 with *s, *n; 0 at the end; -1 on error (err_no). */
int line_reader_chunk(line_reader *r, const char **s, size_t *n);
/* Counts the lines of the whole input as line_reader_line would deliver them, then goes back to
 * the start. Only before anything was read. Returns 0, or -1 (err_no set). */
int line_reader_count_lines(line_reader *r, size_t *lines);
/* Frees the buffer and closes the file descriptor. */
void line_reader_free(line_reader *r);

/* The next whole line already in the buffer (one memchr, no call): 1 with *s, *n (without its
 * '\n'); 0 when the buffer holds no further '\n' (then all of it counts as scanned). */
static inline int line_reader_buffered(line_reader *r, const char **s, size_t *n)
{
    if (r->scanned < r->end) {
        char *nl = memchr(r->buf + r->scanned, '\n', r->end - r->scanned);
        if (nl) {
            *s = r->buf + r->beg;
            *n = (size_t)(nl - *s);
            r->beg = r->scanned = (size_t)(nl - r->buf) + 1;
            return 1;
        }
        r->scanned = r->end;
    }
    return 0;
}

/* Inline: the common case (a whole line in the buffer) costs one memchr, no call. */
static inline int line_reader_line(line_reader *r, const char **s, size_t *n)
{
    return line_reader_buffered(r, s, n) ? 1 : line_reader_line_refill(r, s, n);
}

#endif
