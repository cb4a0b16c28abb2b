/* sched.c — the scheduler of one core (paper section 4.7).
 *
 * Per multi-parameter task and parameter, each core keeps a parameter set of
 * the task objects that arrived for it; an arriving object queues every
 * invocation it completes (a search that takes a tag-constrained
 * parameter's candidates from the tag instance already chosen, so tagged
 * merges need no cross product). One-parameter tasks keep no set.
 *
 * bb_step takes a queued invocation, locks its parameters (locks.c),
 * re-checks the guards under the locks, runs the body, applies the exit and
 * routes every object whose new state enables a task, and every new object,
 * to one core of the layout's route, chosen by the task's policy.
 *
 * Order: newest first (depth first: a chain runs while its data is in the
 * cache); after an invocation, the objects its exit changed, then its new
 * objects in the order made, then the invocation itself if still enabled
 * (at most BB_LOOP_BURST times in a row). An invocation that keeps some
 * objects and hands on the others holds back the work it enables until
 * every piece is handed out. Put back for a busy lock, an invocation goes to
 * the oldest end; the oldest record is taken after BB_QUEUE_PATIENCE newer
 * ones, so none waits forever. On one core the order depends only on the
 * program, its input and the layout (profiles need that); the simulator
 * (compiler/src/synthesis/sim/) models the same order.
 */
#include "internal.h"

/* Records queued on a core while its oldest record waits before it is taken
 * ahead of the newer ones (see the header: no invocation waits forever). */
#ifndef BB_QUEUE_PATIENCE
#define BB_QUEUE_PATIENCE 16384u
#endif

/* Times in a row an invocation its exit leaves enabled is queued at the
 * newest end (so runs again first); then it goes to the oldest end. */
#ifndef BB_LOOP_BURST
#define BB_LOOP_BURST 16u
#endif

static bb_runtime *bb_the_runtime;  /* for diagnostics and leak checkers */

/* ============================================================================
 * Parameter sets
 * ========================================================================== */

BB_INLINE uint32_t bb_pset_home(const bb_pset *s, const bb_object *o) {
  uint64_t h = ((uint64_t)(uintptr_t)o >> 4) * 0x9E3779B97F4A7C15ull;
  return (uint32_t)(h >> 32) & s->index_mask;
}

static void bb_pset_rehash(bb_ctx *ctx, bb_pset *s, uint32_t nslots) {
  free(s->index);
  s->index = bb_xmalloc(ctx, nslots * sizeof(uint32_t));
  memset(s->index, 0, nslots * sizeof(uint32_t));
  s->index_mask = nslots - 1;
  for (uint32_t i = 0; i < s->count; i++) {
    uint32_t h = bb_pset_home(s, s->items[i]);
    while (s->index[h]) h = (h + 1) & s->index_mask;
    s->index[h] = i + 1;
  }
}

static int64_t bb_pset_slot(const bb_pset *s, const bb_object *o) {
  if (!s->index) return -1;
  uint32_t h = bb_pset_home(s, o);
  for (;;) {
    uint32_t v = s->index[h];
    if (v == 0) return -1;
    if (s->items[v - 1] == o) return h;
    h = (h + 1) & s->index_mask;
  }
}

static bool bb_pset_contains(const bb_pset *s, const bb_object *o) { return bb_pset_slot(s, o) >= 0; }

static void bb_pset_add(bb_ctx *ctx, bb_pset *s, bb_object *o) {
  if (bb_pset_contains(s, o)) return;
  if (s->count == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 16;
    s->items = bb_xrealloc(ctx, s->items, s->cap * sizeof(bb_object *));
  }
  if (!s->index || (s->count + 1) * 2 > s->index_mask + 1)
    bb_pset_rehash(ctx, s, s->index ? (s->index_mask + 1) * 2 : 32);
  s->items[s->count++] = o;
  uint32_t h = bb_pset_home(s, o);
  while (s->index[h]) h = (h + 1) & s->index_mask;
  s->index[h] = s->count;
}

static void bb_pset_remove(bb_pset *s, bb_object *o) {
  int64_t sl = bb_pset_slot(s, o);
  if (sl < 0) return;
  uint32_t slot = (uint32_t)sl;
  uint32_t idx = s->index[slot] - 1, last = s->count - 1;
  if (idx != last) {
    uint32_t ls = (uint32_t)bb_pset_slot(s, s->items[last]);
    s->index[ls] = idx + 1;
    s->items[idx] = s->items[last];
  }
  s->items[last] = NULL;
  s->count--;
  /* backward-shift deletion keeps probe sequences intact */
  uint32_t i = slot, j = slot, m = s->index_mask;
  for (;;) {
    j = (j + 1) & m;
    if (s->index[j] == 0) break;
    uint32_t k = bb_pset_home(s, s->items[s->index[j] - 1]);
    bool stays = (i <= j) ? (i < k && k <= j) : (i < k || k <= j);
    if (stays) continue;
    s->index[i] = s->index[j];
    i = j;
  }
  s->index[i] = 0;
}

