/* string.c — java.lang.String natives, concatenation, UTF-8 <-> UTF-16. */
#include "internal.h"

/* ---- construction ---------------------------------------------------------- */

bb_string *bb_string_alloc(bb_ctx *ctx, int32_t length) {
  if (length < 0) bb_fail_oom(ctx);
  bb_string *s = (bb_string *)bb_alloc(ctx, sizeof(bb_string) + (size_t)length * sizeof(bb_char));
  s->hdr.cls = BB_CLASS_STRING;
  s->length = length;
  return s;
}

bb_string *bb_string_from_utf16(bb_ctx *ctx, const bb_char *chars, int32_t length) {
  bb_string *s = bb_string_alloc(ctx, length);
  if (length) memcpy(s->chars, chars, (size_t)length * sizeof(bb_char));
  return s;
}

bb_string *bb_string_from_latin1(bb_ctx *ctx, const char *bytes, size_t length) {
  bb_string *s = bb_string_alloc(ctx, (int32_t)length);
  for (size_t i = 0; i < length; i++) s->chars[i] = (uint8_t)bytes[i];
  return s;
}

bb_string *bb_string_from_cstr(bb_ctx *ctx, const char *ascii) {
  return bb_string_from_latin1(ctx, ascii, strlen(ascii));
}

/* Decode UTF-8 into `out` (room for n units); returns the number of units or
 * -1 on malformed input when strict. Malformed sequences become one U+FFFD per
 * maximal subpart, as Java's decoder does. */
static int64_t bb_utf8_decode(const uint8_t *p, size_t n, bb_char *out, bool strict) {
  size_t i = 0;
  int64_t k = 0;
  while (i < n) {
    /* ASCII, eight bytes at a time */
    while (i + 8 <= n) {
      uint64_t w;
      memcpy(&w, p + i, 8);
      if (w & 0x8080808080808080ull) break;
      if (out) for (int t = 0; t < 8; t++) out[k + t] = p[i + t];
      i += 8;
      k += 8;
    }
    if (i >= n) break;
    uint32_t b = p[i];
    if (b < 0x80) { if (out) out[k] = (bb_char)b; k++; i++; continue; }
    uint32_t need, cp, lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) { need = 1; cp = b & 0x1F; }
    else if (b >= 0xE0 && b <= 0xEF) {
      need = 2; cp = b & 0x0F;
      if (b == 0xE0) lo = 0xA0;
      if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      need = 3; cp = b & 0x07;
      if (b == 0xF0) lo = 0x90;
      if (b == 0xF4) hi = 0x8F;
    } else {
      if (strict) return -1;
      if (out) out[k] = 0xFFFD;
      k++; i++;
      continue;
    }
    size_t j = 1;
    bool bad = false;
    for (; j <= need; j++) {
      if (i + j >= n) { bad = true; break; }
      uint32_t c = p[i + j];
      if (c < lo || c > hi) { bad = true; break; }
      lo = 0x80; hi = 0xBF;
      cp = (cp << 6) | (c & 0x3F);
    }
    if (bad) {
      if (strict) return -1;
      if (out) out[k] = 0xFFFD;
      k++;
      i += j;
      continue;
    }
    i += need + 1;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      if (out) { out[k] = (bb_char)(0xD800 | (cp >> 10)); out[k + 1] = (bb_char)(0xDC00 | (cp & 0x3FF)); }
      k += 2;
    } else {
      if (out) out[k] = (bb_char)cp;
      k++;
    }
  }
  return k;
}

bb_string *bb_string_from_utf8(bb_ctx *ctx, const char *bytes, size_t length, bool strict) {
  int64_t n = bb_utf8_decode((const uint8_t *)bytes, length, NULL, strict);
  if (n < 0) return NULL;
  if (n > INT32_MAX) bb_fail_oom(ctx);
  bb_string *s = bb_string_alloc(ctx, (int32_t)n);
  bb_utf8_decode((const uint8_t *)bytes, length, s->chars, strict);
  return s;
}

