/* tagpair.c — tags (paper section 3): objects bound to the same tag instance
 * must be merged together, never across tags. Generated-style C for:
 *
 *   task startup(StartupObject s in initialstate) {
 *     int n = s.args.length > 0 ? Integer.parseInt(s.args[0]) : 50;
 *     for (int i = 0; i < n; i++) {
 *       tag t = new tag(link);
 *       new Drawing(i) { saving := true, add t };
 *       new Image(i) { uncompressed := true, add t };
 *       new Left(i) { unpaired := true };
 *       new Right(i) { unpaired := true };
 *     }
 *     new Total(n) { open := true };
 *     taskexit(s: initialstate := false);
 *   }
 *   task compress(Image im in uncompressed) {
 *     im.data = im.id * 10;
 *     taskexit(im: uncompressed := false, compressed := true);
 *   }
 *   task finishsave(Drawing d in saving with link t, Image im in compressed with link t, Total tot in open) {
 *     if (d.id != im.id || im.data != d.id * 10) tot.bad++;
 *     tot.saved++;
 *     if (tot.done()) taskexit(d: saving := false; im: compressed := false; tot: open := false);
 *     taskexit(d: saving := false; im: compressed := false);
 *   }
 *   task pairUp(Left l in unpaired, Right r in unpaired) {       // any two: a cross product
 *     tag t = new tag(link);
 *     l.partner = r; r.partner = l;
 *     taskexit(l: unpaired := false, paired := true, add t; r: unpaired := false, ready := true, add t);
 *   }
 *   task merge(Left l in paired with link t, Right r in ready with link t, Total tot in open) {
 *     if (l.partner != r || r.partner != l) tot.bad++;
 *     tot.merged++;
 *     if (tot.done()) taskexit(l: paired := false, clear t; r: ready := false, clear t; tot: open := false);
 *     taskexit(l: paired := false, clear t; r: ready := false, clear t);
 *   }
 */
#include "prelude.h"

enum { CLS_StartupObject = BB_CLASS_FIRST_USER, CLS_Drawing, CLS_Image, CLS_Left, CLS_Right, CLS_Total, NCLASSES };
enum { TAG_link };
typedef struct Drawing { bb_object hdr; int32_t id; } Drawing;
typedef struct Image { bb_object hdr; int32_t id, data; } Image;
typedef struct Right Right;
typedef struct Left { bb_object hdr; int32_t id; Right *partner; } Left;
struct Right { bb_object hdr; int32_t id; Left *partner; };
typedef struct Total { bb_object hdr; int32_t n, saved, merged, bad; } Total;
#define F_saving 1ull
#define F_uncompressed 1ull
#define F_compressed 2ull
#define F_unpaired 1ull
#define F_paired 2ull
#define F_ready 2ull
#define F_open 1ull

STARTUP_CLASS(CLS_StartupObject)
SIMPLE_CLASS(Drawing, CLS_Drawing)
SIMPLE_CLASS(Image, CLS_Image)
SIMPLE_CLASS(Left, CLS_Left, offsetof(Left, partner))
SIMPLE_CLASS(Right, CLS_Right, offsetof(Right, partner))
SIMPLE_CLASS(Total, CLS_Total)
static const bb_class *const classes[NCLASSES] = {BB_BUILTIN_CLASS_PTRS, &StartupObject_class, &Drawing_class,
  &Image_class, &Left_class, &Right_class, &Total_class};
static const char *const files[] = {"tagpair.bb"};
static const char *const tagtypes[] = {"link"};
#define L(n) BB_LOC(0, n)

static bool Total_done(Total *t) { return t->saved == t->n && t->merged == t->n; }
static void Total_report(bb_ctx *ctx, Total *t) {
  println_si(ctx, "saved: ", t->saved);
  println_si(ctx, "merged: ", t->merged);
  println_si(ctx, "mismatches: ", t->bad);
}

static void task_startup(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  StartupObject *s = (StartupObject *)params[0];
  int32_t n = 50;
  if (bb_length(ctx, s->args, L(2)) > 0) {
    ctx->loc = L(2);
    n = bb_Integer_parseInt(ctx, BB_ELEM(ctx, bb_string *, s->args, 0, L(2)));
  }
  for (int32_t i = 0; i < n; i++) {
    bb_tag *t = bb_tag_new(ctx, TAG_link);
    Drawing *d = BB_NEW(ctx, Drawing, CLS_Drawing);
    d->id = i;
    bb_task_object(ctx, &d->hdr, F_saving, 0);
    bb_tag_bind(ctx, &d->hdr, t, L(6));
    Image *im = BB_NEW(ctx, Image, CLS_Image);
    im->id = i;
    bb_task_object(ctx, &im->hdr, F_uncompressed, 1);
    bb_tag_bind(ctx, &im->hdr, t, L(7));
    Left *l = BB_NEW(ctx, Left, CLS_Left);
    l->id = i;
    bb_task_object(ctx, &l->hdr, F_unpaired, 2);
    Right *r = BB_NEW(ctx, Right, CLS_Right);
    r->id = i;
    bb_task_object(ctx, &r->hdr, F_unpaired, 3);
  }
  Total *tot = BB_NEW(ctx, Total, CLS_Total);
  tot->n = n;
  bb_task_object(ctx, &tot->hdr, F_open, 4);
  BB_TASKEXIT(ctx, 1);
}

static void task_compress(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Image *im = (Image *)params[0];
  im->data = im->id * 10;
  BB_TASKEXIT(ctx, 1);
}

