/* profile.c — the profiler of profiling builds (`bambooc --profile-gen`;
 * paper 4.3.1: the runtime "collects profile data" that the Markov model of
 * the CSTG is built from).
 *
 * Active only when bb_program.profile is set. Per core it keeps, for every
 * (task, runtime exit), the number of invocations and the Welford running
 * mean and sum of squared deviations of the body time, and for every
 * (task, exit, allocation site) the number of task objects allocated. Memory
 * is fixed at start-up (tasks x exits x sites counters), whatever the length
 * of the run.
 *
 * What is timed: the task body only (the call of the task function, so the
 * scheduler's dispatch, locking, exit application, publication and garbage
 * collection are excluded; the simulator adds dispatch costs separately).
 * Clock: CLOCK_MONOTONIC through bb_now_ns. Two readings bracket the body,
 * so each raw duration also holds the cost of one clock reading; that cost
 * is measured at start-up (the minimum over back-to-back readings) and
 * subtracted (clamped at 0). The figure is written as `clock_overhead_ns`.
 * These two are the only readings per invocation (bb_prof_now is inline in
 * internal.h; the scheduler's own timing of whole steps stays off unless
 * statistics or a trace are asked for).
 *
 * Besides the bodies, the run's time outside them is split up (format
 * version 2), so that the simulator can account for all of it: `init_ns`
 * (runtime start-up to the first body: initialisation, the startup object),
 * `gc_ns` and `collections` (the collector, from the heaps' own counters;
 * `gc_mark_ns`, the marking part of `gc_ns`: at N cores one core marks and
 * every core sweeps its own heap),
 * `sched_ns` (the scheduler between bodies: dispatch, guards, locks, exits,
 * routing; the profiler's own clock readings taken out) and `finish_ns`
 * (the end of the last body to the writing of the profile: the last exit,
 * termination, flushing the output). Per exit, `sched_mean_ns` is the mean
 * scheduler gap after the bodies that took it (applying the exit,
 * publishing, dispatching the next invocation; collections and the clock
 * reading taken out), so that the simulator charges each invocation its
 * own scheduling cost rather than the run's average.
 *
 * The clock is CLOCK_MONOTONIC, or with BAMBOO_PROFILE_CLOCK=thread the
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID, from the process's start), for
 * profiling on a machine busy with other work; the file names it.
 *
 * Hooks (five lines; keep them when the scheduler changes):
 *   cores.c bb_core_init:      if (prog->profile) bb_prof_start(ctx);  (per core)
 *   sched.c bb_step, t0 = bb_prof_now(ctx) before the body; after it, once
 *   the exit is known to be valid:
 *                              if (ctx->prof) bb_prof_invocation(ctx, t, e, t0, bb_prof_now(ctx));
 *   heap.c bb_gc_collect:      if (ctx->prof) bb_prof_gc(ctx, bb_prof_now(ctx) - c0, c1 - c0);
 *                              (c1: read between the marking and the sweep)
 *   sched.c bb_task_object:    if (BB_UNLIKELY(ctx->prof)) bb_prof_alloc(ctx, site);
 *   cores.c bb_runtime_finish: bb_prof_finish(ctx);  (before anything is freed)
 * Counters are per core and merged when written; a profiling build runs on
 * one core anyway (cores.c bb_layout_setup forces it, and the compiler
 * rejects --profile-gen with --cores N > 1 or --layout).
 * The profile is also written if the program ends through System.exit or a
 * run-time error (an atexit handler); it then says `"complete": false`.
 */
#include "internal.h"
#include <string.h>

static bb_ctx *bb_prof_pending_ctx; /* core 0 of a run whose profile is not written yet */

void bb_prof_gc(bb_ctx *ctx, uint64_t ns, uint64_t mark_ns) {
  ctx->prof->gc_ns += ns;
  ctx->prof->gc_mark_ns += mark_ns;
}

static uint64_t bb_prof_clock_overhead(const bb_ctx *ctx) {
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < 2000; i++) {
    uint64_t a = bb_prof_now(ctx), b = bb_prof_now(ctx);
    if (b - a < best) best = b - a;
  }
  return best;
}

static void bb_prof_write_at_exit(void) {
  if (bb_prof_pending_ctx) bb_prof_write(bb_prof_pending_ctx, false);
}

