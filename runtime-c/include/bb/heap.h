/* bb/heap.h — allocation and garbage collection.
 *
 * Each core owns a heap of size-classed pages (objects up to BB_SMALL_MAX
 * bytes) plus individually allocated large objects. Allocation pops a free
 * cell of the size class (the fast path below) or bumps through a page.
 * Collection is mark-sweep, precise in the heap; it runs at task boundaries
 * (bb_gc_maybe / bb_gc_collect, called by the scheduler; roots are the
 * scheduler's parameter sets and invocation queue) and inside task bodies
 * when an allocation's slow path finds the heap due (the bodies' C stacks
 * and registers are then scanned conservatively: src/roots.c).
 * Memory is zeroed on allocation.
 */
#ifndef BB_HEAP_H
#define BB_HEAP_H

#include "error.h"

void  bb_heap_init(bb_ctx *ctx);
void  bb_heap_destroy(bb_ctx *ctx);
/* Slow paths: refill a size class, or allocate a large object. */
BB_NONNULL_RET void *bb_alloc_slow(bb_ctx *ctx, size_t size);
/* Collect now (between tasks: no C stack roots are scanned here). */
void  bb_gc_collect(bb_ctx *ctx);
/* At a task boundary: collect (on several cores, ask every core to) if the
 * allocation threshold was passed or BAMBOO_GC_STRESS is set. */
void  bb_gc_maybe(bb_ctx *ctx);

/* Zeroed memory for an object of `size` bytes (header included). */
BB_INLINE void *bb_alloc(bb_ctx *ctx, size_t size) {
  if (BB_LIKELY(size <= BB_SMALL_MAX)) {
    unsigned sc = ctx->heap.sc_of[(size + 15) >> 4];
    bb_freecell *c = ctx->heap.free[sc];
    if (BB_LIKELY(c != NULL)) {
      ctx->heap.free[sc] = c->next;
      ctx->heap.allocated += ctx->heap.sc_size[sc];
      memset((void *)c, 0, size);
      return c;
    }
  }
  return bb_alloc_slow(ctx, size);
}

/* A new instance of class `cls` whose C layout is `size` bytes; all fields
 * zero / null. Prefer BB_NEW(ctx, T, CLS). */
BB_INLINE bb_object *bb_new(bb_ctx *ctx, uint32_t cls, size_t size) {
  bb_object *o = (bb_object *)bb_alloc(ctx, size);
  o->cls = cls;
  return o;
}
#define BB_NEW(ctx, T, cls) ((T *)bb_new((ctx), (cls), sizeof(T)))

/* A new zeroed array of array class `cls` (one-dimensional); a negative
 * length is a run-time error at `loc`. */
BB_NONNULL_RET bb_array *bb_new_array(bb_ctx *ctx, uint32_t cls, int32_t length, bb_loc loc);
/* new T[d0][d1]...[d(ndims-1)] (further dimensions, if the type has them, are
 * left null): `cls` is the class of the outermost array type. */
BB_NONNULL_RET bb_array *bb_new_multiarray(bb_ctx *ctx, uint32_t cls, int ndims, const int32_t *dims, bb_loc loc);

#endif
