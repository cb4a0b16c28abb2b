/* test_numfmt.c — Double/Float.toString against Java 25's output for ~2,900
 * tricky values (tests/data/fp_tostring.txt), parsing round trips, integers. */
#include "unit.h"
#include <float.h>

static void check_fp_table(void) {
  FILE *f = fopen(BB_TEST_DATA_DIR "/fp_tostring.txt", "r");
  CHECK(f != NULL);
  if (!f) return;
  char line[256];
  int n = 0, bad = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    char kind[4], hex[40], want[80];
    if (sscanf(line, "%3s %39s %79s", kind, hex, want) != 3) continue;
    char got[BB_NUMBUF + 1];
    int len;
    double back;
    bb_char u[80];
    int wl = (int)strlen(want);
    for (int i = 0; i < wl; i++) u[i] = (bb_char)want[i];
    if (kind[0] == 'd') {
      uint64_t b = strtoull(hex, NULL, 16);
      double v;
      memcpy(&v, &b, 8);
      len = bb_fmt_double(got, v);
      /* parsing Java's text gives the value back */
      bool ok = bb_try_parse_double(u, wl, false, &back);
      uint64_t bb2;
      memcpy(&bb2, &back, 8);
      if (!ok || (v == v && bb2 != b)) { bad++; fprintf(stderr, "parseDouble(%s) round trip failed\n", want); }
    } else {
      uint32_t b = (uint32_t)strtoul(hex, NULL, 16);
      float v;
      memcpy(&v, &b, 4);
      len = bb_fmt_float(got, v);
      bool ok = bb_try_parse_double(u, wl, true, &back);
      float fb = (float)back;
      uint32_t b2;
      memcpy(&b2, &fb, 4);
      if (!ok || (v == v && b2 != b)) { bad++; fprintf(stderr, "parseFloat(%s) round trip failed\n", want); }
    }
    got[len] = 0;
    if (strcmp(got, want) != 0) {
      bad++;
      fprintf(stderr, "%s %s: want %s got %s\n", kind, hex, want, got);
    }
    n++;
  }
  fclose(f);
  CHECK(n > 2500);
  CHECK(bad == 0);
}

static const char *fd(double v) {
  static char b[BB_NUMBUF + 1];
  b[bb_fmt_double(b, v)] = 0;
  return b;
}
static const char *ff(float v) {
  static char b[BB_NUMBUF + 1];
  b[bb_fmt_float(b, v)] = 0;
  return b;
}

static bool pd(const char *s, bool is_float, double *out) {
  bb_char u[128];
  int n = (int)strlen(s);
  for (int i = 0; i < n; i++) u[i] = (bb_char)s[i];
  return bb_try_parse_double(u, n, is_float, out);
}
static bool pl(const char *s, int radix, int64_t lo, int64_t hi, int64_t *out) {
  bb_char u[128];
  int n = (int)strlen(s);
  for (int i = 0; i < n; i++) u[i] = (bb_char)s[i];
  return bb_try_parse_long(u, n, radix, lo, hi, out);
}

/* Decimals with few digits take the exact fast path (Clinger's), the others
 * strtod: both must give strtod's double. */
static void check_decimal_fast_path(void) {
  uint64_t r = 88172645463325252ull;
  int bad = 0;
  char t[64];
  for (int n = 0; n < 200000; n++) {
    r ^= r << 13; r ^= r >> 7; r ^= r << 17;
    int nd = 1 + (int)(r % 19), dot = (int)((r >> 8) % (uint64_t)(nd + 1)), k = 0;
    if ((r >> 16) & 1) t[k++] = '-';
    uint64_t x = r >> 20;
    for (int i = 0; i < nd; i++) {
      if (i == dot) t[k++] = '.';
      t[k++] = (char)('0' + (x ^ (uint64_t)i * 0x9E3779B97F4A7C15ull) % 10);
      x = x * 6364136223846793005ull + 1442695040888963407ull;
    }
    if ((r >> 17) % 3 == 0) k += sprintf(t + k, "e%d", (int)((r >> 24) % 61) - 30);
    t[k] = 0;
    double got, want = strtod(t, NULL);
    if (!pd(t, false, &got) || memcmp(&got, &want, sizeof got) != 0) bad++;
  }
  CHECK(bad == 0);
}

