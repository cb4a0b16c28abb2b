/* numfmt.c — Java's Double.toString / Float.toString (JDK >= 19) and the
 * integer formatters.
 *
 * Floating point uses Raffaello Giulietti's Schubfach algorithm, as the JDK's
 * DoubleToDecimal / FloatToDecimal do: it finds the shortest decimal in the
 * rounding interval of the value (at least two digits for the tiniest
 * subnormals, per Java's spec), the one closest to the value, even digit on
 * ties. The layout is Java's: plain notation for 1e-3 <= |v| < 1e7 with at
 * least one digit after the point, "computerized scientific" otherwise
 * (d.dddE<n>).
 *
 * Reference: R. Giulietti, "The Schubfach way to render doubles", 2020.
 */
#include "internal.h"
#include "tables/pow10_table.h"

typedef unsigned __int128 bb_u128;

BB_INLINE uint64_t bb_mulhi(uint64_t a, uint64_t b) { return (uint64_t)(((bb_u128)a * b) >> 64); }
BB_INLINE int bb_flog10pow2(int e) { return (int)(((int64_t)e * 661971961083LL) >> 41); }
BB_INLINE int bb_flog10threequarterspow2(int e) { return (int)(((int64_t)e * 661971961083LL - 274743187321LL) >> 41); }
BB_INLINE int bb_flog2pow10(int e) { return (int)(((int64_t)e * 913124641741LL) >> 38); }
BB_INLINE uint64_t bb_g1(int k) { return bb_pow10_g[(k - BB_POW10_KMIN) << 1]; }
BB_INLINE uint64_t bb_g0(int k) { return bb_pow10_g[((k - BB_POW10_KMIN) << 1) | 1]; }

#define MASK_63 0x7fffffffffffffffull
#define MASK_32 0xffffffffull

/* Lay out f * 10^e (f > 0) the Java way; returns the length. */
static int bb_layout(char *buf, uint64_t f, int e) {
  char d[24] = {0};
  int n = 0;
  while (f % 10 == 0) { f /= 10; e++; }
  char tmp[24];
  int m = 0;
  while (f) { tmp[m++] = (char)('0' + f % 10); f /= 10; }
  while (m) d[n++] = tmp[--m];
  int E = e + n;  /* value = 0.d1...dn * 10^E */
  int p = 0;
  if (0 < E && E <= 7) {
    if (n <= E) {
      memcpy(buf, d, (size_t)n); p = n;
      for (int i = n; i < E; i++) buf[p++] = '0';
      buf[p++] = '.'; buf[p++] = '0';
    } else {
      memcpy(buf, d, (size_t)E); p = E;
      buf[p++] = '.';
      memcpy(buf + p, d + E, (size_t)(n - E)); p += n - E;
    }
  } else if (-3 < E && E <= 0) {
    buf[p++] = '0'; buf[p++] = '.';
    for (int i = 0; i < -E; i++) buf[p++] = '0';
    memcpy(buf + p, d, (size_t)n); p += n;
  } else {
    buf[p++] = d[0];
    buf[p++] = '.';
    if (n > 1) { memcpy(buf + p, d + 1, (size_t)(n - 1)); p += n - 1; }
    else buf[p++] = '0';
    buf[p++] = 'E';
    int x = E - 1;
    if (x < 0) { buf[p++] = '-'; x = -x; }
    char xs[8]; int k = 0;
    do { xs[k++] = (char)('0' + x % 10); x /= 10; } while (x);
    while (k) buf[p++] = xs[--k];
  }
  return p;
}

static int bb_special(char *buf, const char *s) {
  size_t n = strlen(s);
  memcpy(buf, s, n);
  return (int)n;
}

/* ---- double ---------------------------------------------------------------- */

BB_INLINE uint64_t bb_rop64(uint64_t g1, uint64_t g0, uint64_t cp) {
  uint64_t x1 = bb_mulhi(g0, cp);
  uint64_t y0 = g1 * cp;
  uint64_t y1 = bb_mulhi(g1, cp);
  uint64_t z = (y0 >> 1) + x1;
  uint64_t vbp = y1 + (z >> 63);
  return vbp | (((z & MASK_63) + MASK_63) >> 63);
}

static int bb_d2dec(char *buf, int q, uint64_t c, int dk) {
  uint64_t out = c & 1;
  uint64_t cb = c << 2, cbr = cb + 2, cbl;
  int k;
  if (c != (1ull << 52) || q == -1074) {
    cbl = cb - 2;
    k = bb_flog10pow2(q);
  } else {
    cbl = cb - 1;
    k = bb_flog10threequarterspow2(q);
  }
  int h = q + bb_flog2pow10(-k) + 2;
  uint64_t g1 = bb_g1(k), g0 = bb_g0(k);
  uint64_t vb = bb_rop64(g1, g0, cb << h);
  uint64_t vbl = bb_rop64(g1, g0, cbl << h);
  uint64_t vbr = bb_rop64(g1, g0, cbr << h);
  uint64_t s = vb >> 2;
  if (s >= 100) {
    uint64_t sp10 = 10 * bb_mulhi(s, 115292150460684698ull << 4);
    uint64_t tp10 = sp10 + 10;
    bool upin = vbl + out <= sp10 << 2;
    bool wpin = (tp10 << 2) + out <= vbr;
    if (upin != wpin) return bb_layout(buf, upin ? sp10 : tp10, k);
  }
  uint64_t t = s + 1;
  bool uin = vbl + out <= s << 2;
  bool win = (t << 2) + out <= vbr;
  if (uin != win) return bb_layout(buf, uin ? s : t, k + dk);
  int64_t cmp = (int64_t)(vb - ((s + t) << 1));
  return bb_layout(buf, (cmp < 0 || (cmp == 0 && (s & 1) == 0)) ? s : t, k + dk);
}

