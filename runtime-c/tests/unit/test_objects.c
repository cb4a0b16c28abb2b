/* test_objects.c — subtype tests, casts, arrays, tags, locks. */
#include "unit.h"

void test_objects(void) {
  bb_ctx *ctx = t_fixture();
  T_Node *n = BB_NEW(ctx, T_Node, CLS_Node);
  T_Special *sp = BB_NEW(ctx, T_Special, CLS_Special);
  CHECK(n->next == NULL && n->value == 0 && n->hdr.flags == 0 && n->hdr.tags == NULL);
  CHECK(bb_instanceof(ctx, n, CLS_Node) && bb_instanceof(ctx, n, BB_CLASS_OBJECT));
  CHECK(!bb_instanceof(ctx, n, CLS_Special) && bb_instanceof(ctx, sp, CLS_Node));
  CHECK(!bb_instanceof(ctx, NULL, CLS_Node));
  CHECK(!bb_instanceof(ctx, n, BB_CLASS_STRING));
  CHECK(bb_checkcast(ctx, sp, CLS_Node, 0) == sp && bb_checkcast(ctx, NULL, CLS_Special, 0) == NULL);
  bb_string *s = t_str(ctx, "s");
  CHECK(bb_instanceof(ctx, s, BB_CLASS_STRING) && bb_instanceof(ctx, s, BB_CLASS_OBJECT));
  /* arrays: covariance, multi-dimensional */
  bb_array *na = bb_new_array(ctx, CLS_NodeArray, 3, 0);
  CHECK(bb_instanceof(ctx, na, BB_CLASS_OBJECT) && bb_instanceof(ctx, na, BB_CLASS_OBJECT_ARRAY));
  CHECK(!bb_instanceof(ctx, na, BB_CLASS_STRING_ARRAY));
  bb_array *sa = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, 1, 0);
  CHECK(bb_instanceof(ctx, sa, BB_CLASS_OBJECT_ARRAY) && !bb_instanceof(ctx, sa, CLS_NodeArray));
  bb_array *ia = bb_new_array(ctx, BB_CLASS_INT_ARRAY, 0, 0);
  CHECK(!bb_instanceof(ctx, ia, BB_CLASS_OBJECT_ARRAY) && bb_instanceof(ctx, ia, BB_CLASS_OBJECT));
  int32_t dims[2] = {2, 3};
  bb_array *m = bb_new_multiarray(ctx, CLS_NodeArray2, 2, dims, 0);
  CHECK(m->length == 2 && ((bb_array **)bb_array_data(m))[1]->length == 3);
  CHECK(((bb_array **)bb_array_data(m))[1]->hdr.cls == CLS_NodeArray);
  CHECK(bb_instanceof(ctx, m, BB_CLASS_OBJECT_ARRAY));
  CHECK(bb_index(ctx, na, 2, 0) == 2);
  BB_ELEM(ctx, T_Node *, na, 1, 0) = n;
  CHECK(BB_ELEM_NC(T_Node *, na, 1) == n);
  bb_array *big = bb_new_array(ctx, BB_CLASS_DOUBLE_ARRAY, 100000, 0);  /* a large object */
  CHECK(big->length == 100000 && ((double *)bb_array_data(big))[99999] == 0.0);
  CHECK(((uintptr_t)bb_array_data(big) & 7) == 0);

  /* tags */
  bb_tag *t = bb_tag_new(ctx, 3);
  bb_tag_bind(ctx, &n->hdr, t, 0);
  bb_tag_bind(ctx, &n->hdr, t, 0);
  bb_tag_bind(ctx, &sp->node.hdr, t, 0);
  CHECK(t->type == 3 && t->bound->count == 2 && n->hdr.tags->count == 1);
  CHECK(bb_tag_bound(&n->hdr, t) && bb_tag_bound(&sp->node.hdr, t));
  bb_tag_unbind(ctx, &n->hdr, t);
  CHECK(!bb_tag_bound(&n->hdr, t) && t->bound->count == 1 && t->bound->items[0] == &sp->node.hdr);
  for (int i = 0; i < 10; i++) bb_tag_bind(ctx, &n->hdr, bb_tag_new(ctx, 1), 0);
  CHECK(n->hdr.tags->count == 10);

  /* locks */
  CHECK(bb_lock_root(&n->hdr) == &n->hdr);
  bb_lock_merge(ctx, &n->hdr, &sp->node.hdr);
  CHECK(bb_lock_root(&sp->node.hdr) == bb_lock_root(&n->hdr));
  CHECK(bb_identity_hash(ctx, &n->hdr) == bb_identity_hash(ctx, &n->hdr) && bb_identity_hash(ctx, &n->hdr) >= 0);
  CHECK_STR(bb_BambooRuntime_className(ctx, &sp->node.hdr), "Special");
  bb_runtime_finish(ctx);
}
