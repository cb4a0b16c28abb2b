/* io.c — output (whole per call), files, System natives. */
#include "internal.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BB_OUT_CAP (64 * 1024)

void bb_out_init(bb_runtime *rt) {
  pthread_mutex_init(&rt->out_lock, NULL);
  rt->out_cap = BB_OUT_CAP;
  rt->out_buf = malloc(rt->out_cap);
  if (!rt->out_buf) bb_panic("out of memory");
  rt->out_len = 0;
  rt->out_tty = isatty(1);
}

static void bb_write_fd(int fd, const char *p, size_t n);
/* stdout closed or failing: output is dropped, like Java's PrintStream */
static void bb_write_all(const char *p, size_t n) {
#ifdef BB_MPI
  if (bb_mpi_write_out(p, n)) return; /* to rank 0, which writes it whole */
#endif
  bb_write_fd(1, p, n);
}

static void bb_out_flush_locked(bb_runtime *rt) {
  bb_write_all(rt->out_buf, rt->out_len);
  rt->out_len = 0;
}

void bb_halt_begin(bb_runtime *rt) {
  uint32_t expect = 0;
  if (!__atomic_compare_exchange_n(&rt->halting, &expect, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    for (;;) pause();  /* another core is ending the process */
  }
  if (!rt->out_buf) return;
  pthread_mutex_lock(&rt->out_lock);  /* held until exit: no output after this */
  bb_out_flush_locked(rt);
}

void bb_out_flush(bb_runtime *rt) {
  if (!rt || !rt->out_buf) return;
  pthread_mutex_lock(&rt->out_lock);
  bb_out_flush_locked(rt);
  pthread_mutex_unlock(&rt->out_lock);
}

void bb_out_write(bb_ctx *ctx, const char *bytes, size_t n) {
  bb_runtime *rt = ctx->rt;
  pthread_mutex_lock(&rt->out_lock);
  if (rt->out_len + n > rt->out_cap) bb_out_flush_locked(rt);
  if (n > rt->out_cap) bb_write_all(bytes, n);
  else {
    memcpy(rt->out_buf + rt->out_len, bytes, n);
    rt->out_len += n;
    /* a terminal shows each line as it is printed (elsewhere the signal
       thread writes the buffer every 100 ms: signals.c) */
    if (rt->out_tty && memchr(bytes, '\n', n)) bb_out_flush_locked(rt);
  }
  pthread_mutex_unlock(&rt->out_lock);
}

static void bb_out_ascii(bb_ctx *ctx, char *buf, int n, bool newline) {
  if (newline) buf[n++] = '\n';
  bb_out_write(ctx, buf, (size_t)n);
}

void bb_print_string(bb_ctx *ctx, bb_string *s, bool newline) {
  if (!s) {
    char b[8] = "null";
    bb_out_ascii(ctx, b, 4, newline);
    return;
  }
  /* fast path: ASCII into a stack buffer */
  char stack[512];
  if (s->length < (int32_t)sizeof stack - 1) {
    int32_t i = 0;
    for (; i < s->length && s->chars[i] < 0x80; i++) stack[i] = (char)s->chars[i];
    if (i == s->length) {
      bb_out_ascii(ctx, stack, i, newline);
      return;
    }
  }
  size_t n;
  char *u = bb_string_to_utf8(s, &n);
  if (!u) bb_fail_oom(ctx);
  if (newline) {
    char *v = realloc(u, n + 1);
    if (!v) { free(u); bb_fail_oom(ctx); }
    u = v;
    u[n++] = '\n';
  }
  bb_out_write(ctx, u, n);
  free(u);
}

void bb_print_int(bb_ctx *ctx, int32_t v, bool newline) {
  char b[BB_NUMBUF + 1];
  bb_out_ascii(ctx, b, bb_fmt_int(b, v), newline);
}
void bb_print_long(bb_ctx *ctx, int64_t v, bool newline) {
  char b[BB_NUMBUF + 1];
  bb_out_ascii(ctx, b, bb_fmt_long(b, v), newline);
}
void bb_print_double(bb_ctx *ctx, double v, bool newline) {
  char b[BB_NUMBUF + 1];
  bb_out_ascii(ctx, b, bb_fmt_double(b, v), newline);
}
void bb_print_float(bb_ctx *ctx, float v, bool newline) {
  char b[BB_NUMBUF + 1];
  bb_out_ascii(ctx, b, bb_fmt_float(b, v), newline);
}
void bb_print_boolean(bb_ctx *ctx, bool v, bool newline) {
  char b[8];
  memcpy(b, v ? "true" : "false", 5);
  bb_out_ascii(ctx, b, v ? 4 : 5, newline);
}
void bb_print_char(bb_ctx *ctx, bb_char v, bool newline) {
  char b[8];
  int n = 0;
  if (v < 0x80) b[n++] = (char)v;
  else if (v < 0x800) { b[n++] = (char)(0xC0 | (v >> 6)); b[n++] = (char)(0x80 | (v & 0x3F)); }
  else if (v >= 0xD800 && v <= 0xDFFF) b[n++] = '?';
  else { b[n++] = (char)(0xE0 | (v >> 12)); b[n++] = (char)(0x80 | ((v >> 6) & 0x3F)); b[n++] = (char)(0x80 | (v & 0x3F)); }
  bb_out_ascii(ctx, b, n, newline);
}
void bb_print_newline(bb_ctx *ctx) { bb_out_write(ctx, "\n", 1); }

static void bb_write_fd(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return;
    }
    p += w;
    n -= (size_t)w;
  }
}

