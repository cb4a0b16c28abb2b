/* internal.h — declarations shared by the runtime's .c files only. */
#ifndef BB_INTERNAL_H
#define BB_INTERNAL_H

#include "bb.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* addrs.c: sorted sets of heap addresses (bb_addrs) */
bool      bb_addrs_add(bb_addrs *s, uintptr_t x);   /* false: out of memory */
void      bb_addrs_ready(bb_addrs *s);              /* before lookups */
uintptr_t bb_addrs_floor(const bb_addrs *s, uintptr_t w); /* greatest live entry <= w, or 0 */
void      bb_addrs_drop(bb_addrs *s, uintptr_t x);  /* x was freed: out at the settle */
void      bb_addrs_settle(bb_addrs *s);             /* sorts it all, without the dropped */
void      bb_addrs_free(bb_addrs *s);
/* layout.c: a BAMBOO_LAYOUT file as tables of the bb_program's shape
 * (ncores * ntasks hosts and routes, per-task policies) */
typedef struct bb_layout_file {
  uint32_t   ncores;
  uint8_t   *policies;
  uint8_t   *hosts;
  bb_route  *routes;
  uint32_t  *route_cores;  /* storage behind routes */
} bb_layout_file;
/* Reads `text` as a layout file for prog on `ncores` cores (`rule`: where
 * that number came from, for the error; `mpi`: checks an MPI build's
 * rule too). False, with the reason in err, when it does not fit. */
bool bb_layout_parse(const bb_program *prog, const char *text, size_t len, uint32_t ncores, const char *rule, bool mpi,
                     bb_layout_file *out, char *err, size_t errlen);
/* bb_layout_parse of the file `path`; exits with status 2 and a
 * one-line error naming BAMBOO_LAYOUT when it cannot. */
void bb_layout_load(const bb_program *prog, const char *path, uint32_t ncores, const char *rule, bool mpi,
                    bb_layout_file *out);
void bb_layout_free(bb_layout_file *l);

/* heap.c */
void     bb_gc_mark(bb_ctx *ctx, bb_object *o);   /* mark a root */
void    *bb_xmalloc(bb_ctx *ctx, size_t n);       /* malloc or out-of-memory error */
void     bb_json_string(FILE *f, const char *s);   /* a JSON string literal (io.c) */
void    *bb_xrealloc(bb_ctx *ctx, void *p, size_t n);
/* A primitive array the caller fills completely before the program sees it:
 * not zeroed first when large (Files.readBytes reads straight into it). */
bb_array *bb_new_array_unzeroed(bb_ctx *ctx, uint32_t cls, int32_t length, bb_loc loc);
/* CLOCK_MONOTONIC in ns; inline, since profiling builds read it twice per invocation */
static inline uint64_t bb_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}
/* Runs `body` with `slot` (a bb_object **) at every reference slot of `o`:
 * an instance's reference fields, a reference array's elements, a
 * reflist's items. pack.c and the sharing sanitizer walk regions with it. */
#define BB_FOR_EACH_REF(ctx, o, slot, body)                                                  \
  do {                                                                                       \
    const bb_class *c_ = (ctx)->classes[(o)->cls];                                           \
    if (c_->kind == BB_KIND_OBJECT) {                                                        \
      for (uint32_t i_ = 0; i_ < c_->nrefs; i_++) {                                          \
        bb_object **slot = (bb_object **)((char *)(o) + c_->refs[i_]);                       \
        body;                                                                                \
      }                                                                                      \
    } else if (c_->kind == BB_KIND_ARRAY && c_->elem_kind == BB_ELEM_REF) {                  \
      bb_object **el_ = (bb_object **)bb_array_data((bb_array *)(o));                        \
      for (int32_t i_ = 0; i_ < ((bb_array *)(o))->length; i_++) {                           \
        bb_object **slot = &el_[i_];                                                         \
        body;                                                                                \
      }                                                                                      \
    } else if (c_->kind == BB_KIND_REFLIST) {                                                \
      for (int32_t i_ = 0; i_ < ((bb_reflist *)(o))->count; i_++) {                          \
        bb_object **slot = &((bb_reflist *)(o))->items[i_];                                  \
        body;                                                                                \
      }                                                                                      \
    }                                                                                        \
  } while (0)

