/* mpi.c — the MPI backend (issue 31): one program over R processes (ranks),
 * each running the many-core runtime (cores.c) on BAMBOO_CORES cores; the
 * cores that talk by messages of paper section 4.7, across machines.
 *
 * In: the routes of the default layout, built for R x C global cores
 * (global core = rank * C + local core; startup.c, bb_layout_setup), and the
 * objects sched.c routes to a core of another rank (by tag instance too). Out: those objects
 * packed (pack.c), sent, rebuilt on the receiving rank and enqueued on its
 * core as if a local message had arrived; the end of the run, decided for
 * every rank at once; each rank's output, written whole by rank 0.
 *
 * - Threads: every MPI call after MPI_Init_thread is made by one
 *   communication thread per rank (MPI_THREAD_SERIALIZED is asked for, not
 *   MULTIPLE: one thread needs no locking inside MPI, and the scheduler
 *   threads must never wait on it; Open MPI's MULTIPLE takes a lock in
 *   every call and would still need someone to poll for arrivals). Cores
 *   pack an object into a pooled buffer (no copy after packing; large
 *   buffers are reused, since a fresh megabyte's page faults cost more than
 *   the copy into it), queue it in a locked outbox and go on with their
 *   tasks; the thread sends it with MPI_Isend from that buffer.
 * - Large bodies go apart: a primitive array or string of BB_MPI_DIRECT_MIN
 *   bytes or more is left out of the packed buffer (pack.c,
 *   bb_pack_external) and sent from the object itself as a BB_MPI_BODY
 *   message right after the object's (tagged BB_MPI_OBJS); the object is
 *   pinned (heap.c) until that send completes. The receiving thread takes
 *   each body straight into a block that becomes the rebuilt object
 *   (bb_mpi_bodies, bb_unpack_blocks), so such an array crosses with one
 *   copy, MPI's, instead of three (figures: benchmarks/logs/2026-12-08.md).
 * - When the thread runs: whoever gives it work (a core's object, output,
 *   an exit, the end) signals its condition variable, so a send leaves at
 *   once. Arrivals make no signal (shared-memory MPI has no descriptor to
 *   wait on), so they are polled for with MPI_Iprobe. For BB_MPI_SPIN_NS
 *   (BAMBOO_MPI_SPIN_US overrides it) after traffic and after a local core
 *   ran out of work (cores.c calls bb_mpi_core_idle, which wakes the
 *   thread), the thread polls without sleeping, but only while a local
 *   core waits for work: when the rank has a processor for each of its
 *   cores and the thread (`spin`) it takes one no core of the rank is
 *   using; otherwise (mpirun binds each rank to one processor) it yields
 *   between polls, so the waiting core, once given work, runs at once.
 *   The window is long (5 ms) because a rank's core often waits a
 *   millisecond or more for a neighbour's step (Jacobi-3D's halos; figures
 *   in benchmarks/logs/2026-12-07-night.md), and the polls cost only the
 *   processor that waiting core leaves idle.
 *   After that, or while every core is busy, it naps on the condition variable, from BB_MPI_NAP_MIN_NS doubling to BB_MPI_NAP_MAX_NS
 *   (at most BB_MPI_NAP_SENDING_NS while a send is in flight: a large one
 *   may need the sender's progress calls), so an idle rank costs almost no
 *   processor, and objects still arrive while the cores are busy (their
 *   next work is then ready when they finish). Having handed a core
 *   objects the thread yields once: the core may share its processor.
 *   A received object is unpacked by its destination core, at its next
 *   boundary (cores.c, bb_drain): the heap is the core's own.
 * - Termination: Mattern's four-counter method over a ring of ranks. When
 *   rank 0 is quiet (cores.c, bb_terminated: every local core idle, every
 *   local message received) it sends a wave round the ring; each rank adds
 *   whether it is quiet and its counts of objects sent to and received from
 *   other ranks. Two consecutive waves that both find every rank quiet and
 *   the same totals, with as many received as sent, end the run: a rank
 *   only becomes busy again by receiving, which would change the counts.
 *   Each wave that finds work doubles the wait before the next (from
 *   BB_MPI_WAVE_GAP_NS to BB_MPI_WAVE_GAP_MAX_NS): rank 0 is quiet whenever
 *   its objects are away, and a wave then would only add messages.
 * - Ends: rank 0 sends STOP to every rank (status 0 at the normal end; the
 *   status of System.exit or 1 after a run-time error on any rank, which
 *   sends EXIT to rank 0 first). Every rank then sends its remaining output
 *   and FIN to rank 0; rank 0 waits for every FIN (at most BB_MPI_WAIT_S
 *   seconds), and every rank calls MPI_Finalize and ends with the status.
 *   A rank that dies is mpirun's to report: it ends the job.
 * - Output: a rank's standard output goes to rank 0 (OUT), which writes each
 *   rank's bytes up to its last newline, so lines of two ranks never mix;
 *   tails are written in rank order at the end.
 * - Tags: a tag instance's id is global (tag.c: the making core's sequence
 *   number and global core), packed regions name tags by id and the
 *   receiver resolves each id to its process's one instance (pack.c), and
 *   tag-routed tasks hash the id over the route's global cores, the same
 *   on every rank: the objects of one instance meet on one core.
 * - Moves: the copy left behind is dead (BB_GC_MOVED; sched.c never runs
 *   an invocation on it). An object is moved only when it is wanted on one
 *   core: routing sends it to that core for every parameter it satisfies
 *   (Single tasks on one core, tasks tag-routed alike, or tag-routed
 *   tasks whose instances of its tags all lie on that core, and then it
 *   has one instance of each routing tag type); it then arrives there for each
 *   (cores.c, bb_drain). Otherwise it stays on its rank, or, for a
 *   tag-routed task or one with no core here, that is an error
 *   (bb_mpi_unmovable, bb_mpi_send).
 * - Meetings: two-parameter Single tasks the compiler marks run on the
 *   larger object's rank, the smaller one sent as a guest (meet.c); its
 *   notes are object messages without an object (the header's `kind`).
 * - Rules (enforced by the compiler, driver/mpi.rs): merged lock groups
 *   only among tasks on rank 0; no original-dialect globals. */