char *bb_string_to_utf8(const bb_string *s, size_t *len) {
  size_t cap = (size_t)s->length * 3 + 1, k = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  for (int32_t i = 0; i < s->length; i++) {
    uint32_t c = s->chars[i];
    if (c < 0x80) out[k++] = (char)c;
    else if (c < 0x800) { out[k++] = (char)(0xC0 | (c >> 6)); out[k++] = (char)(0x80 | (c & 0x3F)); }
    else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s->length && s->chars[i + 1] >= 0xDC00 && s->chars[i + 1] <= 0xDFFF) {
      uint32_t cp = 0x10000 + ((c - 0xD800) << 10) + (s->chars[i + 1] - 0xDC00u);
      i++;
      out[k++] = (char)(0xF0 | (cp >> 18)); out[k++] = (char)(0x80 | ((cp >> 12) & 0x3F));
      out[k++] = (char)(0x80 | ((cp >> 6) & 0x3F)); out[k++] = (char)(0x80 | (cp & 0x3F));
    } else if (c >= 0xD800 && c <= 0xDFFF) out[k++] = '?';
    else { out[k++] = (char)(0xE0 | (c >> 12)); out[k++] = (char)(0x80 | ((c >> 6) & 0x3F)); out[k++] = (char)(0x80 | (c & 0x3F)); }
  }
  out[k] = 0;
  if (len) *len = k;
  return out;
}

static bb_string *bb_null_string(bb_ctx *ctx) { return bb_string_from_cstr(ctx, "null"); }

bb_string *bb_string_or_null(bb_ctx *ctx, bb_string *s) { return s ? s : bb_null_string(ctx); }

/* ---- concatenation --------------------------------------------------------- */

bb_string *bb_concat(bb_ctx *ctx, bb_string *a, bb_string *b) {
  bb_string *parts[2] = {a, b};
  return bb_concatn(ctx, 2, parts);
}

bb_string *bb_concatn(bb_ctx *ctx, int n, bb_string *const *parts) {
  static const bb_char null_chars[4] = {'n', 'u', 'l', 'l'};
  int64_t len = 0;
  for (int i = 0; i < n; i++) len += parts[i] ? parts[i]->length : 4;
  if (len > INT32_MAX) bb_fail_oom(ctx);
  bb_string *s = bb_string_alloc(ctx, (int32_t)len);
  int32_t k = 0;
  for (int i = 0; i < n; i++) {
    const bb_char *c = parts[i] ? parts[i]->chars : null_chars;
    int32_t l = parts[i] ? parts[i]->length : 4;
    memcpy(s->chars + k, c, (size_t)l * sizeof(bb_char));
    k += l;
  }
  return s;
}

/* ---- natives ----------------------------------------------------------------- */

/* a null argument where Java throws NullPointerException */
static void bb_need(bb_ctx *ctx, const void *p) {
  if (BB_UNLIKELY(p == NULL)) bb_fail_java(ctx, "NullPointerException", NULL);
}

bool bb_String_isEmpty(bb_ctx *ctx, bb_string *self) { (void)ctx; return self->length == 0; }

int32_t bb_String_hashCode(bb_ctx *ctx, bb_string *self) {
  (void)ctx;
  if (self->hash == 0 && self->length) {
    uint32_t h = 0;
    for (int32_t i = 0; i < self->length; i++) h = 31 * h + self->chars[i];
    self->hash = (int32_t)h;
  }
  return self->hash;
}

bool bb_String_equals(bb_ctx *ctx, bb_string *self, bb_object *other) {
  (void)ctx;
  if ((bb_object *)self == other) return true;
  if (!other || other->cls != BB_CLASS_STRING) return false;
  bb_string *o = (bb_string *)other;
  return o->length == self->length && memcmp(o->chars, self->chars, (size_t)self->length * sizeof(bb_char)) == 0;
}

