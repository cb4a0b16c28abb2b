/* tagmulti.c — tag matching when an object holds several tags of one type, a
 * one-parameter task with a tag guard, and untagged objects that must never
 * match:
 *
 *   task startup(StartupObject s in initialstate) {
 *     tag t1 = new tag(link); tag t2 = new tag(link); tag o = new tag(other);
 *     new A(0) { probe := true, add t1, add t2 };
 *     new B(1) { probe := true, add t1 };  new B(2) { probe := true, add t2 };
 *     new B(3) { probe := true };          new B(4) { probe := true, add o };
 *     taskexit(s: initialstate := false);
 *   }
 *   task count(A a in probe with link t) { a.tags++; if (a.tags == 2) taskexit(a: counted := true); }
 *   task match(A a in probe with link t, B b in probe with link t) {
 *     System.out.println("match " + b.id); taskexit(b: probe := false);
 *   }
 */
#include "prelude.h"

enum { CLS_StartupObject = BB_CLASS_FIRST_USER, CLS_A, CLS_B, NCLASSES };
enum { TAG_link, TAG_other };
typedef struct A { bb_object hdr; int32_t id, tags; } A;
typedef struct B { bb_object hdr; int32_t id; } B;
#define F_probe 1ull
#define F_counted 2ull
STARTUP_CLASS(CLS_StartupObject)
SIMPLE_CLASS(A, CLS_A)
SIMPLE_CLASS(B, CLS_B)
static const bb_class *const classes[NCLASSES] = {BB_BUILTIN_CLASS_PTRS, &StartupObject_class, &A_class, &B_class};
static const char *const files[] = {"tagmulti.bb"};
static const char *const tagtypes[] = {"link", "other"};

static void task_startup(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)params; (void)tagvars;
  bb_tag *t1 = bb_tag_new(ctx, TAG_link), *t2 = bb_tag_new(ctx, TAG_link), *o = bb_tag_new(ctx, TAG_other);
  A *a = BB_NEW(ctx, A, CLS_A);
  bb_task_object(ctx, &a->hdr, F_probe, 0);
  bb_tag_bind(ctx, &a->hdr, t1, 0);
  bb_tag_bind(ctx, &a->hdr, t2, 0);
  bb_tag *bt[4] = {t1, t2, NULL, o};
  for (int i = 0; i < 4; i++) {
    B *b = BB_NEW(ctx, B, CLS_B);
    b->id = i + 1;
    bb_task_object(ctx, &b->hdr, F_probe, 1);
    if (bt[i]) bb_tag_bind(ctx, &b->hdr, bt[i], 0);
  }
  BB_TASKEXIT(ctx, 1);
}
static void task_count(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  A *a = (A *)params[0];
  if (!tagvars[0] || tagvars[0]->type != TAG_link) bb_print_string(ctx, bb_string_from_cstr(ctx, "BAD TAG"), true);
  if (++a->tags == 2) {
    println_si(ctx, "count ", a->tags);
    BB_TASKEXIT(ctx, 1);
  }
}
static void task_match(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  B *b = (B *)params[1];
  println_si(ctx, "match ", b->id);
  BB_TASKEXIT(ctx, 1);
}
static const bb_guard G_init[] = {{F_StartupObject_initialstate, F_StartupObject_initialstate}};
static const bb_guard G_probe_uncounted[] = {{F_probe | F_counted, F_probe}};
static const bb_guard G_probe[] = {{F_probe, F_probe}};
static const bb_tagreq R_t[] = {{TAG_link, 0}};
static const bb_param P_startup[] = {{"s", CLS_StartupObject, 1, G_init, 0, NULL}};
static const bb_param P_count[] = {{"a", CLS_A, 1, G_probe_uncounted, 1, R_t}};
static const bb_param P_match[] = {{"a", CLS_A, 1, G_probe, 1, R_t}, {"b", CLS_B, 1, G_probe, 1, R_t}};
static const bb_flagop E_startup[] = {KEEP, CLR(F_StartupObject_initialstate)};
static const bb_flagop E_count[] = {KEEP, SET(F_counted)};
static const bb_flagop E_match[] = {KEEP, KEEP, KEEP, CLR(F_probe)};
static const bb_task tasks[] = {
  {"startup", task_startup, 1, P_startup, 0, 2, E_startup, BB_LOC(0, 1)},
  {"count", task_count, 1, P_count, 1, 2, E_count, BB_LOC(0, 8)},
  {"match", task_match, 2, P_match, 1, 2, E_match, BB_LOC(0, 9)},
};
static const bb_program program = {
  .abi_version = BB_ABI_VERSION,
  .name = "tagmulti",
  .nclasses = NCLASSES,
  .classes = classes,
  .ntasks = 3,
  .tasks = tasks,
  .nfiles = 1,
  .files = files,
  .ntagtypes = 2,
  .tagtypes = tagtypes,
  .startup_class = CLS_StartupObject,
  .startup_flags = F_StartupObject_initialstate,
  .startup_args_offset = offsetof(StartupObject, args),
  .startup_parameters_offset = offsetof(StartupObject, parameters),
};
int main(int argc, char **argv) { return bb_main(&program, argc, argv); }
