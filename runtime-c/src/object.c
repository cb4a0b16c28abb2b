/* object.c — internal class descriptors, array covariance, identity hashes. */
#include "internal.h"

static const uint32_t bb_display_tag[] = {BB_CLASS_OBJECT, BB_CLASS_TAG};
static const uint32_t bb_display_reflist[] = {BB_CLASS_OBJECT, BB_CLASS_REFLIST};
static const uint32_t bb_refs_tag[] = {offsetof(bb_tag, bound)};

const bb_class bb_class_tag_desc = {
  .name = "tag", .id = BB_CLASS_TAG, .super = BB_CLASS_OBJECT, .kind = BB_KIND_TAG,
  .size = sizeof(bb_tag), .depth = 1, .display = bb_display_tag, .nrefs = 1, .refs = bb_refs_tag,
};

const bb_class bb_class_reflist_desc = {
  .name = "<reflist>", .id = BB_CLASS_REFLIST, .super = BB_CLASS_OBJECT, .kind = BB_KIND_REFLIST,
  .size = sizeof(bb_reflist), .depth = 1, .display = bb_display_reflist,
};

bool bb_is_subclass_slow(bb_ctx *ctx, uint32_t sub, uint32_t sup) {
  /* both are array classes: covariance on reference elements */
  for (;;) {
    const bb_class *s = ctx->classes[sub], *t = ctx->classes[sup];
    if (sub == sup) return true;
    if (s->kind != BB_KIND_ARRAY || t->kind != BB_KIND_ARRAY) return bb_is_subclass(ctx, sub, sup);
    if (s->elem_kind != BB_ELEM_REF || t->elem_kind != BB_ELEM_REF) return false;
    sub = s->elem_class;
    sup = t->elem_class;
    const bb_class *es = ctx->classes[sub], *et = ctx->classes[sup];
    if (es->depth >= et->depth && es->display[et->depth] == sup) return true;
    if (es->kind != BB_KIND_ARRAY || et->kind != BB_KIND_ARRAY) return false;
  }
}

uint32_t bb_hash_seed(bb_ctx *ctx) {
  uint32_t s;
  do {
    ctx->hash_counter++;
    s = ((ctx->hash_counter << 4) | (ctx->core & 15u)) & 0xFFFFFFu;
  } while (s == 0);
  return s;
}
