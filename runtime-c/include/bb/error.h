/* bb/error.h — run-time errors and the inline checks generated code uses.
 *
 * Every error prints, after flushing the program's output, exactly one line
 *   bamboo: error: <what> in task <task> at <file>:<line>
 * on stderr and exits with status 1. The location comes from the `loc`
 * argument of the check helpers, or from ctx->loc for errors raised inside
 * natives (generated code stores ctx->loc before calling a native that may
 * fail; see README.md).
 */
#ifndef BB_ERROR_H
#define BB_ERROR_H

#include "types.h"

BB_NORETURN BB_COLD void bb_fail_null(bb_ctx *ctx, bb_loc loc);
BB_NORETURN BB_COLD void bb_fail_index(bb_ctx *ctx, int64_t index, int64_t length, bb_loc loc);
BB_NORETURN BB_COLD void bb_fail_divzero(bb_ctx *ctx, bb_loc loc);
BB_NORETURN BB_COLD void bb_fail_negsize(bb_ctx *ctx, int64_t size, bb_loc loc);
BB_NORETURN BB_COLD void bb_fail_cast(bb_ctx *ctx, uint32_t from_cls, uint32_t to_cls, bb_loc loc);
BB_NORETURN BB_COLD void bb_fail_arraystore(bb_ctx *ctx, uint32_t value_cls, uint32_t array_cls, bb_loc loc);
/* A file that cannot be read (err: an errno value): "NoSuchFileException:
 * <path>" or "IOException: <path>: <reason>". At ctx->loc. */
BB_NORETURN BB_COLD void bb_fail_file(bb_ctx *ctx, const char *path, int err);
BB_NORETURN BB_COLD void bb_fail_oom(bb_ctx *ctx);
BB_NORETURN BB_COLD void bb_fail_heap_limit(bb_ctx *ctx, size_t request, size_t limit);
/* StringIndexOutOfBoundsException from a String/StringBuilder native, at ctx->loc. */
BB_NORETURN BB_COLD void bb_fail_strindex(bb_ctx *ctx, int64_t index, int64_t length);
/* Generic error with a printf-style message, at ctx->loc. */
BB_NORETURN BB_COLD BB_PRINTF(2, 3) void bb_fail(bb_ctx *ctx, const char *fmt, ...);
BB_NORETURN BB_COLD BB_PRINTF(3, 4) void bb_fail_at(bb_ctx *ctx, bb_loc loc, const char *fmt, ...);
/* A Java-style exception turned error: "<kind>: <message>" (message may be NULL). */
BB_NORETURN BB_COLD void bb_fail_java(bb_ctx *ctx, const char *kind, const char *message);
/* An internal invariant was broken (misuse of the ABI): report and abort(). */
BB_NORETURN BB_COLD BB_PRINTF(1, 2) void bb_panic(const char *fmt, ...);

/* ---- checks ---------------------------------------------------------------- */

/* `p` itself, after checking it is not null. */
BB_INLINE void *bb_nn(bb_ctx *ctx, void *p, bb_loc loc) {
  if (BB_UNLIKELY(p == NULL)) bb_fail_null(ctx, loc);
  return p;
}
/* Typed variant: BB_NN(ctx, expr, loc) has the type of expr; expr is evaluated once. */
#define BB_NN(ctx, p, loc) \
  __extension__({ __typeof__(p) bb__p = (p); if (BB_UNLIKELY(bb__p == NULL)) bb_fail_null((ctx), (loc)); bb__p; })

/* Checks a non-null array and an index in range; returns the index. */
BB_INLINE int32_t bb_index(bb_ctx *ctx, const bb_array *a, int32_t i, bb_loc loc) {
  if (BB_UNLIKELY(a == NULL)) bb_fail_null(ctx, loc);
  if (BB_UNLIKELY((uint32_t)i >= (uint32_t)a->length)) bb_fail_index(ctx, i, a->length, loc);
  return i;
}
/* The same check for an index the compiler computed in 64 bits: `i` is the
 * exact (unwrapped) value of the index's int arithmetic. When it is in range
 * it equals Java's wrapped value; otherwise bb_index_wrapped checks Java's
 * value, (int32_t)i, which may still be in range after wrapping. */
BB_COLD int32_t bb_index_wrapped(bb_ctx *ctx, const bb_array *a, int64_t i, bb_loc loc);
BB_INLINE int64_t bb_index64(bb_ctx *ctx, const bb_array *a, int64_t i, bb_loc loc) {
  if (BB_UNLIKELY(a == NULL)) bb_fail_null(ctx, loc);
  if (BB_UNLIKELY((uint64_t)i >= (uint64_t)(uint32_t)a->length)) return bb_index_wrapped(ctx, a, i, loc);
  return i;
}
/* Element i of array a, as an lvalue of type T, checked / unchecked.
 * `a` is evaluated twice in BB_ELEM: pass a variable. */
#define BB_ELEM(ctx, T, a, i, loc) (((T *)bb_array_data(a))[bb_index((ctx), (a), (i), (loc))])
#define BB_ELEM_NC(T, a, i)        (((T *)bb_array_data(a))[(i)])
/* a.length, null-checked. */
BB_INLINE int32_t bb_length(bb_ctx *ctx, const bb_array *a, bb_loc loc) {
  if (BB_UNLIKELY(a == NULL)) bb_fail_null(ctx, loc);
  return a->length;
}

/* ---- Java integer arithmetic that can fail or is undefined in C ------------ */
BB_INLINE int32_t bb_idiv(bb_ctx *ctx, int32_t a, int32_t b, bb_loc loc) {
  if (BB_UNLIKELY(b == 0)) bb_fail_divzero(ctx, loc);
  if (BB_UNLIKELY(b == -1)) return (int32_t)(0u - (uint32_t)a);
  return a / b;
}
BB_INLINE int32_t bb_irem(bb_ctx *ctx, int32_t a, int32_t b, bb_loc loc) {
  if (BB_UNLIKELY(b == 0)) bb_fail_divzero(ctx, loc);
  if (BB_UNLIKELY(b == -1)) return 0;
  return a % b;
}
BB_INLINE int64_t bb_ldiv(bb_ctx *ctx, int64_t a, int64_t b, bb_loc loc) {
  if (BB_UNLIKELY(b == 0)) bb_fail_divzero(ctx, loc);
  if (BB_UNLIKELY(b == -1)) return (int64_t)(0u - (uint64_t)a);
  return a / b;
}
BB_INLINE int64_t bb_lrem(bb_ctx *ctx, int64_t a, int64_t b, bb_loc loc) {
  if (BB_UNLIKELY(b == 0)) bb_fail_divzero(ctx, loc);
  if (BB_UNLIKELY(b == -1)) return 0;
  return a % b;
}

/* ---- Java's narrowing conversions from floating point (saturating, NaN -> 0) */
BB_INLINE int32_t bb_d2i(double d) {
  if (d != d) return 0;
  if (d >= 2147483647.0) return INT32_MAX;
  if (d <= -2147483648.0) return INT32_MIN;
  return (int32_t)d;
}
BB_INLINE int64_t bb_d2l(double d) {
  if (d != d) return 0;
  if (d >= 9223372036854775807.0) return INT64_MAX;
  if (d <= -9223372036854775808.0) return INT64_MIN;
  return (int64_t)d;
}
BB_INLINE int32_t bb_f2i(float f) { return bb_d2i((double)f); }
BB_INLINE int64_t bb_f2l(float f) { return bb_d2l((double)f); }

#endif
