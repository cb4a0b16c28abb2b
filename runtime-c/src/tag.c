/* tag.c — tag instances and the reference lists behind bindings. */
#include "internal.h"

static bb_reflist *bb_reflist_new(bb_ctx *ctx, int32_t cap) {
  bb_reflist *l = (bb_reflist *)bb_alloc(ctx, sizeof(bb_reflist) + (size_t)cap * sizeof(bb_object *));
  l->hdr.cls = BB_CLASS_REFLIST;
  l->cap = cap;
  return l;
}

bb_reflist *bb_reflist_add(bb_ctx *ctx, bb_reflist *l, bb_object *o) {
  if (l == NULL) l = bb_reflist_new(ctx, 2);
  if (l->count == l->cap) {
    bb_reflist *n = bb_reflist_new(ctx, l->cap * 2);
    memcpy(n->items, l->items, (size_t)l->count * sizeof(bb_object *));
    n->count = l->count;
    l = n;
  }
  l->items[l->count++] = o;
  return l;
}

bool bb_reflist_remove(bb_reflist *l, bb_object *o) {
  if (!l) return false;
  for (int32_t i = 0; i < l->count; i++) {
    if (l->items[i] == o) {
      /* keep order: bindings are few, and order makes runs reproducible */
      memmove(&l->items[i], &l->items[i + 1], (size_t)(l->count - i - 1) * sizeof(bb_object *));
      l->items[--l->count] = NULL;
      return true;
    }
  }
  return false;
}

bool bb_reflist_contains(const bb_reflist *l, const bb_object *o) {
  if (!l) return false;
  for (int32_t i = 0; i < l->count; i++)
    if (l->items[i] == o) return true;
  return false;
}

bb_tag *bb_tag_new(bb_ctx *ctx, uint32_t type) {
  bb_tag *t = (bb_tag *)bb_new(ctx, BB_CLASS_TAG, sizeof(bb_tag));
  t->type = type;
  /* a stable id for TagHash routing: unique per core, tagged with the core */
  t->id = (++ctx->tag_counter << 10) | (ctx->core & 1023u);
  return t;
}

/* With several cores, every binding list (an object's tags, a tag's bound
 * objects) is read and written under rt->tag_lock: bindings change at exits
 * on one core while another core builds invocations from them. */
void bb_tags_lock(bb_ctx *ctx) {
  if (ctx->rt->ncores > 1) pthread_mutex_lock(&ctx->rt->tag_lock);
  ctx->gc_forbid++; /* another core may wait for the lock: no collection under it (roots.c) */
}
void bb_tags_unlock(bb_ctx *ctx) {
  ctx->gc_forbid--;
  if (ctx->rt->ncores > 1) pthread_mutex_unlock(&ctx->rt->tag_lock);
}

bool bb_tag_bound(const bb_object *o, const bb_tag *t) {
  return bb_reflist_contains(o->tags, (const bb_object *)t);
}

bool bb_tag_bind_locked(bb_ctx *ctx, bb_object *o, bb_tag *t) {
  if (bb_tag_bound(o, t)) return false;
  o->tags = bb_reflist_add(ctx, o->tags, (bb_object *)t);
  t->bound = bb_reflist_add(ctx, t->bound, o);
  return true;
}

void bb_tag_unbind_locked(bb_object *o, bb_tag *t) {
  if (bb_reflist_remove(o->tags, (bb_object *)t)) bb_reflist_remove(t->bound, o);
}

void bb_tag_bind(bb_ctx *ctx, bb_object *o, bb_tag *t, bb_loc loc) {
  if (BB_UNLIKELY(t == NULL || o == NULL)) bb_fail_null(ctx, loc);
  bb_tags_lock(ctx);
  if (BB_UNLIKELY(ctx->prof)) bb_prof_alloc_tag(ctx, t); /* profile.c: allocation blocks bind here */
  bb_tag_bind_locked(ctx, o, t);
  bb_tags_unlock(ctx);
}

void bb_tag_unbind(bb_ctx *ctx, bb_object *o, bb_tag *t) {
  bb_tags_lock(ctx);
  bb_tag_unbind_locked(o, t);
  bb_tags_unlock(ctx);
}
