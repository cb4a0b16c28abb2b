/* profile.c — the profiler of profiling builds (`bambooc --profile-gen`;
 * paper 4.3.1: the profile the CSTG's Markov model is built from; the
 * format is docs/profile-format.md).
 *
 * Per core and (task, runtime exit) it counts invocations and keeps the
 * Welford mean and variance of the body time, the mean scheduler gap after
 * it, the heap bytes the body allocated, and per allocation site and tag
 * binding point the objects and bindings made (with the order of a site's
 * first allocation, so the simulator allocates in the run's order). Memory
 * is fixed at start-up, whatever the length of the run; the cores' counters
 * are merged when written (a profiling build runs on one core: startup.c
 * bb_layout_setup).
 *
 * Only the body is timed (the call of the task function): dispatch, locks,
 * exits, publication and collections go into the run's `sched_ns`,
 * `gc_ns`, `init_ns` and `finish_ns`, so the simulator can account for all
 * of the time. The clock is CLOCK_MONOTONIC, or the thread's CPU time with
 * BAMBOO_PROFILE_CLOCK=thread; one clock reading's cost, measured at
 * start-up, is subtracted from every duration (`clock_overhead_ns`).
 * Fine-grained bodies are timed on a sample ("Sampling" below); counts are
 * exact.
 *
 * Hooks: startup.c starts and finishes it (bb_prof_start, bb_prof_finish);
 * sched.c bb_step times the body (bb_prof_begin, bb_prof_invocation) and
 * counts staged tags (bb_prof_exit_tag); bb_task_object and tag.c count
 * allocations (bb_prof_alloc, bb_prof_alloc_tag); heap.c times collections
 * (bb_prof_gc). The profile is also written, with `"complete": false`, if
 * the program ends through System.exit or a run-time error.
 */
#include "internal.h"
#include <string.h>

static bb_ctx *bb_prof_pending_ctx; /* core 0 of a run whose profile is not written yet */

void bb_prof_gc(bb_ctx *ctx, uint64_t ns, uint64_t mark_ns) {
  ctx->prof->gc_ns += ns;
  ctx->prof->gc_mark_ns += mark_ns;
  ctx->prof->live_sum += ctx->heap.live; /* after the sweep */
}

static int bb_prof_cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* One reading's cost: the median over batches of back-to-back readings of
   their mean spacing. (The smallest spacing of two readings is the clock's
   granularity, a third below the cost on this kind of machine.) */
static uint64_t bb_prof_clock_overhead(const bb_ctx *ctx) {
  enum { BATCHES = 31, READS = 64 };
  uint64_t per[BATCHES];
  for (int b = 0; b < BATCHES; b++) {
    uint64_t a = bb_prof_now(ctx), z = a;
    for (int i = 0; i < READS; i++) z = bb_prof_now(ctx);
    per[b] = (z - a + READS / 2) / READS;
  }
  qsort(per, BATCHES, sizeof per[0], bb_prof_cmp_u64);
  return per[BATCHES / 2];
}

static void bb_prof_write_at_exit(void) {
  if (bb_prof_pending_ctx) bb_prof_write(bb_prof_pending_ctx, false);
}

