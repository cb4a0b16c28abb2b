/* bb/string.h — String objects (immutable UTF-16, Java semantics), string
 * concatenation, and Java's number <-> text conversions.
 *
 * Conventions for natives: `ctx` first; the receiver (`self`) second and
 * non-null (generated code null-checks receivers); other reference arguments
 * may be null and are checked here (errors at ctx->loc).
 */
#ifndef BB_STRING_H
#define BB_STRING_H

#include "object.h"

/* String literal i of the program (immortal, hash precomputed). */
#define BB_STR(ctx, i) ((ctx)->strings[(i)])

/* ---- construction ---------------------------------------------------------- */
BB_NONNULL_RET bb_string *bb_string_alloc(bb_ctx *ctx, int32_t length);   /* chars zeroed */
bb_string *bb_string_from_utf16(bb_ctx *ctx, const bb_char *chars, int32_t length);
bb_string *bb_string_from_latin1(bb_ctx *ctx, const char *bytes, size_t length);
bb_string *bb_string_from_cstr(bb_ctx *ctx, const char *ascii);    /* ASCII/Latin-1 */
/* UTF-8 -> UTF-16. Malformed input: replaced by U+FFFD when `strict` is
 * false; when true, returns NULL. */
bb_string *bb_string_from_utf8(bb_ctx *ctx, const char *bytes, size_t length, bool strict);
/* UTF-16 -> UTF-8 into a malloc'd, NUL-terminated buffer (unpaired surrogates
 * become '?', as Java's encoder does). *len receives the byte count. */
char *bb_string_to_utf8(const bb_string *s, size_t *len);
/* Text for a possibly-null reference: the string, or the literal "null". */
bb_string *bb_string_or_null(bb_ctx *ctx, bb_string *s);

/* ---- concatenation (the `+` operator) ----------------------------------------
 * Null operands print as "null". */
BB_NONNULL_RET bb_string *bb_concat(bb_ctx *ctx, bb_string *a, bb_string *b);
BB_NONNULL_RET bb_string *bb_concatn(bb_ctx *ctx, int n, bb_string *const *parts);

/* ---- String natives (java.lang.String) ------------------------------------- */
BB_INLINE int32_t bb_String_length(bb_ctx *ctx, bb_string *self) { (void)ctx; return self->length; }
BB_INLINE bb_char bb_String_charAt(bb_ctx *ctx, bb_string *self, int32_t i) {
  if (BB_UNLIKELY((uint32_t)i >= (uint32_t)self->length))
    bb_fail_strindex(ctx, i, self->length);
  return self->chars[i];
}
/* charAt failing at `loc` (BB_LOC_NONE: at ctx->loc): generated code calls
 * this instead of storing ctx->loc before every charAt, a store that in a
 * loop also makes the C compiler reload the string's length and characters
 * each time. */
BB_INLINE bb_char bb_String_charAt_at(bb_ctx *ctx, bb_string *self, int32_t i, bb_loc loc) {
  if (BB_UNLIKELY((uint32_t)i >= (uint32_t)self->length)) {
    if (loc) ctx->loc = loc;
    bb_fail_strindex(ctx, i, self->length);
  }
  return self->chars[i];
}
bool       bb_String_isEmpty(bb_ctx *ctx, bb_string *self);
int32_t    bb_String_hashCode(bb_ctx *ctx, bb_string *self);
bool       bb_String_equals(bb_ctx *ctx, bb_string *self, bb_object *other);
bool       bb_String_equalsIgnoreCase(bb_ctx *ctx, bb_string *self, bb_string *other);
int32_t    bb_String_compareTo(bb_ctx *ctx, bb_string *self, bb_string *other);
int32_t    bb_String_compareToIgnoreCase(bb_ctx *ctx, bb_string *self, bb_string *other);
bb_string *bb_String_substring(bb_ctx *ctx, bb_string *self, int32_t begin);
bb_string *bb_String_substring2(bb_ctx *ctx, bb_string *self, int32_t begin, int32_t end);
int32_t    bb_String_indexOf(bb_ctx *ctx, bb_string *self, bb_string *str);
int32_t    bb_String_indexOf2(bb_ctx *ctx, bb_string *self, bb_string *str, int32_t from);
int32_t    bb_String_indexOfChar(bb_ctx *ctx, bb_string *self, int32_t ch);
int32_t    bb_String_indexOfChar2(bb_ctx *ctx, bb_string *self, int32_t ch, int32_t from);
int32_t    bb_String_lastIndexOf(bb_ctx *ctx, bb_string *self, bb_string *str);
int32_t    bb_String_lastIndexOf2(bb_ctx *ctx, bb_string *self, bb_string *str, int32_t from);
int32_t    bb_String_lastIndexOfChar(bb_ctx *ctx, bb_string *self, int32_t ch);
int32_t    bb_String_lastIndexOfChar2(bb_ctx *ctx, bb_string *self, int32_t ch, int32_t from);
bool       bb_String_contains(bb_ctx *ctx, bb_string *self, bb_string *str);
bool       bb_String_startsWith(bb_ctx *ctx, bb_string *self, bb_string *prefix);
bool       bb_String_startsWith2(bb_ctx *ctx, bb_string *self, bb_string *prefix, int32_t offset);
bool       bb_String_endsWith(bb_ctx *ctx, bb_string *self, bb_string *suffix);
bb_string *bb_String_trim(bb_ctx *ctx, bb_string *self);
bb_string *bb_String_toLowerCase(bb_ctx *ctx, bb_string *self);
bb_string *bb_String_toUpperCase(bb_ctx *ctx, bb_string *self);
bb_string *bb_String_concat(bb_ctx *ctx, bb_string *self, bb_string *str);
bb_string *bb_String_replace(bb_ctx *ctx, bb_string *self, bb_char from, bb_char to);
/* split on a literal separator, Java's limit-0 rule: trailing empty strings
 * are dropped; an empty separator splits between characters. For Java
 * compatibility the separators "\\s", "\\s+", " +" and "\\<c>" (an escaped
 * single character) are understood as the regular expressions they are. */
