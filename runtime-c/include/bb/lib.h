/* bb/lib.h — the natives of the standard library other than String's
 * (stdlib/NATIVES.md; README.md maps each to its C function) and helpers with
 * Java semantics.
 *
 * Every native takes ctx first (then the receiver for instance natives, then
 * the Bamboo arguments in order). Errors are reported at ctx->loc.
 */
#ifndef BB_LIB_H
#define BB_LIB_H

#include "string.h"
#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
void bb_print_newline(bb_ctx *ctx);

/* PrintStream.write(fd, s, newline): s ("null" if null) and "\n" if newline,
 * to stderr if fd == 2 else stdout, as one indivisible piece. */
void bb_PrintStream_write(bb_ctx *ctx, int32_t fd, bb_string *s, bool newline);
void bb_PrintStream_flush(bb_ctx *ctx, int32_t fd);

/* ---- files (java.nio.file.Files; paths are Strings) ------------------------
 * Errors name the path: NoSuchFileException (missing), IOException
 * (unreadable), MalformedInputException (text that is not UTF-8). */
bb_string *bb_Files_readString(bb_ctx *ctx, bb_string *path);
bb_array  *bb_Files_readAllBytes(bb_ctx *ctx, bb_string *path);
bb_array  *bb_Files_readAllLines(bb_ctx *ctx, bb_string *path);  /* String[] (not a stdlib native) */
/* Files.size: the size in bytes (stat). Files.readBytes: the bytes at
 * [offset, offset + length), fewer (down to none) where the file ends first;
 * a negative offset or length is an IllegalArgumentException naming the path. */
int64_t    bb_Files_size(bb_ctx *ctx, bb_string *path);
bb_array  *bb_Files_readBytes(bb_ctx *ctx, bb_string *path, int64_t offset, int32_t length);
int32_t    bb_Files_readInto(bb_ctx *ctx, bb_string *path, int64_t offset, bb_array *into, int32_t from,
                             int32_t length);

/* ---- System -------------------------------------------------------------- */
int64_t bb_System_nanoTime(bb_ctx *ctx);          /* CLOCK_MONOTONIC */
int64_t bb_System_currentTimeMillis(bb_ctx *ctx); /* since the epoch */
int64_t bb_System_microTimes(bb_ctx *ctx);        /* microseconds since the epoch */
int64_t bb_System_getticks(bb_ctx *ctx);          /* cycle counter */
/* Flush output and end the process now with `status` (& 0xFF). */
BB_NORETURN void bb_System_exit(bb_ctx *ctx, int32_t status);
/* System.gc(): a request; the collector runs at the next task boundary. */
void    bb_System_gc(bb_ctx *ctx);
/* System.arraycopy with Java's checks (null, types, bounds, element stores). */
void    bb_System_arraycopy(bb_ctx *ctx, bb_object *src, int32_t srcPos, bb_object *dst, int32_t dstPos, int32_t length);
int32_t bb_System_identityHashCode(bb_ctx *ctx, bb_object *o);

/* ---- Arrays ---------------------------------------------------------------- */
/* Arrays.equals(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo):
 * Java's range equality (nulls and ranges checked as Java does), one memcmp,
 * inline: a program that compares short byte ranges (a hash table's words)
 * would otherwise pay a branch per byte, whose exit mispredicts. */
BB_NORETURN BB_COLD void bb_Arrays_range_fail(bb_ctx *ctx, int32_t from, int32_t to);
BB_INLINE bool bb_Arrays_equalsRange(bb_ctx *ctx, bb_array *a, int32_t afrom, int32_t ato, bb_array *b, int32_t bfrom,
                                     int32_t bto) {
  if (BB_UNLIKELY(!a || !b)) bb_fail_java(ctx, "NullPointerException", NULL);
  /* 0 <= from <= to <= length, as two unsigned comparisons */
  if (BB_UNLIKELY((uint32_t)afrom > (uint32_t)ato || (uint32_t)ato > (uint32_t)a->length))
    bb_Arrays_range_fail(ctx, afrom, ato);
  if (BB_UNLIKELY((uint32_t)bfrom > (uint32_t)bto || (uint32_t)bto > (uint32_t)b->length))
    bb_Arrays_range_fail(ctx, bfrom, bto);
  if (ato - afrom != bto - bfrom) return false;
  return memcmp((const char *)bb_array_data(a) + afrom, (const char *)bb_array_data(b) + bfrom, (size_t)(ato - afrom)) == 0;
}

