/* error.c — run-time errors: one line on stderr, exit status 1. */
#include "internal.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void bb_describe_loc(bb_ctx *ctx, bb_loc loc, char *buf, size_t n) {
  buf[0] = 0;
  if (ctx == NULL || BB_LOC_LINE(loc) == 0) return;
  const bb_program *prog = ctx->rt ? ctx->rt->prog : NULL;
  uint32_t f = BB_LOC_FILE(loc);
  const char *file = (prog && f < prog->nfiles && prog->files) ? prog->files[f] : "?";
  snprintf(buf, n, " at %s:%u", file, BB_LOC_LINE(loc));
}

BB_NORETURN static void bb_die(bb_ctx *ctx, bb_loc loc, const char *msg) {
  /* one error is reported: other cores that fail at the same time wait here
     for the process to end; the winner flushes the output and keeps it closed */
  if (ctx && ctx->rt) bb_halt_begin(ctx->rt);
  char where[512];
  bb_describe_loc(ctx, loc, where, sizeof where);
  const char *task = (ctx && ctx->task) ? ctx->task->name : NULL;
  char rank[32] = "";
  if (ctx && ctx->rt && ctx->rt->nranks > 1) snprintf(rank, sizeof rank, " (rank %u)", ctx->rt->rank);
  if (task)
    fprintf(stderr, "bamboo: error: %s in task %s%s%s\n", msg, task, where, rank);
  else
    fprintf(stderr, "bamboo: error: %s%s%s\n", msg, where, rank);
  fflush(stderr);
#ifdef BB_MPI
  if (ctx && ctx->rt) bb_mpi_halt(ctx->rt, 1); /* every rank ends with status 1 */
#endif
  exit(1);
}

static const char *bb_cls_name(bb_ctx *ctx, uint32_t cls) {
  if (ctx && ctx->classes && cls < ctx->rt->nclasses && ctx->classes[cls]) return ctx->classes[cls]->name;
  return "?";
}

void bb_fail_null(bb_ctx *ctx, bb_loc loc) { bb_die(ctx, loc, "null pointer dereference"); }

void bb_fail_index(bb_ctx *ctx, int64_t index, int64_t length, bb_loc loc) {
  char m[128];
  snprintf(m, sizeof m, "array index %lld out of bounds for length %lld", (long long)index, (long long)length);
  bb_die(ctx, loc, m);
}

int32_t bb_index_wrapped(bb_ctx *ctx, const bb_array *a, int64_t i, bb_loc loc) {
  int32_t v = (int32_t)(uint32_t)(uint64_t)i;
  if ((uint32_t)v >= (uint32_t)a->length) bb_fail_index(ctx, v, a->length, loc);
  return v;
}

void bb_fail_strindex(bb_ctx *ctx, int64_t index, int64_t length) {
  char m[160];
  snprintf(m, sizeof m, "StringIndexOutOfBoundsException: Index %lld out of bounds for length %lld",
           (long long)index, (long long)length);
  bb_die(ctx, ctx ? ctx->loc : 0, m);
}

void bb_fail_divzero(bb_ctx *ctx, bb_loc loc) { bb_die(ctx, loc, "division by zero"); }

void bb_fail_negsize(bb_ctx *ctx, int64_t size, bb_loc loc) {
  char m[96];
  snprintf(m, sizeof m, "negative array size %lld", (long long)size);
  bb_die(ctx, loc, m);
}

void bb_fail_cast(bb_ctx *ctx, uint32_t from, uint32_t to, bb_loc loc) {
  char m[512];
  snprintf(m, sizeof m, "class %s cannot be cast to class %s", bb_cls_name(ctx, from), bb_cls_name(ctx, to));
  bb_die(ctx, loc, m);
}

void bb_fail_arraystore(bb_ctx *ctx, uint32_t value_cls, uint32_t array_cls, bb_loc loc) {
  char m[512];
  snprintf(m, sizeof m, "cannot store a %s into an array of type %s", bb_cls_name(ctx, value_cls),
           bb_cls_name(ctx, array_cls));
  bb_die(ctx, loc, m);
}

void bb_fail_file(bb_ctx *ctx, const char *path, int err) {
  char m[1200];
  if (err == ENOENT || err == ENOTDIR)
    snprintf(m, sizeof m, "NoSuchFileException: %.900s", path);
  else
    snprintf(m, sizeof m, "IOException: %.900s: %s", path, strerror(err));
  bb_die(ctx, ctx ? ctx->loc : 0, m);
}

void bb_fail_oom(bb_ctx *ctx) { bb_die(ctx, ctx ? ctx->loc : 0, "out of memory"); }

void bb_fail_heap_limit(bb_ctx *ctx, size_t request, size_t limit) {
  char m[320];
  snprintf(m, sizeof m,
           "out of memory: %zu more bytes would take the heap past its limit of %zu bytes "
           "(BAMBOO_HEAP_MAX; by default half of this machine's memory)",
           request, limit);
  bb_die(ctx, ctx ? ctx->loc : 0, m);
}

void bb_fail(bb_ctx *ctx, const char *fmt, ...) {
  char m[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m, sizeof m, fmt, ap);
  va_end(ap);
  bb_die(ctx, ctx ? ctx->loc : 0, m);
}

void bb_fail_at(bb_ctx *ctx, bb_loc loc, const char *fmt, ...) {
  char m[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m, sizeof m, fmt, ap);
  va_end(ap);
  bb_die(ctx, loc, m);
}

void bb_fail_java(bb_ctx *ctx, const char *kind, const char *message) {
  char m[1024];
  if (message)
    snprintf(m, sizeof m, "%s: %s", kind, message);
  else
    snprintf(m, sizeof m, "%s", kind);
  bb_die(ctx, ctx ? ctx->loc : 0, m);
}

void bb_panic(const char *fmt, ...) {
  va_list ap;
  fputs("bamboo: internal error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  abort();
}
