/* meet.c — MPI: a two-parameter task meets its objects on the rank of the
 * larger one (issue 32), instead of every object travelling to rank 0.
 *
 * In: the program's `meets` table (driver/mpi.rs marks the default
 * layout's Single tasks of two parameters, no tags, and no object a lock
 * merge may join), the objects routed for those tasks, and the messages
 * of meet.c's protocol. Out: each such invocation run on one core with its
 * two objects, the smaller of them moved; objects handed on from a
 * meeting in which they were the larger kept on their rank.
 *
 * The protocol (ranks of one core each, or the first core of each rank):
 * - An object routed for a meeting task stays on its rank (on its first
 *   core). Rank 0's first core is the task's home, as for Single.
 * - A rank whose first core runs out of work while an object of it waits
 *   for a meeting task and nothing there can be its partner sends rank 0
 *   an ASK note (task, parameter, the object's packed size), one per task
 *   until answered.
 * - Rank 0's first core, out of work, answers each ASK it can: a waiting
 *   partner no larger than the asker's object goes to the asker as a GUEST;
 *   a larger one stays, and COME tells the asker to send its objects of
 *   that parameter home, which it does from then on (as Single).
 * - A guest arrives for every parameter it satisfies, and goes back to
 *   rank 0 when its host runs out of work, so rank 0 always finds it again.
 *   Objects that asked, once a guest came for them, are known to be the
 *   larger: they are marked BB_GC_STAY, and routing round-robin keeps them
 *   on their rank when a task hands them on (sched.c). Until an ASK says
 *   which kind is the larger, rank 0 compares the two objects' packed
 *   sizes when one arrives home to a waiting partner, and marks so.
 * Every object still meets its partner on one core: an object waits
 * either at home or where it was, and a partner goes only where it was
 * asked for. Notes are counted as messages for termination (mpi.c). */
#ifdef BB_MPI

/* startup.c, after the layout: the tasks that meet, when several ranks
 * run a default layout. A layout given by BAMBOO_LAYOUT places every task
 * itself, so nothing meets under it. */
void bb_meet_init(bb_runtime *rt) {
  const bb_program *prog = rt->prog;
  const char *layout_path = getenv("BAMBOO_LAYOUT");
  if (rt->nranks < 2 || !prog->meets || !prog->default_layout || (layout_path && *layout_path)) return;
  uint32_t nt = prog->ntasks;
  bb_meet *mt = calloc(1, sizeof *mt);
  if (!mt) bb_panic("out of memory");
  mt->on = calloc(nt + 1, 1);
  mt->asked = calloc(nt + 1, 1);
  mt->home = calloc(2 * nt + 1, 1);
  mt->larger = calloc(2 * nt + 1, 1);
  if (!mt->on || !mt->asked || !mt->home || !mt->larger) bb_panic("out of memory");
  bool any = false;
  for (uint32_t t = 0; t < nt; t++) {
    const bb_task *d = &prog->tasks[t];
    mt->on[t] = prog->meets[t] && rt->policies[t] == BB_POLICY_SINGLE && d->nparams == 2 && d->ntagslots == 0;
    any |= mt->on[t];
  }
  rt->meet = mt;
  if (!any) bb_meet_free(rt);
}

void bb_meet_free(bb_runtime *rt) {
  bb_meet *mt = rt->meet;
  if (!mt) return;
  free(mt->on);
  free(mt->asked);
  free(mt->home);
  free(mt->larger);
  free(mt->asks);
  free(mt);
  rt->meet = NULL;
}

/* The next of route r's cores on this rank for task t, UINT32_MAX when it
 * has none. */
static uint32_t bb_meet_stay_dest(bb_ctx *ctx, const bb_route *r, uint32_t t) {
  uint32_t base = ctx->rt->core_base, n = 0;
  for (uint32_t k = 0; k < r->n; k++) n += r->cores[k] - base < ctx->rt->ncores;
  if (n == 0) return UINT32_MAX;
  uint32_t pick = ctx->sched.rr[t]++ % n;
  for (uint32_t k = 0; k < r->n; k++)
    if (r->cores[k] - base < ctx->rt->ncores && pick-- == 0) return r->cores[k];
  return UINT32_MAX;
}

