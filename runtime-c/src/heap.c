/* heap.c — per-core allocator and the precise mark-sweep collector.
 *
 * Small objects (<= BB_SMALL_MAX bytes) live in 64 KiB pages, each dedicated
 * to one size class; a page is carved by bumping `used`, and freed cells are
 * threaded on the class's free list by the sweep. Pages that the sweep finds
 * empty go to a pool shared by all size classes. Large objects are separate
 * malloc blocks on a doubly linked list. Each heap keeps the addresses of
 * its pages and blocks in sorted sets (addrs.c) for roots.c's lookups.
 *
 * The collector runs between task invocations, and inside a task body when
 * an allocation finds the heap due (roots.c: the bodies' stacks are then
 * scanned conservatively). Marking starts from the scheduler's roots
 * (parameter sets and queued invocations), those stack words, and follows
 * the compiler's pointer maps, reference arrays, tag lists and merged-lock
 * links.
 *
 * Sizing: after a collection a core may allocate its live bytes times
 * (BAMBOO_GC_GROWTH - 1) before the next one (default growth 2: the heap
 * peaks near twice the live data, Go's GOGC=100), at least BAMBOO_GC_MIN
 * (8 MiB), and no more than its share of what BAMBOO_HEAP_MAX leaves free.
 * Tag instances hold their bound objects weakly: an object reachable only
 * from a tag can never be a task parameter again, so after marking it is
 * removed from the tag's list.
 */
#include "internal.h"
#include <errno.h>
#include <stdatomic.h>
#include <time.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

struct bb_page {
  bb_page *next;
  char    *base;       /* first cell */
  uint32_t cell;       /* cell size */
  uint32_t ncells;
  uint32_t used;       /* cells handed out by bumping so far */
  uint32_t sc;
  uint64_t _pad[4];
};

struct bb_large {
  bb_large *next, *prev;
  size_t    size;
  uint32_t  pins;   /* sends in flight from its bytes (mpi.c): kept while above 0 */
  uint32_t  _pad;
};

/* Collections one allocation in a task body may start before it fails. */
#define BB_GC_POLLS 3

/* Bytes that the heaps of all cores hold from the system: the heap limit
 * bounds this sum, not one core's share. */
static _Atomic size_t bb_heap_held;

static void bb_heap_hold(bb_heap *h, size_t n) {
  h->footprint += n;
  atomic_fetch_add_explicit(&bb_heap_held, n, memory_order_relaxed);
}

/* The lowest and one past the highest address any heap has taken from
 * malloc: roots.c keeps only the stack words in this range. */
static _Atomic uintptr_t bb_heap_lo = UINTPTR_MAX, bb_heap_hi = 0;

static void bb_heap_note_range(void *p, size_t n) {
  uintptr_t lo = (uintptr_t)p, hi = lo + n;
  uintptr_t cur = atomic_load_explicit(&bb_heap_lo, memory_order_relaxed);
  while (lo < cur && !atomic_compare_exchange_weak_explicit(&bb_heap_lo, &cur, lo, memory_order_relaxed,
                                                            memory_order_relaxed)) {
  }
  cur = atomic_load_explicit(&bb_heap_hi, memory_order_relaxed);
  while (hi > cur && !atomic_compare_exchange_weak_explicit(&bb_heap_hi, &cur, hi, memory_order_relaxed,
                                                            memory_order_relaxed)) {
  }
}

static void bb_heap_release(bb_heap *h, size_t n) {
  h->footprint -= n;
  atomic_fetch_sub_explicit(&bb_heap_held, n, memory_order_relaxed);
}

/* The value of environment variable `name` as a byte count: digits with an
 * optional K, M or G (binary multiples). Unset or empty gives `fallback`;
 * anything else ends the program with an error naming the variable. */
static size_t bb_env_bytes(const char *name, size_t fallback) {
  const char *v = getenv(name);
  if (!v || !*v) return fallback;
  char *end = (char *)v;
  unsigned long long n = 0;
  errno = 0;
  if (v[0] >= '0' && v[0] <= '9') n = strtoull(v, &end, 10);  /* (strtoull takes signs and spaces) */
  unsigned shift = 0;
  if (end != v && (*end == 'K' || *end == 'M' || *end == 'G')) {
    shift = *end == 'K' ? 10 : *end == 'M' ? 20 : 30;
    end++;
  }
  if (end == v || *end || errno == ERANGE || n > (SIZE_MAX >> shift)) {
    fprintf(stderr, "bamboo: error: %s must be a number of bytes, optionally followed by K, M or G, not `%s`\n",
            name, v);
    exit(2);
  }
  return (size_t)n << shift;
}

