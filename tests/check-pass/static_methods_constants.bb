// static methods (called qualified and unqualified, recursively, from
// instance methods) and static final constants of primitive and String
// types initialised by constant expressions, including ones that use
// other constants, casts, ?: and string concatenation.

class Config {
    static final int SIZE = 8;
    static final int AREA = SIZE * SIZE;
    static final long BIG = 1L << 40;
    static final double RATE = 0.25;
    static final float HALF = 1 / 2f;
    static final boolean DEBUG = SIZE > 10 && false;
    static final char SEP = ',';
    static final byte SMALL = 12;
    static final short MID = (short) 40000;
    static final String NAME = "cfg";
    static final String FULL = NAME + "-" + SIZE + SEP;
    static final int PICK = DEBUG ? 1 : 2;
    static final int MASK = ~0 >>> 28;
    public static final int PUBLIC_CONST = -AREA;
    private static final int HIDDEN = 3;
}

class MathUtil {
    static int fib(int n) {
        if (n < 2)
            return n;
        return fib(n - 1) + fib(n - 2);
    }

    static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    static long pow(long base, int exp) {
        long r = 1;
        for (int i = 0; i < exp; i++)
            r *= base;
        return r;
    }

    int instanceUsesStatic(int x) {
        return fib(x) + MathUtil.gcd(x, 6) + Config.SIZE;
    }

    static int scaled(int x) {
        return x * LOCAL_SCALE;
    }

    static final int LOCAL_SCALE = 3;
}

task startup(StartupObject s in initialstate) {
    System.out.println(Config.SIZE + " " + Config.AREA + " " + Config.BIG + " " + Config.RATE);
    System.out.println(Config.HALF + " " + Config.DEBUG + " " + Config.SEP + " " + Config.SMALL);
    System.out.println(Config.MID + " " + Config.FULL + " " + Config.PICK + " " + Config.MASK);
    System.out.println(Config.PUBLIC_CONST);
    System.out.println(MathUtil.fib(15) + " " + MathUtil.gcd(84, 36) + " " + MathUtil.pow(3, 20));
    System.out.println(new MathUtil().instanceUsesStatic(6) + " " + MathUtil.scaled(7));
    int[] buffer = new int[Config.SIZE];
    switch (buffer.length) {
        case Config.SIZE:
            System.out.println("size matches");
            break;
        case Config.AREA:
            System.out.println("area");
            break;
    }
    taskexit(s: initialstate := false);
}