/* ---- Object / BambooRuntime ---------------------------------------------- */
int32_t    bb_Object_hashCode(bb_ctx *ctx, bb_object *self);
/* Java's getClass().getName(): "Text", or a descriptor for arrays ("[I", "[LText;") */
bb_string *bb_BambooRuntime_className(bb_ctx *ctx, bb_object *o);
/* Raise a Java-exception-like run-time error: "<kind>: <message>". */
BB_NORETURN void bb_BambooRuntime_error(bb_ctx *ctx, bb_string *kind, bb_string *message);

/* ---- Math and StrictMath natives (inline: libm calls, sqrtsd, exp, fdlibm log) */
#define BB__M1(name, cfn) BB_INLINE double bb_Math_##name(bb_ctx *ctx, double a) { (void)ctx; return cfn(a); }
#define BB__F1(name, cfn) BB_INLINE float bb_Math_##name(bb_ctx *ctx, float a) { (void)ctx; return cfn(a); }
BB__M1(cbrt, cbrt) BB__M1(sin, sin) BB__M1(cos, cos) BB__M1(tan, tan) BB__M1(asin, asin)
BB__M1(acos, acos) BB__M1(atan, atan) BB__M1(log, log) BB__M1(log10, log10)
BB__M1(floor, floor) BB__M1(ceil, ceil) BB__M1(rint, rint) BB__M1(expm1, expm1) BB__M1(log1p, log1p)
BB__M1(sinh, sinh) BB__M1(cosh, cosh) BB__M1(tanh, tanh)
BB__F1(sqrtf, sqrtf) BB__F1(sinf, sinf) BB__F1(cosf, cosf) BB__F1(expf, expf) BB__F1(logf, logf)
BB__F1(ceilf, ceilf) BB__F1(floorf, floorf)
#undef BB__M1
#undef BB__F1
/* exp(x), inline: the algorithm of the C library's exp (Arm's optimized-
 * routines, in glibc since 2.28; at most 0.511 ulp without fused multiply-add,
 * within Java's 1 ulp), with its 2**(j/128) table computed by
 * src/tables/gen_exp_table.py. x = (128 q + j) ln2/128 + r with |r| <=
 * ln2/256, exp(x) = 2**q * 2**(j/128) * exp(r), exp(r) - 1 by a polynomial.
 * Inline, the common case costs no call and none of the C library's errno
 * tests (MonteCarlo's path loop: 14 instructions fewer a call, callgrind);
 * |x| < 2**-54, |x| >= 512, infinities and NaN take the C library's exp. */