/* A switch from the environment: set, and neither empty nor "0". */
static inline bool bb_env_on(const char *name) {
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0") != 0;
}
/* immortal (never collected) objects, e.g. string literals */
void    *bb_alloc_immortal(size_t size);
void     bb_malloc_tune(void);                    /* malloc settings for the collector, at start-up */

/* sched.c: the queues of a core's scheduler `s` that hold invocation
 * records: its queue and the work it holds back (sched.c, "Order"). */
#define BB_FOR_EACH_QUEUE(q, s) \
  for (const bb_queue *q = &(s)->queue; q; q = q == &(s)->queue ? &(s)->held : NULL)

/* sharing.c: hooks from sched.c (bb_task_object, task exit, shut-down) */
void bb_sharing_note(bb_ctx *ctx, bb_object *o, uint32_t site);
void bb_sharing_check(bb_ctx *ctx, const bb_task *d, uint32_t ex, bb_object *const *params, uint32_t n);
void bb_sharing_free(bb_ctx *ctx);
bool bb_sharing_enabled(void); /* BAMBOO_CHECK_SHARING=1: the run is forced onto one core */

/* pack.c: a task object's region as bytes, and back (the MPI backend's
 * transfer); BAMBOO_PACK_CHECK=1 round-trips task objects at exits, before its objects are routed (hook in sched.c). */
typedef struct bb_packbuf { uint8_t *data; size_t len, cap; } bb_packbuf;
void       bb_pack(bb_ctx *ctx, bb_object *root, bb_packbuf *out); /* appends to out */
size_t     bb_pack_size(bb_ctx *ctx, bb_object *root); /* what bb_pack would write for root */
bb_object *bb_unpack(bb_ctx *ctx, const uint8_t *data, size_t len);
/* A body left out of a packed region (bb_pack_external): its `len` bytes
 * (those after `obj`'s header) belong at `at` of the packed bytes, padded
 * with zeros to a multiple of 8. `obj` is pinned (bb_large_pin) until its
 * bytes are sent. */
typedef struct bb_pack_ext { size_t at, len; bb_object *obj; } bb_pack_ext;
/* bb_pack, but the bodies of `min` bytes or more without references (large
 * primitive arrays and strings) are left out and listed in *ext (*next of
 * them; the caller frees the list and unpins the objects): the MPI backend
 * sends them from the objects themselves, so a large array is copied by
 * MPI alone (mpi.c). */
void       bb_pack_external(bb_ctx *ctx, bb_object *root, bb_packbuf *out, size_t min, bb_pack_ext **ext,
                            uint32_t *next);
/* heap.c: a pinned large object outlives collections while unreachable */
void       bb_large_pin(bb_object *o);
void       bb_large_unpin(bb_object *o);
/* heap.c: a block for a large object whose `body` bytes (those after its
 * header) are written before the object exists (mpi.c receives them there),
 * where they start, and the object made of it on this core's heap
 * (bb_unpack_blocks): `size` is the object's bytes, header included. */
void      *bb_large_block(size_t body, void **body_at);
bb_object *bb_large_adopt(bb_ctx *ctx, void *block, size_t size);
/* A body that arrived in its own block (bb_large_block): it belongs where
 * the packed bytes left it out, at `at`. */
typedef struct bb_pack_block { size_t at, len; void *block; } bb_pack_block;
/* bb_unpack of bytes packed by bb_pack_external, the bodies left out in
 * `blocks` (n of them, in order), which become the objects' own memory. */
bb_object *bb_unpack_blocks(bb_ctx *ctx, const uint8_t *data, size_t len, const bb_pack_block *blocks, uint32_t n);
void       bb_pack_check(bb_ctx *ctx, bb_object *const *params, uint32_t n, uint64_t runs); /* if rt->pack_check */

/* reflist helpers (tag.c) */
bb_reflist *bb_reflist_add(bb_ctx *ctx, bb_reflist *l, bb_object *o);
bool        bb_reflist_remove(bb_reflist *l, bb_object *o);
bool        bb_reflist_contains(const bb_reflist *l, const bb_object *o);

