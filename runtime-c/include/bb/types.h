/* bb/types.h — the data layout contract between generated code and runtime:
 * object headers, arrays, strings, tags, class descriptors, task tables, the
 * program descriptor, and the per-core context. Functions live in the topic
 * headers (object.h, heap.h, error.h, string.h, tag.h, sched.h, lib.h).
 */
#ifndef BB_TYPES_H
#define BB_TYPES_H

#include "base.h"
#include <pthread.h>

/* ============================================================================
 * Objects
 * ========================================================================== */

/* Every heap object starts with this 32-byte header; the fields of a class
 * follow it (generated code lays a class out as `struct { bb_object hdr;
 * <superclass fields>; <own fields>; }`, and gives their offsets as the
 * class's pointer map). Zero is the correct initial value of every header
 * field except `cls`, which bb_new() sets. */
struct bb_object {
  uint32_t    cls;    /* class id: index into bb_program.classes */
  uint32_t    gc;     /* BB_GC_* bits, owned by the runtime */
  uint64_t    flags;  /* abstract state: bit i = flag i of the class hierarchy */
  uintptr_t   lock;   /* 0 free, odd = held ((core<<1)|1), else pointer to
                         the object whose lock this one shares (merged lock) */
  bb_reflist *tags;   /* tag instances bound to this object, or NULL */
};

/* bb_object.gc bits */
#define BB_GC_MARK0    0x1u   /* reached during a collection of even rank... */
#define BB_GC_MARK1    0x10u  /* ...or of odd rank (bb_heap.mark says which) */
#define BB_GC_MARKS    (BB_GC_MARK0 | BB_GC_MARK1)
#define BB_GC_IMMORTAL 0x2u   /* not in a heap (string literals): never freed */
#define BB_GC_TASKOBJ  0x4u   /* allocated with an allocation block */
#define BB_GC_LARGE    0x8u   /* a large object (own malloc block) */
#define BB_GC_MOVED    0x20u  /* MPI: sent to another rank; this copy is dead (mpi.c) */
#define BB_GC_GUEST    0x40u  /* MPI: sent to another rank to meet an object there; goes home after (meet.c) */
#define BB_GC_STAY     0x80u  /* MPI: larger than what it meets; handed on, it stays on its rank (meet.c) */
#define BB_GC_HASH_SHIFT 8    /* bits 8..31: identity-hash seed (0 = none yet) */

/* Arrays: header, int32 length, element size; the elements follow at offset
 * sizeof(bb_array) == 40, aligned to 8. */
struct bb_array {
  bb_object hdr;
  int32_t   length;
  uint32_t  elem_size;
};
#define bb_array_data(a) ((void *)((char *)(a) + sizeof(bb_array)))
/* Whether a[offset .. offset + count) lies in the array (Java's range
 * checks of arraycopy, new String(chars, offset, count) and the like). */
BB_INLINE bool bb_array_range_ok(const bb_array *a, int32_t offset, int32_t count) {
  return offset >= 0 && count >= 0 && offset <= a->length - count;
}

/* Strings: immutable UTF-16, Java semantics; the code units follow inline.
 * `hash` caches String.hashCode (0 = not computed yet, as in Java). */
struct bb_string {
  bb_object hdr;
  int32_t   length;
  int32_t   hash;
  bb_char   chars[];
};

/* A growable list of references, used by the runtime only (an object's
 * tag bindings, a tag's bound objects). */
struct bb_reflist {
  bb_object  hdr;
  int32_t    count;
  int32_t    cap;
  bb_object *items[];
};

/* A tag instance: its tag type (an id the compiler interns per tag-type name)
 * and the objects bound to it (weak references: the collector drops objects
 * that nothing else keeps alive). */
struct bb_tag {
  bb_object   hdr;
  uint32_t    type;
  uint32_t    pad;
  uint64_t    id;     /* global identity: the making core's sequence number
                         above BB_TAG_CORE_BITS bits of its global core
                         (rank * cores + core; tag.c). What TagHash routing
                         hashes, and what names the instance on other ranks */
  bb_reflist *bound;
};
#define BB_TAG_CORE_BITS 20 /* global cores (ranks x cores) fit in these bits of an id */

