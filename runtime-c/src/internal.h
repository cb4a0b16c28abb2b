/* internal.h — declarations shared by the runtime's .c files only. */
#ifndef BB_INTERNAL_H
#define BB_INTERNAL_H

#include "bb.h"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* heap.c */
void     bb_gc_mark(bb_ctx *ctx, bb_object *o);   /* mark a root */
void    *bb_xmalloc(bb_ctx *ctx, size_t n);       /* malloc or out-of-memory error */
void    *bb_xrealloc(bb_ctx *ctx, void *p, size_t n);
uint64_t bb_now_ns(void);
/* immortal (never collected) objects, e.g. string literals */
void    *bb_alloc_immortal(size_t size);
void     bb_malloc_tune(void);                    /* malloc settings for the collector, at start-up */

/* sharing.c: hooks from sched.c (bb_task_object, task exit, shut-down) */
void bb_sharing_note(bb_ctx *ctx, bb_object *o, uint32_t site);
void bb_sharing_check(bb_ctx *ctx, const bb_task *d, uint32_t ex, bb_object *const *params, uint32_t n);
void bb_sharing_free(bb_ctx *ctx);
bool bb_sharing_enabled(void); /* BAMBOO_CHECK_SHARING=1: the run is forced onto one core */

/* reflist helpers (tag.c) */
bb_reflist *bb_reflist_add(bb_ctx *ctx, bb_reflist *l, bb_object *o);
bool        bb_reflist_remove(bb_reflist *l, bb_object *o);
bool        bb_reflist_contains(const bb_reflist *l, const bb_object *o);

/* tag.c: binding lists under rt->tag_lock (no-ops on one core) */
void bb_tags_lock(bb_ctx *ctx);
void bb_tags_unlock(bb_ctx *ctx);
bool bb_tag_bind_locked(bb_ctx *ctx, bb_object *o, bb_tag *t);  /* false: already bound */
void bb_tag_unbind_locked(bb_object *o, bb_tag *t);
/* heap.c: the collector's phases (many cores: core 0 marks, each core sweeps) */
void bb_gc_mark_all(bb_ctx *leader);
void bb_gc_sweep_own(bb_ctx *ctx, uint64_t t0);
/* sched.c */
void bb_sched_mark_core(bb_ctx *leader, bb_ctx *core);
void bb_gc_request(bb_ctx *ctx);
void bb_trace_event(bb_ctx *ctx, uint32_t kind, uint32_t task, uint32_t exit, uint64_t t0, uint64_t t1);
/* error.c: first caller wins; later callers (other cores) never return */
void bb_halt_begin(bb_runtime *rt);
/* object.c: descriptors of the internal classes */
extern const bb_class bb_class_tag_desc;
extern const bb_class bb_class_reflist_desc;

/* lib.c: String.toUpperCase/toLowerCase expansions (NULL if none) */
const uint16_t *bb_uc_special(int32_t c, bool upper, int *len);

/* io.c */
void bb_out_init(bb_runtime *rt);

/* profile.c: the hooks of profiling builds (see the top of profile.c) */
typedef struct bb_prof_core bb_prof_core;
void bb_prof_start(bb_ctx *ctx);
void bb_prof_alloc(bb_ctx *ctx, uint32_t site);
void bb_prof_invocation(bb_ctx *ctx, uint32_t task, uint32_t exit, uint64_t t0, uint64_t t1);
void bb_prof_write(bb_ctx *ctx, bool complete);
uint64_t bb_prof_now(const bb_ctx *ctx);
void bb_prof_gc(bb_ctx *ctx, uint64_t ns);
void bb_prof_finish(bb_ctx *ctx);

#endif
