/* bb/base.h — primitive types, compiler attributes and source locations.
 *
 * Part of the Bamboo C runtime (see runtime-c/README.md). Every symbol of the
 * runtime carries the `bb_` (functions, types) or `BB_` (macros) prefix.
 */
#ifndef BB_BASE_H
#define BB_BASE_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <string.h>

#if !defined(__GNUC__) && !defined(__clang__)
#error "the Bamboo runtime needs gcc or clang (GNU C builtins for atomics and bit scans)"
#endif

/* ---- Java primitive types ------------------------------------------------ */
typedef bool     bb_boolean;
typedef int8_t   bb_byte;
typedef uint16_t bb_char;   /* a UTF-16 code unit, unsigned as in Java */
typedef int16_t  bb_short;
typedef int32_t  bb_int;
typedef int64_t  bb_long;
typedef float    bb_float;
typedef double   bb_double;

/* ---- attributes ------------------------------------------------------------ */
#define BB_INLINE      static inline __attribute__((always_inline))
#define BB_NOINLINE    __attribute__((noinline))
#define BB_NORETURN    __attribute__((noreturn))
#define BB_COLD        __attribute__((cold, noinline))
#define BB_NONNULL_RET __attribute__((returns_nonnull))  /* lets the C compiler drop null checks of new objects */
#define BB_LIKELY(x)   __builtin_expect(!!(x), 1)
#define BB_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define BB_PRINTF(f, a) __attribute__((format(printf, f, a)))
/* On the methods that may recurse (codegen's `recursion`): no call becomes a
 * jump, so unbounded recursion overflows the stack (a run-time error, as in
 * Java) instead of spinning; the rest of the program keeps tail calls. */
#if defined(__clang__)
#define BB_NO_TAIL_CALLS __attribute__((disable_tail_calls))
#elif defined(__GNUC__)
#define BB_NO_TAIL_CALLS __attribute__((optimize("no-optimize-sibling-calls")))
#else
#define BB_NO_TAIL_CALLS
#endif

/* ---- source locations -----------------------------------------------------
 * A bb_loc packs a file index (into bb_program.files) and a 1-based line:
 * BB_LOC(file, line). Line 0 means "unknown"; BB_LOC_NONE is that. */
typedef uint32_t bb_loc;
#define BB_LOC(file, line) ((bb_loc)(((uint32_t)(file) << 20) | ((uint32_t)(line) & 0xFFFFFu)))
#define BB_LOC_FILE(loc)   ((uint32_t)(loc) >> 20)
#define BB_LOC_LINE(loc)   ((uint32_t)(loc) & 0xFFFFFu)
#define BB_LOC_NONE        ((bb_loc)0)

/* ---- forward declarations -------------------------------------------------- */
typedef struct bb_ctx     bb_ctx;      /* per-core runtime context, passed to everything */
typedef struct bb_runtime bb_runtime;  /* process-wide state shared by all cores */
typedef struct bb_object  bb_object;
typedef struct bb_array   bb_array;
typedef struct bb_string  bb_string;
typedef struct bb_tag     bb_tag;
typedef struct bb_reflist bb_reflist;
typedef struct bb_class   bb_class;
typedef struct bb_program bb_program;
typedef struct bb_task    bb_task;

#endif