/* ============================================================================
 * Class descriptors (emitted by the compiler, one per class and array type)
 * ========================================================================== */

/* Fixed class ids. The compiler must use these ids for these types and number
 * its own classes (and any further array types) from BB_CLASS_FIRST_USER.
 * Ids 0, BB_CLASS_TAG and BB_CLASS_REFLIST are internal: the compiler emits
 * NULL for them and the runtime fills them in. */
enum {
  BB_CLASS_NONE = 0,        /* marks a free heap cell */
  BB_CLASS_OBJECT = 1,      /* java.lang.Object */
  BB_CLASS_STRING = 2,      /* String (layout: bb_string) */
  BB_CLASS_TAG = 3,         /* tag instance (internal) */
  BB_CLASS_REFLIST = 4,     /* bb_reflist (internal) */
  BB_CLASS_BOOLEAN_ARRAY = 5,
  BB_CLASS_BYTE_ARRAY = 6,
  BB_CLASS_CHAR_ARRAY = 7,
  BB_CLASS_SHORT_ARRAY = 8,
  BB_CLASS_INT_ARRAY = 9,
  BB_CLASS_LONG_ARRAY = 10,
  BB_CLASS_FLOAT_ARRAY = 11,
  BB_CLASS_DOUBLE_ARRAY = 12,
  BB_CLASS_OBJECT_ARRAY = 13,  /* Object[] */
  BB_CLASS_STRING_ARRAY = 14,  /* String[] */
  BB_CLASS_FIRST_USER = 15
};

/* bb_class.kind */
enum {
  BB_KIND_OBJECT = 0,   /* an ordinary instance: `size` bytes, refs at `refs` */
  BB_KIND_ARRAY = 1,    /* an array; element type in elem_kind/elem_class */
  BB_KIND_STRING = 2,
  BB_KIND_TAG = 3,
  BB_KIND_REFLIST = 4
};

/* Array element kinds (bb_class.elem_kind) */
enum {
  BB_ELEM_BOOLEAN = 0, BB_ELEM_BYTE, BB_ELEM_CHAR, BB_ELEM_SHORT, BB_ELEM_INT,
  BB_ELEM_LONG, BB_ELEM_FLOAT, BB_ELEM_DOUBLE, BB_ELEM_REF
};

typedef void (*bb_vfn)(void);   /* vtable entries; cast to the real type to call */

struct bb_class {
  const char     *name;       /* Java name: "Text", "int[]", "String[][]" */
  uint32_t        id;         /* == index in the class table */
  uint32_t        super;      /* superclass id; 0 for Object; Object for arrays */
  uint32_t        kind;       /* BB_KIND_* */
  uint32_t        size;       /* instance size in bytes, header included
                                 (arrays: sizeof(bb_array); strings: sizeof(bb_string)) */
  uint32_t        depth;      /* 0 for Object, depth(super)+1 otherwise */
  const uint32_t *display;    /* display[i] = id of the ancestor at depth i,
                                 i = 0..depth (display[depth] == id) */
  uint32_t        nrefs;      /* kind OBJECT: number of reference fields */
  const uint32_t *refs;       /* their byte offsets from the object start */
  uint32_t        elem_kind;  /* kind ARRAY: BB_ELEM_* */
  uint32_t        elem_class; /* kind ARRAY of references: element class id */
  uint32_t        nvtable;
  const bb_vfn   *vtable;     /* virtual methods, slot order chosen by the compiler */
  uint32_t        nflags;     /* flags of the hierarchy (bit i named flag_names[i]) */
  const char *const *flag_names;
};

/* ============================================================================
 * Task tables (emitted by the compiler)
 * ========================================================================== */

#define BB_MAX_PARAMS   16   /* parameters per task */
#define BB_MAX_CORES    1024 /* cores of any layout (bambooc_runtime::MAX_CORES) */
#define BB_MAX_TAGSLOTS 16   /* tag variables named in one task's parameter list */
#define BB_MAX_STAGED   64   /* tag actions in one taskexit */