static bool bb_char_eq_ic(bb_char a, bb_char b) {
  if (a == b) return true;
  bb_char ua = (bb_char)bb_uc_toupper(a), ub = (bb_char)bb_uc_toupper(b);
  if (ua == ub) return true;
  return bb_uc_tolower(ua) == bb_uc_tolower(ub);
}

bool bb_String_equalsIgnoreCase(bb_ctx *ctx, bb_string *self, bb_string *other) {
  (void)ctx;
  if (!other || other->length != self->length) return false;
  for (int32_t i = 0; i < self->length; i++)
    if (!bb_char_eq_ic(self->chars[i], other->chars[i])) return false;
  return true;
}

int32_t bb_String_compareTo(bb_ctx *ctx, bb_string *self, bb_string *other) {
  bb_need(ctx, other);
  int32_t n = self->length < other->length ? self->length : other->length;
  for (int32_t i = 0; i < n; i++)
    if (self->chars[i] != other->chars[i]) return (int32_t)self->chars[i] - (int32_t)other->chars[i];
  return self->length - other->length;
}

int32_t bb_String_compareToIgnoreCase(bb_ctx *ctx, bb_string *self, bb_string *other) {
  bb_need(ctx, other);
  int32_t n = self->length < other->length ? self->length : other->length;
  for (int32_t i = 0; i < n; i++) {
    bb_char a = self->chars[i], b = other->chars[i];
    if (a != b) {
      a = (bb_char)bb_uc_tolower(bb_uc_toupper(a));
      b = (bb_char)bb_uc_tolower(bb_uc_toupper(b));
      if (a != b) return (int32_t)a - (int32_t)b;
    }
  }
  return self->length - other->length;
}

bb_string *bb_String_substring2(bb_ctx *ctx, bb_string *self, int32_t begin, int32_t end) {
  if (begin < 0 || end > self->length || begin > end) {
    char m[128];
    snprintf(m, sizeof m, "begin %d, end %d, length %d", begin, end, self->length);
    bb_fail_java(ctx, "StringIndexOutOfBoundsException", m);
  }
  if (begin == 0 && end == self->length) return self;
  return bb_string_from_utf16(ctx, self->chars + begin, end - begin);
}

bb_string *bb_String_substring(bb_ctx *ctx, bb_string *self, int32_t begin) {
  return bb_String_substring2(ctx, self, begin, self->length);
}

static int32_t bb_index_of(const bb_char *s, int32_t n, const bb_char *t, int32_t m, int32_t from) {
  if (from < 0) from = 0;
  if (from > n) from = n;
  if (m == 0) return from;
  bb_char first = t[0];
  for (int32_t i = from; i <= n - m; i++) {
    if (s[i] != first) continue;
    if (memcmp(s + i + 1, t + 1, (size_t)(m - 1) * sizeof(bb_char)) == 0) return i;
  }
  return -1;
}

int32_t bb_String_indexOf2(bb_ctx *ctx, bb_string *self, bb_string *str, int32_t from) {
  bb_need(ctx, str);
  return bb_index_of(self->chars, self->length, str->chars, str->length, from);
}
int32_t bb_String_indexOf(bb_ctx *ctx, bb_string *self, bb_string *str) { return bb_String_indexOf2(ctx, self, str, 0); }

static int32_t bb_code_point_units(int32_t ch, bb_char *u) {
  if (ch >= 0x10000 && ch <= 0x10FFFF) {
    u[0] = (bb_char)(0xD800 | ((ch - 0x10000) >> 10));
    u[1] = (bb_char)(0xDC00 | ((ch - 0x10000) & 0x3FF));
    return 2;
  }
  if (ch < 0 || ch > 0xFFFF) return 0;
  u[0] = (bb_char)ch;
  return 1;
}