/* ============================================================================
 * The invocation queue
 * ========================================================================== */

static void bb_queue_grow(bb_ctx *ctx, bb_queue *q, size_t need) {
  size_t cap = q->mask + 1, used = q->tail - q->head;
  if (used + need <= cap && q->buf) return;
  size_t ncap = cap ? cap : 1024;
  while (ncap < used + need) ncap *= 2;
  uintptr_t *nb = bb_xmalloc(ctx, ncap * sizeof(uintptr_t));
  for (size_t i = 0; i < used; i++) nb[i] = q->buf[(q->head + i) & q->mask];
  free(q->buf);
  q->buf = nb;
  q->mask = ncap - 1;
  q->head = 0;
  q->tail = used;
}

/* Words of a queued record of a task with n parameters and nt tag slots. */
#define BB_RECORD_WORDS(n, nt) ((size_t)(n) + (nt) + 3)

/* Queue an invocation at one end: the newest (taken first) or the oldest
 * (one whose locks were busy: it waits behind the rest). A record is its
 * task, objects, tags, stamp and the task again (so either end can read
 * its task). */
static void bb_enqueue_at(bb_ctx *ctx, bool oldest, uint32_t task, bb_object *const *objs, uint32_t n,
                          bb_tag *const *tags, uint32_t nt) {
  bb_queue *q = ctx->sched.holding && !oldest ? &ctx->sched.held : &ctx->sched.queue;
  size_t need = BB_RECORD_WORDS(n, nt);
  if (BB_UNLIKELY(!q->buf || q->tail - q->head + need > q->mask + 1)) bb_queue_grow(ctx, q, need);
  size_t t = oldest ? q->head - need : q->tail, m = q->mask;
  if (oldest) {
    q->head = t;
    q->head_stamp = q->pushed;
  } else {
    q->tail = t + need;
  }
  q->buf[t++ & m] = task;
  for (uint32_t i = 0; i < n; i++) q->buf[t++ & m] = (uintptr_t)objs[i];
  for (uint32_t i = 0; i < nt; i++) q->buf[t++ & m] = (uintptr_t)tags[i];
  q->buf[t++ & m] = (uintptr_t)q->pushed++;
  q->buf[t & m] = task;
  q->count++;
}

static void bb_enqueue(bb_ctx *ctx, uint32_t task, bb_object *const *objs, uint32_t n, bb_tag *const *tags,
                       uint32_t nt) {
  bb_enqueue_at(ctx, false, task, objs, n, tags, nt);
}

static void bb_enqueue_oldest(bb_ctx *ctx, uint32_t task, bb_object *const *objs, uint32_t n,
                              bb_tag *const *tags, uint32_t nt) {
  bb_enqueue_at(ctx, true, task, objs, n, tags, nt);
}

/* Queue the held records at the newest end, in the order they were held
 * (the last held runs first), and empty the hold. */
static void bb_release_held(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  bb_queue *h = &s->held;
  bb_object *objs[BB_MAX_PARAMS];
  bb_tag *tags[BB_MAX_TAGSLOTS];
  for (size_t w = h->head; w != h->tail;) {
    uint32_t t = (uint32_t)h->buf[w++ & h->mask];
    const bb_task *d = s->tasks[t].desc;
    for (uint32_t i = 0; i < d->nparams; i++) objs[i] = (bb_object *)h->buf[w++ & h->mask];
    for (uint32_t i = 0; i < d->ntagslots; i++) tags[i] = (bb_tag *)h->buf[w++ & h->mask];
    w += 2; /* the stamp and the closing task index */
    bb_enqueue(ctx, t, objs, d->nparams, tags, d->ntagslots);
  }
  h->head = h->tail = 0;
  h->count = 0;
}

/* Take the record at one end of a non-empty queue: its task, objects and
 * tags. */
static uint32_t bb_queue_take(bb_sched *s, bool oldest, bb_object **objs, bb_tag **tags) {
  bb_queue *q = &s->queue;
  size_t m = q->mask;
  uint32_t t = (uint32_t)q->buf[(oldest ? q->head : q->tail - 1) & m];
  const bb_task *d = s->tasks[t].desc;
  uint32_t n = d->nparams, nt = d->ntagslots;
  size_t h = oldest ? q->head : q->tail - BB_RECORD_WORDS(n, nt);
  if (oldest) q->head += BB_RECORD_WORDS(n, nt);
  else q->tail = h;
  h++;
  for (uint32_t i = 0; i < n; i++) objs[i] = (bb_object *)q->buf[h++ & m];
  for (uint32_t i = 0; i < nt; i++) tags[i] = (bb_tag *)q->buf[h++ & m];
  q->count--;
  if (!q->count) {
    q->head_stamp = q->pushed; /* the next record queued is the oldest */
  } else if (oldest) { /* the new oldest record's stamp */
    const bb_task *hd = s->tasks[q->buf[q->head & m]].desc;
    q->head_stamp = q->buf[(q->head + BB_RECORD_WORDS(hd->nparams, hd->ntagslots) - 2) & m];
  }
  return t;
}

