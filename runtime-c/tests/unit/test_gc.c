/* test_gc.c — the collector: reachability through pointer maps, arrays,
 * tags, merged locks; garbage reclaimed and memory reused; with several
 * cores, when a due heap defers its collection. */
#include "unit.h"
#include "internal.h"

static T_Holder *holder(bb_ctx *ctx) {
  T_Holder *h = BB_NEW(ctx, T_Holder, CLS_Holder);
  h->hdr.flags = TF_live;
  h->hdr.gc |= BB_GC_TASKOBJ;
  bb_publish(ctx, &h->hdr);  /* sits in the parameter set of task `hold` */
  return h;
}

void test_gc(void) {
  bb_ctx *ctx = t_fixture();
  T_Holder *h = holder(ctx);
  /* a reachable chain of 1000 nodes, with an array and strings hanging off it */
  T_Node *first = NULL;
  for (int i = 0; i < 1000; i++) {
    T_Node *n = BB_NEW(ctx, T_Node, CLS_Node);
    n->value = i;
    n->next = first;
    first = n;
    for (int g = 0; g < 50; g++) (void)BB_NEW(ctx, T_Node, CLS_Node);  /* garbage */
  }
  bb_array *arr = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, 10, 0);
  for (int i = 0; i < 10; i++) ((bb_string **)bb_array_data(arr))[i] = bb_String_valueOfInt(ctx, i * 7);
  first->other = &arr->hdr;
  h->root = &first->hdr;
  /* a tag bound to the holder and to an otherwise unreachable node */
  bb_tag *t = bb_tag_new(ctx, 0);
  T_Node *lost = BB_NEW(ctx, T_Node, CLS_Node);
  bb_tag_bind(ctx, &h->hdr, t, 0);
  bb_tag_bind(ctx, &lost->hdr, t, 0);
  /* a merged lock keeps its root alive */
  T_Node *lockroot = BB_NEW(ctx, T_Node, CLS_Node);
  lockroot->value = 4242;
  bb_lock_merge(ctx, &first->hdr, &lockroot->hdr);
  /* large garbage */
  for (int i = 0; i < 20; i++) (void)bb_new_array(ctx, BB_CLASS_LONG_ARRAY, 100000, 0);

  size_t before = ctx->heap.footprint;
  bb_gc_collect(ctx);
  CHECK(ctx->heap.collections == 1);
  CHECK(ctx->heap.footprint < before);
  CHECK(ctx->heap.live < 200000);
  /* everything reachable is intact */
  int count = 0;
  int64_t sum = 0;
  for (T_Node *n = (T_Node *)h->root; n; n = n->next) { count++; sum += n->value; CHECK(n->hdr.cls == CLS_Node); }
  CHECK(count == 1000 && sum == 999 * 1000 / 2);
  bb_array *a2 = (bb_array *)((T_Node *)h->root)->other;
  CHECK(a2->hdr.cls == BB_CLASS_STRING_ARRAY);
  CHECK_STR(((bb_string **)bb_array_data(a2))[9], "63");
  CHECK(t->bound->count == 1 && t->bound->items[0] == &h->hdr);  /* the lost node was dropped */
  CHECK(h->hdr.tags->count == 1 && h->hdr.tags->items[0] == (bb_object *)t);
  CHECK(((T_Node *)bb_lock_root(&first->hdr))->value == 4242 || bb_lock_root(&first->hdr) == &first->hdr);

  /* garbage cells are reused: churn must not grow the footprint */
  size_t fp = ctx->heap.footprint;
  for (int round = 0; round < 20; round++) {
    for (int i = 0; i < 100000; i++) (void)BB_NEW(ctx, T_Node, CLS_Node);
    bb_gc_collect(ctx);
  }
  CHECK(ctx->heap.footprint <= fp + 8 * 1024 * 1024);
  count = 0;
  for (T_Node *n = (T_Node *)h->root; n; n = n->next) count++;
  CHECK(count == 1000);

  /* dropping the holder's chain frees it */
  h->root = NULL;
  bb_gc_collect(ctx);
  CHECK(ctx->heap.live < 4096);
  bb_runtime_finish(ctx);
}

/* The mark bit alternates between two header bits: an object reached by one
 * collection and not by the next is freed by the next (the first's bit does
 * not keep it), and one reached by both survives both. A reference array's
 * runs of equal elements keep every element alive. */