/* tag.c: binding lists under rt->tag_lock (no-ops on one core) */
void bb_tags_lock(bb_ctx *ctx);
void bb_tags_unlock(bb_ctx *ctx);
bool bb_tag_bind_locked(bb_ctx *ctx, bb_object *o, bb_tag *t);  /* false: already bound */
void bb_tag_unbind_locked(bb_object *o, bb_tag *t);
uint32_t bb_tag_count_locked(const bb_object *o, uint32_t type); /* o's instances of a type */
bool     bb_tags_for_locked(const bb_object *o, const bb_param *par); /* a tag of each type par names */
uint32_t bb_route_tag_type(const bb_task *d, uint32_t p); /* what TagHash routes parameter p by */
/* tag.c: tag instances by global id, for packed regions (under bb_tags_lock) */
void    bb_tagids_enter_locked(bb_ctx *ctx, bb_tag *t);
bb_tag *bb_tagids_resolve_locked(bb_ctx *ctx, uint32_t type, uint64_t id);
void    bb_tagids_prune(bb_runtime *rt, uint32_t mark); /* heap.c, after marking */
void    bb_tagids_free(bb_runtime *rt);
/* heap.c: the collector's phases (many cores: core 0 marks, each core sweeps) */
void bb_gc_begin(bb_ctx *ctx);
void bb_gc_mark_all(bb_ctx *leader);
void bb_gc_sweep_own(bb_ctx *ctx, uint64_t t0);
/* roots.c: collections inside task bodies (conservative stack roots) */
bool       bb_gc_poll(bb_ctx *ctx, size_t fresh, bool new_memory);
void       bb_gc_for_limit(bb_ctx *ctx);
void       bb_roots_gather(bb_ctx *ctx);
void       bb_roots_mark(bb_ctx *leader);
void       bb_roots_ready(bb_runtime *rt);               /* before bb_roots_find */
bb_object *bb_roots_find(bb_runtime *rt, uintptr_t w);
/* sched.c */
void bb_sched_mark_core(bb_ctx *leader, bb_ctx *core);
/* cores.c */
void bb_gc_request(bb_ctx *ctx);
void bb_gc_join(bb_ctx *ctx);  /* meet the other cores for the pending collection */
void bb_wake_all(bb_runtime *rt);
bool bb_other_cores_idle(bb_ctx *ctx);
void bb_trace_event(bb_ctx *ctx, uint32_t kind, uint32_t task, uint32_t exit, uint64_t t0, uint64_t t1);
/* signals.c: SIGINT/SIGTERM/SIGHUP, the periodic flush, stack overflows */
void bb_signals_start(bb_runtime *rt);
void bb_signals_stop(void);
void bb_signals_thread_init(bb_ctx *ctx);
void bb_signals_thread_done(void);
void bb_core_thread_attr(pthread_attr_t *a);
void bb_run_cores(bb_ctx *ctx);
/* mpi.c (BB_MPI builds only; see its header) and cores.c's side of it */
bool bb_terminated(bb_runtime *rt);
#ifdef BB_MPI
void bb_mpi_init(bb_runtime *rt);
void bb_mpi_check_cores(bb_runtime *rt);
void bb_mpi_start(bb_runtime *rt);
void bb_mpi_finish(bb_runtime *rt);
uint32_t bb_mpi_send(bb_ctx *ctx, uint32_t core, bb_object *o, uint32_t t, uint32_t p);
bool bb_mpi_write_out(const char *p, size_t n);
BB_NORETURN void bb_mpi_halt(bb_runtime *rt, int32_t status);
void bb_mpi_core_idle(bb_runtime *rt);
void bb_mpi_recycle(bb_runtime *rt, uint8_t *bytes, size_t len);
/* what an object message carries (mpi.c's header): meet.c's protocol */
enum { BB_MEET_OBJECT = 0, BB_MEET_GUEST, BB_MEET_ASK, BB_MEET_COME };
/* In the header's kind: the bytes end with the table of bodies that arrived
 * in blocks of their own (mpi_thread.c, bb_mpi_bodies; meet.c). */
#define BB_MPI_KIND_BLOCKS 0x100u
/* The table an object message with bodies sent apart ends with (mpi.c
 * writes it, mpi_thread.c fills in the blocks, meet.c reads it): per body
 * where it belongs in the message, its length and its block, then the
 * count as a u64. */