void bb_prof_start(bb_ctx *ctx) {
  const char *clock = getenv("BAMBOO_PROFILE_CLOCK");
  bool cpu = clock && strcmp(clock, "thread") == 0;
  if (clock && *clock && !cpu && strcmp(clock, "wall") != 0)
    fprintf(stderr, "bamboo: warning: BAMBOO_PROFILE_CLOCK=%s ignored (wall or thread)\n", clock);
  uint64_t t0 = cpu ? bb_cpu_ns() : bb_now_ns();
  const bb_program *prog = ctx->rt->prog;
  const bb_profile_info *info = prog->profile;
  if (!info->fingerprint) bb_panic("profiling build without a program fingerprint");
  for (uint32_t s = 0; s < info->nsites; s++)
    if (info->site_class[s] >= ctx->rt->nclasses) bb_panic("allocation site %u has a bad class id", s);
  bb_prof_core *p = calloc(1, sizeof *p);
  if (!p) bb_panic("out of memory");
  p->ntasks = prog->ntasks;
  p->nsites = info->nsites;
  p->exit_base = calloc(prog->ntasks + 1, sizeof(uint32_t));
  if (!p->exit_base) bb_panic("out of memory");
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    p->exit_base[t] = p->nexits_total;
    p->nexits_total += prog->tasks[t].nexits;
  }
  p->exit_base[prog->ntasks] = p->nexits_total;
  p->exits = calloc(p->nexits_total + 1, sizeof(bb_prof_exit));
  p->allocs = calloc((size_t)p->nexits_total * p->nsites + 1, sizeof(uint64_t));
  p->cur = calloc(p->nsites + 1, sizeof(uint32_t));
  p->first_sum = calloc((size_t)p->nexits_total * p->nsites + 1, sizeof(uint64_t));
  p->first_runs = calloc((size_t)p->nexits_total * p->nsites + 1, sizeof(uint64_t));
  p->first = calloc(p->nsites + 1, sizeof(uint32_t));
  p->task_timed = calloc(prog->ntasks + 1, sizeof(uint64_t));
  p->task_body_ns = calloc(prog->ntasks + 1, sizeof(double));
  p->site_bytes = calloc((size_t)p->nexits_total * p->nsites + 1, sizeof(double));
  p->site_sized = calloc((size_t)p->nexits_total * p->nsites + 1, sizeof(uint64_t));
  p->task_sized = calloc(prog->ntasks + 1, sizeof(uint64_t));
  if (!p->exits || !p->allocs || !p->cur || !p->first_sum || !p->first_runs || !p->first || !p->task_timed ||
      !p->task_body_ns || !p->site_bytes || !p->site_sized || !p->task_sized)
    bb_panic("out of memory");
  p->ntagtypes = prog->ntagtypes;
  p->cpu = cpu;
  /* the thread's CPU clock starts with the thread (the process) */
  p->start_ns = cpu ? 0 : ctx->rt->start_ns;
  ctx->prof = p;
  p->clock_ns = bb_prof_clock_overhead(ctx);
  p->setup_ns = bb_prof_now(ctx) - t0;
  if (ctx->core == 0) {
    static bool registered;
    if (!registered && atexit(bb_prof_write_at_exit) == 0) registered = true;
    bb_prof_pending_ctx = ctx;
  }
}

void bb_prof_alloc(bb_ctx *ctx, uint32_t site, bb_object *o) {
  bb_prof_core *p = ctx->prof;
  if (BB_UNLIKELY(site >= p->nsites)) bb_panic("bb_task_object: allocation site %u of %u", site, p->nsites);
  if (!ctx->task) {
    p->outside++;
    return;
  }
  if (p->sizing) { /* measured when the body ends, the object built (bb_prof_sizes) */
    if (p->nnewobjs == p->cap_newobjs) {
      p->cap_newobjs = p->cap_newobjs ? p->cap_newobjs * 2 : 16;
      p->newobjs = bb_xrealloc(ctx, p->newobjs, p->cap_newobjs * sizeof *p->newobjs);
    }
    p->newobjs[p->nnewobjs++] = (struct bb_prof_newobj){site, o};
  }
  for (; p->nbinds_sited < p->nbinds; p->nbinds_sited++) p->binds[p->nbinds_sited].site = site;
  uint32_t index = p->nalloc_inv++;
  if (p->cur[site]++ == 0) {
    p->first[site] = index;
    if (p->ntouched == p->cap_touched) {
      p->cap_touched = p->cap_touched ? p->cap_touched * 2 : 16;
      p->touched = bb_xrealloc(ctx, p->touched, p->cap_touched * sizeof(uint32_t));
    }
    p->touched[p->ntouched++] = site;
  }
}

/* ---- tag bindings (format version 3) ------------------------------------
 * Every binding of an object to a tag instance, at an allocation block or at
 * an exit's `add`, is counted per (task exit, binding point, tag type): how
 * many there were, how many bound an instance that no object had been bound
 * to before (a tag's bound list is allocated at its first binding and never
 * freed while the tag lives), and per parameter how many bound an instance
 * that parameter's object held. The simulator (compiler/src/synthesis/sim/) reads
 * from these which instance each binding takes: a parameter's, a new one,
 * or the one the previous bindings of the type opened. */

static uint64_t bb_prof_mix(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  return k ^ (k >> 33);
}

