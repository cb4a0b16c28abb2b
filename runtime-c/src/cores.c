/* cores.c — many cores (paper section 4.7): one scheduler thread per core,
 * object hand-off through per-core inboxes, distributed termination
 * detection, collections at a common task boundary, start-up, statistics,
 * traces and shut-down.
 *
 * - Inboxes are intrusive Vyukov multi-producer single-consumer queues: a
 *   sender exchanges the queue's head (one atomic exchange, never blocks);
 *   the owner pops from the tail between invocations and keeps the popped
 *   messages for its own sends.
 * - There is no central scheduler and no global queue. A core that has
 *   nothing to do marks itself idle and checks for termination with two
 *   waves over every core's (idle, sent, received) counters: the program
 *   is over when both waves see every core idle, the same totals, and as
 *   many messages received as sent (Mattern's four-counter method: a core
 *   only becomes busy again by receiving, which changes the counts).
 * - Idle cores spin briefly, yield, then park on a futex (a condition
 *   variable off Linux) with no time-out; whatever gives a parked core a
 *   reason to run (a message, the end, a collection) wakes it, and only a
 *   parked core costs its waker a system call ("Parking"). With a
 *   processor for every core the spin and yield last some microseconds
 *   (the next object of a chain is about to arrive); with more cores than
 *   processors (`crowded`) a core parks after three idle turns, and an
 *   object for a one-parameter round-robin task whose chosen core is idle
 *   stays on the core that routes it, unless that core has work queued and
 *   a processor is free (bb_crowded_dest): the work settles on about as
 *   many cores as there are processors instead of paying a wake-up and a
 *   context switch per hand-off (a way of balancing: BAMBOO_BALANCE=0
 *   turns it off).
 * - Balance: the layout spreads a task's objects over its instances
 *   round-robin when they are made, so a core that the host slows down,
 *   or that got the costlier objects, is left with work queued while the
 *   others have run out. A core that has had nothing to do for a few
 *   microseconds (when crowded, just before it parks) therefore asks for
 *   work: it sets its `hungry` flag and
 *   counts itself in rt->nhungry. A core that ends an invocation and
 *   sees the count non-zero checks, before routing the invocation's
 *   objects, its oldest queued invocation: if that is of a one-parameter,
 *   untagged, round-robin task with another invocation queued behind it,
 *   the core hands that object, and the next ones of the same task up to
 *   half its queue, to a hungry core among the task's instances in its
 *   route that has no message on its way to it (in route order; the first
 *   to clear the hungry flag with a compare-and-swap gives). A core clears
 *   its own flag when it receives anything.
 *   The object goes where the layout could have sent it in the first
 *   place, so the program sees nothing but another order of invocations.
 *   BAMBOO_BALANCE=0 turns this off; the simulator models it (sim.rs,
 *   `Sim::balance`).
 * - Collections: a core whose heap is due (and that does not defer it:
 *   heap.c, bb_gc_maybe) sets rt->gc_pending; every core
 *   stops at its next boundary (idle cores included) on a barrier, core 0
 *   marks from every core's roots (parameter sets, queues, inboxes) and the
 *   globals, then every core sweeps its own heap and resumes at once.
 */
#include "internal.h"
#include <sched.h>
#include <time.h>

/* ============================================================================
 * Inboxes
 * ========================================================================== */

static void bb_inbox_init(bb_inbox *q) {
  q->stub.next = NULL;
  q->head = &q->stub;
  q->tail = &q->stub;
}

/* The exchange is sequentially consistent for the parking protocol (a
 * sender's push, then its look at the receiver's `sleeping` word). */
static void bb_inbox_push(bb_inbox *q, bb_msg *m) {
  __atomic_store_n(&m->next, NULL, __ATOMIC_RELAXED);
  bb_msg *prev = __atomic_exchange_n(&q->head, m, __ATOMIC_SEQ_CST);
  __atomic_store_n(&prev->next, m, __ATOMIC_RELEASE);
}

/* NULL when empty (or a push is half done: it is counted as sent, so the
 * termination check waits for it). */
static bb_msg *bb_inbox_pop(bb_inbox *q) {
  bb_msg *tail = q->tail, *next = __atomic_load_n(&tail->next, __ATOMIC_ACQUIRE);
  if (tail == &q->stub) {
    if (!next) return NULL;
    q->tail = next;
    tail = next;
    next = __atomic_load_n(&next->next, __ATOMIC_ACQUIRE);
  }
  if (next) {
    q->tail = next;
    return tail;
  }
  if (tail != __atomic_load_n(&q->head, __ATOMIC_ACQUIRE)) return NULL;
  bb_inbox_push(q, &q->stub);
  next = __atomic_load_n(&tail->next, __ATOMIC_ACQUIRE);
  if (next) {
    q->tail = next;
    return tail;
  }
  return NULL;
}

static bool bb_inbox_nonempty(bb_inbox *q) {
  return q->tail != &q->stub || __atomic_load_n(&q->head, __ATOMIC_SEQ_CST) != &q->stub;
}

/* ============================================================================
 * Parking (see the header)
 * ========================================================================== */

/* A core parks on its `sleeping` word: it sets the word, checks once more
 * for a message, the end or a collection, and waits while the word is
 * still set. Whoever gives it a reason to run (a sender after its push,
 * the core that sees the end, the core that asks for a collection) makes
 * that change first and then wakes it. All four accesses are sequentially
 * consistent, so either the waker sees the word set or the core sees the
 * change (no lost wake-up), and the waker that clears the word is the one
 * that makes the system call. On Linux the wait is a futex on the word;
 * elsewhere the core's condition variable. */
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>

static void bb_futex_wait(uint32_t *word, uint32_t value) {
  syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, value, NULL, NULL, 0);
}

static void bb_futex_wake(uint32_t *word) { syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0); }
#endif