/* The default heap limit: half of the machine's physical memory (the JVM's
 * default is a quarter). Linux grants allocations larger than memory and
 * then kills the process when it touches them; the limit turns that into
 * an error that names the task and line. 0 (no limit) when the memory size
 * is unknown. */
static size_t bb_default_heap_limit(void) {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return (size_t)pages / 2 * (size_t)page;
}

/* BAMBOO_GC_GROWTH: a number above 1 (default 2), the heap's size after a
 * collection as a multiple of the live bytes. */
static double bb_env_growth(void) {
  const char *v = getenv("BAMBOO_GC_GROWTH");
  if (!v || !*v) return 2.0;
  char *end;
  double g = strtod(v, &end);
  if (end == v || *end || !(g > 1.0 && g <= 1000.0)) {
    fprintf(stderr, "bamboo: error: BAMBOO_GC_GROWTH must be a number above 1 and at most 1000, not `%s`\n", v);
    exit(2);
  }
  return g;
}

void *bb_xmalloc(bb_ctx *ctx, size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) bb_fail_oom(ctx);
  return p;
}

void *bb_xrealloc(bb_ctx *ctx, void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) bb_fail_oom(ctx);
  return q;
}

void *bb_alloc_immortal(size_t size) {
  void *p = calloc(1, size);
  if (!p) { fputs("bamboo: error: out of memory\n", stderr); exit(1); }
  ((bb_object *)p)->gc = BB_GC_IMMORTAL;
  return p;
}

/* Large objects are malloc blocks that each collection frees in bulk. By
 * default glibc would then give the top of its heap back to the system (and
 * map blocks of 128 KiB and more afresh), so the next objects fault in the
 * pages the program just had: keep freed memory (up to 256 MiB) and serve
 * blocks below 32 MiB from the heap, unless the user tuned malloc through its
 * environment variables. Called once, at start-up. */
void bb_malloc_tune(void) {
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
  if (!getenv("MALLOC_TRIM_THRESHOLD_")) mallopt(M_TRIM_THRESHOLD, 256 << 20);
  if (!getenv("MALLOC_MMAP_THRESHOLD_")) mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}

static const uint32_t bb_sizes[BB_NSIZECLASSES] = {
  32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320,
  384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2048
};

void bb_heap_init(bb_ctx *ctx) {
  bb_heap *h = &ctx->heap;
  memset(h, 0, sizeof *h);
  for (int i = 0; i < BB_NSIZECLASSES; i++) h->sc_size[i] = bb_sizes[i];
  for (size_t g = 0; g <= BB_SMALL_MAX / 16; g++) {
    size_t size = g * 16;
    int sc = 0;
    while (bb_sizes[sc] < size) sc++;
    h->sc_of[g] = (uint8_t)sc;
  }
  h->limit = bb_env_bytes("BAMBOO_HEAP_MAX", bb_default_heap_limit());
  h->min_threshold = bb_env_bytes("BAMBOO_GC_MIN", (size_t)8 << 20);
  h->threshold = h->min_threshold;
  h->growth = bb_env_growth();
  h->mark_cap = 1024;
  h->mark_stack = bb_xmalloc(ctx, h->mark_cap * sizeof(bb_object *));
}

void bb_heap_destroy(bb_ctx *ctx) {
  bb_heap *h = &ctx->heap;
  for (int sc = 0; sc < BB_NSIZECLASSES; sc++) {
    for (bb_page *p = h->pages[sc], *n; p; p = n) { n = p->next; free(p); }
  }
  for (bb_page *p = h->empty, *n; p; p = n) { n = p->next; free(p); }
  for (bb_large *l = h->large, *n; l; l = n) { n = l->next; free(l); }
  bb_addrs_free(&h->page_addrs);
  bb_addrs_free(&h->large_addrs);
  bb_heap_release(h, h->footprint);  /* a later runtime in this process starts from 0 */
  free(h->mark_stack);
  free(h->tags_seen);
  memset(h->free, 0, sizeof h->free);
}

