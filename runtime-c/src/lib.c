/* lib.c — Math, the number classes (format/parse), Character, Boolean,
 * Object and BambooRuntime natives. */
#include "internal.h"

/* ---- parsing ------------------------------------------------------------------ */

BB_NORETURN static void bb_nfe(bb_ctx *ctx, bb_string *s, int32_t radix) {
  if (!s) bb_fail_java(ctx, "NumberFormatException", "Cannot parse null string: null");
  char *u = bb_string_to_utf8(s, NULL);
  char m[600];
  if (radix == 10)
    snprintf(m, sizeof m, "For input string: \"%.500s\"", u ? u : "");
  else
    snprintf(m, sizeof m, "For input string: \"%.500s\" under radix %d", u ? u : "", radix);
  free(u);
  bb_fail_java(ctx, "NumberFormatException", m);
}

bool bb_try_parse_long(const bb_char *s, int32_t n, int32_t radix, int64_t lo, int64_t hi, int64_t *out) {
  if (n == 0 || radix < 2 || radix > 36) return false;
  int32_t i = 0;
  bool neg = false;
  if (s[0] == '-' || s[0] == '+') {
    neg = s[0] == '-';
    i = 1;
    if (n == 1) return false;
  }
  /* accumulate negatively, as Java does, so that the minimum value fits */
  int64_t limit = neg ? lo : -hi;
  int64_t acc = 0;
  for (; i < n; i++) {
    int32_t d = bb_uc_digit(s[i], radix);
    if (d < 0) return false;
    __int128 next = (__int128)acc * radix - d;
    if (next < limit) return false;
    acc = (int64_t)next;
  }
  *out = neg ? acc : -acc;
  return true;
}

int32_t bb_parse_int(bb_ctx *ctx, bb_string *s, int32_t radix) {
  int64_t v;
  if (!s || !bb_try_parse_long(s->chars, s->length, radix, INT32_MIN, INT32_MAX, &v)) bb_nfe(ctx, s, radix);
  return (int32_t)v;
}

int64_t bb_parse_long(bb_ctx *ctx, bb_string *s, int32_t radix) {
  int64_t v;
  if (!s || !bb_try_parse_long(s->chars, s->length, radix, INT64_MIN, INT64_MAX, &v)) bb_nfe(ctx, s, radix);
  return v;
}

