/* errors.c — run-time errors: output printed before is flushed, then one line
 * on stderr naming the error, the task and file:line; exit status 1.
 * args[0] picks the error; it happens in task `work` (keyword.bb line 27 for
 * the checks), after `startup` printed "before".
 *
 *   task startup(StartupObject s in initialstate) {
 *     System.out.println("before");
 *     new Job(s.args[0]) { ready := true };
 *     taskexit(s: initialstate := false);
 *   }
 *   task work(Job j in ready) { ... j.kind decides ... }
 */
#include "prelude.h"

enum { CLS_StartupObject = BB_CLASS_FIRST_USER, CLS_Job, CLS_Other, NCLASSES };
typedef struct Job { bb_object hdr; bb_string *kind; bb_object *nothing; } Job;
typedef struct Other { bb_object hdr; } Other;
#define F_ready 1ull
STARTUP_CLASS(CLS_StartupObject)
SIMPLE_CLASS(Job, CLS_Job, offsetof(Job, kind), offsetof(Job, nothing))
SIMPLE_CLASS(Other, CLS_Other)
static const bb_class *const classes[NCLASSES] = {BB_BUILTIN_CLASS_PTRS, &StartupObject_class, &Job_class, &Other_class};
static const char *const files[] = {"startup.bb", "keyword.bb"};
#define L(n) BB_LOC(1, n)

static bool is(bb_ctx *ctx, bb_string *s, const char *lit) {
  return bb_String_equals(ctx, s, (bb_object *)bb_string_from_cstr(ctx, lit));
}

static void task_startup(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  StartupObject *s = (StartupObject *)params[0];
  bb_print_string(ctx, bb_string_from_cstr(ctx, "before"), true);
  Job *j = BB_NEW(ctx, Job, CLS_Job);
  j->kind = BB_ELEM(ctx, bb_string *, s->args, 0, BB_LOC(0, 3));
  bb_task_object(ctx, &j->hdr, F_ready, 0);
  BB_TASKEXIT(ctx, 1);
}

static void task_work(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Job *j = (Job *)params[0];
  bb_string *k = j->kind;
  bb_print_string(ctx, bb_string_from_cstr(ctx, "working"), true);
  if (is(ctx, k, "index")) {
    bb_array *a = bb_new_array(ctx, BB_CLASS_INT_ARRAY, 3, L(26));
    BB_ELEM(ctx, int32_t, a, 5, L(27)) = 1;
  } else if (is(ctx, k, "null")) {
    Job *none = (Job *)j->nothing;
    BB_NN(ctx, none, L(27))->kind = k;
  } else if (is(ctx, k, "div")) {
    volatile int32_t zero = 0;
    println_si(ctx, "", bb_idiv(ctx, 7, zero, L(27)));
  } else if (is(ctx, k, "negsize")) {
    volatile int32_t n = -2;
    bb_new_array(ctx, BB_CLASS_INT_ARRAY, n, L(27));
  } else if (is(ctx, k, "cast")) {
    bb_object *o = &BB_NEW(ctx, Other, CLS_Other)->hdr;
    bb_checkcast(ctx, o, CLS_Job, L(27));
  } else if (is(ctx, k, "file")) {
    ctx->loc = L(27);
    bb_Files_readString(ctx, bb_string_from_cstr(ctx, "/no/such/input.txt"));
  } else if (is(ctx, k, "number")) {
    ctx->loc = L(27);
    bb_Integer_parseInt(ctx, bb_string_from_cstr(ctx, "12x"));
  } else if (is(ctx, k, "generic")) {
    ctx->loc = L(27);
    bb_BambooRuntime_error(ctx, bb_string_from_cstr(ctx, "NoSuchElementException"), NULL);
  } else if (is(ctx, k, "oom")) {
    /* each array keeps the one before alive (garbage alone would be
       collected inside the task, roots.c, and never run out) */
    bb_array *prev = NULL;
    for (;;) {
      bb_array *a = bb_new_array(ctx, BB_CLASS_OBJECT_ARRAY, 1 << 20, L(27));
      ((bb_array **)bb_array_data(a))[0] = prev;
      prev = a;
    }
  } else if (is(ctx, k, "exit")) {
    bb_System_exit(ctx, 3);
  }
  bb_print_string(ctx, bb_string_from_cstr(ctx, "no error"), true);
  BB_TASKEXIT(ctx, 1);
}

static const bb_guard G_init[] = {{F_StartupObject_initialstate, F_StartupObject_initialstate}};
static const bb_guard G_ready[] = {{F_ready, F_ready}};
static const bb_param P_startup[] = {{"s", CLS_StartupObject, 1, G_init, 0, NULL}};
static const bb_param P_work[] = {{"j", CLS_Job, 1, G_ready, 0, NULL}};
static const bb_flagop E_startup[] = {KEEP, CLR(F_StartupObject_initialstate)};
static const bb_flagop E_work[] = {KEEP, CLR(F_ready)};
static const bb_task tasks[] = {
  {"startup", task_startup, 1, P_startup, 0, 2, E_startup, BB_LOC(0, 1)},
  {"processText", task_work, 1, P_work, 0, 2, E_work, L(20)},
};
static const bb_program program = {
  .abi_version = BB_ABI_VERSION,
  .name = "errors",
  .nclasses = NCLASSES,
  .classes = classes,
  .ntasks = 2,
  .tasks = tasks,
  .nfiles = 2,
  .files = files,
  .startup_class = CLS_StartupObject,
  .startup_flags = F_StartupObject_initialstate,
  .startup_args_offset = offsetof(StartupObject, args),
  .startup_parameters_offset = offsetof(StartupObject, parameters),
};
int main(int argc, char **argv) { return bb_main(&program, argc, argv); }