/* Memory the heaps take from the system stays within the limit. In a task
 * body the allocation collects first (roots.c), a few times: the other
 * cores allocate meanwhile, so the poll before may have found room that is
 * gone now. */
static void bb_heap_reserve(bb_ctx *ctx, size_t n) {
  bb_heap *h = &ctx->heap;
  if (!h->limit) return;
  for (int tries = 0;; tries++) {
    size_t held = atomic_load_explicit(&bb_heap_held, memory_order_relaxed);
    if (n <= h->limit && held <= h->limit - n) return;
    if (!ctx->in_body || ctx->gc_forbid || tries == BB_GC_POLLS) bb_fail_heap_limit(ctx, n, h->limit);
    bb_gc_for_limit(ctx);
  }
}

static bb_page *bb_page_get(bb_ctx *ctx, uint32_t sc) {
  bb_heap *h = &ctx->heap;
  bb_page *p = h->empty;
  if (p) {
    h->empty = p->next;
    h->nempty--;
  } else {
    bb_heap_reserve(ctx, BB_PAGE_SIZE);
    p = aligned_alloc(BB_LINE, BB_PAGE_SIZE); /* cells of whole lines start on one */
    if (!p || !bb_addrs_add(&h->page_addrs, (uintptr_t)p)) bb_fail_oom(ctx);
    bb_heap_hold(h, BB_PAGE_SIZE);
    bb_heap_note_range(p, BB_PAGE_SIZE);
  }
  p->base = (char *)p + sizeof(bb_page);
  p->cell = h->sc_size[sc];
  p->ncells = (uint32_t)((BB_PAGE_SIZE - sizeof(bb_page)) / p->cell);
  p->used = 0;
  p->sc = sc;
  p->next = h->pages[sc];
  h->pages[sc] = p;
  return p;
}

static void *bb_alloc_large(bb_ctx *ctx, size_t size, bool zero);

void *bb_alloc_slow(bb_ctx *ctx, size_t size) {
  bb_heap *h = &ctx->heap;
  if (size <= BB_SMALL_MAX) {
    unsigned sc = h->sc_of[(size + 15) >> 4];
    int polls = 0;
  again:;
    bb_freecell *c = h->free[sc];
    if (c) {  /* (the inline fast path may have been bypassed) */
      h->free[sc] = c->next;
    } else {
      bb_page *p = h->cur[sc];
      bool full = !p || p->used == p->ncells;
      /* a safepoint inside a task body (roots.c); after a collection, the
         sweep may have left free cells of this class (and at the heap limit
         another core may take the memory freed before this one resumes:
         a few tries) */
      if (BB_UNLIKELY(ctx->in_body) && polls < BB_GC_POLLS &&
          bb_gc_poll(ctx, full && !h->empty ? BB_PAGE_SIZE : 0, full)) {
        polls++;
        goto again;
      }
      if (full) p = h->cur[sc] = bb_page_get(ctx, sc);
      c = (bb_freecell *)(p->base + (size_t)p->used * p->cell);
      p->used++;
    }
    h->allocated += h->sc_size[sc];
    h->total_allocated += h->sc_size[sc];
    memset((void *)c, 0, size);
    return c;
  }
  return bb_alloc_large(ctx, size, true);
}

/* Block `l` of `total` bytes as a large object of this core's heap: its
 * headers zeroed, the body left as it is. */
static bb_object *bb_large_enter(bb_ctx *ctx, bb_large *l, size_t total) {
  bb_heap *h = &ctx->heap;
  if (!bb_addrs_add(&h->large_addrs, (uintptr_t)l)) bb_fail_oom(ctx);
  memset((void *)l, 0, sizeof(bb_large) + sizeof(bb_object));
  bb_heap_hold(h, total);
  bb_heap_note_range(l, total);
  l->size = total;
  l->next = h->large;
  if (h->large) h->large->prev = l;
  h->large = l;
  h->allocated += total;
  h->total_allocated += total;
  bb_object *o = (bb_object *)(l + 1);
  o->gc = BB_GC_LARGE;
  return o;
}

/* A large object of `size` bytes: its own malloc block on the large list.
 * Only the block's header and the object's header are zeroed unless `zero`
 * asks for all of it. The zeroing is a memset, not calloc: calloc leaves
 * fresh pages untouched, so a program that reads such an array before it
 * writes it (a hash table's probes) first maps the kernel's shared zero
 * page and then takes a copy-on-write fault per page, whose TLB flush
 * interrupts every other core running the program (KeywordCount's 2-core
 * run spent 13% of its time in those interrupts). Written first, each page
 * faults in once, already private. */