extern const uint64_t bb_exp_table[256];
BB_INLINE double bb_exp(double x) {
  uint64_t ix;
  memcpy(&ix, &x, 8);
  uint32_t abstop = (uint32_t)(ix >> 52) & 0x7ff;
  /* 0x3c9: the exponent field of 2**-54; 0x408: that of 512. */
  if (BB_UNLIKELY(abstop - 0x3c9u >= 0x408u - 0x3c9u)) return exp(x);
  const double inv_ln2_n = 0x1.71547652b82fep0 * 128, shift = 0x1.8p52;
  const double neg_ln2_hi_n = -0x1.62e42fefa0000p-8, neg_ln2_lo_n = -0x1.cf79abc9e3b3ap-47;
  const double c2 = 0x1.ffffffffffdbdp-2, c3 = 0x1.555555555543cp-3, c4 = 0x1.55555cf172b91p-5,
               c5 = 0x1.1111167a4d017p-7;
  /* kd = round(x * 128/ln2), by adding and subtracting 1.5 * 2**52; its low
   * bits, as an integer, are k's two's complement. */
  double kd = inv_ln2_n * x + shift;
  uint64_t ki;
  memcpy(&ki, &kd, 8);
  kd -= shift;
  double r = x + kd * neg_ln2_hi_n + kd * neg_ln2_lo_n;
  uint64_t idx = 2 * (ki % 128);
  uint64_t sbits = bb_exp_table[idx + 1] + (ki << 45);
  double tail, scale;
  memcpy(&tail, &bb_exp_table[idx], 8);
  memcpy(&scale, &sbits, 8);
  double r2 = r * r;
  double tmp = tail + r + r2 * (c2 + r * c3) + r2 * r2 * (c4 + r * c5);
  return scale + scale * tmp;
}
BB_INLINE double bb_Math_exp(bb_ctx *ctx, double a) { (void)ctx; return bb_exp(a); }
BB_INLINE double bb_Math_atan2(bb_ctx *ctx, double y, double x) { (void)ctx; return atan2(y, x); }
BB_INLINE double bb_Math_hypot(bb_ctx *ctx, double x, double y) { (void)ctx; return hypot(x, y); }
BB_INLINE float bb_Math_powf(bb_ctx *ctx, float a, float b) { (void)ctx; return powf(a, b); }
/* pow with Java's results: the C library's except for a base of +-1, where
 * Java gives NaN for an infinite or NaN exponent (C gives 1). The test is
 * inline, so that the common case is a direct call of the C library's pow;
 * the base +-1 takes the out-of-line path (lib.c). */
double bb_java_pow_unit_base(double a, double b);
BB_INLINE double bb_java_pow(double a, double b) {
  if (BB_LIKELY(fabs(a) != 1.0)) return pow(a, b);
  return bb_java_pow_unit_base(a, b);
}
BB_INLINE double bb_Math_pow(bb_ctx *ctx, double a, double b) { (void)ctx; return bb_java_pow(a, b); }
/* The square root, correctly rounded (IEEE 754), as Java's Math.sqrt and
 * StrictMath.sqrt are. With SSE2 the instruction itself: the C library's
 * sqrt() also sets errno for a negative argument, for which the C compiler
 * adds a test and a call after every sqrtsd (Java has no errno). */
BB_INLINE double bb_sqrt(double a) {
#if defined(__SSE2__)
  __m128d v = _mm_set_sd(a);
  return _mm_cvtsd_f64(_mm_sqrt_sd(v, v));
#else
  return sqrt(a);
#endif
}
BB_INLINE double bb_Math_sqrt(bb_ctx *ctx, double a) { (void)ctx; return bb_sqrt(a); }
BB_INLINE double bb_StrictMath_sqrt(bb_ctx *ctx, double a) { (void)ctx; return bb_sqrt(a); }
/* fdlibm 5.3 e_log.c (__ieee754_log): bit-exact StrictMath.log. Inline, so
 * that callers such as Random.nextGaussian keep their values in registers;
 * zero, negative, subnormal, infinite and NaN arguments and those within
 * 2**-20 of a power of two take out-of-line paths (lib.c). Constants by their
 * bit patterns (fdlibm's hexadecimal words). */
double bb_fdlibm_log_special(double x);
double bb_fdlibm_log_near_one(double f, int32_t k);
#define bb_fdlibm_ln2_hi (0x1.62e42feep-1)            /* 3fe62e42 fee00000 */
#define bb_fdlibm_ln2_lo (0x1.a39ef35793c76p-33)      /* 3dea39ef 35793c76 */
#define bb_fdlibm_two54 (0x1p54)                      /* 43500000 00000000 */
/* fdlibm's reduction of a normal x: x = 2**k * xn with xn in [sqrt(2)/2,
 * sqrt(2)), by replacing x's exponent field (its mantissa top bits decide
 * whether xn is x's mantissa over 1 or over 1/2). The same bits as fdlibm's
 * 32-bit high-word code; with SSE2 on x's own register (the bit operations
 * as 64-bit lanes: a mantissa carry into bit 52 is fdlibm's `i`), so that xn,
 * which every later step waits for, costs no round trip through a general
 * register. */