int32_t bb_String_indexOfChar2(bb_ctx *ctx, bb_string *self, int32_t ch, int32_t from) {
  (void)ctx;
  bb_char u[2];
  int32_t m = bb_code_point_units(ch, u);
  if (m == 0) return -1;
  if (from >= self->length) return -1;
  return bb_index_of(self->chars, self->length, u, m, from);
}
int32_t bb_String_indexOfChar(bb_ctx *ctx, bb_string *self, int32_t ch) { return bb_String_indexOfChar2(ctx, self, ch, 0); }

static int32_t bb_last_index_of(const bb_char *s, int32_t n, const bb_char *t, int32_t m, int32_t from) {
  int32_t right = n - m;
  if (from > right) from = right;
  if (from < 0) return -1;
  for (int32_t i = from; i >= 0; i--)
    if (memcmp(s + i, t, (size_t)m * sizeof(bb_char)) == 0) return i;
  return -1;
}

int32_t bb_String_lastIndexOf2(bb_ctx *ctx, bb_string *self, bb_string *str, int32_t from) {
  bb_need(ctx, str);
  return bb_last_index_of(self->chars, self->length, str->chars, str->length, from);
}
int32_t bb_String_lastIndexOf(bb_ctx *ctx, bb_string *self, bb_string *str) {
  return bb_String_lastIndexOf2(ctx, self, str, self->length);
}
int32_t bb_String_lastIndexOfChar2(bb_ctx *ctx, bb_string *self, int32_t ch, int32_t from) {
  (void)ctx;
  bb_char u[2];
  int32_t m = bb_code_point_units(ch, u);
  if (m == 0) return -1;
  return bb_last_index_of(self->chars, self->length, u, m, from);
}
int32_t bb_String_lastIndexOfChar(bb_ctx *ctx, bb_string *self, int32_t ch) {
  return bb_String_lastIndexOfChar2(ctx, self, ch, self->length - 1);
}

bool bb_String_contains(bb_ctx *ctx, bb_string *self, bb_string *str) { return bb_String_indexOf(ctx, self, str) >= 0; }

bool bb_String_startsWith2(bb_ctx *ctx, bb_string *self, bb_string *prefix, int32_t offset) {
  bb_need(ctx, prefix);
  if (offset < 0 || offset > self->length - prefix->length) return false;
  return memcmp(self->chars + offset, prefix->chars, (size_t)prefix->length * sizeof(bb_char)) == 0;
}
bool bb_String_startsWith(bb_ctx *ctx, bb_string *self, bb_string *prefix) { return bb_String_startsWith2(ctx, self, prefix, 0); }
bool bb_String_endsWith(bb_ctx *ctx, bb_string *self, bb_string *suffix) {
  bb_need(ctx, suffix);
  return bb_String_startsWith2(ctx, self, suffix, self->length - suffix->length);
}

bb_string *bb_String_trim(bb_ctx *ctx, bb_string *self) {
  int32_t b = 0, e = self->length;
  while (b < e && self->chars[b] <= ' ') b++;
  while (e > b && self->chars[e - 1] <= ' ') e--;
  return bb_String_substring2(ctx, self, b, e);
}

/* code point at i (a lone surrogate is itself); *w receives 1 or 2 */
static int32_t bb_cp_at(const bb_char *s, int32_t n, int32_t i, int *w) {
  bb_char c = s[i];
  if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
    *w = 2;
    return 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
  }
  *w = 1;
  return c;
}

/* Is there a letter before i / after j (for the final-sigma rule)? */
static bool bb_letter_before(const bb_char *s, int32_t i) { return i > 0 && bb_uc_isletter(s[i - 1]); }
static bool bb_letter_after(const bb_char *s, int32_t n, int32_t j) { return j < n && bb_uc_isletter(s[j]); }

/* String.toUpperCase / toLowerCase (Locale.ROOT): per code point, with
 * Java's special casings (sharp s -> "SS", ...) and the final-sigma rule. */