static void *bb_alloc_large(bb_ctx *ctx, size_t size, bool zero) {
  size_t total = sizeof(bb_large) + size;
  if (total < size) bb_fail_oom(ctx);
  if (BB_UNLIKELY(ctx->in_body)) /* a safepoint (roots.c), as in bb_alloc_slow */
    for (int polls = 0; polls < BB_GC_POLLS && bb_gc_poll(ctx, total, true); polls++) {
    }
  bb_heap_reserve(ctx, total);
  bb_large *l = malloc(total);
  if (!l) bb_fail_oom(ctx);
  if (zero) memset((void *)l, 0, total);
  return bb_large_enter(ctx, l, total);
}

/* A large object's bytes are being sent by MPI from where they are (pack.c,
 * bb_pack_external): the object was moved, so nothing reaches it, but the
 * sweep must not free it until the communication thread unpins it. */
void bb_large_pin(bb_object *o) {
  __atomic_fetch_add(&((bb_large *)o - 1)->pins, 1, __ATOMIC_RELAXED);
}

void bb_large_unpin(bb_object *o) {
  __atomic_fetch_sub(&((bb_large *)o - 1)->pins, 1, __ATOMIC_RELEASE);
}

/* The block for bb_large_adopt, malloc'd by the MPI thread; the core that
 * adopts it frees it in a sweep (glibc takes a block back from any
 * thread). */
void *bb_large_block(size_t body, void **body_at) {
  size_t total = sizeof(bb_large) + sizeof(bb_object) + body;
  if (total < body) return NULL;
  char *b = malloc(total);
  if (b) *body_at = b + sizeof(bb_large) + sizeof(bb_object);
  return b;
}

/* The large object of `size` bytes in `block` (bb_large_block), whose body
 * is already written: bb_alloc_large without the allocation and without
 * touching the body. The class and the rest of the header are the
 * caller's. */
bb_object *bb_large_adopt(bb_ctx *ctx, void *block, size_t size) {
  size_t total = sizeof(bb_large) + size;
  bb_heap_reserve(ctx, total);
  return bb_large_enter(ctx, block, total);
}

/* ---- arrays ---------------------------------------------------------------- */

static const uint8_t bb_elem_sizes[] = {1, 1, 2, 2, 4, 8, 4, 8, sizeof(void *)};

/* A new array of `length` elements of class `cls`. With `zero` false (a
 * primitive array its caller fills completely before the program sees it),
 * a large one is not zeroed first: only its headers are. */
static bb_array *bb_new_array_with(bb_ctx *ctx, uint32_t cls, int32_t length, bb_loc loc, bool zero) {
  if (BB_UNLIKELY(length < 0)) bb_fail_negsize(ctx, length, loc);
  if (loc) ctx->loc = loc;  /* for an out-of-memory error */
  const bb_class *c = ctx->classes[cls];
  if (!zero && c->elem_kind == BB_ELEM_REF) bb_panic("bb_new_array_unzeroed: a reference array");
  uint32_t es = bb_elem_sizes[c->elem_kind];
  size_t size = sizeof(bb_array) + (size_t)length * es;
  bb_array *a = (bb_array *)(zero || size <= BB_SMALL_MAX ? bb_alloc(ctx, size) : bb_alloc_large(ctx, size, false));
  uint32_t keep = a->hdr.gc;  /* BB_GC_LARGE survives */
  a->hdr.cls = cls;
  a->hdr.gc = keep;
  a->length = length;
  a->elem_size = es;
  return a;
}

bb_array *bb_new_array(bb_ctx *ctx, uint32_t cls, int32_t length, bb_loc loc) {
  return bb_new_array_with(ctx, cls, length, loc, true);
}

/* A primitive array whose elements the caller writes, every one, before the
 * program can see it (a file read straight into it). Reference arrays must
 * not come from here (the collector would trace garbage). */
bb_array *bb_new_array_unzeroed(bb_ctx *ctx, uint32_t cls, int32_t length, bb_loc loc) {
  return bb_new_array_with(ctx, cls, length, loc, false);
}