typedef struct bb_mpi_body_entry { uint64_t at, len, block; } bb_mpi_body_entry;
bb_mpi_body_entry *bb_mpi_body_table(uint8_t *msg, size_t len, uint32_t *n, size_t *packed);
/* meet.c's state, per rank: read by routing (sched.c), else by the first core */
typedef struct bb_meet_ask { uint32_t task, param, from; uint64_t bytes; } bb_meet_ask;
/* An ASK note's body after mpi.c's header: the asking rank's first global
 * core and the packed size of its waiting object. */
typedef struct bb_meet_askbody { uint32_t from, pad; uint64_t bytes; } bb_meet_askbody;

typedef struct bb_meet {
  uint8_t *on;      /* per task: meets (the program's table, checked) */
  uint8_t *asked;   /* per task: an ASK of this rank is unanswered */
  uint8_t *home;    /* per task and parameter: COME was answered, go home */
  uint8_t *larger;  /* per task and parameter: its objects are the larger */
  bb_meet_ask *asks; /* rank 0: ASKs not answered yet */
  uint32_t nasks, cap;
} bb_meet;

uint32_t bb_mpi_send_as(bb_ctx *ctx, uint32_t core, bb_object *o, uint32_t t, uint32_t p, uint32_t kind);
void bb_mpi_note(bb_ctx *ctx, uint32_t core, uint32_t t, uint32_t p, uint32_t kind, const void *body, size_t n);
void bb_mpi_arrive(bb_ctx *ctx, bb_msg *m);
void bb_meet_init(bb_runtime *rt);
void bb_meet_free(bb_runtime *rt);
bool bb_meet_route(bb_ctx *ctx, const bb_route *r, bb_object *o, uint32_t t, uint32_t p, bb_tag *only, bool fresh);
bool bb_meet_idle(bb_ctx *ctx);
#endif
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
typedef struct bb_prof_exit {
  uint64_t count;
  uint64_t timed; /* the invocations whose body was timed (profile.c, "Sampling") */
  double   mean;  /* Welford: running mean of the timed bodies' time (ns) */
  double   m2;    /* Welford: sum of squared deviations from the mean */
  double   sched_ns; /* the scheduler's time after these invocations' bodies, summed */
  uint64_t gaps;     /* the invocations that such a gap followed (all but the run's last) */
  double   bytes;    /* heap bytes these invocations' bodies allocated, summed (version 4) */
  double   book_ns;  /* the profiler's bookkeeping after the timed ones, summed */
  double   book_common_ns; /* of it, the part untimed invocations do as well (not the body's statistics) */
  uint64_t sized;    /* the sampled invocations whose parameters' regions were measured (version 5) */
  double   param_bytes[BB_MAX_PARAMS]; /* their packed region bytes per parameter, summed */
} bb_prof_exit;