void bb_prof_start(bb_ctx *ctx) {
  const char *clock = getenv("BAMBOO_PROFILE_CLOCK");
  bool cpu = clock && strcmp(clock, "thread") == 0;
  if (clock && *clock && !cpu && strcmp(clock, "wall") != 0)
    fprintf(stderr, "bamboo: warning: BAMBOO_PROFILE_CLOCK=%s ignored (wall or thread)\n", clock);
  uint64_t t0 = cpu ? bb_cpu_ns() : bb_now_ns();
  const bb_program *prog = ctx->rt->prog;
  const bb_profile_info *info = prog->profile;
  if (!info->fingerprint) bb_panic("profiling build without a program fingerprint");
  for (uint32_t s = 0; s < info->nsites; s++)
    if (info->site_class[s] >= ctx->rt->nclasses) bb_panic("allocation site %u has a bad class id", s);
  bb_prof_core *p = calloc(1, sizeof *p);
  if (!p) bb_panic("out of memory");
  p->ntasks = prog->ntasks;
  p->nsites = info->nsites;
  p->exit_base = calloc(prog->ntasks + 1, sizeof(uint32_t));
  if (!p->exit_base) bb_panic("out of memory");
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    p->exit_base[t] = p->nexits_total;
    p->nexits_total += prog->tasks[t].nexits;
  }
  p->exit_base[prog->ntasks] = p->nexits_total;
  p->exits = calloc(p->nexits_total + 1, sizeof(bb_prof_exit));
  p->allocs = calloc((size_t)p->nexits_total * p->nsites + 1, sizeof(uint64_t));
  p->cur = calloc(p->nsites + 1, sizeof(uint32_t));
  if (!p->exits || !p->allocs || !p->cur) bb_panic("out of memory");
  p->cpu = cpu;
  /* the thread's CPU clock starts with the thread (the process) */
  p->start_ns = cpu ? 0 : ctx->rt->start_ns;
  ctx->prof = p;
  p->clock_ns = bb_prof_clock_overhead(ctx);
  p->setup_ns = bb_prof_now(ctx) - t0;
  if (ctx->core == 0) {
    static bool registered;
    if (!registered && atexit(bb_prof_write_at_exit) == 0) registered = true;
    bb_prof_pending_ctx = ctx;
  }
}

void bb_prof_alloc(bb_ctx *ctx, uint32_t site) {
  bb_prof_core *p = ctx->prof;
  if (BB_UNLIKELY(site >= p->nsites)) bb_panic("bb_task_object: allocation site %u of %u", site, p->nsites);
  if (!ctx->task) {
    p->outside++;
    return;
  }
  if (p->cur[site]++ == 0) {
    if (p->ntouched == p->cap_touched) {
      p->cap_touched = p->cap_touched ? p->cap_touched * 2 : 16;
      p->touched = bb_xrealloc(ctx, p->touched, p->cap_touched * sizeof(uint32_t));
    }
    p->touched[p->ntouched++] = site;
  }
}

void bb_prof_invocation(bb_ctx *ctx, uint32_t task, uint32_t exit, uint64_t t0, uint64_t t1) {
  bb_prof_core *p = ctx->prof;
  uint32_t x = p->exit_base[task] + exit;
  uint64_t raw_ns = t1 - t0;
  if (!p->count++) {
    p->first_ns = t0;
  } else {
    /* The gap since the previous body belongs to that invocation's exit:
     * applying it, publishing its objects, and dispatching this one. The
     * collections in the gap and the profiler's one clock reading are not
     * the scheduler's. */
    uint64_t gap = t0 - p->last_ns, gc = p->gc_ns - p->gc_at_last;
    gap = gap > gc ? gap - gc : 0;
    bb_prof_exit *prev = &p->exits[p->last_exit];
    prev->sched_ns += gap > p->clock_ns ? (double)(gap - p->clock_ns) : 0.0;
    prev->gaps++;
  }
  p->last_ns = t1;
  p->last_exit = x;
  p->gc_at_last = p->gc_ns;
  p->raw_ns += raw_ns;
  double ns = raw_ns > p->clock_ns ? (double)(raw_ns - p->clock_ns) : 0.0;
  bb_prof_exit *ex = &p->exits[x];
  ex->count++;
  double delta = ns - ex->mean;
  ex->mean += delta / (double)ex->count;
  ex->m2 += delta * (ns - ex->mean);
  uint64_t *row = &p->allocs[(size_t)x * p->nsites];
  for (uint32_t k = 0; k < p->ntouched; k++) {
    uint32_t s = p->touched[k];
    row[s] += p->cur[s];
    p->cur[s] = 0;
  }
  p->ntouched = 0;
}

