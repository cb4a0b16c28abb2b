/* sched.c — the per-core scheduler (paper section 4.7).
 *
 * Per multi-parameter task and parameter, a parameter set holds the published
 * task objects whose class and flags match the parameter. When an object is
 * published, or a task exit changes its flags or tags, the runtime updates the
 * sets and enqueues every invocation the change makes possible: tuples of
 * distinct objects, one per parameter, built by a search that takes the
 * candidates for a tag-constrained parameter from the bound objects of the tag
 * instance already chosen for that tag variable (so tagged merges are found
 * without a cross product). One-parameter tasks keep no set: the queued
 * invocation itself holds the object. At dispatch the runtime re-checks the
 * guards and tag constraints (an object may have changed state since the
 * invocation was built), try-locks every parameter object (all or none,
 * never blocking), runs the body, applies the chosen exit's flag and tag
 * changes, publishes the objects the task allocated with allocation blocks,
 * re-enqueues the invocation itself if it is still enabled (an exit that
 * leaves its parameters enabled), and collects garbage if due.
 */
#include "internal.h"

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

static void bb_enqueue(bb_ctx *ctx, uint32_t task, bb_object *const *objs, uint32_t n, bb_tag *const *tags,
                       uint32_t nt) {
  bb_queue *q = &ctx->sched.queue;
  size_t need = 1 + n + nt;
  if (BB_UNLIKELY(!q->buf || q->tail - q->head + need > q->mask + 1)) bb_queue_grow(ctx, q, need);
  size_t t = q->tail, m = q->mask;
  q->buf[t++ & m] = task;
  for (uint32_t i = 0; i < n; i++) q->buf[t++ & m] = (uintptr_t)objs[i];
  for (uint32_t i = 0; i < nt; i++) q->buf[t++ & m] = (uintptr_t)tags[i];
  q->tail = t;
  q->count++;
}

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
  if (via != UINT32_MAX) {
    bb_reflist *l = e->tags[via]->bound;
    if (!l) return;
    cand = l->items;
    ncand = l->count;
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
    if (via != UINT32_MAX && !bb_pset_contains(set, c)) continue;
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
  if (!only) {
    bb_enum_rec(&e, 1u << p);
    return;
  }
  const bb_param *par = &d->params[p];
  for (uint32_t r = 0; r < par->ntags; r++) {
    if (par->tags[r].type != only->type) continue;
    e.tags[par->tags[r].slot] = only;
    bb_enum_rec(&e, 1u << p);
    e.tags[par->tags[r].slot] = NULL;
  }
}

/* o's flags went from `old` to o->flags (or o is new: `fresh`); `added` are
 * the tags just bound to it. Update the sets and build invocations. */
static void bb_update(bb_ctx *ctx, bb_object *o, uint64_t old, bool fresh, bb_tag *const *added, uint32_t nadded) {
  bb_sched *s = &ctx->sched;
  uint64_t now = o->flags;
  if (o->cls >= ctx->rt->nclasses) bb_panic("object with bad class id %u", o->cls);
  for (uint32_t i = s->tp_start[o->cls], end = s->tp_start[o->cls + 1]; i < end; i++) {
    uint32_t t = s->tp[i].task, p = s->tp[i].param;
    bb_taskrt *tr = &s->tasks[t];
    const bb_param *par = &tr->desc->params[p];
    bool was = !fresh && bb_guard_holds(par, old);
    bool is = bb_guard_holds(par, now);
    if (tr->sets) {
      if (was && !is) {
        bb_pset_remove(&tr->sets[p], o);
        continue;
      }
      if (is && !was) bb_pset_add(ctx, &tr->sets[p], o);
    }
    if (is && !was) {
      bb_build(ctx, t, p, o, NULL);
    } else if (is && was && nadded && par->ntags) {
      for (uint32_t k = 0; k < nadded; k++) bb_build(ctx, t, p, o, added[k]);
    }
  }
}

void bb_publish(bb_ctx *ctx, bb_object *o) { bb_update(ctx, o, 0, true, NULL, 0); }