static bb_array *bb_new_multi_rec(bb_ctx *ctx, uint32_t cls, int ndims, const int32_t *dims, bb_loc loc) {
  bb_array *a = bb_new_array(ctx, cls, dims[0], loc);
  if (ndims > 1) {
    uint32_t ec = ctx->classes[cls]->elem_class;
    for (int32_t i = 0; i < dims[0]; i++) {
      bb_array *sub = bb_new_multi_rec(ctx, ec, ndims - 1, dims + 1, loc);
      ((bb_array **)bb_array_data(a))[i] = sub;
    }
  }
  return a;
}

bb_array *bb_new_multiarray(bb_ctx *ctx, uint32_t cls, int ndims, const int32_t *dims, bb_loc loc) {
  for (int i = 0; i < ndims; i++)
    if (dims[i] < 0) bb_fail_negsize(ctx, dims[i], loc);
  return bb_new_multi_rec(ctx, cls, ndims, dims, loc);
}

/* ---- marking --------------------------------------------------------------- */

static void bb_mark_push(bb_heap *h, bb_object *o) {
  if (h->mark_top == h->mark_cap) {
    size_t nc = h->mark_cap * 2;
    bb_object **ns = realloc(h->mark_stack, nc * sizeof *ns);
    if (!ns) bb_panic("out of memory while collecting garbage");
    h->mark_stack = ns;
    h->mark_cap = nc;
  }
  h->mark_stack[h->mark_top++] = o;
}

/* Marking sets this collection's mark bit and clears the other one, which a
 * live object keeps from the collection before: sweeping never writes a live
 * object, so a core that has swept its heap can go on running tasks while
 * another core still sweeps. */
static inline void bb_gc_set_mark(const bb_heap *h, bb_object *o) { o->gc = (o->gc & ~BB_GC_MARKS) | h->mark; }

void bb_gc_mark(bb_ctx *ctx, bb_object *o) {
  if (o == NULL || (o->gc & (ctx->heap.mark | BB_GC_IMMORTAL))) return;
  bb_gc_set_mark(&ctx->heap, o);
  bb_mark_push(&ctx->heap, o);
}

static void bb_note_tag(bb_heap *h, bb_tag *t) {
  if (h->ntags_seen == h->cap_tags_seen) {
    size_t nc = h->cap_tags_seen ? h->cap_tags_seen * 2 : 64;
    bb_tag **ns = realloc(h->tags_seen, nc * sizeof *ns);
    if (!ns) bb_panic("out of memory while collecting garbage");
    h->tags_seen = ns;
    h->cap_tags_seen = nc;
  }
  h->tags_seen[h->ntags_seen++] = t;
}

static void bb_mark_drain(bb_ctx *ctx) {
  bb_heap *h = &ctx->heap;
  const bb_class *const *classes = ctx->classes;
  while (h->mark_top) {
    bb_object *o = h->mark_stack[--h->mark_top];
    if (o->tags) bb_gc_mark(ctx, (bb_object *)o->tags);
    uintptr_t lw = o->lock;
    if (lw != 0 && (lw & 1u) == 0) bb_gc_mark(ctx, (bb_object *)lw);
    const bb_class *c = classes[o->cls];
    switch (c->kind) {
    case BB_KIND_OBJECT: {
      const uint32_t *refs = c->refs;
      for (uint32_t i = 0, n = c->nrefs; i < n; i++)
        bb_gc_mark(ctx, *(bb_object **)((char *)o + refs[i]));
      break;
    }
    case BB_KIND_ARRAY:
      if (c->elem_kind == BB_ELEM_REF) {
        bb_array *a = (bb_array *)o;
        bb_object **el = (bb_object **)bb_array_data(a);
        /* An element equal to the one before it is marked already (arrays
           that index rows by their strip repeat each strip many times). */
        bb_object *prev = NULL;
        for (int32_t i = 0; i < a->length; i++) {
          bb_object *e = el[i];
          if (e != prev) bb_gc_mark(ctx, e);
          prev = e;
        }
      }
      break;
    case BB_KIND_TAG: {
      bb_tag *t = (bb_tag *)o;
      if (t->bound) bb_gc_set_mark(h, &t->bound->hdr);  /* the list, not its items */
      bb_note_tag(h, t);
      break;
    }
    case BB_KIND_REFLIST: {
      bb_reflist *l = (bb_reflist *)o;
      for (int32_t i = 0; i < l->count; i++) bb_gc_mark(ctx, l->items[i]);
      break;
    }
    default:
      break;
    }
  }
}

