/* startup.c — the start and end of a run (paper section 4.7): the program
 * descriptor checked, the layout set up for the core count, each core's
 * state, the startup object published; at the end the trace, statistics
 * and profile written and everything freed. bb_main is the entry point
 * generated programs call. */
#include "internal.h"

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

/* The layout: a BAMBOO_LAYOUT file (layout.c), else the program's tables,
 * else the default layout for the core count. The launched cores are
 * BAMBOO_CORES, else the compiled count, per rank; BAMBOO_CORES overrides
 * the compiled count of a default layout, and a layout file must have
 * exactly the launched cores (ranks x cores under MPI). */
static void bb_layout_setup(bb_runtime *rt) {
  const bb_program *prog = rt->prog;
  uint32_t n = prog->ncores ? prog->ncores : 1, nt = prog->ntasks;
  if (n > BB_MAX_CORES) bb_panic("program built for %u cores, above the limit of %d", n, BB_MAX_CORES);
  const char *layout_path = getenv("BAMBOO_LAYOUT");
  if (layout_path && !*layout_path) layout_path = NULL;
  const char *env = getenv("BAMBOO_CORES");
  if (env && *env) {
    char *end;
    long v = strtol(env, &end, 10);
    if (*end || v < 1 || v > BB_MAX_CORES) {
      fprintf(stderr, "bamboo: error: BAMBOO_CORES must be a number from 1 to %d, not `%s`\n", BB_MAX_CORES, env);
      exit(2);
    }
    if (layout_path || prog->default_layout || !prog->routes) n = (uint32_t)v;
    else if ((uint32_t)v != n)
      fprintf(stderr, "bamboo: warning: BAMBOO_CORES=%ld ignored: the program was built for a %u-core layout\n", v, n);
  }
  bb_layout_file file = {0};
  if (layout_path) {
    char rule[96];
    if (rt->nranks > 1)
      snprintf(rule, sizeof rule, "%u ranks x %u core%s", rt->nranks, n, n == 1 ? "" : "s");
    else if (env && *env)
      snprintf(rule, sizeof rule, "BAMBOO_CORES=%u", n);
    else
      snprintf(rule, sizeof rule, "the %u the program was built for; BAMBOO_CORES=N sets it", n);
    bb_layout_load(prog, layout_path, n * rt->nranks, rule, rt->nranks > 1, &file);
  }
  /* Profiling builds and the sharing sanitizer run on one core: the profiler
     times bodies without interference from other cores, and the sanitizer
     walks the whole heap at every task exit without synchronisation. */
  /* The sanitizer switches silently (test runs compare standard error). */
  bool one_core = prog->profile || bb_sharing_enabled();
  if (prog->profile && n > 1)
    fprintf(stderr, "bamboo: warning: a profiling build runs on one core; %u cores ignored\n", n);
  if (one_core) n = 1;
  const uint8_t *policies = layout_path ? file.policies : prog->policies;
  const uint8_t *hosts = layout_path ? file.hosts : prog->hosts;
  const bb_route *routes = layout_path ? file.routes : prog->routes;
  bool tables = !one_core && (layout_path || (!prog->default_layout && routes && hosts && policies));
  rt->ncores = n;
  /* MPI: the routes of local core c are those of global core base + c in
     a layout of gn = ranks x n cores, and name global cores (mpi.c) */
  uint32_t gn = n * rt->nranks, base = rt->core_base = rt->rank * n;
  if (tables && !layout_path && rt->nranks > 1) {
    fprintf(stderr, "bamboo: error: a program built with a layout runs on one rank only (its layout names %u cores; BAMBOO_LAYOUT can give one for ranks x cores)\n", n);
    exit(2);
  }
  rt->policies = calloc(nt + 1, 1);
  rt->routes = calloc((size_t)n * nt + 1, sizeof(bb_route));
  rt->route_cores = calloc((size_t)n * nt * gn + 1, sizeof(uint32_t));
  if (!rt->policies || !rt->routes || !rt->route_cores) bb_panic("out of memory");
  for (uint32_t t = 0; t < nt; t++) {
    uint8_t pol = (gn > 1 && policies) ? policies[t] : BB_POLICY_SINGLE;
    if (pol > BB_POLICY_HERE) bb_panic("task %s: bad policy %u", prog->tasks[t].name, pol);
    rt->policies[t] = pol;
  }
  uint32_t *store = rt->route_cores;
  for (uint32_t c = 0; c < n; c++) {
    for (uint32_t t = 0; t < nt; t++) {
      bb_route *r = &rt->routes[(size_t)c * nt + t];
      r->cores = store;
      if (tables) {
        const bb_route *src = &routes[(size_t)(base + c) * nt + t];
        if (src->n == 0 || src->n > gn) bb_panic("layout: core %u has no route for task %s", base + c, prog->tasks[t].name);
        for (uint32_t k = 0; k < src->n; k++) {
          uint32_t to = src->cores[k];
          if (to >= gn || !hosts[(size_t)to * nt + t])
            bb_panic("layout: core %u routes task %s to core %u, which does not host it", base + c, prog->tasks[t].name, to);
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
  bb_layout_free(&file);
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
  bb_meet_init(rt);
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

/* What running on several cores adds at both ends of a run, which short
 * runs feel most (`bambooc calibrate` reads it): how long after core 0
 * each other core's loop began, and how long the end took from the last
 * invocation to here (termination detection, waking parked cores, joining
 * their threads, the output's flush). */
static void bb_print_start_and_end(bb_runtime *rt, uint64_t now) {
  uint64_t first = rt->cores[0].sched.started_ns, last_end = 0;
  fprintf(stderr, "bamboo: stats:   start-up:");
  for (uint32_t c = 0; c < rt->ncores; c++) {
    const bb_sched *s = &rt->cores[c].sched;
    if (s->last_end_ns > last_end) last_end = s->last_end_ns;
    if (c > 0) {
      double us = s->started_ns > first ? (double)(s->started_ns - first) / 1e3 : 0.0;
      fprintf(stderr, " core %u %.1f us%s", c, us, c + 1 < rt->ncores ? "," : "");
    }
  }
  fprintf(stderr, " after core 0; the end: %.1f us after the last invocation\n",
          last_end && now > last_end ? (double)(now - last_end) / 1e3 : 0.0);
}

static void bb_print_stats(bb_runtime *rt) {
  uint64_t now = bb_now_ns();
  double total = (double)(now - rt->start_ns) / 1e6;
  if (rt->nranks > 1) fprintf(stderr, "bamboo: stats: rank %u of %u:\n", rt->rank, rt->nranks);
  fprintf(stderr, "bamboo: stats: %u core%s, %.3f ms total\n", rt->ncores, rt->ncores == 1 ? "" : "s", total);
  for (uint32_t c = 0; c < rt->ncores; c++) {
    bb_ctx *ctx = &rt->cores[c];
    bb_sched *s = &ctx->sched;
    bb_heap *h = &ctx->heap;
    fprintf(stderr,
            "bamboo: stats: core %u: %llu invocations, busy %.3f ms, sent %llu, received %llu, "
            "lock failures %llu, dropped stale %llu, handed to idle cores %llu, gc %.3f ms (%llu collections, %llu in task bodies)\n",
            c, (unsigned long long)s->dispatched, (double)s->busy_ns / 1e6, (unsigned long long)s->sent,
            (unsigned long long)s->received, (unsigned long long)s->retried, (unsigned long long)s->dropped,
            (unsigned long long)s->donated,
            (double)h->gc_ns / 1e6, (unsigned long long)h->collections,
            (unsigned long long)h->in_body_collections);
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
  if (rt->ncores > 1) bb_print_start_and_end(rt, now);
}

void bb_runtime_finish(bb_ctx *ctx) {
  bb_runtime *rt = ctx->rt;
  bb_out_flush(rt);
  if (rt->stats) bb_print_stats(rt);
  if (rt->trace_path) bb_write_trace(rt);
  bb_prof_finish(ctx); /* profile.c: merges every core's counters, writes the profile */
  /* A core thread that had not ended may still read the runtime (cores.c,
     bb_join_core): its memory goes with the process, which ends now. */
  if (rt->leaving) return;
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
#ifdef BB_MPI
  bb_meet_free(rt);
#endif
  free(rt->policies);
  free(rt->routes);
  bb_tagids_free(rt);
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