#ifdef BB_MPI
#include <mpi.h>
#include <sched.h>

/* BB_MPI_OBJS: an object whose large flat bodies follow as BB_MPI_BODY
 * messages (bb_mpi_send_as). */
enum { BB_MPI_OBJ = 1, BB_MPI_WAVE, BB_MPI_EXIT, BB_MPI_STOP, BB_MPI_OUT, BB_MPI_FIN, BB_MPI_OBJS, BB_MPI_BODY };

#define BB_MPI_SPIN_NS 5000000ull   /* polling for arrivals after traffic, a core waiting (BAMBOO_MPI_SPIN_US) */
#define BB_MPI_NAP_MIN_NS 1000ull   /* then naps: the first ... */
#define BB_MPI_NAP_MAX_NS 500000ull /* ... doubled up to this */
#define BB_MPI_NAP_SENDING_NS 50000ull /* the longest nap while a send is in flight */
#define BB_MPI_WAVE_GAP_NS 200000ull      /* between two termination waves of rank 0 ... */
#define BB_MPI_WAVE_GAP_MAX_NS 10000000ull /* ... doubled, up to this, after each that finds work */
#define BB_MPI_WAIT_S 5             /* how long an ending rank waits for the others */
/* Flat bodies (primitive arrays, strings) of this many bytes or more are
 * sent from the object itself, not copied into the packed buffer
 * (BAMBOO_MPI_DIRECT_MIN overrides it; 0: never). Below it the copy costs
 * less than a message of its own. */
#define BB_MPI_DIRECT_MIN 65536u

/* A message for MPI: queued by any thread, sent and then freed by the
 * communication thread. `data` is the item's own tail (control messages,
 * output) or a packed object's buffer, sent where it was packed; `ext`
 * lists the bodies that follow it from their objects (BB_MPI_OBJS), each
 * with a request of its own in `body_reqs`. */
typedef struct bb_mpi_item {
  struct bb_mpi_item *next;
  int dest, tag;
  size_t len, cap;
  MPI_Request req;
  uint8_t *data;
  bb_pack_ext *ext;
  MPI_Request *body_reqs;
  uint32_t next_bodies;
  uint8_t tail[];
} bb_mpi_item;

/* Large buffers kept for reuse (packed objects, received messages): a
 * fresh megabyte costs its page faults at every touch, more than the copy
 * into it. Capacities are powers of two from BB_MPI_POOL_MIN up, so that a
 * buffer given back by its length (cores.c knows no more) is never thought
 * larger than it is. */