/* One conjunction of a guard in disjunctive normal form: the flag word
 * satisfies it when (flags & mask) == value. A guard holds when any of its
 * terms holds; `true` is the single term {0, 0}; `false` has no terms. */
typedef struct bb_guard { uint64_t mask, value; } bb_guard;

/* `with tt t` on a parameter: the object must be bound to a tag instance of
 * type `type`, which is then the task's tag variable number `slot`; the same
 * slot on several parameters means the same tag instance. */
typedef struct bb_tagreq { uint32_t type, slot; } bb_tagreq;

typedef struct bb_param {
  const char      *name;     /* parameter name (for traces and errors) */
  uint32_t         cls;      /* class id; instances of subclasses match too */
  uint32_t         nguards;
  const bb_guard  *guards;
  uint32_t         ntags;
  const bb_tagreq *tags;
} bb_param;

/* What an exit does to one parameter's flags: flags = (flags & and_mask) | or_mask.
 * Untouched parameters get {~0, 0}. */
typedef struct bb_flagop { uint64_t and_mask, or_mask; } bb_flagop;

/* The task body. `params[i]` is parameter i; `tagvars[s]` is tag slot s.
 * The body chooses its exit by storing ctx->exit (see BB_TASKEXIT) and
 * returning; returning without doing so takes exit 0 (end of body). */
typedef void (*bb_task_fn)(bb_ctx *ctx, bb_object **params, bb_tag **tagvars);

struct bb_task {
  const char      *name;
  bb_task_fn       fn;
  uint32_t         nparams;
  const bb_param  *params;
  uint32_t         ntagslots;
  uint32_t         nexits;   /* >= 1 */
  const bb_flagop *exits;    /* nexits * nparams, exit-major: exits[e*nparams + p];
                                exit 0 is the end of the body: all {~0, 0} */
  bb_loc           loc;      /* where the task is declared */
};

/* Many-core layout (paper 4.3.4): how a task chooses among its instances.
 * BB_POLICY_LOCAL is round-robin for new objects, while an object a task
 * hands on stays on its core when that core is in its own route: a chain
 * of tasks on one object then never pays a hop (4.3.2's core groups).
 * BB_POLICY_HERE keeps new objects on their core too (a task too small to
 * be worth a hop), and idle cores are not handed its work. */
enum {
  BB_POLICY_SINGLE = 0,
  BB_POLICY_ROUND_ROBIN = 1,
  BB_POLICY_TAG_HASH = 2,
  BB_POLICY_TAG_HOME = 3,
  BB_POLICY_LOCAL = 4,
  BB_POLICY_HERE = 5,
};

/* routes[core * ntasks + task]: the cores an object leaving `core` is sent
 * to when its new state enables `task` (one of them, chosen by the policy). */
typedef struct bb_route { uint32_t n; const uint32_t *cores; } bb_route;

/* A string literal: UTF-16 code units (no terminator needed). */
typedef struct bb_strlit { int32_t length; const bb_char *chars; } bb_strlit;

