/* roots.c — collections inside a running task: conservative roots from the
 * C stacks and registers of task bodies, and the safepoints that gather them.
 *
 * Between task invocations no C stack holds a heap pointer, so the collector
 * needs only the scheduler's roots (heap.c). A task that allocates far more
 * than the heap can hold must be collected while it runs, and then every
 * running body's locals are roots too. They are found conservatively: a core
 * that stops at a safepoint spills its callee-saved registers into its own
 * frame (__builtin_unwind_init), then copies every word of its stack, from
 * that frame up to the outermost runtime frame of its thread (ctx->stack_hi),
 * that falls in the range of addresses any heap has used (a cheap filter)
 * into ctx->roots. Under AddressSanitizer with fake stacks, a word pointing
 * into this thread's fake stack names a frame whose locals live there: that
 * frame is scanned too. The core that marks then looks each word up in
 * every heap's sorted sets of page and large-block addresses (addrs.c),
 * kept up to date by the allocator and the sweep, so that a collection
 * builds no table of the whole heap: it sorts only the addresses added
 * since the last one. A word inside a cell that holds an object (interior
 * pointers included: the C compiler may keep only the address of an
 * element or a field) marks that object, and the precise marking follows
 * from there. Why not pages carved from aligned chunks, found by masking
 * the word: the pages would need an allocator of their own (aligned
 * mappings, a pool shared by the cores, memory given back by madvise) in
 * place of malloc, which AddressSanitizer and glibc's tuning (heap.c) see,
 * and the large blocks would still need a sorted structure, while the
 * words to look up are few (Tracking's bodies: about 60 per collection,
 * each found in a few hundred instructions at 2 cores). Objects never move,
 * so a word that only looks like a pointer costs some retention, never
 * safety. Why not precise shadow stacks from codegen: they would register
 * every reference local and temporary of every generated function (a store
 * and a load per call, and locals forced out of registers, on the hot paths
 * of the benchmarks), and they would be only as right as every lowering that
 * keeps a reference in a C temporary; the conservative scan costs nothing
 * until a collection happens inside a task, and sees whatever -O2 made of
 * the code.
 *
 * Safepoints: a task body's allocations that leave the inline fast path
 * (a new page or a large object, or bumping through a page), and task
 * boundaries as before. An allocation in a body collects when its heap has
 * allocated twice its threshold since the last collection (a boundary
 * collects at the threshold, so a program of short tasks collects as it
 * did), when taking memory would pass BAMBOO_HEAP_MAX, under
 * BAMBOO_GC_STRESS at every 16th page, or when another core asked for a
 * collection. With several cores the core sets rt->gc_pending and waits at
 * the collection barrier; every other core arrives at its next boundary or
 * slow-path allocation. A core in a long loop that does not allocate delays
 * the collection until it allocates or its task ends, and never deadlocks
 * it: task bodies never wait for one another, and no core collects while it
 * holds the tag lock (ctx->gc_forbid), the only lock a body takes that
 * another body may wait for. The cost of the polls is one load and branch
 * per slow-path allocation (ctx->in_body, rt->gc_pending); the inline fast
 * path and loops have none.
 */

#if defined(__SANITIZE_ADDRESS__)
#define BB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BB_ASAN 1
#endif
#endif
#ifdef BB_ASAN
#include <sanitizer/asan_interface.h>
/* The scan reads whole frames, redzones included. */
#define BB_SCAN_ATTR __attribute__((noinline, no_sanitize_address))
#else
#define BB_SCAN_ATTR __attribute__((noinline))
#endif

/* ---- gathering a core's own stack ---------------------------------------- */

static void bb_roots_push(bb_ctx *ctx, uintptr_t w) {
  if (ctx->nroots == ctx->cap_roots) {
    size_t nc = ctx->cap_roots ? ctx->cap_roots * 2 : 256;
    uintptr_t *nr = realloc(ctx->roots, nc * sizeof *nr);
    if (!nr) bb_panic("out of memory while collecting garbage");
    ctx->roots = nr;
    ctx->cap_roots = nc;
  }
  ctx->roots[ctx->nroots++] = w;
}

/* Copies the words in [lo, hi) that may point into a heap. `fake` is this
 * thread's AddressSanitizer fake stack (NULL elsewhere, and when scanning a
 * fake frame: fake frames are reached from the real stack only). */
BB_SCAN_ATTR static void bb_roots_scan_words(bb_ctx *ctx, const uintptr_t *lo, const uintptr_t *hi, void *fake) {
  uintptr_t hlo = atomic_load_explicit(&bb_heap_lo, memory_order_relaxed);
  uintptr_t hhi = atomic_load_explicit(&bb_heap_hi, memory_order_relaxed);
  for (const uintptr_t *p = lo; p < hi; p++) {
    uintptr_t w = *p;
    if (w >= hlo && w < hhi) {
      bb_roots_push(ctx, w);
      continue;
    }
#ifdef BB_ASAN
    void *beg = NULL, *end = NULL;
    if (fake && __asan_addr_is_in_fake_stack(fake, (void *)w, &beg, &end))
      bb_roots_scan_words(ctx, (const uintptr_t *)beg, (const uintptr_t *)end, NULL);
#else
    (void)fake;
#endif
  }
}

