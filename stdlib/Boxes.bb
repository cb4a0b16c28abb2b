// Boxes.bb — the number and character classes: `Number`, `Integer`, `Long`,
// `Float`, `Double`, `Character`, `Boolean`. Each is both a holder of static
// parse/format/classify methods and constants, and an immutable box
// (`new Integer(5)`, `intValue()`, `equals`, `hashCode` as in Java). There is
// no autoboxing: box and unbox explicitly. `valueOf` always allocates (Java
// caches small boxes, which only `==` on boxes could observe).
//
// Natives the C runtime must supply (see NATIVES.md):
//   Double.toString(double), Double.parseDouble(String),
//   Double.doubleToRawLongBits(double), Double.longBitsToDouble(long),
//   Float.toString(float), Float.parseFloat(String),
//   Float.floatToRawIntBits(float), Float.intBitsToFloat(int),
//   Character.getType(int), Character.isUpperCase(int),
//   Character.isLowerCase(int), Character.toUpperCase(int),
//   Character.toLowerCase(int), Character.digit(int, int)
// Integer and Long parsing and formatting are written here in Bamboo with
// Java's algorithms; so are every classification with an ASCII fast path.

public abstract class Number {

    public Number() {
    }

    public abstract int intValue();

    public abstract long longValue();

    public abstract float floatValue();

    public abstract double doubleValue();

    public byte byteValue() {
        return (byte) intValue();
    }

    public short shortValue() {
        return (short) intValue();
    }
}

public class Integer extends Number {

    public static final int MIN_VALUE = 0x80000000;
    public static final int MAX_VALUE = 0x7fffffff;
    public static final int SIZE = 32;
    public static final int BYTES = 4;

    private static final String DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

    private final int value;

    public Integer(int value) {
        this.value = value;
    }

    public Integer(String s) {
        this.value = parseInt(s, 10);
    }

    // ---- box ----

    public int intValue() {
        return value;
    }

    public long longValue() {
        return (long) value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return (double) value;
    }

    public byte byteValue() {
        return (byte) value;
    }

    public short shortValue() {
        return (short) value;
    }

    public String toString() {
        return toString(value);
    }