void bb_task_object(bb_ctx *ctx, bb_object *o, uint64_t flags, uint32_t site) {
  if (BB_UNLIKELY(ctx->prof)) bb_prof_alloc(ctx, site); /* profile.c */
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

BB_INLINE bool bb_valid(const bb_task *d, bb_object *const *objs, bb_tag *const *tags) {
  for (uint32_t i = 0; i < d->nparams; i++) {
    const bb_param *par = &d->params[i];
    if (!bb_guard_holds(par, objs[i]->flags)) return false;
    for (uint32_t r = 0; r < par->ntags; r++)
      if (!bb_tag_bound(objs[i], tags[par->tags[r].slot])) return false;
  }
  return true;
}

static void bb_trace_event(bb_ctx *ctx, uint32_t task, uint32_t exit, uint64_t t0, uint64_t t1) {
  if (ctx->ntrace == ctx->cap_trace) {
    ctx->cap_trace = ctx->cap_trace ? ctx->cap_trace * 2 : 4096;
    ctx->trace = bb_xrealloc(ctx, ctx->trace, ctx->cap_trace * sizeof *ctx->trace);
  }
  ctx->trace[ctx->ntrace++] = (struct bb_trace_ev){task, exit, t0, t1};
}

bool bb_step(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  bb_queue *q = &s->queue;
  bb_object *objs[BB_MAX_PARAMS];
  bb_tag *tags[BB_MAX_TAGSLOTS];
  size_t retries = 0;
  while (q->count) {
    /* pop one record */
    size_t h = q->head, m = q->mask;
    uint32_t t = (uint32_t)q->buf[h++ & m];
    bb_taskrt *tr = &s->tasks[t];
    const bb_task *d = tr->desc;
    uint32_t n = d->nparams, nt = d->ntagslots;
    for (uint32_t i = 0; i < n; i++) objs[i] = (bb_object *)q->buf[h++ & m];
    for (uint32_t i = 0; i < nt; i++) tags[i] = (bb_tag *)q->buf[h++ & m];
    q->head = h;
    q->count--;
    if (!bb_valid(d, objs, tags)) {
      s->dropped++;
      continue;
    }
    /* lock every parameter object: all or none, never blocking */
    bb_object *held[BB_MAX_PARAMS];
    uint32_t nheld = 0;
    uintptr_t me = ((uintptr_t)ctx->core << 1) | 1u;
    bool ok = true, alone = ctx->rt->ncores == 1;  /* one core: no other thread touches lock words */
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
      bb_enqueue(ctx, t, objs, n, tags, nt);
      s->retried++;
      if (++retries > q->count) return true; /* everything is busy: let the caller come back */
      continue;
    }

    /* run the body */
    uint64_t old[BB_MAX_PARAMS];
    for (uint32_t i = 0; i < n; i++) old[i] = objs[i]->flags;
    ctx->task = d;
    ctx->exit = 0;
    ctx->nstaged = 0;
    uint64_t t0 = ctx->timing ? bb_now_ns() : 0;
    d->fn(ctx, objs, tags);
    uint32_t e = ctx->exit;
    if (BB_UNLIKELY(e >= d->nexits)) bb_panic("task %s chose exit %u of %u", d->name, e, d->nexits);
    if (ctx->timing) {
      uint64_t t1 = bb_now_ns();
      tr->ns += t1 - t0;
      if (ctx->rt->trace_path) bb_trace_event(ctx, t, e, t0, t1);
      if (ctx->prof) bb_prof_invocation(ctx, t, e, t1 - t0); /* profile.c */
    }

    /* apply the exit: flags, then staged tag actions, atomically (we hold the locks) */
    const bb_flagop *ops = &d->exits[(size_t)e * n];
    for (uint32_t i = 0; i < n; i++) objs[i]->flags = (objs[i]->flags & ops[i].and_mask) | ops[i].or_mask;
    bb_tag *added[BB_MAX_STAGED];
    uint32_t added_param[BB_MAX_STAGED], nadded = 0;
    for (uint32_t k = 0; k < ctx->nstaged; k++) {
      bb_tagop *op = &ctx->staged[k];
      bb_object *o = objs[op->param];
      if (op->add) {
        if (!bb_tag_bound(o, op->tag)) {
          bb_tag_bind(ctx, o, op->tag, BB_LOC_NONE);
          added[nadded] = op->tag;
          added_param[nadded++] = op->param;
        }
      } else {
        bb_tag_unbind(ctx, o, op->tag);
      }
    }
    for (uint32_t k = 0; k < nheld; k++) {
      uintptr_t w = __atomic_load_n(&held[k]->lock, __ATOMIC_RELAXED);
      if (w & 1u) __atomic_store_n(&held[k]->lock, 0, __ATOMIC_RELEASE);
    }
    ctx->task = NULL;
    tr->runs++;
    s->dispatched++;

    /* new invocations enabled by the changes */
    for (uint32_t i = 0; i < n; i++) {
      bb_tag *mine[BB_MAX_STAGED];
      uint32_t nmine = 0;
      for (uint32_t k = 0; k < nadded; k++)
        if (added_param[k] == i) mine[nmine++] = added[k];
      if (objs[i]->flags != old[i] || nmine || ctx->nstaged)
        bb_update(ctx, objs[i], old[i], false, mine, nmine);
    }
    /* the invocation itself, if its exit left it enabled */
    if (bb_valid(d, objs, tags)) bb_enqueue(ctx, t, objs, n, tags, nt);
    /* publish what the task allocated */
    for (uint32_t k = 0; k < ctx->npending; k++) bb_publish(ctx, ctx->pending[k]);
    bb_sharing_check(ctx, d, e, objs, n); /* sharing.c: BAMBOO_CHECK_SHARING=1 only */
    ctx->npending = 0;
    ctx->nstaged = 0;
    if (BB_UNLIKELY(ctx->heap.allocated >= ctx->heap.threshold || ctx->rt->gc_stress)) bb_gc_collect(ctx);
    return true;
  }
  return false;
}