/* Whether the next invocation comes from the oldest end: its oldest record
 * has waited while BB_QUEUE_PATIENCE others were queued, as many as since
 * the last record taken so. */
BB_INLINE bool bb_queue_oldest_due(const bb_sched *s) {
  const bb_queue *q = &s->queue;
  uint64_t since = q->head_stamp > q->last_due ? q->head_stamp : q->last_due;
  return q->pushed - since > BB_QUEUE_PATIENCE;
}

/* Whether the newest queued record is another invocation of the held task
 * with one of the objects it kept: the hold goes on while it is. */
static bool bb_hold_goes_on(const bb_sched *s) {
  const bb_queue *q = &s->queue;
  if (!q->count || bb_queue_oldest_due(s) || q->buf[(q->tail - 1) & q->mask] != s->hold_task) return false;
  const bb_task *d = s->tasks[s->hold_task].desc;
  size_t start = q->tail - BB_RECORD_WORDS(d->nparams, d->ntagslots) + 1;
  for (uint32_t i = 0; i < d->nparams; i++)
    if ((s->hold_kept & (1u << i)) && q->buf[(start + i) & q->mask] == (uintptr_t)s->hold_objs[i]) return true;
  return false;
}

/* Flag words are read by any core (guard checks before locking) and written
 * under the object's lock at exits: relaxed atomics. */
#define BB_FLAGS(o) __atomic_load_n(&(o)->flags, __ATOMIC_RELAXED)

/* cores.c */
static void bb_send(bb_ctx *ctx, uint32_t dest, bb_object *o, uint32_t t, uint32_t p, bb_tag *only);
static uint32_t bb_crowded_dest(bb_ctx *ctx, const bb_route *r, uint32_t k);
static void bb_balance(bb_ctx *ctx);
/* ============================================================================
 * Building invocations
 * ========================================================================== */

typedef struct bb_enum {
  bb_ctx        *ctx;
  uint32_t       task;
  const bb_task *d;
  bb_pset       *sets;
  bb_object     *objs[BB_MAX_PARAMS];
  bb_tag        *tags[BB_MAX_TAGSLOTS];
} bb_enum;

static void bb_enum_rec(bb_enum *e, uint32_t assigned) {
  const bb_task *d = e->d;
  /* tag variables named by assigned parameters: bind or check */
  for (uint32_t p = 0; p < d->nparams; p++) {
    if (!(assigned & (1u << p))) continue;
    const bb_param *par = &d->params[p];
    for (uint32_t r = 0; r < par->ntags; r++) {
      uint32_t slot = par->tags[r].slot;
      bb_object *o = e->objs[p];
      if (e->tags[slot] == NULL) {
        bb_reflist *l = o->tags;
        if (l) {
          for (int32_t i = 0; i < l->count; i++) {
            bb_tag *g = (bb_tag *)l->items[i];
            if (g->type != par->tags[r].type) continue;
            e->tags[slot] = g;
            bb_enum_rec(e, assigned);
          }
        }
        e->tags[slot] = NULL;
        return;
      }
      if (e->tags[slot]->type != par->tags[r].type || !bb_tag_bound(o, e->tags[slot])) return;
    }
  }
  uint32_t all = (d->nparams >= 32) ? 0xFFFFFFFFu : ((1u << d->nparams) - 1);
  if (assigned == all) {
    bb_enqueue(e->ctx, e->task, e->objs, d->nparams, e->tags, d->ntagslots);
    return;
  }
  /* next parameter: one whose tag variable is bound, else the first open */
  uint32_t next = UINT32_MAX, via = UINT32_MAX;
  for (uint32_t p = 0; p < d->nparams && via == UINT32_MAX; p++) {
    if (assigned & (1u << p)) continue;
    if (next == UINT32_MAX) next = p;
    const bb_param *par = &d->params[p];
    for (uint32_t r = 0; r < par->ntags; r++)
      if (e->tags[par->tags[r].slot]) { next = p; via = par->tags[r].slot; break; }
  }
  bb_pset *set = &e->sets[next];
  bb_object **cand;
  int32_t ncand;
  bool by_tag = false;  /* candidates from the set: check the tag binding */
  if (via != UINT32_MAX) {
    bb_reflist *l = e->tags[via]->bound;
    if (!l) return;
    cand = l->items;
    ncand = l->count;
    if (set->count < (uint32_t)l->count) {  /* the smaller side */
      cand = set->items;
      ncand = (int32_t)set->count;
      by_tag = true;
    }
  } else {
    cand = set->items;
    ncand = (int32_t)set->count;
  }
  for (int32_t i = 0; i < ncand; i++) {
    bb_object *c = cand[i];
    bool dup = false;
    for (uint32_t p = 0; p < d->nparams; p++)
      if ((assigned & (1u << p)) && e->objs[p] == c) { dup = true; break; }
    if (dup) continue;
    if (by_tag ? !bb_tag_bound(c, e->tags[via]) : (via != UINT32_MAX && !bb_pset_contains(set, c))) continue;
    if (!bb_guard_holds(&d->params[next], BB_FLAGS(c))) continue;  /* a stale entry */
#ifdef BB_MPI
    if (BB_UNLIKELY(__atomic_load_n(&c->gc, __ATOMIC_RELAXED) & BB_GC_MOVED)) continue; /* gone to another rank */
#endif
    e->objs[next] = c;
    bb_enum_rec(e, assigned | (1u << next));
  }
  e->objs[next] = NULL;
}

