/* cores.c — many cores (paper section 4.7): one scheduler thread per core,
 * object hand-off through per-core inboxes, parking, distributed
 * termination detection and collections at a common task boundary.
 * balance.c hands queued work to idle cores; startup.c starts and ends the
 * run.
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
 * - Idle cores spin briefly, yield (for up to a millisecond when every
 *   core has a processor), then park on a futex (a condition
 *   variable off Linux) with no time-out; whatever gives a parked core a
 *   reason to run (a message, the end, a collection) wakes it, and only a
 *   parked core costs its waker a system call ("Parking"). With a
 *   processor for every core the spin and yield last some microseconds
 *   (the next object of a chain is about to arrive); with more cores than
 *   processors (`crowded`) a core parks after three idle turns (and
 *   balance.c keeps round-robin work on the core that routes it).
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
  if (__atomic_load_n(&s->idle, __ATOMIC_RELAXED)) /* only the owner writes it */
    __atomic_store_n(&s->idle, 0, __ATOMIC_SEQ_CST);  /* before receiving (termination check) */
  bb_claim_hungry(ctx->rt, ctx);                     /* work came: no longer asking */
  bool any = false;
  bb_msg *m;
  while ((m = bb_inbox_pop(&s->inbox)) != NULL) {
    __atomic_fetch_add(&s->received, 1, __ATOMIC_SEQ_CST);
    if (m->flow) bb_trace_event(ctx, 2, m->task, 0, bb_now_ns(), m->flow);
#ifdef BB_MPI /* only the MPI build receives packed objects: no test on this path otherwise */
    if (BB_UNLIKELY(m->bytes)) {
      bb_mpi_arrive(ctx, m); /* meet.c: an object or a note from another rank */
      bb_msg_keep(ctx, m);
      any = true;
      continue;
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
/* With a processor for every core, an idle core also keeps yielding until
 * it has been idle this long: a parked core takes tens of microseconds to
 * wake on a virtual machine, and cores that parked while waiting a few
 * hundred microseconds for their next object lost much of their time to
 * wake-ups (benchmarks/logs/2026-12-07-evening.md, "Parking"). */
#define BB_IDLE_YIELD_NS 1000000u

/* Idle turns of the core loop before it parks, at least. */
static unsigned bb_idle_turns(const bb_runtime *rt) {
  return rt->crowded ? BB_CROWDED_SPINS + BB_CROWDED_YIELDS : BB_IDLE_SPINS + BB_IDLE_YIELDS;
}

typedef enum { BB_IDLE_SPIN, BB_IDLE_YIELD, BB_IDLE_PARK } bb_idle_step;

/* What idle turn `spins` of the core loop does: spin (pause), then yield,
 * then park. `*yielding_since` is set at the first yield of an idle spell. */
static bb_idle_step bb_idle_next(bb_ctx *ctx, unsigned spins, uint64_t *yielding_since) {
  bool crowded = ctx->rt->crowded;
  unsigned spin = crowded ? BB_CROWDED_SPINS : BB_IDLE_SPINS;
  if (spins < spin) return BB_IDLE_SPIN;
  if (spins == spin) *yielding_since = bb_now_ns();
  if (spins < bb_idle_turns(ctx->rt) || (!crowded && bb_now_ns() - *yielding_since < BB_IDLE_YIELD_NS))
    return BB_IDLE_YIELD;
  return BB_IDLE_PARK;
}

static void bb_idle_wait(bb_ctx *ctx, bb_idle_step step) {
  if (step == BB_IDLE_SPIN) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  } else if (step == BB_IDLE_YIELD) {
    sched_yield();
  } else {
    bb_park(ctx);
  }
}

static void bb_core_loop(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  bb_sched *s = &ctx->sched;
  unsigned spins = 0;
  uint64_t yielding_since = 0;
  for (;;) {
    if (__atomic_load_n(&rt->gc_pending, __ATOMIC_SEQ_CST)) bb_gc_join(ctx);
    if (bb_drain(ctx)) spins = 0;
    if (bb_step(ctx)) {
      spins = 0;
      continue;
    }
    if (bb_inbox_nonempty(&s->inbox)) continue;
#ifdef BB_MPI
    /* meet.c: out of work, the first core asks for or answers a meeting
       (once per lull: work or a message sets spins back to 0) */
    if (spins == 0 && bb_meet_idle(ctx)) continue;
#endif
    if (!__atomic_load_n(&s->idle, __ATOMIC_RELAXED)) __atomic_store_n(&s->idle, 1, __ATOMIC_SEQ_CST);
    if (spins >= (rt->crowded ? bb_idle_turns(rt) - 1 : BB_ASK_AFTER_SPINS)) bb_ask_for_work(ctx);
    if (__atomic_load_n(&rt->done, __ATOMIC_SEQ_CST)) break;
#ifdef BB_MPI
    /* the end is decided for all ranks by mpi.c, which sets `done`; work
       may now come only from other ranks, so mpi.c polls for it */
    if (spins == 0) bb_mpi_core_idle(rt);
    bb_idle_wait(ctx, bb_idle_next(ctx, spins++, &yielding_since));
    continue;
#endif
    bb_idle_step step = bb_idle_next(ctx, spins, &yielding_since);
    /* Checked every 16th turn (a check reads every core's counters) and
       before every park: the last core to go idle must see the end, since
       nothing wakes a parked core but work, the end or a collection. */
    if (((spins & 15) == 0 || step == BB_IDLE_PARK) && bb_terminated(rt)) {
      __atomic_store_n(&rt->done, 1, __ATOMIC_SEQ_CST);
      bb_wake_all(rt);
      break;
    }
    spins++;
    bb_idle_wait(ctx, step);
  }
}

static void *bb_core_thread(void *arg) {
  bb_ctx *ctx = arg;
  ctx->stack_hi = (uintptr_t)__builtin_frame_address(0); /* roots.c scans below this */
  bb_signals_thread_init(ctx);
  ctx->sched.started_ns = bb_now_ns();
  bb_core_loop(ctx);
  __atomic_store_n(&ctx->sched.left, 1, __ATOMIC_RELEASE); /* bb_join_core */
  bb_signals_thread_done();
  return NULL;
}

/* The processor each core is pinned to, or -1 for none: the i-th
 * processor of this process's affinity mask when there are enough, except
 * that core 0 keeps the processor the starting thread runs on (it runs core
 * 0): moving a running thread costs tens of microseconds on a virtual
 * machine, which a run of a millisecond or two feels. Ranks of an MPI job
 * share the machine's processors without knowing each other's, so a rank
 * pins only when its launcher bound it to as many processors as it has
 * cores. */
static void bb_pin_plan(const bb_runtime *rt, int *cpu_of) {
  for (uint32_t c = 0; c < rt->ncores; c++) cpu_of[c] = -1;
#if defined(__linux__) && defined(CPU_SET)
  cpu_set_t avail;
  if (sched_getaffinity(0, sizeof avail, &avail) != 0) return;
  uint32_t navail = (uint32_t)CPU_COUNT(&avail);
  if (rt->ncores > navail) return; /* oversubscribed: let the OS balance */
  if (rt->nranks > 1 && rt->ncores != navail) return;
  int here = sched_getcpu();
  if (here < 0 || here >= CPU_SETSIZE || !CPU_ISSET(here, &avail)) here = -1;
  uint32_t c = 0;
  if (here >= 0) cpu_of[c++] = here;
  for (int cpu = 0; cpu < CPU_SETSIZE && c < rt->ncores; cpu++) {
    if (CPU_ISSET(cpu, &avail) && cpu != here) cpu_of[c++] = cpu;
  }
#endif
}

#if defined(__linux__) && defined(CPU_SET)
/* The set of processor `cpu` alone. */
static cpu_set_t bb_cpu_only(int cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  return one;
}
#endif

/* Starts the thread of core c on processor `cpu` (-1: anywhere). The
 * thread is created there rather than moved there after it started. */
static void bb_start_core(bb_ctx *cc, int cpu) {
  pthread_attr_t attr;
  bb_core_thread_attr(&attr); /* signals.c: BAMBOO_STACK */
#if defined(__linux__) && defined(CPU_SET)
  if (cpu >= 0) {
    cpu_set_t one = bb_cpu_only(cpu);
    pthread_attr_setaffinity_np(&attr, sizeof one, &one);
  }
#else
  (void)cpu;
#endif
  int err = pthread_create(&cc->thread, &attr, bb_core_thread, cc);
  pthread_attr_destroy(&attr);
  if (err != 0 && cpu >= 0) { /* the processor was refused: start it anywhere */
    bb_core_thread_attr(&attr);
    err = pthread_create(&cc->thread, &attr, bb_core_thread, cc);
    pthread_attr_destroy(&attr);
  }
  if (err != 0) bb_panic("cannot start the thread of core %u", cc->core);
}

/* Pins the calling thread, which runs core 0, to processor `cpu`. */
static void bb_pin_self(int cpu) {
#if defined(__linux__) && defined(CPU_SET)
  if (cpu < 0) return;
  cpu_set_t one = bb_cpu_only(cpu);
  sched_setaffinity(0, sizeof one, &one);
#else
  (void)cpu;
#endif
}

/* How long core 0 waits, without sleeping, for another core to leave its
 * loop after the end is decided. */
#define BB_LEAVE_SPIN_NS 5000u

/* Ends core c's thread. The run's result is complete once the end is
 * decided, but an idle core that yielded its processor to another process
 * (the reader of the program's output, woken by it) may take a time slice,
 * up to milliseconds, to see it; and a thread's exit, and the wake-up
 * of a thread blocked in pthread_join, take tens of microseconds each on a
 * virtual machine. So when every core has a processor, core 0 waits without
 * sleeping, briefly, for the core to leave its loop, and lets its thread end
 * on its own. A core that has not left by then may still read the runtime,
 * so bb_runtime_finish leaves the runtime's memory to the process's exit.
 * With more cores than processors, and under MPI, it joins as before. */
static void bb_join_core(bb_runtime *rt, bb_ctx *c) {
#if !defined(BB_MPI)
  if (!rt->crowded) {
    uint64_t since = bb_now_ns();
    while (!__atomic_load_n(&c->sched.left, __ATOMIC_ACQUIRE) && bb_now_ns() - since < BB_LEAVE_SPIN_NS) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
    if (!__atomic_load_n(&c->sched.left, __ATOMIC_ACQUIRE)) rt->leaving++;
    pthread_detach(c->thread);
    return;
  }
#endif
  (void)rt;
  pthread_join(c->thread, NULL);
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
  ctx->sched.started_ns = bb_now_ns();
  int *cpu_of = bb_xmalloc(ctx, rt->ncores * sizeof *cpu_of);
  bb_pin_plan(rt, cpu_of);
  for (uint32_t c = 1; c < rt->ncores; c++) bb_start_core(&rt->cores[c], cpu_of[c]);
  bb_pin_self(cpu_of[0]);
  free(cpu_of);
  bb_core_loop(&rt->cores[0]);
  for (uint32_t c = 1; c < rt->ncores; c++) bb_join_core(rt, &rt->cores[c]);
}