/* Wakes core c if it is parked (one load when it is not). */
static void bb_wake(bb_ctx *c) {
  uint32_t *word = &c->sched.sleeping;
  if (!__atomic_load_n(word, __ATOMIC_SEQ_CST)) return;
#if defined(__linux__)
  if (__atomic_exchange_n(word, 0, __ATOMIC_SEQ_CST)) bb_futex_wake(word);
#else
  pthread_mutex_lock(&c->sched.sleep_lock);
  if (__atomic_exchange_n(word, 0, __ATOMIC_SEQ_CST)) pthread_cond_signal(&c->sched.wake);
  pthread_mutex_unlock(&c->sched.sleep_lock);
#endif
}

void bb_wake_all(bb_runtime *rt) {
  for (uint32_t c = 0; c < rt->ncores; c++) bb_wake(&rt->cores[c]);
}

/* Whether fewer cores are busy (not idle) than there are processors. */
static bool bb_processor_free(const bb_runtime *rt) {
  uint32_t busy = 0;
  for (uint32_t c = 0; c < rt->ncores && busy < rt->cpus; c++)
    busy += !__atomic_load_n(&rt->cores[c].sched.idle, __ATOMIC_RELAXED);
  return busy < rt->cpus;
}

/* With more cores than processors (rt->crowded), round-robin routing picked
 * entry k of route r for an object whose task has one parameter and no tags
 * (sched.c, bb_route_one), so the object may run on any core of the route.
 * If that core is idle (spinning or parked) and this core hosts the task,
 * the object stays here unless this core has other work queued and a
 * processor is free: handing it over costs a wake-up and a context switch,
 * and with no processor free the other core would only take one from a
 * core that has work. So a chain of small tasks stays on one core instead
 * of paying a wake-up on every hop, and the work settles on about as many
 * cores as there are processors. */
static uint32_t bb_crowded_dest(bb_ctx *ctx, const bb_route *r, uint32_t k) {
  bb_runtime *rt = ctx->rt;
  uint32_t dest = r->cores[k];
  if (dest == ctx->core || !__atomic_load_n(&rt->cores[dest].sched.idle, __ATOMIC_RELAXED)) return dest;
  if (!bb_route_has(r, ctx->core)) return dest;
  if (ctx->sched.queue.count && bb_processor_free(rt)) return dest;
  return ctx->core;
}

/* Messages are recycled: a core keeps the ones it received (up to
 * BB_SPARE_MSGS) for its own sends, so a steady exchange between cores
 * calls neither malloc nor free (nor frees memory another thread
 * allocated). */
#define BB_SPARE_MSGS 4096

static bb_msg *bb_msg_take(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  bb_msg *m = s->spare;
  if (!m) return bb_xmalloc(ctx, sizeof *m);
  s->spare = m->next;
  s->nspare--;
  return m;
}

static void bb_msg_keep(bb_ctx *ctx, bb_msg *m) {
  bb_sched *s = &ctx->sched;
  if (s->nspare == BB_SPARE_MSGS) {
    free(m);
    return;
  }
  m->next = s->spare;
  s->spare = m;
  s->nspare++;
}

/* ============================================================================
 * Balance (see the header)
 * ========================================================================== */

/* Idle turns of the core loop (spins with a pause instruction, some
 * microseconds) before a core asks for work: in a chain of tasks that
 * crosses cores the next object is about to arrive, and asking and being
 * answered would put atomic writes to shared lines on every hop. */
#define BB_ASK_AFTER_SPINS 48u

/* This core has nothing to do: it asks for work, once until it gets some.
 * The count goes up before the flag is set, so it is never below the number
 * of flags set. */
static void bb_ask_for_work(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  if (!ctx->rt->balance || __atomic_load_n(&s->hungry, __ATOMIC_RELAXED)) return;
  __atomic_fetch_add(&ctx->rt->nhungry, 1, __ATOMIC_SEQ_CST);
  __atomic_store_n(&s->hungry, 1, __ATOMIC_SEQ_CST);
}