static bool bb_isdig(bb_char c) { return c >= '0' && c <= '9'; }
static bool bb_ishex(bb_char c) { return bb_isdig(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* Java's FloatingDecimal grammar; conversion by strtod/strtof (correctly
 * rounded, C locale). */
/* Clinger's fast path: a decimal d+[.d*][e[sign]d+][fFdD] (or .d+...) up to
 * the end `e`, with at most 19 significant digits whose value m is at most
 * 2^53 and a decimal exponent q with |q| <= 22, is m * 10^q or m / 10^-q
 * correctly rounded: both operands are exact doubles and IEEE arithmetic
 * rounds the one operation correctly. Anything else returns false and
 * goes to strtod. */
static bool bb_parse_decimal_fast(const bb_char *s, int32_t i, int32_t e, bool neg, double *out) {
  static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                 1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  uint64_t m = 0;
  int sig = 0, nd = 0;  /* significant digits (after leading zeros); all digits */
  int32_t q = 0;
  while (i < e && bb_isdig(s[i])) {
    if (m != 0 || s[i] != '0') { m = m * 10 + (uint64_t)(s[i] - '0'); sig++; }
    i++; nd++;
  }
  if (i < e && s[i] == '.') {
    i++;
    while (i < e && bb_isdig(s[i])) {
      if (m != 0 || s[i] != '0') { m = m * 10 + (uint64_t)(s[i] - '0'); sig++; }
      q--; i++; nd++;
    }
  }
  if (nd == 0 || sig > 19) return false;
  if (i < e && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    bool eneg = false;
    if (i < e && (s[i] == '+' || s[i] == '-')) { eneg = s[i] == '-'; i++; }
    int32_t x = 0, ne = 0;
    while (i < e && bb_isdig(s[i])) { if (x < 10000) x = x * 10 + (s[i] - '0'); i++; ne++; }
    if (ne == 0) return false;
    q += eneg ? -x : x;
  }
  if (i < e && (s[i] == 'f' || s[i] == 'F' || s[i] == 'd' || s[i] == 'D')) i++;
  if (i != e || m > (1ull << 53) || q < -22 || q > 22) return false;
  double v = (double)m;
  v = q < 0 ? v / pow10[-q] : v * pow10[q];
  *out = neg ? -v : v;
  return true;
}

bool bb_try_parse_double(const bb_char *s, int32_t n, bool is_float, double *out) {
  int32_t b = 0, e = n;
  while (b < e && s[b] <= ' ') b++;
  while (e > b && s[e - 1] <= ' ') e--;
  if (b == e || e - b > 4096) return false;
  char buf[4100];
  int32_t k = 0, i = b;
  bool neg = false;
  if (s[i] == '+' || s[i] == '-') { neg = s[i] == '-'; buf[k++] = (char)s[i]; i++; }
  int32_t rest = e - i;
  static const char *nan = "NaN", *inf = "Infinity";
  if (rest == 3 && s[i] == 'N' && s[i + 1] == 'a' && s[i + 2] == 'N') { *out = NAN; return true; }
  if (rest == 8) {
    bool ok = true;
    for (int j = 0; j < 8; j++) if (s[i + j] != (bb_char)inf[j]) { ok = false; break; }
    if (ok) { *out = neg ? -INFINITY : INFINITY; return true; }
  }
  (void)nan;
  if (rest >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
    /* hex: 0x h* [. h*] p [sign] d+ [fFdD] */
    buf[k++] = '0'; buf[k++] = 'x';
    i += 2;
    int nd = 0;
    while (i < e && bb_ishex(s[i])) { buf[k++] = (char)s[i++]; nd++; }
    if (i < e && s[i] == '.') { buf[k++] = '.'; i++; while (i < e && bb_ishex(s[i])) { buf[k++] = (char)s[i++]; nd++; } }
    if (nd == 0 || i >= e || (s[i] != 'p' && s[i] != 'P')) return false;
    buf[k++] = 'p'; i++;
    if (i < e && (s[i] == '+' || s[i] == '-')) buf[k++] = (char)s[i++];
    int ne = 0;
    while (i < e && bb_isdig(s[i])) { buf[k++] = (char)s[i++]; ne++; }
    if (ne == 0) return false;
  } else {
    int32_t start = i;
    if (!is_float) {
      double fast;
      if (bb_parse_decimal_fast(s, i, e, neg, &fast)) { *out = fast; return true; }
    }
    i = start;
    int nd = 0;
    while (i < e && bb_isdig(s[i])) { buf[k++] = (char)s[i++]; nd++; }
    if (i < e && s[i] == '.') { buf[k++] = '.'; i++; while (i < e && bb_isdig(s[i])) { buf[k++] = (char)s[i++]; nd++; } }
    if (nd == 0) return false;
    if (i < e && (s[i] == 'e' || s[i] == 'E')) {
      buf[k++] = 'e'; i++;
      if (i < e && (s[i] == '+' || s[i] == '-')) buf[k++] = (char)s[i++];
      int ne = 0;
      while (i < e && bb_isdig(s[i])) { buf[k++] = (char)s[i++]; ne++; }
      if (ne == 0) return false;
    }
  }
  if (i < e && (s[i] == 'f' || s[i] == 'F' || s[i] == 'd' || s[i] == 'D')) i++;
  if (i != e) return false;
  buf[k] = 0;
  if (is_float) *out = (double)strtof(buf, NULL);
  else *out = strtod(buf, NULL);
  return true;
}

static double bb_parse_fp(bb_ctx *ctx, bb_string *s, bool is_float) {
  double v;
  if (!s) bb_fail_java(ctx, "NullPointerException", NULL);
  if (bb_try_parse_double(s->chars, s->length, is_float, &v)) return v;
  int32_t i = 0;
  while (i < s->length && s->chars[i] <= ' ') i++;
  if (i == s->length) bb_fail_java(ctx, "NumberFormatException", "empty String");
  bb_nfe(ctx, s, 10);
}

double bb_parse_double(bb_ctx *ctx, bb_string *s) { return bb_parse_fp(ctx, s, false); }
float bb_parse_float(bb_ctx *ctx, bb_string *s) { return (float)bb_parse_fp(ctx, s, true); }

/* ---- Math ------------------------------------------------------------------- */

double bb_Math_max(double a, double b) {
  if (a != a) return a;
  if (b != b) return b;
  if (a == 0.0 && b == 0.0) return signbit(a) ? b : a;
  return a >= b ? a : b;
}
double bb_Math_min(double a, double b) {
  if (a != a) return a;
  if (b != b) return b;
  if (a == 0.0 && b == 0.0) return signbit(a) ? a : b;
  return a <= b ? a : b;
}

int64_t bb_Math_round(double a) {
  if (a != a) return 0;
  double f = floor(a);
  if (a - f >= 0.5) f += 1.0;
  return bb_d2l(f);
}
int32_t bb_Math_roundFloat(float a) {
  if (a != a) return 0;
  float f = floorf(a);
  if (a - f >= 0.5f) f += 1.0f;
  return bb_f2i(f);
}

/* Math.pow for a base of +-1 (the inline bb_java_pow tests for it): C's pow
 * gives 1 for pow(1, NaN) and pow(+-1, +-inf), Java NaN. */
double bb_java_pow_unit_base(double a, double b) {
  if (b != b) return b;                       /* pow(x, NaN) = NaN, even for x = 1 */
  if (b == 0.0) return 1.0;
  if (isinf(b)) return NAN;                   /* pow(+-1, +-inf) = NaN */
  return pow(a, b);
}

/* fdlibm 5.3 e_log.c (__ieee754_log), as Java's StrictMath.log: the rare
 * cases, out of line (the common path is bb_fdlibm_log_normal in bb/lib.h).
 * Needs -ffp-contract=off (no fused multiply-add). */
double bb_fdlibm_log_special(double x) {
  uint64_t bits;
  memcpy(&bits, &x, 8);
  int32_t hx = (int32_t)(bits >> 32);
  uint32_t lx = (uint32_t)bits;
  if (hx >= 0x7ff00000) return x + x;                      /* +inf, NaN */
  if (((hx & 0x7fffffff) | lx) == 0) return -INFINITY;     /* log(+-0) = -inf */
  if (hx < 0) return (x - x) / 0.0;                        /* log(-#) = NaN */
  return bb_fdlibm_log_normal(x * bb_fdlibm_two54, -54);  /* subnormal: scale up */
}

/* |f| < 2**-20 (x within 2**-20 of a power of two): fdlibm's short series */
double bb_fdlibm_log_near_one(double f, int32_t k) {
  double R, dk;
  if (f == 0.0) {
    if (k == 0) return 0.0;
    dk = (double)k;
    return dk * bb_fdlibm_ln2_hi + dk * bb_fdlibm_ln2_lo;
  }
  R = f * f * (0.5 - 0.33333333333333333 * f);
  if (k == 0) return f - R;
  dk = (double)k;
  return dk * bb_fdlibm_ln2_hi - ((R - dk * bb_fdlibm_ln2_lo) - f);
}

/* The 2**(j/128) table of bb_exp (bb/lib.h), generated by
 * src/tables/gen_exp_table.py. */
#include "tables/exp_table.h"

/* ---- Double / Float / Integer ---------------------------------------------- */

bb_string *bb_Double_toString(bb_ctx *ctx, double v) { return bb_String_valueOfDouble(ctx, v); }
double bb_Double_parseDouble(bb_ctx *ctx, bb_string *s) { return bb_parse_double(ctx, s); }
/* Double.parseDouble(new String(chars, offset, count)), the String left
 * out (codegen, func.rs `parse_of_new_string`): a program that cuts numbers
 * out of a char[] makes no garbage. A bad range or a string that does not
 * parse makes the String after all, for the constructor's or the parser's
 * own exception. */
double bb_Double_parseDouble_chars(bb_ctx *ctx, bb_array *chars, int32_t offset, int32_t count) {
  double v;
  if (chars && bb_array_range_ok(chars, offset, count) &&
      bb_try_parse_double((const bb_char *)bb_array_data(chars) + offset, count, false, &v))
    return v;
  return bb_parse_double(ctx, bb_String_newFromChars3(ctx, chars, offset, count));
}
int64_t bb_Double_doubleToRawLongBits(bb_ctx *ctx, double v) { (void)ctx; int64_t b; memcpy(&b, &v, 8); return b; }
double bb_Double_longBitsToDouble(bb_ctx *ctx, int64_t bits) { (void)ctx; double v; memcpy(&v, &bits, 8); return v; }
int64_t bb_Double_doubleToLongBits(double v) {
  if (v != v) return 0x7ff8000000000000LL;
  int64_t b;
  memcpy(&b, &v, 8);
  return b;
}
int32_t bb_Double_compare(double a, double b) {
  if (a < b) return -1;
  if (a > b) return 1;
  int64_t x = bb_Double_doubleToLongBits(a), y = bb_Double_doubleToLongBits(b);
  return x == y ? 0 : (x < y ? -1 : 1);
}
bb_string *bb_Float_toString(bb_ctx *ctx, float v) { return bb_String_valueOfFloat(ctx, v); }
float bb_Float_parseFloat(bb_ctx *ctx, bb_string *s) { return bb_parse_float(ctx, s); }
int32_t bb_Float_floatToRawIntBits(bb_ctx *ctx, float v) { (void)ctx; int32_t b; memcpy(&b, &v, 4); return b; }
float bb_Float_intBitsToFloat(bb_ctx *ctx, int32_t bits) { (void)ctx; float v; memcpy(&v, &bits, 4); return v; }
int32_t bb_Float_floatToIntBits(float v) {
  if (v != v) return 0x7fc00000;
  int32_t b;
  memcpy(&b, &v, 4);
  return b;
}

bb_string *bb_Integer_toHexString(bb_ctx *ctx, int32_t v) {
  char b[BB_NUMBUF];
  return bb_string_from_latin1(ctx, b, (size_t)bb_fmt_radix_unsigned(b, (uint32_t)v, 4));
}
int32_t bb_Integer_parseInt(bb_ctx *ctx, bb_string *s) { return bb_parse_int(ctx, s, 10); }

/* ---- Character: Java's Unicode data (src/tables/unicode_table.h, generated from
 * the JDK by tables/gen_unicode.sh) ------------------------------------------- */
#include "tables/unicode_table.h"

int32_t bb_uc_type(int32_t c) {
  if (c < 0 || c > 0x10FFFF) return 0;
  size_t lo = 0, hi = BB_UC_NTYPE;  /* last run with start <= c */
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (bb_uc_type_runs[mid].start <= (uint32_t)c) lo = mid; else hi = mid;
  }
  return bb_uc_type_runs[lo].value;
}