void bb_run(bb_ctx *ctx) {
  while (bb_step(ctx)) {
  }
}

/* roots for the collector: parameter sets and queued invocations */
void bb_sched_mark_roots(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  for (uint32_t t = 0; t < s->ntasks; t++) {
    bb_taskrt *tr = &s->tasks[t];
    if (!tr->sets) continue;
    for (uint32_t p = 0; p < tr->desc->nparams; p++)
      for (uint32_t i = 0; i < tr->sets[p].count; i++) bb_gc_mark(ctx, tr->sets[p].items[i]);
  }
  bb_queue *q = &s->queue;
  for (size_t w = q->head; w != q->tail;) {
    const bb_task *d = s->tasks[q->buf[w++ & q->mask]].desc;
    for (uint32_t i = 0; i < d->nparams + d->ntagslots; i++) bb_gc_mark(ctx, (bb_object *)q->buf[w++ & q->mask]);
  }
  for (uint32_t k = 0; k < ctx->npending; k++) bb_gc_mark(ctx, ctx->pending[k]);
  const bb_program *prog = ctx->rt->prog;
  for (uint32_t g = 0; g < prog->nglobals; g++) bb_gc_mark(ctx, *prog->globals[g]);
}

/* ============================================================================
 * Start-up and shut-down
 * ========================================================================== */

static bb_class bb_class_free_desc = {.name = "<free>", .id = 0, .kind = BB_KIND_OBJECT};
static const uint32_t bb_free_display[] = {0};

