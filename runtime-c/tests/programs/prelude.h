/* prelude.h — what every generated program starts with: the ABI check, the
 * Object methods compiled from stdlib/Object.bb, and the built-in class
 * descriptors. (Shared here only to keep the hand-written test programs short;
 * the code generator emits this per program.) */
#include "bb.h"
#if BB_ABI_VERSION != 11
#error "bambooc: runtime ABI mismatch"
#endif
#include <stdlib.h>

static bool Object_equals(bb_ctx *ctx, bb_object *self, bb_object *o) { (void)ctx; return self == o; }
static int32_t Object_hashCode(bb_ctx *ctx, bb_object *self) { return bb_Object_hashCode(ctx, self); }
static bb_string *Object_toString(bb_ctx *ctx, bb_object *self) {
  bb_string *parts[3] = {bb_BambooRuntime_className(ctx, self), bb_String_valueOfChar(ctx, '@'),
                         bb_Integer_toHexString(ctx, bb_Object_hashCode(ctx, self))};
  return bb_concatn(ctx, 3, parts);
}
static const bb_vfn Object_vtable[] = {(bb_vfn)Object_equals, (bb_vfn)Object_hashCode, (bb_vfn)Object_toString};
static const bb_vfn String_vtable[] = {(bb_vfn)bb_String_equals, (bb_vfn)bb_String_hashCode, (bb_vfn)bb_String_valueOfString};
BB_BUILTIN_CLASSES(Object_vtable, 3, String_vtable, 3)

/* the StartupObject of stdlib/StartupObject.bb */
typedef struct StartupObject { bb_object hdr; bb_array *args; bb_array *parameters; } StartupObject;
#define F_StartupObject_initialstate (1ull << 0)
#define STARTUP_CLASS(id)                                                                              \
  static const uint32_t StartupObject_display[] = {BB_CLASS_OBJECT, id};                              \
  static const uint32_t StartupObject_refs[] = {offsetof(StartupObject, args), offsetof(StartupObject, parameters)}; \
  static const char *const StartupObject_flags[] = {"initialstate"};                                  \
  static const bb_class StartupObject_class = {"StartupObject", id, BB_CLASS_OBJECT, BB_KIND_OBJECT,   \
    sizeof(StartupObject), 1, StartupObject_display, 2, StartupObject_refs, 0, 0, 3, Object_vtable, 1, StartupObject_flags};

/* a user class with no superclass but Object */
#define SIMPLE_CLASS(T, id, ...)                                                                       \
  static const uint32_t T##_display[] = {BB_CLASS_OBJECT, id};                                        \
  static const uint32_t T##_refs[] = {0, __VA_ARGS__};                                                \
  static const bb_class T##_class = {#T, id, BB_CLASS_OBJECT, BB_KIND_OBJECT, sizeof(T), 1, T##_display, \
    sizeof(T##_refs) / sizeof(uint32_t) - 1, T##_refs + 1, 0, 0, 3, Object_vtable, 0, NULL};

#define KEEP {~0ull, 0}
#define SET(f) {~0ull, (f)}
#define CLR(f) {~(uint64_t)(f), 0}
#define SETCLR(s, c) {~(uint64_t)(c), (s)}

/* print an int the way System.out.println(String + int) would */
static inline void println_si(bb_ctx *ctx, const char *s, int64_t v) {
  bb_print_string(ctx, bb_concat(ctx, bb_string_from_cstr(ctx, s), bb_String_valueOfLong(ctx, v)), true);
}
