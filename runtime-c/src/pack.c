/* pack.c — objects by value: a task object and the heap region it reaches,
 * packed into bytes and rebuilt (the transfer of the MPI backend, issue 31).
 *
 * A region is everything reachable from the root through reference fields,
 * array elements and the object's tag list, except what every process has
 * its own copy of: string literals (sent by number), the library's global
 * singletons such as System.out (by number) and tag instances (by type and
 * global id; tag.c). Packing enters each tag in the process's table of ids;
 * rebuilding resolves each id to this process's one instance of it, made
 * when there is none, and binds the rebuilt objects to their tags, so an
 * object rebuilt on another rank is bound to the instance the objects
 * there are bound to. The disjointness analysis (paper 4.2) is
 * what makes moving a region sound: it shares nothing with another task
 * object's region unless the lock plan merged the two.
 *
 * Every rank runs the same executable, so class ids and literal numbers
 * agree; the magic number and the ABI version guard the bytes. The format:
 *   header   u32 magic, u32 version, u32 nobjects, u32 ntags
 *   objects  nobjects x {u32 cls, u32 hash seed (the gc word's bits 8..31),
 *            u64 flags, u64 lock ref, u64 tags ref, u32 length, u32 body
 *            bytes, the body (the object's bytes after its header, padded
 *            to 8)}; object 0 is the root
 *   tags     ntags x {u32 type, u32 zero, u64 global id}
 * The tags come last so that the objects are written straight into the
 * output, each body copied once (the counts are filled in at the end): a
 * large array costs one copy to pack and one to rebuild, unless it is sent
 * apart (bb_pack_external leaves large flat bodies out and lists where they
 * belong; bb_unpack_blocks takes them as blocks that become the objects).
 * A reference is a u64: 0 null; i<<3|1 object i of the pack; i<<3|2 string
 * literal i; i<<3|3 global i; i<<3|4 tag i of the tag table. Objects are
 * numbered in breadth-first order from the root.
 *
 * BAMBOO_PACK_CHECK=1 packs the task objects of task exits, rebuilds them
 * and checks each copy is the same graph (a test mode, any core count; see
 * bb_pack_check for which exits). */
#include "internal.h"
#include <string.h>

#define BB_PACK_MAGIC 0x4b504242u /* "BBPK" */
#define BB_PACK_VERSION (0x300u | BB_ABI_VERSION) /* 0x300: tags by global id, after the objects */

enum { BB_REF_NULL = 0, BB_REF_OBJ = 1, BB_REF_LITERAL = 2, BB_REF_GLOBAL = 3, BB_REF_TAG = 4 };

typedef struct bb_pack_rec {
  uint32_t cls, hash;
  uint64_t flags, lock, tags;
  uint32_t length, body;
} bb_pack_rec;

typedef struct bb_pack_tag { uint32_t type, zero; uint64_t id; } bb_pack_tag;

/* A pointer -> number map (open addressing; numbers are stored + 1). */
typedef struct bb_ptrmap { const void **keys; uint32_t *vals; size_t mask, count; } bb_ptrmap;

static size_t bb_pack_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33; x *= 0xff51afd7ed558ccdull; x ^= x >> 33;
  return (size_t)x;
}

static void bb_ptrmap_put(bb_ptrmap *m, const void *k, uint32_t v);

static void bb_ptrmap_grow(bb_ptrmap *m) {
  bb_ptrmap old = *m;
  size_t cap = old.keys ? (old.mask + 1) * 2 : 64;
  m->keys = calloc(cap, sizeof *m->keys);
  m->vals = calloc(cap, sizeof *m->vals);
  if (!m->keys || !m->vals) bb_panic("out of memory while packing an object");
  m->mask = cap - 1;
  m->count = 0;
  for (size_t i = 0; old.keys && i <= old.mask; i++)
    if (old.keys[i]) bb_ptrmap_put(m, old.keys[i], old.vals[i] - 1);
  free(old.keys);
  free(old.vals);
}