/* Clears core c's hungry flag; true for the one caller that cleared it. */
static bool bb_claim_hungry(bb_runtime *rt, bb_ctx *c) {
  uint32_t one = 1;
  if (!__atomic_load_n(&c->sched.hungry, __ATOMIC_RELAXED)) return false;
  if (!__atomic_compare_exchange_n(&c->sched.hungry, &one, 0, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
    return false;
  __atomic_fetch_sub(&rt->nhungry, 1, __ATOMIC_SEQ_CST);
  return true;
}

/* Whether core c asked for work and has no message on its way to it (the
 * inbox's head is its stub exactly when the owner has taken every message;
 * only the head is read, the tail is the owner's). */
static bool bb_waits_for_work(const bb_ctx *c) {
  return __atomic_load_n(&c->sched.hungry, __ATOMIC_RELAXED) &&
         __atomic_load_n(&c->sched.inbox.head, __ATOMIC_ACQUIRE) == &c->sched.inbox.stub;
}

/* At a task boundary, before the invocation's objects are routed, with
 * some core hungry (sched.c, bb_step): hand this core's oldest queued
 * invocations, up to half its queue, to a hungry instance of their task
 * with nothing on its way to it, if they may go (sched.c, bb_donatable).
 * Checking before the routing matters: a core that sends each finished
 * piece to the hungry core for a short follow-up task (MonteCarlo's merge)
 * would otherwise always find a message on its way there. */
static void bb_balance(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  uint32_t t = bb_donatable(ctx);
  if (t == UINT32_MAX) return;
  const bb_route *r = &rt->routes[(size_t)ctx->core * ctx->sched.ntasks + t];
  for (uint32_t k = 0; k < r->n; k++) {
    bb_ctx *c = &rt->cores[r->cores[k]];
    if (c != ctx && bb_waits_for_work(c) && bb_claim_hungry(rt, c)) {
      /* Half the queue, from the oldest end, while it holds invocations of
         the same task: one at a time, a core that ends its piece just
         after the giver's boundary would wait a whole piece for the next. */
      size_t give = ctx->sched.queue.count / 2;
      do bb_donate_oldest(ctx, c->core);
      while (--give && bb_donatable(ctx) == t);
      return;
    }
  }
}

static void bb_send(bb_ctx *ctx, uint32_t dest, bb_object *o, uint32_t t, uint32_t p, bb_tag *only) {
  bb_msg *m = bb_msg_take(ctx);
  m->obj = o;
  m->only = only;
  m->task = t;
  m->param = p;
  m->flow = 0;
  m->bytes = NULL;
  if (ctx->rt->trace_path) {
    m->flow = ((uint64_t)ctx->core << 40) | ++ctx->sched.flows;
    uint64_t now = bb_now_ns();
    bb_trace_event(ctx, 1, t, dest, now, m->flow);
  }
  bb_ctx *d = &ctx->rt->cores[dest];
  __atomic_fetch_add(&ctx->sched.sent, 1, __ATOMIC_SEQ_CST);
  bb_inbox_push(&d->sched.inbox, m);
  bb_wake(d);
}

/* Take every message in the inbox; true if there was any. */
static bool bb_drain(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  if (!bb_inbox_nonempty(&s->inbox)) return false;
  __atomic_store_n(&s->idle, 0, __ATOMIC_SEQ_CST);  /* before receiving (termination check) */
  bb_claim_hungry(ctx->rt, ctx);                     /* work came: no longer asking */
  bool any = false;
  bb_msg *m;
  while ((m = bb_inbox_pop(&s->inbox)) != NULL) {
    __atomic_fetch_add(&s->received, 1, __ATOMIC_SEQ_CST);
    if (m->flow) bb_trace_event(ctx, 2, m->task, 0, bb_now_ns(), m->flow);
#ifdef BB_MPI /* only the MPI build receives packed objects: no test on this path otherwise */
    if (BB_UNLIKELY(m->bytes)) {
      /* from another rank (mpi.c): rebuilt on this core's heap */
      m->obj = bb_unpack(ctx, m->bytes + 16, m->nbytes - 16); /* after mpi.c's 16-byte header */
      m->obj->gc |= BB_GC_TASKOBJ;
      bb_mpi_recycle(ctx->rt, m->bytes, m->nbytes); /* a large buffer is kept for the next */
      m->bytes = NULL;
    }
#endif
    bb_arrive(ctx, m->obj, m->task, m->param, m->only);
    bb_msg_keep(ctx, m);
    any = true;
  }
  return any;
}

/* ============================================================================
 * Termination and collections
 * ========================================================================== */

static bool bb_wave(bb_runtime *rt, uint64_t *sent, uint64_t *received) {
  bool idle = true;
  *sent = __atomic_load_n(&rt->mpi_injected, __ATOMIC_SEQ_CST); /* objects from other ranks */
  *received = 0;
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_sched *s = &rt->cores[c].sched;
    if (!__atomic_load_n(&s->idle, __ATOMIC_SEQ_CST)) idle = false;
    *sent += __atomic_load_n(&s->sent, __ATOMIC_SEQ_CST);
    *received += __atomic_load_n(&s->received, __ATOMIC_SEQ_CST);
  }
  return idle;
}

/* Every local core idle and every local message received; mpi.c asks it
 * too, for the termination of all ranks. */
bool bb_terminated(bb_runtime *rt) {
  uint64_t s1, r1, s2, r2;
  if (!bb_wave(rt, &s1, &r1) || s1 != r1) return false;
  if (!bb_wave(rt, &s2, &r2)) return false;
  return s2 == s1 && r2 == r1;
}

/* True when every core but this one is idle: a collection requested now
 * waits for no task to end (heap.c). */
bool bb_other_cores_idle(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  for (uint32_t c = 0; c < rt->ncores; c++) {
    if (c != ctx->core && !__atomic_load_n(&rt->cores[c].sched.idle, __ATOMIC_SEQ_CST)) return false;
  }
  return true;
}

void bb_gc_request(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  if (rt->ncores == 1) {
    bb_gc_collect(ctx);
    return;
  }
  if (!__atomic_exchange_n(&rt->gc_pending, 1, __ATOMIC_SEQ_CST)) bb_wake_all(rt);
}

/* The collection barrier. The last core to arrive ends the round; the others
 * wait for the round count to move. When every core has a CPU of its own
 * they spin first, for up to BB_BARRIER_SPIN_NS: the other cores are about to
 * arrive (they finish one task) or the marking is short, and a core that
 * sleeps takes tens of microseconds to be woken on a virtual machine. With
 * more cores than CPUs spinning would only delay the cores it waits for, so
 * they sleep at once. */
#define BB_BARRIER_SPIN_NS 200000

/* The processors this process may run on (its affinity mask), 0 if unknown. */
static uint32_t bb_cpus_available(void) {
#if defined(__linux__) && defined(CPU_SET)
  cpu_set_t avail;
  if (sched_getaffinity(0, sizeof avail, &avail) == 0) return (uint32_t)CPU_COUNT(&avail);
#endif
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (uint32_t)n : 0;
}

static void bb_barrier_init(bb_barrier *b, uint32_t n) {
  b->n = n;
  b->arrived = 0;
  b->round = 0;
  uint32_t cpus = bb_cpus_available();
  b->spin = cpus > 0 && n <= cpus;
  pthread_mutex_init(&b->lock, NULL);
  pthread_cond_init(&b->done, NULL);
}

static void bb_barrier_destroy(bb_barrier *b) {
  pthread_mutex_destroy(&b->lock);
  pthread_cond_destroy(&b->done);
}

static void bb_barrier_wait(bb_barrier *b) {
  uint32_t round = __atomic_load_n(&b->round, __ATOMIC_ACQUIRE);
  if (__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL) == b->n) {
    __atomic_store_n(&b->arrived, 0, __ATOMIC_RELAXED);
    pthread_mutex_lock(&b->lock);
    __atomic_store_n(&b->round, round + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&b->done);
    pthread_mutex_unlock(&b->lock);
    return;
  }
  if (b->spin) {
    uint64_t until = bb_now_ns() + BB_BARRIER_SPIN_NS;
    for (unsigned i = 1;; i++) {
      if (__atomic_load_n(&b->round, __ATOMIC_ACQUIRE) != round) return;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
      if ((i & 63) == 0 && bb_now_ns() > until) break;
    }
  }
  pthread_mutex_lock(&b->lock);
  while (__atomic_load_n(&b->round, __ATOMIC_ACQUIRE) == round) pthread_cond_wait(&b->done, &b->lock);
  pthread_mutex_unlock(&b->lock);
}

