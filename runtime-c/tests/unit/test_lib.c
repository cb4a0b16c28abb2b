/* test_lib.c — Math, conversions and arithmetic with Java's semantics. */
#include "unit.h"
#include <math.h>

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
  CHECK(bb_Math_rint(2.5) == 2.0 && bb_Math_rint(3.5) == 4.0 && bb_Math_rint(-2.5) == -2.0);
  CHECK(!signbit(bb_Math_max(-0.0, 0.0)) && !signbit(bb_Math_max(0.0, -0.0)));
  CHECK(signbit(bb_Math_min(-0.0, 0.0)) && signbit(bb_Math_min(0.0, -0.0)));
  CHECK(isnan(bb_Math_max(NAN, 1.0)) && isnan(bb_Math_min(1.0, NAN)));
  CHECK(bb_Math_max(1.0, 2.0) == 2.0 && bb_Math_min(1.0, 2.0) == 1.0);
  CHECK(!signbit(bb_Math_abs(-0.0)));
  CHECK(bb_Math_absInt(INT32_MIN) == INT32_MIN && bb_Math_absInt(-3) == 3);
  CHECK(isnan(bb_Math_pow(1.0, NAN)) && bb_Math_pow(NAN, 0.0) == 1.0 && isnan(bb_Math_pow(-1.0, INFINITY)));
  CHECK(bb_Math_pow(2.0, 10.0) == 1024.0);
  CHECK(bb_Math_signum(-3.0) == -1.0 && signbit(bb_Math_signum(-0.0)));
  CHECK(bb_d2i(NAN) == 0 && bb_d2i(1e10) == INT32_MAX && bb_d2i(-1e10) == INT32_MIN && bb_d2i(-1.9) == -1);
  CHECK(bb_d2l(1e30) == INT64_MAX && bb_d2l(-1e30) == INT64_MIN && bb_f2l(NAN) == 0);
  CHECK(bb_idiv(ctx, INT32_MIN, -1, 0) == INT32_MIN && bb_irem(ctx, INT32_MIN, -1, 0) == 0);
  CHECK(bb_idiv(ctx, -7, 2, 0) == -3 && bb_irem(ctx, -7, 2, 0) == -1);
  CHECK(bb_ldiv(ctx, INT64_MIN, -1, 0) == INT64_MIN && bb_lrem(ctx, 7, -2, 0) == 1);
  CHECK(bb_Double_compare(0.0, -0.0) == 1 && bb_Double_compare(NAN, INFINITY) == 1 && bb_Double_compare(NAN, NAN) == 0);
  CHECK(bb_Double_doubleToLongBits(-NAN) == 0x7ff8000000000000LL);
  CHECK(bb_Float_floatToIntBits(1.0f) == 0x3f800000);
  CHECK(bb_Character_isDigit('7') && !bb_Character_isDigit('a'));
  CHECK(bb_Character_isLetter('x') && bb_Character_isLetter(0xE9) && !bb_Character_isLetter('_'));
  CHECK(bb_Character_isWhitespace(' ') && bb_Character_isWhitespace('\n') && !bb_Character_isWhitespace(0xA0));
  CHECK(bb_Character_isSpaceChar(0xA0));
  CHECK(bb_Character_toUpperCase('q') == 'Q' && bb_Character_toLowerCase(0xC9) == 0xE9);
  CHECK(bb_Character_isUpperCase('Q') && bb_Character_isLowerCase('q') && !bb_Character_isUpperCase('1'));
  CHECK(bb_Character_digit('f', 16) == 15 && bb_Character_digit('g', 16) == -1 && bb_Character_forDigit(11, 16) == 'b');
  CHECK(bb_Boolean_parseBoolean(ctx, t_str(ctx, "TRUE")) && !bb_Boolean_parseBoolean(ctx, t_str(ctx, "yes")));
  CHECK_STR(bb_Integer_toHexString(ctx, -1), "ffffffff");
  CHECK_STR(bb_Integer_toBinaryString(ctx, 5), "101");
  CHECK_STR(bb_Integer_toOctalString(ctx, 8), "10");
  CHECK_STR(bb_Integer_toStringRadix(ctx, -255, 16), "-ff");
  CHECK_STR(bb_Long_toHexString(ctx, -1), "ffffffffffffffff");
  CHECK(bb_Integer_parseInt(ctx, t_str(ctx, "-123")) == -123);
  CHECK(bb_Long_parseLong(ctx, t_str(ctx, "123456789012")) == 123456789012LL);
  CHECK(bb_Double_parseDouble(ctx, t_str(ctx, "2.5")) == 2.5);
  CHECK(bb_Float_parseFloat(ctx, t_str(ctx, "0.1")) == 0.1f);
  CHECK(bb_System_nanoTime(ctx) > 0);
  CHECK(bb_System_currentTimeMillis(ctx) > 1500000000000LL);

  /* arraycopy: overlap, and Object[] <- String[] */
  bb_array *a = bb_new_array(ctx, BB_CLASS_INT_ARRAY, 5, 0);
  for (int i = 0; i < 5; i++) ((int32_t *)bb_array_data(a))[i] = i;
  bb_System_arraycopy(ctx, a, 0, a, 1, 4);
  CHECK(((int32_t *)bb_array_data(a))[4] == 3 && ((int32_t *)bb_array_data(a))[1] == 0);
  bb_array *ss = bb_new_array(ctx, BB_CLASS_STRING_ARRAY, 2, 0);
  ((bb_string **)bb_array_data(ss))[1] = t_str(ctx, "x");
  bb_array *os = bb_new_array(ctx, BB_CLASS_OBJECT_ARRAY, 2, 0);
  bb_System_arraycopy(ctx, ss, 0, os, 0, 2);
  CHECK_STR(((bb_string **)bb_array_data(os))[1], "x");
  bb_System_arraycopy(ctx, os, 1, ss, 0, 1);  /* element-checked copy that succeeds */
  CHECK_STR(((bb_string **)bb_array_data(ss))[0], "x");
  bb_runtime_finish(ctx);
}
