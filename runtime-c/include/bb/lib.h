/* bb/lib.h — standard-library natives other than String: output, files,
 * System, Math, the number classes, Character, BambooRuntime.
 * Same conventions as string.h: ctx first, errors at ctx->loc. */
#ifndef BB_LIB_H
#define BB_LIB_H

#include "string.h"
#include <math.h>

/* ---- output ---------------------------------------------------------------
 * Each call's text reaches stdout whole (one locked append to a shared
 * buffer); the buffer is flushed when large, at exit and before errors. */
void bb_out_write(bb_ctx *ctx, const char *bytes, size_t n);  /* raw bytes, whole */
void bb_out_flush(bb_runtime *rt);
void bb_print_string(bb_ctx *ctx, bb_string *s, bool newline);  /* null prints "null" */
void bb_print_int(bb_ctx *ctx, int32_t v, bool newline);
void bb_print_long(bb_ctx *ctx, int64_t v, bool newline);
void bb_print_double(bb_ctx *ctx, double v, bool newline);
void bb_print_float(bb_ctx *ctx, float v, bool newline);
void bb_print_char(bb_ctx *ctx, bb_char v, bool newline);
void bb_print_boolean(bb_ctx *ctx, bool v, bool newline);
void bb_print_chars(bb_ctx *ctx, bb_array *chars, bool newline);  /* println(char[]) */
void bb_print_newline(bb_ctx *ctx);
/* System.err: unbuffered, whole lines */
void bb_eprint_string(bb_ctx *ctx, bb_string *s, bool newline);

/* ---- files (java.nio.file.Files; paths are Strings) ------------------------
 * Missing or unreadable file: run-time error naming the path. Text is UTF-8;
 * malformed input is an error, as Java's MalformedInputException. */
bb_string *bb_Files_readString(bb_ctx *ctx, bb_string *path);
bb_array  *bb_Files_readAllBytes(bb_ctx *ctx, bb_string *path);
bb_array  *bb_Files_readAllLines(bb_ctx *ctx, bb_string *path);  /* String[] */

/* ---- System -------------------------------------------------------------- */
int64_t bb_System_nanoTime(bb_ctx *ctx);
int64_t bb_System_currentTimeMillis(bb_ctx *ctx);
int64_t bb_System_microTimes(bb_ctx *ctx);
int64_t bb_System_getticks(bb_ctx *ctx);
/* Flush output and end the process now with `status`. */
BB_NORETURN void bb_System_exit(bb_ctx *ctx, int32_t status);
/* System.gc(): a request; the collector runs at the next task boundary. */
void bb_System_gc(bb_ctx *ctx);
/* System.arraycopy with Java's checks (null, bounds, element types). */
void bb_System_arraycopy(bb_ctx *ctx, bb_array *src, int32_t srcPos, bb_array *dst, int32_t dstPos, int32_t length);
int32_t bb_System_identityHashCode(bb_ctx *ctx, bb_object *o);

/* ---- Object / BambooRuntime ---------------------------------------------- */
int32_t    bb_Object_hashCode(bb_ctx *ctx, bb_object *self);
bb_string *bb_BambooRuntime_className(bb_ctx *ctx, bb_object *o);
/* Raise a Java-exception-like run-time error: "<kind>: <message>". */
BB_NORETURN void bb_BambooRuntime_error(bb_ctx *ctx, bb_string *kind, bb_string *message);

/* ---- Math (java.lang.Math semantics) ------------------------------------- */
int32_t bb_Math_absInt(int32_t a);
int64_t bb_Math_absLong(int64_t a);
double  bb_Math_abs(double a);
float   bb_Math_absFloat(float a);
double  bb_Math_max(double a, double b);   /* NaN wins; max(-0.0, 0.0) == 0.0 */
double  bb_Math_min(double a, double b);   /* NaN wins; min(-0.0, 0.0) == -0.0 */
float   bb_Math_maxFloat(float a, float b);
float   bb_Math_minFloat(float a, float b);
int64_t bb_Math_round(double a);           /* floor(a + 1/2) exactly, saturating */
int32_t bb_Math_roundFloat(float a);
double  bb_Math_rint(double a);            /* ties to even */
double  bb_Math_signum(double a);
double  bb_Math_toRadians(double a);
double  bb_Math_toDegrees(double a);
/* sqrt cbrt sin cos tan asin acos atan atan2 exp log log10 pow floor ceil
 * hypot sinh cosh tanh expm1 log1p: C's libm functions have Java's results
 * (to within Java's permitted 1 ulp); generated code may call them directly. */
double  bb_Math_pow(double a, double b);   /* Java's special cases (pow(x, NaN) etc.) */

/* ---- Integer / Long / Double / Float / Character / Boolean ---------------- */
bb_string *bb_Integer_toString(bb_ctx *ctx, int32_t v);
bb_string *bb_Integer_toStringRadix(bb_ctx *ctx, int32_t v, int32_t radix);
bb_string *bb_Integer_toHexString(bb_ctx *ctx, int32_t v);
bb_string *bb_Integer_toOctalString(bb_ctx *ctx, int32_t v);
bb_string *bb_Integer_toBinaryString(bb_ctx *ctx, int32_t v);
int32_t    bb_Integer_parseInt(bb_ctx *ctx, bb_string *s);
int32_t    bb_Integer_parseIntRadix(bb_ctx *ctx, bb_string *s, int32_t radix);
bb_string *bb_Long_toString(bb_ctx *ctx, int64_t v);
bb_string *bb_Long_toHexString(bb_ctx *ctx, int64_t v);
bb_string *bb_Long_toBinaryString(bb_ctx *ctx, int64_t v);
int64_t    bb_Long_parseLong(bb_ctx *ctx, bb_string *s);
bb_string *bb_Double_toString(bb_ctx *ctx, double v);
double     bb_Double_parseDouble(bb_ctx *ctx, bb_string *s);
int64_t    bb_Double_doubleToLongBits(double v);      /* NaN canonicalised */
int64_t    bb_Double_doubleToRawLongBits(double v);
double     bb_Double_longBitsToDouble(int64_t bits);
bool       bb_Double_isNaN(double v);
bool       bb_Double_isInfinite(double v);
int32_t    bb_Double_compare(double a, double b);
bb_string *bb_Float_toString(bb_ctx *ctx, float v);
float      bb_Float_parseFloat(bb_ctx *ctx, bb_string *s);
int32_t    bb_Float_floatToIntBits(float v);
int32_t    bb_Float_floatToRawIntBits(float v);
float      bb_Float_intBitsToFloat(int32_t bits);
int32_t    bb_Float_compare(float a, float b);
/* Character natives take code points and answer from Java's Unicode data. */
int32_t    bb_Character_getType(int32_t c);
bool       bb_Character_isDigit(int32_t c);
bool       bb_Character_isLetter(int32_t c);
bool       bb_Character_isLetterOrDigit(int32_t c);
bool       bb_Character_isAlphabetic(int32_t c);
bool       bb_Character_isWhitespace(int32_t c);
bool       bb_Character_isSpaceChar(int32_t c);
bool       bb_Character_isUpperCase(int32_t c);
bool       bb_Character_isLowerCase(int32_t c);
int32_t    bb_Character_toUpperCase(int32_t c);
int32_t    bb_Character_toLowerCase(int32_t c);
int32_t    bb_Character_digit(int32_t c, int32_t radix);
int32_t    bb_Character_forDigit(int32_t digit, int32_t radix);
bool       bb_Boolean_parseBoolean(bb_ctx *ctx, bb_string *s);

#endif
