/* test_roots.c — collections inside a task body (roots.c): words of the C
 * stack find their objects (interior pointers included, free cells and
 * page headers not), and objects held only by a body's locals survive the
 * collections its allocations trigger while its garbage is reclaimed. */
#include "unit.h"
#include "internal.h"

/* The sorted address sets: entries added since the last settle, dropped
 * ones, an address that malloc hands out again, and enough entries for the
 * radix sort (addresses that differ in several bytes). */
void test_roots_addrs(void) {
  bb_addrs s = {0};
  CHECK(bb_addrs_floor(&s, 100) == 0);
  for (uintptr_t x = 1000; x >= 100; x -= 100) CHECK(bb_addrs_add(&s, x)); /* descending */
  bb_addrs_ready(&s);
  CHECK(bb_addrs_floor(&s, 99) == 0);
  CHECK(bb_addrs_floor(&s, 100) == 100);
  CHECK(bb_addrs_floor(&s, 555) == 500);
  CHECK(bb_addrs_floor(&s, 5000) == 1000);
  bb_addrs_settle(&s);
  CHECK(s.nsorted == 10 && s.n == 10);
  CHECK(bb_addrs_add(&s, 50));
  bb_addrs_drop(&s, 500);
  bb_addrs_drop(&s, 50); /* added and freed between two collections */
  bb_addrs_settle(&s);
  CHECK(s.n == 9 && s.nsorted == 9 && s.ndead == 0);
  CHECK(bb_addrs_floor(&s, 555) == 400);
  CHECK(bb_addrs_floor(&s, 60) == 0);
  CHECK(bb_addrs_add(&s, 500)); /* the address again */
  bb_addrs_ready(&s);
  CHECK(bb_addrs_floor(&s, 555) == 500);
  /* 5000 pseudo-random 64 KiB-aligned addresses, added in two rounds */
  uint64_t r = 12345;
  for (int i = 0; i < 5000; i++) {
    r = r * 6364136223846793005ull + 1442695040888963407ull;
    CHECK(bb_addrs_add(&s, (uintptr_t)((r >> 20) & 0xffffffff) << 16));
    if (i == 2500) bb_addrs_settle(&s);
  }
  bb_addrs_ready(&s);
  uintptr_t probe = s.a[s.n - 1] + 3;
  CHECK(bb_addrs_floor(&s, probe) == probe - 3); /* the last added */
  bb_addrs_settle(&s);
  bool sorted = true;
  for (size_t i = 1; i < s.n; i++) sorted &= s.a[i - 1] < s.a[i];
  CHECK(sorted && s.n == 5010);
  uintptr_t top = s.a[s.n - 1], below = s.a[s.n - 3];
  for (size_t i = 0; i < s.n; i += 2) bb_addrs_drop(&s, s.a[i]); /* (keeps odd indices) */
  bb_addrs_settle(&s);
  CHECK(s.n == 2505 && bb_addrs_floor(&s, top + 3) == top);
  CHECK(bb_addrs_floor(&s, top - 1) == below);
  bb_addrs_free(&s);
}

/* Lookups of stack words in the heaps' address sets. */
void test_roots_find(void) {
  bb_ctx *ctx = t_fixture();
  bb_runtime *rt = ctx->rt;
  T_Node *a = BB_NEW(ctx, T_Node, CLS_Node);
  T_Node *b = BB_NEW(ctx, T_Node, CLS_Node);
  bb_array *big = bb_new_array(ctx, BB_CLASS_LONG_ARRAY, 100000, 0);
  bb_roots_ready(rt);
  CHECK(bb_roots_find(rt, (uintptr_t)a) == &a->hdr);
  CHECK(bb_roots_find(rt, (uintptr_t)&a->value) == &a->hdr);           /* a field */
  CHECK(bb_roots_find(rt, (uintptr_t)b + sizeof *b - 1) == &b->hdr);   /* its last byte */
  uintptr_t cell = (uintptr_t)b - (uintptr_t)a; /* (bumped from one page) */
  CHECK(cell >= sizeof *b && cell < 128);
  CHECK(bb_roots_find(rt, (uintptr_t)b + cell) == NULL); /* the next cell: never handed out */
  uintptr_t page = bb_addrs_floor(&ctx->heap.page_addrs, (uintptr_t)a);
  CHECK(page && (uintptr_t)a - page < BB_PAGE_SIZE);
  CHECK(bb_roots_find(rt, page + 8) == NULL);                          /* the page's header */
  int64_t *el = (int64_t *)bb_array_data(big);
  CHECK(bb_roots_find(rt, (uintptr_t)&el[77777]) == &big->hdr);        /* an element */
  CHECK(bb_roots_find(rt, (uintptr_t)(el + 100000) - 1) == &big->hdr); /* its last byte */
  CHECK(bb_roots_find(rt, (uintptr_t)big - 1) == NULL);                /* the block's header */
  CHECK(bb_roots_find(rt, (uintptr_t)(el + 100000)) == NULL);          /* past the block */
  int local = 0;
  CHECK(bb_roots_find(rt, (uintptr_t)&local) == NULL);
  CHECK(bb_roots_find(rt, 0) == NULL);
  /* a freed cell, a pooled page and a freed large block are no objects */
  T_Node *gone = BB_NEW(ctx, T_Node, CLS_Node);
  uintptr_t w = (uintptr_t)gone;
  gone = NULL;
  uintptr_t pooled = 0;
  for (int i = 0; i < 5000; i++) { /* 320 KB: whole pages of garbage */
    T_Node *g = BB_NEW(ctx, T_Node, CLS_Node);
    if (i == 4000) pooled = (uintptr_t)&g->value;
  }
  uintptr_t dead = (uintptr_t)bb_array_data(bb_new_array(ctx, BB_CLASS_LONG_ARRAY, 1000, 0)) + 8;
  bb_gc_collect(ctx); /* (no stack scan outside a body: a, b and big go too) */
  bb_roots_ready(rt);
  CHECK(bb_roots_find(rt, w) == NULL);
  CHECK(bb_roots_find(rt, pooled) == NULL);
  CHECK(bb_roots_find(rt, dead) == NULL);
  CHECK(ctx->heap.empty != NULL);
  /* pages given back to the system leave their sets */
  size_t pages = ctx->heap.page_addrs.n;
  rt->gc_trim = 1;
  bb_gc_collect(ctx);
  CHECK(ctx->heap.empty == NULL && ctx->heap.page_addrs.n < pages);
  CHECK(ctx->heap.large_addrs.n == 0);
  bb_roots_ready(rt);
  CHECK(bb_roots_find(rt, pooled) == NULL);
  bb_runtime_finish(ctx);
}

