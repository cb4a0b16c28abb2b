/* bb/object.h — classes, subtype tests, checked casts, virtual calls, locks,
 * identity hash. */
#ifndef BB_OBJECT_H
#define BB_OBJECT_H

#include "heap.h"

BB_INLINE const bb_class *bb_class_of(bb_ctx *ctx, const bb_object *o) { return ctx->classes[o->cls]; }

bool bb_is_subclass_slow(bb_ctx *ctx, uint32_t sub, uint32_t sup);

/* Is class `sub` the class `sup` or a subclass of it (arrays: covariant)? */
BB_INLINE bool bb_is_subclass(bb_ctx *ctx, uint32_t sub, uint32_t sup) {
  const bb_class *s = ctx->classes[sub], *t = ctx->classes[sup];
  if (BB_LIKELY(s->depth >= t->depth && s->display[t->depth] == sup)) return true;
  if (t->kind == BB_KIND_ARRAY && s->kind == BB_KIND_ARRAY) return bb_is_subclass_slow(ctx, sub, sup);
  return false;
}
/* `o instanceof C` (false for null). */
BB_INLINE bool bb_instanceof(bb_ctx *ctx, const void *o, uint32_t cls) {
  return o != NULL && bb_is_subclass(ctx, ((const bb_object *)o)->cls, cls);
}
/* `(C) o`: o itself, or a run-time error naming both classes (null passes). */
BB_INLINE void *bb_checkcast(bb_ctx *ctx, void *o, uint32_t cls, bb_loc loc) {
  if (o != NULL && BB_UNLIKELY(!bb_is_subclass(ctx, ((bb_object *)o)->cls, cls)))
    bb_fail_cast(ctx, ((bb_object *)o)->cls, cls, loc);
  return o;
}
/* Store check for `a[i] = v` into an array of references (Java's
 * ArrayStoreException, reported as a run-time error). */
BB_INLINE void bb_storecheck(bb_ctx *ctx, const bb_array *a, const void *v, bb_loc loc) {
  if (v != NULL) {
    uint32_t ec = ctx->classes[a->hdr.cls]->elem_class;
    if (BB_UNLIKELY(ec != BB_CLASS_OBJECT && !bb_is_subclass(ctx, ((const bb_object *)v)->cls, ec)))
      bb_fail_arraystore(ctx, ((const bb_object *)v)->cls, a->hdr.cls, loc);
  }
}

/* The vtable entry `slot` of o's class (o must be non-null), cast to FT:
 *   ((int32_t (*)(bb_ctx *, bb_object *))BB_VMETHOD(ctx, o, 1))(ctx, o) */
#define BB_VMETHOD(ctx, o, slot) ((ctx)->classes[((bb_object *)(o))->cls]->vtable[(slot)])

/* Object.hashCode: the identity hash. On first use an object gets a 24-bit
 * seed from its core's counter (kept in the upper bits of its gc word); the
 * hash is a mix of the seed, so runs are repeatable. */
uint32_t bb_hash_seed(bb_ctx *ctx);
BB_INLINE int32_t bb_identity_hash(bb_ctx *ctx, bb_object *o) {
  uint32_t seed = __atomic_load_n(&o->gc, __ATOMIC_RELAXED) >> BB_GC_HASH_SHIFT;
  if (BB_UNLIKELY(seed == 0)) {
    /* Atomic: the core whose heap holds o may be sweeping it (heap.c). */
    seed = bb_hash_seed(ctx);
    __atomic_fetch_or(&o->gc, seed << BB_GC_HASH_SHIFT, __ATOMIC_RELAXED);
  }
  uint32_t x = seed;
  x ^= x >> 16; x *= 0x85ebca6bu; x ^= x >> 13; x *= 0xc2b2ae35u; x ^= x >> 16;
  return (int32_t)(x & 0x7fffffffu);
}

/* ---- object locks (paper 4.2) -----------------------------------------------
 * Each task object has a lock word; locks may be merged (union-find), after
 * which the objects share the root's lock. The scheduler takes them; generated
 * code only calls bb_lock_merge at an exit when the disjointness analysis says
 * the exit may create sharing between two parameters' heap regions. */
BB_INLINE bb_object *bb_lock_root(bb_object *o) {
  uintptr_t w = __atomic_load_n(&o->lock, __ATOMIC_ACQUIRE);
  while (w != 0 && (w & 1u) == 0) { o = (bb_object *)w; w = __atomic_load_n(&o->lock, __ATOMIC_ACQUIRE); }
  return o;
}
/* Merge the locks of a and b (both held by the running invocation, or not yet
 * published). */
void bb_lock_merge(bb_ctx *ctx, bb_object *a, bb_object *b);
/* Merge the lock of every task object the running task allocated at
 * allocation site `site` with `with`'s (a parameter). */
void bb_lock_merge_new(bb_ctx *ctx, uint32_t site, bb_object *with);
/* Merge the locks of all task objects the running task allocated at sites
 * `a` and `b` (a == b: all of that site's) into one. */
void bb_lock_merge_sites(bb_ctx *ctx, uint32_t a, uint32_t b);

#endif
