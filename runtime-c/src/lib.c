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
    int32_t d = bb_Character_digit(s[i], radix);
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

double bb_parse_double(bb_ctx *ctx, bb_string *s) {
  double v;
  if (!s) bb_fail_null(ctx, ctx->loc);
  if (!bb_try_parse_double(s->chars, s->length, false, &v)) bb_nfe(ctx, s, 10);
  return v;
}

float bb_parse_float(bb_ctx *ctx, bb_string *s) {
  double v;
  if (!s) bb_fail_null(ctx, ctx->loc);
  if (!bb_try_parse_double(s->chars, s->length, true, &v)) bb_nfe(ctx, s, 10);
  return (float)v;
}

/* ---- Math ------------------------------------------------------------------- */

int32_t bb_Math_absInt(int32_t a) { return a < 0 ? (int32_t)(0u - (uint32_t)a) : a; }
int64_t bb_Math_absLong(int64_t a) { return a < 0 ? (int64_t)(0u - (uint64_t)a) : a; }
double bb_Math_abs(double a) { return fabs(a); }
float bb_Math_absFloat(float a) { return fabsf(a); }

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
float bb_Math_maxFloat(float a, float b) { return (float)bb_Math_max(a, b); }
float bb_Math_minFloat(float a, float b) { return (float)bb_Math_min(a, b); }

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
double bb_Math_rint(double a) { return nearbyint(a); }
double bb_Math_signum(double a) { return (a > 0) ? 1.0 : (a < 0) ? -1.0 : a; }
double bb_Math_toRadians(double a) { return a * 0.017453292519943295; }
double bb_Math_toDegrees(double a) { return a * 57.29577951308232; }

double bb_Math_pow(double a, double b) {
  if (b != b) return b;                       /* pow(x, NaN) = NaN, even for x = 1 */
  if (b == 0.0) return 1.0;
  if (a != a) return a;
  if (isinf(b) && fabs(a) == 1.0) return NAN; /* pow(+-1, +-inf) = NaN */
  return pow(a, b);
}

/* ---- Integer / Long / Double / Float ---------------------------------------- */

bb_string *bb_Integer_toString(bb_ctx *ctx, int32_t v) { return bb_String_valueOfInt(ctx, v); }

bb_string *bb_Integer_toStringRadix(bb_ctx *ctx, int32_t v, int32_t radix) {
  if (radix < 2 || radix > 36) radix = 10;
  char b[40];
  int n = 0, p = 0;
  char tmp[40];
  int64_t x = v;
  bool neg = x < 0;
  if (neg) x = -x;
  do { tmp[n++] = "0123456789abcdefghijklmnopqrstuvwxyz"[x % radix]; x /= radix; } while (x);
  if (neg) b[p++] = '-';
  while (n) b[p++] = tmp[--n];
  return bb_string_from_latin1(ctx, b, (size_t)p);
}

static bb_string *bb_radix_str(bb_ctx *ctx, uint64_t v, int shift) {
  char b[BB_NUMBUF];
  return bb_string_from_latin1(ctx, b, (size_t)bb_fmt_radix_unsigned(b, v, shift));
}
bb_string *bb_Integer_toHexString(bb_ctx *ctx, int32_t v) { return bb_radix_str(ctx, (uint32_t)v, 4); }
bb_string *bb_Integer_toOctalString(bb_ctx *ctx, int32_t v) { return bb_radix_str(ctx, (uint32_t)v, 3); }
bb_string *bb_Integer_toBinaryString(bb_ctx *ctx, int32_t v) { return bb_radix_str(ctx, (uint32_t)v, 1); }
int32_t bb_Integer_parseInt(bb_ctx *ctx, bb_string *s) { return bb_parse_int(ctx, s, 10); }
int32_t bb_Integer_parseIntRadix(bb_ctx *ctx, bb_string *s, int32_t radix) { return bb_parse_int(ctx, s, radix); }
bb_string *bb_Long_toString(bb_ctx *ctx, int64_t v) { return bb_String_valueOfLong(ctx, v); }
bb_string *bb_Long_toHexString(bb_ctx *ctx, int64_t v) { return bb_radix_str(ctx, (uint64_t)v, 4); }
bb_string *bb_Long_toBinaryString(bb_ctx *ctx, int64_t v) { return bb_radix_str(ctx, (uint64_t)v, 1); }
int64_t bb_Long_parseLong(bb_ctx *ctx, bb_string *s) { return bb_parse_long(ctx, s, 10); }
bb_string *bb_Double_toString(bb_ctx *ctx, double v) { return bb_String_valueOfDouble(ctx, v); }
double bb_Double_parseDouble(bb_ctx *ctx, bb_string *s) { return bb_parse_double(ctx, s); }
int64_t bb_Double_doubleToRawLongBits(double v) { int64_t b; memcpy(&b, &v, 8); return b; }
int64_t bb_Double_doubleToLongBits(double v) { return v != v ? 0x7ff8000000000000LL : bb_Double_doubleToRawLongBits(v); }
double bb_Double_longBitsToDouble(int64_t bits) { double v; memcpy(&v, &bits, 8); return v; }
bool bb_Double_isNaN(double v) { return v != v; }
bool bb_Double_isInfinite(double v) { return isinf(v); }
int32_t bb_Double_compare(double a, double b) {
  if (a < b) return -1;
  if (a > b) return 1;
  int64_t x = bb_Double_doubleToLongBits(a), y = bb_Double_doubleToLongBits(b);
  return x == y ? 0 : (x < y ? -1 : 1);
}
bb_string *bb_Float_toString(bb_ctx *ctx, float v) { return bb_String_valueOfFloat(ctx, v); }
float bb_Float_parseFloat(bb_ctx *ctx, bb_string *s) { return bb_parse_float(ctx, s); }
int32_t bb_Float_floatToRawIntBits(float v) { int32_t b; memcpy(&b, &v, 4); return b; }
int32_t bb_Float_floatToIntBits(float v) { return v != v ? 0x7fc00000 : bb_Float_floatToRawIntBits(v); }
float bb_Float_intBitsToFloat(int32_t bits) { float v; memcpy(&v, &bits, 4); return v; }
int32_t bb_Float_compare(float a, float b) {
  if (a < b) return -1;
  if (a > b) return 1;
  int32_t x = bb_Float_floatToIntBits(a), y = bb_Float_floatToIntBits(b);
  return x == y ? 0 : (x < y ? -1 : 1);
}

