/* sharing.c — allocation sites of new task objects, and the sharing
 * sanitizer (paper section 4.2).
 *
 * bb_task_object calls bb_sharing_note, which records the site of
 * ctx->pending[k] in a parallel array; locks.c merges new objects' locks by
 * site.
 *
 * The sanitizer (BAMBOO_CHECK_SHARING=1). After every task exit (flags and
 * tags applied, new objects published, hook bb_sharing_check in sched.c) it
 * walks, from every live task object — the invocation's parameters, its new
 * objects, every object in a parameter set and every object of a queued
 * invocation — the objects it reaches, and stops the program with a run-time
 * error when one object is reachable from two task objects whose locks are
 * not merged. Strings and tags are immutable for this purpose and not
 * walked; nor are the library's global singletons (System.out). The
 * traversal follows the collector's pointer maps. Cost: one walk of the live
 * heap per exit (test builds only). Single core: it reads the scheduler's
 * state without synchronisation. */
#include "internal.h"
#include <string.h>

struct bb_sharing {
  uint32_t *sites;          /* sites[k]: allocation site of ctx->pending[k] */
  uint32_t  cap;
  /* the sanitizer's map: object -> the task object that reached it first */
  bb_object **keys;
  bb_object **owner;
  size_t      mask, count;
  bb_object **stack;
  size_t      top, cap_stack;
  /* allocation site of every task object (sanitizer only, for messages) */
  bb_object **tkeys;
  uint32_t   *tsite;
  size_t      tmask, tcount;
};

static int bb_sharing_mode = -1;

static bool bb_sharing_on(void) {
  if (BB_UNLIKELY(bb_sharing_mode < 0)) bb_sharing_mode = bb_env_on("BAMBOO_CHECK_SHARING");
  return bb_sharing_mode != 0;
}

bool bb_sharing_enabled(void) { return bb_sharing_on(); }

static struct bb_sharing *bb_sharing_of(bb_ctx *ctx) {
  if (!ctx->sharing) {
    ctx->sharing = calloc(1, sizeof(struct bb_sharing));
    if (!ctx->sharing) bb_panic("out of memory");
  }
  return ctx->sharing;
}

static size_t bb_ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33; x *= 0xff51afd7ed558ccdull; x ^= x >> 33;
  return (size_t)x;
}

static void bb_tsite_put(struct bb_sharing *s, bb_object *o, uint32_t site) {
  if ((s->tcount + 1) * 2 > s->tmask + 1 || s->tkeys == NULL) {
    size_t ncap = s->tkeys ? (s->tmask + 1) * 2 : 256;
    bb_object **ok = s->tkeys;
    uint32_t *os = s->tsite;
    size_t omask = s->tmask;
    s->tkeys = calloc(ncap, sizeof *s->tkeys);
    s->tsite = calloc(ncap, sizeof *s->tsite);
    if (!s->tkeys || !s->tsite) bb_panic("out of memory");
    s->tmask = ncap - 1;
    s->tcount = 0;
    if (ok) {
      for (size_t i = 0; i <= omask; i++)
        if (ok[i]) bb_tsite_put(s, ok[i], os[i]);
      free(ok);
      free(os);
    }
  }
  size_t i = bb_ptr_hash(o) & s->tmask;
  while (s->tkeys[i] && s->tkeys[i] != o) i = (i + 1) & s->tmask;
  if (!s->tkeys[i]) s->tcount++;
  s->tkeys[i] = o;
  s->tsite[i] = site;
}

static bool bb_tsite_get(const struct bb_sharing *s, const bb_object *o, uint32_t *site) {
  if (!s->tkeys) return false;
  size_t i = bb_ptr_hash(o) & s->tmask;
  while (s->tkeys[i]) {
    if (s->tkeys[i] == o) { *site = s->tsite[i]; return true; }
    i = (i + 1) & s->tmask;
  }
  return false;
}

void bb_sharing_note(bb_ctx *ctx, bb_object *o, uint32_t site) {
  struct bb_sharing *s = bb_sharing_of(ctx);
  uint32_t k = ctx->npending - 1;  /* o is ctx->pending[k] */
  if (k >= s->cap) {
    s->cap = ctx->cap_pending;
    s->sites = bb_xrealloc(ctx, s->sites, s->cap * sizeof *s->sites);
  }
  s->sites[k] = site;
  if (bb_sharing_on()) bb_tsite_put(s, o, site);
}

/* ---- the sanitizer ---------------------------------------------------------- */

static void bb_owner_reset(struct bb_sharing *s, size_t want) {
  size_t cap = 1024;
  while (cap < want * 2) cap *= 2;
  if (!s->keys || s->mask + 1 < cap) {
    free(s->keys);
    free(s->owner);
    s->keys = malloc(cap * sizeof *s->keys);
    s->owner = malloc(cap * sizeof *s->owner);
    if (!s->keys || !s->owner) bb_panic("out of memory");
    s->mask = cap - 1;
  }
  memset(s->keys, 0, (s->mask + 1) * sizeof *s->keys);
  s->count = 0;
}

static void bb_owner_grow(struct bb_sharing *s);

/* The task object that first reached o, or NULL (then o is recorded as
 * reached by `by`). */
static bb_object *bb_owner_claim(struct bb_sharing *s, bb_object *o, bb_object *by) {
  if ((s->count + 1) * 2 > s->mask + 1) bb_owner_grow(s);
  size_t i = bb_ptr_hash(o) & s->mask;
  while (s->keys[i]) {
    if (s->keys[i] == o) return s->owner[i];
    i = (i + 1) & s->mask;
  }
  s->keys[i] = o;
  s->owner[i] = by;
  s->count++;
  return NULL;
}

