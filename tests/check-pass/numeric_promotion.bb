// Binary numeric promotion among int, long, float and double; integer
// overflow wraps; widening in assignment, arguments and returns; literals
// with suffixes and exponents.

class Num {
    static double half(double x) {
        return x / 2;
    }

    static long widen(int x) {
        return x;
    }

    static float toFloat(long x) {
        return x;
    }
}

task startup(StartupObject s in initialstate) {
    int i = 7;
    long l = 3L;
    float f = 2.5f;
    double d = 0.5;
    long il = i * l;
    float lf = l * f;
    double fd = f * d;
    double id = i / 2 + i / 2.0;
    System.out.println(il + " " + lf + " " + fd + " " + id);

    int max = 2147483647;
    int wrapped = max + 1;
    long noWrap = max + 1L;
    System.out.println(wrapped + " " + noWrap);
    long lmax = 9223372036854775807L;
    System.out.println(lmax + 1);
    int min = -2147483648;
    long lmin = -9223372036854775808L;
    System.out.println(min / -1);
    System.out.println(lmin + " " + Math.abs(min));

    System.out.println(Num.half(5));
    System.out.println(Num.widen(-3));
    System.out.println(Num.toFloat(16777217L));

    double e1 = 1e3;
    double e2 = 2.5E-3;
    float e3 = 1e2f;
    double e4 = .5;
    double e5 = 5.;
    double e6 = 3d;
    float e7 = 6F;
    double e8 = 1_000.5;
    int big = 1_000_000;
    long hexl = 0x1234_5678_9ABCL;
    System.out.println(e1 + " " + e2 + " " + e3 + " " + e4 + " " + e5 + " " + e6 + " " + e7 + " " + e8);
    System.out.println(big + " " + hexl);
    System.out.println(0.1 + 0.2);
    System.out.println(0.1f + 0.2f);
    System.out.println(100.0 * 1.1);
    System.out.println(1.0E10 + " " + 1.0E-5 + " " + 123456789.0);
    System.out.println((float) 0.1 + " " + 1.0f / 3);

    short sh = 3;
    byte by = 4;
    int sum = sh + by;
    double mix = sh * 1.5 + by / 2;
    System.out.println(sum + " " + mix);
    taskexit(s: initialstate := false);
}