static void bb_ptrmap_put(bb_ptrmap *m, const void *k, uint32_t v) {
  if (m->keys == NULL || (m->count + 1) * 2 > m->mask + 1) bb_ptrmap_grow(m);
  size_t i = bb_pack_hash(k) & m->mask;
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & m->mask;
  if (!m->keys[i]) m->count++;
  m->keys[i] = k;
  m->vals[i] = v + 1;
}

/* The number stored for `k`, or -1. */
static int64_t bb_ptrmap_get(const bb_ptrmap *m, const void *k) {
  if (!m->keys) return -1;
  size_t i = bb_pack_hash(k) & m->mask;
  while (m->keys[i]) {
    if (m->keys[i] == k) return (int64_t)m->vals[i] - 1;
    i = (i + 1) & m->mask;
  }
  return -1;
}

static void bb_ptrmap_free(bb_ptrmap *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

/* The process's string literals by address, built on first use. */
static bb_ptrmap bb_literals;
static pthread_once_t bb_literals_once = PTHREAD_ONCE_INIT;
static bb_runtime *bb_literals_rt;

static void bb_literals_build(void) {
  bb_runtime *rt = bb_literals_rt;
  for (uint32_t i = 0; i < rt->prog->nstrings; i++) bb_ptrmap_put(&bb_literals, rt->strings[i], i);
}

static int64_t bb_literal_number(bb_ctx *ctx, const bb_object *o) {
  bb_literals_rt = ctx->rt;
  pthread_once(&bb_literals_once, bb_literals_build);
  return bb_ptrmap_get(&bb_literals, o);
}

static int64_t bb_global_number(bb_ctx *ctx, const bb_object *o) {
  const bb_program *prog = ctx->rt->prog;
  for (uint32_t g = 0; g < prog->nglobals; g++)
    if (*prog->globals[g] == o) return g;
  return -1;
}

/* The bytes of `o`, header included. */
static size_t bb_object_bytes(bb_ctx *ctx, const bb_object *o) {
  const bb_class *c = ctx->classes[o->cls];
  switch (c->kind) {
  case BB_KIND_ARRAY:
    return sizeof(bb_array) + (size_t)((const bb_array *)o)->length * ((const bb_array *)o)->elem_size;
  case BB_KIND_STRING:
    return sizeof(bb_string) + (size_t)((const bb_string *)o)->length * sizeof(bb_char);
  case BB_KIND_REFLIST:
    return sizeof(bb_reflist) + (size_t)((const bb_reflist *)o)->count * sizeof(bb_object *);
  default:
    return c->size;
  }
}

static int32_t bb_object_length(bb_ctx *ctx, const bb_object *o) {
  switch (ctx->classes[o->cls]->kind) {
  case BB_KIND_ARRAY: return ((const bb_array *)o)->length;
  case BB_KIND_STRING: return ((const bb_string *)o)->length;
  case BB_KIND_REFLIST: return ((const bb_reflist *)o)->count;
  default: return 0;
  }
}

/* ---- packing ------------------------------------------------------------- */

typedef struct bb_packer {
  bb_ctx      *ctx;
  bb_packbuf  *out;       /* NULL: only count the bytes (bb_pack_size) */
  size_t       counted;
  bb_ptrmap    seen;      /* object or tag -> its number (tags: in `tags`) */
  bb_object  **objs;      /* objects by number */
  uint32_t     nobjs, cap_objs;
  bb_pack_tag *tags;
  bb_tag     **tagobjs;   /* the tags by number, entered in the id table at the end */
  uint32_t     ntags, cap_tags;
  size_t       ext_min;   /* 0, or bodies this large are left out (bb_pack_external) */
  bb_pack_ext *ext;
  uint32_t     next, cap_ext;
} bb_packer;

static void bb_buf_reserve(bb_packbuf *b, size_t more) {
  if (b->len + more <= b->cap) return;
  size_t cap = b->cap ? b->cap : 1024;
  while (cap < b->len + more) cap *= 2;
  uint8_t *d = realloc(b->data, cap);
  if (!d) bb_panic("out of memory while packing an object");
  b->data = d;
  b->cap = cap;
}

static void bb_buf_put(bb_packbuf *b, const void *p, size_t n) {
  bb_buf_reserve(b, n);
  memcpy(b->data + b->len, p, n);
  b->len += n;
}

static uint64_t bb_pack_ref(bb_packer *p, bb_object *o) {
  if (o == NULL) return BB_REF_NULL;
  int64_t n = bb_ptrmap_get(&p->seen, o);
  if (o->cls == BB_CLASS_TAG) {
    if (n < 0) {
      if (p->ntags == p->cap_tags) {
        p->cap_tags = p->cap_tags ? p->cap_tags * 2 : 8;
        p->tags = realloc(p->tags, p->cap_tags * sizeof *p->tags);
        p->tagobjs = realloc(p->tagobjs, p->cap_tags * sizeof *p->tagobjs);
        if (!p->tags || !p->tagobjs) bb_panic("out of memory while packing an object");
      }
      bb_tag *t = (bb_tag *)o;
      p->tags[p->ntags] = (bb_pack_tag){t->type, 0, t->id};
      p->tagobjs[p->ntags] = t;
      n = p->ntags++;
      bb_ptrmap_put(&p->seen, o, (uint32_t)n);
    }
    return ((uint64_t)n << 3) | BB_REF_TAG;
  }
  if (n >= 0) return ((uint64_t)n << 3) | BB_REF_OBJ;
  if (o->gc & BB_GC_IMMORTAL) {
    int64_t lit = bb_literal_number(p->ctx, o);
    if (lit < 0) bb_panic("packing: an immortal %s that is not a string literal", p->ctx->classes[o->cls]->name);
    return ((uint64_t)lit << 3) | BB_REF_LITERAL;
  }
  int64_t g = bb_global_number(p->ctx, o);
  if (g >= 0) return ((uint64_t)g << 3) | BB_REF_GLOBAL;
  if (p->nobjs == p->cap_objs) {
    p->cap_objs = p->cap_objs ? p->cap_objs * 2 : 64;
    p->objs = realloc(p->objs, p->cap_objs * sizeof *p->objs);
    if (!p->objs) bb_panic("out of memory while packing an object");
  }
  n = p->nobjs;
  p->objs[p->nobjs++] = o;
  bb_ptrmap_put(&p->seen, o, (uint32_t)n);
  return ((uint64_t)n << 3) | BB_REF_OBJ;
}

/* A large object whose body holds no references (a primitive array or a
 * string), so its bytes go as they are: what bb_pack_external leaves out. */
static bool bb_pack_flat(bb_ctx *ctx, const bb_object *o) {
  const bb_class *c = ctx->classes[o->cls];
  bool flat = c->kind == BB_KIND_STRING || (c->kind == BB_KIND_ARRAY && c->elem_kind != BB_ELEM_REF);
  return flat && (o->gc & BB_GC_LARGE);
}

/* Writes object `i`'s record; the objects it references get numbers. */
static void bb_pack_one(bb_packer *p, uint32_t i) {
  bb_ctx *ctx = p->ctx;
  bb_object *o = p->objs[i];
  size_t bytes = bb_object_bytes(ctx, o);
  size_t body = bytes - sizeof(bb_object);
  size_t padded = (body + 7) & ~(size_t)7;
  /* Other cores may try this object's lock while it is packed (a failed
     compare-and-swap is still an atomic access to the word): read it
     atomically. */
  uintptr_t lw = __atomic_load_n(&o->lock, __ATOMIC_RELAXED);
  bb_pack_rec rec = {
      .cls = o->cls,
      .hash = o->gc >> BB_GC_HASH_SHIFT,
      .flags = o->flags,
      /* A merged lock travels only to an object of the same region: merged
         groups stay on one rank (the layout's rule). */
      .lock = (lw != 0 && (lw & 1u) == 0) ? bb_pack_ref(p, (bb_object *)lw) : 0,
      .tags = bb_pack_ref(p, (bb_object *)o->tags),
      .length = (uint32_t)bb_object_length(ctx, o),
      .body = (uint32_t)body,
  };
  if (!p->out) {
    p->counted += sizeof rec + padded;
    BB_FOR_EACH_REF(ctx, o, slot, { bb_pack_ref(p, *slot); });
    return;
  }
  bb_buf_put(p->out, &rec, sizeof rec);
  if (p->ext_min && body >= p->ext_min && bb_pack_flat(ctx, o)) {
    if (p->next == p->cap_ext) {
      p->cap_ext = p->cap_ext ? p->cap_ext * 2 : 4;
      p->ext = realloc(p->ext, p->cap_ext * sizeof *p->ext);
      if (!p->ext) bb_panic("out of memory while packing an object");
    }
    bb_large_pin(o);
    p->ext[p->next++] = (bb_pack_ext){p->out->len, body, o};
    return;
  }
  size_t at = p->out->len;
  bb_buf_reserve(p->out, padded);
  memcpy(p->out->data + at, (char *)o + sizeof(bb_object), body);
  memset(p->out->data + at + body, 0, padded - body);
  p->out->len += padded;
  BB_FOR_EACH_REF(ctx, o, slot, {
    uint64_t ref = bb_pack_ref(p, *slot);
    memcpy(p->out->data + at + ((char *)slot - (char *)o - sizeof(bb_object)), &ref, sizeof ref);
  });
}

static void bb_packer_free(bb_packer *p) {
  bb_ptrmap_free(&p->seen);
  free(p->objs);
  free(p->tags);
  free(p->tagobjs);
  free(p->ext);
}

/* Packs `root`'s region onto the end of `out` (a caller's header may come
 * first); `locked`: the caller holds bb_tags_lock. The objects packed, in
 * their numbers' order, are left in `*objs` (*nobjs of them) when objs is
 * not NULL; the caller frees the array. With `ext_min` above 0 the flat
 * bodies of that size or more are left out and listed in *ext. */
static void bb_pack_with(bb_ctx *ctx, bb_object *root, bb_packbuf *out, bool locked, bb_object ***objs,
                         uint32_t *nobjs, size_t ext_min, bb_pack_ext **ext, uint32_t *next) {
  bb_packer p = {.ctx = ctx, .out = out, .ext_min = ext_min};
  size_t start = out->len;
  uint32_t head[4] = {BB_PACK_MAGIC, BB_PACK_VERSION, 0, 0};
  bb_buf_put(out, head, sizeof head);
  bb_pack_ref(&p, root);
  for (uint32_t i = 0; i < p.nobjs; i++) bb_pack_one(&p, i);
  if (p.ntags) {
    bb_buf_put(out, p.tags, p.ntags * sizeof *p.tags);
    /* the ids name these instances when the bytes come back */
    if (!locked) bb_tags_lock(ctx);
    for (uint32_t i = 0; i < p.ntags; i++) bb_tagids_enter_locked(ctx, p.tagobjs[i]);
    if (!locked) bb_tags_unlock(ctx);
  }
  head[2] = p.nobjs;
  head[3] = p.ntags;
  memcpy(out->data + start, head, sizeof head);
  if (objs) {
    *objs = p.objs;
    *nobjs = p.nobjs;
    p.objs = NULL;
  }
  if (ext) {
    *ext = p.ext;
    *next = p.next;
    p.ext = NULL;
  }
  bb_packer_free(&p);
}

static void bb_pack_into(bb_ctx *ctx, bb_object *root, bb_packbuf *out, bool locked, bb_object ***objs,
                         uint32_t *nobjs) {
  bb_pack_with(ctx, root, out, locked, objs, nobjs, 0, NULL, NULL);
}

void bb_pack_external(bb_ctx *ctx, bb_object *root, bb_packbuf *out, size_t min, bb_pack_ext **ext,
                      uint32_t *next) {
  if (root == NULL) bb_panic("bb_pack: a null root");
  bb_pack_with(ctx, root, out, false, NULL, NULL, min, ext, next);
}

void bb_pack(bb_ctx *ctx, bb_object *root, bb_packbuf *out) {
  if (root == NULL) bb_panic("bb_pack: a null root");
  bb_pack_into(ctx, root, out, false, NULL, NULL);
}

/* The bytes bb_pack would write for `root`'s region, without writing them:
 * what moving the object to another rank costs (the profiler samples it,
 * profile.c, so that the simulator charges transfers by size). */
size_t bb_pack_size(bb_ctx *ctx, bb_object *root) {
  if (root == NULL) return 0;
  bb_packer p = {.ctx = ctx, .out = NULL};
  bb_pack_ref(&p, root);
  for (uint32_t i = 0; i < p.nobjs; i++) bb_pack_one(&p, i);
  size_t bytes = 4 * sizeof(uint32_t) + p.counted + p.ntags * sizeof(bb_pack_tag);
  bb_packer_free(&p);
  return bytes;
}

/* ---- unpacking ------------------------------------------------------------ */

BB_NORETURN static void bb_unpack_bad(const char *what) {
  bb_panic("unpacking an object: %s (the bytes are damaged or come from another program)", what);
}

static bb_object *bb_unpack_ref(bb_ctx *ctx, uint64_t ref, bb_object **objs, uint32_t nobjs,
                                bb_tag *const *tags, uint32_t ntags) {
  uint64_t n = ref >> 3;
  switch (ref & 7u) {
  case BB_REF_NULL:
    if (ref != 0) bb_unpack_bad("a malformed null reference");
    return NULL;
  case BB_REF_OBJ:
    if (n >= nobjs) bb_unpack_bad("a reference past the last object");
    return objs[n];
  case BB_REF_LITERAL:
    if (n >= ctx->rt->prog->nstrings) bb_unpack_bad("an unknown string literal");
    return &ctx->rt->strings[n]->hdr;
  case BB_REF_GLOBAL:
    if (n >= ctx->rt->prog->nglobals) bb_unpack_bad("an unknown global");
    return *ctx->rt->prog->globals[n];
  case BB_REF_TAG:
    if (n >= ntags) bb_unpack_bad("a reference past the last tag");
    return &tags[n]->hdr;
  default:
    bb_unpack_bad("an unknown kind of reference");
  }
}

/* A new, zeroed object of class `cls` for a record of `length`. */
static bb_object *bb_unpack_alloc(bb_ctx *ctx, const bb_pack_rec *rec) {
  if (rec->cls == BB_CLASS_NONE || rec->cls == BB_CLASS_TAG || rec->cls >= ctx->rt->nclasses)
    bb_unpack_bad("an unknown class");
  const bb_class *c = ctx->classes[rec->cls];
  int32_t len = (int32_t)rec->length;
  if (len < 0) bb_unpack_bad("a negative length");
  bb_object *o;
  switch (c->kind) {
  case BB_KIND_ARRAY:
    /* a primitive array's body overwrites every element (bb_unpack_into):
       zeroing it first would be a second pass over a large array */
    o = c->elem_kind == BB_ELEM_REF ? &bb_new_array(ctx, rec->cls, len, 0)->hdr
                                    : &bb_new_array_unzeroed(ctx, rec->cls, len, 0)->hdr;
    break;
  case BB_KIND_STRING: o = &bb_string_alloc(ctx, len)->hdr; break;
  case BB_KIND_REFLIST: {
    bb_reflist *l = (bb_reflist *)bb_alloc(ctx, sizeof(bb_reflist) + (size_t)len * sizeof(bb_object *));
    l->hdr.cls = BB_CLASS_REFLIST;
    l->count = l->cap = len;
    o = &l->hdr;
    break;
  }
  case BB_KIND_OBJECT: o = bb_new(ctx, rec->cls, c->size); break;
  default: bb_unpack_bad("an object of an internal kind");
  }
  if (bb_object_bytes(ctx, o) - sizeof(bb_object) != rec->body) bb_unpack_bad("a size that does not match the class");
  return o;
}

/* Rebuilds a region packed by bb_pack on this core's heap. Tags resolve by
 * their ids to this process's instances (tag.c); with `bind`, each rebuilt
 * object is added to the bound lists of the tags in its tag list (the
 * check's copies, which nothing runs, are not). The new objects, by
 * number, are left in `*objs` when objs is not NULL. */
/* The object of a record whose body arrived in a block of its own: a flat
 * object (what bb_pack_external leaves out) of the size its class and
 * length give. */
static bb_object *bb_unpack_adopt(bb_ctx *ctx, const bb_pack_rec *rec, const bb_pack_block *b) {
  if (rec->cls == BB_CLASS_NONE || rec->cls == BB_CLASS_TAG || rec->cls >= ctx->rt->nclasses)
    bb_unpack_bad("an unknown class");
  const bb_class *c = ctx->classes[rec->cls];
  size_t bytes;
  if (c->kind == BB_KIND_ARRAY && c->elem_kind != BB_ELEM_REF)
    bytes = sizeof(bb_array) + (size_t)rec->length * bb_elem_sizes[c->elem_kind];
  else if (c->kind == BB_KIND_STRING)
    bytes = sizeof(bb_string) + (size_t)rec->length * sizeof(bb_char);
  else
    bb_unpack_bad("a body sent apart that is not a primitive array or a string");
  if ((int32_t)rec->length < 0 || bytes - sizeof(bb_object) != rec->body || b->len != rec->body)
    bb_unpack_bad("a size that does not match the class");
  bb_object *o = bb_large_adopt(ctx, b->block, bytes);
  o->cls = rec->cls;
  return o;
}

static bb_object *bb_unpack_into(bb_ctx *ctx, const uint8_t *data, size_t len, bool bind, bb_object ***objs_out,
                                 uint32_t *nobjs_out, const bb_pack_block *blocks, uint32_t nblocks) {
  uint32_t head[4];
  if (len < sizeof head) bb_unpack_bad("too short");
  memcpy(head, data, sizeof head);
  if (head[0] != BB_PACK_MAGIC || head[1] != BB_PACK_VERSION) bb_unpack_bad("a wrong magic number or version");
  uint32_t nobjs = head[2], ntags = head[3];
  if (nobjs == 0) bb_unpack_bad("no objects");
  /* Every record is at least its header long: a count past that is damage,
     not an allocation to attempt. */
  if (nobjs > (len - sizeof head) / sizeof(bb_pack_rec)) bb_unpack_bad("more objects than bytes");
  bb_object **objs = bb_xmalloc(ctx, nobjs * sizeof *objs);
  /* where each record is, and its body (SIZE_MAX: in a block) */
  size_t *recs = bb_xmalloc(ctx, nobjs * sizeof *recs), *bodies = bb_xmalloc(ctx, nobjs * sizeof *bodies);
  /* First pass: allocate every object, so that references can be resolved. */
  size_t scan = sizeof head;
  uint32_t block = 0;
  for (uint32_t i = 0; i < nobjs; i++) {
    bb_pack_rec rec;
    if (len - scan < sizeof rec) bb_unpack_bad("a record past the end");
    memcpy(&rec, data + scan, sizeof rec);
    recs[i] = scan;
    scan += sizeof rec;
    if (block < nblocks && blocks[block].at == scan) {
      objs[i] = bb_unpack_adopt(ctx, &rec, &blocks[block++]);
      bodies[i] = SIZE_MAX;
      continue;
    }
    size_t padded = ((size_t)rec.body + 7) & ~(size_t)7;
    if (len - scan < padded) bb_unpack_bad("a body past the end");
    objs[i] = bb_unpack_alloc(ctx, &rec);
    bodies[i] = scan;
    scan += padded;
  }
  if (block != nblocks) bb_unpack_bad("a body sent apart that no record takes");
  if ((len - scan) / sizeof(bb_pack_tag) != ntags || (len - scan) % sizeof(bb_pack_tag) != 0)
    bb_unpack_bad("a tag table that does not end the bytes");
  bb_tag **tags = bb_xmalloc(ctx, (ntags ? ntags : 1) * sizeof *tags);
  if (ntags) bb_tags_lock(ctx);
  for (uint32_t i = 0; i < ntags; i++) {
    bb_pack_tag t;
    memcpy(&t, data + scan, sizeof t);
    scan += sizeof t;
    tags[i] = t.zero == 0 ? bb_tagids_resolve_locked(ctx, t.type, t.id) : NULL;
    if (!tags[i]) {
      bb_tags_unlock(ctx);
      bb_unpack_bad("a tag of an unknown type or id");
    }
  }
  if (ntags) bb_tags_unlock(ctx);
  /* Second pass: contents, then references. */
  for (uint32_t i = 0; i < nobjs; i++) {
    bb_pack_rec rec;
    memcpy(&rec, data + recs[i], sizeof rec);
    bb_object *o = objs[i];
    if (bodies[i] != SIZE_MAX) memcpy((char *)o + sizeof(bb_object), data + bodies[i], rec.body);
    /* The lengths are the allocation's, whatever the body says. */
    switch (ctx->classes[o->cls]->kind) {
    case BB_KIND_ARRAY: {
      bb_array *a = (bb_array *)o;
      a->length = (int32_t)rec.length;
      a->elem_size = bb_elem_sizes[ctx->classes[o->cls]->elem_kind]; /* heap.c */
      break;
    }
    case BB_KIND_STRING: ((bb_string *)o)->length = (int32_t)rec.length; break;
    case BB_KIND_REFLIST: ((bb_reflist *)o)->count = ((bb_reflist *)o)->cap = (int32_t)rec.length; break;
    default: break;
    }
    o->flags = rec.flags;
    o->gc = (o->gc & ((1u << BB_GC_HASH_SHIFT) - 1)) | (rec.hash << BB_GC_HASH_SHIFT);
    o->lock = (uintptr_t)bb_unpack_ref(ctx, rec.lock, objs, nobjs, tags, ntags);
    bb_object *tl = bb_unpack_ref(ctx, rec.tags, objs, nobjs, tags, ntags);
    if (tl != NULL && tl->cls != BB_CLASS_REFLIST) bb_unpack_bad("a tag list that is not a list");
    o->tags = (bb_reflist *)tl;
    BB_FOR_EACH_REF(ctx, o, slot, {
      uint64_t ref;
      memcpy(&ref, slot, sizeof ref);
      *slot = bb_unpack_ref(ctx, ref, objs, nobjs, tags, ntags);
    });
  }
  if (bind && ntags) {
    /* the inverse of each rebuilt tag list: the tags' bound lists */
    bb_tags_lock(ctx);
    for (uint32_t i = 0; i < nobjs; i++) {
      bb_reflist *l = objs[i]->tags;
      for (int32_t k = 0; l && k < l->count; k++) {
        bb_tag *t = (bb_tag *)l->items[k];
        if (t == NULL || t->hdr.cls != BB_CLASS_TAG) {
          bb_tags_unlock(ctx);
          bb_unpack_bad("a tag list holding something other than tags");
        }
        t->bound = bb_reflist_add(ctx, t->bound, objs[i]);
      }
    }
    bb_tags_unlock(ctx);
  }
  bb_object *root = objs[0];
  free(tags);
  free(recs);
  free(bodies);
  if (objs_out) {
    *objs_out = objs;
    *nobjs_out = nobjs;
  } else {
    free(objs);
  }
  return root;
}

bb_object *bb_unpack(bb_ctx *ctx, const uint8_t *data, size_t len) {
  return bb_unpack_into(ctx, data, len, true, NULL, NULL, NULL, 0);
}

bb_object *bb_unpack_blocks(bb_ctx *ctx, const uint8_t *data, size_t len, const bb_pack_block *blocks, uint32_t n) {
  return bb_unpack_into(ctx, data, len, true, NULL, NULL, blocks, n);
}

/* ---- BAMBOO_PACK_CHECK ----------------------------------------------------- */

/* Whether copy `b` of `a` is the same object: class, state, identity hash,
 * the same bytes outside references, and each reference either the
 * corresponding copy (an object of the region) or the very same object (a
 * literal, a global, a tag). */
static bool bb_same_copy(bb_ctx *ctx, bb_object *a, bb_object *b, const bb_ptrmap *number, bb_object *const *copies) {
  if (a->cls != b->cls || a->flags != b->flags || (a->gc >> BB_GC_HASH_SHIFT) != (b->gc >> BB_GC_HASH_SHIFT))
    return false;
  size_t bytes = bb_object_bytes(ctx, a);
  if (bytes != bb_object_bytes(ctx, b)) return false;
#define BB_SAME_REF(x, y) \
  ((x) == NULL ? (y) == NULL : bb_ptrmap_get(number, (x)) >= 0 ? (y) == copies[bb_ptrmap_get(number, (x))] : (y) == (x))
  if (!BB_SAME_REF((bb_object *)a->tags, (bb_object *)b->tags)) return false;
  uintptr_t la = __atomic_load_n(&a->lock, __ATOMIC_RELAXED); /* as in bb_pack_one */
  if (la != 0 && (la & 1u) == 0 && !BB_SAME_REF((bb_object *)la, (bb_object *)b->lock)) return false;
  /* Compare the bytes between reference slots: mark the slots in a copy. */
  uint8_t *mask = calloc(1, bytes);
  if (!mask) bb_panic("out of memory while checking a packed object");
  bool same = true;
  BB_FOR_EACH_REF(ctx, a, slot, {
    size_t off = (size_t)((char *)slot - (char *)a);
    memset(mask + off, 1, sizeof(bb_object *));
    bb_object *y = *(bb_object **)((char *)b + off);
    if (!BB_SAME_REF(*slot, y)) same = false;
  });
#undef BB_SAME_REF
  const uint8_t *pa = (const uint8_t *)a, *pb = (const uint8_t *)b;
  size_t from = sizeof(bb_object);
  /* a reflist's capacity is not part of its value */
  if (a->cls == BB_CLASS_REFLIST) from = sizeof(bb_reflist);
  for (size_t i = from; same && i < bytes; i++)
    if (!mask[i] && pa[i] != pb[i]) same = false;
  free(mask);
  return same;
}

static void bb_pack_check_one(bb_ctx *ctx, bb_object *root) {
  bb_packbuf buf = {0};
  bb_object **orig, **copies;
  uint32_t n, m;
  bb_tags_lock(ctx);
  bb_pack_into(ctx, root, &buf, true, &orig, &n);
  bb_tags_unlock(ctx);
  bb_unpack_into(ctx, buf.data, buf.len, false, &copies, &m, NULL, 0);
  if (m != n) bb_panic("BAMBOO_PACK_CHECK: %u objects packed, %u rebuilt", n, m);
  bb_ptrmap number = {0};
  for (uint32_t i = 0; i < n; i++) bb_ptrmap_put(&number, orig[i], i);
  for (uint32_t i = 0; i < n; i++)
    if (!bb_same_copy(ctx, orig[i], copies[i], &number, copies))
      bb_panic("BAMBOO_PACK_CHECK: object %u of %u (a %s) in the region of a %s differs from its copy", i, n,
               ctx->classes[orig[i]->cls]->name, ctx->classes[root->cls]->name);
  bb_ptrmap_free(&number);
  free(orig);
  free(copies);
  free(buf.data);
}

/* `runs` counts the task's earlier invocations on this core. Checks a task's
 * first BB_PACK_CHECK_ALL exits on each core, then every
 * BB_PACK_CHECK_EVERY-th: an object that accumulates (a growing set) would
 * otherwise make the check quadratic in the run's length. */
#define BB_PACK_CHECK_ALL 128
#define BB_PACK_CHECK_EVERY 64

void bb_pack_check(bb_ctx *ctx, bb_object *const *params, uint32_t n, uint64_t runs) {
  if (runs >= BB_PACK_CHECK_ALL && runs % BB_PACK_CHECK_EVERY != 0) return;
  for (uint32_t i = 0; i < n; i++) bb_pack_check_one(ctx, params[i]);
  for (uint32_t i = 0; i < ctx->npending; i++) bb_pack_check_one(ctx, ctx->pending[i]);
}