static int32_t bb_uc_map(const struct bb_uc_delta *t, size_t n, int32_t c) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (t[mid].hi < (uint32_t)c) lo = mid + 1;
    else if (t[mid].lo > (uint32_t)c) hi = mid;
    else return c + t[mid].delta;
  }
  return c;
}

static bool bb_uc_in(const struct bb_uc_range *t, size_t n, int32_t c) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (t[mid].hi < (uint32_t)c) lo = mid + 1;
    else if (t[mid].lo > (uint32_t)c) hi = mid;
    else return true;
  }
  return false;
}

int32_t bb_uc_toupper(int32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 32 : c;
  return bb_uc_map(bb_uc_upper, BB_UC_UPPER_N, c);
}
int32_t bb_uc_tolower(int32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  return bb_uc_map(bb_uc_lower, BB_UC_LOWER_N, c);
}
bool bb_uc_isupper(int32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  return bb_uc_in(bb_uc_isupper_ranges, BB_UC_ISUPPER_RANGES_N, c);
}
bool bb_uc_islower(int32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z';
  return bb_uc_in(bb_uc_islower_ranges, BB_UC_ISLOWER_RANGES_N, c);
}
bool bb_uc_isdigit(int32_t c) {
  if (c < 0x80) return c >= '0' && c <= '9';
  return bb_uc_type(c) == 9;
}
bool bb_uc_isletter(int32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  int t = bb_uc_type(c);
  return t >= 1 && t <= 5;
}
bool bb_uc_isspacechar(int32_t c) {
  int t = bb_uc_type(c);
  return t == 12 || t == 13 || t == 14;
}
bool bb_uc_iswhitespace(int32_t c) {
  if ((c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F)) return true;
  return bb_uc_isspacechar(c) && c != 0xA0 && c != 0x2007 && c != 0x202F;
}