    public int hashCode() {
        return value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Integer) {
            return value == ((Integer) obj).intValue();
        }
        return false;
    }

    public int compareTo(Integer anotherInteger) {
        return compare(value, anotherInteger.value);
    }

    public static Integer valueOf(int i) {
        return new Integer(i);
    }

    public static Integer valueOf(String s) {
        return new Integer(parseInt(s, 10));
    }

    public static Integer valueOf(String s, int radix) {
        return new Integer(parseInt(s, radix));
    }

    // ---- parsing ----

    public static int parseInt(String s) {
        return parseInt(s, 10);
    }

    /** Java's algorithm: optional sign, then digits of `radix` (Character.digit). */
    public static int parseInt(String s, int radix) {
        if (s == null) {
            BambooRuntime.error("NumberFormatException", "Cannot parse null string");
        }
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            BambooRuntime.error("NumberFormatException", "radix " + radix + " out of range");
        }
        int len = s.length();
        if (len == 0) {
            failParse(s, radix);
        }
        boolean negative = false;
        int i = 0;
        int limit = -MAX_VALUE;
        char firstChar = s.charAt(0);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = MIN_VALUE;
            } else if (firstChar != '+') {
                failParse(s, radix);
            }
            if (len == 1) {
                failParse(s, radix);
            }
            i++;
        }
        int multmin = limit / radix;
        int result = 0;
        while (i < len) {
            int digit = Character.digit(s.charAt(i), radix);
            i++;
            if (digit < 0 || result < multmin) {
                failParse(s, radix);
            }
            result *= radix;
            if (result < limit + digit) {
                failParse(s, radix);
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    private static void failParse(String s, int radix) {
        BambooRuntime.error("NumberFormatException",
                "For input string: \"" + s + "\"" + (radix == 10 ? "" : " under radix " + radix));
    }

    // ---- formatting ----

    public static String toString(int i) {
        return toString(i, 10);
    }

    public static String toString(int i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        char[] buf = new char[33];
        int pos = 32;
        boolean negative = i < 0;
        if (!negative) {
            i = -i;
        }
        // work with the non-positive value so MIN_VALUE needs no special case
        while (i <= -radix) {
            buf[pos] = DIGITS.charAt(-(i % radix));
            pos--;
            i = i / radix;
        }
        buf[pos] = DIGITS.charAt(-i);
        if (negative) {
            pos--;
            buf[pos] = '-';
        }
        return new String(buf, pos, 33 - pos);
    }

    private static String toUnsignedString(int val, int shift) {
        int mag = SIZE - numberOfLeadingZeros(val);
        int chars = (mag + (shift - 1)) / shift;
        if (chars < 1) {
            chars = 1;
        }
        char[] buf = new char[chars];
        int radix = 1 << shift;
        int mask = radix - 1;
        int charPos = chars;
        do {
            charPos--;
            buf[charPos] = DIGITS.charAt(val & mask);
            val >>>= shift;
        } while (charPos > 0);
        return new String(buf);
    }

    public static String toHexString(int i) {
        return toUnsignedString(i, 4);
    }

    public static String toOctalString(int i) {
        return toUnsignedString(i, 3);
    }

    public static String toBinaryString(int i) {
        return toUnsignedString(i, 1);
    }

    // ---- static helpers ----

    public static int hashCode(int value) {
        return value;
    }

    public static int compare(int x, int y) {
        return (x < y) ? -1 : ((x == y) ? 0 : 1);
    }

    public static int signum(int i) {
        return (i >> 31) | (-i >>> 31);
    }

    public static int max(int a, int b) {
        return (a >= b) ? a : b;
    }

    public static int min(int a, int b) {
        return (a <= b) ? a : b;
    }

    public static int sum(int a, int b) {
        return a + b;
    }

    public static int bitCount(int i) {
        i = i - ((i >>> 1) & 0x55555555);
        i = (i & 0x33333333) + ((i >>> 2) & 0x33333333);
        i = (i + (i >>> 4)) & 0x0f0f0f0f;
        i = i + (i >>> 8);
        i = i + (i >>> 16);
        return i & 0x3f;
    }

    public static int numberOfLeadingZeros(int i) {
        if (i <= 0) {
            return i == 0 ? 32 : 0;
        }
        int n = 31;
        if (i >= 1 << 16) { n -= 16; i >>>= 16; }
        if (i >= 1 << 8) { n -= 8; i >>>= 8; }
        if (i >= 1 << 4) { n -= 4; i >>>= 4; }
        if (i >= 1 << 2) { n -= 2; i >>>= 2; }
        return n - (i >>> 1);
    }

    public static int numberOfTrailingZeros(int i) {
        i = ~i & (i - 1);
        if (i <= 0) {
            return i & 32;
        }
        int n = 1;
        if (i > 1 << 16) { n += 16; i >>>= 16; }
        if (i > 1 << 8) { n += 8; i >>>= 8; }
        if (i > 1 << 4) { n += 4; i >>>= 4; }
        if (i > 1 << 2) { n += 2; i >>>= 2; }
        return n + (i >>> 1);
    }

    public static int highestOneBit(int i) {
        return i & (MIN_VALUE >>> numberOfLeadingZeros(i));
    }

    public static int lowestOneBit(int i) {
        return i & -i;
    }

    public static int reverse(int i) {
        i = (i & 0x55555555) << 1 | (i >>> 1) & 0x55555555;
        i = (i & 0x33333333) << 2 | (i >>> 2) & 0x33333333;
        i = (i & 0x0f0f0f0f) << 4 | (i >>> 4) & 0x0f0f0f0f;
        return reverseBytes(i);
    }

    public static int reverseBytes(int i) {
        return (i << 24) | ((i & 0xff00) << 8) | ((i >>> 8) & 0xff00) | (i >>> 24);
    }

    public static int rotateLeft(int i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static int rotateRight(int i, int distance) {
        return (i >>> distance) | (i << -distance);
    }
}

public class Long extends Number {

    public static final long MIN_VALUE = 0x8000000000000000L;
    public static final long MAX_VALUE = 0x7fffffffffffffffL;
    public static final int SIZE = 64;
    public static final int BYTES = 8;

    private static final String DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

    private final long value;

    public Long(long value) {
        this.value = value;
    }

    public Long(String s) {
        this.value = parseLong(s, 10);
    }

    // ---- box ----

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return (double) value;
    }

    public String toString() {
        return toString(value);
    }

    public int hashCode() {
        return (int) (value ^ (value >>> 32));
    }

    public boolean equals(Object obj) {
        if (obj instanceof Long) {
            return value == ((Long) obj).longValue();
        }
        return false;
    }

    public int compareTo(Long anotherLong) {
        return compare(value, anotherLong.value);
    }

    public static Long valueOf(long l) {
        return new Long(l);
    }

    public static Long valueOf(String s) {
        return new Long(parseLong(s, 10));
    }

    public static Long valueOf(String s, int radix) {
        return new Long(parseLong(s, radix));
    }

    // ---- parsing ----

    public static long parseLong(String s) {
        return parseLong(s, 10);
    }

    public static long parseLong(String s, int radix) {
        if (s == null) {
            BambooRuntime.error("NumberFormatException", "Cannot parse null string");
        }
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            BambooRuntime.error("NumberFormatException", "radix " + radix + " out of range");
        }
        int len = s.length();
        if (len == 0) {
            failParse(s, radix);
        }
        boolean negative = false;
        int i = 0;
        long limit = -MAX_VALUE;
        char firstChar = s.charAt(0);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = MIN_VALUE;
            } else if (firstChar != '+') {
                failParse(s, radix);
            }
            if (len == 1) {
                failParse(s, radix);
            }
            i++;
        }
        long multmin = limit / radix;
        long result = 0;
        while (i < len) {
            int digit = Character.digit(s.charAt(i), radix);
            i++;
            if (digit < 0 || result < multmin) {
                failParse(s, radix);
            }
            result *= radix;
            if (result < limit + digit) {
                failParse(s, radix);
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    private static void failParse(String s, int radix) {
        BambooRuntime.error("NumberFormatException",
                "For input string: \"" + s + "\"" + (radix == 10 ? "" : " under radix " + radix));
    }

    // ---- formatting ----

    public static String toString(long i) {
        return toString(i, 10);
    }

    public static String toString(long i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        char[] buf = new char[65];
        int pos = 64;
        boolean negative = i < 0;
        if (!negative) {
            i = -i;
        }
        while (i <= -radix) {
            buf[pos] = DIGITS.charAt((int) (-(i % radix)));
            pos--;
            i = i / radix;
        }
        buf[pos] = DIGITS.charAt((int) (-i));
        if (negative) {
            pos--;
            buf[pos] = '-';
        }
        return new String(buf, pos, 65 - pos);
    }

    private static String toUnsignedString(long val, int shift) {
        int mag = SIZE - numberOfLeadingZeros(val);
        int chars = (mag + (shift - 1)) / shift;
        if (chars < 1) {
            chars = 1;
        }
        char[] buf = new char[chars];
        int radix = 1 << shift;
        long mask = radix - 1;
        int charPos = chars;
        do {
            charPos--;
            buf[charPos] = DIGITS.charAt((int) (val & mask));
            val >>>= shift;
        } while (charPos > 0);
        return new String(buf);
    }

    public static String toHexString(long i) {
        return toUnsignedString(i, 4);
    }

    public static String toOctalString(long i) {
        return toUnsignedString(i, 3);
    }

    public static String toBinaryString(long i) {
        return toUnsignedString(i, 1);
    }

    // ---- static helpers ----

    public static int hashCode(long value) {
        return (int) (value ^ (value >>> 32));
    }

    public static int compare(long x, long y) {
        return (x < y) ? -1 : ((x == y) ? 0 : 1);
    }

    public static int signum(long i) {
        return (int) ((i >> 63) | (-i >>> 63));
    }

    public static long max(long a, long b) {
        return (a >= b) ? a : b;
    }

    public static long min(long a, long b) {
        return (a <= b) ? a : b;
    }

    public static long sum(long a, long b) {
        return a + b;
    }

    public static int bitCount(long i) {
        i = i - ((i >>> 1) & 0x5555555555555555L);
        i = (i & 0x3333333333333333L) + ((i >>> 2) & 0x3333333333333333L);
        i = (i + (i >>> 4)) & 0x0f0f0f0f0f0f0f0fL;
        i = i + (i >>> 8);
        i = i + (i >>> 16);
        i = i + (i >>> 32);
        return (int) i & 0x7f;
    }

    public static int numberOfLeadingZeros(long i) {
        int x = (int) (i >>> 32);
        return x == 0 ? 32 + Integer.numberOfLeadingZeros((int) i) : Integer.numberOfLeadingZeros(x);
    }

    public static int numberOfTrailingZeros(long i) {
        int x = (int) i;
        return x == 0 ? 32 + Integer.numberOfTrailingZeros((int) (i >>> 32)) : Integer.numberOfTrailingZeros(x);
    }

    public static long highestOneBit(long i) {
        return i & (MIN_VALUE >>> numberOfLeadingZeros(i));
    }

    public static long lowestOneBit(long i) {
        return i & -i;
    }

    public static long reverse(long i) {
        i = (i & 0x5555555555555555L) << 1 | (i >>> 1) & 0x5555555555555555L;
        i = (i & 0x3333333333333333L) << 2 | (i >>> 2) & 0x3333333333333333L;
        i = (i & 0x0f0f0f0f0f0f0f0fL) << 4 | (i >>> 4) & 0x0f0f0f0f0f0f0f0fL;
        return reverseBytes(i);
    }

    public static long reverseBytes(long i) {
        i = (i & 0x00ff00ff00ff00ffL) << 8 | (i >>> 8) & 0x00ff00ff00ff00ffL;
        return (i << 48) | ((i & 0xffff0000L) << 16) | ((i >>> 16) & 0xffff0000L) | (i >>> 48);
    }

    public static long rotateLeft(long i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static long rotateRight(long i, int distance) {
        return (i >>> distance) | (i << -distance);
    }
}

public class Double extends Number {

    public static final double POSITIVE_INFINITY = 1.0 / 0.0;
    public static final double NEGATIVE_INFINITY = -1.0 / 0.0;
    public static final double NaN = 0.0 / 0.0;
    public static final double MAX_VALUE = 1.7976931348623157E308;
    public static final double MIN_NORMAL = 2.2250738585072014E-308;
    public static final double MIN_VALUE = 4.9E-324;
    public static final int MAX_EXPONENT = 1023;
    public static final int MIN_EXPONENT = -1022;
    public static final int SIZE = 64;
    public static final int BYTES = 8;
    public static final int PRECISION = 53;

    private final double value;

    public Double(double value) {
        this.value = value;
    }

    public Double(String s) {
        this.value = parseDouble(s);
    }

    // ---- natives ----

    /** Java's Double.toString (JDK 19+: shortest decimal that round-trips). */
    public static native String toString(double d);

    /** Java's Double.parseDouble (FloatingDecimal grammar, correctly rounded). */
    public static native double parseDouble(String s);

    public static native long doubleToRawLongBits(double value);

    public static native double longBitsToDouble(long bits);

    // ---- box ----

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return (long) value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return value;
    }

    public String toString() {
        return toString(value);
    }

    public int hashCode() {
        return hashCode(value);
    }

    public boolean equals(Object obj) {
        if (obj instanceof Double) {
            return doubleToLongBits(((Double) obj).value) == doubleToLongBits(value);
        }
        return false;
    }

    public int compareTo(Double anotherDouble) {
        return compare(value, anotherDouble.value);
    }

    public boolean isNaN() {
        return value != value;
    }

    public boolean isInfinite() {
        return isInfinite(value);
    }

    public static Double valueOf(double d) {
        return new Double(d);
    }

    public static Double valueOf(String s) {
        return new Double(parseDouble(s));
    }

    // ---- static helpers ----

    /** Like doubleToRawLongBits, but every NaN maps to 0x7ff8000000000000L. */
    public static long doubleToLongBits(double value) {
        if (value != value) {
            return 0x7ff8000000000000L;
        }
        return doubleToRawLongBits(value);
    }

    public static int hashCode(double value) {
        long bits = doubleToLongBits(value);
        return (int) (bits ^ (bits >>> 32));
    }

    public static boolean isNaN(double v) {
        return v != v;
    }

    public static boolean isInfinite(double v) {
        return (v == POSITIVE_INFINITY) || (v == NEGATIVE_INFINITY);
    }

    public static boolean isFinite(double d) {
        return Math.abs(d) <= MAX_VALUE;
    }

    /** Total order: -0.0 < 0.0, and NaN above everything (equal to itself). */
    public static int compare(double d1, double d2) {
        if (d1 < d2) {
            return -1;
        }
        if (d1 > d2) {
            return 1;
        }
        long thisBits = doubleToLongBits(d1);
        long anotherBits = doubleToLongBits(d2);
        return (thisBits == anotherBits ? 0 : (thisBits < anotherBits ? -1 : 1));
    }

    public static double sum(double a, double b) {
        return a + b;
    }

    public static double max(double a, double b) {
        return Math.max(a, b);
    }

    public static double min(double a, double b) {
        return Math.min(a, b);
    }
}

public class Float extends Number {

    public static final float POSITIVE_INFINITY = 1.0f / 0.0f;
    public static final float NEGATIVE_INFINITY = -1.0f / 0.0f;
    public static final float NaN = 0.0f / 0.0f;
    public static final float MAX_VALUE = 3.4028235E38f;
    public static final float MIN_NORMAL = 1.17549435E-38f;
    public static final float MIN_VALUE = 1.4E-45f;
    public static final int MAX_EXPONENT = 127;
    public static final int MIN_EXPONENT = -126;
    public static final int SIZE = 32;
    public static final int BYTES = 4;
    public static final int PRECISION = 24;

    private final float value;

    public Float(float value) {
        this.value = value;
    }

    public Float(double value) {
        this.value = (float) value;
    }

    public Float(String s) {
        this.value = parseFloat(s);
    }

    // ---- natives ----

    /** Java's Float.toString (JDK 19+: shortest decimal that round-trips as a float). */
    public static native String toString(float f);

    /** Java's Float.parseFloat: rounded once, straight to float. */
    public static native float parseFloat(String s);

    public static native int floatToRawIntBits(float value);

    public static native float intBitsToFloat(int bits);

    // ---- box ----

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return (long) value;
    }

    public float floatValue() {
        return value;
    }

    public double doubleValue() {
        return (double) value;
    }

    public String toString() {
        return toString(value);
    }

    public int hashCode() {
        return floatToIntBits(value);
    }

    public boolean equals(Object obj) {
        if (obj instanceof Float) {
            return floatToIntBits(((Float) obj).value) == floatToIntBits(value);
        }
        return false;
    }

    public int compareTo(Float anotherFloat) {
        return compare(value, anotherFloat.value);
    }

    public boolean isNaN() {
        return value != value;
    }

    public boolean isInfinite() {
        return isInfinite(value);
    }

    public static Float valueOf(float f) {
        return new Float(f);
    }

    public static Float valueOf(String s) {
        return new Float(parseFloat(s));
    }

    // ---- static helpers ----

    /** Like floatToRawIntBits, but every NaN maps to 0x7fc00000. */
    public static int floatToIntBits(float value) {
        if (value != value) {
            return 0x7fc00000;
        }
        return floatToRawIntBits(value);
    }

    public static int hashCode(float value) {
        return floatToIntBits(value);
    }

    public static boolean isNaN(float v) {
        return v != v;
    }

    public static boolean isInfinite(float v) {
        return (v == POSITIVE_INFINITY) || (v == NEGATIVE_INFINITY);
    }

    public static boolean isFinite(float f) {
        return Math.abs(f) <= MAX_VALUE;
    }

    public static int compare(float f1, float f2) {
        if (f1 < f2) {
            return -1;
        }
        if (f1 > f2) {
            return 1;
        }
        int thisBits = floatToIntBits(f1);
        int anotherBits = floatToIntBits(f2);
        return (thisBits == anotherBits ? 0 : (thisBits < anotherBits ? -1 : 1));
    }

    public static float sum(float a, float b) {
        return a + b;
    }

    public static float max(float a, float b) {
        return Math.max(a, b);
    }

    public static float min(float a, float b) {
        return Math.min(a, b);
    }
}

