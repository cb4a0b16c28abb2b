/* keyword.c — the paper's keyword-counting example (Figure 2), written the way
 * bambooc's code generator emits C against bb.h. Counts the words of a fixed
 * keyword list in the file args[0], split into sections of `lines` lines.
 *
 *   task startup(StartupObject s in initialstate) {
 *     String[] lines = Files.readString(s.args[0]).split("\n");
 *     int n = 0;
 *     for (int i = 0; i < lines.length; i += 4) {
 *       Text tp = new Text(lines, i, 4) { process := true };  n++;
 *     }
 *     Results rp = new Results(n) { finished := false };
 *     taskexit(s: initialstate := false);
 *   }
 *   task processText(Text tp in process) {
 *     tp.process();
 *     taskexit(tp: process := false, submit := true);
 *   }
 *   task mergeIntermediateResult(Results rp in !finished, Text tp in submit) {
 *     boolean allprocessed = rp.mergeResult(tp);
 *     if (allprocessed) taskexit(rp: finished := true; tp: submit := false);
 *     taskexit(tp: submit := false);
 *   }
 */
#include "bb.h"
#if BB_ABI_VERSION != 11
#error "bambooc: runtime ABI mismatch"
#endif

/* ---- classes ---- */
enum { CLS_StartupObject = BB_CLASS_FIRST_USER, CLS_Text, CLS_Results, NCLASSES };
typedef struct StartupObject { bb_object hdr; bb_array *args; bb_array *parameters; } StartupObject;
typedef struct Text { bb_object hdr; bb_string *section; bb_array *counts; } Text;
typedef struct Results { bb_object hdr; int32_t sections; int32_t merged; bb_array *counts; } Results;

#define F_StartupObject_initialstate (1ull << 0)
#define F_Text_process (1ull << 0)
#define F_Text_submit (1ull << 1)
#define F_Results_finished (1ull << 0)

/* Object's virtual methods (compiled from stdlib/Object.bb) */
static bool Object_equals(bb_ctx *ctx, bb_object *self, bb_object *o) { (void)ctx; return self == o; }
static int32_t Object_hashCode(bb_ctx *ctx, bb_object *self) { return bb_Object_hashCode(ctx, self); }
static bb_string *Object_toString(bb_ctx *ctx, bb_object *self) {
  bb_string *parts[3] = {bb_BambooRuntime_className(ctx, self), BB_STR(ctx, 2),
                         bb_Integer_toHexString(ctx, bb_Object_hashCode(ctx, self))};
  return bb_concatn(ctx, 3, parts);
}
static const bb_vfn Object_vtable[] = {(bb_vfn)Object_equals, (bb_vfn)Object_hashCode, (bb_vfn)Object_toString};
static const bb_vfn String_vtable[] = {(bb_vfn)bb_String_equals, (bb_vfn)bb_String_hashCode, (bb_vfn)bb_String_valueOfString};
BB_BUILTIN_CLASSES(Object_vtable, 3, String_vtable, 3)

static const uint32_t StartupObject_display[] = {BB_CLASS_OBJECT, CLS_StartupObject};
static const uint32_t StartupObject_refs[] = {offsetof(StartupObject, args), offsetof(StartupObject, parameters)};
static const char *const StartupObject_flags[] = {"initialstate"};
static const bb_class StartupObject_class = {"StartupObject", CLS_StartupObject, BB_CLASS_OBJECT, BB_KIND_OBJECT,
  sizeof(StartupObject), 1, StartupObject_display, 2, StartupObject_refs, 0, 0, 3, Object_vtable, 1, StartupObject_flags};
static const uint32_t Text_display[] = {BB_CLASS_OBJECT, CLS_Text};
static const uint32_t Text_refs[] = {offsetof(Text, section), offsetof(Text, counts)};
static const char *const Text_flags[] = {"process", "submit"};
static const bb_class Text_class = {"Text", CLS_Text, BB_CLASS_OBJECT, BB_KIND_OBJECT, sizeof(Text), 1, Text_display,
  2, Text_refs, 0, 0, 3, Object_vtable, 2, Text_flags};