void test_numfmt(void) {
  check_decimal_fast_path();
  check_fp_table();
  CHECK(!strcmp(fd(1.0), "1.0"));
  CHECK(!strcmp(fd(0.1), "0.1"));
  CHECK(!strcmp(fd(100.0), "100.0"));
  CHECK(!strcmp(fd(1e7), "1.0E7"));
  CHECK(!strcmp(fd(1e-5), "1.0E-5"));
  CHECK(!strcmp(fd(0.001), "0.001"));
  CHECK(!strcmp(fd(9999999.0), "9999999.0"));
  CHECK(!strcmp(fd(4.9e-324), "4.9E-324"));
  CHECK(!strcmp(fd(1.7976931348623157e308), "1.7976931348623157E308"));
  CHECK(!strcmp(fd(2e-3), "0.002"));
  CHECK(!strcmp(fd(-0.0), "-0.0"));
  CHECK(!strcmp(fd(0.0 / 0.0), "NaN"));
  CHECK(!strcmp(fd(-1.0 / 0.0), "-Infinity"));
  CHECK(!strcmp(fd(2e23), "2.0E23"));
  CHECK(!strcmp(fd(1.0 / 3), "0.3333333333333333"));
  CHECK(!strcmp(ff(1.4e-45f), "1.4E-45"));
  CHECK(!strcmp(ff(0.1f), "0.1"));
  CHECK(!strcmp(ff(1.0f / 3), "0.33333334"));
  CHECK(!strcmp(ff(3.4028235e38f), "3.4028235E38"));
  CHECK(!strcmp(ff(1e7f), "1.0E7"));

  double d;
  CHECK(pd("  1.5e3 ", false, &d) && d == 1500.0);
  CHECK(pd("0x1.8p1", false, &d) && d == 3.0);
  CHECK(pd("-Infinity", false, &d) && d < 0 && d * 0 != 0);
  CHECK(pd("NaN", false, &d) && d != d);
  CHECK(pd("1d", false, &d) && d == 1.0);
  CHECK(pd("1.F", false, &d) && d == 1.0);
  CHECK(pd(".5", false, &d) && d == 0.5);
  CHECK(pd("+.5e-1", false, &d) && d == 0.05);
  CHECK(!pd("1e", false, &d));
  CHECK(!pd(".", false, &d));
  CHECK(!pd("", false, &d));
  CHECK(!pd("inf", false, &d));
  CHECK(!pd("nan", false, &d));
  CHECK(!pd("1.0x", false, &d));
  CHECK(!pd("0x1.8", false, &d));

  int64_t v;
  CHECK(pl("2147483647", 10, INT32_MIN, INT32_MAX, &v) && v == INT32_MAX);
  CHECK(pl("-2147483648", 10, INT32_MIN, INT32_MAX, &v) && v == INT32_MIN);
  CHECK(!pl("2147483648", 10, INT32_MIN, INT32_MAX, &v));
  CHECK(pl("+5", 10, INT32_MIN, INT32_MAX, &v) && v == 5);
  CHECK(!pl("-", 10, INT32_MIN, INT32_MAX, &v));
  CHECK(!pl("", 10, INT32_MIN, INT32_MAX, &v));
  CHECK(!pl(" 5", 10, INT32_MIN, INT32_MAX, &v));
  CHECK(pl("-9223372036854775808", 10, INT64_MIN, INT64_MAX, &v) && v == INT64_MIN);
  CHECK(!pl("9223372036854775808", 10, INT64_MIN, INT64_MAX, &v));
  CHECK(pl("ff", 16, INT32_MIN, INT32_MAX, &v) && v == 255);
  CHECK(pl("-FF", 16, INT32_MIN, INT32_MAX, &v) && v == -255);
  char b[BB_NUMBUF];
  CHECK(bb_fmt_int(b, INT32_MIN) == 11 && !memcmp(b, "-2147483648", 11));
  CHECK(bb_fmt_long(b, INT64_MIN) == 20 && !memcmp(b, "-9223372036854775808", 20));
  CHECK(bb_fmt_int(b, 0) == 1 && b[0] == '0');
  CHECK(bb_fmt_radix_unsigned(b, 0xffffffffu, 4) == 8 && !memcmp(b, "ffffffff", 8));
}