/* A live object of set p of task t on this core (guests only, residents
 * only, or either), else NULL. */
static bb_object *bb_meet_waiting(bb_ctx *ctx, uint32_t t, uint32_t p, int guests) {
  bb_taskrt *tr = &ctx->sched.tasks[t];
  bb_pset *s = &tr->sets[p];
  for (uint32_t i = 0; i < s->count; i++) {
    bb_object *o = s->items[i];
    if (o->gc & BB_GC_MOVED || !bb_guard_holds(&tr->desc->params[p], BB_FLAGS(o))) continue;
    bool guest = (o->gc & BB_GC_GUEST) != 0;
    if (guests < 0 || guest == (guests > 0)) return o;
  }
  return NULL;
}

/* Every live object of set p of task t on this core is the larger kind. */
static void bb_meet_mark_larger(bb_ctx *ctx, uint32_t t, uint32_t p) {
  bb_pset *s = &ctx->sched.tasks[t].sets[p];
  __atomic_store_n(&ctx->rt->meet->larger[2 * t + p], 1, __ATOMIC_RELAXED);
  for (uint32_t i = 0; i < s->count; i++) __atomic_fetch_or(&s->items[i]->gc, BB_GC_STAY, __ATOMIC_RELAXED);
}

/* Rank 0's first core, routing o for parameter p of meeting task t home
 * before any ASK said which kind is the larger: when a partner waits here,
 * the larger of the two by packed size marks its kind, so that objects
 * that met at home stay on their rank when handed on, as those that asked
 * do. Without it an object that met its partner at home before any rank
 * asked was handed on round-robin to another rank for good (Jacobi-3D's
 * four slabs ended three on rank 1 and one on rank 0). */
static void bb_meet_learn_larger(bb_ctx *ctx, bb_object *o, uint32_t t, uint32_t p) {
  bb_meet *mt = ctx->rt->meet;
  if (__atomic_load_n(&mt->larger[2 * t], __ATOMIC_RELAXED) || __atomic_load_n(&mt->larger[2 * t + 1], __ATOMIC_RELAXED))
    return;
  bb_object *c = bb_meet_waiting(ctx, t, 1 - p, -1);
  if (!c) return;
  bb_meet_mark_larger(ctx, t, bb_pack_size(ctx, o) >= bb_pack_size(ctx, c) ? p : 1 - p);
}

/* sched.c, bb_route_one, when some task meets: routes o for parameter p of
 * task t and returns true, or returns false for the policy to route it.
 * For a meeting task o goes to this rank's first core (or rank 0's once
 * COME said so), marked to stay if its parameter's objects are the larger;
 * an object so marked, handed on round-robin, goes to a core of this rank. */
bool bb_meet_route(bb_ctx *ctx, const bb_route *r, bb_object *o, uint32_t t, uint32_t p, bb_tag *only, bool fresh) {
  bb_runtime *rt = ctx->rt;
  bb_meet *mt = rt->meet;
  uint32_t dest = UINT32_MAX;
  if (mt->on[t]) {
    if (rt->rank == 0 && ctx->core == 0) bb_meet_learn_larger(ctx, o, t, p);
    /* the first core writes both flags; any core of the rank routes */
    if (__atomic_load_n(&mt->larger[2 * t + p], __ATOMIC_RELAXED)) __atomic_fetch_or(&o->gc, BB_GC_STAY, __ATOMIC_RELAXED);
    dest = __atomic_load_n(&mt->home[2 * t + p], __ATOMIC_RELAXED) ? 0 : rt->core_base;
  } else if (rt->policies[t] == BB_POLICY_ROUND_ROBIN && !fresh && (o->gc & BB_GC_STAY)) {
    dest = bb_meet_stay_dest(ctx, r, t);
  }
  if (dest == UINT32_MAX) return false;
  bb_deliver(ctx, dest, o, t, p, only);
  return true;
}

