/* test_lib.c — Math, conversions and arithmetic with Java's semantics. */
#include "unit.h"
#include <math.h>
#include <unistd.h>

void test_lib(void) {
  bb_ctx *ctx = t_fixture();
  CHECK(bb_Math_round(-2.5) == -2);
  CHECK(bb_Math_round(2.5) == 3);
  CHECK(bb_Math_round(0.49999999999999994) == 0);
  CHECK(bb_Math_round(-0.5) == 0);
  CHECK(bb_Math_round(NAN) == 0);
  CHECK(bb_Math_round(1e20) == INT64_MAX);
  CHECK(bb_Math_round(-1e20) == INT64_MIN);
  CHECK(bb_Math_round(4503599627370497.0) == 4503599627370497LL);
  CHECK(bb_Math_roundFloat(2.5f) == 3 && bb_Math_roundFloat(-2.5f) == -2 && bb_Math_roundFloat(1e10f) == INT32_MAX);
  CHECK(bb_Math_rint(ctx, 2.5) == 2.0 && bb_Math_rint(ctx, 3.5) == 4.0 && bb_Math_rint(ctx, -2.5) == -2.0);
  CHECK(!signbit(bb_Math_max(-0.0, 0.0)) && !signbit(bb_Math_max(0.0, -0.0)));
  CHECK(signbit(bb_Math_min(-0.0, 0.0)) && signbit(bb_Math_min(0.0, -0.0)));
  CHECK(isnan(bb_Math_max(NAN, 1.0)) && isnan(bb_Math_min(1.0, NAN)));
  CHECK(bb_Math_max(1.0, 2.0) == 2.0 && bb_Math_min(1.0, 2.0) == 1.0);
  CHECK(isnan(bb_Math_pow(ctx, 1.0, NAN)) && bb_Math_pow(ctx, NAN, 0.0) == 1.0 && isnan(bb_Math_pow(ctx, -1.0, INFINITY)));
  /* the out-of-line base +-1 path, and NaN bases, which stay on the inline one */
  CHECK(isnan(bb_Math_pow(ctx, 1.0, -INFINITY)) && isnan(bb_Math_pow(ctx, -1.0, NAN)) && bb_Math_pow(ctx, -1.0, 0.0) == 1.0);
  CHECK(bb_Math_pow(ctx, -1.0, 3.0) == -1.0 && bb_Math_pow(ctx, 1.0, 0.5) == 1.0 && isnan(bb_Math_pow(ctx, NAN, 1.0)));
  CHECK(bb_Math_pow(ctx, 2.0, 10.0) == 1024.0 && bb_Math_ceil(ctx, -0.5) == 0.0 && signbit(bb_Math_ceil(ctx, -0.5)));
  CHECK(bb_d2i(NAN) == 0 && bb_d2i(1e10) == INT32_MAX && bb_d2i(-1e10) == INT32_MIN && bb_d2i(-1.9) == -1);
  CHECK(bb_d2l(1e30) == INT64_MAX && bb_d2l(-1e30) == INT64_MIN && bb_f2l(NAN) == 0);
  CHECK(bb_idiv(ctx, INT32_MIN, -1, 0) == INT32_MIN && bb_irem(ctx, INT32_MIN, -1, 0) == 0);
  CHECK(bb_idiv(ctx, -7, 2, 0) == -3 && bb_irem(ctx, -7, 2, 0) == -1);
  CHECK(bb_ldiv(ctx, INT64_MIN, -1, 0) == INT64_MIN && bb_lrem(ctx, 7, -2, 0) == 1);
  CHECK(bb_Double_compare(0.0, -0.0) == 1 && bb_Double_compare(NAN, INFINITY) == 1 && bb_Double_compare(NAN, NAN) == 0);
  CHECK(bb_Double_doubleToLongBits(-NAN) == 0x7ff8000000000000LL);
  CHECK(bb_Float_floatToIntBits(1.0f) == 0x3f800000);
  CHECK(bb_uc_isdigit('7') && !bb_uc_isdigit('a'));
  CHECK(bb_uc_isletter('x') && bb_uc_isletter(0xE9) && !bb_uc_isletter('_'));
  CHECK(bb_uc_iswhitespace(' ') && bb_uc_iswhitespace('\n') && !bb_uc_iswhitespace(0xA0));
  CHECK(bb_uc_isspacechar(0xA0));
  CHECK(bb_Character_toUpperCase(ctx, 'q') == 'Q' && bb_Character_toLowerCase(ctx, 0xC9) == 0xE9);
  CHECK(bb_Character_isUpperCase(ctx, 'Q') && bb_Character_isLowerCase(ctx, 'q') && !bb_Character_isUpperCase(ctx, '1'));
  CHECK(bb_Character_isUpperCase(ctx, 0x2160) && bb_Character_isLowerCase(ctx, 0xAA) && bb_Character_isLowerCase(ctx, 0x2B0));
  CHECK(bb_Character_toUpperCase(ctx, 0xB5) == 0x39C && bb_Character_toUpperCase(ctx, 0xFF) == 0x178);
  CHECK(bb_Character_toLowerCase(ctx, 0x130) == 'i');
  CHECK(bb_Character_digit(ctx, 'f', 16) == 15 && bb_Character_digit(ctx, 'g', 16) == -1 && bb_Character_digit(ctx, '1', 40) == -1);
  CHECK(bb_Character_getType(ctx, 0xD800) == 19 && bb_Character_getType(ctx, -1) == 0);
  CHECK_STR(bb_Integer_toHexString(ctx, -1), "ffffffff");
  CHECK(bb_Integer_parseInt(ctx, t_str(ctx, "-123")) == -123);
  CHECK(bb_Double_doubleToRawLongBits(ctx, 1.0) == 0x3ff0000000000000LL && bb_Double_longBitsToDouble(ctx, 0x4000000000000000LL) == 2.0);
  CHECK(bb_Float_floatToRawIntBits(ctx, 2.0f) == 0x40000000 && bb_Float_intBitsToFloat(ctx, 0x3f800000) == 1.0f);
  CHECK_STR(bb_Double_toString(ctx, 1e-5), "1.0E-5");
  CHECK_STR(bb_Float_toString(ctx, 1.0e10f), "1.0E10");
  /* StrictMath.log is fdlibm's: spot values (more in the table test below) */
  CHECK(bb_StrictMath_log(ctx, 1.0) == 0.0 && isinf(bb_StrictMath_log(ctx, 0.0)) && isnan(bb_StrictMath_log(ctx, -1.0)));
  CHECK(bb_StrictMath_log(ctx, M_E) == 1.0);
  CHECK(bb_StrictMath_sqrt(ctx, 2.0) == 1.4142135623730951);
  /* Math.sqrt and StrictMath.sqrt (the SSE2 instruction) give the C
   * library's correctly rounded bits, and Java's special values */
  {
    int sqrt_mismatches = 0;
    uint64_t state = 0x243f6a8885a308d3ull;  /* xorshift64*: a fixed sequence */
    for (int n = 0; n < 100000; n++) {
      state ^= state >> 12;
      state ^= state << 25;
      state ^= state >> 27;
      uint64_t b = (state * 0x2545f4914f6cdd1dull) & 0x7fffffffffffffffull;  /* any non-negative double */
      double x, want, got;
      memcpy(&x, &b, 8);
      want = sqrt(x);
      got = bb_Math_sqrt(ctx, x);
      if (memcmp(&want, &got, 8) != 0 && !(want != want && got != got)) sqrt_mismatches++;
      got = bb_StrictMath_sqrt(ctx, x);
      if (memcmp(&want, &got, 8) != 0 && !(want != want && got != got)) sqrt_mismatches++;
    }
    CHECK(sqrt_mismatches == 0);
    double negative_zero = bb_Math_sqrt(ctx, -0.0);
    CHECK(negative_zero == 0.0 && signbit(negative_zero));
    CHECK(isnan(bb_Math_sqrt(ctx, -1.0)) && isnan(bb_Math_sqrt(ctx, NAN)) && isnan(bb_Math_sqrt(ctx, -INFINITY)));
    CHECK(isinf(bb_Math_sqrt(ctx, INFINITY)) && bb_Math_sqrt(ctx, 0x1p-1074) == 0x1p-537);
  }
  /* identity hash: stable, non-negative, repeatable */
  bb_object *o1 = bb_new(ctx, BB_CLASS_OBJECT, sizeof(bb_object));
  int32_t h1 = bb_Object_hashCode(ctx, o1);
  CHECK(h1 == bb_Object_hashCode(ctx, o1) && h1 >= 0 && bb_System_identityHashCode(ctx, o1) == h1);
  CHECK(bb_System_identityHashCode(ctx, NULL) == 0);
  bb_gc_collect(ctx);  /* (o1 is garbage now, but the seed survived until here) */
  CHECK_STR(bb_BambooRuntime_className(ctx, (bb_object *)bb_new_array(ctx, BB_CLASS_INT_ARRAY, 1, 0)), "[I");
  CHECK_STR(bb_BambooRuntime_className(ctx, (bb_object *)bb_new_array(ctx, BB_CLASS_STRING_ARRAY, 1, 0)), "[LString;");
  CHECK_STR(bb_BambooRuntime_className(ctx, (bb_object *)t_str(ctx, "")), "String");
  bb_array *bytes = bb_String_getBytes(ctx, t_str(ctx, "h\xC3\xA9"));
  CHECK(bytes->length == 3 && ((uint8_t *)bb_array_data(bytes))[1] == 0xC3);
  CHECK_STR(bb_String_newFromBytes(ctx, bytes), "h\xC3\xA9");
  bb_array *chs = bb_new_array(ctx, BB_CLASS_CHAR_ARRAY, 5, 0);
  bb_String_getChars(ctx, t_str(ctx, "hello"), 1, 4, chs, 2);
  CHECK(((bb_char *)bb_array_data(chs))[2] == 'e' && ((bb_char *)bb_array_data(chs))[4] == 'l');
  CHECK(bb_Double_parseDouble(ctx, t_str(ctx, " 2.5 ")) == 2.5);
  CHECK(bb_Float_parseFloat(ctx, t_str(ctx, "0.1")) == 0.1f);
  CHECK(bb_System_nanoTime(ctx) > 0);
  CHECK(bb_System_currentTimeMillis(ctx) > 1500000000000LL);

  /* arraycopy: overlap, and Object[] <- String[] */
  bb_array *a = bb_new_array(ctx, BB_CLASS_INT_ARRAY, 5, 0);
  for (int i = 0; i < 5; i++) ((int32_t *)bb_array_data(a))[i] = i;
  bb_System_arraycopy(ctx, &a->hdr, 0, &a->hdr, 1, 4);
  CHECK(((int32_t *)bb_array_data(a))[4] == 3 && ((int32_t *)bb_array_data(a))[1] == 0);
  bb_array *ss = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, 2, 0);
  ((bb_string **)bb_array_data(ss))[1] = t_str(ctx, "x");
  bb_array *os = bb_new_array(ctx, BB_CLASS_OBJECT_ARRAY, 2, 0);
  bb_System_arraycopy(ctx, &ss->hdr, 0, &os->hdr, 0, 2);
  CHECK_STR(((bb_string **)bb_array_data(os))[1], "x");
  bb_System_arraycopy(ctx, &os->hdr, 1, &ss->hdr, 0, 1);  /* element-checked copy that succeeds */
  CHECK_STR(((bb_string **)bb_array_data(ss))[0], "x");

  /* arraycopy's common case: byte arrays at offsets, and an empty copy at the end */
  bb_array *ba = bb_new_array(ctx, BB_CLASS_BYTE_ARRAY, 6, 0);
  memcpy(bb_array_data(ba), "abcabd", 6);
  bb_array *bb2 = bb_new_array(ctx, BB_CLASS_BYTE_ARRAY, 4, 0);
  bb_System_arraycopy(ctx, &ba->hdr, 3, &bb2->hdr, 1, 3);
  CHECK(memcmp(bb_array_data(bb2), "\0abd", 4) == 0);
  bb_System_arraycopy(ctx, &ba->hdr, 6, &bb2->hdr, 4, 0);
  CHECK(memcmp(bb_array_data(bb2), "\0abd", 4) == 0);

  /* Arrays.equals over byte ranges: lengths, bytes, empty and overlapping ranges */
  CHECK(bb_Arrays_equalsRange(ctx, ba, 0, 2, ba, 3, 5));
  CHECK(!bb_Arrays_equalsRange(ctx, ba, 0, 3, ba, 3, 6));
  CHECK(!bb_Arrays_equalsRange(ctx, ba, 0, 2, ba, 3, 6));
  CHECK(bb_Arrays_equalsRange(ctx, ba, 6, 6, ba, 0, 0));
  CHECK(bb_Arrays_equalsRange(ctx, ba, 0, 6, ba, 0, 6));
  CHECK(!bb_Arrays_equalsRange(ctx, ba, 0, 5, ba, 1, 6));

  /* Files.readAllBytes reads into an array of the file's size: files whose
   * size says 0 (/proc) or more than they hold (/sys) and pipes read whole */
  const char *odd[] = {"/proc/self/cmdline", "/sys/devices/system/cpu/online", "/dev/null"};
  for (int i = 0; i < 3; i++) {
    FILE *f = fopen(odd[i], "rb");
    if (!f) continue;  /* (not on this system) */
    char want[4096];
    size_t n = fread(want, 1, sizeof want, f);
    fclose(f);
    bb_array *got = bb_Files_readAllBytes(ctx, t_str(ctx, odd[i]));
    CHECK(got->length == (int32_t)n && memcmp(bb_array_data(got), want, n) == 0);
    /* and readBytes reads their ranges the same way */
    if (n > 1) {
      bb_array *part = bb_Files_readBytes(ctx, t_str(ctx, odd[i]), 1, 100000);
      CHECK(part->length == (int32_t)n - 1 && memcmp(bb_array_data(part), want + 1, n - 1) == 0);
    }
  }

  /* Files.size and Files.readBytes on a file of 300 known bytes: ranges
   * inside, across the end, at and past the end, empty */
  char tmpl[] = "/tmp/bb_test_lib_XXXXXX";
  int fd = mkstemp(tmpl);
  CHECK(fd >= 0);
  if (fd >= 0) {
    unsigned char data[300];
    for (int i = 0; i < 300; i++) data[i] = (unsigned char)(i * 7 + 1);
    CHECK(write(fd, data, sizeof data) == (ssize_t)sizeof data);
    close(fd);
    bb_string *tp = t_str(ctx, tmpl);
    CHECK(bb_Files_size(ctx, tp) == 300);
    const int64_t offs[] = {0, 0, 17, 250, 299, 300, 301, INT64_MAX, 5};
    const int32_t lens[] = {300, 1000, 40, 100, 1, 10, 10, INT32_MAX, 0};
    for (int k = 0; k < 9; k++) {
      bb_array *r = bb_Files_readBytes(ctx, tp, offs[k], lens[k]);
      int64_t avail = offs[k] >= 300 ? 0 : 300 - offs[k];
      int32_t want = avail < lens[k] ? (int32_t)avail : lens[k];
      CHECK(r->length == want);
      CHECK(want == 0 || memcmp(bb_array_data(r), data + offs[k], (size_t)want) == 0);
    }
    unlink(tmpl);
  }

  /* Large reads go straight into arrays that are not zeroed first: after a
   * collection has freed a large array full of 0xAA (whose block malloc may
   * hand out again), reads of a 300,000-byte file whole, inside it, across
   * its end and at it hold exactly the file's bytes */
  char big[] = "/tmp/bb_test_lib_big_XXXXXX";
  fd = mkstemp(big);
  CHECK(fd >= 0);
  if (fd >= 0) {
    enum { BIG = 300000 };
    unsigned char *data = malloc(BIG);
    CHECK(data != NULL);
    if (data) {
      for (int i = 0; i < BIG; i++) data[i] = (unsigned char)(i * 13 + 5);
      CHECK(write(fd, data, BIG) == (ssize_t)BIG);
    }
    close(fd);
    const int64_t offs[] = {0, 1000, 250000, 299999, 300000};
    const int32_t lens[] = {BIG, 100000, 100000, 5, 5};
    for (int k = 0; data && k < 5; k++) {
      bb_array *junk = bb_new_array(ctx, BB_CLASS_BYTE_ARRAY, BIG + 64, 0);
      memset(bb_array_data(junk), 0xAA, BIG + 64);
      bb_gc_collect(ctx);  /* (junk is garbage: nothing refers to it) */
      bb_string *bp = t_str(ctx, big);
      bb_array *r = k == 0 ? bb_Files_readAllBytes(ctx, bp) : bb_Files_readBytes(ctx, bp, offs[k], lens[k]);
      int64_t avail = BIG - offs[k];
      int32_t want = avail < lens[k] ? (int32_t)avail : lens[k];
      CHECK(r->length == want);
      CHECK(want == 0 || memcmp(bb_array_data(r), data + offs[k], (size_t)want) == 0);
    }
    free(data);
    unlink(big);
  }
  bb_runtime_finish(ctx);
}