BB_INLINE double bb_fdlibm_log_reduce(double x) {
#if defined(__SSE2__)
  __m128i bits = _mm_castpd_si128(_mm_set_sd(x));
  __m128i mantissa = _mm_and_si128(bits, _mm_set_epi64x(0, 0x000fffffffffffffll));
  __m128i half = _mm_and_si128(_mm_add_epi64(mantissa, _mm_set_epi64x(0, 0x00095f6400000000ll)),
                               _mm_set_epi64x(0, 0x0010000000000000ll));
  __m128i reduced = _mm_or_si128(mantissa, _mm_xor_si128(half, _mm_set_epi64x(0, 0x3ff0000000000000ll)));
  return _mm_cvtsd_f64(_mm_castsi128_pd(reduced));
#else
  uint64_t bits;
  memcpy(&bits, &x, 8);
  uint64_t mantissa = bits & 0x000fffffffffffffull;
  uint64_t half = (mantissa + 0x00095f6400000000ull) & 0x0010000000000000ull;
  bits = mantissa | (half ^ 0x3ff0000000000000ull);
  memcpy(&x, &bits, 8);
  return x;
#endif
}
/* log(x) for a normal positive finite x, times 2**k0 (k0: -54 for a scaled
 * subnormal). fdlibm's code with the same floating-point operations, except:
 * its k == 0 shortcuts are left out (with dk = 0 the general formula gives
 * the same bits: 0*ln2 terms are +0, and 0 - (a - b) == b - a exactly, zeros
 * included), which saves an unpredictable branch; and the divisor 2 + f is
 * computed as xn + 1 (f = xn - 1 is exact for xn in [sqrt(2)/2, sqrt(2)), so
 * both are the same real number, rounded the same way), which starts the
 * division without waiting for f. The integer work (k, and hx for the
 * branches) is off the floating-point path. */
BB_INLINE double bb_fdlibm_log_normal(double x, int32_t k0) {
  const double Lg1 = 0x1.5555555555593p-1, Lg2 = 0x1.999999997fa04p-2,      /* 3FE55555 55555593, 3FD99999 9997FA04 */
               Lg3 = 0x1.2492494229359p-2, Lg4 = 0x1.c71c51d8e78afp-3,     /* 3FD24924 94229359, 3FCC71C5 1D8E78AF */
               Lg5 = 0x1.7466496cb03dep-3, Lg6 = 0x1.39a09d078c69fp-3,     /* 3FC74664 96CB03DE, 3FC39A09 D078C69F */
               Lg7 = 0x1.2f112df3e5244p-3;                                 /* 3FC2F112 DF3E5244 */
  double xn = bb_fdlibm_log_reduce(x);
  double f = xn - 1.0;
  uint64_t bits;
  memcpy(&bits, &x, 8);
  int32_t hx = (int32_t)(bits >> 32) & 0x000fffff;  /* x's mantissa, top 20 bits */
  int32_t k = k0 + (int32_t)(bits >> 52) - 1023 + (((hx + 0x95f64) & 0x100000) >> 20);
  if (BB_UNLIKELY((0x000fffff & (2 + hx)) < 3)) return bb_fdlibm_log_near_one(f, k);  /* |f| < 2**-20 */
  double s = f / (xn + 1.0);
  double dk = (double)k;
  double z = s * s;
  double w = z * z;
  double t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
  double t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
  double R = t2 + t1;
  /* fdlibm's test i = (hx - 0x6147a) | (0x6b851 - hx) > 0: both differences
   * non-negative (they cannot both be zero), as one unsigned comparison. */
  if ((uint32_t)(hx - 0x6147a) <= 0x6b851 - 0x6147a) {
    double hfsq = 0.5 * f * f;
    return dk * bb_fdlibm_ln2_hi - ((hfsq - (s * (hfsq + R) + dk * bb_fdlibm_ln2_lo)) - f);
  }
  return dk * bb_fdlibm_ln2_hi - ((s * (f - R) - dk * bb_fdlibm_ln2_lo) - f);
}
BB_INLINE double bb_fdlibm_log(double x) {
  uint64_t bits;
  memcpy(&bits, &x, 8);
  int32_t hx = (int32_t)(bits >> 32);
  if (BB_UNLIKELY(hx < 0x00100000 || hx >= 0x7ff00000)) return bb_fdlibm_log_special(x);
  return bb_fdlibm_log_normal(x, 0);
}
BB_INLINE double bb_StrictMath_log(bb_ctx *ctx, double a) { (void)ctx; return bb_fdlibm_log(a); }