/* The key of (task exit x, binding point, tag type); 0 marks a free slot. */
static uint64_t bb_prof_tagkey(const bb_prof_core *p, uint32_t x, uint32_t point, uint32_t type) {
  uint64_t points = (uint64_t)BB_MAX_PARAMS + p->nsites;
  return ((uint64_t)x * points + point) * p->ntagtypes + type + 1;
}

/* The slot holding `key` in a table of `cap` (a power of two), or the free
 * slot where it would go. */
static uint32_t bb_prof_tagslot(const bb_prof_tagrec *recs, uint32_t cap, uint64_t key) {
  uint32_t j = (uint32_t)bb_prof_mix(key) & (cap - 1);
  while (recs[j].key && recs[j].key != key) j = (j + 1) & (cap - 1);
  return j;
}

/* The record of `key`, made when absent (the table at most half full). */
static bb_prof_tagrec *bb_prof_tagrec_at(bb_prof_core *p, uint64_t key) {
  if (2 * (p->ntagrecs + 1) > p->cap_tagrecs) {
    uint32_t cap = p->cap_tagrecs ? p->cap_tagrecs * 2 : 64;
    bb_prof_tagrec *n = calloc(cap, sizeof *n);
    if (!n) bb_panic("out of memory");
    for (uint32_t i = 0; i < p->cap_tagrecs; i++)
      if (p->tagrecs[i].key) n[bb_prof_tagslot(n, cap, p->tagrecs[i].key)] = p->tagrecs[i];
    free(p->tagrecs);
    p->tagrecs = n;
    p->cap_tagrecs = cap;
  }
  bb_prof_tagrec *r = &p->tagrecs[bb_prof_tagslot(p->tagrecs, p->cap_tagrecs, key)];
  if (!r->key) {
    r->key = key;
    p->ntagrecs++;
  }
  return r;
}

/* The record of `key` if there is one. */
static const bb_prof_tagrec *bb_prof_tagrec_find(const bb_prof_core *p, uint64_t key) {
  if (!p->cap_tagrecs) return NULL;
  const bb_prof_tagrec *r = &p->tagrecs[bb_prof_tagslot(p->tagrecs, p->cap_tagrecs, key)];
  return r->key ? r : NULL;
}

/* Counts one binding into `r`: `fresh` if its instance had no object yet,
 * `from` bit k if parameter k's object held it. */
static void bb_prof_tagrec_count(bb_prof_tagrec *r, bool fresh, uint32_t from) {
  r->bound++;
  r->fresh += fresh;
  for (uint32_t k = 0; k < BB_MAX_PARAMS && k < 32; k++) r->from[k] += (from >> k) & 1u;
}

/* Bit k: parameter k's object (of the running invocation) holds t. */
static uint32_t bb_prof_holders(const bb_prof_core *p, const bb_tag *t) {
  uint32_t mask = 0;
  for (uint32_t k = 0; k < p->nobjs && k < 32; k++)
    if (bb_tag_bound(p->objs[k], t)) mask |= 1u << k;
  return mask;
}

/* An allocation block binds its new object to t (tag.c bb_tag_bind; the
   site follows with bb_task_object). */
void bb_prof_alloc_tag(bb_ctx *ctx, const bb_tag *t) {
  bb_prof_core *p = ctx->prof;
  if (!ctx->task || t->type >= p->ntagtypes) return;
  if (p->nbinds == p->cap_binds) {
    p->cap_binds = p->cap_binds ? p->cap_binds * 2 : 16;
    p->binds = bb_xrealloc(ctx, p->binds, p->cap_binds * sizeof *p->binds);
  }
  p->binds[p->nbinds++] = (bb_prof_bind){UINT32_MAX, t->type, bb_prof_holders(p, t), t->bound == NULL};
}

/* An exit binds parameter `param`'s object to t (sched.c, before the
   binding is made). */
void bb_prof_exit_tag(bb_ctx *ctx, uint32_t task, uint32_t exit, uint32_t param, const bb_tag *t) {
  bb_prof_core *p = ctx->prof;
  if (t->type >= p->ntagtypes || param >= BB_MAX_PARAMS) return;
  bb_prof_tagrec *r = bb_prof_tagrec_at(p, bb_prof_tagkey(p, p->exit_base[task] + exit, param, t->type));
  bb_prof_tagrec_count(r, t->bound == NULL, bb_prof_holders(p, t));
}