/* Every core calls this once gc_pending is set, at a boundary or at a
 * safepoint inside a task body (roots.c, with its stack words gathered).
 * After the marking each core sweeps its own heap and goes back to its
 * tasks: sweeping writes only dead cells of the core's own heap (heap.c),
 * and the next collection's first barrier waits for every core to have
 * swept. */
void bb_gc_join(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  uint64_t t0 = bb_now_ns();
  bb_barrier_wait(&rt->gc_barrier);
  bb_gc_begin(ctx);
  if (ctx->core == 0) {
    bb_gc_mark_all(ctx);
    __atomic_store_n(&rt->gc_pending, 0, __ATOMIC_SEQ_CST);
  }
  bb_barrier_wait(&rt->gc_barrier);
  bool trim = rt->gc_trim_now;
  bb_gc_sweep_own(ctx, t0);
  /* A collection for the heap limit: the core that asked takes memory as
     soon as it resumes, so it waits until every core has given back its
     garbage. */
  if (trim) bb_barrier_wait(&rt->gc_barrier);
}

/* ============================================================================
 * The per-core loop
 * ========================================================================== */

/* Parks this core until another wakes it (see "Parking"). */
static void bb_park(bb_ctx *ctx) {
  bb_sched *s = &ctx->sched;
  bb_runtime *rt = ctx->rt;
#if !defined(__linux__)
  pthread_mutex_lock(&s->sleep_lock);
#endif
  __atomic_store_n(&s->sleeping, 1, __ATOMIC_SEQ_CST);
  if (!bb_inbox_nonempty(&s->inbox) && !__atomic_load_n(&rt->done, __ATOMIC_SEQ_CST) &&
      !__atomic_load_n(&rt->gc_pending, __ATOMIC_SEQ_CST)) {
#if defined(__linux__)
    /* The word set means no waker has come yet (a signal or a spurious
       return leaves it set). */
    while (__atomic_load_n(&s->sleeping, __ATOMIC_SEQ_CST)) bb_futex_wait(&s->sleeping, 1);
#else
    while (__atomic_load_n(&s->sleeping, __ATOMIC_SEQ_CST)) pthread_cond_wait(&s->wake, &s->sleep_lock);
#endif
  }
  __atomic_store_n(&s->sleeping, 0, __ATOMIC_SEQ_CST);
#if !defined(__linux__)
  pthread_mutex_unlock(&s->sleep_lock);
#endif
}

/* Idle turns of the core loop that spin (a pause instruction each) and then
 * yield before a core parks: with a processor for every core, the next
 * object of a chain crossing cores is about to arrive, and a parked core
 * takes tens of microseconds to wake on a virtual machine. With more cores
 * than processors a spinning or yielding core only takes time from the
 * cores that have work, so it parks almost at once (and asks for work just
 * before: nothing else would hand it any). */
#define BB_IDLE_SPINS 64u
#define BB_IDLE_YIELDS 64u
#define BB_CROWDED_SPINS 2u
#define BB_CROWDED_YIELDS 1u

/* Idle turns of the core loop before it parks. */
static unsigned bb_idle_turns(const bb_runtime *rt) {
  return rt->crowded ? BB_CROWDED_SPINS + BB_CROWDED_YIELDS : BB_IDLE_SPINS + BB_IDLE_YIELDS;
}

/* One idle turn of the core loop: spin (pause), then yield, then park. */
static void bb_idle_wait(bb_ctx *ctx, unsigned spins) {
  unsigned spin = ctx->rt->crowded ? BB_CROWDED_SPINS : BB_IDLE_SPINS;
  if (spins < spin) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    return;
  }
  if (spins < bb_idle_turns(ctx->rt)) {
    sched_yield();
    return;
  }
  bb_park(ctx);
}

static void bb_core_loop(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  bb_sched *s = &ctx->sched;
  unsigned spins = 0;
  for (;;) {
    if (__atomic_load_n(&rt->gc_pending, __ATOMIC_SEQ_CST)) bb_gc_join(ctx);
    if (bb_drain(ctx)) spins = 0;
    if (bb_step(ctx)) {
      spins = 0;
      continue;
    }
    if (bb_inbox_nonempty(&s->inbox)) continue;
    __atomic_store_n(&s->idle, 1, __ATOMIC_SEQ_CST);
    if (spins >= (rt->crowded ? bb_idle_turns(rt) - 1 : BB_ASK_AFTER_SPINS)) bb_ask_for_work(ctx);
    if (__atomic_load_n(&rt->done, __ATOMIC_SEQ_CST)) break;
#ifdef BB_MPI
    /* the end is decided for all ranks by mpi.c, which sets `done`; work
       may now come only from other ranks, so mpi.c polls for it */
    if (spins == 0) bb_mpi_core_idle(rt);
    bb_idle_wait(ctx, spins++);
    continue;
#endif
    /* Checked before every park too: the last core to go idle must see the
       end, since nothing wakes a parked core but work, the end or a
       collection. */
    if (((spins & 15) == 0 || spins >= bb_idle_turns(rt)) && bb_terminated(rt)) {
      __atomic_store_n(&rt->done, 1, __ATOMIC_SEQ_CST);
      bb_wake_all(rt);
      break;
    }
    bb_idle_wait(ctx, spins++);
  }
}

static void *bb_core_thread(void *arg) {
  bb_ctx *ctx = arg;
  ctx->stack_hi = (uintptr_t)__builtin_frame_address(0); /* roots.c scans below this */
  bb_signals_thread_init(ctx);
  bb_core_loop(ctx);
  bb_signals_thread_done();
  return NULL;
}

/* Pin core i to processor i when there are enough processors. */
static void bb_pin(bb_ctx *ctx, pthread_t th) {
#if defined(__linux__) && defined(CPU_SET)
  cpu_set_t avail;
  if (sched_getaffinity(0, sizeof avail, &avail) != 0) return;
  if (ctx->rt->ncores > (uint32_t)CPU_COUNT(&avail)) return;  /* oversubscribed: let the OS balance */
  uint32_t k = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (!CPU_ISSET(cpu, &avail)) continue;
    if (k++ == ctx->core) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(cpu, &one);
      pthread_setaffinity_np(th, sizeof one, &one);
      return;
    }
  }