int32_t bb_uc_digit(int32_t c, int32_t radix) {
  if (radix < 2 || radix > 36 || c < 0) return -1;
  int32_t d = -1;
  if (c < 0x80) {
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'z') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'Z') d = c - 'A' + 10;
  } else {
    size_t lo = 0, hi = BB_UC_NDIGITS;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (bb_uc_digits[mid].hi < (uint32_t)c) lo = mid + 1;
      else if (bb_uc_digits[mid].lo > (uint32_t)c) hi = mid;
      else { d = bb_uc_digits[mid].value + (c - (int32_t)bb_uc_digits[mid].lo); break; }
    }
  }
  return d < radix ? d : -1;
}

/* the expansion of c under String.toUpperCase/toLowerCase, if special */
const uint16_t *bb_uc_special(int32_t c, bool upper, int *len) {
  const struct bb_uc_special *t = upper ? bb_uc_special_upper : bb_uc_special_lower;
  size_t n = upper ? BB_UC_SPECIAL_UPPER_N : BB_UC_SPECIAL_LOWER_N;
  for (size_t i = 0; i < n; i++) {  /* ~100 entries, none below U+00DF */
    if (t[i].cp == (uint32_t)c) { *len = (int)t[i].len; return t[i].units; }
    if (t[i].cp > (uint32_t)c) break;
  }
  return NULL;
}

