/* gcstress.c — allocation churn across task invocations: K workers each run
 * R rounds; a round allocates a fresh list of M nodes (dropping the previous
 * one, after checking it) and a few strings. K*R*M = 10^7 objects by default;
 * the heap must stay bounded. Prints a checksum and the peak RSS.
 *
 *   task work(Worker w in busy) {
 *     check(w.list); w.list = build(M, w.round); w.round++;
 *     if (w.round == R) taskexit(w: busy := false, finished := true);
 *   }
 *   task collect(Worker w in finished, Total t in open) { ... }
 */
#include "prelude.h"
#include <stdio.h>

enum { CLS_StartupObject = BB_CLASS_FIRST_USER, CLS_Worker, CLS_Node, CLS_Total, NCLASSES };
typedef struct Node { bb_object hdr; struct Node *next; bb_string *label; int64_t value; } Node;
typedef struct Worker { bb_object hdr; Node *list; bb_array *names; int32_t id, round, rounds, m; int64_t sum; int32_t bad; } Worker;
typedef struct Total { bb_object hdr; int32_t workers, finished, bad; int64_t sum, objects; } Total;
#define F_busy 1ull
#define F_finished 2ull
#define F_open 1ull
STARTUP_CLASS(CLS_StartupObject)
SIMPLE_CLASS(Worker, CLS_Worker, offsetof(Worker, list), offsetof(Worker, names))
SIMPLE_CLASS(Node, CLS_Node, offsetof(Node, next), offsetof(Node, label))
SIMPLE_CLASS(Total, CLS_Total)
static const bb_class *const classes[NCLASSES] = {BB_BUILTIN_CLASS_PTRS, &StartupObject_class, &Worker_class, &Node_class, &Total_class};
static const char *const files[] = {"gcstress.bb"};

static int32_t arg(bb_ctx *ctx, StartupObject *s, int i, int32_t dflt) {
  if (s->args->length <= i) return dflt;
  ctx->loc = BB_LOC(0, 3);
  return bb_Integer_parseInt(ctx, ((bb_string **)bb_array_data(s->args))[i]);
}

static void task_startup(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  StartupObject *s = (StartupObject *)params[0];
  int32_t k = arg(ctx, s, 0, 10), r = arg(ctx, s, 1, 100), m = arg(ctx, s, 2, 10000);
  for (int32_t i = 0; i < k; i++) {
    Worker *w = BB_NEW(ctx, Worker, CLS_Worker);
    w->id = i;
    w->rounds = r;
    w->m = m;
    bb_task_object(ctx, &w->hdr, F_busy, 0);
  }
  Total *t = BB_NEW(ctx, Total, CLS_Total);
  t->workers = k;
  bb_task_object(ctx, &t->hdr, F_open, 1);
  BB_TASKEXIT(ctx, 1);
}

static void task_work(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Worker *w = (Worker *)params[0];
  /* the previous round's list must be intact */
  if (w->round > 0) {
    int64_t expect = 0, got = 0;
    int32_t len = 0;
    for (Node *n = w->list; n; n = n->next) { got += n->value; len++; }
    for (int32_t i = 0; i < w->m; i++) expect += (int64_t)i * w->round;
    if (got != expect || len != w->m) w->bad++;
    bb_string *want = bb_String_valueOfInt(ctx, w->round);
    if (!bb_String_equals(ctx, ((bb_string **)bb_array_data(w->names))[w->round % 4], (bb_object *)want)) w->bad++;
    w->sum += got;
  }
  w->round++;
  Node *list = NULL;
  for (int32_t i = 0; i < w->m; i++) {
    Node *n = BB_NEW(ctx, Node, CLS_Node);
    n->value = (int64_t)i * w->round;
    n->next = list;
    list = n;
  }
  w->list = list;
  w->names = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, 4, BB_LOC(0, 9));
  ((bb_string **)bb_array_data(w->names))[w->round % 4] = bb_String_valueOfInt(ctx, w->round);
  if (w->round == w->rounds) BB_TASKEXIT(ctx, 1);
}

static long peak_rss_kb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets(line, sizeof line, f))
    if (!strncmp(line, "VmHWM:", 6)) kb = strtol(line + 6, NULL, 10);
  if (f) fclose(f);
  return kb;
}

static void task_collect(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Worker *w = (Worker *)params[0];
  Total *t = (Total *)params[1];
  t->finished++;
  t->sum += w->sum;
  t->bad += w->bad;
  t->objects += (int64_t)w->rounds * w->m;
  if (t->finished == t->workers) {
    println_si(ctx, "objects: ", t->objects);
    println_si(ctx, "checksum: ", t->sum);
    println_si(ctx, "bad: ", t->bad);
    println_si(ctx, "peak_rss_kb: ", peak_rss_kb());
    println_si(ctx, "collections: ", (int64_t)ctx->heap.collections);
    BB_TASKEXIT(ctx, 2);
  }
  BB_TASKEXIT(ctx, 1);
}

static const bb_guard G_init[] = {{F_StartupObject_initialstate, F_StartupObject_initialstate}};
static const bb_guard G_busy[] = {{F_busy, F_busy}};
static const bb_guard G_finished[] = {{F_finished, F_finished}};
static const bb_guard G_open[] = {{F_open, F_open}};
static const bb_param P_startup[] = {{"s", CLS_StartupObject, 1, G_init, 0, NULL}};
static const bb_param P_work[] = {{"w", CLS_Worker, 1, G_busy, 0, NULL}};
static const bb_param P_collect[] = {{"w", CLS_Worker, 1, G_finished, 0, NULL}, {"t", CLS_Total, 1, G_open, 0, NULL}};
static const bb_flagop E_startup[] = {KEEP, CLR(F_StartupObject_initialstate)};
static const bb_flagop E_work[] = {KEEP, SETCLR(F_finished, F_busy)};
static const bb_flagop E_collect[] = {KEEP, KEEP, CLR(F_finished), KEEP, CLR(F_finished), CLR(F_open)};
static const bb_task tasks[] = {
  {"startup", task_startup, 1, P_startup, 0, 2, E_startup, BB_LOC(0, 1)},
  {"work", task_work, 1, P_work, 0, 2, E_work, BB_LOC(0, 5)},
  {"collect", task_collect, 2, P_collect, 0, 3, E_collect, BB_LOC(0, 9)},
};
static const bb_program program = {
  .abi_version = BB_ABI_VERSION,
  .name = "gcstress",
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