#else
  (void)ctx;
  (void)th;
#endif
}

void bb_run(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
#ifndef BB_MPI /* under MPI one core still waits for other ranks' objects */
  if (rt->ncores == 1) {
    while (bb_step(ctx)) {
    }
    return;
  }
#endif
  pthread_attr_t attr;
  bb_core_thread_attr(&attr);  /* signals.c: BAMBOO_STACK */
  for (uint32_t c = 1; c < rt->ncores; c++) {
    bb_ctx *cc = &rt->cores[c];
    if (pthread_create(&cc->thread, &attr, bb_core_thread, cc) != 0) bb_panic("cannot start the thread of core %u", c);
    bb_pin(cc, cc->thread);
  }
  pthread_attr_destroy(&attr);
  bb_pin(ctx, pthread_self());
  bb_core_loop(&rt->cores[0]);
  for (uint32_t c = 1; c < rt->ncores; c++) pthread_join(rt->cores[c].thread, NULL);
}

/* ============================================================================
 * Start-up and shut-down
 * ========================================================================== */

static bb_class bb_class_free_desc = {.name = "<free>", .id = 0, .kind = BB_KIND_OBJECT};
static const uint32_t bb_free_display[] = {0};

static void bb_check_program(const bb_program *prog, const bb_class **classes, uint32_t nclasses) {
  static const uint32_t elems[] = {BB_ELEM_BOOLEAN, BB_ELEM_BYTE, BB_ELEM_CHAR, BB_ELEM_SHORT, BB_ELEM_INT,
                                   BB_ELEM_LONG, BB_ELEM_FLOAT, BB_ELEM_DOUBLE, BB_ELEM_REF, BB_ELEM_REF};
  if (nclasses < BB_CLASS_FIRST_USER) bb_panic("class table has %u entries, need at least %u", nclasses, BB_CLASS_FIRST_USER);
  for (uint32_t i = 0; i < nclasses; i++) {
    const bb_class *c = classes[i];
    if (!c) bb_panic("class id %u has no descriptor", i);
    if (c->id != i) bb_panic("class %s has id %u at index %u", c->name, c->id, i);
    if (i == 0) continue;
    if (!c->display || c->display[c->depth] != i || c->display[0] != BB_CLASS_OBJECT)
      bb_panic("class %s: bad display", c->name);
    if (c->kind == BB_KIND_ARRAY && c->elem_kind == BB_ELEM_REF && c->elem_class >= nclasses)
      bb_panic("array class %s: bad element class", c->name);
  }
  if (classes[BB_CLASS_OBJECT]->depth != 0) bb_panic("Object must have depth 0");
  if (classes[BB_CLASS_STRING]->kind != BB_KIND_STRING) bb_panic("class 2 must be String");
  for (uint32_t i = BB_CLASS_BOOLEAN_ARRAY; i <= BB_CLASS_STRING_ARRAY; i++)
    if (classes[i]->kind != BB_KIND_ARRAY || classes[i]->elem_kind != elems[i - BB_CLASS_BOOLEAN_ARRAY])
      bb_panic("class %u must be the built-in array class", i);
  if (classes[BB_CLASS_OBJECT_ARRAY]->elem_class != BB_CLASS_OBJECT ||
      classes[BB_CLASS_STRING_ARRAY]->elem_class != BB_CLASS_STRING)
    bb_panic("Object[] / String[] element classes");
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    const bb_task *d = &prog->tasks[t];
    if (d->nparams == 0 || d->nparams > BB_MAX_PARAMS) bb_panic("task %s: %u parameters", d->name, d->nparams);
    if (d->ntagslots > BB_MAX_TAGSLOTS) bb_panic("task %s: too many tag variables", d->name);
    if (d->nexits == 0 || !d->exits) bb_panic("task %s: no exit table", d->name);
    for (uint32_t p = 0; p < d->nparams; p++) {
      const bb_flagop *z = &d->exits[p];
      if (z->and_mask != ~(uint64_t)0 || z->or_mask != 0) bb_panic("task %s: exit 0 must change nothing", d->name);
      if (d->params[p].cls >= nclasses) bb_panic("task %s: bad parameter class", d->name);
      for (uint32_t r = 0; r < d->params[p].ntags; r++)
        if (d->params[p].tags[r].slot >= d->ntagslots) bb_panic("task %s: bad tag slot", d->name);
    }
  }
  if (prog->startup_class >= nclasses || classes[prog->startup_class]->kind != BB_KIND_OBJECT)
    bb_panic("bad StartupObject class");
}

/* The layout: the program's tables, or the default layout for the core
 * count (BAMBOO_CORES overrides the compiled count of a default layout). */
