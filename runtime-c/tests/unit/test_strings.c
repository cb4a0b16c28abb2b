/* test_strings.c — String natives, split, UTF-8, concatenation. */
#include "unit.h"

static void check_split(bb_ctx *ctx, const char *s, const char *sep, int n, const char *const *want) {
  bb_array *a = bb_String_split(ctx, t_str(ctx, s), t_str(ctx, sep));
  bb_t_checks++;
  if (a->length != n) {
    fprintf(stderr, "split(\"%s\", \"%s\"): want %d pieces, got %d\n", s, sep, n, a->length);
    bb_t_failures++;
    return;
  }
  for (int i = 0; i < n; i++) CHECK_STR(((bb_string **)bb_array_data(a))[i], want[i]);
}
#define SPLIT(s, sep, ...)                                                          \
  do {                                                                              \
    static const char *const w__[] = {__VA_ARGS__};                                 \
    check_split(ctx, s, sep, (int)(sizeof w__ / sizeof w__[0]) - 1, w__ + 1);       \
  } while (0)

void test_strings(void) {
  bb_ctx *ctx = t_fixture();
  bb_string *hello = t_str(ctx, "hello");
  CHECK(bb_String_hashCode(ctx, hello) == 99162322);
  CHECK(bb_String_hashCode(ctx, t_str(ctx, "")) == 0);
  CHECK(bb_String_length(ctx, hello) == 5);
  CHECK(bb_String_charAt(ctx, hello, 1) == 'e');
  CHECK_STR(bb_String_substring(ctx, hello, 2), "llo");
  CHECK_STR(bb_String_substring2(ctx, hello, 1, 3), "el");
  CHECK_STR(bb_String_substring2(ctx, hello, 5, 5), "");
  CHECK(bb_String_indexOf(ctx, hello, t_str(ctx, "l")) == 2);
  CHECK(bb_String_indexOf2(ctx, hello, t_str(ctx, "l"), 3) == 3);
  CHECK(bb_String_indexOf2(ctx, hello, t_str(ctx, ""), 9) == 5);
  CHECK(bb_String_indexOf(ctx, hello, t_str(ctx, "lo!")) == -1);
  CHECK(bb_String_indexOfChar(ctx, hello, 'o') == 4);
  CHECK(bb_String_indexOfChar2(ctx, hello, 'l', -5) == 2);
  CHECK(bb_String_lastIndexOf(ctx, hello, t_str(ctx, "l")) == 3);
  CHECK(bb_String_lastIndexOf2(ctx, hello, t_str(ctx, "l"), 2) == 2);
  CHECK(bb_String_lastIndexOf(ctx, hello, t_str(ctx, "")) == 5);
  CHECK(bb_String_lastIndexOfChar(ctx, hello, 'h') == 0);
  CHECK(bb_String_lastIndexOfChar2(ctx, hello, 'o', 3) == -1);
  CHECK(bb_String_indexOfChar(ctx, t_str(ctx, "a\xF0\x9F\x98\x80"), 0x1F600) == 1);
  CHECK(bb_String_equals(ctx, hello, (bb_object *)t_str(ctx, "hello")));
  CHECK(!bb_String_equals(ctx, hello, NULL));
  CHECK(!bb_String_equals(ctx, hello, (bb_object *)t_str(ctx, "hellO")));
  CHECK(bb_String_equalsIgnoreCase(ctx, hello, t_str(ctx, "HeLLo")));
  CHECK(bb_String_compareTo(ctx, t_str(ctx, "apple"), t_str(ctx, "banana")) == 'a' - 'b');
  CHECK(bb_String_compareTo(ctx, t_str(ctx, "ab"), t_str(ctx, "abc")) == -1);
  CHECK(bb_String_compareTo(ctx, hello, hello) == 0);
  CHECK(bb_String_compareToIgnoreCase(ctx, t_str(ctx, "ABC"), t_str(ctx, "abd")) == -1);
  CHECK(bb_String_startsWith(ctx, hello, t_str(ctx, "he")));
  CHECK(!bb_String_startsWith(ctx, hello, t_str(ctx, "hello!")));
  CHECK(bb_String_startsWith2(ctx, hello, t_str(ctx, "ll"), 2));
  CHECK(bb_String_endsWith(ctx, hello, t_str(ctx, "llo")));
  CHECK(bb_String_endsWith(ctx, hello, t_str(ctx, "")));
  CHECK(bb_String_contains(ctx, hello, t_str(ctx, "ell")));
  CHECK_STR(bb_String_trim(ctx, t_str(ctx, " \t hi there \n")), "hi there");
  CHECK_STR(bb_String_trim(ctx, t_str(ctx, "   ")), "");
  CHECK_STR(bb_String_toUpperCase(ctx, t_str(ctx, "stra\xC3\x9F" "e \xC3\xA9t\xC3\xA9")), "STRASSE \xC3\x89T\xC3\x89");
  CHECK_STR(bb_String_toLowerCase(ctx, t_str(ctx, "HeLLo \xC3\x84")), "hello \xC3\xA4");
  CHECK_STR(bb_String_concat(ctx, hello, t_str(ctx, " world")), "hello world");
  CHECK_STR(bb_String_replace(ctx, hello, 'l', 'L'), "heLLo");
  CHECK_STR(bb_concat(ctx, NULL, hello), "nullhello");
  bb_string *parts[4] = {hello, NULL, t_str(ctx, "-"), bb_String_valueOfDouble(ctx, 1e7)};
  CHECK_STR(bb_concatn(ctx, 4, parts), "hellonull-1.0E7");
  CHECK_STR(bb_String_valueOfInt(ctx, -42), "-42");
  CHECK_STR(bb_String_valueOfLong(ctx, 1234567890123LL), "1234567890123");
  CHECK_STR(bb_String_valueOfBoolean(ctx, true), "true");
  CHECK_STR(bb_String_valueOfChar(ctx, 0xE9), "\xC3\xA9");
  CHECK_STR(bb_String_valueOfFloat(ctx, 1.1f), "1.1");
  CHECK_STR(bb_String_valueOfDouble(ctx, 100.0), "100.0");
  CHECK_STR(bb_String_valueOfString(ctx, NULL), "null");
  bb_array *cs = bb_String_toCharArray(ctx, hello);
  CHECK(cs->length == 5 && ((bb_char *)bb_array_data(cs))[4] == 'o');
  CHECK_STR(bb_String_newFromChars(ctx, cs), "hello");
  CHECK_STR(bb_String_newFromChars3(ctx, cs, 1, 2), "el");

  /* split: Java's results with limit 0 */
  SPLIT("a,b,,c,,", ",", "", "a", "b", "", "c");
  SPLIT(",a", ",", "", "", "a");
  SPLIT("", ",", "", "");
  SPLIT(",,,", ",", "");
  SPLIT("abc", "", "", "a", "b", "c");
  SPLIT("", "", "", "");
  SPLIT("abc", "abc", "");
  SPLIT("boo:and:foo", "o", "", "b", "", ":and:f");
  SPLIT("boo:and:foo", ":", "", "boo", "and", "foo");
  SPLIT("a b  c", " ", "", "a", "b", "", "c");
  SPLIT("  a b\t\nc ", "\\s+", "", "", "a", "b", "c");
  SPLIT("a b", "\\s", "", "a", "b");
  SPLIT("a   b", " +", "", "a", "b");
  SPLIT("a.b.c", "\\.", "", "a", "b", "c");
  SPLIT("a||b|", "\\|", "", "a", "", "b");
  SPLIT("one--two--", "--", "", "one", "two");
  SPLIT("no separator", ",", "", "no separator");

  /* UTF-8 */
  bb_string *s = t_str(ctx, "h\xC3\xA9\xF0\x9F\x98\x80");
  CHECK(s->length == 4 && s->chars[1] == 0xE9 && s->chars[2] == 0xD83D && s->chars[3] == 0xDE00);
  s = bb_string_from_utf8(ctx, "\xE2\x82" "A\xFF", 4, false);
  CHECK(s->length == 3 && s->chars[0] == 0xFFFD && s->chars[1] == 'A' && s->chars[2] == 0xFFFD);
  s = bb_string_from_utf8(ctx, "\xED\xA0\x80", 3, false);  /* a UTF-8-encoded surrogate is malformed */
  CHECK(s->length == 3 && s->chars[0] == 0xFFFD);
  CHECK(bb_string_from_utf8(ctx, "ok\xC0\xAF", 4, true) == NULL);
  bb_char lone[2] = {'a', 0xD800};
  size_t n;
  char *u = bb_string_to_utf8(bb_string_from_utf16(ctx, lone, 2), &n);
  CHECK(n == 2 && !memcmp(u, "a?", 2));
  free(u);
  bb_runtime_finish(ctx);
}