static bb_string *bb_case_map(bb_ctx *ctx, bb_string *self, bool upper) {
  const bb_char *s = self->chars;
  int32_t n = self->length, i = 0;
  /* fast scan: unchanged prefix */
  while (i < n) {
    int w;
    int32_t c = bb_cp_at(s, n, i, &w);
    int sl;
    if ((upper ? bb_uc_toupper(c) : bb_uc_tolower(c)) != c || bb_uc_special(c, upper, &sl) ||
        (!upper && c == 0x3A3))
      break;
    i += w;
  }
  if (i == n) return self;
  bb_char *buf = bb_xmalloc(ctx, ((size_t)n * 3 + 1) * sizeof(bb_char));
  memcpy(buf, s, (size_t)i * sizeof(bb_char));
  int32_t k = i;
  while (i < n) {
    int w, sl;
    int32_t c = bb_cp_at(s, n, i, &w);
    const uint16_t *sp = bb_uc_special(c, upper, &sl);
    if (sp) {
      for (int j = 0; j < sl; j++) buf[k++] = sp[j];
    } else {
      int32_t m = upper ? bb_uc_toupper(c) : bb_uc_tolower(c);
      if (!upper && c == 0x3A3 && bb_letter_before(s, i) && !bb_letter_after(s, n, i + w)) m = 0x3C2;
      if (m >= 0x10000) {
        buf[k++] = (bb_char)(0xD800 | ((m - 0x10000) >> 10));
        buf[k++] = (bb_char)(0xDC00 | ((m - 0x10000) & 0x3FF));
      } else {
        buf[k++] = (bb_char)m;
      }
    }
    i += w;
  }
  bb_string *r = bb_string_from_utf16(ctx, buf, k);
  free(buf);
  return r;
}

bb_string *bb_String_toLowerCase(bb_ctx *ctx, bb_string *self) { return bb_case_map(ctx, self, false); }
bb_string *bb_String_toUpperCase(bb_ctx *ctx, bb_string *self) { return bb_case_map(ctx, self, true); }

bb_string *bb_String_concat(bb_ctx *ctx, bb_string *self, bb_string *str) {
  bb_need(ctx, str);
  if (str->length == 0) return self;
  return bb_concat(ctx, self, str);
}

bb_string *bb_String_replace(bb_ctx *ctx, bb_string *self, bb_char from, bb_char to) {
  int32_t i = 0;
  while (i < self->length && self->chars[i] != from) i++;
  if (i == self->length) return self;
  bb_string *s = bb_string_from_utf16(ctx, self->chars, self->length);
  for (; i < s->length; i++) if (s->chars[i] == from) s->chars[i] = to;
  return s;
}

/* ---- split ------------------------------------------------------------------- */

enum { SEP_LITERAL, SEP_WS, SEP_WS_PLUS, SEP_CHAR_PLUS };