public class Character {

    public static final int MIN_RADIX = 2;
    public static final int MAX_RADIX = 36;
    public static final char MIN_VALUE = '\u0000';
    public static final char MAX_VALUE = '\uFFFF';
    public static final char MIN_HIGH_SURROGATE = '\uD800';
    public static final char MAX_HIGH_SURROGATE = '\uDBFF';
    public static final char MIN_LOW_SURROGATE = '\uDC00';
    public static final char MAX_LOW_SURROGATE = '\uDFFF';
    public static final char MIN_SURROGATE = '\uD800';
    public static final char MAX_SURROGATE = '\uDFFF';
    public static final int MIN_CODE_POINT = 0x000000;
    public static final int MAX_CODE_POINT = 0x10FFFF;
    public static final int SIZE = 16;
    public static final int BYTES = 2;

    // General categories, as returned by getType (Java's values).
    public static final byte UNASSIGNED = 0;
    public static final byte UPPERCASE_LETTER = 1;
    public static final byte LOWERCASE_LETTER = 2;
    public static final byte TITLECASE_LETTER = 3;
    public static final byte MODIFIER_LETTER = 4;
    public static final byte OTHER_LETTER = 5;
    public static final byte NON_SPACING_MARK = 6;
    public static final byte ENCLOSING_MARK = 7;
    public static final byte COMBINING_SPACING_MARK = 8;
    public static final byte DECIMAL_DIGIT_NUMBER = 9;
    public static final byte LETTER_NUMBER = 10;
    public static final byte OTHER_NUMBER = 11;
    public static final byte SPACE_SEPARATOR = 12;
    public static final byte LINE_SEPARATOR = 13;
    public static final byte PARAGRAPH_SEPARATOR = 14;
    public static final byte CONTROL = 15;
    public static final byte FORMAT = 16;
    public static final byte PRIVATE_USE = 18;
    public static final byte SURROGATE = 19;
    public static final byte DASH_PUNCTUATION = 20;
    public static final byte START_PUNCTUATION = 21;
    public static final byte END_PUNCTUATION = 22;
    public static final byte CONNECTOR_PUNCTUATION = 23;
    public static final byte OTHER_PUNCTUATION = 24;
    public static final byte MATH_SYMBOL = 25;
    public static final byte CURRENCY_SYMBOL = 26;
    public static final byte MODIFIER_SYMBOL = 27;
    public static final byte INITIAL_QUOTE_PUNCTUATION = 29;
    public static final byte FINAL_QUOTE_PUNCTUATION = 30;