/* fdlibm 5.3 e_log.c (__ieee754_log) as written, branches and all: the
 * reference that the runtime's rearranged bb_fdlibm_log (bb/lib.h) must
 * match bit for bit. Checked against Java's own results below too. */
static double fdlibm_e_log(double x) {
  static const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10,
                      two54 = 1.80143985094819840000e+16, Lg1 = 6.666666666666735130e-01,
                      Lg2 = 3.999999999940941908e-01, Lg3 = 2.857142874366239149e-01,
                      Lg4 = 2.222219843214978396e-01, Lg5 = 1.818357216161805012e-01,
                      Lg6 = 1.531383769920937332e-01, Lg7 = 1.479819860511658591e-01;
  static volatile double zero = 0.0;
  double hfsq, f, s, z, R, w, t1, t2, dk;
  int32_t k, hx, i, j;
  uint32_t lx;
  uint64_t bits;
  memcpy(&bits, &x, 8);
  hx = (int32_t)(bits >> 32);
  lx = (uint32_t)bits;
  k = 0;
  if (hx < 0x00100000) {                       /* x < 2**-1022 */
    if (((hx & 0x7fffffff) | lx) == 0) return -two54 / zero;  /* log(+-0) = -inf */
    if (hx < 0) return (x - x) / zero;         /* log(-#) = NaN */
    k -= 54;
    x *= two54;                                /* subnormal: scale up */
    memcpy(&bits, &x, 8);
    hx = (int32_t)(bits >> 32);
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  i = (hx + 0x95f64) & 0x100000;
  bits = ((uint64_t)(uint32_t)(hx | (i ^ 0x3ff00000)) << 32) | (bits & 0xffffffffull);
  memcpy(&x, &bits, 8);                        /* normalize x or x/2 */
  k += (i >> 20);
  f = x - 1.0;
  if ((0x000fffff & (2 + hx)) < 3) {           /* |f| < 2**-20 */
    if (f == zero) {
      if (k == 0) return zero;
      dk = (double)k;
      return dk * ln2_hi + dk * ln2_lo;
    }
    R = f * f * (0.5 - 0.33333333333333333 * f);
    if (k == 0) return f - R;
    dk = (double)k;
    return dk * ln2_hi - ((R - dk * ln2_lo) - f);
  }
  s = f / (2.0 + f);
  dk = (double)k;
  z = s * s;
  i = hx - 0x6147a;
  w = z * z;
  j = 0x6b851 - hx;
  t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
  t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
  i |= j;
  R = t2 + t1;
  if (i > 0) {
    hfsq = 0.5 * f * f;
    if (k == 0) return f - (hfsq - s * (hfsq + R));
    return dk * ln2_hi - ((hfsq - (s * (hfsq + R) + dk * ln2_lo)) - f);
  }
  if (k == 0) return f - s * (f - R);
  return dk * ln2_hi - ((s * (f - R) - dk * ln2_lo) - f);
}

/* StrictMath.log must be bit-exact with Java's (fdlibm): Java 25's results,
 * for the runtime's bb_fdlibm_log and for the reference above. */
void test_strictmath(void) {
  FILE *f = fopen(BB_TEST_DATA_DIR "/strictmath_log.txt", "r");
  CHECK(f != NULL);
  if (!f) return;
  char line[128];
  int n = 0, bad = 0, bad_reference = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    char a[40], b[40];
    if (sscanf(line, "%39s %39s", a, b) != 2) continue;
    uint64_t x = strtoull(a, NULL, 16), want = strtoull(b, NULL, 16), got;
    double v, r;
    memcpy(&v, &x, 8);
    r = bb_fdlibm_log(v);
    memcpy(&got, &r, 8);
    if (got != want && !(r != r)) { bad++; fprintf(stderr, "StrictMath.log(%s): want %s got %016llx\n", a, b, (unsigned long long)got); }
    r = fdlibm_e_log(v);
    memcpy(&got, &r, 8);
    if (got != want && !(r != r)) { bad_reference++; fprintf(stderr, "fdlibm_e_log(%s): want %s got %016llx\n", a, b, (unsigned long long)got); }
    n++;
  }
  fclose(f);
  CHECK(n > 500 && bad == 0 && bad_reference == 0);
}