static bool bb_is_ws(bb_char c) { return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r'; }

/* length of the separator match at i, or 0 */
static int32_t bb_sep_match(int kind, const bb_char *sep, int32_t m, const bb_char *s, int32_t n, int32_t i) {
  switch (kind) {
  case SEP_LITERAL:
    return (i + m <= n && memcmp(s + i, sep, (size_t)m * sizeof(bb_char)) == 0) ? m : 0;
  case SEP_WS:
    return bb_is_ws(s[i]) ? 1 : 0;
  case SEP_WS_PLUS: {
    int32_t j = i;
    while (j < n && bb_is_ws(s[j])) j++;
    return j - i;
  }
  default: { /* SEP_CHAR_PLUS */
    int32_t j = i;
    while (j < n && s[j] == sep[0]) j++;
    return j - i;
  }
  }
}

bb_array *bb_String_split(bb_ctx *ctx, bb_string *self, bb_string *sepstr) {
  bb_need(ctx, sepstr);
  const bb_char *s = self->chars;
  int32_t n = self->length;
  const bb_char *sep = sepstr->chars;
  int32_t m = sepstr->length;
  int kind = SEP_LITERAL;
  bb_char one[1];
  if (m == 2 && sep[0] == '\\' && sep[1] == 's') kind = SEP_WS;
  else if (m == 3 && sep[0] == '\\' && sep[1] == 's' && sep[2] == '+') kind = SEP_WS_PLUS;
  else if (m == 2 && sep[1] == '+' && sep[0] != '\\') { kind = SEP_CHAR_PLUS; one[0] = sep[0]; sep = one; m = 1; }
  else if (m == 2 && sep[0] == '\\' && !((sep[1] >= 'a' && sep[1] <= 'z') || (sep[1] >= 'A' && sep[1] <= 'Z') || (sep[1] >= '0' && sep[1] <= '9'))) {
    one[0] = sep[1]; sep = one; m = 1;
  }
  /* collect piece boundaries: [start, end) pairs */
  int32_t cap = 16, np = 0;
  int32_t *pieces = bb_xmalloc(ctx, (size_t)cap * 2 * sizeof(int32_t));
  int32_t start = 0;
  bool matched = false;
  if (kind == SEP_LITERAL && m == 0) {
    /* zero-width matches between characters */
    for (int32_t i = 1; i < n; i++) {
      if (np == cap) { cap *= 2; pieces = bb_xrealloc(ctx, pieces, (size_t)cap * 2 * sizeof(int32_t)); }
      pieces[2 * np] = start; pieces[2 * np + 1] = i; np++;
      start = i;
      matched = true;
    }
  } else {
    for (int32_t i = 0; i < n;) {
      int32_t l = bb_sep_match(kind, sep, m, s, n, i);
      if (l == 0) { i++; continue; }
      if (np == cap) { cap *= 2; pieces = bb_xrealloc(ctx, pieces, (size_t)cap * 2 * sizeof(int32_t)); }
      pieces[2 * np] = start; pieces[2 * np + 1] = i; np++;
      i += l;
      start = i;
      matched = true;
    }
  }
  if (np == cap) { cap *= 2; pieces = bb_xrealloc(ctx, pieces, (size_t)cap * 2 * sizeof(int32_t)); }
  pieces[2 * np] = start; pieces[2 * np + 1] = n; np++;
  if (!matched) np = 1, pieces[0] = 0, pieces[1] = n;
  else while (np > 0 && pieces[2 * np - 2] == pieces[2 * np - 1]) np--;  /* trailing empties */
  bb_array *a = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, np, ctx->loc);
  for (int32_t i = 0; i < np; i++) {
    bb_string *piece = bb_String_substring2(ctx, self, pieces[2 * i], pieces[2 * i + 1]);
    ((bb_string **)bb_array_data(a))[i] = piece;
  }
  free(pieces);
  return a;
}

bb_array *bb_String_toCharArray(bb_ctx *ctx, bb_string *self) {
  bb_array *a = bb_new_array(ctx, BB_CLASS_CHAR_ARRAY, self->length, ctx->loc);
  memcpy(bb_array_data(a), self->chars, (size_t)self->length * sizeof(bb_char));
  return a;
}

bb_string *bb_String_intern(bb_ctx *ctx, bb_string *self) { (void)ctx; return self; }
bb_string *bb_String_new(bb_ctx *ctx) { return bb_string_alloc(ctx, 0); }

bb_string *bb_String_newFromChars3(bb_ctx *ctx, bb_array *chars, int32_t offset, int32_t count) {
  bb_need(ctx, chars);
  if (!bb_array_range_ok(chars, offset, count)) {
    char m[128];
    snprintf(m, sizeof m, "offset %d, count %d, length %d", offset, count, chars->length);
    bb_fail_java(ctx, "StringIndexOutOfBoundsException", m);
  }
  return bb_string_from_utf16(ctx, (const bb_char *)bb_array_data(chars) + offset, count);
}
bb_string *bb_String_newFromChars(bb_ctx *ctx, bb_array *chars) {
  bb_need(ctx, chars);
  return bb_String_newFromChars3(ctx, chars, 0, chars->length);
}
bb_string *bb_String_newFromString(bb_ctx *ctx, bb_string *original) {
  bb_need(ctx, original);
  /* `new` always makes a new object (JLS 15.9.4): never == to its argument. */
  return bb_string_from_utf16(ctx, original->chars, original->length);
}