int32_t bb_Character_getType(bb_ctx *ctx, int32_t cp) { (void)ctx; return bb_uc_type(cp); }
bool bb_Character_isUpperCase(bb_ctx *ctx, int32_t cp) { (void)ctx; return bb_uc_isupper(cp); }
bool bb_Character_isLowerCase(bb_ctx *ctx, int32_t cp) { (void)ctx; return bb_uc_islower(cp); }
int32_t bb_Character_toUpperCase(bb_ctx *ctx, int32_t cp) { (void)ctx; return bb_uc_toupper(cp); }
int32_t bb_Character_toLowerCase(bb_ctx *ctx, int32_t cp) { (void)ctx; return bb_uc_tolower(cp); }
int32_t bb_Character_digit(bb_ctx *ctx, int32_t cp, int32_t radix) { (void)ctx; return bb_uc_digit(cp, radix); }

/* ---- Object / BambooRuntime ------------------------------------------------------ */

int32_t bb_Object_hashCode(bb_ctx *ctx, bb_object *self) { return bb_identity_hash(ctx, self); }
int32_t bb_System_identityHashCode(bb_ctx *ctx, bb_object *o) { return o ? bb_identity_hash(ctx, o) : 0; }

/* Java's Class.getName(): the class name, or for arrays "[" + descriptor */
static size_t bb_java_class_name(bb_ctx *ctx, uint32_t cls, char *buf, size_t cap) {
  const bb_class *c = ctx->classes[cls];
  if (c->kind != BB_KIND_ARRAY) {
    size_t n = strlen(c->name);
    if (n >= cap) n = cap - 1;
    memcpy(buf, c->name, n);
    buf[n] = 0;
    return n;
  }
  size_t k = 0;
  while (c->kind == BB_KIND_ARRAY && k + 1 < cap) {
    buf[k++] = '[';
    if (c->elem_kind != BB_ELEM_REF) {
      static const char codes[] = "ZBCSIJFD";
      if (k + 1 < cap) buf[k++] = codes[c->elem_kind];
      buf[k] = 0;
      return k;
    }
    c = ctx->classes[c->elem_class];
  }
  size_t n = strlen(c->name);
  if (k + n + 3 > cap) n = cap > k + 3 ? cap - k - 3 : 0;
  buf[k++] = 'L';
  memcpy(buf + k, c->name, n);
  k += n;
  buf[k++] = ';';
  buf[k] = 0;
  return k;
}

bb_string *bb_BambooRuntime_className(bb_ctx *ctx, bb_object *o) {
  if (!o) bb_fail_java(ctx, "NullPointerException", NULL);
  char buf[512];
  size_t n = bb_java_class_name(ctx, o->cls, buf, sizeof buf);
  return bb_string_from_latin1(ctx, buf, n);
}

void bb_BambooRuntime_error(bb_ctx *ctx, bb_string *kind, bb_string *message) {
  char *k = kind ? bb_string_to_utf8(kind, NULL) : NULL;
  char *m = message ? bb_string_to_utf8(message, NULL) : NULL;
  bb_fail_java(ctx, k ? k : "Error", m);
}

/* The error of Java's Arrays.rangeCheck for a bad range [from, to) (the
 * slow path of bb_Arrays_equalsRange, which found it outside the array). */
void bb_Arrays_range_fail(bb_ctx *ctx, int32_t from, int32_t to) {
  char m[96];
  if (from > to) {
    snprintf(m, sizeof m, "fromIndex(%d) > toIndex(%d)", (int)from, (int)to);
    bb_fail_java(ctx, "IllegalArgumentException", m);
  }
  snprintf(m, sizeof m, "Array index out of range: %d", (int)(from < 0 ? from : to));
  bb_fail_java(ctx, "ArrayIndexOutOfBoundsException", m);
}