typedef struct bb_prof_core {
  bool          cpu;         /* BAMBOO_PROFILE_CLOCK=thread: the thread's CPU clock */
  uint32_t      ntasks, nsites, nexits_total;
  uint32_t     *exit_base;   /* per task: index of its exit 0 in `exits` */
  bb_prof_exit *exits;       /* nexits_total */
  uint64_t     *allocs;      /* nexits_total * nsites: objects per (task exit, site) */
  uint32_t     *cur;         /* nsites: allocations by the running invocation */
  uint64_t     *first_sum;   /* nexits_total * nsites: sum of the index of the site's first
                                allocation among its invocation's allocations (version 3) */
  uint64_t     *first_runs;  /* nexits_total * nsites: invocations that allocated there */
  uint32_t     *first;       /* nsites: that index in the running invocation */
  uint32_t      nalloc_inv;  /* allocations by the running invocation so far */
  uint32_t     *touched;     /* sites with cur != 0 (ntouched of them) */
  uint32_t      ntouched, cap_touched;
  uint64_t      outside;     /* task objects allocated outside any task (program init) */
  uint64_t      clock_ns;    /* clock overhead subtracted from every duration */
  uint64_t      first_ns;    /* clock at the start of the first body (0: none ran) */
  uint64_t      last_ns;     /* clock at the end of the last body */
  uint64_t      count;       /* invocations */
  uint64_t      timed;       /* invocations whose body was timed */
  uint64_t      gap_reads;   /* clock readings that only closed a scheduler gap */
  uint64_t      count_at_last; /* `count` when last_ns was read */
  bool          gap_open;    /* the last invocation was timed: the next start closes its gap */
  uint64_t     *task_timed;  /* per task: timed invocations */
  double       *task_body_ns; /* per task: their body times, summed */
  uint64_t      setup_ns;    /* bb_prof_start's own time (not the program's start-up) */
  uint64_t      start_ns;    /* the clock at runtime start-up */
  uint64_t      gc_ns;       /* collections, timed with the profile's clock */
  uint64_t      gc_mark_ns;  /* their marking (the part one core does at N cores) */
  uint64_t      gc_at_last;  /* gc_ns at the end of the last body */
  uint64_t      bytes0;      /* the heap's total_allocated at the start of the running body */
  uint64_t      live_sum;    /* bytes live after each collection, summed (version 4) */
  uint32_t      last_exit;   /* the `exits` index of the last invocation */
  /* tag bindings (format version 3): per (task exit, binding point, tag
     type) a record in an open-addressing table; binding points are the
     parameters (0 .. BB_MAX_PARAMS-1) and the allocation sites after them */
  uint32_t      ntagtypes;
  struct bb_prof_tagrec *tagrecs;
  uint32_t      ntagrecs, cap_tagrecs;
  /* the running invocation's allocation-block bindings, folded into the
     records when its exit is known */
  struct bb_prof_bind *binds;
  uint32_t      nbinds, cap_binds, nbinds_sited;
  double       *site_bytes;  /* nexits_total * nsites: packed region bytes of the sampled new objects (version 5) */
  uint64_t     *site_sized;  /* nexits_total * nsites: how many were measured */
  bool          sizing;      /* the running invocation's regions are measured */
  uint64_t     *task_sized;  /* per task: invocations whose regions were measured */
  struct bb_prof_newobj { uint32_t site; bb_object *obj; } *newobjs; /* the running one's new task objects */
  uint32_t      nnewobjs, cap_newobjs;
  bb_object   **objs;        /* the running invocation's parameter objects */
  uint32_t      nobjs;
} bb_prof_core;

/* One (task exit, binding point, tag type): bindings made there, how many
   bound an instance no object had been bound to before, and how many bound
   an instance parameter k's object held at the time. */
typedef struct bb_prof_tagrec {
  uint64_t key;   /* ((exit * points + point) * ntagtypes + type) + 1; 0: free */
  uint64_t bound, fresh;
  uint64_t from[BB_MAX_PARAMS];
} bb_prof_tagrec;

/* A binding in an allocation block, before its exit is known. */
typedef struct bb_prof_bind {
  uint32_t site;  /* UINT32_MAX until bb_task_object names the site */
  uint32_t type;
  uint32_t from;  /* bit k: parameter k's object held the instance */
  bool     fresh;
} bb_prof_bind;

static inline uint64_t bb_cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The profile's clock: wall-clock time, or with BAMBOO_PROFILE_CLOCK=thread
 * the thread's CPU time (which a machine busy with other work does not
 * inflate; it leaves out time spent waiting, e.g. for input). Only for a
 * core with ctx->prof set; inline, since bb_step reads it twice per
 * invocation. */
/* Whether route r lists `core` (objects may then stay where they are). */
static inline bool bb_route_has(const bb_route *r, uint32_t core) {
  for (uint32_t k = 0; k < r->n; k++)
    if (r->cores[k] == core) return true;
  return false;
}

static inline uint64_t bb_prof_now(const bb_ctx *ctx) { return BB_UNLIKELY(ctx->prof->cpu) ? bb_cpu_ns() : bb_now_ns(); }

void bb_prof_start(bb_ctx *ctx);
void bb_prof_alloc(bb_ctx *ctx, uint32_t site, bb_object *o);
bool bb_prof_begin(bb_ctx *ctx, uint32_t task, uint64_t *t0);
void bb_prof_invocation(bb_ctx *ctx, uint32_t task, uint32_t exit, uint64_t t0, uint64_t t1, bool timed);
void bb_prof_write(bb_ctx *ctx, bool complete);
void bb_prof_gc(bb_ctx *ctx, uint64_t ns, uint64_t mark_ns);
void bb_prof_finish(bb_ctx *ctx);
void bb_prof_alloc_tag(bb_ctx *ctx, const bb_tag *t);
void bb_prof_exit_tag(bb_ctx *ctx, uint32_t task, uint32_t exit, uint32_t param, const bb_tag *t);

#endif