int bb_fmt_double(char *buf, double v) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  uint64_t t = bits & ((1ull << 52) - 1);
  int bq = (int)(bits >> 52) & 0x7ff;
  if (bq == 0x7ff) return bb_special(buf, t ? "NaN" : (bits >> 63) ? "-Infinity" : "Infinity");
  int p = 0;
  if (bits >> 63) buf[p++] = '-';
  if (bq != 0) {
    int mq = 1075 - bq;
    uint64_t c = (1ull << 52) | t;
    if (0 < mq && mq < 53) {
      uint64_t f = c >> mq;
      if (f << mq == c) return p + bb_layout(buf + p, f, 0);
    }
    return p + bb_d2dec(buf + p, -mq, c, 0);
  }
  if (t != 0) return p + (t < 3 ? bb_d2dec(buf + p, -1074, 10 * t, -1) : bb_d2dec(buf + p, -1074, t, 0));
  return p + bb_special(buf + p, "0.0");
}

/* ---- float ----------------------------------------------------------------- */

BB_INLINE uint32_t bb_rop32(uint64_t g, uint64_t cp) {
  uint64_t x1 = bb_mulhi(g, cp);
  uint64_t vbp = x1 >> 31;
  return (uint32_t)(vbp | (((x1 & MASK_32) + MASK_32) >> 32));
}

static int bb_f2dec(char *buf, int q, uint32_t c, int dk) {
  uint32_t out = c & 1;
  uint64_t cb = (uint64_t)c << 2, cbr = cb + 2, cbl;
  int k;
  if (c != (1u << 23) || q == -149) {
    cbl = cb - 2;
    k = bb_flog10pow2(q);
  } else {
    cbl = cb - 1;
    k = bb_flog10threequarterspow2(q);
  }
  int h = q + bb_flog2pow10(-k) + 33;
  uint64_t g = bb_g1(k) + 1;
  uint32_t vb = bb_rop32(g, cb << h);
  uint32_t vbl = bb_rop32(g, cbl << h);
  uint32_t vbr = bb_rop32(g, cbr << h);
  uint32_t s = vb >> 2;
  if (s >= 100) {
    uint32_t sp10 = 10 * (uint32_t)(((uint64_t)s * 1717986919ull) >> 34);
    uint32_t tp10 = sp10 + 10;
    bool upin = vbl + out <= sp10 << 2;
    bool wpin = (tp10 << 2) + out <= vbr;
    if (upin != wpin) return bb_layout(buf, upin ? sp10 : tp10, k);
  }
  uint32_t t = s + 1;
  bool uin = vbl + out <= s << 2;
  bool win = (t << 2) + out <= vbr;
  if (uin != win) return bb_layout(buf, uin ? s : t, k + dk);
  int32_t cmp = (int32_t)(vb - ((s + t) << 1));
  return bb_layout(buf, (cmp < 0 || (cmp == 0 && (s & 1) == 0)) ? s : t, k + dk);
}

int bb_fmt_float(char *buf, float v) {
  uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  uint32_t t = bits & ((1u << 23) - 1);
  int bq = (int)(bits >> 23) & 0xff;
  if (bq == 0xff) return bb_special(buf, t ? "NaN" : (bits >> 31) ? "-Infinity" : "Infinity");
  int p = 0;
  if (bits >> 31) buf[p++] = '-';
  if (bq != 0) {
    int mq = 150 - bq;
    uint32_t c = (1u << 23) | t;
    if (0 < mq && mq < 24) {
      uint32_t f = c >> mq;
      if (f << mq == c) return p + bb_layout(buf + p, f, 0);
    }
    return p + bb_f2dec(buf + p, -mq, c, 0);
  }
  if (t != 0) return p + (t < 8 ? bb_f2dec(buf + p, -149, 10 * t, -1) : bb_f2dec(buf + p, -149, t, 0));
  return p + bb_special(buf + p, "0.0");
}

/* ---- integers -------------------------------------------------------------- */

int bb_fmt_long(char *buf, int64_t v) {
  char tmp[24];
  int n = 0, p = 0;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
  if (v < 0) buf[p++] = '-';
  while (n) buf[p++] = tmp[--n];
  return p;
}

int bb_fmt_int(char *buf, int32_t v) { return bb_fmt_long(buf, v); }

int bb_fmt_radix_unsigned(char *buf, uint64_t v, int shift) {
  char tmp[72];
  int n = 0, p = 0;
  uint64_t mask = (1u << shift) - 1;
  do { tmp[n++] = "0123456789abcdef"[v & mask]; v >>= shift; } while (v);
  while (n) buf[p++] = tmp[--n];
  return p;
}
