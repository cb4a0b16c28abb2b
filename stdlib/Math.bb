// Math.bb — `Math` (java.lang.Math, plus the original distribution's float
// functions sqrtf sinf cosf expf logf powf ceilf floorf) and `StrictMath`
// (the two functions java.util.Random needs, bit-exact with Java).
//
// Natives the C runtime must supply (see NATIVES.md):
//   Math: sqrt cbrt sin cos tan asin acos atan atan2 exp log log10 pow floor
//         ceil rint hypot expm1 log1p sinh cosh tanh
//         sqrtf sinf cosf expf logf powf ceilf floorf
//   StrictMath: sqrt log
// Written here in Bamboo: abs, min, max (Java's NaN and -0.0 rules), round
// (Java's exact bit algorithm), signum, toRadians, toDegrees, floorDiv,
// floorMod, nextUp, nextDown, ulp-free helpers, fabs.
// Bit views of floating values come from Double.doubleToRawLongBits etc.
// (Boxes.bb).

public class Math {

    public static final double E = 2.718281828459045;
    public static final double PI = 3.141592653589793;

    private static final double DEGREES_TO_RADIANS = 0.017453292519943295;
    private static final double RADIANS_TO_DEGREES = 57.29577951308232;

    private Math() {
    }

    /** The original distribution's `Math.PI()`: the constant as a method. */
    public static double PI() {
        return PI;
    }

    // ---- natives: double ----

    public static native double sqrt(double a);
    public static native double cbrt(double a);
    public static native double sin(double a);
    public static native double cos(double a);
    public static native double tan(double a);
    public static native double asin(double a);
    public static native double acos(double a);
    public static native double atan(double a);
    public static native double atan2(double y, double x);
    public static native double exp(double a);
    public static native double log(double a);
    public static native double log10(double a);
    public static native double pow(double a, double b);
    public static native double floor(double a);
    public static native double ceil(double a);
    public static native double rint(double a);
    public static native double hypot(double x, double y);
    public static native double expm1(double x);
    public static native double log1p(double x);
    public static native double sinh(double x);
    public static native double cosh(double x);
    public static native double tanh(double x);

    // ---- natives: float (original distribution; C's sqrtf, sinf, ...) ----

    public static native float sqrtf(float a);
    public static native float sinf(float a);
    public static native float cosf(float a);
    public static native float expf(float a);
    public static native float logf(float a);
    public static native float powf(float a, float b);
    public static native float ceilf(float a);
    public static native float floorf(float a);

    // ---- abs ----

    public static int abs(int a) {
        return (a < 0) ? -a : a;
    }

    public static long abs(long a) {
        return (a < 0) ? -a : a;
    }

    public static float abs(float a) {
        return (a <= 0.0f) ? 0.0f - a : a;
    }

    public static double abs(double a) {
        return (a <= 0.0) ? 0.0 - a : a;
    }

    /** Original distribution's name for abs(double). */
    public static double fabs(double a) {
        return (a <= 0.0) ? 0.0 - a : a;
    }

    // ---- min and max (a NaN argument wins; -0.0 < 0.0) ----

    public static int max(int a, int b) {
        return (a >= b) ? a : b;
    }

    public static long max(long a, long b) {
        return (a >= b) ? a : b;
    }

    public static int min(int a, int b) {
        return (a <= b) ? a : b;
    }

    public static long min(long a, long b) {
        return (a <= b) ? a : b;
    }

    public static float max(float a, float b) {
        if (a != a) {
            return a;
        }
        if (a == 0.0f && b == 0.0f && 1.0f / a < 0.0f) {
            return b;
        }
        return (a >= b) ? a : b;
    }

    public static double max(double a, double b) {
        if (a != a) {
            return a;
        }
        if (a == 0.0 && b == 0.0 && 1.0 / a < 0.0) {
            return b;
        }
        return (a >= b) ? a : b;
    }

