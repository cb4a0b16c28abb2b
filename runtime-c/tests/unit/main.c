/* main.c — entry point of the C unit tests and the fixture program. */
#include "unit.h"

int bb_t_failures, bb_t_checks;

bool t_str_is(bb_string *s, const char *utf8) {
  if (!s) return false;
  size_t n;
  char *u = bb_string_to_utf8(s, &n);
  bool ok = u && n == strlen(utf8) && memcmp(u, utf8, n) == 0;
  free(u);
  return ok;
}

bb_string *t_str(bb_ctx *ctx, const char *utf8) { return bb_string_from_utf8(ctx, utf8, strlen(utf8), false); }

static bool obj_equals(bb_ctx *c, bb_object *a, bb_object *b) { (void)c; return a == b; }
static const bb_vfn obj_vt[] = {(bb_vfn)obj_equals};
BB_BUILTIN_CLASSES(obj_vt, 1, obj_vt, 1)
static const uint32_t d_startup[] = {BB_CLASS_OBJECT, CLS_Startup};
static const uint32_t r_startup[] = {offsetof(T_Startup, args), offsetof(T_Startup, parameters)};
static const uint32_t d_node[] = {BB_CLASS_OBJECT, CLS_Node};
static const uint32_t d_special[] = {BB_CLASS_OBJECT, CLS_Node, CLS_Special};
static const uint32_t r_node[] = {offsetof(T_Node, next), offsetof(T_Node, other)};
static const uint32_t d_nodearr[] = BB_ARRAY_DISPLAY(CLS_NodeArray);
static const uint32_t d_nodearr2[] = BB_ARRAY_DISPLAY(CLS_NodeArray2);
static const uint32_t d_holder[] = {BB_CLASS_OBJECT, CLS_Holder};
static const uint32_t r_holder[] = {offsetof(T_Holder, root)};
static const bb_class c_startup = {"StartupObject", CLS_Startup, 1, BB_KIND_OBJECT, sizeof(T_Startup), 1, d_startup, 2, r_startup, 0, 0, 1, obj_vt, 0, NULL};
static const bb_class c_node = {"Node", CLS_Node, 1, BB_KIND_OBJECT, sizeof(T_Node), 1, d_node, 2, r_node, 0, 0, 1, obj_vt, 0, NULL};
static const bb_class c_special = {"Special", CLS_Special, CLS_Node, BB_KIND_OBJECT, sizeof(T_Special), 2, d_special, 2, r_node, 0, 0, 1, obj_vt, 0, NULL};
static const bb_class c_nodearr = {"Node[]", CLS_NodeArray, 1, BB_KIND_ARRAY, sizeof(bb_array), 1, d_nodearr, 0, NULL, BB_ELEM_REF, CLS_Node, 1, obj_vt, 0, NULL};
static const bb_class c_nodearr2 = {"Node[][]", CLS_NodeArray2, 1, BB_KIND_ARRAY, sizeof(bb_array), 1, d_nodearr2, 0, NULL, BB_ELEM_REF, CLS_NodeArray, 1, obj_vt, 0, NULL};
static const bb_class c_holder = {"Holder", CLS_Holder, 1, BB_KIND_OBJECT, sizeof(T_Holder), 1, d_holder, 1, r_holder, 0, 0, 1, obj_vt, 0, NULL};
static const bb_class *const t_classes[T_NCLASSES] = {BB_BUILTIN_CLASS_PTRS, &c_startup, &c_node, &c_special, &c_nodearr, &c_holder, &c_nodearr2};

static void t_never(bb_ctx *c, bb_object **p, bb_tag **t) { (void)c; (void)p; (void)t; }
static const bb_guard g_live[] = {{TF_live, TF_live}};
static const bb_guard g_false[1];
static const bb_param p_hold[] = {{"h", CLS_Holder, 1, g_live, 0, NULL}, {"n", CLS_Node, 0, g_false, 0, NULL}};
static const bb_flagop e_hold[] = {{~0ull, 0}, {~0ull, 0}};
static const bb_task t_tasks[] = {{"hold", t_never, 2, p_hold, 0, 1, e_hold, 0}};
static const char *const t_files[] = {"unit.bb"};
static const char *const t_tagtypes[] = {"pair", "link"};
static const bb_program t_program = {
  .abi_version = BB_ABI_VERSION,
  .name = "unit",
  .nclasses = T_NCLASSES,
  .classes = t_classes,
  .ntasks = 1,
  .tasks = t_tasks,
  .nfiles = 1,
  .files = t_files,
  .ntagtypes = 2,
  .tagtypes = t_tagtypes,
  .startup_class = CLS_Startup,
  .startup_flags = 0,
  .startup_args_offset = offsetof(T_Startup, args),
  .startup_parameters_offset = offsetof(T_Startup, parameters),
};

bb_ctx *t_fixture(void) {
  static char *argv[] = {"unit", NULL};
  return bb_runtime_init(&t_program, 1, argv);
}

int bb_run_unit_tests(void) {
  bb_t_failures = 0;
  bb_t_checks = 0;
  test_numfmt();
  test_strictmath();
  test_strictmath_log_reference();
  test_math_exp();
  test_strings();
  test_unicode();
  test_lib();
  test_objects();
  test_gc();
  test_gc_marks();
  test_gc_deferral();
  test_roots_addrs();
  test_roots_find();
  test_roots_in_body();
  test_roots_limit();
  test_pack();
  test_layout();
  fprintf(stderr, "C unit tests: %d checks, %d failed\n", bb_t_checks, bb_t_failures);
  return bb_t_failures;
}
