/* tag.c — tag instances, their global identity, and the reference lists
 * behind bindings.
 *
 * A tag instance's id is global (issue 31): the sequence number of the core
 * that made it above BB_TAG_CORE_BITS bits of that core's global number
 * (rank * cores + core; the core alone without MPI). TagHash routing hashes
 * it, so every rank sends the objects bound to one instance to one core. A
 * region packed for another rank names its tags by type and id (pack.c);
 * the rank's id table (below) makes every id one instance per process, so
 * objects rebuilt there are bound to the same instance as the objects
 * already there, and a tag that comes back is the instance it left as. */
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
  t->id = (++ctx->tag_counter << BB_TAG_CORE_BITS) | (uint64_t)(ctx->core + ctx->rt->core_base);
  return t;
}

/* The tag type parameter p of task d is routed by: that of a tag variable
 * every parameter names (the layout gives TagHash only to tasks with one:
 * synthesis/layout.rs, shared_tag_slot), so that all the objects of one
 * invocation go to the core of one instance; else its first. */
uint32_t bb_route_tag_type(const bb_task *d, uint32_t p) {
  const bb_param *par = &d->params[p];
  for (uint32_t r = 0; r < par->ntags; r++) {
    bool everywhere = true;
    for (uint32_t q = 0; q < d->nparams && everywhere; q++) {
      bool names = false;
      for (uint32_t k = 0; k < d->params[q].ntags; k++) names |= d->params[q].tags[k].slot == par->tags[r].slot;
      everywhere = names;
    }
    if (everywhere) return par->tags[r].type;
  }
  return par->tags[0].type;
}

/* ---- tag instances by id (pack.c) ---------------------------------------- */

/* Open addressing over ids (never 0: the sequence starts at 1). Weak: the
 * collector removes the entries of unmarked tags (bb_tagids_prune), so a
 * tag every object has forgotten is freed as it would be without MPI. */
typedef struct bb_tagids {
  uint64_t *ids;
  bb_tag  **tags;
  size_t    mask, count;
} bb_tagids;

static size_t bb_tagids_home(const bb_tagids *m, uint64_t id) {
  id ^= id >> 33;
  id *= 0xff51afd7ed558ccdull;
  id ^= id >> 33;
  return (size_t)id & m->mask;
}

static void bb_tagids_put(bb_tagids *m, bb_tag *t);

static void bb_tagids_resize(bb_tagids *m, size_t cap) {
  bb_tagids old = *m;
  m->ids = calloc(cap, sizeof *m->ids);
  m->tags = calloc(cap, sizeof *m->tags);
  if (!m->ids || !m->tags) bb_panic("out of memory in the table of tag ids");
  m->mask = cap - 1;
  m->count = 0;
  for (size_t i = 0; old.ids && i <= old.mask; i++)
    if (old.ids[i]) bb_tagids_put(m, old.tags[i]);
  free(old.ids);
  free(old.tags);
}

static void bb_tagids_put(bb_tagids *m, bb_tag *t) {
  if (!m->ids || (m->count + 1) * 2 > m->mask + 1) bb_tagids_resize(m, m->ids ? (m->mask + 1) * 2 : 64);
  size_t i = bb_tagids_home(m, t->id);
  while (m->ids[i] && m->ids[i] != t->id) i = (i + 1) & m->mask;
  if (!m->ids[i]) m->count++;
  m->ids[i] = t->id;
  m->tags[i] = t;
}

static bb_tag *bb_tagids_get(const bb_tagids *m, uint64_t id) {
  if (!m->ids) return NULL;
  for (size_t i = bb_tagids_home(m, id); m->ids[i]; i = (i + 1) & m->mask)
    if (m->ids[i] == id) return m->tags[i];
  return NULL;
}

static bb_tagids *bb_tagids_of(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  if (!rt->tagids) {
    rt->tagids = calloc(1, sizeof *rt->tagids);
    if (!rt->tagids) bb_panic("out of memory in the table of tag ids");
  }
  return rt->tagids;
}

/* Under bb_tags_lock: tag t, packed, can be named by its id from now on. */
void bb_tagids_enter_locked(bb_ctx *ctx, bb_tag *t) {
  bb_tagids *m = bb_tagids_of(ctx);
  if (bb_tagids_get(m, t->id) != t) bb_tagids_put(m, t);
}

/* Under bb_tags_lock: the instance named by (type, id), made on this core
 * if this process has none; NULL when the id is 0 or names a tag of
 * another type (damaged bytes). */
bb_tag *bb_tagids_resolve_locked(bb_ctx *ctx, uint32_t type, uint64_t id) {
  if (id == 0 || type >= ctx->rt->prog->ntagtypes) return NULL;
  bb_tagids *m = bb_tagids_of(ctx);
  bb_tag *t = bb_tagids_get(m, id);
  if (t) return t->type == type ? t : NULL;
  t = (bb_tag *)bb_new(ctx, BB_CLASS_TAG, sizeof(bb_tag));
  t->type = type;
  t->id = id;
  bb_tagids_put(m, t);
  return t;
}

/* The collector, after marking (heap.c): entries of unmarked tags go. */
void bb_tagids_prune(bb_runtime *rt, uint32_t mark) {
  bb_tagids *m = rt->tagids;
  if (!m || !m->count) return;
  size_t live = 0;
  for (size_t i = 0; i <= m->mask; i++) {
    if (!m->ids[i]) continue;
    if (m->tags[i]->hdr.gc & (mark | BB_GC_IMMORTAL)) live++;
    else m->ids[i] = 0;
  }
  /* rebuilt without the holes (open addressing cannot just empty a slot) */
  size_t cap = 64;
  while (live * 2 >= cap) cap *= 2;
  bb_tagids_resize(m, cap);
}

void bb_tagids_free(bb_runtime *rt) {
  if (!rt->tagids) return;
  free(rt->tagids->ids);
  free(rt->tagids->tags);
  free(rt->tagids);
  rt->tagids = NULL;
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

/* How many instances of tag type `type` o is bound to. */
uint32_t bb_tag_count_locked(const bb_object *o, uint32_t type) {
  uint32_t n = 0;
  for (int32_t i = 0; o->tags && i < o->tags->count; i++) n += ((const bb_tag *)o->tags->items[i])->type == type;
  return n;
}

/* Whether o has a tag of every type parameter `par` names. */
bool bb_tags_for_locked(const bb_object *o, const bb_param *par) {
  for (uint32_t r = 0; r < par->ntags; r++)
    if (bb_tag_count_locked(o, par->tags[r].type) == 0) return false;
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