static void bb_check_program(const bb_program *prog, const bb_class **classes, uint32_t nclasses) {
  static const uint32_t elems[] = {BB_ELEM_BOOLEAN, BB_ELEM_BYTE, BB_ELEM_CHAR, BB_ELEM_SHORT, BB_ELEM_INT,
                                   BB_ELEM_LONG, BB_ELEM_FLOAT, BB_ELEM_DOUBLE, BB_ELEM_REF, BB_ELEM_REF};
  if (nclasses < BB_CLASS_FIRST_USER) bb_panic("class table has %u entries, need at least %u", nclasses, BB_CLASS_FIRST_USER);
  for (uint32_t i = 0; i < nclasses; i++) {
    const bb_class *c = classes[i];
    if (!c) bb_panic("class id %u has no descriptor", i);
    if (c->id != i) bb_panic("class %s has id %u at index %u", c->name, c->id, i);
    if (i == 0) continue;
    if (!c->display || c->display[c->depth] != i || c->display[0] != BB_CLASS_OBJECT)
      bb_panic("class %s: bad display", c->name);
    if (c->kind == BB_KIND_ARRAY && c->elem_kind == BB_ELEM_REF && c->elem_class >= nclasses)
      bb_panic("array class %s: bad element class", c->name);
  }
  if (classes[BB_CLASS_OBJECT]->depth != 0) bb_panic("Object must have depth 0");
  if (classes[BB_CLASS_STRING]->kind != BB_KIND_STRING) bb_panic("class 2 must be String");
  for (uint32_t i = BB_CLASS_BOOLEAN_ARRAY; i <= BB_CLASS_STRING_ARRAY; i++)
    if (classes[i]->kind != BB_KIND_ARRAY || classes[i]->elem_kind != elems[i - BB_CLASS_BOOLEAN_ARRAY])
      bb_panic("class %u must be the built-in array class", i);
  if (classes[BB_CLASS_OBJECT_ARRAY]->elem_class != BB_CLASS_OBJECT ||
      classes[BB_CLASS_STRING_ARRAY]->elem_class != BB_CLASS_STRING)
    bb_panic("Object[] / String[] element classes");
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    const bb_task *d = &prog->tasks[t];
    if (d->nparams == 0 || d->nparams > BB_MAX_PARAMS) bb_panic("task %s: %u parameters", d->name, d->nparams);
    if (d->ntagslots > BB_MAX_TAGSLOTS) bb_panic("task %s: too many tag variables", d->name);
    if (d->nexits == 0 || !d->exits) bb_panic("task %s: no exit table", d->name);
    for (uint32_t p = 0; p < d->nparams; p++) {
      const bb_flagop *z = &d->exits[p];
      if (z->and_mask != ~(uint64_t)0 || z->or_mask != 0) bb_panic("task %s: exit 0 must change nothing", d->name);
      if (d->params[p].cls >= nclasses) bb_panic("task %s: bad parameter class", d->name);
      for (uint32_t r = 0; r < d->params[p].ntags; r++)
        if (d->params[p].tags[r].slot >= d->ntagslots) bb_panic("task %s: bad tag slot", d->name);
    }
  }
  if (prog->startup_class >= nclasses || classes[prog->startup_class]->kind != BB_KIND_OBJECT)
    bb_panic("bad StartupObject class");
}

static bool bb_env_on(const char *name) {
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0") != 0;
}