/* ---- writing ------------------------------------------------------------ */

static void bb_json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    if (*c == '"' || *c == '\\') fprintf(f, "\\%c", *c);
    else if (*c < 0x20) fprintf(f, "\\u%04x", *c);
    else fputc(*c, f);
  }
  fputc('"', f);
}

/* Chan et al.'s pairwise combination of two Welford accumulators. */
static void bb_prof_merge_exit(bb_prof_exit *into, const bb_prof_exit *from) {
  if (!from->count) return;
  if (!into->count) {
    *into = *from;
    return;
  }
  double n1 = (double)into->count, n2 = (double)from->count, n = n1 + n2;
  double delta = from->mean - into->mean;
  into->mean += delta * n2 / n;
  into->m2 += from->m2 + delta * delta * n1 * n2 / n;
  into->count += from->count;
  into->sched_ns += from->sched_ns;
  into->gaps += from->gaps;
}

void bb_prof_write(bb_ctx *ctx, bool complete) {
  bb_runtime *rt = ctx->rt;
  const bb_program *prog = rt->prog;
  bb_prof_core *p0 = ctx->prof;
  bb_prof_pending_ctx = NULL;
  if (!p0) return;
  uint64_t total_ns = bb_prof_now(ctx) - p0->start_ns;
  /* merge every core's counters into core 0's */
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_prof_core *pc = rt->cores[c].prof;
    if (!pc || pc == p0) continue;
    for (uint32_t x = 0; x < p0->nexits_total; x++) bb_prof_merge_exit(&p0->exits[x], &pc->exits[x]);
    for (size_t i = 0; i < (size_t)p0->nexits_total * p0->nsites; i++) p0->allocs[i] += pc->allocs[i];
    p0->outside += pc->outside;
    if (pc->count && (!p0->count || pc->first_ns < p0->first_ns)) p0->first_ns = pc->first_ns;
    if (pc->count && pc->last_ns > p0->last_ns) p0->last_ns = pc->last_ns;
    p0->raw_ns += pc->raw_ns;
    p0->count += pc->count;
    p0->setup_ns += pc->setup_ns;
  }
  uint64_t now_ns = p0->start_ns + total_ns, gc_ns = 0, gc_mark_ns = 0, collections = 0;
  for (uint32_t c = 0; c < rt->ncores; c++) {
    gc_ns += p0->cpu ? (rt->cores[c].prof ? rt->cores[c].prof->gc_ns : 0) : rt->cores[c].heap.gc_ns;
    gc_mark_ns += rt->cores[c].prof ? rt->cores[c].prof->gc_mark_ns : 0;
    collections += rt->cores[c].heap.collections;
  }
  /* the run split up: start-up, bodies, collector, scheduler, finish */
  uint64_t init_ns = p0->count ? p0->first_ns - p0->start_ns : total_ns;
  init_ns = init_ns > p0->setup_ns ? init_ns - p0->setup_ns : 0; /* the profiler's set-up is not the program's */
  uint64_t finish_ns = p0->count ? now_ns - p0->last_ns : 0;
  double loop_ns = p0->count ? (double)(p0->last_ns - p0->first_ns) : 0.0;
  /* each invocation's gap holds one clock reading the profiler added */
  double sched_ns = loop_ns - (double)p0->raw_ns - (double)gc_ns - (double)p0->count * (double)p0->clock_ns;
  if (sched_ns < 0) sched_ns = 0;
  char fallback[4096];
  const char *path = getenv("BAMBOO_PROFILE_OUT");
  if (!path || !*path) {
    const char *exe = (rt->argc > 0 && rt->argv[0]) ? rt->argv[0] : prog->name;
    const char *base = strrchr(exe, '/');
    base = base ? base + 1 : exe;
    snprintf(fallback, sizeof fallback, "%s.profile", base);
    path = fallback;
  }
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "bamboo: warning: cannot write the profile to %s\n", path);
    return;
  }
  uint64_t invocations = 0;
  double task_ns = 0;
  for (uint32_t x = 0; x < p0->nexits_total; x++) {
    invocations += p0->exits[x].count;
    task_ns += p0->exits[x].mean * (double)p0->exits[x].count;
  }
  /* the program's name without a `.bb` extension */
  char name[1024];
  snprintf(name, sizeof name, "%s", prog->name ? prog->name : "program");
  size_t len = strlen(name);
  if (len > 3 && strcmp(name + len - 3, ".bb") == 0) name[len - 3] = 0;

  fprintf(f, "{\n  \"format\": \"bambooc-profile\",\n  \"version\": 2,\n  \"program\": ");
  bb_json_string(f, name);
  fprintf(f, ",\n  \"fingerprint\": ");
  bb_json_string(f, prog->profile->fingerprint);
  fprintf(f,
          ",\n  \"complete\": %s,\n  \"clock\": \"%s\",\n  \"clock_overhead_ns\": %llu,\n"
          "  \"total_ns\": %llu,\n  \"task_ns\": %.1f,\n  \"init_ns\": %llu,\n  \"sched_ns\": %.1f,\n"
          "  \"gc_ns\": %llu,\n  \"gc_mark_ns\": %llu,\n  \"collections\": %llu,\n  \"finish_ns\": %llu,\n  \"invocations\": %llu,\n"
          "  \"allocations_outside_tasks\": %llu,\n  \"tasks\": [",
          complete ? "true" : "false", p0->cpu ? "CLOCK_THREAD_CPUTIME_ID" : "CLOCK_MONOTONIC",
          (unsigned long long)p0->clock_ns, (unsigned long long)total_ns, task_ns,
          (unsigned long long)init_ns, sched_ns, (unsigned long long)gc_ns, (unsigned long long)gc_mark_ns,
          (unsigned long long)collections,
          (unsigned long long)finish_ns, (unsigned long long)invocations, (unsigned long long)p0->outside);
  for (uint32_t t = 0; t < prog->ntasks; t++) {
    const bb_task *d = &prog->tasks[t];
    uint64_t runs = 0;
    for (uint32_t e = 0; e < d->nexits; e++) runs += p0->exits[p0->exit_base[t] + e].count;
    fprintf(f, "%s\n    { \"task\": ", t ? "," : "");
    bb_json_string(f, d->name);
    fprintf(f, ", \"invocations\": %llu, \"exits\": [", (unsigned long long)runs);
    for (uint32_t e = 0; e < d->nexits; e++) {
      uint32_t x = p0->exit_base[t] + e;
      const bb_prof_exit *ex = &p0->exits[x];
      double prob = runs ? (double)ex->count / (double)runs : 0.0;
      double var = ex->count > 1 ? ex->m2 / (double)(ex->count - 1) : 0.0;
      fprintf(f,
              "%s\n        { \"exit\": %u, \"count\": %llu, \"probability\": %.17g, \"time_mean_ns\": %.3f, "
              "\"time_var_ns2\": %.3f, ",
              e ? "," : "", e, (unsigned long long)ex->count, prob, ex->mean, var < 0 ? 0.0 : var);
      if (ex->gaps) fprintf(f, "\"sched_mean_ns\": %.3f, ", ex->sched_ns / (double)ex->gaps);
      fprintf(f, "\"allocations\": [");
      bool first = true;
      for (uint32_t s = 0; s < p0->nsites; s++) {
        uint64_t total = p0->allocs[(size_t)x * p0->nsites + s];
        if (!total) continue;
        fprintf(f, "%s\n            { \"site\": %u, \"class\": ", first ? "" : ",", s);
        bb_json_string(f, rt->classes[prog->profile->site_class[s]]->name);
        fprintf(f, ", \"total\": %llu, \"mean\": %.17g }", (unsigned long long)total,
                (double)total / (double)ex->count);
        first = false;
      }
      fprintf(f, "%s] }", first ? "" : "\n          ");
    }
    fprintf(f, "\n      ] }");
  }
  fprintf(f, "\n  ]\n}\n");
  if (fclose(f) != 0) fprintf(stderr, "bamboo: warning: cannot write the profile to %s\n", path);
}

void bb_prof_finish(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  if (!ctx->prof) return;
  bb_prof_write(ctx, true);
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_prof_core *p = rt->cores[c].prof;
    if (!p) continue;
    free(p->exit_base);
    free(p->exits);
    free(p->allocs);
    free(p->cur);
    free(p->touched);
    free(p);
    rt->cores[c].prof = NULL;
  }
}