/* Enqueue every invocation of task t with object o as parameter p; when
 * `only` is given, only those in which o's tag variables of only's type take
 * the value `only` (o was just bound to it). */
static void bb_build(bb_ctx *ctx, uint32_t t, uint32_t p, bb_object *o, bb_tag *only) {
  bb_taskrt *tr = &ctx->sched.tasks[t];
  const bb_task *d = tr->desc;
  if (d->nparams == 1 && d->ntagslots == 0) {  /* the common case */
    if (!only) bb_enqueue(ctx, t, &o, 1, NULL, 0);
    return;
  }
  bb_enum e;
  e.ctx = ctx;
  e.task = t;
  e.d = d;
  e.sets = tr->sets;
  memset(e.objs, 0, sizeof e.objs);
  memset(e.tags, 0, sizeof e.tags);
  e.objs[p] = o;
  bool tagged = d->ntagslots != 0;
  if (tagged) bb_tags_lock(ctx);
  if (!only) {
    bb_enum_rec(&e, 1u << p);
  } else {
    const bb_param *par = &d->params[p];
    for (uint32_t r = 0; r < par->ntags; r++) {
      if (par->tags[r].type != only->type) continue;
      e.tags[par->tags[r].slot] = only;
      bb_enum_rec(&e, 1u << p);
      e.tags[par->tags[r].slot] = NULL;
    }
  }
  if (tagged) bb_tags_unlock(ctx);
}


/* ============================================================================
 * Arrival and routing
 * ========================================================================== */

/* Object o arrives on this core for parameter p of task t. */
static void bb_arrive(bb_ctx *ctx, bb_object *o, uint32_t t, uint32_t p, bb_tag *only) {
  bb_taskrt *tr = &ctx->sched.tasks[t];
  if (!bb_guard_holds(&tr->desc->params[p], BB_FLAGS(o))) return;  /* changed on the way */
  if (tr->sets) bb_pset_add(ctx, &tr->sets[p], o);
  bb_build(ctx, t, p, o, only);
}

BB_INLINE uint64_t bb_mix64(uint64_t x) {
  x ^= x >> 33; x *= 0xff51afd7ed558ccdull; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ull; x ^= x >> 33;
  return x;
}

/* Send o to core `dest` for (t, p): local arrival or a message. */
static void bb_deliver(bb_ctx *ctx, uint32_t dest, bb_object *o, uint32_t t, uint32_t p, bb_tag *only) {
#ifdef BB_MPI
  /* route entries are global core ids; cores of other ranks get a copy */
  dest -= ctx->rt->core_base;
  if (BB_UNLIKELY(dest >= ctx->rt->ncores)) {
    dest = bb_mpi_send(ctx, dest + ctx->rt->core_base, o, t, p);
    if (dest == UINT32_MAX) return; /* sent */
  }
#endif
  if (dest == ctx->core) bb_arrive(ctx, o, t, p, only);
  else bb_send(ctx, dest, o, t, p, only);
}

/* The core a tag instance's id picks among route r's: the core that made
 * the instance (the id's low bits, a global core) if `home` and r has it,
 * else a hash. Routes and ids are the same on every rank, so every rank
 * picks the same core for one instance. */
static uint32_t bb_tag_dest(const bb_route *r, uint64_t id, bool home) {
  if (home) {
    uint32_t maker = (uint32_t)(id & ((1u << BB_TAG_CORE_BITS) - 1));
    for (uint32_t k = 0; k < r->n; k++)
      if (r->cores[k] == maker) return maker;
  }
  return r->cores[bb_mix64(id) % r->n];
}