/* drop objects that only a tag kept alive */
static void bb_prune_tags(bb_ctx *ctx) {
  bb_heap *h = &ctx->heap;
  uint32_t live = h->mark | BB_GC_IMMORTAL;
  for (size_t i = 0; i < h->ntags_seen; i++) {
    bb_reflist *l = h->tags_seen[i]->bound;
    if (!l) continue;
    int32_t k = 0;
    for (int32_t j = 0; j < l->count; j++) {
      bb_object *o = l->items[j];
      if (o->gc & live) l->items[k++] = o;
    }
    for (int32_t j = k; j < l->count; j++) l->items[j] = NULL;
    l->count = k;
  }
  h->ntags_seen = 0;
}

/* ---- sweeping -------------------------------------------------------------- */

/* A cell's gc word, read while other cores may be running: a task on another
 * core may give a live object of this heap its identity hash meanwhile
 * (bb_identity_hash writes the word atomically). */
static inline uint32_t bb_gc_word(bb_object *o) { return __atomic_load_n(&o->gc, __ATOMIC_RELAXED); }

static size_t bb_sweep(bb_ctx *ctx) {
  bb_heap *h = &ctx->heap;
  const uint32_t mark = h->mark;
  /* a collection for the heap limit gives every core's empty pages back
     (another core's pool would otherwise keep the memory the limit allows) */
  const bool trim = ctx->rt->gc_trim_now;
  if (trim) {
    for (bb_page *p = h->empty, *n; p; p = n) {
      n = p->next;
      bb_addrs_drop(&h->page_addrs, (uintptr_t)p);
      free(p);
      bb_heap_release(h, BB_PAGE_SIZE);
    }
    h->empty = NULL;
    h->nempty = 0;
  }
  size_t live = 0;
  for (int sc = 0; sc < BB_NSIZECLASSES; sc++) {
    bb_freecell *head = NULL;
    bb_page **pp = &h->pages[sc];
    while (*pp) {
      bb_page *p = *pp;
      bb_freecell *phead = head;
      uint32_t nlive = 0;
      for (uint32_t i = p->used; i-- > 0;) {
        bb_object *o = (bb_object *)(p->base + (size_t)i * p->cell);
        if (o->cls != BB_CLASS_NONE) {
          if (bb_gc_word(o) & mark) {
            nlive++;
            continue;
          }
          o->cls = BB_CLASS_NONE;
          o->gc = 0;
        }
        bb_freecell *c = (bb_freecell *)o;
        c->next = phead;
        phead = c;
      }
      if (nlive == 0) {
        /* the whole page is free: give it back to the pool */
        *pp = p->next;
        if (h->cur[sc] == p) h->cur[sc] = NULL;
        if (h->nempty < 256 && !trim) {
          p->used = 0; /* no cells for roots.c to find */
          p->next = h->empty;
          h->empty = p;
          h->nempty++;
        } else {
          bb_addrs_drop(&h->page_addrs, (uintptr_t)p);
          free(p);
          bb_heap_release(h, BB_PAGE_SIZE);
        }
        continue;
      }
      head = phead;
      live += (size_t)nlive * p->cell;
      pp = &p->next;
    }
    h->free[sc] = head;
  }
  for (bb_large *l = h->large, *n; l; l = n) {
    n = l->next;
    bb_object *o = (bb_object *)(l + 1);
    if ((bb_gc_word(o) & mark) || __atomic_load_n(&l->pins, __ATOMIC_ACQUIRE)) {
      live += l->size;
      continue;
    }
    if (l->prev) l->prev->next = l->next; else h->large = l->next;
    if (l->next) l->next->prev = l->prev;
    bb_heap_release(h, l->size);
    bb_addrs_drop(&h->large_addrs, (uintptr_t)l);
    free(l);
  }
  bb_addrs_settle(&h->page_addrs);
  bb_addrs_settle(&h->large_addrs);
  return live;
}

/* Every core calls this at the start of every collection: the mark bit
 * changes from one collection to the next. */
void bb_gc_begin(bb_ctx *ctx) {
  bb_heap *h = &ctx->heap;
  h->mark = h->mark == BB_GC_MARK1 ? BB_GC_MARK0 : BB_GC_MARK1;
}