/* Everything the compiler emits about a program, handed to bb_main(). */
struct bb_program {
  uint32_t               abi_version;   /* BB_ABI_VERSION the code was generated for */
  const char            *name;          /* program name (for diagnostics) */
  uint32_t               nclasses;      /* size of `classes` (ids 0..nclasses-1) */
  const bb_class *const *classes;       /* indexed by class id; NULL at 0, 3, 4 */
  uint32_t               ntasks;
  const bb_task         *tasks;
  uint32_t               nfiles;
  const char *const     *files;         /* file names for bb_loc, e.g. "keyword.bb" */
  uint32_t               nstrings;
  const bb_strlit       *strings;       /* literal i is BB_STR(ctx, i) */
  uint32_t               ntagtypes;
  const char *const     *tagtypes;      /* tag type names by id */
  /* the StartupObject: class, initial flag word, and byte offsets of its
     `args` and `parameters` fields (both receive the String[] of arguments) */
  uint32_t               startup_class;
  uint64_t               startup_flags;
  uint32_t               startup_args_offset;
  uint32_t               startup_parameters_offset;
  /* optional (NULL/0 when unused): */
  /* StartupObject's constructor, called instead of storing the two fields */
  void                 (*startup_init)(bb_ctx *ctx, bb_object *self, bb_array *args);
  /* run once before the StartupObject is published (e.g. System.out) */
  void                 (*init)(bb_ctx *ctx);
  /* addresses of global reference variables (GC roots), e.g. &System_out */
  uint32_t               nglobals;
  bb_object **const     *globals;
  /* profiling builds (`bambooc --profile-gen`) only: see bb/profile.h */
  const struct bb_profile_info *profile;
  /* The layout. ncores == 0 or 1: one core. With `default_layout` set, only
     `ncores` and `policies` (the policies of the default layout for two or
     more cores) are given, and the runtime builds hosts and routes itself:
     every task that is not Single on every core, Single tasks on core 0,
     routes to every instance; BAMBOO_CORES=N then overrides ncores. Without
     it, `hosts` (ncores * ntasks flags) and `routes` give the layout. */
  uint32_t               ncores;
  bool                   default_layout;
  const uint8_t         *policies;      /* per task: BB_POLICY_* */
  const uint8_t         *hosts;         /* hosts[core * ntasks + task] */
  const bb_route        *routes;        /* routes[core * ntasks + task] */
  /* `profile::fingerprint` of the program: a BAMBOO_LAYOUT file must carry
     the same (layout.c) */
  const char            *fingerprint;
  /* MPI builds of the default layout (optional): per task, 1 when the
     Single task may run on any rank, its smaller parameter object sent to
     the larger one's rank (runtime-c/src/meet.c; driver/mpi.rs says which) */
  const uint8_t         *meets;
  /* MPI builds (optional): per task, 1 when it must stay `single` on global
     core 0: the startup task, and tasks that form or may take merged lock
     groups (driver/mpi.rs pinned_tasks); a BAMBOO_LAYOUT layout may place
     every other task freely (layout.c) */
  const uint8_t         *pinned;
};

/* ============================================================================
 * Per-core heap
 * ========================================================================== */

#define BB_NSIZECLASSES 24
#define BB_SMALL_MAX    2048          /* larger objects get their own block */
#define BB_PAGE_SIZE    (64 * 1024)   /* small objects live in pages of this size */
#define BB_LINE         64            /* a cache line: pages and their cells of whole lines align to it */
/* The size a task object (an instance of a class with flags) is allocated
 * with: whole cache lines, so two such objects never share a line. One core
 * often makes the objects that several cores then work on (a startup
 * handing out items); side by side in a page, each core's writes would
 * take the line from the other on every invocation. */
#define BB_LINES(n) (((size_t)(n) + BB_LINE - 1) & ~(size_t)(BB_LINE - 1))

typedef struct bb_page bb_page;
typedef struct bb_large bb_large;

/* A sorted set of page or large-block addresses (src/addrs.c): the
 * collector finds the page or block of a stack word in it. */
typedef struct bb_addrs {
  uintptr_t *a;            /* [0, nsorted) sorted; [nsorted, n) added since */
  size_t     n, nsorted, cap;
  size_t     ntail_sorted; /* n when the tail was last sorted */
  uintptr_t *dead;         /* entries freed by the running sweep */
  size_t     ndead, cap_dead;
  uintptr_t *tmp;          /* scratch for sorting and merging */
  size_t     cap_tmp;
} bb_addrs;

/* A free heap cell: class id 0 and a link where the flag word would be. */
typedef struct bb_freecell { uint32_t cls, gc; struct bb_freecell *next; } bb_freecell;