/* Route o for (t, p) by the task's policy; `fresh` objects are new. */
static void bb_route_one(bb_ctx *ctx, bb_object *o, uint32_t t, uint32_t p, bb_tag *only, bool fresh) {
  bb_runtime *rt = ctx->rt;
  const bb_route *r = &rt->routes[(size_t)ctx->core * ctx->sched.ntasks + t];
#ifdef BB_MPI
  if (BB_UNLIKELY(rt->meet != NULL) && bb_meet_route(ctx, r, o, t, p, only, fresh)) return; /* on the larger's rank */
#endif
  if (r->n == 1) {
    bb_deliver(ctx, r->cores[0], o, t, p, only);
    return;
  }
  uint8_t policy = rt->policies[t];
  if (policy == BB_POLICY_LOCAL || policy == BB_POLICY_HERE) {
    if ((!fresh || policy == BB_POLICY_HERE) && bb_route_has(r, ctx->core + rt->core_base)) {
      bb_arrive(ctx, o, t, p, only);
      return;
    }
    policy = BB_POLICY_ROUND_ROBIN; /* new objects spread */
  }
  switch (policy) {
  case BB_POLICY_ROUND_ROBIN: {
    uint32_t k = ctx->sched.rr[t]++;
    if (ctx->sched.rr[t] >= r->n) ctx->sched.rr[t] = 0;
    k %= r->n;
    /* more cores than processors: not to an idle core if this one can
       run it (balance.c, bb_crowded_dest), where any instance may run it; a
       way of balancing, so BAMBOO_BALANCE=0 turns it off too */
    const bb_task *d = ctx->sched.tasks[t].desc;
    bool settle = BB_UNLIKELY(rt->crowded) && rt->balance && d->nparams == 1 && d->ntagslots == 0;
    uint32_t dest = settle ? bb_crowded_dest(ctx, r, k) : r->cores[k];
    bb_deliver(ctx, dest, o, t, p, only);
    return;
  }
  case BB_POLICY_TAG_HASH:
  case BB_POLICY_TAG_HOME: {
    /* the core of each bound tag instance of the parameter's routing tag
       type; an object without one cannot be this parameter yet: when it
       gains the tag it is routed again */
    const bb_param *par = &ctx->sched.tasks[t].desc->params[p];
    if (par->ntags == 0) {
      bb_deliver(ctx, r->cores[0], o, t, p, only);
      return;
    }
    uint32_t type = bb_route_tag_type(ctx->sched.tasks[t].desc, p);
    uint64_t ids[8];
    uint32_t nids = 0;
    bb_tag *tags[8];
    bb_tags_lock(ctx);
    bb_reflist *l = o->tags;
    for (int32_t i = 0; l && i < l->count && nids < 8; i++) {
      bb_tag *g = (bb_tag *)l->items[i];
      if (g->type != type || (only && only->type == type && g != only)) continue;
      tags[nids] = g;
      ids[nids++] = g->id;
    }
    bb_tags_unlock(ctx);
    uint32_t dest[8];
    for (uint32_t i = 0; i < nids; i++) {
      dest[i] = bb_tag_dest(r, ids[i], policy == BB_POLICY_TAG_HOME);
      bool seen = false;
      for (uint32_t k = 0; k < i; k++) if (dest[k] == dest[i]) seen = true;
      (void)tags;
      if (!seen) bb_deliver(ctx, dest[i], o, t, p, only);
    }
    return;
  }
  default:
    bb_deliver(ctx, r->cores[0], o, t, p, only);
  }
}

/* o's flags went from `old` to its current flags (or o is new: `fresh`);
 * `added` are the tags it just gained. Leave the local sets it no longer
 * matches; route it for every (task, parameter) guard it newly satisfies
 * (or, gaining a tag, for the tagged ones it still satisfies). */
static void bb_route_obj(bb_ctx *ctx, bb_object *o, uint64_t old, bool fresh, bb_tag *const *added, uint32_t nadded) {
  bb_sched *s = &ctx->sched;
  uint64_t now = BB_FLAGS(o);
  if (o->cls >= ctx->rt->nclasses) bb_panic("object with bad class id %u", o->cls);
  for (uint32_t i = s->tp_start[o->cls], end = s->tp_start[o->cls + 1]; i < end; i++) {
    uint32_t t = s->tp[i].task, p = s->tp[i].param;
    bb_taskrt *tr = &s->tasks[t];
    const bb_param *par = &tr->desc->params[p];
    bool was = !fresh && bb_guard_holds(par, old);
    bool is = bb_guard_holds(par, now);
    if (!is) {
      if (was && tr->sets) bb_pset_remove(&tr->sets[p], o);
      continue;
    }
    if (!was) {
      bb_route_one(ctx, o, t, p, NULL, fresh);
    } else if (nadded && par->ntags) {
      for (uint32_t k = 0; k < nadded; k++) bb_route_one(ctx, o, t, p, added[k], fresh);
    }
  }
}

void bb_publish(bb_ctx *ctx, bb_object *o) { bb_route_obj(ctx, o, 0, true, NULL, 0); }

void bb_task_object(bb_ctx *ctx, bb_object *o, uint64_t flags, uint32_t site) {
  if (BB_UNLIKELY(ctx->prof)) bb_prof_alloc(ctx, site, o); /* profile.c */
  o->flags = flags;
  o->gc |= BB_GC_TASKOBJ;
  if (ctx->npending == ctx->cap_pending) {
    ctx->cap_pending = ctx->cap_pending ? ctx->cap_pending * 2 : 64;
    ctx->pending = bb_xrealloc(ctx, ctx->pending, ctx->cap_pending * sizeof(bb_object *));
  }
  ctx->pending[ctx->npending++] = o;
  bb_sharing_note(ctx, o, site); /* sharing.c: the site, for lock merges of new objects */
}