bb_array  *bb_String_split(bb_ctx *ctx, bb_string *self, bb_string *sep);
bb_array  *bb_String_toCharArray(bb_ctx *ctx, bb_string *self);
bb_string *bb_String_intern(bb_ctx *ctx, bb_string *self);
bb_string *bb_String_new(bb_ctx *ctx);                         /* new String() */
bb_string *bb_String_newFromChars(bb_ctx *ctx, bb_array *chars); /* new String(char[]) */
bb_string *bb_String_newFromChars3(bb_ctx *ctx, bb_array *chars, int32_t offset, int32_t count);
bb_string *bb_String_newFromBytes(bb_ctx *ctx, bb_array *bytes);  /* UTF-8, U+FFFD on errors */
bb_string *bb_String_copyValueOf(bb_ctx *ctx, bb_array *chars);
bb_string *bb_String_newFromString(bb_ctx *ctx, bb_string *original); /* new String(String) */
void       bb_String_getChars(bb_ctx *ctx, bb_string *self, int32_t srcBegin, int32_t srcEnd, bb_array *dst, int32_t dstBegin);
bb_array  *bb_String_getBytes(bb_ctx *ctx, bb_string *self);         /* UTF-8, lone surrogate -> '?' */

/* String.valueOf(x) and the text of `"" + x`, for every type. */
bb_string *bb_String_valueOfBoolean(bb_ctx *ctx, bool v);
bb_string *bb_String_valueOfChar(bb_ctx *ctx, bb_char v);
bb_string *bb_String_valueOfInt(bb_ctx *ctx, int32_t v);      /* byte, short too */
bb_string *bb_String_valueOfLong(bb_ctx *ctx, int64_t v);
bb_string *bb_String_valueOfFloat(bb_ctx *ctx, float v);
bb_string *bb_String_valueOfDouble(bb_ctx *ctx, double v);
bb_string *bb_String_valueOfChars(bb_ctx *ctx, bb_array *chars);
/* String.valueOf(Object): "null" or o.toString() — the runtime cannot call a
 * virtual toString itself, so generated code handles objects other than
 * strings; this one covers String and null. */
bb_string *bb_String_valueOfString(bb_ctx *ctx, bb_string *s);

/* ---- number formatting into C buffers (no allocation) ------------------------
 * Each writes ASCII, no terminator, and returns the length. Buffers must hold
 * BB_NUMBUF bytes. */
#define BB_NUMBUF 72
int bb_fmt_int(char *buf, int32_t v);
int bb_fmt_long(char *buf, int64_t v);
int bb_fmt_double(char *buf, double v);   /* exactly Java's Double.toString (JDK >= 19) */
int bb_fmt_float(char *buf, float v);     /* exactly Java's Float.toString (JDK >= 19) */
int bb_fmt_radix_unsigned(char *buf, uint64_t v, int shift); /* hex/octal/binary digits */

/* ---- parsing (Java grammars; NULL/invalid input is a NumberFormatException
 * run-time error at ctx->loc) ------------------------------------------------ */
int32_t bb_parse_int(bb_ctx *ctx, bb_string *s, int32_t radix);
int64_t bb_parse_long(bb_ctx *ctx, bb_string *s, int32_t radix);
double  bb_parse_double(bb_ctx *ctx, bb_string *s);
float   bb_parse_float(bb_ctx *ctx, bb_string *s);
/* Non-failing cores of the above, for tests and other natives: return false
 * on a syntax or range error. */
bool bb_try_parse_long(const bb_char *s, int32_t n, int32_t radix, int64_t lo, int64_t hi, int64_t *out);
bool bb_try_parse_double(const bb_char *s, int32_t n, bool is_float, double *out);

#endif