/* bb_fdlibm_log against fdlibm's own code on ~5.5 million arguments: bit
 * patterns drawn at random (every exponent, subnormals included), the
 * arguments java.util.Random.nextGaussian takes the log of (s = v1*v1 +
 * v2*v2, as MonteCarlo draws them), values within a few ulps of every
 * power of two (the |f| < 2**-20 path and k == 0 on both sides of 1) and
 * of the mantissa thresholds fdlibm branches on, and the special values.
 * NaN results only need to be NaN. */
static int log_mismatches;
static void check_log(double x) {
  double r = bb_fdlibm_log(x), want = fdlibm_e_log(x);
  uint64_t rb, wb;
  memcpy(&rb, &r, 8);
  memcpy(&wb, &want, 8);
  if (rb != wb && !(r != r && want != want)) {
    if (log_mismatches++ < 10) {
      uint64_t xb;
      memcpy(&xb, &x, 8);
      fprintf(stderr, "StrictMath.log(%016llx): fdlibm %016llx, runtime %016llx\n", (unsigned long long)xb,
              (unsigned long long)wb, (unsigned long long)rb);
    }
  }
}
/* xorshift64*: a fixed sequence of test arguments' bits */
static uint64_t next_test_bits(uint64_t *state) {
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * 0x2545f4914f6cdd1dull;
}
static double double_from_bits(uint64_t b) {
  double x;
  memcpy(&x, &b, 8);
  return x;
}
void test_strictmath_log_reference(void) {
  log_mismatches = 0;
  uint64_t state = 0x9e3779b97f4a7c15ull;
  for (int n = 0; n < 2000000; n++) {
    uint64_t b = next_test_bits(&state);
    check_log(double_from_bits(b & 0x7fffffffffffffffull));  /* any positive double */
    check_log(double_from_bits((b & 0x000fffffffffffffull) | (uint64_t)(1023 - (int)(b >> 60)) << 52));  /* in [2**-15, 2) */
  }
  /* nextGaussian's arguments: Java's LCG, seeds as MonteCarlo's runs */
  for (int64_t run = 0; run < 1000; run++) {
    int64_t seed = ((run * 11) ^ 0x5DEECE66DLL) & ((1LL << 48) - 1);
    for (int t = 0; t < 1000; t++) {
      double v[2];
      for (int h = 0; h < 2; h++) {
        seed = (seed * 0x5DEECE66DLL + 0xBLL) & ((1LL << 48) - 1);
        int64_t hi = (int32_t)(seed >> 22);
        seed = (seed * 0x5DEECE66DLL + 0xBLL) & ((1LL << 48) - 1);
        int64_t lo = (int32_t)(seed >> 21);
        v[h] = 2 * ((double)((hi << 27) + lo) * 0x1p-53) - 1;
      }
      double s = v[0] * v[0] + v[1] * v[1];
      if (s < 1 && s != 0) check_log(s);
    }
  }
  /* a few ulps around every power of two, and around the mantissa
   * thresholds (the reduction's 0x6a09e, the polynomial branch's 0x6147a and
   * 0x6b851), at every exponent */
  static const uint64_t mantissas[] = { 0, 0x6a09e00000000ull, 0x6147a00000000ull, 0x6b85100000000ull,
                                        0x6a09f00000000ull, 0x6147b00000000ull, 0x6b85200000000ull,
                                        0xfffff00000000ull, 0x0000100000000ull };
  for (uint64_t e = 0; e < 2047; e++)
    for (size_t m = 0; m < sizeof mantissas / sizeof mantissas[0]; m++)
      for (int64_t d = -40; d <= 40; d++) check_log(double_from_bits(((e << 52) | mantissas[m]) + (uint64_t)d));
  static const double specials[] = { 0.0, -0.0, -1.0, 1.0, 2.0, 0.5, INFINITY, -INFINITY, NAN, 0x1p-1074,
                                     0x1p-1022, 0x0.fffffffffffffp-1022, 0x1.fffffffffffffp1023, M_E };
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) check_log(specials[i]);
  CHECK(log_mismatches == 0);
}