    private final char value;

    public Character(char value) {
        this.value = value;
    }

    // ---- natives (Unicode tables, code point argument) ----

    /** Java's Character.getType(int): the Unicode general category. */
    public static native int getType(int codePoint);

    public static native boolean isUpperCase(int codePoint);

    public static native boolean isLowerCase(int codePoint);

    public static native int toUpperCase(int codePoint);

    public static native int toLowerCase(int codePoint);

    /** Java's Character.digit(int, int): -1 unless a digit of `radix`. */
    public static native int digit(int codePoint, int radix);

    // ---- box ----

    public char charValue() {
        return value;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public int hashCode() {
        return (int) value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Character) {
            return value == ((Character) obj).charValue();
        }
        return false;
    }

    public int compareTo(Character anotherCharacter) {
        return compare(value, anotherCharacter.value);
    }

    public static Character valueOf(char c) {
        return new Character(c);
    }

    public static String toString(char c) {
        return String.valueOf(c);
    }

    public static int hashCode(char value) {
        return (int) value;
    }

    public static int compare(char x, char y) {
        return x - y;
    }

    // ---- classification (char overloads call the int ones) ----

    public static int getType(char ch) {
        return getType((int) ch);
    }

    public static boolean isDigit(char ch) {
        return isDigit((int) ch);
    }