/* Sampling. The clock readings and the bookkeeping around a body cost
 * more than a fine-grained task's body and its scheduling together (a
 * ping-pong profiled at twice its plain run time), so bodies are timed on a
 * sample: every task's first BB_PROF_WARMUP invocations, every
 * BB_PROF_SAMPLE-th invocation after, and every invocation of a task whose
 * bodies take BB_PROF_COARSE_NS or more (whose readings cost nothing in
 * comparison). Counts, allocations and tag bindings stay exact. The start
 * of the invocation after a timed one closes the scheduler's gap after it
 * (sched_mean_ns); bb_prof_write scales those gaps so that they add up to
 * the loop's time less the (estimated) bodies and the profiler's own
 * readings and bookkeeping. */
#define BB_PROF_WARMUP 64u
#define BB_PROF_SAMPLE 16u
#define BB_PROF_SIZED_FIRST 16u  /* a task's timed invocations whose regions are all measured */
#define BB_PROF_SIZED_EVERY 64u  /* after them, every this many timed ones (object sizes below) */
#define BB_PROF_COARSE_NS 2000.0

/* ---- object sizes (format version 5) --------------------------------------
 * What an object carries when it moves to another rank: its region's packed
 * bytes (pack.c, bb_pack_size), per exit for each parameter and per
 * (exit, site) for the new task objects. Walking a region costs as much as
 * the bodies of fine-grained tasks, so only a sample of the timed
 * invocations is measured: a task's first BB_PROF_SIZED_FIRST timed ones,
 * then every BB_PROF_SIZED_EVERY-th; the walk counts as the profiler's own
 * time, like the body's statistics. */

static void bb_prof_sizes(bb_ctx *ctx, uint32_t task, uint32_t x) {
  bb_prof_core *p = ctx->prof;
  bb_prof_exit *ex = &p->exits[x];
  ex->sized++;
  p->task_sized[task]++;
  for (uint32_t i = 0; i < p->nobjs && i < BB_MAX_PARAMS; i++)
    ex->param_bytes[i] += (double)bb_pack_size(ctx, p->objs[i]);
  for (uint32_t k = 0; k < p->nnewobjs; k++) {
    size_t i = (size_t)x * p->nsites + p->newobjs[k].site;
    p->site_bytes[i] += (double)bb_pack_size(ctx, p->newobjs[k].obj);
    p->site_sized[i]++;
  }
}

bool bb_prof_begin(bb_ctx *ctx, uint32_t task, uint64_t *t0) {
  bb_prof_core *p = ctx->prof;
  uint64_t n = p->task_timed[task];
  bool timed = n < BB_PROF_WARMUP || p->count % BB_PROF_SAMPLE == 0 ||
               p->task_body_ns[task] >= BB_PROF_COARSE_NS * (double)n;
  p->sizing = timed && (p->task_sized[task] < BB_PROF_SIZED_FIRST || n % BB_PROF_SIZED_EVERY == 0);
  p->nnewobjs = 0;
  if (timed || p->gap_open) *t0 = bb_prof_now(ctx);
  return timed;
}