void bb_String_getChars(bb_ctx *ctx, bb_string *self, int32_t srcBegin, int32_t srcEnd, bb_array *dst, int32_t dstBegin) {
  if (srcBegin < 0 || srcBegin > srcEnd || srcEnd > self->length) {
    char m[128];
    snprintf(m, sizeof m, "begin %d, end %d, length %d", srcBegin, srcEnd, self->length);
    bb_fail_java(ctx, "StringIndexOutOfBoundsException", m);
  }
  bb_need(ctx, dst);
  int32_t n = srcEnd - srcBegin;
  if (dstBegin < 0 || dstBegin > dst->length - n) {
    char m[128];
    snprintf(m, sizeof m, "Index %d out of bounds for length %d", dstBegin < 0 ? dstBegin : dstBegin + n, dst->length);
    bb_fail_java(ctx, "ArrayIndexOutOfBoundsException", m);
  }
  memmove((bb_char *)bb_array_data(dst) + dstBegin, self->chars + srcBegin, (size_t)n * sizeof(bb_char));
}

bb_array *bb_String_getBytes(bb_ctx *ctx, bb_string *self) {
  size_t n;
  char *u = bb_string_to_utf8(self, &n);
  if (!u) bb_fail_oom(ctx);
  bb_array *a = bb_new_array(ctx, BB_CLASS_BYTE_ARRAY, (int32_t)n, ctx->loc);
  memcpy(bb_array_data(a), u, n);
  free(u);
  return a;
}

bb_string *bb_String_copyValueOf(bb_ctx *ctx, bb_array *chars) { return bb_String_newFromChars(ctx, chars); }
bb_string *bb_String_valueOfChars(bb_ctx *ctx, bb_array *chars) { return bb_String_newFromChars(ctx, chars); }

bb_string *bb_String_newFromBytes(bb_ctx *ctx, bb_array *bytes) {
  bb_need(ctx, bytes);
  return bb_string_from_utf8(ctx, (const char *)bb_array_data(bytes), (size_t)bytes->length, false);
}

/* ---- valueOf ----------------------------------------------------------------- */

bb_string *bb_String_valueOfBoolean(bb_ctx *ctx, bool v) { return bb_string_from_cstr(ctx, v ? "true" : "false"); }
bb_string *bb_String_valueOfChar(bb_ctx *ctx, bb_char v) { return bb_string_from_utf16(ctx, &v, 1); }
bb_string *bb_String_valueOfInt(bb_ctx *ctx, int32_t v) {
  char b[BB_NUMBUF];
  return bb_string_from_latin1(ctx, b, (size_t)bb_fmt_int(b, v));
}
bb_string *bb_String_valueOfLong(bb_ctx *ctx, int64_t v) {
  char b[BB_NUMBUF];
  return bb_string_from_latin1(ctx, b, (size_t)bb_fmt_long(b, v));
}
bb_string *bb_String_valueOfFloat(bb_ctx *ctx, float v) {
  char b[BB_NUMBUF];
  return bb_string_from_latin1(ctx, b, (size_t)bb_fmt_float(b, v));
}
bb_string *bb_String_valueOfDouble(bb_ctx *ctx, double v) {
  char b[BB_NUMBUF];
  return bb_string_from_latin1(ctx, b, (size_t)bb_fmt_double(b, v));
}
bb_string *bb_String_valueOfString(bb_ctx *ctx, bb_string *s) { return bb_string_or_null(ctx, s); }