static void bb_owner_grow(struct bb_sharing *s) {
  bb_object **ok = s->keys, **oo = s->owner;
  size_t omask = s->mask;
  size_t cap = (omask + 1) * 2;
  s->keys = calloc(cap, sizeof *s->keys);
  s->owner = malloc(cap * sizeof *s->owner);
  if (!s->keys || !s->owner) bb_panic("out of memory");
  s->mask = cap - 1;
  s->count = 0;
  for (size_t i = 0; i <= omask; i++)
    if (ok[i]) bb_owner_claim(s, ok[i], oo[i]);
  free(ok);
  free(oo);
}

static void bb_push(struct bb_sharing *s, bb_object *o) {
  if (s->top == s->cap_stack) {
    s->cap_stack = s->cap_stack ? s->cap_stack * 2 : 1024;
    s->stack = realloc(s->stack, s->cap_stack * sizeof *s->stack);
    if (!s->stack) bb_panic("out of memory");
  }
  s->stack[s->top++] = o;
}

static bool bb_is_global(bb_ctx *ctx, const bb_object *o) {
  const bb_program *prog = ctx->rt->prog;
  for (uint32_t g = 0; g < prog->nglobals; g++)
    if (*prog->globals[g] == o) return true;
  return false;
}

static void bb_describe_taskobj(bb_ctx *ctx, const bb_object *o, char *buf, size_t n) {
  uint32_t site;
  const char *name = ctx->classes[o->cls]->name;
  if (bb_tsite_get(ctx->sharing, o, &site)) snprintf(buf, n, "%s (allocation site %u)", name, site);
  else snprintf(buf, n, "%s", name);
}

BB_NORETURN static void bb_sharing_fail(bb_ctx *ctx, const bb_task *d, uint32_t ex, bb_object *o,
                                        bb_object *a, bb_object *b) {
  bb_out_flush(ctx->rt);
  char da[160], db[160];
  bb_describe_taskobj(ctx, a, da, sizeof da);
  bb_describe_taskobj(ctx, b, db, sizeof db);
  const char *what = o == a || o == b ? "task object" : "object";
  uint32_t f = BB_LOC_FILE(d->loc);
  const bb_program *prog = ctx->rt->prog;
  const char *file = (f < prog->nfiles && prog->files) ? prog->files[f] : "?";
  fprintf(stderr,
          "bamboo: error: sharing: %s of class %s reachable from task objects %s and %s, whose locks are "
          "not merged, after exit %u of task %s at %s:%u\n",
          what, ctx->classes[o->cls]->name, da, db, ex, d->name, file, BB_LOC_LINE(d->loc));
  fflush(stderr);
  exit(1);
}

/* Walks everything `root` reaches; fails on an object another task object
 * with a different lock reached first. */
static void bb_walk(bb_ctx *ctx, struct bb_sharing *s, bb_object *root, const bb_task *d, uint32_t ex) {
  if (root == NULL) return;
  bb_object *lock = bb_lock_root(root);
  s->top = 0;
  bb_push(s, root);
  while (s->top) {
    bb_object *o = s->stack[--s->top];
    if (o == NULL) continue;
    const bb_class *c = ctx->classes[o->cls];
    if (c->kind == BB_KIND_STRING || c->kind == BB_KIND_TAG || c->kind == BB_KIND_REFLIST) continue;
    if ((o->gc & BB_GC_IMMORTAL) || bb_is_global(ctx, o)) continue;
    bb_object *prev = bb_owner_claim(s, o, root);
    if (prev != NULL) {
      if (prev == root || bb_lock_root(prev) == lock) continue;
      bb_sharing_fail(ctx, d, ex, o, prev, root);
    }
    BB_FOR_EACH_REF(ctx, o, slot, bb_push(s, *slot));
  }
}

void bb_sharing_check(bb_ctx *ctx, const bb_task *d, uint32_t ex, bb_object *const *params, uint32_t n) {
  struct bb_sharing *s = bb_sharing_of(ctx);
  bb_owner_reset(s, 1024);
  for (uint32_t i = 0; i < n; i++) bb_walk(ctx, s, params[i], d, ex);
  for (uint32_t k = 0; k < ctx->npending; k++) bb_walk(ctx, s, ctx->pending[k], d, ex);
  bb_sched *sc = &ctx->sched;
  for (uint32_t t = 0; t < sc->ntasks; t++) {
    bb_taskrt *tr = &sc->tasks[t];
    if (!tr->sets) continue;
    for (uint32_t p = 0; p < tr->desc->nparams; p++)
      for (uint32_t i = 0; i < tr->sets[p].count; i++) bb_walk(ctx, s, tr->sets[p].items[i], d, ex);
  }
  BB_FOR_EACH_QUEUE(q, sc)
    for (size_t w = q->head; w != q->tail;) {
      const bb_task *td = sc->tasks[q->buf[w++ & q->mask]].desc;
      for (uint32_t i = 0; i < td->nparams; i++) bb_walk(ctx, s, (bb_object *)q->buf[w++ & q->mask], d, ex);
      w += td->ntagslots + 2; /* the tags, the stamp and the closing task index */
    }
}

void bb_sharing_free(bb_ctx *ctx) {
  struct bb_sharing *s = ctx->sharing;
  if (!s) return;
  free(s->sites);
  free(s->keys);
  free(s->owner);
  free(s->stack);
  free(s->tkeys);
  free(s->tsite);
  free(s);
  ctx->sharing = NULL;
}