    public static boolean isDigit(int codePoint) {
        if (codePoint < 128) {
            return codePoint >= '0' && codePoint <= '9';
        }
        return getType(codePoint) == DECIMAL_DIGIT_NUMBER;
    }

    public static boolean isLetter(char ch) {
        return isLetter((int) ch);
    }

    public static boolean isLetter(int codePoint) {
        if (codePoint < 128) {
            return (codePoint >= 'a' && codePoint <= 'z') || (codePoint >= 'A' && codePoint <= 'Z');
        }
        int t = getType(codePoint);
        return t >= UPPERCASE_LETTER && t <= OTHER_LETTER;
    }

    public static boolean isLetterOrDigit(char ch) {
        return isLetterOrDigit((int) ch);
    }

    public static boolean isLetterOrDigit(int codePoint) {
        if (codePoint < 128) {
            return (codePoint >= 'a' && codePoint <= 'z') || (codePoint >= 'A' && codePoint <= 'Z')
                    || (codePoint >= '0' && codePoint <= '9');
        }
        int t = getType(codePoint);
        return (t >= UPPERCASE_LETTER && t <= OTHER_LETTER) || t == DECIMAL_DIGIT_NUMBER;
    }

    public static boolean isUpperCase(char ch) {
        if (ch < 128) {
            return ch >= 'A' && ch <= 'Z';
        }
        return isUpperCase((int) ch);
    }

