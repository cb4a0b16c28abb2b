/* bench.c — dispatch microbenchmarks (ns per local task invocation).
 *   tick:     one object, a task whose empty exit leaves it enabled
 *   pingpong: one object flipping between two tasks' guards (set updates)
 *   absorb:   a two-parameter task (Sink s in open, Item i in ready) draining
 *             N items: parameter sets and tuple building
 * args: N (default 10^7). Times are CPU time of the process. */
#include "prelude.h"
#include <stdio.h>
#include <time.h>

/* CPU time of this process: robust when other processes share the machine */
static int64_t cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

enum { CLS_StartupObject = BB_CLASS_FIRST_USER, CLS_Counter, CLS_Sink, CLS_Item, NCLASSES };
typedef struct Counter { bb_object hdr; int64_t n, limit, t0; int32_t phase; } Counter;
typedef struct Sink { bb_object hdr; int64_t n, limit, t0; } Sink;
typedef struct Item { bb_object hdr; int64_t v; } Item;
#define F_tick 1ull
#define F_ping 2ull
#define F_pong 4ull
#define F_open 1ull
#define F_ready 1ull
STARTUP_CLASS(CLS_StartupObject)
SIMPLE_CLASS(Counter, CLS_Counter)
SIMPLE_CLASS(Sink, CLS_Sink)
SIMPLE_CLASS(Item, CLS_Item)
static const bb_class *const classes[NCLASSES] = {BB_BUILTIN_CLASS_PTRS, &StartupObject_class, &Counter_class, &Sink_class, &Item_class};
static const char *const files[] = {"bench.bb"};
static int64_t N = 10000000;

static void report(bb_ctx *ctx, const char *what, int64_t n, int64_t t0) {
  int64_t dt = cpu_ns() - t0;
  char buf[128];
  snprintf(buf, sizeof buf, "%s: %lld invocations, %.1f ns per dispatch", what, (long long)n, (double)dt / (double)n);
  bb_print_string(ctx, bb_string_from_cstr(ctx, buf), true);
}

static void task_startup(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  StartupObject *s = (StartupObject *)params[0];
  if (s->args->length > 0) {
    ctx->loc = BB_LOC(0, 1);
    N = bb_Integer_parseInt(ctx, ((bb_string **)bb_array_data(s->args))[0]);
  }
  Counter *c = BB_NEW(ctx, Counter, CLS_Counter);
  c->limit = N;
  c->t0 = cpu_ns();
  bb_task_object(ctx, &c->hdr, F_tick, 0);
  BB_TASKEXIT(ctx, 1);
}
static void task_tick(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Counter *c = (Counter *)params[0];
  if (++c->n == c->limit) {
    report(ctx, "tick", c->n, c->t0);
    c->n = 0;
    c->t0 = cpu_ns();
    BB_TASKEXIT(ctx, 1);  /* tick := false, ping := true */
  }
}
static void task_ping(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Counter *c = (Counter *)params[0];
  c->n++;
  BB_TASKEXIT(ctx, 1);  /* ping := false, pong := true */
}
static void task_pong(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Counter *c = (Counter *)params[0];
  if (++c->n >= c->limit) {
    report(ctx, "pingpong", c->n, c->t0);
    /* phase 3: N/10 items into a sink */
    int64_t m = c->limit / 10;
    for (int64_t i = 0; i < m; i++) {
      Item *it = BB_NEW(ctx, Item, CLS_Item);
      it->v = i;
      bb_task_object(ctx, &it->hdr, F_ready, 1);
    }
    Sink *s = BB_NEW(ctx, Sink, CLS_Sink);
    s->limit = m;
    bb_task_object(ctx, &s->hdr, F_open, 2);
    BB_TASKEXIT(ctx, 2);  /* pong := false */
  }
  BB_TASKEXIT(ctx, 1);  /* pong := false, ping := true */
}
static void task_absorb(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Sink *s = (Sink *)params[0];
  if (s->n == 0) s->t0 = cpu_ns();
  if (++s->n == s->limit) {
    report(ctx, "absorb (2 parameters)", s->n, s->t0);
    BB_TASKEXIT(ctx, 2);
  }
  BB_TASKEXIT(ctx, 1);
}
static const bb_guard G_init[] = {{F_StartupObject_initialstate, F_StartupObject_initialstate}};
static const bb_guard G_tick[] = {{F_tick, F_tick}};
static const bb_guard G_ping[] = {{F_ping, F_ping}};
static const bb_guard G_pong[] = {{F_pong, F_pong}};
static const bb_guard G_open[] = {{F_open, F_open}};
static const bb_guard G_ready[] = {{F_ready, F_ready}};
static const bb_param P_startup[] = {{"s", CLS_StartupObject, 1, G_init, 0, NULL}};
static const bb_param P_tick[] = {{"c", CLS_Counter, 1, G_tick, 0, NULL}};
static const bb_param P_ping[] = {{"c", CLS_Counter, 1, G_ping, 0, NULL}};
static const bb_param P_pong[] = {{"c", CLS_Counter, 1, G_pong, 0, NULL}};
static const bb_param P_absorb[] = {{"s", CLS_Sink, 1, G_open, 0, NULL}, {"i", CLS_Item, 1, G_ready, 0, NULL}};
static const bb_flagop E_startup[] = {KEEP, CLR(F_StartupObject_initialstate)};
static const bb_flagop E_tick[] = {KEEP, SETCLR(F_ping, F_tick)};
static const bb_flagop E_ping[] = {KEEP, SETCLR(F_pong, F_ping)};
static const bb_flagop E_pong[] = {KEEP, SETCLR(F_ping, F_pong), CLR(F_pong)};
static const bb_flagop E_absorb[] = {KEEP, KEEP, KEEP, CLR(F_ready), CLR(F_open), CLR(F_ready)};
static const bb_task tasks[] = {
  {"startup", task_startup, 1, P_startup, 0, 2, E_startup, BB_LOC(0, 1)},
  {"tick", task_tick, 1, P_tick, 0, 2, E_tick, BB_LOC(0, 2)},
  {"ping", task_ping, 1, P_ping, 0, 2, E_ping, BB_LOC(0, 3)},
  {"pong", task_pong, 1, P_pong, 0, 3, E_pong, BB_LOC(0, 4)},
  {"absorb", task_absorb, 2, P_absorb, 0, 3, E_absorb, BB_LOC(0, 5)},
};
static const bb_program program = {
  .abi_version = BB_ABI_VERSION,
  .name = "bench",
  .nclasses = NCLASSES,
  .classes = classes,
  .ntasks = 5,
  .tasks = tasks,
  .nfiles = 1,
  .files = files,
  .startup_class = CLS_StartupObject,
  .startup_flags = F_StartupObject_initialstate,
  .startup_args_offset = offsetof(StartupObject, args),
  .startup_parameters_offset = offsetof(StartupObject, parameters),
};
int main(int argc, char **argv) { return bb_main(&program, argc, argv); }