#define BB_MPI_POOL 8
#define BB_MPI_POOL_MIN 65536u
typedef struct bb_mpi_buf { uint8_t *data; size_t cap; } bb_mpi_buf;

/* The header of an object message, before the packed bytes: the global
 * core, and the task and parameter it was routed for (it arrives for every
 * parameter it satisfies: routing sent it to this core for each), and
 * what it is (BB_MEET_*: an object, a guest, or a note without one). */
typedef struct bb_mpi_objhdr { uint32_t core, task, param, kind; } bb_mpi_objhdr;

typedef struct bb_mpi {
  pthread_t thread;
  pthread_mutex_t lock; /* the outbox and `napping` */
  pthread_cond_t bell;  /* signalled under `lock` when the napping thread has work */
  bool napping;         /* the communication thread waits on `bell` */
  uint64_t idle_at;     /* when a local core last ran out of work (atomic) */
  bool spin;            /* the node has a processor for each core of its ranks */
  uint64_t spin_ns;     /* how long the thread polls: BB_MPI_SPIN_NS or BAMBOO_MPI_SPIN_US */
  size_t direct_min;    /* BB_MPI_DIRECT_MIN or BAMBOO_MPI_DIRECT_MIN */
  pthread_mutex_t pool_lock;
  bb_mpi_buf pool[BB_MPI_POOL];
  uint32_t npool;
  bb_mpi_item *out_head, *out_tail;
  bb_mpi_item *inflight; /* sent, not yet completed */
  uint64_t sent, received;    /* objects and notes to and from other ranks (atomic) */
  uint64_t notes;             /* of `sent`, meet.c's notes (atomic; for BAMBOO_STATS) */
  uint64_t sent_bytes, received_bytes, pack_ns; /* for BAMBOO_STATS (atomic) */
  uint32_t finishing;         /* the main thread's cores are done (atomic) */
  uint32_t exit_req;          /* a local core called System.exit or failed (atomic) */
  int32_t exit_status;
  bool stopping;              /* STOP seen: the job is ending */
  bool normal;                /* ... at the end of the run, not by an exit */
  int32_t stop_status;
  uint32_t fins;              /* rank 0: FINs received */
  bool fin_sent;
  bool started;               /* the communication thread runs */
  /* rank 0: each rank's output after its last newline */
  pthread_mutex_t out_lock;
  bb_packbuf *tails;
  /* rank 0's termination waves */
  bool wave_out;
  uint64_t wave_seq, wave_at, last[3]; /* last: seq + 1 (0: none), sent, received */
  uint64_t wave_gap;
} bb_mpi;

static bb_mpi bb_the_mpi;

static void bb_mpi_fail(int rc, const char *what) {
  if (rc == MPI_SUCCESS) return;
  char msg[MPI_MAX_ERROR_STRING];
  int n = 0;
  MPI_Error_string(rc, msg, &n);
  bb_panic("MPI: %s failed: %s", what, msg);
}

/* Called from bb_runtime_init before the layout is built. */
void bb_mpi_init(bb_runtime *rt) {
  int provided = 0, rank = 0, size = 1;
  bb_mpi_fail(MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided), "MPI_Init_thread");
  if (provided < MPI_THREAD_SERIALIZED) bb_panic("MPI: this MPI library cannot be called from a second thread");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  rt->rank = (uint32_t)rank;
  rt->nranks = (uint32_t)size;
  bb_mpi *m = &bb_the_mpi;
  memset(m, 0, sizeof *m);
  pthread_mutex_init(&m->lock, NULL);
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC); /* naps are timed on bb_now_ns's clock */
  pthread_cond_init(&m->bell, &ca);
  pthread_condattr_destroy(&ca);
  pthread_mutex_init(&m->pool_lock, NULL);
  pthread_mutex_init(&m->out_lock, NULL);
  m->tails = calloc((size_t)size, sizeof *m->tails);
  if (!m->tails) bb_panic("out of memory");
  m->wave_seq = 1; /* last[0] == 0 means no wave to confirm */
  m->wave_gap = BB_MPI_WAVE_GAP_NS;
  rt->mpi = m;
}

/* After the layout: every rank must run the same number of cores, since
 * global core ids are rank * cores + local core. */