/* Sends this core's live residents of set p of task t home (COME). */
static void bb_meet_go_home(bb_ctx *ctx, uint32_t t, uint32_t p) {
  bb_object *o;
  while ((o = bb_meet_waiting(ctx, t, p, 0)) != NULL) {
    if (bb_mpi_unmovable(ctx, o, t, p)) return; /* wanted here too: it stays, as Single would keep it */
    bb_mpi_send(ctx, 0, o, t, p);
  }
}

/* Rank 0: answers the ASKs it can; true if it sent anything. */
static bool bb_meet_answer(bb_ctx *ctx) {
  bb_meet *mt = ctx->rt->meet;
  bool sent = false;
  for (uint32_t i = 0; i < mt->nasks;) {
    bb_meet_ask a = mt->asks[i];
    uint32_t other = 1 - a.param;
    bb_object *c = bb_meet_waiting(ctx, a.task, other, -1);
    if (!c) {
      i++;
      continue;
    }
    sent = true;
    if (bb_pack_size(ctx, c) <= a.bytes && !bb_mpi_unmovable(ctx, c, a.task, other)) {
      /* the asker's kind is the larger: so are its objects waiting here */
      bb_meet_mark_larger(ctx, a.task, a.param);
      bb_mpi_send_as(ctx, a.from, c, a.task, other, BB_MEET_GUEST);
      /* every ASK of that rank is dropped: it asks again for what still waits */
      uint32_t k = 0;
      for (uint32_t j = 0; j < mt->nasks; j++)
        if (mt->asks[j].from != a.from) mt->asks[k++] = mt->asks[j];
      mt->nasks = k;
      i = 0;
    } else {
      bb_mpi_note(ctx, a.from, a.task, a.param, BB_MEET_COME, NULL, 0);
      mt->asks[i] = mt->asks[--mt->nasks];
    }
  }
  return sent;
}

/* Another rank: guests go home; residents with no partner here ask for
 * one. True if anything was sent. */
static bool bb_meet_ask_home(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  bb_meet *mt = rt->meet;
  bool sent = false;
  for (uint32_t t = 0; t < rt->prog->ntasks; t++) {
    if (!mt->on[t]) continue;
    for (uint32_t p = 0; p < 2; p++) {
      bb_object *g;
      while ((g = bb_meet_waiting(ctx, t, p, 1)) != NULL && !bb_mpi_unmovable(ctx, g, t, p)) {
        bb_mpi_send(ctx, 0, g, t, p);
        sent = true;
      }
    }
    for (uint32_t p = 0; p < 2 && !mt->asked[t]; p++) {
      bb_object *o = bb_meet_waiting(ctx, t, p, 0);
      if (!o || bb_meet_waiting(ctx, t, 1 - p, -1)) continue;
      bb_meet_askbody body = {rt->core_base, 0, bb_pack_size(ctx, o)};
      bb_mpi_note(ctx, 0, t, p, BB_MEET_ASK, &body, sizeof body);
      mt->asked[t] = 1;
      sent = true;
    }
  }
  return sent;
}

/* cores.c, on a rank's first core when it runs out of work: true if it
 * sent anything (then it is not idle). */
bool bb_meet_idle(bb_ctx *ctx) {
  if (!ctx->rt->meet || ctx->core != 0) return false;
  return ctx->rt->rank == 0 ? bb_meet_answer(ctx) : bb_meet_ask_home(ctx);
}

/* cores.c, bb_drain: a message from another rank (mpi.c's header, then an
 * ASK's body or a packed object): a note is acted on; an object is rebuilt
 * on this core's heap and arrives for every parameter it satisfies
 * (routing sent it here for each: mpi.c, bb_mpi_unmovable). */
