/* bb/builtin.h — descriptors of the built-in classes, for generated code.
 *
 * The class table the compiler emits must hold, at the fixed ids of types.h,
 * the descriptors of Object, String and the built-in array types. Their
 * layouts are the runtime's; only their vtables (Object's virtual methods,
 * which the compiler lays out) come from the program:
 *
 *   BB_BUILTIN_CLASSES(object_vtable, N_OBJECT_SLOTS, string_vtable, N_STRING_SLOTS)
 *   static const bb_class *const classes[] = { BB_BUILTIN_CLASS_PTRS, &Text_class, ... };
 *
 * Arrays use Object's vtable. Further array types (int[][], Text[], ...) are
 * emitted by the compiler like any class, with BB_ARRAY_DISPLAY(id).
 */
#ifndef BB_BUILTIN_H
#define BB_BUILTIN_H

#include "types.h"

#define BB__ARRAY_DESC(var, nm, id, ek, ec, vt, nvt)                                                  \
  static const uint32_t var##_display[] = {BB_CLASS_OBJECT, id};                                     \
  static const bb_class var = {nm, id, BB_CLASS_OBJECT, BB_KIND_ARRAY, sizeof(bb_array), 1, var##_display, \
                               0, NULL, ek, ec, nvt, vt, 0, NULL};

#define BB_BUILTIN_CLASSES(OBJVT, NOBJVT, STRVT, NSTRVT)                                              \
  static const uint32_t bb_builtin_Object_display[] = {BB_CLASS_OBJECT};                             \
  static const bb_class bb_builtin_Object = {"Object", BB_CLASS_OBJECT, 0, BB_KIND_OBJECT,            \
                                             sizeof(bb_object), 0, bb_builtin_Object_display, 0, NULL, 0, 0, \
                                             NOBJVT, OBJVT, 0, NULL};                                 \
  static const uint32_t bb_builtin_String_display[] = {BB_CLASS_OBJECT, BB_CLASS_STRING};            \
  static const bb_class bb_builtin_String = {"String", BB_CLASS_STRING, BB_CLASS_OBJECT, BB_KIND_STRING, \
                                             sizeof(bb_string), 1, bb_builtin_String_display, 0, NULL, 0, 0, \
                                             NSTRVT, STRVT, 0, NULL};                                 \
  BB__ARRAY_DESC(bb_builtin_boolean_array, "boolean[]", BB_CLASS_BOOLEAN_ARRAY, BB_ELEM_BOOLEAN, 0, OBJVT, NOBJVT) \
  BB__ARRAY_DESC(bb_builtin_byte_array, "byte[]", BB_CLASS_BYTE_ARRAY, BB_ELEM_BYTE, 0, OBJVT, NOBJVT) \
  BB__ARRAY_DESC(bb_builtin_char_array, "char[]", BB_CLASS_CHAR_ARRAY, BB_ELEM_CHAR, 0, OBJVT, NOBJVT) \
  BB__ARRAY_DESC(bb_builtin_short_array, "short[]", BB_CLASS_SHORT_ARRAY, BB_ELEM_SHORT, 0, OBJVT, NOBJVT) \
  BB__ARRAY_DESC(bb_builtin_int_array, "int[]", BB_CLASS_INT_ARRAY, BB_ELEM_INT, 0, OBJVT, NOBJVT)   \
  BB__ARRAY_DESC(bb_builtin_long_array, "long[]", BB_CLASS_LONG_ARRAY, BB_ELEM_LONG, 0, OBJVT, NOBJVT) \
  BB__ARRAY_DESC(bb_builtin_float_array, "float[]", BB_CLASS_FLOAT_ARRAY, BB_ELEM_FLOAT, 0, OBJVT, NOBJVT) \
  BB__ARRAY_DESC(bb_builtin_double_array, "double[]", BB_CLASS_DOUBLE_ARRAY, BB_ELEM_DOUBLE, 0, OBJVT, NOBJVT) \
  BB__ARRAY_DESC(bb_builtin_Object_array, "Object[]", BB_CLASS_OBJECT_ARRAY, BB_ELEM_REF, BB_CLASS_OBJECT, OBJVT, NOBJVT) \
  BB__ARRAY_DESC(bb_builtin_String_array, "String[]", BB_CLASS_STRING_ARRAY, BB_ELEM_REF, BB_CLASS_STRING, OBJVT, NOBJVT)

#define BB_BUILTIN_CLASS_PTRS                                                                        \
  NULL, &bb_builtin_Object, &bb_builtin_String, NULL, NULL, &bb_builtin_boolean_array,              \
      &bb_builtin_byte_array, &bb_builtin_char_array, &bb_builtin_short_array, &bb_builtin_int_array, \
      &bb_builtin_long_array, &bb_builtin_float_array, &bb_builtin_double_array,                     \
      &bb_builtin_Object_array, &bb_builtin_String_array

/* display of a user array class with id `id` (arrays are subclasses of Object) */
#define BB_ARRAY_DISPLAY(id) {BB_CLASS_OBJECT, (id)}

#endif