static void bb_stage(bb_ctx *ctx, uint32_t param, bb_tag *t, bool add, bb_loc loc) {
  if (BB_UNLIKELY(t == NULL)) bb_fail_null(ctx, loc);
  if (!ctx->task || param >= ctx->task->nparams) bb_panic("tag action outside a task or on a bad parameter");
  if (ctx->nstaged == BB_MAX_STAGED) bb_panic("more than %d tag actions in one taskexit", BB_MAX_STAGED);
  ctx->staged[ctx->nstaged++] = (bb_tagop){param, add, t};
}

void bb_exit_add_tag(bb_ctx *ctx, uint32_t param, bb_tag *t, bb_loc loc) { bb_stage(ctx, param, t, true, loc); }
void bb_exit_clear_tag(bb_ctx *ctx, uint32_t param, bb_tag *t, bb_loc loc) { bb_stage(ctx, param, t, false, loc); }

/* ============================================================================
 * Dispatch
 * ========================================================================== */

static bool bb_valid(bb_ctx *ctx, const bb_task *d, bb_object *const *objs, bb_tag *const *tags) {
  for (uint32_t i = 0; i < d->nparams; i++) {
    if (!bb_guard_holds(&d->params[i], BB_FLAGS(objs[i]))) return false;
#ifdef BB_MPI
    /* a copy left behind when the object went to another rank (mpi.c) */
    if (BB_UNLIKELY(__atomic_load_n(&objs[i]->gc, __ATOMIC_ACQUIRE) & BB_GC_MOVED)) return false;
#endif
  }
  if (d->ntagslots == 0) return true;
  bool ok = true;
  bb_tags_lock(ctx);
  for (uint32_t i = 0; i < d->nparams && ok; i++) {
    const bb_param *par = &d->params[i];
    for (uint32_t r = 0; r < par->ntags; r++)
      if (!bb_tag_bound(objs[i], tags[par->tags[r].slot])) { ok = false; break; }
  }
  bb_tags_unlock(ctx);
  return ok;
}

/* A stale invocation: drop the objects that no longer match from this
 * core's sets (they are routed again when they match again). */
static void bb_drop_stale(bb_ctx *ctx, bb_taskrt *tr, bb_object *const *objs) {
  (void)ctx;
  if (!tr->sets) return;
  for (uint32_t i = 0; i < tr->desc->nparams; i++)
    if (!bb_guard_holds(&tr->desc->params[i], BB_FLAGS(objs[i]))) bb_pset_remove(&tr->sets[i], objs[i]);
}

void bb_trace_event(bb_ctx *ctx, uint32_t kind, uint32_t task, uint32_t exit, uint64_t t0, uint64_t t1) {
  if (ctx->ntrace == ctx->cap_trace) {
    ctx->cap_trace = ctx->cap_trace ? ctx->cap_trace * 2 : 4096;
    ctx->trace = bb_xrealloc(ctx, ctx->trace, ctx->cap_trace * sizeof *ctx->trace);
  }
  ctx->trace[ctx->ntrace++] = (struct bb_trace_ev){task, exit, kind, t0, t1};
}

/* Runs the body of task t on objs and returns the exit it chose; *t0 is
 * the step's start on the profiler's clock (0 unless timed or profiled). */
static inline uint32_t bb_run_body(bb_ctx *ctx, uint32_t t, const bb_task *d, bb_object **objs, bb_tag **tags,
                                   uint64_t *t0_out) {
  ctx->task = d;
  ctx->exit = 0;
  ctx->nstaged = 0;
  if (ctx->prof) /* profile.c: tag bindings, the body's allocated bytes */
    ctx->prof->objs = objs, ctx->prof->nobjs = d->nparams, ctx->prof->bytes0 = ctx->heap.total_allocated;
  uint64_t t0 = 0;
  bool timed = ctx->prof ? bb_prof_begin(ctx, t, &t0) : false; /* profile.c: sampled bodies */
  if (ctx->timing && !t0) t0 = ctx->prof ? bb_prof_now(ctx) : bb_now_ns();
  ctx->in_body = 1; /* its allocations are safepoints (roots.c) */
  d->fn(ctx, objs, tags);
  ctx->in_body = 0;
  uint32_t e = ctx->exit;
  if (BB_UNLIKELY(e >= d->nexits)) bb_panic("task %s chose exit %u of %u", d->name, e, d->nexits);
  if (ctx->prof) bb_prof_invocation(ctx, t, e, t0, timed ? bb_prof_now(ctx) : 0, timed); /* the body only */
  *t0_out = t0;
  return e;
}

/* Applies exit e: the flags (now[i] from old[i]), then the staged tag
 * actions under the tag lock (the caller holds the objects' locks). The tags
 * newly bound go to added, their parameters to added_param; returns how
 * many. */