/* Math.exp (bb_exp, inline in bb/lib.h) within Java's 1 ulp, and in fact
 * within the 0.511 ulp its algorithm promises, against the x87 expl (64-bit
 * mantissa, so its own error is a few thousandths of a double's ulp), on
 * ~4 million arguments: random ones over the whole inline range and over
 * [-1, 1], runs of consecutive doubles (where the result must not decrease:
 * Java's semi-monotonicity), the edges of the inline range and the special
 * values that the C library's exp takes. */
static double exp_worst_ulps;
static int exp_bad;
static void check_exp(double x) {
  double r = bb_exp(x);
  long double want = expl((long double)x);
  double c = exp(x);
  if (r != r || c != c) {
    if ((r != r) != (c != c)) exp_bad++;  /* NaN exactly where the C library's is */
    return;
  }
  if (isinf(c) || fabs(c) < 0x1p-1022) {  /* out of the inline range: the C library's value */
    if (memcmp(&r, &c, 8) != 0) exp_bad++;
    return;
  }
  double ulp = nextafter(r, INFINITY) - r;
  double err = (double)fabsl((long double)r - want) / ulp;
  if (err > exp_worst_ulps) exp_worst_ulps = err;
  if (err > 0.52 && exp_bad++ < 10) fprintf(stderr, "Math.exp(%a) = %a: %.3f ulp\n", x, r, err);
}
void test_math_exp(void) {
  exp_worst_ulps = 0;
  exp_bad = 0;
  uint64_t state = 0x2545f4914f6cdd1dull;
  for (int n = 0; n < 1000000; n++) {
    uint64_t b = next_test_bits(&state);
    double u = (double)(b >> 11) * 0x1p-53;  /* [0, 1) */
    check_exp(1024.0 * u - 512.0);
    check_exp(2.0 * u - 1.0);
    check_exp(0.1 * u - 0.05);
    check_exp(double_from_bits(b));  /* any double, every exponent and sign */
  }
  int decreasing = 0;
  static const double starts[] = { -745.2, -708.5, -511.9999, -100.0, -1.0, -0x1p-50, 0x1p-54, 0x1p-30, 0.3465735902799727,
                                   1.0, 88.7, 511.9999, 709.7 };
  for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
    double x = starts[i], prev = bb_exp(x);
    for (int d = 0; d < 2000; d++) {
      check_exp(x);
      x = nextafter(x, INFINITY);
      double r = bb_exp(x);
      if (r < prev) decreasing++;
      prev = r;
    }
  }
  static const double specials[] = { 0.0, -0.0, 0x1p-54, -0x1p-54, 0x1.fffffffffffffp-55, 512.0, -512.0,
                                     0x1.fffffffffffffp8, -0x1.fffffffffffffp8, 709.782712893384, 709.7827128933841,
                                     -745.1332191019411, -745.1332191019412, -708.3964185322641, INFINITY,
                                     -INFINITY, NAN, 0x1p-1074, -0x1p-1074, DBL_MAX, -DBL_MAX };
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) check_exp(specials[i]);
  CHECK(bb_exp(0.0) == 1.0 && bb_exp(-0.0) == 1.0 && bb_exp(-INFINITY) == 0.0 && isinf(bb_exp(INFINITY)));
  CHECK(bb_exp(1.0) == M_E);
  fprintf(stderr, "Math.exp: worst error %.4f ulp\n", exp_worst_ulps);
  CHECK(exp_bad == 0);
  CHECK(decreasing == 0);
  CHECK(exp_worst_ulps <= 0.52);
}