static const uint32_t Results_display[] = {BB_CLASS_OBJECT, CLS_Results};
static const uint32_t Results_refs[] = {offsetof(Results, counts)};
static const char *const Results_flags[] = {"finished"};
static const bb_class Results_class = {"Results", CLS_Results, BB_CLASS_OBJECT, BB_KIND_OBJECT, sizeof(Results), 1,
  Results_display, 1, Results_refs, 0, 0, 3, Object_vtable, 1, Results_flags};
static const bb_class *const classes[NCLASSES] = {BB_BUILTIN_CLASS_PTRS, &StartupObject_class, &Text_class, &Results_class};

/* ---- string literals ---- */
static const bb_char S0[] = {'\n'};
static const bb_char S1[] = {'\\', 's', '+'};
static const bb_char S2[] = {'@'};
static const bb_char S3[] = {':', ' '};
static const bb_char S4[] = {'t', 'h', 'e'};
static const bb_char S5[] = {'o', 'f'};
static const bb_char S6[] = {'a', 'n', 'd'};
static const bb_char S7[] = {'b', 'a', 'm', 'b', 'o', 'o'};
static const bb_char S8[] = {'s', 'e', 'c', 't', 'i', 'o', 'n', 's', ' '};
static const bb_strlit strings[] = {{1, S0}, {3, S1}, {1, S2}, {2, S3}, {3, S4}, {2, S5}, {3, S6}, {6, S7}, {9, S8}};
#define NKEYWORDS 4
static const char *const files[] = {"keyword.bb"};
#define L(line) BB_LOC(0, line)

/* ---- methods ---- */
static void Text_init(bb_ctx *ctx, Text *self, bb_array *lines, int32_t from, int32_t n) {
  bb_string *s = BB_STR(ctx, 0);
  bb_string *acc = NULL;
  for (int32_t i = from; i < from + n && i < bb_length(ctx, lines, L(40)); i++) {
    bb_string *line = BB_ELEM(ctx, bb_string *, lines, i, L(41));
    acc = acc ? bb_concatn(ctx, 3, (bb_string *[]){acc, s, line}) : line;
  }
  self->section = acc;
  self->counts = bb_new_array(ctx, BB_CLASS_INT_ARRAY, NKEYWORDS, L(44));
}

static void Text_process(bb_ctx *ctx, Text *self) {
  ctx->loc = L(48);
  bb_array *words = bb_String_split(ctx, BB_NN(ctx, self->section, L(48)), BB_STR(ctx, 1));
  for (int32_t i = 0; i < words->length; i++) {
    bb_string *w = BB_ELEM(ctx, bb_string *, words, i, L(50));
    for (int32_t k = 0; k < NKEYWORDS; k++)
      if (bb_String_equals(ctx, BB_STR(ctx, 4 + k), (bb_object *)w)) BB_ELEM(ctx, int32_t, self->counts, k, L(52))++;
  }
}

static bool Results_mergeResult(bb_ctx *ctx, Results *self, Text *tp) {
  for (int32_t k = 0; k < NKEYWORDS; k++)
    BB_ELEM(ctx, int32_t, self->counts, k, L(58)) += BB_ELEM(ctx, int32_t, tp->counts, k, L(58));
  self->merged++;
  return self->merged == self->sections;
}

static void Results_print(bb_ctx *ctx, Results *self) {
  bb_print_string(ctx, bb_concat(ctx, BB_STR(ctx, 8), bb_String_valueOfInt(ctx, self->sections)), true);
  for (int32_t k = 0; k < NKEYWORDS; k++) {
    bb_string *parts[3] = {BB_STR(ctx, 4 + k), BB_STR(ctx, 3), bb_String_valueOfInt(ctx, BB_ELEM(ctx, int32_t, self->counts, k, L(66)))};
    bb_print_string(ctx, bb_concatn(ctx, 3, parts), true);
  }
}