void bb_prof_invocation(bb_ctx *ctx, uint32_t task, uint32_t exit, uint64_t t0, uint64_t t1, bool timed) {
  bb_prof_core *p = ctx->prof;
  uint32_t x = p->exit_base[task] + exit;
  bb_prof_exit *ex = &p->exits[x];
  ex->count++;
  if (!p->count++) p->first_ns = t0;
  if (p->gap_open) {
    /* The gap since the previous body belongs to that invocation's exit:
     * applying it, publishing its objects, and dispatching this one. The
     * collections in the gap and the profiler's one clock reading are not
     * the scheduler's. */
    uint64_t gap = t0 - p->last_ns, gc = p->gc_ns - p->gc_at_last;
    gap = gap > gc ? gap - gc : 0;
    bb_prof_exit *prev = &p->exits[p->last_exit];
    prev->sched_ns += gap > p->clock_ns ? (double)(gap - p->clock_ns) : 0.0;
    prev->gaps++;
    p->gap_open = false;
    if (!timed) p->gap_reads++;
  }
  ex->bytes += (double)(ctx->heap.total_allocated - p->bytes0);
  uint64_t *row = &p->allocs[(size_t)x * p->nsites];
  for (uint32_t k = 0; k < p->ntouched; k++) {
    uint32_t s = p->touched[k];
    row[s] += p->cur[s];
    p->cur[s] = 0;
    p->first_sum[(size_t)x * p->nsites + s] += p->first[s];
    p->first_runs[(size_t)x * p->nsites + s]++;
  }
  p->ntouched = 0;
  p->nalloc_inv = 0;
  for (uint32_t k = 0; k < p->nbinds; k++) {
    const bb_prof_bind *b = &p->binds[k];
    if (b->site == UINT32_MAX) continue; /* a binding without a `new` (cannot happen in generated code) */
    bb_prof_tagrec_count(bb_prof_tagrec_at(p, bb_prof_tagkey(p, x, BB_MAX_PARAMS + b->site, b->type)), b->fresh,
                         b->from);
  }
  p->nbinds = p->nbinds_sited = 0;
  if (!timed) return;
  /* The bookkeeping above is what every invocation does; the body's
     statistics below only the timed ones. Both are the profiler's, not the
     scheduler's: the next gap starts after them. Two more clock readings
     per timed invocation tell them apart, so that bb_prof_write charges the
     untimed invocations only the first part (for the finest tasks the
     difference is a large share of the scheduler's time). */
  uint64_t t2 = bb_prof_now(ctx);
  if (p->sizing) bb_prof_sizes(ctx, task, x);
  uint64_t raw_ns = t1 - t0;
  double ns = raw_ns > p->clock_ns ? (double)(raw_ns - p->clock_ns) : 0.0;
  p->timed++;
  p->task_timed[task]++;
  p->task_body_ns[task] += ns;
  ex->timed++;
  double delta = ns - ex->mean;
  ex->mean += delta / (double)ex->timed;
  ex->m2 += delta * (ns - ex->mean);
  uint64_t t3 = bb_prof_now(ctx);
  ex->book_common_ns += (double)(t2 - t1);
  ex->book_ns += (double)(t3 - t1);
  p->last_ns = t3;
  p->last_exit = x;
  p->gc_at_last = p->gc_ns;
  p->count_at_last = p->count;
  p->gap_open = true;
}

/* ---- writing ------------------------------------------------------------ */

/* Chan et al.'s pairwise combination of two Welford accumulators. */
static void bb_prof_merge_exit(bb_prof_exit *into, const bb_prof_exit *from) {
  if (!from->count) return;
  if (!into->count) {
    *into = *from;
    return;
  }
  if (from->timed) {
    double n1 = (double)into->timed, n2 = (double)from->timed, n = n1 + n2;
    double delta = from->mean - into->mean;
    into->mean += delta * n2 / n;
    into->m2 += from->m2 + delta * delta * n1 * n2 / n;
    into->timed += from->timed;
  }
  into->count += from->count;
  into->sched_ns += from->sched_ns;
  into->gaps += from->gaps;
  into->bytes += from->bytes;
  into->book_ns += from->book_ns;
  into->book_common_ns += from->book_common_ns;
  into->sized += from->sized;
  for (uint32_t i = 0; i < BB_MAX_PARAMS; i++) into->param_bytes[i] += from->param_bytes[i];
}