static inline uint32_t bb_apply_exit(bb_ctx *ctx, uint32_t t, uint32_t e, bb_object *const *objs,
                                     const uint64_t *old, uint64_t *now, bb_tag **added, uint32_t *added_param) {
  const bb_task *d = ctx->task;
  uint32_t n = d->nparams, nadded = 0;
  const bb_flagop *ops = &d->exits[(size_t)e * n];
  for (uint32_t i = 0; i < n; i++) {
    now[i] = (old[i] & ops[i].and_mask) | ops[i].or_mask;
    __atomic_store_n(&objs[i]->flags, now[i], __ATOMIC_RELAXED);
  }
  if (!ctx->nstaged) return 0;
  bb_tags_lock(ctx);
  for (uint32_t k = 0; k < ctx->nstaged; k++) {
    bb_tagop *op = &ctx->staged[k];
    bb_object *o = objs[op->param];
    if (op->add) {
      if (BB_UNLIKELY(ctx->prof)) bb_prof_exit_tag(ctx, t, e, op->param, op->tag);
      if (bb_tag_bind_locked(ctx, o, op->tag)) {
        added[nadded] = op->tag;
        added_param[nadded++] = op->param;
      }
    } else {
      bb_tag_unbind_locked(o, op->tag);
    }
  }
  bb_tags_unlock(ctx);
  return nadded;
}

/* An invocation of t that keeps some objects (unchanged, no tag gained or
 * lost) and hands on the others holds back the work it enables (see the
 * header); any other releases what an earlier one held. */
static inline void bb_hold_back(bb_ctx *ctx, uint32_t t, uint32_t n, bb_object *const *objs, const uint64_t *old,
                                const uint64_t *now) {
  bb_sched *s = &ctx->sched;
  uint32_t tagged = 0;
  for (uint32_t k = 0; k < ctx->nstaged; k++) tagged |= 1u << ctx->staged[k].param;
  uint32_t kept = 0;
  for (uint32_t i = 0; i < n; i++)
    if (now[i] == old[i] && !(tagged & (1u << i))) kept |= 1u << i;
  bool hands_out = kept && kept != (1u << n) - 1;
  if (s->held.count && !(hands_out && s->hold_task == t && s->hold_kept == kept)) bb_release_held(ctx);
  if (hands_out) {
    s->holding = 1;
    s->hold_task = t;
    s->hold_kept = kept;
    for (uint32_t i = 0; i < n; i++) s->hold_objs[i] = objs[i];
  }
}

/* Routes the objects the exit changed, then publishes what the task
 * allocated, the last first: the newest end of the queue then holds the
 * first allocated object's invocations, so a task's new objects run in the
 * order it made them. */
static inline void bb_route_exit(bb_ctx *ctx, bb_object *const *objs, uint32_t n, const uint64_t *old,
                                 const uint64_t *now, bb_tag *const *added, const uint32_t *added_param,
                                 uint32_t nadded) {
  for (uint32_t i = 0; i < n; i++) {
    bb_tag *mine[BB_MAX_STAGED];
    uint32_t nmine = 0;
    for (uint32_t k = 0; k < nadded; k++)
      if (added_param[k] == i) mine[nmine++] = added[k];
    if (now[i] != old[i] || nmine || ctx->nstaged) bb_route_obj(ctx, objs[i], old[i], false, mine, nmine);
  }
  for (uint32_t k = ctx->npending; k-- > 0;) bb_publish(ctx, ctx->pending[k]);
}

/* The invocation itself, if its exit left it enabled: it runs again before
 * the work it enabled, up to BB_LOOP_BURST times in a row; then it waits
 * behind the rest, so that a long loop does not make all its work before
 * any is consumed. */
static inline void bb_requeue(bb_ctx *ctx, uint32_t t, const bb_task *d, bb_object *const *objs,
                              bb_tag *const *tags) {
  bb_queue *q = &ctx->sched.queue;
  if (bb_valid(ctx, d, objs, tags)) {
    if (q->streak < BB_LOOP_BURST) {
      q->streak++;
      bb_enqueue(ctx, t, objs, d->nparams, tags, d->ntagslots);
    } else {
      q->streak = 0;
      bb_enqueue_oldest(ctx, t, objs, d->nparams, tags, d->ntagslots);
    }
  } else {
    q->streak = 0;
  }
}