/* ---- tasks ---- */
enum { T_startup, T_processText, T_merge };

static void task_startup(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  StartupObject *s = (StartupObject *)params[0];
  ctx->loc = L(2);
  bb_string *text = bb_Files_readString(ctx, BB_ELEM(ctx, bb_string *, s->args, 0, L(2)));
  ctx->loc = L(2);
  bb_array *lines = bb_String_split(ctx, text, BB_STR(ctx, 0));
  int32_t n = 0;
  for (int32_t i = 0; i < bb_length(ctx, lines, L(4)); i += 4) {
    Text *tp = BB_NEW(ctx, Text, CLS_Text);
    Text_init(ctx, tp, lines, i, 4);
    bb_task_object(ctx, &tp->hdr, F_Text_process, 0);
    n++;
  }
  Results *rp = BB_NEW(ctx, Results, CLS_Results);
  rp->sections = n;
  rp->counts = bb_new_array(ctx, BB_CLASS_INT_ARRAY, NKEYWORDS, L(7));
  bb_task_object(ctx, &rp->hdr, 0, 1);
  BB_TASKEXIT(ctx, 1);
}

static void task_processText(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Text *tp = (Text *)params[0];
  Text_process(ctx, tp);
  BB_TASKEXIT(ctx, 1);
}

static void task_merge(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Results *rp = (Results *)params[0];
  Text *tp = (Text *)params[1];
  bool allprocessed = Results_mergeResult(ctx, rp, tp);
  if (allprocessed) {
    Results_print(ctx, rp);
    BB_TASKEXIT(ctx, 1);
  }
  BB_TASKEXIT(ctx, 2);
}

#define KEEP {~0ull, 0}
static const bb_guard G_initialstate[] = {{F_StartupObject_initialstate, F_StartupObject_initialstate}};
static const bb_guard G_process[] = {{F_Text_process, F_Text_process}};
static const bb_guard G_notfinished[] = {{F_Results_finished, 0}};
static const bb_guard G_submit[] = {{F_Text_submit, F_Text_submit}};
static const bb_param P_startup[] = {{"s", CLS_StartupObject, 1, G_initialstate, 0, NULL}};
static const bb_param P_process[] = {{"tp", CLS_Text, 1, G_process, 0, NULL}};
static const bb_param P_merge[] = {{"rp", CLS_Results, 1, G_notfinished, 0, NULL}, {"tp", CLS_Text, 1, G_submit, 0, NULL}};
static const bb_flagop E_startup[] = {KEEP, {~F_StartupObject_initialstate, 0}};
static const bb_flagop E_process[] = {KEEP, {~(F_Text_process | F_Text_submit), F_Text_submit}};
static const bb_flagop E_merge[] = {KEEP, KEEP,
                                    {~0ull, F_Results_finished}, {~F_Text_submit, 0},
                                    KEEP, {~F_Text_submit, 0}};
static const bb_task tasks[] = {
  {"startup", task_startup, 1, P_startup, 0, 2, E_startup, L(1)},
  {"processText", task_processText, 1, P_process, 0, 2, E_process, L(11)},
  {"mergeIntermediateResult", task_merge, 2, P_merge, 0, 3, E_merge, L(15)},
};

static const bb_program program = {
  .abi_version = BB_ABI_VERSION,
  .name = "keyword",
  .nclasses = NCLASSES,
  .classes = classes,
  .ntasks = 3,
  .tasks = tasks,
  .nfiles = 1,
  .files = files,
  .nstrings = 9,
  .strings = strings,
  .startup_class = CLS_StartupObject,
  .startup_flags = F_StartupObject_initialstate,
  .startup_args_offset = offsetof(StartupObject, args),
  .startup_parameters_offset = offsetof(StartupObject, parameters),
};

int main(int argc, char **argv) { return bb_main(&program, argc, argv); }