static void bb_layout_setup(bb_runtime *rt) {
  const bb_program *prog = rt->prog;
  uint32_t n = prog->ncores ? prog->ncores : 1, nt = prog->ntasks;
  if (n > BB_MAX_CORES) bb_panic("program built for %u cores, above the limit of %d", n, BB_MAX_CORES);
  const char *env = getenv("BAMBOO_CORES");
  if (env && *env) {
    char *end;
    long v = strtol(env, &end, 10);
    if (*end || v < 1 || v > BB_MAX_CORES) {
      fprintf(stderr, "bamboo: error: BAMBOO_CORES must be a number from 1 to %d, not `%s`\n", BB_MAX_CORES, env);
      exit(2);
    }
    if (prog->default_layout || !prog->routes) n = (uint32_t)v;
    else if ((uint32_t)v != n)
      fprintf(stderr, "bamboo: warning: BAMBOO_CORES=%ld ignored: the program was built for a %u-core layout\n", v, n);
  }
  /* Profiling builds and the sharing sanitizer run on one core: the profiler
     times bodies without interference from other cores, and the sanitizer
     walks the whole heap at every task exit without synchronisation. */
  /* The sanitizer switches silently (test runs compare standard error). */
  bool one_core = prog->profile || bb_sharing_enabled();
  if (prog->profile && n > 1)
    fprintf(stderr, "bamboo: warning: a profiling build runs on one core; %u cores ignored\n", n);
  if (one_core) n = 1;
  bool tables = !one_core && !prog->default_layout && prog->routes && prog->hosts && prog->policies;
  rt->ncores = n;
  /* MPI: the routes of local core c are those of global core base + c in
     a layout of gn = ranks x n cores, and name global cores (mpi.c) */
  uint32_t gn = n * rt->nranks, base = rt->core_base = rt->rank * n;
  if (tables && rt->nranks > 1) {
    fprintf(stderr, "bamboo: error: a program built with a layout runs on one rank only (its layout names %u cores)\n", n);
    exit(2);
  }
  rt->policies = calloc(nt + 1, 1);
  rt->routes = calloc((size_t)n * nt + 1, sizeof(bb_route));
  rt->route_cores = calloc((size_t)n * nt * gn + 1, sizeof(uint32_t));
  if (!rt->policies || !rt->routes || !rt->route_cores) bb_panic("out of memory");
  for (uint32_t t = 0; t < nt; t++) {
    uint8_t pol = (gn > 1 && prog->policies) ? prog->policies[t] : BB_POLICY_SINGLE;
    if (pol > BB_POLICY_HERE) bb_panic("task %s: bad policy %u", prog->tasks[t].name, pol);
    rt->policies[t] = pol;
  }
  uint32_t *store = rt->route_cores;
  for (uint32_t c = 0; c < n; c++) {
    for (uint32_t t = 0; t < nt; t++) {
      bb_route *r = &rt->routes[(size_t)c * nt + t];
      r->cores = store;
      if (tables) {
        const bb_route *src = &prog->routes[(size_t)(base + c) * nt + t];
        if (src->n == 0 || src->n > n) bb_panic("layout: core %u has no route for task %s", c, prog->tasks[t].name);
        for (uint32_t k = 0; k < src->n; k++) {
          uint32_t to = src->cores[k];
          if (to >= n || !prog->hosts[(size_t)to * nt + t])
            bb_panic("layout: core %u routes task %s to core %u, which does not host it", c, prog->tasks[t].name, to);
          store[r->n++] = to;
        }
      } else if (rt->policies[t] == BB_POLICY_SINGLE) {
        store[r->n++] = 0;
      } else {
        for (uint32_t k = 0; k < gn; k++) store[r->n++] = k;
      }
      store += r->n;
    }
  }
}

static void bb_core_init(bb_runtime *rt, bb_ctx *ctx, uint32_t core) {
  const bb_program *prog = rt->prog;
  ctx->rt = rt;
  ctx->core = core;
  ctx->classes = rt->classes;
  ctx->strings = rt->strings;
  ctx->timing = rt->stats || rt->trace_path;
  bb_heap_init(ctx);
  if (prog->profile) bb_prof_start(ctx); /* profile.c: per core */
  bb_sched *s = &ctx->sched;
  s->ntasks = prog->ntasks;
  s->tasks = calloc(prog->ntasks + 1, sizeof(bb_taskrt));
  s->rr = calloc(prog->ntasks + 1, sizeof(uint32_t));
  if (!s->tasks || !s->rr) bb_panic("out of memory");
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    /* Each core's round-robin starts at its own position (its index modulo
       the route's length), so that cores which each send a few objects do
       not all send their first ones to the same core (the simulator, sim.rs
       `route`, starts alike). */
    s->rr[t] = core + rt->core_base;
    s->tasks[t].desc = &prog->tasks[t];
    if (prog->tasks[t].nparams > 1) {
      s->tasks[t].sets = calloc(prog->tasks[t].nparams, sizeof(bb_pset));
      if (!s->tasks[t].sets) bb_panic("out of memory");
    }
  }
  bb_inbox_init(&s->inbox);
  pthread_mutex_init(&s->sleep_lock, NULL);
  pthread_cond_init(&s->wake, NULL);
}

