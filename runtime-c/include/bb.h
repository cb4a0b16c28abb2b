/* bb.h — the Bamboo C runtime: umbrella header.
 *
 * Generated code includes only this file. It must check the ABI it was
 * generated for:
 *     #include "bb.h"
 *     #if BB_ABI_VERSION != 11
 *     #error "bambooc: runtime ABI mismatch"
 *     #endif
 * and store BB_ABI_VERSION in bb_program.abi_version (checked again at run
 * time by bb_main against the runtime that was linked in).
 *
 * Compile generated code and runtime with: -std=gnu11 -fwrapv
 * -fno-strict-aliasing -ffp-contract=off (Java wraps signed arithmetic and
 * forbids fused multiply-add), -pthread, and link -lm.
 *
 * Topic headers (each includes the ones before it):
 *   bb/base.h    primitive types, attributes, bb_loc
 *   bb/types.h   data layout: objects, arrays, strings, tags, class and task
 *                tables, program descriptor, heap, scheduler, bb_ctx
 *   bb/error.h   run-time errors, null/bounds/division checks, conversions
 *   bb/heap.h    allocation (bb_new, bb_new_array), garbage collection
 *   bb/object.h  subtype tests, casts, virtual calls, locks, identity hash
 *   bb/string.h  strings, concatenation, number formatting and parsing
 *   bb/tag.h     tag instances
 *   bb/sched.h   bb_main, task objects, task exits, the scheduler
 *   bb/profile.h the descriptor of profiling builds (--profile-gen)
 *   bb/lib.h     output, files, System, Math, number classes, Character
 *   bb/builtin.h descriptors of Object, String and the built-in arrays
 * See runtime-c/README.md for the rules generated code follows.
 */
#ifndef BB_H
#define BB_H

#define BB_ABI_VERSION 11

#include "bb/base.h"
#include "bb/types.h"
#include "bb/error.h"
#include "bb/heap.h"
#include "bb/object.h"
#include "bb/string.h"
#include "bb/tag.h"
#include "bb/sched.h"
#include "bb/profile.h"
#include "bb/lib.h"
#include "bb/builtin.h"

/* The ABI version of the runtime that was compiled (for bb_main's check). */
extern const uint32_t bb_abi_version;

#endif
