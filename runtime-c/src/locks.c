/* locks.c — the task objects' locks (paper section 4.2): dispatch takes
 * every parameter's lock, all or none and never blocking, and releases them
 * after the exit; generated code merges locks where the disjointness
 * analysis says heap regions may have become shared.
 *
 * A lock word is 0 (free), (core << 1) | 1 (held by that core) or the
 * address of another object (merged: union-find, bb_lock_root in
 * bb/object.h). New task objects are found by their allocation site, which
 * bb_sharing_note (sharing.c) records beside ctx->pending. */
#include "internal.h"

void bb_lock_merge(bb_ctx *ctx, bb_object *a, bb_object *b) {
  (void)ctx;
  bb_object *ra = bb_lock_root(a), *rb = bb_lock_root(b);
  if (ra == rb) return;
  /* keep a held root as the root, so the running invocation still holds it
     (atomic loads: other cores may try these locks meanwhile) */
  uintptr_t wa = __atomic_load_n(&ra->lock, __ATOMIC_RELAXED), wb = __atomic_load_n(&rb->lock, __ATOMIC_RELAXED);
  if ((wb & 1u) && !(wa & 1u)) { bb_object *t = ra; ra = rb; rb = t; }
  __atomic_store_n(&rb->lock, (uintptr_t)ra, __ATOMIC_RELEASE);
}

void bb_lock_merge_new(bb_ctx *ctx, uint32_t site, bb_object *with) {
  struct bb_sharing *s = bb_sharing_of(ctx);
  for (uint32_t k = 0; k < ctx->npending; k++)
    if (s->sites[k] == site) bb_lock_merge(ctx, ctx->pending[k], with);
}

void bb_lock_merge_sites(bb_ctx *ctx, uint32_t a, uint32_t b) {
  struct bb_sharing *s = bb_sharing_of(ctx);
  bb_object *first = NULL;
  for (uint32_t k = 0; k < ctx->npending; k++) {
    if (s->sites[k] != a && s->sites[k] != b) continue;
    if (first == NULL) first = ctx->pending[k];
    else bb_lock_merge(ctx, first, ctx->pending[k]);
  }
}

/* Locks the roots of objs[0..n) into held (each root once); false, with
 * nothing held, when another core holds one. Alone (one core) no other
 * thread touches lock words, so plain loads and stores do. */
static inline bool bb_lock_params(bb_ctx *ctx, bb_object *const *objs, uint32_t n, bool alone,
                                  bb_object **held, uint32_t *nheld_out) {
  uint32_t nheld = 0;
  uintptr_t me = ((uintptr_t)ctx->core << 1) | 1u;
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    bb_object *r = bb_lock_root(objs[i]);
    bool mine = false;
    for (uint32_t k = 0; k < nheld; k++) if (held[k] == r) { mine = true; break; }
    if (mine) continue;
    uintptr_t expect = 0;
    if (alone) {
      if (r->lock == 0) { r->lock = me; held[nheld++] = r; }
      else ok = false;
    } else if (__atomic_compare_exchange_n(&r->lock, &expect, me, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
      held[nheld++] = r;
    else
      ok = false;
  }
  if (!ok) {
    for (uint32_t k = 0; k < nheld; k++) __atomic_store_n(&held[k]->lock, 0, __ATOMIC_RELEASE);
    nheld = 0;
  }
  *nheld_out = nheld;
  return ok;
}

/* Releases locks taken by bb_lock_params before the body ran. */
static inline void bb_unlock_params(bb_object *const *held, uint32_t nheld) {
  for (uint32_t k = 0; k < nheld; k++) __atomic_store_n(&held[k]->lock, 0, __ATOMIC_RELEASE);
}

/* Releases them after the exit: a root the body merged into another
 * object's lock now belongs to that root, which is released in its place. */
static inline void bb_unlock_after_exit(bb_object *const *held, uint32_t nheld) {
  for (uint32_t k = 0; k < nheld; k++) {
    uintptr_t w = __atomic_load_n(&held[k]->lock, __ATOMIC_RELAXED);
    if (w & 1u) __atomic_store_n(&held[k]->lock, 0, __ATOMIC_RELEASE);
  }
}