/* Marking for the whole process, done by one core (the leader) while every
 * core waits at a task boundary or a safepoint in a task body: the stack
 * words of the cores stopped in bodies (roots.c), the roots of every core's
 * scheduler, then the globals. */
void bb_gc_mark_all(bb_ctx *leader) {
  bb_runtime *rt = leader->rt;
  /* read by every core's sweep, after the barrier that ends the marking */
  rt->gc_trim_now = __atomic_exchange_n(&rt->gc_trim, 0, __ATOMIC_RELAXED);
  bb_roots_mark(leader);
  for (uint32_t c = 0; c < rt->ncores; c++) bb_sched_mark_core(leader, &rt->cores[c]);
  const bb_program *prog = rt->prog;
  for (uint32_t g = 0; g < prog->nglobals; g++) bb_gc_mark(leader, *prog->globals[g]);
  bb_mark_drain(leader);
  bb_prune_tags(leader);
  bb_tagids_prune(rt, leader->heap.mark); /* tag.c: the table of ids is weak */
}

/* What a core may allocate after a collection that left `live` bytes in its
 * heap: live * (growth - 1), at least BAMBOO_GC_MIN, and at most what its
 * share of BAMBOO_HEAP_MAX (one of ncores) leaves beyond its live bytes,
 * but a page at least: at the limit an allocation in a task body collects
 * again (roots.c) before it fails. */
static size_t bb_gc_allowance(bb_ctx *ctx, size_t live) {
  bb_heap *h = &ctx->heap;
  double want = (double)live * (h->growth - 1.0);
  size_t a = want >= (double)(SIZE_MAX / 2) ? SIZE_MAX / 2 : (size_t)want;
  if (a < h->min_threshold) a = h->min_threshold;
  if (h->limit) {
    size_t share = h->limit / ctx->rt->ncores;
    size_t room = share > live + BB_PAGE_SIZE ? share - live : BB_PAGE_SIZE;
    if (a > room) a = room;
  }
  return a;
}

/* Each core sweeps its own heap after the marking. */
void bb_gc_sweep_own(bb_ctx *ctx, uint64_t t0) {
  bb_heap *h = &ctx->heap;
  size_t live = bb_sweep(ctx);
  h->live = live;
  h->allocated = 0;
  h->threshold = bb_gc_allowance(ctx, live);
  h->collections++;
  h->gc_ns += bb_now_ns() - t0;
}

/* A collection right now: only valid with one core (tests; the scheduler
 * goes through bb_gc_request, which synchronises the cores). */
void bb_gc_collect(bb_ctx *ctx) {
  uint64_t t0 = bb_now_ns(), c0 = ctx->prof ? bb_prof_now(ctx) : 0;
  bb_gc_begin(ctx);
  bb_gc_mark_all(ctx);
  uint64_t c1 = ctx->prof ? bb_prof_now(ctx) : 0;
  bb_gc_sweep_own(ctx, t0);
  if (ctx->prof) bb_prof_gc(ctx, bb_prof_now(ctx) - c0, c1 - c0); /* profile.c */
}

/* Called at every task boundary. A heap is due at its threshold, but with
 * several cores a collection then also costs a wait: every core must reach a
 * boundary, so the cores that arrive first wait for the others to finish
 * their tasks (MonteCarlo's one collection at 2 cores waited 3-21 ms for a
 * batch to end). A due heap therefore defers its collection while it has
 * allocated less than twice its threshold, unless every other core is idle
 * (they join at once; always so on one core) or the deferral could meet
 * the heap limit. Another
 * core's request still stops this one at its next boundary, so a collection
 * that happens sweeps every deferred heap too. */
void bb_gc_maybe(bb_ctx *ctx) {
  bb_heap *h = &ctx->heap;
  if (!BB_UNLIKELY(h->allocated >= h->threshold || ctx->rt->gc_stress)) return;
  if (!ctx->rt->gc_stress && h->allocated - h->threshold < h->threshold && !bb_other_cores_idle(ctx)) {
    size_t held = atomic_load_explicit(&bb_heap_held, memory_order_relaxed);
    if (!h->limit || (h->threshold <= h->limit && held <= h->limit - h->threshold)) return;
  }
  bb_gc_request(ctx);
}