static void task_finishsave(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Drawing *d = (Drawing *)params[0];
  Image *im = (Image *)params[1];
  Total *tot = (Total *)params[2];
  if (d->id != im->id || im->data != d->id * 10) tot->bad++;
  tot->saved++;
  if (Total_done(tot)) { Total_report(ctx, tot); BB_TASKEXIT(ctx, 2); }
  BB_TASKEXIT(ctx, 1);
}

static void task_pairUp(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  (void)tagvars;
  Left *l = (Left *)params[0];
  Right *r = (Right *)params[1];
  bb_tag *t = bb_tag_new(ctx, TAG_link);
  l->partner = r;
  r->partner = l;
  bb_exit_add_tag(ctx, 0, t, L(24));
  bb_exit_add_tag(ctx, 1, t, L(24));
  /* the exit makes l and r share data: the disjointness analysis merges
     their locks (paper 4.2), so `merge` below takes one shared lock */
  bb_lock_merge(ctx, &l->hdr, &r->hdr);
  BB_TASKEXIT(ctx, 1);
}

static void task_merge(bb_ctx *ctx, bb_object **params, bb_tag **tagvars) {
  Left *l = (Left *)params[0];
  Right *r = (Right *)params[1];
  Total *tot = (Total *)params[2];
  if (l->partner != r || r->partner != l) tot->bad++;
  if (bb_lock_root(&l->hdr) != bb_lock_root(&r->hdr)) tot->bad++;
  tot->merged++;
  bb_exit_clear_tag(ctx, 0, tagvars[0], L(30));
  bb_exit_clear_tag(ctx, 1, tagvars[0], L(30));
  if (Total_done(tot)) { Total_report(ctx, tot); BB_TASKEXIT(ctx, 2); }
  BB_TASKEXIT(ctx, 1);
}

static const bb_guard G_init[] = {{F_StartupObject_initialstate, F_StartupObject_initialstate}};
static const bb_guard G_saving[] = {{F_saving, F_saving}};
static const bb_guard G_uncompressed[] = {{F_uncompressed, F_uncompressed}};
static const bb_guard G_compressed[] = {{F_compressed, F_compressed}};
static const bb_guard G_unpaired[] = {{F_unpaired, F_unpaired}};
static const bb_guard G_paired[] = {{F_paired, F_paired}};
static const bb_guard G_ready[] = {{F_ready, F_ready}};
static const bb_guard G_open[] = {{F_open, F_open}};
static const bb_tagreq R_t[] = {{TAG_link, 0}};
static const bb_param P_startup[] = {{"s", CLS_StartupObject, 1, G_init, 0, NULL}};
static const bb_param P_compress[] = {{"im", CLS_Image, 1, G_uncompressed, 0, NULL}};
static const bb_param P_finishsave[] = {{"d", CLS_Drawing, 1, G_saving, 1, R_t}, {"im", CLS_Image, 1, G_compressed, 1, R_t},
                                        {"tot", CLS_Total, 1, G_open, 0, NULL}};
static const bb_param P_pairUp[] = {{"l", CLS_Left, 1, G_unpaired, 0, NULL}, {"r", CLS_Right, 1, G_unpaired, 0, NULL}};
static const bb_param P_merge[] = {{"l", CLS_Left, 1, G_paired, 1, R_t}, {"r", CLS_Right, 1, G_ready, 1, R_t},
                                   {"tot", CLS_Total, 1, G_open, 0, NULL}};
static const bb_flagop E_startup[] = {KEEP, CLR(F_StartupObject_initialstate)};
static const bb_flagop E_compress[] = {KEEP, SETCLR(F_compressed, F_uncompressed)};
static const bb_flagop E_finishsave[] = {KEEP, KEEP, KEEP, CLR(F_saving), CLR(F_compressed), KEEP,
                                         CLR(F_saving), CLR(F_compressed), CLR(F_open)};
static const bb_flagop E_pairUp[] = {KEEP, KEEP, SETCLR(F_paired, F_unpaired), SETCLR(F_ready, F_unpaired)};
static const bb_flagop E_merge[] = {KEEP, KEEP, KEEP, CLR(F_paired), CLR(F_ready), KEEP,
                                    CLR(F_paired), CLR(F_ready), CLR(F_open)};
static const bb_task tasks[] = {
  {"startup", task_startup, 1, P_startup, 0, 2, E_startup, L(1)},
  {"compress", task_compress, 1, P_compress, 0, 2, E_compress, L(14)},
  {"finishsave", task_finishsave, 3, P_finishsave, 1, 3, E_finishsave, L(18)},
  {"pairUp", task_pairUp, 2, P_pairUp, 0, 2, E_pairUp, L(24)},
  {"merge", task_merge, 3, P_merge, 1, 3, E_merge, L(29)},
};
static const bb_program program = {
  .abi_version = BB_ABI_VERSION,
  .name = "tagpair",
  .nclasses = NCLASSES,
  .classes = classes,
  .ntasks = 5,
  .tasks = tasks,
  .nfiles = 1,
  .files = files,
  .ntagtypes = 1,
  .tagtypes = tagtypes,
  .startup_class = CLS_StartupObject,
  .startup_flags = F_StartupObject_initialstate,
  .startup_args_offset = offsetof(StartupObject, args),
  .startup_parameters_offset = offsetof(StartupObject, parameters),
};
int main(int argc, char **argv) { return bb_main(&program, argc, argv); }