    public static boolean isLowerCase(char ch) {
        if (ch < 128) {
            return ch >= 'a' && ch <= 'z';
        }
        return isLowerCase((int) ch);
    }

    public static boolean isTitleCase(char ch) {
        return getType((int) ch) == TITLECASE_LETTER;
    }

    /** Java's rule: a Unicode space (not a no-break one), or \t \n \u000B \f \r \u001C-\u001F. */
    public static boolean isWhitespace(char ch) {
        return isWhitespace((int) ch);
    }

    public static boolean isWhitespace(int codePoint) {
        if (codePoint < 128) {
            return codePoint == ' ' || (codePoint >= 0x09 && codePoint <= 0x0D)
                    || (codePoint >= 0x1C && codePoint <= 0x1F);
        }
        if (codePoint == 0x00A0 || codePoint == 0x2007 || codePoint == 0x202F) {
            return false;
        }
        int t = getType(codePoint);
        return t == SPACE_SEPARATOR || t == LINE_SEPARATOR || t == PARAGRAPH_SEPARATOR;
    }

    public static boolean isSpaceChar(char ch) {
        int t = getType((int) ch);
        return t == SPACE_SEPARATOR || t == LINE_SEPARATOR || t == PARAGRAPH_SEPARATOR;
    }

    public static boolean isISOControl(char ch) {
        return ch <= 0x9F && (ch >= 0x7F || (ch >>> 5 == 0));
    }