    public static float min(float a, float b) {
        if (a != a) {
            return a;
        }
        if (a == 0.0f && b == 0.0f && 1.0f / b < 0.0f) {
            return b;
        }
        return (a <= b) ? a : b;
    }

    public static double min(double a, double b) {
        if (a != a) {
            return a;
        }
        if (a == 0.0 && b == 0.0 && 1.0 / b < 0.0) {
            return b;
        }
        return (a <= b) ? a : b;
    }

    // ---- rounding ----

    /** The closest long, ties toward positive infinity; NaN is 0; saturates. */
    public static long round(double a) {
        long longBits = Double.doubleToRawLongBits(a);
        long biasedExp = (longBits & 0x7FF0000000000000L) >> 52;
        long shift = (53 - 2 + 1023) - biasedExp;
        if ((shift & -64L) == 0) {
            long r = (longBits & 0x000FFFFFFFFFFFFFL) | 0x0010000000000000L;
            if (longBits < 0) {
                r = -r;
            }
            return ((r >> (int) shift) + 1) >> 1;
        } else {
            return (long) a;
        }
    }

    /** The closest int, ties toward positive infinity; NaN is 0; saturates. */
    public static int round(float a) {
        int intBits = Float.floatToRawIntBits(a);
        int biasedExp = (intBits & 0x7F800000) >> 23;
        int shift = (24 - 2 + 127) - biasedExp;
        if ((shift & -32) == 0) {
            int r = (intBits & 0x007FFFFF) | 0x00800000;
            if (intBits < 0) {
                r = -r;
            }
            return ((r >> shift) + 1) >> 1;
        } else {
            return (int) a;
        }
    }

    // ---- integer division helpers ----

    public static int floorDiv(int x, int y) {
        int q = x / y;
        if ((x % y != 0) && ((x ^ y) < 0)) {
            q--;
        }
        return q;
    }

    public static long floorDiv(long x, long y) {
        long q = x / y;
        if ((x % y != 0) && ((x ^ y) < 0)) {
            q--;
        }
        return q;
    }

    public static int floorMod(int x, int y) {
        int r = x % y;
        if ((r != 0) && ((x ^ y) < 0)) {
            r += y;
        }
        return r;
    }

    public static long floorMod(long x, long y) {
        long r = x % y;
        if ((r != 0) && ((x ^ y) < 0)) {
            r += y;
        }
        return r;
    }

    // ---- sign, angles, neighbours ----

    public static double signum(double d) {
        if (d == 0.0 || d != d) {
            return d;
        }
        return d > 0.0 ? 1.0 : -1.0;
    }

    public static float signum(float f) {
        if (f == 0.0f || f != f) {
            return f;
        }
        return f > 0.0f ? 1.0f : -1.0f;
    }

    public static double toRadians(double angdeg) {
        return angdeg * DEGREES_TO_RADIANS;
    }

    public static double toDegrees(double angrad) {
        return angrad * RADIANS_TO_DEGREES;
    }

    public static double nextUp(double d) {
        if (d < Double.POSITIVE_INFINITY) {
            long transducer = Double.doubleToRawLongBits(d + 0.0);
            return Double.longBitsToDouble(transducer + ((transducer >= 0L) ? 1L : -1L));
        }
        return d;
    }

    public static double nextDown(double d) {
        if (d != d || d == Double.NEGATIVE_INFINITY) {
            return d;
        }
        if (d == 0.0) {
            return -Double.MIN_VALUE;
        }
        return Double.longBitsToDouble(Double.doubleToRawLongBits(d) + ((d > 0.0) ? -1L : 1L));
    }
}

// StrictMath: the fdlibm results Java's StrictMath guarantees. Only what the
// library needs (java.util.Random.nextGaussian uses StrictMath.sqrt and
// StrictMath.log); the natives must be bit-exact with Java (see NATIVES.md).
public class StrictMath {

    private StrictMath() {
    }

    public static native double sqrt(double a);

    public static native double log(double a);
}