/* ---- Character: Java's Unicode data (src/unicode_table.h, generated from
 * the JDK by scripts/gen_unicode.sh) ------------------------------------------- */
#include "unicode_table.h"

int32_t bb_Character_getType(int32_t c) {
  if (c < 0 || c > 0x10FFFF) return 0;
  size_t lo = 0, hi = BB_UC_NTYPE;  /* last run with start <= c */
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (bb_uc_type[mid].start <= (uint32_t)c) lo = mid; else hi = mid;
  }
  return bb_uc_type[lo].value;
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

int32_t bb_Character_toUpperCase(int32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 32 : c;
  return bb_uc_map(bb_uc_upper, BB_UC_UPPER_N, c);
}
int32_t bb_Character_toLowerCase(int32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  return bb_uc_map(bb_uc_lower, BB_UC_LOWER_N, c);
}
bool bb_Character_isUpperCase(int32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  return bb_uc_in(bb_uc_isupper, BB_UC_ISUPPER_N, c);
}
bool bb_Character_isLowerCase(int32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z';
  return bb_uc_in(bb_uc_islower, BB_UC_ISLOWER_N, c);
}

/* the expansion of c under String.toUpperCase/toLowerCase, if special */
const uint16_t *bb_uc_special(int32_t c, bool upper, int *len) {
  const struct bb_uc_special *t = upper ? bb_uc_special_upper : bb_uc_special_lower;
  size_t n = upper ? BB_UC_SPECIAL_UPPER_N : BB_UC_SPECIAL_LOWER_N;
  for (size_t i = 0; i < n; i++) {  /* ~100 entries, all above U+00DE */
    if (t[i].cp == (uint32_t)c) { *len = (int)t[i].len; return t[i].units; }
    if (t[i].cp > (uint32_t)c) break;
  }
  return NULL;
}

bool bb_Character_isDigit(int32_t c) {
  if (c < 0x80) return c >= '0' && c <= '9';
  return bb_Character_getType(c) == 9;
}
bool bb_Character_isLetter(int32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  int t = bb_Character_getType(c);
  return t >= 1 && t <= 5;
}
bool bb_Character_isAlphabetic(int32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  int t = bb_Character_getType(c);
  return (t >= 1 && t <= 5) || t == 10 || bb_Character_isUpperCase(c) || bb_Character_isLowerCase(c);
}
bool bb_Character_isLetterOrDigit(int32_t c) { return bb_Character_isLetter(c) || bb_Character_isDigit(c); }
bool bb_Character_isSpaceChar(int32_t c) {
  int t = bb_Character_getType(c);
  return t == 12 || t == 13 || t == 14;
}
bool bb_Character_isWhitespace(int32_t c) {
  if ((c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F)) return true;
  return bb_Character_isSpaceChar(c) && c != 0xA0 && c != 0x2007 && c != 0x202F;
}

int32_t bb_Character_digit(int32_t c, int32_t radix) {
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

int32_t bb_Character_forDigit(int32_t digit, int32_t radix) {
  if (radix < 2 || radix > 36 || digit < 0 || digit >= radix) return 0;
  return digit < 10 ? '0' + digit : 'a' + digit - 10;
}

bool bb_Boolean_parseBoolean(bb_ctx *ctx, bb_string *s) {
  (void)ctx;
  static const char *t = "true";
  if (!s || s->length != 4) return false;
  for (int i = 0; i < 4; i++)
    if (bb_Character_toLowerCase(s->chars[i]) != t[i]) return false;
  return true;
}

/* ---- Object / BambooRuntime ----------------------------------------------------- */

int32_t bb_Object_hashCode(bb_ctx *ctx, bb_object *self) { (void)ctx; return bb_identity_hash(self); }
int32_t bb_System_identityHashCode(bb_ctx *ctx, bb_object *o) { (void)ctx; return o ? bb_identity_hash(o) : 0; }

bb_string *bb_BambooRuntime_className(bb_ctx *ctx, bb_object *o) {
  if (!o) bb_fail_null(ctx, ctx->loc);
  return bb_string_from_cstr(ctx, ctx->classes[o->cls]->name);
}

void bb_BambooRuntime_error(bb_ctx *ctx, bb_string *kind, bb_string *message) {
  char *k = kind ? bb_string_to_utf8(kind, NULL) : NULL;
  char *m = message ? bb_string_to_utf8(message, NULL) : NULL;
  bb_fail_java(ctx, k ? k : "Error", m);
}