void test_unicode(void);
void test_unicode(void) {
  bb_ctx *ctx = t_fixture();
  CHECK_STR(bb_String_toUpperCase(ctx, t_str(ctx, "\xEF\xAC\x80x")), "FFX");                  /* U+FB00 ff ligature */
  CHECK_STR(bb_String_toLowerCase(ctx, t_str(ctx, "\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3")), "\xCE\xBF\xCE\xB4\xCE\xBF\xCF\x82"); /* final sigma */
  CHECK_STR(bb_String_toLowerCase(ctx, t_str(ctx, "\xCE\xA3\xCE\x91")), "\xCF\x83\xCE\xB1");
  CHECK_STR(bb_String_toLowerCase(ctx, t_str(ctx, "\xC4\xB0")), "i\xCC\x87");                 /* U+0130 */
  CHECK_STR(bb_String_toUpperCase(ctx, t_str(ctx, "\xF0\x90\x90\xA8")), "\xF0\x90\x90\x80"); /* Deseret, supplementary */
  CHECK(bb_uc_type('a') == 2 && bb_uc_type(' ') == 12 && bb_uc_type('5') == 9);
  CHECK(bb_uc_type(0x20AC) == 26 && bb_uc_type(0x4E00) == 5 && bb_uc_type(0x10FFFF) == 0);
  CHECK(bb_uc_digit(0x0663, 10) == 3 && bb_uc_digit(0xFF21, 16) == 10);
  CHECK(bb_uc_isletter(0x4E00) && bb_uc_isdigit(0x0969) && !bb_uc_isletter(0x2603));
  CHECK(bb_uc_toupper(0xDF) == 0xDF && bb_uc_toupper(0x1C6) == 0x1C4);
  bb_runtime_finish(ctx);
}