    public static boolean isHighSurrogate(char ch) {
        return ch >= MIN_HIGH_SURROGATE && ch <= MAX_HIGH_SURROGATE;
    }

    public static boolean isLowSurrogate(char ch) {
        return ch >= MIN_LOW_SURROGATE && ch <= MAX_LOW_SURROGATE;
    }

    public static boolean isSurrogate(char ch) {
        return ch >= MIN_SURROGATE && ch <= MAX_SURROGATE;
    }

    // ---- case mapping and digits ----

    public static char toUpperCase(char ch) {
        if (ch < 128) {
            if (ch >= 'a' && ch <= 'z') {
                return (char) (ch - 32);
            }
            return ch;
        }
        return (char) toUpperCase((int) ch);
    }

    public static char toLowerCase(char ch) {
        if (ch < 128) {
            if (ch >= 'A' && ch <= 'Z') {
                return (char) (ch + 32);
            }
            return ch;
        }
        return (char) toLowerCase((int) ch);
    }

    public static int digit(char ch, int radix) {
        if (ch < 128 && radix >= MIN_RADIX && radix <= MAX_RADIX) {
            int d = -1;
            if (ch >= '0' && ch <= '9') {
                d = ch - '0';
            } else if (ch >= 'a' && ch <= 'z') {
                d = ch - 'a' + 10;
            } else if (ch >= 'A' && ch <= 'Z') {
                d = ch - 'A' + 10;
            }
            return d < radix ? d : -1;
        }
        return digit((int) ch, radix);
    }

    public static char forDigit(int digit, int radix) {
        if (digit >= radix || digit < 0) {
            return '\u0000';
        }
        if (radix < MIN_RADIX || radix > MAX_RADIX) {
            return '\u0000';
        }
        if (digit < 10) {
            return (char) ('0' + digit);
        }
        return (char) ('a' - 10 + digit);
    }
}

public class Boolean {

    private final boolean value;

    public Boolean(boolean value) {
        this.value = value;
    }

    public Boolean(String s) {
        this.value = parseBoolean(s);
    }

    public boolean booleanValue() {
        return value;
    }

    public String toString() {
        return value ? "true" : "false";
    }

    public int hashCode() {
        return value ? 1231 : 1237;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Boolean) {
            return value == ((Boolean) obj).booleanValue();
        }
        return false;
    }

    public int compareTo(Boolean b) {
        return compare(value, b.value);
    }

    /** True exactly when s is "true" ignoring case (null is false). */
    public static boolean parseBoolean(String s) {
        return s != null && s.equalsIgnoreCase("true");
    }

    public static Boolean valueOf(boolean b) {
        return new Boolean(b);
    }

    public static Boolean valueOf(String s) {
        return new Boolean(parseBoolean(s));
    }

    public static String toString(boolean b) {
        return b ? "true" : "false";
    }

    public static int hashCode(boolean value) {
        return value ? 1231 : 1237;
    }

    public static int compare(boolean x, boolean y) {
        return (x == y) ? 0 : (x ? 1 : -1);
    }

    public static boolean logicalAnd(boolean a, boolean b) {
        return a && b;
    }

    public static boolean logicalOr(boolean a, boolean b) {
        return a || b;
    }

    public static boolean logicalXor(boolean a, boolean b) {
        return a ^ b;
    }
}
