/* test_pack.c — regions packed into bytes and rebuilt (pack.c): every kind
 * of object graph round-trips exactly, deterministically. */
#include "unit.h"
#include "internal.h"
#include <string.h>

static T_Node *node(bb_ctx *ctx, int64_t value) {
  T_Node *n = BB_NEW(ctx, T_Node, CLS_Node);
  n->value = value;
  return n;
}

static bb_object *round_trip(bb_ctx *ctx, bb_object *root) {
  bb_packbuf buf = {0};
  bb_pack(ctx, root, &buf);
  bb_object *copy = bb_unpack(ctx, buf.data, buf.len);
  free(buf.data);
  return copy;
}

void test_pack(void) {
  bb_ctx *ctx = t_fixture();

  /* a single node with no references */
  T_Node *one = node(ctx, 42);
  one->hdr.flags = 5;
  T_Node *c1 = (T_Node *)round_trip(ctx, &one->hdr);
  CHECK(c1 != one && c1->hdr.cls == CLS_Node && c1->value == 42 && c1->hdr.flags == 5);
  CHECK(c1->next == NULL && c1->other == NULL);

  /* a cycle, a shared sub-object and a subclass */
  T_Node *a = node(ctx, 1), *b = node(ctx, 2);
  T_Special *sp = BB_NEW(ctx, T_Special, CLS_Special);
  sp->node.value = 3;
  sp->extra = 2.5;
  a->next = b;
  b->next = a;                 /* cycle */
  a->other = &sp->node.hdr;         /* shared: reached twice */
  b->other = &sp->node.hdr;
  T_Node *ca = (T_Node *)round_trip(ctx, &a->hdr);
  CHECK(ca != a && ca->value == 1 && ca->next->value == 2 && ca->next->next == ca);
  CHECK(ca->other == ca->next->other && ca->other != &sp->node.hdr);
  CHECK(ca->other->cls == CLS_Special && ((T_Special *)ca->other)->extra == 2.5);

  /* arrays of primitives and of references with nulls, and strings */
  bb_array *ints = bb_new_array(ctx, BB_CLASS_INT_ARRAY, 1000, 0);
  for (int i = 0; i < 1000; i++) ((int32_t *)bb_array_data(ints))[i] = i * i;
  bb_array *refs = bb_new_array(ctx, CLS_NodeArray, 4, 0);
  ((bb_object **)bb_array_data(refs))[0] = &ints->hdr;
  ((bb_object **)bb_array_data(refs))[2] = &t_str(ctx, "h\xc3\xa9llo")->hdr;
  ((bb_object **)bb_array_data(refs))[3] = &ints->hdr;
  T_Node *holder = node(ctx, 7);
  holder->other = &refs->hdr;
  T_Node *ch = (T_Node *)round_trip(ctx, &holder->hdr);
  bb_array *crefs = (bb_array *)ch->other;
  CHECK(crefs != refs && crefs->length == 4 && crefs->hdr.cls == CLS_NodeArray);
  bb_object **el = (bb_object **)bb_array_data(crefs);
  CHECK(el[1] == NULL && el[0] == el[3] && el[0] != &ints->hdr);
  bb_array *cints = (bb_array *)el[0];
  CHECK(cints->length == 1000 && cints->elem_size == 4 && ((int32_t *)bb_array_data(cints))[999] == 999 * 999);
  CHECK(el[2] && el[2]->cls == BB_CLASS_STRING);
  CHECK_STR((bb_string *)el[2], "h\xc3\xa9llo");

  /* a large array (its own block, rebuilt without zeroing first: every
     element must come from the bytes) and an empty one */
  bb_array *big = bb_new_array(ctx, BB_CLASS_DOUBLE_ARRAY, 100000, 0);
  for (int i = 0; i < 100000; i++) ((double *)bb_array_data(big))[i] = i * 0.5;
  ((double *)bb_array_data(big))[99999] = 0.125;
  T_Node *bh = node(ctx, 0);
  bh->other = &big->hdr;
  bh->next = (T_Node *)bb_new_array(ctx, CLS_NodeArray, 0, 0); /* any reference will do */
  T_Node *cbh = (T_Node *)round_trip(ctx, &bh->hdr);
  CHECK(((bb_array *)cbh->other)->length == 100000 && ((double *)bb_array_data((bb_array *)cbh->other))[99999] == 0.125);
  CHECK(((bb_array *)cbh->next)->length == 0);
  bool all = true;
  for (int i = 0; i < 99999; i++) all = all && ((double *)bb_array_data((bb_array *)cbh->other))[i] == i * 0.5;
  CHECK(all);

  /* the identity hash, tags and a merged lock inside the region travel */
  T_Node *h1 = node(ctx, 11), *h2 = node(ctx, 12);
  h1->next = h2;
  int32_t hash = bb_identity_hash(ctx, &h1->hdr);
  bb_tag *t = bb_tag_new(ctx, 0);
  bb_tag_bind(ctx, &h1->hdr, t, 0);
  bb_lock_merge(ctx, &h1->hdr, &h2->hdr);
  T_Node *ch1 = (T_Node *)round_trip(ctx, &h1->hdr);
  CHECK(bb_identity_hash(ctx, &ch1->hdr) == hash);
  CHECK(ch1->hdr.tags && ch1->hdr.tags->count == 1 && ch1->hdr.tags->items[0] == &t->hdr);
  CHECK(t->bound->count == 2 && t->bound->items[1] == &ch1->hdr); /* the copy is bound to the same instance */
  bb_object *lr = bb_lock_root(&h1->hdr), *clr = bb_lock_root(&ch1->hdr);
  CHECK((lr == &h1->hdr && clr == &ch1->hdr) || (lr == &h2->hdr && clr == &ch1->next->hdr));

  /* tag ids are global: the making core's number in the low bits, a
     sequence number above them */
  bb_tag *t2 = bb_tag_new(ctx, 1);
  CHECK((t->id & ((1u << BB_TAG_CORE_BITS) - 1)) == ctx->core + ctx->rt->core_base);
  CHECK(t2->id >> BB_TAG_CORE_BITS == (t->id >> BB_TAG_CORE_BITS) + 1);

  /* another process: a tag id it has never seen becomes one instance of its
     own, with the type and id, which every later copy naming the id shares
     (two objects bound to one tag meet as such after separate moves), and
     that goes on for the copies' own packs */
  T_Node *m1 = node(ctx, 21), *m2 = node(ctx, 22);
  bb_tag_bind(ctx, &m1->hdr, t2, 0);
  bb_tag_bind(ctx, &m2->hdr, t2, 0);
  m1->other = &t2->hdr; /* a tag in a field travels by id too */
  bb_packbuf p1 = {0}, p2 = {0};
  bb_pack(ctx, &m1->hdr, &p1);
  bb_pack(ctx, &m2->hdr, &p2);
  bb_tagids_free(ctx->rt); /* as if unpacked in a process that never saw t2 */
  T_Node *r1 = (T_Node *)bb_unpack(ctx, p1.data, p1.len), *r2 = (T_Node *)bb_unpack(ctx, p2.data, p2.len);
  bb_tag *there = (bb_tag *)r1->hdr.tags->items[0];
  CHECK(there != t2 && there->hdr.cls == BB_CLASS_TAG && there->type == 1 && there->id == t2->id);
  CHECK(r2->hdr.tags->items[0] == &there->hdr && r1->other == &there->hdr);
  CHECK(there->bound && there->bound->count == 2 && bb_tag_bound(&r1->hdr, there) && bb_tag_bound(&r2->hdr, there));
  bb_packbuf p3 = {0};
  bb_pack(ctx, &r1->hdr, &p3);
  T_Node *r3 = (T_Node *)bb_unpack(ctx, p3.data, p3.len);
  CHECK(r3->hdr.tags->items[0] == &there->hdr && there->bound->count == 3);
  free(p1.data);
  free(p2.data);
  free(p3.data);

  /* string literals and globals are sent by number: the copy shares them */
  if (ctx->rt->prog->nstrings > 0) {
    T_Node *lit = node(ctx, 0);
    lit->other = &BB_STR(ctx, 0)->hdr;
    CHECK(((T_Node *)round_trip(ctx, &lit->hdr))->other == &BB_STR(ctx, 0)->hdr);
  }

  /* packing is deterministic: the same region gives the same bytes */
  bb_packbuf b1 = {0}, b2 = {0};
  bb_pack(ctx, &a->hdr, &b1);
  bb_pack(ctx, &a->hdr, &b2);
  CHECK(b1.len == b2.len && memcmp(b1.data, b2.data, b1.len) == 0);

  /* packing appends: after a caller's header (mpi.c's) come the same bytes */
  bb_packbuf b3 = {malloc(16), 16, 16};
  if (!b3.data) abort();
  memcpy(b3.data, "0123456789abcdef", 16);
  bb_pack(ctx, &a->hdr, &b3);
  CHECK(b3.len == 16 + b1.len && memcmp(b3.data, "0123456789abcdef", 16) == 0 &&
        memcmp(b3.data + 16, b1.data, b1.len) == 0);
  T_Node *c3 = (T_Node *)bb_unpack(ctx, b3.data + 16, b3.len - 16);
  CHECK(c3->value == 1 && c3->next->next == c3);
  free(b1.data);
  free(b2.data);
  free(b3.data);
}