void bb_PrintStream_write(bb_ctx *ctx, int32_t fd, bb_string *s, bool newline) {
  if (fd != 2) {
    bb_print_string(ctx, s, newline);
    return;
  }
  /* stderr: unbuffered, one write() per call (under the output lock, so two
   * cores' lines never interleave) */
  size_t n = 4;
  char *u = s ? bb_string_to_utf8(s, &n) : NULL;
  if (s && !u) bb_fail_oom(ctx);
  char *buf = malloc(n + 1);
  if (!buf) bb_fail_oom(ctx);
  memcpy(buf, u ? u : "null", n);
  if (newline) buf[n++] = '\n';
  pthread_mutex_lock(&ctx->rt->out_lock);
  bb_write_fd(2, buf, n);
  pthread_mutex_unlock(&ctx->rt->out_lock);
  free(buf);
  free(u);
}

void bb_PrintStream_flush(bb_ctx *ctx, int32_t fd) {
  if (fd != 2) bb_out_flush(ctx->rt);
}

/* ---- files --------------------------------------------------------------------- */

/* Opens the file named by path (a run-time error if it cannot be opened);
 * *size_out is its size if it is a regular file, else 0 (a guess only: the
 * readers below cope with files that grow or shrink meanwhile). */
static int bb_open_file(bb_ctx *ctx, bb_string *path, char **cpath_out, size_t *size_out) {
  if (!path) bb_fail_java(ctx, "NullPointerException", NULL);
  char *cpath = bb_string_to_utf8(path, NULL);
  if (!cpath) bb_fail_oom(ctx);
  int fd = open(cpath, O_RDONLY | O_CLOEXEC);
  if (fd < 0) bb_fail_file(ctx, cpath, errno);
  struct stat st;
  *size_out = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size : 0;
  *cpath_out = cpath;
  return fd;
}

/* Reads from fd into dst until cap bytes or the end of the file; returns the
 * count (less than cap only at the end). Short reads are continued. Reads
 * from the file position if off < 0, else from offset off (pread: the file
 * position is neither used nor moved). */
