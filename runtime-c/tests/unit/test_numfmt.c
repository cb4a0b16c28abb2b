/* test_numfmt.c — Double/Float.toString against Java 25's output for ~2,900
 * tricky values (tests/data/fp_tostring.txt), parsing round trips, integers. */
#include "unit.h"

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

/* StrictMath.log must be bit-exact with Java's (fdlibm): Java 25's results */
void test_strictmath(void) {
  FILE *f = fopen(BB_TEST_DATA_DIR "/strictmath_log.txt", "r");
  CHECK(f != NULL);
  if (!f) return;
  char line[128];
  int n = 0, bad = 0;
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
    n++;
  }
  fclose(f);
  CHECK(n > 500 && bad == 0);
}
