/* unit.h — a tiny test harness and a fixture program for the C unit tests. */
#ifndef BB_UNIT_H
#define BB_UNIT_H
#include "bb.h"
#include <stdio.h>
#include <stdlib.h>

extern int bb_t_failures, bb_t_checks;
#define CHECK(cond)                                                                    \
  do {                                                                                 \
    bb_t_checks++;                                                                     \
    if (!(cond)) {                                                                     \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);         \
      bb_t_failures++;                                                                 \
    }                                                                                  \
  } while (0)
/* compare a bb_string with a UTF-8 C string */
bool t_str_is(bb_string *s, const char *utf8);
#define CHECK_STR(s, lit)                                                              \
  do {                                                                                 \
    bb_t_checks++;                                                                     \
    bb_string *t__s = (s);                                                             \
    if (!t_str_is(t__s, (lit))) {                                                      \
      char *t__u = t__s ? bb_string_to_utf8(t__s, NULL) : NULL;                        \
      fprintf(stderr, "%s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, (lit), \
              t__u ? t__u : "(null)");                                                 \
      free(t__u);                                                                      \
      bb_t_failures++;                                                                 \
    }                                                                                  \
  } while (0)

/* Fixture: classes Node (refs next, other), Special extends Node, Node[],
 * Holder (task object; flags live, other) and tasks hold(Holder in live,
 * Node in other) [never enabled] so that Holders sit in a parameter set. */
enum { CLS_Startup = BB_CLASS_FIRST_USER, CLS_Node, CLS_Special, CLS_NodeArray, CLS_Holder, CLS_NodeArray2, T_NCLASSES };
typedef struct T_Node { bb_object hdr; struct T_Node *next; bb_object *other; int64_t value; } T_Node;
typedef struct T_Special { T_Node node; double extra; } T_Special;
typedef struct T_Holder { bb_object hdr; bb_object *root; } T_Holder;
typedef struct T_Startup { bb_object hdr; bb_array *args, *parameters; } T_Startup;
#define TF_live 1ull
bb_ctx *t_fixture(void);           /* a fresh runtime for the fixture program */
bb_string *t_str(bb_ctx *ctx, const char *utf8);

void test_numfmt(void);
void test_strictmath(void);
void test_strictmath_log_reference(void);
void test_math_exp(void);
void test_strings(void);
void test_unicode(void);
void test_lib(void);
void test_objects(void);
void test_gc(void);
void test_gc_marks(void);
void test_gc_deferral(void);
void test_roots_addrs(void);
void test_roots_find(void);
void test_roots_in_body(void);
void test_roots_limit(void);
void test_pack(void);
void test_layout(void);
#endif