typedef struct bb_heap {
  bb_freecell *free[BB_NSIZECLASSES];   /* free cells per size class */
  uint8_t      sc_of[BB_SMALL_MAX / 16 + 1]; /* (size+15)/16 -> size class */
  uint32_t     sc_size[BB_NSIZECLASSES];/* cell size per class */
  bb_page     *cur[BB_NSIZECLASSES];    /* page being bump-allocated */
  bb_page     *pages[BB_NSIZECLASSES];  /* every page of the class */
  bb_page     *empty;                   /* pool of empty pages */
  size_t       nempty;
  bb_large    *large;                   /* large objects (doubly linked) */
  bb_addrs     page_addrs;  /* every page this heap holds, pooled ones too */
  bb_addrs     large_addrs; /* every large block */
  size_t       allocated;   /* bytes allocated since the last collection */
  size_t       threshold;   /* collect at a boundary once allocated >= this */
  size_t       live;        /* bytes live after the last collection */
  size_t       footprint;   /* bytes held from the system */
  size_t       limit;       /* BAMBOO_HEAP_MAX, bounding all cores' footprints together (0 = none) */
  size_t       min_threshold;
  bb_object  **mark_stack;
  size_t       mark_top, mark_cap;
  bb_tag     **tags_seen;   /* marked tags (their bound lists are pruned) */
  size_t       ntags_seen, cap_tags_seen;
  uint64_t     collections;
  uint64_t     gc_ns;
  uint64_t     total_allocated;
  uint32_t     mark;        /* the mark bit of the current (or last) collection */
  uint32_t     stress_pages;   /* pages taken in task bodies under BAMBOO_GC_STRESS */
  uint64_t     in_body_collections; /* collections this core entered inside a task body */
  double       growth;      /* BAMBOO_GC_GROWTH: the heap after a collection is live bytes times this */
} bb_heap;

/* ============================================================================
 * Per-core scheduler state
 * ========================================================================== */

/* A parameter set: the published objects that match one parameter of one
 * multi-parameter task (dense array + open-addressing index by address). */
typedef struct bb_pset {
  bb_object **items;
  uint32_t    count, cap;
  uint32_t   *index;      /* slot -> item index + 1 (0 = empty) */
  uint32_t    index_mask;
} bb_pset;

typedef struct bb_taskrt {
  const bb_task *desc;
  bb_pset       *sets;    /* nparams sets, or NULL for one-parameter tasks */
  uint64_t       runs;    /* invocations run */
  uint64_t       ns;      /* time in the body (BAMBOO_STATS / trace only) */
} bb_taskrt;

/* (task, parameter) pair whose parameter class accepts some class */
typedef struct bb_tp { uint16_t task, param; } bb_tp;

/* The invocation queue: a ring of machine words holding records
 * [task index][nparams objects][ntagslots tags][stamp][task index], read
 * from either end (sched.c: the newest first, the oldest when it has
 * waited too long). The stamp is the value of `pushed` when the record
 * was queued. */
typedef struct bb_queue {
  uintptr_t *buf;
  size_t     mask;        /* capacity - 1, capacity a power of two */
  size_t     head, tail;  /* words; head == tail: empty; head: the oldest end */
  size_t     count;       /* records */
  uint64_t   pushed;      /* records queued so far */
  uint64_t   head_stamp;  /* the oldest record's stamp (empty: the next one's) */
  uint64_t   last_due;    /* `pushed` when a record that had waited too long was last taken */
  uint32_t   streak;      /* invocations queued again at the newest end in a row */
} bb_queue;

typedef struct bb_tagop { uint32_t param; uint32_t add; bb_tag *tag; } bb_tagop;

/* A message: an object handed to another core for (task, param); `only`
 * restricts the invocations built to those using that tag instance (the
 * object just gained it). Intrusive node of a Vyukov multi-producer,
 * single-consumer queue. */
typedef struct bb_msg {
  struct bb_msg *next;
  bb_object     *obj;
  bb_tag        *only;
  uint32_t       task, param;
  uint64_t       flow;     /* trace flow id (0 = not traced) */
  uint8_t       *bytes;    /* MPI: a packed object from another rank (obj NULL; mpi.c) */
  size_t         nbytes;
} bb_msg;