bb_ctx *bb_runtime_init(const bb_program *prog, int argc, char **argv) {
  if (prog->abi_version != bb_abi_version)
    bb_panic("program generated for runtime ABI %u, but runtime ABI is %u", prog->abi_version, bb_abi_version);
  bb_malloc_tune();
  bb_runtime *rt = calloc(1, sizeof *rt);
  if (!rt) bb_panic("out of memory");
  bb_the_runtime = rt;
  rt->prog = prog;
  rt->argc = argc;
  rt->argv = argv;
  rt->start_ns = bb_now_ns();
  rt->gc_stress = bb_env_on("BAMBOO_GC_STRESS");
  rt->stats = bb_env_on("BAMBOO_STATS");
  rt->check_sharing = bb_sharing_enabled();
  rt->pack_check = bb_env_on("BAMBOO_PACK_CHECK");
  const char *balance = getenv("BAMBOO_BALANCE");
  if (balance && *balance && strcmp(balance, "0") != 0 && strcmp(balance, "1") != 0) {
    fprintf(stderr, "bamboo: error: BAMBOO_BALANCE must be 0 or 1, not `%s`\n", balance);
    exit(2);
  }
  rt->balance = !(balance && strcmp(balance, "0") == 0);
  const char *tp = getenv("BAMBOO_TRACE");
  rt->trace_path = (tp && *tp) ? tp : NULL;
  bb_out_init(rt);
  pthread_mutex_init(&rt->tag_lock, NULL);

  /* classes: the program's table with the internal slots filled in */
  rt->nclasses = prog->nclasses;
  rt->classes = calloc(prog->nclasses > BB_CLASS_FIRST_USER ? prog->nclasses : BB_CLASS_FIRST_USER, sizeof(bb_class *));
  if (!rt->classes) bb_panic("out of memory");
  for (uint32_t i = 0; i < prog->nclasses; i++) rt->classes[i] = prog->classes[i];
  bb_class_free_desc.display = bb_free_display;
  rt->classes[BB_CLASS_NONE] = &bb_class_free_desc;
  if (rt->nclasses > BB_CLASS_TAG) rt->classes[BB_CLASS_TAG] = &bb_class_tag_desc;
  if (rt->nclasses > BB_CLASS_REFLIST) rt->classes[BB_CLASS_REFLIST] = &bb_class_reflist_desc;
  bb_check_program(prog, rt->classes, rt->nclasses);

  /* string literals: immortal, hash precomputed */
  rt->strings = calloc(prog->nstrings + 1, sizeof(bb_string *));
  if (!rt->strings) bb_panic("out of memory");
  for (uint32_t i = 0; i < prog->nstrings; i++) {
    int32_t len = prog->strings[i].length;
    bb_string *s = bb_alloc_immortal(sizeof(bb_string) + (size_t)len * sizeof(bb_char));
    s->hdr.cls = BB_CLASS_STRING;
    s->length = len;
    if (len) memcpy(s->chars, prog->strings[i].chars, (size_t)len * sizeof(bb_char));
    uint32_t hsh = 0;
    for (int32_t k = 0; k < len; k++) hsh = 31 * hsh + s->chars[k];
    s->hash = (int32_t)hsh;
    rt->strings[i] = s;
  }

  rt->nranks = 1;
#ifdef BB_MPI
  bb_mpi_init(rt);
#endif
  bb_layout_setup(rt);
#ifdef BB_MPI
  bb_mpi_check_cores(rt);
  if (rt->trace_path && rt->nranks > 1) {
    if (rt->rank == 0) fprintf(stderr, "bamboo: warning: BAMBOO_TRACE is not supported across MPI ranks; no trace written\n");
    rt->trace_path = NULL;
  }
#endif
  /* balancing hands work to idle cores of this rank only; routes name
     global cores under MPI, so it is off there */
  if (rt->ncores == 1 || rt->nranks > 1) rt->balance = false;
  rt->cpus = bb_cpus_available();
  rt->crowded = rt->cpus > 0 && rt->ncores > rt->cpus;
  if (rt->ncores > 1) bb_barrier_init(&rt->gc_barrier, rt->ncores);
  rt->cores = aligned_alloc(_Alignof(bb_ctx), rt->ncores * sizeof(bb_ctx));
  if (!rt->cores) bb_panic("out of memory");
  memset(rt->cores, 0, rt->ncores * sizeof(bb_ctx));
  for (uint32_t c = 0; c < rt->ncores; c++) bb_core_init(rt, &rt->cores[c], c);
  bb_ctx *ctx = &rt->cores[0];

  /* class -> (task, parameter) pairs whose parameter accepts the class; one
     table, shared by every core */
  bb_sched *s = &ctx->sched;
  s->tp_start = calloc(rt->nclasses + 1, sizeof(uint32_t));
  size_t ntp = 0, cap = 16;
  s->tp = malloc(cap * sizeof(bb_tp));
  if (!s->tp_start || !s->tp) bb_panic("out of memory");
  for (uint32_t c = 0; c < rt->nclasses; c++) {
    s->tp_start[c] = (uint32_t)ntp;
    if (c == BB_CLASS_NONE || c == BB_CLASS_TAG || c == BB_CLASS_REFLIST) continue;
    for (uint32_t t = 0; t < prog->ntasks; t++)
      for (uint32_t p = 0; p < prog->tasks[t].nparams; p++)
        if (bb_is_subclass(ctx, c, prog->tasks[t].params[p].cls)) {
          if (ntp == cap) {
            cap *= 2;
            s->tp = realloc(s->tp, cap * sizeof(bb_tp));
            if (!s->tp) bb_panic("out of memory");
          }
          s->tp[ntp++] = (bb_tp){(uint16_t)t, (uint16_t)p};
        }
  }
  s->tp_start[rt->nclasses] = (uint32_t)ntp;
  for (uint32_t c = 1; c < rt->ncores; c++) {
    rt->cores[c].sched.tp_start = s->tp_start;
    rt->cores[c].sched.tp = s->tp;
  }
  return ctx;
}

void bb_publish_startup(bb_ctx *ctx) {
  const bb_program *prog = ctx->rt->prog;
  /* task objects made by prog->init, if any (under MPI, rank 0's only: every
     rank ran prog->init) */
  if (ctx->rt->rank == 0)
    for (uint32_t k = 0; k < ctx->npending; k++) bb_publish(ctx, ctx->pending[k]);
  ctx->npending = 0;
  if (ctx->rt->rank != 0) return; /* the startup object lives on rank 0 */
  int argc = ctx->rt->argc;
  char **argv = ctx->rt->argv;
  int32_t n = argc > 1 ? argc - 1 : 0;
  bb_array *args = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, n, BB_LOC_NONE);
  for (int32_t i = 0; i < n; i++)
    ((bb_string **)bb_array_data(args))[i] = bb_string_from_utf8(ctx, argv[i + 1], strlen(argv[i + 1]), false);
  const bb_class *c = ctx->classes[prog->startup_class];
  bb_object *o = bb_new(ctx, prog->startup_class, c->size);
  if (prog->startup_init) {
    prog->startup_init(ctx, o, args);
  } else {
    *(bb_array **)((char *)o + prog->startup_args_offset) = args;
    *(bb_array **)((char *)o + prog->startup_parameters_offset) = args;
  }
  o->flags = prog->startup_flags;
  o->gc |= BB_GC_TASKOBJ;
  bb_publish(ctx, o);
}

/* Chrome trace-event JSON: one track (tid) per core, a complete event ("X")
 * per invocation, and a flow ("s" on the sender, "f" on the receiver) per
 * object handed to another core. */