void bb_mpi_check_cores(bb_runtime *rt) {
  uint32_t mine[2] = {rt->ncores, (uint32_t)-rt->ncores}, all[2];
  bb_mpi_fail(MPI_Allreduce(mine, all, 2, MPI_UINT32_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  if (all[0] != rt->ncores || (uint32_t)-all[1] != rt->ncores) {
    if (rt->rank == 0)
      fprintf(stderr, "bamboo: error: every rank must run the same number of cores (BAMBOO_CORES differs between ranks)\n");
    MPI_Finalize();
    exit(2);
  }
  /* tag ids hold the global core of their maker in BB_TAG_CORE_BITS bits */
  if ((uint64_t)rt->nranks * rt->ncores > (1ull << BB_TAG_CORE_BITS)) {
    if (rt->rank == 0)
      fprintf(stderr, "bamboo: error: %u ranks of %u cores are more than the %llu global cores tag ids can name\n",
              rt->nranks, rt->ncores, 1ull << BB_TAG_CORE_BITS);
    MPI_Finalize();
    exit(2);
  }
  /* Polling without yielding takes a processor of its own: the thread and
     every core of the rank need one, or a core given work waits for the
     polling thread's time slice (a crossing between two ranks bound to
     one processor each took about 130 us so). */
  MPI_Comm node;
  int here = 1;
  if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
    MPI_Comm_size(node, &here);
    MPI_Comm_free(&node);
  }
  /* mpirun usually binds each rank to processors of its own: the rank's
     cores and this thread must fit in those (its affinity), and the node's
     ranks in the node */
  uint32_t own = bb_cpus_available();
  long node_cpus = sysconf(_SC_NPROCESSORS_ONLN);
  /* BAMBOO_MPI_SPIN_US tunes the polling (0: never), for measurements */
  const char *us = getenv("BAMBOO_MPI_SPIN_US");
  char *end = NULL;
  unsigned long v = us && *us ? strtoul(us, &end, 10) : 0;
  if (us && (!*us || *end != 0 || v > 1000000ul)) {
    fprintf(stderr, "bamboo: error: BAMBOO_MPI_SPIN_US must be a number of microseconds up to 1000000, not `%s`\n", us);
    MPI_Finalize();
    exit(2);
  }
  rt->mpi->spin_ns = us ? v * 1000ull : BB_MPI_SPIN_NS;
  /* BAMBOO_MPI_DIRECT_MIN: bytes (0: every body copied; tests set it low
     to send every large array from its object) */
  const char *dm = getenv("BAMBOO_MPI_DIRECT_MIN");
  unsigned long d = dm && *dm ? strtoul(dm, &end, 10) : 0;
  if (dm && (!*dm || *end != 0 || d > INT32_MAX)) {
    fprintf(stderr, "bamboo: error: BAMBOO_MPI_DIRECT_MIN must be a number of bytes up to %d, not `%s`\n", INT32_MAX, dm);
    MPI_Finalize();
    exit(2);
  }
  rt->mpi->direct_min = dm ? d : BB_MPI_DIRECT_MIN;
  rt->mpi->spin = rt->mpi->spin_ns > 0 && own > 0 && rt->ncores < own && node_cpus > 0 &&
                  (uint64_t)here * (rt->ncores + 1) <= (uint64_t)node_cpus;
}

/* A buffer of at least `want` bytes for a message, from the pool when one
 * is there (the largest when `want` is 0: a region of unknown size is to be
 * packed into it). Sets *cap; NULL with *cap 0 when `want` is 0 and the
 * pool is empty. */
static uint8_t *bb_mpi_buf_take(bb_mpi *m, size_t want, size_t *cap) {
  if (want > 0 && want < BB_MPI_POOL_MIN) {
    uint8_t *p = malloc(want);
    if (!p) bb_panic("out of memory");
    *cap = want;
    return p;
  }
  pthread_mutex_lock(&m->pool_lock);
  uint32_t best = m->npool;
  for (uint32_t i = 0; i < m->npool; i++)
    if (m->pool[i].cap >= want && (best == m->npool || m->pool[i].cap > m->pool[best].cap)) best = i;
  if (best < m->npool) {
    bb_mpi_buf b = m->pool[best];
    m->pool[best] = m->pool[--m->npool];
    pthread_mutex_unlock(&m->pool_lock);
    *cap = b.cap;
    return b.data;
  }
  pthread_mutex_unlock(&m->pool_lock);
  *cap = 0;
  if (want == 0) return NULL;
  size_t c = BB_MPI_POOL_MIN;
  while (c < want) c *= 2;
  uint8_t *p = malloc(c);
  if (!p) bb_panic("out of memory");
  *cap = c;
  return p;
}

/* Gives back a buffer of `len` bytes or more: pooled when large (its
 * capacity is at least the power of two at or above `len`), else freed. */
static void bb_mpi_buf_give(bb_mpi *m, uint8_t *p, size_t len) {
  if (p == NULL || len < BB_MPI_POOL_MIN) {
    free(p);
    return;
  }
  size_t cap = BB_MPI_POOL_MIN;
  while (cap < len) cap *= 2;
  pthread_mutex_lock(&m->pool_lock);
  if (m->npool < BB_MPI_POOL) {
    m->pool[m->npool++] = (bb_mpi_buf){p, cap};
    p = NULL;
  }
  pthread_mutex_unlock(&m->pool_lock);
  free(p);
}

/* The bodies' table at the end of object message `msg` (len bytes; see
 * bb_mpi_body_entry): its first entry, their count in *n and the bytes
 * before the table in *packed. A count the bytes cannot hold is damage. */
bb_mpi_body_entry *bb_mpi_body_table(uint8_t *msg, size_t len, uint32_t *n, size_t *packed) {
  uint64_t count = 0;
  if (len >= sizeof(bb_mpi_objhdr) + sizeof count) memcpy(&count, msg + len - sizeof count, sizeof count);
  if (count == 0 || count > (len - sizeof(bb_mpi_objhdr) - sizeof count) / sizeof(bb_mpi_body_entry))
    bb_panic("MPI: a malformed object message");
  *n = (uint32_t)count;
  *packed = len - sizeof count - (size_t)count * sizeof(bb_mpi_body_entry);
  return (bb_mpi_body_entry *)(msg + *packed);
}

/* cores.c: the bytes of an arrived object, unpacked. */
void bb_mpi_recycle(bb_runtime *rt, uint8_t *bytes, size_t len) {
  bb_mpi_buf_give(rt->mpi, bytes, len);
}

/* Queues `it` for the communication thread and wakes it if it naps. */
static void bb_mpi_queue(bb_mpi *m, bb_mpi_item *it) {
  it->next = NULL;
  pthread_mutex_lock(&m->lock);
  if (m->out_tail) m->out_tail->next = it;
  else __atomic_store_n(&m->out_head, it, __ATOMIC_RELEASE); /* the thread peeks without the lock */
  m->out_tail = it;
  if (m->napping) pthread_cond_signal(&m->bell);
  pthread_mutex_unlock(&m->lock);
}

/* Queues a copy of head then body (a control message, output). */
static void bb_mpi_post(bb_mpi *m, int dest, int tag, const void *head, size_t hlen, const void *body, size_t blen) {
  bb_mpi_item *it = calloc(1, sizeof *it + hlen + blen);
  if (!it) bb_panic("out of memory");
  it->dest = dest;
  it->tag = tag;
  it->len = it->cap = hlen + blen;
  it->data = it->tail;
  if (hlen) memcpy(it->data, head, hlen);
  if (blen) memcpy(it->data + hlen, body, blen);
  bb_mpi_queue(m, it);
}

/* Wakes the communication thread if it naps: a flag it reads changed. */
static void bb_mpi_ring(bb_mpi *m) {
  pthread_mutex_lock(&m->lock);
  if (m->napping) pthread_cond_signal(&m->bell);
  pthread_mutex_unlock(&m->lock);
}

/* cores.c: a local core ran out of work. Objects from other ranks are now
 * what it waits for, so the thread polls for them a while (bb_mpi_thread). */
void bb_mpi_core_idle(bb_runtime *rt) {
  bb_mpi *m = rt->mpi;
  /* sequentially consistent with bb_mpi_nap's store of `napping` and load
     of `idle_at`: either the thread sees the new time or this sees it nap */
  __atomic_store_n(&m->idle_at, bb_now_ns(), __ATOMIC_SEQ_CST);
  if (__atomic_load_n(&m->napping, __ATOMIC_SEQ_CST)) bb_mpi_ring(m);
}

/* Frees a sent item; a packed object's buffer goes back to the pool, and
 * the objects whose bodies it sent may be collected. */
static void bb_mpi_item_free(bb_mpi *m, bb_mpi_item *it) {
  if (it->data != it->tail) bb_mpi_buf_give(m, it->data, it->cap);
  for (uint32_t i = 0; i < it->next_bodies; i++) bb_large_unpin(it->ext[i].obj);
  free(it->ext);
  free(it->body_reqs);
  free(it);
}

/* Whether routing sends an object for parameter p of task t and for
 * parameter p2 of task t2 to the same core: both Single with one core, or
 * both tag-routed alike (same policy, routing tag type and route), so the
 * object's one instance picks one core for both. */
static bool bb_mpi_same_dest(bb_ctx *ctx, uint32_t t, uint32_t p, uint32_t t2, uint32_t p2) {
  bb_runtime *rt = ctx->rt;
  const bb_route *r = &rt->routes[(size_t)ctx->core * ctx->sched.ntasks + t];
  const bb_route *r2 = &rt->routes[(size_t)ctx->core * ctx->sched.ntasks + t2];
  uint8_t pol = rt->policies[t], pol2 = rt->policies[t2];
  if (pol == BB_POLICY_SINGLE || pol2 == BB_POLICY_SINGLE)
    return pol == pol2 && r->n == 1 && r2->n == 1 && r->cores[0] == r2->cores[0];
  const bb_task *d = ctx->sched.tasks[t].desc, *d2 = ctx->sched.tasks[t2].desc;
  bool by_tag = pol == BB_POLICY_TAG_HASH || pol == BB_POLICY_TAG_HOME;
  return by_tag && pol == pol2 && d->params[p].ntags && d2->params[p2].ntags &&
         bb_route_tag_type(d, p) == bb_route_tag_type(d2, p2) && r->n == r2->n &&
         memcmp(r->cores, r2->cores, r->n * sizeof *r->cores) == 0;
}

/* The one core routing sends o to for parameter p of task t, under the
 * tag lock: a Single task's core, or the core of o's one instance of the
 * tag type that routes a tag-routed task (hashed, or its maker for
 * TagHome); UINT32_MAX when routing may pick among several. */
static uint32_t bb_mpi_dest_locked(bb_ctx *ctx, const bb_object *o, uint32_t t, uint32_t p) {
  bb_runtime *rt = ctx->rt;
  const bb_route *r = &rt->routes[(size_t)ctx->core * ctx->sched.ntasks + t];
  uint8_t pol = rt->policies[t];
  if (r->n == 1 && pol == BB_POLICY_SINGLE) return r->cores[0];
  const bb_task *d = ctx->sched.tasks[t].desc;
  if ((pol != BB_POLICY_TAG_HASH && pol != BB_POLICY_TAG_HOME) || d->params[p].ntags == 0) return UINT32_MAX;
  uint32_t type = bb_route_tag_type(d, p);
  const bb_tag *only = NULL;
  for (int32_t i = 0; o->tags && i < o->tags->count; i++) {
    const bb_tag *g = (const bb_tag *)o->tags->items[i];
    if (g->type != type) continue;
    if (only) return UINT32_MAX;
    only = g;
  }
  return only ? bb_tag_dest(r, only->id, pol == BB_POLICY_TAG_HOME) : UINT32_MAX;
}

/* Whether routing o for parameter p of task t may take it to global core
 * `core` (tag lock held): the one core it would go to, or, for a task that
 * may run on any core of its route (round-robin, Local, Here), a core of
 * that route. */
static bool bb_mpi_serves_locked(bb_ctx *ctx, const bb_object *o, uint32_t t, uint32_t p, uint32_t core) {
  uint32_t d = bb_mpi_dest_locked(ctx, o, t, p);
  if (d != UINT32_MAX) return d == core;
  uint8_t pol = ctx->rt->policies[t];
  const bb_route *r = &ctx->rt->routes[(size_t)ctx->core * ctx->sched.ntasks + t];
  return (pol == BB_POLICY_ROUND_ROBIN || pol == BB_POLICY_LOCAL || pol == BB_POLICY_HERE) && bb_route_has(r, core);
}

static const char *bb_mpi_unmovable_to(bb_ctx *ctx, bb_object *o, uint32_t t, uint32_t p, uint32_t core);

/* Whether o, routed for parameter p of task t to a core of another rank,
 * may go there; else why not. The copy left here is dead (BB_GC_MOVED), so
 * o must be wanted on that one core only: routing sends it there for every
 * parameter it can be (its flags satisfy the guard and it has a tag of
 * each type the parameter names; bb_mpi_same_dest), and when tag-routed it
 * has one instance of the routing tag type. It then arrives there for
 * each. A parameter it lacks a tag for may hold a stale entry for it,
 * which the mark makes dead; gaining the tag routes it again. */
static const char *bb_mpi_unmovable(bb_ctx *ctx, bb_object *o, uint32_t t, uint32_t p) {
  return bb_mpi_unmovable_to(ctx, o, t, p, UINT32_MAX);
}

/* bb_mpi_unmovable, for a move to global core `core` (UINT32_MAX: not
 * known yet, as for a meeting): an object wanted for other parameters too
 * may also go where routing would take it for each of them
 * (bb_mpi_serves_locked). */
static const char *bb_mpi_unmovable_to(bb_ctx *ctx, bb_object *o, uint32_t t, uint32_t p, uint32_t core) {
  bb_sched *s = &ctx->sched;
  const char *why = NULL;
  bb_tags_lock(ctx);
  for (uint32_t i = s->tp_start[o->cls], end = s->tp_start[o->cls + 1]; i < end && !why; i++) {
    uint32_t t2 = s->tp[i].task, p2 = s->tp[i].param;
    const bb_param *par = &s->tasks[t2].desc->params[p2];
    if ((t2 == t && p2 == p) || !bb_guard_holds(par, BB_FLAGS(o))) continue;
    if (!bb_tags_for_locked(o, par) || bb_mpi_same_dest(ctx, t, p, t2, p2)) continue;
    /* routed to one core for this object: its tags take it there for both
       (a slab whose tasks are all routed to the makers of its tags), or
       the other task may run it on any core of its route */
    if (core != UINT32_MAX && bb_mpi_serves_locked(ctx, o, t2, p2, core)) continue;
    why = "its flags satisfy more than one task parameter";
  }
  uint8_t policy = ctx->rt->policies[t];
  const bb_task *d = s->tasks[t].desc;
  if (!why && (policy == BB_POLICY_TAG_HASH || policy == BB_POLICY_TAG_HOME) && d->params[p].ntags &&
      bb_tag_count_locked(o, bb_route_tag_type(d, p)) > 1)
    why = "it is bound to more than one instance of the tag type that routes it";
  bb_tags_unlock(ctx);
  return why;
}

/* sched.c, bb_deliver: object o for (t, p) to global core `core` on another
 * rank. Returns UINT32_MAX when it is sent (or was already, for another
 * parameter of t): the copy here is marked dead and left to the collector.
 * An object that cannot move (bb_mpi_unmovable) and is not routed by tag
 * stays on this rank, on the first core of this rank in the route, whose
 * local index is returned; one routed by tag, or with no such core, is an
 * error: elsewhere it would never meet the objects it must meet. */
uint32_t bb_mpi_send(bb_ctx *ctx, uint32_t core, bb_object *o, uint32_t t, uint32_t p) {
  return bb_mpi_send_as(ctx, core, o, t, p, BB_MEET_OBJECT);
}

/* bb_mpi_send, the header's last word saying what the object goes as
 * (BB_MEET_OBJECT, or BB_MEET_GUEST: meet.c). */
uint32_t bb_mpi_send_as(bb_ctx *ctx, uint32_t core, bb_object *o, uint32_t t, uint32_t p, uint32_t kind) {
  bb_runtime *rt = ctx->rt;
  if (__atomic_load_n(&o->gc, __ATOMIC_ACQUIRE) & BB_GC_MOVED) return UINT32_MAX;
  const char *why = bb_mpi_unmovable_to(ctx, o, t, p, core);
  if (why) {
    const bb_route *r = &rt->routes[(size_t)ctx->core * ctx->sched.ntasks + t];
    bool by_tag = rt->policies[t] == BB_POLICY_TAG_HASH || rt->policies[t] == BB_POLICY_TAG_HOME;
    for (uint32_t k = 0; k < r->n && !by_tag; k++)
      if (r->cores[k] - rt->core_base < rt->ncores) return r->cores[k] - rt->core_base;
    char msg[320];
    snprintf(msg, sizeof msg, "the MPI backend cannot move an object of class %s to another rank: %s, and task %s %s",
             ctx->classes[o->cls]->name, why, ctx->sched.tasks[t].desc->name,
             by_tag ? "must meet it on the core of its tag instance" : "has no instance on this rank");
    bb_fail_java(ctx, "IllegalStateException", msg);
  }
  /* The header, then the region packed after it, into a pooled buffer:
     what MPI_Isend sends, with no copy. */
  uint64_t t0 = rt->stats ? bb_now_ns() : 0;
  bb_packbuf b = {0};
  b.data = bb_mpi_buf_take(rt->mpi, 0, &b.cap);
  bb_mpi_objhdr h = {core, t, p, kind};
  bb_buf_put(&b, &h, sizeof h);
  bb_mpi_item *it = calloc(1, sizeof *it);
  if (!it) bb_panic("out of memory");
  bb_pack_external(ctx, o, &b, rt->mpi->direct_min, &it->ext, &it->next_bodies);
  size_t bytes = b.len;
  if (it->next_bodies) {
    /* where each body goes, its length and a word for the receiver's
       block, then their count: the receiver reads these last words first
       (bb_mpi_bodies) */
    for (uint32_t i = 0; i < it->next_bodies; i++) {
      bb_mpi_body_entry e = {it->ext[i].at, it->ext[i].len, 0};
      bb_buf_put(&b, &e, sizeof e);
      bytes += (it->ext[i].len + 7) & ~(size_t)7;
    }
    uint64_t n = it->next_bodies;
    bb_buf_put(&b, &n, sizeof n);
    it->body_reqs = malloc(it->next_bodies * sizeof *it->body_reqs);
    if (!it->body_reqs) bb_panic("out of memory");
  }
  /* from now on the copy there is the object (sched.c skips this one) */
  __atomic_fetch_or(&o->gc, BB_GC_MOVED, __ATOMIC_RELEASE);
  it->dest = (int)(core / rt->ncores);
  it->tag = it->next_bodies ? BB_MPI_OBJS : BB_MPI_OBJ;
  it->len = b.len;
  it->cap = b.cap;
  it->data = b.data;
  if (rt->stats) {
    __atomic_fetch_add(&rt->mpi->sent_bytes, bytes, __ATOMIC_RELAXED);
    __atomic_fetch_add(&rt->mpi->pack_ns, bb_now_ns() - t0, __ATOMIC_RELAXED);
  }
  __atomic_fetch_add(&rt->mpi->sent, 1, __ATOMIC_SEQ_CST); /* before it can arrive: termination */
  bb_mpi_queue(rt->mpi, it);
  return UINT32_MAX;
}

/* meet.c: a note (BB_MEET_ASK or BB_MEET_COME) about task t's parameter p
 * to global core `core`, with `n` bytes of body. It travels and is counted
 * as an object message (termination: a note can give its rank work). */
void bb_mpi_note(bb_ctx *ctx, uint32_t core, uint32_t t, uint32_t p, uint32_t kind, const void *body, size_t n) {
  bb_runtime *rt = ctx->rt;
  bb_mpi_objhdr h = {core, t, p, kind};
  __atomic_fetch_add(&rt->mpi->notes, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&rt->mpi->sent, 1, __ATOMIC_SEQ_CST); /* before it can arrive: termination */
  bb_mpi_post(rt->mpi, (int)(core / rt->ncores), BB_MPI_OBJ, &h, sizeof h, body, n);
}

/* Rank 0: writes rank r's bytes up to the last newline, keeps the rest. */
static void bb_mpi_out_rank(bb_mpi *m, uint32_t r, const char *p, size_t n) {
  pthread_mutex_lock(&m->out_lock);
  bb_packbuf *t = &m->tails[r];
  const char *nl = n ? memrchr(p, '\n', n) : NULL;
  if (nl) {
    if (t->len) bb_write_fd(1, (const char *)t->data, t->len);
    t->len = 0;
    bb_write_fd(1, p, (size_t)(nl + 1 - p));
    n -= (size_t)(nl + 1 - p);
    p = nl + 1;
  }
  if (n) {
    bb_buf_put(t, p, n);
  }
  pthread_mutex_unlock(&m->out_lock);
}

/* io.c, bb_write_all: standard output of this rank; false when not under
 * several ranks (the caller writes it). */
bool bb_mpi_write_out(const char *p, size_t n) {
  bb_runtime *rt = bb_the_runtime;
  if (!rt || !rt->mpi || rt->nranks < 2) return false;
  if (rt->rank == 0) bb_mpi_out_rank(rt->mpi, 0, p, n);
  else bb_mpi_post(rt->mpi, 0, BB_MPI_OUT, NULL, 0, p, n);
  return true;
}

#endif