/* Scans from this frame up: the caller's frame holds the spilled registers. */
BB_SCAN_ATTR static void bb_roots_scan_from_here(bb_ctx *ctx) {
  uintptr_t lo = (uintptr_t)__builtin_frame_address(0) & ~(uintptr_t)(sizeof(uintptr_t) - 1);
  if (!ctx->stack_hi || lo >= ctx->stack_hi) bb_panic("core %u: no stack bounds for a collection inside a task", ctx->core);
  void *fake = NULL;
#ifdef BB_ASAN
  fake = __asan_get_current_fake_stack();
#endif
  bb_roots_scan_words(ctx, (const uintptr_t *)lo, (const uintptr_t *)ctx->stack_hi, fake);
}

/* This core's conservative roots: its registers and stack into ctx->roots. */
BB_NOINLINE void bb_roots_gather(bb_ctx *ctx) {
  ctx->nroots = 0;
  __builtin_unwind_init(); /* every callee-saved register is now in this frame */
  bb_roots_scan_from_here(ctx);
  __asm__ volatile("" ::: "memory"); /* no tail call: this frame must stay below the scan */
}

/* ---- finding objects from words ------------------------------------------ */

/* Sorts what each heap's address sets gained since the last collection
 * (the marking core, while every core waits). */
void bb_roots_ready(bb_runtime *rt) {
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_heap *h = &rt->cores[c].heap;
    bb_addrs_ready(&h->page_addrs);
    bb_addrs_ready(&h->large_addrs);
  }
}

/* The object whose cell or block contains address `w`, or NULL (not in a
 * heap, in a page or block header, in a free cell or a pooled page). */
bb_object *bb_roots_find(bb_runtime *rt, uintptr_t w) {
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_heap *h = &rt->cores[c].heap;
    bb_object *o = NULL;
    uintptr_t a = bb_addrs_floor(&h->page_addrs, w);
    if (a && w - a < BB_PAGE_SIZE) {
      const bb_page *p = (const bb_page *)a;
      uintptr_t base = (uintptr_t)p->base;
      if (w < base || w - base >= (size_t)p->used * p->cell) return NULL;
      o = (bb_object *)(base + (w - base) / p->cell * p->cell);
    } else if ((a = bb_addrs_floor(&h->large_addrs, w)) != 0 && w - a < ((const bb_large *)a)->size) {
      o = (bb_object *)((const bb_large *)a + 1);
      if (w < (uintptr_t)o) return NULL; /* the block's own header */
    } else {
      continue;
    }
    return o->cls == BB_CLASS_NONE ? NULL : o;
  }
  return NULL;
}

/* Marks what the gathered words of every core point to (the marking core,
 * before it drains the mark stack). Nothing to do when no core stopped
 * inside a task body. */
void bb_roots_mark(bb_ctx *leader) {
  bb_runtime *rt = leader->rt;
  bool any = false;
  for (uint32_t c = 0; c < rt->ncores; c++) any |= rt->cores[c].nroots != 0;
  if (!any) return;
  bb_roots_ready(rt);
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_ctx *core = &rt->cores[c];
    for (size_t i = 0; i < core->nroots; i++) bb_gc_mark(leader, bb_roots_find(rt, core->roots[i]));
  }
}

/* ---- safepoints ----------------------------------------------------------- */

/* A collection now, from inside a task body: this core's stack joins the
 * roots; with several cores it asks the others and waits for them. */
static BB_NOINLINE void bb_gc_in_body(bb_ctx *ctx) {
  bb_roots_gather(ctx);
  bb_runtime *rt = ctx->rt;
  if (rt->ncores == 1) {
    bb_gc_collect(ctx);
  } else {
    if (!__atomic_exchange_n(&rt->gc_pending, 1, __ATOMIC_SEQ_CST)) bb_wake_all(rt);
    bb_gc_join(ctx);
  }
  ctx->heap.in_body_collections++;
  ctx->nroots = 0;
}

/* At the heap limit inside a task body (heap.c, bb_heap_reserve): a
 * collection that also gives every core's empty pages back. */
void bb_gc_for_limit(bb_ctx *ctx) {
  __atomic_store_n(&ctx->rt->gc_trim, 1, __ATOMIC_RELAXED);
  bb_gc_in_body(ctx);
}

/* Called by the allocator's slow path inside a task body before it takes
 * `fresh` bytes of new memory (0: a cell of a page it has). True when it
 * collected, so that the caller looks for a free cell again. */
bool bb_gc_poll(bb_ctx *ctx, size_t fresh, bool new_memory) {
  if (ctx->gc_forbid) return false;
  bb_runtime *rt = ctx->rt;
  bb_heap *h = &ctx->heap;
  bool due = __atomic_load_n(&rt->gc_pending, __ATOMIC_RELAXED);
  if (!due && new_memory) {
    size_t held = atomic_load_explicit(&bb_heap_held, memory_order_relaxed);
    bool limit = h->limit && (fresh > h->limit || held > h->limit - fresh);
    if (limit) __atomic_store_n(&rt->gc_trim, 1, __ATOMIC_RELAXED); /* heap.c: pools are emptied */
    /* past its share of the limit, a heap collects at its threshold (the
       other cores need their shares); otherwise at twice the threshold */
    bool tight = h->limit && h->footprint + fresh > h->limit / rt->ncores;
    due = limit || (tight ? h->allocated : h->allocated / 2) >= h->threshold ||
          (rt->gc_stress && (++h->stress_pages & 15) == 0);
  }
  if (!due) return false;
  bb_gc_in_body(ctx);
  return true;
}