static void bb_write_trace(bb_runtime *rt) {
  FILE *f = fopen(rt->trace_path, "w");
  if (!f) {
    fprintf(stderr, "bamboo: warning: cannot write trace %s\n", rt->trace_path);
    return;
  }
  fprintf(f, "{\"traceEvents\":[\n");
  fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"args\":{\"name\":");
  bb_json_string(f, rt->prog->name);
  fprintf(f, "}}");
  uint64_t base = rt->start_ns;
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_ctx *ctx = &rt->cores[c];
    fprintf(f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%u,\"args\":{\"name\":\"core %u\"}}", c, c);
    for (size_t i = 0; i < ctx->ntrace; i++) {
      struct bb_trace_ev *ev = &ctx->trace[i];
      const char *task = ctx->sched.tasks[ev->task].desc->name;
      if (ev->kind == 0)
        fprintf(f, ",\n{\"name\":\"%s\",\"cat\":\"task\",\"ph\":\"X\",\"pid\":0,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f,"
                   "\"args\":{\"exit\":%u}}",
                task, c, (double)(ev->t0 - base) / 1000.0, (double)(ev->t1 - ev->t0) / 1000.0, ev->exit);
      else
        fprintf(f, ",\n{\"name\":\"%s\",\"cat\":\"handoff\",\"ph\":\"%s\",%s\"id\":%llu,\"pid\":0,\"tid\":%u,\"ts\":%.3f}",
                task, ev->kind == 1 ? "s" : "f", ev->kind == 1 ? "" : "\"bp\":\"e\",", (unsigned long long)ev->t1, c,
                (double)(ev->t0 - base) / 1000.0);
    }
  }
  fprintf(f, "\n],\"displayTimeUnit\":\"ns\"}\n");
  fclose(f);
}

static void bb_print_stats(bb_runtime *rt) {
  double total = (double)(bb_now_ns() - rt->start_ns) / 1e6;
  if (rt->nranks > 1) fprintf(stderr, "bamboo: stats: rank %u of %u:\n", rt->rank, rt->nranks);
  fprintf(stderr, "bamboo: stats: %u core%s, %.3f ms total\n", rt->ncores, rt->ncores == 1 ? "" : "s", total);
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_ctx *ctx = &rt->cores[c];
    bb_sched *s = &ctx->sched;
    bb_heap *h = &ctx->heap;
    fprintf(stderr,
            "bamboo: stats: core %u: %llu invocations, busy %.3f ms, sent %llu, received %llu, "
            "lock failures %llu, dropped stale %llu, handed to idle cores %llu, gc %.3f ms (%llu collections)\n",
            c, (unsigned long long)s->dispatched, (double)s->busy_ns / 1e6, (unsigned long long)s->sent,
            (unsigned long long)s->received, (unsigned long long)s->retried, (unsigned long long)s->dropped,
            (unsigned long long)s->donated,
            (double)h->gc_ns / 1e6, (unsigned long long)h->collections);
  }
  bb_sched *s0 = &rt->cores[0].sched;
  for (uint32_t t = 0; t < s0->ntasks; t++) {
    uint64_t runs = 0, ns = 0;
    for (uint32_t c = 0; c < rt->ncores; c++) {
      runs += rt->cores[c].sched.tasks[t].runs;
      ns += rt->cores[c].sched.tasks[t].ns;
    }
    fprintf(stderr, "bamboo: stats:   task %s: %llu runs, %.3f ms\n", s0->tasks[t].desc->name,
            (unsigned long long)runs, (double)ns / 1e6);
  }
  size_t live = 0, footprint = 0;
  for (uint32_t c = 0; c < rt->ncores; c++) {
    live += rt->cores[c].heap.live;
    footprint += rt->cores[c].heap.footprint;
  }
  fprintf(stderr, "bamboo: stats:   gc: live %zu bytes, footprint %zu bytes\n", live, footprint);
}

void bb_runtime_finish(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  bb_out_flush(rt);
  if (rt->stats) bb_print_stats(rt);
  if (rt->trace_path) bb_write_trace(rt);
  bb_prof_finish(ctx); /* profile.c: merges every core's counters, writes the profile */
  /* free everything (keeps leak checkers quiet) */
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_ctx *cx = &rt->cores[c];
    bb_sched *s = &cx->sched;
    for (uint32_t t = 0; t < s->ntasks; t++) {
      if (!s->tasks[t].sets) continue;
      for (uint32_t p = 0; p < s->tasks[t].desc->nparams; p++) {
        free(s->tasks[t].sets[p].items);
        free(s->tasks[t].sets[p].index);
      }
      free(s->tasks[t].sets);
    }
    bb_msg *m;
    while ((m = bb_inbox_pop(&s->inbox)) != NULL) {
      free(m->bytes);
      free(m);
    }
    while ((m = s->spare) != NULL) {
      s->spare = m->next;
      free(m);
    }
    free(s->tasks);
    free(s->rr);
    free(s->queue.buf);
    free(s->held.buf);
    free(cx->pending);
    free(cx->roots);
    bb_sharing_free(cx);
    free(cx->trace);
    pthread_mutex_destroy(&s->sleep_lock);
    pthread_cond_destroy(&s->wake);
    bb_heap_destroy(cx);
  }
  free(rt->cores[0].sched.tp_start);
  free(rt->cores[0].sched.tp);
  for (uint32_t i = 0; i < rt->prog->nstrings; i++) free(rt->strings[i]);
  free(rt->strings);
  free(rt->classes);
  free(rt->out_buf);
  free(rt->policies);
  free(rt->routes);
  free(rt->route_cores);
  if (rt->ncores > 1) bb_barrier_destroy(&rt->gc_barrier);
  pthread_mutex_destroy(&rt->out_lock);
  pthread_mutex_destroy(&rt->tag_lock);
  free(rt->cores);
  if (bb_the_runtime == rt) bb_the_runtime = NULL;
  free(rt);
}

int bb_main(const bb_program *prog, int argc, char **argv) {
  bb_ctx *ctx = bb_runtime_init(prog, argc, argv);
  ctx->stack_hi = (uintptr_t)__builtin_frame_address(0); /* core 0 on this thread: roots.c scans below this */
  bb_signals_start(ctx->rt);
  if (prog->init) prog->init(ctx);
  bb_publish_startup(ctx);
#ifdef BB_MPI
  bb_mpi_start(ctx->rt);
#endif
  bb_run_cores(ctx);  /* signals.c: on a thread when BAMBOO_STACK is set */
#ifdef BB_MPI
  bb_out_flush(ctx->rt); /* to rank 0, before FIN */
  bb_mpi_finish(ctx->rt);
#endif
  bb_signals_stop();
  bb_runtime_finish(ctx);
  return 0;
}