bb_ctx *bb_runtime_init(const bb_program *prog, int argc, char **argv) {
  if (prog->abi_version != bb_abi_version)
    bb_panic("program generated for runtime ABI %u, but runtime ABI is %u", prog->abi_version, bb_abi_version);
  bb_runtime *rt = calloc(1, sizeof *rt);
  if (!rt) bb_panic("out of memory");
  bb_the_runtime = rt;
  rt->prog = prog;
  rt->argc = argc;
  rt->argv = argv;
  rt->start_ns = bb_now_ns();
  rt->gc_stress = bb_env_on("BAMBOO_GC_STRESS");
  rt->stats = bb_env_on("BAMBOO_STATS");
  const char *tp = getenv("BAMBOO_TRACE");
  rt->trace_path = (tp && *tp) ? tp : NULL;
  bb_out_init(rt);

  /* classes: the program's table with the internal slots filled in */
  rt->nclasses = prog->nclasses;
  rt->classes = calloc(prog->nclasses > BB_CLASS_FIRST_USER ? prog->nclasses : BB_CLASS_FIRST_USER, sizeof(bb_class *));
  if (!rt->classes) bb_panic("out of memory");
  for (uint32_t i = 0; i < prog->nclasses; i++) rt->classes[i] = prog->classes[i];
  bb_class_free_desc.display = bb_free_display;
  rt->classes[BB_CLASS_NONE] = &bb_class_free_desc;
  if (rt->nclasses > BB_CLASS_TAG) rt->classes[BB_CLASS_TAG] = &bb_class_tag_desc;
  if (rt->nclasses > BB_CLASS_REFLIST) rt->classes[BB_CLASS_REFLIST] = &bb_class_reflist_desc;
  bb_check_program(prog, rt->classes, rt->nclasses);

  /* string literals: immortal, hash precomputed */
  rt->strings = calloc(prog->nstrings + 1, sizeof(bb_string *));
  if (!rt->strings) bb_panic("out of memory");
  for (uint32_t i = 0; i < prog->nstrings; i++) {
    int32_t len = prog->strings[i].length;
    bb_string *s = bb_alloc_immortal(sizeof(bb_string) + (size_t)len * sizeof(bb_char));
    s->hdr.cls = BB_CLASS_STRING;
    s->length = len;
    if (len) memcpy(s->chars, prog->strings[i].chars, (size_t)len * sizeof(bb_char));
    uint32_t hsh = 0;
    for (int32_t k = 0; k < len; k++) hsh = 31 * hsh + s->chars[k];
    s->hash = (int32_t)hsh;
    rt->strings[i] = s;
  }

  /* core 0 */
  rt->ncores = 1;
  rt->cores = calloc(1, sizeof(bb_ctx));
  if (!rt->cores) bb_panic("out of memory");
  bb_ctx *ctx = &rt->cores[0];
  ctx->rt = rt;
  ctx->core = 0;
  ctx->classes = rt->classes;
  ctx->strings = rt->strings;
  ctx->timing = rt->stats || rt->trace_path;
  bb_heap_init(ctx);
  if (prog->profile) bb_prof_start(ctx); /* profile.c */

  bb_sched *s = &ctx->sched;
  s->ntasks = prog->ntasks;
  s->tasks = calloc(prog->ntasks + 1, sizeof(bb_taskrt));
  if (!s->tasks) bb_panic("out of memory");
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    s->tasks[t].desc = &prog->tasks[t];
    if (prog->tasks[t].nparams > 1) {
      s->tasks[t].sets = calloc(prog->tasks[t].nparams, sizeof(bb_pset));
      if (!s->tasks[t].sets) bb_panic("out of memory");
    }
  }
  /* class -> (task, parameter) pairs whose parameter accepts the class */
  s->tp_start = calloc(rt->nclasses + 1, sizeof(uint32_t));
  size_t ntp = 0, cap = 16;
  s->tp = malloc(cap * sizeof(bb_tp));
  if (!s->tp_start || !s->tp) bb_panic("out of memory");
  for (uint32_t c = 0; c < rt->nclasses; c++) {
    s->tp_start[c] = (uint32_t)ntp;
    if (c == BB_CLASS_NONE || c == BB_CLASS_TAG || c == BB_CLASS_REFLIST) continue;
    for (uint32_t t = 0; t < prog->ntasks; t++)
      for (uint32_t p = 0; p < prog->tasks[t].nparams; p++)
        if (bb_is_subclass(ctx, c, prog->tasks[t].params[p].cls)) {
          if (ntp == cap) {
            cap *= 2;
            s->tp = realloc(s->tp, cap * sizeof(bb_tp));
            if (!s->tp) bb_panic("out of memory");
          }
          s->tp[ntp++] = (bb_tp){(uint16_t)t, (uint16_t)p};
        }
  }
  s->tp_start[rt->nclasses] = (uint32_t)ntp;
  return ctx;
}

void bb_publish_startup(bb_ctx *ctx) {
  const bb_program *prog = ctx->rt->prog;
  /* task objects made by prog->init, if any */
  for (uint32_t k = 0; k < ctx->npending; k++) bb_publish(ctx, ctx->pending[k]);
  ctx->npending = 0;
  int argc = ctx->rt->argc;
  char **argv = ctx->rt->argv;
  int32_t n = argc > 1 ? argc - 1 : 0;
  bb_array *args = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, n, BB_LOC_NONE);
  for (int32_t i = 0; i < n; i++)
    ((bb_string **)bb_array_data(args))[i] = bb_string_from_utf8(ctx, argv[i + 1], strlen(argv[i + 1]), false);
  const bb_class *c = ctx->classes[prog->startup_class];
  bb_object *o = bb_new(ctx, prog->startup_class, c->size);
  if (prog->startup_init) {
    prog->startup_init(ctx, o, args);
  } else {
    *(bb_array **)((char *)o + prog->startup_args_offset) = args;
    *(bb_array **)((char *)o + prog->startup_parameters_offset) = args;
  }
  o->flags = prog->startup_flags;
  o->gc |= BB_GC_TASKOBJ;
  bb_publish(ctx, o);
}