/* ---- Double / Float natives ---------------------------------------------- */
bb_string *bb_Double_toString(bb_ctx *ctx, double v);
double     bb_Double_parseDouble(bb_ctx *ctx, bb_string *s);
double     bb_Double_parseDouble_chars(bb_ctx *ctx, bb_array *chars, int32_t offset, int32_t count);
int64_t    bb_Double_doubleToRawLongBits(bb_ctx *ctx, double v);
double     bb_Double_longBitsToDouble(bb_ctx *ctx, int64_t bits);
bb_string *bb_Float_toString(bb_ctx *ctx, float v);
float      bb_Float_parseFloat(bb_ctx *ctx, bb_string *s);
int32_t    bb_Float_floatToRawIntBits(bb_ctx *ctx, float v);
float      bb_Float_intBitsToFloat(bb_ctx *ctx, int32_t bits);

/* ---- Character natives (code points; Java's Unicode data) ----------------- */
int32_t bb_Character_getType(bb_ctx *ctx, int32_t cp);
bool    bb_Character_isUpperCase(bb_ctx *ctx, int32_t cp);
bool    bb_Character_isLowerCase(bb_ctx *ctx, int32_t cp);
int32_t bb_Character_toUpperCase(bb_ctx *ctx, int32_t cp);
int32_t bb_Character_toLowerCase(bb_ctx *ctx, int32_t cp);
int32_t bb_Character_digit(bb_ctx *ctx, int32_t cp, int32_t radix);

/* ---- helpers with Java semantics (not natives: pure functions for the
 * compiler and the runtime) --------------------------------------------------- */
int32_t bb_uc_type(int32_t cp);           /* Character.getType */
int32_t bb_uc_toupper(int32_t cp);        /* Character.toUpperCase(int) */
int32_t bb_uc_tolower(int32_t cp);
bool    bb_uc_isupper(int32_t cp);        /* Character.isUpperCase(int) */
bool    bb_uc_islower(int32_t cp);
bool    bb_uc_isletter(int32_t cp);       /* Character.isLetter */
bool    bb_uc_isdigit(int32_t cp);        /* Character.isDigit */
bool    bb_uc_iswhitespace(int32_t cp);   /* Character.isWhitespace */
bool    bb_uc_isspacechar(int32_t cp);    /* Character.isSpaceChar */
int32_t bb_uc_digit(int32_t cp, int32_t radix);  /* Character.digit */
int64_t bb_Math_round(double a);          /* Math.round: floor(a + 1/2) exactly, saturating */
int32_t bb_Math_roundFloat(float a);
double  bb_Math_max(double a, double b);  /* NaN wins; max(-0.0, 0.0) == 0.0 */
double  bb_Math_min(double a, double b);  /* NaN wins; min(-0.0, 0.0) == -0.0 */
int32_t bb_Double_compare(double a, double b);
int64_t bb_Double_doubleToLongBits(double v);   /* NaN canonicalised */
int32_t bb_Float_floatToIntBits(float v);
/* text conversions used by concatenation and the runtime itself */
bb_string *bb_Integer_toHexString(bb_ctx *ctx, int32_t v);
int32_t    bb_Integer_parseInt(bb_ctx *ctx, bb_string *s);

#endif