/* A chain reachable only from this frame (by an interior pointer) and a
 * large array reachable only by the address of one element, while the
 * body allocates 200 times its threshold in garbage. */
static BB_NOINLINE void t_body(bb_ctx *ctx, int64_t *sum_out, int *count_out, uint64_t *live_out) {
  T_Node *first = BB_NEW(ctx, T_Node, CLS_Node), *last = first;
  for (int i = 1; i < 500; i++) { /* values 0..499, first to last */
    last->next = BB_NEW(ctx, T_Node, CLS_Node);
    last = last->next;
    last->value = i;
  }
  last = NULL;
  volatile uintptr_t inner = (uintptr_t)&first->value;
  first = NULL;
  bb_array *arr = bb_new_array(ctx, BB_CLASS_LONG_ARRAY, 50000, 0);
  ((int64_t *)bb_array_data(arr))[49999] = 4242;
  volatile uintptr_t elem = (uintptr_t)&((int64_t *)bb_array_data(arr))[12345];
  arr = NULL;
  size_t garbage = 200 * ctx->heap.threshold;
  for (size_t made = 0; made < garbage; made += 64) {
    T_Node *g = BB_NEW(ctx, T_Node, CLS_Node);
    g->value = (int64_t)made;
  }
  *live_out = ctx->heap.live;
  T_Node *back = (T_Node *)(inner - offsetof(T_Node, value));
  int count = 0;
  int64_t sum = 0;
  for (T_Node *x = back; x; x = x->next) {
    CHECK(x->hdr.cls == CLS_Node);
    count++;
    sum += x->value;
  }
  bb_array *arr2 = (bb_array *)(elem - 12345 * sizeof(int64_t) - sizeof(bb_array));
  CHECK(arr2->hdr.cls == BB_CLASS_LONG_ARRAY && arr2->length == 50000);
  CHECK(((int64_t *)bb_array_data(arr2))[49999] == 4242);
  *sum_out = sum;
  *count_out = count;
}

void test_roots_in_body(void) {
  bb_ctx *ctx = t_fixture();
  ctx->stack_hi = (uintptr_t)__builtin_frame_address(0);
  ctx->heap.min_threshold = ctx->heap.threshold = 64 * 1024;
  int64_t sum = 0;
  int count = 0;
  uint64_t live = 0;
  ctx->in_body = 1;
  t_body(ctx, &sum, &count, &live);
  ctx->in_body = 0;
  CHECK(ctx->heap.in_body_collections >= 5); /* live ~450 KB: one per ~900 KB of garbage */
  CHECK(ctx->heap.collections == ctx->heap.in_body_collections);
  CHECK(count == 500 && sum == 499 * 500 / 2);
  CHECK(live < 1024 * 1024);                        /* the garbage went */
  CHECK(ctx->heap.footprint < 4 * 1024 * 1024);     /* and its memory was reused */
  /* outside a body nothing collects in the allocator */
  uint64_t before = ctx->heap.collections;
  for (int i = 0; i < 100000; i++) (void)BB_NEW(ctx, T_Node, CLS_Node);
  CHECK(ctx->heap.collections == before);
  bb_runtime_finish(ctx);
}

/* Past the heap limit an allocation in a body collects before it fails. */
void test_roots_limit(void) {
  setenv("BAMBOO_HEAP_MAX", "2M", 1);
  bb_ctx *ctx = t_fixture();
  unsetenv("BAMBOO_HEAP_MAX");
  ctx->stack_hi = (uintptr_t)__builtin_frame_address(0);
  ctx->in_body = 1;
  for (int i = 0; i < 2000000; i++) (void)BB_NEW(ctx, T_Node, CLS_Node); /* 128 MB, 64 times the limit */
  ctx->in_body = 0;
  CHECK(ctx->heap.in_body_collections > 0);
  CHECK(ctx->heap.footprint <= 2 * 1024 * 1024);
  bb_runtime_finish(ctx);
}