static void bb_write_trace(bb_ctx *ctx) {
  FILE *f = fopen(ctx->rt->trace_path, "w");
  if (!f) {
    fprintf(stderr, "bamboo: warning: cannot write trace %s\n", ctx->rt->trace_path);
    return;
  }
  fprintf(f, "{\"traceEvents\":[\n");
  fprintf(f, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%u,\"args\":{\"name\":\"core %u\"}}",
          ctx->core, ctx->core);
  uint64_t base = ctx->rt->start_ns;
  for (size_t i = 0; i < ctx->ntrace; i++) {
    struct bb_trace_ev *ev = &ctx->trace[i];
    fprintf(f, ",\n{\"name\":\"%s\",\"cat\":\"task\",\"ph\":\"X\",\"pid\":0,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f,"
               "\"args\":{\"exit\":%u}}",
            ctx->sched.tasks[ev->task].desc->name, ctx->core, (double)(ev->t0 - base) / 1000.0,
            (double)(ev->t1 - ev->t0) / 1000.0, ev->exit);
  }
  fprintf(f, "\n],\"displayTimeUnit\":\"ns\"}\n");
  fclose(f);
}

static void bb_print_stats(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  bb_heap *h = &ctx->heap;
  fprintf(stderr, "bamboo: stats: core %u: %llu invocations (%llu dropped stale, %llu lock retries), %.3f ms total\n",
          ctx->core, (unsigned long long)s->dispatched, (unsigned long long)s->dropped,
          (unsigned long long)s->retried, (double)(bb_now_ns() - ctx->rt->start_ns) / 1e6);
  for (uint32_t t = 0; t < s->ntasks; t++)
    fprintf(stderr, "bamboo: stats:   task %s: %llu runs, %.3f ms\n", s->tasks[t].desc->name,
            (unsigned long long)s->tasks[t].runs, (double)s->tasks[t].ns / 1e6);
  fprintf(stderr, "bamboo: stats:   gc: %llu collections, %.3f ms; live %zu bytes, footprint %zu bytes\n",
          (unsigned long long)h->collections, (double)h->gc_ns / 1e6, h->live, h->footprint);
}

void bb_runtime_finish(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  bb_out_flush(rt);
  if (rt->stats) bb_print_stats(ctx);
  if (rt->trace_path) bb_write_trace(ctx);
  bb_prof_finish(ctx); /* profile.c */
  /* free everything (keeps leak checkers quiet) */
  bb_sched *s = &ctx->sched;
  for (uint32_t t = 0; t < s->ntasks; t++) {
    if (!s->tasks[t].sets) continue;
    for (uint32_t p = 0; p < s->tasks[t].desc->nparams; p++) {
      free(s->tasks[t].sets[p].items);
      free(s->tasks[t].sets[p].index);
    }
    free(s->tasks[t].sets);
  }
  free(s->tasks);
  free(s->tp_start);
  free(s->tp);
  free(s->queue.buf);
  free(ctx->pending);
  bb_sharing_free(ctx);
  free(ctx->trace);
  bb_heap_destroy(ctx);
  for (uint32_t i = 0; i < rt->prog->nstrings; i++) free(rt->strings[i]);
  free(rt->strings);
  free(rt->classes);
  free(rt->out_buf);
  pthread_mutex_destroy(&rt->out_lock);
  free(rt->cores);
  if (bb_the_runtime == rt) bb_the_runtime = NULL;
  free(rt);
}

int bb_main(const bb_program *prog, int argc, char **argv) {
  bb_ctx *ctx = bb_runtime_init(prog, argc, argv);
  if (prog->init) prog->init(ctx);
  bb_publish_startup(ctx);
  bb_run(ctx);
  bb_runtime_finish(ctx);
  return 0;
}