bool bb_step(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  bb_queue *q = &s->queue;
  bb_object *objs[BB_MAX_PARAMS];
  bb_tag *tags[BB_MAX_TAGSLOTS];
  size_t retries = 0;
  while (q->count || s->held.count) {
    if (s->held.count && !bb_hold_goes_on(s)) bb_release_held(ctx);
    /* take the newest record, or the oldest when it has waited too long */
    bool due = bb_queue_oldest_due(s);
    if (due) q->last_due = q->pushed;
    uint32_t t = bb_queue_take(s, due, objs, tags);
    bb_taskrt *tr = &s->tasks[t];
    const bb_task *d = tr->desc;
    uint32_t n = d->nparams, nt = d->ntagslots;
    /* One core checks the guards once; several check them under the locks
       only (an object may change on another core until it is locked). */
    bool alone = ctx->rt->ncores == 1;
    if (alone && !bb_valid(ctx, d, objs, tags)) {
      bb_drop_stale(ctx, tr, objs);
      s->dropped++;
      continue;
    }
    bb_object *held[BB_MAX_PARAMS];
    uint32_t nheld;
    if (!bb_lock_params(ctx, objs, n, alone, held, &nheld)) { /* locks.c */
      bb_enqueue_oldest(ctx, t, objs, n, tags, nt); /* behind the rest */
      s->retried++;
      if (++retries > q->count) return true; /* everything is busy: let the caller come back */
      continue;
    }
    /* under the locks, the guards hold or the invocation is stale */
    if (!alone && !bb_valid(ctx, d, objs, tags)) {
      bb_unlock_params(held, nheld);
      bb_drop_stale(ctx, tr, objs);
      s->dropped++;
      continue;
    }

    uint64_t old[BB_MAX_PARAMS], now[BB_MAX_PARAMS], t0;
    for (uint32_t i = 0; i < n; i++) old[i] = objs[i]->flags;
    uint32_t e = bb_run_body(ctx, t, d, objs, tags, &t0);
    bb_tag *added[BB_MAX_STAGED];
    uint32_t added_param[BB_MAX_STAGED];
    uint32_t nadded = bb_apply_exit(ctx, t, e, objs, old, now, added, added_param);
    /* pack.c, BAMBOO_PACK_CHECK=1 only: while the locks keep other cores off
       the objects, before any is routed */
    if (BB_UNLIKELY(ctx->rt->pack_check)) bb_pack_check(ctx, objs, n, tr->runs);
    bb_unlock_after_exit(held, nheld);
    ctx->task = NULL;
    tr->runs++;
    s->dispatched++;

    /* an idle core asked for work: hand it queued work before routing
       (balance.c) */
    if (__atomic_load_n(&ctx->rt->nhungry, __ATOMIC_RELAXED)) bb_balance(ctx);
    bb_hold_back(ctx, t, n, objs, old, now);
    bb_route_exit(ctx, objs, n, old, now, added, added_param, nadded);
    s->holding = 0;
    bb_requeue(ctx, t, d, objs, tags);
    if (BB_UNLIKELY(ctx->rt->check_sharing)) bb_sharing_check(ctx, d, e, objs, n); /* sharing.c */
    ctx->npending = 0;
    ctx->nstaged = 0;
    if (ctx->timing) {
      uint64_t t1 = ctx->prof ? bb_prof_now(ctx) : bb_now_ns(); /* t0's clock */
      tr->ns += t1 - t0;
      s->busy_ns += t1 - t0;
      s->last_end_ns = t1;
      if (ctx->rt->trace_path) bb_trace_event(ctx, 0, t, e, t0, t1);
    }
    bb_gc_maybe(ctx); /* heap.c */
    return true;
  }
  return false;
}

/* Roots of one core for the collector: its parameter sets, queued
 * invocations, pending publications and the objects in its inbox. A set
 * entry whose object no longer satisfies the parameter's guard is dropped
 * first: its state changed on another core, which leaves only its own sets
 * (an object routed again, for a tag it gained, may sit in the sets of two
 * cores), and no invocation on this core would ever take it again. Kept as
 * a root, it would keep its object and all it reaches alive for the rest of
 * the run. The object is routed again if it matches again, as after
 * bb_drop_stale. */
void bb_sched_mark_core(bb_ctx *leader, bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  for (uint32_t t = 0; t < s->ntasks; t++) {
    bb_taskrt *tr = &s->tasks[t];
    if (!tr->sets) continue;
    for (uint32_t p = 0; p < tr->desc->nparams; p++) {
      bb_pset *set = &tr->sets[p];
      for (uint32_t i = set->count; i-- > 0;) {
        bb_object *o = set->items[i];
        bool gone = !bb_guard_holds(&tr->desc->params[p], BB_FLAGS(o));
#ifdef BB_MPI
        gone |= (o->gc & BB_GC_MOVED) != 0; /* its live copy is on another rank */
#endif
        if (gone) bb_pset_remove(set, o);
      }
      for (uint32_t i = 0; i < set->count; i++) bb_gc_mark(leader, set->items[i]);
    }
  }
  BB_FOR_EACH_QUEUE(q, s)
    for (size_t w = q->head; w != q->tail;) {
      const bb_task *d = s->tasks[q->buf[w++ & q->mask]].desc;
      for (uint32_t i = 0; i < d->nparams + d->ntagslots; i++) bb_gc_mark(leader, (bb_object *)q->buf[w++ & q->mask]);
      w += 2; /* the stamp and the closing task index */
    }
  for (uint32_t k = 0; k < ctx->npending; k++) bb_gc_mark(leader, ctx->pending[k]);
  /* a body stopped for a collection: the tags it staged for its exit */
  for (uint32_t k = 0; k < ctx->nstaged; k++) bb_gc_mark(leader, (bb_object *)ctx->staged[k].tag);
  bb_inbox *in = &s->inbox;
  for (bb_msg *m = in->tail; m; m = __atomic_load_n(&m->next, __ATOMIC_ACQUIRE)) {
    if (m == &in->stub) continue;
    bb_gc_mark(leader, m->obj);
    bb_gc_mark(leader, (bb_object *)m->only);
  }
}