void bb_mpi_arrive(bb_ctx *ctx, bb_msg *m) {
  bb_sched *s = &ctx->sched;
  bb_mpi_objhdr h;
  memcpy(&h, m->bytes, sizeof h);
  bb_meet *mt = ctx->rt->meet;
  if (h.kind == BB_MEET_ASK || h.kind == BB_MEET_COME) {
    if (!mt || !mt->on[h.task]) bb_panic("MPI: a meeting note for task %u, which does not meet", h.task);
    if (h.kind == BB_MEET_COME) {
      mt->asked[h.task] = 0;
      __atomic_store_n(&mt->home[2 * h.task + h.param], 1, __ATOMIC_RELAXED);
      bb_meet_go_home(ctx, h.task, h.param);
    } else {
      bb_meet_askbody body;
      if (m->nbytes != sizeof h + sizeof body) bb_panic("MPI: a truncated meeting note");
      memcpy(&body, m->bytes + sizeof h, sizeof body);
      if (mt->nasks == mt->cap) {
        mt->cap = mt->cap ? 2 * mt->cap : 8;
        mt->asks = bb_xrealloc(ctx, mt->asks, mt->cap * sizeof *mt->asks);
      }
      mt->asks[mt->nasks++] = (bb_meet_ask){h.task, h.param, body.from, body.bytes};
    }
    bb_mpi_recycle(ctx->rt, m->bytes, m->nbytes);
    m->bytes = NULL;
    return;
  }
  if (h.kind & BB_MPI_KIND_BLOCKS) {
    /* the bodies that came apart (mpi_thread.c, bb_mpi_bodies): the table
       at the end, places counted from the header's start */
    h.kind &= ~BB_MPI_KIND_BLOCKS;
    uint32_t n;
    size_t packed;
    bb_mpi_body_entry *table = bb_mpi_body_table(m->bytes, m->nbytes, &n, &packed);
    bb_pack_block *blocks = bb_xmalloc(ctx, (size_t)n * sizeof *blocks);
    for (uint32_t i = 0; i < n; i++) {
      bb_mpi_body_entry e;
      memcpy(&e, &table[i], sizeof e);
      if (e.at < sizeof h || e.at > packed) bb_panic("MPI: a malformed object message");
      blocks[i] = (bb_pack_block){(size_t)e.at - sizeof h, (size_t)e.len, (void *)(uintptr_t)e.block};
    }
    m->obj = bb_unpack_blocks(ctx, m->bytes + sizeof h, packed - sizeof h, blocks, n);
    free(blocks);
  } else {
    m->obj = bb_unpack(ctx, m->bytes + sizeof h, m->nbytes - sizeof h);
  }
  m->obj->gc |= BB_GC_TASKOBJ;
  bb_mpi_recycle(ctx->rt, m->bytes, m->nbytes); /* a large buffer is kept for the next */
  m->bytes = NULL;
  for (uint32_t i = s->tp_start[m->obj->cls], end = s->tp_start[m->obj->cls + 1]; i < end; i++) {
    uint32_t t = s->tp[i].task, p = s->tp[i].param;
    bb_tags_lock(ctx);
    bool can = (t == m->task && p == m->param) || bb_tags_for_locked(m->obj, &s->tasks[t].desc->params[p]);
    bb_tags_unlock(ctx);
    if (can) bb_arrive(ctx, m->obj, t, p, NULL);
  }
  if (h.kind == BB_MEET_GUEST && mt) {
    __atomic_fetch_or(&m->obj->gc, BB_GC_GUEST, __ATOMIC_RELAXED);
    /* it came for this rank's objects waiting for it: they are the larger */
    memset(mt->asked, 0, ctx->rt->prog->ntasks);
    for (uint32_t t = 0; t < ctx->rt->prog->ntasks; t++)
      for (uint32_t p = 0; p < 2 && mt->on[t]; p++)
        if (bb_pset_contains(&s->tasks[t].sets[p], m->obj)) bb_meet_mark_larger(ctx, t, 1 - p);
  }
}

#endif
