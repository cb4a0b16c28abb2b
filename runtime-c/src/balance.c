/* balance.c — queued work for idle cores (paper section 4.7; the simulator
 * models the same: compiler/src/synthesis/sim/).
 *
 * - Crowded: with more cores than processors, an object for a one-parameter
 *   round-robin task whose chosen core is idle stays on the core that
 *   routes it, unless that core has work queued and a processor is free
 *   (bb_crowded_dest): the work settles on about as many cores as there are
 *   processors instead of paying a wake-up and a context switch per
 *   hand-off.
 * - Balance: the layout spreads a task's objects over its instances
 *   round-robin when they are made, so a core that the host slows down, or
 *   that got the costlier objects, is left with work queued while the
 *   others have run out. A core that has had nothing to do for a few
 *   microseconds (when crowded, just before it parks) asks for work: it
 *   sets its `hungry` flag and counts itself in rt->nhungry. A core that
 *   ends an invocation and sees the count non-zero hands its oldest queued
 *   invocations of a one-parameter, untagged, round-robin task (up to half
 *   its queue) to a hungry instance of that task with no message on its
 *   way to it; the first to clear the hungry flag with a compare-and-swap
 *   gives. A core clears its own flag when it receives anything. The
 *   object goes where the layout could have sent it in the first place, so
 *   the program sees nothing but another order of invocations.
 * BAMBOO_BALANCE=0 turns both off.
 */
#include "internal.h"

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

/* The task of this core's oldest queued invocation when another core may
 * run it instead, else UINT32_MAX: a one-parameter task without tags routed
 * round-robin (the object could have gone to any of the task's instances in
 * the first place, and it sits in no parameter set; a local one's too), with at least one more
 * invocation queued behind it for this core. */
static uint32_t bb_donatable(const bb_ctx *ctx) {
  const bb_sched *s = &ctx->sched;
  const bb_queue *q = &s->queue;
  if (q->count < 2) return UINT32_MAX;
  uint32_t t = (uint32_t)q->buf[q->head & q->mask];
  const bb_task *d = s->tasks[t].desc;
  uint8_t policy = ctx->rt->policies[t];
  if (d->nparams != 1 || d->ntagslots != 0 || (policy != BB_POLICY_ROUND_ROBIN && policy != BB_POLICY_LOCAL))
    return UINT32_MAX;
  return t;
}

/* Takes the oldest queued invocation (bb_donatable said it may go) and
 * sends its object to core `dest` for the same task. */
static void bb_donate_oldest(bb_ctx *ctx, uint32_t dest) {
  bb_object *objs[BB_MAX_PARAMS];
  bb_tag *tags[BB_MAX_TAGSLOTS];
  uint32_t t = bb_queue_take(&ctx->sched, true, objs, tags);
  ctx->sched.donated++;
  bb_send(ctx, dest, objs[0], t, 0, NULL);
}

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