void test_gc_marks(void) {
  bb_ctx *ctx = t_fixture();
  T_Holder *h = holder(ctx);
  T_Node *kept = BB_NEW(ctx, T_Node, CLS_Node);
  T_Node *dropped = BB_NEW(ctx, T_Node, CLS_Node);
  kept->value = 7;
  kept->next = dropped;
  h->root = &kept->hdr;
  bb_gc_collect(ctx);
  uint32_t first_mark = ctx->heap.mark;
  CHECK(kept->hdr.gc & first_mark);
  CHECK(dropped->hdr.cls == CLS_Node);
  kept->next = NULL;  /* `dropped` carries the first collection's bit */
  bb_gc_collect(ctx);
  CHECK(ctx->heap.mark != first_mark);
  CHECK(kept->hdr.gc & ctx->heap.mark);
  CHECK(!(kept->hdr.gc & first_mark));
  CHECK(dropped->hdr.cls == BB_CLASS_NONE);  /* freed, not kept by the old bit */
  bb_gc_collect(ctx);  /* the first collection's bit again */
  CHECK(ctx->heap.mark == first_mark && kept->hdr.cls == CLS_Node && kept->value == 7);

  /* elements A A B B A null C: runs marked once, every element kept */
  T_Node *n[3];
  for (int i = 0; i < 3; i++) {
    n[i] = BB_NEW(ctx, T_Node, CLS_Node);
    n[i]->value = 100 + i;
  }
  bb_array *arr = bb_new_array(ctx, BB_CLASS_OBJECT_ARRAY, 7, 0);
  bb_object **el = (bb_object **)bb_array_data(arr);
  el[0] = el[1] = el[4] = &n[0]->hdr;
  el[2] = el[3] = &n[1]->hdr;
  el[6] = &n[2]->hdr;
  kept->other = &arr->hdr;
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < 10000; i++) (void)BB_NEW(ctx, T_Node, CLS_Node);  /* garbage to reuse */
    bb_gc_collect(ctx);
    for (int i = 0; i < 3; i++) CHECK(n[i]->hdr.cls == CLS_Node && n[i]->value == 100 + i);
  }
  bb_runtime_finish(ctx);
}

/* With several cores a due heap defers its collection (heap.c,
 * bb_gc_maybe) while another core is busy, up to twice its threshold;
 * it asks at once when every other core is idle, past twice the threshold,
 * or when the deferral could meet the heap limit. The runtime here has two
 * cores whose threads never start, so the flags are set by hand. */
void test_gc_deferral(void) {
  setenv("BAMBOO_CORES", "2", 1);
  bb_ctx *ctx = t_fixture();
  unsetenv("BAMBOO_CORES");
  bb_runtime *rt = ctx->rt;
  CHECK(rt->ncores == 2);
  if (rt->ncores != 2) return;
  bb_heap *h = &ctx->heap;
  bb_sched *other = &rt->cores[1].sched;
  size_t limit = h->limit;

  other->idle = 0;
  h->allocated = h->threshold - 1;
  bb_gc_maybe(ctx);
  CHECK(rt->gc_pending == 0);  /* not due */
  h->allocated = h->threshold;
  bb_gc_maybe(ctx);
  CHECK(rt->gc_pending == 0);  /* due, deferred: the other core is busy */
  h->allocated = 2 * h->threshold - 1;
  bb_gc_maybe(ctx);
  CHECK(rt->gc_pending == 0);  /* still deferred */
  h->allocated = 2 * h->threshold;
  bb_gc_maybe(ctx);
  CHECK(rt->gc_pending == 1);  /* twice the threshold: no longer */
  rt->gc_pending = 0;

  h->allocated = h->threshold;
  other->idle = 1;
  bb_gc_maybe(ctx);
  CHECK(rt->gc_pending == 1);  /* the other core is idle: collect now */
  rt->gc_pending = 0;

  other->idle = 0;
  h->limit = h->footprint + h->threshold / 2;  /* deferring could reach the limit */
  bb_gc_maybe(ctx);
  CHECK(rt->gc_pending == 1);
  rt->gc_pending = 0;
  h->limit = limit;

  rt->gc_stress = true;  /* stress collects at every boundary */
  h->allocated = 0;
  bb_gc_maybe(ctx);
  CHECK(rt->gc_pending == 1);
  rt->gc_pending = 0;
  rt->gc_stress = false;

  h->allocated = 0;
  other->idle = 1;
  bb_runtime_finish(ctx);
}