typedef struct bb_inbox {
  bb_msg  *head;           /* producers exchange here (atomic) */
  char     _pad0[56];
  bb_msg  *tail;           /* the owner pops here */
  bb_msg   stub;
} bb_inbox;

typedef struct bb_sched {
  bb_taskrt  *tasks;
  uint32_t    ntasks;
  uint32_t   *tp_start;   /* per class id: range into tp (shared, read-only) */
  bb_tp      *tp;
  bb_queue    queue;
  /* The work enabled by invocations that kept one of their objects for
     their task while handing on the others (a task handing out pieces of
     work), held back while the next queued invocation is another such of
     the same task and object: sched.c, "Order". */
  bb_queue    held;
  uint32_t    holding;    /* routing now: local invocations go to `held` */
  uint32_t    hold_task, hold_kept;     /* the task and its kept parameters */
  bb_object  *hold_objs[BB_MAX_PARAMS]; /* the objects it kept */
  uint64_t    dispatched, dropped, retried;
  /* many cores */
  uint32_t   *rr;         /* per task: round-robin position of this core (starts at the core's index) */
  uint64_t    busy_ns;    /* time in task bodies and exits */
  uint64_t    started_ns; /* when the core's loop began (BAMBOO_STATS: a core's start-up) */
  uint64_t    last_end_ns;/* when its last timed invocation ended (BAMBOO_STATS: the end's cost) */
  uint32_t    left;       /* set when the core's thread has left its loop and reads the runtime no more (atomic) */
  uint64_t    flows;      /* trace flow ids handed out */
  bb_msg     *spare;      /* messages this core received, kept for its own sends */
  uint32_t    nspare;
  uint64_t    donated;    /* invocations handed to hungry cores */
  /* Each line below has one kind of writer, so that a core handing an
     object to another reads no line that the receiver writes per message
     (each such read is a cache miss). Written by the owner, read by the
     termination check (atomics): */
  _Alignas(64) uint64_t sent;
  uint64_t    received;
  uint32_t    idle;
  /* Set by the owner when it parks, read by every sender (cores.c,
     "Parking"): */
  _Alignas(64) uint32_t sleeping;
  /* Set by this core when it has nothing to do, cleared by the core that
     hands it work or by this core when work arrives (atomic; balance.c). */
  _Alignas(64) uint32_t hungry;
  _Alignas(64) bb_inbox inbox;
  pthread_mutex_t sleep_lock;
  pthread_cond_t  wake;
} bb_sched;

/* ============================================================================
 * The context: one per core, passed explicitly as the first argument of every
 * runtime function and every generated method and task.
 * ========================================================================== */
/* Each core's context starts on a cache line of its own (and its size is a
 * whole number of lines): generated code writes `loc` before every call that
 * may fail, millions of times a second, and another core's fields must not
 * share that line. */
struct bb_ctx {
  _Alignas(64) const bb_class *const *classes;  /* class table, indexed by id */
  bb_string *const      *strings;  /* interned string literals */
  const bb_task         *task;     /* running task, NULL between tasks */
  uint32_t               exit;     /* exit chosen by the running task */
  bb_loc                 loc;      /* location of the current call into a
                                      native that may fail (see README) */
  uint32_t               core;     /* this core's number */
  uint32_t               hash_counter; /* identity-hash seeds handed out */
  uint32_t               nstaged;  /* tag actions staged for the exit */
  bb_tagop               staged[BB_MAX_STAGED];
  bb_object            **pending;  /* task objects allocated by the running task */
  struct bb_sharing     *sharing;  /* sharing.c: sites of pending objects, sanitizer state */
  uint32_t               npending, cap_pending;
  bb_heap                heap;
  bb_sched               sched;
  bb_runtime            *rt;
  /* BAMBOO_TRACE: kind 0 = invocation slice [t0, t1] of `task` leaving
     through `exit`; 1 = hand-off sent (flow id in t1), 2 = received */
  struct bb_trace_ev { uint32_t task, exit, kind; uint64_t t0, t1; } *trace;
  size_t                 ntrace, cap_trace;
  bool                   timing;   /* measure task times (stats or trace on) */
  struct bb_prof_core   *prof;     /* profiling builds: this core's counters (profile.c) */
  uint64_t               tag_counter; /* tag ids handed out by this core */
  pthread_t              thread;
  /* Collections inside a task body (roots.c): the body is running (its
     allocations are safepoints), collections are forbidden while the core
     holds a lock another core may wait for, the highest stack address the
     conservative scan reads, and the words of this core's stack that may
     point into a heap, gathered at its last safepoint. */
  uint32_t               in_body;
  uint32_t               gc_forbid;
  uintptr_t              stack_hi;
  uintptr_t             *roots;
  size_t                 nroots, cap_roots;
};

