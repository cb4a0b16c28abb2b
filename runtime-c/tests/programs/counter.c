/* counter.c — a task whose exit leaves its parameter enabled (reaching the end
 * of the body is `taskexit()`, which changes nothing), terminating through a
 * counter:
 *
 *   task startup(StartupObject s in initialstate) {
 *     new Counter(1000) { active := true };  new Counter(10) { active := true };
 *     new Counter(1) { active := true };
 *     taskexit(s: initialstate := false);
 *   }
 *   task tick(Counter c in active) {
 *     c.n++;
 *     if (c.n == c.limit) taskexit(c: active := false, done := true);
 *   }                                   // falls off the end: still active
 *   task report(Counter c in done) {
 *     System.out.println("counter " + c.limit + " stopped at " + c.n);
 *     taskexit(c: done := false);
 *   }
 */
#include "prelude.h"

enum { CLS_StartupObject = BB_CLASS_FIRST_USER, CLS_Counter, NCLASSES };
typedef struct Counter { bb_object hdr; int32_t n, limit; } Counter;
#define F_active 1ull
#define F_done 2ull
STARTUP_CLASS(CLS_StartupObject)
SIMPLE_CLASS(Counter, CLS_Counter)
static const bb_class *const classes[NCLASSES] = {BB_BUILTIN_CLASS_PTRS, &StartupObject_class, &Counter_class};
static const char *const files[] = {"counter.bb"};

static void task_startup(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)params; (void)tagvars;
  static const int32_t limits[] = {1000, 10, 1};
  for (int i = 0; i < 3; i++) {
    Counter *c = BB_NEW(ctx, Counter, CLS_Counter);
    c->limit = limits[i];
    bb_task_object(ctx, &c->hdr, F_active, 0);
  }
  BB_TASKEXIT(ctx, 1);
}
static void task_tick(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Counter *c = (Counter *)params[0];
  c->n++;
  if (c->n == c->limit) BB_TASKEXIT(ctx, 1);
}
static void task_report(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Counter *c = (Counter *)params[0];
  bb_string *parts[4] = {bb_string_from_cstr(ctx, "counter "), bb_String_valueOfInt(ctx, c->limit),
                         bb_string_from_cstr(ctx, " stopped at "), bb_String_valueOfInt(ctx, c->n)};
  bb_print_string(ctx, bb_concatn(ctx, 4, parts), true);
  BB_TASKEXIT(ctx, 1);
}
static const bb_guard G_init[] = {{F_StartupObject_initialstate, F_StartupObject_initialstate}};
static const bb_guard G_active[] = {{F_active, F_active}};
static const bb_guard G_done[] = {{F_done, F_done}};
static const bb_param P_startup[] = {{"s", CLS_StartupObject, 1, G_init, 0, NULL}};
static const bb_param P_tick[] = {{"c", CLS_Counter, 1, G_active, 0, NULL}};
static const bb_param P_report[] = {{"c", CLS_Counter, 1, G_done, 0, NULL}};
static const bb_flagop E_startup[] = {KEEP, CLR(F_StartupObject_initialstate)};
static const bb_flagop E_tick[] = {KEEP, SETCLR(F_done, F_active)};
static const bb_flagop E_report[] = {KEEP, CLR(F_done)};
static const bb_task tasks[] = {
  {"startup", task_startup, 1, P_startup, 0, 2, E_startup, BB_LOC(0, 1)},
  {"tick", task_tick, 1, P_tick, 0, 2, E_tick, BB_LOC(0, 7)},
  {"report", task_report, 1, P_report, 0, 2, E_report, BB_LOC(0, 11)},
};
static const bb_program program = {
  .abi_version = BB_ABI_VERSION,
  .name = "counter",
  .nclasses = NCLASSES,
  .classes = classes,
  .ntasks = 3,
  .tasks = tasks,
  .nfiles = 1,
  .files = files,
  .startup_class = CLS_StartupObject,
  .startup_flags = F_StartupObject_initialstate,
  .startup_args_offset = offsetof(StartupObject, args),
  .startup_parameters_offset = offsetof(StartupObject, parameters),
};
int main(int argc, char **argv) { return bb_main(&program, argc, argv); }