void bb_prof_write(bb_ctx *ctx, bool complete) {
  bb_runtime *rt = ctx->rt;
  const bb_program *prog = rt->prog;
  bb_prof_core *p0 = ctx->prof;
  bb_prof_pending_ctx = NULL;
  if (!p0) return;
  uint64_t total_ns = bb_prof_now(ctx) - p0->start_ns;
  /* merge every core's counters into core 0's */
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_prof_core *pc = rt->cores[c].prof;
    if (!pc || pc == p0) continue;
    for (uint32_t x = 0; x < p0->nexits_total; x++) bb_prof_merge_exit(&p0->exits[x], &pc->exits[x]);
    for (size_t i = 0; i < (size_t)p0->nexits_total * p0->nsites; i++) {
      p0->allocs[i] += pc->allocs[i];
      p0->first_sum[i] += pc->first_sum[i];
      p0->first_runs[i] += pc->first_runs[i];
      p0->site_bytes[i] += pc->site_bytes[i];
      p0->site_sized[i] += pc->site_sized[i];
    }
    p0->outside += pc->outside;
    for (uint32_t i = 0; i < pc->cap_tagrecs; i++) {
      const bb_prof_tagrec *r = &pc->tagrecs[i];
      if (!r->key) continue;
      /* every core numbers exits, points and types alike: the keys match */
      bb_prof_tagrec *into = bb_prof_tagrec_at(p0, r->key);
      into->bound += r->bound;
      into->fresh += r->fresh;
      for (uint32_t q = 0; q < BB_MAX_PARAMS; q++) into->from[q] += r->from[q];
    }
    if (pc->count && (!p0->count || pc->first_ns < p0->first_ns)) p0->first_ns = pc->first_ns;
    if (pc->count && pc->last_ns > p0->last_ns) p0->last_ns = pc->last_ns;
    p0->count += pc->count;
    p0->count_at_last += pc->count_at_last;
    p0->timed += pc->timed;
    p0->gap_reads += pc->gap_reads;
    for (uint32_t t = 0; t < p0->ntasks; t++) {
      p0->task_timed[t] += pc->task_timed[t];
      p0->task_body_ns[t] += pc->task_body_ns[t];
    }
    p0->setup_ns += pc->setup_ns;
    p0->live_sum += pc->live_sum;
  }
  uint64_t now_ns = p0->start_ns + total_ns, gc_ns = 0, gc_mark_ns = 0, collections = 0;
  for (uint32_t c = 0; c < rt->ncores; c++) {
    gc_ns += p0->cpu ? (rt->cores[c].prof ? rt->cores[c].prof->gc_ns : 0) : rt->cores[c].heap.gc_ns;
    gc_mark_ns += rt->cores[c].prof ? rt->cores[c].prof->gc_mark_ns : 0;
    collections += rt->cores[c].heap.collections;
  }
  /* the run split up: start-up, bodies, collector, scheduler, finish */
  uint64_t init_ns = p0->count ? p0->first_ns - p0->start_ns : total_ns;
  init_ns = init_ns > p0->setup_ns ? init_ns - p0->setup_ns : 0; /* the profiler's set-up is not the program's */
  uint64_t finish_ns = p0->count ? now_ns - p0->last_ns : 0;
  double loop_ns = p0->count ? (double)(p0->last_ns - p0->first_ns) : 0.0;
  /* Every exit's body time: its timed bodies' mean, else (an exit no
     sample caught) its task's. */
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    for (uint32_t x = p0->exit_base[t]; x < p0->exit_base[t + 1]; x++) {
      bb_prof_exit *ex = &p0->exits[x];
      if (ex->count && !ex->timed && p0->task_timed[t]) ex->mean = p0->task_body_ns[t] / (double)p0->task_timed[t];
    }
  }
  double bodies_ns = 0, gaps_ns = 0;
  for (uint32_t x = 0; x < p0->nexits_total; x++) {
    const bb_prof_exit *ex = &p0->exits[x];
    bodies_ns += ex->mean * (double)ex->count;
    if (ex->gaps) gaps_ns += ex->sched_ns / (double)ex->gaps * (double)ex->count;
  }
  /* The profiler's time: its readings, and its bookkeeping after the timed
     bodies (summed per exit). An invocation whose body is not timed does the
     common part of it (its counts, allocations and bindings, not the body's
     statistics) unmeasured: it costs what that part cost the timed
     invocations of its exit on average (per exit: one invocation that
     made a million objects must not set the figure for the others), tens
     of ns, a large share of the scheduler's time for the finest tasks. A
     timed interval also holds the latency of the reading that ends it,
     counted with the readings above. */
  double profiler_ns = (double)(2 * p0->timed + p0->gap_reads) * (double)p0->clock_ns;
  for (uint32_t x = 0; x < p0->nexits_total; x++) {
    const bb_prof_exit *ex = &p0->exits[x];
    profiler_ns += ex->book_ns;
    if (!ex->timed || ex->count <= ex->timed) continue;
    double book = ex->book_common_ns / (double)ex->timed - (double)p0->clock_ns;
    if (book > 0) profiler_ns += book * (double)(ex->count - ex->timed);
  }
  /* The invocations after the last timed one ran before the finish was
     read: their share of the time, at the loop's rate, moves into the loop. */
  if (p0->count_at_last) {
    double per_invocation = (loop_ns - (double)gc_ns - profiler_ns) / (double)p0->count_at_last;
    double tail_ns = (double)(p0->count - p0->count_at_last) * (per_invocation > 0 ? per_invocation : 0.0);
    if (tail_ns > (double)finish_ns) tail_ns = (double)finish_ns;
    loop_ns += tail_ns;
    finish_ns -= (uint64_t)tail_ns;
  }
  /* The scheduler's time is the loop's less the bodies, the collector, the
     bookkeeping and the readings: two per timed body beyond the one its
     duration holds, one per gap closed after it. */
  double sched_ns = loop_ns - bodies_ns - (double)gc_ns - profiler_ns;
  if (sched_ns < 0) sched_ns = 0;
  /* The sampled gaps, scaled to add up to it: the gap after a timed body
     also pays for the bookkeeping's disturbance of the caches. */
  double gap_scale = gaps_ns > 0 ? sched_ns / gaps_ns : 1.0;
  char fallback[4096];
  const char *path = getenv("BAMBOO_PROFILE_OUT");
  if (!path || !*path) {
    const char *exe = (rt->argc > 0 && rt->argv[0]) ? rt->argv[0] : prog->name;
    const char *base = strrchr(exe, '/');
    base = base ? base + 1 : exe;
    snprintf(fallback, sizeof fallback, "%s.profile", base);
    path = fallback;
  }
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "bamboo: warning: cannot write the profile to %s\n", path);
    return;
  }
  /* the program's name without a `.bb` extension */
  char name[1024];
  snprintf(name, sizeof name, "%s", prog->name ? prog->name : "program");
  size_t len = strlen(name);
  if (len > 3 && strcmp(name + len - 3, ".bb") == 0) name[len - 3] = 0;

  fprintf(f, "{\n  \"format\": \"bambooc-profile\",\n  \"version\": 5,\n  \"program\": ");
  bb_json_string(f, name);
  fprintf(f, ",\n  \"fingerprint\": ");
  bb_json_string(f, prog->profile->fingerprint);
  fprintf(f,
          ",\n  \"complete\": %s,\n  \"clock\": \"%s\",\n  \"clock_overhead_ns\": %llu,\n"
          "  \"total_ns\": %llu,\n  \"task_ns\": %.1f,\n  \"init_ns\": %llu,\n  \"sched_ns\": %.1f,\n"
          "  \"gc_ns\": %llu,\n  \"gc_mark_ns\": %llu,\n  \"collections\": %llu,\n  \"gc_min_bytes\": %llu,\n"
          "  \"gc_live_bytes\": %llu,\n  \"finish_ns\": %llu,\n  \"profiler_ns\": %.1f,\n"
          "  \"timed_invocations\": %llu,\n  \"invocations\": %llu,\n"
          "  \"allocations_outside_tasks\": %llu,\n  \"tasks\": [",
          complete ? "true" : "false", p0->cpu ? "CLOCK_THREAD_CPUTIME_ID" : "CLOCK_MONOTONIC",
          (unsigned long long)p0->clock_ns, (unsigned long long)total_ns, bodies_ns,
          (unsigned long long)init_ns, sched_ns, (unsigned long long)gc_ns, (unsigned long long)gc_mark_ns,
          (unsigned long long)collections, (unsigned long long)ctx->heap.min_threshold,
          (unsigned long long)(collections ? p0->live_sum / collections : 0), (unsigned long long)finish_ns, profiler_ns, (unsigned long long)p0->timed, (unsigned long long)p0->count, (unsigned long long)p0->outside);
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    const bb_task *d = &prog->tasks[t];
    uint64_t runs = 0;
    for (uint32_t e = 0; e < d->nexits; e++) runs += p0->exits[p0->exit_base[t] + e].count;
    fprintf(f, "%s\n    { \"task\": ", t ? "," : "");
    bb_json_string(f, d->name);
    fprintf(f, ", \"invocations\": %llu, \"exits\": [", (unsigned long long)runs);
    for (uint32_t e = 0; e < d->nexits; e++) {
      uint32_t x = p0->exit_base[t] + e;
      const bb_prof_exit *ex = &p0->exits[x];
      double prob = runs ? (double)ex->count / (double)runs : 0.0;
      double var = ex->timed > 1 ? ex->m2 / (double)(ex->timed - 1) : 0.0;
      fprintf(f,
              "%s\n        { \"exit\": %u, \"count\": %llu, \"probability\": %.17g, \"time_mean_ns\": %.3f, "
              "\"time_var_ns2\": %.3f, ",
              e ? "," : "", e, (unsigned long long)ex->count, prob, ex->mean, var < 0 ? 0.0 : var);
      if (ex->gaps) fprintf(f, "\"sched_mean_ns\": %.3f, ", ex->sched_ns / (double)ex->gaps * gap_scale);
      if (ex->count) fprintf(f, "\"alloc_bytes_mean\": %.3f, ", ex->bytes / (double)ex->count);
      if (ex->sized && d->nparams) {
        fprintf(f, "\"param_bytes_mean\": [");
        for (uint32_t q = 0; q < d->nparams; q++)
          fprintf(f, "%s%.1f", q ? ", " : "", ex->param_bytes[q] / (double)ex->sized);
        fprintf(f, "], ");
      }
      fprintf(f, "\"allocations\": [");
      bool first = true;
      for (uint32_t s = 0; s < p0->nsites; s++) {
        uint64_t total = p0->allocs[(size_t)x * p0->nsites + s];
        if (!total) continue;
        fprintf(f, "%s\n            { \"site\": %u, \"class\": ", first ? "" : ",", s);
        bb_json_string(f, rt->classes[prog->profile->site_class[s]]->name);
        size_t i = (size_t)x * p0->nsites + s;
        fprintf(f, ", \"total\": %llu, \"mean\": %.17g, \"order\": %.17g", (unsigned long long)total,
                (double)total / (double)ex->count,
                p0->first_runs[i] ? (double)p0->first_sum[i] / (double)p0->first_runs[i] : 0.0);
        if (p0->site_sized[i]) fprintf(f, ", \"bytes_mean\": %.1f", p0->site_bytes[i] / (double)p0->site_sized[i]);
        fprintf(f, " }");
        first = false;
      }
      fprintf(f, "%s], \"tags\": [", first ? "" : "\n          ");
      first = true;
      for (uint32_t point = 0; point < BB_MAX_PARAMS + p0->nsites; point++) {
        if (point < BB_MAX_PARAMS && point >= d->nparams) continue;
        for (uint32_t ty = 0; ty < p0->ntagtypes; ty++) {
          const bb_prof_tagrec *r = bb_prof_tagrec_find(p0, bb_prof_tagkey(p0, x, point, ty));
          if (!r || !r->bound) continue;
          if (point < BB_MAX_PARAMS) fprintf(f, "%s\n            { \"param\": %u, \"tag\": ", first ? "" : ",", point);
          else fprintf(f, "%s\n            { \"site\": %u, \"tag\": ", first ? "" : ",", point - BB_MAX_PARAMS);
          bb_json_string(f, prog->tagtypes[ty]);
          fprintf(f, ", \"bound\": %llu, \"fresh\": %llu, \"from_params\": [", (unsigned long long)r->bound,
                  (unsigned long long)r->fresh);
          for (uint32_t q = 0; q < d->nparams; q++) fprintf(f, "%s%llu", q ? ", " : "", (unsigned long long)r->from[q]);
          fprintf(f, "] }");
          first = false;
        }
      }
      fprintf(f, "%s] }", first ? "" : "\n          ");
    }
    fprintf(f, "\n      ] }");
  }
  fprintf(f, "\n  ]\n}\n");
  if (fclose(f) != 0) fprintf(stderr, "bamboo: warning: cannot write the profile to %s\n", path);
}

void bb_prof_finish(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  if (!ctx->prof) return;
  bb_prof_write(ctx, true);
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_prof_core *p = rt->cores[c].prof;
    if (!p) continue;
    free(p->exit_base);
    free(p->exits);
    free(p->task_timed);
    free(p->task_body_ns);
    free(p->allocs);
    free(p->cur);
    free(p->first_sum);
    free(p->first_runs);
    free(p->first);
    free(p->touched);
    free(p->tagrecs);
    free(p->binds);
    free(p->site_bytes);
    free(p->site_sized);
    free(p->task_sized);
    free(p->newobjs);
    free(p);
    rt->cores[c].prof = NULL;
  }
}