/* Process-wide state. */
/* The barrier at which the cores meet for a collection (cores.c). */
typedef struct bb_barrier {
  uint32_t        n;        /* cores that meet */
  uint32_t        arrived;  /* of this round so far (atomic) */
  uint32_t        round;    /* rounds completed (atomic) */
  bool            spin;     /* wait by spinning first: every core has a CPU */
  pthread_mutex_t lock;
  pthread_cond_t  done;
} bb_barrier;

struct bb_runtime {
  const bb_program *prog;
  const bb_class  **classes;       /* prog->classes with internal ids filled in */
  uint32_t          nclasses;
  bb_string       **strings;       /* literals (immortal) */
  int               argc;
  char            **argv;
  bool              gc_stress;     /* BAMBOO_GC_STRESS=1 */
  bool              stats;         /* BAMBOO_STATS=1 */
  const char       *trace_path;    /* BAMBOO_TRACE=file.json */
  uint64_t          start_ns;
  pthread_mutex_t   out_lock;      /* guards the stdout buffer */
  char             *out_buf;
  size_t            out_len, out_cap;
  bb_ctx           *cores;         /* ncores contexts */
  uint32_t          ncores;
  /* the layout in use (see bb_program): */
  uint8_t          *policies;      /* per task */
  bb_route         *routes;        /* ncores * ntasks */
  uint32_t         *route_cores;   /* storage behind routes */
  /* many cores */
  uint32_t          done;          /* termination detected (atomic) */
  uint32_t          gc_pending;    /* a core asked for a collection (atomic) */
  uint32_t          gc_trim;       /* ...at the heap limit: empty pages go back (atomic; roots.c) */
  bool              gc_trim_now;   /* the running collection's gc_trim (heap.c) */
  bool              balance;       /* hand queued work to idle cores (BAMBOO_BALANCE, default on) */
  bool              crowded;       /* more cores than processors: idle cores park sooner (cores.c) */
  /* Cores that asked for work, at least (atomic): read at every task
     boundary, written when a core asks or is answered, so on a line of its
     own, away from `done` and `gc_pending`, which idle cores poll. */
  char              _pad_hungry0[64];
  uint32_t          nhungry;
  char              _pad_hungry1[60];
  uint32_t          cpus;          /* processors available, 0 if unknown */
  bb_barrier        gc_barrier;
  pthread_mutex_t   tag_lock;      /* tag bindings, when ncores > 1 */
  uint32_t          halting;       /* System.exit or an error: output closed (atomic) */
  bool              out_tty;       /* stdout is a terminal: flushed at each newline */
  bool              check_sharing; /* BAMBOO_CHECK_SHARING=1: sharing.c after each exit */
  bool              pack_check;    /* BAMBOO_PACK_CHECK=1: pack.c at exits */
  /* MPI builds (mpi.c): this process's rank among nranks, its first global
     core (rank * ncores); 0, 1 and 0 otherwise */
  uint32_t          rank, nranks, core_base;
  struct bb_mpi    *mpi;
  struct bb_meet   *meet;          /* tasks meeting on the larger object's rank (meet.c), or NULL */
  uint64_t          mpi_injected;  /* objects from other ranks put in local inboxes (atomic) */
  struct bb_tagids *tagids;        /* tag instances by id, for packed regions (tag.c) */
  uint32_t          leaving;       /* cores still in their loops when core 0 finished (core 0's only; cores.c) */
};

#endif