static size_t bb_read_at(bb_ctx *ctx, int fd, char *dst, size_t cap, int64_t off, const char *cpath) {
  size_t n = 0;
  while (n < cap) {
    size_t want = cap - n < ((size_t)1 << 30) ? cap - n : ((size_t)1 << 30);
    ssize_t r = off < 0 ? read(fd, dst + n, want) : pread(fd, dst + n, want, (off_t)(off + (int64_t)n));
    if (r < 0) {
      if (errno == EINTR) continue;
      bb_fail_file(ctx, cpath, errno);
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  return n;
}

/* The rest of fd (from the file position if off < 0, else from offset off),
 * at most max bytes, in a malloc'd buffer that starts at cap bytes (> 0, or
 * max if smaller) and doubles while the file goes on; *len is the count. */
static char *bb_read_rest(bb_ctx *ctx, int fd, int64_t off, size_t cap, size_t max, size_t *len,
                          const char *cpath) {
  if (cap > max) cap = max;
  char *buf = bb_xmalloc(ctx, cap ? cap : 1);
  size_t n = 0;
  for (;;) {
    n += bb_read_at(ctx, fd, buf + n, cap - n, off < 0 ? -1 : off + (int64_t)n, cpath);
    if (n < cap || cap == max) break;
    if (cap > SIZE_MAX / 2) bb_fail_oom(ctx);
    cap = cap > max / 2 ? max : cap * 2;
    buf = bb_xrealloc(ctx, buf, cap);
  }
  *len = n;
  return buf;
}

static char *bb_read_file(bb_ctx *ctx, bb_string *path, size_t *len, char **cpath_out) {
  size_t size;
  int fd = bb_open_file(ctx, path, cpath_out, &size);
  /* one byte more than the size, so that an unchanged file needs no second buffer */
  char *buf = bb_read_rest(ctx, fd, -1, size < ((size_t)1 << 16) ? ((size_t)1 << 16) : size + 1, SIZE_MAX, len,
                           *cpath_out);
  close(fd);
  return buf;
}

static bb_string *bb_decode_file(bb_ctx *ctx, const char *buf, size_t n, const char *cpath) {
  bb_string *s = bb_string_from_utf8(ctx, buf, n, true);
  if (!s) {
    char m[1100];
    snprintf(m, sizeof m, "%.1000s: input is not valid UTF-8", cpath);
    bb_fail_java(ctx, "MalformedInputException", m);
  }
  return s;
}

bb_string *bb_Files_readString(bb_ctx *ctx, bb_string *path) {
  size_t n;
  char *cpath;
  char *buf = bb_read_file(ctx, path, &n, &cpath);
  bb_string *s = bb_decode_file(ctx, buf, n, cpath);
  free(buf);
  free(cpath);
  return s;
}

/* Read straight into a byte array of the file's size (not zeroed first: the
 * read overwrites it): no second copy of a large file. A file that shrank is copied into an array of the bytes read,
 * one that grew gets its tail read separately and both copied. */
bb_array *bb_Files_readAllBytes(bb_ctx *ctx, bb_string *path) {
  char *cpath;
  size_t size;
  int fd = bb_open_file(ctx, path, &cpath, &size);
  if (size > INT32_MAX) bb_fail_oom(ctx);
  bb_array *a = bb_new_array_unzeroed(ctx, BB_CLASS_BYTE_ARRAY, (int32_t)size, ctx->loc);
  size_t n = bb_read_at(ctx, fd, (char *)bb_array_data(a), size, -1, cpath);
  size_t more = 0;
  char *tail = n == size ? bb_read_rest(ctx, fd, -1, 4096, SIZE_MAX, &more, cpath) : NULL;
  close(fd);
  if (n < size || more > 0) {
    if (more > INT32_MAX - n) bb_fail_oom(ctx);
    bb_array *b = bb_new_array_unzeroed(ctx, BB_CLASS_BYTE_ARRAY, (int32_t)(n + more), ctx->loc);
    memcpy(bb_array_data(b), bb_array_data(a), n);
    if (more) memcpy((char *)bb_array_data(b) + n, tail, more);
    a = b;
  }
  free(tail);
  free(cpath);
  return a;
}

int64_t bb_Files_size(bb_ctx *ctx, bb_string *path) {
  if (!path) bb_fail_java(ctx, "NullPointerException", NULL);
  char *cpath = bb_string_to_utf8(path, NULL);
  if (!cpath) bb_fail_oom(ctx);
  struct stat st;
  if (stat(cpath, &st) != 0) bb_fail_file(ctx, cpath, errno);
  free(cpath);
  return (int64_t)st.st_size;
}

/* A negative offset or length of a range read is an IllegalArgumentException
 * naming the path. */
static void bb_check_range(bb_ctx *ctx, bb_string *path, int64_t offset, int32_t length) {
  if (!path) bb_fail_java(ctx, "NullPointerException", NULL);
  if (offset < 0 || length < 0) {
    char *p = bb_string_to_utf8(path, NULL);
    char m[1100];
    snprintf(m, sizeof m, "%.900s: offset %lld, length %d", p ? p : "?", (long long)offset, (int)length);
    free(p);
    bb_fail_java(ctx, "IllegalArgumentException", m);
  }
}

/* The bytes at [offset, offset + length) of the file, fewer if it ends
 * first. A regular file is read straight into an array of the bytes it holds
 * there (by its size when opened); a file whose size says 0 (/proc) is read
 * into a buffer that grows up to length. */
bb_array *bb_Files_readBytes(bb_ctx *ctx, bb_string *path, int64_t offset, int32_t length) {
  bb_check_range(ctx, path, offset, length);
  char *cpath;
  size_t size;
  int fd = bb_open_file(ctx, path, &cpath, &size);
  size_t n;
  bb_array *a;
  if (size > 0) {
    size_t cap = (uint64_t)offset >= size ? 0 : size - (size_t)offset;
    if (cap > (size_t)length) cap = (size_t)length;
    a = bb_new_array_unzeroed(ctx, BB_CLASS_BYTE_ARRAY, (int32_t)cap, ctx->loc);
    n = bb_read_at(ctx, fd, (char *)bb_array_data(a), cap, offset, cpath);
    if (n < cap) {
      /* (the short array is garbage: its unread tail is never seen) */
      bb_array *b = bb_new_array_unzeroed(ctx, BB_CLASS_BYTE_ARRAY, (int32_t)n, ctx->loc);
      memcpy(bb_array_data(b), bb_array_data(a), n);
      a = b;
    }
  } else {
    /* (no file reaches past INT64_MAX, so neither does the read) */
    if ((int64_t)length > INT64_MAX - offset) length = (int32_t)(INT64_MAX - offset);
    char *buf = bb_read_rest(ctx, fd, offset, (size_t)1 << 16, (size_t)length, &n, cpath);
    a = bb_new_array_unzeroed(ctx, BB_CLASS_BYTE_ARRAY, (int32_t)n, ctx->loc);
    memcpy(bb_array_data(a), buf, n);
    free(buf);
  }
  close(fd);
  free(cpath);
  return a;
}

static void bb_arr_desc(bb_ctx *ctx, bb_array *a, char *buf, size_t n);

/* Reads the bytes at [offset, offset + length) of the file into
 * into[from .. from + length), fewer if the file ends first; returns how
 * many it read (the rest of the range is left as it was). A program that
 * reads a file piece by piece can so reuse one buffer instead of making
 * an array of garbage per piece. */
int32_t bb_Files_readInto(bb_ctx *ctx, bb_string *path, int64_t offset, bb_array *into, int32_t from,
                          int32_t length) {
  bb_check_range(ctx, path, offset, length);
  if (!into) bb_fail_java(ctx, "NullPointerException", NULL);
  if (!bb_array_range_ok(into, from, length)) {
    char m[300], d[64];
    bb_arr_desc(ctx, into, d, sizeof d);
    snprintf(m, sizeof m, "readInto: range [%d, %lld) out of bounds for %s", (int)from,
             (long long)from + length, d);
    bb_fail_java(ctx, "ArrayIndexOutOfBoundsException", m);
  }
  char *cpath;
  size_t size;
  int fd = bb_open_file(ctx, path, &cpath, &size);
  char *dst = (char *)bb_array_data(into) + from;
  /* A regular file is read no further than its end; a file whose size says
   * 0 (/proc) to its end or length. */
  size_t cap = (size_t)length;
  if (size > 0) {
    size_t left = (uint64_t)offset < size ? size - (size_t)offset : 0;
    if (left < cap) cap = left;
  }
  size_t n = bb_read_at(ctx, fd, dst, cap, offset, cpath);
  close(fd);
  free(cpath);
  return (int32_t)n;
}

bb_array *bb_Files_readAllLines(bb_ctx *ctx, bb_string *path) {
  size_t n;
  char *cpath;
  char *buf = bb_read_file(ctx, path, &n, &cpath);
  bb_string *s = bb_decode_file(ctx, buf, n, cpath);
  free(buf);
  free(cpath);
  /* lines end at \n, \r or \r\n; a last line without terminator counts */
  int32_t nlines = 0;
  for (int32_t i = 0; i < s->length; i++) {
    bb_char c = s->chars[i];
    if (c == '\n' || c == '\r') {
      nlines++;
      if (c == '\r' && i + 1 < s->length && s->chars[i + 1] == '\n') i++;
    } else if (i == s->length - 1) {
      nlines++;
    }
  }
  bb_array *a = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, nlines, ctx->loc);
  int32_t k = 0, start = 0;
  for (int32_t i = 0; i < s->length; i++) {
    bb_char c = s->chars[i];
    if (c == '\n' || c == '\r') {
      ((bb_string **)bb_array_data(a))[k++] = bb_string_from_utf16(ctx, s->chars + start, i - start);
      if (c == '\r' && i + 1 < s->length && s->chars[i + 1] == '\n') i++;
      start = i + 1;
    } else if (i == s->length - 1) {
      ((bb_string **)bb_array_data(a))[k++] = bb_string_from_utf16(ctx, s->chars + start, i + 1 - start);
    }
  }
  return a;
}

/* ---- System ---------------------------------------------------------------------- */

int64_t bb_System_nanoTime(bb_ctx *ctx) { (void)ctx; return (int64_t)bb_now_ns(); }
int64_t bb_System_currentTimeMillis(bb_ctx *ctx) {
  (void)ctx;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
int64_t bb_System_microTimes(bb_ctx *ctx) {
  (void)ctx;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}
int64_t bb_System_getticks(bb_ctx *ctx) {
  (void)ctx;
#if defined(__x86_64__) || defined(__i386__)
  return (int64_t)__builtin_ia32_rdtsc();
#else
  return (int64_t)bb_now_ns();
#endif
}

void bb_System_exit(bb_ctx *ctx, int32_t status) {
  bb_halt_begin(ctx->rt);  /* from any core: the first exit or error wins */
  fflush(stderr);
#ifdef BB_MPI
  bb_mpi_halt(ctx->rt, status); /* every rank ends with the status */
#endif
  exit(status);
}

void bb_System_gc(bb_ctx *ctx) {
  /* collect at the next task boundary */
  ctx->heap.allocated = ctx->heap.threshold;
}

/* Java's wording: "int[5]" or "object array[5]" */
static void bb_arr_desc(bb_ctx *ctx, bb_array *a, char *buf, size_t n) {
  static const char *const names[] = {"boolean", "byte", "char", "short", "int", "long", "float", "double"};
  const bb_class *c = ctx->classes[a->hdr.cls];
  snprintf(buf, n, "%s[%d]", c->elem_kind == BB_ELEM_REF ? "object array" : names[c->elem_kind], a->length);
}

/* System.arraycopy with every check Java makes and its messages: what
 * bb_System_arraycopy falls back on when the copy is not between two
 * arrays of one primitive type within their bounds. */
static BB_NOINLINE void bb_arraycopy_checked(bb_ctx *ctx, bb_object *srco, int32_t sp, bb_object *dsto, int32_t dp,
                                             int32_t len) {
  if (!srco || !dsto) bb_fail_java(ctx, "NullPointerException", NULL);
  bb_array *src = (bb_array *)srco, *dst = (bb_array *)dsto;
  const bb_class *sc = ctx->classes[src->hdr.cls], *dc = ctx->classes[dst->hdr.cls];
  if (sc->kind != BB_KIND_ARRAY || dc->kind != BB_KIND_ARRAY) {
    char m[300];
    snprintf(m, sizeof m, "arraycopy: %s type %s is not an array", sc->kind != BB_KIND_ARRAY ? "source" : "destination",
             sc->kind != BB_KIND_ARRAY ? sc->name : dc->name);
    bb_fail_java(ctx, "ArrayStoreException", m);
  }
  bool sref = sc->elem_kind == BB_ELEM_REF, dref = dc->elem_kind == BB_ELEM_REF;
  if (sref != dref || (!sref && sc->elem_kind != dc->elem_kind)) {
    char m[300];
    snprintf(m, sizeof m, "arraycopy: type mismatch: can not copy %s into %s", sc->name, dc->name);
    bb_fail_java(ctx, "ArrayStoreException", m);
  }
  if (!bb_array_range_ok(src, sp, len) || !bb_array_range_ok(dst, dp, len)) {
    char m[300], sd[64], dd[64];
    bb_arr_desc(ctx, src, sd, sizeof sd);
    bb_arr_desc(ctx, dst, dd, sizeof dd);
    if (sp < 0) snprintf(m, sizeof m, "arraycopy: source index %d out of bounds for %s", sp, sd);
    else if (dp < 0) snprintf(m, sizeof m, "arraycopy: destination index %d out of bounds for %s", dp, dd);
    else if (len < 0) snprintf(m, sizeof m, "arraycopy: length %d is negative", len);
    else if ((int64_t)sp + len > src->length)
      snprintf(m, sizeof m, "arraycopy: last source index %lld out of bounds for %s", (long long)sp + len, sd);
    else
      snprintf(m, sizeof m, "arraycopy: last destination index %lld out of bounds for %s", (long long)dp + len, dd);
    bb_fail_java(ctx, "ArrayIndexOutOfBoundsException", m);
  }
  size_t es = src->elem_size;
  char *s = (char *)bb_array_data(src) + (size_t)sp * es, *d = (char *)bb_array_data(dst) + (size_t)dp * es;
  if (sref && !bb_is_subclass(ctx, src->hdr.cls, dst->hdr.cls)) {
    /* element-wise store checks, copying up to the first bad element */
    bb_object **so = (bb_object **)s, **dob = (bb_object **)d;
    for (int32_t i = 0; i < len; i++) {
      bb_object *v = so[i];
      if (v && !bb_is_subclass(ctx, v->cls, dc->elem_class)) {
        char m[300];
        snprintf(m, sizeof m, "arraycopy: element type mismatch: can not cast one of the elements of %s to the type of the destination array, %s",
                 sc->name, ctx->classes[dc->elem_class]->name);
        bb_fail_java(ctx, "ArrayStoreException", m);
      }
      dob[i] = v;
    }
    return;
  }
  memmove(d, s, (size_t)len * es);
}

/* System.arraycopy. The common case, two arrays of one primitive type
 * within their bounds (for example a word's bytes copied into a pool), is
 * decided and copied here, with no registers to save and no frame for the
 * messages; everything else goes to bb_arraycopy_checked. */
void bb_System_arraycopy(bb_ctx *ctx, bb_object *srco, int32_t sp, bb_object *dsto, int32_t dp, int32_t len) {
  if (BB_LIKELY(srco && dsto)) {
    bb_array *src = (bb_array *)srco, *dst = (bb_array *)dsto;
    const bb_class *sc = ctx->classes[src->hdr.cls];
    if (BB_LIKELY(src->hdr.cls == dst->hdr.cls && sc->kind == BB_KIND_ARRAY && sc->elem_kind != BB_ELEM_REF &&
                  bb_array_range_ok(src, sp, len) && bb_array_range_ok(dst, dp, len))) {
      size_t es = src->elem_size;
      memmove((char *)bb_array_data(dst) + (size_t)dp * es, (char *)bb_array_data(src) + (size_t)sp * es,
              (size_t)len * es);
      return;
    }
  }
  bb_arraycopy_checked(ctx, srco, sp, dsto, dp, len);
}

/* A JSON string literal of `s` (profiles and traces name files and classes
 * the user chose: quotes, backslashes and control characters are escaped). */
void bb_json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    if (*c == '"' || *c == '\\') fprintf(f, "\\%c", *c);
    else if (*c < 0x20) fprintf(f, "\\u%04x", *c);
    else fputc(*c, f);
  }
  fputc('"', f);
}
